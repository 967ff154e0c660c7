#pragma once

// The accept gate of a camera throw: may the dice the camera read (after the players' corrections) go into
// the journal as the throw the game asks for? A pure function of what the game asks and what the live dice
// model holds, so the rule is tested without a game, a feed or Qt. Also what the dice's colours say about
// whose they are, which informs the players and never blocks.

#include <string>
#include <vector>

namespace muster::camera {

// What the gate looks at.
struct AcceptQuestion {
    bool gameOpen = false;    // a game is open and running
    int askedCount = 0;       // dice the game asks for now (0: it asks for none)
    int askedSides = 0;       // their sides
    bool cameraMoved = false; // the calibrated view moved (calibration::ViewMonitor)
    bool live = false;        // a feed is running (a camera, a video or a photo folder)
    bool hasReading = false;  // a settled throw was read
    int seen = 0;             // dice in it, struck-out finds left out
    int unresolved = 0;       // unsure dice nobody confirmed or corrected yet
};

// Why the throw cannot be accepted, as the page says it; "" when it can. Checked in order: the game, the
// request (d6 only), the view, the reading, the count, the unsure dice.
std::string acceptBlockedReason(const AcceptQuestion& question);

// What the dice's colours say (calibration dice sets): dice of a colour no set explains, and dice that look
// like another player's than the one the game asks to roll. "" without dice sets or with nothing to say.
// owners: each owner by colour once, in die order; roller: "" when the game asks nobody.
std::string ownerNotice(bool owned, int unknownOwners, const std::vector<std::string>& owners,
                        const std::string& roller);

} // namespace muster::camera
