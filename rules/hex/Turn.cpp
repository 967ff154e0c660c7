#include "rules/hex/Turn.h"

#include <algorithm>

namespace muster::rules::hex {

namespace {

std::string sideId(const State& s, int side) {
    return s.sides[static_cast<std::size_t>(side)].id.str();
}

std::string sideName(const State& s, int side) {
    return s.sides[static_cast<std::size_t>(side)].name.str();
}

std::string label(const Stack& st) {
    return st.id.str() + " (" + describe(st) + ")";
}

void finish(State& s) {
    const int a = sideFigures(s, 0);
    const int b = sideFigures(s, 1);
    s.winner = a == b ? "draw" : sideId(s, a > b ? 0 : 1);
    s.cursor.step = Step::GameOver;
}

// The start of a side-turn: the phasing side's own marks of its last side-turn go (MF-MOVE-02), the enemy's
// fall-back of this side-turn is still to come, and every mark of having been attacked is reset: a hex falls
// back for an attack of this side-turn only (AS-FB-01, SD-FB-01), never at the end of its own side-turn for
// one it took in the enemy's.
void beginSideTurn(State& s, const Options& o) {
    const int side = phasingSide(s);
    for (auto& st : s.stacks) {
        st.attacked = false;
        if (st.side == side) {
            st.moved = false;
            st.movedHexes = 0;
            st.fought = false;
            st.mustMarch = false;
        } else {
            st.fellBack = false;
        }
    }
    s.firedAt.clear();
    s.sideFights = true;
    s.cursor.index = 0;
    s.cursor.step = o.common.wholeSideChooses ? Step::SideChoice : Step::March;
}

void afterInitiative(State& s, const Options& o) {
    if (o.rules->deploys() && !s.deployed)
        s.cursor.step = Step::Deploy;
    else
        beginSideTurn(s, o);
}

bool marchable(const State& s, const Stack& st) {
    return st.side == phasingSide(s) && inPlay(st);
}

bool runInitiative(State& s, Feed& feed, const Options& o) {
    for (int attempt = 1;; ++attempt) {
        int faces[2] = {0, 0};
        for (int side = 0; side < 2; ++side) {
            DiceRequest d;
            d.id = "initiative." + sideId(s, side) + "." + std::to_string(attempt);
            d.count = 1;
            d.sides = 6;
            d.purpose = sideName(s, side) + ": who moves first (the higher roll" +
                        (attempt > 1 ? "; the last rolls tied" : "") + ")";
            d.ruleId = o.rules->ruleIds().initiative;
            d.roller = sideId(s, side);
            d.side = sideId(s, side);
            d.subjects = {sideId(s, side)};
            d.tag = "initiative";
            auto f = feed.roll(d);
            if (!f)
                return false;
            faces[side] = f->front();
        }
        if (faces[0] != faces[1]) {
            s.firstSide = faces[0] > faces[1] ? 0 : 1;
            feed.note(sideName(s, 0) + " " + std::to_string(faces[0]) + ", " + sideName(s, 1) + " " +
                      std::to_string(faces[1]) + ": " + sideName(s, s.firstSide) + " move first");
            afterInitiative(s, o);
            return true;
        }
        feed.note("Initiative tied at " + std::to_string(faces[0]) + ": roll again");
    }
}

bool runDeploy(State& s, Feed& feed, const Options& o) {
    // AS-SETUP-01: the loser of the roll-off deploys first in 3 rows, then the winner in 2.
    const int order[2] = {1 - s.firstSide, s.firstSide};
    for (int k = 0; k < 2; ++k) {
        const int side = order[k];
        Question q;
        q.key = sideId(s, side) + ".deploy";
        q.text = sideName(s, side) + ": deploy " + (k == 0 ? "first" : "second") + ", in the " +
                 (k == 0 ? "3" : "2") + " hex rows nearest your own table edge";
        q.ruleId = o.rules->ruleIds().initiative;
        q.side = sideId(s, side);
        q.subjects = {sideId(s, side)};
        q.tag = "deploy";
        q.options = {{"deployed", "Deployed"}};
        if (!feed.ask(q))
            return false;
    }
    s.deployed = true;
    feed.note(sideName(s, order[0]) + " deployed first in 3 rows, " + sideName(s, order[1]) + " second in 2");
    beginSideTurn(s, o);
    return true;
}

bool runSideChoice(State& s, Feed& feed, const Options& o) {
    const int side = phasingSide(s);
    Question q;
    q.key = sideId(s, side) + ".marches_or_fights";
    q.text = sideName(s, side) + ": does the whole side march or fight this side-turn?";
    q.ruleId = o.rules->ruleIds().sequence;
    q.side = sideId(s, side);
    q.subjects = {sideId(s, side)};
    q.tag = "order";
    q.options = {{"march", "March"}, {"fight", "Fight"}};
    auto a = feed.ask(q);
    if (!a)
        return false;
    s.sideFights = *a == "fight";
    s.cursor.step = Step::March;
    return true;
}

// Moves up to `capacity` figures (0: all) of `from` into `to`; the rest stay behind (AS-MOVE-06).
int joinStack(State& s, int from, int to, int capacity) {
    Stack& a = s.stacks[static_cast<std::size_t>(from)];
    Stack& b = s.stacks[static_cast<std::size_t>(to)];
    int room = capacity > 0 ? std::max(0, capacity - figuresOf(b)) : figuresOf(a);
    if (b.gunStart == 0)
        b.gunStart = a.gunStart;
    int moved = 0;
    for (Arm arm : kAllArms) {
        if (arm == Arm::Artillery) {
            // A gun moves with all of its crew or not at all, and keeps its own set-up crew.
            std::vector<int> stay;
            std::vector<int> stayFull;
            for (std::size_t k = 0; k < a.guns.size(); ++k) {
                const int g = a.guns[k];
                const int full = k < a.gunFull.size() ? a.gunFull[k] : a.gunStart;
                const int weight = s.ruleSet == "mf" ? g : 1;
                if (weight <= room) {
                    b.guns.push_back(g);
                    b.gunFull.push_back(full);
                    b.figures[index(arm)] += weight;
                    a.figures[index(arm)] -= weight;
                    room -= weight;
                    moved += weight;
                } else {
                    stay.push_back(g);
                    stayFull.push_back(full);
                }
            }
            a.guns = stay;
            a.gunFull = stayFull;
            continue;
        }
        const int n = std::min(room, a.figures[index(arm)]);
        a.figures[index(arm)] -= n;
        b.figures[index(arm)] += n;
        room -= n;
        moved += n;
    }
    if (figuresOf(a) == 0 && a.guns.empty())
        a.joinedInto = to;
    return moved;
}

// Men and cannons that could go separate ways: a cannon moves with its crew.
int pieces(const Stack& st) {
    return st.figures[index(Arm::Infantry)] + st.figures[index(Arm::Cavalry)] +
           static_cast<int>(st.guns.size());
}

std::string freeId(const State& s, const std::string& base) {
    std::string name;
    for (int n = 2;; ++n) {
        name = base + "-" + std::to_string(n);
        if (std::none_of(s.stacks.begin(), s.stacks.end(), [&](const Stack& k) { return k.id == name; }))
            return name;
    }
}

// MF-MOVE-03: the troops of a marching hex may split and go to different hexes. Asks how many of each arm
// form a new part, which is listed after the others and marches in its turn; both parts must march this
// side-turn. False when the feed ran out.
bool splitStack(State& s, Feed& feed, const Options& o, int i) {
    const GameRules& g = *o.rules;
    const Stack st = s.stacks[static_cast<std::size_t>(i)];
    const std::string id = st.id.str();
    const std::string part = freeId(s, id);
    const int total = pieces(st);
    const Arm kinds[3] = {Arm::Infantry, Arm::Cavalry, Arm::Artillery};
    int have[3];
    for (int k = 0; k < 3; ++k)
        have[k] = kinds[k] == Arm::Artillery ? static_cast<int>(st.guns.size()) : st.figures[index(kinds[k])];
    int take[3] = {0, 0, 0};
    int chosen = 0;
    for (int k = 0; k < 3; ++k) {
        int later = 0;
        for (int m = k + 1; m < 3; ++m)
            later += have[m];
        // The new part takes at least one piece, and at least one stays with the old one.
        const int lo = std::max(0, 1 - chosen - later);
        const int hi = std::min(have[k], total - 1 - chosen);
        take[k] = lo;
        if (lo < hi) {
            const bool guns = kinds[k] == Arm::Artillery;
            Question q;
            q.key = id + ".split_" + toString(kinds[k]);
            q.text = "Split " + label(st) + ": how many " +
                     (guns ? "cannons, each with its crew," : toString(kinds[k])) + " go with the new part " +
                     part + "?";
            q.ruleId = g.splitRule();
            q.side = sideId(s, st.side);
            q.subjects = {id};
            q.tag = "split";
            for (int n = lo; n <= hi; ++n)
                q.options.push_back({std::to_string(n), std::to_string(n)});
            auto a = feed.ask(q);
            if (!a)
                return false;
            take[k] = std::stoi(*a);
        }
        chosen += take[k];
    }
    Stack& from = s.stacks[static_cast<std::size_t>(i)];
    Stack n;
    n.id = part;
    n.side = from.side;
    n.gunStart = from.gunStart;
    n.standing = from.standing;
    n.mustMarch = true;
    for (int k = 0; k < 3; ++k) {
        if (kinds[k] != Arm::Artillery) {
            from.figures[index(kinds[k])] -= take[k];
            n.figures[index(kinds[k])] += take[k];
            continue;
        }
        // The last cannons listed go, each with its crew (MF) and its own set-up crew.
        for (int c = 0; c < take[k]; ++c) {
            const int crew = from.guns.back();
            const int full = from.gunFull.size() == from.guns.size() ? from.gunFull.back() : from.gunStart;
            from.guns.pop_back();
            if (from.gunFull.size() > from.guns.size())
                from.gunFull.pop_back();
            n.guns.insert(n.guns.begin(), crew);
            n.gunFull.insert(n.gunFull.begin(), full);
            const int weight = s.ruleSet == "mf" ? crew : 1;
            from.figures[index(Arm::Artillery)] -= weight;
            n.figures[index(Arm::Artillery)] += weight;
        }
    }
    from.mustMarch = true;
    n.startFigures = figuresOf(n); // the roster shows the part against what it took at the split
    const std::string stays = describe(from);
    s.stacks.push_back(n);
    feed.note(id + " splits: " + stays + " march on as " + id + ", " + describe(n) + " as " + part +
              "; both march this side-turn (" + g.splitRule() + ")");
    return true;
}

bool runMarch(State& s, Feed& feed, const Options& o) {
    const int i = s.cursor.index;
    Stack& st = s.stacks[static_cast<std::size_t>(i)];
    const std::string id = st.id.str();
    const std::string side = sideId(s, st.side);
    const GameRules& g = *o.rules;
    const int allowance = g.allowance(st);
    const bool canSplit = !g.splitRule().empty() && pieces(st) >= 2 && allowance > 0;

    Question q;
    q.key = id + ".march";
    // A part of a hex that split this side-turn must march: the hex moves or stays as a whole (MF-MOVE-03).
    q.text = label(st) + ": march how far? Up to " + std::to_string(allowance) + " hex" +
             (allowance == 1 ? "" : "es") +
             (st.mustMarch ? ", as a part of a hex that split it must march" : "") +
             ", never into a hex that holds enemy troops (" + g.ruleIds().enemyHex + ")";
    q.ruleId = g.ruleIds().move;
    q.side = side;
    q.subjects = {id};
    q.tag = "march";
    if (!st.mustMarch || allowance == 0)
        q.options = {{"0", "Stay"}};
    for (int n = 1; n <= allowance; ++n)
        q.options.push_back({std::to_string(n), std::to_string(n) + " hex" + (n == 1 ? "" : "es")});
    if (canSplit)
        q.options.push_back({"split", "Split: its troops go to different hexes"});
    auto a = feed.ask(q);
    if (!a)
        return false;
    if (*a == "split")
        return splitStack(s, feed, o, i); // the cursor stays: this hex's march is asked again, smaller
    const int hexes = std::stoi(*a);
    if (hexes > 0) {
        bool legal = true;
        const auto ways = g.ways(st);
        if (ways.size() > 1) {
            Question w;
            w.key = id + ".way";
            w.text = "The way " + id + " takes and the hex it ends in:";
            w.ruleId = ways.back().refusedBy.empty() ? g.ruleIds().move : ways.back().refusedBy;
            w.side = side;
            w.subjects = {id};
            w.tag = "terrain";
            for (const auto& c : ways)
                w.options.push_back({c.value, c.label});
            auto way = feed.ask(w);
            if (!way)
                return false;
            for (const auto& c : ways)
                if (c.value == *way && !c.refusedBy.empty()) {
                    feed.note(id + " may not march that way (" + c.refusedBy + "): it stays where it is");
                    legal = false;
                }
        }
        if (legal) {
            Question j;
            j.key = id + ".join";
            j.text = "Does " + id + " end its march in a hex with friendly troops?";
            j.ruleId = g.ruleIds().stack;
            j.side = side;
            j.subjects = {id};
            j.tag = "stacking";
            j.options = {{"none", "No, a hex of its own"}};
            for (std::size_t k = 0; k < s.stacks.size(); ++k) {
                const Stack& f = s.stacks[k];
                if (static_cast<int>(k) != i && f.side == st.side && inPlay(f))
                    j.options.push_back({f.id.str(), "Into " + label(f)});
            }
            auto to = feed.ask(j);
            if (!to)
                return false;
            int target = -1;
            for (std::size_t k = 0; k < s.stacks.size(); ++k)
                if (s.stacks[k].id == *to)
                    target = static_cast<int>(k);
            std::array<int, kArms> mix = st.figures;
            if (target >= 0)
                for (std::size_t k = 0; k < kArms; ++k)
                    mix[k] += s.stacks[static_cast<std::size_t>(target)].figures[k];
            if (auto refused = g.mixRefused(mix, o.values)) {
                feed.note(id + " may not go there: " + *refused + "; it stays where it is");
                legal = false;
            } else if (target >= 0) {
                const int before = figuresOf(st);
                const int moved = joinStack(s, i, target, o.common.hexCapacity);
                Stack& t = s.stacks[static_cast<std::size_t>(target)];
                t.moved = true;
                t.movedHexes = std::max(t.movedHexes, hexes);
                feed.note(
                    id + " joins " + t.id.str() + " (" + std::to_string(moved) + " of " +
                    std::to_string(before) + " figures" +
                    (moved < before ? "; the rest stay behind, " + g.ruleIds().capacity : std::string()) +
                    ")");
            } else if (o.common.hexCapacity > 0 && figuresOf(st) > o.common.hexCapacity) {
                // AS-MOVE-06: what does not fit stays behind, as a stack of its own in the hex it left.
                Stack behind = st;
                std::string name = id + "-behind";
                for (int n = 2; std::any_of(s.stacks.begin(), s.stacks.end(),
                                            [&](const Stack& k) { return k.id == name; });
                     ++n)
                    name = id + "-behind" + std::to_string(n);
                behind.id = name;
                behind.figures = {};
                behind.guns.clear();
                behind.gunFull.clear();
                behind.mustMarch = false;
                behind.startFigures = 0;
                behind.casualties = 0;
                s.stacks.push_back(behind);
                const int last = static_cast<int>(s.stacks.size()) - 1;
                Stack& mover = s.stacks[static_cast<std::size_t>(i)];
                Stack& rest = s.stacks[static_cast<std::size_t>(last)];
                // Move everything into the new stack, then the first `capacity` figures back into the mover.
                std::swap(mover.figures, rest.figures);
                std::swap(mover.guns, rest.guns);
                std::swap(mover.gunFull, rest.gunFull);
                rest.joinedInto = -1;
                joinStack(s, last, i, o.common.hexCapacity);
                s.stacks[static_cast<std::size_t>(last)].joinedInto = -1;
                feed.note(id + " enters with " +
                          std::to_string(figuresOf(s.stacks[static_cast<std::size_t>(i)])) + " figures; " +
                          std::to_string(figuresOf(s.stacks[static_cast<std::size_t>(last)])) +
                          " stay behind as " + name + " (" + g.ruleIds().capacity + ")");
            }
        }
        if (legal) {
            Stack& m = s.stacks[static_cast<std::size_t>(i)];
            m.moved = true;
            m.movedHexes = hexes;
            feed.note(id + " marches " + std::to_string(hexes) + " hex" + (hexes == 1 ? "" : "es") +
                      " and is marked moving");
        }
    }
    Stack& m = s.stacks[static_cast<std::size_t>(i)];
    if (!g.ruleIds().mark.empty() && inPlay(m)) {
        Question k;
        k.key = id + ".mark";
        k.text = label(m) + ": mark it Standing, or leave it unmarked to fall back under pressure?";
        k.ruleId = g.ruleIds().mark;
        k.side = side;
        k.subjects = {id};
        k.tag = "mark";
        k.options = {{"standing", "Standing"}, {"falling_back", "Falling back"}};
        auto mark = feed.ask(k);
        if (!mark)
            return false;
        m.standing = *mark == "standing";
    }
    ++s.cursor.index;
    return true;
}

bool runFight(State& s, Feed& feed, const Options& o) {
    const int i = nextAttacker(s, o);
    const GameRules& g = *o.rules;
    Stack& st = s.stacks[static_cast<std::size_t>(i)];
    const std::string id = st.id.str();
    const std::string side = sideId(s, st.side);
    Question q;
    q.key = id + ".target";
    q.text = label(st) + ": which enemy hex does it " + (g.id() == "mf" ? "fire at" : "attack") + "?";
    q.ruleId = g.ruleIds().fight;
    q.side = side;
    q.subjects = {id};
    q.tag = "target";
    for (const auto& e : s.stacks) {
        if (e.side == st.side || !inPlay(e))
            continue;
        if (o.common.oneFirePerTarget &&
            std::find(s.firedAt.begin(), s.firedAt.end(), e.id) != s.firedAt.end())
            continue;
        q.options.push_back({e.id.str(), label(e)});
    }
    q.options.push_back({"none", g.id() == "mf" ? "None: hold fire" : "None: no enemy adjacent"});
    auto a = feed.ask(q);
    if (!a)
        return false;
    s.stacks[static_cast<std::size_t>(i)].fought = true;
    if (*a == "none") {
        feed.note(id + " does not fight");
        return true;
    }
    int target = -1;
    for (std::size_t k = 0; k < s.stacks.size(); ++k)
        if (s.stacks[k].id == *a)
            target = static_cast<int>(k);
    std::vector<int> attackers = {i};
    for (int j = nextAttacker(s, o, i); j >= 0 && static_cast<int>(attackers.size()) <= o.common.maxJoiners;
         j = nextAttacker(s, o, j)) {
        const Stack& c = s.stacks[static_cast<std::size_t>(j)];
        if (c.side != st.side)
            continue;
        Question jq;
        jq.key = c.id.str() + ".joins_" + id;
        jq.text = "Does " + label(c) + " join " + id + "'s " + (g.id() == "mf" ? "fire at " : "attack on ") +
                  *a + "? (at most " + std::to_string(o.common.maxJoiners + 1) + " hexes)";
        jq.ruleId = g.ruleIds().fight;
        jq.side = side;
        jq.subjects = {c.id.str(), *a};
        jq.tag = "combine";
        jq.options = {{"no", "No"}, {"yes", "Yes"}};
        auto yes = feed.ask(jq);
        if (!yes)
            return false;
        if (*yes == "yes") {
            attackers.push_back(j);
            s.stacks[static_cast<std::size_t>(j)].fought = true;
        }
    }
    s.firedAt.push_back(s.stacks[static_cast<std::size_t>(target)].id);
    const auto attacked = g.resolve(s, feed, o.values, attackers, target);
    if (!attacked)
        return false;
    g.tidy(s, target, o.values);
    Stack& t = s.stacks[static_cast<std::size_t>(target)];
    // AS-FB-01, SD-FB-01: only a hex that was attacked falls back; an attack that could not reach it across a
    // river (SD-TERR-02) leaves it where it is.
    if (!*attacked) {
        checkEnd(s);
        return true;
    }
    t.attacked = true;
    if (o.common.fallBack == FallBack::AfterFirstAttack && inPlay(t) && !t.standing && !t.fellBack)
        if (!fallBack(s, feed, o, target))
            return false;
    checkEnd(s);
    return true;
}

bool runEndSideTurn(State& s, Feed& feed, const Options& o) {
    if (o.common.fallBack == FallBack::EndOfSideTurn)
        for (std::size_t k = 0; k < s.stacks.size(); ++k) {
            const Stack& t = s.stacks[k];
            if (t.attacked && inPlay(t) && !t.standing && !t.fellBack)
                if (!fallBack(s, feed, o, static_cast<int>(k)))
                    return false;
        }
    if (checkEnd(s))
        return true;
    if (s.cursor.sideTurn == 0) {
        s.cursor.sideTurn = 1;
        beginSideTurn(s, o);
        return true;
    }
    if (s.turn >= s.maxTurns) {
        finish(s);
        return true;
    }
    ++s.turn;
    s.cursor.sideTurn = 0;
    if (o.common.initiativeEveryTurn && s.fixedFirstSide < 0) {
        s.cursor.step = Step::Initiative;
        return true;
    }
    beginSideTurn(s, o);
    return true;
}

} // namespace

int GameRules::allowance(const Stack& st) const {
    int most = -1;
    for (Arm a : arms())
        if (st.figures[index(a)] > 0 || (a == Arm::Artillery && !st.guns.empty()))
            most = most < 0 ? armAllowance(a) : std::min(most, armAllowance(a));
    return std::max(most, 0);
}

int nextAttacker(const State& s, const Options& o, int after) {
    if (o.common.wholeSideChooses && !s.sideFights)
        return -1;
    // AMB-AS-06: with fighting after both sides moved, nobody fights in the first side-turn and both sides
    // fight, in listing order, in the second.
    const bool both = o.common.fightAfterBothMove;
    if (both && s.cursor.sideTurn == 0)
        return -1;
    const int first = after + 1; // after is -1 for "from the start"
    for (std::size_t k = static_cast<std::size_t>(first); k < s.stacks.size(); ++k) {
        const Stack& st = s.stacks[k];
        if ((!both && st.side != phasingSide(s)) || !inPlay(st) || st.fought)
            continue;
        if (!o.common.fightsAfterMoving && st.moved)
            continue; // MF-FIRE-01: only troops that did not move fire
        return static_cast<int>(k);
    }
    return -1;
}

bool fallBack(State& s, Feed& feed, const Options& o, int target) {
    Stack& t = s.stacks[static_cast<std::size_t>(target)];
    const std::string id = t.id.str();
    Question q;
    q.key = id + ".fall_back";
    q.text = id + " was attacked while falling back: can it move 1 hex back through its rear hexside?";
    q.ruleId = o.rules->ruleIds().fallBack;
    q.side = sideId(s, t.side);
    q.subjects = {id};
    q.tag = "fall_back";
    q.options = {{"back", "It falls back 1 hex"},
                 {"blocked", "Blocked (enemy, impassable terrain or a full hex): it stays"}};
    auto a = feed.ask(q);
    if (!a)
        return false;
    t.fellBack = true;
    t.attacked = true;
    feed.note(*a == "back" ? id + " falls back 1 hex" : id + " cannot fall back and stays");
    return true;
}

bool checkEnd(State& s) {
    if (sideFigures(s, 0) > 0 && sideFigures(s, 1) > 0)
        return false;
    finish(s);
    return true;
}

void skipIdle(State& s, const Options& o) {
    for (;;) {
        switch (s.cursor.step) {
        case Step::Initiative:
            if (s.fixedFirstSide >= 0) {
                s.firstSide = s.fixedFirstSide;
                afterInitiative(s, o);
                continue;
            }
            return;
        case Step::March: {
            if (o.common.wholeSideChooses && s.sideFights)
                s.cursor.index = static_cast<int>(s.stacks.size());
            auto& i = s.cursor.index;
            while (i < static_cast<int>(s.stacks.size()) &&
                   !marchable(s, s.stacks[static_cast<std::size_t>(i)]))
                ++i;
            if (i < static_cast<int>(s.stacks.size()))
                return;
            s.cursor.step = Step::Fight;
            continue;
        }
        case Step::Fight:
            if (nextAttacker(s, o) >= 0)
                return;
            s.cursor.step = Step::EndSideTurn;
            continue;
        default:
            return;
        }
    }
}

bool runStep(State& s, Feed& feed, const Options& o) {
    switch (s.cursor.step) {
    case Step::Initiative:
        return runInitiative(s, feed, o);
    case Step::Deploy:
        return runDeploy(s, feed, o);
    case Step::SideChoice:
        return runSideChoice(s, feed, o);
    case Step::March:
        return runMarch(s, feed, o);
    case Step::Fight:
        return runFight(s, feed, o);
    case Step::EndSideTurn:
        return runEndSideTurn(s, feed, o);
    case Step::GameOver:
        return true;
    }
    return true;
}

} // namespace muster::rules::hex
