#include "app/ui/SpeechQueue.h"

namespace muster::app {

void SpeechQueue::add(std::string text, bool big) {
    if (text.empty())
        return;
    if (big)
        m_big.push_front(std::move(text));
    else
        m_ordinary.push_back(std::move(text));
    while (waiting() > m_maxWaiting) {
        if (!m_ordinary.empty())
            m_ordinary.pop_front();
        else
            m_big.pop_back();
        ++m_dropped;
    }
}

std::optional<std::string> SpeechQueue::next() {
    std::deque<std::string>& from = m_big.empty() ? m_ordinary : m_big;
    if (from.empty())
        return std::nullopt;
    std::string text = std::move(from.front());
    from.pop_front();
    return text;
}

void SpeechQueue::clear() {
    m_big.clear();
    m_ordinary.clear();
}

} // namespace muster::app
