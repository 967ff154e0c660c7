#!/usr/bin/python3
"""Fails when a rule id of the catalogue (MD by default; --prefix OMTB for OMTB) is not cited by a rules test.

A rule counts as cited when its id (e.g. MD-FIRE-03) appears in a test source under tests/rules (a test name or a
`// MD-FIRE-03` comment) or in the "rules" list of a data-driven case in tests/rules/data/*.json.
Exits 77 (skipped) when the catalogue is not there (../shared/rules is not beside the checkout).
"""
import argparse
import json
import os
import re
import sys

PREFIX = "MD"


def rule_def():
    return re.compile(r"\*\*(" + PREFIX + r"-[A-Z0-9]+-\d+)")


def rule_ref():
    return re.compile(PREFIX + r"-[A-Z0-9]+-\d+")


def catalogue_ids(path):
    with open(path, encoding="utf-8") as f:
        return sorted(set(rule_def().findall(f.read())))


def cited_ids(tests_dir):
    RULE_REF = rule_ref()
    cited = {}
    for root, _, files in os.walk(tests_dir):
        for name in files:
            path = os.path.join(root, name)
            if name.endswith((".cpp", ".h")):
                with open(path, encoding="utf-8") as f:
                    for rule in RULE_REF.findall(f.read()):
                        cited.setdefault(rule, set()).add(os.path.relpath(path, tests_dir))
            elif name.endswith(".json"):
                try:
                    with open(path, encoding="utf-8") as f:
                        data = json.load(f)
                except ValueError:
                    continue  # the deliberately broken scenario files of the error tests
                if not isinstance(data, dict):
                    continue
                for case in data.get("cases", []):
                    for rule in case.get("rules", []):
                        cited.setdefault(rule, set()).add(f"{name}:{case.get('id')}")
    return cited


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--catalogue", required=True)
    parser.add_argument("--tests", required=True)
    parser.add_argument("--list", action="store_true", help="print where each rule is cited")
    parser.add_argument("--prefix", default="MD", help="rule set prefix: MD (default) or OMTB")
    args = parser.parse_args()
    global PREFIX
    PREFIX = args.prefix
    if not os.path.isfile(args.catalogue):
        print(f"SKIP: catalogue not found at {args.catalogue}")
        return 77
    ids = catalogue_ids(args.catalogue)
    cited = cited_ids(args.tests)
    missing = [i for i in ids if i not in cited]
    if args.list:
        for i in ids:
            print(f"{i}: {', '.join(sorted(cited.get(i, [])))}")
    print(f"{len(ids) - len(missing)} of {len(ids)} {PREFIX} rule ids are cited by tests")
    if missing:
        print("not cited: " + " ".join(missing))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
