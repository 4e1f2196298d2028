"""Compares csp with Gecode on one run of MiniZinc's spec tests.

Reads the run's JUnit XML (pytest --junitxml) and prints both solvers'
pass counts side by side. A test case is one solver's run of one test
(a .mzn file's test under a suite); it passes when its solve item passed
and none of its checks (another solver checking the answer) failed. Exit
status 1 when a test Gecode passes fails for csp and is not listed, with
its reason, in expected-failures.txt (lines "TEST | reason"; # comments),
or when csp's answer to such a test failed Gecode's check (a wrong answer
is never excused by the list).

usage: python compare.py junit.xml expected-failures.txt
"""

import re
import sys
import xml.etree.ElementTree as ET

SOLVERS = ("csp", "gecode")


def outcomes(path):
    """{(test, solver): passed} for the solve items (a skipped one: None)."""
    runs, checks, rejected = {}, {}, set()
    for case in ET.parse(path).getroot().iter("testcase"):
        name = case.get("name")
        # classname is the file as a dotted path; name is SUITE.TEST.SOLVER
        # (a check adds :CHECKER).
        file = case.get("classname").removesuffix(".mzn").replace(".", "/") + ".mzn"
        m = re.fullmatch(r"(.*)\.([^.:]+)(?::(.+))?", name)
        if not m:
            continue
        test, solver, checker = file + "::" + m.group(1), m.group(2), m.group(3)
        if solver not in SOLVERS:
            continue
        skipped = case.find("skipped") is not None
        failed = case.find("failure") is not None or case.find("error") is not None
        if checker is None:
            runs[(test, solver)] = None if skipped else not failed
            # The harness checks a mismatching solution with the next
            # solver of the test's list (for csp: Gecode).
            text = "".join((f.get("message") or "") + (f.text or "") for f in case)
            if failed and "and failed check against" in text:
                rejected.add((test, solver))
        elif failed:
            checks[(test, solver)] = False
    for key in checks:
        rejected.add(key)
    result = {
        key: ok if ok is None else ok and checks.get(key, True) for key, ok in runs.items()
    }
    return result, rejected


def expected(path):
    """{test: reason} from the expected-failures file."""
    listed = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            test, _, reason = line.partition(" | ")
            if not reason.strip():
                sys.exit(f"{path}: no reason given for {test}")
            listed[test.strip()] = reason.strip()
    return listed


def main():
    junit, listed_path = sys.argv[1:3]
    result, rejected = outcomes(junit)
    listed = expected(listed_path)
    ran = {s: [t for (t, v), ok in result.items() if v == s and ok is not None] for s in SOLVERS}
    passed = {s: {t for t in ran[s] if result[(t, s)]} for s in SOLVERS}
    print(f"{'':24}{'csp':>8}{'gecode':>8}")
    print(f"{'tests run':24}{len(ran['csp']):>8}{len(ran['gecode']):>8}")
    print(f"{'tests passed':24}{len(passed['csp']):>8}{len(passed['gecode']):>8}")
    # The same tests for both: the ones that reach a solver (Gecode's runs
    # also include the compile tests, which compare its own library's
    # FlatZinc).
    both = set(ran["csp"]) & set(ran["gecode"])
    print(
        f"{'of the tests both ran':24}{len(both & passed['csp']):>8}"
        f"{len(both & passed['gecode']):>8}  (of {len(both)})"
    )
    # Tests csp takes part in (the plugin adds it to every solving test
    # Gecode runs), skipped or not, that Gecode passes and csp does not.
    behind = sorted(
        t for t in passed["gecode"] if (t, "csp") in result and t not in passed["csp"]
    )
    unlisted = [t for t in behind if t not in listed]
    stale = sorted(t for t in listed if t in passed["csp"])
    print(f"{'Gecode passes, csp not':24}{len(behind):>8}  ({len(behind) - len(unlisted)} listed with a reason)")
    reasons = {}
    for t in behind:
        if t in listed:
            reasons[listed[t]] = reasons.get(listed[t], 0) + 1
    for reason, n in sorted(reasons.items(), key=lambda r: -r[1]):
        print(f"  {n:4}  {reason}")
    for t in stale:
        print(f"note: listed but passed this time (remove it once it passes reliably): {t}")
    for t in unlisted:
        print(f"FAIL: Gecode passes, csp does not, not listed: {t}")
    wrong = sorted(t for t in passed["gecode"] if (t, "csp") in rejected)
    for t in wrong:
        print(f"FAIL: csp's answer failed Gecode's check: {t}")
    return 1 if unlisted or wrong else 0


if __name__ == "__main__":
    sys.exit(main())
