#!/usr/bin/python3
"""Fails when a rule id of the catalogue with the given prefix (MD, OMTB, MF, AS, SD) is not cited by a test.

A rule counts as cited where a test cites it, not where a comment mentions it:
- in C++ test sources under tests/ (comments removed first), as a string ("MD-FIRE-03", e.g. in a SCOPED_TRACE or
  a rule id compared with a prompt's) or in a test's name (MD_FIRE_03 in TEST(Md, MD_FIRE_03_Long...));
- in the "rules" list of a data-driven case in tests/rules/data/*.json.
Exits 77 (skipped) when the catalogue is not there (../shared/rules is not beside the checkout).
"""
import argparse
import json
import os
import re
import sys

# Comments and string literals of C++, in one pass so that "//" inside a string is not a comment.
TOKENS = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|R"\((?:.|\n)*?\)"', re.S)


def code_without_comments(text):
    return TOKENS.sub(lambda m: "" if m.group(0).startswith("/") else m.group(0), text)


def catalogue_ids(path, prefix):
    with open(path, encoding="utf-8") as f:
        return sorted(set(re.findall(r"\*\*(" + prefix + r"-[A-Z0-9]+-\d+)", f.read())))


def cited_ids(tests_dir, prefix):
    # An id in a string, or spelt with underscores in an identifier (a test name).
    ref = re.compile(prefix + r"([-_])([A-Z0-9]+)\1(\d+)")
    cited = {}
    for root, _, files in os.walk(tests_dir):
        for name in files:
            path = os.path.join(root, name)
            if name.endswith((".cpp", ".h", ".qml")):
                with open(path, encoding="utf-8") as f:
                    code = code_without_comments(f.read())
                for _, family, number in ref.findall(code):
                    rule = f"{prefix}-{family}-{number}"
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
    parser.add_argument("--prefix", default="MD", help="rule set prefix: MD, OMTB, MF, AS or SD")
    args = parser.parse_args()
    if not re.fullmatch(r"[A-Z]+", args.prefix):
        print(f"--prefix must be capital letters, got {args.prefix!r}")
        return 2
    if not os.path.isfile(args.catalogue):
        print(f"SKIP: catalogue not found at {args.catalogue}")
        return 77
    ids = catalogue_ids(args.catalogue, args.prefix)
    if not ids:
        print(f"the catalogue has no {args.prefix} rule ids")
        return 2
    cited = cited_ids(args.tests, args.prefix)
    missing = [i for i in ids if i not in cited]
    if args.list:
        for i in ids:
            print(f"{i}: {', '.join(sorted(cited.get(i, [])))}")
    print(f"{len(ids) - len(missing)} of {len(ids)} {args.prefix} rule ids are cited by tests")
    if missing:
        print("not cited: " + " ".join(missing))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
