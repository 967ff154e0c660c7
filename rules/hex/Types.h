#pragma once

#include "rules/core/Shared.h"

#include <array>
#include <string>
#include <vector>

// The shared model of the three hex games (MF, AS, SD): stacks of troops by arm in labelled hexes, the
// side-turn cursor and the marks. No map is kept: the players say range, adjacency, cover and terrain.
namespace muster::rules::hex {

// The arms the hex games know; each game uses a subset (rules/hex/GameRules.h).
enum class Arm { Infantry, Cavalry, Artillery, Chariots, Archers };
constexpr std::size_t kArms = 5;
constexpr std::array<Arm, kArms> kAllArms = {Arm::Infantry, Arm::Cavalry, Arm::Artillery, Arm::Chariots,
                                             Arm::Archers};

std::string toString(Arm arm);
bool parse(const std::string& text, Arm& out);
inline std::size_t index(Arm arm) {
    return static_cast<std::size_t>(arm);
}

// A hex's troops as set up, carried through the game under the hex label the players gave it ("C4"). When a
// stack marches it keeps its label (the players keep the map); when it joins another stack it is emptied.
struct Stack {
    SharedText id;                    // the hex label at set-up, unique in the game
    int side = 0;                     // index into State::sides
    std::array<int, kArms> figures{}; // men by arm; Artillery counts guns (their crew is in `guns`)
    std::vector<int> guns;            // per gun: MF crewmen left (MF-FIRE-08), SD hits it can still take
                                      // (SD-GUN-01); a gun at 0 is gone (MF) or inoperable (SD)
    std::vector<int> gunFull;         // per gun, beside `guns`: its crew (MF) or hits (SD) at set-up, which
                                      // travel with the gun when it joins another hex (mf.art_power_by_crew)
    int gunStart = 0;                 // crew (MF) or hits (SD) of each gun of this hex at set-up
    int startFigures = 0;             // men and guns at set-up (the conservation invariant)
    int casualties = 0;               // figures lost so far
    bool moved = false;               // the "moving" mark (MF-MOVE-02)
    int movedHexes = 0;               // how far it marched this side-turn
    bool standing = true;             // the Standing mark (AS-MOVE-05, SD-MOVE-03); false: falling back
    bool fought = false;              // fired or attacked this side-turn (MF-FIRE-01, AS-FIGHT-01)
    bool attacked = false;            // attacked in the enemy's side-turn (AS-FB-01, SD-FB-01)
    bool fellBack = false;            // fell back 1 hex this enemy side-turn
    int joinedInto = -1;              // stack it joined (its figures went there), or -1
    bool mustMarch = false;           // a part of a hex that split this side-turn: it marches (MF-MOVE-03)
    bool operator==(const Stack&) const = default;
};

// Figures that can be hit or counted: men of every arm plus the guns still on the table.
int figuresOf(const Stack& s);
// True while the stack has troops that can act (an SD stack of inoperable guns alone cannot).
bool inPlay(const Stack& s);
// "12 inf, 3 cav, 1 gun (2 crew)": what a prompt or the roster says of a stack.
std::string describe(const Stack& s);

struct Side {
    SharedText id;
    SharedText name;
    SharedText colour;
    bool operator==(const Side&) const = default;
};

// Where the side-turn machine stands.
enum class Step { Initiative, Deploy, SideChoice, March, Fight, EndSideTurn, GameOver };
std::string toString(Step step);

struct Cursor {
    Step step = Step::Initiative;
    int sideTurn = 0; // 0: the first side of the turn, 1: the second
    int index = 0;    // the stack a March step is at
    bool operator==(const Cursor&) const = default;
};

// The whole game: a value, folded from the inputs.
struct State {
    SharedText ruleSet; // "mf", "as", "sd"
    SharedText scenarioName;
    SharedHouseRules houseRules;
    std::vector<Side> sides; // exactly 2
    std::vector<Stack> stacks;
    int turn = 1;
    int maxTurns = 6;
    int firstSide = -1;      // who moves first (MF-SEQ-01, AS-SETUP-01, SD-TURN-01); -1 until rolled
    int fixedFirstSide = -1; // the scenario named it (MF-SEQ-01): no roll
    bool deployed = false;   // AS-SETUP-01 done
    bool sideFights = true;  // mf.turn_mode = whole_side_chooses: the phasing side fights (else marches)
    std::vector<SharedText> firedAt; // targets of a combined fire this side-turn (MF-FIRE-02)
    Cursor cursor;
    std::string winner;
    bool operator==(const State&) const = default;
};

// The side whose side-turn it is.
inline int phasingSide(const State& s) {
    return s.firstSide < 0 ? 0 : (s.cursor.sideTurn == 0 ? s.firstSide : 1 - s.firstSide);
}
int sideFigures(const State& s, int side);

} // namespace muster::rules::hex
