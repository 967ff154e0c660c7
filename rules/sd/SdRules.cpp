#include "rules/sd/SdRules.h"

#include "rules/hex/HexRuleSet.h"

#include <algorithm>

namespace muster::rules::sd {

using hex::Arm;
using hex::Stack;
using hex::State;

namespace {

const char* kMove = "Movement";
const char* kFight = "Attacks";
const char* kGuns = "Guns";

std::vector<OptionSpec> buildRegister() {
    std::vector<OptionSpec> r;
    r.push_back(choiceOption(
        "sd.artillery_alone", "forbidden", "SD-MOVE-02", kMove, "Artillery alone in a hex (AMB-SD-06)",
        {{"forbidden", "Not allowed; guns left alone stay put"}, {"allowed", "Allowed"}}));
    r.push_back(choiceOption("sd.fraction_rule", "d10_le_tenths", "SD-FIGHT-04", kFight,
                             "Fractions of a casualty (AMB-SD-01)",
                             {{"d10_le_tenths", "One more on d10 <= tenths"},
                              {"round_half_up_then_d10", "0.5-0.9 is one more; 0.1-0.4 on the d10 (as AS)"},
                              {"d10_gt_10_minus_tenths", "One more on d10 > 10 - tenths"}}));
    r.push_back(choiceOption("sd.rear_bonus_on_zero", "true", "SD-FIGHT-03", kFight,
                             "Rear bonus where the table gives 0 (AMB-SD-03)",
                             {{"true", "Added"}, {"false", "Not added"}}));
    r.push_back(choiceOption("sd.casualty_choice", "owner", "SD-CAS-01", kFight,
                             "Who chooses the figures that fall (AMB-SD-04)",
                             {{"owner", "The target's owner"}, {"firer", "The attacker"}}));
    r.push_back(choiceOption("sd.fall_back_timing", "after_first_attack", "SD-FB-01", kFight,
                             "When a falling-back hex moves (AMB-SD-02)",
                             {{"after_first_attack", "Right after the first attack on it"},
                              {"end_of_enemy_side_turn", "At the end of the enemy's side-turn"}}));
    r.push_back(numberOption("sd.river_fire_max_water_hexes", "1", "SD-TERR-02", kFight,
                             "Water hexes an attack may cross between river-edge hexes (AMB-SD-05)", 0, 5,
                             1));
    r.push_back(choiceOption("sd.inoperable_guns", "remove_when_alone", "SD-GUN-02", kGuns, "Inoperable guns",
                             {{"remove_when_alone", "Removed when no friendly troops are left with them"},
                              {"capturable", "Stay as markers to be captured"}}));
    return r;
}

class SdRules final : public hex::GameRules {
public:
    std::string id() const override { return "sd"; }
    std::string name() const override { return "Stand and Die!"; }
    const std::vector<Arm>& arms() const override {
        static const std::vector<Arm> kArms = {Arm::Infantry, Arm::Cavalry, Arm::Artillery};
        return kArms;
    }
    const std::vector<OptionSpec>& options() const override {
        static const std::vector<OptionSpec> kReg = buildRegister();
        return kReg;
    }
    const std::vector<std::string>& optionGroups() const override {
        static const std::vector<std::string> kGroups = {kMove, kFight, kGuns};
        return kGroups;
    }
    // 2: a hex that no attacker reached across a river does not fall back (SD-FB-01, SD-TERR-02).
    int engineVersion() const override { return 2; }
    hex::CommonOptions common(const HouseRules& values) const override {
        const Options o = Options::from(values);
        hex::CommonOptions c;
        c.fallBack = o.fallBackAtEnd ? hex::FallBack::EndOfSideTurn : hex::FallBack::AfterFirstAttack;
        c.ownerChooses = !o.firerChooses;
        c.maxJoiners = 0; // SD-FIGHT-05
        return c;
    }
    const hex::RuleIds& ruleIds() const override {
        static const hex::RuleIds kIds = {"SD-TURN-01",  "SD-TURN-01", "SD-MOVE-01",
                                          "SD-MOVE-02",  "SD-MOVE-03", "SD-MOVE-03",
                                          "SD-FIGHT-01", "SD-FB-01",   "SD-MOVE-03"};
        return kIds;
    }
    int armAllowance(Arm arm) const override { return sd::allowance(arm); }
    std::optional<std::string> mixRefused(const std::array<int, hex::kArms>& f,
                                          const HouseRules& values) const override {
        const bool inf = f[hex::index(Arm::Infantry)] > 0;
        const bool cav = f[hex::index(Arm::Cavalry)] > 0;
        const bool art = f[hex::index(Arm::Artillery)] > 0;
        if (cav && (inf || art))
            return std::string("SD-MOVE-02: cavalry may not share a hex with infantry or artillery");
        if (art && !inf && !Options::from(values).artilleryAlone)
            return std::string("SD-MOVE-02: artillery may not stand alone in a hex (sd.artillery_alone)");
        return std::nullopt;
    }
    std::vector<hex::WayChoice> ways(const Stack&) const override {
        return {{"clear", "Open ground, or terrain it may cross", ""},
                {"water_crossing", "Into an all-water hex by a bridge or a boat", ""},
                {"ford", "Into an all-water hex by a ford (SD names no fords)", "SD-TERR-01"},
                {"water", "Into an all-water hex with no bridge or boat", "SD-TERR-01"},
                {"enemy", "Into a hex that holds enemy troops", "SD-MOVE-03"}};
    }
    std::optional<bool> resolve(State& s, Feed& feed, const HouseRules& values,
                                const std::vector<int>& attackers, int target) const override {
        const Options o = Options::from(values);
        return hex::chanceAttack(s, feed, chanceSpec(o), attackers, target,
                                 [](State& st, Feed& f, int t, int losses, const std::string&) {
                                     Stack& hexStack = st.stacks[static_cast<std::size_t>(t)];
                                     const Stack before = hexStack;
                                     applyGunRule(hexStack, losses);
                                     f.note(lossWords(before, hexStack));
                                     return true;
                                 });
    }
    void tidy(State& s, int stack, const HouseRules& values) const override {
        // SD-GUN-02: inoperable guns left with no friendly troops are removed (unless capturable).
        Stack& st = s.stacks[static_cast<std::size_t>(stack)];
        if (Options::from(values).capturable || st.guns.empty() || hex::inPlay(st))
            return;
        const int guns = static_cast<int>(st.guns.size());
        st.guns.clear();
        st.gunFull.clear();
        st.figures[hex::index(Arm::Artillery)] = 0;
        st.casualties += guns;
    }
};

} // namespace

Options Options::from(const HouseRules& v) {
    Options o;
    const std::string f = v.get("sd.fraction_rule", "");
    o.fractions = f == "round_half_up_then_d10"   ? hex::FractionRule::RoundHalfUpThenD10
                  : f == "d10_gt_10_minus_tenths" ? hex::FractionRule::D10GtTenMinusTenths
                                                  : hex::FractionRule::D10LeTenths;
    o.fallBackAtEnd = v.get("sd.fall_back_timing", "") == "end_of_enemy_side_turn";
    o.rearOnZero = v.get("sd.rear_bonus_on_zero", "true") == "true";
    o.firerChooses = v.get("sd.casualty_choice", "owner") == "firer";
    o.riverMaxWater = std::stoi(v.get("sd.river_fire_max_water_hexes", "1"));
    o.artilleryAlone = v.get("sd.artillery_alone", "forbidden") == "allowed";
    o.capturable = v.get("sd.inoperable_guns", "") == "capturable";
    return o;
}

hex::ChanceSpec chanceSpec(const Options& o) {
    hex::ChanceSpec c;
    // SD-FIGHT-02, per figure in tenths: vs Standing, Falling back, Standing in cover, Falling back in cover.
    c.tenths[hex::index(Arm::Infantry)] = {3, 1, 1, 0};
    c.tenths[hex::index(Arm::Cavalry)] = {4, 4, 3, 2};
    c.tenths[hex::index(Arm::Artillery)] = {11, 3, 6, 1}; // per operable gun (SD-GUN-01)
    // SD-FIGHT-03: across a rear hexside.
    c.rearBonus[hex::index(Arm::Infantry)] = 1;
    c.rearBonus[hex::index(Arm::Cavalry)] = 2;
    c.rearBonus[hex::index(Arm::Artillery)] = 5;
    c.rearOnZero = o.rearOnZero;
    c.fractions = o.fractions;
    c.riverMaxWater = o.riverMaxWater;
    c.pool = false; // SD-FIGHT-05
    c.tableRule = "SD-FIGHT-02";
    c.rearRule = "SD-FIGHT-03";
    c.fractionRule = "SD-FIGHT-04";
    c.separateRule = "SD-FIGHT-05";
    c.riverRule = "SD-TERR-02";
    c.casualtyRule = "SD-CAS-01";
    return c;
}

int allowance(Arm arm) {
    switch (arm) {
    case Arm::Cavalry:
        return 3; // SD-MOVE-01
    case Arm::Infantry:
        return 2;
    case Arm::Artillery:
        return 1;
    default:
        return 0;
    }
}

std::string lossWords(const Stack& before, const Stack& after) {
    const int men = before.figures[hex::index(Arm::Infantry)] + before.figures[hex::index(Arm::Cavalry)] -
                    after.figures[hex::index(Arm::Infantry)] - after.figures[hex::index(Arm::Cavalry)];
    int hits = 0;
    int silenced = 0;
    for (std::size_t g = 0; g < before.guns.size() && g < after.guns.size(); ++g) {
        hits += before.guns[g] - after.guns[g];
        silenced += before.guns[g] > 0 && after.guns[g] == 0 ? 1 : 0;
    }
    const std::string id = before.id.str();
    std::string out;
    if (men > 0)
        out = id + " loses " + std::to_string(men) + (men == 1 ? " figure" : " figures");
    if (hits > 0) {
        out += out.empty() ? id + "'s guns take " : "; its guns take ";
        out += std::to_string(hits) + (hits == 1 ? " hit" : " hits");
        if (silenced > 0)
            out += ", " + std::to_string(silenced) + (silenced == 1 ? " gun" : " guns") + " out of action";
    }
    if (out.empty())
        out = id + " has nothing left to take the losses";
    return out + " (SD-GUN-01, SD-CAS-01)";
}

int applyGunRule(Stack& st, int losses) {
    int lost = 0;
    for (Arm a : {Arm::Infantry, Arm::Cavalry}) {
        const int n = std::min(losses, st.figures[hex::index(a)]);
        st.figures[hex::index(a)] -= n;
        losses -= n;
        lost += n;
    }
    // SD-GUN-01: only now the guns, each filled to its 2 casualties before the next; the rest is lost.
    for (int& g : st.guns) {
        const int n = std::min(losses, g);
        g -= n;
        losses -= n;
    }
    st.casualties += lost;
    return lost;
}

const hex::GameRules& sdRules() {
    static const SdRules kRules;
    return kRules;
}

const RuleSet& sdRuleSet() {
    static const hex::HexRuleSet<sdRules> kRuleSet;
    return kRuleSet;
}

} // namespace muster::rules::sd
