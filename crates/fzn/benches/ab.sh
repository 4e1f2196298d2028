#!/usr/bin/env bash
# Two builds of fzn-csp side by side on MiniZinc benchmark-library
# instances: each instance of LIST (lines `model.mzn data.dzn`, paths in
# the library; `#` starts a comment) is compiled once with csp's library,
# then run by build A and build B in turn under one strategy and time
# limit, so that a load change on a shared machine hits both alike. The
# table gives each build's end (`==========` a proved optimum,
# `=====UNSATISFIABLE=====`, `sol` a satisfaction problem's solution,
# `best` an optimisation's unproved best, `none` nothing), its
# conflicts (clause learning) or failures (other strategies), the last
# objective value and the wall time, then the geometric mean of B's time
# over A's on the instances both prove in over 0.1 s.
#
#   crates/fzn/benches/ab.sh LIB LIST BIN_A BIN_B     # from the repository root
#   STRATEGY=arc-consistency LIMIT_MS=60000 crates/fzn/benches/ab.sh ...
#   STRATEGY=default ...    # no --strategy: the default search (under -t,
#                           # arc consistency taking turns with learning)
#   ROUNDS=5 ...            # each instance run 5 times by A and B in
#                           # turn; the table gives the median time
#   FAILS=3000 ...          # also stop each run after 3000 failures
#                           # (conflicts), so two builds that walk the
#                           # same tree compare their time on the same
#                           # prefix of it; the mean then also counts the
#                           # runs that stopped there with equal counts
#
# Build A is typically a copy of target/release/fzn-csp from main, build B
# the change. The library is https://github.com/MiniZinc/minizinc-benchmarks.
set -euo pipefail
lib=${1:?usage: ab.sh MZN_BENCHMARKS_DIR LIST BIN_A BIN_B}
list=${2:?usage: ab.sh MZN_BENCHMARKS_DIR LIST BIN_A BIN_B}
a=${3:?usage: ab.sh MZN_BENCHMARKS_DIR LIST BIN_A BIN_B}
b=${4:?usage: ab.sh MZN_BENCHMARKS_DIR LIST BIN_A BIN_B}
STRATEGY=${STRATEGY:-clause-learning}
LIMIT_MS=${LIMIT_MS:-20000}
FAILS=${FAILS:-}
ROUNDS=${ROUNDS:-1}
[[ $ROUNDS =~ ^[1-9][0-9]*$ ]] || { echo "ab: ROUNDS must be a positive count" >&2; exit 1; }
[[ -z $FAILS || $FAILS =~ ^[1-9][0-9]*$ ]] || { echo "ab: FAILS must be a positive count" >&2; exit 1; }
command -v minizinc >/dev/null || { echo "ab: minizinc is not installed" >&2; exit 1; }
for bin in "$a" "$b"; do
    [ -x "$bin" ] || { echo "ab: $bin is not an executable" >&2; exit 1; }
done
root=$(cd "$(dirname "$0")/../../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# MiniZinc finds csp's solver configuration (and library) here; the build
# that compiles is A's (the library is the repository's either way).
mkdir -p "$tmp/bin"
ln -s "$(cd "$(dirname "$a")" && pwd)/$(basename "$a")" "$tmp/bin/fzn-csp"
count=$([ "$STRATEGY" = clause-learning ] && echo conflicts || echo failures)
rounds=$([ "$ROUNDS" -gt 1 ] && echo ", median of $ROUNDS interleaved runs" || true)
echo "Strategy $STRATEGY, time limit $LIMIT_MS ms${FAILS:+, at most $FAILS failures}; A = $a, B = $b; end, $count, objective, wall seconds$rounds."
echo
echo "| instance | A end | A $count | A objective | A time | B end | B $count | B objective | B time |"
echo "| --- | --- | ---: | ---: | ---: | --- | ---: | ---: | ---: |"
run() { # binary fzn -> "end|count|objective|seconds"
    local start end out st
    start=$(date +%s.%N)
    local chosen=(--strategy "$STRATEGY")
    [ "$STRATEGY" = default ] && chosen=()
    [ -n "$FAILS" ] && chosen+=(-fail "$FAILS")
    out=$(timeout $((LIMIT_MS / 1000 + 10)) "$1" "${chosen[@]}" -t "$LIMIT_MS" -s "$2" 2>&1 || true)
    end=$(date +%s.%N)
    st=$(grep -o -m1 '^=====[A-Z]*=====\|^==========' <<<"$out" || true)
    if [ -z "$st" ] && grep -q -- '^----------' <<<"$out"; then
        # A solution: all a satisfaction problem asks; an optimisation's
        # best so far, unproved.
        st=$(grep -q 'stat: objective=' <<<"$out" && echo best || echo sol)
    fi
    printf '%s|%s|%s|%.2f' "${st:-none}" \
        "$(grep -o "stat: $count=[0-9]*" <<<"$out" | cut -d= -f2 | tail -1)" \
        "$(grep -o 'stat: objective=[-0-9]*' <<<"$out" | cut -d= -f2 | tail -1)" \
        "$(echo "$end - $start" | bc)"
}
median() { printf '%s\n' "$@" | sort -g | sed -n "$((($# + 1) / 2))p"; }
logs=()
while read -r model data; do
    [ -z "${model:-}" ] && continue
    case $model in \#*) continue ;; esac
    name=${data%.dzn}
    fzn="$tmp/$(tr '/' '_' <<<"$name").fzn"
    if ! MZN_SOLVER_PATH="$root/crates/fzn" PATH="$tmp/bin:$PATH" \
        minizinc --compile --solver csp "$lib/$model" "$lib/$data" -o "$fzn" >/dev/null 2>&1; then
        echo "| $name | compile error | | | | | | | |"
        continue
    fi
    # The runs are deterministic: the last round's end, count and
    # objective, the median of the rounds' times.
    ta=() tb=()
    for _ in $(seq "$ROUNDS"); do
        ra=$(run "$a" "$fzn")
        rb=$(run "$b" "$fzn")
        ta+=("${ra##*|}") tb+=("${rb##*|}")
    done
    ra="${ra%|*}|$(median "${ta[@]}")"
    rb="${rb%|*}|$(median "${tb[@]}")"
    echo "| $name | ${ra//|/ | } | ${rb//|/ | } |"
    logs+=("$ra|$rb")
done < "$list"
printf '%s\n' "${logs[@]}" | FAILS="$FAILS" python3 -c '
import math, os, sys
proved = ("==========", "=====UNSATISFIABLE=====", "sol")
fails = os.environ.get("FAILS")
ratios = []
for line in sys.stdin:
    f = line.strip().split("|")
    same_prefix = fails and len(f) == 8 and f[1] != "" and f[1] == f[5]
    if len(f) == 8 and (f[0] in proved and f[4] in proved or same_prefix):
        ta, tb = float(f[3]), float(f[7])
        if max(ta, tb) >= 0.1:
            ratios.append(tb / ta)
if ratios:
    g = math.exp(sum(map(math.log, ratios)) / len(ratios))
    n = len(ratios)
    plural = "s" if n != 1 else ""
    ended = "end or stop at the failure limit with equal counts" if fails else "end"
    print(f"\nGeometric mean of B time / A time over the {n} instance{plural} both {ended} in over 0.1 s: {g:.3f}; B faster on {sum(r < 1 for r in ratios)}.")
'
