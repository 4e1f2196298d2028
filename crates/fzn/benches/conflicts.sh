#!/usr/bin/env bash
# Clause learning's conflicts against Pumpkin's on the same FlatZinc: each
# instance (a model with a data file, or with data given inline) is
# flattened once with MiniZinc's standard library, as Pumpkin reads it,
# and solved to the end by `fzn-csp --strategy clause-learning` and by
# `pumpkin-solver`, both under the model's own search annotation. Where
# the two search the same annotation on the same constraints, the counts
# compare the learning itself (what each conflict teaches), not the
# propagators or the flattening. Prints a Markdown table: per instance
# each solver's end, conflicts (Pumpkin's failures), decisions (nodes)
# and wall time.
#
#   crates/fzn/benches/conflicts.sh BIN MODEL.mzn DATA...   # from the repository root
#
# A DATA is a .dzn file or inline data such as "n=3; k=5;". BIN is a copy
# of target/release/fzn-csp; pumpkin-solver is Pumpkin 0.5.0's binary
# (`cargo install pumpkin-solver --version 0.5.0`). LIMIT_S (default 60)
# bounds each run.
set -euo pipefail
usage="usage: conflicts.sh BIN MODEL.mzn DATA..."
bin=${1:?$usage}
model=${2:?$usage}
shift 2
[ $# -ge 1 ] || { echo "conflicts: $usage" >&2; exit 1; }
limit=${LIMIT_S:-60}
[[ "$limit" =~ ^[1-9][0-9]*$ ]] || { echo "conflicts: LIMIT_S must be a positive number of seconds" >&2; exit 1; }
for tool in minizinc pumpkin-solver; do
    command -v "$tool" >/dev/null || { echo "conflicts: $tool is not installed" >&2; exit 1; }
done
[ -x "$bin" ] || { echo "conflicts: $bin is not an executable" >&2; exit 1; }
[ -f "$model" ] || { echo "conflicts: no model $model" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# One run: its end, the first count named, the decisions, the seconds.
run() {
    local start end out
    start=$(date +%s.%N)
    out=$(timeout "$limit" "$@" 2>&1 || true)
    end=$(date +%s.%N)
    local status=none
    grep -q '^=====UNSATISFIABLE=====' <<<"$out" && status=unsat
    grep -q '^==========' <<<"$out" && status=complete
    [ "$status" = none ] && grep -q '^----------' <<<"$out" && status=solution
    local conflicts nodes
    conflicts=$(grep -oE 'stat: (conflicts|failures)=[0-9]+' <<<"$out" | head -1 | cut -d= -f2)
    nodes=$(grep -oE 'stat: nodes=[0-9]+' <<<"$out" | head -1 | cut -d= -f2)
    printf '%s | %s | %s | %.2f' "$status" "${conflicts:-}" "${nodes:-}" "$(echo "$end - $start" | bc)"
}
echo "Model $(basename "$model"), clause learning against Pumpkin 0.5.0, ${limit} s each."
echo
echo "| data | csp end | csp conflicts | csp decisions | csp s | Pumpkin end | Pumpkin failures | Pumpkin decisions | Pumpkin s |"
echo "| --- | --- | ---: | ---: | ---: | --- | ---: | ---: | ---: |"
for data in "$@"; do
    if [[ "$data" == *.dzn ]]; then
        [ -f "$data" ] || { echo "conflicts: no data file $data" >&2; exit 1; }
        args=("$data")
    else
        args=(-D "$data")
    fi
    if ! minizinc -G std -c "$model" "${args[@]}" --fzn "$tmp/x.fzn" >"$tmp/err" 2>&1; then
        echo "conflicts: $data does not compile: $(head -1 "$tmp/err")" >&2
        exit 1
    fi
    csp=$(run "$bin" -s --strategy clause-learning "$tmp/x.fzn")
    pumpkin=$(run pumpkin-solver -s "$tmp/x.fzn")
    echo "| $data | $csp | $pumpkin |"
done
