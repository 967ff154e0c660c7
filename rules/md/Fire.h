#pragma once

#include "rules/md/Options.h"
#include "rules/md/Types.h"

#include <vector>

// Small-arms and artillery fire: prediction (how many dice, which faces hit) and application (count the
// faces).
namespace muster::rules::md {

// MD-FIRE-02 / AMB-MD-08: the band for a distance given [short, medium, long] maxima (0 = no band).
RangeBand bandForDistance(const int ranges[3], double inches, bool boundaryFarther);
// The bands a weapon or gun has (MD-FIRE-02, "-" in the table means no band).
std::vector<RangeBand> smallArmsBands(Weapon weapon);
std::vector<RangeBand> gunBands(GunType gun);

// MD-FIRE-03: firing figures: two ranks for formed infantry (and dismounted troopers) in line or column,
// the first rank for mounted cavalry, gun crews, skirmishers and unformed units.
int firingFigures(const Unit& unit);
// MD-FIRE-04: dice for N figures at a band; Americans round up, Mexicans down.
int smallArmsDice(int figures, RangeBand band, Nation nation);
// MD-FIRE-05 / MD-ARTY-05: number of faces at or above hitFrom.
int countHits(const std::vector<int>& faces, int hitFrom);
// MD-FIRE-06 / MD-ARTY-05: positions (0-based, ascending) of dice to reroll once; empty for Mexicans.
std::vector<int> rerollPositions(const std::vector<int>& faces, Nation nation, const int rerollFaces[2]);
int hitFromFor(Weapon weapon);

// MD-COVER-02: the single best save row among the terrain and the target's own rows (skirmish, artillerists).
Cover bestCover(Cover terrain, const Unit& target, bool targetIsHorses);
// MD-COVER-01: the number of saves among the faces.
int countSaves(const std::vector<int>& faces, Cover cover);

// MD-ARTY-02..04, MD-ARTY-08: the artillery pool.
struct GunPool {
    int base = 0;        // MD-ARTY-02
    int depth = 0;       // MD-ARTY-03
    int targetBonus = 0; // MD-ARTY-04
    int total = 0;       // after rapid fire doubling
};
// `band` is the band the shot is resolved at (medium after canister depletion or "as medium", MD-ARTY-06/07).
GunPool gunPool(GunType gun, RangeBand band, int targetRanksInZone, bool targetIsCavalryOrLimbered,
                bool rapid, const Options& options);
int depthBonus(int targetRanksInZone); // MD-ARTY-03
// AMB-MD-09 (md.depth_rank_rule = ceil_figs_over_frontage): ranks R = ceil(figures in the zone / frontage).
int depthRanksFromFigures(int figuresInZone, int frontage);

// MD-ARTY-01: an unlimbered gun with at least 2 effective crew.
bool gunCanFire(const Unit& gun);
// MD-ARTY-08/09: may this gun declare rapid fire at the target this turn?
bool rapidFireAllowed(const Unit& gun, const std::string& targetId, int turn);

} // namespace muster::rules::md
