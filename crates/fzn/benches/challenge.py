#!/usr/bin/env python3
"""MiniZinc Challenge instances: our solver beside single-threaded Gecode
(and Pumpkin, when MiniZinc knows a `pumpkin` solver), same time limit,
run interleaved per instance so that all see the same machine load.

Each (model, data) pair is solved with

    minizinc --solver SOLVER -p N -i -t LIMIT --output-mode dzn \
             --output-objective --output-time MODEL DATA

and read back as: optimal (the search completed after a solution of an
optimisation model), satisfied (a solution, not proved optimal), unsat,
unknown (nothing within the limit) or error (the solver failed: non-zero
exit, `=====ERROR=====`, or no output within the limit plus a margin,
when the process group is killed). A Gecode whose own library fails to
type-check even with the fix of `gecode_fixed` is rerun with `-G std`,
and noted. Prints a Markdown table: per instance
each solver's status, objective, wall time (flattening included) and
the solver's own peak memory (its largest resident set, from
`/usr/bin/time` around its executable: `measured_solvers`), then each
other solver's median time ratio against ours, the status counts, how
many each proved (optimum or unsatisfiability), each solver's largest
peak memory alone and with MiniZinc's (flattening and output
processing, which on some models outgrows any solver), the
MiniZinc Challenge's Borda score (`borda`), and for each family where
another solver needs more than a second on an instance, our pairwise
score against it there (`slow_families`), and a note on every instance
whose answers cannot all be right (`disagreements`: different proved
optima, unsatisfiability beside a solution, a proved optimum beaten).
`--into` also writes the table into a marked section of BENCHMARKS.md.

    crates/fzn/benches/challenge.py                     # the default list, 20 s each
    crates/fzn/benches/challenge.py -t 10000 --only jobshop,rcpsp -o table.md
    crates/fzn/benches/challenge.py --list my_instances.txt
    crates/fzn/benches/challenge.py -t 60000 --into BENCHMARKS.md --section challenge-60s

The instance list (default: challenge_instances.txt beside this script)
has one `model.mzn data.dzn` pair per line, relative to the benchmark
library (`--root`, default $MZN_BENCHMARKS or /work/shared/mzn-benchmarks);
`#` starts a comment. Our solver is found through `MZN_SOLVER_PATH`
(crates/fzn, with `csp.msc`) and `fzn-csp` on `PATH`: both are set here
from the repository unless already set (build first with
`cargo build --release -p csp-fzn`). Python 3 standard library only.
"""

import argparse
import atexit
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent.parent
STATUSES = ("optimal", "satisfied", "unsat", "unknown", "error")


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("-t", "--time-limit", type=int, default=20000, help="milliseconds per run (default 20000)")
    p.add_argument("--margin", type=float, default=10.0, help="seconds past the limit before a run is killed")
    p.add_argument("--list", type=Path, default=HERE / "challenge_instances.txt", help="instance list")
    p.add_argument("--root", type=Path, default=Path(os.environ.get("MZN_BENCHMARKS", "/work/shared/mzn-benchmarks")))
    p.add_argument("--only", default="", help="comma-separated families (first path component) to keep")
    p.add_argument("--solvers", default="",
                   help="comma-separated solver ids, csp+STRATEGY for ours with --strategy STRATEGY, "
                        "ID@N for a solver on N threads (-p N; default 1) "
                        "(default: csp,gecode[,pumpkin])")
    p.add_argument("-o", "--output", type=Path, help="write the table here instead of stdout")
    p.add_argument("--into", type=Path, metavar="FILE",
                   help="also write the table into FILE (BENCHMARKS.md) between the lines "
                        "`<!-- challenge:NAME -->` and `<!-- /challenge:NAME -->` (NAME: --section), "
                        "which must exist; the rest of FILE is kept")
    p.add_argument("--section", default="main", help="the marked section of --into (default main)")
    return p.parse_args()


def instances(args):
    out = []
    for line in args.list.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        parts = line.split()
        if len(parts) not in (1, 2):
            sys.exit(f"challenge: bad line in {args.list}: {line!r}")
        family = parts[0].split("/", 1)[0]
        if args.only and family not in args.only.split(","):
            continue
        out.append(parts)
    return out


GECODE_LIB = Path("/usr/share/minizinc/gecode")
GECODE_MSC = Path("/usr/share/minizinc/solvers/gecode.msc")


