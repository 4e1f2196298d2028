#!/usr/bin/env bash
# fzn-csp -p 1 against -p 2 on MiniZinc benchmark-library instances: each
# instance is compiled once with MiniZinc's standard library for csp, then
# run with -p 1 and -p 2 in turn ($RUNS rounds, interleaved so that a load
# change on a shared machine hits both alike). Each run gives its wall time
# and its CPU time (user + system). On a machine with two free cores the
# portfolio's wall time is its CPU time / 2 (both members busy to the
# end); on a loaded machine the wall times mostly measure the load, so the
# table gives both, and the speed-up as -p 1's CPU time over -p 2's CPU
# time / 2. Medians of the rounds; a run stopped by the time limit counts
# as the limit (marked >). Rows with -f run the free search, where the
# members also differ in their orders.
#
#   crates/fzn/benches/portfolio.sh /path/to/mzn-benchmarks    # from the repository root
#   RUNS=5 LIMIT_MS=30000 crates/fzn/benches/portfolio.sh /path/to/mzn-benchmarks
#   FZN_CSP=target/release/fzn-csp crates/fzn/benches/portfolio.sh ...   # a built binary, no build
#
# The library is https://github.com/MiniZinc/minizinc-benchmarks.
set -euo pipefail
lib=${1:?usage: portfolio.sh MZN_BENCHMARKS_DIR}
lib=$(cd "$lib" && pwd)
cd "$(dirname "$0")/../../.."
RUNS=${RUNS:-3}
LIMIT_MS=${LIMIT_MS:-60000}
command -v minizinc >/dev/null || { echo "portfolio: minizinc is not installed" >&2; exit 1; }
if [ -n "${FZN_CSP:-}" ]; then
    ours=$(cd "$(dirname "$FZN_CSP")" && pwd)/$(basename "$FZN_CSP")
else
    cargo build --release -q -p csp-fzn
    ours=$PWD/target/release/fzn-csp
fi
export MZN_SOLVER_PATH="$PWD/crates/fzn"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# name|model|data|flags: first solutions and optima, annotated and free
instances=(
    "costas-array-14|costas-array/CostasArray.mzn|costas-array/14.dzn|"
    "costas-array-14 -f|costas-array/CostasArray.mzn|costas-array/14.dzn|-f"
    "langford-2-09|langford/langford.mzn|langford/l_2_09.dzn|"
    "langford-2-09 -f|langford/langford.mzn|langford/l_2_09.dzn|-f"
    "golomb-08|golomb/golomb.mzn|golomb/08.dzn|"
    "golomb-08 -f|golomb/golomb.mzn|golomb/08.dzn|-f"
    "still-life-6x6 -f|still_life/still_life.mzn|still_life/6x6.dzn|-f"
    "photo-1 -f|photo/photo.mzn|photo/photo1.dzn|-f"
    "jobshop-ft06 -f|jobshop/jobshop.mzn|jobshop/jobshop_ft06.dzn|-f"
    "knights-08-04 -f|knights/knights.mzn|knights/08_04.dzn|-f"
)

# One run: "wall cpu nodes", or "limit limit nodes" when the limit stopped it.
run() {
    local fzn=$1 threads=$2 flags=$3 times
    TIMEFORMAT='%3R %3U %3S'
    # shellcheck disable=SC2086 # flags are words
    times=$( { time "$ours" -s -p "$threads" -t "$LIMIT_MS" $flags "$fzn" >"$work/out" 2>/dev/null; } 2>&1 || true)
    nodes=$(sed -n 's/^%%%mzn-stat: nodes=//p' "$work/out" | head -1)
    if grep -q -e '^==========$' -e '^=====UNSATISFIABLE=====$' -e '^----------$' "$work/out" &&
        ! grep -q '^=====UNKNOWN=====$' "$work/out"; then
        awk -v t="$times" -v n="${nodes:-?}" 'BEGIN { split(t, a, " "); printf "%.3f %.3f %s\n", a[1], a[2] + a[3], n }'
    else
        awk -v l="$LIMIT_MS" -v n="${nodes:-?}" 'BEGIN { printf ">%.3f >%.3f %s\n", l / 1000, l / 1000, n }'
    fi
}

# The median of the lines read (numbers, or >limit: sorted after them).
median() { sed 's/^>/9e9 >/' | sort -g | awk '{ v[NR] = $NF } END { print v[int((NR + 1) / 2)] }'; }

echo "| instance | wall -p 1 (s) | wall -p 2 (s) | CPU -p 1 (s) | CPU -p 2 (s) | speed-up on 2 free cores | nodes -p 1 | nodes -p 2 (both members) |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
declare -A compiled
for entry in "${instances[@]}"; do
    IFS='|' read -r name model data flags <<<"$entry"
    fzn="$work/$(basename "$model" .mzn)-$(basename "$data" .dzn).fzn"
    if [ -z "${compiled[$fzn]:-}" ]; then
        if ! minizinc -c --solver csp "$lib/$model" "$lib/$data" --fzn "$fzn" >/dev/null 2>"$work/err"; then
            echo "| $name | compile failed: $(head -c 80 "$work/err" | tr '\n' ' ') | | | | | | |"
            continue
        fi
        compiled[$fzn]=1
    fi
    : >"$work/p1"; : >"$work/p2"
    for _ in $(seq "$RUNS"); do
        run "$fzn" 1 "$flags" >>"$work/p1"
        run "$fzn" 2 "$flags" >>"$work/p2"
    done
    col() { cut -d' ' -f"$2" "$1" | median; }
    w1=$(col "$work/p1" 1); w2=$(col "$work/p2" 1)
    c1=$(col "$work/p1" 2); c2=$(col "$work/p2" 2)
    n1=$(col "$work/p1" 3); n2=$(col "$work/p2" 3)
    gain=$(awk -v a="$c1" -v b="$c2" 'BEGIN { if (a ~ />/ || b ~ />/) print "-"; else if (b > 0) printf "%.2f", a / (b / 2); else print "-" }')
    echo "| $name | $w1 | $w2 | $c1 | $c2 | $gain | $n1 | $n2 |"
done
