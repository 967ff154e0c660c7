// Fast replay gives what slow replay gave: the engine's batch fold (applyAll) against apply() one input at a
// time, and files of schema version 2 (no compact input column) against the same game written today.

#include "TestFiles.h"
#include "app/storage/ChainHash.h"
#include "app/storage/GameSession.h"
#include "app/storage/PayloadFields.h"
#include "app/storage/Schema.h"
#include "rules/AutoTable.h"
#include "rules/VirtualDice.h"
#include "rules/io/Json.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>
#include <gtest/gtest.h>

using namespace muster::storage;
using namespace muster::storage::test;
namespace rules = muster::rules;

namespace {

// The large MD scenario (42 units): long steps, every phase.
rules::Scenario large() {
    auto s = rules::io::loadScenario(MUSTER_SCENARIO_DIR "/md_large.json");
    if (!s)
        throw std::runtime_error(s.error().message);
    return *s;
}

// The inputs of a seeded game of n inputs (or fewer if it ends).
std::vector<rules::Input> playInputs(const rules::Scenario& scenario, int n, std::uint64_t seed) {
    auto e = rules::Engine::create(scenario);
    rules::AutoTable table(seed);
    rules::VirtualDice dice(seed + 1);
    for (int i = 0; i < n && !e->gameOver(); ++i) {
        const rules::Prompt p = e->prompt();
        const auto input = p.dice
                               ? rules::Input::dice(p.key(), dice.roll(*p.dice), rules::DiceSource::Virtual)
                               : rules::Input::answer(p.key(), table.answer(*p.question));
        if (!e->apply(input))
            throw std::runtime_error("the table's own input was refused");
    }
    return e->inputs();
}

// Everything apply() leaves behind that people or callers can see.
void expectSameEngine(const rules::Engine& a, const rules::Engine& b, const std::string& where) {
    EXPECT_TRUE(a.sameState(b)) << where;
    EXPECT_EQ(a.stateJson(), b.stateJson()) << where;
    EXPECT_EQ(rules::io::toJson(a.prompt()).dump(), rules::io::toJson(b.prompt()).dump()) << where;
    EXPECT_EQ(a.events(), b.events()) << where;
    ASSERT_EQ(a.inputs().size(), b.inputs().size()) << where;
    for (std::size_t i = 0; i < a.inputs().size(); ++i)
        EXPECT_EQ(a.inputs()[i].key, b.inputs()[i].key) << where;
}

} // namespace

TEST(Replay, ApplyAllEqualsApplyOneByOneAtEveryCut) {
    const rules::Scenario scenario = large();
    const auto inputs = playInputs(scenario, 700, 11);
    ASSERT_EQ(inputs.size(), 700u);
    auto oneByOne = rules::Engine::create(scenario);
    ASSERT_TRUE(oneByOne);
    for (std::size_t cut = 0; cut <= inputs.size(); ++cut) {
        if (cut > 0) {
            ASSERT_TRUE(oneByOne->apply(inputs[cut - 1]));
        }
        if (cut % 7 != 0 && cut != inputs.size())
            continue;
        // From the start, and resumed in the middle of a step (the first part applied one by one).
        auto batch = rules::Engine::create(scenario);
        std::size_t accepted = 0;
        ASSERT_TRUE(batch->applyAll({inputs.begin(), inputs.begin() + static_cast<long>(cut)}, &accepted));
        EXPECT_EQ(accepted, cut);
        expectSameEngine(*batch, *oneByOne, "batch of " + std::to_string(cut));
        auto resumed = rules::Engine::create(scenario);
        const std::size_t half = cut / 2;
        for (std::size_t i = 0; i < half; ++i)
            ASSERT_TRUE(resumed->apply(inputs[i]));
        ASSERT_TRUE(resumed->applyAll(
            {inputs.begin() + static_cast<long>(half), inputs.begin() + static_cast<long>(cut)}));
        expectSameEngine(*resumed, *oneByOne, "resumed at " + std::to_string(half));
    }
}

TEST(Replay, ApplyAllStopsAtTheFirstRefusedInputWithApplysError) {
    const rules::Scenario scenario = large();
    auto inputs = playInputs(scenario, 200, 3);
    for (std::size_t bad : {std::size_t(0), std::size_t(37), std::size_t(120)}) {
        ASSERT_LT(bad, inputs.size());
        for (int variant = 0; variant < 3; ++variant) {
            auto broken = inputs;
            rules::Input& in = broken[bad];
            if (variant == 0)
                in.key += "-x";
            else if (variant == 1)
                in.kind == rules::InputKind::Answer ? void(in.value = "no-such-option")
                                                    : void(in.faces.push_back(1));
            else
                in.kind =
                    in.kind == rules::InputKind::Answer ? rules::InputKind::Dice : rules::InputKind::Answer;
            auto oneByOne = rules::Engine::create(scenario);
            std::string expected;
            for (const rules::Input& i : broken)
                if (auto r = oneByOne->apply(i); !r) {
                    expected = r.error().message;
                    break;
                }
            ASSERT_FALSE(expected.empty());
            auto batch = rules::Engine::create(scenario);
            std::size_t accepted = 0;
            auto r = batch->applyAll(broken, &accepted);
            ASSERT_FALSE(r);
            EXPECT_EQ(r.error().message, expected);
            EXPECT_EQ(accepted, bad);
            expectSameEngine(*batch, *oneByOne, "refused at " + std::to_string(bad));
        }
    }
}