def gecode_fixed(scratch):
    """Debian's Gecode library predates MiniZinc 2.6: its inverse.mzn and
    nvalue.mzn hide the standard library's overloads, so no model that
    includes globals.mzn type-checks. As in `.ci/run`, Gecode runs on a
    copy of its own library without those two files (its other globals
    stay native); returns the folder holding that solver configuration,
    or None when Gecode's files are not where Debian puts them."""
    if not (GECODE_LIB.is_dir() and GECODE_MSC.is_file()):
        return None
    lib = scratch / "gecode" / "mznlib"
    shutil.copytree(GECODE_LIB, lib)
    for name in ("inverse.mzn", "nvalue.mzn"):
        (lib / name).unlink(missing_ok=True)
    msc = GECODE_MSC.read_text().replace('"-Ggecode"', json.dumps(str(lib)))
    (scratch / "gecode" / "gecode.msc").write_text(msc)
    return scratch / "gecode"


def environment(scratch):
    """MiniZinc finds csp.msc and fzn-csp from the repository, unless told,
    and Gecode's configuration with its library fixed (`gecode_fixed`)."""
    env = dict(os.environ)
    paths = [str(REPO / "crates" / "fzn")]
    fixed = gecode_fixed(scratch)
    if fixed is not None:
        paths.insert(0, str(fixed))
    if env.get("MZN_SOLVER_PATH"):
        paths.append(env["MZN_SOLVER_PATH"])
    env["MZN_SOLVER_PATH"] = os.pathsep.join(paths)
    target = Path(env.get("CARGO_TARGET_DIR", REPO / "target")) / "release"
    if shutil.which("fzn-csp", path=env.get("PATH")) is None and (target / "fzn-csp").exists():
        env["PATH"] = f"{target}{os.pathsep}{env.get('PATH', '')}"
    return env


def measured_solvers(env, scratch, labels):
    """A copy of each solver's configuration whose executable runs under
    `/usr/bin/time`, appending its peak resident set (KB) to the file
    named by $CHALLENGE_SOLVER_RSS: MiniZinc's own peak (flattening, and
    output processing after the solver exits) is then told apart from the
    solver's. Returns {solver id as given: the copy's id}, empty when
    `/usr/bin/time` is missing; the copies' folder joins MZN_SOLVER_PATH."""
    if not GNU_TIME.exists():
        return {}
    try:
        configs = json.loads(subprocess.run(["minizinc", "--solvers-json"], capture_output=True, text=True,
                                            env=env, timeout=60).stdout)
    except (OSError, subprocess.TimeoutExpired, json.JSONDecodeError):
        return {}
    folder = scratch / "measured"
    folder.mkdir()
    ids = {}
    for given in {split_label(label)[0] for label in labels}:
        found = [c for c in configs if given.lower() in
                 (c["id"].lower(), c["id"].lower().rsplit(".", 1)[-1], c.get("name", "").lower())]
        if not found:
            continue
        config = dict(found[0])
        extra = config.pop("extraInfo", {})
        executable = extra.get("executable") or shutil.which(config["executable"], path=env.get("PATH"))
        if not executable:
            continue
        wrapper = folder / f"{given}.sh"
        wrapper.write_text(f'#!/bin/sh\nexec {GNU_TIME} -a -f %M -o "$CHALLENGE_SOLVER_RSS" '
                           f'{json.dumps(str(executable))} "$@"\n')
        wrapper.chmod(0o755)
        config.update(id=f"measured.{given}", name=f"measured-{given}", executable=str(wrapper),
                      mznlib=extra.get("mznlib", config.get("mznlib", "")))
        (folder / f"{given}.msc").write_text(json.dumps(config))
        ids[given] = config["id"]
    env["MZN_SOLVER_PATH"] = f"{folder}{os.pathsep}{env['MZN_SOLVER_PATH']}"
    return ids


def known_solvers(env):
    try:
        listed = subprocess.run(["minizinc", "--solvers"], capture_output=True, text=True, env=env, timeout=60).stdout
    except (OSError, subprocess.TimeoutExpired):
        sys.exit("challenge: minizinc is not installed or does not answer")
    return listed.lower()


GNU_TIME = Path("/usr/bin/time")


