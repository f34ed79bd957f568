#!/usr/bin/env python3
"""Throughput ratios of urlkit against each anchor, from criterion's saved estimates.

Run after `cargo bench -p urlkit-bench -- --warm-up-time 1 --measurement-time 3` (or one bench:
`--bench encoding`, `--bench resolve`, `--bench template`, `--bench github`, `--bench complexity`):

    python3 bench/ratios.py [target/criterion]

For each group and input it prints the median time per iteration of every function (criterion's
estimate) and the ratio anchor_time / urlkit_time, which is urlkit's throughput divided by the
anchor's (both process the same bytes): above 1 means urlkit is faster. In brackets, the same
ratio from the fastest sample of each function, which is less disturbed when other processes
share the cores.

Groups whose urlkit functions carry a variant in their name and no inputs (the template bench's
`urlkit (typed)`, `urlkit (serde_json)`; the github bench's `urlkit url!`) get one row per
variant instead of one per input.

The complexity bench's groups (`complexity/<group>`) have no anchor: for each case, the median
time at n and at 10 n units and their ratio, about 10 for a linear case and 100 for a quadratic
one (in brackets, from the fastest samples). Standard library only.
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


def time_ns(function_dir: Path) -> tuple:
    """(median, fastest sample) time per iteration of a function without inputs."""
    new = function_dir / "new"
    median = json.loads((new / "estimates.json").read_text())["median"]["point_estimate"]
    sample = json.loads((new / "sample.json").read_text())
    fastest = min(t / n for t, n in zip(sample["times"], sample["iters"]))
    return median, fastest


def variants(root: Path, group: str) -> None:
    """A group of functions without inputs: one row per urlkit variant, one column per anchor."""
    functions = sorted(p for p in (root / group).iterdir() if (p / "new").is_dir())
    ours = [f for f in functions if f.name.startswith("urlkit")]
    anchors = [f for f in functions if not f.name.startswith("urlkit")]
    print(f"\n{group}: median ns per call; ratio = anchor / urlkit (fastest samples)\n")
    header = ["urlkit", "ns"] + [f"{a.name} ns" for a in anchors] + [f"vs {a.name}" for a in anchors]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    theirs = [time_ns(a) for a in anchors]
    for f in ours:
        t = time_ns(f)
        cells = [f.name, f"{t[0]:.0f}"] + [f"{a[0]:.0f}" for a in theirs]
        cells += [f"{a[0] / t[0]:.2f}x ({a[1] / t[1]:.2f}x)" for a in theirs]
        print("| " + " | ".join(cells) + " |")


def complexity(root: Path) -> None:
    """The complexity bench: time(10 n) / time(n) for each case."""
    for group_dir in sorted(p for p in root.iterdir() if p.name.startswith("complexity_")):
        print(f"\n{group_dir.name}: median ns per call at n and 10 n units; ratio (fastest samples)\n")
        print("| case | n | ns | 10 n ns | ratio |")
        print("|---|---|---|---|---|")
        for function_dir in sorted(p for p in group_dir.iterdir() if p.is_dir() and p.name != "report"):
            sizes = []
            for size_dir in function_dir.iterdir():
                if (size_dir / "new").is_dir():
                    meta = json.loads((size_dir / "new" / "benchmark.json").read_text())
                    sizes.append((int(meta["value_str"]), meta["function_id"], time_ns(size_dir)))
            sizes.sort()
            if len(sizes) != 2:
                continue
            (n, name, small), (_, _, large) = sizes
            ratio = f"{large[0] / small[0]:.1f} ({large[1] / small[1]:.1f})"
            print(f"| {name} | {n} | {small[0]:.0f} | {large[0]:.0f} | {ratio} |")


def main() -> None:
    root = Path(sys.argv[1] if len(sys.argv) > 1 else "target/criterion")
    for group in sorted(p.name for p in root.iterdir() if p.is_dir()):
        if not (root / group / "urlkit").is_dir() and any(
            p.name.startswith("urlkit") and (p / "new").is_dir() for p in (root / group).iterdir()
        ):
            variants(root, group)
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
    complexity(root)


if __name__ == "__main__":
    main()
