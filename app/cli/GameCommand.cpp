// `muster-cli game`: the game journal from the command line (verify, log, report, state, play).

#include "app/cli/CommandLine.h"
#include "app/cli/GameCommands.h"
#include "app/cli/GameRecords.h"
#include "app/cli/JsonText.h"
#include "app/storage/GameSession.h"
#include "app/storage/Seal.h"

#include <algorithm>
#include <cstring>
#include <iostream>
#include <map>

namespace muster::cli {

namespace {

const char* const kUsage = R"(usage: muster-cli game <subcommand> GAME.muster [options]

  verify GAME.muster [--seal CODE]   integrity_check, append-only triggers, the hash chain, every photo's hash
                                     and a replay of every input; print the head or name what is wrong.
                                     --seal: also prove the game holds the head a turn-end seal names
  log GAME.muster [--turn N] [--player P] [--unit U] [--json]
                                     the events, with undos and overrides marked
  report GAME.muster --out DIR       DIR/report.html (self-contained) and DIR/report.json, with dice statistics
  state GAME.muster                  the game state (the fold of the journal through the rules engine) as JSON
  play --rules RULESET --scenario FILE --game GAME.muster [--dice virtual|stdin] [--auto] [--seed N] [--turns N] [--json]
                                     play (or resume) a game; see docs/game-protocol.md
)";

struct Subcommand {
    const char* name;
    int (*run)(const Args&);
};

const Subcommand kSubcommands[] = {
    {"verify", runGameVerify}, {"log", runGameLog},   {"report", runGameReport},
    {"state", runGameState},   {"play", runGamePlay},
};

} // namespace

int runGame(const Args& args) {
    if (args.empty() || args[0] == "--help" || args[0] == "help") {
        (args.empty() ? std::cerr : std::cout) << kUsage;
        return args.empty() ? 2 : 0;
    }
    const Args rest(args.begin() + 1, args.end());
    for (const Subcommand& s : kSubcommands)
        if (args[0] == s.name)
            return s.run(rest);
    std::cerr << "muster-cli game: unknown subcommand '" << args[0] << "'\n" << kUsage;
    return 2;
}

int runGameVerify(const Args& args) {
    CommandLine cl(args, {"seal"}, {});
    if (!cl.ok() || cl.positional().size() != 1) {
        std::cerr << (cl.ok() ? std::string("usage: muster-cli game verify GAME.muster [--seal CODE]")
                              : cl.error())
                  << "\n";
        return 2;
    }
    const std::string& path = cl.positional()[0];
    std::string seal;
    if (auto typed = cl.value("seal")) {
        seal = storage::normalizeSeal(*typed);
        if (seal.empty()) {
            std::cerr << "muster-cli game verify: '" << *typed
                      << "' is not a seal (10 letters and digits, e.g. 4K7QD-M2X9A)\n";
            return 2;
        }
    }
    auto journal = storage::Journal::open(path, {storage::OpenMode::ReadOnly, true});
    if (!journal) {
        std::cerr << "muster-cli game verify: " << journal.message() << "\n";
        return 2;
    }
    const storage::VerifyReport r = storage::GameSession::verify(*journal);
    if (!r.ok) {
        std::cout << "FAILED: " << path << ": "
                  << (r.firstBadSeq ? "first bad event is #" + std::to_string(*r.firstBadSeq) + ": " : "")
                  << r.problem << "\n";
        return 1;
    }
    std::cout << "OK: " << path << ": " << r.eventCount << " events, " << r.evidenceCount
              << " photos; integrity_check ok, append-only triggers present, hash chain intact, every photo "
                 "matches its hash, "
              << (r.replayed ? "every input replays to the end" : "inputs not replayed: " + r.notReplayed)
              << "\n"
              << "head: event #" << r.eventCount << " " << r.headHash << "\n";
    if (seal.empty())
        return 0;
    // The seal names one head; the chain ties that head to every byte before it.
    auto events = journal->events();
    if (!events) {
        std::cerr << "muster-cli game verify: " << events.message() << "\n";
        return 2;
    }
    for (const storage::Event& e : *events)
        if (storage::sealOf(e.seq, e.hash) == seal) {
            std::cout << "SEAL OK: " << seal << " is the head at event #" << e.seq << " (turn " << e.turn
                      << "): this game holds it, and nothing before it was changed\n";
            return 0;
        }
    std::cout << "SEAL FAILED: " << path << ": no head of this game has seal " << seal
              << ": the game was cut before that head, or something before it was changed\n";
    return 1;
}

storage::VerifyReport warnIfUnsound(const std::string& command, const storage::Journal& journal) {
    storage::VerifyReport r = storage::GameSession::verify(journal);
    if (!r.ok)
        std::cerr << "muster-cli game " << command << ": WARNING: " << journal.path() << " does not verify: "
                  << (r.firstBadSeq ? "event #" + std::to_string(*r.firstBadSeq) + ": " : "") << r.problem
                  << ". What follows is what the file says, not necessarily what was played.\n";
    return r;
}

namespace {

// What each input in force resolved, in the rules' own sentences (Engine::events after it), by event seq:
// the game replayed input by input. Empty when it does not replay (the log has warned already).
std::map<std::int64_t, std::vector<std::string>> resolvedBySeq(const std::string& path) {
    std::map<std::int64_t, std::vector<std::string>> out;
    auto session = storage::GameSession::open(path, {storage::OpenMode::ReadOnly, false});
    if (!session)
        return out;
    std::vector<storage::EffectiveInput> events;
    auto inputs = session->inputsInForce(&events);
    auto engine = session->freshGame();
    if (!inputs || !engine)
        return out;
    for (std::size_t i = 0; i < inputs->size(); ++i) {
        if (!engine->apply((*inputs)[i]))
            break;
        if (!engine->events().empty())
            out[events[i].event.seq] = engine->events();
    }
    return out;
}

} // namespace

int runGameLog(const Args& args) {
    CommandLine cl(args, {"turn", "player", "unit"}, {"json"});
    if (!cl.ok() || cl.positional().size() != 1) {
        std::cerr << (cl.ok() ? std::string("usage: muster-cli game log GAME.muster [--turn N] [--player P] "
                                            "[--unit U] [--json]")
                              : cl.error())
                  << "\n";
        return 2;
    }
    RecordFilter filter;
    if (auto t = cl.value("turn")) {
        char* end = nullptr;
        const long n = std::strtol(t->c_str(), &end, 10);
        if (t->empty() || *end != '\0' || n < 0) {
            std::cerr << "muster-cli game log: --turn needs a turn number, not '" << *t << "'\n";
            return 2;
        }
        filter.turn = static_cast<int>(n);
    }
    filter.player = cl.value("player").value_or("");
    filter.unit = cl.value("unit").value_or("");
    auto journal = storage::Journal::open(cl.positional()[0], {storage::OpenMode::ReadOnly, false});
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
    const bool json = cl.flag("json");
    const auto resolved = resolvedBySeq(cl.positional()[0]);
    if (!json)
        std::cout << "# " << headerText(records->game) << "\n";
    std::size_t playerWidth = 6;
    for (const GameRecord& r : records->records)
        playerWidth = std::max(playerWidth, r.event.player.size());
    for (const GameRecord& r : records->records) {
        if (!filter.matches(r))
            continue;
        const auto said = resolved.find(r.event.seq);
        if (json) {
            nlohmann::json j = toJson(r);
            if (said != resolved.end())
                j["resolved"] = said->second;
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
        if (said != resolved.end())
            for (const std::string& line : said->second)
                std::cout << "         = " << line << "\n";
    }
    return 0;
}

} // namespace muster::cli
