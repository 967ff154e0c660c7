#pragma once

// Helpers for the storage tests: a scratch folder per test, file checksums, and a small game to fill journals
// with.

#include "app/storage/ChainHash.h"
#include "app/storage/Journal.h"
#include "app/storage/Schema.h"
#include "common/crypto/Crypto.h"
#include "rules/io/Json.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>
#include <nlohmann/json.hpp>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <random>
#include <stdexcept>
#include <string>

namespace muster::storage::test {

// A fresh folder removed at the end of the test.
class ScratchDir {
public:
    ScratchDir() {
        static int counter = 0;
        m_path = std::filesystem::temp_directory_path() /
                 ("muster-storage-" + std::to_string(::getpid()) + "-" + std::to_string(++counter));
        std::filesystem::remove_all(m_path);
        std::filesystem::create_directories(m_path);
    }
    ~ScratchDir() {
        std::error_code ec;
        std::filesystem::remove_all(m_path, ec);
    }
    std::string file(const std::string& name) const { return (m_path / name).string(); }
    const std::filesystem::path& path() const { return m_path; }

private:
    std::filesystem::path m_path;
};

// The small MD scenario of the storage tests, and its two players.
inline rules::Scenario skirmishScenario() {
    auto s = rules::io::loadScenario(MUSTER_STORAGE_TEST_DATA "/skirmish.json");
    if (!s)
        throw std::runtime_error(s.error().message);
    return *s;
}

inline std::vector<Player> skirmishPlayers() {
    return {{"Ann", "us", "white"}, {"Miguel", "mx", "red"}};
}

inline std::string readBytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

inline void writeBytes(const std::string& path, const std::string& bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

inline std::string checksum(const std::string& path) {
    return muster::crypto::sha256Hex(readBytes(path));
}

inline NewGame sampleGame() {
    NewGame g;
    g.ruleSet = "md";
    g.houseRulesJson = R"({"AMB-MD-01":"default"})";
    g.scenarioJson = R"({"name":"test skirmish","sides":["American","Mexican"]})";
    g.players = {{"Ann", "American", "white"}, {"Miguel", "Mexican", "red"}};
    g.created = "2026-11-30T06:00:00.000Z";
    return g;
}

inline EventDraft answerDraft(int turn, const std::string& value, const std::string& player = "Ann") {
    EventDraft d;
    d.turn = turn;
    d.phase = "orders";
    d.kind = "answer";
    d.payloadJson = R"({"key":"order:unit1","value":")" + value + R"("})";
    d.player = player;
    return d;
}

inline EventDraft diceDraft(int turn, std::vector<int> faces, int photos = 0,
                            const std::string& player = "Miguel") {
    EventDraft d;
    d.turn = turn;
    d.phase = "fire";
    d.kind = "dice";
    std::string list;
    for (int f : faces)
        list += (list.empty() ? "" : ",") + std::to_string(f);
    d.payloadJson = R"({"faces":[)" + list + R"(],"key":"fire:unit1","purpose":"small arms"})";
    d.player = player;
    d.source = photos > 0 ? DiceSource::Camera : DiceSource::Virtual;
    for (int i = 0; i < photos; ++i) {
        EvidenceDraft e;
        // Not a real JPEG: the journal stores bytes and never decodes them.
        for (int b = 0; b < 300; ++b)
            e.jpeg.push_back(static_cast<std::uint8_t>((b * 31 + i * 7 + turn) & 0xff));
        e.detectionsJson =
            R"([{"face":)" + std::to_string(faces.empty() ? 1 : faces[0]) + R"(,"confidence":0.93}])";
        d.evidence.push_back(std::move(e));
    }
    return d;
}

// A game of one camera throw of `faces` whose photo also holds a find the players struck out as not a die.
inline void writeStruckOutGame(const std::string& path, const std::vector<int>& faces,
                               const std::string& reason) {
    auto j = Journal::create(path, sampleGame());
    if (!j)
        throw std::runtime_error(j.message());
    EventDraft d = diceDraft(1, faces, 1);
    nlohmann::json dice = nlohmann::json::array();
    for (int f : faces)
        dice.push_back({{"face", f}});
    dice.push_back({{"face", 6}, {"notADie", reason}});
    d.evidence[0].detectionsJson = nlohmann::json{{"dice", dice}}.dump();
    if (!j->append(d))
        throw std::runtime_error("cannot append to " + path);
}

// A journal file with a mix of answers, dice with photos, an undo and an override, closed on return.
inline void writeSampleJournal(const std::string& path, int turns = 4) {
    auto j = Journal::create(path, sampleGame());
    if (!j)
        throw std::runtime_error(j.message());
    for (int t = 1; t <= turns; ++t) {
        (void)j->append(answerDraft(t, "MOVE"));
        auto mistaken = j->append(answerDraft(t, "HOLD", "Miguel"));
        (void)j->appendUndo(mistaken->seq, "Miguel", "wrong unit");
        (void)j->append(answerDraft(t, "FIRE", "Miguel"));
        auto roll = j->append(diceDraft(t, {3, 5, 6}, 2));
        (void)j->appendOverride(roll->seq, "GM", "die 2 was cocked", {3, 4, 6});
        (void)j->append(diceDraft(t, {1, 2}));
    }
}

// Rewrites a game (without photos) as Muster wrote it with schema version 2: no input column, no engine
// version or play setup in the header, the hashes computed without them. edit may change an event first (its
// hash is then computed over the change, as a Muster of that time would have).
inline void writeAsVersion2(const Journal& from, const std::string& path,
                            const std::function<void(Event&)>& edit = {}) {
    SQLite::Database db(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    db.exec("PRAGMA application_id = " + std::to_string(schema::kApplicationId));
    db.exec("PRAGMA journal_mode = WAL");
    if (!schema::migrate(db, 2))
        throw std::runtime_error("cannot write schema version 2");
    GameInfo g = from.game();
    g.engineVersion = 0;
    g.playSetupJson.clear();
    g.genesisHash = genesisHash(g);
    SQLite::Statement game(db, "INSERT INTO game VALUES (1, ?, ?, ?, ?, ?, ?)");
    game.bind(1, g.ruleSet);
    game.bind(2, g.houseRulesJson);
    game.bind(3, g.scenarioJson);
    game.bind(4, g.created);
    game.bind(5, g.musterVersion);
    game.bind(6, g.genesisHash);
    game.exec();
    for (std::size_t i = 0; i < g.players.size(); ++i) {
        SQLite::Statement p(db, "INSERT INTO players VALUES (?, ?, ?, ?)");
        p.bind(1, static_cast<std::int64_t>(i));
        p.bind(2, g.players[i].name);
        p.bind(3, g.players[i].side);
        p.bind(4, g.players[i].diceColour);
        p.exec();
    }
    const auto events = from.events();
    if (!events)
        throw std::runtime_error(events.message());
    std::string prev = g.genesisHash;
    for (Event e : *events) {
        if (e.evidenceCount != 0)
            throw std::runtime_error("writeAsVersion2 does not copy photos");
        e.input.clear();
        if (edit)
            edit(e);
        e.prevHash = prev;
        e.hash = eventHash(e);
        prev = e.hash;
        SQLite::Statement s(db, "INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
        s.bind(1, e.seq);
        s.bind(2, e.turn);
        s.bind(3, e.phase);
        s.bind(4, e.kind);
        s.bind(5, e.payloadJson);
        s.bind(6, e.player);
        s.bind(7, std::string(toString(e.source)));
        s.bind(8, e.time);
        s.bind(9, e.evidenceHash);
        s.bind(10, e.prevHash);
        s.bind(11, e.hash);
        s.exec();
    }
}

} // namespace muster::storage::test
