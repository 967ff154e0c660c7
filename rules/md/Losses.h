#pragma once

#include "rules/md/Options.h"
#include "rules/md/Types.h"

#include <vector>

// Casualties, officer loss, Disorder Losses and recovery: application functions (apply these faces to this
// unit).
namespace muster::rules::md {

// MD-CAS-01: figures that can become casualties (effective officers and R&F; for a gun, its crew).
int casualtyEligible(const Unit& unit);
// MD-CAS-02: apply one allocation draw (1..N): a draw <= officers kills that officer, otherwise one R&F.
void applyAllocationDraw(Unit& unit, int draw, const Options& options);
// MD-CAS-04: when casualties >= eligible figures, every eligible figure dies with no draws.
bool casualtiesExceedEligible(const Unit& unit, int casualties);
void killAllEligible(Unit& unit, const Options& options);
void killRankAndFile(Unit& unit, int count);
// MD-OFF-01, MD-CAS-03, MD-MEL-14: an officer killed; lowers the grade at once and checks removal.
void killOfficer(Unit& unit, const Options& options);
// MD-ORG-06, MD-OFF-02, MD-RECON-01: removes (or disperses) the unit when the rules say so. True if it left
// play.
bool checkRemoval(Unit& unit);

// MD-DL-09: the DL count from dice faces for a grade, each die clamped at 0 (GEN-06).
int dlFromFaces(const std::vector<int>& faces, Grade grade);
// MD-DL-12: moves `count` effective figures to the DL group, R&F first, then officers (each an officer lost,
// MD-OFF-01). Returns the number actually moved (excess ignored).
int applyDl(Unit& unit, int count, const Options& options);
// AMB-MD-39 alternative: one effective officer moved to the DL group (an officer lost, MD-OFF-01).
void applyOfficerDl(Unit& unit, const Options& options);

// MD-REC-01/02: figures recovered for these faces (1d6, or 2d6 with a general) — before the DL-group cap.
int recoveryFromFaces(const std::vector<int>& faces, Grade grade, bool general, const Options& options);
// MD-REC-03: a unit can recover only with a figure in good order.
bool canRecover(const Unit& unit);
// MD-REC-01/04: returns `count` (capped at the DL group) figures to effective status, officers first.
int applyRecovery(Unit& unit, int count, const Options& options);

// MD-CAV-04: horse holders for a number of troopers.
int horseHoldersFor(int troopers);

} // namespace muster::rules::md
