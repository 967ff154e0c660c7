#include "rules/Engine.h"

#include "rules/core/Feed.h"
#include "rules/md/Options.h"
#include "rules/md/Setup.h"
#include "rules/md/Turn.h"

namespace muster::rules {

namespace {

std::string phaseTitle(md::Phase p) {
    switch (p) {
    case md::Phase::Orders:
        return "Orders";
    case md::Phase::ChargeTests:
        return "Charge tests";
    case md::Phase::FirstFire:
        return "First Fire";
    case md::Phase::Movement:
        return "Movement";
    case md::Phase::RegularFire:
        return "Regular Fire";
    case md::Phase::Melee:
        return "Melee";
    case md::Phase::Recovery:
        return "Recovery";
    case md::Phase::GameOver:
        return "Game over";
    }
    return "";
}

bool isOption(const Question& q, const std::string& value) {
    for (const auto& o : q.options)
        if (o.value == value)
            return true;
    return false;
}

// What apply() checks of dice against the request it answers (count and faces), without the words.
bool fitsRequest(const DiceRequest& d, const std::vector<int>& faces) {
    if (static_cast<int>(faces.size()) != d.count)
        return false;
    for (int f : faces)
        if (f < 1 || f > d.sides)
            return false;
    return true;
}

// The feed of a step during applyAll(): first the step's inputs already accepted, then new inputs, each
// checked against the question or request it answers as apply() checks a prompt. A new input that does not
// fit stops the step like a missing one; applyAll() then hands it to apply() for the exact error.
class LocalBatchFeed : public Feed {
public:
    LocalBatchFeed(const std::vector<Input>& accepted, const std::vector<Input>& inputs, std::size_t next)
        : m_accepted(accepted)
        , m_inputs(inputs)
        , m_next(next) {}

    // Only inputs already checked skip building their request; a new one must meet its question.
    const Input* ready() override {
        if (stopped() || m_acceptedNext >= m_accepted.size())
            return nullptr;
        return &m_accepted[m_acceptedNext++];
    }
    std::optional<std::vector<int>> roll(const DiceRequest& request) override {
        if (stopped())
            return std::nullopt;
        if (m_acceptedNext < m_accepted.size())
            return m_accepted[m_acceptedNext++].faces;
        if (m_next >= m_inputs.size()) {
            m_waiting = true;
            return std::nullopt;
        }
        const Input& in = m_inputs[m_next];
        if (in.kind != InputKind::Dice || in.key != request.id || !fitsRequest(request, in.faces)) {
            m_rejected = true;
            return std::nullopt;
        }
        ++m_next;
        return in.faces;
    }
    std::optional<std::string> ask(const Question& question) override {
        if (stopped())
            return std::nullopt;
        if (m_acceptedNext < m_accepted.size())
            return m_accepted[m_acceptedNext++].value;
        if (m_next >= m_inputs.size()) {
            m_waiting = true;
            return std::nullopt;
        }
        const Input& in = m_inputs[m_next];
        if (in.kind != InputKind::Answer || in.key != question.key || !isOption(question, in.value)) {
            m_rejected = true;
            return std::nullopt;
        }
        ++m_next;
        return in.value;
    }
    void note(const std::string& line) override { m_notes.push_back(line); }

    std::size_t next() const { return m_next; }
    const std::vector<std::string>& notes() const { return m_notes; }

private:
    bool stopped() const { return m_waiting || m_rejected; }

