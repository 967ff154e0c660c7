#include "OmtbTestSupport.h"

#include <gtest/gtest.h>

#include <map>

namespace muster::rules::omtb::test {

using nlohmann::json;

json scenarioDoc(const json& units, const json& extra) {
    json doc = {
        {"name", "test"},
        {"rules", "omtb"},
        {"turns", 10},
        {"sides", json::array({{{"id", "indians"}, {"nation", "indian"}, {"name", "Indians"}},
                               {{"id", "americans"}, {"nation", "american"}, {"name", "Americans"}}})},
        {"units", units}};
    for (const auto& [k, v] : extra.items())
        doc[k] = v;
    return doc;
}

std::unique_ptr<Game> startGame(const json& doc, const HouseRules& options) {
    const auto& rs = omtbRuleSet();
    auto sc = rs.parseScenario(doc.dump(), "test.json");
    EXPECT_TRUE(sc) << (sc ? "" : sc.error().message);
    if (!sc)
        return nullptr;
    auto g = rs.start(sc.value(), options);
    EXPECT_TRUE(g) << (g ? "" : g.error().message);
    if (!g)
        return nullptr;
    return std::move(g.value());
}

Drive drive(Game& game, const std::vector<int>& dice, const json& answers, const std::string& until,
            int untilCount) {
    Drive d;
    int seen = 0;
    std::map<std::string, std::size_t> asked;
    for (int guard = 0; guard < 100000; ++guard) {
        const Prompt p = game.prompt();
        if (p.kind == PromptKind::GameOver)
            break;
        if (!until.empty() && p.key() == until && d.diceUsed == dice.size() && ++seen >= untilCount)
            return d;
        Input in;
        if (p.kind == PromptKind::Dice) {
            const auto n = static_cast<std::size_t>(p.dice->count);
            if (d.diceUsed + n > dice.size()) {
                if (until.empty())
                    return d;
                d.ok = false;
                d.error = "ran out of dice at " + p.key() + " (" + std::to_string(n) + "d" +
                          std::to_string(p.dice->sides) + "): " + p.dice->purpose;
                return d;
            }
            std::vector<int> faces(dice.begin() + static_cast<long>(d.diceUsed),
                                   dice.begin() + static_cast<long>(d.diceUsed + n));
            d.diceUsed += n;
            in = Input::dice(p.key(), faces);
        } else {
            auto it = answers.find(p.key());
            if (it == answers.end()) {
                if (until.empty() && d.diceUsed == dice.size())
                    return d;
                d.ok = false;
                d.error = "no answer for " + p.key() + ": " + p.question->text;
                return d;
            }
            std::string value;
            if (it->is_array()) {
                const std::size_t k = asked[p.key()]++;
                if (k >= it->size()) {
                    d.ok = false;
                    d.error = "answers for " + p.key() + " used up";
                    return d;
                }
                value = (*it)[k].get<std::string>();
            } else {
                value = it->get<std::string>();
            }
            in = Input::answer(p.key(), value);
        }
        d.prompts.push_back(p.key());
        auto r = game.apply(in);
        if (!r) {
            d.ok = false;
            d.error = r.error().message;
            return d;
        }
        for (const auto& e : game.events())
            d.events.push_back(e);
    }
    if (!until.empty() && until != "game_over") {
        d.ok = false;
        d.error = "the game ended before " + until;
    }
    return d;
}

json state(const Game& game) {
    return json::parse(game.stateJson());
}

json unit(const Game& game, const std::string& id) {
    const json st = state(game);
    for (const auto& u : st["units"])
        if (u["id"] == id)
            return u;
    return nullptr;
}

} // namespace muster::rules::omtb::test
