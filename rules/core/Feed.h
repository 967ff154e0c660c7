#pragma once

#include "rules/core/Prompt.h"
#include "rules/core/Result.h"

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace muster::rules {

// Supplies dice and answers to a resolution. A resolution asks in its natural order and stops (returns) as
// soon as the feed has nothing more to give; the engine runs it again from the step's start state once the
// missing input arrives, so resolution code reads as a straight line and the state stays a pure fold of the
// inputs.
class Feed {
public:
    virtual ~Feed() = default;
    // The next input when the feed already holds it, else nullptr (then ask or roll with the full request).
    virtual const Input* ready() { return nullptr; }
    // The faces for the request, or nothing when the input is not there yet.
    virtual std::optional<std::vector<int>> roll(const DiceRequest& request) = 0;
    // The chosen option value, or nothing when the answer is not there yet.
    virtual std::optional<std::string> ask(const Question& question) = 0;
    // A line for people describing what just happened.
    virtual void note(const std::string& line) { (void)line; }
};

// The engine's feed: the inputs of the step in progress, in order; records the first unmet request.
class JournalFeed : public Feed {
public:
    explicit JournalFeed(const std::vector<Input>& inputs, bool keepNotes)
        : m_inputs(inputs)
        , m_keepNotes(keepNotes) {}
    const Input* ready() override;
    std::optional<std::vector<int>> roll(const DiceRequest& request) override;
    std::optional<std::string> ask(const Question& question) override;
    void note(const std::string& line) override;

    bool waiting() const { return m_waitingQuestion.has_value() || m_waitingDice.has_value(); }
    const std::optional<Question>& waitingQuestion() const { return m_waitingQuestion; }
    const std::optional<DiceRequest>& waitingDice() const { return m_waitingDice; }
    std::size_t used() const { return m_next; }
    const std::vector<std::string>& notes() const { return m_notes; }

private:
    const std::vector<Input>& m_inputs;
    bool m_keepNotes;
    std::size_t m_next = 0;
    std::optional<Question> m_waitingQuestion;
    std::optional<DiceRequest> m_waitingDice;
    std::vector<std::string> m_notes;
};

// A test feed: a flat list of faces consumed in order (GEN-02) and answers by question key.
// A request with no dice left or a question with no answer is recorded as a failure.
class ScriptedFeed : public Feed {
public:
    ScriptedFeed(std::vector<int> faces, std::map<std::string, std::string> answers)
        : m_faces(std::move(faces))
        , m_answers(std::move(answers)) {}
    std::optional<std::vector<int>> roll(const DiceRequest& request) override;
    std::optional<std::string> ask(const Question& question) override;
    void note(const std::string& line) override { m_notes.push_back(line); }

    std::size_t remaining() const { return m_faces.size() - m_next; }
    const std::vector<std::string>& failures() const { return m_failures; }
    const std::vector<std::string>& notes() const { return m_notes; }
    const std::vector<DiceRequest>& requests() const { return m_requests; }
    const std::vector<std::string>& questionsAsked() const { return m_asked; }

private:
    std::vector<int> m_faces;
    std::map<std::string, std::string> m_answers;
    std::size_t m_next = 0;
    std::vector<std::string> m_failures;
    std::vector<std::string> m_notes;
    std::vector<DiceRequest> m_requests;
    std::vector<std::string> m_asked;
};

// The feed of a step during a batch replay: first the step's inputs already accepted, then new inputs, each
// checked against the question or request it answers as apply() checks a prompt. A new input that does not
// fit stops the step like a missing one; the engine then hands it to apply() for the exact error.
class BatchFeed : public Feed {
public:
    BatchFeed(const std::vector<Input>& accepted, const std::vector<Input>& inputs, std::size_t next)
        : m_accepted(accepted)
        , m_inputs(inputs)
        , m_next(next) {}

    const Input* ready() override;
    std::optional<std::vector<int>> roll(const DiceRequest& request) override;
    std::optional<std::string> ask(const Question& question) override;
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

// Why `input` does not answer `prompt` (wrong key, kind, option, count or face), or nothing when it does.
std::optional<Error> checkAnswers(const Prompt& prompt, const Input& input);

// The prompt for the question or dice request `feed` stopped at; `title` heads the headline.
Prompt waitingPrompt(const JournalFeed& feed, const std::string& phase, int turn, const std::string& title);

} // namespace muster::rules
