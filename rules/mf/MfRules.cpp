#include "rules/mf/MfRules.h"

#include "rules/hex/Casualties.h"
#include "rules/hex/HexRuleSet.h"

#include <algorithm>

namespace muster::rules::mf {

using hex::Arm;
using hex::Stack;
using hex::State;

namespace {

const char* kMove = "Marching";
const char* kFire = "Fire";

std::vector<OptionSpec> buildRegister() {
    std::vector<OptionSpec> r;
    r.push_back(numberOption("mf.hex_capacity", "0", "MF-MOVE-05", kMove,
                             "Figures a hex may hold (0: no limit, as the rules set none)", 0, 500, 1));
    r.push_back(choiceOption("mf.turn_mode", "per_hex", "MF-SEQ-02", kMove,
                             "\"Marches or Fights\" (AMB-MF-04)",
                             {{"per_hex", "Each hex marches or fires"},
                              {"whole_side_chooses", "The whole side marches or fights"}}));
    r.push_back(choiceOption("mf.halve_round", "floor", "MF-FIRE-04", kFire, "Halving for cover (AMB-MF-02)",
                             {{"floor", "Round down"},
                              {"ceil", "Round up"},
                              {"exact", "Keep the half (20.5 is in the 21-60 band)"}}));
    r.push_back(choiceOption("mf.multi_groups", "one_group_per_target", "MF-FIRE-02", kFire,
                             "Fire at one target hex (AMB-MF-03)",
                             {{"one_group_per_target", "One combined fire of up to 3 hexes a side-turn"},
                              {"repeat_groups_of_3", "Any number of fires, each of up to 3 hexes"}}));
    r.push_back(choiceOption("mf.cover_scope", "whole_total", "MF-FIRE-04", kFire,
                             "Cover between some firers only (AMB-MF-05)",
                             {{"whole_total", "Halve the whole combined firepower"},
                              {"per_firing_hex", "Halve only the hexes firing through cover"}}));
    r.push_back(choiceOption("mf.art_power_by_crew", "false", "MF-FIRE-08", kFire,
                             "Artillery with a reduced crew (AMB-MF-06)",
                             {{"false", "Full power while 1 crewman is left"},
                              {"true", "20 x crew left / crew at set-up, rounded down"}}));
    return r;
}

std::string sideId(const State& s, int side) {
    return s.sides[static_cast<std::size_t>(side)].id.str();
}

int maxRangeOf(const Stack& st) {
    int r = 0;
    for (Arm a : {Arm::Infantry, Arm::Cavalry, Arm::Artillery})
        if (st.figures[hex::index(a)] > 0)
            r = std::max(r, maxRange(a));
    return r;
}

class MfRules final : public hex::GameRules {
public:
    std::string id() const override { return "mf"; }
    std::string name() const override { return "Marchin' & Fightin'"; }
    const std::vector<Arm>& arms() const override {
        static const std::vector<Arm> kArms = {Arm::Infantry, Arm::Cavalry, Arm::Artillery};
        return kArms;
    }
    const std::vector<OptionSpec>& options() const override {
        static const std::vector<OptionSpec> kReg = buildRegister();
        return kReg;
    }
    const std::vector<std::string>& optionGroups() const override {
        static const std::vector<std::string> kGroups = {kMove, kFire};
        return kGroups;
    }
    std::string splitRule() const override { return "MF-MOVE-03"; }
    // 2: a marching hex may split (MF-MOVE-03); a cannon keeps its own set-up crew (AMB-MF-06).
    int engineVersion() const override { return 2; }
    hex::CommonOptions common(const HouseRules& values) const override {
        const Options o = Options::from(values);
        hex::CommonOptions c;
        c.hexCapacity = o.hexCapacity;
        c.wholeSideChooses = o.wholeSide;
        c.fallBack = hex::FallBack::None;
        c.ownerChooses = false; // MF-FIRE-07: the firer chooses
        c.maxJoiners = 2;       // MF-FIRE-02: up to three hexes
        c.oneFirePerTarget = !o.repeatGroups;
        c.fightsAfterMoving = false; // MF-FIRE-01
        return c;
    }
    const hex::RuleIds& ruleIds() const override {
        static const hex::RuleIds kIds = {"MF-SEQ-01",  "MF-SEQ-02",  "MF-MOVE-01",
                                          "MF-MOVE-03", "MF-MOVE-05", "MF-MOVE-04",
                                          "MF-FIRE-01", "",           ""};
        return kIds;
    }
    int armAllowance(Arm arm) const override { return mf::allowance(arm); }
    std::optional<std::string> mixRefused(const std::array<int, hex::kArms>&,
                                          const HouseRules&) const override {
        return std::nullopt; // MF-MOVE-05: any arms may share a hex
    }
    std::vector<hex::WayChoice> ways(const Stack&) const override {
        return {{"clear", "Clear of enemy troops", ""},
                {"enemy", "Into a hex that holds enemy troops", "MF-MOVE-04"}};
    }
    std::optional<bool> resolve(State& s, Feed& feed, const HouseRules& values,
                                const std::vector<int>& attackers, int target) const override;
    void tidy(State& s, int stack, const HouseRules&) const override {
        // MF-FIRE-08: a cannon whose last artilleryman fell is removed.
        Stack& st = s.stacks[static_cast<std::size_t>(stack)];
        std::vector<int> guns;
        std::vector<int> full;
        for (std::size_t g = 0; g < st.guns.size(); ++g)
            if (st.guns[g] > 0) {
                guns.push_back(st.guns[g]);
                full.push_back(g < st.gunFull.size() ? st.gunFull[g] : st.gunStart);
            }
        st.guns = std::move(guns);
        st.gunFull = std::move(full);
    }
};

std::optional<bool> MfRules::resolve(State& s, Feed& feed, const HouseRules& values,
                                     const std::vector<int>& attackers, int target) const {
    const Options o = Options::from(values);
    Stack& t = s.stacks[static_cast<std::size_t>(target)];
    const std::string tid = t.id.str();
    const std::string firer = sideId(s, s.stacks[static_cast<std::size_t>(attackers.front())].side);
    auto ask = [&](const std::string& key, const std::string& text, const char* rule, const char* tag,
                   std::vector<rules::Option> options, const std::vector<std::string>& subjects) {
        Question q;
        q.key = key;
        q.text = text;
        q.ruleId = rule;
        q.side = firer;
        q.subjects = subjects;
        q.tag = tag;
        q.options = std::move(options);
        return feed.ask(q);
    };
    std::vector<int> ranges;
    for (int a : attackers) {
        const Stack& st = s.stacks[static_cast<std::size_t>(a)];
        std::vector<rules::Option> opts;
        const int most = maxRangeOf(st);
        for (int r = 1; r <= most; ++r)
            opts.push_back({std::to_string(r), std::to_string(r) + " hex" + (r == 1 ? "" : "es")});
        opts.push_back({"out", "More than " + std::to_string(most) + " (out of range)"});
        auto r = ask(st.id.str() + ".range", "Range from " + st.id.str() + " to " + tid + " in hexes?",
                     "MF-FIRE-03", "range", opts, {st.id.str(), tid});
        if (!r)
            return std::nullopt;
        ranges.push_back(*r == "out" ? 99 : std::stoi(*r));
    }
    const std::vector<rules::Option> yesNo = {{"no", "No"}, {"yes", "Yes"}};
    std::vector<bool> covered(attackers.size(), false);
    auto inTarget = ask(tid + ".cover",
                        o.perFiringHex ? "Does " + tid + " contain cover?"
                                       : "Is there cover in " + tid + " or between any firing hex and it?",
                        "MF-FIRE-04", "cover", yesNo, {tid});
    if (!inTarget)
        return std::nullopt;
    for (std::size_t k = 0; k < attackers.size(); ++k)
        covered[k] = *inTarget == "yes";
    if (o.perFiringHex && *inTarget == "no")
        for (std::size_t k = 0; k < attackers.size(); ++k) {
            const std::string aid = s.stacks[static_cast<std::size_t>(attackers[k])].id.str();
            auto c = ask(aid + ".cover_between", "Is there cover between " + aid + " and " + tid + "?",
                         "MF-FIRE-04", "cover", yesNo, {aid, tid});
            if (!c)
                return std::nullopt;
            covered[k] = *c == "yes";
        }
    // Firepower in halves, so that a halved contribution keeps its .5 until the rounding (AMB-MF-02/05).
    int halves = 0;
    std::string who;
    for (std::size_t k = 0; k < attackers.size(); ++k) {
        const Stack& st = s.stacks[static_cast<std::size_t>(attackers[k])];
        const int fp = 2 * hexFirepower(st, ranges[k], o);
        halves += o.perFiringHex && covered[k] ? fp / 2 : fp;
        who += (who.empty() ? "" : " + ") + st.id.str() + "'s " + hex::describe(st) + " " +
               (ranges[k] > 5 ? std::string("out of range")
                              : "at " + std::to_string(ranges[k]) + " hex" + (ranges[k] == 1 ? "" : "es"));
    }
    const bool anyCover = std::find(covered.begin(), covered.end(), true) != covered.end();
    if (o.perFiringHex)
        halves = roundHalves(halves, o.halveRound);
    else if (anyCover)
        halves = halve(halves, o.halveRound);
    const std::string fpText = std::to_string(halves / 2) + (halves % 2 ? ".5" : "");
    const int b = band(halves);
    if (b < 0) {
        feed.note(who + " at " + tid + ": firepower 0, no die (MF-FIRE-06)");
        return true;
    }
    DiceRequest d;
    d.id = tid + ".fire";
    d.count = 1;
    d.sides = 6;
    d.purpose = who + " fire at " + tid + (anyCover ? " (cover)" : "") + ", firepower " + fpText + " (band " +
                bandLabel(b) + ")";
    d.ruleId = "MF-FIRE-05";
    d.roller = firer;
    d.side = firer;
    d.subjects = {tid};
    d.tag = "fire";
    auto faces = feed.roll(d);
    if (!faces)
        return std::nullopt;
    const int hits = casualties(b, faces->front());
    // MF-FIRE-07: the firer chooses; losses beyond the figures in the hex are lost.
    std::vector<hex::Pool> pools;
    for (Arm a : {Arm::Infantry, Arm::Cavalry})
        if (t.figures[hex::index(a)] > 0)
            pools.push_back({hex::toString(a),
                             hex::toString(a) + " (" + std::to_string(t.figures[hex::index(a)]) + ")",
                             t.figures[hex::index(a)]});
    for (std::size_t g = 0; g < t.guns.size(); ++g)
        if (t.guns[g] > 0)
            pools.push_back(
                {"gun" + std::to_string(g + 1),
                 "the crew of cannon " + std::to_string(g + 1) + " (" + std::to_string(t.guns[g]) + ")",
                 t.guns[g]});
    auto split = hex::chooseLosses(feed, hits, pools, firer, tid, "MF-FIRE-07");
    if (!split)
        return std::nullopt;
    int lost = 0;
    for (std::size_t p = 0; p < pools.size(); ++p) {
        const int n = (*split)[p];
        lost += n;
        if (pools[p].value.rfind("gun", 0) == 0) {
            const auto g = static_cast<std::size_t>(std::stoi(pools[p].value.substr(3)) - 1);
            t.guns[g] -= n;
            t.figures[hex::index(Arm::Artillery)] -= n;
        } else {
            Arm a;
            hex::parse(pools[p].value, a);
            t.figures[hex::index(a)] -= n;
        }
    }
    t.casualties += lost;
    feed.note(who + ": firepower " + fpText + " (band " + bandLabel(b) + "), d6 " +
              std::to_string(faces->front()) + ": " + std::to_string(hits) + " casualt" +
              (hits == 1 ? "y" : "ies") + " in " + tid +
              (lost < hits ? " (" + std::to_string(lost) + " there to take)" : ""));
    return true;
}

} // namespace

Options Options::from(const HouseRules& v) {
    Options o;
    o.hexCapacity = std::stoi(v.get("mf.hex_capacity", "0"));
    const std::string r = v.get("mf.halve_round", "floor");
    o.halveRound = r == "ceil" ? Rounding::Ceil : r == "exact" ? Rounding::Exact : Rounding::Floor;
    o.repeatGroups = v.get("mf.multi_groups", "") == "repeat_groups_of_3";
    o.wholeSide = v.get("mf.turn_mode", "") == "whole_side_chooses";
    o.perFiringHex = v.get("mf.cover_scope", "") == "per_firing_hex";
    o.artByCrew = v.get("mf.art_power_by_crew", "false") == "true";
    return o;
}

int hexFirepower(const Stack& st, int range, const Options& o) {
    int fp = 0;
    for (Arm a : {Arm::Infantry, Arm::Cavalry})
        fp += st.figures[hex::index(a)] * firepowerPer(a, range);
    for (std::size_t g = 0; g < st.guns.size(); ++g) {
        const int crew = st.guns[g];
        if (crew <= 0)
            continue; // MF-FIRE-08: a cannon with no crew does not fire
        const int power = firepowerPer(Arm::Artillery, range);
        // AMB-MF-06: against the cannon's own crew at set-up, which it keeps when it joins another hex.
        const int setUp = g < st.gunFull.size() ? st.gunFull[g] : st.gunStart;
        fp += o.artByCrew && setUp > 0 ? power * crew / setUp : power;
    }
    return fp;
}

const hex::GameRules& mfRules() {
    static const MfRules kRules;
    return kRules;
}

const RuleSet& mfRuleSet() {
    static const hex::HexRuleSet<mfRules> kRuleSet;
    return kRuleSet;
}

} // namespace muster::rules::mf
