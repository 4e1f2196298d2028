#!/usr/bin/env python3
"""The hand-written-search gap with learning: Costas arrays and Golomb
rulers, the two hardest families of our own tests, solved by clause
learning and by each textbook strategy, reported as the ratio of
learning's time to the fastest textbook strategy's (the C-like bound:
the tightest search the engine runs without learning).

Each instance is flattened once (`minizinc -c --solver csp`), then
`fzn-csp --strategy S -t LIMIT -s` runs it once per strategy, under the
model's search annotation and again under free search (`-f`). A run that
does not finish within the limit counts as the limit and is marked `>`;
a ratio with such a run on either side is a bound, marked too.

    cargo build --release -p csp-fzn
    crates/fzn/benches/learning_gap.py                  # 20 s per run
    crates/fzn/benches/learning_gap.py -t 5000 --only costas

Instances: the benchmark library's `costas-array` 14 and 15 and `golomb`
09 and 10 (`--root`, default $MZN_BENCHMARKS or
/work/shared/mzn-benchmarks), and our own
`crates/fzn/tests/models/golomb.mzn` at 9 and 10 marks. Prints a
Markdown table. Python 3 standard library only.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent.parent
TEXTBOOK = ("forward-checking", "arc-consistency", "backjumping", "nogood-learning")
LEARNING = "clause-learning"


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("-t", "--time-limit", type=int, default=20000, help="milliseconds per run (default 20000)")
    p.add_argument("--root", type=Path, default=Path(os.environ.get("MZN_BENCHMARKS", "/work/shared/mzn-benchmarks")))
    p.add_argument("--only", default="", help="keep the instances whose name contains this text")
    p.add_argument("--strategies", default=",".join(TEXTBOOK),
                   help="comma-separated textbook strategies to race against learning "
                        f"(default {','.join(TEXTBOOK)})")
    return p.parse_args()


def instances(root):
    """(name, model, data or None, extra minizinc flags)."""
    own = REPO / "crates/fzn/tests/models/golomb.mzn"
    return [
        ("costas-array/14", root / "costas-array/CostasArray.mzn", root / "costas-array/14.dzn", ()),
        ("costas-array/15", root / "costas-array/CostasArray.mzn", root / "costas-array/15.dzn", ()),
        ("golomb/09", root / "golomb/golomb.mzn", root / "golomb/09.dzn", ()),
        ("golomb/10", root / "golomb/golomb.mzn", root / "golomb/10.dzn", ()),
        ("own golomb m=9", own, None, ("-D", "m=9;n=60;")),
        ("own golomb m=10", own, None, ("-D", "m=10;n=72;")),
    ]


def flatten(name, model, data, extra, scratch, env):
    out = scratch / (re.sub(r"[^A-Za-z0-9]+", "_", name) + ".fzn")
    cmd = ["minizinc", "-c", "--no-output-ozn", "--solver", "csp", *extra, str(model)] + ([str(data)] if data else []) + ["-o", str(out)]
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"learning_gap: flattening {name} failed: {proc.stderr.strip().splitlines()[-1:]}")
    return out


def solve(fzn, strategy, free, args, env):
    """(seconds, finished, nodes or conflicts)."""
    cmd = ["fzn-csp", "--strategy", strategy, "-t", str(args.time_limit), "-s"] + (["-f"] if free else []) + [str(fzn)]
    start = time.monotonic()
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=args.time_limit / 1000 + 30)
    wall = time.monotonic() - start
    if proc.returncode != 0:
        sys.exit(f"learning_gap: {' '.join(cmd)} failed: {proc.stderr.strip()[:200]}")
    stats = dict(re.findall(r"%%%mzn-stat: (\w+)=(\S+)", proc.stdout))
    # Done: an optimum or unsatisfiability proved, or a satisfaction
    # model's first solution found.
    finished = "==========" in proc.stdout or "=====UNSATISFIABLE=====" in proc.stdout or (
        "----------" in proc.stdout and "objective" not in stats)
    work = stats.get("conflicts") or stats.get("failures") or "?"
    return wall, finished, work


def cell(run):
    wall, finished, _ = run
    return f"{wall:.2f}" if finished else f">{wall:.0f}"


def main():
    args = parse_args()
    env = dict(os.environ)
    env.setdefault("MZN_SOLVER_PATH", str(REPO / "crates/fzn"))
    env["PATH"] = f"{REPO / 'target/release'}:{env.get('PATH', '')}"
    textbook = [s for s in args.strategies.split(",") if s]
    with tempfile.TemporaryDirectory(prefix="learning-gap-") as tmp:
        scratch = Path(tmp)
        head = ["instance", "search"] + textbook + [LEARNING, "fastest textbook", "learning / fastest"]
        lines = [f"Time limit {args.time_limit} ms per run; wall seconds of `fzn-csp` on the flattened model "
                 "(`>`: stopped at the limit).", "",
                 "| " + " | ".join(head) + " |", "|" + "|".join([" --- "] * 2 + [" ---: "] * (len(head) - 2)) + "|"]
        for name, model, data, extra in instances(args.root):
            if args.only and args.only not in name:
                continue
            fzn = flatten(name, model, data, extra, scratch, env)
            for free in (False, True):
                runs = {s: solve(fzn, s, free, args, env) for s in textbook + [LEARNING]}
                best = min(textbook, key=lambda s: (not runs[s][1], runs[s][0]))
                ratio = runs[LEARNING][0] / max(runs[best][0], 1e-3)
                bound = "" if runs[LEARNING][1] and runs[best][1] else (">" if not runs[LEARNING][1] else "<")
                row = [name, "free (-f)" if free else "annotation"] + [cell(runs[s]) for s in textbook]
                row += [cell(runs[LEARNING]), best, f"{bound}{ratio:.2f}"]
                lines.append("| " + " | ".join(row) + " |")
                print(f"{name} {'-f' if free else ''}: " + ", ".join(f"{s} {cell(runs[s])}" for s in runs),
                      file=sys.stderr)
        sys.stdout.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
