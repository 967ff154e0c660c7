#pragma once

#include "rules/hex/Types.h"

#include <string>

// Marchin' & Fightin' tables as data, with their rule ids: allowances, firepower by arm and range, and the
// casualty table by band.
namespace muster::rules::mf {

// MF-MOVE-01: the most hexes an arm marches.
int allowance(hex::Arm arm);
// MF-FIRE-03: the longest range an arm fires at.
int maxRange(hex::Arm arm);
// MF-FIRE-03: firepower of one figure (a man; for artillery, a cannon with crew) at `range` hexes.
int firepowerPer(hex::Arm arm, int range);

// How halving for cover rounds (AMB-MF-02).
enum class Rounding { Floor, Ceil, Exact };
// Firepower held in halves rounded to a whole number (again in halves) as `rounding` says (AMB-MF-02).
int roundHalves(int halves, Rounding rounding);
// MF-FIRE-04: half of a whole firepower held in halves (`halves` even), rounded as `rounding` says.
int halve(int halves, Rounding rounding);

// MF-FIRE-05: the band (0: 1-20, 1: 21-60, 2: 61-100, 3: 101+) of a firepower held in halves (so that the
// exact reading puts 20.5 in 21-60); -1 for zero (MF-FIRE-06).
int band(int halves);
std::string bandLabel(int band);
// MF-FIRE-05: casualties for a d6 face in a band.
int casualties(int band, int face);

} // namespace muster::rules::mf