def run(solver, model, data, args, env, extra=(), threads=1):
    """One run: (status, objective or None, wall seconds, note, peak
    memory in MB or None, the solver's own peak in MB or None)."""
    env = dict(env)
    solver_rss = Path(tempfile.mkstemp(prefix="challenge-solver-rss-")[1])
    env["CHALLENGE_SOLVER_RSS"] = str(solver_rss)
    solver = args.measured.get(solver, solver)
    # -i: intermediate solutions of an optimisation model, as the MiniZinc
    # Challenge runs it (a solver that prints its best only on completion,
    # such as Pumpkin 0.5.0, would otherwise show nothing at the limit).
    cmd = ["minizinc", "--solver", solver, "-p", str(threads), "-i", "-t", str(args.time_limit), *extra,
           "--output-mode", "dzn", "--output-objective", "--output-time", str(model)]
    if data is not None:
        cmd.append(str(data))
    # GNU time reports the largest resident set of minizinc and of the
    # children it waited for (the solver among them).
    memory = Path(tempfile.mkstemp(prefix="challenge-rss-")[1])
    if GNU_TIME.exists():
        cmd = [str(GNU_TIME), "-f", "%M", "-o", str(memory), *cmd]
    start = time.monotonic()
    result = classify(cmd, args, env, start)
    try:
        peak = int(memory.read_text().split()[-1]) / 1024
    except (OSError, ValueError, IndexError):
        peak = None
    memory.unlink(missing_ok=True)
    try:
        solver_peak = max(int(line) for line in solver_rss.read_text().split() if line.isdigit()) / 1024
    except (OSError, ValueError):
        solver_peak = None
    solver_rss.unlink(missing_ok=True)
    return (*result, peak, solver_peak)


def classify(cmd, args, env, start):
    """Runs `cmd` (a MiniZinc run): (status, objective, wall, note)."""
    try:
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                env=env, start_new_session=True)
    except OSError as e:
        return "error", None, 0.0, str(e)
    try:
        out, err = proc.communicate(timeout=args.time_limit / 1000 + args.margin)
        killed = False
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)  # minizinc and the solver it started
        out, err = proc.communicate()
        killed = True
    wall = time.monotonic() - start
    objective = None
    solutions = 0
    for line in out.splitlines():
        line = line.strip()
        if line.startswith("_objective = "):
            objective = line[len("_objective = "):].rstrip(";")
        elif line == "----------":
            solutions += 1
    if killed:
        return "error", objective, wall, "killed after the limit and margin"
    if "=====ERROR=====" in out or proc.returncode != 0:
        lines = [l.strip() for l in err.splitlines() if l.strip() and not l.startswith("Warning")]
        said = [l for l in lines if "rror" in l] or lines
        return "error", objective, wall, (" ".join(said[:2]) if said else f"exit {proc.returncode}")[:160]
    if "=====UNSATISFIABLE=====" in out:
        return "unsat", None, wall, ""
    if solutions == 0:
        return "unknown", None, wall, ""
    if objective is not None and "==========" in out:
        return "optimal", objective, wall, ""
    return "satisfied", objective, wall, ""


def split_label(label):
    """A solver label: a MiniZinc solver id, or `csp+STRATEGY` for ours
    with `--strategy STRATEGY` (for example `csp+clause-learning`), either
    followed by `@N` for N threads (`csp@2`: `-p 2`). (id, extra flags,
    threads)."""
    label, _, threads = label.partition("@")
    solver, _, strategy = label.partition("+")
    return solver, (("--strategy", strategy) if strategy else ()), int(threads or 1)


def run_solver(label, model, data, args, env):
    """`run`, except that a Gecode whose own MiniZinc library does not
    type-check against this MiniZinc (a packaging mismatch some systems
    have) runs again on the standard library's decompositions, noted."""
    solver, extra, threads = split_label(label)
    result = run(solver, model, data, args, env, extra, threads)
    if solver == "gecode" and result[0] == "error" and "type error" in result[3]:
        status, objective, wall, note, *peaks = run(solver, model, data, args, env, ("-G", "std"), threads)
        return (status, objective, wall, "flattened with -G std (Gecode's library fails to type-check)" + (
            f"; {note}" if note else ""), *peaks)
    return result


def completed(result):
    """Did the run finish its job: optimum or unsatisfiability proved, or
    a satisfaction model's solution found?"""
    status, objective = result[0], result[1]
    return status in ("optimal", "unsat") or (status == "satisfied" and objective is None)


def sense(model):
    """`min`, `max` or None (satisfaction) from the model's solve item."""
    text = " ".join(line.split("%", 1)[0] for line in Path(model).read_text(errors="replace").splitlines())
    for item in text.split(";"):
        words = item.split()
        if words and words[0] == "solve":
            if "minimize" in words:
                return "min"
            if "maximize" in words:
                return "max"
            return None
    return None


def quality(result, direction):
    """A sortable rank of an answer: proved (optimum, unsatisfiability,
    or a satisfaction model's solution) above unproved, then for an
    unproved optimisation answer the objective (larger is better), and
    nothing (unknown, error) lowest: None."""
    status, objective = result[0], result[1]
    if status in ("unknown", "error"):
        return None
    if completed(result):
        return (2, 0)
    try:
        value = float(objective)
    except (TypeError, ValueError):
        return (1, 0)
    return (1, -value if direction == "min" else value)


