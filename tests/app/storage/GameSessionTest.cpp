// The journal and the rules engine together: the state is the fold of the journal, across reopen, undo and
// override.

#include "app/storage/GameSession.h"

#include "TestFiles.h"
#include "app/storage/PayloadFields.h"
#include "rules/AutoTable.h"
#include "rules/VirtualDice.h"
#include "rules/core/Feed.h"
#include "rules/io/Json.h"

#include <gtest/gtest.h>

using namespace muster::storage;
using namespace muster::storage::test;
namespace rules = muster::rules;

namespace {

rules::Scenario skirmish() {
    auto s = rules::io::loadScenario(MUSTER_STORAGE_TEST_DATA "/skirmish.json");
    if (!s)
        throw std::runtime_error(s.error().message);
    return *s;
}

std::vector<Player> players() {
    return {{"Ann", "us", "white"}, {"Miguel", "mx", "red"}};
}

// Plays n inputs with a seeded table and dice; photos on every throw.
void playSome(GameSession& session, int n, std::uint64_t seed) {
    rules::AutoTable table(seed);
    rules::VirtualDice dice(seed + 1);
    for (int i = 0; i < n && !session.engine().gameOver(); ++i) {
        const rules::Prompt p = session.prompt();
        if (p.dice) {
            auto faces = dice.roll(*p.dice);
            EvidenceDraft photo{{0xff, 0xd8, static_cast<std::uint8_t>(i), 0xff, 0xd9}, R"({"dice":[]})"};
            ASSERT_TRUE(session.submit(rules::Input::dice(p.key(), faces, rules::DiceSource::Virtual, "Ann"),
                                       {photo}));
        } else {
            ASSERT_TRUE(session.submit(rules::Input::answer(p.key(), table.answer(*p.question), "Miguel")));
        }
    }
}

std::string stateJson(const rules::Engine& engine) {
    return engine.stateJson();
}

} // namespace

TEST(GameSession, ReopenGivesTheSameState) {
    ScratchDir dir;
    const std::string path = dir.file("g.muster");
    std::string before;
    {
        auto s = GameSession::start(path, skirmish(), {}, players());
        ASSERT_TRUE(s) << s.message();
        playSome(*s, 60, 5);
        before = stateJson(s->engine());
    }
    auto reopened = GameSession::open(path);
    ASSERT_TRUE(reopened) << reopened.message();
    EXPECT_EQ(stateJson(reopened->engine()), before);
    EXPECT_TRUE(reopened->journal().verify().ok);
    auto ro = GameSession::open(path, {OpenMode::ReadOnly, true});
    ASSERT_TRUE(ro);
    EXPECT_EQ(stateJson(ro->engine()), before);
}

TEST(GameSession, RejectedInputIsNotRecorded) {
    ScratchDir dir;
    auto s = GameSession::start(dir.file("g.muster"), skirmish(), {}, players());
    ASSERT_TRUE(s);
    const std::string before = stateJson(s->engine());
    EXPECT_FALSE(s->submit(rules::Input::answer("no-such-key", "x")));
    EXPECT_FALSE(s->submit(rules::Input::answer(s->prompt().key(), "not-an-option")));
    EXPECT_EQ(s->journal().eventCount(), 0);
    EXPECT_EQ(stateJson(s->engine()), before);
}

TEST(GameSession, UndoTakesBackTheLatestAnswer) {
    ScratchDir dir;
    auto s = GameSession::start(dir.file("g.muster"), skirmish(), {}, players());
    ASSERT_TRUE(s);
    // Orders come first: answers only.
    const rules::Prompt first = s->prompt();
    ASSERT_TRUE(first.question);
    const std::string before = stateJson(s->engine());
    ASSERT_TRUE(s->submit(rules::Input::answer(first.key(), first.question->options.back().value, "Ann")));
    EXPECT_NE(s->prompt().key(), first.key());
    auto undo = s->undoLast("Ann", "wrong chit");
    ASSERT_TRUE(undo) << undo.message();
    EXPECT_EQ(s->prompt().key(), first.key());
    EXPECT_EQ(stateJson(s->engine()), before);
    EXPECT_EQ(s->journal().eventCount(), 2);
    // The state on reopening agrees.
    auto reopened = GameSession::open(s->journal().path(), {OpenMode::ReadOnly, true}); // s still writes
    ASSERT_TRUE(reopened);
    EXPECT_EQ(stateJson(reopened->engine()), before);
}

