// Seals: `game play` prints one at the end of every turn, the report lists them, and `game verify --seal
// CODE` catches the forgeries of issue 22 made with every hash recomputed (rewrite a roll, rename a player,
// delete an event, add an event) and a cut tail, where the chain alone says OK.

#include "CliRun.h"
#include "Forger.h"
#include "TestFiles.h"
#include "app/storage/GameSession.h"
#include "app/storage/PayloadFields.h"
#include "app/storage/Seal.h"
#include "app/storage/SealCorrections.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <sstream>

using namespace muster::storage;
using namespace muster::storage::test;
using Json = nlohmann::json;

namespace {

const std::string kScenario = MUSTER_STORAGE_TEST_DATA "/skirmish.json";

class Seals : public ::testing::Test {
protected:
    void SetUp() override {
        m_game = m_dir.file("game.muster");
        const Output played = cli("game play --rules md --scenario '" + kScenario + "' --game '" + m_game +
                                  "' --auto --dice virtual --seed 3 --turns 3 --json");
        ASSERT_EQ(played.exitCode, 0) << played.text;
        m_seals = linesOfType(played.text, "seal");
        ASSERT_EQ(m_seals.size(), 3u) << played.text;
        m_pristine = m_dir.file("pristine.muster");
        std::filesystem::copy_file(m_game, m_pristine);
    }
    Output verifySeal(const Json& seal) {
        return cli("game verify '" + m_game + "' --seal " + seal["seal"].get<std::string>());
    }
    // Applies a forgery to a fresh copy; the forged game must still verify without a seal (the chain is
    // intact), else the seal would not be what catches it.
    void forgeAndExpectSealFails(const Forgery& forgery, std::size_t sealIndex, bool replays = true) {
        std::filesystem::copy_file(m_pristine, m_game, std::filesystem::copy_options::overwrite_existing);
        forge(m_game, forgery);
        if (replays) {
            // The forger has no device key and strips the signatures: the chain and the replay still pass,
            // and only the missing signature of the last finished turn shows without a seal.
            const Output lenient = cli("game verify '" + m_game + "' --allow-unsigned");
            EXPECT_EQ(lenient.exitCode, 0) << "the forgery should fool the chain: " << lenient.text;
            const Output plain = cli("game verify '" + m_game + "'");
            EXPECT_EQ(plain.exitCode, forgery.keepSignatures ? 0 : 1) << plain.text;
            EXPECT_EQ(contains(plain.text, "NOT SIGNED"), !forgery.keepSignatures) << plain.text;
        }
        const Output v = verifySeal(m_seals[sealIndex]);
        EXPECT_EQ(v.exitCode, 1) << v.text;
        EXPECT_TRUE(contains(v.text, "FAILED")) << v.text;
    }

    ScratchDir m_dir;
    std::string m_game, m_pristine;
    std::vector<Json> m_seals;
};

// The last event of turn t.
std::size_t endOf(const std::vector<Event>& events, int turn) {
    std::size_t last = 0;
    for (std::size_t i = 0; i < events.size(); ++i)
        if (events[i].turn == turn)
            last = i;
    return last;
}

} // namespace

TEST_F(Seals, EveryTurnsSealVerifiesAndTheReportListsThem) {
    for (const Json& s : m_seals) {
        const Output v = verifySeal(s);
        EXPECT_EQ(v.exitCode, 0) << v.text;
        EXPECT_TRUE(contains(v.text, "SEAL OK")) << v.text;
        EXPECT_EQ(s["seal"].get<std::string>().size(), 11u);
    }
    // Typed back loosely: lower case, no dash.
    std::string loose = m_seals[0]["seal"].get<std::string>();
    loose.erase(5, 1);
    for (char& c : loose)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    EXPECT_EQ(cli("game verify '" + m_game + "' --seal " + loose).exitCode, 0);
    const Output report = cli("game report '" + m_game + "' --out '" + m_dir.file("report") + "'");
    ASSERT_EQ(report.exitCode, 0) << report.text;
    const Json r = Json::parse(readBytes(m_dir.file("report") + "/report.json"));
    ASSERT_EQ(r["seals"].size(), m_seals.size());
    for (std::size_t i = 0; i < m_seals.size(); ++i)
        EXPECT_EQ(r["seals"][i]["seal"], m_seals[i]["seal"]);
}

