#include "rules/as/AsRules.h"

#include "rules/hex/Casualties.h"
#include "rules/hex/HexRuleSet.h"

#include <algorithm>

namespace muster::rules::as {

using hex::Arm;
using hex::Stack;
using hex::State;

namespace {

const char* kSetup = "Set-up and sequence";
const char* kMove = "Movement";
const char* kFight = "Fighting";

std::vector<OptionSpec> buildRegister() {
    std::vector<OptionSpec> r;
    r.push_back(choiceOption("as.initiative", "once_per_game", "AS-SETUP-01", kSetup,
                             "Who moves first (AMB-AS-05)",
                             {{"once_per_game", "1d6 each once for the game, ties re-rolled"},
                              {"every_turn", "1d6 each every turn"}}));
    r.push_back(choiceOption("as.fight_mode", "in_own_side_turn", "AS-TURN-01", kSetup,
                             "Turn structure (AMB-AS-06)",
                             {{"in_own_side_turn", "Each side moves, then fights, in its own side-turn"},
                              {"simultaneous_after_both_move", "Both sides fight after both have moved"}}));
    r.push_back(numberOption("as.hex_capacity", "0", "AS-MOVE-06", kMove,
                             "Figures a hex holds (0: no limit; the rest stay behind)", 0, 500, 1));
    r.push_back(
        choiceOption("as.fraction_rule", "round_half_up_then_d10_for_1to4", "AS-FIGHT-04", kFight,
                     "Fractions of a casualty (AMB-AS-01)",
                     {{"round_half_up_then_d10_for_1to4", "0.5-0.9 is one more; 0.1-0.4 on the d10"},
                      {"take_half_then_d10_rest", "Take 0.5 as one more, then test the rest on the d10"},
                      {"d10_all_fractions", "Test every fraction on the d10"}}));
    r.push_back(choiceOption("as.fall_back", "one_hex_after_attacked", "AS-FB-01", kFight,
                             "Falling back (AMB-AS-02)",
                             {{"one_hex_after_attacked", "1 hex back after being attacked"},
                              {"none", "Falling-back hexes do not move"}}));
    r.push_back(choiceOption("as.pool_attacks", "false", "AS-FIGHT-05", kFight,
                             "Several hexes attacking one target (AMB-AS-03)",
                             {{"false", "Each hex on its own"}, {"true", "Their chances are pooled"}}));
    r.push_back(numberOption("as.archer_rear_bonus_tenths", "2", "AS-FIGHT-03", kFight,
                             "Rear bonus of an archer or slinger, in tenths (AMB-AS-04)", 0, 10, 1));
    return r;
}

// AS-MOVE-02: cavalry; cavalry and chariots; chariots; infantry (with archers and slingers).
std::optional<std::string> mix(const std::array<int, hex::kArms>& f) {
    const bool foot = f[hex::index(Arm::Infantry)] > 0 || f[hex::index(Arm::Archers)] > 0;
    const bool mounted = f[hex::index(Arm::Cavalry)] > 0 || f[hex::index(Arm::Chariots)] > 0;
    if (foot && mounted)
        return std::string("AS-MOVE-02: foot and mounted troops may not share a hex");
    return std::nullopt;
}

class AsRules final : public hex::GameRules {
public:
    std::string id() const override { return "as"; }
    std::string name() const override { return "Ancient STAND!"; }
    const std::vector<Arm>& arms() const override {
        static const std::vector<Arm> kArms = {Arm::Infantry, Arm::Cavalry, Arm::Chariots, Arm::Archers};
        return kArms;
    }
    const std::vector<OptionSpec>& options() const override {
        static const std::vector<OptionSpec> kReg = buildRegister();
        return kReg;
    }
    const std::vector<std::string>& optionGroups() const override {
        static const std::vector<std::string> kGroups = {kSetup, kMove, kFight};
        return kGroups;
    }
    hex::CommonOptions common(const HouseRules& values) const override {
        const Options o = Options::from(values);
        hex::CommonOptions c;
        c.hexCapacity = o.hexCapacity;
        c.initiativeEveryTurn = o.everyTurn;
        c.fallBack = o.fallBack ? hex::FallBack::AfterFirstAttack : hex::FallBack::None;
        c.ownerChooses = true; // AS-FIGHT-06
        c.maxJoiners = o.pool ? 99 : 0;
        c.fightAfterBothMove = o.afterBothMove;
        return c;
    }
    const hex::RuleIds& ruleIds() const override {
        static const hex::RuleIds kIds = {"AS-SETUP-01", "AS-TURN-01", "AS-MOVE-01",
                                          "AS-MOVE-02",  "AS-MOVE-06", "AS-MOVE-03",
                                          "AS-FIGHT-01", "AS-FB-01",   "AS-MOVE-05"};
        return kIds;
    }
    bool deploys() const override { return true; }

