// Issue 23: every text a rule set puts on the screen is in words. Over auto-played games of every rule set in
// the registry, no prompt headline, question, option label or dice purpose shows a raw id (a snake_case key
// such as `fire_limber` or `tall_grass_trees_brush`), and every distance is written one way: whole inches as
// 11", fractions as 5.5" or 2.25", never 13.0" or 6.00".
#include "Soak.h"
#include "rules/RuleSets.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <map>

using namespace muster::rules;
using namespace muster::rules::test;

namespace {

// Collects what each prompt shows; checks nothing about the game itself.
class WordsCollector final : public InvariantChecker {
public:
    std::vector<std::string> start(const Engine& engine) override {
        look(engine.prompt());
        return {};
    }
    std::vector<std::string> check(const Prompt&, const Input&, const Engine& after) override {
        look(after.prompt());
        return {};
    }
    std::vector<std::string> finish(const Engine&) override { return {}; }

    // Each offending token once, with the first text it was seen in.
    std::map<std::string, std::string> rawIds;    // "fire_limber" -> "option of US-G1.order: fire_limber"
    std::map<std::string, std::string> distances; // "13.0\"" -> where
    std::size_t texts = 0;

    void see(const std::string& text, const std::string& where) {
        if (text.empty())
            return;
        ++texts;
        for (const auto& token : snakeTokens(text))
            rawIds.emplace(token, where + ": " + text);
        for (const auto& token : inchesWithTrailingZero(text))
            distances.emplace(token, where + ": " + text);
    }
    // Words of lowercase letters and digits joined by '_' ("fire_limber"). A hand scan, not std::regex: GCC
    // 12 warns (maybe-uninitialized) inside <regex> under the sanitizer build, and warnings are errors.
    static std::vector<std::string> snakeTokens(const std::string& text) {
        std::vector<std::string> out;
        const auto word = [](char c) {
            return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
        };
        const auto other = [](char c) {
            return (c >= 'A' && c <= 'Z');
        };
        for (std::size_t i = 0; i < text.size();) {
            if (!word(text[i]) || (i > 0 && (word(text[i - 1]) || other(text[i - 1])))) {
                ++i;
                continue;
            }
            std::size_t j = i;
            while (j < text.size() && (word(text[j]) || other(text[j])))
                ++j;
            const std::string t = text.substr(i, j - i);
            const bool lower = std::none_of(t.begin(), t.end(), other);
            const auto u = t.find('_');
            if (lower && t[0] >= 'a' && t[0] <= 'z' && u != std::string::npos && u + 1 < t.size() &&
                t.back() != '_')
                out.push_back(t);
            i = j;
        }
        return out;
    }
    // 13.0" or 2.50": a trailing zero after the point (5.5" and 2.25" are how a fraction is written).
    static std::vector<std::string> inchesWithTrailingZero(const std::string& text) {
        std::vector<std::string> out;
        const auto digit = [](char c) {
            return c >= '0' && c <= '9';
        };
        for (std::size_t q = text.find('"'); q != std::string::npos; q = text.find('"', q + 1)) {
            std::size_t i = q;
            while (i > 0 && digit(text[i - 1]))
                --i;
            if (i == q || text[q - 1] != '0' || i == 0 || text[i - 1] != '.')
                continue;
            std::size_t k = i - 1;
            while (k > 0 && digit(text[k - 1]))
                --k;
            if (k < i - 1)
                out.push_back(text.substr(k, q + 1 - k));
        }
        return out;
    }

private:
    void look(const Prompt& p) {
        see(p.headline, "headline");
        if (p.question) {
            see(p.question->text, "question");
            for (const auto& o : p.question->options)
                see(o.label, "option of " + p.question->key);
        }
        if (p.dice)
            see(p.dice->purpose, "dice purpose of " + p.dice->id);
    }
};

// The scans themselves find what they are for, and only that.
TEST(PromptWordsScan, FindsSnakeCaseIdsAndTrailingZeros) {
    using V = std::vector<std::string>;
    EXPECT_EQ(WordsCollector::snakeTokens("Behind a fence (fire_limber, tall_grass_trees_brush)"),
              (V{"fire_limber", "tall_grass_trees_brush"}));
    EXPECT_EQ(WordsCollector::snakeTokens("US-5INF fires at MX-ACT: FORCED MARCH + LIMBER, Fire_x, _a, b_"),
              V{});
    EXPECT_EQ(WordsCollector::inchesWithTrailingZero("moves 13.0\" then 6.00\", not 5.5\" or 2.25\" or 11\""),
              (V{"13.0\"", "6.00\""}));
}

struct Played {
    std::string ruleSet;
    std::string scenario;
};

void PrintTo(const Played& p, std::ostream* os) {
    *os << p.ruleSet;
}

class PromptWords : public ::testing::TestWithParam<Played> {};

TEST_P(PromptWords, NoRawIdsAndOneWayToWriteDistances) {
    const Played& g = GetParam();
    const std::string path = std::string(MUSTER_SCENARIO_DIR) + "/" + g.scenario;
    std::ifstream in(path);
    nlohmann::json doc = nlohmann::json::parse(in, nullptr, false);
    ASSERT_FALSE(doc.is_discarded()) << path;
    doc["turns"] = 8;
    const RuleSet* rules = findRuleSet(g.ruleSet);
    ASSERT_NE(rules, nullptr);
    WordsCollector words;
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
        auto scenario = rules->parseScenario(doc.dump(), path);
        ASSERT_TRUE(scenario) << scenario.error().message;
        auto engine = Engine::create(*scenario, {});
        ASSERT_TRUE(engine) << engine.error().message;
        const SoakResult r = soak(*engine, seed, words, 100000);
        EXPECT_TRUE(r.violations.empty());
    }
    EXPECT_GT(words.texts, 200u) << "the games showed too little to judge";
    std::string ids, inches;
    for (const auto& [token, where] : words.rawIds)
        ids += "\n  " + token + " (first in " + where + ")";
    for (const auto& [token, where] : words.distances)
        inches += "\n  " + token + " (first in " + where + ")";
    EXPECT_TRUE(words.rawIds.empty()) << words.rawIds.size() << " raw ids on screen:" << ids;
    EXPECT_TRUE(words.distances.empty()) << words.distances.size() << " distances written oddly:" << inches;
}

std::vector<Played> played() {
    return {{"md", "md_large.json"},
            {"omtb", "omtb_fallen_timbers.json"},
            {"mf", "mf_crossroads.json"},
            {"as", "as_river_gap.json"},
            {"sd", "sd_mill_ford.json"}};
}

INSTANTIATE_TEST_SUITE_P(RuleSets, PromptWords, ::testing::ValuesIn(played()),
                         [](const ::testing::TestParamInfo<Played>& i) { return i.param.ruleSet; });

// A rule set added to the registry is added here too.
TEST(PromptWordsCoverage, EveryRuleSetOfTheRegistryIsPlayed) {
    for (const RuleSet* r : ruleSets()) {
        bool found = false;
        for (const auto& p : played())
            found = found || p.ruleSet == r->id();
        EXPECT_TRUE(found) << r->id();
    }
}

} // namespace
