#include "vision/chits/ChitScenario.h"

#include "vision/chits/ChitPayload.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

namespace muster::vision {

const ChitUnit* ChitScenario::unitBySlot(int slot) const {
    if (slot < 1 || slot > static_cast<int>(units.size()))
        return nullptr;
    return &units[static_cast<std::size_t>(slot - 1)];
}

std::vector<ChitOrderAnswer> orderAnswers(const std::map<int, std::string>& orders,
                                          const ChitScenario& scenario, const ChitVocabulary& vocabulary) {
    std::vector<ChitOrderAnswer> out;
    for (const auto& [slot, code] : orders) {
        const ChitUnit* unit = scenario.unitBySlot(slot);
        const ChitOrderSpec* order = findChitOrder(vocabulary, code);
        if (unit && order)
            out.push_back({unit->id, unit->id + ".order", order->value});
    }
    return out;
}

Result<ChitScenario> parseChitScenario(const std::string& jsonText) {
    const nlohmann::json doc = nlohmann::json::parse(jsonText, nullptr, false);
    if (doc.is_discarded() || !doc.is_object())
        return Error{"the scenario is not a JSON object"};
    ChitScenario scenario;
    if (doc.contains("name") && doc["name"].is_string())
        scenario.name = doc["name"].get<std::string>();
    if (doc.contains("rules") && doc["rules"].is_string())
        scenario.ruleSet = doc["rules"].get<std::string>();
    if (!doc.contains("units") || !doc["units"].is_array() || doc["units"].empty())
        return Error{"the scenario has no \"units\" array"};
    std::string seed = scenario.name;
    for (const auto& item : doc["units"]) {
        ChitUnit unit;
        unit.slot = static_cast<int>(scenario.units.size()) + 1;
        if (!item.is_object() || !item.contains("id") || !item["id"].is_string())
            return Error{"unit " + std::to_string(unit.slot) + " of the scenario has no string \"id\""};
        unit.id = item["id"].get<std::string>();
        unit.name =
            item.contains("name") && item["name"].is_string() ? item["name"].get<std::string>() : unit.id;
        if (item.contains("side") && item["side"].is_string())
            unit.side = item["side"].get<std::string>();
        if (unit.slot > kMaxUnitSlot)
            return Error{"the scenario has more than " + std::to_string(kMaxUnitSlot) + " units"};
        seed += "/" + unit.id;
        scenario.units.push_back(std::move(unit));
    }
    scenario.game = gameTagFor(seed);
    return scenario;
}

Result<ChitScenario> loadChitScenario(const std::string& path) {
    std::ifstream in(path);
    if (!in)
        return Error{"cannot open scenario " + path};
    std::ostringstream text;
    text << in.rdbuf();
    auto parsed = parseChitScenario(text.str());
    if (!parsed)
        return Error{path + ": " + parsed.error().message};
    return parsed;
}

} // namespace muster::vision
