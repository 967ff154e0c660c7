#pragma once

#include "Soak.h"
#include "rules/md/Types.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

// The Manifest Destiny invariants the soak checks after every accepted input.
namespace muster::rules::test {

// Figures are conserved per unit (effective + held horses + DL + casualties + pushed back = set-up,
// MD-ORG-05); no count is negative; a unit that is removed, dispersed or all in its DL group (MD-DL-01,
// MD-DL-13) is not asked for an order, offered as a target or charge target, or asked or rolled for at all,
// except a dispersed unit's reconstitution (MD-RECON-02); with md.melee_after_loss = out_of_contact no unit
// loses two melees in a turn (MD-MEL-08); at game over the winner is a side that can still act.
class MdInvariants : public InvariantChecker {
public:
    std::vector<std::string> start(const Engine& engine) override;
    std::vector<std::string> check(const Prompt& answered, const Input& input, const Engine& after) override;
    std::vector<std::string> finish(const Engine& engine) override;

private:
    std::vector<std::string> checkState(const md::GameState& s) const;
    std::vector<std::string> checkPrompt(const Prompt& p, const Input& input);

    std::vector<int> m_setUp;                       // figures per unit at set-up
    md::GameState m_before;                         // the committed state the last prompt was asked in
    std::map<std::string, int> m_officersInContact; // per unit, the melee step's officer answer (MD-MEL-01)
    std::map<std::pair<int, std::string>, int> m_meleesLost; // per turn and unit, melee fall-backs rolled
};

} // namespace muster::rules::test
