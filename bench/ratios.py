#!/usr/bin/env python3
"""Throughput ratios of urlkit against each anchor, from criterion's saved estimates.

Run after `cargo bench -p urlkit-bench -- --warm-up-time 1 --measurement-time 3` (or one bench:
`--bench encoding`, `--bench resolve`):

    python3 bench/ratios.py [target/criterion]

For each group and input it prints the median time per iteration of every function (criterion's
estimate) and the ratio anchor_time / urlkit_time, which is urlkit's throughput divided by the
anchor's (both process the same bytes): above 1 means urlkit is faster. In brackets, the same
ratio from the fastest sample of each function, which is less disturbed when other processes
share the cores. Standard library only.
"""

import json
import sys
from pathlib import Path

# The encoding bench's inputs, in the order its table reads; other groups' inputs (the
# resolve bench's `rfc3986_5.4`) follow in name order.
INPUTS = ["ident_short", "ident_1k", "english_1k", "multibyte_1k"]


def inputs(group_dir: Path) -> list:
    """The inputs urlkit was measured on in this group, known ones first."""
    found = {p.name for p in (group_dir / "urlkit").iterdir() if (p / "new").is_dir()}
    # Then any others (the route bench's enum sizes), numbers in numeric order.
    others = sorted(found - set(INPUTS), key=lambda n: (not n.isdigit(), int(n) if n.isdigit() else 0, n))
    return [n for n in INPUTS if n in found] + others


def times_ns(root: Path, group: str, function: str, name: str) -> tuple:
    """(median, fastest sample) time per iteration, in nanoseconds."""
    new = root / group / function / name / "new"
    median = json.loads((new / "estimates.json").read_text())["median"]["point_estimate"]
    sample = json.loads((new / "sample.json").read_text())
    fastest = min(t / n for t, n in zip(sample["times"], sample["iters"]))
    return median, fastest


def main() -> None:
    root = Path(sys.argv[1] if len(sys.argv) > 1 else "target/criterion")
    groups = sorted(p.name for p in root.iterdir() if (p / "urlkit").is_dir())
    for group in groups:
        anchors = sorted(
            p.name for p in (root / group).iterdir() if p.is_dir() and p.name not in ("urlkit", "report")
        )
        print(f"\n{group}: median ns per call; ratio = anchor / urlkit (fastest samples)\n")
        header = ["input", "urlkit ns"] + [f"{a} ns" for a in anchors] + [f"vs {a}" for a in anchors]
        print("| " + " | ".join(header) + " |")
        print("|" + "---|" * len(header))
        for name in inputs(root / group):
            ours = times_ns(root, group, "urlkit", name)
            theirs = [times_ns(root, group, a, name) for a in anchors]
            cells = [name, f"{ours[0]:.0f}"] + [f"{t[0]:.0f}" for t in theirs]
            cells += [f"{t[0] / ours[0]:.2f}x ({t[1] / ours[1]:.2f}x)" for t in theirs]
            print("| " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