TEST_F(Seals, RenamedPlayerIsCaught) {
    forgeAndExpectSealFails({[](GameInfo& g) { g.players[0].name = "Someone Else"; }, {}}, 0);
}

TEST_F(Seals, RewrittenRollIsCaught) {
    // A die of turn 1 turned into a six: legal, so the game may even replay; the seal of turn 1 fails.
    forgeAndExpectSealFails({{},
                             [](std::vector<Event>& events) {
                                 for (Event& e : events)
                                     if (e.kind == kind::Dice && e.turn == 1) {
                                         e.payloadJson[e.payloadJson.find("\"faces\":[") + 9] = '6';
                                         return;
                                     }
                             }},
                            0, false);
}

TEST_F(Seals, DeletedEventIsCaught) {
    forgeAndExpectSealFails({{},
                             [](std::vector<Event>& events) {
                                 events.erase(events.begin() + static_cast<long>(endOf(events, 1)));
                             }},
                            1, false);
}

TEST_F(Seals, AddedEventIsCaught) {
    // A note slipped into turn 1: the rules do not read it, so the game replays; the seals after it fail.
    forgeAndExpectSealFails({{},
                             [](std::vector<Event>& events) {
                                 Event note = events[endOf(events, 1)];
                                 note.kind = "note";
                                 note.payloadJson = R"({"text":"Ann conceded the ford"})";
                                 note.source = DiceSource::None;
                                 note.input.clear();
                                 events.insert(events.begin() + static_cast<long>(endOf(events, 1)), note);
                             }},
                            0);
}

TEST_F(Seals, CutTailIsCaught) {
    // Turn 3 removed: a sound, shorter game; turn 1's seal still holds, turn 3's does not.
    forgeAndExpectSealFails({{},
                             [](std::vector<Event>& events) { events.resize(endOf(events, 2) + 1); },
                             true}, // a cut leaves the signatures before it sound
                            2);
    EXPECT_EQ(verifySeal(m_seals[0]).exitCode, 0);
}

TEST_F(Seals, ACutBeforeATurnsSignatureFailsPlainVerify) {
    // Before: the events up to turn 2's last input, its signature cut off, verified "OK ... signed: turn 1".
    std::filesystem::copy_file(m_pristine, m_game, std::filesystem::copy_options::overwrite_existing);
    forge(m_game, {{}, [](std::vector<Event>& events) { events.resize(endOf(events, 2)); }, true});
    ASSERT_EQ(cli("game verify '" + m_game + "' --allow-unsigned").exitCode, 0);
    const Output plain = cli("game verify '" + m_game + "'");
    EXPECT_EQ(plain.exitCode, 1) << plain.text;
    EXPECT_TRUE(contains(plain.text, "NOT SIGNED")) << plain.text;
    EXPECT_TRUE(contains(plain.text, "turn 2 ended")) << plain.text;
    const Json j = Json::parse(cli("game verify '" + m_game + "' --json").text, nullptr, false);
    EXPECT_EQ(j.value("ok", true), false) << j.dump();
    EXPECT_TRUE(j.contains("unsignedEnd")) << j.dump();
}

namespace {

// The throws of `turn` still in force, latest first, with a face each could be fixed to.
std::vector<std::pair<std::int64_t, std::vector<int>>> throwsOf(const std::string& game, int turn) {
    std::vector<std::pair<std::int64_t, std::vector<int>>> out;
    auto j = Journal::open(game, {OpenMode::ReadOnly, false});
    if (!j)
        return out;
    auto inputs = j->effectiveInputs();
    if (!inputs)
        return out;
    for (auto it = inputs->rbegin(); it != inputs->rend(); ++it) {
        if (it->event.kind != kind::Dice || it->event.turn != turn)
            continue;
        std::vector<int> faces = *readPayloadFields(it->event.payloadJson).faces;
        faces[0] = faces[0] == 1 ? 2 : 1;
        out.emplace_back(it->event.seq, faces);
    }
    return out;
}

} // namespace

