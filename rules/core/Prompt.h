#pragma once

#include "rules/core/Dice.h"

#include <optional>
#include <string>
#include <vector>

namespace muster::rules {

// One legal answer to a Question.
struct Option {
    std::string value; // what the Input carries back
    std::string label; // what people read
};

// A fact only the physical table knows (range band, cover, contact, general present…) or an order.
struct Question {
    std::string key;  // unique within the current step, e.g. "US-A.range"
    std::string text; // the question in plain words
    std::vector<Option> options;
    std::string ruleId;
    // Who answers and what about, so a front end need not guess from the key.
    std::string side;                  // side id that answers; empty when both or the GM
    std::vector<std::string> subjects; // unit (or hex) ids the question is about
    std::string tag; // "order", "target", "casualties", "range", … (free, stable per rule set)
};

enum class PromptKind { Question, Dice, GameOver };

// What the engine needs next: an answer, a dice result, or nothing (game over).
struct Prompt {
    PromptKind kind = PromptKind::GameOver;
    std::string phase; // e.g. "orders", "first_fire"
    int turn = 0;
    std::optional<Question> question;
    std::optional<DiceRequest> dice;
    std::string headline; // one line for people: what is being resolved and why

    // The key an Input must carry to answer this prompt (question key or dice id); empty when game over.
    std::string key() const;
    // Of the question or dice request: who answers, what about, and its tag (empty when game over).
    std::string side() const;
    std::vector<std::string> subjects() const;
    std::string tag() const;
};

enum class InputKind { Answer, Dice };

// One journal entry: an answer to a question or the faces of a dice request.
struct Input {
    InputKind kind = InputKind::Answer;
    std::string key;        // Prompt::key() of the prompt it answers
    std::string value;      // the chosen Option::value (answers)
    std::vector<int> faces; // the dice faces (dice), in the order rolled
    DiceSource source = DiceSource::Virtual;
    std::string player; // who entered it (free text)

    static Input answer(std::string key, std::string value, std::string player = {});
    static Input dice(std::string key, std::vector<int> faces, DiceSource source = DiceSource::Virtual,
                      std::string player = {});
};

std::string toString(PromptKind kind);
std::string toString(InputKind kind);

} // namespace muster::rules
