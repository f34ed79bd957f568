#!/usr/bin/env python3
"""What `url!` costs at compile time: one file with 500 templates against the same file with
`format!` and `percent_encoding` (the target, in docs/design.md, "Performance targets": at most 2x).

    python3 bench/compile_time.py [--count 500] [--runs 5]

Generates two crates under `target/compile-time/` (one per side, each with its own target
directory), builds their dependencies once, then times `cargo check` and `cargo build` (debug)
of the crate alone after touching its source, `--runs` times each, and prints the medians and
the fastest runs, and their ratios (the fastest is less disturbed by other load; both include
cargo's own start-up, about 40 ms here). The `format!` side is what a careful user writes by
hand: every value goes through `utf8_percent_encode` with the RFC 3986 unreserved set; it does
not drop absent optional parameters, check hosts or guard dot segments, so it is the cheaper
program. Standard library only.
"""

import argparse
import statistics
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# (parameters, url! template, format! string, format! arguments), `{i}` numbering each copy so
# that no two templates are the same text.
SHAPES = [
    (
        "id: u64",
        "https://api.example.com/v{i}/users/{{id}}",
        "https://api.example.com/v{i}/users/{{}}",
        "id",
    ),
    (
        "owner: &str, repo: &str, state: &str, page: u32",
        "https://api.github.com/repos{i}/{{owner}}/{{repo}}/issues{{?state,page}}",
        "https://api.github.com/repos{i}/{{}}/{{}}/issues?state={{}}&page={{}}",
        "enc(owner), enc(repo), enc(state), page",
    ),
    (
        "q: &str, page: u32",
        "/search{i}?q={{q}}&page={{page}}",
        "/search{i}?q={{}}&page={{}}",
        "enc(q), page",
    ),
    (
        "path: &str, section: &str",
        "https://docs.example.com/{i}/{{path}}#{{section}}",
        "https://docs.example.com/{i}/{{}}#{{}}",
        "enc(path), enc(section)",
    ),
    (
        "",
        "https://example.com/static/{i}/index.html",
        "https://example.com/static/{i}/index.html",
        "",
    ),
]

MANIFEST = """[package]
name = "{name}"
version = "0.0.0"
edition = "2024"
publish = false

[dependencies]
{dependency}

[workspace]
"""

FORMAT_PRELUDE = """use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, PercentEncode, utf8_percent_encode};

const UNRESERVED: &AsciiSet = &NON_ALPHANUMERIC.remove(b'-').remove(b'.').remove(b'_').remove(b'~');

fn enc(s: &str) -> PercentEncode<'_> {
    utf8_percent_encode(s, UNRESERVED)
}
"""


def sources(count: int) -> tuple:
    """(url! source, format! source) with `count` functions each."""
    url_fns = ["use urlkit::{Error, Url, url};\n"]
    fmt_fns = [FORMAT_PRELUDE]
    for i in range(count):
        params, template, fmt, args = SHAPES[i % len(SHAPES)]
        template, fmt = template.format(i=i), fmt.format(i=i)
        if "{" in template:
            url_fns.append(
                f'pub fn f{i}({params}) -> Result<Url, Error> {{\n    url!("{template}")\n}}\n'
            )
        else:
            url_fns.append(f'pub fn f{i}() -> Url {{\n    url!("{template}")\n}}\n')
        call = f'format!("{fmt}", {args})' if args else f'"{fmt}".to_owned()'
        fmt_fns.append(f"pub fn f{i}({params}) -> String {{\n    {call}\n}}\n")
    return "\n".join(url_fns), "\n".join(fmt_fns)


def write_crate(directory: Path, name: str, dependency: str, source: str) -> None:
    (directory / "src").mkdir(parents=True, exist_ok=True)
    (directory / "Cargo.toml").write_text(MANIFEST.format(name=name, dependency=dependency))
    (directory / "src" / "lib.rs").write_text(source)


def timed(directory: Path, command: str, runs: int) -> tuple:
    """(median, fastest) seconds of `cargo <command>` of the crate alone (dependencies
    already built)."""
    cargo = ["cargo", command, "--quiet", "--manifest-path", str(directory / "Cargo.toml")]
    subprocess.run(cargo, check=True)
    times = []
    for _ in range(runs):
        (directory / "src" / "lib.rs").touch()
        start = time.perf_counter()
        subprocess.run(cargo, check=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times), min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=500)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()

    out = ROOT / "target" / "compile-time"
    url_source, fmt_source = sources(args.count)
    url_crate, fmt_crate = out / "with-url-macro", out / "with-format"
    runtime = ROOT / "runtime"
    write_crate(url_crate, "with_url_macro", f'urlkit = {{ path = "{runtime}" }}', url_source)
    write_crate(fmt_crate, "with_format", 'percent-encoding = "2.3"', fmt_source)

    print(
        f"{args.count} functions, {args.runs} runs after a touch of src/lib.rs: "
        "median (fastest) seconds"
    )
    for command in ["check", "build"]:
        ours, theirs = timed(url_crate, command, args.runs), timed(fmt_crate, command, args.runs)
        print(
            f"cargo {command:5}  url! {ours[0]:5.3} ({ours[1]:5.3})"
            f"   format! {theirs[0]:5.3} ({theirs[1]:5.3})"
            f"   ratio {ours[0] / theirs[0]:.2f}x ({ours[1] / theirs[1]:.2f}x)"
        )


if __name__ == "__main__":
    main()
