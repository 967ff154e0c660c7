#include "rules/md/Turn.h"

#include "rules/md/Fire.h"
#include "rules/md/Losses.h"
#include "rules/md/Melee.h"
#include "rules/md/Movement.h"
#include "rules/md/Tables.h"

#include <algorithm>

namespace muster::rules::md {

namespace {

// What a resolution works with: the state being changed, the feed, the options.
struct Ctx {
    GameState& s;
    Feed& f;
    const Options& o;
};

Question makeQuestion(std::string key, std::string text, std::vector<Option> options, std::string rule) {
    Question q;
    q.key = std::move(key);
    q.text = std::move(text);
    q.options = std::move(options);
    q.ruleId = std::move(rule);
    return q;
}

std::string ordinal(int n) {
    const int tens = n % 100;
    const char* suffix = tens >= 11 && tens <= 13 ? "th"
                         : n % 10 == 1            ? "st"
                         : n % 10 == 2            ? "nd"
                         : n % 10 == 3            ? "rd"
                                                  : "th";
    return std::to_string(n) + suffix;
}

// A throw where only the count of each face matters, scoring from `from` up (hits, saves): the app may take
// it as counts per face and picks out the scoring faces.
DiceRequest pooled(DiceRequest r, int from) {
    r.pool = true;
    for (int v = std::max(1, from); v <= r.sides; ++v)
        r.scoringFaces.push_back(v);
    return r;
}

// "1", "1 or 2", "4 or 5": the faces a reroll picks up (MD-FIRE-06, MD-ARTY-05), 0 = unused.
std::string rerollFacesText(const int faces[2]) {
    if (faces[0] && faces[1])
        return std::to_string(faces[0]) + " or " + std::to_string(faces[1]);
    return std::to_string(faces[0] ? faces[0] : faces[1]);
}

// A pick among `officers` officers (numbered first) and rank and file that no die on the table makes
// (MD-CAS-02, MD-DL-12): the app draws it, and each face says who it picks.
DiceRequest figurePick(DiceRequest r, int officers) {
    r.appDraws = true;
    r.faceWords.reserve(static_cast<std::size_t>(r.sides));
    for (int v = 1; v <= r.sides; ++v)
        r.faceWords.push_back(v <= officers ? "the " + ordinal(v) + " officer" : "rank and file");
    return r;
}

DiceRequest diceRequest(const Unit& roller, std::string id, int count, int sides, std::string purpose,
                        std::string rule, int modifier = 0) {
    DiceRequest r;
    r.id = std::move(id);
    r.count = count;
    r.sides = sides;
    r.modifier = modifier;
    r.purpose = std::move(purpose);
    r.ruleId = std::move(rule);
    r.roller = roller.id;
    return r;
}

Question yesNoQuestion(std::string key, std::string text, std::string rule) {
    return makeQuestion(std::move(key), std::move(text), {{"no", "No"}, {"yes", "Yes"}}, std::move(rule));
}

Question countQuestion(std::string key, std::string text, int lo, int hi, std::string rule) {
    std::vector<Option> opts;
    for (int v = lo; v <= hi; ++v)
        opts.push_back({std::to_string(v), std::to_string(v)});
    return makeQuestion(std::move(key), std::move(text), std::move(opts), std::move(rule));
}

// The feed's next input when it already holds it (every re-run of a step), else the full question or request,
// built only then: re-running a step costs no string building for what has been answered.
template <class Make>
std::optional<std::string> askLazy(Ctx& c, Make make) {
    if (const Input* in = c.f.ready())
        return in->value;
    return c.f.ask(make());
}

template <class Make>
std::optional<std::vector<int>> rollLazy(Ctx& c, Make make) {
    if (const Input* in = c.f.ready())
        return in->faces;
    return c.f.roll(make());
}

template <class Make>
std::optional<bool> askYesNoLazy(Ctx& c, Make make) {
    auto a = askLazy(c, make);
    if (!a)
        return std::nullopt;
    return *a == "yes";
}

template <class Make>
std::optional<int> askCountLazy(Ctx& c, Make make) {
    auto a = askLazy(c, make);
    if (!a)
        return std::nullopt;
    return std::atoi(a->c_str());
}

std::string bandText(RangeBand b) {
    return toString(b);
}

// Enemy units that can be targeted or charged (MD-FIRE-08); held horses appear as "<id>:horses" (MD-CAV-06).
std::vector<Option> enemyOptions(const GameState& s, int side, bool withHorses) {
    std::vector<Option> out;
    for (const auto& u : s.units) {
        if (u.side == side || !inAction(u))
            continue; // MD-DL-13: a unit all in its DL group cannot be targeted or charged
        out.push_back({u.id, u.name.str()});
        if (withHorses && u.horseHolders > 0 && !u.horsesLost && !u.mounted)
            out.push_back({u.id + ":horses", u.name + " (held horses)"});
    }
    return out;
}

int enemyCount(const GameState& s, int side) {
    int n = 0;
    for (const auto& u : s.units)
        n += (u.side != side && inAction(u)) ? 1 : 0;
    return n;
}

std::vector<Option> targetOptions(const GameState& s, int side) {
    auto out = enemyOptions(s, side, true);
    out.push_back({"none", "Hold fire (no target in range)"});
    return out;
}

// Splits "ID" or "ID:horses" into the unit index and the horses flag.
int targetIndex(const GameState& s, const std::string& value, bool& horses) {
    horses = false;
    std::string id = value;
    auto colon = value.find(':');
    if (colon != std::string::npos) {
        id = value.substr(0, colon);
        horses = true;
    }
    return s.unitIndex(id);
}

// What people call the cover and the formations (the ids stay in the journal and the state).
std::string coverWords(Cover c) {
    switch (c) {
    case Cover::None:
        return "in the open";
    case Cover::Brush:
        return "tall grass, trees or brush";
    case Cover::Skirmish:
        return "skirmish order";
    case Cover::Artillerists:
        return "artillerists";
    case Cover::WoodenFence:
        return "wooden fence";
    case Cover::LowWall:
        return "low stone wall";
    case Cover::HighWall:
        return "high stone wall";
    case Cover::Buildings:
        return "buildings";
    }
    return toString(c);
}

std::string formationWords(Formation f) {
    return f == Formation::RoadColumn ? "road column" : toString(f);
}

std::vector<Option> terrainCoverOptions() {
    return {{"none", "In the open"},
            {"tall_grass_trees_brush", "In tall grass, trees or brush (save 6)"},
            {"wooden_fence", "Behind a wooden fence (save 5-6)"},
            {"low_stone_wall", "Behind a low stone wall (save 5-6)"},
            {"high_stone_wall", "Behind a high stone wall (save 4-6)"},
            {"buildings", "In buildings (save 3-6)"}};
}

void queueDl(Ctx& c, PendingDl d);
bool resolveDl(Ctx& c, const PendingDl& d);

// MD-FIRE-07: saves (MD-COVER), allocation (MD-CAS) for hits on a target. Returns the casualties inflicted,
// or nullopt when the feed ran out.
// A distance in one format everywhere: whole inches as 7", else tenths as 6.5" (cut, never rounded up).
std::string inchesText(double inches) {
    const int tenths = static_cast<int>(inches * 10);
    return std::to_string(tenths / 10) + (tenths % 10 ? "." + std::to_string(tenths % 10) : std::string()) +
           "\"";
}

std::string counted(int n, const std::string& one, const std::string& many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

// What a volley did, in the words of the table: hits, saves, who fell (officers killed, rank and file or
// horse holders), and a unit lost. `before` is the target as it stood before the hits.
std::string fireSentence(const std::string& firer, const Unit& before, const Unit& after, int hits, int saved,
                         bool horses) {
    std::string out = firer + " fires at " + after.id + ": ";
    if (hits <= 0)
        return out + "no hits.";
    out += counted(hits, "hit", "hits");
    const int officers = after.officerCasualties - before.officerCasualties;
    const int others = after.casualties - before.casualties - officers;
    if (saved > 0)
        out += saved == hits ? ", all saved" : ", " + std::to_string(saved) + " saved";
    if (officers + others == 0)
        return out + (saved == hits ? "." : "; no casualties.");
    std::vector<std::string> parts;
    if (officers > 0)
        parts.push_back(officers == 1 ? "an officer killed" : std::to_string(officers) + " officers killed");
    if (others > 0)
        parts.push_back(horses ? counted(others, "horse holder", "horse holders")
                               : std::to_string(others) + " rank and file");
    out += "; " + counted(officers + others, "casualty", "casualties") + ": " + parts[0] +
           (parts.size() > 1 ? " and " + parts[1] : "") + ".";
    if (after.removed && !before.removed)
        out += " " + after.id + (after.dispersed ? " is dispersed." : " is lost.");
    return out;
}

std::optional<int> applyHits(Ctx& c, const Unit& firer, int ti, bool horses, int hits, Cover terrain,
                             const std::string& key, int* saved = nullptr) {
    Unit& t = c.s.units[static_cast<std::size_t>(ti)];
    if (!inPlay(t) || hits <= 0 || (horses ? t.horseHolders : casualtyEligible(t)) == 0)
        return 0; // GEN-05; MD-DL-01: nothing left that can be hit, so no saves either
    const Cover cover = bestCover(terrain, t, horses);
    int cas = hits;
    if (tables::coverSaveFrom(cover) > 0) {
        auto saves = rollLazy(c, [&] {
            return pooled(diceRequest(t, key + ".save", hits, 6,
                                      "saving throws for " + t.id + " (" + coverWords(cover) + ": saved on " +
                                          std::to_string(tables::coverSaveFrom(cover)) + "+)",
                                      "MD-COVER-01"),
                          tables::coverSaveFrom(cover));
        });
        if (!saves)
            return std::nullopt;
        cas -= countSaves(*saves, cover);
        if (saved)
            *saved = hits - std::max(0, cas);
    }
    if (cas <= 0)
        return 0;
    if (horses) { // MD-CAV-06: hits on held horses kill horse holders
        int n = std::min(cas, t.horseHolders);
        t.horseHolders -= n;
        t.casualties += n;
        if (t.horseHolders == 0)
            t.horsesLost = true;
        return n;
    }
    if (casualtiesExceedEligible(t, cas)) { // MD-CAS-04
        int n = casualtyEligible(t);
        killAllEligible(t, c.o);
        return n;
    }
    int done = 0;
    for (int k = 0; k < cas; ++k) {
        if (!inPlay(t))
            break; // MD-CAS-03, GEN-05
        if (t.officers == 0 || c.o.casualtyAllocation == "owner_choice_rf_first") {
            if (t.rf > 0)
                killRankAndFile(t, 1); // no draws when there are no officers (MD-CAS-02)
            else
                killOfficer(t, c.o);
        } else if (c.o.casualtyAllocation == "firer_choice") {
            auto a = askLazy(c, [&] {
                return makeQuestion(key + ".pick" + std::to_string(k + 1),
                                    firer.id + " picks casualty " + std::to_string(k + 1) + " in " + t.id,
                                    {{"rank_and_file", "Rank and file"}, {"officer", "Officer"}},
                                    "MD-CAS-02");
            });
            if (!a)
                return std::nullopt;
            if (*a == "officer" || t.rf == 0)
                killOfficer(t, c.o);
            else
                killRankAndFile(t, 1);
        } else {
            const int n = casualtyEligible(t);
            auto d = rollLazy(c, [&] {
                return figurePick(diceRequest(t, key + ".alloc" + std::to_string(k + 1), 1, n,
                                              "casualty " + std::to_string(k + 1) + " in " + t.id + ": 1-" +
                                                  std::to_string(t.officers) +
                                                  " is an officer, higher is rank and file",
                                              "MD-CAS-02"),
                                  t.officers);
            });
            if (!d)
                return std::nullopt;
            applyAllocationDraw(t, d->at(0), c.o);
        }
        ++done;
    }
    return done;
}

bool firesSmallArmsIn(const Unit& u, Phase phase, const Options& o) {
    if (u.arm == Arm::Artillery || u.weapon == Weapon::None || !u.loaded || u.fireLost || u.cfFailed)
        return false;
    if (u.fireStrength <= 0)
        return false;
    // AMB-MD-37 alternative: breech-loaders with a fire order fire once in each fire phase.
    const bool bothPhases = o.carbineFfAndF && tables::smallArms(u.weapon).breechLoader &&
                            (u.order == Order::FirstFire || u.order == Order::Fire);
    if (phase == Phase::FirstFire)
        return u.order == Order::FirstFire || bothPhases;
    return u.order == Order::Fire || u.followUpFire || bothPhases;
}

bool firesIn(const Unit& u, Phase phase, const Options& o) {
    if (!inAction(u))
        return false;
    if (u.arm == Arm::Artillery) {
        if (u.fireLost || u.fireStrength < tables::kGunCrewToFire)
            return false;
        if (phase == Phase::FirstFire)
            return gunOrderFiresFirst(u.order) && !u.limbered;
        return gunOrderFiresRegular(u.order) && !u.limbered;
    }
    return firesSmallArmsIn(u, phase, o);
}

// MD-FIRE-01..11: one small-arms unit's fire.
bool resolveSmallArms(Ctx& c, int fi) {
    Unit& u = c.s.units[static_cast<std::size_t>(fi)];
    const std::string id = u.id;
    const auto& row = tables::smallArms(u.weapon);
    const int strength = c.o.sequentialFire ? firingFigures(u) : u.fireStrength; // MD-SEQ-09
    const int enemies = enemyCount(c.s, u.side);
    if (enemies == 0)
        return true;
    bool split = false;
    if (enemies >= 2 && strength >= 2) {
        auto a = askLazy(c, [&] {
            return makeQuestion(id + ".split", id + ": fire at one target, or split between two (no DLs)?",
                                {{"single", "One target"}, {"split", "Split between two targets"}},
                                "MD-FIRE-09");
        });
        if (!a)
            return false;
        split = *a == "split";
    }
    struct Part {
        int target = -1;
        bool horses = false;
        RangeBand band = RangeBand::Out;
        Cover cover = Cover::None;
        int figures = 0;
        int hits = 0;
    };
    std::vector<Part> parts(split ? 2 : 1);
    const auto bandOpts = [&] {
        std::vector<Option> out;
        for (RangeBand b : smallArmsBands(u.weapon))
            out.push_back({bandText(b), bandText(b)});
        out.push_back({"out", "Out of range"});
        return out;
    };
    for (std::size_t p = 0; p < parts.size(); ++p) {
        const std::string sfx = p == 0 ? "" : "2";
        auto t = askLazy(c, [&] {
            return makeQuestion(id + ".target" + sfx, id + ": which enemy unit does it fire at?",
                                targetOptions(c.s, u.side), "MD-FIRE-08");
        });
        if (!t)
            return false;
        if (*t == "none")
            continue;
        parts[p].target = targetIndex(c.s, *t, parts[p].horses);
        auto b = askLazy(c, [&] {
            return makeQuestion(id + ".range" + sfx, "Range from " + id + " to " + *t + "?", bandOpts(),
                                "MD-FIRE-02");
        });
        if (!b)
            return false;
        parse(*b, parts[p].band);
        if (parts[p].band != RangeBand::Out && !parts[p].horses) {
            auto cv = askLazy(c, [&] {
                return makeQuestion(id + ".cover" + sfx, "Cover of " + *t + " against " + id + "?",
                                    terrainCoverOptions(), "MD-COVER-01");
            });
            if (!cv)
                return false;
            parse(*cv, parts[p].cover);
        }
        parts[p].figures = split ? (p == 0 ? (strength + 1) / 2 : strength / 2) : strength;
    }
    // MD-FIRE-11: breech-loading carbines fire two volleys unless they moved half and fire once.
    const int volleys = (row.breechLoader && !u.followUpFire && !c.o.carbineFfAndF) ? 2 : 1;
    bool fired = false;
    for (std::size_t p = 0; p < parts.size(); ++p) {
        Part& part = parts[p];
        if (part.target < 0 || part.band == RangeBand::Out)
            continue;
        const std::string sfx = p == 0 ? "" : "2";
        const std::string tid = c.s.units[static_cast<std::size_t>(part.target)].id;
        for (int v = 0; v < volleys; ++v) {
            const int n = smallArmsDice(part.figures, part.band, u.nation); // MD-FIRE-04
            if (n == 0)
                continue;
            const std::string vk = id + (v == 0 ? "" : ".v2") + sfx;
            auto faces = rollLazy(c, [&] {
                return pooled(diceRequest(u, vk + ".pool", n, 6,
                                          id + " fires at " + tid + " (" + bandText(part.band) + ", " +
                                              std::to_string(part.figures) + " figures): hits on " +
                                              std::to_string(row.hitFrom) + "+",
                                          "MD-FIRE-04"),
                              row.hitFrom);
            });
            if (!faces)
                return false;
            fired = true;
            part.hits += countHits(*faces, row.hitFrom); // MD-FIRE-05
            auto pos = rerollPositions(*faces, u.nation, row.rerollFaces);
            if (!pos.empty()) { // MD-FIRE-06
                auto re = rollLazy(c, [&] {
                    return pooled(diceRequest(u, vk + ".reroll", static_cast<int>(pos.size()), 6,
                                              id + " picks up its " + std::to_string(pos.size()) +
                                                  (pos.size() == 1 ? " die" : " dice") + " showing " +
                                                  rerollFacesText(row.rerollFaces) + " and rerolls " +
                                                  (pos.size() == 1 ? "it" : "them") + " once: hits on " +
                                                  std::to_string(row.hitFrom) + "+",
                                              "MD-FIRE-06"),
                                  row.hitFrom);
                });
                if (!re)
                    return false;
                part.hits += countHits(*re, row.hitFrom);
            }
        }
        const Unit before = c.s.units[static_cast<std::size_t>(part.target)];
        int saved = 0;
        auto cas = applyHits(c, u, part.target, part.horses, part.hits, part.cover, id + sfx, &saved);
        if (!cas)
            return false;
        c.f.note(fireSentence(id, before, c.s.units[static_cast<std::size_t>(part.target)], part.hits, saved,
                              part.horses));
        if (*cas > 0 && !split && c.o.smallArmsDl) // MD-DL-02, MD-DL-10
            queueDl(c, PendingDl{part.target, 1, -1, false, false, true, "small-arms fire from " + id,
                                 "MD-DL-02"});
    }
    if (fired) {
        u.firedThisTurn = true;
        if (row.reloadTurns > 0) { // MD-FIRE-10, MD-FIRE-12
            u.loaded = false;
            u.haltedTurnsSinceFire = 0;
        }
    }
    return true;
}

// MD-ARTY-03, AMB-MD-09: the target's ranks R within 4" of its front rank, counted by md.depth_rank_rule:
// ranks holding a figure (any_figure), full ranks only, or the figures in the zone over the frontage.
std::optional<int> askTargetDepth(Ctx& c, const std::string& id, const Unit& target) {
    const int files = std::max(1, target.columnFiles);
    const int figures = target.rf + target.officers;
    const std::string zone = " within 4\" of its front rank and in range?";
    if (c.o.depthRankRule == "full_ranks_only") {
        return askCountLazy(c, [&] {
            return countQuestion(id + ".full_ranks", "How many full ranks of " + target.id + zone, 0,
                                 std::max(2, figures / files), "MD-ARTY-03");
        });
    }
    if (c.o.depthRankRule == "ceil_figs_over_frontage") {
        auto n = askCountLazy(c, [&] {
            return countQuestion(id + ".depth_figures", "How many figures of " + target.id + " are" + zone, 1,
                                 std::max(1, figures), "MD-ARTY-03");
        });
        if (!n)
            return std::nullopt;
        return depthRanksFromFigures(*n, files);
    }
    return askCountLazy(c, [&] {
        return countQuestion(id + ".ranks", "How many ranks of " + target.id + " are" + zone, 1,
                             std::max(2, (figures + files - 1) / files), "MD-ARTY-03");
    });
}

// AMB-MD-09 (md.depth_other_units): the ranks of another unit in the zone behind the target, by the same
// rule.
std::optional<int> askBehindDepth(Ctx& c, const std::string& id, const Unit& other) {
    if (c.o.depthRankRule == "full_ranks_only") {
        return askCountLazy(c, [&] {
            return countQuestion(id + ".behind_full_ranks", "How many full ranks of it are in that zone?", 0,
                                 10, "MD-ARTY-03");
        });
    }
    if (c.o.depthRankRule == "ceil_figs_over_frontage") {
        auto n = askCountLazy(c, [&] {
            return countQuestion(id + ".behind_figures", "How many figures of it are in that zone?", 1,
                                 std::max(1, other.rf + other.officers), "MD-ARTY-03");
        });
        if (!n)
            return std::nullopt;
        return depthRanksFromFigures(*n, std::max(1, other.columnFiles));
    }
    return askCountLazy(c, [&] {
        return countQuestion(id + ".behind_ranks", "How many of its ranks are in that zone?", 1, 10,
                             "MD-ARTY-03");
    });
}

// MD-ARTY-01..10: one gun's fire.
bool resolveGunFire(Ctx& c, int gi) {
    Unit& g = c.s.units[static_cast<std::size_t>(gi)];
    const std::string id = g.id;
    if (enemyCount(c.s, g.side) == 0)
        return true;
    auto t = askLazy(c, [&] {
        return makeQuestion(id + ".target", id + ": which enemy unit does the gun fire at?",
                            targetOptions(c.s, g.side), "MD-FIRE-08");
    });
    if (!t)
        return false;
    if (*t == "none")
        return true;
    bool horses = false;
    const int ti = targetIndex(c.s, *t, horses);
    const Unit& target = c.s.units[static_cast<std::size_t>(ti)];
    std::vector<Option> bandOpts;
    for (RangeBand b : gunBands(g.gun))
        bandOpts.push_back({bandText(b), bandText(b)});
    bandOpts.push_back({"out", "Out of range"});
    auto b = askLazy(c, [&] {
        return makeQuestion(id + ".range", "Range from " + id + " to " + *t + "?", bandOpts, "MD-ARTY-01");
    });
    if (!b)
        return false;
    RangeBand band = RangeBand::Out;
    parse(*b, band);
    if (band == RangeBand::Out)
        return true;
    int ranks = 2;
    if (!horses && (target.formation == Formation::Column || target.formation == Formation::RoadColumn)) {
        auto r = askTargetDepth(c, id, target);
        if (!r)
            return false;
        ranks = *r;
    }
    Cover terrain = Cover::None;
    if (!horses) {
        auto cv = askLazy(c, [&] {
            return makeQuestion(id + ".cover", "Cover of " + *t + " against " + id + "?",
                                terrainCoverOptions(), "MD-COVER-01");
        });
        if (!cv)
            return false;
        parse(*cv, terrain);
    }
    const bool cavOrLimbered = horses || (target.arm == Arm::Cavalry && target.mounted) ||
                               (target.arm == Arm::Artillery && target.limbered); // MD-ARTY-04
    bool rapid = false;
    if (rapidFireAllowed(g, target.id, c.s.turn)) { // MD-ARTY-08/09
        auto a = askYesNoLazy(
            c, [&] { return yesNoQuestion(id + ".rapid", id + ": attempt rapid fire?", "MD-ARTY-08"); });
        if (!a)
            return false;
        if (*a) {
            auto d = rollLazy(c, [&] {
                return diceRequest(g, id + ".rapid_check", 1, 6,
                                   id + " rapid fire: 1-4 doubles the dice, 5-6 fails for good",
                                   "MD-ARTY-08");
            });
            if (!d)
                return false;
            if (d->at(0) <= tables::kRapidFireSucceedsTo)
                rapid = true;
            else
                g.rapidFireBanned = true;
        }
    }
    RangeBand effective = band;
    if (g.nation == Nation::Mexican && band == RangeBand::Short) {
        if (g.canisterDepleted) {
            effective = RangeBand::Medium; // MD-ARTY-06: all later short-range fire as medium
        } else {
            auto a = askYesNoLazy(c, [&] {
                return yesNoQuestion(id + ".as_medium",
                                     id + ": fire as at medium range and not risk the canister?",
                                     "MD-ARTY-07");
            });
            if (!a)
                return false;
            if (*a) {
                effective = RangeBand::Medium; // MD-ARTY-07
            } else {
                auto d = rollLazy(c, [&] {
                    return diceRequest(g, id + ".canister", 1, 6,
                                       id + " canister check: 5-6 depletes canister", "MD-ARTY-06");
                });
                if (!d)
                    return false;
                if (d->at(0) >= tables::kCanisterDepletedFrom) {
                    g.canisterDepleted = true;
                    effective = RangeBand::Medium;
                }
            }
        }
    }
    // AMB-MD-09 alternative (md.depth_other_units): ranks of another unit within 4" behind the target add
    // dice, rolled as a separate sub-pool whose casualties fall on that unit.
    int behind = -1;
    int behindRanks = 0;
    Cover behindCover = Cover::None;
    if (c.o.depthOtherUnits && !horses) {
        auto b2 = askLazy(c, [&] {
            std::vector<Option> opts{{"none", "None"}};
            for (const auto& o : enemyOptions(c.s, g.side, false)) {
                if (o.value != target.id.str())
                    opts.push_back(o);
            }
            return makeQuestion(id + ".behind",
                                "Does another enemy unit have ranks within 4\" behind " + target.id + "?",
                                opts, "MD-ARTY-03");
        });
        if (!b2)
            return false;
        if (*b2 != "none") {
            behind = c.s.unitIndex(*b2);
            auto r = askBehindDepth(c, id, c.s.units[static_cast<std::size_t>(behind)]);
            if (!r)
                return false;
            behindRanks = *r;
            auto cv = askLazy(c, [&] {
                return makeQuestion(id + ".cover2", "Cover of " + *b2 + " against " + id + "?",
                                    terrainCoverOptions(), "MD-COVER-01");
            });
            if (!cv)
                return false;
            parse(*cv, behindCover);
        }
    }
    const GunPool pool = gunPool(g.gun, effective, horses ? 2 : ranks, cavOrLimbered, rapid, c.o);
    int extra = 0;
    if (behind >= 0) {
        const int own = horses ? 2 : ranks;
        extra = depthBonus(own + behindRanks) - depthBonus(own);
        if (rapid && !c.o.rapidDoublesBaseOnly)
            extra *= tables::kRapidFireMultiplier;
    }
    g.firedThisTurn = true;
    if (rapid) {
        g.lastRapidFireTarget = target.id; // MD-ARTY-09: only a successful attempt counts
        g.lastRapidFireTurn = c.s.turn;
    }
    const auto& row = tables::gunRow(g.gun);
    // One pool: roll, reroll once (MD-ARTY-05), saves, allocation, and the DL of MD-DL-03.
    const auto shoot = [&](int dice, const std::string& sfx, int victim, bool atHorses, Cover cover) -> bool {
        const std::string vid = c.s.units[static_cast<std::size_t>(victim)].id;
        auto faces = rollLazy(c, [&] {
            return pooled(diceRequest(g, id + ".pool" + sfx, dice, 6,
                                      id + " fires at " + vid + " (" + bandText(effective) +
                                          (rapid ? ", rapid fire" : "") + "): each 6 hits",
                                      "MD-ARTY-02"),
                          6);
        });
        if (!faces)
            return false;
        int hits = countHits(*faces, 6); // MD-ARTY-05
        auto pos = rerollPositions(*faces, g.nation, row.rerollFaces);
        if (!pos.empty()) {
            auto re = rollLazy(c, [&] {
                return pooled(diceRequest(g, id + ".reroll" + sfx, static_cast<int>(pos.size()), 6,
                                          id + " picks up its " + rerollFacesText(row.rerollFaces) +
                                              " and rerolls them once: each 6 hits",
                                          "MD-ARTY-05"),
                              6);
            });
            if (!re)
                return false;
            hits += countHits(*re, 6);
        }
        const Unit before = c.s.units[static_cast<std::size_t>(victim)];
        int saved = 0;
        auto cas = applyHits(c, g, victim, atHorses, hits, cover, id + sfx, &saved);
        if (!cas)
            return false;
        c.f.note(
            fireSentence(id, before, c.s.units[static_cast<std::size_t>(victim)], hits, saved, atHorses));
        if (*cas > 0) // MD-DL-03, MD-ARTY-10
            queueDl(c, PendingDl{victim, 1, -1, false, false, true, "artillery fire from " + id, "MD-DL-03"});
        return true;
    };
    if (!shoot(pool.total, "", ti, horses, terrain))
        return false;
    if (extra > 0 && !shoot(extra, "2", behind, false, behindCover))
        return false;
    return true;
}

void queueDl(Ctx& c, PendingDl d) {
    c.s.pendingDls.push_back(std::move(d));
}

bool dlHasWork(const GameState& s, const PendingDl& d, const Options& o) {
    const Unit& t = s.units[static_cast<std::size_t>(d.unit)];
    if (!inPlay(t) || t.officers + t.rf == 0)
        return false; // GEN-05; MD-DL-12: no effective figure left to move, the DL is ignored
    const bool capped = d.capped || (o.cavDlCapScope == "all_sources" && usesCavalryDlRule(t));
    if (capped && t.movementDlTaken >= 1)
        return false; // MD-CAV-03 cap reached: no die
    return true;
}

// MD-DL-08/09/12: one DL roll applied.
bool resolveDl(Ctx& c, const PendingDl& d) {
    Unit& t = c.s.units[static_cast<std::size_t>(d.unit)];
    int n = 0;
    if (d.fixed >= 0) {
        n = d.fixed;
    } else {
        auto faces = rollLazy(c, [&] {
            return diceRequest(t, t.id + ".dl", d.dice, 6, "DL for " + t.id + ": " + d.cause, d.ruleId);
        });
        if (!faces)
            return false;
        if (d.sixOnly)
            n = sixRuleDl(*faces);
        else if (d.gradeMod)
            n = dlFromFaces(*faces, currentGrade(t)); // MD-DL-09
        else
            n = sumFaces(*faces);
    }
    if (d.capped || (c.o.cavDlCapScope == "all_sources" && usesCavalryDlRule(t))) {
        n = std::min(n, std::max(0, 1 - t.movementDlTaken)); // MD-CAV-03, AMB-MD-04 scope
        t.movementDlTaken += n;
    }
    int moved = 0;
    if (c.o.officerDlRandom) { // AMB-MD-39 alternative: DL figures picked like casualties (MD-CAS-02)
        for (int k = 0; k < n && inPlay(t) && t.officers + t.rf > 0; ++k) {
            if (t.officers == 0 || t.rf == 0) {
                moved += applyDl(t, 1, c.o);
                continue;
            }
            const int eligible = t.officers + t.rf;
            auto pick = rollLazy(c, [&] {
                return figurePick(diceRequest(t, t.id + ".dl_pick" + std::to_string(k + 1), 1, eligible,
                                              "DL figure " + std::to_string(k + 1) + " of " + t.id + ": 1-" +
                                                  std::to_string(t.officers) + " is an officer",
                                              "MD-DL-12"),
                                  t.officers);
            });
            if (!pick)
                return false;
            if (pick->at(0) <= t.officers)
                applyOfficerDl(t, c.o);
            else
                applyDl(t, 1, c.o);
            ++moved;
        }
    } else {
        moved = applyDl(t, n, c.o);
    }
    c.f.note(t.id + " takes " + counted(moved, "DL", "DLs") + " (" + d.cause + ")." +
             (t.removed ? " " + t.id + " is lost." : ""));
    return true;
}

// ---- Orders (MD-ORD)
// ----------------------------------------------------------------------------------------------

std::string orderLabel(Order o) {
    switch (o) {
    case Order::Hold:
        return "HOLD (blank chit)";
    case Order::Move:
        return "MOVE (green arrow)";
    case Order::ChangeFormation:
        return "CHANGE FORMATION (black, CF)";
    case Order::FirstFire:
        return "FIRST FIRE (yellow, FF)";
    case Order::Fire:
        return "FIRE (blue, F)";
    case Order::Charge:
        return "CHARGE (red, C)";
    case Order::Wheel:
        return "WHEEL (gold, W)";
    case Order::Dismount:
        return "DISMOUNT";
    case Order::Mount:
        return "MOUNT";
    case Order::ForcedMarch:
        return "FORCED MARCH";
    case Order::Limber:
        return "LIMBER";
    case Order::Unlimber:
        return "UNLIMBER";
    case Order::MoveUnlimber:
        return "MOVE + UNLIMBER";
    case Order::UnlimberFire:
        return "UNLIMBER + FIRE";
    case Order::FireLimber:
        return "FIRE + LIMBER";
    case Order::ForcedMarchLimber:
        return "FORCED MARCH + LIMBER";
    case Order::ForcedMarchUnlimber:
        return "FORCED MARCH + UNLIMBER";
    case Order::LimberMove:
        return "LIMBER + MOVE";
    default:
        return toString(o);
    }
}

bool resolveOrders(Ctx& c, int ui) {
    Unit& u = c.s.units[static_cast<std::size_t>(ui)];
    const bool enemies = enemyCount(c.s, u.side) > 0;
    const auto opts = [&] {
        std::vector<Option> out;
        for (Order o : legalOrders(u, c.o)) {
            if (o == Order::Charge && !enemies)
                continue;
            out.push_back({toString(o), orderLabel(o)});
        }
        return out;
    };
    auto a = askLazy(c, [&] {
        return makeQuestion(u.id + ".order", "Order chit for " + u.name + " (" + u.id + ")?", opts(),
                            "MD-ORD-01");
    });
    if (!a)
        return false;
    Order order = Order::Hold;
    parse(*a, order);
    u.order = order;
    if (order == Order::Charge) {
        auto t = askLazy(c, [&] {
            return makeQuestion(u.id + ".charge_target", u.id + " charges which enemy unit?",
                                enemyOptions(c.s, u.side, true), "MD-ORD-02");
        });
        if (!t)
            return false;
        u.orderTarget = *t;
    }
    return true;
}

// ---- Charge declaration (MD-SEQ-03, MD-CHG-01..04, -08, -09)
// ------------------------------------------------------

bool chargeTarget(const GameState& s, const Unit& u, int& ti, bool& horses) {
    ti = targetIndex(s, u.orderTarget, horses);
    return ti >= 0;
}

bool resolveChargeTest(Ctx& c, int ui) {
    Unit& u = c.s.units[static_cast<std::size_t>(ui)];
    int ti = -1;
    bool horses = false;
    if (!chargeTarget(c.s, u, ti, horses) || !inAction(c.s.units[static_cast<std::size_t>(ti)])) {
        u.order = Order::Hold; // the target has gone: nothing to charge
        return true;
    }
    if (!horses) {
        auto a = askLazy(c, [&] {
            return makeQuestion(u.id + ".aspect",
                                "Is " + u.id + " charging the front of " + u.orderTarget +
                                    ", or its flank or rear?",
                                {{"front", "Front"}, {"flank_or_rear", "Flank or rear"}}, "MD-CHG-03");
        });
        if (!a)
            return false;
        u.chargeFlank = *a == "flank_or_rear";
    }
    const Grade grade = currentGrade(u);
    bool pass = true;
    if (chargeTestNeedsDie(grade, u.chargeFlank, c.o)) {
        auto d = rollLazy(c, [&] {
            return diceRequest(u, u.id + ".charge_test", 1, 6,
                               u.id + " charge test (" + toString(grade) + " needs " +
                                   std::to_string(tables::chargeNeed(grade)) + "+)",
                               "MD-CHG-01");
        });
        if (!d)
            return false;
        pass = chargeTestPasses(grade, d->at(0), u.chargeFlank, c.o);
    }
    if (pass) {
        u.charge = ChargeState::Passed;
    } else {
        u.charge = ChargeState::Failed; // MD-CHG-04
        u.order = Order::FirstFire;
    }
    c.f.note(u.id + (pass ? " passes its charge test and charges."
                          : " fails its charge test: its order becomes FIRST FIRE."));
    return true;
}

bool standHasWork(const GameState& s, const Unit& u) {
    if (!inPlay(u) || u.charge != ChargeState::Passed)
        return false;
    bool horses = false;
    int ti = targetIndex(s, u.orderTarget, horses);
    if (ti < 0 || horses)
        return false;
    const Unit& t = s.units[static_cast<std::size_t>(ti)];
    return inAction(t) && t.stand == StandState::None;
}

bool resolveStandTest(Ctx& c, int ui) {
    Unit& u = c.s.units[static_cast<std::size_t>(ui)];
    bool horses = false;
    Unit& t = c.s.units[static_cast<std::size_t>(targetIndex(c.s, u.orderTarget, horses))];
    t.chargedBy = u.id;
    if (evadesAsSkirmisher(t)) { // MD-CHG-09
        t.stand = StandState::Evaded;
        return true;
    }
    if (mayEvadeAsCavalry(t, u)) { // MD-CHG-08
        auto a = askYesNoLazy(c, [&] {
            return yesNoQuestion(t.id + ".evade",
                                 t.id + " (mounted cavalry) evades the dismounted charge of " + u.id + "?",
                                 "MD-CHG-08");
        });
        if (!a)
            return false;
        if (*a) {
            t.stand = StandState::Evaded;
            return true;
        }
    }
    const Grade grade = currentGrade(t);
    auto d = rollLazy(c, [&] {
        return diceRequest(t, t.id + ".stand_test", 1, 6,
                           t.id + " stand test (" + toString(grade) + " needs " +
                               std::to_string(tables::standNeed(grade)) + "+" +
                               (u.chargeFlank ? ", -1 flank or rear" : "") + ")",
                           "MD-CHG-02");
    });
    if (!d)
        return false;
    if (standTestPasses(grade, d->at(0), u.chargeFlank, c.o)) {
        t.stand = StandState::Stood;
    } else {
        t.stand = StandState::Failed;
        if (t.order == Order::Fire || t.order == Order::UnlimberFire)
            t.fireLost = true; // MD-CHG-06: "Last Fire" is lost; First Fire still happens
    }
    c.f.note(t.id + (t.stand == StandState::Stood ? " stands." : " fails to stand."));
    return true;
}

// ---- Movement (MD-SEQ-05)
// ----------------------------------------------------------------------------------------

bool resolveRetire(Ctx& c, int ui) {
    Unit& u = c.s.units[static_cast<std::size_t>(ui)];
    auto d = rollLazy(c, [&] {
        return diceRequest(u, u.id + ".retire", 2, 6,
                           u.id + (u.stand == StandState::Evaded ? " evades" : " retires") +
                               " 2d6\" away from the charge",
                           u.stand == StandState::Evaded ? (u.arm == Arm::Cavalry ? "MD-CHG-08" : "MD-CHG-09")
                                                         : "MD-CHG-05");
    });
    if (!d)
        return false;
    const int dist = sumFaces(*d);
    u.retireDistance = dist;
    if (u.stand == StandState::Evaded || oddUnforms(dist)) // MD-CHG-05, -08, -09
        u.formed = false;
    c.f.note(u.id + " retires " + std::to_string(dist) + "\"" + (u.formed ? "." : ", unformed."));
    return true;
}

// A 1d6 DL for a movement cause (MD-DL-04/05/06); mounted cavalry count it against the MD-CAV-03 cap.
void queueMoveDl(Ctx& c, int ui, const std::string& cause, const std::string& rule) {
    const bool cav = usesCavalryDlRule(c.s.units[static_cast<std::size_t>(ui)]) &&
                     c.o.cavDlCapScope != "movement_order_only"; // AMB-MD-04 scope
    queueDl(c, PendingDl{ui, 1, -1, false, cav, true, cause, rule});
}

// MD-CAV-03 / MD-ARTMV-04: the "six rule" movement DL, by md.cav_move_dl.
void queueSixRuleDl(Ctx& c, int ui, const std::vector<int>& faces, const std::string& cause,
                    const std::string& rule) {
    const Unit& u = c.s.units[static_cast<std::size_t>(ui)];
    const bool gradeMod = c.o.cavDlGradeMod && u.arm == Arm::Cavalry;
    if (c.o.cavMoveDl == "roll_d6_cap1") {
        queueDl(c, PendingDl{ui, 1, -1, false, true, gradeMod, cause, rule});
    } else if (c.o.cavMoveDl == "separate_d6_six") {
        queueDl(c, PendingDl{ui, 1, -1, true, true, false, cause, rule});
    } else if (sixRuleDl(faces)) {
        const int n = std::max(0, 1 + (gradeMod ? tables::dlGradeModifier(currentGrade(u)) : 0));
        queueDl(c, PendingDl{ui, 0, n, false, true, false, cause, rule});
    }
}

// Mexican difficult ground (MD-MOVE-08, AMB-MD-31): returns "none", "full_speed" or "half_speed".
std::optional<std::string> askGround(Ctx& c, const Unit& u) {
    if (u.nation != Nation::Mexican || u.arm == Arm::Artillery)
        return std::string("none");
    const std::string what =
        c.o.mexDifficultMarked ? "a stream, gully or marked difficult ground" : "a stream or gully";
    return askLazy(c, [&] {
        return makeQuestion(u.id + ".ground", "Does " + u.id + " cross " + what + "?",
                            {{"none", "No"},
                             {"full_speed", "Yes, at full speed (extra 1d6 DL)"},
                             {"half_speed", "Yes, at half speed (no extra DL)"}},
                            "MD-MOVE-08");
    });
}

// A MOVE for infantry or cavalry (also the U.S. follow-up move after CF or WHEEL, MD-MOVE-06).
bool moveUnit(Ctx& c, int ui) {
    Unit& u = c.s.units[static_cast<std::size_t>(ui)];
    bool walk = false;
    if (u.arm == Arm::Cavalry && u.mounted) {
        auto a = askLazy(c, [&] {
            return makeQuestion(
                u.id + ".pace", u.id + " moves at a walk or at its formation's pace?",
                {{"formation", "At the " + formationWords(u.formation) + " pace"}, {"walk", "At a walk"}},
                "MD-CAV-01");
        });
        if (!a)
            return false;
        walk = *a == "walk";
    }
    bool halfCarbine = false;
    if (u.weapon == Weapon::UsCarbine && u.order == Order::Move && u.loaded) {
        auto a = askYesNoLazy(c, [&] {
            return yesNoQuestion(u.id + ".carbine_half",
                                 u.id + ": move only half and fire once in Regular Fire?", "MD-FIRE-11");
        });
        if (!a)
            return false;
        halfCarbine = *a;
    }
    auto ground = askGround(c, u);
    if (!ground)
        return false;
    const DiceExpr expr = moveDice(u, walk);
    std::vector<int> faces;
    if (expr.count > 0) {
        auto d = rollLazy(c, [&] {
            return diceRequest(u, u.id + ".move", expr.count, expr.sides,
                               u.id + " moves " + toString(expr) + "\" (" + formationWords(u.formation) + ")",
                               u.arm == Arm::Cavalry && u.mounted ? "MD-CAV-01" : "MD-MOVE-01", expr.plus);
        });
        if (!d)
            return false;
        faces = *d;
    }
    double dist = distanceFrom(faces, expr.plus); // MD-MOVE-03: U.S. skirmishers move a fixed 9"
    if (*ground == "half_speed")
        dist /= 2;
    if (halfCarbine) {
        dist /= 2;
        u.followUpFire = true; // MD-FIRE-11
    }
    u.moveDistance = dist;
    u.movedThisTurn = true;
    // MD-FORM-06: passing through friends is only asked about when someone involved is unformed (else
    // allowed).
    bool unformedFriend = !u.formed;
    for (const auto& f : c.s.units)
        unformedFriend =
            unformedFriend || (f.side == u.side && inPlay(f) && !f.formed && !(f.id == u.id.str()));
    if (unformedFriend) {
        auto through = askLazy(c, [&] {
            std::vector<Option> opts{{"no", "No"}};
            for (const auto& f : c.s.units) {
                if (f.side == u.side && inPlay(f) && !(f.id == u.id.str()))
                    opts.push_back({f.id, f.name.str()});
            }
            return makeQuestion(u.id + ".through",
                                "Does the move of " + u.id + " pass through a friendly unit?", opts,
                                "MD-FORM-06");
        });
        if (!through)
            return false;
        const int fi = *through == "no" ? -1 : c.s.unitIndex(*through);
        if (fi >= 0 && !mayInterpenetrate(u, c.s.units[static_cast<std::size_t>(fi)])) {
            u.moveBlocked = true;
            c.f.note(u.id + " may not pass through " + *through + ": it stops before it (MD-FORM-06).");
        }
    }
    c.f.note(u.id + " may move up to " + inchesText(dist) + ".");
    if (!moveDlExempt(u, c.o)) {
        if (usesCavalryDlRule(u))
            queueSixRuleDl(c, ui, faces, "cavalry movement", "MD-CAV-03");
        else
            queueMoveDl(c, ui, "MOVE order", "MD-DL-04");
    }
    if (*ground == "full_speed")
        queueMoveDl(c, ui, "crossing difficult ground at full speed", "MD-DL-05");
    return true;
}

bool hasHeldHorses(const Unit& u) {
    return u.arm == Arm::Cavalry && !u.mounted && u.horseHolders > 0 && !u.horsesLost;
}

// MD-CAV-06: the held horses may move 1d6" whatever the dismounted body does.
bool moveHeldHorses(Ctx& c, int ui) {
    Unit& u = c.s.units[static_cast<std::size_t>(ui)];
    auto a = askYesNoLazy(c, [&] {
        return yesNoQuestion(u.id + ".horses_move", "Do the held horses of " + u.id + " move (1d6\")?",
                             "MD-CAV-06");
    });
    if (!a)
        return false;
    if (*a) {
        auto d = rollLazy(c, [&] {
            return diceRequest(u, u.id + ".horses", 1, 6, "held horses of " + u.id + " move 1d6\"",
                               "MD-CAV-06");
        });
        if (!d)
            return false;
    }
    return true;
}

// A gun's movement action (MD-ARTMV-01..04).
bool moveGun(Ctx& c, int ui, bool forced) {
    Unit& g = c.s.units[static_cast<std::size_t>(ui)];
    auto expr = gunMoveDice(g, forced);
    if (!expr || !g.limbered)
        return true; // MD-ARTMV-03: an unlimbered gun cannot move
    auto d = rollLazy(c, [&] {
        return diceRequest(g, g.id + ".move", expr->count, expr->sides,
                           g.id + (forced ? " forced march " : " moves ") + toString(*expr) + "\"",
                           "MD-ARTMV-01", expr->plus);
    });
    if (!d)
        return false;
    g.moveDistance = distanceFrom(*d, expr->plus);
    g.movedThisTurn = true;
    if (forced) // MD-ARTMV-04: at most 1 DL, the six rule
        queueSixRuleDl(c, ui, *d, "forced march", "MD-ARTMV-04");
    return true;
}

// MD-MOVE-06: what a U.S. unit does after completing a CF or WHEEL.
bool usFollowUp(Ctx& c, int ui) {
    Unit& u = c.s.units[static_cast<std::size_t>(ui)];
    const std::string& mode = c.o.usCfFollowup;
    if (mode == "none")
        return true;
    if (mode == "fire_only") {
        u.followUpFire = u.weapon != Weapon::None;
        return true;
    }
    if (mode == "move_and_fire") {
        u.followUpFire = u.weapon != Weapon::None;
        return moveUnit(c, ui);
    }
    std::vector<Option> opts{{"none", "Nothing more"}, {"move", "Move in the new formation"}};
    if (u.weapon != Weapon::None)
        opts.push_back({"fire", "Fire in the Regular Fire phase"});
    auto a = askLazy(c, [&] {
        return makeQuestion(u.id + ".followup", u.id + ": after the change, move or fire?", opts,
                            "MD-MOVE-06");
    });
    if (!a)
        return false;
    if (*a == "fire") {
        u.followUpFire = true;
        return true;
    }
    if (*a == "move")
        return moveUnit(c, ui);
    return true;
}

bool resolveChargeMove(Ctx& c, int ui) {
    Unit& u = c.s.units[static_cast<std::size_t>(ui)];
    bool horses = false;
    const int ti = targetIndex(c.s, u.orderTarget, horses);
    const DiceExpr expr = chargeDice(u, c.o);
    auto d = rollLazy(c, [&] {
        return diceRequest(u, u.id + ".charge_move", expr.count, expr.sides,
                           u.id + " charge distance " + toString(expr) + "\"", "MD-CHG-11", expr.plus);
    });
    if (!d)
        return false;
    std::vector<int> sixFaces = *d;
    int dist = distanceFrom(*d, expr.plus);
    if (chargesFromHalt(u, c.o)) { // MD-CAV-02
        auto h = rollLazy(c, [&] {
            return diceRequest(u, u.id + ".halt_die", 1, 6, u.id + " charges from a halt: subtract 1d6\"",
                               "MD-CAV-02");
        });
        if (!h)
            return false;
        dist = std::max(0, dist - h->at(0));
        if (c.o.cavHaltDieCounts)
            sixFaces.push_back(h->at(0));
    }
    u.moveDistance = dist;
    u.movedThisTurn = true;
    const Unit* t = ti >= 0 ? &c.s.units[static_cast<std::size_t>(ti)] : nullptr;
    std::vector<Option> opts;
    if (t && inAction(*t)) { // MD-DL-13: a unit all in its DL group cannot be contacted
        opts.push_back({"contact", "Contact made"});
        if (t->stand == StandState::Failed || t->stand == StandState::Evaded)
            opts.push_back({"halt", "Halt at the target's previous position"});
        opts.push_back({"short", "Followed but fell short"});
    } else {
        opts.push_back({"halt", "Halt (target gone)"});
    }
    auto a = askLazy(c, [&] {
        return makeQuestion(u.id + ".contact",
                            u.id + " may charge up to " + std::to_string(dist) + "\": does it reach " +
                                u.orderTarget + "?",
                            opts, "MD-CHG-07");
    });
    if (!a)
        return false;
    if (*a == "contact") {
        u.chargeOutcome = ChargeOutcome::Contact;
        Unit& target = c.s.units[static_cast<std::size_t>(ti)];
        if (horses) {
            if (u.formed) { // MD-MEL-13: held horses contacted by formed troops are eliminated
                target.casualties += target.horseHolders;
                target.horseHolders = 0;
                target.horsesLost = true;
                checkRemoval(target);
                c.f.note(target.id + " loses its held horses.");
            }
        } else {
            c.s.contacts.push_back(Contact{ui, ti, true, u.chargeFlank}); // MD-CHG-12
        }
    } else if (*a == "short") {
        u.chargeOutcome = ChargeOutcome::Short; // MD-CHG-10 in sub-step (c)
    } else {
        u.chargeOutcome = ChargeOutcome::HaltedAtVacated; // MD-CHG-07: no contact-failure test
    }
    if (usesCavalryDlRule(u)) {
        queueSixRuleDl(c, ui, sixFaces, "cavalry charge", "MD-CAV-03"); // a CHARGE is never exempt
    } else {
        queueMoveDl(c, ui, "CHARGE order", "MD-DL-06"); // MD-CHG-13
        if (c.o.chargeAlsoMoveDl && !moveDlExempt(u, c.o))
            queueMoveDl(c, ui, "charge counted as a MOVE order", "MD-DL-04"); // AMB-MD-27 alternative
    }
    return true;
}

bool movementHasWork(const Unit& u) {
    if (!inAction(u))
        return false;
    if (hasHeldHorses(u))
        return true;
    switch (u.order) {
    case Order::Hold:
    case Order::FirstFire:
    case Order::Fire:
        return false;
    case Order::Charge:
        return u.charge == ChargeState::Passed;
    default:
        return true;
    }
}

bool resolveMovement(Ctx& c, int ui) {
    Unit& u = c.s.units[static_cast<std::size_t>(ui)];
    if (hasHeldHorses(u) && !moveHeldHorses(c, ui))
        return false;
    switch (u.order) {
    case Order::Move:
        if (u.arm == Arm::Artillery)
            return moveGun(c, ui, false);
        return moveUnit(c, ui);
    case Order::ForcedMarch:
        return moveGun(c, ui, true);
    case Order::MoveUnlimber:
        if (!moveGun(c, ui, false))
            return false;
        u.limbered = false;
        return true;
    case Order::ForcedMarchUnlimber:
        if (!moveGun(c, ui, true))
            return false;
        u.limbered = false;
        return true;
    case Order::ForcedMarchLimber:
        u.limbered = true;
        return moveGun(c, ui, true);
    case Order::LimberMove:
        u.limbered = true;
        return moveGun(c, ui, false);
    case Order::Limber:
    case Order::FireLimber:
        u.limbered = true;
        return true;
    case Order::Unlimber:
    case Order::UnlimberFire:
        u.limbered = false;
        return true;
    case Order::ChangeFormation: {
        if (needsUsGreenCfTest(u)) { // MD-MOVE-05
            auto d = rollLazy(c, [&] {
                return diceRequest(u, u.id + ".cf_test", 1, 6,
                                   u.id + " (U.S. Green) formation change: needs 3+", "MD-MOVE-05");
            });
            if (!d)
                return false;
            if (!usGreenCfPasses(d->at(0))) {
                u.cfFailed = true;
                c.f.note(u.id + " fails to change formation: no move, no fire.");
                return true;
            }
        }
        // The formation the figures end in is a fact of the table, asked when the change is made.
        auto f = askLazy(c, [&] {
            std::vector<Option> forms;
            for (Formation to :
                 {Formation::Line, Formation::Column, Formation::RoadColumn, Formation::Skirmish}) {
                if (to == u.formation || (to == Formation::Skirmish && u.arm == Arm::Cavalry && u.mounted))
                    continue;
                forms.push_back({toString(to), formationWords(to)});
            }
            return makeQuestion(u.id + ".formation", u.id + " changes to which formation?", forms,
                                "MD-ORD-02");
        });
        if (!f)
            return false;
        parse(*f, u.newFormation);
        u.formation = u.newFormation;
        if (u.nation == Nation::American)
            return usFollowUp(c, ui);
        queueMoveDl(c, ui, "Mexican change of formation", "MD-DL-05"); // MD-MOVE-07
        return true;
    }
    case Order::Wheel:
        if (u.nation == Nation::American)
            return usFollowUp(c, ui);
        queueMoveDl(c, ui, "Mexican wheel", "MD-DL-05"); // MD-MOVE-07, MD-MOVE-09
        return true;
    case Order::Charge:
        return resolveChargeMove(c, ui);
    case Order::Dismount: { // MD-CAV-04
        const int holders = horseHoldersFor(u.rf);
        u.rf -= holders;
        u.horseHolders = holders;
        u.mounted = false;
        u.formation = Formation::Line; // they fight on foot as infantry in line (MD-FIRE-03)
        c.f.note(u.id + " dismounts, leaving " + std::to_string(holders) + " horse holders.");
        return true;
    }
    case Order::Mount: { // MD-CAV-05
        auto a = askYesNoLazy(c, [&] {
            return yesNoQuestion(u.id + ".holders_near", "Are the horse holders of " + u.id + " within 2\"?",
                                 "MD-CAV-05");
        });
        if (!a)
            return false;
        if (*a) {
            u.rf += u.horseHolders;
            u.horseHolders = 0;
            u.mounted = true;
        }
        return true;
    }
    case Order::Hold:
    case Order::FirstFire:
    case Order::Fire:
        return true;
    }
    return true;
}

bool resolveContactFailure(Ctx& c, int ui) {
    Unit& u = c.s.units[static_cast<std::size_t>(ui)];
    int value = 0;
    if (c.o.contactFailParity) {
        value = static_cast<int>(u.moveDistance); // AMB-MD-28 alternative
    } else {
        auto d = rollLazy(c, [&] {
            return diceRequest(u, u.id + ".contact_fail", 1, 6,
                               u.id + " failed to make contact: odd means unformed", "MD-CHG-10");
        });
        if (!d)
            return false;
        value = d->at(0);
    }
    if (oddUnforms(value))
        u.formed = false;
    return true;
}

// ---- Melee (MD-MEL)
// ------------------------------------------------------------------------------------------------

void fighterKilled(Unit& u, const Fighter& f, const Options& o) {
    if (f.officer)
        killOfficer(u, o); // MD-MEL-14
    else
        killRankAndFile(u, 1);
}

void fighterPushed(Unit& u, const Fighter& f) {
    if (f.officer) {
        --u.officers;
        ++u.pushedBackOfficers;
    } else {
        --u.rf;
        ++u.pushedBackRf;
    }
}

void rejoinPushedBack(Unit& u) {
    u.officers += u.pushedBackOfficers;
    u.rf += u.pushedBackRf;
    u.pushedBackOfficers = 0;
    u.pushedBackRf = 0;
    u.pushedBackRejoinNextMelee = false;
}

// md.melee_after_loss = out_of_contact: the loser of the melee at the cursor has fallen back out of its other
// contacts, which are not fought (or carried on); the cursor keeps pointing at this melee.
void leaveOtherContacts(GameState& s, int ui) {
    const int k = s.cursor.index;
    int before = 0;
    std::vector<Contact> kept;
    for (int j = 0; j < static_cast<int>(s.contacts.size()); ++j) {
        const Contact& ct = s.contacts[static_cast<std::size_t>(j)];
        if (j != k && (ct.attacker == ui || ct.defender == ui)) {
            before += j < k ? 1 : 0;
            continue;
        }
        kept.push_back(ct);
    }
    s.contacts = std::move(kept);
    s.cursor.index -= before;
}

bool meleeLoser(Ctx& c, int ui, int winner) {
    Unit& u = c.s.units[static_cast<std::size_t>(ui)];
    if (!inPlay(u))
        return true;
    auto d = rollLazy(c, [&] {
        return diceRequest(u, u.id + ".fall_back", 4, 6, u.id + " lost the melee: falls back 4d6\", unformed",
                           "MD-MEL-08");
    });
    if (!d)
        return false;
    // MD-SEQ-07 fights every contact, so a unit can lose more than one melee in a phase: each loss is a whole
    // MD-MEL-08 result and its fall-back adds to the distance retired this turn.
    u.retireDistance += sumFaces(*d);
    if (c.o.meleeLossLeavesContacts)
        leaveOtherContacts(c.s, ui);
    u.formed = false;
    if (c.o.loserPushedBackBecomeDl) { // AMB-MD-32 alternative
        u.dlRf += u.pushedBackRf;
        u.dlOfficers += u.pushedBackOfficers;
        u.pushedBackRf = u.pushedBackOfficers = 0;
        u.pushedBackRejoinNextMelee = false;
        checkRemoval(u);
    } else {
        rejoinPushedBack(u); // MD-MEL-11
    }
    const int dice = tables::meleeDlDice(u.arm, false, c.o.meleeDlText); // MD-DL-07
    int lostDl = 0;
    if (dice > 0 && inPlay(u) && u.officers + u.rf > 0) { // MD-DL-12: none left to move, nothing to roll
        auto f = rollLazy(c, [&] {
            return diceRequest(u, u.id + ".melee_dl", dice, 6, u.id + " melee loser's DL", "MD-DL-07");
        });
        if (!f)
            return false;
        lostDl = applyDl(u, dlFromFaces(*f, currentGrade(u)), c.o);
    }
    (void)winner;
    c.f.note(u.id + " loses the melee and falls back " + std::to_string(static_cast<int>(u.retireDistance)) +
             "\", unformed" + (lostDl > 0 ? ", taking " + counted(lostDl, "DL", "DLs") : std::string()) +
             "." + (u.removed ? " " + u.id + " is lost." : ""));
    return true;
}

bool meleeWinner(Ctx& c, int ui) {
    Unit& u = c.s.units[static_cast<std::size_t>(ui)];
    if (!inPlay(u))
        return true;
    auto d = rollLazy(c, [&] {
        return diceRequest(u, u.id + ".position", 1, 6, u.id + " takes the position: odd means unformed",
                           "MD-MEL-09");
    });
    if (!d)
        return false;
    if (oddUnforms(d->at(0)))
        u.formed = false;
    if (u.pushedBackRf + u.pushedBackOfficers > 0)
        u.pushedBackRejoinNextMelee = true; // MD-MEL-10
    const int dice = tables::meleeDlDice(u.arm, true, c.o.meleeDlText);
    int wonDl = 0;
    if (dice > 0) {
        auto f = rollLazy(c, [&] {
            return diceRequest(u, u.id + ".melee_dl", dice, 6, u.id + " melee winner's DL", "MD-DL-07");
        });
        if (!f)
            return false;
        wonDl = applyDl(u, dlFromFaces(*f, currentGrade(u)), c.o);
    }
    c.f.note(u.id + " wins the melee and takes the position" + (u.formed ? "" : ", unformed") +
             (wonDl > 0 ? ", with " + counted(wonDl, "DL", "DLs") : std::string()) + ".");
    return true;
}

bool resolveMelee(Ctx& c, int k) {
    const Contact ct = c.s.contacts[static_cast<std::size_t>(k)];
    c.s.contacts[static_cast<std::size_t>(k)].roundsFought = 0; // set again only if it carries over
    Unit& A = c.s.units[static_cast<std::size_t>(ct.attacker)];
    Unit& B = c.s.units[static_cast<std::size_t>(ct.defender)];
    int counts[2][2] = {{0, 0}, {0, 0}}; // [side][officers, rf]
    Unit* sides[2] = {&A, &B};
    for (int s = 0; s < 2; ++s) {
        Unit& u = *sides[s];
        if (c.o.meleeWholeUnit) {
            counts[s][0] = u.officers;
            counts[s][1] = u.rf;
            continue;
        }
        // MD-MEL-01: at least one figure of each side is in contact (meleeReady: each side has one): an
        // officer when no rank and file are left, else a rank-and-file figure when no officer is.
        if (u.officers > 0) {
            auto a = askCountLazy(c, [&] {
                return countQuestion(u.id + ".melee_officers",
                                     "How many officers of " + u.id + " are in base contact?",
                                     u.rf > 0 ? 0 : 1, u.officers, "MD-MEL-01");
            });
            if (!a)
                return false;
            counts[s][0] = *a;
        }
        auto r = askCountLazy(c, [&] {
            return countQuestion(u.id + ".melee_rf",
                                 "How many rank-and-file of " + u.id + " are in base contact?",
                                 counts[s][0] > 0 ? 0 : 1, u.rf, "MD-MEL-01");
        });
        if (!r)
            return false;
        counts[s][1] = *r;
    }
    MeleeSituation sit[2];
    sit[0].charging = ct.charged;
    sit[0].flank = ct.flank;
    if (B.arm == Arm::Infantry) {
        auto a = askYesNoLazy(c, [&] {
            return yesNoQuestion(B.id + ".hard_cover",
                                 "Is " + B.id + " defending behind a wall or other hard cover?", "MD-MEL-03");
        });
        if (!a)
            return false;
        sit[1].hardCover = *a;
    }
    std::vector<Fighter> f[2] = {makeFighters(counts[0][0], counts[0][1]),
                                 makeFighters(counts[1][0], counts[1][1])};
    int kills[2] = {0, 0};
    bool brokeOff = false;
    const int firstRound = ct.roundsFought + 1; // > 1 when a one-round-per-turn melee carries over
    for (int round = firstRound; round < firstRound + 200; ++round) {
        if (!inPlay(A) || !inPlay(B))
            break;
        std::vector<int> act[2] = {activeIndices(f[0]), activeIndices(f[1])};
        if (act[0].empty() || act[1].empty())
            break;
        const std::size_t pairs = std::min(act[0].size(), act[1].size()); // MD-MEL-02
        std::vector<bool> live(pairs, true);
        if (round == 1) {                                 // MD-MEL-04: pistols and lances strike first
            std::vector<std::pair<int, int>> strikeKills; // (side of victim, fighter index)
            for (int s = 0; s < 2; ++s) {
                Unit& u = *sides[s];
                if (!u.lancers && !u.texasRangers)
                    continue;
                auto d = rollLazy(c, [&] {
                    return diceRequest(u, u.id + ".first_strike", static_cast<int>(pairs), 6,
                                       u.id + (u.texasRangers ? " fire pistols" : " strike with lances") +
                                           ": 6 kills",
                                       "MD-MEL-04");
                });
                if (!d)
                    return false;
                for (std::size_t p = 0; p < pairs; ++p) {
                    if (d->at(p) == tables::kNaturalKill) {
                        strikeKills.emplace_back(1 - s, act[1 - s][p]);
                        live[p] = false; // the striker has no opponent this round
                    }
                }
            }
            for (auto [s, idx] : strikeKills) {
                Fighter& fi = f[s][static_cast<std::size_t>(idx)];
                if (fi.killed)
                    continue;
                fi.killed = true;
                ++kills[1 - s];
                fighterKilled(*sides[s], fi, c.o);
            }
            if (!inPlay(A) || !inPlay(B))
                break;
            if (c.o.firstStrikeAlsoFights) { // AMB-MD-15 alternative: re-pair the striker with a spare enemy
                std::size_t spare[2] = {pairs, pairs};
                for (std::size_t p = 0; p < pairs; ++p) {
                    for (int v = 0; v < 2 && !live[p]; ++v) {
                        if (!f[v][static_cast<std::size_t>(act[v][p])].killed ||
                            !f[1 - v][static_cast<std::size_t>(act[1 - v][p])].active())
                            continue;
                        while (spare[v] < act[v].size() &&
                               !f[v][static_cast<std::size_t>(act[v][spare[v]])].active())
                            ++spare[v];
                        if (spare[v] < act[v].size()) {
                            act[v][p] = act[v][spare[v]++];
                            live[p] = true;
                        }
                    }
                }
            }
        }
        std::vector<std::size_t> livePairs;
        for (std::size_t p = 0; p < pairs; ++p) {
            if (live[p] && f[0][static_cast<std::size_t>(act[0][p])].active() &&
                f[1][static_cast<std::size_t>(act[1][p])].active())
                livePairs.push_back(p);
        }
        if (!livePairs.empty()) {
            std::vector<int> dice[2];
            for (int s = 0; s < 2; ++s) {
                Unit& u = *sides[s];
                auto d = rollLazy(c, [&] {
                    return diceRequest(
                        u, u.id + ".melee_r" + std::to_string(round), static_cast<int>(livePairs.size()), 6,
                        u.id + " melee round " + std::to_string(round) + ": one die per paired figure",
                        "MD-MEL-03");
                });
                if (!d)
                    return false;
                dice[s] = *d;
            }
            sit[0].round = sit[1].round = round;
            // AMB-MD-13 alternative: each spare figure adds +1 to one friend's die, pairs in order.
            int spare[2] = {0, 0};
            if (c.o.meleeDoubleUp) {
                for (int s = 0; s < 2; ++s)
                    spare[s] = std::max(0, static_cast<int>(activeIndices(f[s]).size()) -
                                               static_cast<int>(livePairs.size()));
            }
            // Modifiers use the state at the start of the round; results apply together (MD-MEL-05).
            std::vector<PairResult> results;
            for (std::size_t q = 0; q < livePairs.size(); ++q) {
                const std::size_t p = livePairs[q];
                const Fighter& fa = f[0][static_cast<std::size_t>(act[0][p])];
                const Fighter& fb = f[1][static_cast<std::size_t>(act[1][p])];
                const int n = static_cast<int>(livePairs.size());
                const int qi = static_cast<int>(q);
                const int helpA = spare[0] / n + (qi < spare[0] % n ? 1 : 0);
                const int helpB = spare[1] / n + (qi < spare[1] % n ? 1 : 0);
                results.push_back(resolvePair(dice[0][q], meleeModifier(A, B, fa.officer, sit[0]) + helpA,
                                              dice[1][q], meleeModifier(B, A, fb.officer, sit[1]) + helpB));
            }
            for (std::size_t q = 0; q < livePairs.size(); ++q) {
                const std::size_t p = livePairs[q];
                const PairResult& r = results[q];
                const bool killedOrPushed[2][2] = {{r.aKilled, r.aPushed}, {r.bKilled, r.bPushed}};
                for (int s = 0; s < 2; ++s) {
                    Fighter& fi = f[s][static_cast<std::size_t>(act[s][p])];
                    if (killedOrPushed[s][0]) {
                        fi.killed = true;
                        ++kills[1 - s];
                        fighterKilled(*sides[s], fi, c.o);
                    } else if (killedOrPushed[s][1]) {
                        fi.pushed = true;
                        fighterPushed(*sides[s], fi);
                    }
                }
            }
        }
        if (!inPlay(A) || !inPlay(B) || !anyActive(f[0]) || !anyActive(f[1]))
            break;
        // MD-MEL-12: mounted cavalry fighting infantry may break off between rounds.
        for (int s = 0; s < 2 && !brokeOff; ++s) {
            Unit& u = *sides[s];
            Unit& e = *sides[1 - s];
            if (!(u.arm == Arm::Cavalry && u.mounted && e.arm == Arm::Infantry))
                continue;
            auto a = askYesNoLazy(c, [&] {
                return yesNoQuestion(u.id + ".break_off_r" + std::to_string(round),
                                     u.id + " (mounted cavalry) breaks off and retires 4d6\"?", "MD-MEL-12");
            });
            if (!a)
                return false;
            if (*a) {
                auto d = rollLazy(c, [&] {
                    return diceRequest(u, u.id + ".break_off", 4, 6, u.id + " breaks off: retires 4d6\"",
                                       "MD-MEL-12");
                });
                if (!d)
                    return false;
                u.retireDistance += sumFaces(*d); // as a fall-back, after any earlier one this turn
                brokeOff = true;
                if (c.o.breakoffAsLoser) { // AMB-MD-33 alternative
                    u.formed = false;
                    rejoinPushedBack(u);
                    auto dl = rollLazy(c, [&] {
                        return diceRequest(u, u.id + ".melee_dl",
                                           tables::meleeDlDice(u.arm, false, c.o.meleeDlText), 6,
                                           u.id + " breaks off as a loser: DL", "MD-DL-07");
                    });
                    if (!dl)
                        return false;
                    applyDl(u, dlFromFaces(*dl, currentGrade(u)), c.o);
                }
            }
        }
        if (brokeOff) {
            rejoinPushedBack(A);
            rejoinPushedBack(B);
            return true;
        }
        if (c.o.meleeOnePerTurn) { // AMB-MD-12 alternative: carry the melee over to the next Melee phase
            rejoinPushedBack(A);
            rejoinPushedBack(B);
            c.s.contacts[static_cast<std::size_t>(k)].roundsFought = round;
            return true;
        }
    }
    const bool aliveA = inPlay(A) && anyActive(f[0]);
    const bool aliveB = inPlay(B) && anyActive(f[1]);
    if (aliveA && !aliveB) {
        if (!meleeLoser(c, ct.defender, ct.attacker))
            return false;
        return meleeWinner(c, ct.attacker);
    }
    if (aliveB && !aliveA) {
        if (!meleeLoser(c, ct.attacker, ct.defender))
            return false;
        return meleeWinner(c, ct.defender);
    }
    if (!aliveA && !aliveB) { // MD-MEL-07, AMB-MD-35
        if (c.o.mutualWipeMoreKills && kills[0] != kills[1]) {
            const int w = kills[0] > kills[1] ? ct.attacker : ct.defender;
            const int l = w == ct.attacker ? ct.defender : ct.attacker;
            if (!meleeLoser(c, l, w))
                return false;
            return meleeWinner(c, w);
        }
        if (!meleeLoser(c, ct.attacker, ct.defender))
            return false;
        return meleeLoser(c, ct.defender, ct.attacker);
    }
    return true;
}

// ---- Recovery (MD-REC, MD-RECON, MD-FORM-05)
// ----------------------------------------------------------------------

bool recoveryHasWork(const GameState& s, const Unit& u) {
    if (u.removed)
        return false;
    if (u.dispersed)
        return !u.reconstituted && s.sides[static_cast<std::size_t>(u.side)].hasGeneral;
    if (allInDl(u))
        return false; // MD-REC-03: no figure in good order: it neither recovers nor reforms
    if (u.order != Order::Hold)
        return false;
    return !u.formed || (u.dlRf + u.dlOfficers > 0 && canRecover(u));
}

bool resolveRecovery(Ctx& c, int ui) {
    Unit& u = c.s.units[static_cast<std::size_t>(ui)];
    const Grade grade = currentGrade(u);
    if (u.dispersed) { // MD-RECON-02
        auto a = askYesNoLazy(c, [&] {
            return yesNoQuestion(u.id + ".reconstitute",
                                 "Reconstitute " + u.id +
                                     ": standard placed 12\"+ from the enemy and within 6\" of a general?",
                                 "MD-RECON-02");
        });
        if (!a)
            return false;
        if (!*a)
            return true;
        const int dice = c.o.generalRecovery == "double_result" ? 1 : 2;
        auto d = rollLazy(c, [&] {
            return diceRequest(u, u.id + ".recovery", dice, 6, u.id + " reconstitutes (general present)",
                               "MD-RECON-02");
        });
        if (!d)
            return false;
        u.dispersed = false;
        u.reconstituted = true;                                             // MD-RECON-04
        const int n = std::max(1, recoveryFromFaces(*d, grade, true, c.o)); // the officer returns first
        applyRecovery(u, n, c.o);
        c.f.note(u.id + " is reconstituted.");
        return true;
    }
    if (!u.formed) {
        u.formed = true; // MD-FORM-05, MD-REC-05
        c.f.note(u.id + " reforms.");
    }
    if (u.dlRf + u.dlOfficers == 0 || !canRecover(u))
        return true;
    bool general = false;
    if (c.s.sides[static_cast<std::size_t>(u.side)].hasGeneral) {
        auto a = askYesNoLazy(c, [&] {
            return yesNoQuestion(u.id + ".general",
                                 "Is a general within " + std::to_string(c.o.generalRadius) +
                                     "\" of the standard of " + u.id + "?",
                                 "MD-REC-02");
        });
        if (!a)
            return false;
        general = *a;
    }
    const int dice = (general && c.o.generalRecovery != "double_result") ? 2 : 1;
    auto d = rollLazy(c, [&] {
        return diceRequest(u, u.id + ".recovery", dice, 6,
                           u.id + " recovery (" + toString(grade) + (general ? ", general present" : "") +
                               ")",
                           "MD-REC-01", tables::recoveryModifier(grade));
    });
    if (!d)
        return false;
    const int back = applyRecovery(u, recoveryFromFaces(*d, grade, general, c.o), c.o);
    c.f.note(u.id + " recovers " + counted(back, "DL", "DLs") + ".");
    return true;
}

// ---- The step machine
// ----------------------------------------------------------------------------------------------

int stageCount(Phase p) {
    switch (p) {
    case Phase::Orders:
        return 1;
    case Phase::ChargeTests:
        return 4; // tests, stands, (movement-phase timing) converted units fire, their DLs
    case Phase::FirstFire:
    case Phase::RegularFire:
        return 2; // fire, DLs
    case Phase::Movement:
        return 4; // (a) retire, (b) move, (c) contact failure, (d) DLs
    case Phase::Melee:
        return 1;
    case Phase::Recovery:
        return 1;
    case Phase::GameOver:
        return 0;
    }
    return 0;
}

int stageSize(const GameState& s, Phase p, int stage) {
    const int units = static_cast<int>(s.units.size());
    const int dls = static_cast<int>(s.pendingDls.size());
    switch (p) {
    case Phase::ChargeTests:
        return stage == 3 ? dls : units;
    case Phase::FirstFire:
    case Phase::RegularFire:
        return stage == 1 ? dls : units;
    case Phase::Movement:
        return stage == 3 ? dls : units;
    case Phase::Melee:
        return static_cast<int>(s.contacts.size());
    default:
        return units;
    }
}

// MD-MEL-01, MD-DL-13: a side fights only with effective figures; with none (all DL or pushed back) there is
// no one in contact and no melee.
bool meleeReady(const Unit& u) {
    return inAction(u) && u.officers + u.rf > 0;
}

bool hasWork(const GameState& s, const Options& o) {
    const Cursor& c = s.cursor;
    const auto unit = [&]() -> const Unit& {
        return s.units[static_cast<std::size_t>(c.index)];
    };
    switch (c.phase) {
    case Phase::Orders:
        return inAction(unit()); // MD-DL-01: a unit all in its DL group has no figure to act: it holds
    case Phase::ChargeTests:
        if (c.stage == 0)
            return inAction(unit()) && unit().order == Order::Charge && unit().charge == ChargeState::None;
        if (c.stage == 1)
            return standHasWork(s, unit());
        if (c.stage == 2)
            return o.chargeTestsInMovement && unit().charge == ChargeState::Failed &&
                   firesIn(unit(), Phase::FirstFire, o);
        return dlHasWork(s, s.pendingDls[static_cast<std::size_t>(c.index)], o);
    case Phase::FirstFire:
    case Phase::RegularFire:
        if (c.stage == 0)
            return firesIn(unit(), c.phase, o) && !(c.phase == Phase::FirstFire && o.chargeTestsInMovement &&
                                                    unit().charge == ChargeState::Failed);
        return dlHasWork(s, s.pendingDls[static_cast<std::size_t>(c.index)], o);
    case Phase::Movement:
        if (c.stage == 0)
            return inAction(unit()) &&
                   (unit().stand == StandState::Failed || unit().stand == StandState::Evaded);
        if (c.stage == 1)
            return movementHasWork(unit());
        if (c.stage == 2)
            return inAction(unit()) && unit().chargeOutcome == ChargeOutcome::Short;
        return dlHasWork(s, s.pendingDls[static_cast<std::size_t>(c.index)], o);
    case Phase::Melee: {
        const Contact& ct = s.contacts[static_cast<std::size_t>(c.index)];
        return meleeReady(s.units[static_cast<std::size_t>(ct.attacker)]) &&
               meleeReady(s.units[static_cast<std::size_t>(ct.defender)]);
    }
    case Phase::Recovery:
        return recoveryHasWork(s, unit());
    case Phase::GameOver:
        return false;
    }
    return false;
}

Phase nextPhase(Phase p, const Options& o) {
    switch (p) {
    case Phase::Orders:
        return o.chargeTestsInMovement ? Phase::FirstFire : Phase::ChargeTests;
    case Phase::ChargeTests:
        return o.chargeTestsInMovement ? Phase::Movement : Phase::FirstFire;
    case Phase::FirstFire:
        return o.chargeTestsInMovement ? Phase::ChargeTests : Phase::Movement;
    case Phase::Movement:
        return Phase::RegularFire;
    case Phase::RegularFire:
        return Phase::Melee;
    case Phase::Melee:
        return Phase::Recovery;
    case Phase::Recovery:
    case Phase::GameOver:
        return Phase::Orders;
    }
    return Phase::Orders;
}

// Moves to the next stage/phase while the index is past the end of the current stage.
void normalize(GameState& s, const Options& o, std::optional<Phase> stopAt) {
    while (s.cursor.phase != Phase::GameOver &&
           s.cursor.index >= stageSize(s, s.cursor.phase, s.cursor.stage)) {
        s.cursor.index = 0;
        ++s.cursor.stage;
        if (s.cursor.stage < stageCount(s.cursor.phase))
            continue;
        const Phase leaving = s.cursor.phase;
        if (leaving == Phase::Recovery) {
            endTurn(s, o);
            if (s.cursor.phase == Phase::GameOver)
                return;
        } else {
            enterPhase(s, nextPhase(leaving, o), o);
        }
        if (stopAt && s.cursor.phase == *stopAt)
            return;
    }
}

bool executeStep(Ctx& c) {
    const int i = c.s.cursor.index;
    switch (c.s.cursor.phase) {
    case Phase::Orders:
        return resolveOrders(c, i);
    case Phase::ChargeTests:
        if (c.s.cursor.stage == 0)
            return resolveChargeTest(c, i);
        if (c.s.cursor.stage == 1)
            return resolveStandTest(c, i);
        if (c.s.cursor.stage == 2) {
            Unit& u = c.s.units[static_cast<std::size_t>(i)];
            return u.arm == Arm::Artillery ? resolveGunFire(c, i) : resolveSmallArms(c, i);
        }
        return resolveDl(c, c.s.pendingDls[static_cast<std::size_t>(i)]);
    case Phase::FirstFire:
    case Phase::RegularFire: {
        if (c.s.cursor.stage == 1)
            return resolveDl(c, c.s.pendingDls[static_cast<std::size_t>(i)]);
        const std::size_t before = c.s.pendingDls.size();
        Unit& u = c.s.units[static_cast<std::size_t>(i)];
        const bool ok = u.arm == Arm::Artillery ? resolveGunFire(c, i) : resolveSmallArms(c, i);
        if (!ok)
            return false;
        if (c.o.sequentialFire) { // MD-SEQ-09 option: each unit's DL right after its own fire
            std::vector<PendingDl> mine(c.s.pendingDls.begin() + static_cast<long>(before),
                                        c.s.pendingDls.end());
            c.s.pendingDls.resize(before);
            for (const auto& d : mine) {
                if (dlHasWork(c.s, d, c.o) && !resolveDl(c, d))
                    return false;
            }
        }
        return true;
    }
    case Phase::Movement:
        if (c.s.cursor.stage == 0)
            return resolveRetire(c, i);
        if (c.s.cursor.stage == 1)
            return resolveMovement(c, i);
        if (c.s.cursor.stage == 2)
            return resolveContactFailure(c, i);
        return resolveDl(c, c.s.pendingDls[static_cast<std::size_t>(i)]);
    case Phase::Melee:
        return resolveMelee(c, i);
    case Phase::Recovery:
        return resolveRecovery(c, i);
    case Phase::GameOver:
        return true;
    }
    return true;
}

} // namespace

void enterPhase(GameState& s, Phase phase, const Options& o) {
    s.cursor = Cursor{phase, 0, 0};
    switch (phase) {
    case Phase::ChargeTests:
        s.pendingDls.clear();
        for (auto& u : s.units)
            u.fireStrength = firingFigures(u);
        break;
    case Phase::FirstFire:
    case Phase::RegularFire:
        s.pendingDls.clear();
        for (auto& u : s.units)
            u.fireStrength = firingFigures(u); // MD-SEQ-09: strength fixed at the start of the phase
        break;
    case Phase::Movement:
        s.pendingDls.clear();
        if (o.cavDlCapScope != "all_sources") // with all_sources the cap runs for the whole turn
            for (auto& u : s.units)
                u.movementDlTaken = 0;
        break;
    case Phase::Melee:
        s.pendingDls.clear();
        for (auto& u : s.units) {
            if (u.pushedBackRejoinNextMelee)
                rejoinPushedBack(u); // MD-SEQ-07, MD-MEL-10
        }
        break;
    default:
        break;
    }
}

void endTurn(GameState& s, const Options& o) {
    for (auto& u : s.units) {
        const bool moved = u.movedThisTurn || u.order == Order::Move || u.order == Order::Charge ||
                           u.order == Order::Wheel || u.order == Order::ChangeFormation;
        if (u.weapon == Weapon::MsRifle && !u.loaded && !u.firedThisTurn) { // MD-FIRE-10, AMB-MD-36
            if (o.rifleReload == "skip_one_turn")
                u.loaded = true;
            else if (o.rifleReload == "hold_order_only")
                u.loaded = u.order == Order::Hold;
            else
                u.loaded = !moved &&
                           (u.order == Order::Hold || u.order == Order::FirstFire || u.order == Order::Fire);
        }
        if (u.weapon == Weapon::MexCarbine && !u.loaded && !u.firedThisTurn) { // MD-FIRE-12
            u.haltedTurnsSinceFire = moved ? 0 : u.haltedTurnsSinceFire + 1;
            u.loaded = u.haltedTurnsSinceFire >= tables::smallArms(Weapon::MexCarbine).reloadTurns;
        }
        u.movedLastTurn = u.movedThisTurn;
        u.order = Order::Hold;
        u.orderTarget = SharedText();
        u.charge = ChargeState::None;
        u.chargeFlank = false;
        u.stand = StandState::None;
        u.chargedBy = SharedText();
        u.chargeOutcome = ChargeOutcome::None;
        u.fireLost = false;
        u.cfFailed = false;
        u.followUpFire = false;
        u.movedThisTurn = false;
        u.moveBlocked = false;
        u.firedThisTurn = false;
        u.moveDistance = 0;
        u.retireDistance = 0;
        u.movementDlTaken = 0;
    }
    s.pendingDls.clear();
    // Only melees carried over by md.melee_rounds = one_per_turn survive the turn, and only while both sides
    // can still fight it (MD-MEL-01, MD-DL-13).
    std::erase_if(s.contacts, [&](const Contact& ct) {
        return ct.roundsFought == 0 || !meleeReady(s.units[static_cast<std::size_t>(ct.attacker)]) ||
               !meleeReady(s.units[static_cast<std::size_t>(ct.defender)]);
    });
    ++s.turn;
    // Game over: a side with nothing left that can act again, or the last turn played. A unit all in its DL
    // group never can (MD-DL-01, MD-REC-03), unless it is dispersed cavalry its general may still
    // reconstitute (MD-RECON-02).
    int alive[2] = {0, 0};
    for (const auto& u : s.units) {
        const bool canComeBack = u.dispersed && !u.reconstituted && u.side >= 0 &&
                                 u.side < static_cast<int>(s.sides.size()) &&
                                 s.sides[static_cast<std::size_t>(u.side)].hasGeneral;
        if ((inAction(u) || canComeBack) && u.side >= 0 && u.side < 2)
            ++alive[u.side];
    }
    if (alive[0] == 0 || alive[1] == 0 || s.turn > s.maxTurns) {
        s.cursor = Cursor{Phase::GameOver, 0, 0};
        if (alive[0] == alive[1])
            s.winner = "draw";
        else
            s.winner = s.sides[alive[0] > alive[1] ? 0 : 1].id;
        return;
    }
    enterPhase(s, Phase::Orders, o);
}

void skipIdle(GameState& s, const Options& o, std::optional<Phase> stopAt) {
    const Phase from = s.cursor.phase;
    normalize(s, o, stopAt);
    while (s.cursor.phase != Phase::GameOver) {
        if (stopAt && s.cursor.phase == *stopAt && s.cursor.phase != from)
            return;
        if (hasWork(s, o))
            return;
        ++s.cursor.index;
        normalize(s, o, stopAt);
    }
}

bool runStep(GameState& s, Feed& feed, const Options& o, std::optional<Phase> stopAt) {
    skipIdle(s, o, stopAt);
    if (s.cursor.phase == Phase::GameOver || (stopAt && s.cursor.phase == *stopAt))
        return true;
    Ctx c{s, feed, o};
    if (!executeStep(c))
        return false;
    ++s.cursor.index;
    skipIdle(s, o, stopAt);
    return true;
}

} // namespace muster::rules::md
