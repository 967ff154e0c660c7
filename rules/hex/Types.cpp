#include "rules/hex/Types.h"

#include <numeric>

namespace muster::rules::hex {

std::string toString(Arm arm) {
    switch (arm) {
    case Arm::Infantry:
        return "infantry";
    case Arm::Cavalry:
        return "cavalry";
    case Arm::Artillery:
        return "artillery";
    case Arm::Chariots:
        return "chariots";
    case Arm::Archers:
        return "archers";
    }
    return "";
}

bool parse(const std::string& text, Arm& out) {
    for (Arm a : kAllArms)
        if (toString(a) == text) {
            out = a;
            return true;
        }
    return false;
}

std::string toString(Step step) {
    switch (step) {
    case Step::Initiative:
        return "initiative";
    case Step::Deploy:
        return "deploy";
    case Step::SideChoice:
        return "side_choice";
    case Step::March:
        return "march";
    case Step::Fight:
        return "fight";
    case Step::EndSideTurn:
        return "end_side_turn";
    case Step::GameOver:
        return "game_over";
    }
    return "";
}

int figuresOf(const Stack& s) {
    return std::accumulate(s.figures.begin(), s.figures.end(), 0);
}

bool inPlay(const Stack& s) {
    if (s.joinedInto >= 0)
        return false;
    for (Arm a : kAllArms)
        if (a != Arm::Artillery && s.figures[index(a)] > 0)
            return true;
    for (int g : s.guns)
        if (g > 0)
            return true;
    return false;
}

std::string describe(const Stack& s) {
    static const char* const kShort[] = {"inf", "cav", "gun", "chariot", "archer"};
    std::string out;
    for (Arm a : kAllArms) {
        const int n = a == Arm::Artillery ? static_cast<int>(s.guns.size()) : s.figures[index(a)];
        if (n <= 0)
            continue;
        out += (out.empty() ? "" : ", ") + std::to_string(n) + " " + kShort[index(a)];
        if (n > 1 && a != Arm::Infantry && a != Arm::Cavalry)
            out += "s";
    }
    return out.empty() ? "no troops" : out;
}

int sideFigures(const State& s, int side) {
    int n = 0;
    for (const auto& st : s.stacks)
        if (st.side == side && inPlay(st))
            n += figuresOf(st);
    return n;
}

} // namespace muster::rules::hex
