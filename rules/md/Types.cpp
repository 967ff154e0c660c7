#include "rules/md/Types.h"

#include <algorithm>
#include <utility>

namespace muster::rules::md {

namespace {

template <class E, std::size_t N>
std::string nameOf(const std::pair<E, const char*> (&names)[N], E v) {
    for (const auto& [e, n] : names) {
        if (e == v)
            return n;
    }
    return "?";
}

template <class E, std::size_t N>
bool valueOf(const std::pair<E, const char*> (&names)[N], const std::string& s, E& out) {
    for (const auto& [e, n] : names) {
        if (s == n) {
            out = e;
            return true;
        }
    }
    return false;
}

const std::pair<Nation, const char*> kNation[] = {{Nation::American, "american"},
                                                  {Nation::Mexican, "mexican"}};
const std::pair<Arm, const char*> kArm[] = {
    {Arm::Infantry, "infantry"}, {Arm::Cavalry, "cavalry"}, {Arm::Artillery, "artillery"}};
const std::pair<Grade, const char*> kGrade[] = {
    {Grade::Green, "green"}, {Grade::Veteran, "veteran"}, {Grade::Elite, "elite"}};
const std::pair<Formation, const char*> kFormation[] = {{Formation::Line, "line"},
                                                        {Formation::Column, "column"},
                                                        {Formation::RoadColumn, "road_column"},
                                                        {Formation::Skirmish, "skirmish"}};
const std::pair<Weapon, const char*> kWeapon[] = {{Weapon::None, "none"},
                                                  {Weapon::UsMusket, "american_musket"},
                                                  {Weapon::UsCarbine, "american_carbine"},
                                                  {Weapon::MsRifle, "mississippi_rifle"},
                                                  {Weapon::MexMusket, "mexican_musket"},
                                                  {Weapon::MexCarbine, "mexican_carbine"}};
const std::pair<GunType, const char*> kGun[] = {{GunType::None, "none"},
                                                {GunType::UsHorse, "american_horse"},
                                                {GunType::UsFoot, "american_foot"},
                                                {GunType::Mexican, "mexican"}};
const std::pair<RangeBand, const char*> kBand[] = {{RangeBand::Short, "short"},
                                                   {RangeBand::Medium, "medium"},
                                                   {RangeBand::Long, "long"},
                                                   {RangeBand::Out, "out"}};
const std::pair<Cover, const char*> kCover[] = {{Cover::None, "none"},
                                                {Cover::Brush, "tall_grass_trees_brush"},
                                                {Cover::Skirmish, "skirmish_order"},
                                                {Cover::Artillerists, "artillerists"},
                                                {Cover::WoodenFence, "wooden_fence"},
                                                {Cover::LowWall, "low_stone_wall"},
                                                {Cover::HighWall, "high_stone_wall"},
                                                {Cover::Buildings, "buildings"}};
const std::pair<Order, const char*> kOrder[] = {{Order::Hold, "hold"},
                                                {Order::Move, "move"},
                                                {Order::ChangeFormation, "change_formation"},
                                                {Order::FirstFire, "first_fire"},
                                                {Order::Fire, "fire"},
                                                {Order::Charge, "charge"},
                                                {Order::Wheel, "wheel"},
                                                {Order::Dismount, "dismount"},
                                                {Order::Mount, "mount"},
                                                {Order::ForcedMarch, "forced_march"},
                                                {Order::Limber, "limber"},
                                                {Order::Unlimber, "unlimber"},
                                                {Order::MoveUnlimber, "move_unlimber"},
                                                {Order::UnlimberFire, "unlimber_fire"},
                                                {Order::FireLimber, "fire_limber"},
                                                {Order::ForcedMarchLimber, "forced_march_limber"},
                                                {Order::ForcedMarchUnlimber, "forced_march_unlimber"},
                                                {Order::LimberMove, "limber_move"}};
const std::pair<Phase, const char*> kPhase[] = {
    {Phase::Orders, "orders"},     {Phase::ChargeTests, "charge_tests"}, {Phase::FirstFire, "first_fire"},
    {Phase::Movement, "movement"}, {Phase::RegularFire, "regular_fire"}, {Phase::Melee, "melee"},
    {Phase::Recovery, "recovery"}, {Phase::GameOver, "game_over"}};
const std::pair<ChargeState, const char*> kCharge[] = {
    {ChargeState::None, "none"}, {ChargeState::Passed, "passed"}, {ChargeState::Failed, "failed"}};
const std::pair<StandState, const char*> kStand[] = {{StandState::None, "none"},
                                                     {StandState::Stood, "stood"},
                                                     {StandState::Failed, "failed"},
                                                     {StandState::Evaded, "evaded"}};
const std::pair<ChargeOutcome, const char*> kOutcome[] = {
    {ChargeOutcome::None, "none"},
    {ChargeOutcome::Contact, "contact"},
    {ChargeOutcome::HaltedAtVacated, "halted_at_vacated"},
    {ChargeOutcome::Short, "short"}};

} // namespace

int GameState::unitIndex(const std::string& id) const {
    for (std::size_t i = 0; i < units.size(); ++i) {
        if (units[i].id == id)
            return static_cast<int>(i);
    }
    return -1;
}

Grade currentGrade(const Unit& unit) {
    // MD-GRADE-04: dragoons use their dismounted grade on foot; MD-OFF-01 steps come off; MD-OFF-03 floor.
    Grade base = (unit.dragoons && !unit.mounted) ? unit.dismountedGrade : unit.baseGrade;
    int g = std::max(1, static_cast<int>(base) - unit.gradeStepsLost);
    return static_cast<Grade>(g);
}

bool inPlay(const Unit& unit) {
    return !unit.removed && !unit.dispersed;
}

bool allInDl(const Unit& unit) {
    return unit.officers + unit.rf + unit.pushedBackOfficers + unit.pushedBackRf == 0 &&
           unit.dlOfficers + unit.dlRf > 0;
}

bool inAction(const Unit& unit) {
    return inPlay(unit) && !allInDl(unit);
}

std::string toString(Nation v) {
    return nameOf(kNation, v);
}
std::string toString(Arm v) {
    return nameOf(kArm, v);
}
std::string toString(Grade v) {
    return nameOf(kGrade, v);
}
std::string toString(Formation v) {
    return nameOf(kFormation, v);
}
std::string toString(Weapon v) {
    return nameOf(kWeapon, v);
}
std::string toString(GunType v) {
    return nameOf(kGun, v);
}
std::string toString(RangeBand v) {
    return nameOf(kBand, v);
}
std::string toString(Cover v) {
    return nameOf(kCover, v);
}
std::string toString(Order v) {
    return nameOf(kOrder, v);
}
std::string toString(Phase v) {
    return nameOf(kPhase, v);
}
std::string toString(ChargeState v) {
    return nameOf(kCharge, v);
}
std::string toString(StandState v) {
    return nameOf(kStand, v);
}
std::string toString(ChargeOutcome v) {
    return nameOf(kOutcome, v);
}

bool parse(const std::string& s, Nation& out) {
    return valueOf(kNation, s, out);
}
bool parse(const std::string& s, Arm& out) {
    return valueOf(kArm, s, out);
}
bool parse(const std::string& s, Grade& out) {
    return valueOf(kGrade, s, out);
}
bool parse(const std::string& s, Formation& out) {
    return valueOf(kFormation, s, out);
}
bool parse(const std::string& s, Weapon& out) {
    return valueOf(kWeapon, s, out);
}
bool parse(const std::string& s, GunType& out) {
    return valueOf(kGun, s, out);
}
bool parse(const std::string& s, RangeBand& out) {
    return valueOf(kBand, s, out);
}
bool parse(const std::string& s, Cover& out) {
    return valueOf(kCover, s, out);
}
bool parse(const std::string& s, Order& out) {
    return valueOf(kOrder, s, out);
}
bool parse(const std::string& s, Phase& out) {
    return valueOf(kPhase, s, out);
}
bool parse(const std::string& s, ChargeState& out) {
    return valueOf(kCharge, s, out);
}
bool parse(const std::string& s, StandState& out) {
    return valueOf(kStand, s, out);
}
bool parse(const std::string& s, ChargeOutcome& out) {
    return valueOf(kOutcome, s, out);
}

} // namespace muster::rules::md
