#!/usr/bin/env bash
# Instruction counts (valgrind's callgrind: exact and repeatable, unlike
# wall time on a shared machine) of the nqueens command's main paths:
# counting under the default and under each strategy, the trace, the
# output formats, the tree picture, the replay page and the study, and
# fzn-csp enumerating a MiniZinc queens model. Give the folder holding the
# two binaries (build both with `cargo build --release -p nqueens -p
# csp-fzn`, at each commit compared) and compare the columns of two runs.
#
#   crates/nqueens/benches/instructions.sh target/release          # from the repository root
#   crates/nqueens/benches/instructions.sh /tmp/old/target/release
set -euo pipefail
bin=$(cd "${1:?usage: instructions.sh BINARY_DIR}" && pwd)
cd "$(dirname "$0")/../../.."
command -v valgrind >/dev/null || { echo "instructions: valgrind is not installed" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
MZN_SOLVER_PATH=crates/fzn minizinc --solver csp -c crates/fzn/tests/models/queens.mzn -D "n=10" \
    --fzn "$work/q10.fzn" --ozn "$work/q10.ozn" >/dev/null

count() {
    local name=$1
    shift
    valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" "$@" >/dev/null 2>"$work/err"
    printf '%-12s %15s\n' "$name" "$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/err")"
}
count count12_t1 "$bin/nqueens" 12 --count --threads 1
count count12_t2 "$bin/nqueens" 12 --count --threads 2
count fc11 "$bin/nqueens" 11 --count --strategy forward-checking
count ac10 "$bin/nqueens" 10 --count --strategy arc-consistency
count unique11 "$bin/nqueens" 11 --count --unique
count trace6 "$bin/nqueens" 6 --trace
count list10json "$bin/nqueens" 10 --format json
count list9svg "$bin/nqueens" 9 --format svg
count tree6 "$bin/nqueens" tree 6 --strategy backtracking,forward-checking,arc-consistency --svg "$work/t.svg"
count replay8 "$bin/nqueens" replay 8 --out "$work/r.html"
count study "$bin/nqueens" study --sizes 4..=9 --strategies backtracking,forward-checking,arc-consistency
count fzn_queens10 "$bin/fzn-csp" -a "$work/q10.fzn"