TEST(Replay, Version2FilesReplayFromThePayloadAndMigrate) {
    ScratchDir dir;
    const std::string today = dir.file("today.muster");
    const std::string old = dir.file("v2.muster");
    std::string state;
    {
        auto s = GameSession::start(today, large(), {}, {{"Ann", "us", "white"}, {"Miguel", "mx", "red"}});
        ASSERT_TRUE(s) << s.message();
        rules::AutoTable table(21);
        rules::VirtualDice dice(22);
        // 80 inputs, then on to the next question, answered and taken back, as the table does.
        for (int i = 0; i < 80 || !s->prompt().question; ++i) {
            const rules::Prompt p = s->prompt();
            ASSERT_TRUE(p.dice ? s->submit(rules::Input::dice(p.key(), dice.roll(*p.dice),
                                                              rules::DiceSource::Typed, "Ann"))
                               : s->submit(rules::Input::answer(
                                     p.key(), table.answer(*p.question), "Miguel")));
        }
        ASSERT_TRUE(s->submit(
            rules::Input::answer(s->prompt().key(), s->prompt().question->options[0].value, "Ann")));
        ASSERT_TRUE(s->undoLast("Ann", "wrong chit"));
        state = s->engine().stateJson();
        const auto events = s->journal().events();
        ASSERT_TRUE(events);
        for (const Event& e : *events)
            EXPECT_EQ(e.input.empty(), e.kind == kind::Undo) << "event " << e.seq;
        auto j = Journal::open(today, {OpenMode::ReadOnly, false});
        writeAsVersion2(*j, old);
    }
    // Read-only: replays from the payloads, verifies, and stays at version 2.
    {
        auto ro = GameSession::open(old, {OpenMode::ReadOnly, true});
        ASSERT_TRUE(ro) << ro.message();
        EXPECT_EQ(ro->journal().schemaVersion(), 2);
        EXPECT_EQ(ro->journal().game().engineVersion, 0);
        EXPECT_EQ(ro->engine().stateJson(), state);
        EXPECT_TRUE(ro->journal().verify().ok) << ro->journal().verify().problem;
    }
    // Read-write: migrated; old events keep an empty input and their hashes, new ones get theirs.
    auto rw = GameSession::open(old);
    ASSERT_TRUE(rw) << rw.message();
    EXPECT_EQ(rw->journal().schemaVersion(), schema::kCurrentVersion);
    EXPECT_EQ(rw->engine().stateJson(), state);
    const rules::Prompt p = rw->prompt();
    ASSERT_TRUE(p.question || p.dice);
    auto added = p.dice ? rw->submit(rules::Input::dice(
                              p.key(), std::vector<int>(static_cast<std::size_t>(p.dice->count), 1),
                              rules::DiceSource::Typed, "Ann"))
                        : rw->submit(rules::Input::answer(p.key(), p.question->options[0].value, "Ann"));
    ASSERT_TRUE(added) << added.message();
    EXPECT_FALSE(added->input.empty());
    const VerifyReport r = rw->journal().verify();
    EXPECT_TRUE(r.ok) << r.problem;
    const std::string after = rw->engine().stateJson();
    auto again = GameSession::open(old, {OpenMode::ReadOnly, true});
    ASSERT_TRUE(again) << again.message();
    EXPECT_EQ(again->engine().stateJson(), after);
}

TEST(Replay, InputThatDisagreesWithItsPayloadFailsVerify) {
    ScratchDir dir;
    const std::string path = dir.file("g.muster");
    writeSampleJournal(path, 1);
    {
        // A writer that hashes what it writes but puts another value in the compact input.
        SQLite::Database db(path, SQLite::OPEN_READWRITE);
        db.exec("DROP TRIGGER events_append_only_update");
        SQLite::Statement get(
            db, std::string("SELECT ") +
                    "seq, turn, phase, kind, payload, player, dice_source, time, evidence_hash, "
                    "prev_hash FROM events WHERE seq = 1");
        ASSERT_TRUE(get.executeStep());
        Event e;
        e.seq = 1;
        e.turn = get.getColumn(1).getInt();
        e.phase = get.getColumn(2).getString();
        e.kind = get.getColumn(3).getString();
        e.payloadJson = get.getColumn(4).getString();
        e.player = get.getColumn(5).getString();
        e.time = get.getColumn(7).getString();
        e.prevHash = get.getColumn(9).getString();
        PayloadFields other;
        other.key = "order:unit1";
        other.value = "CHARGE";
        e.input = compactInput(false, other);
        e.hash = eventHash(e);
        get.reset();
        SQLite::Statement set(db, "UPDATE events SET input = ?, hash = ? WHERE seq = 1");
        set.bind(1, e.input.data(), static_cast<int>(e.input.size()));
        set.bind(2, e.hash);
        set.exec();
    }
    auto j = Journal::open(path, {OpenMode::ReadOnly, true});
    ASSERT_TRUE(j);
    const VerifyReport r = j->verify();
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.firstBadSeq, 1);
    EXPECT_NE(r.problem.find("replay input"), std::string::npos) << r.problem;
}
