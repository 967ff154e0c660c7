#pragma once

#include "rules/core/Feed.h"
#include "rules/core/RuleSet.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

// The one engine every rule set runs on: the fold, apply, replay and applyAll, written once over a rule set's
// concrete state so that replay stays a tight loop over value types.
//
// A rule set supplies `R` with:
//   using State = …;   copyable, equality-comparable; the whole game
//   using Options = …; parsed once from the state's house rules
//   static const std::string& id();
//   static Options options(const State&);
//   static bool over(const State&);                       game over (the cursor at its end)
//   static void skipIdle(State&, const Options&);         moves past steps with nothing to resolve
//   static bool runStep(State&, Feed&, const Options&);   one step; false when the feed ran out (state is
//                                                         then discarded)
//   static std::string phaseId(const State&);             the prompt's phase
//   static std::string stepTitle(const State&);           "Turn 3 · First fire" for the headline
//   static std::string overHeadline(const State&);        "Game over: us wins"
//   static int turn(const State&);
//   static TurnView turnView(const State&);
//   static RosterView roster(const State&);
//   static std::string stateJson(const State&);
//   static const HouseRules& houseRules(const State&);
//   static std::string scenarioName(const State&);
//   static void describe(const State&, Prompt&);          fills who answers, subjects and tag when the
//                                                         rule set's steps leave them empty
// and, to support Game::pauseAt, optionally the same two with a phase id they stop at as it is entered:
//   static void skipIdle(State&, const Options&, const std::string& stopPhase);
//   static bool runStep(State&, Feed&, const Options&, const std::string& stopPhase);
namespace muster::rules {

template <class R>
class StepEngine final : public Game {
public:
    using State = typename R::State;

    // `start` is the state at the first step (the rule set has entered its first phase).
    explicit StepEngine(State start)
        : m_state(std::move(start))
        , m_options(R::options(m_state)) {
        auto strengths = std::make_shared<std::vector<std::pair<std::string, int>>>();
        for (const auto& row : R::roster(m_state).rows)
            strengths->emplace_back(row.id, row.strength);
        m_startStrength = std::move(strengths);
        m_setUp = std::make_shared<const State>(m_state);
        advance();
    }

    std::unique_ptr<Game> clone() const override { return std::make_unique<StepEngine>(*this); }
    const std::string& ruleSet() const override { return R::id(); }
    Prompt prompt() const override { return m_prompt; }
    const std::vector<Input>& inputs() const override { return m_inputs; }
    const std::vector<std::string>& events() const override { return m_events; }
    TurnView turnView() const override { return R::turnView(m_state); }
    RosterView roster() const override {
        RosterView view = R::roster(m_state);
        // Rows keep their set-up order, so a row's set-up figures are at its own index.
        for (std::size_t i = 0; i < view.rows.size() && i < m_startStrength->size(); ++i)
            if ((*m_startStrength)[i].first == view.rows[i].id)
                view.rows[i].startStrength = (*m_startStrength)[i].second;
        return view;
    }
    std::string stateJson() const override { return R::stateJson(m_state); }
    const HouseRules& houseRules() const override { return R::houseRules(m_state); }
    std::string scenarioName() const override { return R::scenarioName(m_state); }
    bool sameState(const Game& other) const override {
        const auto* o = dynamic_cast<const StepEngine*>(&other);
        return o && o->m_state == m_state;
    }
    bool pauseAt(const std::string& phaseId) override {
        if constexpr (kCanPause) {
            // Before the first input, play restarts from the set-up so that the pause can come before the
            // first prompt (the steps run so far needed no input).
            const bool fresh = m_inputs.empty();
            if (fresh) {
                m_state = *m_setUp;
                m_events.clear();
            }
            m_pause = phaseId;
            m_pauseLeft = R::phaseId(m_state) != phaseId; // the next entry, not the phase in progress
            m_paused = false;
            if (fresh)
                advance();
            return true;
        } else {
            (void)phaseId;
            return false;
        }
    }
    // The concrete state, for the rule set's own tests and tools.
    const State& state() const { return m_state; }

    Result<void> apply(const Input& input) override {
        if (auto bad = checkAnswers(m_prompt, input))
            return *bad;
        if (m_paused) {
            m_paused = false;
            m_pause.clear();
        }
        m_events.clear();
        m_stepInputs.push_back(input);
        m_inputs.push_back(input);
        advance();
        return {};
    }

