// `muster-cli game`: the game journal from the command line (verify, log, report, state, play).

#include "app/cli/Commands.h"
#include "app/cli/GameCommands.h"
#include "app/report/GameRecords.h"
#include "app/report/JsonText.h"
#include "app/report/Report.h"
#include "app/report/TurnStory.h"
#include "app/storage/GameSession.h"
#include "app/storage/Seal.h"
#include "app/storage/SealCorrections.h"
#include "app/storage/StruckOut.h"
#include "app/storage/TurnSignature.h"

#include <algorithm>
#include <cstring>
#include <iostream>
#include <map>
#include <sstream>

namespace muster::cli {

using report::GameRecord;
using report::headerText;
using report::jsonText;
using report::loadRecords;
using report::RecordFilter;
using report::toJson;

int runGameVerify(const GameVerifyOptions& o) {
    const std::string& path = o.game;
    std::string seal;
    if (const auto& typed = o.seal) {
        seal = storage::normalizeSeal(*typed);
        if (seal.empty()) {
            std::cerr << "muster-cli game verify: '" << *typed
                      << "' is not a seal (10 letters and digits, e.g. 4K7QD-M2X9A)\n";
            return 2;
        }
    }
    std::string device;
    if (const auto& typed = o.device) {
        device = storage::normalizeFingerprint(*typed);
        if (device.empty()) {
            std::cerr << "muster-cli game verify: '" << *typed
                      << "' is not a device fingerprint (16 hex digits, e.g. 3f9a-0c21-77be-d410)\n";
            return 2;
        }
    }
    auto journal = storage::Journal::open(path, {storage::OpenMode::ReadOnly, true});
    if (!journal) {
        std::cerr << "muster-cli game verify: " << journal.message() << "\n";
        return 2;
    }
    const storage::VerifyReport r = storage::GameSession::verify(*journal);
    // With --json the words go nowhere and one object says it all, printed at every way out.
    std::ostringstream words;
    std::ostream& out = o.json ? words : std::cout;
    nlohmann::json verdict = {
        {"file", path},           {"ok", r.ok},
        {"events", r.eventCount}, {"photos", r.evidenceCount},
        {"head", r.eventCount},   {"headHash", r.headHash},
        {"replayed", r.replayed}, {"signed", storage::describeSignatures(r.signatures)}};
    if (!r.notReplayed.empty())
        verdict["notReplayed"] = r.notReplayed;
    const auto done = [&](int code) {
        if (o.json)
            std::cout << jsonText(verdict) << "\n";
        return code;
    };
    if (!r.ok) {
        verdict["problem"] = r.problem;
        if (r.firstBadSeq)
            verdict["firstBadEvent"] = *r.firstBadSeq;
        out << "FAILED: " << path << ": "
            << (r.firstBadSeq ? "first bad event is #" + std::to_string(*r.firstBadSeq) + ": " : "")
            << r.problem << "\n";
        return done(1);
    }
    out << "OK: " << path << ": " << r.eventCount << " events, " << r.evidenceCount
        << " photos; integrity_check ok, append-only triggers present, hash chain intact, every photo "
           "matches its hash, "
        << (r.replayed ? "every input replays to the end" : "inputs not replayed: " + r.notReplayed) << "\n"
        << "head: event #" << r.eventCount << " " << r.headHash << "\n"
        << "signed: " << storage::describeSignatures(r.signatures) << "\n";
    // A cut tail leaves a sound, shorter chain: what shows it is the last finished turn's missing signature.
    int status = 0;
    if (!r.unsignedEnd.empty()) {
        verdict["unsignedEnd"] = r.unsignedEnd;
        if (o.allowUnsigned) {
            out << "unsigned: " << r.unsignedEnd << "; accepted (--allow-unsigned)\n";
        } else {
            verdict["ok"] = false;
            status = 1;
            out << "NOT SIGNED: " << path << ": " << r.unsignedEnd
                << ". Its last events may have been cut off (a copy taken while the game was being written, "
                   "or a "
                   "file cut short), or it was played without a device key. Verify the recording device's "
                   "own "
                   "copy, or a seal noted at the table with --seal; if you know it was played unsigned, "
                   "'muster-cli game verify --allow-unsigned' accepts it\n";
        }
    }
    if (seal.empty() && device.empty())
        return done(status);
    auto events = journal->events();
    if (!events) {
        std::cerr << "muster-cli game verify: " << events.message() << "\n";
        return 2;
    }
    if (!device.empty()) {
        const std::string problem = storage::notSignedBy(*events, r.signatures, device);
        if (!problem.empty()) {
            out << "DEVICE FAILED: " << path << ": " << problem << "\n";
            verdict["device"] = {{"fingerprint", device}, {"ok", false}, {"problem", problem}};
            return done(1);
        }
        out << "DEVICE OK: every finished turn's head is signed by device " << device << "\n";
        verdict["device"] = {{"fingerprint", device}, {"ok", true}};
        if (seal.empty())
            return done(status);
    }
    // The seal names one head; the chain ties that head to every byte before it. Later inputs may still
    // change what the sealed turn held (a fix appended after it): each is said, with what it changed on the
    // roster.
    for (const storage::Event& e : *events)
        if (storage::sealOf(e.seq, e.hash) == seal) {
            const storage::SealCorrections sc = storage::correctionsAfter(*journal, *events, e.seq);
            const std::size_t n = sc.corrections.size();
            nlohmann::json sealJson = {{"code", seal},
                                       {"verdict", n == 0 ? "untouched" : "corrected"},
                                       {"head", e.seq},
                                       {"turn", e.turn},
                                       {"corrections", nlohmann::json::array()},
                                       {"rosterChanges", sc.rosterChanges}};
            for (const storage::SealCorrection& c : sc.corrections)
                sealJson["corrections"].push_back({{"event", c.seq},
                                                   {"kind", c.kind},
                                                   {"target", c.target},
                                                   {"targetTurn", c.targetTurn},
                                                   {"key", c.targetKey},
                                                   {"musterDraw", c.appDraw},
                                                   {"from", c.from},
                                                   {"to", c.to},
                                                   {"player", c.player},
                                                   {"time", c.time},
                                                   {"reason", c.reason},
                                                   {"setAside", c.setAside},
                                                   {"text", storage::describe(c)}});
            if (!sc.rosterProblem.empty())
                sealJson["rosterProblem"] = sc.rosterProblem;
            verdict["seal"] = sealJson;
            out << "SEAL OK: " << seal << " is the head at event #" << e.seq << " (turn " << e.turn
                << "): this game holds it, and nothing before it was changed\n";
            if (n == 0) {
                out << "sealed turn untouched: no later input changes what it held\n";
                return done(status);
            }
            out << "sealed turn holds, later corrected "
                << (n == 1 ? std::string("once") : std::to_string(n) + " times")
                << ": the outcome the table saw at the seal is no longer the game's\n";
            for (const storage::SealCorrection& c : sc.corrections)
                out << "  " << storage::describe(c) << "\n";
            for (const std::string& line : sc.rosterChanges)
                out << "    " << line << "\n";
            if (!sc.rosterProblem.empty())
                out << "    (no roster lines: " << sc.rosterProblem << ")\n";
            return done(status);
        }
    out << "SEAL FAILED: " << path << ": no head of this game has seal " << seal
        << ": the game was cut before that head, or something before it was changed\n";
    verdict["seal"] = {{"code", seal}, {"verdict", "failed"}};
    return done(1);
}

void warnUnsound(const std::string& command, const std::string& path, const storage::VerifyReport& r) {
    if (!r.ok)
        std::cerr << "muster-cli game " << command << ": WARNING: " << path << " does not verify: "
                  << (r.firstBadSeq ? "event #" + std::to_string(*r.firstBadSeq) + ": " : "") << r.problem
                  << ". What follows is what the file says, not necessarily what was played.\n";
}

storage::VerifyReport warnIfUnsound(const std::string& command, const storage::Journal& journal) {
    storage::VerifyReport r = storage::GameSession::verify(journal);
    warnUnsound(command, journal.path(), r);
    return r;
}

int runGameReport(const GameReportOptions& o) {
    auto written = report::writeReport(o.game, o.out);
    if (!written) {
        std::cerr << "muster-cli game report: " << written.message() << "\n";
        return written.error().kind == report::ReportError::Kind::CannotOpen ? 2 : 1;
    }
    warnUnsound("report", o.game, written->verify);
    std::cout << "wrote " << written->html.string() << " and " << written->json.string() << " ("
              << written->events << " events, " << written->verify.evidenceCount << " photos"
              << (written->verify.ok ? "" : ", HASH CHAIN BROKEN") << ")\n";
    return written->verify.ok ? 0 : 1;
}

namespace {

// The story lines (TurnStory) of each input in force, in order, by event seq: its draws line, what it
// resolved, and (with `summaries`) the turn's summary after the turn's last input. Empty when the game does
// not replay (the log has warned already).
std::map<std::int64_t, std::vector<report::StoryLine>> storyBySeq(const std::string& path, bool summaries) {
    std::map<std::int64_t, std::vector<report::StoryLine>> out;
    for (report::StoryLine& line : report::turnStoryOf(path))
        if (summaries || line.kind != report::StoryLine::Kind::TurnSummary)
            out[line.seq].push_back(std::move(line));
    return out;
}

} // namespace

int runGameLog(const GameLogOptions& o) {
    RecordFilter filter;
    filter.turn = o.turn;
    filter.player = o.player;
    filter.unit = o.unit;
    auto journal = storage::Journal::open(o.game, {storage::OpenMode::ReadOnly, false});
    if (!journal) {
        std::cerr << "muster-cli game log: " << journal.message() << "\n";
        return 2;
    }
    (void)warnIfUnsound("log", *journal);
    auto records = loadRecords(*journal);
    if (!records) {
        std::cerr << "muster-cli game log: " << records.message() << "\n";
        return 1;
    }
    const bool json = o.json;
    // A turn's summary speaks of every side: it is left out when the log shows one player's or unit's events.
    const auto story = storyBySeq(o.game, filter.player.empty() && filter.unit.empty());
    if (!json)
        std::cout << "# " << headerText(records->game) << "\n";
    std::size_t playerWidth = 6;
    for (const GameRecord& r : records->records)
        playerWidth = std::max(playerWidth, r.event.player.size());
    for (const GameRecord& r : records->records) {
        if (!filter.matches(r))
            continue;
        const auto said = story.find(r.event.seq);
        if (json) {
            nlohmann::json j = toJson(r);
            if (said != story.end())
                report::addStoryFields(j, said->second);
            std::cout << jsonText(j) << "\n";
            continue;
        }
        const storage::Event& e = r.event;
        std::string marks;
        if (r.undoneBy)
            marks += "  [undone by #" + std::to_string(*r.undoneBy) + "]";
        if (r.overriddenBy)
            marks += "  [overridden by #" + std::to_string(*r.overriddenBy) + "]";
        if (r.supersededBy)
            marks += "  [superseded by #" + std::to_string(*r.supersededBy) + "]";
        if (e.evidenceCount > 0)
            marks +=
                "  [" + std::to_string(e.evidenceCount) + " photo" + (e.evidenceCount > 1 ? "s" : "") + "]";
        std::string source(storage::toString(e.source));
        char head[96];
        std::snprintf(head, sizeof head, "#%-5lld T%-2d %-13s %-8s ", static_cast<long long>(e.seq), e.turn,
                      e.phase.c_str(), e.kind.c_str());
        std::string who = e.player;
        who.resize(std::max(playerWidth, who.size()), ' ');
        source.resize(std::max<std::size_t>(8, source.size()), ' ');
        std::cout << head << who << " " << source << " " << r.summary << marks << "\n";
        if (said != story.end())
            for (const report::StoryLine& line : said->second)
                std::cout << "         = " << line.text << "\n";
        if (!r.struckOut.empty())
            std::cout << "         x " << storage::struckOutText(r.struckOut) << "\n";
    }
    return 0;
}

} // namespace muster::cli
