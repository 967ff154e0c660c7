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

// The rule ids the shared machine cites in its prompts.
struct RuleIds {
    std::string initiative; // MF-SEQ-01, AS-SETUP-01, SD-TURN-01
    std::string sequence;   // MF-SEQ-02, AS-TURN-01, SD-TURN-01
    std::string move;       // the allowance table
    std::string stack;      // the stacking mix rule
    std::string capacity;
    std::string enemyHex; // never into an enemy hex
    std::string fight;    // who fires or attacks
    std::string fallBack; // AS-FB-01, SD-FB-01; empty when none
    std::string mark;     // AS-MOVE-05, SD-MOVE-03; empty when no marks
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

    virtual bool deploys() const { return false; } // AS-SETUP-01 deployment rows
    // The rule that lets the troops of a marching hex split between hexes (MF-MOVE-03), or empty.
    virtual std::string splitRule() const { return ""; }
    // The behaviour version of this game (RuleSet::engineVersion): raised when saved games would replay
    // differently.
    virtual int engineVersion() const { return 1; }

    virtual const RuleIds& ruleIds() const = 0;
    // The most hexes one arm marches.
    virtual int armAllowance(Arm arm) const = 0;
    // The most hexes this stack may march: a hex moves as one, so its slowest arm sets the pace.
    int allowance(const Stack& stack) const;
    // Why this mix of troops may not share a hex (the rule id first), or nothing when it may.
    virtual std::optional<std::string> mixRefused(const std::array<int, kArms>& figures,
                                                  const HouseRules& values) const = 0;
    // The readings of the way a stack's march takes (terrain, water, hexsides), each legal or not.
    virtual std::vector<WayChoice> ways(const Stack& stack) const = 0;
    // "Roll 1d6: …": the fight of `attackers` (stack indices, the first declared it) at `target`, applied to
    // the state. Whether the target was attacked at all (an SD attacker may not reach it across a river);
    // nothing when the feed ran out.
    virtual std::optional<bool> resolve(State& state, Feed& feed, const HouseRules& values,
                                        const std::vector<int>& attackers, int target) const = 0;
    // After a stack loses figures: removes what the game removes (MF-FIRE-08, SD-GUN-02).
    virtual void tidy(State& state, int stack, const HouseRules& values) const = 0;
};

} // namespace muster::rules::hex