TEST(GameSession, OverrideReplacesDiceAndReplays) {
    ScratchDir dir;
    auto s = GameSession::start(dir.file("g.muster"), skirmish(), {}, players());
    ASSERT_TRUE(s);
    rules::AutoTable table(9);
    // Answer until the first dice request, then roll it.
    while (s->prompt().question)
        ASSERT_TRUE(s->submit(rules::Input::answer(s->prompt().key(), table.answer(*s->prompt().question))));
    const rules::Prompt roll = s->prompt();
    ASSERT_TRUE(roll.dice);
    std::vector<int> faces(static_cast<std::size_t>(roll.dice->count), 1);
    ASSERT_TRUE(s->submit(rules::Input::dice(roll.key(), faces, rules::DiceSource::Camera, "Ann")));

    std::vector<int> bad = faces;
    bad[0] = roll.dice->sides + 1;
    auto refused = s->overrideLast("GM", "misread", bad);
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.message().find("not a legal result"), std::string::npos) << refused.message();

    std::vector<int> better(faces.size(), roll.dice->sides);
    auto o = s->overrideLast("GM", "camera misread the pips", better);
    ASSERT_TRUE(o) << o.message();
    // Same as a game where the right faces had been rolled in the first place.
    auto inputs = s->engine().inputs();
    auto expected = rules::Engine::create(skirmish(), {});
    ASSERT_TRUE(expected);
    for (std::size_t i = 0; i + 1 < inputs.size(); ++i)
        ASSERT_TRUE(expected->apply(inputs[i]));
    ASSERT_TRUE(expected->apply(rules::Input::dice(roll.key(), better, rules::DiceSource::Override)));
    EXPECT_EQ(stateJson(s->engine()), stateJson(*expected));
    auto reopened = GameSession::open(s->journal().path(), {OpenMode::ReadOnly, true}); // s still writes
    ASSERT_TRUE(reopened);
    EXPECT_EQ(stateJson(reopened->engine()), stateJson(*expected));
    EXPECT_TRUE(reopened->journal().verify().ok);
}

// A note (here a calibration profile) is kept in the file, stamped with the turn and phase, and changes
// neither the state nor the replay; the replay kinds cannot be written as notes.
TEST(GameSession, NotesRideAlongWithoutChangingTheGame) {
    ScratchDir dir;
    const std::string path = dir.file("g.muster");
    std::string before;
    int turn = 0;
    std::string phase;
    {
        auto s = GameSession::start(path, skirmish(), {}, players());
        ASSERT_TRUE(s) << s.message();
        playSome(*s, 5, 11);
        before = stateJson(s->engine());
        turn = s->prompt().turn;
        phase = s->prompt().phase;
        auto e = s->note(kind::Calibration, R"({"name":"kitchen","profile":"{}"})", "Ann");
        ASSERT_TRUE(e) << e.message();
        EXPECT_EQ(e->kind, "calibration");
        EXPECT_EQ(e->turn, turn);
        EXPECT_EQ(e->phase, phase);
        EXPECT_EQ(e->player, "Ann");
        EXPECT_EQ(stateJson(s->engine()), before);
        for (std::string_view k : {kind::Answer, kind::Dice, kind::Undo, kind::Override}) {
            auto refused = s->note(k, "{}");
            ASSERT_FALSE(refused) << k;
            EXPECT_NE(refused.message().find("part of the replay"), std::string::npos) << refused.message();
        }
        EXPECT_FALSE(s->note("", "{}"));
    }
    auto reopened = GameSession::open(path);
    ASSERT_TRUE(reopened) << reopened.message();
    EXPECT_EQ(stateJson(reopened->engine()), before);
    auto events = reopened->journal().events();
    ASSERT_TRUE(events);
    ASSERT_FALSE(events->empty());
    EXPECT_EQ(events->back().kind, "calibration");
    EXPECT_EQ(events->back().payloadJson, R"({"name":"kitchen","profile":"{}"})");
}

// The latest event of one kind is one query (the app finds a resumed game's calibration this way, without
// reading every event again after the replay): the newest of several, nothing when there is none.
TEST(GameSession, LatestEventOfAKind) {
    ScratchDir dir;
    const std::string path = dir.file("g.muster");
    std::int64_t second = 0;
    {
        auto s = GameSession::start(path, skirmish(), {}, players());
        ASSERT_TRUE(s) << s.message();
        auto none = s->journal().latestOfKind(kind::Calibration);
        ASSERT_TRUE(none) << none.message();
        EXPECT_FALSE(none->has_value());
        playSome(*s, 3, 5);
        ASSERT_TRUE(s->note(kind::Calibration, R"({"name":"first"})", "Ann"));
        playSome(*s, 2, 7);
        auto e = s->note(kind::Calibration, R"({"name":"second"})", "Miguel");
        ASSERT_TRUE(e) << e.message();
        second = e->seq;
        playSome(*s, 3, 9);
    }
    auto reopened = GameSession::open(path);
    ASSERT_TRUE(reopened) << reopened.message();
    auto latest = reopened->journal().latestOfKind(kind::Calibration);
    ASSERT_TRUE(latest) << latest.message();
    ASSERT_TRUE(latest->has_value());
    EXPECT_EQ((*latest)->seq, second);
    EXPECT_EQ((*latest)->payloadJson, R"({"name":"second"})");
    EXPECT_EQ((*latest)->player, "Miguel");
    EXPECT_LT(second, reopened->journal().eventCount()); // answers came after it
    auto other = reopened->journal().latestOfKind("no such kind");
    ASSERT_TRUE(other);
    EXPECT_FALSE(other->has_value());
}

