#pragma once

// Turn 1 of md_small as tests/qml/tst_resultpanel.qml plays it by tap, without the app: the same orders and
// targets, typed dice from the same cycle of faces, and Muster's own draws (MD-CAS-02) from virtual dice
// seeded 23 and journalled with the source "app", as GameController::drawForApp does. The story of this game
// is the result panel that test reads.

#include "app/storage/GameSession.h"
#include "rules/VirtualDice.h"
#include "rules/io/Json.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <map>
#include <stdexcept>
#include <string>

namespace muster::storage::test {

// Starts md_small in a new game file at `path` and plays until turn 2 (or the game's end). `firstSide`, when
// given, renames the Americans' "Army of Occupation" (in a copy of the scenario file beside the game).
inline GameSession playResultPanelTurn(const std::string& path, const std::string& firstSide = {}) {
    std::string file = MUSTER_SCENARIO_DIR "/md_small.json";
    if (!firstSide.empty()) {
        std::ifstream in(file, std::ios::binary);
        std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
        const std::string from = "\"Army of Occupation\"";
        const auto at = text.find(from);
        if (at == std::string::npos)
            throw std::runtime_error("md_small.json no longer names the Army of Occupation");
        text.replace(at, from.size(), nlohmann::json(firstSide).dump());
        file = path + ".scenario.json";
        std::ofstream(file, std::ios::binary | std::ios::trunc) << text;
    }
    auto scenario = rules::io::loadScenario(file);
    if (!scenario)
        throw std::runtime_error(scenario.error().message);
    auto session = GameSession::start(path, *scenario, {}, {{"Ann", "us", "white"}, {"Miguel", "mx", "red"}},
                                      R"({"app":true,"dice":"typed"})");
    if (!session)
        throw std::runtime_error(session.message());
    const std::map<std::string, std::string> orders = {
        {"US-5INF", "charge"},    {"US-TXVOL", "fire"},  {"US-RINGGOLD", "fire"}, {"MX-TAMP", "fire"},
        {"MX-ACT", "first_fire"}, {"MX-LANC", "charge"}, {"MX-GUN", "fire"}};
    const std::map<std::string, std::string> targets = {
        {"MX-TAMP", "US-2DRG"}, {"MX-ACT", "US-2DRG"}, {"MX-GUN", "US-2DRG"}};
    const int cycle[] = {6, 3, 5, 1, 6, 2, 4, 6, 5, 2};
    rules::VirtualDice appDice(23);
    std::size_t f = 0;
    for (int guard = 0;
         guard < 600 && session->engine().turnView().turn == 1 && !session->engine().gameOver(); ++guard) {
        const rules::Prompt p = session->prompt();
        Result<Event> done = Error{"no input"};
        if (p.dice && p.dice->appDraws) {
            done = session->submit(
                rules::Input::dice(p.key(), appDice.roll(*p.dice), rules::DiceSource::App, "Muster"));
        } else if (p.dice) {
            std::vector<int> faces;
            for (int i = 0; i < p.dice->count; ++i)
                faces.push_back(std::min(p.dice->sides, cycle[f++ % std::size(cycle)]));
            done = session->submit(rules::Input::dice(p.key(), faces, rules::DiceSource::Typed, "Ann"));
        } else {
            const std::string& key = p.question->key;
            const std::string unit = key.substr(0, key.find('.'));
            std::string wanted;
            if (key.ends_with(".order"))
                wanted = orders.contains(unit) ? orders.at(unit) : "hold";
            else if (key.ends_with(".target") && targets.contains(unit))
                wanted = targets.at(unit);
            const auto& options = p.question->options;
            const bool offered = std::any_of(options.begin(), options.end(),
                                             [&wanted](const rules::Option& o) { return o.value == wanted; });
            done = session->submit(
                rules::Input::answer(key, offered ? wanted : options.front().value, "Miguel"));
        }
        if (!done)
            throw std::runtime_error(done.message());
    }
    return std::move(session.value());
}

// Turn 2's first order (its first option), so the file has an event after the turn's end.
inline void answerTurn2sFirstOrder(GameSession& s) {
    const rules::Prompt p = s.prompt();
    if (!p.question || p.turn != 2)
        throw std::runtime_error("turn 2 does not start with a question: " + p.key());
    if (auto done = s.submit(rules::Input::answer(p.key(), p.question->options.front().value, "Ann")); !done)
        throw std::runtime_error(done.message());
}

} // namespace muster::storage::test
