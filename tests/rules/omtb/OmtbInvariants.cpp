#include "OmtbInvariants.h"

#include "rules/omtb/OmtbRuleSet.h"

namespace muster::rules::test {

namespace {

std::vector<std::string> checkGame(const Engine& engine) {
    const auto* game = dynamic_cast<const omtb::OmtbGame*>(&engine.game());
    if (!game)
        return {"not an OMTB game"};
    const omtb::State& s = game->state();
    std::vector<std::string> out;
    for (const auto& u : s.units) {
        const std::string id = u.id.str();
        if (u.figures < 0 || u.casualties < 0 || u.ops < 0 || u.guns < 0 || u.loadProgress < 0 ||
            u.moraleLoss < 0)
            out.push_back(id + ": a negative count");
        if (u.figures + u.casualties != u.startFigures)
            out.push_back(id + ": " + std::to_string(u.figures) + " alive + " + std::to_string(u.casualties) +
                          " casualties != " + std::to_string(u.startFigures) + " at set-up");
        if (u.removed && u.figures != 0)
            out.push_back(id + ": removed with figures");
    }
    for (const auto& l : s.leaders)
        if (l.attachedTo >= 0 && !omtb::inPlay(s.units[static_cast<std::size_t>(l.attachedTo)]))
            out.push_back(l.id.str() + ": attached to a unit out of play");
    const Prompt p = engine.prompt();
    if (p.kind == PromptKind::GameOver)
        return out;
    if (p.tag().empty() || p.subjects().empty())
        out.push_back("prompt " + p.key() + " without a tag or subjects");
    if (p.dice && (p.dice->purpose.empty() || p.dice->ruleId.empty() || p.dice->side.empty()))
        out.push_back("dice " + p.key() + " without purpose, rule or side");
    for (const auto& u : s.units) {
        if (omtb::inPlay(u))
            continue;
        const std::string id = u.id.str();
        if (p.key().rfind(id + ".", 0) == 0 || p.key().rfind(id + "-", 0) == 0)
            out.push_back("prompt " + p.key() + " for " + id + ", which is out of play");
        if (p.question)
            for (const auto& o : p.question->options)
                if (o.value == id)
                    out.push_back("question " + p.key() + " offers " + id + ", which is out of play");
    }
    return out;
}

} // namespace

std::vector<std::string> OmtbInvariants::start(const Engine& engine) {
    return checkGame(engine);
}

std::vector<std::string> OmtbInvariants::check(const Prompt&, const Input&, const Engine& after) {
    return checkGame(after);
}

std::vector<std::string> OmtbInvariants::finish(const Engine& engine) {
    std::vector<std::string> out = checkGame(engine);
    if (engine.turnView().winner.empty())
        out.emplace_back("the game is over without a winner or a draw");
    return out;
}

} // namespace muster::rules::test
