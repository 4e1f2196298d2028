#!/usr/bin/env bash
# fzn-csp against Gecode's fzn-gecode on the same FlatZinc files: each of
# the model families in tests/models (some with larger data, below) is
# compiled once with MiniZinc's standard library, then both solvers run it
# on one thread (all solutions for satisfaction models, the optimum for
# optimisation ones). CPU time (user + system) is the best of $RUNS runs.
# Prints a Markdown table: per instance both times and ours/Gecode, and the
# median ratio.
#
#   crates/fzn/benches/fzn_vs_gecode.sh            # from the repository root
#   RUNS=5 crates/fzn/benches/fzn_vs_gecode.sh
set -euo pipefail
cd "$(dirname "$0")/../../.."
RUNS=${RUNS:-3}
for tool in minizinc fzn-gecode; do
    command -v "$tool" >/dev/null || { echo "fzn_vs_gecode: $tool is not installed" >&2; exit 1; }
done
cargo build --release -q -p csp-fzn
ours=target/release/fzn-csp
models=crates/fzn/tests/models
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# instance name, model, data (-D), solver flags
instances=(
    "queens-6|queens|n=6|-a"
    "queens-9|queens|n=9|-a"
    "queens-10|queens|n=10|-a"
    "queens-11|queens|n=11|-a"
    "queens-12|queens|n=12|-a"
    "send_more|send_more||-a"
    "magic_square-3|magic_square||-a"
    "bool_logic|bool_logic||-a"
    "magic_series-7|magic_series|n=7|-a"
    "magic_series-9|magic_series|n=9|-a"
    "magic_series-20|magic_series|n=20|-a"
    "arithmetic|arithmetic||-a"
    "rota|rota||-a"
    "knapsack_bool|knapsack_bool|||"
    "golomb-5|golomb|m=5;n=12|"
    "golomb-6|golomb|m=6;n=18|"
    "golomb-7|golomb|m=7;n=30|"
    "golomb-8|golomb|m=8;n=40|"
    "colouring|colouring|||"
    "assignment|assignment|||"
    "pigeons|pigeons||-a"
)

# Best CPU seconds of $RUNS runs of "$@".
cpu() {
    local best=""
    for _ in $(seq "$RUNS"); do
        local t
        t=$( { TIMEFORMAT='%3U %3S'; time "$@" >"$work/out" 2>/dev/null; } 2>&1 | awk '{ printf "%.3f", $1 + $2 }')
        if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$t; fi
    done
    echo "$best"
}

echo "| instance | fzn-csp (s) | fzn-gecode (s) | ratio |"
echo "| --- | ---: | ---: | ---: |"
ratios=()
search_ratios=()
for entry in "${instances[@]}"; do
    IFS='|' read -r name model data flags <<<"$entry"
    fzn="$work/$name.fzn"
    dflag=()
    if [ -n "$data" ]; then
        dflag=(-D "$data")
    elif [ -f "$models/$model.dzn" ]; then
        dflag=("$models/$model.dzn")
    fi
    minizinc -c -G std "${dflag[@]}" --fzn "$fzn" --ozn "$work/$name.ozn" "$models/$model.mzn"
    # shellcheck disable=SC2086 # flags are words
    a=$(cpu "$ours" $flags "$fzn")
    # shellcheck disable=SC2086
    b=$(cpu fzn-gecode $flags "$fzn")
    # Times below a millisecond count as 0.001 s.
    r=$(awk -v a="$a" -v b="$b" 'BEGIN { if (a < 0.001) a = 0.001; if (b < 0.001) b = 0.001; printf "%.2f", a / b }')
    ratios+=("$r")
    if awk -v b="$b" 'BEGIN { exit !(b >= 0.015) }'; then search_ratios+=("$r"); fi
    echo "| $name | $a | $b | $r |"
done
median=$(printf '%s\n' "${ratios[@]}" | sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.2f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
search_median=$(printf '%s\n' "${search_ratios[@]}" | sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.2f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
echo
echo "Median ratio (fzn-csp / fzn-gecode): $median over all ${#ratios[@]} instances;"
echo "$search_median over the ${#search_ratios[@]} where Gecode needs at least 15 ms (the others mostly measure start-up)."
