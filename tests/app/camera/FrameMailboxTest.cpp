// The mailbox between the feed and the vision worker: the newest frame wins, replaced frames are counted as
// dropped, one wake-up at a time; and a producer and a consumer on two threads lose nothing, tear nothing
// and never strand a frame (the run ThreadSanitizer checks: scripts/tsan.sh).

#include "app/camera/FrameMailbox.h"

#include <gtest/gtest.h>

#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

using muster::camera::FrameMailbox;

TEST(FrameMailbox, EmptyGivesNothing) {
    FrameMailbox<int> box;
    EXPECT_FALSE(box.take());
    EXPECT_EQ(box.offered(), 0);
    EXPECT_EQ(box.dropped(), 0);
}

TEST(FrameMailbox, NewestWinsAndReplacedFramesAreDropped) {
    FrameMailbox<std::string> box;
    EXPECT_TRUE(box.offer("a"));  // wake the taker
    EXPECT_FALSE(box.offer("b")); // a wake-up is outstanding: "a" is replaced
    EXPECT_FALSE(box.offer("c"));
    EXPECT_EQ(box.offered(), 3);
    EXPECT_EQ(box.dropped(), 2);
    EXPECT_EQ(box.take(), "c");
    EXPECT_FALSE(box.take());
    EXPECT_EQ(box.dropped(), 2) << "taking is not dropping";
}

TEST(FrameMailbox, EveryTakeEndsTheWakeUp) {
    FrameMailbox<int> box;
    EXPECT_TRUE(box.offer(1));
    EXPECT_EQ(box.take(), 1);
    EXPECT_TRUE(box.offer(2)) << "taken: the next frame wakes the taker again";
    EXPECT_EQ(box.take(), 2);
    // A take that found nothing (a drain queued twice) also ends it.
    EXPECT_FALSE(box.take());
    EXPECT_TRUE(box.offer(3));
    box.resetCounters();
    EXPECT_EQ(box.offered(), 0);
    EXPECT_EQ(box.dropped(), 0);
    EXPECT_EQ(box.take(), 3) << "resetting the counters keeps the frame";
}

// A camera thread offering frames as fast as it can and a worker taking them, woken as the Qt side wakes
// it (one queued drain per wake-up): each frame is taken at most once and whole, in order; taken plus
// dropped is everything offered; the last frame is always delivered; no wake-up is lost.
TEST(FrameMailbox, ProducerAndConsumerOnTwoThreads) {
    struct Frame {
        std::int64_t number = 0;
        std::vector<std::int64_t> pixels; // every pixel holds the frame's number: a torn frame shows
    };
    constexpr std::int64_t kFrames = 20000;
    FrameMailbox<Frame> box;
    std::mutex wakeMutex;
    std::condition_variable wakeUp;
    int wakes = 0;
    bool done = false;

    std::vector<std::int64_t> taken;
    bool torn = false;
    std::thread worker([&] {
        for (;;) {
            {
                std::unique_lock lock(wakeMutex);
                wakeUp.wait(lock, [&] { return wakes > 0 || done; });
                if (wakes == 0 && done)
                    return;
                --wakes;
            }
            if (auto frame = box.take()) {
                for (std::int64_t p : frame->pixels)
                    torn = torn || p != frame->number;
                taken.push_back(frame->number);
            }
        }
    });
    std::thread camera([&] {
        for (std::int64_t i = 0; i < kFrames; ++i) {
            Frame f{i, std::vector<std::int64_t>(static_cast<size_t>(64 + i % 256), i)};
            if (box.offer(std::move(f))) {
                std::lock_guard lock(wakeMutex);
                ++wakes;
                wakeUp.notify_one();
            }
            std::this_thread::yield(); // a camera has a frame period: let the worker in often
        }
        std::lock_guard lock(wakeMutex);
        done = true;
        wakeUp.notify_one();
    });
    camera.join();
    worker.join();

    EXPECT_FALSE(torn);
    EXPECT_FALSE(box.take()) << "a frame was left in the mailbox with no wake-up to fetch it";
    ASSERT_FALSE(taken.empty());
    EXPECT_EQ(taken.back(), kFrames - 1) << "the newest frame is always delivered";
    for (size_t i = 1; i < taken.size(); ++i)
        ASSERT_LT(taken[i - 1], taken[i]) << "frames out of order or taken twice";
    EXPECT_EQ(box.offered(), kFrames);
    EXPECT_EQ(static_cast<std::int64_t>(taken.size()) + box.dropped(), kFrames);
    std::printf("%zu of %lld frames taken, %lld dropped\n", taken.size(), static_cast<long long>(kFrames),
                static_cast<long long>(box.dropped()));
}
