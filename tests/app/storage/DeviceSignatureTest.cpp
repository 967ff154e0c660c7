// Device signatures (issue 22): each finished turn's head is signed with the recording device's Ed25519 key;
// verify checks every signature, so a game whose hashes were recomputed elsewhere no longer verifies, and
// `--device FINGERPRINT` shows a game stripped of its signatures or signed by another key is not that
// device's.

#include "CliRun.h"
#include "Forger.h"
#include "TestFiles.h"
#include "app/storage/DeviceKey.h"
#include "app/storage/GameSession.h"
#include "app/storage/TurnSignature.h"
#include "rules/Engine.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace muster::storage;
using namespace muster::storage::test;
using Json = nlohmann::json;

namespace {

const std::string kScenario = MUSTER_STORAGE_TEST_DATA "/skirmish.json";

std::array<std::uint8_t, 32> seed(std::uint8_t b) {
    std::array<std::uint8_t, 32> s{};
    s.fill(b);
    return s;
}

} // namespace

TEST(DeviceKeys, MadeOnceKeptPrivateAndReadBack) {
    ScratchDir dir;
    const std::string path = dir.file("config/muster/device-key");
    auto made = DeviceKey::loadOrCreate(path);
    ASSERT_TRUE(made) << made.message();
    struct stat st {};
    ASSERT_EQ(::stat(path.c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0600u);
    auto again = DeviceKey::loadOrCreate(path);
    ASSERT_TRUE(again) << again.message();
    EXPECT_EQ(again->publicKey(), made->publicKey());
    EXPECT_EQ(again->fingerprint(), made->fingerprint());
    EXPECT_EQ(made->fingerprint().size(), 19u); // xxxx-xxxx-xxxx-xxxx
    EXPECT_EQ(normalizeFingerprint(made->fingerprint()), made->fingerprint());
    std::string typed = made->fingerprint();
    for (char& c : typed)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    EXPECT_EQ(normalizeFingerprint(typed), made->fingerprint());
    EXPECT_EQ(normalizeFingerprint("not-a-fingerprint"), "");
}

TEST(DeviceKeys, AFileThatIsNotAKeyIsRefusedAndLeftAlone) {
    ScratchDir dir;
    const std::string path = dir.file("device-key");
    {
        std::ofstream out(path);
        out << "my shopping list\n";
    }
    auto k = DeviceKey::loadOrCreate(path);
    ASSERT_FALSE(k);
    EXPECT_TRUE(contains(k.message(), "not a Muster device key")) << k.message();
    EXPECT_EQ(readBytes(path), "my shopping list\n");
    EXPECT_FALSE(DeviceKey::loadOrCreate(dir.path().string())) // a folder where the key should be
        << "a folder is not a key";
}

TEST(DeviceKeys, ALinkToNothingIsNamedAndNoKeyIsMadeThroughIt) {
    // Before: exists() said no key, link() found the link there, and loadOrCreate called itself until the
    // stack ran out (a segfault after ~30 s).
    ScratchDir dir;
    const std::string path = dir.file("device-key");
    const std::string nowhere = dir.file("gone/device-key");
    ASSERT_EQ(::symlink(nowhere.c_str(), path.c_str()), 0);
    auto k = DeviceKey::loadOrCreate(path);
    ASSERT_FALSE(k);
    EXPECT_TRUE(contains(k.message(), "is a link to " + nowhere + ", which does not exist")) << k.message();
    EXPECT_FALSE(std::filesystem::exists(nowhere));
    EXPECT_TRUE(std::filesystem::is_symlink(path));
}

TEST(DeviceKeys, AKeyThatCannotBeReadIsNotCalledForeignNorReplaced) {
    // A folder where the key should be cannot be read: the message keeps the key (its signatures are this
    // device's identity) instead of advising to move it away.
    ScratchDir dir;
    auto k = DeviceKey::loadOrCreate(dir.path().string());
    ASSERT_FALSE(k);
    EXPECT_TRUE(contains(k.message(), "is a folder, not a device key")) << k.message();
    EXPECT_FALSE(contains(k.message(), "move it away")) << k.message();
    EXPECT_TRUE(contains(k.message(), "do not replace it")) << k.message();
}

TEST(DeviceKeys, AKeyOtherUsersCanReadIsUsedWithAWarning) {
    ScratchDir dir;
    const std::string path = dir.file("device-key");
    auto made = DeviceKey::loadOrCreate(path);
    ASSERT_TRUE(made) << made.message();
    EXPECT_EQ(made->warning(), "");
    auto private_ = DeviceKey::loadOrCreate(path);
    ASSERT_TRUE(private_);
    EXPECT_EQ(private_->warning(), "");
    ASSERT_EQ(::chmod(path.c_str(), 0644), 0);
    auto exposed = DeviceKey::loadOrCreate(path);
    ASSERT_TRUE(exposed) << exposed.message();
    EXPECT_EQ(exposed->fingerprint(), made->fingerprint());
    EXPECT_TRUE(contains(exposed->warning(), "can be read by other users")) << exposed->warning();
    EXPECT_TRUE(contains(exposed->warning(), "chmod 600")) << exposed->warning();
}

TEST(DeviceKeys, SignaturesVerifyOnlyForTheirMessageAndKey) {
    const DeviceKey a = DeviceKey::fromSeed(seed(1));
    const DeviceKey b = DeviceKey::fromSeed(seed(2));
    const Signature sig = a.sign(headMessage(41, "abc"));
    EXPECT_TRUE(verifySignature(a.publicKey(), headMessage(41, "abc"), sig));
    EXPECT_FALSE(verifySignature(a.publicKey(), headMessage(42, "abc"), sig));
    EXPECT_FALSE(verifySignature(b.publicKey(), headMessage(41, "abc"), sig));
    EXPECT_NE(a.fingerprint(), b.fingerprint());
}

TEST(DeviceKeys, SignaturesAreDescribedByTurnRuns) {
    EXPECT_EQ(describeSignatures({}), "unsigned");
    EXPECT_EQ(describeSignatures({{1, 10, "aaaa-bbbb-cccc-dddd"},
                                  {2, 20, "aaaa-bbbb-cccc-dddd"},
                                  {3, 30, "aaaa-bbbb-cccc-dddd"},
                                  {5, 50, "aaaa-bbbb-cccc-dddd"}}),
              "turns 1-3, 5 by device aaaa-bbbb-cccc-dddd");
    EXPECT_EQ(describeSignatures({{1, 10, "aaaa-bbbb-cccc-dddd"}, {2, 20, "1111-2222-3333-4444"}}),
              "turn 1 by device aaaa-bbbb-cccc-dddd; turn 2 by device 1111-2222-3333-4444");
}

class DeviceSignatures : public ::testing::Test {
protected:
    void SetUp() override {
        m_key = m_dir.file("device-key");
        auto k = DeviceKey::loadOrCreate(m_key);
        ASSERT_TRUE(k) << k.message();
        m_fingerprint = k->fingerprint();
        m_game = m_dir.file("game.muster");
        const Output played = run("game play --rules md --scenario '" + kScenario + "' --game '" + m_game +
                                  "' --auto --dice virtual --seed 3 --turns 3 --json");
        ASSERT_EQ(played.exitCode, 0) << played.text;
        m_seals = linesOfType(played.text, "seal");
        ASSERT_EQ(m_seals.size(), 3u) << played.text;
        m_pristine = m_dir.file("pristine.muster");
        std::filesystem::copy_file(m_game, m_pristine);
    }
    Output run(const std::string& args) { return cli(args, {}, "MUSTER_DEVICE_KEY='" + m_key + "'"); }
    Output verify(const std::string& extra = {}) { return cli("game verify '" + m_game + "' " + extra); }
    void reset() {
        std::filesystem::copy_file(m_pristine, m_game, std::filesystem::copy_options::overwrite_existing);
    }

    ScratchDir m_dir;
    std::string m_key, m_fingerprint, m_game, m_pristine;
    std::vector<Json> m_seals;
};

TEST_F(DeviceSignatures, EveryTurnIsSignedAndSealedAfterItsSignature) {
    for (const Json& s : m_seals)
        EXPECT_EQ(s["device"], m_fingerprint) << s.dump();
    auto j = Journal::open(m_game, {OpenMode::ReadOnly, false});
    ASSERT_TRUE(j) << j.message();
    const std::vector<Event> events = *j->events();
    // Each seal names a signature event, which signs the event just before it.
    for (const Json& s : m_seals) {
        const Event& sealed = events[static_cast<std::size_t>(s["seq"].get<std::int64_t>() - 1)];
        EXPECT_EQ(sealed.kind, kind::Signature);
        EXPECT_EQ(Json::parse(sealed.payloadJson)["seq"], sealed.seq - 1);
    }
    const Output v = verify("--device " + m_fingerprint);
    EXPECT_EQ(v.exitCode, 0) << v.text;
    EXPECT_TRUE(contains(v.text, "signed: turns 1-3 by device " + m_fingerprint)) << v.text;
    EXPECT_TRUE(contains(v.text, "DEVICE OK")) << v.text;
    // A seal still proves its head.
    EXPECT_EQ(verify("--seal " + m_seals[1]["seal"].get<std::string>()).exitCode, 0);
    // The report names the device beside every seal.
    const Output report = cli("game report '" + m_game + "' --out '" + m_dir.file("report") + "'");
    ASSERT_EQ(report.exitCode, 0) << report.text;
    const Json r = Json::parse(readBytes(m_dir.file("report") + "/report.json"));
    EXPECT_EQ(r["signed"], "turns 1-3 by device " + m_fingerprint);
    ASSERT_EQ(r["seals"].size(), 3u);
    for (std::size_t i = 0; i < 3; ++i) {
        EXPECT_EQ(r["seals"][i]["seal"], m_seals[i]["seal"]);
        EXPECT_EQ(r["seals"][i]["device"], m_fingerprint);
    }
    EXPECT_TRUE(
        contains(readBytes(m_dir.file("report") + "/report.html"), "<code>" + m_fingerprint + "</code>"));
}

TEST_F(DeviceSignatures, ARecomputedChainNoLongerMatchesTheSignatures) {
    // The forgeries of the seal tests, with the signature events left in: each is caught by verify alone.
    const std::vector<Forgery> forgeries = {
        {[](GameInfo& g) { g.players[0].name = "Someone Else"; }, {}, true},
        {{},
         [](std::vector<Event>& events) {
             Event note = events[3];
             note.kind = "note";
             note.payloadJson = R"({"text":"Ann conceded the ford"})";
             note.source = DiceSource::None;
             note.input.clear();
             events.insert(events.begin() + 3, note);
         },
         true},
    };
    for (const Forgery& f : forgeries) {
        reset();
        forge(m_game, f);
        const Output v = verify();
        EXPECT_EQ(v.exitCode, 1) << v.text;
        EXPECT_TRUE(contains(v.text, "FAILED")) << v.text;
        EXPECT_TRUE(contains(v.text, "the signature of turn 1's head")) << v.text;
    }
}

TEST_F(DeviceSignatures, AGameStrippedOfItsSignaturesIsNotThisDevices) {
    // Rewritten by a script with every hash recomputed and the signatures taken out: sound, but unsigned.
    // Plain verify says so (before: OK, "signed: unsigned", which no one reads as cut or forged).
    forge(m_game, {[](GameInfo& g) { g.players[0].name = "Someone Else"; }, {}});
    const Output plain = verify();
    EXPECT_EQ(plain.exitCode, 1) << plain.text;
    EXPECT_TRUE(contains(plain.text, "NOT SIGNED")) << plain.text;
    EXPECT_TRUE(contains(plain.text, "turn 3 ended")) << plain.text;
    EXPECT_TRUE(contains(plain.text, "--allow-unsigned")) << plain.text;
    EXPECT_EQ(verify("--allow-unsigned").exitCode, 0);
    EXPECT_TRUE(contains(verify("--allow-unsigned").text, "signed: unsigned"));
    const Output v = verify("--device " + m_fingerprint);
    EXPECT_EQ(v.exitCode, 1) << v.text;
    EXPECT_TRUE(contains(v.text, "DEVICE FAILED")) << v.text;
    EXPECT_TRUE(contains(v.text, "turn 1 ended")) << v.text;
}

TEST_F(DeviceSignatures, AGameResignedWithAnotherKeyIsNotThisDevices) {
    // A forger signs again with a key of their own: sound, but the fingerprint is theirs.
    forge(m_game, {[](GameInfo& g) { g.players[0].name = "Someone Else"; }, {}});
    const DeviceKey theirs = DeviceKey::fromSeed(seed(9));
    {
        auto s = GameSession::open(m_game);
        ASSERT_TRUE(s) << s.message();
        ASSERT_TRUE(s->signHead(theirs));
    }
    EXPECT_EQ(verify().exitCode, 0) << verify().text;
    const Output v = verify("--device " + m_fingerprint);
    EXPECT_EQ(v.exitCode, 1) << v.text;
    EXPECT_TRUE(contains(v.text, "signed by another device, " + theirs.fingerprint())) << v.text;
}

TEST_F(DeviceSignatures, AGameOfAnotherEngineVersionIsStillCheckedForSignaturesAndFaces) {
    // Before: a game whose recorded engine version was changed was not replayed, and verify then skipped its
    // signatures ("signed: unsigned" over five broken ones) and said OK over a 7 on a d6.
    auto sevenOnAD6 = [](std::vector<Event>& events) {
        for (Event& e : events) {
            if (e.kind != kind::Dice)
                continue;
            Json p = Json::parse(e.payloadJson);
            if (p.value("sides", 0) == 6) {
                p["faces"][0] = 7;
                e.payloadJson = p.dump();
                return;
            }
        }
    };
    const int other = muster::rules::engineVersion("md") + 1;
    forge(m_game, {[&](GameInfo& g) { g.engineVersion = other; }, sevenOnAD6, true});
    Output v = verify();
    EXPECT_EQ(v.exitCode, 1) << v.text;
    EXPECT_TRUE(contains(v.text, "the signature of turn 1's head")) << v.text;
    // With the signatures taken out too, the 7 is found without the engine, and the log and report warn.
    reset();
    forge(m_game, {[&](GameInfo& g) { g.engineVersion = other; }, sevenOnAD6});
    v = verify();
    EXPECT_EQ(v.exitCode, 1) << v.text;
    EXPECT_TRUE(contains(v.text, "gives a 7 on a d6, which no such die shows")) << v.text;
    const Output log = cli("game log '" + m_game + "'");
    EXPECT_TRUE(contains(log.text, "WARNING")) << log.text;
}

TEST_F(DeviceSignatures, TurnsRelabelledToHideRemovedSignaturesAreCaught) {
    // Before: with the signatures of turns 2 and 3 deleted and turn 3's events relabelled as turn 2, no turn
    // after the first seemed to have ended, and verify --device said DEVICE OK: nothing checked an event's
    // turn against the replay.
    forge(m_game, {{},
                   [](std::vector<Event>& events) {
                       std::erase_if(events,
                                     [](const Event& e) { return e.kind == kind::Signature && e.turn >= 2; });
                       for (Event& e : events)
                           if (e.turn == 3)
                               e.turn = 2;
                   },
                   true});
    const Output v = verify("--device " + m_fingerprint);
    EXPECT_EQ(v.exitCode, 1) << v.text;
    EXPECT_FALSE(contains(v.text, "DEVICE OK")) << v.text;
    EXPECT_TRUE(contains(v.text, "is stamped turn 2, but the game was in turn 3 when it was entered"))
        << v.text;
}

TEST_F(DeviceSignatures, PlayRefusesAGameWhoseSignaturesNoLongerHold) {
    // Before: `game play` resumed a game that verify rejects for a broken signature, appended to it and
    // signed the forged history with this device's key.
    forge(m_game, {[](GameInfo& g) { g.players[0].name = "Someone Else"; }, {}, true});
    const std::string before = readBytes(m_game);
    const Output played = run("game play --rules md --scenario '" + kScenario + "' --game '" + m_game +
                              "' --auto --dice virtual --seed 3 --turns 4");
    EXPECT_NE(played.exitCode, 0) << played.text;
    EXPECT_TRUE(contains(played.text, "does not verify")) << played.text;
    EXPECT_TRUE(contains(played.text, "the signature of turn 1's head")) << played.text;
    EXPECT_TRUE(contains(played.text, "muster-cli game verify")) << played.text;
    EXPECT_EQ(readBytes(m_game), before);
}

TEST_F(DeviceSignatures, ASignatureOfAnotherHeadOrBrokenFieldsFails) {
    auto check = [](const std::vector<Event>& events) {
        return checkSignatures(events);
    };
    auto j = Journal::open(m_game, {OpenMode::ReadOnly, false});
    ASSERT_TRUE(j);
    std::vector<Event> events = *j->events();
    EXPECT_FALSE(check(events).firstBadSeq);
    EXPECT_EQ(check(events).signedHeads.size(), 3u);
    const std::size_t sig = static_cast<std::size_t>(m_seals[0]["seq"].get<std::int64_t>() - 1);
    std::vector<Event> moved = events;
    std::swap(moved[sig], moved[sig - 1]); // the signature no longer follows its head
    EXPECT_TRUE(contains(check(moved).problem, "does not sign the event just before it"));
    for (const char* field : {"key", "sig", "seq", "head"}) {
        std::vector<Event> broken = events;
        Json p = Json::parse(broken[sig].payloadJson);
        p[field] = "zz";
        broken[sig].payloadJson = p.dump();
        EXPECT_EQ(check(broken).firstBadSeq, broken[sig].seq) << field;
    }
    std::vector<Event> badSig = events;
    Json p = Json::parse(badSig[sig].payloadJson);
    std::string s = p["sig"];
    s[0] = s[0] == '0' ? '1' : '0';
    p["sig"] = s;
    badSig[sig].payloadJson = p.dump();
    EXPECT_TRUE(contains(check(badSig).problem, "does not verify")) << check(badSig).problem;
}

TEST_F(DeviceSignatures, AnUnusableKeyPlaysUnsignedAndSaysSo) {
    const std::string game2 = m_dir.file("g2.muster");
    const std::string notAKey = m_dir.file("not-a-key");
    {
        std::ofstream out(notAKey);
        out << "x";
    }
    const Output played = cli("game play --rules md --scenario '" + kScenario + "' --game '" + game2 +
                                  "' --auto --dice virtual --seed 3 --turns 1",
                              {}, "MUSTER_DEVICE_KEY='" + notAKey + "'");
    ASSERT_EQ(played.exitCode, 0) << played.text;
    EXPECT_TRUE(contains(played.text, "turns are not signed")) << played.text;
    EXPECT_TRUE(contains(played.text, ", unsigned")) << played.text;
    EXPECT_EQ(readBytes(notAKey), "x");
}
