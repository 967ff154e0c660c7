#pragma once

// Where a dice result came from; recorded with every result in the journal and shown in the log.

#include <optional>
#include <string_view>

namespace muster {

// None: not a throw (an answer); the rest are the three sources of the same result, a person's override, and
// App: a draw no die on the table makes (DiceRequest::appDraws), drawn by Muster itself.
enum class DiceSource { None, Camera, Typed, Virtual, Override, App };

// "", "camera", "typed", "virtual", "override", "app".
constexpr std::string_view toString(DiceSource source) {
    switch (source) {
    case DiceSource::None:
        return "";
    case DiceSource::Camera:
        return "camera";
    case DiceSource::Typed:
        return "typed";
    case DiceSource::Virtual:
        return "virtual";
    case DiceSource::Override:
        return "override";
    case DiceSource::App:
        return "app";
    }
    return "";
}

// The source a word names ("" is None), or nothing for any other text.
inline std::optional<DiceSource> diceSourceFromString(std::string_view text) {
    for (DiceSource s : {DiceSource::None, DiceSource::Camera, DiceSource::Typed, DiceSource::Virtual,
                         DiceSource::Override, DiceSource::App})
        if (toString(s) == text)
            return s;
    return std::nullopt;
}

} // namespace muster
