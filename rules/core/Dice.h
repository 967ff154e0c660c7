#pragma once

#include "common/DiceSource.h"

#include <string>
#include <vector>

namespace muster::rules {

using muster::DiceSource;

// What the engine needs rolled: count dice of `sides` faces (d6, d10, d20, or dN for a random pick, GEN-03).
// The engine never rolls; a dice source answers the request with `count` faces in 1..sides.
struct DiceRequest {
    std::string id; // unique within the current step, e.g. "US-A.pool"
    int count = 1;  // number of dice
    int sides = 6;  // faces per die
    int modifier =
        0; // added to the sum where the rule says so (informational: the faces are what is applied)
    std::string purpose;               // plain words: "US-A fires at MEX-1, long range: each 6 hits"
    std::string ruleId;                // the catalogue rule that asks for the roll, e.g. "MD-FIRE-04"
    std::string roller;                // side or unit that rolls
    std::string side;                  // side id that rolls (see Question::side)
    std::vector<std::string> subjects; // unit (or hex) ids the roll is for
    std::string tag;                   // "fire", "casualties", "morale", …
    // No die on the table makes this draw (a dN pick among figures, GEN-03): the app draws it from its own
    // dice source and journals it as drawn by the app. Any rule set may set it; the engine takes the faces
    // like any other.
    bool appDraws = false;
    // What each face means in words ("the 2nd officer", "rank and file"), one per face, when a face names a
    // pick; empty otherwise. Lets the app say what a draw did without knowing the rule set.
    std::vector<std::string> faceWords;
    // The dice are a pool: only how many show each face matters, not which die shows it, so the app may take
    // the throw as counts per face. False where dice are paired or read in order (melee pairs, a d66).
    bool pool = false;
    // The faces that score (hit, save, kill) for this rule, in ascending order; the app picks them out.
    std::vector<int> scoringFaces;
};

// Faces as a person types them: a d10 marks its 10 as "0" (GEN-01), so a typed 0 on a d10 is the face 10 (the
// app's keypad, the CLI and a scripted game read it alike). Other faces pass unchanged, for the engine to
// check.
std::vector<int> typedFaces(std::vector<int> faces, int sides);

// A source an input can carry (camera, typed, virtual, override or app; not None): false for any other text.
bool diceSourceFromString(const std::string& text, DiceSource& out);

// A dice expression `NdS+K` from the rule tables (GEN-01); count 0 means a fixed distance K.
struct DiceExpr {
    int count = 0;
    int sides = 6;
    int plus = 0;
};

std::string toString(const DiceExpr& expr);
int sumFaces(const std::vector<int>& faces);

} // namespace muster::rules
