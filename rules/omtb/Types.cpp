#include "rules/omtb/Types.h"

#include <array>
#include <utility>

namespace muster::rules::omtb {

namespace {

template <class E, std::size_t N>
using Names = std::array<std::pair<E, const char*>, N>;

const Names<UnitType, 13> kTypes{{
    {UnitType::LegionInfantry, "legion_infantry"},
    {UnitType::LegionRifles, "legion_rifles"},
    {UnitType::LegionCavalry, "legion_cavalry"},
    {UnitType::LegionArtillery, "legion_artillery"},
    {UnitType::Militia, "militia"},
    {UnitType::MountedMilitia, "mounted_militia"},
    {UnitType::Indians, "indians"},
    {UnitType::CanadianMilitia, "canadian_militia"},
    {UnitType::BritishInfantry, "british_infantry"},
    {UnitType::BritishArtillery, "british_artillery"},
    {UnitType::FirstAmericanRegiment, "first_american_regiment"},
    {UnitType::SecondAmericanRegiment, "second_american_regiment"},
    {UnitType::Levies, "levies"},
}};
const Names<Formation, 7> kFormations{{
    {Formation::Column, "column"},
    {Formation::Line, "line"},
    {Formation::Open, "open"},
    {Formation::Skirmish, "skirmish"},
    {Formation::Mass, "mass"},
    {Formation::Limbered, "limbered"},
    {Formation::Unlimbered, "unlimbered"},
}};
const Names<Cohesion, 3> kCohesion{{
    {Cohesion::Formed, "formed"},
    {Cohesion::Disorder, "disorder"},
    {Cohesion::Rout, "rout"},
}};
const Names<Ground, 6> kGround{{
    {Ground::Open, "open"},
    {Ground::Woods, "woods"},
    {Ground::Thicket, "thicket"},
    {Ground::Ramparts, "ramparts"},
    {Ground::Earthworks, "earthworks"},
    {Ground::Buildings, "buildings"},
}};
const Names<Facing, 3> kFacing{{
    {Facing::Front, "front"},
    {Facing::Flank, "flank"},
    {Facing::Rear, "rear"},
}};
const Names<Step, 11> kSteps{{
    {Step::Ops, "ops"},
    {Step::Surprise, "surprise"},
    {Step::SurpriseMorale, "surprise_morale"},
    {Step::Leaders, "leaders"},
    {Step::Forced, "forced"},
    {Step::Activate, "operations"},
    {Step::MoraleTargets, "morale_targets"},
    {Step::MoraleChargers, "morale_chargers"},
    {Step::Melee, "melee"},
    {Step::Rout, "rout"},
    {Step::GameOver, "game_over"},
}};

template <class E, std::size_t N>
std::string nameOf(const Names<E, N>& names, E e) {
    for (const auto& [v, n] : names)
        if (v == e)
            return n;
    return {};
}

template <class E, std::size_t N>
bool valueOf(const Names<E, N>& names, const std::string& text, E& out) {
    for (const auto& [v, n] : names) {
        if (text == n) {
            out = v;
            return true;
        }
    }
    return false;
}

} // namespace

bool inPlay(const Unit& u) {
    return !u.removed && !u.offTable && u.figures > 0;
}

std::string toString(UnitType t) {
    return nameOf(kTypes, t);
}
std::string toString(Formation f) {
    return nameOf(kFormations, f);
}
std::string toString(Cohesion c) {
    return nameOf(kCohesion, c);
}
std::string toString(Ground g) {
    return nameOf(kGround, g);
}
std::string toString(Facing f) {
    return nameOf(kFacing, f);
}
std::string toString(Step s) {
    return nameOf(kSteps, s);
}
bool parse(const std::string& text, UnitType& out) {
    return valueOf(kTypes, text, out);
}
bool parse(const std::string& text, Formation& out) {
    return valueOf(kFormations, text, out);
}
bool parse(const std::string& text, Cohesion& out) {
    return valueOf(kCohesion, text, out);
}
bool parse(const std::string& text, Ground& out) {
    return valueOf(kGround, text, out);
}
bool parse(const std::string& text, Facing& out) {
    return valueOf(kFacing, text, out);
}
bool parse(const std::string& text, Step& out) {
    return valueOf(kSteps, text, out);
}

} // namespace muster::rules::omtb
