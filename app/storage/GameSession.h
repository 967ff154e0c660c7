#pragma once

// A game in play: the journal and the rules engine kept in step. The engine's state is always the fold of the
// journal's inputs still in force; an input is in the journal (committed) before anyone is told it was
// accepted.

#include "app/storage/DeviceKey.h"
#include "app/storage/Journal.h"
#include "rules/Engine.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace muster::storage {

// An input fixed far back: the override event and the inputs it set aside (kept in the journal, no longer in
// force).
struct Fixed {
    Event event;
    std::vector<std::int64_t> setAside;
};

// The input a redo would enter again: the undone event and its input as it stood when undone.
struct Redo {
    std::int64_t seq = 0;
    rules::Input input;
};

class GameSession {
public:
    // A new game file for a scenario. The file keeps a snapshot of the scenario and the full set of house
    // rules in force, so it replays without the scenario file, and the rules engine version. playSetupJson
    // says how the game is played (dice source, seed; see docs/journal.md), so a virtual-dice game can be
    // re-created.
    static Result<GameSession> start(const std::string& path, const rules::Scenario& scenario,
                                     const rules::HouseRules& houseRules, std::vector<Player> players,
                                     std::string playSetupJson = {});
    // Opens an existing game (read-write: resume; read-only: inspect) and replays it. Read-write refuses a
    // game that does not verify (see verify()), saying what is wrong and that the file was not changed.
    static Result<GameSession> open(const std::string& path, OpenOptions options = {});

    // Everything a game must pass to be trusted or played on: the journal's own checks (integrity_check when
    // it was opened with it, the append-only triggers, the chain, every photo's hash, undo/override rules;
    // see Journal::verify) and a replay of every input to the end through the rules engine. The report names
    // the head (event count and head hash).
    static VerifyReport verify(const Journal& journal);
    // The engine rebuilt from a journal: the scenario snapshot, the house rules, and every input in force.
    static Result<rules::Engine> replay(const Journal& journal);
    // The journal's game folded from `inputs` (some of its inputs, e.g. those in force at a sealed head).
    static Result<rules::Engine> replayInputs(const Journal& journal,
                                              const std::vector<EffectiveInput>& inputs);
    // The rules input an answer or dice event carries (overridden faces applied).
    static Result<rules::Input> inputOf(const EffectiveInput& input);

    const rules::Engine& engine() const { return m_engine; }
    rules::Prompt prompt() const { return m_engine.prompt(); }
    const Journal& journal() const { return m_journal; }

    // Applies an input: the engine checks it, the journal commits it, and only then does this return the
    // event. A rejected input changes nothing.
    Result<Event> submit(const rules::Input& input, std::vector<EvidenceDraft> evidence = {});
    // Appends an event the rules do not read (e.g. a calibration profile), stamped with the current turn and
    // phase. Refused for the kinds that make up the replay (answer, dice, undo, override), which only
    // submit(), undoLast() and overrideLast() write.
    Result<Event> note(std::string_view kind, std::string payloadJson, std::string player = {});
    // Signs the head with the device key at the end of a turn: appends a signature event (TurnSignature.h)
    // for the last event, stamped with that event's turn, so the turn's seal covers the signature too.
    // Returns the last event unchanged when it is already a signature, and refuses an empty game.
    Result<Event> signHead(const DeviceKey& key);
    // Takes back the latest answer still in force (undo event) and replays.
    Result<Event> undoLast(const std::string& player, const std::string& reason);
    // Replaces the faces of the latest dice result still in force (override event) and replays. Refused if
    // the rules would not accept the new faces.
    Result<Event> overrideLast(const std::string& player, const std::string& reason,
                               const std::vector<int>& faces, std::vector<EvidenceDraft> evidence = {});
    // Fixes any input still in force: a new answer (`value`) or new faces (`faces`) for event `seq`, with who
    // and why. The game is folded again (rules::revise): the later inputs that still fit are kept, the rest
    // set aside by the same override event; play resumes where the first set-aside input no longer fit.
    Result<Fixed> fix(std::int64_t seq, const std::string& player, const std::string& reason,
                      const std::string& value, const std::vector<int>& faces = {});
    // The prompt event `seq` (an input in force) answered, from a replay of the inputs before it: what a fix
    // may choose from.
    Result<rules::Prompt> promptOf(std::int64_t seq) const;
    // The latest undone input that a redo would enter again, when the events since the undos are only undos
    // and redos; nothing after a new input or a fix.
    Result<std::optional<Redo>> redoable() const;
    // Enters the redoable input again (a new event whose payload names it in "redoOf").
    Result<Event> redo();
    // The game before its first input (the scenario snapshot and house rules the journal holds).
    Result<rules::Engine> freshGame() const;
    // The inputs in force decoded for the rules, and (when asked) the events they come from.
    Result<std::vector<rules::Input>> inputsInForce(std::vector<EffectiveInput>* events = nullptr) const;

private:
    GameSession(Journal journal, rules::Engine engine)
        : m_journal(std::move(journal))
        , m_engine(std::move(engine)) {}
    Result<void> rebuild();
    Result<Event> submitWith(const rules::Input& input, std::vector<EvidenceDraft> evidence,
                             std::optional<std::int64_t> redoOf);

    Journal m_journal;
    rules::Engine m_engine;
};

// The journal payload for an input answering a prompt: key and value or faces, plus the words and rule ids
// people need to read the log without the engine (see docs/journal.md).
std::string payloadFor(const rules::Prompt& prompt, const rules::Input& input);

} // namespace muster::storage