def pair_score(mine, theirs, direction):
    """What one run scores against another on one instance under the
    MiniZinc Challenge's complete scoring: the better answer 1, the worse
    0; equal answers split the point by time (s scores t'/(t + t')), so
    two equal unproved answers at the time limit score 0.5 each; no
    answer scores 0."""
    a, b = quality(mine, direction), quality(theirs, direction)
    if a is None:
        return 0.0
    if b is None or a > b:
        return 1.0
    if a == b:
        t, u = mine[2], theirs[2]
        return u / (t + u) if t + u > 0 else 0.5
    return 0.0


def borda(rows, solvers, senses):
    """The MiniZinc Challenge's complete scoring: on each instance each
    solver meets each other (`pair_score`). A solver's score is its sum
    over instances."""
    score = {s: 0.0 for s in solvers}
    for (name, results), direction in zip(rows, senses):
        for s in solvers:
            for other in solvers:
                if other != s:
                    score[s] += pair_score(results[s], results[other], direction)
    return score


def proved(result):
    """An optimum or unsatisfiability proved (what the issue counts as
    proving an instance)."""
    return result[0] in ("optimal", "unsat")


def disagreements(results, solvers, direction):
    """The answers of one instance that cannot all be right: different
    proved optima, unsatisfiability beside a solution, or a proved optimum
    beaten by another solver's solution (`direction` the objective's)."""
    out = []
    optima = {results[s][1] for s in solvers if results[s][0] == "optimal"}
    if len(optima) > 1:
        out.append(f"the solvers prove different optima {sorted(optima)}")
    unsat = [s for s in solvers if results[s][0] == "unsat"]
    solved = [s for s in solvers if results[s][0] in ("optimal", "satisfied")]
    if unsat and solved:
        verb = "prove" if len(unsat) > 1 else "proves"
        out.append(f"{' and '.join(unsat)} {verb} unsatisfiability where {' and '.join(solved)} found a solution")
    for s in solvers:
        if results[s][0] != "optimal" or direction is None:
            continue
        for t in solvers:
            try:
                best, found = float(results[s][1]), float(results[t][1])
            except (TypeError, ValueError):
                continue
            if (found < best) if direction == "min" else (found > best):
                out.append(f"{t}'s solution of {results[t][1]} beats the optimum {s} proves, {results[s][1]}")
    return out


def slow_families(rows, senses, ours, other, seconds=1.0):
    """Per family where `other` took more than `seconds` on some instance:
    (family, instances, ours's pairwise score against other, other's
    against ours). The family is the instance name's first component."""
    families = {}
    for (name, results), direction in zip(rows, senses):
        families.setdefault(name.split("/", 1)[0], []).append((results, direction))
    out = []
    for family, runs in families.items():
        if any(r[other][2] > seconds for r, _ in runs):
            mine = sum(pair_score(r[ours], r[other], d) for r, d in runs)
            theirs = sum(pair_score(r[other], r[ours], d) for r, d in runs)
            out.append((family, len(runs), mine, theirs))
    return out


