#pragma once

#include "rules/HouseRules.h"
#include "rules/core/Feed.h"
#include "rules/core/RuleSet.h"
#include "rules/hex/Types.h"

#include <optional>
#include <string>
#include <vector>

// What each hex game brings to the shared side-turn machine (rules/hex/Turn.h): its arms, allowances,
// stacking and terrain, its register and its fight. The games are stateless singletons (rules/mf, rules/as,
// rules/sd).
namespace muster::rules::hex {

// Who falls back, and when (AS-FB-01, SD-FB-01, AMB-AS-02, AMB-SD-02).
enum class FallBack { None, AfterFirstAttack, EndOfSideTurn };

// The options every game has in some form, read once per game from its own keys.
struct CommonOptions {
    int hexCapacity = 0;              // figures a hex holds; 0 unlimited (MF-MOVE-05, AS-MOVE-06)
    bool initiativeEveryTurn = false; // as.initiative = every_turn (AMB-AS-05)
    bool wholeSideChooses = false;    // mf.turn_mode = whole_side_chooses (AMB-MF-04)
    FallBack fallBack = FallBack::None;
    bool ownerChooses = true;        // who picks the figures that fall (MF-FIRE-07, AS-FIGHT-06, SD-CAS-01)
    int maxJoiners = 0;              // other hexes that may add to one attack (MF-FIRE-02, AMB-AS-03)
    bool oneFirePerTarget = false;   // a target takes one combined fire per side-turn (AMB-MF-03)
    bool fightsAfterMoving = true;   // AS-FIGHT-01; MF-FIRE-01 lets only unmoved hexes fire
    bool fightAfterBothMove = false; // as.fight_mode = simultaneous_after_both_move (AMB-AS-06)
};

// One reading of the way a march takes, offered to the players, and whether the rules allow it.
struct WayChoice {
    std::string value;
    std::string label;
    std::string refusedBy; // the rule id that forbids it; empty when legal
};

// A casualty pool the chooser may put losses on: an arm, or one gun's crew (MF) or hits (SD).
struct Pool {
    std::string value; // "infantry", "gun1"
    std::string label; // "infantry (12)"
    int capacity = 0;
};

class GameRules {
public:
    virtual ~GameRules() = default;
    virtual std::string id() const = 0;
    virtual std::string name() const = 0;
    virtual const std::vector<Arm>& arms() const = 0;
    virtual const std::vector<OptionSpec>& options() const = 0;
    virtual const std::vector<std::string>& optionGroups() const = 0;
    virtual CommonOptions common(const HouseRules& values) const = 0;

    // Rule ids the shared machine cites in its prompts.
    virtual std::string initiativeRule() const = 0; // MF-SEQ-01, AS-SETUP-01, SD-TURN-01
    virtual std::string sequenceRule() const = 0;   // MF-SEQ-02, AS-TURN-01, SD-TURN-01
    virtual std::string moveRule() const = 0;       // the allowance table
    virtual std::string stackRule() const = 0;      // the stacking mix rule
    virtual std::string capacityRule() const = 0;
    virtual std::string enemyHexRule() const = 0;  // never into an enemy hex
    virtual std::string fightRule() const = 0;     // who fires or attacks
    virtual std::string fallBackRule() const = 0;  // AS-FB-01, SD-FB-01; empty when none
    virtual std::string markRule() const = 0;      // AS-MOVE-05, SD-MOVE-03; empty when no marks
    virtual bool deploys() const { return false; } // AS-SETUP-01 deployment rows

    // The most hexes this stack may march (the slowest arm in it sets the pace of a hex that moves as one).
    virtual int allowance(const Stack& stack) const = 0;
    // Why this mix of troops may not share a hex (the rule id first), or nothing when it may.
    virtual std::optional<std::string> mixRefused(const std::array<int, kArms>& figures,
                                                  const HouseRules& values) const = 0;
    // The readings of the way a stack's march takes (terrain, water, hexsides), each legal or not.
    virtual std::vector<WayChoice> ways(const Stack& stack) const = 0;
    // "Roll 1d6: …": the fight of `attackers` (stack indices, the first declared it) at `target`, applied to
    // the state. False when the feed ran out.
    virtual bool resolve(State& state, Feed& feed, const HouseRules& values,
                         const std::vector<int>& attackers, int target) const = 0;
    // After a stack loses figures: removes what the game removes (MF-FIRE-08, SD-GUN-02).
    virtual void tidy(State& state, int stack, const HouseRules& values) const = 0;
};

} // namespace muster::rules::hex
