#pragma once

// Test helpers: a game of the small MD scenario played from a script (orders by unit, a cycle of faces for
// every throw) into a temporary game file, and where the real tray photos are.

#include "app/storage/GameSession.h"
#include "rules/io/Json.h"

#include <gtest/gtest.h>

#include <QTemporaryDir>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace muster::tools::test {

inline std::string scenarioPath(const std::string& name) {
    return std::string(MUSTER_SCENARIO_DIR) + "/" + name + ".json";
}

// ../shared/data/dice/nell-byler-d6/images, or $MUSTER_DATA_DIR/dice/nell-byler-d6/images; empty if absent.
inline std::string trayPhotoDir() {
    std::filesystem::path base = MUSTER_TEST_DATA_DIR;
    if (const char* env = std::getenv("MUSTER_DATA_DIR"); env && *env)
        base = env;
    const std::filesystem::path dir = base / "dice" / "nell-byler-d6" / "images";
    return std::filesystem::exists(dir) ? dir.string() : std::string();
}

#define MUSTER_REQUIRE_TRAY_PHOTOS(dir)                                                                      \
    const std::string dir = ::muster::tools::test::trayPhotoDir();                                           \
    if (dir.empty())                                                                                         \
    GTEST_SKIP() << "real tray photos not found: put them at ../shared/data/dice/nell-byler-d6 or set "      \
                    "MUSTER_DATA_DIR"

// Plays inputs into `session` until `stopAfter` inputs were applied or turn `untilTurn` begins. Orders follow
// `orders` (unit id -> order value, MD-ORD-02), other questions take their first option, throws take faces
// from a repeating cycle.
inline int playScript(storage::GameSession& session, int stopAfter, int untilTurn = 2) {
    static const std::map<std::string, std::string> orders = {
        {"US-5INF", "charge"},    {"US-TXVOL", "fire"},  {"US-RINGGOLD", "fire"}, {"MX-TAMP", "fire"},
        {"MX-ACT", "first_fire"}, {"MX-LANC", "charge"}, {"MX-GUN", "fire"}};
    static const int cycle[] = {6, 3, 5, 1, 6, 2, 4, 6, 5, 2};
    int applied = 0;
    std::size_t f = 0;
    while (applied < stopAfter && session.engine().turnView().turn < untilTurn) {
        const rules::Prompt p = session.prompt();
        if (p.kind == rules::PromptKind::GameOver)
            break;
        rules::Input input;
        if (p.kind == rules::PromptKind::Question) {
            std::string value = p.question->options.front().value;
            const std::string key = p.key();
            if (key.size() > 6 && key.substr(key.size() - 6) == ".order") {
                const auto it = orders.find(key.substr(0, key.find('.')));
                for (const rules::Option& o : p.question->options)
                    if (it != orders.end() && o.value == it->second)
                        value = o.value;
            }
            input = rules::Input::answer(key, value, "tester");
        } else {
            std::vector<int> faces;
            for (int i = 0; i < p.dice->count; ++i)
                faces.push_back(std::min(p.dice->sides, cycle[f++ % std::size(cycle)]));
            input = rules::Input::dice(p.key(), faces, rules::DiceSource::Typed, "tester");
        }
        auto event = session.submit(input);
        EXPECT_TRUE(event) << event.message();
        if (!event)
            break;
        ++applied;
    }
    return applied;
}

// A new game file of md_small in `dir` with two players.
inline storage::GameSession startSmallGame(const QTemporaryDir& dir,
                                           const std::string& name = "game.muster") {
    auto scenario = rules::io::loadScenario(scenarioPath("md_small"));
    EXPECT_TRUE(scenario) << scenario.error().message;
    auto session = storage::GameSession::start(dir.filePath(QString::fromStdString(name)).toStdString(),
                                               *scenario, {}, {{"Ann", "us", "red"}, {"Bob", "mx", "white"}});
    EXPECT_TRUE(session) << session.message();
    return std::move(session.value());
}

} // namespace muster::tools::test
