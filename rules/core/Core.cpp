#include "rules/core/Dice.h"
#include "rules/core/Feed.h"
#include "rules/core/Prompt.h"

#include <numeric>

namespace muster::rules {

std::string toString(DiceSource source) {
    switch (source) {
    case DiceSource::Camera:
        return "camera";
    case DiceSource::Typed:
        return "typed";
    case DiceSource::Virtual:
        return "virtual";
    case DiceSource::Override:
        return "override";
    }
    return "virtual";
}

bool diceSourceFromString(const std::string& text, DiceSource& out) {
    for (DiceSource s : {DiceSource::Camera, DiceSource::Typed, DiceSource::Virtual, DiceSource::Override}) {
        if (toString(s) == text) {
            out = s;
            return true;
        }
    }
    return false;
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

void JournalFeed::note(const std::string& line) {
    if (m_keepNotes)
        m_notes.push_back(line);
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

} // namespace muster::rules
