#include "app/storage/GameSession.h"

#include "app/storage/PayloadFields.h"
#include "app/storage/Schema.h"
#include "app/storage/TurnSignature.h"
#include "rules/core/Feed.h"
#include "rules/io/Json.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <limits>
#include <map>

namespace muster::storage {

namespace {

using Json = nlohmann::json;

Error fromRules(const rules::Error& e) {
    return Error{e.message};
}

// The unit a prompt concerns: the part of its key before the first dot ("US-A.range" -> "US-A").
std::string unitOfKey(const std::string& key) {
    const auto dot = key.find('.');
    return dot == std::string::npos ? std::string() : key.substr(0, dot);
}

} // namespace

std::string payloadFor(const rules::Prompt& prompt, const rules::Input& input) {
    Json p;
    p["key"] = input.key;
    Json units = Json::array();
    if (const std::string unit = unitOfKey(input.key); !unit.empty())
        units.push_back(unit);
    if (input.kind == rules::InputKind::Answer) {
        p["value"] = input.value;
        if (prompt.question) {
            p["question"] = prompt.question->text;
            p["ruleId"] = prompt.question->ruleId;
            for (const rules::Option& o : prompt.question->options)
                if (o.value == input.value)
                    p["label"] = o.label;
        }
    } else {
        p["faces"] = input.faces;
        if (prompt.dice) {
            const rules::DiceRequest& d = *prompt.dice;
            p["count"] = d.count;
            p["sides"] = d.sides;
            p["modifier"] = d.modifier;
            p["purpose"] = d.purpose;
            p["ruleId"] = d.ruleId;
            p["roller"] = d.roller;
            if (!d.roller.empty() && (units.empty() || units[0] != d.roller))
                units.push_back(d.roller);
        }
    }
    p["units"] = units;
    return p.dump();
}

Result<rules::Input> GameSession::inputOf(const EffectiveInput& in) {
    const Event& e = in.event;
    // The compact input when the event has one (schema 3), else the payload JSON.
    PayloadFields p = e.input.empty() ? readPayloadFields(e.payloadJson) : readCompactInput(e.input);
    if (!p.key)
        return Error{"event #" + std::to_string(e.seq) + " carries no input key"};
    rules::Input input;
    input.key = std::move(*p.key);
    input.player = e.player;
    if (e.kind == kind::Answer) {
        input.kind = rules::InputKind::Answer;
        if (in.overriddenValue) {
            input.value = *in.overriddenValue;
            return input;
        }
        if (!p.value)
            return Error{"event #" + std::to_string(e.seq) + " is an answer without a value"};
        input.value = std::move(*p.value);
        return input;
    }
    input.kind = rules::InputKind::Dice;
    if (in.overriddenFaces) {
        input.faces = *in.overriddenFaces;
        input.source = rules::DiceSource::Override;
        return input;
    }
    if (!p.faces)
        return Error{"event #" + std::to_string(e.seq) + " is a dice result without faces"};
    input.faces = std::move(*p.faces);
    const std::string source(toString(e.source));
    if (!rules::diceSourceFromString(source, input.source))
        return Error{"event #" + std::to_string(e.seq) + " has no dice source"};
    return input;
}

namespace {

// The engine at the start of the game the journal records: its scenario snapshot and house rules.
Result<rules::Engine> freshEngine(const Journal& journal) {
    const GameInfo& g = journal.game();
    auto scenario = rules::io::parseScenario(g.scenarioJson, journal.path() + " (scenario snapshot)");
    if (!scenario)
        return fromRules(scenario.error());
    const Json houseJson = Json::parse(g.houseRulesJson, nullptr, false);
    auto house = rules::io::houseRulesFromJson(houseJson.is_discarded() ? Json::object() : houseJson);
    if (!house)
        return Error{journal.path() + ": house rules: " + house.error().message};
    auto engine = rules::Engine::create(*scenario, *house);
    if (!engine)
        return fromRules(engine.error());
    return std::move(engine.value());
}

// Feeds inputs to the engine in order (all at once: the engine then runs each step once); the first input
// that cannot be read or that the engine refuses is named ("event #k <refused>: why").
Result<void> fold(rules::Engine& engine, const std::vector<EffectiveInput>& inputs,
                  const char* refused = "does not replay") {
    std::vector<rules::Input> decoded;
    decoded.reserve(inputs.size());
    std::optional<Error> unreadable;
    for (const EffectiveInput& in : inputs) {
        auto input = GameSession::inputOf(in);
        if (!input) {
            unreadable = input.error();
            break;
        }
        decoded.push_back(std::move(input.value()));
    }
    std::size_t accepted = 0;
    if (auto applied = engine.applyAll(std::move(decoded), &accepted); !applied)
        return Error{"event #" + std::to_string(inputs[accepted].event.seq) + " " + refused + ": " +
                     applied.error().message};
    if (unreadable)
        return *unreadable;
    return {};
}

// The journal's game folded from `inputs`.
Result<rules::Engine> foldedGame(const Journal& journal, const std::vector<EffectiveInput>& inputs,
                                 const char* refused) {
    auto engine = freshEngine(journal);
    if (!engine)
        return engine.error();
    if (auto folded = fold(*engine, inputs, refused); !folded)
        return folded.error();
    return std::move(engine.value());
}

Result<rules::Engine> replayJournal(const Journal& journal, const char* refused) {
    auto inputs = journal.replayInputs();
    if (!inputs)
        return inputs.error();
    return foldedGame(journal, *inputs, refused);
}

// What a game of another rules engine version can still be checked for without replaying it: every
// effective throw's faces lie on its dice (1..sides, from the throw's payload). Empty when they do. `inputs`
// are folded from whole events (Journal::events), which carry their payloads.
std::string facesOffTheirDice(const std::vector<EffectiveInput>& inputs) {
    for (const EffectiveInput& in : inputs) {
        if (in.event.kind != kind::Dice)
            continue;
        auto input = GameSession::inputOf(in);
        if (!input)
            return input.message();
        const Json p = Json::parse(in.event.payloadJson, nullptr, false);
        // 0: the throw does not say (a file not written by Muster)
        const int s =
            p.is_object() && p.value("sides", Json()).is_number_integer() ? p["sides"].get<int>() : 0;
        for (int f : input->faces)
            if (f < 1 || (s > 0 && f > s))
                return "event #" + std::to_string(in.overrideSeq.value_or(in.event.seq)) + " gives a " +
                       std::to_string(f) +
                       (s > 0 ? " on a d" + std::to_string(s) : std::string(" on a die")) +
                       ", which no such die shows";
    }
    return {};
}

// The replay verify runs: input by input, so that each input's stamped turn is checked against the turn the
// rules were in when it was entered. A forger who relabels turns (to pass a later turn off as an earlier one
// whose signature still holds) changes that stamp, which the hash chain alone cannot tell from the truth.
// `inputs` are folded from whole events, which carry their turns.
Result<rules::Engine> replayCheckingTurns(const Journal& journal, const std::vector<EffectiveInput>& inputs) {
    auto engine = freshEngine(journal);
    if (!engine)
        return engine.error();
    for (const EffectiveInput& in : inputs) {
        auto input = GameSession::inputOf(in);
        if (!input)
            return input.error();
        if (const int turn = engine->prompt().turn; !engine->gameOver() && in.event.turn != turn)
            return Error{"event #" + std::to_string(in.event.seq) + " is stamped turn " +
                         std::to_string(in.event.turn) + ", but the game was in turn " +
                         std::to_string(turn) + " when it was entered"};
        if (auto applied = engine->apply(*input); !applied)
            return Error{"event #" + std::to_string(in.event.seq) +
                         " does not replay: " + applied.error().message};
    }
    return std::move(engine.value());
}

std::string recordedBy(int engineVersion) {
    return engineVersion == 0 ? "an earlier rules engine (from before versions were recorded)"
                              : "rules engine " + std::to_string(engineVersion);
}

} // namespace

Result<rules::Engine> GameSession::replay(const Journal& journal) {
    return replayJournal(journal, "does not replay");
}

Result<rules::Engine> GameSession::replayInputs(const Journal& journal,
                                                const std::vector<EffectiveInput>& inputs) {
    return foldedGame(journal, inputs, "does not replay");
}

VerifyReport GameSession::verify(const Journal& journal) {
    VerifyReport r = journal.verify();
    if (!r.ok)
        return r;
    // The signatures hold whatever the engine says of the inputs: they are checked first, so a game whose
    // recorded engine version was changed is not spared them.
    auto events = journal.events();
    if (!events) {
        r.ok = false;
        r.problem = "the events cannot be read for the signatures: " + events.message();
        return r;
    }
    SignatureCheck sigs = checkSignatures(*events);
    if (sigs.firstBadSeq) {
        r.ok = false;
        r.firstBadSeq = sigs.firstBadSeq;
        r.problem = sigs.problem;
        return r;
    }
    r.signatures = std::move(sigs.signedHeads);
    // The events read once serve the signatures, the replay and the turn stamps.
    auto inputs = foldEffective(*events);
    if (!inputs) {
        r.ok = false;
        r.problem = inputs.message();
        return r;
    }
    auto engine = replayCheckingTurns(journal, *inputs);
    if (!engine) {
        // Another engine version may fold the same inputs differently (docs/journal.md, Versions): that says
        // nothing about the file, so it is reported, not failed, once what needs no engine has been checked.
        // This engine's own games must replay.
        const int current = rules::engineVersion(journal.game().ruleSet);
        if (const int recorded = journal.game().engineVersion; recorded != current) {
            if (const std::string bad = facesOffTheirDice(*inputs); !bad.empty()) {
                r.ok = false;
                r.problem = bad;
                return r;
            }
            r.notReplayed = "recorded by " + recordedBy(recorded) + ", which this Muster's rules engine " +
                            std::to_string(current) + " does not replay: " + engine.message() +
                            "; checked without it: the chain, the signatures and every face on its die";
            return r;
        }
        r.ok = false;
        r.problem = "the inputs do not replay to the end: " + engine.message();
        return r;
    }
    r.replayed = true;
    // A recorder signs each turn's head as the turn ends: the last turn that ended must be signed.
    const int next = engine->gameOver() ? std::numeric_limits<int>::max() : engine->prompt().turn;
    int lastEnded = 0;
    std::int64_t lastHead = 0;
    for (const Event& e : *events)
        if ((e.kind == kind::Answer || e.kind == kind::Dice) && e.turn < next && e.turn >= lastEnded) {
            lastEnded = e.turn;
            lastHead = e.seq;
        }
    if (lastEnded > 0 && std::none_of(r.signatures.begin(), r.signatures.end(),
                                      [&](const SignedHead& h) { return h.turn == lastEnded; }))
        r.unsignedEnd = "turn " + std::to_string(lastEnded) + " ended (its last input is event #" +
                        std::to_string(lastHead) + ") but no device signed it";
    return r;
}

Result<GameSession> GameSession::start(const std::string& path, const rules::Scenario& scenario,
                                       const rules::HouseRules& houseRules, std::vector<Player> players,
                                       std::string playSetupJson) {
    auto engine = rules::Engine::create(scenario, houseRules);
    if (!engine)
        return fromRules(engine.error());
    NewGame g;
    g.ruleSet = scenario.ruleSet;
    g.houseRulesJson = rules::io::toJson(engine->houseRules()).dump();
    g.scenarioJson = rules::io::toJson(scenario).dump();
    g.engineVersion = engine->ruleSet().engineVersion();
    g.playSetupJson = std::move(playSetupJson);
    g.players = std::move(players);
    auto journal = Journal::create(path, g);
    if (!journal)
        return journal.error();
    // Build the engine from what the file holds, so a new game and a resumed one start from the same bytes.
    auto replayed = replay(*journal);
    if (!replayed)
        return Error{path + ": the new game does not replay: " + replayed.message()};
    return GameSession(std::move(journal.value()), std::move(replayed.value()));
}

Result<GameSession> GameSession::open(const std::string& path, OpenOptions options) {
    // A writer takes the game's lock before it reads anything, so the tail it replays is the tail it appends
    // after: no other Muster can write in between.
    WriterLock lock;
    if (options.mode == OpenMode::ReadWrite) {
        if (auto header = schema::checkFileHeader(path); !header)
            return header.error();
        auto taken = WriterLock::acquire(path);
        if (!taken)
            return taken.error();
        lock = std::move(taken.value());
    }
    // Replayed read-only first: a game this engine cannot play is refused before anything (a migration, the
    // switch of journal mode) writes to its file.
    auto journal = Journal::open(path, {OpenMode::ReadOnly, options.integrityCheck});
    if (!journal)
        return journal.error();
    const int recorded = journal->game().engineVersion;
    const int current = rules::engineVersion(journal->game().ruleSet);
    const std::string versions = "this game was recorded by " + recordedBy(recorded) +
                                 "; this Muster has rules engine " + std::to_string(current);
    const std::string readable =
        ". The file is left as it is: 'muster-cli game log', 'report' and 'verify' still read it.";
    if (recorded > current)
        return Error{path + ": " + versions + ", an older one: play it with a newer Muster" + readable};
    if (options.mode == OpenMode::ReadWrite) {
        // Nothing is appended to a game that is not sound: the append would seal a broken or forged history.
        VerifyReport v = journal->verify();
        if (v.ok) { // and every device signature holds: a forged history is never signed again
            auto events = journal->events();
            SignatureCheck sigs = events ? checkSignatures(*events) : SignatureCheck{};
            if (!events) {
                v.ok = false;
                v.problem = events.message();
            } else if (sigs.firstBadSeq) {
                v.ok = false;
                v.problem = sigs.problem;
            }
        }
        if (!v.ok)
            return Error{path + " does not verify: " +
                         (v.firstBadSeq ? "event #" + std::to_string(*v.firstBadSeq) + ": " : std::string()) +
                         v.problem +
                         ". It cannot be played on; the file was not changed ('muster-cli game verify' "
                         "says the same)."};
    }
    auto engine = replayJournal(*journal, recorded == current ? "does not replay" : "no longer replays");
    if (!engine)
        return Error{
            path + ": " +
            (recorded == current ? engine.message() : versions + "; " + engine.message() + readable) +
            (options.mode == OpenMode::ReadWrite ? " Nothing was appended; the file was not changed." : "")};
    if (options.mode == OpenMode::ReadOnly)
        return GameSession(std::move(journal.value()), std::move(engine.value()));
    const Head folded = journal->head();
    journal = Error{"closed"}; // a file an older Muster left in WAL mode leaves it only with no reader open
    auto writable =
        Journal::open(path, {OpenMode::ReadWrite, false}, std::move(lock)); // checked a moment ago
    if (!writable)
        return writable.error();
    if (!(writable->head() == folded))
        return Error{path + " changed while it was being opened; nothing was written: open it again"};
    return GameSession(std::move(writable.value()), std::move(engine.value()));
}

Result<void> GameSession::rebuild() {
    auto engine = replay(m_journal);
    if (!engine)
        return engine.error();
    m_engine = std::move(engine.value());
    return {};
}

Result<Event> GameSession::submit(const rules::Input& input, std::vector<EvidenceDraft> evidence) {
    return submitWith(input, std::move(evidence), std::nullopt);
}

Result<Event> GameSession::submitWith(const rules::Input& input, std::vector<EvidenceDraft> evidence,
                                      std::optional<std::int64_t> redoOf) {
    const rules::Prompt before = m_engine.prompt();
    if (input.kind == rules::InputKind::Dice && input.source == rules::DiceSource::Override)
        return Error{"dice are replaced with an override, not submitted with the source 'override'"};
    // Only a draw the rules leave to the app is journalled as drawn by it (DiceRequest::appDraws).
    if (input.kind == rules::InputKind::Dice && input.source == rules::DiceSource::App &&
        !(before.dice && before.dice->appDraws))
        return Error{"only a draw the rules leave to Muster has the source 'app'; this one is thrown"};
    // The engine refuses an input that does not answer its prompt and then leaves its state unchanged.
    if (auto applied = m_engine.apply(input); !applied)
        return fromRules(applied.error());
    EventDraft d;
    d.turn = before.turn;
    d.phase = before.phase;
    d.kind = input.kind == rules::InputKind::Answer ? kind::Answer : kind::Dice;
    d.payloadJson = payloadFor(before, input);
    if (redoOf) {
        Json p = Json::parse(d.payloadJson);
        p["redoOf"] = *redoOf;
        d.payloadJson = p.dump();
    }
    d.player = input.player;
    // An answer has no dice, but an order read from a chit by the camera keeps that origin for the dispute
    // view.
    if (input.kind == rules::InputKind::Dice)
        d.source = input.source; // one DiceSource for the rules and the journal (common/)
    else
        d.source = input.source == rules::DiceSource::Camera ? DiceSource::Camera : DiceSource::None;
    d.evidence = std::move(evidence);
    auto appended = m_journal.append(d);
    if (!appended) {
        // Not recorded, so not accepted: put the engine back to the journal's fold.
        (void)rebuild();
        return appended.error();
    }
    return appended;
}

Result<Event> GameSession::note(std::string_view noteKind, std::string payloadJson, std::string player) {
    if (noteKind.empty())
        return Error{"an event needs a kind"};
    for (std::string_view replayKind :
         {kind::Answer, kind::Dice, kind::Undo, kind::Override, kind::Signature})
        if (noteKind == replayKind)
            return Error{"'" + std::string(noteKind) +
                         "' events are part of the replay or its signatures and are not notes"};
    const rules::Prompt now = m_engine.prompt();
    EventDraft d;
    d.turn = now.turn;
    d.phase = now.phase;
    d.kind = std::string(noteKind);
    d.payloadJson = std::move(payloadJson);
    d.player = std::move(player);
    return m_journal.append(d);
}

Result<Event> GameSession::signHead(const DeviceKey& key) {
    auto last = m_journal.lastEvent();
    if (!last)
        return last.error();
    if (!*last)
        return Error{"a game with no events has no head to sign"};
    const Event& head = **last;
    if (head.kind == kind::Signature)
        return head;
    EventDraft d;
    d.turn = head.turn;
    d.phase = head.phase;
    d.kind = std::string(kind::Signature);
    d.payloadJson = signaturePayload(key, head.turn, head);
    return m_journal.append(d);
}

Result<Event> GameSession::undoLast(const std::string& player, const std::string& reason) {
    auto inputs = m_journal.effectiveInputs();
    if (!inputs)
        return inputs.error();
    if (inputs->empty())
        return Error{"there is nothing to undo"};
    auto e = m_journal.appendUndo(inputs->back().event.seq, player, reason);
    if (!e)
        return e;
    if (auto rebuilt = rebuild(); !rebuilt)
        return rebuilt.error();
    return e;
}

Result<Event> GameSession::overrideLast(const std::string& player, const std::string& reason,
                                        const std::vector<int>& faces, std::vector<EvidenceDraft> evidence) {
    auto inputs = m_journal.effectiveInputs();
    if (!inputs)
        return inputs.error();
    if (inputs->empty() || inputs->back().event.kind != kind::Dice)
        return Error{"the latest input in force is not a dice result; undo back to it first"};
    // Check the new faces against the rules before anything is written.
    auto candidate = inputs.value();
    candidate.back().overriddenFaces = faces;
    auto probe = freshEngine(m_journal);
    if (!probe)
        return probe.error();
    if (auto folded = fold(*probe, candidate); !folded)
        return Error{"the override is not a legal result: " + folded.message()};
    auto e = m_journal.appendOverride(inputs->back().event.seq, player, reason, faces, std::move(evidence));
    if (!e)
        return e;
    m_engine = std::move(probe.value());
    return e;
}

Result<std::vector<rules::Input>> GameSession::inputsInForce(std::vector<EffectiveInput>* events) const {
    auto inputs = m_journal.effectiveInputs();
    if (!inputs)
        return inputs.error();
    std::vector<rules::Input> decoded;
    decoded.reserve(inputs->size());
    for (const EffectiveInput& in : *inputs) {
        auto input = inputOf(in);
        if (!input)
            return input.error();
        decoded.push_back(std::move(input.value()));
    }
    if (events)
        *events = std::move(inputs.value());
    return decoded;
}

Result<rules::Engine> GameSession::freshGame() const {
    return freshEngine(m_journal);
}

Result<rules::Prompt> GameSession::promptOf(std::int64_t seq) const {
    std::vector<EffectiveInput> events;
    auto inputs = inputsInForce(&events);
    if (!inputs)
        return inputs.error();
    for (std::size_t i = 0; i < events.size(); ++i) {
        if (events[i].event.seq != seq)
            continue;
        auto engine = freshEngine(m_journal);
        if (!engine)
            return engine.error();
        std::vector<rules::Input> before(inputs->begin(), inputs->begin() + static_cast<std::ptrdiff_t>(i));
        if (auto r = engine->applyAll(std::move(before)); !r)
            return fromRules(r.error());
        return engine->prompt();
    }
    return Error{"event #" + std::to_string(seq) + " is not an input still in force"};
}

Result<Fixed> GameSession::fix(std::int64_t seq, const std::string& player, const std::string& reason,
                               const std::string& value, const std::vector<int>& faces) {
    if (player.empty())
        return Error{"a fix must say who made it"};
    if (reason.empty())
        return Error{"a fix must give a reason"};
    std::vector<EffectiveInput> events;
    auto inputs = inputsInForce(&events);
    if (!inputs)
        return inputs.error();
    std::size_t index = events.size();
    for (std::size_t i = 0; i < events.size(); ++i)
        if (events[i].event.seq == seq)
            index = i;
    if (index == events.size())
        return Error{"event #" + std::to_string(seq) + " is not an input still in force: it cannot be fixed"};
    rules::Input replacement = (*inputs)[index];
    Journal::Replacement with;
    if (replacement.kind == rules::InputKind::Answer) {
        if (value == replacement.value)
            return Error{"event #" + std::to_string(seq) + " already answers '" + value + "'"};
        replacement.value = value;
        with.value = value;
    } else {
        if (faces == replacement.faces)
            return Error{"event #" + std::to_string(seq) + " already shows those faces"};
        replacement.faces = faces;
        replacement.source = rules::DiceSource::Override;
        with.faces = faces;
    }
    auto start = freshEngine(m_journal);
    if (!start)
        return start.error();
    auto revised = rules::revise(std::move(start.value()), *inputs, index, replacement);
    if (!revised)
        return Error{"event #" + std::to_string(seq) + " cannot be fixed: " + revised.error().message};
    Fixed out;
    for (std::size_t i = revised->kept; i < events.size(); ++i)
        out.setAside.push_back(events[i].event.seq);
    auto e = m_journal.appendOverride(seq, player, reason, with, out.setAside);
    if (!e)
        return e.error();
    out.event = std::move(e.value());
    m_engine = std::move(revised->engine);
    return out;
}

Result<std::optional<Redo>> GameSession::redoable() const {
    auto events = m_journal.events();
    if (!events)
        return events.error();
    // The undone inputs in the order they can be redone (the last undone first), with the values they had;
    // any new input or fix ends the chance of a redo.
    std::map<std::int64_t, const Event*> bySeq;
    std::map<std::int64_t, Json> fixedTo;
    std::vector<std::int64_t> undone;
    for (const Event& e : *events) {
        if (e.kind == kind::Answer || e.kind == kind::Dice) {
            bySeq[e.seq] = &e;
            if (undone.empty())
                continue; // the common case: no payload parsed
            const Json p = Json::parse(e.payloadJson, nullptr, false);
            const bool redone = !p.is_discarded() && p.contains("redoOf") &&
                                p["redoOf"].is_number_integer() &&
                                p["redoOf"].get<std::int64_t>() == undone.back();
            if (redone)
                undone.pop_back();
            else
                undone.clear();
        } else if (e.kind == kind::Undo || e.kind == kind::Override) {
            const Json p = Json::parse(e.payloadJson, nullptr, false);
            if (p.is_discarded() || !p.contains("target") || !p["target"].is_number_integer())
                continue;
            const std::int64_t target = p["target"].get<std::int64_t>();
            if (e.kind == kind::Undo) {
                undone.push_back(target);
            } else {
                fixedTo[target] = p.value("new", Json());
                undone.clear();
            }
        }
    }
    if (undone.empty())
        return std::optional<Redo>();
    const Event& original = *bySeq.at(undone.back());
    EffectiveInput in{original, std::nullopt, std::nullopt, std::nullopt};
    if (auto f = fixedTo.find(original.seq); f != fixedTo.end()) {
        if (f->second.is_string())
            in.overriddenValue = f->second.get<std::string>();
        else if (f->second.is_array())
            in.overriddenFaces = f->second.get<std::vector<int>>();
    }
    auto input = inputOf(in);
    if (!input)
        return input.error();
    if (input->source == rules::DiceSource::Override)
        input->source = rules::DiceSource::Typed; // the fixed faces are redone as entered by hand
    return std::optional<Redo>(Redo{original.seq, std::move(input.value())});
}

Result<Event> GameSession::redo() {
    auto r = redoable();
    if (!r)
        return r.error();
    if (!r->has_value())
        return Error{"there is nothing to redo"};
    const Redo& redo = **r;
    if (auto bad = rules::checkAnswers(m_engine.prompt(), redo.input))
        return Error{"event #" + std::to_string(redo.seq) +
                     " no longer answers the question asked: " + bad->message};
    return submitWith(redo.input, {}, redo.seq);
}

} // namespace muster::storage