TEST_F(Seals, ACorrectionOfASealedTurnIsSaidWithWhatItChangedOnTheRoster) {
    // Before: after a Fix of a throw of turn 1, verify --seal said only "SEAL OK ... nothing before it was
    // changed", which is true of the bytes and false of what the table saw.
    Output v = verifySeal(m_seals[0]);
    ASSERT_EQ(v.exitCode, 0) << v.text;
    EXPECT_TRUE(contains(v.text, "sealed turn untouched")) << v.text;
    // Fix each throw of turn 1 in turn, on a fresh copy, until one changes the roster.
    Json verdict;
    std::int64_t fixed = 0;
    for (const auto& [seq, faces] : throwsOf(m_pristine, 1)) {
        std::filesystem::copy_file(m_pristine, m_game, std::filesystem::copy_options::overwrite_existing);
        {
            auto s = GameSession::open(m_game);
            ASSERT_TRUE(s) << s.message();
            if (!s->fix(seq, "Ann", "dispute", "", faces))
                continue;
        }
        const Output j =
            cli("game verify '" + m_game + "' --seal " + m_seals[0]["seal"].get<std::string>() + " --json");
        ASSERT_EQ(j.exitCode, 0) << j.text;
        verdict = Json::parse(j.text, nullptr, false);
        ASSERT_TRUE(verdict.is_object()) << j.text;
        if (!verdict["seal"]["rosterChanges"].empty()) {
            fixed = seq;
            break;
        }
    }
    ASSERT_NE(fixed, 0) << "no throw of turn 1 whose fix changes the roster";
    EXPECT_EQ(verdict["seal"]["verdict"], "corrected");
    ASSERT_EQ(verdict["seal"]["corrections"].size(), 1u) << verdict.dump();
    const Json& c = verdict["seal"]["corrections"][0];
    EXPECT_EQ(c["target"], fixed);
    EXPECT_EQ(c["targetTurn"], 1);
    EXPECT_EQ(c["player"], "Ann");
    EXPECT_EQ(c["reason"], "dispute");
    EXPECT_EQ(c["kind"], "override");
    EXPECT_NE(c["from"], c["to"]);
    const std::string line = verdict["seal"]["rosterChanges"][0].get<std::string>();
    EXPECT_TRUE(contains(line, " → ")) << line;
    // The words say the same, and the later seals of the game (their heads come after the fixed throw) too.
    v = verifySeal(m_seals[0]);
    EXPECT_EQ(v.exitCode, 0) << v.text;
    EXPECT_TRUE(contains(v.text, "sealed turn holds, later corrected once")) << v.text;
    EXPECT_TRUE(contains(v.text, "fixed event #" + std::to_string(fixed) + " of turn 1")) << v.text;
    EXPECT_TRUE(contains(v.text, "reason: dispute")) << v.text;
    EXPECT_TRUE(contains(v.text, line)) << v.text;
    EXPECT_TRUE(contains(verifySeal(m_seals[2]).text, "later corrected once"));
    // The app's Log and turn panel read the same: one sealed fix, under turn 1's own seal, in the table's
    // words.
    {
        auto j = Journal::open(m_game, {OpenMode::ReadOnly, false});
        ASSERT_TRUE(j) << j.message();
        const auto events = j->events();
        ASSERT_TRUE(events);
        const auto fixes = sealedFixes(*j, *events, 1 << 20);
        ASSERT_EQ(fixes.size(), 1u);
        EXPECT_EQ(fixes[0].seal.turn, 1);
        EXPECT_EQ(fixes[0].seal.seal, m_seals[0]["seal"].get<std::string>());
        EXPECT_EQ(fixes[0].correction.target, fixed);
        EXPECT_EQ(fixes[0].rosterChanges.front(), line);
        const std::string said = tableSentence(fixes[0].correction, fixes[0].seal.seal);
        EXPECT_EQ(said.rfind("Ann fixed ", 0), 0u) << said;
        EXPECT_TRUE(contains(said, "in turn 1, sealed " + fixes[0].seal.seal + ": ")) << said;
        EXPECT_TRUE(contains(said, "(dispute).")) << said;
    }
    // The report lists it beside each seal it touches.
    const Output report = cli("game report '" + m_game + "' --out '" + m_dir.file("report") + "'");
    ASSERT_EQ(report.exitCode, 0) << report.text;
    const Json r = Json::parse(readBytes(m_dir.file("report") + "/report.json"));
    ASSERT_EQ(r["seals"].size(), 3u);
    ASSERT_EQ(r["seals"][0]["corrections"].size(), 1u) << r["seals"].dump();
    EXPECT_TRUE(contains(r["seals"][0]["corrections"][0].get<std::string>(), "reason: dispute"));
    EXPECT_EQ(r["seals"][0]["rosterChanges"][0], line);
    const std::string html = readBytes(m_dir.file("report") + "/report.html");
    EXPECT_TRUE(contains(html, "fixed event #" + std::to_string(fixed) + " of turn 1")) << "not in the HTML";
}

