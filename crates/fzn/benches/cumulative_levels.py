#!/usr/bin/env python3
"""The cumulative levels side by side: each instance of the families asked
for (default: rcpsp) is flattened once for our solver
(`minizinc --solver csp -c`), and that FlatZinc solved by `fzn-csp -s -t
LIMIT` at each `--cumulative-level` (time-table, edge-finding), with
single-threaded Gecode (`minizinc --solver gecode -s -t LIMIT`, its own
flattening) beside them, interleaved per instance so that all see the
same machine load. Prints a Markdown table: per instance and solver the
status (optimal: the search completed; best: a solution before the
limit; unsat; unknown), the objective, the nodes, the failures and the
wall time; then, over the instances both levels completed, the median
ratio of edge finding's nodes and times to time-tabling's, and the counts.

    crates/fzn/benches/cumulative_levels.py                   # rcpsp, 20 s each
    crates/fzn/benches/cumulative_levels.py -t 5000 --only rcpsp -o table.md
    crates/fzn/benches/cumulative_levels.py --strategy clause-learning --no-gecode

The instances are every data file of each family's folder in the
benchmark library (`--root`), with the folder's one model; the
environment and Gecode's set-up are `challenge.py`'s. Build first with
`cargo build --release -p csp-fzn`. Python 3 standard library only.
"""

import argparse
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import challenge  # noqa: E402

LEVELS = ("time-table", "edge-finding")


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("-t", "--time-limit", type=int, default=20000, help="milliseconds per run (default 20000)")
    p.add_argument("--root", type=Path, default=Path("/work/shared/mzn-benchmarks"))
    p.add_argument("--only", default="rcpsp", help="comma-separated families to keep (default rcpsp)")
    p.add_argument("--strategy", help="our --strategy (default: the solver's)")
    p.add_argument("--no-gecode", action="store_true", help="run our levels only")
    p.add_argument("-o", "--output", type=Path, help="write the table here instead of stdout")
    return p.parse_args()


def stats_of(text):
    """The `%%%mzn-stat:` values (the last of each name) and the status."""
    stats = {}
    for m in re.finditer(r"^%%%mzn-stat: (\w+)=(.*)$", text, re.M):
        stats[m.group(1)] = m.group(2).strip()
    if "=====UNSATISFIABLE=====" in text:
        status = "unsat"
    elif "==========" in text:
        status = "optimal"
    elif "----------" in text:
        status = "best"
    elif "=====ERROR=====" in text:
        status = "error"
    else:
        status = "unknown"
    objective = stats.get("objective")
    if objective is None:
        found = re.findall(r"^_objective = (-?\d+);", text, re.M)
        objective = found[-1] if found else None
    return {
        "status": status,
        "objective": objective,
        "nodes": stats.get("nodes"),
        "failures": stats.get("failures"),
    }


def run(cmd, env, limit_s):
    start = time.monotonic()
    try:
        done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=limit_s + 30)
        text = done.stdout + done.stderr
        if done.returncode != 0:
            text += "\n=====ERROR=====\n"
    except subprocess.TimeoutExpired:
        text = "=====ERROR====="
    row = stats_of(text)
    row["time"] = time.monotonic() - start
    return row


def main():
    args = parse_args()
    args.root = args.root.resolve()
    limit_s = args.time_limit / 1000
    scratch = Path(tempfile.mkdtemp(prefix="cumulative-levels-"))
    env = challenge.environment(scratch)
    cases = []
    for family in args.only.split(","):
        (model,) = sorted((args.root / family).glob("*.mzn"))
        for data in sorted((args.root / family).glob("*.dzn")):
            cases.append([f"{family}/{model.name}", f"{family}/{data.name}"])
    header = "| instance | solver | status | objective | nodes | failures | time (s) |"
    lines = [header, "| --- | --- | --- | --- | --- | --- | --- |"]
    completed = []
    counts = {}
    for parts in cases:
        model = args.root / parts[0]
        data = [str(args.root / p) for p in parts[1:]]
        name = " ".join(p.split("/")[-1] for p in parts)
        fzn = scratch / "model.fzn"
        flat = subprocess.run(
            ["minizinc", "--solver", "csp", "-c", str(model), *data, "--fzn", str(fzn), "--ozn", str(scratch / "model.ozn")],
            env=env, capture_output=True, text=True)
        if flat.returncode != 0:
            lines.append(f"| {name} | csp | flattening failed | | | | |")
            continue
        rows = {}
        for level in LEVELS:
            strategy = ["--strategy", args.strategy] if args.strategy else []
            cmd = ["fzn-csp", "-s", "-t", str(args.time_limit), *strategy, "--cumulative-level", level, str(fzn)]
            rows[level] = run(cmd, env, limit_s)
        if not args.no_gecode:
            cmd = ["minizinc", "--solver", "gecode", "-p", "1", "-s", "-t", str(args.time_limit),
                   "--output-mode", "dzn", "--output-objective", str(model), *data]
            rows["gecode"] = run(cmd, env, limit_s)
        for solver, r in rows.items():
            counts.setdefault(solver, {}).setdefault(r["status"], 0)
            counts[solver][r["status"]] += 1
            lines.append(f"| {name} | {solver} | {r['status']} | {r['objective'] or ''} | "
                         f"{r['nodes'] or ''} | {r['failures'] or ''} | {r['time']:.2f} |")
        table, edge = rows["time-table"], rows["edge-finding"]
        if table["status"] in ("optimal", "unsat") and edge["status"] in ("optimal", "unsat"):
            completed.append((table, edge))
        print(lines[-1], file=sys.stderr, flush=True)
    lines.append("")
    if completed:
        def ratio(key):
            return statistics.median(float(e[key]) / max(float(t[key]), 1e-9) for t, e in completed)
        lines.append(f"Both levels completed {len(completed)} instances: median ratio edge-finding / "
                     f"time-table {ratio('nodes'):.2f} in nodes, {ratio('time'):.2f} in time.")
    for solver, c in counts.items():
        lines.append(f"{solver}: " + ", ".join(f"{k} {v}" for k, v in sorted(c.items())))
    text = "\n".join(lines) + "\n"
    if args.output:
        args.output.write_text(text)
    else:
        print(text)


if __name__ == "__main__":
    main()
