#include "rules/md/Losses.h"

#include "rules/md/Tables.h"

#include <algorithm>

namespace muster::rules::md {

int casualtyEligible(const Unit& unit) {
    return unit.officers + unit.rf; // MD-CAS-01: never musicians, standards or DLs
}

bool checkRemoval(Unit& unit) {
    if (unit.removed)
        return true;
    const bool noFigures =
        unit.officers + unit.rf + unit.dlOfficers + unit.dlRf + unit.pushedBackRf + unit.pushedBackOfficers ==
        0;
    if (noFigures) { // MD-ORG-06
        unit.removed = true;
        unit.dispersed = false;
        return true;
    }
    if (unit.arm == Arm::Artillery)
        return false; // MD-ORG-03: guns have no officers; removal is by crew only
    if (unit.officers + unit.pushedBackOfficers == 0) {
        // MD-RECON-01: cavalry entirely in the DL group, officer not killed, never reconstituted: dispersed.
        if (unit.arm == Arm::Cavalry && unit.rf == 0 && unit.pushedBackRf == 0 && unit.dlOfficers > 0 &&
            !unit.reconstituted) {
            unit.dispersed = true;
            return true;
        }
        unit.removed = true; // MD-OFF-02: no effective officer left, lost with its DL group
        unit.dispersed = false;
        return true;
    }
    return false;
}

void killOfficer(Unit& unit, const Options&) {
    if (unit.officers <= 0)
        return;
    --unit.officers;
    ++unit.casualties;
    ++unit.officerCasualties;
    ++unit.gradeStepsLost; // MD-OFF-01, at once
    checkRemoval(unit);
}

void killRankAndFile(Unit& unit, int count) {
    int n = std::min(count, unit.rf);
    unit.rf -= n;
    unit.casualties += n;
    checkRemoval(unit);
}

void applyAllocationDraw(Unit& unit, int draw, const Options& options) {
    if (draw >= 1 && draw <= unit.officers)
        killOfficer(unit, options);
    else
        killRankAndFile(unit, 1);
}

bool casualtiesExceedEligible(const Unit& unit, int casualties) {
    return casualties >= casualtyEligible(unit);
}

void killAllEligible(Unit& unit, const Options& options) {
    killRankAndFile(unit, unit.rf);
    while (unit.officers > 0 && !unit.removed)
        killOfficer(unit, options);
    if (unit.officers > 0) { // removed part-way: the rest still die (MD-CAS-04)
        unit.casualties += unit.officers;
        unit.officerCasualties += unit.officers;
        unit.officers = 0;
    }
}

int dlFromFaces(const std::vector<int>& faces, Grade grade) {
    int total = 0;
    for (int f : faces)
        total += std::max(0, f + tables::dlGradeModifier(grade)); // MD-DL-09, GEN-06
    return total;
}

int applyDl(Unit& unit, int count, const Options& options) {
    int moved = 0;
    int fromRf = std::min(count, unit.rf); // MD-DL-12: R&F first
    unit.rf -= fromRf;
    unit.dlRf += fromRf;
    moved += fromRf;
    while (moved < count && unit.officers > 0) {
        --unit.officers;
        ++unit.dlOfficers;
        if (options.officerDlCostsGrade)
            ++unit.gradeStepsLost; // MD-OFF-01: an officer moved to the DL group is lost
        ++moved;
    }
    checkRemoval(unit);
    return moved;
}

void applyOfficerDl(Unit& unit, const Options& options) {
    if (unit.officers <= 0)
        return;
    --unit.officers;
    ++unit.dlOfficers;
    if (options.officerDlCostsGrade)
        ++unit.gradeStepsLost;
    checkRemoval(unit);
}

int recoveryFromFaces(const std::vector<int>& faces, Grade grade, bool general, const Options& options) {
    const int mod = tables::recoveryModifier(grade);
    int total = 0;
    if (general && options.generalRecovery == "double_result") { // AMB-MD-18 alternative
        total = 2 * (faces.empty() ? 0 : faces[0] + mod);
    } else if (general && options.generalRecovery == "2d6_mod_per_die") {
        for (int f : faces)
            total += std::max(0, f + mod);
    } else {
        total = sumFaces(faces) + mod; // MD-REC-01/02: 1d6 or 2d6, modifier once
    }
    return std::max(0, total);
}

bool canRecover(const Unit& unit) {
    return unit.officers + unit.rf > 0; // MD-REC-03
}

int applyRecovery(Unit& unit, int count, const Options& options) {
    int back = 0;
    while (back < count && unit.dlOfficers > 0) { // MD-REC-04: officers first
        --unit.dlOfficers;
        ++unit.officers;
        if (options.officerReturnRestoresGrade && options.officerDlCostsGrade && unit.gradeStepsLost > 0)
            --unit.gradeStepsLost;
        ++back;
    }
    int rf = std::min(count - back, unit.dlRf);
    unit.dlRf -= rf;
    unit.rf += rf;
    back += rf;
    return back;
}

int horseHoldersFor(int troopers) {
    return (troopers + 3) / 4; // MD-CAV-04: one fourth, rounded up
}

} // namespace muster::rules::md
