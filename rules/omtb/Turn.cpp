#include "rules/omtb/Turn.h"

#include "rules/omtb/Tables.h"

#include <algorithm>
#include <cstdlib>

namespace muster::rules::omtb {

namespace {

// What a resolution works with: the state being changed, the feed, the options, and the grounds already
// answered in this step (one question per unit and step).
struct Ctx {
    State& s;
    Feed& f;
    const Options& o;
    std::vector<int> groundAsked;
};

Unit& unitAt(Ctx& c, int i) {
    return c.s.units[static_cast<std::size_t>(i)];
}

const std::string& sideId(const State& s, int side) {
    static const std::string kNone;
    return side >= 0 && side < static_cast<int>(s.sides.size()) ? s.sides[static_cast<std::size_t>(side)].id
                                                                : kNone;
}

Question question(const State& s, const Unit& u, std::string key, std::string text,
                  std::vector<Option> options, std::string rule, std::string tag, int side = -2) {
    Question q;
    q.key = std::move(key);
    q.text = std::move(text);
    q.options = std::move(options);
    q.ruleId = std::move(rule);
    q.side = sideId(s, side == -2 ? u.side : side);
    q.subjects = {u.id.str()};
    q.tag = std::move(tag);
    return q;
}

DiceRequest dice(const State& s, const Unit& roller, std::string id, int count, int sides,
                 std::string purpose, std::string rule, std::string tag) {
    DiceRequest r;
    r.id = std::move(id);
    r.count = count;
    r.sides = sides;
    r.purpose = std::move(purpose);
    r.ruleId = std::move(rule);
    r.roller = roller.id.str();
    r.side = sideId(s, roller.side);
    r.subjects = {roller.id.str()};
    r.tag = std::move(tag);
    return r;
}

// The feed's next input when it already holds it (re-runs), else the full question built only then.
template <class Make>
std::optional<std::string> ask(Ctx& c, Make make) {
    if (const Input* in = c.f.ready())
        return in->value;
    return c.f.ask(make());
}

template <class Make>
std::optional<std::vector<int>> roll(Ctx& c, Make make) {
    if (const Input* in = c.f.ready())
        return in->faces;
    return c.f.roll(make());
}

std::vector<Option> yesNo() {
    return {{"no", "No"}, {"yes", "Yes"}};
}

std::vector<Option> numberOptions(int lo, int hi) {
    std::vector<Option> out;
    for (int v = lo; v <= hi; ++v)
        out.push_back({std::to_string(v), std::to_string(v)});
    return out;
}

const tables::TypeProfile& prof(const Unit& u) {
    return tables::profile(u.type);
}

bool isIndian(const Unit& u) {
    return prof(u).indian;
}

bool isArtillery(const Unit& u) {
    return prof(u).artillery;
}

bool american(const State& s, const Unit& u) {
    return u.side >= 0 && u.side < static_cast<int>(s.sides.size()) &&
           s.sides[static_cast<std::size_t>(u.side)].nation == "american";
}

int phasingSide(const State& s) {
    return s.cursor.phase;
}

bool inCover(Ground g) {
    return g != Ground::Open;
}

bool behindWorks(Ground g) {
    return g == Ground::Ramparts || g == Ground::Earthworks;
}

// OMTB-FORM-10: formed for morale and melee.
bool formed(const Unit& u) {
    if (u.cohesion != Cohesion::Formed)
        return false;
    return u.formation == Formation::Line || u.formation == Formation::Open ||
           u.formation == Formation::Column || u.formation == Formation::Mass;
}

bool skirmishers(const Unit& u) {
    return u.cohesion == Cohesion::Formed && u.formation == Formation::Skirmish;
}

const tables::MoveRates& rates(const Unit& u, const Options& o) {
    if (u.mounted && prof(u).mountable)
        return prof(u).mountedMove;
    if (u.type == UnitType::Levies && o.leviesLegionLines)
        return tables::profile(UnitType::LegionInfantry).move;
    return prof(u).move;
}

std::vector<Formation> allowedFormations(const Unit& u, const Options& o) {
    std::vector<Formation> out;
    for (Formation f : {Formation::Line, Formation::Column, Formation::Open, Formation::Skirmish,
                        Formation::Mass, Formation::Limbered, Formation::Unlimbered})
        if (rates(u, o).rate(f))
            out.push_back(f);
    return out;
}

std::string formationLabel(Formation f) {
    switch (f) {
    case Formation::Column:
        return "Column";
    case Formation::Line:
        return "Line";
    case Formation::Open:
        return "Open order";
    case Formation::Skirmish:
        return "Skirmish";
    case Formation::Mass:
        return "Mass";
    case Formation::Limbered:
        return "Limbered";
    case Formation::Unlimbered:
        return "Unlimbered";
    }
    return "";
}

std::vector<Option> formationOptions(const Unit& u, const Options& o) {
    std::vector<Option> out;
    for (Formation f : allowedFormations(u, o))
        out.push_back({toString(f), formationLabel(f)});
    return out;
}

// The foot or mounted fire line (OMTB-FIRE-01, AMB-OMTB-19, OMTB-1791-04).
FireLine smallArmsLine(const Unit& u, const Options& o) {
    if (u.type == UnitType::Levies && o.leviesLegionLines)
        return FireLine::LegionInfantry;
    return prof(u).fireLine;
}

bool canFire(const Unit& u, const Options& o) {
    if (!inPlay(u))
        return false;
    if (isArtillery(u))
        return u.formation == Formation::Unlimbered && u.guns > 0; // OMTB-FIRE-04
    if (u.mounted && !o.mountedFire)
        return false; // AMB-OMTB-19
    return smallArmsLine(u, o) != FireLine::None;
}

int skirmishRate(const Unit& u, const Options& o) {
    if (isArtillery(u))
        return o.crewRetreatWithGuns ? tables::kCrewLimberRetreatInches : tables::kCrewRetreatInches;
    return rates(u, o).skirmish.value_or(tables::kCrewRetreatInches);
}

std::vector<int> enemies(const State& s, int side) {
    std::vector<int> out;
    for (int i = 0; i < static_cast<int>(s.units.size()); ++i) {
        const Unit& u = s.units[static_cast<std::size_t>(i)];
        if (inPlay(u) && u.side != side)
            out.push_back(i);
    }
    return out;
}

std::vector<Option> unitOptions(const State& s, const std::vector<int>& idx) {
    std::vector<Option> out;
    for (int i : idx) {
        const Unit& u = s.units[static_cast<std::size_t>(i)];
        out.push_back({u.id.str(), u.name.str() + (u.hidden ? " (hidden: only if seen)" : "")});
    }
    return out;
}

int indexOf(const State& s, const std::string& id) {
    for (int i = 0; i < static_cast<int>(s.units.size()); ++i)
        if (s.units[static_cast<std::size_t>(i)].id == id)
            return i;
    return -1;
}

int attachedLeaders(const State& s, int unit) {
    int n = 0;
    for (const auto& l : s.leaders)
        if (l.alive && l.attachedTo == unit)
            ++n;
    return n;
}

// "CAN's", "Wyandots'": most OMTB units are named in the plural.
std::string possessive(const std::string& name) {
    return name + (!name.empty() && name.back() == 's' ? "'" : "'s");
}

void trigger(Ctx& c, Unit& u) {
    if (u.trigger == 0)
        u.trigger = ++c.s.triggerSeq;
}

void detachLeaders(State& s, int unit) {
    for (auto& l : s.leaders)
        if (l.attachedTo == unit)
            l.attachedTo = -1;
}

void kill(Ctx& c, int i, int n) {
    Unit& u = unitAt(c, i);
    n = std::clamp(n, 0, u.figures);
    u.figures -= n;
    u.casualties += n;
    u.casualtiesTurn += n;
    u.casualtiesPhase += n;
    if (u.figures == 0) { // GEN-05
        u.removed = true;
        detachLeaders(c.s, i);
        c.f.note(u.name.str() + " is destroyed");
    }
}

// The Failure of Morale table (II.9) applied after a failed check or a lost melee (OMTB-MOR-05, OMTB-MEL-07).
void applyFailure(Ctx& c, int i, int margin, const std::string& why) {
    Unit& u = unitAt(c, i);
    const auto f = tables::failure(margin);
    const int back = margin * skirmishRate(u, c.o); // OMTB-MOVE-08
    u.retreated += back;
    u.lastRetreat = back;
    if (f.end == Cohesion::Rout || u.cohesion != Cohesion::Rout)
        u.cohesion = f.end;
    if (f.permanentLoss)
        ++u.moraleLoss; // OMTB-MOR-06
    std::string line = u.name.str() + " " + why + " by " + std::to_string(margin) + ": falls back " +
                       std::to_string(margin) + " x " + std::to_string(skirmishRate(u, c.o)) +
                       "\" = " + std::to_string(back) + "\" and ends in " +
                       (u.cohesion == Cohesion::Rout ? "rout, facing away" : "disorder, facing the enemy");
    if (isArtillery(u))
        line += c.o.crewRetreatWithGuns ? " (with its guns)" : " (the crew leaves the guns in place)";
    if (f.permanentLoss)
        line += "; its morale drops by 1 for the rest of the game";
    c.f.note(line);
}

std::optional<Ground> askGround(Ctx& c, int i, const std::string& why) {
    Unit& u = unitAt(c, i);
    if (std::find(c.groundAsked.begin(), c.groundAsked.end(), i) != c.groundAsked.end())
        return u.ground;
    auto a = ask(c, [&] {
        return question(c.s, u, u.id + ".ground",
                        "What ground is " + u.name.str() + " in? (" + why +
                            "; woods means open woods, OMTB-TERR-06)",
                        {{"open", "Open"},
                         {"woods", "Open woods"},
                         {"thicket", "Thicket"},
                         {"ramparts", "Behind ramparts"},
                         {"earthworks", "In earthworks"},
                         {"buildings", "In buildings"}},
                        "OMTB-TERR-06", "terrain", -1);
    });
    if (!a)
        return std::nullopt;
    Ground g = Ground::Open;
    parse(*a, g);
    u.ground = g;
    c.groundAsked.push_back(i);
    return g;
}

// ---- Morale (II.9)

struct MoraleOutcome {
    bool ran = false; // false: the feed ran out
    bool passed = false;
};

// One check covering every trigger of the unit (OMTB-MOR-01..08). The chargers at it and its own charge
// are read from the state.
MoraleOutcome moraleCheck(Ctx& c, int i) {
    const auto g = askGround(c, i, "for its morale check");
    if (!g)
        return {};
    Unit& u = unitAt(c, i);
    const auto& m = tables::moraleMods();
    int rating = moraleRating(c.s, u, c.o);
    std::string why = "rating " + std::to_string(rating);
    auto add = [&](int mod, const std::string& what) {
        rating += mod;
        why += std::string(mod < 0 ? " " : " +") + std::to_string(mod) + " " + what;
    };
    const bool leader = attachedLeaders(c.s, i) > 0;
    if (!u.officer && !(leader && c.o.leaderCancelsNoOfficer))
        add(m.noOfficer, "no officer");
    const int cas = c.o.casualtiesPhaseOnly ? u.casualtiesPhase : u.casualtiesTurn;
    if (cas / 2 > 0)
        add(m.perTwoCasualties * (cas / 2), std::to_string(cas) + " casualties");
    if (u.cohesion != Cohesion::Formed)
        add(m.disordered, "disordered");
    if (c.o.halfAtOrBelow ? u.figures * 2 <= u.startFigures : u.figures * 2 < u.startFigures)
        add(m.underHalf, "under half strength");
    // Charged by others (OMTB-MOR-01 "target of a charge").
    bool flanked = false, byFormed = false;
    for (const auto& ch : c.s.units) {
        if (inPlay(ch) && ch.charging && !ch.chargeFailed && ch.chargeTarget == i) {
            flanked = flanked || ch.chargeFacing != Facing::Front;
            byFormed = byFormed || formed(ch);
        }
    }
    if (flanked)
        add(m.chargedFlankRear, "charged in flank or rear");
    if (isIndian(u) && byFormed)
        add(m.indianChargedByFormed, "charged by formed troops");
    // Its own charge.
    if (u.charging && isIndian(u) && u.chargeTarget >= 0) {
        const Unit& t = c.s.units[static_cast<std::size_t>(u.chargeTarget)];
        if (u.chargeFacing != Facing::Front)
            add(m.indianChargingFlank, "charging a flank");
        else if (formed(t) || isArtillery(t) || behindWorks(t.ground))
            add(m.indianChargingFormedFront, "charging formed troops, artillery or works frontally");
        if (skirmishers(t))
            add(m.indianChargingSkirmishers, "charging skirmishers");
    }
    if (leader)
        add(m.generalAttached, "leader attached");
    if (behindWorks(*g))
        add(m.behindWorks, "behind works");
    else if (inCover(*g) && (!isIndian(u) || c.o.indianCoverStack)) // AMB-OMTB-05
        add(m.inCover, "in cover");
    const int modified = rating;
    auto faces = roll(c, [&] {
        return dice(c.s, u, u.id + ".morale", 1, 10,
                    u.name.str() + " checks morale: pass on " + std::to_string(modified) + " or less (" +
                        why + ")",
                    "OMTB-MOR-02", "morale");
    });
    if (!faces)
        return {};
    const int die = faces->empty() ? 10 : faces->front();
    u.trigger = 0;
    u.firedOnByArtillery = false;
    if (die <= modified) {
        c.f.note(u.name.str() + " passes morale: " + std::to_string(die) + " against " +
                 std::to_string(modified) + " (" + why + ")");
        return {true, true};
    }
    c.f.note(u.name.str() + " fails morale: " + std::to_string(die) + " against " + std::to_string(modified) +
             " (" + why + ")");
    applyFailure(c, i, die - modified, "failed its morale check");
    return {true, false};
}

// ---- Fire (II.8)

enum class FireKind { Operation, Reaction, Free };

// Kills the officer (or, when it is already dead, an attached leader) on a 10 (OMTB-FIRE-09).
void officerKilled(Ctx& c, int ti) {
    Unit& t = unitAt(c, ti);
    if (t.officer) {
        t.officer = false;
        c.f.note(possessive(t.name.str()) + " officer is killed");
        return;
    }
    for (auto& l : c.s.leaders) {
        if (l.alive && l.attachedTo == ti) {
            l.alive = false;
            l.attachedTo = -1;
            c.f.note(l.name.str() + ", with " + t.name.str() + ", is killed");
            return;
        }
    }
}

// How far a unit standing in `g` can be seen, or nothing where the ground does not limit sight
// (OMTB-TERR-03 thicket, OMTB-TERR-04 open woods, wider once it has moved there this phase).
std::optional<int> sightInches(const Unit& u, Ground g) {
    if (g == Ground::Thicket)
        return tables::kThicketSightInches;
    if (g == Ground::Woods)
        return u.movedInWoods ? tables::kWoodsMovedSightInches : tables::kWoodsSightInches;
    return std::nullopt;
}

// "in thicket", "in open woods", or empty where the ground does not limit sight.
std::string sightGround(Ground g) {
    if (g == Ground::Thicket)
        return "in thicket";
    if (g == Ground::Woods)
        return "in open woods";
    return {};
}

// The enemies a volley may pick (OMTB-FIRE-02), each with how far it can be seen in the ground last
// answered for it (OMTB-TERR-03, OMTB-TERR-04, OMTB-TERR-07), and "none" to hold fire.
std::vector<Option> targetOptions(const State& s, const std::vector<int>& idx) {
    std::vector<Option> out;
    for (int i : idx) {
        const Unit& u = s.units[static_cast<std::size_t>(i)];
        std::vector<std::string> notes;
        if (u.hidden)
            notes.emplace_back("hidden: only if seen");
        if (const auto sight = sightInches(u, u.ground))
            notes.push_back("last known " + sightGround(u.ground) + ": seen only within " +
                            std::to_string(*sight) + "\"");
        std::string label = u.name.str();
        for (std::size_t n = 0; n < notes.size(); ++n)
            label += (n == 0 ? " (" : "; ") + notes[n] + (n + 1 == notes.size() ? ")" : "");
        out.push_back({u.id.str(), label});
    }
    out.push_back({"none", "None: it sees no enemy in its arc and range"});
    return out;
}

// One volley (OMTB-FIRE-01..12). `fixed` is the target of reaction fire. False when the feed ran out.
bool fire(Ctx& c, int fi, int fixed, FireKind kind) {
    Unit& f0 = unitAt(c, fi);
    const std::string fid = f0.id.str();
    const bool art = isArtillery(f0);
    FireLine line = art ? FireLine::ArtilleryBall : smallArmsLine(f0, c.o);
    const int maxRange = art ? tables::fire(FireLine::ArtilleryBall).range : tables::fire(line).range;
    int ti = fixed;
    int band = 4; // reaction fire is at the 2" halt (OMTB-MOVE-06)
    if (ti < 0) {
        if (enemies(c.s, f0.side).empty())
            return true;
        // The table names the target; the engine asks its ground, offers only the distances at which it can
        // be seen, and lets the table choose again when it is out of sight or not the closest enemy in sight
        // (OMTB-FIRE-02, OMTB-TERR-07). A unit ruled out is not offered again, so the choice ends, at worst
        // with "none".
        std::vector<int> ruledOut;
        while (ti < 0) {
            std::vector<int> targets;
            for (int e : enemies(c.s, f0.side))
                if (std::find(ruledOut.begin(), ruledOut.end(), e) == ruledOut.end())
                    targets.push_back(e);
            auto a = ask(c, [&] {
                const Unit& f = c.s.units[static_cast<std::size_t>(fi)];
                return question(
                    c.s, f, fid + ".target",
                    "Which enemy unit does " + f.name.str() + " fire at? It must be the closest enemy " +
                        f.name.str() +
                        " can see in its arc and range. A unit in thicket can be seen only within " +
                        std::to_string(tables::kThicketSightInches) + "\", one in open woods within " +
                        std::to_string(tables::kWoodsSightInches) + "\" (" +
                        std::to_string(tables::kWoodsMovedSightInches) + "\" if it moved there this phase)",
                    targetOptions(c.s, targets), "OMTB-FIRE-02, OMTB-TERR-03, OMTB-TERR-04, OMTB-TERR-07",
                    "target");
            });
            if (!a)
                return false;
            const int pick = *a == "none" ? -1 : indexOf(c.s, *a);
            if (pick < 0) {
                c.f.note(unitAt(c, fi).name.str() + " holds its fire: it sees no enemy in its arc and range");
                return true;
            }
            const auto g = askGround(c, pick, "as a target");
            if (!g)
                return false;
            const auto sight = sightInches(unitAt(c, pick), *g);
            std::vector<Option> bands;
            int lo = 0;
            for (int b : {4, 8, 12, 24}) {
                if (b > maxRange || (sight && b > *sight))
                    break;
                bands.push_back({std::to_string(b), lo == 0 ? "Within 4\""
                                                            : "Over " + std::to_string(lo) + "\" up to " +
                                                                  std::to_string(b) + "\""});
                lo = b;
            }
            bands.push_back(
                {"again", "Choose again: it cannot see this unit, or another enemy in sight is closer"});
            auto r = ask(c, [&] {
                const Unit& f = c.s.units[static_cast<std::size_t>(fi)];
                const Unit& t = c.s.units[static_cast<std::size_t>(pick)];
                std::string text = "How far is " + t.name.str() + " from " + f.name.str() +
                                   "? Its range is " + std::to_string(maxRange) + "\"";
                if (sight)
                    text += "; " + sightGround(*g) + " " + t.name.str() + " can be seen only within " +
                            std::to_string(*sight) + "\"";
                text += ". If " + f.name.str() + " cannot see " + t.name.str() +
                        ", or another enemy it can see in its arc and range is closer, choose again";
                return question(c.s, f, fid + ".range", text, bands,
                                "OMTB-FIRE-06, OMTB-FIRE-02, OMTB-TERR-03, OMTB-TERR-04", "range");
            });
            if (!r)
                return false;
            if (*r == "again") {
                c.f.note(unitAt(c, fi).name.str() + " chooses another target: " + unitAt(c, pick).name.str() +
                         " is out of sight or not the closest enemy in sight");
                ruledOut.push_back(pick);
                continue;
            }
            ti = pick;
            band = std::atoi(r->c_str());
        }
    }
    bool bows = false;
    if (!art && isIndian(unitAt(c, fi)) && band <= tables::fire(FireLine::IndianBows).range) {
        auto a = ask(c, [&] {
            return question(c.s, c.s.units[static_cast<std::size_t>(fi)], fid + ".weapon",
                            "Muskets, or bows with up to half the eligible figures, unseen (OMTB-FIRE-11)?",
                            {{"muskets", "Muskets"}, {"bows", "Bows"}}, "OMTB-FIRE-11", "fire");
        });
        if (!a)
            return false;
        bows = *a == "bows";
    }
    if (art && band <= tables::kCanisterRange) {
        // OMTB-FIRE-04 as the source has it: no canister with a friendly unit in the arc (no distance given).
        auto friendly = ask(c, [&] {
            return question(c.s, c.s.units[static_cast<std::size_t>(fi)], fid + ".friendly_in_arc",
                            "Is any friendly unit within the battery's fire arc (30 degrees either side)? "
                            "Then it may not fire canister (OMTB-FIRE-04)",
                            yesNo(), "OMTB-FIRE-04", "fire");
        });
        if (!friendly)
            return false;
        if (*friendly == "no") {
            auto ammo = ask(c, [&] {
                return question(c.s, c.s.units[static_cast<std::size_t>(fi)], fid + ".ammo",
                                "Ball or canister (OMTB-FIRE-04)?",
                                {{"ball", "Ball"}, {"canister", "Canister"}}, "OMTB-FIRE-04", "fire");
            });
            if (!ammo)
                return false;
            if (*ammo == "canister")
                line = FireLine::ArtilleryCanister;
        }
    }
    int n = 0;
    const Unit& firer = unitAt(c, fi);
    if (art) {
        n = c.o.artDicePerGunModel ? std::min(firer.guns, firer.figures)
                                   : std::min(firer.figures, 2 * firer.guns); // AMB-OMTB-02
    } else {
        int cap = firer.figures;
        std::string arc;
        if (firer.cohesion != Cohesion::Formed) {
            arc = "in disorder it fires as mass, front two ranks, then only half of them (OMTB-FIRE-03)";
        } else {
            switch (firer.formation) {
            case Formation::Column:
                cap = std::min(cap, 4);
                arc = "in column only the front two ranks fire";
                break;
            case Formation::Mass:
                arc = "in mass only the front two ranks fire, 180 degrees, not through its own figures";
                break;
            case Formation::Skirmish:
                arc = "skirmishers fire 180 degrees to each figure's front, not through their own figures";
                break;
            default:
                arc = "line and open order fire ahead and 45 degrees either side";
                break;
            }
        }
        auto a = ask(c, [&] {
            return question(c.s, firer, fid + ".eligible",
                            "How many figures of " + firer.name.str() + " can fire at the target? (" + arc +
                                ")",
                            numberOptions(1, std::max(1, cap)), "OMTB-FIRE-03", "fire");
        });
        if (!a)
            return false;
        n = std::clamp(std::atoi(a->c_str()), 0, cap);
        if (firer.cohesion != Cohesion::Formed) // AMB-OMTB-08
            n = c.o.disorderHalfCeil ? (n + 1) / 2 : n / 2;
    }
    const auto g = askGround(c, ti, "as a target");
    if (!g)
        return false;
    const Unit& target = unitAt(c, ti);
    int cls = targetClass(target, c.o);
    if (!art && unitAt(c, fi).mounted && c.o.mountedFire)
        cls = std::min(4, cls + 1); // AMB-OMTB-19
    const std::string tname = target.name.str();
    // The pools: bows first, then muskets (AMB-OMTB-12 mixed).
    struct Pool {
        FireLine line;
        int dice;
    };
    std::vector<Pool> pools;
    if (bows) {
        const int nb = n / 2; // OMTB-FIRE-11: up to half, rounded down
        pools.push_back({FireLine::IndianBows, nb});
        if (c.o.bowMixed && n - nb > 0)
            pools.push_back({FireLine::IndianMuskets, n - nb});
    } else {
        pools.push_back({line, n});
    }
    int hits = 0;
    std::string detail;
    for (std::size_t p = 0; p < pools.size(); ++p) {
        const auto& row = tables::fire(pools[p].line);
        if (pools[p].dice <= 0)
            continue;
        const int need = row.toHit[static_cast<std::size_t>(cls)];
        auto faces = roll(c, [&] {
            const Unit& f = c.s.units[static_cast<std::size_t>(fi)];
            return dice(c.s, f, fid + (p == 0 ? ".fire" : ".fire_muskets"), pools[p].dice, 20,
                        "Roll " + std::to_string(pools[p].dice) + "d20: " + f.name.str() + " (" + row.label +
                            ") at " + tname + ", class " + std::string(1, static_cast<char>('A' + cls)) +
                            ": each " + std::to_string(need) + " or less hits",
                        "OMTB-FIRE-06", "fire");
        });
        if (!faces)
            return false;
        int h = 0;
        for (int d : *faces)
            if (d <= need)
                ++h;
        hits += h;
        detail += std::string(detail.empty() ? "" : ", ") + std::to_string(h) +
                  (h == 1 ? " hit with " : " hits with ") + row.label;
    }
    hits = std::min(hits, unitAt(c, ti).figures);
    bool officerDie = false;
    if (hits > 0) { // OMTB-FIRE-09
        auto faces = roll(c, [&] {
            return dice(c.s, c.s.units[static_cast<std::size_t>(fi)], fid + ".officer", 1, 10,
                        "Roll 1d10: on a 10 the officer or leader of " + tname + " is killed", "OMTB-FIRE-09",
                        "officer");
        });
        if (!faces)
            return false;
        officerDie = !faces->empty() && faces->front() >= tables::kOfficerKilledOn;
    }
    c.f.note(unitAt(c, fi).name.str() + " fires at " + tname + ": " + detail + ", " + std::to_string(hits) +
             " killed");
    kill(c, ti, hits);
    if (officerDie)
        officerKilled(c, ti);
    Unit& t = unitAt(c, ti);
    if (inPlay(t) && (art || hits > 0)) { // OMTB-FIRE-12
        trigger(c, t);
        if (art)
            t.firedOnByArtillery = true;
    }
    Unit& f = unitAt(c, fi);
    if (!(bows && c.o.bowNoReload && pools.size() == 1)) { // OMTB-FIRE-10, AMB-OMTB-12
        f.loaded = false;
        f.loadProgress = 0;
    }
    if (!bows || pools.size() > 1)
        f.hidden = false; // musket fire reveals the firers; bows do not (OMTB-FIRE-11)
    if (kind == FireKind::Operation && c.o.fireMoraleImmediate && inPlay(t) && t.trigger > 0) {
        if (!moraleCheck(c, ti).ran)
            return false;
    }
    return true;
}

// ---- Melee (II.10)

int floorTotal(const Options& o, int t) {
    if (o.meleeFloor == "1")
        return std::max(1, t);
    if (o.meleeFloor == "0")
        return std::max(0, t);
    return t;
}

// A melee between attacker `ai` and defender `di` (OMTB-MEL-01..09). False when the feed ran out.
bool melee(Ctx& c, int ai, int di, bool charge, Facing facing) {
    const std::string key = unitAt(c, ai).id + "-" + unitAt(c, di).id.str();
    const std::string title = unitAt(c, ai).name.str() + " against " + unitAt(c, di).name.str();
    const int maxPairs = std::min(unitAt(c, ai).figures, unitAt(c, di).figures);
    if (maxPairs <= 0)
        return true;
    int k = 1;
    if (maxPairs > 1) {
        auto a = ask(c, [&] {
            return question(c.s, unitAt(c, ai), key + ".pairs",
                            title +
                                ": how many fights (single figures or 2-on-1 pairs) are there? Each figure "
                                "fights at most once; no figure against more than 2 (OMTB-MEL-01)",
                            numberOptions(1, maxPairs), "OMTB-MEL-01", "melee", -1);
        });
        if (!a)
            return false;
        k = std::clamp(std::atoi(a->c_str()), 1, maxPairs);
    }
    int aD = 0, bD = 0;
    if (unitAt(c, ai).figures > k) {
        auto a = ask(c, [&] {
            return question(c.s, unitAt(c, ai), key + ".a_doubled",
                            "In how many of them do two of " + unitAt(c, ai).name.str() +
                                " fight one figure (OMTB-MEL-03)?",
                            numberOptions(0, std::min(k, unitAt(c, ai).figures - k)), "OMTB-MEL-03", "melee",
                            -1);
        });
        if (!a)
            return false;
        aD = std::clamp(std::atoi(a->c_str()), 0, k);
    }
    if (unitAt(c, di).figures > k && k - aD > 0) {
        auto a = ask(c, [&] {
            return question(
                c.s, unitAt(c, di), key + ".b_doubled",
                "In how many do two of " + unitAt(c, di).name.str() + " fight one figure (OMTB-MEL-03)?",
                numberOptions(0, std::min(k - aD, unitAt(c, di).figures - k)), "OMTB-MEL-03", "melee", -1);
        });
        if (!a)
            return false;
        bD = std::clamp(std::atoi(a->c_str()), 0, k - aD);
    }
    // Fight e (0-based): singles first, then the attacker's pairs, then the defender's pairs.
    const int singles = k - aD - bD;
    auto aDoubled = [&](int e) {
        return e >= singles && e < singles + aD;
    };
    auto bDoubled = [&](int e) {
        return e >= singles + aD;
    };
    std::vector<Option> fights{{"none", "Not in the melee"}};
    for (int e = 1; e <= k; ++e)
        fights.push_back({std::to_string(e), "Fight " + std::to_string(e)});
    // Leader figures (AMB-OMTB-06): the designated figure, and any attached general or chief.
    struct LeaderAt {
        int fight = -1;
        int leader = -1; // index in s.leaders; -1 = the unit's own leader figure
    };
    std::vector<LeaderAt> leadersA, leadersD;
    for (int side = 0; side < 2; ++side) {
        const int ui = side == 0 ? ai : di;
        auto& out = side == 0 ? leadersA : leadersD;
        std::vector<int> who;
        const Unit& u = unitAt(c, ui);
        if (u.officer && (u.leaderFigure || c.o.officerExtraFigure))
            who.push_back(-1);
        for (int l = 0; l < static_cast<int>(c.s.leaders.size()); ++l)
            if (c.s.leaders[static_cast<std::size_t>(l)].alive &&
                c.s.leaders[static_cast<std::size_t>(l)].attachedTo == ui)
                who.push_back(l);
        for (int l : who) {
            const std::string name = l < 0 ? possessive(u.name.str()) + " leader figure"
                                           : c.s.leaders[static_cast<std::size_t>(l)].name.str();
            auto a = ask(c, [&] {
                return question(
                    c.s, u,
                    key + (side == 0 ? ".a_leader" : ".d_leader") +
                        (l < 0 ? std::string() : "." + c.s.leaders[static_cast<std::size_t>(l)].id),
                    "In which fight is " + name + " (+2, OMTB-MEL-02)?", fights, "OMTB-MEL-02", "melee");
            });
            if (!a)
                return false;
            out.push_back({*a == "none" ? -1 : std::atoi(a->c_str()) - 1, l});
        }
    }
    const auto g = askGround(c, di, "defending the melee");
    if (!g)
        return false;
    const auto& mm = tables::meleeMods();
    auto unitMod = [&](const Unit& u, bool attacker) {
        int m = 0;
        if (u.mounted)
            m += mm.mounted;
        if (!u.mounted && formed(u) &&
            std::find(c.o.bayonetTypes.begin(), c.o.bayonetTypes.end(), u.type) != c.o.bayonetTypes.end())
            m += mm.formedBayonet;
        if (attacker && charge) {
            if (!isIndian(u))
                m += mm.nonIndianCharging;
            else if (u.formation == Formation::Mass)
                m += mm.indianChargingMass;
            else if (u.formation == Formation::Skirmish)
                m += mm.indianChargingSkirmish;
        }
        if (!attacker && (*g == Ground::Thicket || behindWorks(*g)))
            m += mm.defendingWorksOrThicket;
        if (u.cohesion != Cohesion::Formed)
            m += mm.disordered;
        if (!attacker && facing != Facing::Front)
            m += mm.flankRear;
        return m;
    };
    const int modA = unitMod(unitAt(c, ai), true);
    const int modD = unitMod(unitAt(c, di), false);
    auto leaderMod = [&](const std::vector<LeaderAt>& ls, int e) {
        int m = 0;
        for (const auto& l : ls)
            if (l.fight == e)
                m += mm.leader;
        return m;
    };
    auto count = [&](bool attacker) {
        int n = k;
        if (c.o.doubleTwoDice)
            n += attacker ? aD : bD;
        return n;
    };
    auto rollSide = [&](bool attacker) {
        const int ui = attacker ? ai : di;
        return roll(c, [&] {
            const Unit& u = unitAt(c, ui);
            return dice(c.s, u, key + (attacker ? ".a" : ".d"), count(attacker), 10,
                        "Roll " + std::to_string(count(attacker)) + "d10: " + u.name.str() +
                            ", one per fight in order" + (c.o.doubleTwoDice ? " (two for a pair)" : "") +
                            ", modifier " + std::to_string(attacker ? modA : modD),
                        "OMTB-MEL-02", "melee");
        });
    };
    const auto facesA = rollSide(true);
    if (!facesA)
        return false;
    const auto facesD = rollSide(false);
    if (!facesD)
        return false;
    int killsA = 0, retreatsA = 0, killsD = 0, retreatsD = 0;
    bool leaderDeadA = false, leaderDeadD = false;
    std::vector<int> deadLeaders;
    std::size_t pa = 0, pd = 0;
    for (int e = 0; e < k; ++e) {
        const bool dblA = aDoubled(e), dblD = bDoubled(e);
        auto totals = [&](const std::vector<int>& faces, std::size_t& p, int mod, bool dbl, int lmod) {
            std::vector<int> t;
            const int dicen = dbl && c.o.doubleTwoDice ? 2 : 1;
            for (int d = 0; d < dicen; ++d) {
                const int face = p < faces.size() ? faces[p] : 1;
                ++p;
                t.push_back(floorTotal(c.o, face + mod + (dbl ? mm.additionalFigure : 0) + lmod));
            }
            return t;
        };
        const auto xa = totals(*facesA, pa, modA, dblA, leaderMod(leadersA, e));
        const auto xd = totals(*facesD, pd, modD, dblD, leaderMod(leadersD, e));
        // OMTB-MEL-04, both directions. `mine` holds one total (a figure, or a pair on one die) or two (a
        // pair rolling a die each, AMB-OMTB-09); `theirs` is the opponent's. A figure suffers one result at
        // most.
        auto resolve = [&](const std::vector<int>& mine, const std::vector<int>& theirs, int& kills,
                           int& retreats) {
            if (mine.size() == 2) {
                for (int x : mine) {
                    const int y = theirs.front();
                    if (y > x && y >= 2 * x)
                        ++kills;
                    else if (y > x)
                        ++retreats;
                }
                return;
            }
            const int x = mine.front();
            bool killed = false, beaten = false;
            for (int y : theirs) {
                killed = killed || (y > x && y >= 2 * x);
                beaten = beaten || y > x;
            }
            if (killed)
                ++kills;
            else if (beaten)
                ++retreats;
        };
        const int kaBefore = killsA, kdBefore = killsD;
        resolve(xa, xd, killsA, retreatsA);
        resolve(xd, xa, killsD, retreatsD);
        if (!dblA && killsA > kaBefore)
            for (const auto& l : leadersA)
                if (l.fight == e) {
                    if (l.leader < 0)
                        leaderDeadA = true;
                    else
                        deadLeaders.push_back(l.leader);
                }
        if (!dblD && killsD > kdBefore)
            for (const auto& l : leadersD)
                if (l.fight == e) {
                    if (l.leader < 0)
                        leaderDeadD = true;
                    else
                        deadLeaders.push_back(l.leader);
                }
        std::string line = "Fight " + std::to_string(e + 1) + ": ";
        for (std::size_t q = 0; q < xa.size(); ++q)
            line += (q ? "/" : "") + std::to_string(xa[q]);
        line += " against ";
        for (std::size_t q = 0; q < xd.size(); ++q)
            line += (q ? "/" : "") + std::to_string(xd[q]);
        c.f.note(line);
    }
    const int lossA = killsA + retreatsA, lossD = killsD + retreatsD; // OMTB-MEL-06
    c.f.note(title + ": losses " + std::to_string(killsA) + " killed + " + std::to_string(retreatsA) +
             " fallen back against " + std::to_string(killsD) + " killed + " + std::to_string(retreatsD) +
             " fallen back; the fallen back rejoin their units");
    kill(c, ai, killsA);
    kill(c, di, killsD);
    // The officers and leaders who fell in the fights are said, as fire says its officer killed
    // (OMTB-FIRE-09).
    for (const auto& [ui, dead] : {std::pair{ai, leaderDeadA}, std::pair{di, leaderDeadD}}) {
        Unit& u = unitAt(c, ui);
        if (dead && u.officer) {
            u.officer = false;
            c.f.note(possessive(u.name.str()) + " officer is killed in the melee");
        }
    }
    for (int l : deadLeaders) {
        auto& leader = c.s.leaders[static_cast<std::size_t>(l)];
        if (leader.alive && leader.attachedTo >= 0)
            c.f.note(leader.name.str() + ", with " + unitAt(c, leader.attachedTo).name.str() +
                     ", is killed in the melee");
        else if (leader.alive)
            c.f.note(leader.name.str() + " is killed in the melee");
        leader.alive = false;
        leader.attachedTo = -1;
    }
    int loser = -1, margin = 0;
    if (lossA > lossD) {
        loser = ai;
        margin = lossA - lossD;
    } else if (lossD > lossA) {
        loser = di;
        margin = lossD - lossA;
    } else if (c.o.meleeTie == "defender_wins") { // AMB-OMTB-11
        loser = ai;
        margin = 1;
    } else if (c.o.meleeTie == "both_disorder") {
        for (int ui : {ai, di})
            if (inPlay(unitAt(c, ui)) && unitAt(c, ui).cohesion == Cohesion::Formed)
                unitAt(c, ui).cohesion = Cohesion::Disorder;
        c.f.note(title + ": equal losses, " + std::to_string(lossA) + " each: both units end in disorder");
        return true;
    } else {
        c.f.note(title + ": equal losses, " + std::to_string(lossA) +
                 " each: no loser; both stay in place (OMTB-MEL-09)");
        return true;
    }
    const int winner = loser == ai ? di : ai;
    // Who won is said before the loser's fate (OMTB-MEL-06: the side with fewer losses wins).
    c.f.note(unitAt(c, winner).name.str() + " wins the melee against " + unitAt(c, loser).name.str() + ", " +
             std::to_string(winner == ai ? lossA : lossD) +
             ((winner == ai ? lossA : lossD) == 1 ? " loss" : " losses") + " against " +
             std::to_string(loser == ai ? lossA : lossD) +
             (lossA == lossD ? " (the defender wins a tie)" : ""));
    if (inPlay(unitAt(c, loser))) // OMTB-MEL-07
        applyFailure(c, loser, margin, "loses the melee");
    if (inPlay(unitAt(c, winner)))
        c.f.note(unitAt(c, winner).name.str() + " occupies the position its enemy left (OMTB-MEL-08)");
    return true;
}

// ---- Operations (II.4)

enum class Op { Move, Charge, Formation, Fire, Limber, Load, Mount, Done };

const char* opValue(Op op) {
    switch (op) {
    case Op::Move:
        return "move";
    case Op::Charge:
        return "charge";
    case Op::Formation:
        return "formation";
    case Op::Fire:
        return "fire";
    case Op::Limber:
        return "limber";
    case Op::Load:
        return "load";
    case Op::Mount:
        return "mount";
    case Op::Done:
        return "done";
    }
    return "done";
}

std::vector<Op> legalOps(const State& s, int i, const Options& o) {
    const Unit& u = s.units[static_cast<std::size_t>(i)];
    std::vector<Op> out;
    if (u.cohesion != Cohesion::Formed || u.ops <= 0) // OMTB-OPS-05
        return {Op::Done};
    const bool command = hasCommand(s, i);
    const bool foes = !enemies(s, u.side).empty();
    if (command && !u.charging && moveRate(u, o)) // OMTB-OPS-06, OMTB-MOVE-03 (a charge is the last move)
        out.push_back(Op::Move);
    if (command && !u.charging && !isArtillery(u) && foes)
        out.push_back(Op::Charge);
    if (!isArtillery(u))
        out.push_back(Op::Formation);
    if (u.loaded && canFire(u, o) && foes)
        out.push_back(Op::Fire);
    if (isArtillery(u))
        out.push_back(Op::Limber);
    if (!u.loaded)
        out.push_back(Op::Load);
    if (prof(u).mountable)
        out.push_back(Op::Mount);
    out.push_back(Op::Done);
    return out;
}

std::string opLabel(const Unit& u, Op op) {
    switch (op) {
    case Op::Move:
        return "MOVE";
    case Op::Charge:
        return "CHARGE (its last movement)";
    case Op::Formation:
        return "CHANGE FACING AND/OR FORMATION";
    case Op::Fire:
        return "FIRE";
    case Op::Limber:
        return u.formation == Formation::Limbered ? "UNLIMBER" : "LIMBER";
    case Op::Load:
        return "LOAD";
    case Op::Mount:
        return u.mounted ? "DISMOUNT" : "MOUNT";
    case Op::Done:
        return "No more operations";
    }
    return "";
}

// Movement allowance of one op in eighths of an inch, after going and charge (OMTB-MOVE-01/03,
// OMTB-TERR-01..05).
int allowance(const Unit& u, const Options& o, const std::string& going, bool charge) {
    const int rate = moveRate(u, o).value_or(0) * tables::kEighths;
    // Multipliers as percentages over 100.
    std::vector<int> pct;
    if (charge)
        pct.push_back(150);
    if (going == "road" && u.formation == Formation::Column)
        pct.push_back(150);
    if (going == "thicket" || going == "hill_thicket")
        pct.push_back(50);
    if ((going == "hill" || going == "hill_thicket") && u.formation != Formation::Skirmish)
        pct.push_back(50);
    if (o.terrainAdd) {
        int total = 100;
        for (int p : pct)
            total += p - 100;
        return std::max(0, rate * total / 100);
    }
    long v = rate;
    long den = 1;
    for (int p : pct) {
        v *= p;
        den *= 100;
    }
    return static_cast<int>(v / den);
}

std::vector<Option> goingOptions(const Unit& u, bool charge) {
    std::vector<Option> out{{"open", "Open ground"}, {"woods", "Open woods (a mover is spotted at 12\")"}};
    if (u.formation == Formation::Column)
        out.push_back({"road", "Along a road, in column (+50%)"});
    out.push_back({"thicket", "Thicket (half)"});
    if (!charge) {
        out.push_back({"hill", "Hill (non-skirmish moves at half)"});
        out.push_back({"hill_thicket", "Hill and thicket"});
    } else {
        out.push_back({"hill", "Across or down a hill, not uphill (non-skirmish at half)"});
    }
    return out;
}

bool doMove(Ctx& c, int i) {
    Unit& u0 = unitAt(c, i);
    const std::string uid = u0.id.str();
    auto going = ask(c, [&] {
        return question(c.s, u0, uid + ".going", "What ground does " + u0.name.str() + " move through?",
                        goingOptions(u0, false), "OMTB-TERR-01", "terrain");
    });
    if (!going)
        return false;
    const auto targets = enemies(c.s, u0.side);
    std::vector<Option> contact{{"none", "No contact"}};
    for (const auto& opt : unitOptions(c.s, targets))
        contact.push_back({opt.value, "Into contact with " + opt.label + " (no charge bonus)"});
    auto into = ask(c, [&] {
        return question(c.s, u0, uid + ".contact",
                        "Does the move end in contact with an enemy unit (OMTB-MOVE-07)?", contact,
                        "OMTB-MOVE-07", "target");
    });
    if (!into)
        return false;
    Unit& u = unitAt(c, i);
    const int a = allowance(u, c.o, *going, false);
    u.moved = true;
    u.movedInWoods = u.movedInWoods || *going == "woods"; // spotted at 12" (OMTB-TERR-04)
    c.f.note(u.name.str() + " may move up to " + inches(a) + " in " + formationLabel(u.formation) +
             " (OMTB-MOVE-01)");
    if (*into != "none") {
        u.contactTarget = indexOf(c.s, *into);
        auto facing = ask(c, [&] {
            return question(c.s, unitAt(c, i), uid + ".contact_facing", "Where does it touch the enemy?",
                            {{"front", "Front"}, {"flank", "Flank"}, {"rear", "Rear"}}, "OMTB-MEL-01",
                            "target");
        });
        if (!facing)
            return false;
        parse(*facing, unitAt(c, i).contactFacing);
    }
    return true;
}

// The charge's target and where it strikes (the facing gives the flank modifiers of II.9 and II.10).
std::optional<std::pair<std::string, std::string>> askChargeTarget(Ctx& c, int i, const std::string& text,
                                                                   const std::string& rule) {
    const std::string uid = unitAt(c, i).id.str();
    const auto targets = enemies(c.s, unitAt(c, i).side);
    auto t = ask(c, [&] {
        return question(c.s, unitAt(c, i), uid + ".charge_target", text, unitOptions(c.s, targets), rule,
                        "target");
    });
    if (!t)
        return std::nullopt;
    auto facing = ask(c, [&] {
        return question(c.s, unitAt(c, i), uid + ".charge_facing", "Where does the charge strike the target?",
                        {{"front", "Front"}, {"flank", "Flank"}, {"rear", "Rear"}}, rule, "target");
    });
    if (!facing)
        return std::nullopt;
    return std::pair{*t, *facing};
}

bool doCharge(Ctx& c, int i) {
    Unit& u0 = unitAt(c, i);
    const std::string uid = u0.id.str();
    auto aim = askChargeTarget(c, i, "Which enemy unit does " + u0.name.str() + " charge?", "OMTB-MOVE-03");
    if (!aim)
        return false;
    const std::optional<std::string> t = aim->first, facing = aim->second;
    auto going = ask(c, [&] {
        return question(c.s, unitAt(c, i), uid + ".going",
                        "What ground does the charge cross? No charge may be made uphill (OMTB-TERR-01)",
                        goingOptions(unitAt(c, i), true), "OMTB-TERR-01", "terrain");
    });
    if (!going)
        return false;
    const int reach = allowance(unitAt(c, i), c.o, *going, true);
    int rem = 0;
    if (!c.o.directContact) {
        std::vector<Option> rems;
        for (int h = 0; h <= std::max(0, reach / 4); ++h)
            rems.push_back({h % 2 ? std::to_string(h / 2) + ".5" : std::to_string(h / 2), inches(h * 4)});
        auto r = ask(c, [&] {
            return question(c.s, unitAt(c, i), uid + ".rem",
                            "The charge (up to " + inches(reach) +
                                " this op) stops 2\" from the target: how much movement is left unused "
                                "(OMTB-MOVE-06)?",
                            rems, "OMTB-MOVE-06", "charge");
        });
        if (!r)
            return false;
        rem = static_cast<int>(std::atof(r->c_str()) * tables::kEighths + 0.5);
    }
    Unit& u = unitAt(c, i);
    u.charging = true;
    u.chargeTarget = indexOf(c.s, *t);
    parse(*facing, u.chargeFacing);
    u.chargeRem = rem;
    u.moved = true;
    trigger(c, u); // OMTB-MOR-01: starting a charge
    if (u.chargeTarget >= 0)
        trigger(c, unitAt(c, u.chargeTarget)); // and the target of a charge
    c.f.note(u.name.str() + " charges " + *t + " (" + *facing + "), reach " + inches(reach) +
             " (OMTB-MOVE-03)");
    return true;
}

bool doOperation(Ctx& c, int i, Op op) {
    Unit& u = unitAt(c, i);
    const std::string uid = u.id.str();
    switch (op) {
    case Op::Move:
        if (!doMove(c, i))
            return false;
        break;
    case Op::Charge:
        if (!doCharge(c, i))
            return false;
        break;
    case Op::Formation: {
        auto f = ask(c, [&] {
            return question(c.s, u, uid + ".formation",
                            "New facing and/or formation of " + u.name.str() +
                                " (the same formation: facing only)",
                            formationOptions(u, c.o), "OMTB-OPS-02", "formation");
        });
        if (!f)
            return false;
        parse(*f, unitAt(c, i).formation);
        break;
    }
    case Op::Fire:
        if (!fire(c, i, -1, FireKind::Operation))
            return false;
        break;
    case Op::Limber:
        u.formation = u.formation == Formation::Limbered ? Formation::Unlimbered : Formation::Limbered;
        c.f.note(u.name.str() + " is now " + toString(u.formation));
        break;
    case Op::Load: // OMTB-OPS-07
        ++u.loadProgress;
        if (u.loadProgress >= loadOpsNeeded(u)) {
            u.loaded = true;
            u.loadProgress = 0;
        }
        c.f.note(u.name.str() + (u.loaded ? " is loaded" : " loads (1 of 2)"));
        break;
    case Op::Mount: {
        u.mounted = !u.mounted;
        if (!rates(u, c.o).rate(u.formation)) {
            auto f = ask(c, [&] {
                return question(c.s, unitAt(c, i), uid + ".formation",
                                "Formation after mounting or dismounting",
                                formationOptions(unitAt(c, i), c.o), "OMTB-TYPE-01", "formation");
            });
            if (!f)
                return false;
            parse(*f, unitAt(c, i).formation);
        }
        c.f.note(unitAt(c, i).name.str() + (unitAt(c, i).mounted ? " mounts" : " dismounts"));
        break;
    }
    case Op::Done:
        break;
    }
    Unit& after = unitAt(c, i);
    if (op != Op::Done && after.ops > 0)
        --after.ops;
    return true;
}

// ---- Steps

std::vector<int> activationCandidates(const State& s, const Options& o) {
    std::vector<int> out;
    for (int i = 0; i < static_cast<int>(s.units.size()); ++i) {
        const Unit& u = s.units[static_cast<std::size_t>(i)];
        if (inPlay(u) && u.side == phasingSide(s) && u.ops > 0 && !u.activated &&
            u.cohesion == Cohesion::Formed)
            out.push_back(i);
    }
    (void)o;
    return out;
}

bool stepOps(Ctx& c) {
    const int side = phasingSide(c.s);
    std::vector<OpsLine> lines;
    for (const auto& u : c.s.units)
        if (inPlay(u) && u.side == side &&
            std::find(lines.begin(), lines.end(), opsLine(c.s, u, c.o)) == lines.end())
            lines.push_back(opsLine(c.s, u, c.o));
    std::sort(lines.begin(), lines.end());
    const char* lineNames[] = {"indians", "militia", "regulars"};
    int commandDie[3] = {0, 0, 0};
    const std::string sid = sideId(c.s, side);
    if (c.o.oneDiePerLine) { // AMB-OMTB-03
        for (OpsLine l : lines) {
            Unit probe;
            probe.id = sid;
            probe.side = side;
            auto f = roll(c, [&] {
                return dice(c.s, probe, sid + ".ops." + lineNames[static_cast<int>(l)], 1, 6,
                            "Roll 1d6: operations for the " + std::string(lineNames[static_cast<int>(l)]) +
                                " line (Table 1)",
                            "OMTB-OPS-01", "operations");
            });
            if (!f)
                return false;
            commandDie[static_cast<int>(l)] = f->empty() ? 1 : f->front();
        }
    } else {
        Unit probe;
        probe.id = sid;
        probe.side = side;
        auto f = roll(c, [&] {
            return dice(c.s, probe, sid + ".ops", 1, 6,
                        "Roll 1d6 for the whole command: operations by Table 1, read on each unit's line",
                        "OMTB-OPS-01", "operations");
        });
        if (!f)
            return false;
        for (int& d : commandDie)
            d = f->empty() ? 1 : f->front();
    }
    c.s.opsDie = commandDie[static_cast<int>(lines.empty() ? OpsLine::Regulars : lines.front())];
    bool allOne = !lines.empty();
    for (auto& u : c.s.units) {
        if (!inPlay(u) || u.side != side)
            continue;
        int die = commandDie[static_cast<int>(opsLine(c.s, u, c.o))];
        if (u.opsPenalty > 0 && c.o.reactionMinusOnDie) // AMB-OMTB-04
            die = std::max(1, die - u.opsPenalty);
        const int table = tables::operations(opsLine(c.s, u, c.o), die);
        allOne = allOne && tables::operations(opsLine(c.s, u, c.o),
                                              commandDie[static_cast<int>(opsLine(c.s, u, c.o))]) == 1;
        u.ops = table;
        if (u.opsPenalty > 0 && !c.o.reactionMinusOnDie)
            u.ops = std::max(0, table - u.opsPenalty); // OMTB-OPS-08
        u.opsPenalty = 0;
    }
    std::string line = c.s.sides[static_cast<std::size_t>(side)].name + " roll " +
                       std::to_string(c.s.opsDie) + " for operations";
    c.f.note(line);
    // OMTB-1791-03: the Americans have only 1 operation.
    c.s.surprise = c.o.mods1791 && c.s.sides[static_cast<std::size_t>(side)].nation == "american" && allOne;
    if (c.s.surprise)
        c.f.note("The Americans have only 1 operation: every Indian unit may take one free operation first "
                 "(OMTB-1791-03)");
    return true;
}

bool surpriseHasWork(const State& s, const Unit& u) {
    return s.surprise && inPlay(u) && isIndian(u) && u.cohesion == Cohesion::Formed && !u.freeOpDone;
}

bool stepSurprise(Ctx& c, int i) {
    Unit& u0 = unitAt(c, i);
    const std::string uid = u0.id.str();
    std::vector<Option> opts{{"none", "No free operation"}};
    const bool foes = !enemies(c.s, u0.side).empty();
    if (u0.loaded && canFire(u0, c.o) && foes)
        opts.push_back({"fire", "FIRE"});
    if (hasCommand(c.s, i) && foes) {
        opts.push_back({"charge", "CHARGE to contact"});
        opts.push_back({"move_away", "MOVE away from an American unit within its charge reach"});
    }
    auto a = ask(c, [&] {
        return question(c.s, u0, uid + ".free_op", "Free operation of " + u0.name.str() + " (OMTB-1791-03)",
                        opts, "OMTB-1791-03", "order");
    });
    if (!a)
        return false;
    unitAt(c, i).freeOpDone = true;
    if (*a == "fire")
        return fire(c, i, -1, FireKind::Free);
    if (*a == "move_away") {
        c.f.note(unitAt(c, i).name.str() + " moves away, up to " +
                 inches(allowance(unitAt(c, i), c.o, "open", false)));
        return true;
    }
    if (*a != "charge")
        return true;
    auto aim = askChargeTarget(c, i, "Which American unit does it charge?", "OMTB-1791-03");
    if (!aim)
        return false;
    const std::optional<std::string> t = aim->first, facing = aim->second;
    const int ti = indexOf(c.s, *t);
    if (ti < 0)
        return true;
    Facing fc = Facing::Front;
    parse(*facing, fc);
    Unit& target = unitAt(c, ti);
    if (fc == Facing::Front && target.loaded && canFire(target, c.o)) {
        auto r = ask(c, [&] {
            return question(c.s, target, target.id + ".stand_and_fire",
                            "Does " + target.name.str() + " fire at " + unitAt(c, i).name.str() +
                                " as it charges (OMTB-OPS-08; it costs 1 op of the next roll)?",
                            yesNo(), "OMTB-OPS-08", "fire");
        });
        if (!r)
            return false;
        if (*r == "yes") {
            if (!fire(c, ti, i, FireKind::Reaction))
                return false;
            unitAt(c, ti).reactionFired = true;
            unitAt(c, ti).opsPenalty = 1;
        }
    }
    if (inPlay(unitAt(c, i)) && inPlay(unitAt(c, ti))) {
        if (!melee(c, i, ti, true, fc))
            return false;
    }
    if (inPlay(unitAt(c, i)) && unitAt(c, i).cohesion == Cohesion::Formed)
        unitAt(c, i).cohesion = Cohesion::Disorder; // OMTB-MOVE-04
    return true;
}

bool stepLeader(Ctx& c, int l) {
    const Leader& ld = c.s.leaders[static_cast<std::size_t>(l)];
    std::vector<Option> opts{{"none", "Not attached to a unit"}};
    std::vector<int> own;
    for (int i = 0; i < static_cast<int>(c.s.units.size()); ++i)
        if (inPlay(c.s.units[static_cast<std::size_t>(i)]) &&
            c.s.units[static_cast<std::size_t>(i)].side == ld.side)
            own.push_back(i);
    for (const auto& o : unitOptions(c.s, own))
        opts.push_back(o);
    auto a = ask(c, [&] {
        Unit probe;
        probe.id = ld.id;
        probe.side = ld.side;
        Question q = question(c.s, probe, ld.id + ".attach",
                              "Which unit is " + ld.name.str() +
                                  " with? An attached leader gives command and +1 morale (OMTB-MOVE-05)",
                              opts, "OMTB-MOVE-05", "leader");
        return q;
    });
    if (!a)
        return false;
    c.s.leaders[static_cast<std::size_t>(l)].attachedTo = *a == "none" ? -1 : indexOf(c.s, *a);
    return true;
}

bool stepForced(Ctx& c, int i) { // OMTB-OPS-04
    while (unitAt(c, i).ops > 0 && unitAt(c, i).cohesion != Cohesion::Formed) {
        Unit& u = unitAt(c, i);
        if (u.cohesion == Cohesion::Rout) {
            u.cohesion = Cohesion::Disorder;
            --u.ops;
            c.f.note(u.name.str() + " rallies: now in disorder, facing the enemy (OMTB-FORM-07)");
            continue;
        }
        auto f = ask(c, [&] {
            return question(c.s, u, u.id + ".reform", u.name.str() + " must reform: into which formation?",
                            formationOptions(u, c.o), "OMTB-OPS-04", "formation");
        });
        if (!f)
            return false;
        Unit& v = unitAt(c, i);
        parse(*f, v.formation);
        v.cohesion = Cohesion::Formed;
        --v.ops;
        c.f.note(v.name.str() + " reforms in " + formationLabel(v.formation));
    }
    return true;
}

bool stepActivate(Ctx& c) {
    int ui = c.s.activeUnit;
    const std::string sid = sideId(c.s, phasingSide(c.s));
    if (ui < 0 || c.o.interleaved) {
        const auto cand = activationCandidates(c.s, c.o);
        std::vector<Option> opts;
        for (int i : cand) {
            const Unit& u = c.s.units[static_cast<std::size_t>(i)];
            opts.push_back({u.id.str(), u.name.str() + " (" + std::to_string(u.ops) + " ops)"});
        }
        opts.push_back({"end", "End the operations of this phase (unused operations are lost)"});
        auto a = ask(c, [&] {
            Unit probe;
            probe.id = sid;
            probe.side = phasingSide(c.s);
            Question q = question(c.s, probe, sid + ".next", "Which unit acts next (OMTB-OPS-03)?", opts,
                                  "OMTB-OPS-03", "order");
            q.subjects.clear();
            for (int i : cand)
                q.subjects.push_back(c.s.units[static_cast<std::size_t>(i)].id.str());
            return q;
        });
        if (!a)
            return false;
        if (*a == "end") {
            for (auto& u : c.s.units)
                if (u.side == phasingSide(c.s)) {
                    u.activated = true;
                    u.ops = 0; // OMTB-OPS-03: unused operations are lost
                }
            c.s.activeUnit = -1;
            return true;
        }
        ui = indexOf(c.s, *a);
        if (ui < 0)
            return true;
        c.s.activeUnit = ui;
    }
    const auto ops = legalOps(c.s, ui, c.o);
    std::vector<Option> opts;
    for (Op op : ops)
        opts.push_back({opValue(op), opLabel(unitAt(c, ui), op)});
    auto a = ask(c, [&] {
        const Unit& u = unitAt(c, ui);
        return question(c.s, u, u.id + ".op",
                        "Operation for " + u.name.str() + " (" + std::to_string(u.ops) +
                            " left, OMTB-OPS-02)",
                        opts, "OMTB-OPS-02", "order");
    });
    if (!a)
        return false;
    Op op = Op::Done;
    for (Op o : ops)
        if (*a == opValue(o))
            op = o;
    if (!doOperation(c, ui, op))
        return false;
    Unit& u = unitAt(c, ui);
    if (op == Op::Done || u.ops <= 0 || !inPlay(u)) {
        if (op == Op::Done)
            u.ops = 0;
        u.activated = true;
        c.s.activeUnit = -1;
    }
    if (c.o.interleaved)
        c.s.activeUnit = -1;
    return true;
}

bool stepMoraleTarget(Ctx& c, int i) {
    const auto r = moraleCheck(c, i);
    if (!r.ran)
        return false;
    if (!r.passed || !inPlay(unitAt(c, i)))
        return true; // OMTB-MOR-08: no reaction fire after a failure
    // OMTB-OPS-08: reaction fire at a frontal charger.
    Unit& u = unitAt(c, i);
    if (!u.loaded || !canFire(u, c.o))
        return true;
    std::vector<int> front;
    for (int k = 0; k < static_cast<int>(c.s.units.size()); ++k) {
        const Unit& ch = c.s.units[static_cast<std::size_t>(k)];
        if (inPlay(ch) && ch.charging && !ch.chargeFailed && ch.chargeTarget == i &&
            ch.chargeFacing == Facing::Front)
            front.push_back(k);
    }
    if (front.empty())
        return true;
    std::vector<Option> opts{{"no", "Hold fire"}};
    for (const auto& o : unitOptions(c.s, front))
        opts.push_back({o.value, "Fire at " + o.label});
    auto a = ask(c, [&] {
        return question(c.s, u, u.id + ".stand_and_fire",
                        u.name.str() + " passed and is loaded: fire at a charger from the front? It costs 1 "
                                       "operation of the next roll (OMTB-OPS-08)",
                        opts, "OMTB-OPS-08", "fire");
    });
    if (!a)
        return false;
    if (*a == "no")
        return true;
    const int ti = indexOf(c.s, *a);
    if (ti < 0)
        return true;
    if (!fire(c, i, ti, FireKind::Reaction))
        return false;
    unitAt(c, i).reactionFired = true;
    unitAt(c, i).opsPenalty = 1;
    return true;
}

bool stepMoraleCharger(Ctx& c, int i) {
    const auto r = moraleCheck(c, i);
    if (!r.ran)
        return false;
    if (!r.passed && unitAt(c, i).charging) {
        unitAt(c, i).chargeFailed = true; // OMTB-MOR-07
        c.f.note(unitAt(c, i).name.str() + " does not continue its charge");
    }
    return true;
}

bool meleeHasWork(const State& s, const Unit& u) {
    if (!inPlay(u) || u.side != phasingSide(s))
        return false;
    if (u.charging && !u.chargeFailed && u.chargeTarget >= 0 &&
        inPlay(s.units[static_cast<std::size_t>(u.chargeTarget)]))
        return true;
    return u.contactTarget >= 0 && inPlay(s.units[static_cast<std::size_t>(u.contactTarget)]);
}

bool stepMelee(Ctx& c, int i) {
    Unit& u = unitAt(c, i);
    if (u.charging && !u.chargeFailed && u.chargeTarget >= 0) {
        const Unit& t = unitAt(c, u.chargeTarget);
        const int gap = (tables::kChargeHaltInches + t.retreated) * tables::kEighths; // OMTB-MOVE-06
        const bool contact = c.o.directContact ? t.retreated == 0 : u.chargeRem >= gap;
        if (!contact) {
            c.f.note(u.name.str() + " has " + inches(u.chargeRem) + " left against a gap of " + inches(gap) +
                     ": no contact");
            return true;
        }
        return melee(c, i, u.chargeTarget, true, u.chargeFacing);
    }
    if (u.contactTarget >= 0)
        return melee(c, i, u.contactTarget, false, u.contactFacing);
    return true;
}

bool routHasWork(const State& s, const Unit& u, const Options& o) {
    return inPlay(u) && u.side == phasingSide(s) && u.routedAtStart && u.cohesion == Cohesion::Rout &&
           (!o.step6IndiansOnly || isIndian(u));
}

bool stepRout(Ctx& c, int i) { // OMTB-MOVE-09, AMB-OMTB-16
    Unit& u = unitAt(c, i);
    const int r = skirmishRate(u, c.o);
    auto a = ask(c, [&] {
        return question(
            c.s, u, u.id + ".rout_move",
            u.name.str() + " is still in rout: it moves " + std::to_string(r) +
                "\" directly away from the enemy unless it is in cover or beyond enemy small-arms range",
            {{"stays", "In cover or beyond enemy small-arms range: it stays"},
             {"moves", "It moves " + std::to_string(r) + "\" away"},
             {"off_table", "The move takes it off the table"}},
            "OMTB-MOVE-09", "rout");
    });
    if (!a)
        return false;
    Unit& v = unitAt(c, i);
    if (*a == "moves") {
        v.lastRetreat = r;
        c.f.note(v.name.str() + " routs " + std::to_string(r) + "\" away");
    } else if (*a == "off_table") {
        v.offTable = true;
        detachLeaders(c.s, i);
        c.f.note(v.name.str() + " routs off the table");
    }
    return true;
}

// ---- The step machine

const Step kOrder[] = {Step::Ops,      Step::Surprise,      Step::SurpriseMorale, Step::Leaders, Step::Forced,
                       Step::Activate, Step::MoraleTargets, Step::MoraleChargers, Step::Melee,   Step::Rout};

int stepSize(const State& s, Step st) {
    switch (st) {
    case Step::Ops:
    case Step::Activate:
        return 1;
    case Step::Leaders:
        return static_cast<int>(s.leaders.size());
    case Step::SurpriseMorale:
    case Step::MoraleTargets:
    case Step::MoraleChargers:
        return static_cast<int>(s.queue.size());
    default:
        return static_cast<int>(s.units.size());
    }
}

bool hasWork(const State& s, const Options& o) {
    const Cursor& cu = s.cursor;
    const int side = phasingSide(s);
    auto unit = [&]() -> const Unit& {
        return s.units[static_cast<std::size_t>(cu.index)];
    };
    auto queued = [&]() -> const Unit& {
        return s.units[static_cast<std::size_t>(s.queue[static_cast<std::size_t>(cu.index)])];
    };
    switch (cu.step) {
    case Step::Ops:
        for (const auto& u : s.units)
            if (inPlay(u) && u.side == side)
                return true;
        return false;
    case Step::Surprise:
        return surpriseHasWork(s, unit());
    case Step::SurpriseMorale:
    case Step::MoraleTargets:
        return inPlay(queued()) && queued().trigger > 0;
    case Step::MoraleChargers:
        return inPlay(queued()) && (queued().trigger > 0 || queued().charging);
    case Step::Leaders: {
        const Leader& l = s.leaders[static_cast<std::size_t>(cu.index)];
        return l.alive && l.side == side;
    }
    case Step::Forced:
        return inPlay(unit()) && unit().side == side && unit().ops > 0 && unit().cohesion != Cohesion::Formed;
    case Step::Activate:
        return !activationCandidates(s, o).empty() || s.activeUnit >= 0;
    case Step::Melee:
        return meleeHasWork(s, unit());
    case Step::Rout:
        return routHasWork(s, unit(), o);
    case Step::GameOver:
        return false;
    }
    return false;
}

// End of a phase: chargers disorder (OMTB-MOVE-04), same-turn reloads lapse (AMB-OMTB-27).
void endPhase(State& s, const Options& o) {
    for (auto& u : s.units) {
        if (u.side == phasingSide(s) && u.charging && inPlay(u) && u.cohesion == Cohesion::Formed)
            u.cohesion = Cohesion::Disorder;
        if (o.reloadSameTurnOnly && !u.loaded)
            u.loadProgress = 0;
    }
}

void endTurn(State& s, const Options& o) {
    ++s.turn;
    for (auto& u : s.units)
        u.casualtiesTurn = 0;
    int alive[2] = {0, 0}, start[2] = {0, 0}, figs[2] = {0, 0}, startFigs[2] = {0, 0};
    for (const auto& u : s.units) {
        if (u.side < 0 || u.side > 1)
            continue;
        ++start[u.side];
        startFigs[u.side] += u.startFigures;
        if (inPlay(u)) {
            ++alive[u.side];
            figs[u.side] += u.figures;
        }
    }
    const bool wiped = (start[0] > 0 && alive[0] == 0) || (start[1] > 0 && alive[1] == 0);
    if (wiped || s.turn > s.maxTurns) {
        s.cursor = Cursor{0, Step::GameOver, 0};
        // The side keeping the larger share of its figures in play wins (the source sets no victory rule).
        const long a = static_cast<long>(figs[0]) * std::max(1, startFigs[1]);
        const long b = static_cast<long>(figs[1]) * std::max(1, startFigs[0]);
        s.winner = a == b ? "draw" : s.sides[a > b ? 0 : 1].id;
        return;
    }
    enterPhase(s, 0, o);
}

void normalize(State& s, const Options& o) {
    while (s.cursor.step != Step::GameOver && s.cursor.index >= stepSize(s, s.cursor.step)) {
        std::size_t at = 0;
        while (at < std::size(kOrder) && kOrder[at] != s.cursor.step)
            ++at;
        if (at + 1 < std::size(kOrder)) {
            s.cursor.index = 0;
            s.cursor.step = kOrder[at + 1];
            enterStep(s, s.cursor.step, o);
            continue;
        }
        endPhase(s, o);
        if (s.cursor.phase == 0)
            enterPhase(s, 1, o);
        else
            endTurn(s, o);
    }
}

bool executeStep(Ctx& c) {
    const int i = c.s.cursor.index;
    switch (c.s.cursor.step) {
    case Step::Ops:
        return stepOps(c);
    case Step::Surprise:
        return stepSurprise(c, i);
    case Step::SurpriseMorale:
    case Step::MoraleTargets:
        return c.s.cursor.step == Step::SurpriseMorale
                   ? moraleCheck(c, c.s.queue[static_cast<std::size_t>(i)]).ran
                   : stepMoraleTarget(c, c.s.queue[static_cast<std::size_t>(i)]);
    case Step::MoraleChargers:
        return stepMoraleCharger(c, c.s.queue[static_cast<std::size_t>(i)]);
    case Step::Leaders:
        return stepLeader(c, i);
    case Step::Forced:
        return stepForced(c, i);
    case Step::Activate:
        if (!stepActivate(c))
            return false;
        c.s.cursor.index = -1; // the activation step repeats until no unit is left
        return true;
    case Step::Melee:
        return stepMelee(c, i);
    case Step::Rout:
        return stepRout(c, i);
    case Step::GameOver:
        return true;
    }
    return true;
}

} // namespace

std::string inches(int eighths) {
    std::string s = std::to_string(eighths / tables::kEighths);
    const int frac = eighths % tables::kEighths;
    if (frac != 0) {
        const char* parts[] = {"", ".125", ".25", ".375", ".5", ".625", ".75", ".875"};
        s += parts[frac];
    }
    return s + "\"";
}

int moraleRating(const State& s, const Unit& u, const Options& o) {
    int r = prof(u).morale;
    if (isIndian(u))
        r = inCover(u.ground) ? prof(u).morale : prof(u).moraleOpen; // OMTB-MOR-03
    else if (u.type == UnitType::BritishArtillery)
        r = o.britArtMorale; // AMB-OMTB-17
    else if (u.type == UnitType::LegionArtillery && o.mods1791 && american(s, u))
        r = 7;               // OMTB-1791-02
    return r - u.moraleLoss; // OMTB-MOR-06
}

OpsLine opsLine(const State& s, const Unit& u, const Options& o) {
    const OpsLine l = prof(u).opsLine;
    if (o.mods1791 && l == OpsLine::Regulars && american(s, u))
        return OpsLine::Militia; // OMTB-1791-01
    return l;
}

int loadOpsNeeded(const Unit& u) {
    if (isArtillery(u))
        return tables::fire(FireLine::ArtilleryBall).reloadOps;
    if (u.type == UnitType::LegionRifles)
        return tables::fire(FireLine::LegionRifles).reloadOps;
    return 1;
}

std::optional<int> moveRate(const Unit& u, const Options& o) {
    return rates(u, o).rate(u.formation);
}

bool hasCommand(const State& s, int unit) {
    return s.units[static_cast<std::size_t>(unit)].officer || attachedLeaders(s, unit) > 0;
}

int targetClass(const Unit& t, const Options& o) {
    using tables::TargetKind;
    const bool skirm = t.cohesion == Cohesion::Formed ? t.formation == Formation::Skirmish
                                                      : o.disorderTargetAsSkirmish; // AMB-OMTB-07
    const TargetKind kind = isArtillery(t) ? TargetKind::Crews
                            : skirm        ? TargetKind::Skirmishers
                                           : TargetKind::Formed;
    // Buildings are cover (OMTB-TERR-06) that the class table does not name: read as woods.
    const Ground g = t.ground == Ground::Buildings ? Ground::Woods : t.ground;
    int cls = 0;
    for (const auto& row : tables::targetClasses()) {
        if ((!row.ground || *row.ground == g) && (row.who == TargetKind::Any || row.who == kind)) {
            cls = row.cls;
            break;
        }
    }
    if (t.mounted) // OMTB-FIRE-08, AMB-OMTB-01
        cls = o.mountedHarder ? std::min(4, cls + 1) : std::max(0, cls - 1);
    return cls;
}

std::string phaseLabel(const State& s) {
    if (s.cursor.step == Step::GameOver)
        return "Game over";
    return s.cursor.phase == 0 ? "Phase One" : "Phase Two";
}

void enterStep(State& s, Step step, const Options& o) {
    (void)o;
    if (step != Step::SurpriseMorale && step != Step::MoraleTargets && step != Step::MoraleChargers)
        return;
    s.queue.clear();
    const int side = phasingSide(s);
    for (int i = 0; i < static_cast<int>(s.units.size()); ++i) {
        const Unit& u = s.units[static_cast<std::size_t>(i)];
        if (!inPlay(u))
            continue;
        if (step == Step::SurpriseMorale && u.trigger > 0)
            s.queue.push_back(i);
        if (step == Step::MoraleTargets && u.side != side && u.trigger > 0)
            s.queue.push_back(i);
        if (step == Step::MoraleChargers && u.side == side && (u.trigger > 0 || u.charging))
            s.queue.push_back(i);
    }
    std::stable_sort(s.queue.begin(), s.queue.end(), [&](int a, int b) {
        const int ta = s.units[static_cast<std::size_t>(a)].trigger,
                  tb = s.units[static_cast<std::size_t>(b)].trigger;
        return (ta == 0 ? 1 << 30 : ta) < (tb == 0 ? 1 << 30 : tb);
    });
}

void enterPhase(State& s, int phase, const Options& o) {
    s.cursor = Cursor{phase, Step::Ops, 0};
    s.activeUnit = -1;
    s.surprise = false;
    s.queue.clear();
    for (auto& u : s.units) {
        u.activated = false;
        u.moved = false;
        u.movedInWoods = false;
        u.charging = false;
        u.chargeTarget = -1;
        u.chargeFacing = Facing::Front;
        u.chargeRem = 0;
        u.chargeFailed = false;
        u.contactTarget = -1;
        u.contactFacing = Facing::Front;
        u.retreated = 0;
        u.reactionFired = false;
        u.freeOpDone = false;
        u.trigger = 0;
        u.firedOnByArtillery = false;
        u.casualtiesPhase = 0;
        if (u.side == phase) {
            u.ops = 0;
            u.routedAtStart = u.cohesion == Cohesion::Rout;
        }
    }
    (void)o;
}

void skipIdle(State& s, const Options& o) {
    normalize(s, o);
    while (s.cursor.step != Step::GameOver) {
        if (hasWork(s, o))
            return;
        ++s.cursor.index;
        normalize(s, o);
    }
}

bool runStep(State& s, Feed& feed, const Options& o) {
    skipIdle(s, o);
    if (s.cursor.step == Step::GameOver)
        return true;
    Ctx c{s, feed, o, {}};
    if (!executeStep(c))
        return false;
    ++s.cursor.index;
    skipIdle(s, o);
    return true;
}

} // namespace muster::rules::omtb
