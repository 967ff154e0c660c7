#pragma once

// What is to be said aloud, in order, without talking over itself: a sentence waits until the one before it
// is finished. Big moments (a unit lost, routed, an officer down) go ahead of the rest, the newest first;
// when the table plays faster than speech, the oldest ordinary sentence is dropped first, then the oldest big
// one. Plain C++, so the policy is tested without an engine.

#include <cstddef>
#include <deque>
#include <optional>
#include <string>

namespace muster::app {

class SpeechQueue {
public:
    explicit SpeechQueue(std::size_t maxWaiting = 4)
        : m_maxWaiting(maxWaiting) {}

    void add(std::string text, bool big);
    // The next sentence to say, taken off the queue; nothing when none waits.
    std::optional<std::string> next();
    void clear();

    std::size_t waiting() const { return m_big.size() + m_ordinary.size(); }
    std::size_t dropped() const { return m_dropped; }

private:
    std::size_t m_maxWaiting;
    std::deque<std::string> m_big;      // newest at the front
    std::deque<std::string> m_ordinary; // oldest at the front
    std::size_t m_dropped = 0;
};

} // namespace muster::app
