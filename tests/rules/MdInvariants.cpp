#include "MdInvariants.h"

#include "TestSupport.h"

#include <cstdlib>
#include <set>

namespace muster::rules::test {

namespace {

int figures(const md::Unit& u) {
    return u.officers + u.rf + u.horseHolders + u.dlOfficers + u.dlRf + u.casualties + u.pushedBackOfficers +
           u.pushedBackRf;
}

std::string why(const md::Unit& u) {
    return u.removed ? "removed" : u.dispersed ? "dispersed" : "all in its DL group";
}

bool endsWith(const std::string& s, const std::string& tail) {
    return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

// The keys whose options name enemy units (MD-FIRE-08 fire targets, MD-ORD-02 charge targets, AMB-MD-09).
bool isTargetQuestion(const std::string& key) {
    return endsWith(key, ".target") || endsWith(key, ".target2") || endsWith(key, ".charge_target") ||
           endsWith(key, ".behind");
}

// A side still in the game: a unit in action, or dispersed cavalry its general may reconstitute.
bool canActAgain(const md::GameState& s, const md::Unit& u) {
    return md::inAction(u) ||
           (u.dispersed && !u.reconstituted && s.sides[static_cast<std::size_t>(u.side)].hasGeneral);
}

} // namespace

std::vector<std::string> MdInvariants::start(const Engine& engine) {
    m_before = mdState(engine);
    m_setUp.clear();
    for (const auto& u : m_before.units)
        m_setUp.push_back(figures(u));
    return checkState(m_before);
}

std::vector<std::string> MdInvariants::check(const Prompt& answered, const Input& input,
                                             const Engine& after) {
    std::vector<std::string> out = checkPrompt(answered, input);
    const md::GameState& now = mdState(after);
    // MD-MEL-08, MD-CHG-05: what a unit has retired this turn is never taken back (only a new turn resets
    // it).
    for (std::size_t i = 0; i < now.units.size() && i < m_before.units.size(); ++i) {
        if (now.turn == m_before.turn && now.units[i].retireDistance < m_before.units[i].retireDistance)
            out.push_back(now.units[i].id + " retired " + std::to_string(m_before.units[i].retireDistance) +
                          "\" this turn, now " + std::to_string(now.units[i].retireDistance) + "\"");
    }
    m_before = now;
    for (auto& v : checkState(m_before))
        out.push_back(std::move(v));
    return out;
}

std::vector<std::string> MdInvariants::checkPrompt(const Prompt& p, const Input& input) {
    std::vector<std::string> out;
    const md::GameState& s = m_before;
    const std::string key = p.key();
    // Who acts: the unit a question is about (its id leads the key), or the unit that rolls.
    const std::string actor = p.dice ? p.dice->roller : key.substr(0, key.find('.'));
    const int ai = s.unitIndex(actor);
    if (ai >= 0) {
        const md::Unit& u = s.units[static_cast<std::size_t>(ai)];
        const bool reconstitution =
            u.dispersed && (endsWith(key, ".reconstitute") || endsWith(key, ".recovery"));
        if (!md::inAction(u) && !reconstitution)
            out.push_back(actor + " is " + why(u) + " but is asked or rolled for: " + key);
    }
    // MD-FIRE-10/12, MD-ARTY-01, MD-ARTMV-03: only a loaded unit, or an unlimbered gun with 2+ crew, fires.
    if (p.dice && ai >= 0 && endsWith(key, ".pool")) {
        const md::Unit& u = s.units[static_cast<std::size_t>(ai)];
        if (u.arm == md::Arm::Artillery
                ? (u.limbered && u.order != md::Order::FireLimber) || u.fireStrength < 2
                : !u.loaded)
            out.push_back(actor + " fires while it cannot (unloaded, limbered or short of crew): " + key);
    }
    // MD-MEL-08 with md.melee_after_loss = out_of_contact (the default): a unit that lost a melee has fallen
    // back out of its other contacts, so it loses at most one melee (one fall-back roll) a turn.
    if (p.dice && endsWith(key, ".fall_back") && ai >= 0) {
        const auto turnAndUnit = std::make_pair(s.turn, actor);
        if (++m_meleesLost[turnAndUnit] > 1 &&
            s.houseRules.get().get("md.melee_after_loss", "") == "out_of_contact")
            out.push_back(actor + " loses a second melee in turn " + std::to_string(s.turn) + ": " + key);
    }
    if (p.dice && (p.dice->count < 1 || p.dice->sides < 2))
        out.push_back(key + " asks for " + std::to_string(p.dice->count) + "d" +
                      std::to_string(p.dice->sides));
    if (p.question) {
        std::set<std::string> values;
        for (const auto& o : p.question->options)
            values.insert(o.value);
        if (values.empty() || values.size() != p.question->options.size())
            out.push_back(key + " has no options or the same option twice");
    }
    // MD-MEL-01: a side has at least one figure in contact (its officers are asked first, then rank and
    // file).
    if (p.question && endsWith(key, ".melee_officers"))
        m_officersInContact[actor] = std::atoi(input.value.c_str());
    if (p.question && endsWith(key, ".melee_rf")) {
        const auto it = m_officersInContact.find(actor);
        if ((it == m_officersInContact.end() || it->second == 0) && input.value == "0")
            out.push_back(actor + " fights a melee with no figure in contact: " + key + " = 0");
        if (it != m_officersInContact.end())
            m_officersInContact.erase(it);
    }
    if (p.question && isTargetQuestion(key)) {
        const int side = ai >= 0 ? s.units[static_cast<std::size_t>(ai)].side : -1;
        for (const auto& o : p.question->options) {
            const std::string id = o.value.substr(0, o.value.find(':'));
            const int ti = s.unitIndex(id);
            if (ti < 0)
                continue; // "none"
            const md::Unit& t = s.units[static_cast<std::size_t>(ti)];
            if (!md::inAction(t))
                out.push_back(id + " is " + why(t) + " but offered by " + key +
                              (input.value == o.value ? " and chosen" : ""));
            if (t.side == side)
                out.push_back(id + " is a friend of " + actor + " but offered by " + key);
        }
    }
    return out;
}

std::vector<std::string> MdInvariants::checkState(const md::GameState& s) const {
    std::vector<std::string> out;
    if (s.units.size() != m_setUp.size())
        out.emplace_back("the number of units changed");
    for (std::size_t i = 0; i < s.units.size() && i < m_setUp.size(); ++i) {
        const md::Unit& u = s.units[i];
        const std::string id = u.id;
        const int counts[] = {u.officers,       u.rf,
                              u.dlRf,           u.dlOfficers,
                              u.casualties,     u.officerCasualties,
                              u.pushedBackRf,   u.pushedBackOfficers,
                              u.gradeStepsLost, u.horseHolders,
                              u.fireStrength,   u.movementDlTaken};
        for (int c : counts) {
            if (c < 0) {
                out.push_back(id + " has a negative count");
                break;
            }
        }
        if (u.moveDistance < 0 || u.retireDistance < 0)
            out.push_back(id + " has a negative distance");
        if (u.officerCasualties > u.casualties)
            out.push_back(id + " has more officer casualties than casualties");
        if (figures(u) != m_setUp[i])
            out.push_back(id + " has " + std::to_string(figures(u)) +
                          " figures (effective, held horses, DL, " +
                          "casualties, pushed back) but set up with " + std::to_string(m_setUp[i]));
        if (!u.removed && u.pushedBackOfficers + u.pushedBackRf > 0 && !u.pushedBackRejoinNextMelee &&
            s.cursor.phase != md::Phase::Melee)
            out.push_back(id + " keeps pushed-back figures outside the Melee phase (MD-MEL-10, MD-MEL-11)");
        if (u.movementDlTaken > 1)
            out.push_back(id + " took " + std::to_string(u.movementDlTaken) +
                          " capped DLs (MD-CAV-03: at most 1)");
        if (u.removed && u.dispersed)
            out.push_back(id + " is both removed and dispersed");
    }
    for (const auto& ct : s.contacts) {
        const int n = static_cast<int>(s.units.size());
        if (ct.attacker < 0 || ct.attacker >= n || ct.defender < 0 || ct.defender >= n)
            out.emplace_back("a contact names no unit");
        else if (s.units[static_cast<std::size_t>(ct.attacker)].side ==
                 s.units[static_cast<std::size_t>(ct.defender)].side)
            out.emplace_back("a contact between friends");
    }
    if (!s.winner.empty() && s.cursor.phase != md::Phase::GameOver)
        out.push_back("a winner (" + s.winner + ") before game over");
    return out;
}

std::vector<std::string> MdInvariants::finish(const Engine& engine) {
    std::vector<std::string> out;
    const md::GameState& s = mdState(engine);
    int alive[2] = {0, 0};
    for (const auto& u : s.units) {
        if (u.side >= 0 && u.side < 2 && canActAgain(s, u))
            ++alive[u.side];
    }
    if (s.winner.empty())
        out.emplace_back("no winner");
    else if (alive[0] == 0 && alive[1] > 0 && s.winner != s.sides[1].id)
        out.push_back("side " + s.sides[0].id + " has nothing that can act but " + s.winner + " won");
    else if (alive[1] == 0 && alive[0] > 0 && s.winner != s.sides[0].id)
        out.push_back("side " + s.sides[1].id + " has nothing that can act but " + s.winner + " won");
    if (s.turn > s.maxTurns + 1)
        out.emplace_back("the game went past its last turn");
    return out;
}

} // namespace muster::rules::test
