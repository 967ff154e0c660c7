#include "app/storage/StruckOut.h"

#include <nlohmann/json.hpp>

namespace muster::storage {

namespace {

void addReason(const nlohmann::json& reason, std::vector<std::string>& out) {
    if (reason.is_string())
        out.push_back(reason.get<std::string>().empty() ? std::string("no reason given")
                                                        : reason.get<std::string>());
}

} // namespace

std::vector<std::string> struckOutReasons(std::string_view detectionsJson) {
    std::vector<std::string> out;
    const nlohmann::json doc = nlohmann::json::parse(detectionsJson, nullptr, false);
    if (!doc.is_object())
        return out;
    if (const auto dice = doc.find("dice"); dice != doc.end() && dice->is_array())
        for (const nlohmann::json& d : *dice)
            if (d.is_object())
                if (const auto r = d.find("notADie"); r != d.end())
                    addReason(*r, out);
    if (const auto placed = doc.find("notADie"); placed != doc.end() && placed->is_array())
        for (const nlohmann::json& p : *placed)
            if (p.is_object())
                if (const auto r = p.find("reason"); r != p.end())
                    addReason(*r, out);
    return out;
}

std::string struckOutText(const std::vector<std::string>& reasons) {
    if (reasons.empty())
        return {};
    std::string text = "struck out " + std::to_string(reasons.size()) +
                       (reasons.size() == 1 ? " find" : " finds") + " as not a die: ";
    for (std::size_t i = 0; i < reasons.size(); ++i)
        text += (i ? "; " : "") + reasons[i];
    return text;
}

Result<std::map<std::int64_t, std::vector<std::string>>> struckOutBySeq(const Journal& journal) {
    auto photos = journal.evidenceDetections();
    if (!photos)
        return photos.error();
    std::map<std::int64_t, std::vector<std::string>> out;
    for (const Evidence& photo : *photos) {
        std::vector<std::string> reasons = struckOutReasons(photo.detectionsJson);
        if (!reasons.empty()) {
            auto& all = out[photo.eventSeq];
            all.insert(all.end(), reasons.begin(), reasons.end());
        }
    }
    return out;
}

} // namespace muster::storage
