#!/usr/bin/python3
"""One-off: rewrites the old MD and OMTB case files into tests/rules/cases/ (format 1). Moves fields, never numbers."""
import json, sys, os
root = sys.argv[1]
old = os.path.join(root, 'tests/rules/data')
new = os.path.join(root, 'tests/rules/cases')

def md():
    d = json.load(open(os.path.join(old, 'md_scenarios.json')))
    out = {"format": 1, "ruleSet": "md", "source": d["source"], "cases": []}
    for c in d["cases"]:
        units = []
        sets = {}
        for u in c["units"]:
            u = dict(u)
            if "set" in u:
                sets[u["id"]] = dict(u.pop("set"))
            units.append(u)
        scen = {"name": c["id"], "rules": "md", "turns": 100,
                "sides": [{"id": "us", "nation": "american"}, {"id": "mx", "nation": "mexican"}],
                "generals": [{"id": "gen-" + g, "side": g} for g in c.get("generals", [])],
                "units": units}
        runs = []
        for i, r in enumerate(c["runs"]):
            start = {}
            if "turn" in r:
                start["turn"] = r["turn"]
            start["phase"] = r["start"]
            if "stage" in r:
                start["stage"] = r["stage"]
                start["pendingDls"] = [{"unit": p["unit"], "dice": p.get("dice", 1),
                                        "cause": p.get("cause", "scripted"), "ruleId": p.get("ruleId", "")}
                                       for p in r.get("pendingDls", [])]
            runset = r.get("set", {})
            if i == 0:
                merged = {k: dict(v) for k, v in sets.items()}
                for uid, f in runset.items():
                    merged.setdefault(uid, {}).update(f)
                if merged:
                    start["units"] = merged
                if "contacts" in c:
                    start["contacts"] = [{"attacker": ct["attacker"], "defender": ct["defender"],
                                          "charged": ct.get("charged", True), "flank": ct.get("flank", False)}
                                         for ct in c["contacts"]]
                scen["start"] = start
                run = {}
            else:
                if runset:
                    start["units"] = runset
                run = {"resume": start}
            run["dice"] = r.get("dice", [])
            if "answers" in r:
                run["answers"] = r["answers"]
            run["until"] = {"phase": r["stop"]}
            for k in ("notAsked", "asked"):
                if k in r:
                    run[k] = r[k]
            runs.append(run)
        runs[-1]["expect"] = {"units": c["expect"]}
        case = {"id": c["id"], "title": c["title"], "rules": c["rules"], "scenario": scen}
        if "options" in c:
            case["options"] = c["options"]
        case["runs"] = runs
        out["cases"].append(case)
    return out

def omtb(name):
    d = json.load(open(os.path.join(old, name)))
    out = {"format": 1, "ruleSet": "omtb", "source": d["source"], "cases": []}
    for c in d["cases"]:
        case = {"id": c["id"], "title": c["title"], "rules": c["rules"]}
        if "note" in c:
            case["note"] = c["note"]
        if "scenarioFile" in c:
            case["scenarioFile"] = c["scenarioFile"]
        else:
            scen = {"name": "test", "rules": "omtb", "turns": 10,
                    "sides": [{"id": "indians", "nation": "indian", "name": "Indians"},
                              {"id": "americans", "nation": "american", "name": "Americans"}],
                    "units": c["units"]}
            for k in ("leaders", "start", "turns"):
                if k in c:
                    scen[k] = c[k]
            case["scenario"] = scen
        if "options" in c:
            case["options"] = c["options"]
        case["runs"] = []
        for r in c["runs"]:
            run = {"dice": r.get("dice", [])}
            if "answers" in r:
                run["answers"] = r["answers"]
            u = r.get("until", "")
            assert u, (c["id"], "empty until")
            if u == "game_over":
                run["until"] = {"gameOver": True}
            else:
                run["until"] = {"prompt": u}
                if "untilCount" in r:
                    run["until"]["count"] = r["untilCount"]
            e = r.get("expect", {})
            ne = {}
            for k in ("units", "leaders"):
                if k in e:
                    ne[k] = e[k]
            if "state" in e:
                ne["state"] = {"/" + k: v for k, v in e["state"].items()}
            if "totals" in e:
                names = {"leaders": "leaders by side", "figuresByType": "units.figures by type",
                         "guns": "units.guns by side", "units": "units by side"}
                ne["tally"] = {names[k]: v for k, v in e["totals"].items()}
            if "events" in e:
                ne["events"] = e["events"]
            unknown = set(e) - {"units", "leaders", "state", "totals", "events"}
            assert not unknown, unknown
            run["expect"] = ne
            case["runs"].append(run)
        out["cases"].append(case)
    return out

def write(obj, name):
    with open(os.path.join(new, name), 'w') as f:
        json.dump(obj, f, indent=1)
        f.write('\n')

write(md(), 'md_scenarios.json')
write(omtb('omtb_scenarios.json'), 'omtb_scenarios.json')
write(omtb('omtb_rules.json'), 'omtb_rules.json')
