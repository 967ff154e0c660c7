// The registry and what every rule set tells the app through the seam (rules/core/RuleSet.h).

#include "TestSupport.h"
#include "rules/Engine.h"
#include "rules/RuleSets.h"
#include "rules/io/Json.h"
#include "rules/md/Types.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

namespace muster::rules {
namespace {

TEST(RuleSets, TheRegistryFindsEachRuleSetByItsId) {
    ASSERT_FALSE(ruleSets().empty());
    std::set<std::string> ids;
    for (const RuleSet* r : ruleSets()) {
        EXPECT_TRUE(ids.insert(r->id()).second) << "two rule sets named " << r->id();
        EXPECT_EQ(findRuleSet(r->id()), r);
        EXPECT_FALSE(r->name().empty());
        EXPECT_GE(r->engineVersion(), 1);
    }
    EXPECT_EQ(findRuleSet("chess"), nullptr);
    EXPECT_EQ(engineVersion("chess"), 0);
    // 2: all-DL units stop acting, melee losses add (the soak fixes); 3: a melee loser leaves its other
    // contacts by default (md.melee_after_loss).
    EXPECT_EQ(engineVersion("md"), 3);
}

// GEN-08: every option of every register is worded for the house-rule screen, in a known group, with the
// rules it changes, and its default is one of its readings (or inside its range).
TEST(RuleSets, EveryRegisterOptionAndReadingIsWorded) {
    for (const RuleSet* r : ruleSets()) {
        SCOPED_TRACE(r->id());
        const std::set<std::string> groups(r->optionGroups().begin(), r->optionGroups().end());
        std::set<std::string> keys;
        for (const OptionSpec& o : r->options()) {
            EXPECT_TRUE(keys.insert(o.key).second) << o.key << " twice";
            EXPECT_EQ(o.key.rfind(r->id() + ".", 0), 0u) << o.key << " lacks the rule set's prefix";
            EXPECT_TRUE(groups.count(o.group)) << o.key << " is in an unknown group " << o.group;
            EXPECT_FALSE(o.label.empty()) << o.key;
            EXPECT_FALSE(o.ruleIds.empty()) << o.key;
            if (o.isNumber()) {
                EXPECT_LT(o.min, o.max) << o.key;
            } else {
                EXPECT_TRUE(std::any_of(o.choices.begin(), o.choices.end(),
                                        [&](const OptionChoice& c) { return c.value == o.defaultValue; }))
                    << o.key << " default " << o.defaultValue << " is not a reading";
                for (const OptionChoice& c : o.choices)
                    EXPECT_FALSE(c.label.empty()) << o.key << " reading " << c.value;
            }
        }
        // The defaults resolve, and a value outside a register is refused with the option named.
        auto defaults = r->resolveOptions({});
        ASSERT_TRUE(defaults) << defaults.error().message;
        EXPECT_EQ(defaults->values.size(), r->options().size());
        auto unknown = r->resolveOptions(HouseRules{{{r->id() + ".no_such_option", "x"}}});
        ASSERT_FALSE(unknown);
        EXPECT_NE(unknown.error().message.find("no_such_option"), std::string::npos);
    }
}

TEST(RuleSets, NumbersAreCheckedAgainstTheirRange) {
    const RuleSet* md = findRuleSet("md");
    ASSERT_NE(md, nullptr);
    EXPECT_TRUE(md->resolveOptions(HouseRules{{{"md.wheel_max_deg", "45"}}}));
    auto high = md->resolveOptions(HouseRules{{{"md.men_per_figure", "11"}}});
    ASSERT_FALSE(high);
    EXPECT_NE(high.error().message.find("1-10"), std::string::npos) << high.error().message;
    auto parts = md->resolveOptions(HouseRules{{{"md.vs_cav_bonus", "3,0"}}});
    ASSERT_FALSE(parts);
    EXPECT_NE(parts.error().message.find("short,medium,long"), std::string::npos) << parts.error().message;
    EXPECT_FALSE(md->resolveOptions(HouseRules{{{"md.vs_cav_bonus", "3,0,"}}}));
}

// MD-ORD-02: the seven orders of the chits with their colours (green MOVE, black CF, yellow FF, blue F, blank
// HOLD, red C, gold W), each the answer value of an MD order.
// MD-ORD-02: the seven orders of the chits in their colours; then "other, by agreement": DISMOUNT and MOUNT
// (MD-CAV-04/05) and the gun actions and pairs (MD-ARTMV-01/02), so that every order has a chit.
TEST(RuleSets, MdChitsCoverEveryOrderTheSevenInTheirColours) {
    const ChitVocabulary& chits = findRuleSet("md")->chits();
    ASSERT_EQ(chits.orders.size(), 18u);
    auto at = [&](const char* code) -> const ChitOrderSpec& {
        return *findChitOrder(chits, code);
    };
    EXPECT_EQ(at("M").rgb[1], 150);
    EXPECT_EQ(at("CF").rgb[0] + at("CF").rgb[1] + at("CF").rgb[2], 0);
    EXPECT_GT(at("FF").rgb[0], 200);
    EXPECT_GT(at("F").rgb[2], 150);
    EXPECT_TRUE(at("H").blank);
    EXPECT_GT(at("C").rgb[0], 200);
    EXPECT_GT(at("W").rgb[0], at("W").rgb[2]);
    EXPECT_EQ(at("D").value, "dismount");
    EXPECT_EQ(at("MT").value, "mount");
    EXPECT_EQ(at("L").value, "limber");
    EXPECT_EQ(at("XL").name, "FORCED MARCH + LIMBER");
    std::set<std::string> codes, values;
    for (const ChitOrderSpec& o : chits.orders) {
        EXPECT_EQ(o.blank, o.code == "H");
        EXPECT_TRUE(codes.insert(o.code).second) << o.code;
        EXPECT_TRUE(o.code.size() == 1 || o.code.size() == 2) << o.code;
        EXPECT_TRUE(std::all_of(o.code.begin(), o.code.end(), [](char c) {
            return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z');
        })) << o.code;
        md::Order order{};
        EXPECT_TRUE(md::parse(o.value, order)) << o.value;
        EXPECT_EQ(md::toString(order), o.value);
        values.insert(o.value);
    }
    for (int k = 0; k <= static_cast<int>(md::Order::LimberMove); ++k)
        EXPECT_TRUE(values.count(md::toString(static_cast<md::Order>(k)))) << "no chit for order " << k;
}

// A unit's chits are the orders it can be given in some turn (MD-ORD-01/02): foot get no limber or dismount
// chit, dragoons DISMOUNT and MOUNT (MD-CAV-04/05), a U.S. gun its actions and pairs (MD-ARTMV-02; LIMBER +
// MOVE only under md.us_gun_pairs = add_limber_move, AMB-MD-29), a Mexican gun one action (MD-ARTMV-02), and
// no gun CF, CHARGE or WHEEL.
TEST(RuleSets, MdUnitsGetTheChitsOfTheOrdersTheyCanBeGiven) {
    auto scenario = io::loadScenario(test::scenarioPath("md_large.json"));
    ASSERT_TRUE(scenario) << scenario.message();
    auto codes = chitCodesOf(*scenario);
    ASSERT_TRUE(codes) << codes.message();
    using Codes = std::vector<std::string>;
    EXPECT_EQ(codes->at("US-I01"), (Codes{"M", "CF", "FF", "F", "H", "C", "W"}));
    EXPECT_EQ(codes->at("US-C1"), (Codes{"M", "CF", "FF", "F", "H", "C", "W", "D", "MT"}));
    EXPECT_EQ(codes->at("US-G1"), (Codes{"M", "FF", "F", "H", "FM", "L", "U", "MU", "UF", "FL", "XL", "XU"}));
    EXPECT_EQ(codes->size(), 42u);

    bool mexicanGun = false;
    for (const auto& [id, unitCodes] : *codes)
        if (id.rfind("MX-G", 0) == 0) {
            mexicanGun = true;
            EXPECT_EQ(unitCodes, (Codes{"M", "FF", "F", "H", "L", "U"})) << id;
        }
    EXPECT_TRUE(mexicanGun);

    scenario->houseRules.values["md.us_gun_pairs"] = "add_limber_move";
    auto withLimberMove = chitCodesOf(*scenario);
    ASSERT_TRUE(withLimberMove) << withLimberMove.message();
    EXPECT_EQ(withLimberMove->at("US-G1").back(), "LM");

    scenario->houseRules.values["md.remount"] = "forbidden";
    auto noRemount = chitCodesOf(*scenario);
    ASSERT_TRUE(noRemount) << noRemount.message();
    EXPECT_EQ(noRemount->at("US-C1").back(), "D");
}

// Rule sets without chits give no map (every unit every chit of an empty vocabulary); an unknown rule set is
// an error that names it.
TEST(RuleSets, ChitCodesOfOtherRuleSets) {
    auto omtb = io::loadScenario(test::scenarioPath("omtb_fallen_timbers.json"));
    ASSERT_TRUE(omtb) << omtb.message();
    auto codes = chitCodesOf(*omtb);
    ASSERT_TRUE(codes) << codes.message();
    EXPECT_TRUE(codes->empty());
    Scenario chess;
    chess.ruleSet = "chess";
    auto none = chitCodesOf(chess);
    ASSERT_FALSE(none);
    EXPECT_NE(none.message().find("'chess'"), std::string::npos) << none.message();
}

} // namespace
} // namespace muster::rules
