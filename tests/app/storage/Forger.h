#pragma once

// What a forger's script does with the sqlite3 tool (issue 22 found one in 60 lines): edit the game, then
// recompute everything the chain checks (compact input, evidence hashes, genesis hash, seq, prev_hash, hash)
// and put the append-only triggers back exactly as Muster wrote them, so the chain verifies again.

#include "app/storage/ChainHash.h"
#include "app/storage/Journal.h"
#include "app/storage/PayloadFields.h"
#include "app/storage/Schema.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace muster::storage::test {

struct Forgery {
    std::function<void(GameInfo&)> game;             // e.g. rename a player
    std::function<void(std::vector<Event>&)> events; // e.g. rewrite a roll, delete or append an event
    // A forger has no device key: by default the device's signature events are taken out too, since a
    // recomputed chain no longer matches them (DeviceSignatures tests keep them to show verify catches that).
    bool keepSignatures = false;
};

inline void forge(const std::string& path, const Forgery& forgery) {
    GameInfo g;
    std::vector<Event> events;
    std::map<std::int64_t, std::vector<Evidence>> photos;
    {
        auto j = Journal::open(path, {OpenMode::ReadOnly, false});
        if (!j)
            throw std::runtime_error(j.message());
        g = j->game();
        events = *j->events();
        for (const Event& e : events)
            photos[e.seq] = *j->evidence(e.seq);
    }
    if (forgery.game)
        forgery.game(g);
    // Photos travel with their event (by its old seq), whatever its new number.
    if (forgery.events)
        forgery.events(events);
    if (!forgery.keepSignatures)
        std::erase_if(events, [](const Event& e) { return e.kind == kind::Signature; });
    g.genesisHash = genesisHash(g);

    SQLite::Database db(path, SQLite::OPEN_READWRITE);
    db.exec("PRAGMA synchronous = OFF");
    for (const auto& [name, sql] : schema::kAppendOnlyTriggers)
        db.exec(std::string("DROP TRIGGER ") + name);
    db.exec("DELETE FROM evidence; DELETE FROM events; DELETE FROM players");
    SQLite::Statement game(db, "UPDATE game SET rule_set = ?, house_rules = ?, scenario = ?, created = ?, "
                               "muster_version = ?, genesis_hash = ?, engine_version = ?, play_setup = ?");
    game.bind(1, g.ruleSet);
    game.bind(2, g.houseRulesJson);
    game.bind(3, g.scenarioJson);
    game.bind(4, g.created);
    game.bind(5, g.musterVersion);
    game.bind(6, g.genesisHash);
    game.bind(7, g.engineVersion);
    game.bind(8, g.playSetupJson);
    game.exec();
    for (std::size_t i = 0; i < g.players.size(); ++i) {
        SQLite::Statement p(db, "INSERT INTO players VALUES (?, ?, ?, ?)");
        p.bind(1, static_cast<std::int64_t>(i));
        p.bind(2, g.players[i].name);
        p.bind(3, g.players[i].side);
        p.bind(4, g.players[i].diceColour);
        p.exec();
    }
    std::string prev = g.genesisHash;
    for (std::size_t i = 0; i < events.size(); ++i) {
        Event& e = events[i];
        const std::int64_t oldSeq = e.seq;
        e.seq = static_cast<std::int64_t>(i) + 1;
        if (e.kind == kind::Answer || e.kind == kind::Dice)
            e.input = compactInput(e.kind == kind::Dice, readPayloadFields(e.payloadJson));
        std::vector<Evidence> mine = photos.count(oldSeq) ? photos[oldSeq] : std::vector<Evidence>{};
        for (Evidence& ev : mine)
            ev.eventSeq = e.seq;
        e.evidenceHash = evidenceHash(mine);
        e.prevHash = prev;
        e.hash = eventHash(e);
        prev = e.hash;
        SQLite::Statement s(
            db, "INSERT INTO events(seq, turn, phase, kind, payload, player, dice_source, time, "
                "evidence_hash, prev_hash, hash, input) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
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
        s.bind(12, e.input.data(), static_cast<int>(e.input.size()));
        s.exec();
        for (const Evidence& ev : mine) {
            SQLite::Statement p(db, "INSERT INTO evidence VALUES (?, ?, ?, ?, ?)");
            p.bind(1, ev.eventSeq);
            p.bind(2, ev.index);
            p.bind(3, ev.jpeg.data(), static_cast<int>(ev.jpeg.size()));
            p.bind(4, ev.detectionsJson);
            p.bind(5, ev.photoHash);
            p.exec();
        }
    }
    for (const auto& [name, sql] : schema::kAppendOnlyTriggers)
        db.exec(sql);
}

} // namespace muster::storage::test