    Result<void> applyAll(std::vector<Input> inputs, std::size_t* accepted) override {
        std::size_t next = replaySteps(inputs);
        // The step left waiting (or holding a rejected input) goes through apply(), which words the error.
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

private:
    // Runs whole steps with the inputs they need, committing each completed step; returns how many inputs
    // were committed. Leaves the engine as apply() would after the last of them, prompt included.
    std::size_t replaySteps(std::vector<Input>& inputs) {
        std::size_t next = 0;
        for (;;) {
            if (R::over(m_state))
                break;
            R::skipIdle(m_state, m_options);
            if (R::over(m_state))
                continue;
            m_scratch = m_state;
            BatchFeed feed(m_stepInputs, inputs, next);
            if (!R::runStep(m_scratch, feed, m_options))
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
        advance();
        return next;
    }

    static constexpr bool kCanPause =
        requires(State & s, Feed& f, const typename R::Options& o, const std::string& p) {
        R::skipIdle(s, o, p);
        R::runStep(s, f, o, p);
    };

    void skipIdle(State& s) {
        if constexpr (kCanPause) {
            if (!m_pause.empty() && m_pauseLeft)
                return R::skipIdle(s, m_options, m_pause);
        }
        R::skipIdle(s, m_options); // idle steps change nothing but the cursor and phase entry
    }
    bool runStep(State& s, Feed& feed) {
        if constexpr (kCanPause) {
            if (!m_pause.empty() && m_pauseLeft)
                return R::runStep(s, feed, m_options, m_pause);
        }
        return R::runStep(s, feed, m_options);
    }
    // At a step boundary: has play reached the phase to pause at?
    bool reachedPause() {
        if (m_pause.empty())
            return false;
        const bool there = R::phaseId(m_state) == m_pause;
        if (!there)
            m_pauseLeft = true;
        return there && m_pauseLeft;
    }

    void advance() {
        for (;;) {
            if (R::over(m_state)) {
                m_prompt = Prompt{};
                m_prompt.kind = PromptKind::GameOver;
                m_prompt.phase = R::phaseId(m_state);
                m_prompt.turn = R::turn(m_state);
                m_prompt.headline = R::overHeadline(m_state);
                return;
            }
            if (m_stepInputs.empty() && reachedPause())
                return pause();
            skipIdle(m_state);
            if (R::over(m_state))
                continue;
            if (m_stepInputs.empty() && reachedPause())
                return pause();
            m_scratch = m_state; // assignment reuses the scratch buffers: no allocation in the common case
            JournalFeed feed(m_stepInputs, true);
            if (!runStep(m_scratch, feed)) {
                m_prompt = waitingPrompt(feed, R::phaseId(m_state), R::turn(m_state), R::stepTitle(m_state));
                R::describe(m_state, m_prompt);
                return;
            }
            for (auto& n : feed.notes())
                m_events.push_back(n);
            std::swap(m_state, m_scratch);
            m_stepInputs.clear();
        }
    }

    // Holds the state at the phase's entry; the prompt is the one a copy reaches by playing on.
    void pause() {
        m_paused = true;
        StepEngine ahead(*this);
        ahead.m_pause.clear();
        ahead.m_paused = false;
        ahead.advance();
        m_prompt = ahead.m_prompt;
    }

    State m_state;                   // committed state: every completed step folded in
    typename R::Options m_options;   // parsed from the state's house rules
    State m_scratch;                 // where a step is tried; not part of the game
    std::vector<Input> m_stepInputs; // inputs of the step in progress
    std::vector<Input> m_inputs;
    std::vector<std::string> m_events;
    Prompt m_prompt;
    std::string m_pause;      // the phase id to hold play at (Game::pauseAt); empty when none
    bool m_pauseLeft = false; // play has been outside that phase since pauseAt
    bool m_paused = false;    // held there now
    // Figures of each unit at set-up, shared by every copy of this game (the roster's "against set-up").
    std::shared_ptr<const std::vector<std::pair<std::string, int>>> m_startStrength;
    // The state the game was started with, before any step ran (shared by every copy).
    std::shared_ptr<const State> m_setUp;
};

} // namespace muster::rules