namespace {

// The answers in force and the index of each among the inputs in force.
std::vector<std::pair<std::size_t, EffectiveInput>> answersInForce(const GameSession& s) {
    std::vector<std::pair<std::size_t, EffectiveInput>> out;
    auto in = s.journal().effectiveInputs();
    for (std::size_t i = 0; in && i < in->size(); ++i)
        if ((*in)[i].event.kind == kind::Answer)
            out.emplace_back(i, (*in)[i]);
    return out;
}

} // namespace

TEST(GameSession, AnAnswerFixedThreeThrowsBackKeepsWhatStillFitsAndReopensTheSame) {
    ScratchDir dir;
    const std::string path = dir.file("g.muster");
    auto s = GameSession::start(path, skirmish(), {}, players());
    ASSERT_TRUE(s);
    playSome(*s, 80, 11);
    auto inputs = s->journal().effectiveInputs();
    ASSERT_TRUE(inputs);
    // The latest answer with at least three throws after it, whose question has another option.
    std::optional<std::int64_t> target;
    std::string other;
    for (const auto& [index, in] : answersInForce(*s)) {
        int throwsAfter = 0;
        for (std::size_t k = index + 1; k < inputs->size(); ++k)
            throwsAfter += (*inputs)[k].event.kind == kind::Dice;
        auto prompt = s->promptOf(in.event.seq);
        ASSERT_TRUE(prompt) << prompt.message();
        const std::string value = *readPayloadFields(in.event.payloadJson).value;
        if (throwsAfter < 3 || prompt->question->options.size() < 2)
            continue;
        target = in.event.seq;
        for (const auto& o : prompt->question->options)
            if (o.value != value)
                other = o.value;
    }
    ASSERT_TRUE(target);
    const std::int64_t eventsBefore = s->journal().eventCount();
    EXPECT_FALSE(s->fix(*target, "Ann", "", other)); // a reason is required
    auto fixed = s->fix(*target, "Ann", "the range was measured wrong", other);
    ASSERT_TRUE(fixed) << fixed.message();
    EXPECT_EQ(s->journal().eventCount(), eventsBefore + 1); // one override, nothing deleted
    EXPECT_EQ(fixed->event.kind, "override");
    // The inputs in force are the old ones up to the first set aside, the fixed one changed.
    auto after = s->journal().effectiveInputs();
    ASSERT_TRUE(after);
    EXPECT_EQ(after->size() + fixed->setAside.size(), inputs->size());
    for (std::size_t i = 0; i < after->size(); ++i)
        EXPECT_EQ((*after)[i].event.seq, (*inputs)[i].event.seq);
    // The first set-aside input no longer answers the refolded prompt: play resumes there.
    if (!fixed->setAside.empty()) {
        const EffectiveInput& first = (*inputs)[after->size()];
        EXPECT_EQ(first.event.seq, fixed->setAside.front());
        auto input = GameSession::inputOf(first);
        ASSERT_TRUE(input);
        EXPECT_TRUE(muster::rules::checkAnswers(s->prompt(), *input).has_value());
    }
    const std::string state = stateJson(s->engine());
    EXPECT_TRUE(GameSession::verify(s->journal()).ok) << GameSession::verify(s->journal()).problem;
    auto ro = GameSession::open(path, {OpenMode::ReadOnly, true});
    ASSERT_TRUE(ro) << ro.message();
    EXPECT_EQ(stateJson(ro->engine()), state);
    // Play goes on after the fix.
    playSome(*s, 10, 12);
    EXPECT_TRUE(GameSession::verify(s->journal()).ok);
}

TEST(GameSession, UndoOfAThrowAndRedoGiveTheGameBack) {
    ScratchDir dir;
    auto s = GameSession::start(dir.file("g.muster"), skirmish(), {}, players());
    ASSERT_TRUE(s);
    playSome(*s, 40, 3);
    while (!s->prompt().dice)
        playSome(*s, 1, 4);
    playSome(*s, 1, 5); // a throw is now the latest step
    auto inForce = s->journal().effectiveInputs();
    ASSERT_EQ(inForce->back().event.kind, kind::Dice);
    const std::string withThrow = stateJson(s->engine());
    EXPECT_FALSE(s->redoable()->has_value());
    ASSERT_TRUE(s->undoLast("Ann", "rolled too soon"));
    const std::string before = stateJson(s->engine());
    ASSERT_TRUE(s->undoLast("Ann", "and that one")); // past the throw, the step before it
    auto redo = s->redoable();
    ASSERT_TRUE(redo && redo->has_value());
    ASSERT_TRUE(s->redo());
    EXPECT_EQ(stateJson(s->engine()), before);
    ASSERT_TRUE(s->redo());
    EXPECT_EQ(stateJson(s->engine()), withThrow);
    EXPECT_FALSE(s->redo()); // nothing left to redo
    EXPECT_TRUE(GameSession::verify(s->journal()).ok);
    // A new input after an undo ends the chance of a redo.
    ASSERT_TRUE(s->undoLast("Ann", "again"));
    playSome(*s, 1, 99);
    EXPECT_FALSE(s->redoable()->has_value());
}