def table(rows, solvers, args, command, senses):
    lines = [f"Time limit {args.time_limit} ms per run; wall time in seconds, flattening included.", "",
             "Command: `" + command + "`", ""]
    head = ["instance"]
    for s in solvers:
        head += [f"{s} status", f"{s} objective", f"{s} time", f"{s} MB"]
    lines.append("| " + " | ".join(head) + " |")
    lines.append("|" + "|".join([" --- "] + [" --- ", " ---: ", " ---: ", " ---: "] * len(solvers)) + "|")
    notes = []
    for name, results in rows:
        cells = [name]
        for s in solvers:
            status, obj, wall, note, _, peak = results[s]
            cells += [status, "" if obj is None else obj, f"{wall:.2f}", "" if peak is None else f"{peak:.0f}"]
            if note:
                notes.append(f"{name}, {s}: {note}")
        lines.append("| " + " | ".join(cells) + " |")
    lines.append("")
    ours = solvers[0]
    for other in solvers[1:]:
        ratios = [r[ours][2] / max(r[other][2], 1e-3) for _, r in rows
                  if completed(r[ours]) and completed(r[other])]
        if ratios:
            lines.append(f"Median time ratio {ours}/{other} over the {len(ratios)} instances both completed: "
                         f"{statistics.median(ratios):.2f}; {ours} at least as fast on "
                         f"{sum(x <= 1 for x in ratios)} of them.")
        else:
            lines.append(f"No instance completed by both {ours} and {other}.")
    for s in solvers:
        counts = {k: 0 for k in STATUSES}
        for _, r in rows:
            counts[r[s][0]] += 1
        lines.append(f"{s}: " + ", ".join(f"{k} {v}" for k, v in counts.items()) + ".")
    lines.append("Proved (optimum or unsatisfiability): " + ", ".join(
        f"{s} {sum(proved(r[s]) for _, r in rows)}" for s in solvers) + ".")
    for k, what in ((5, "the solver alone, the MB column"), (4, "the whole run, MiniZinc's included")):
        peaks = {s: [(r[s][k], name) for name, r in rows if r[s][k] is not None] for s in solvers}
        if any(peaks.values()):
            lines.append(f"Largest peak memory ({what}): " + ", ".join(
                f"{s} {max(p)[0]:.0f} MB ({max(p)[1]})" for s, p in peaks.items() if p) + ".")
    scores = borda(rows, solvers, senses)
    lines.append("Borda score (MiniZinc Challenge complete scoring, each solver against each other): " + ", ".join(
        f"{s} {scores[s]:.2f}" for s in solvers) + f" (of {len(rows) * (len(solvers) - 1)} possible).")
    for other in solvers[1:]:
        slow = slow_families(rows, senses, ours, other)
        if slow:
            lines.append(f"Families where {other} takes more than 1 s on an instance, pairwise score "
                         f"{ours}:{other}: " + ", ".join(
                             f"{f} ({n}) {a:.2f}:{b:.2f}" + (" lost" if a < b else "") for f, n, a, b in slow) + ".")
    for (name, results), direction in zip(rows, senses):
        notes += [f"{name}: {d}: one is wrong" for d in disagreements(results, solvers, direction)]
    if notes:
        lines += ["", "Notes:"] + [f"- {n}" for n in notes]
    return "\n".join(lines) + "\n"


def main():
    args = parse_args()
    if args.into and f"<!-- challenge:{args.section} -->" not in args.into.read_text():
        sys.exit(f"challenge: {args.into} has no line <!-- challenge:{args.section} -->")
    scratch = Path(tempfile.mkdtemp(prefix="challenge-"))
    atexit.register(shutil.rmtree, scratch, ignore_errors=True)
    env = environment(scratch)
    listed = known_solvers(env)
    if args.solvers:
        solvers = args.solvers.split(",")
    else:
        solvers = ["csp", "gecode"] + (["pumpkin"] if "pumpkin" in listed else [])
    for s in (split_label(label)[0] for label in solvers):
        if s not in listed:
            sys.exit(f"challenge: minizinc does not list a solver {s!r} (MZN_SOLVER_PATH={env['MZN_SOLVER_PATH']})")
    args.measured = measured_solvers(env, scratch, solvers)
    rows = []
    senses = []
    todo = instances(args)
    for k, parts in enumerate(todo):
        model = args.root / parts[0]
        data = args.root / parts[1] if len(parts) == 2 else None
        name = parts[0].split("/", 1)[0] + "/" + (Path(parts[1]).stem if data else model.stem)
        # Alternate who goes first, so that neither always meets the same load.
        order = solvers if k % 2 == 0 else list(reversed(solvers))
        results = {s: run_solver(s, model, data, args, env) for s in order}
        rows.append((name, results))
        senses.append(sense(model))
        print(f"[{k + 1}/{len(todo)}] {name}: " + ", ".join(
            f"{s} {results[s][0]} {results[s][2]:.1f}s" for s in solvers), file=sys.stderr)
    command = " ".join(["crates/fzn/benches/challenge.py"] + sys.argv[1:])
    text = table(rows, solvers, args, command, senses)
    if args.output:
        args.output.write_text(text)
    else:
        sys.stdout.write(text)
    if args.into:
        write_into(args.into, args.section, text)


def write_into(path, section, text):
    """Replace what lies between the section's two marker lines of `path`
    by `text`, keeping the markers and everything else."""
    begin, end = f"<!-- challenge:{section} -->", f"<!-- /challenge:{section} -->"
    lines = path.read_text().split("\n")
    try:
        i, j = lines.index(begin), lines.index(end)
    except ValueError:
        sys.exit(f"challenge: {path} has no lines {begin} and {end}")
    if j < i:
        sys.exit(f"challenge: in {path}, {end} comes before {begin}")
    path.write_text("\n".join(lines[:i + 1] + ["", text.rstrip("\n"), ""] + lines[j:]))


if __name__ == "__main__":
    main()
