#pragma once

// The little a chit sheet needs from a scenario file: its name, rule set and each unit's id and name, in file
// order (a unit's chit slot is its 1-based position). Extra fields are ignored, so the rules engine's files
// read as they are.

#include "vision/VisionError.h"
#include "vision/chits/ChitPayload.h"

#include <map>
#include <string>
#include <vector>

namespace muster::vision {

struct ChitUnit {
    int slot = 0; // 1-based position in the scenario's "units" array
    std::string id;
    std::string name;
    std::string side;
};

struct ChitScenario {
    std::string name;
    std::string ruleSet; // the scenario's "rules": whose chit vocabulary its chits use
    std::string game;    // the 2-character game tag of its chits
    std::vector<ChitUnit> units;

    const ChitUnit* unitBySlot(int slot) const;
};

// A unit's order read from its chit, as the answer the rules engine asks for in the orders phase: key
// "<unit id>.order", value the vocabulary's answer ("first_fire"). The app journals it with the camera as its
// source.
struct ChitOrderAnswer {
    std::string unitId;
    std::string key;
    std::string value;
};

// Answers for the units of `orders` (slot -> order code, e.g. ChitAccumulator::orders()) in the words of
// `vocabulary`; slots the scenario does not have and codes the vocabulary lacks are left out.
std::vector<ChitOrderAnswer> orderAnswers(const std::map<int, std::string>& orders,
                                          const ChitScenario& scenario, const ChitVocabulary& vocabulary);

// Reads {"name": ..., "units": [{"id": ..., "name": ..., "side": ...}, ...]}.
Result<ChitScenario> parseChitScenario(const std::string& jsonText);
Result<ChitScenario> loadChitScenario(const std::string& path);

} // namespace muster::vision