    const std::vector<Input>& m_accepted;
    std::size_t m_acceptedNext = 0;
    const std::vector<Input>& m_inputs;
    std::size_t m_next;
    bool m_waiting = false;
    bool m_rejected = false;
    std::vector<std::string> m_notes;
};

} // namespace

Result<Engine> Engine::create(const Scenario& scenario, const HouseRules& houseRules) {
    if (scenario.ruleSet != "md")
        return makeError("rule set '" + scenario.ruleSet + "' is not implemented (supported: md)");
    HouseRules merged = scenario.houseRules;
    for (const auto& [k, v] : houseRules.values)
        merged.values[k] = v;
    auto resolved = md::resolveOptions(merged);
    if (!resolved)
        return resolved.error();
    auto state = md::buildState(scenario, resolved.value());
    if (!state)
        return state.error();
    Engine e;
    e.m_state = std::move(state.value());
    e.m_options = md::Options::from(e.m_state.houseRules);
    md::enterPhase(e.m_state, md::Phase::Orders, e.m_options);
    e.advance();
    return e;
}

Result<Engine> Engine::replay(const Scenario& scenario, const HouseRules& houseRules,
                              const std::vector<Input>& inputs) {
    auto e = create(scenario, houseRules);
    if (!e)
        return e;
    std::size_t accepted = 0;
    if (auto r = e->applyAll(inputs, &accepted); !r)
        return makeError("journal entry " + std::to_string(accepted + 1) + " rejected: " + r.error().message);
    return e;
}

Result<void> Engine::applyAll(std::vector<Input> inputs, std::size_t* accepted) {
    std::size_t next = replaySteps(inputs);
    // The step left waiting (or holding a rejected input) goes through apply(), which re-runs it per input
    // and words the error.
    for (; next < inputs.size(); ++next) {
        if (auto r = apply(inputs[next]); !r) {
            if (accepted)
                *accepted = next;
            return r;
        }
    }
    if (accepted)
        *accepted = inputs.size();
    return {};
}

// Runs whole steps with the inputs they need, committing each completed step; returns how many inputs were
// committed. Leaves the engine as apply() would after the last of them, prompt included.
std::size_t Engine::replaySteps(std::vector<Input>& inputs) {
    std::size_t next = 0;
    for (;;) {
        if (m_state.cursor.phase == md::Phase::GameOver)
            break;
        md::skipIdle(m_state, m_options);
        if (m_state.cursor.phase == md::Phase::GameOver)
            continue;
        m_scratch = m_state;
        LocalBatchFeed feed(m_stepInputs, inputs, next);
        if (!md::runStep(m_scratch, feed, m_options))
            break;
        // apply() clears the events at each input and keeps the notes of steps completed after it.
        if (feed.next() > next)
            m_events.clear();
        for (const auto& n : feed.notes())
            m_events.push_back(n);
        for (; next < feed.next(); ++next)
            m_inputs.push_back(std::move(inputs[next]));
        std::swap(m_state, m_scratch);
        m_stepInputs.clear();
    }
    advance(); // the prompt of the step now waiting
    return next;
}

Prompt Engine::prompt() const {
    return m_prompt;
}

Result<void> Engine::apply(const Input& input) {
    if (m_prompt.kind == PromptKind::GameOver)
        return makeError("the game is over; no more input is accepted");
    if (input.key != m_prompt.key())
        return makeError("input '" + input.key + "' does not answer the current prompt '" + m_prompt.key() +
                         "'");
    if (m_prompt.kind == PromptKind::Question) {
        if (input.kind != InputKind::Answer)
            return makeError("prompt '" + m_prompt.key() + "' needs an answer, not dice");
        bool found = false;
        for (const auto& o : m_prompt.question->options)
            found = found || o.value == input.value;
        if (!found) {
            std::string opts;
            for (const auto& o : m_prompt.question->options)
                opts += (opts.empty() ? "" : ", ") + o.value;
            return makeError("'" + input.value + "' is not an option of '" + m_prompt.key() + "' (" + opts +
                             ")");
        }
    } else {
        if (input.kind != InputKind::Dice)
            return makeError("prompt '" + m_prompt.key() + "' needs dice, not an answer");
        const DiceRequest& d = *m_prompt.dice;
        if (static_cast<int>(input.faces.size()) != d.count)
            return makeError("prompt '" + d.id + "' needs " + std::to_string(d.count) + " dice, got " +
                             std::to_string(input.faces.size()));
        for (int f : input.faces) {
            if (f < 1 || f > d.sides)
                return makeError("face " + std::to_string(f) + " is not on a d" + std::to_string(d.sides));
        }
    }
    m_events.clear();
    m_stepInputs.push_back(input);
    m_inputs.push_back(input);
    advance();
    return {};
}

void Engine::advance() {
    for (;;) {
        if (m_state.cursor.phase == md::Phase::GameOver) {
            m_prompt = Prompt{};
            m_prompt.kind = PromptKind::GameOver;
            m_prompt.phase = md::toString(md::Phase::GameOver);
            m_prompt.turn = m_state.turn;
            m_prompt.headline =
                "Game over: " + (m_state.winner == "draw" ? std::string("a draw") : m_state.winner + " wins");
            return;
        }
        md::skipIdle(m_state,
                     m_options); // committed: idle steps change nothing but the cursor and phase entry
        if (m_state.cursor.phase == md::Phase::GameOver)
            continue;
        m_scratch = m_state; // assignment reuses the scratch buffers: no allocation in the common case
        JournalFeed feed(m_stepInputs, true);
        if (!md::runStep(m_scratch, feed, m_options)) {
            m_prompt = Prompt{};
            m_prompt.phase = md::toString(m_state.cursor.phase);
            m_prompt.turn = m_state.turn;
            const std::string head =
                "Turn " + std::to_string(m_state.turn) + " · " + phaseTitle(m_state.cursor.phase);
            if (feed.waitingQuestion()) {
                m_prompt.kind = PromptKind::Question;
                m_prompt.question = feed.waitingQuestion();
                m_prompt.headline = head + " · " + m_prompt.question->text;
            } else {
                m_prompt.kind = PromptKind::Dice;
                m_prompt.dice = feed.waitingDice();
                m_prompt.headline = head + " · roll " + std::to_string(m_prompt.dice->count) + "d" +
                                    std::to_string(m_prompt.dice->sides) + ": " + m_prompt.dice->purpose;
            }
            return;
        }
        for (auto& n : feed.notes())
            m_events.push_back(n);
        std::swap(m_state, m_scratch);
        m_stepInputs.clear();
    }
}

} // namespace muster::rules