    int armAllowance(Arm arm) const override { return as::allowance(arm); }
    std::optional<std::string> mixRefused(const std::array<int, hex::kArms>& f,
                                          const HouseRules&) const override {
        return mix(f);
    }
    std::vector<hex::WayChoice> ways(const Stack& st) const override {
        const bool mounted =
            st.figures[hex::index(Arm::Cavalry)] > 0 || st.figures[hex::index(Arm::Chariots)] > 0;
        const bool chariots = st.figures[hex::index(Arm::Chariots)] > 0;
        return {{"clear", "Open ground, or terrain it may cross (AS-MOVE-04: it may face any hexside)", ""},
                {"woods", "Into a wooded or swamp hex", chariots ? "AS-TERR-02" : ""},
                {"steep", "Across a steep incline or decline hexside", mounted ? "AS-TERR-02" : ""},
                {"water_crossing", "Into an all-water hex by a bridge, a ford or a boat", ""},
                {"water", "Into an all-water hex with no bridge, ford or boat", "AS-TERR-01"},
                {"enemy", "Into a hex that holds enemy troops", "AS-MOVE-03"}};
    }
    std::optional<bool> resolve(State& s, Feed& feed, const HouseRules& values,
                                const std::vector<int>& attackers, int target) const override {
        const Options o = Options::from(values);
        return hex::chanceAttack(s, feed, chanceSpec(o), attackers, target, applyLosses);
    }
    void tidy(State&, int, const HouseRules&) const override {}

    // AS-FIGHT-06: the target's owner chooses; losses beyond the figures present are lost.
    static bool applyLosses(State& s, Feed& feed, int target, int losses, const std::string&) {
        Stack& t = s.stacks[static_cast<std::size_t>(target)];
        std::vector<hex::Pool> pools;
        for (Arm a : {Arm::Infantry, Arm::Archers, Arm::Cavalry, Arm::Chariots})
            if (t.figures[hex::index(a)] > 0)
                pools.push_back({hex::toString(a),
                                 hex::toString(a) + " (" + std::to_string(t.figures[hex::index(a)]) + ")",
                                 t.figures[hex::index(a)]});
        const std::string owner = s.sides[static_cast<std::size_t>(t.side)].id.str();
        auto split = hex::chooseLosses(feed, losses, pools, owner, t.id.str(), "AS-FIGHT-06");
        if (!split)
            return false;
        for (std::size_t p = 0; p < pools.size(); ++p) {
            Arm a;
            hex::parse(pools[p].value, a);
            t.figures[hex::index(a)] -= (*split)[p];
            t.casualties += (*split)[p];
        }
        return true;
    }
};

} // namespace

Options Options::from(const HouseRules& v) {
    Options o;
    o.hexCapacity = std::stoi(v.get("as.hex_capacity", "0"));
    const std::string f = v.get("as.fraction_rule", "");
    o.fractions = f == "take_half_then_d10_rest" ? hex::FractionRule::TakeHalfThenD10Rest
                  : f == "d10_all_fractions"     ? hex::FractionRule::D10LeTenths
                                                 : hex::FractionRule::RoundHalfUpThenD10;
    o.fallBack = v.get("as.fall_back", "one_hex_after_attacked") != "none";
    o.pool = v.get("as.pool_attacks", "false") == "true";
    o.archerRear = std::stoi(v.get("as.archer_rear_bonus_tenths", "2"));
    o.everyTurn = v.get("as.initiative", "") == "every_turn";
    o.afterBothMove = v.get("as.fight_mode", "") == "simultaneous_after_both_move";
    return o;
}

hex::ChanceSpec chanceSpec(const Options& o) {
    hex::ChanceSpec c;
    // AS-FIGHT-02, per figure in tenths: vs Standing, Falling back, Standing in cover, Falling back in cover.
    c.tenths[hex::index(Arm::Infantry)] = {4, 2, 2, 0};
    c.tenths[hex::index(Arm::Cavalry)] = {6, 8, 2, 4};
    c.tenths[hex::index(Arm::Chariots)] = {13, 16, 2, 4};
    c.tenths[hex::index(Arm::Archers)] = {4, 3, 2, 1};
    // AS-FIGHT-03: across a rear hexside.
    c.rearBonus[hex::index(Arm::Infantry)] = 2;
    c.rearBonus[hex::index(Arm::Cavalry)] = 4;
    c.rearBonus[hex::index(Arm::Chariots)] = 9;
    c.rearBonus[hex::index(Arm::Archers)] = o.archerRear;
    c.rearOnZero = true;
    c.fractions = o.fractions;
    c.pool = o.pool;
    c.tableRule = "AS-FIGHT-02";
    c.rearRule = "AS-FIGHT-03";
    c.fractionRule = "AS-FIGHT-04";
    c.separateRule = "AS-FIGHT-05";
    c.casualtyRule = "AS-FIGHT-06";
    return c;
}

int allowance(Arm arm) {
    switch (arm) {
    case Arm::Cavalry:
    case Arm::Chariots:
        return 5; // AS-MOVE-01
    case Arm::Infantry:
    case Arm::Archers:
        return 2;
    default:
        return 0;
    }
}

const hex::GameRules& asRules() {
    static const AsRules kRules;
    return kRules;
}

const RuleSet& asRuleSet() {
    static const hex::HexRuleSet<asRules> kRuleSet;
    return kRuleSet;
}

} // namespace muster::rules::as
