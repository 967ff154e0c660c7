#include "app/camera/AcceptGate.h"

namespace muster::camera {

namespace {

std::string n(int v) {
    return std::to_string(v);
}

} // namespace

std::string acceptBlockedReason(const AcceptQuestion& q) {
    if (!q.gameOpen)
        return "No game is open.";
    if (q.askedCount == 0)
        return "The game is not asking for dice now.";
    if (q.askedSides != 6)
        return "The camera reads d6 only: type the d" + n(q.askedSides) + " on the keypad.";
    if (q.cameraMoved)
        return "The camera moved since it was calibrated: recalibrate in Settings, or type the dice.";
    if (!q.hasReading)
        return q.live ? "Throw the dice and let them settle." : "No camera reading: type the dice.";
    // More than asked: something that is not a die was found, or a die from the last throw is still there.
    if (q.seen > q.askedCount)
        return "Asked for " + n(q.askedCount) + ", see " + n(q.seen) +
               ": tap anything that is not a die to strike it out, or Reroll.";
    if (q.seen != q.askedCount)
        return "Asked for " + n(q.askedCount) + ", see " + n(q.seen) +
               ": spread the dice so each shows, or Reroll.";
    if (q.unresolved == 1)
        return "1 unsure die: tap it to confirm or correct it.";
    if (q.unresolved > 1)
        return n(q.unresolved) + " unsure dice: tap each to confirm or correct it.";
    return {};
}

// The players decide who rolled; the page only says what the colours tell.
std::string ownerNotice(bool owned, int unknownOwners, const std::vector<std::string>& owners,
                        const std::string& roller) {
    if (!owned)
        return {};
    std::vector<std::string> parts;
    if (unknownOwners == 1)
        parts.emplace_back("1 die of a colour nobody owns: whose?");
    else if (unknownOwners > 1)
        parts.push_back(n(unknownOwners) + " dice of a colour nobody owns: whose?");
    if (!roller.empty()) {
        std::string others;
        for (const std::string& owner : owners)
            if (owner != roller)
                others += (others.empty() ? "" : " and ") + owner;
        if (!others.empty())
            parts.push_back("These look like " + others + "'s dice, but the game asks " + roller +
                            " to roll.");
    }
    std::string out;
    for (const std::string& p : parts)
        out += (out.empty() ? "" : " ") + p;
    return out;
}

} // namespace muster::camera
