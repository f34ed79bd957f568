#!/usr/bin/env bash
# Instructions per call of one contender of a `bench/examples/*_count.rs` example, counted by
# valgrind's callgrind (which does not move with the machine's load, as criterion's times do,
# and works where `perf stat` has no counters):
#
#   cargo build --release -p urlkit-bench --example github_count
#   bench/count.sh github_count 'url!' plain 20000
#
# prints (instructions of <who> − instructions of `none`) / N. For `routes_count` the
# second argument is the enum's size and the result is per iteration: divide it by the number
# of routes (16, 32 or 130) for the count per path. Counts move by a few instructions with the
# binary's path length (heap layout); compare binaries built into the same target directory.
set -euo pipefail
if [ $# -ne 4 ]; then
    echo "usage: $0 <example> <who> <case> <N>" >&2
    exit 2
fi
top="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bin="${CARGO_TARGET_DIR:-$top/target}/release/examples/$1"
count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" "$1" "$2" "$3" 2>&1 >/dev/null \
        | awk '/Collected/ { print $4 }'
}
who=$(count "$2" "$3" "$4")
none=$(count none "$3" "$4")
awk -v w="$who" -v z="$none" -v n="$4" -v what="$1 $2 $3" \
    'BEGIN { printf "%s: %.1f instructions a call (%d − %d, over %d)\n", what, (w - z) / n, w, z, n }'