TEST_F(Seals, AFixOfALaterTurnLeavesAnEarlierSealUntouched) {
    const auto turn2 = throwsOf(m_pristine, 2);
    ASSERT_FALSE(turn2.empty());
    bool done = false;
    for (const auto& [seq, faces] : turn2) {
        auto s = GameSession::open(m_game);
        ASSERT_TRUE(s) << s.message();
        if (s->fix(seq, "Ann", "misread", "", faces)) {
            done = true;
            break;
        }
    }
    ASSERT_TRUE(done);
    const Output v = verifySeal(m_seals[0]);
    EXPECT_EQ(v.exitCode, 0) << v.text;
    EXPECT_TRUE(contains(v.text, "sealed turn untouched")) << v.text;
    EXPECT_TRUE(contains(verifySeal(m_seals[1]).text, "later corrected once"));
    // Only the seal of turn 2 is changed: the Log and turn panel name it and no other.
    auto game = Journal::open(m_game, {OpenMode::ReadOnly, false});
    ASSERT_TRUE(game);
    const auto fixes = sealedFixes(*game, *game->events(), 1 << 20);
    ASSERT_EQ(fixes.size(), 1u);
    EXPECT_EQ(fixes[0].seal.turn, 2);
    // A seal the game does not hold says so in JSON too.
    const Output j = cli("game verify '" + m_game + "' --seal 00000-00000 --json");
    EXPECT_EQ(j.exitCode, 1) << j.text;
    EXPECT_EQ(Json::parse(j.text, nullptr, false)["seal"]["verdict"], "failed") << j.text;
}

TEST(TurnSeals, AFixStampedWithTheTurnItFixesEndsNothing) {
    // Before: an override of a turn-1 input, appended during turn 2 and stamped turn 1, was listed as a
    // second end of turn 1 (a seal no one was shown) in the report, the fix dialog and the seal card.
    std::vector<Event> events;
    for (const auto& [seq, turn] :
         std::vector<std::pair<std::int64_t, int>>{{1, 1}, {2, 1}, {3, 2}, {4, 2}, {5, 1}, {6, 2}}) {
        Event e;
        e.seq = seq;
        e.turn = turn;
        e.kind = seq == 5 ? kind::Override : kind::Answer;
        e.hash = std::string(64, static_cast<char>('a' + seq));
        events.push_back(e);
    }
    const auto inTurn2 = turnSeals(events, 2);
    ASSERT_EQ(inTurn2.size(), 1u);
    EXPECT_EQ(inTurn2[0].turn, 1);
    EXPECT_EQ(inTurn2[0].seq, 2);
    const auto after = turnSeals(events, 3);
    ASSERT_EQ(after.size(), 2u);
    EXPECT_EQ(after[1].turn, 2);
    EXPECT_EQ(after[1].seq, 6);
    // A fix that is the last event, after the last input of turn 2: turn 2 still ends there.
    events.pop_back(); // turns 1, 1, 2, 2, (fix of 1)
    const auto fixLast = turnSeals(events, 3);
    ASSERT_EQ(fixLast.size(), 2u);
    EXPECT_EQ(fixLast[1].seq, 4);
    // A fix at the first prompt of turn 2, right after turn 1's signature: turn 1 ended at the signature.
    std::vector<Event> signedGame(4);
    const std::vector<std::pair<int, std::string>> shape = {{1, std::string(kind::Answer)},
                                                            {1, std::string(kind::Signature)},
                                                            {1, std::string(kind::Override)},
                                                            {2, std::string(kind::Answer)}};
    for (std::size_t i = 0; i < shape.size(); ++i) {
        signedGame[i].seq = static_cast<std::int64_t>(i) + 1;
        signedGame[i].turn = shape[i].first;
        signedGame[i].kind = shape[i].second;
        signedGame[i].hash = std::string(64, static_cast<char>('k' + i));
    }
    const auto atSignature = turnSeals(signedGame, 2);
    ASSERT_EQ(atSignature.size(), 1u);
    EXPECT_EQ(atSignature[0].seq, 2);
}
