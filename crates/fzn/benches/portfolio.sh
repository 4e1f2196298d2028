#!/usr/bin/env bash
# fzn-csp -p 1 against -p 2 on MiniZinc benchmark-library instances: each
# instance is compiled once with MiniZinc's standard library for csp, then
# run with -p 1 and -p 2 in turn ($RUNS rounds, interleaved so that a load
# change on a shared machine hits both alike). Wall-clock seconds (the
# portfolio spends more CPU to answer sooner) are the median of the rounds;
# a run stopped by the time limit counts as the limit. Prints a Markdown
# table: both times, -p 1 / -p 2, and the nodes each reported (-s).
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

# name|model|data: satisfaction (first solution) and optimisation instances
instances=(
    "costas-array-14|costas-array/CostasArray.mzn|costas-array/14.dzn"
    "magicseq-100|magicseq/magicseq.mzn|magicseq/100.dzn"
    "langford-2-09|langford/langford.mzn|langford/l_2_09.dzn"
    "quasigroup7-07|quasigroup7/quasigroup7.mzn|quasigroup7/07.dzn"
    "golomb-08|golomb/golomb.mzn|golomb/08.dzn"
    "golomb-09|golomb/golomb.mzn|golomb/09.dzn"
    "still-life-6x6|still_life/still_life.mzn|still_life/6x6.dzn"
    "photo-1|photo/photo.mzn|photo/photo1.dzn"
    "jobshop-ft06|jobshop/jobshop.mzn|jobshop/jobshop_ft06.dzn"
    "knights-08-04|knights/knights.mzn|knights/08_04.dzn"
)

# One run: "seconds nodes" (the limit when stopped by it).
run() {
    local fzn=$1 threads=$2 start end out nodes
    start=$(date +%s.%N)
    out=$("$ours" -s -p "$threads" -t "$LIMIT_MS" "$fzn" 2>/dev/null || true)
    end=$(date +%s.%N)
    nodes=$(printf '%s\n' "$out" | sed -n 's/^%%%mzn-stat: nodes=//p' | head -1)
    if printf '%s\n' "$out" | grep -q -e '^==========$' -e '^=====UNSATISFIABLE=====$' -e '^----------$'; then
        awk -v a="$start" -v b="$end" -v n="${nodes:-?}" 'BEGIN { printf "%.3f %s\n", b - a, n }'
    else
        awk -v l="$LIMIT_MS" -v n="${nodes:-?}" 'BEGIN { printf "%.3f %s\n", l / 1000, n }'
    fi
}

median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

echo "| instance | -p 1 (s) | -p 2 (s) | -p 1 / -p 2 | nodes -p 1 | nodes -p 2 (summed) |"
echo "| --- | ---: | ---: | ---: | ---: | ---: |"
for entry in "${instances[@]}"; do
    IFS='|' read -r name model data <<<"$entry"
    fzn="$work/$name.fzn"
    if ! minizinc -c --solver csp "$lib/$model" "$lib/$data" --fzn "$fzn" >/dev/null 2>"$work/err"; then
        echo "| $name | compile failed: $(head -c 80 "$work/err" | tr '\n' ' ') | | | | |"
        continue
    fi
    : >"$work/p1"; : >"$work/p2"
    for _ in $(seq "$RUNS"); do
        run "$fzn" 1 >>"$work/p1"
        run "$fzn" 2 >>"$work/p2"
    done
    t1=$(cut -d' ' -f1 "$work/p1" | median)
    t2=$(cut -d' ' -f1 "$work/p2" | median)
    n1=$(head -1 "$work/p1" | cut -d' ' -f2)
    n2=$(head -1 "$work/p2" | cut -d' ' -f2)
    ratio=$(awk -v a="$t1" -v b="$t2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }')
    echo "| $name | $t1 | $t2 | $ratio | $n1 | $n2 |"
done
