#include "app/camera/FaceTeaching.h"

namespace muster::camera {

vision::Result<void> FaceTeaching::readThrow(vision::DiceReader& reader, const cv::Mat& bgr,
                                             const vision::DiceHints& hints) {
    auto read = reader.read(bgr, hints);
    if (!read)
        return vision::Error{read.error().message};
    if (read->dice.empty())
        return vision::Error{"no dice were found: throw the set's dice in the tray, apart"};
    std::vector<TeachDie> dice;
    for (const vision::DieRead& d : read->dice)
        dice.push_back({d.outline.boundingRect2f(), d.value, d.unsure, 0, vision::dieDescriptor(bgr, d)});
    m_dice = std::move(dice);
    m_frameSize = bgr.size();
    return {};
}

bool FaceTeaching::tap(int index, int face) {
    if (index < 0 || index >= static_cast<int>(m_dice.size()) || face < -1 || face > 6)
        return false;
    m_dice[static_cast<size_t>(index)].face = face;
    return true;
}

int FaceTeaching::keepThrow() {
    int left = 0;
    for (const TeachDie& d : m_dice) {
        if (d.label() == 0) {
            ++left;
            continue;
        }
        m_examples.push_back({d.descriptor, d.label(), d.read, d.unsure});
    }
    if (!m_dice.empty())
        ++m_throwsKept;
    m_dice.clear();
    return left;
}

std::array<int, 6> FaceTeaching::counts() const {
    std::array<int, 6> out{};
    for (const vision::TeachExample& e : m_examples)
        ++out[static_cast<size_t>(e.label - 1)];
    return out;
}

vision::Result<vision::DiceSet> FaceTeaching::teach(vision::TeachSummary* summary) const {
    if (m_examples.empty())
        return vision::Error{
            "no throws kept yet: throw the set's dice, tap the faces read wrong, keep the throw"};
    return vision::teachDiceSet(m_examples, vision::TeachOptions::atTheTable(), summary);
}

void FaceTeaching::clear() {
    m_dice.clear();
    m_examples.clear();
    m_throwsKept = 0;
    m_frameSize = {};
}

std::string describeTaughtFaces(const vision::DiceSet& set) {
    std::string look, pips;
    for (size_t f = 0; f < set.faces.size(); ++f) {
        std::string& list = set.faces[f].taught ? look : pips;
        list += (list.empty() ? "" : ", ") + std::to_string(f + 1);
    }
    if (look.empty())
        return "every face is read by its pips (none needed teaching)";
    return "read by look: " + look + (pips.empty() ? std::string() : "; by pips: " + pips);
}

} // namespace muster::camera
