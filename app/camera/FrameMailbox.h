#pragma once

// FrameMailbox: a mailbox of one between a feed (any thread) and the worker that reads frames. The newest
// frame replaces one not yet taken, which is counted as dropped, so a slow reader never builds a backlog; and
// at most one wake-up of the worker is outstanding at a time. Generic in the frame type, so the Qt side can
// post its own frames through it while the tests post plain values.

#include <atomic>
#include <cstdint>
#include <mutex>
#include <optional>
#include <utility>

namespace muster::camera {

template <class Frame>
class FrameMailbox {
public:
    // Puts `frame` in, replacing (and counting as dropped) one not yet taken. True when the caller must wake
    // the taker: no wake-up is outstanding since the last take().
    bool offer(Frame frame) {
        ++m_offered;
        std::lock_guard lock(m_mutex);
        if (m_frame)
            ++m_dropped;
        m_frame = std::move(frame);
        if (m_wakePending)
            return false;
        m_wakePending = true;
        return true;
    }

    // The newest frame, if one is waiting. Ends the outstanding wake-up either way, so the next offer()
    // wakes the taker again.
    std::optional<Frame> take() {
        std::lock_guard lock(m_mutex);
        m_wakePending = false;
        std::optional<Frame> out = std::move(m_frame);
        m_frame.reset();
        return out;
    }

    std::int64_t offered() const { return m_offered.load(); }
    std::int64_t dropped() const { return m_dropped.load(); }
    void resetCounters() {
        m_offered = 0;
        m_dropped = 0;
    }

private:
    std::mutex m_mutex;
    std::optional<Frame> m_frame; // guarded by m_mutex
    bool m_wakePending = false;   // guarded by m_mutex
    std::atomic<std::int64_t> m_offered{0};
    std::atomic<std::int64_t> m_dropped{0};
};

} // namespace muster::camera
