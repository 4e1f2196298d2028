#!/usr/bin/env bash
# The cost of a node on one search tree: builds of fzn-csp and Gecode
# walk the same number of failures of one instance under its own search
# annotation, so their times compare the work per node rather than the
# search. The instance is flattened once for csp (csp's library) and once
# for Gecode (MiniZinc's standard library, as Gecode's FlatZinc front end
# reads it); each csp build runs `--strategy arc-consistency -fail N`
# (which follows the annotation as Gecode does), Gecode `fzn-gecode
# -fail N`, all interleaved ROUNDS times so that a load change hits every
# run alike. Prints a Markdown table: per solver the failures, the first
# line of the last solution printed (the path reached: equal lines say
# the trees agree), the median wall time, and that over Gecode's.
#
#   crates/fzn/benches/same_tree.sh MODEL.mzn DATA.dzn N BIN...   # from the repository root
#   ROUNDS=5 crates/fzn/benches/same_tree.sh ...
#   DOMAIN=1 crates/fzn/benches/same_tree.sh ...  # also the first build with
#                                                 # `:: domain` on every int_times
#
# A BIN is a copy of target/release/fzn-csp (from main, or a change).
set -euo pipefail
usage="usage: same_tree.sh MODEL.mzn DATA.dzn FAILURES BIN..."
model=${1:?$usage}
data=${2:?$usage}
fails=${3:?$usage}
shift 3
[ $# -ge 1 ] || { echo "same_tree: $usage" >&2; exit 1; }
ROUNDS=${ROUNDS:-3}
for tool in minizinc fzn-gecode; do
    command -v "$tool" >/dev/null || { echo "same_tree: $tool is not installed" >&2; exit 1; }
done
for bin in "$@"; do
    [ -x "$bin" ] || { echo "same_tree: $bin is not an executable" >&2; exit 1; }
done
root=$(cd "$(dirname "$0")/../../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/bin"
ln -s "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")" "$tmp/bin/fzn-csp"
PATH="$tmp/bin:$PATH" MZN_SOLVER_PATH="$root/crates/fzn" \
    minizinc --solver csp -c "$model" "$data" --fzn "$tmp/csp.fzn" >/dev/null
minizinc -G std -c "$model" "$data" --fzn "$tmp/gecode.fzn" >/dev/null
names=() cmds=()
for bin in "$@"; do
    names+=("$bin")
    cmds+=("$bin -s --strategy arc-consistency -fail $fails $tmp/csp.fzn")
done
if [ -n "${DOMAIN:-}" ]; then
    sed 's/\(constraint int_times([^)]*)\)/\1 :: domain/' "$tmp/csp.fzn" >"$tmp/domain.fzn"
    names+=("$1 (:: domain)")
    cmds+=("$1 -s --strategy arc-consistency -fail $fails $tmp/domain.fzn")
fi
names+=("fzn-gecode")
cmds+=("fzn-gecode -s -fail $fails $tmp/gecode.fzn")
declare -A times failures objective
for ((r = 0; r < ROUNDS; r++)); do
    for i in "${!cmds[@]}"; do
        start=$(date +%s.%N)
        out=$(${cmds[$i]} 2>&1 || true)
        end=$(date +%s.%N)
        times[$i]="${times[$i]:-} $(echo "$end - $start" | bc)"
        failures[$i]=$(grep -o 'stat: failures=[0-9]*' <<<"$out" | cut -d= -f2 | tail -1)
        # The first line of the last solution printed (Gecode prints no
        # objective statistic).
        objective[$i]=$(awk '/^----------/ {print first; first = ""; next}
            /^%/ {next} first == "" {first = $0}' <<<"$out" | tail -1)
    done
done
median() { tr ' ' '\n' | grep . | sort -g | awk '{a[NR]=$1} END {print a[int((NR + 1) / 2)]}'; }
g=$((${#cmds[@]} - 1))
gecode=$(median <<<"${times[$g]}")
echo "Instance $(basename "$model") $(basename "$data"), $fails failures, median of $ROUNDS rounds."
echo
echo "| solver | failures | last solution | seconds | over Gecode |"
echo "| --- | ---: | ---: | ---: | ---: |"
for i in "${!cmds[@]}"; do
    t=$(median <<<"${times[$i]}")
    printf '| %s | %s | %s | %.2f | %.2f |\n' "${names[$i]}" "${failures[$i]:-}" \
        "${objective[$i]:-}" "$t" "$(echo "$t / $gecode" | bc -l)"
done
