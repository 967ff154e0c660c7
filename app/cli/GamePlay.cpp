// `muster-cli game play` and `game state`: the journal and the rules engine at the command line.
// The protocol (human dialogue and --json lines) is described in docs/game-protocol.md.

#include "app/cli/Commands.h"
#include "app/cli/GameCommands.h"
#include "app/cli/GamePhoto.h"
#include "app/report/GameRecords.h"
#include "app/report/JsonText.h"
#include "app/storage/DeviceKey.h"
#include "app/storage/GameSession.h"
#include "app/storage/Seal.h"
#include "rules/AutoTable.h"
#include "rules/RuleSets.h"
#include "rules/VirtualDice.h"
#include "rules/io/Json.h"

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <sstream>

namespace muster::cli {

using report::facesText;
using report::headerText;
using report::jsonText;

namespace {

using Json = nlohmann::json;

// A per-event seed: the same game seed and journal position give the same dice and answers, so a resumed game
// continues exactly as an uninterrupted one would (splitmix64 finaliser).
std::uint64_t seedFor(std::uint64_t seed, std::int64_t position, std::uint64_t stream) {
    std::uint64_t z = seed + 0x9e3779b97f4a7c15ULL * (static_cast<std::uint64_t>(position) * 2 + stream + 1);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

// The player who speaks for the side a prompt names (else the side of the unit it concerns), else "table".
std::string playerFor(const rules::Prompt& prompt, const storage::GameSession& session) {
    std::string sideId = prompt.side();
    if (sideId.empty()) {
        std::string unit = prompt.dice ? prompt.dice->roller : std::string();
        if (unit.empty())
            unit = prompt.key().substr(0, prompt.key().find('.'));
        for (const rules::RosterRow& row : session.engine().roster().rows)
            if (row.id == unit)
                sideId = row.side;
        for (const storage::Player& p : session.journal().game().players)
            if (sideId.empty() && p.side == unit)
                sideId = unit;
    }
    for (const storage::Player& p : session.journal().game().players)
        if (p.side == sideId)
            return p.name;
    return "table";
}

std::vector<storage::Player> playersFor(const rules::Scenario& scenario) {
    static const char* const kColours[] = {"white", "red", "blue", "green", "black", "yellow"};
    std::vector<storage::Player> out;
    for (std::size_t i = 0; i < scenario.sides.size(); ++i) {
        const rules::SideDef& s = scenario.sides[i];
        out.push_back({s.name.empty() ? s.id : s.name, s.id, kColours[i % 6]});
    }
    return out;
}

// One line on stdout, flushed at once: a reader (or a test that kills us) sees exactly what was acknowledged.
void emit(const std::string& line) {
    std::cout << line << "\n" << std::flush;
}

std::vector<int> parseFaces(const std::string& text, bool& ok) {
    std::vector<int> faces;
    std::istringstream in(text);
    std::string word;
    ok = true;
    while (in >> word) {
        char* end = nullptr;
        const long v = std::strtol(word.c_str(), &end, 10);
        if (*end != '\0' || word.empty()) {
            ok = false;
            return {};
        }
        faces.push_back(static_cast<int>(v));
    }
    return faces;
}

struct PlayOptions {
    bool json = false;
    bool autoTable = false;
    bool virtualDice = true;
    std::uint64_t seed = 1;
    std::optional<int> turns;
};

class PlayLoop {
public:
    PlayLoop(storage::GameSession session, PlayOptions options)
        : m_session(std::move(session))
        , m_options(options) {}

    int run();

private:
    void showPrompt(const rules::Prompt& prompt);
    void accepted(const storage::Event& event, const std::string& what);
    void rejected(const std::string& error);
    // Reads a line for the current prompt and acts on it. False at end of input or on "quit".
    bool handleLine(const rules::Prompt& prompt, const std::string& player);
    void submit(const rules::Input& input, std::vector<storage::EvidenceDraft> evidence = {});

    storage::GameSession m_session;
    PlayOptions m_options;
    bool m_failed = false;
    std::optional<storage::DeviceKey> m_key; // signs each turn's head; none: the game is played unsigned
};

void PlayLoop::showPrompt(const rules::Prompt& prompt) {
    if (m_options.json) {
        Json j = rules::io::toJson(prompt);
        j["type"] = "prompt";
        emit(jsonText(j));
        return;
    }
    std::ostringstream out;
    out << "\n" << prompt.headline << "\n";
    if (prompt.question) {
        out << "  " << prompt.question->text << " [" << prompt.question->ruleId << "]\n";
        for (std::size_t i = 0; i < prompt.question->options.size(); ++i)
            out << "    " << i + 1 << ") " << prompt.question->options[i].label << "  ("
                << prompt.question->options[i].value << ")\n";
        out << "  answer (number or value; 'undo [reason]', 'quit'):";
    } else if (prompt.dice) {
        const rules::DiceRequest& d = *prompt.dice;
        if (d.appDraws) { // nobody throws it: the next line is Muster's draw
            out << "  Muster draws 1d" << d.sides << " for " << d.purpose << " [" << d.ruleId << "]";
            emit(out.str());
            return;
        }
        out << "  roll " << d.count << "d" << d.sides
            << (d.modifier ? (d.modifier > 0 ? "+" : "") + std::to_string(d.modifier) : "") << " for "
            << d.purpose << " [" << d.ruleId << "], rolled by " << d.roller << "\n"
            << "  faces (e.g. '3 5 6'; 'override F.. : reason', 'undo', 'quit'):";
    }
    emit(out.str());
}

void PlayLoop::accepted(const storage::Event& e, const std::string& what) {
    if (m_options.json) {
        Json j = {
            {"type", "accepted"}, {"seq", e.seq},     {"hash", e.hash},     {"kind", e.kind},
            {"turn", e.turn},     {"phase", e.phase}, {"player", e.player}, {"photos", e.evidenceCount}};
        j["source"] = std::string(storage::toString(e.source));
        j["payload"] = Json::parse(e.payloadJson, nullptr, false);
        j["resolved"] = m_session.engine().events();
        emit(jsonText(j));
    } else {
        std::string line = "  accepted #" + std::to_string(e.seq) + ": " + what;
        for (const std::string& r : m_session.engine().events())
            line += "\n    " + r;
        emit(line);
    }
    // The event that ends a turn is signed with this device's key and sealed: a code the players note to
    // prove later that the turn was not changed (muster-cli game verify --seal CODE).
    if (m_session.engine().gameOver() || m_session.prompt().turn > e.turn) {
        storage::Event head = e;
        std::string signedBy;
        if (m_key) {
            if (auto s = m_session.signHead(*m_key)) {
                head = *s;
                signedBy = m_key->fingerprint();
            } else {
                rejected("the turn's head could not be signed: " + s.message());
            }
        }
        const std::string seal = storage::sealOf(head.seq, head.hash);
        if (m_options.json)
            emit(jsonText(Json{{"type", "seal"},
                               {"turn", e.turn},
                               {"seq", head.seq},
                               {"seal", seal},
                               {"device", signedBy}}));
        else
            emit("  turn " + std::to_string(e.turn) + " ends at #" + std::to_string(head.seq) + ": seal " +
                 seal + (signedBy.empty() ? std::string(", unsigned") : ", signed by device " + signedBy) +
                 " (note it: 'muster-cli game verify --seal " + seal +
                 "' proves later that this game still holds the turn unchanged)");
    }
}

void PlayLoop::rejected(const std::string& error) {
    if (m_options.json)
        emit(jsonText(Json{{"type", "rejected"}, {"error", error}}));
    else
        emit("  not accepted: " + error);
}

void PlayLoop::submit(const rules::Input& input, std::vector<storage::EvidenceDraft> evidence) {
    const rules::Prompt before = m_session.prompt();
    auto e = m_session.submit(input, std::move(evidence));
    if (!e) {
        rejected(e.message());
        // Virtual dice and the simulated table always produce legal inputs, so a refusal here means the
        // journal could not be written: stop instead of asking again forever.
        if ((m_options.autoTable && input.kind == rules::InputKind::Answer) ||
            (m_options.virtualDice && input.kind == rules::InputKind::Dice))
            m_failed = true;
        return;
    }
    std::string what = input.kind == rules::InputKind::Answer
                           ? input.value
                           : facesText(input.faces) + " (" + std::string(toString(input.source)) + ")";
    // A draw of Muster's says what it picked ("rank and file"), from the request's own words.
    if (input.source == rules::DiceSource::App && before.dice && input.faces.size() == 1 &&
        static_cast<std::size_t>(input.faces[0] - 1) < before.dice->faceWords.size())
        what += ": " + before.dice->faceWords[static_cast<std::size_t>(input.faces[0] - 1)];
    accepted(*e, what);
}

bool PlayLoop::handleLine(const rules::Prompt& prompt, const std::string& player) {
    std::string line;
    if (!std::getline(std::cin, line))
        return false;
    if (m_options.json) {
        const Json j = Json::parse(line, nullptr, false);
        if (!j.is_object()) {
            rejected("not a JSON object: " + line);
            return true;
        }
        const std::string who = j.value("player", player);
        if (j.value("quit", false))
            return false;
        if (j.contains("undo")) {
            auto e = m_session.undoLast(who, j.value("reason", std::string()));
            e ? accepted(*e, "undo") : rejected(e.message());
        } else if (j.contains("override")) {
            std::vector<int> faces;
            if (j["override"].is_array())
                for (const Json& f : j["override"])
                    faces.push_back(f.is_number_integer() ? f.get<int>() : 0);
            auto e = m_session.overrideLast(who, j.value("reason", std::string()), faces);
            e ? accepted(*e, "override") : rejected(e.message());
        } else if (j.contains("answer") && j["answer"].is_string()) {
            submit(rules::Input::answer(prompt.key(), j["answer"].get<std::string>(), who));
        } else if (j.contains("dice") && j["dice"].is_array()) {
            std::vector<int> faces;
            for (const Json& f : j["dice"])
                faces.push_back(f.is_number_integer() ? f.get<int>() : -1); // not a face: refused by submit
            rules::DiceSource source = rules::DiceSource::Typed;
            if (j.contains("source") &&
                (!j["source"].is_string() ||
                 !rules::diceSourceFromString(j["source"].get<std::string>(), source)))
                source = rules::DiceSource::Override; // refused by submit with a clear message
            if (source == rules::DiceSource::Typed && prompt.dice)
                faces = rules::typedFaces(std::move(faces), prompt.dice->sides);
            submit(rules::Input::dice(prompt.key(), faces, source, who));
        } else {
            rejected("expected one of answer, dice, undo, override, quit");
        }
        return true;
    }
    // The human dialogue.
    std::istringstream words(line);
    std::string first;
    words >> first;
    std::string rest;
    std::getline(words, rest);
    if (const auto s = rest.find_first_not_of(' '); s != std::string::npos)
        rest = rest.substr(s);
    if (first == "quit")
        return false;
    if (first == "undo") {
        auto e = m_session.undoLast(player, rest);
        e ? accepted(*e, "undo") : rejected(e.message());
    } else if (first == "override") {
        const auto colon = rest.find(':');
        bool ok = false;
        const std::vector<int> faces = parseFaces(rest.substr(0, colon), ok);
        const std::string reason = colon == std::string::npos ? std::string() : rest.substr(colon + 1);
        auto e = ok ? m_session.overrideLast(player, reason, faces)
                    : storage::Result<storage::Event>(
                          storage::Error{"override needs faces, e.g. 'override 3 4 : cocked die'"});
        e ? accepted(*e, "override") : rejected(e.message());
    } else if (prompt.question) {
        std::string value = line;
        char* end = nullptr;
        const long n = std::strtol(line.c_str(), &end, 10);
        if (!line.empty() && *end == '\0' && n >= 1 &&
            n <= static_cast<long>(prompt.question->options.size()))
            value = prompt.question->options[static_cast<std::size_t>(n - 1)].value;
        submit(rules::Input::answer(prompt.key(), value, player));
    } else {
        bool ok = false;
        const std::vector<int> faces = parseFaces(line, ok);
        if (!ok)
            rejected("type the faces as numbers, e.g. '3 5 6'");
        else
            submit(rules::Input::dice(prompt.key(),
                                      rules::typedFaces(faces, prompt.dice ? prompt.dice->sides : 0),
                                      rules::DiceSource::Typed, player));
    }
    return true;
}

int PlayLoop::run() {
    if (auto key = storage::DeviceKey::loadOrCreate(storage::DeviceKey::defaultPath())) {
        m_key = *key;
        if (!key->warning().empty())
            emit(m_options.json ? jsonText(Json{{"type", "warning"}, {"warning", key->warning()}})
                                : "  warning: " + key->warning());
    } else if (m_options.json)
        emit(jsonText(Json{{"type", "warning"}, {"warning", "turns are not signed: " + key.message()}}));
    else
        emit("  turns are not signed: " + key.message());
    // A run stopped between a turn's last input and its signature: sign that head now, on resuming.
    if (auto last = m_session.journal().lastEvent();
        m_key && last && *last &&
        ((*last)->kind == storage::kind::Answer || (*last)->kind == storage::kind::Dice) &&
        (m_session.engine().gameOver() || m_session.prompt().turn > (*last)->turn))
        (void)m_session.signHead(*m_key);
    while (!m_failed) {
        const rules::Prompt prompt = m_session.prompt();
        if (prompt.kind == rules::PromptKind::GameOver) {
            const std::string winner = m_session.engine().turnView().winner;
            if (m_options.json)
                emit(jsonText(Json{{"type", "over"},
                                   {"turn", prompt.turn},
                                   {"winner", winner},
                                   {"events", m_session.journal().eventCount()}}));
            else
                emit("\nGame over" + (winner.empty() ? std::string() : ": " + winner) + ". " +
                     std::to_string(m_session.journal().eventCount()) + " events in the journal.");
            return 0;
        }
        if (m_options.turns && prompt.turn > *m_options.turns) {
            if (m_options.json)
                emit(jsonText(Json{{"type", "stopped"},
                                   {"turn", prompt.turn},
                                   {"reason", "turn limit"},
                                   {"events", m_session.journal().eventCount()}}));
            else
                emit("\nStopped before turn " + std::to_string(prompt.turn) + " (--turns " +
                     std::to_string(*m_options.turns) + "); play again to resume.");
            return 0;
        }
        showPrompt(prompt);
        const std::string player = playerFor(prompt, m_session);
        const std::int64_t position = m_session.journal().eventCount() + 1;
        // A draw no die on the table makes (DiceRequest::appDraws) is drawn here whatever the dice source.
        if (prompt.dice && (m_options.virtualDice || prompt.dice->appDraws)) {
            rules::VirtualDice dice(seedFor(m_options.seed, position, 0));
            const std::vector<int> faces = dice.roll(*prompt.dice);
            const bool app = prompt.dice->appDraws;
            std::vector<storage::EvidenceDraft> photos;
            if (m_options.autoTable)
                photos.push_back(syntheticThrowPhoto(faces));
            submit(rules::Input::dice(prompt.key(), faces,
                                      app ? rules::DiceSource::App : rules::DiceSource::Virtual,
                                      app ? std::string("Muster") : player),
                   std::move(photos));
            continue;
        }
        if (prompt.question && m_options.autoTable) {
            rules::AutoTable table(seedFor(m_options.seed, position, 1));
            submit(rules::Input::answer(prompt.key(), table.answer(*prompt.question), player));
            continue;
        }
        if (!handleLine(prompt, player)) {
            if (m_options.json)
                emit(jsonText(Json{{"type", "stopped"},
                                   {"reason", "end of input"},
                                   {"events", m_session.journal().eventCount()}}));
            else
                emit("\nStopped; the game is saved. Play again to resume.");
            return 0;
        }
    }
    return 1;
}

// How the game is played, recorded in the game header at its start (docs/journal.md, "How a game is played"):
// the dice source, whether the simulated table answers, and the seed when virtual dice or the table use it.
// With the same scenario and this, `game play` plays the same game again.
Json playSetup(const PlayOptions& options) {
    Json setup = {{"dice", options.virtualDice ? "virtual" : "stdin"}, {"auto", options.autoTable}};
    if (options.virtualDice || options.autoTable)
        setup["seed"] = options.seed;
    return setup;
}

// On resume the recorded setup fills in what the command line leaves out (--seed, --dice), so the game goes
// on as it began. A different --seed is refused: it would make the rest of the game another game's.
std::optional<std::string> resumeSetup(const storage::GameInfo& game, const GamePlayOptions& given,
                                       PlayOptions& options) {
    const Json setup = Json::parse(game.playSetupJson, nullptr, false);
    if (!setup.is_object())
        return std::nullopt; // recorded before the setup was: the command line alone decides
    if (setup.contains("seed") && setup["seed"].is_number_unsigned()) {
        const auto recorded = setup["seed"].get<std::uint64_t>();
        if (given.seed && options.seed != recorded)
            return "this game was started with --seed " + std::to_string(recorded) +
                   "; resume it without --seed or with the same seed";
        options.seed = recorded;
    }
    if (!given.dice && setup.contains("dice") && setup["dice"].is_string())
        options.virtualDice = setup["dice"] == "virtual";
    return std::nullopt;
}

} // namespace

int runGamePlay(const GamePlayOptions& given) {
    PlayOptions options;
    options.json = given.json;
    options.autoTable = given.autoTable;
    options.virtualDice = given.dice.value_or("virtual") == "virtual";
    options.seed = given.seed.value_or(options.seed);
    options.turns = given.turns;
    const std::string& path = given.game;
    const bool resume = std::filesystem::exists(path);
    std::optional<storage::GameSession> session;
    if (resume) {
        auto opened = storage::GameSession::open(path);
        if (!opened) {
            std::cerr << "muster-cli game play: " << opened.message() << "\n";
            return 2;
        }
        if (const auto& rules = given.rules; rules && *rules != opened->journal().game().ruleSet) {
            std::cerr << "muster-cli game play: " << path << " is a '" << opened->journal().game().ruleSet
                      << "' game, not '" << *rules << "'\n";
            return 2;
        }
        if (auto refused = resumeSetup(opened->journal().game(), given, options)) {
            std::cerr << "muster-cli game play: " << path << ": " << *refused << "\n";
            return 2;
        }
        session.emplace(std::move(opened.value()));
    } else {
        const auto& rules = given.rules;
        const auto& scenarioPath = given.scenario;
        if (!rules || !scenarioPath) {
            std::cerr << "muster-cli game play: a new game needs --rules and --scenario (" << path
                      << " does not exist yet)\n";
            return 2;
        }
        if (!rules::findRuleSet(*rules)) {
            std::cerr << "muster-cli game play: unknown rule set '" << *rules
                      << "' (known: " << rules::ruleSetIds() << ")\n";
            return 2;
        }
        auto scenario = rules::io::loadScenario(*scenarioPath);
        if (!scenario) {
            std::cerr << "muster-cli game play: " << scenario.error().message << "\n";
            return 2;
        }
        if (scenario->ruleSet != *rules) {
            std::cerr << "muster-cli game play: " << *scenarioPath << " is a '" << scenario->ruleSet
                      << "' scenario, not '" << *rules << "'\n";
            return 2;
        }
        auto started = storage::GameSession::start(path, *scenario, {}, playersFor(*scenario),
                                                   playSetup(options).dump());
        if (!started) {
            std::cerr << "muster-cli game play: " << started.message() << "\n";
            return 2;
        }
        session.emplace(std::move(started.value()));
    }
    const auto& game = session->journal().game();
    const std::int64_t events = session->journal().eventCount();
    if (options.json) {
        Json players = Json::array();
        for (const storage::Player& p : game.players)
            players.push_back({{"name", p.name}, {"side", p.side}, {"diceColour", p.diceColour}});
        emit(jsonText(Json{{"type", "game"},
                           {"file", path},
                           {"resumed", resume},
                           {"events", events},
                           {"rules", game.ruleSet},
                           {"scenario", session->engine().scenarioName()},
                           {"players", players},
                           {"setup", playSetup(options)}}));
    } else {
        emit(std::string(resume ? "Resuming " : "New game ") + path + ": " + headerText(game) + "; " +
             std::to_string(events) + " events so far.");
    }
    PlayLoop loop(std::move(*session), options);
    return loop.run();
}

int runGameState(const GameStateOptions& o) {
    auto session = storage::GameSession::open(o.game, {storage::OpenMode::ReadOnly, true});
    if (!session) {
        std::cerr << "muster-cli game state: " << session.message() << "\n";
        return 2;
    }
    (void)warnIfUnsound("state", session->journal());
    std::cout << jsonText(nlohmann::json::parse(session->engine().stateJson()), 2) << "\n";
    return 0;
}

int runGameExport(const GameExportOptions& o) {
    auto journal = storage::Journal::open(o.game, {storage::OpenMode::ReadOnly, true});
    if (!journal) {
        std::cerr << "muster-cli game export: " << journal.message() << "\n";
        return 2;
    }
    auto head = journal->exportTo(o.out);
    if (!head) {
        std::cerr << "muster-cli game export: " << head.message() << "\n";
        return 1;
    }
    std::cout << "Exported " << o.game << " to " << o.out << ": " << head->seq << " events, head "
              << head->hash.substr(0, 16) << "; the copy verifies.\n";
    return 0;
}

} // namespace muster::cli
