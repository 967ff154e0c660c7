#include "rules/hex/Chances.h"

namespace muster::rules::hex {

std::array<int, kArms> attackingFigures(const Stack& st) {
    std::array<int, kArms> f = st.figures;
    int operable = 0;
    for (int g : st.guns)
        operable += g > 0 ? 1 : 0;
    f[index(Arm::Artillery)] = operable;
    return f;
}

int attackTenths(const ChanceSpec& spec, const std::array<int, kArms>& figures, TargetState state,
                 bool rear) {
    int total = 0;
    for (std::size_t a = 0; a < kArms; ++a) {
        const int base = spec.tenths[a][static_cast<std::size_t>(state)];
        int per = base;
        if (rear && (base > 0 || spec.rearOnZero))
            per += spec.rearBonus[a];
        total += figures[a] * per;
    }
    return total;
}

namespace {

std::string sideId(const State& s, int side) {
    return s.sides[static_cast<std::size_t>(side)].id.str();
}

const char* stateWords(TargetState t) {
    switch (t) {
    case TargetState::Standing:
        return "Standing";
    case TargetState::FallingBack:
        return "Falling back";
    case TargetState::StandingCover:
        return "Standing in cover";
    case TargetState::FallingBackCover:
        return "Falling back in cover";
    }
    return "";
}

} // namespace

std::optional<bool> chanceAttack(State& s, Feed& feed, const ChanceSpec& spec,
                                 const std::vector<int>& attackers, int target, const ApplyLosses& apply) {
    const Stack& t0 = s.stacks[static_cast<std::size_t>(target)];
    const std::string tid = t0.id.str();
    const std::string side = sideId(s, s.stacks[static_cast<std::size_t>(attackers.front())].side);
    const std::vector<rules::Option> yesNo = {{"no", "No"}, {"yes", "Yes"}};
    auto ask = [&](const std::string& key, const std::string& text, const std::string& rule, const char* tag,
                   std::vector<rules::Option> options, std::vector<std::string> subjects) {
        Question q;
        q.key = key;
        q.text = text;
        q.ruleId = rule;
        q.side = side;
        q.subjects = std::move(subjects);
        q.tag = tag;
        q.options = std::move(options);
        return feed.ask(q);
    };
    auto cover = ask(tid + ".cover", "Does " + tid + "'s hex contain cover terrain?", spec.tableRule, "cover",
                     yesNo, {tid});
    if (!cover)
        return std::nullopt;
    const bool standing = t0.standing;
    const TargetState state = *cover == "yes"
                                  ? (standing ? TargetState::StandingCover : TargetState::FallingBackCover)
                                  : (standing ? TargetState::Standing : TargetState::FallingBack);
    int pooled = 0;
    bool reached = false;
    std::string who;
    for (int a : attackers) {
        const Stack& st = s.stacks[static_cast<std::size_t>(a)];
        const std::string aid = st.id.str();
        if (spec.riverMaxWater >= 0) {
            std::vector<rules::Option> opts = {{"adjacent", "Adjacent"}};
            for (int w = 1; w <= spec.riverMaxWater; ++w)
                opts.push_back({"river" + std::to_string(w), "Across a river, both on its edge, " +
                                                                 std::to_string(w) + " water hex" +
                                                                 (w == 1 ? "" : "es") + " between"});
            opts.push_back({"beyond", "Across more water than that: it may not attack"});
            auto where = ask(aid + ".reach", "How is " + aid + " placed against " + tid + "?", spec.riverRule,
                             "adjacency", opts, {aid, tid});
            if (!where)
                return std::nullopt;
            if (*where == "beyond") {
                feed.note(aid + " cannot reach " + tid + " across that much water (" + spec.riverRule + ")");
                continue;
            }
        }
        reached = true;
        auto rear =
            ask(aid + ".rear",
                "Does " + aid + " attack across one of " + tid + "'s 3 rear hexsides (from its facing)?",
                spec.rearRule, "rear", yesNo, {aid, tid});
        if (!rear)
            return std::nullopt;
        const int tenths = attackTenths(spec, attackingFigures(st), state, *rear == "yes");
        const std::string line = aid + "'s " + describe(st) + " vs " + tid + " " + stateWords(state) +
                                 (*rear == "yes" ? " from the rear" : "") + ": " + tenthsText(tenths);
        if (spec.pool) {
            pooled += tenths;
            who += (who.empty() ? "" : " + ") + line;
            continue;
        }
        const FractionTest test = fractionTest(tenths, spec.fractions);
        DiceRequest d;
        d.id = aid + ".fraction";
        d.purpose = line + ": " + std::to_string(test.automatic) + " sure, " + successWords(test) + " (" +
                    tenthsText(test.left) + " left)";
        d.ruleId = spec.fractionRule;
        d.roller = side;
        d.side = side;
        d.subjects = {aid, tid};
        d.tag = "fight";
        auto n = settle(feed, test, d);
        if (!n)
            return std::nullopt;
        feed.note(line + " gives " + std::to_string(*n) + " casualt" + (*n == 1 ? "y" : "ies") + " (" +
                  spec.separateRule + ")");
        if (*n > 0 && !apply(s, feed, target, *n, side))
            return std::nullopt;
    }
    if (spec.pool && pooled > 0) {
        const FractionTest test = fractionTest(pooled, spec.fractions);
        DiceRequest d;
        d.id = tid + ".fraction";
        d.purpose = who + ", pooled " + tenthsText(pooled) + ": " + std::to_string(test.automatic) +
                    " sure, " + successWords(test);
        d.ruleId = spec.fractionRule;
        d.roller = side;
        d.side = side;
        d.subjects = {tid};
        d.tag = "fight";
        auto n = settle(feed, test, d);
        if (!n)
            return std::nullopt;
        feed.note(who + " pooled gives " + std::to_string(*n) + " casualties");
        if (*n > 0 && !apply(s, feed, target, *n, side))
            return std::nullopt;
    }
    return reached;
}

} // namespace muster::rules::hex
