#include "rules/core/Dice.h"
#include "rules/core/Feed.h"
#include "rules/core/Prompt.h"

#include <numeric>

namespace muster::rules {

std::vector<int> typedFaces(std::vector<int> faces, int sides) {
    if (sides == 10)
        for (int& f : faces)
            if (f == 0)
                f = 10;
    return faces;
}

bool diceSourceFromString(const std::string& text, DiceSource& out) {
    const auto source = muster::diceSourceFromString(text);
    if (!source || *source == DiceSource::None)
        return false;
    out = *source;
    return true;
}

std::string toString(const DiceExpr& expr) {
    if (expr.count == 0)
        return std::to_string(expr.plus);
    std::string s = std::to_string(expr.count) + "d" + std::to_string(expr.sides);
    if (expr.plus > 0)
        s += "+" + std::to_string(expr.plus);
    else if (expr.plus < 0)
        s += std::to_string(expr.plus);
    return s;
}

int sumFaces(const std::vector<int>& faces) {
    return std::accumulate(faces.begin(), faces.end(), 0);
}

std::string Prompt::key() const {
    if (question)
        return question->key;
    if (dice)
        return dice->id;
    return {};
}

std::string Prompt::side() const {
    return question ? question->side : dice ? dice->side : std::string();
}

std::vector<std::string> Prompt::subjects() const {
    return question ? question->subjects : dice ? dice->subjects : std::vector<std::string>();
}

std::string Prompt::tag() const {
    return question ? question->tag : dice ? dice->tag : std::string();
}

Input Input::answer(std::string key, std::string value, std::string player) {
    Input in;
    in.kind = InputKind::Answer;
    in.key = std::move(key);
    in.value = std::move(value);
    in.source = DiceSource::Typed;
    in.player = std::move(player);
    return in;
}

Input Input::dice(std::string key, std::vector<int> faces, DiceSource source, std::string player) {
    Input in;
    in.kind = InputKind::Dice;
    in.key = std::move(key);
    in.faces = std::move(faces);
    in.source = source;
    in.player = std::move(player);
    return in;
}

std::string toString(PromptKind kind) {
    switch (kind) {
    case PromptKind::Question:
        return "question";
    case PromptKind::Dice:
        return "dice";
    case PromptKind::GameOver:
        return "game_over";
    }
    return "game_over";
}

std::string toString(InputKind kind) {
    return kind == InputKind::Answer ? "answer" : "dice";
}

const Input* JournalFeed::ready() {
    if (waiting() || m_next >= m_inputs.size())
        return nullptr;
    return &m_inputs[m_next++];
}

std::optional<std::vector<int>> JournalFeed::roll(const DiceRequest& request) {
    if (waiting())
        return std::nullopt;
    if (m_next < m_inputs.size())
        return m_inputs[m_next++].faces;
    m_waitingDice = request;
    return std::nullopt;
}

std::optional<std::string> JournalFeed::ask(const Question& question) {
    if (waiting())
        return std::nullopt;
    if (m_next < m_inputs.size())
        return m_inputs[m_next++].value;
    m_waitingQuestion = question;
    return std::nullopt;
}

// What the engine says is read as sentences at the table and in the report: a capital first, a full stop
// last, whatever way a rule set builds the line ("fight 3: 9 against 6" -> "Fight 3: 9 against 6.").
namespace {
std::string asSentence(std::string line) {
    if (line.empty())
        return line;
    if (line.front() >= 'a' && line.front() <= 'z')
        line.front() = static_cast<char>(line.front() - 'a' + 'A');
    const char last = line.back();
    if (last != '.' && last != '!' && last != '?' && last != ':')
        line += '.';
    return line;
}
} // namespace

void JournalFeed::note(const std::string& line) {
    if (m_keepNotes)
        m_notes.push_back(asSentence(line));
}

std::optional<std::vector<int>> ScriptedFeed::roll(const DiceRequest& request) {
    m_requests.push_back(request);
    if (!m_failures.empty())
        return std::nullopt;
    if (m_next + static_cast<std::size_t>(request.count) > m_faces.size()) {
        m_failures.push_back("ran out of scripted dice at " + request.id + " (" +
                             std::to_string(request.count) + "d" + std::to_string(request.sides) + ")");
        return std::nullopt;
    }
    std::vector<int> faces(m_faces.begin() + static_cast<long>(m_next),
                           m_faces.begin() +
                               static_cast<long>(m_next + static_cast<std::size_t>(request.count)));
    m_next += static_cast<std::size_t>(request.count);
    for (int f : faces) {
        if (f < 1 || f > request.sides)
            m_failures.push_back("scripted face " + std::to_string(f) + " is not a d" +
                                 std::to_string(request.sides) + " face at " + request.id);
    }
    return faces;
}

std::optional<std::string> ScriptedFeed::ask(const Question& question) {
    m_asked.push_back(question.key);
    if (!m_failures.empty())
        return std::nullopt;
    auto it = m_answers.find(question.key);
    if (it == m_answers.end()) {
        m_failures.push_back("no scripted answer for question " + question.key);
        return std::nullopt;
    }
    for (const auto& o : question.options) {
        if (o.value == it->second)
            return it->second;
    }
    m_failures.push_back("scripted answer '" + it->second + "' is not an option of " + question.key);
    return std::nullopt;
}

namespace {

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

} // namespace

// Only inputs already checked skip building their request; a new one must meet its question.
const Input* BatchFeed::ready() {
    if (stopped() || m_acceptedNext >= m_accepted.size())
        return nullptr;
    return &m_accepted[m_acceptedNext++];
}

std::optional<std::vector<int>> BatchFeed::roll(const DiceRequest& request) {
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

std::optional<std::string> BatchFeed::ask(const Question& question) {
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

std::optional<Error> checkAnswers(const Prompt& prompt, const Input& input) {
    if (prompt.kind == PromptKind::GameOver)
        return makeError("the game is over; no more input is accepted");
    if (input.key != prompt.key())
        return makeError("input '" + input.key + "' does not answer the current prompt '" + prompt.key() +
                         "'");
    if (prompt.kind == PromptKind::Question) {
        if (input.kind != InputKind::Answer)
            return makeError("prompt '" + prompt.key() + "' needs an answer, not dice");
        if (!isOption(*prompt.question, input.value)) {
            std::string opts;
            for (const auto& o : prompt.question->options)
                opts += (opts.empty() ? "" : ", ") + o.value;
            return makeError("'" + input.value + "' is not an option of '" + prompt.key() + "' (" + opts +
                             ")");
        }
        return std::nullopt;
    }
    if (input.kind != InputKind::Dice)
        return makeError("prompt '" + prompt.key() + "' needs dice, not an answer");
    const DiceRequest& d = *prompt.dice;
    if (static_cast<int>(input.faces.size()) != d.count)
        return makeError("prompt '" + d.id + "' needs " + std::to_string(d.count) + " dice, got " +
                         std::to_string(input.faces.size()));
    for (int f : input.faces) {
        if (f < 1 || f > d.sides)
            return makeError("face " + std::to_string(f) + " is not on a d" + std::to_string(d.sides));
    }
    return std::nullopt;
}

Prompt waitingPrompt(const JournalFeed& feed, const std::string& phase, int turn, const std::string& title) {
    Prompt p;
    p.phase = phase;
    p.turn = turn;
    if (feed.waitingQuestion()) {
        p.kind = PromptKind::Question;
        p.question = feed.waitingQuestion();
        p.headline = title + " · " + p.question->text;
    } else {
        p.kind = PromptKind::Dice;
        p.dice = feed.waitingDice();
        p.headline = title + " · roll " + std::to_string(p.dice->count) + "d" +
                     std::to_string(p.dice->sides) + ": " + p.dice->purpose;
    }
    return p;
}

} // namespace muster::rules
