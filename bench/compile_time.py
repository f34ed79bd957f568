#!/usr/bin/env python3
"""What urlkit's macros cost a user at compile time, against the same code written by hand.

A user pays for a macro in every clean build of *their* crate: the macro runs, and the code it
expands to is type-checked, monomorphized, lowered to LLVM IR and optimized. So each measured
build is a clean build of a generated user crate alone: `cargo clean -p <crate>` (which also
removes the crate's incremental cache), then the build, with every dependency built beforehand
and left alone. Neither a warm incremental rebuild, which reuses most of that work, nor
`cargo check` alone says what a user waits for; `cargo check` is reported beside the builds.

Cases, each a generated crate per side:

- `calls N`: N small functions, each building one URL in a shape an API client has:
  `/users/{id}`, GitHub's issues URL with `{?state,labels,page}`, query pairs written by hand
  (`/search?q={q}&page={page}`), `{/path*}`, a literal, a fragment;
- `routes N`: one enum of N routes with `#[derive(Route)]`: the GitHub REST routes of
  `bench/benches/routes/cases.rs` (its 32-route enum, with typed fields and query parameters,
  spread through its 130 path-only routes); fewer than all of them are an even spread, more
  are copies under numbered prefixes (`/v1/...`), so that no two templates are the same;
- `1 call, N placeholders`: one `url!` with N/2 path placeholders and one `{?...}` of N/2
  optional parameters. Peak memory matters most here.

The other side of each case is what a careful user writes by hand: `format!`, every value
through percent-encoding's `utf8_percent_encode` with the RFC 3986 unreserved set, `Option`s
with `if let`, lists joined; for routes an enum with a hand `to_url` and a `from_url` that
matches the split path with slice patterns and reads the query with `form_urlencoded`. It
does not check hosts or guard dot segments, so it is the cheaper program. `--verify` builds
and runs an example in every crate to check that both sides give the same URLs.

Measures (`--only`): `check` (`cargo check`), `build` (`cargo build`, dev profile, incremental
as cargo sets it for a workspace member), `noincr` (the same with incremental off: a profile
that inherits dev with `incremental = false`, which for the user crate is `CARGO_INCREMENTAL=0`
without flipping the setting for the path dependencies, which cargo would then rebuild),
`release` (`cargo build --release`) and `ir` (bytes of LLVM IR from `cargo rustc --lib --
--emit=llvm-ir`, dev profile; once per side, it does not vary).

Runs alternate between the sides (format! A B format! A B ...) so that load from other work on
the machine falls on each side alike. The tables give the median and, in brackets, the fastest
run (less disturbed by load), and ratios to `format!`; peak memory is the largest resident set
of any process of the build (rustc). A build whose processes together hold more than
`--mem-cap-mb`, or that runs past `--timeout`, is killed and reported as such, and that side is
not run again on that case and measure.

    python3 bench/compile_time.py                      # this checkout against format!
    python3 bench/compile_time.py --calls 100 --routes 16 --placeholders 50 --runs 1 --verify
    python3 bench/compile_time.py --urlkit before=/other/worktree/runtime --urlkit after=runtime \\
        --calls 100,500,2000 --routes 16,130,500 --placeholders 50,200,500 --runs 3 --markdown

The defaults (`--calls 100,500 --routes 16,130 --placeholders 50 --runs 3`) keep a run short
on a shared machine; the last command gives the sizes of the benchmark page, before and after
a change, in one run.

The generated crates are under `$CARGO_TARGET_DIR/compile-time/` (else `target/compile-time/`):
one workspace per side with a target directory of its own, so that each side builds its
dependencies once for all its crates, and each measured build cleans and builds one crate.
Every run's numbers are also written to `results.json` there. Standard library only.
"""

import argparse
import datetime
import json
import os
import re
import shlex
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ROUTE_CASES = ROOT / "bench" / "benches" / "routes" / "cases.rs"
HAND = "format!"
PAGE_SIZE = os.sysconf("SC_PAGE_SIZE")

MEASURES = {
    # name: (title, cargo arguments after the subcommand's name, `cargo clean` profile option)
    "check": ("`cargo check`", ["check"], []),
    "build": ("`cargo build` (dev)", ["build"], []),
    "noincr": (
        "`cargo build` (dev, incremental off)",
        ["build", "--profile", "noincr"],
        ["--profile", "noincr"],
    ),
    "release": ("`cargo build --release`", ["build", "--release"], ["--release"]),
    "ir": ("LLVM IR (dev)", ["rustc", "--lib"], []),
}


# ---------------------------------------------------------------------------------------------
# Sides and cases


@dataclass(frozen=True)
class Side:
    """One side of the comparison: the hand-written code, or `url!` from one urlkit checkout."""

    label: str
    runtime: Path | None = None  # urlkit's runtime/ crate; None for the hand-written side

    @property
    def slug(self) -> str:
        if self.runtime is None:
            return "format"
        return "urlkit-" + re.sub(r"[^A-Za-z0-9_.-]", "", self.label)


@dataclass(frozen=True)
class Case:
    kind: str  # "calls", "routes" or "placeholders"
    size: int

    @property
    def crate(self) -> str:
        return f"{self.kind}_{self.size}"

    @property
    def title(self) -> str:
        if self.kind == "placeholders":
            return f"1 call, {self.size:,} placeholders"
        return f"{self.size:,} {self.kind}"

    @property
    def unit(self) -> str:
        """What the IR size is divided by."""
        return {"calls": "call", "routes": "route", "placeholders": "placeholder"}[self.kind]


# ---------------------------------------------------------------------------------------------
# Generated code shared by the hand-written crates

ENCODER = """\
/// RFC 3986 §2.3: only the unreserved characters stand for themselves in a value.
const UNRESERVED: &AsciiSet = &NON_ALPHANUMERIC.remove(b'-').remove(b'.').remove(b'_').remove(b'~');

fn enc(value: &str) -> PercentEncode<'_> {
    utf8_percent_encode(value, UNRESERVED)
}
"""

SEGMENT_PARSER = """\
/// A path segment's value: percent-decoded as UTF-8, then parsed; an empty segment is none.
fn segment<T: FromStr>(raw: &str) -> Option<T> {
    if raw.is_empty() {
        return None;
    }
    percent_decode_str(raw).decode_utf8().ok()?.parse().ok()
}
"""

QUERY_READER = {
    "struct": """\
/// The query's pairs, form-decoded (`+` is a space).
struct Query<'a>(Vec<(Cow<'a, str>, Cow<'a, str>)>);

impl<'a> Query<'a> {
    fn parse(query: &'a str) -> Self {
        Self(form_urlencoded::parse(query.as_bytes()).collect())
    }

    fn values<'k>(&'k self, key: &'k str) -> impl Iterator<Item = &'k str> {
        self.0.iter().filter(move |(k, _)| k == key).map(|(_, v)| v.as_ref())
    }
""",
    "optional": """
    /// `Some(None)` when the key is absent; `None` when it is given twice or does not parse.
    fn optional<T: FromStr>(&self, key: &str) -> Option<Option<T>> {
        let mut values = self.values(key);
        match (values.next(), values.next()) {
            (None, _) => Some(None),
            (Some(value), None) => value.parse().ok().map(Some),
            (Some(_), Some(_)) => None,
        }
    }
""",
    "required": """
    fn required<T: FromStr>(&self, key: &str) -> Option<T> {
        self.optional(key).flatten()
    }
""",
    "list": """
    fn list<T: FromStr>(&self, key: &str) -> Option<Vec<T>> {
        self.values(key).map(|value| value.parse().ok()).collect()
    }
""",
}


def indent(text: str, by: int = 4) -> str:
    pad = " " * by
    return "\n".join(pad + line if line else line for line in text.splitlines())


def value_kind(rust_type: str) -> tuple:
    """("one" | "opt" | "list", the value's own type) of a field or parameter type."""
    for kind, wrapper in (("opt", "Option"), ("list", "Vec")):
        match = re.fullmatch(wrapper + r"<(.+)>", rust_type)
        if match:
            return kind, match.group(1)
    return "one", rust_type


def is_text(rust_type: str) -> bool:
    return rust_type in ("String", "&str")


def hand_builder(base: str, path: list, tail: str | None, query: list, used: set) -> str:
    """The hand-written body that builds a URL: `format!` of `base` and the path (static text
    or `(binding, type)`), then the `{/x*}` items of `tail`, then the query items
    `(key, binding, type)`, each value through `enc` if it is text. `used` collects the helpers
    the body needs (`enc`, `write`)."""

    def value(binding: str, rust_type: str) -> str:
        if is_text(rust_type):
            used.add("enc")
            return f"enc({binding})"
        return binding

    text, args, statements = base, [], []
    for part in path:
        if isinstance(part, str):
            text += part
        else:
            text += "{}"
            args.append(value(*part))
    if tail is not None:
        write = f'let _ = write!(url, "/{{}}", {value("item", "String")});'
        statements.append(f"for item in {tail} {{\n    {write}\n}}")
    # The separator before the next pair: `?` until one is written, then `&`; the variable
    # `sep` holds it where that depends on which optional values are there.
    sep = "?"
    for index, (key, binding, rust_type) in enumerate(query):
        kind, inner = value_kind(rust_type)
        if kind == "one" and sep is not None and not statements:
            text += f"{sep}{key}={{}}"
            args.append(value(binding, inner))
            sep = "&"
            continue
        last = index == len(query) - 1
        known = sep == "&" or (sep == "?" and kind == "opt" and last)
        if not known and sep == "?":
            statements.append("let mut sep = '?';")
        prefix = sep if known else "{sep}"
        item = "item" if kind == "list" else binding
        write = f'let _ = write!(url, "{prefix}{key}={{}}", {value(item, inner)});'
        if kind == "one":
            statements.append(write)
            sep = "&"
            continue
        advance = "" if known or (kind == "opt" and last) else "\n    sep = '&';"
        if kind == "opt":
            statements.append(f"if let Some({binding}) = {binding} {{\n    {write}{advance}\n}}")
        else:
            statements.append(f"for item in {binding} {{\n    {write}{advance}\n}}")
        sep = "&" if known else None
    start = f'format!("{text}", {", ".join(args)})' if args else f'"{text}".to_owned()'
    if not statements:
        return start
    used.add("write")
    return "\n".join([f"let mut url = {start};", *statements, "url"])


def hand_prelude(used: set) -> str:
    """The `use` lines and helpers a hand-written crate needs, and nothing more (so that it
    compiles without warnings, as a careful user's crate does)."""
    lines, helpers, percent = [], [], []
    if "Query" in used:
        lines.append("use std::borrow::Cow;")
    if "write" in used:
        lines.append("use std::fmt::Write as _;")
    if "segment" in used or "Query" in used:
        lines.append("use std::str::FromStr;")
    if "enc" in used:
        percent += ["AsciiSet", "NON_ALPHANUMERIC", "PercentEncode"]
        helpers.append(ENCODER)
    if "segment" in used:
        percent.append("percent_decode_str")
        helpers.append(SEGMENT_PARSER)
    if "enc" in used:
        percent.append("utf8_percent_encode")
    if percent:
        lines.append(f"use percent_encoding::{{{', '.join(percent)}}};")
    if "Query" in used:
        methods = [QUERY_READER[m] for m in ("optional", "required", "list") if m in used]
        helpers.append(QUERY_READER["struct"] + "".join(methods) + "}\n")
    return "\n".join(lines) + "\n\n" + "\n".join(helpers)


# ---------------------------------------------------------------------------------------------
# Case `calls N`


@dataclass(frozen=True)
class CallShape:
    """One function shape; `$n` in the code is the function's number, so that no two
    templates are the same text."""

    params: str
    url: str  # the `url!` call
    hand: str  # the hand-written body
    samples: tuple  # arguments for `--verify`, taken in turn by function number
    literal: bool = False  # `url!` of a literal is a `Url`, not a `Result`


CALL_SHAPES = [
    CallShape(
        params="id: u64",
        url='url!("https://api.example.com/v$n/users/{id}")',
        hand='format!("https://api.example.com/v$n/users/{id}")',
        samples=("7", "18446744073709551615"),
    ),
    CallShape(
        params="owner: &str, repo: &str, state: Option<&str>, labels: &[&str], page: Option<u32>",
        url='url!("https://api.github.com/repos$n/{owner}/{repo}/issues{?state,labels,page}")',
        hand="""\
let mut url = format!("https://api.github.com/repos$n/{}/{}/issues", enc(owner), enc(repo));
let mut sep = '?';
if let Some(state) = state {
    let _ = write!(url, "{sep}state={}", enc(state));
    sep = '&';
}
if !labels.is_empty() {
    let labels: Vec<String> = labels.iter().map(|label| enc(label).to_string()).collect();
    let _ = write!(url, "{sep}labels={}", labels.join(","));
    sep = '&';
}
if let Some(page) = page {
    let _ = write!(url, "{sep}page={page}");
}
url""",
        samples=(
            '"rust lang", "r\u00fcst/x", Some("open"), &["A-macros", "C bug,1"], Some(2)',
            '"octocat", "hello-world", None, &[], None',
            '"o", "r", None, &["good first issue"], Some(0)',
        ),
    ),
    CallShape(
        params="q: &str, page: u32",
        url='url!("https://api.example.com/search$n?q={q}&page={page}")',
        hand='format!("https://api.example.com/search$n?q={}&page={page}", enc(q))',
        samples=('"url template+rust & more", 3',),
    ),
    CallShape(
        params="path: &[&str]",
        url='url!("https://raw.example.com/$n/files{/path*}")',
        hand="""\
let mut url = format!("https://raw.example.com/$n/files");
for segment in path {
    let _ = write!(url, "/{}", enc(segment));
}
url""",
        samples=('&["src", "a b", "c/d", "\u00fc.rs"]', "&[]"),
    ),
    CallShape(
        params="",
        url='url!("https://example.com/static/$n/index.html")',
        hand='"https://example.com/static/$n/index.html".to_owned()',
        samples=("",),
        literal=True,
    ),
    CallShape(
        params="page: &str, section: &str",
        url='url!("https://docs.example.com/$n/{page}#{section}")',
        hand='format!("https://docs.example.com/$n/{}#{}", enc(page), enc(section))',
        samples=('"getting started", "the end?"',),
    ),
]


def calls_sources(count: int, macro: bool) -> tuple:
    """(lib.rs, examples/dump.rs) of `count` functions, with `url!` or by hand."""
    functions, prints = [], []
    for i in range(count):
        shape = CALL_SHAPES[i % len(CALL_SHAPES)]
        body = (shape.url if macro else shape.hand).replace("$n", str(i))
        if not macro:
            returns = "String"
        elif shape.literal:
            returns = "Url"
        else:
            returns = "Result<Url, ExpandError>"
        functions.append(f"pub fn f{i}({shape.params}) -> {returns} {{\n{indent(body)}\n}}\n")
        call = f"f{i}({shape.samples[(i // len(CALL_SHAPES)) % len(shape.samples)]})"
        prints.append(f"show({call})" if macro and not shape.literal else call)
    if macro:
        lib = "use urlkit::{ExpandError, Url, url};\n\n" + "\n".join(functions)
        show = SHOW_RESULT
    else:
        lib = hand_prelude({"enc", "write"}) + "\n" + "\n".join(functions)
        show = ""
    dump = (
        f"use {{crate}}::*;\n\n{show}fn main() {{\n"
        + "".join(f'    println!("{{}}", {p});\n' for p in prints)
        + "}\n"
    )
    return lib, dump


SHOW_RESULT = """\
fn show(url: Result<urlkit::Url, urlkit::ExpandError>) -> String {
    url.map_or_else(|e| format!("error: {e}"), |url| url.to_string())
}

"""


# ---------------------------------------------------------------------------------------------
# Case `1 call, N placeholders`


def placeholders_sources(count: int, macro: bool) -> tuple:
    """(lib.rs, examples/dump.rs): one function building a URL from `count` values, half of
    them path segments and half optional query parameters."""
    segments = [f"s{k}" for k in range(count - count // 2)]
    pairs = [f"q{k}" for k in range(count // 2)]
    params = ", ".join([f"{s}: &str" for s in segments] + [f"{q}: Option<u32>" for q in pairs])
    optional = [f"Some({k})" if k % 2 == 0 else "None" for k in range(len(pairs))]
    samples = ", ".join(['"a b"'] * len(segments) + optional)
    if macro:
        query = "{?" + ",".join(pairs) + "}" if pairs else ""
        template = "https://api.example.com" + "".join("/{" + s + "}" for s in segments) + query
        lib = (
            "use urlkit::{ExpandError, Url, url};\n\n"
            f"pub fn build({params}) -> Result<Url, ExpandError> {{\n"
            f'    url!("{template}")\n}}\n'
        )
        dump = (
            f"use {{crate}}::build;\n\n{SHOW_RESULT}fn main() {{\n"
            f'    println!("{{}}", show(build({samples})));\n}}\n'
        )
        return lib, dump
    used = set()
    body = hand_builder(
        "https://api.example.com",
        [part for s in segments for part in ("/", (s, "&str"))],
        None,
        [(q, q, "Option<u32>") for q in pairs],
        used,
    )
    lib = hand_prelude(used) + f"\npub fn build({params}) -> String {{\n{indent(body)}\n}}\n"
    dump = f'use {{crate}}::build;\n\nfn main() {{\n    println!("{{}}", build({samples}));\n}}\n'
    return lib, dump


# ---------------------------------------------------------------------------------------------
# Case `routes N`


@dataclass(frozen=True)
class RouteDef:
    variant: str
    template: str
    fields: tuple  # ((name as written, Rust type), ...)


def read_routes() -> tuple:
    """The route shapes of the routes bench: its 32-route enum `Api` (typed fields, query
    parameters, `{/path*}`), and its 130 GitHub routes (every field a `String`) but those whose
    path one of the 32 already has."""
    text = ROUTE_CASES.read_text()
    api_block = re.search(r"pub\(crate\) enum Api \{(.*?)\n\}", text, re.S)
    github_block = re.search(r"Github130, GITHUB_130:(.*?)\n\}", text, re.S)
    if not api_block or not github_block:
        sys.exit(f"{ROUTE_CASES}: no `enum Api` or `Github130` list; update read_routes()")
    api = []
    variant = re.compile(r'#\[route\("([^"]*)"\)\]\s*(\w+)\s*(?:\{([^}]*)\})?\s*,')
    for template, name, fields in variant.findall(api_block.group(1)):
        pairs = [f.split(":", 1) for f in fields.split(",") if f.strip()]
        api.append(RouteDef(name, template, tuple((n.strip(), t.strip()) for n, t in pairs)))
    # The list is in a file of its own, which `cases.rs` includes, where there is one.
    github_file = ROUTE_CASES.parent / "github_130.rs"
    github_text = github_file.read_text() if github_file.exists() else github_block.group(1)
    listed = re.findall(r'^\s+(\w+) "([^"]*)" \[([\w ]*)\],', github_text, re.M)
    github = [RouteDef(n, t, tuple((f, "String") for f in f.split())) for n, t, f in listed]
    if len(api) != api_block.group(1).count("#[route(") or len(github) != 130:
        sys.exit(f"{ROUTE_CASES}: read {len(api)} + {len(github)} routes; update read_routes()")
    paths = {path_shape(r.template) for r in api}
    names = {r.variant for r in api}
    github = [
        RouteDef("Gh" + r.variant if r.variant in names else r.variant, r.template, r.fields)
        for r in github
        if path_shape(r.template) not in paths
    ]
    return api, github


def path_shape(template: str) -> str:
    """The path of a route template with every placeholder written `{}`: two routes with the
    same shape match the same paths."""
    path = split_route(template)[0]
    return re.sub(r"\{(\w+)\}", "{}", path)


def spread(routes: list, count: int) -> list:
    """`count` of the routes, evenly spaced, each from the middle of its stretch."""
    return [routes[(2 * i + 1) * len(routes) // (2 * count)] for i in range(count)]


def interleave(lists: list) -> list:
    """The routes of all lists, each at its relative position in its own list."""
    placed = [((i + 0.5) / len(routes), r) for routes in lists for i, r in enumerate(routes)]
    return [r for _, r in sorted(placed, key=lambda pair: pair[0])]


def route_set(pool: tuple, count: int) -> list:
    """`count` routes: when the pool has as many, an even spread of each of its lists in
    proportion to their sizes; else all of them, then copies under the prefixes `/v1`,
    `/v2`, ... (variants `V1...`)."""
    api, github = pool
    if count <= len(api) + len(github):
        from_api = round(count * len(api) / (len(api) + len(github)))
        return interleave([spread(api, from_api), spread(github, count - from_api)])
    every = interleave([api, github])
    routes = []
    for i in range(count):
        copy, r = divmod(i, len(every))
        r = every[r]
        if copy:
            r = RouteDef(f"V{copy}{r.variant}", f"/v{copy}{r.template}", r.fields)
        routes.append(r)
    return routes


@dataclass
class RouteTemplate:
    segments: list  # static text, or ("var", name)
    tail: str | None  # the name of a trailing `{/name*}`
    query: list  # (key, placeholder name)


def split_route(template: str) -> tuple:
    """(path, query) of a route template: the query starts at the first `?` or `{?`/`{&`
    outside a placeholder."""
    depth = 0
    for i, c in enumerate(template):
        if c == "{":
            if template[i + 1 : i + 2] in ("?", "&"):
                return template[:i], template[i:]
            depth += 1
        elif c == "}":
            depth -= 1
        elif c == "?" and depth == 0:
            return template[:i], template[i:]
    return template, ""


def parse_route(template: str) -> RouteTemplate:
    """The shapes the routes bench uses: static or whole-segment `{x}` segments, an optional
    `{/x*}` at the end of the path, and a query of `{?a,b*}`/`{&a}` expressions and `k={x}`
    pairs. Anything else is refused here, not guessed."""
    path, query_text = split_route(template)
    tail = re.search(r"\{/(\w+)\*\}$", path)
    if tail:
        path = path[: tail.start()]
    if not path.startswith("/"):
        raise ValueError(f"route `{template}`: not a path")
    segments = []
    for text in path[1:].split("/"):
        var = re.fullmatch(r"\{(\w+)\}", text)
        if var:
            segments.append(("var", var.group(1)))
        elif "{" in text or "}" in text or '"' in text or "\\" in text:
            raise ValueError(f"route `{template}`: the bench cannot write segment `{text}` by hand")
        else:
            segments.append(text)
    query, at = [], 0
    expression = re.compile(r"\{[?&]([\w*,]+)\}")
    pair = re.compile(r"[?&]([\w.-]+)=\{(\w+)\}")
    while at < len(query_text):
        if m := expression.match(query_text, at):
            query += [(name.rstrip("*"), name.rstrip("*")) for name in m.group(1).split(",")]
        elif m := pair.match(query_text, at):
            query.append((m.group(1), m.group(2)))
        else:
            rest = query_text[at:]
            raise ValueError(f"route `{template}`: the bench cannot write query `{rest}` by hand")
        at = m.end()
    return RouteTemplate(segments, tail.group(1) if tail else None, query)


def specificity(route: RouteTemplate) -> list:
    """Sort key of a `from_url` arm: static text before a placeholder at each position, and
    `{/x*}`'s rest pattern after both, as the derive orders routes; slice patterns are tried
    in order, so the most specific must come first."""
    key = [1 if isinstance(s, tuple) else 0 for s in route.segments]
    return key + ([2] if route.tail else [])


def field_list(route: RouteDef) -> str:
    if not route.fields:
        return ""
    return " { " + ", ".join(f"{n}: {t}" for n, t in route.fields) + " }"


def routes_derive_source(routes: list) -> str:
    variants = []
    for r in routes:
        variants.append(f'    #[route("{r.template}")]\n    {r.variant}{field_list(r)},\n')
    return (
        "use urlkit::Route;\n\n#[derive(Route, Debug, PartialEq)]\npub enum Api {\n"
        + "".join(variants)
        + "}\n"
    )


def routes_hand_source(routes: list) -> str:
    """The same enum with `to_url` (`format!`) and `from_url` (slice patterns over the split
    path, the query read with `form_urlencoded`) written by hand."""
    used = set()
    variants, to_arms, from_arms = [], [], []
    for r in routes:
        template = parse_route(r.template)
        field_of = {name.removeprefix("r#"): (name, rust_type) for name, rust_type in r.fields}
        names = [name for name, _ in r.fields]
        variants.append(f"    {r.variant}{field_list(r)},")
        binding = f"Self::{r.variant}" + (" { " + ", ".join(names) + " }" if names else "")
        path = []
        for s in template.segments:
            path.append("/")
            path.append(field_of[s[1]] if isinstance(s, tuple) else s)
        if not template.segments:
            path.append("/")
        tail = field_of[template.tail][0] if template.tail else None
        query = [(key, *field_of[name]) for key, name in template.query]
        body = hand_builder("", path, tail, query, used)
        if "\n" in body:
            to_arms.append(f"{binding} => {{\n{indent(body)}\n}}")
        else:
            to_arms.append(f"{binding} => {body},")
        from_arms.append((specificity(template), hand_from_url_arm(r, template, field_of, used)))
    if used & {"optional", "required", "list"}:
        used.add("Query")
        read = (
            "let (path, query) = target.split_once('?').unwrap_or((target, \"\"));\n"
            "let query = Query::parse(query);"
        )
    else:
        read = "let path = target.split_once('?').map_or(target, |(path, _)| path);"
    arms = [arm for _, arm in sorted(from_arms, key=lambda pair: pair[0])]
    from_url = (
        "let target = target.split_once('#').map_or(target, |(before, _)| before);\n"
        f"{read}\n"
        "let segments: Vec<&str> = path.strip_prefix('/')?.split('/').collect();\n"
        "Some(match segments.as_slice() {\n"
        + indent("\n".join(arms))
        + "\n    _ => return None,\n})"
    )
    return (
        hand_prelude(used)
        + "\n#[derive(Debug, PartialEq)]\npub enum Api {\n"
        + "\n".join(variants)
        + "\n}\n\nimpl Api {\n    pub fn to_url(&self) -> String {\n        match self {\n"
        + indent("\n".join(to_arms), 12)
        + "\n        }\n    }\n\n    pub fn from_url(target: &str) -> Option<Self> {\n"
        + indent(from_url, 8)
        + "\n    }\n}\n"
    )


def hand_from_url_arm(route: RouteDef, template: RouteTemplate, field_of: dict, used: set) -> str:
    patterns, values = [], {}
    for name, _ in route.fields:
        if name in ("query", "segment", "segments"):
            raise ValueError(f"route `{route.template}`: field `{name}` would shadow a local")
    for s in template.segments:
        if isinstance(s, tuple):
            name = field_of[s[1]][0]
            patterns.append(name)
            values[name] = f"segment({name})?"
            used.add("segment")
        else:
            patterns.append(f'"{s}"')
    if template.tail:
        name = field_of[template.tail][0]
        patterns.append(f"{name} @ ..")
        values[name] = f"{name}.iter().map(|raw| segment(raw)).collect::<Option<_>>()?"
        used.add("segment")
    for key, placeholder in template.query:
        name, rust_type = field_of[placeholder]
        method = {"one": "required", "opt": "optional", "list": "list"}[value_kind(rust_type)[0]]
        values[name] = f'query.{method}("{key}")?'
        used.add(method)
    construct = f"Self::{route.variant}"
    if route.fields:
        construct += " {\n" + "".join(f"    {n}: {values[n]},\n" for n, _ in route.fields) + "}"
    return f"[{', '.join(patterns)}] => {construct},"


def sample_value(rust_type: str, present: bool) -> str:
    """A value of a route field for `--verify`, with characters that need encoding in text;
    `present` false leaves optional values absent and lists empty."""
    kind, inner = value_kind(rust_type)
    one = {"String": '"a b/\u00e4+c".to_owned()', "bool": "true", "u8": "50"}.get(inner, "7")
    if kind == "opt":
        return f"Some({one})" if present else "None"
    if kind == "list":
        other = {"String": '"x".to_owned()'}.get(inner, "8")
        return f"vec![{one}, {other}]" if present else "vec![]"
    return one


def routes_dump_source(routes: list, macro: bool) -> str:
    """An example that builds values of every route (with every optional part, and without
    them where there are some), prints each URL and whether `from_url` gives the value back."""
    checks = []
    for r in routes:
        optional = any(value_kind(t)[0] != "one" for _, t in r.fields)
        for present in (True, False) if optional else (True,):
            value = f"Api::{r.variant}"
            if r.fields:
                values = ", ".join(f"{n}: {sample_value(t, present)}" for n, t in r.fields)
                value += " { " + values + " }"
            checks.append(f"    check({value});\n")
    if macro:
        build = (
            "let url = value.to_url();\n"
            '    let url = url.map_or_else(|e| format!("error: {e}"), |url| url.to_string());\n'
            "    let back = Api::from_url(&url).ok();"
        )
        header = "use urlkit::Route;\nuse {crate}::Api;\n"
    else:
        build = "let url = value.to_url();\n    let back = Api::from_url(&url);"
        header = "use {crate}::Api;\n"
    return (
        f"{header}\nfn check(value: Api) {{\n    {build}\n"
        '    println!("{url} {}", back.as_ref() == Some(&value));\n}\n\nfn main() {\n'
        + "".join(checks)
        + "}\n"
    )


# ---------------------------------------------------------------------------------------------
# The generated workspaces


def target_root() -> Path:
    return Path(os.environ.get("CARGO_TARGET_DIR") or ROOT / "target") / "compile-time"


def sources(case: Case, side: Side, pool: list) -> tuple:
    """(lib.rs, examples/dump.rs) of a case on a side."""
    macro = side.runtime is not None
    if case.kind == "calls":
        lib, dump = calls_sources(case.size, macro)
    elif case.kind == "placeholders":
        lib, dump = placeholders_sources(case.size, macro)
    else:
        routes = route_set(pool, case.size)
        lib = routes_derive_source(routes) if macro else routes_hand_source(routes)
        dump = routes_dump_source(routes, macro)
    return lib, dump.replace("{crate}", case.crate)


def dependencies(side: Side, lib: str) -> str:
    if side.runtime is not None:
        return f'urlkit = {{ path = "{side.runtime}" }}\n'
    wanted = 'percent-encoding = "2.3"\n'
    if "form_urlencoded" in lib:
        wanted += 'form_urlencoded = "1.2"\n'
    return wanted


def lockfile(side: Side) -> Path | None:
    """The lockfile of the workspace the side's urlkit belongs to (this repository's for the
    hand-written side), so that both build with the dependency versions it was tested with."""
    start = side.runtime if side.runtime is not None else ROOT
    for directory in [start, *start.parents]:
        if (directory / "Cargo.lock").is_file():
            return directory / "Cargo.lock"
    return None


def write_workspace(out: Path, side: Side, cases: list, pool: list) -> Path:
    """One workspace per side: a crate per case, and `warm_deps` with the same dependencies
    to build them before anything is measured. Its target directory is its own."""
    directory = out / side.slug
    members = ["warm_deps"] + [c.crate for c in cases]
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "Cargo.toml").write_text(
        '[workspace]\nresolver = "3"\nmembers = [' + ", ".join(f'"{m}"' for m in members) + "]\n\n"
        "# The dev profile without incremental compilation, in a directory of its own.\n"
        '[profile.noincr]\ninherits = "dev"\nincremental = false\n'
    )
    crates = [("warm_deps", "", "", dependencies(side, "form_urlencoded"))]
    for case in cases:
        lib, dump = sources(case, side, pool)
        crates.append((case.crate, lib, dump, dependencies(side, lib)))
    for name, lib, dump, deps in crates:
        (directory / name / "src").mkdir(parents=True, exist_ok=True)
        (directory / name / "Cargo.toml").write_text(
            f'[package]\nname = "{name}"\nversion = "0.0.0"\nedition = "2024"\npublish = false\n\n'
            f"[dependencies]\n{deps}"
        )
        (directory / name / "src" / "lib.rs").write_text(lib)
        if dump:
            (directory / name / "examples").mkdir(exist_ok=True)
            (directory / name / "examples" / "dump.rs").write_text(dump)
    lock = lockfile(side)
    if lock is not None:
        (directory / "Cargo.lock").write_bytes(lock.read_bytes())
    return directory


# ---------------------------------------------------------------------------------------------
# Running a build under watch


@dataclass
class Outcome:
    seconds: float
    peak_mb: float  # the largest resident set of any one process of the build
    failure: str = ""  # why the build did not finish: killed, timed out, or failed
    ir_bytes: int | None = None  # the size of the LLVM IR it wrote, for `ir`


@dataclass(frozen=True)
class Limits:
    mem_cap_mb: int
    timeout: float


def session_rss_mb(session: int) -> float:
    """The resident memory of every process of a session (cargo and the rustc it runs)."""
    total = 0
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            stat = Path("/proc", entry.name, "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        if int(fields[3]) == session:
            total += int(fields[21]) * PAGE_SIZE
    return total / 2**20


def watch(session: int, start: float, limits: Limits, done: threading.Event, verdict: list) -> None:
    """Kill the session's processes (which this script started) once they hold more memory
    than the cap or run past the timeout, so a runaway build is reported, not the machine
    brought down."""
    while not done.wait(0.2):
        elapsed = time.perf_counter() - start
        if elapsed > limits.timeout:
            verdict.append(f"timed out after {limits.timeout:g} s")
        elif (rss := session_rss_mb(session)) > limits.mem_cap_mb:
            verdict.append(f"killed at {rss:,.0f} MB after {elapsed:.1f} s")
        else:
            continue
        try:
            os.killpg(session, signal.SIGKILL)
        except ProcessLookupError:
            pass
        return


def run_watched(
    command: list, cwd: Path, env: dict, limits: Limits, stdout=subprocess.DEVNULL
) -> tuple:
    """(Outcome, stderr) of a command run in a session of its own, timed from start to exit."""
    with tempfile.TemporaryFile() as errors:
        start = time.perf_counter()
        child = subprocess.Popen(
            command, cwd=cwd, env=env, stdout=stdout, stderr=errors, start_new_session=True
        )
        done, verdict = threading.Event(), []
        watcher = threading.Thread(
            target=watch, args=(child.pid, start, limits, done, verdict), daemon=True
        )
        watcher.start()
        # wait4's usage covers the child and the descendants it waited for: its largest
        # resident set is rustc's.
        _, status, usage = os.wait4(child.pid, 0)
        seconds = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        done.set()
        watcher.join()
        errors.seek(0)
        stderr = errors.read().decode(errors="replace")
    if verdict:
        failure = verdict[0]
    else:
        failure = f"failed (exit {child.returncode})" if child.returncode else ""
    return Outcome(seconds, usage.ru_maxrss / 1024, failure), stderr


def cargo_env(workspace: Path) -> dict:
    unset = ("CARGO_INCREMENTAL", "CARGO_BUILD_TARGET_DIR")
    env = {k: v for k, v in os.environ.items() if k not in unset}
    env["CARGO_TARGET_DIR"] = str(workspace / "target")
    env["CARGO_TERM_COLOR"] = "never"
    return env


def compiled_crates(stderr: str) -> set:
    return set(re.findall(r"^\s*(?:Compiling|Checking) (\S+) v", stderr, re.M))


# ---------------------------------------------------------------------------------------------
# Measuring


def warm_dependencies(workspace: Path, measures: list, limits: Limits) -> None:
    """Build every dependency in each profile the measures use, so that no measured build
    builds one."""
    for measure in measures:
        args = MEASURES[measure][1]
        command = ["cargo", "build"] if measure == "ir" else ["cargo", *args]
        command += ["-p", "warm_deps"]
        outcome, stderr = run_watched(command, workspace, cargo_env(workspace), limits)
        if outcome.failure:
            sys.exit(f"{workspace}: building the dependencies {outcome.failure}:\n{stderr}")


def clean(workspace: Path, case: Case, measure: str) -> None:
    subprocess.run(
        ["cargo", "clean", "--quiet", "-p", case.crate, *MEASURES[measure][2]],
        cwd=workspace,
        env=cargo_env(workspace),
        check=True,
    )


def measure_once(workspace: Path, case: Case, measure: str, limits: Limits) -> tuple:
    """(Outcome, stderr) of a clean build of the case's crate alone; for `ir`, with the
    size of the IR."""
    clean(workspace, case, measure)
    command = ["cargo", *MEASURES[measure][1], "-p", case.crate]
    deps_dir = workspace / "target" / "debug" / "deps"
    if measure == "ir":
        for stale in deps_dir.glob(f"{case.crate}-*.ll"):
            stale.unlink()
        command += ["--", "--emit=llvm-ir"]
    outcome, stderr = run_watched(command, workspace, cargo_env(workspace), limits)
    compiled = compiled_crates(stderr)
    if others := sorted(compiled - {case.crate}):
        sys.exit(f"{workspace}: the measured build of {case.crate} also built {others}")
    if case.crate not in compiled and not outcome.failure:
        sys.exit(f"{workspace}: the measured build did not compile {case.crate}; was it cleaned?")
    if measure == "ir" and not outcome.failure:
        outcome.ir_bytes = sum(f.stat().st_size for f in deps_dir.glob(f"{case.crate}-*.ll"))
    return outcome, stderr


@dataclass
class Results:
    times: dict = field(default_factory=dict)  # (case, measure, side label) -> [Outcome]
    ir: dict = field(default_factory=dict)  # (case, side label) -> bytes, or a failure
    warned: set = field(default_factory=set)


def measure_all(
    sides: list, workspaces: dict, cases: list, measures: list, runs: int, limits: Limits
) -> Results:
    """Every measure of every case, the sides alternating within each run."""
    results = Results()
    timed = [m for m in measures if m != "ir"]
    total = len(cases) * len(sides) * (len(timed) * runs + ("ir" in measures))
    done = 0
    for case in cases:
        schedule = [(m, r) for m in timed for r in range(runs)]
        schedule += [("ir", 0)] if "ir" in measures else []
        for measure, run in schedule:
            for side in sides:
                done += 1
                outcomes = results.times.setdefault((case.crate, measure, side.label), [])
                if any(o.failure for o in outcomes):
                    continue
                outcome, stderr = measure_once(workspaces[side], case, measure, limits)
                outcomes.append(outcome)
                note_warnings(results, case, side, stderr)
                if measure == "ir":
                    results.ir[(case.crate, side.label)] = outcome.failure or outcome.ir_bytes
                shown = outcome.failure or f"{outcome.seconds:.2f} s, {outcome.peak_mb:,.0f} MB"
                what = f"{case.crate} {measure} {side.label} (run {run + 1})"
                progress(f"[{done}/{total}] {what}: {shown}")
                if outcome.failure.startswith("failed"):
                    progress(stderr[-3000:])
    return results


def note_warnings(results: Results, case: Case, side: Side, stderr: str) -> None:
    if "warning" in stderr and (case.crate, side.label) not in results.warned:
        results.warned.add((case.crate, side.label))
        progress(f"note: {case.crate} ({side.label}) compiles with warnings:\n{stderr[-2000:]}")


def progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def verify(sides: list, workspaces: dict, cases: list, limits: Limits) -> None:
    """Run each crate's example on every side: the same URLs from both, and every route's
    value read back from its URL."""
    for case in cases:
        outputs = {}
        for side in sides:
            workspace = workspaces[side]
            with tempfile.TemporaryFile() as out:
                command = ["cargo", "run", "--quiet", "-p", case.crate, "--example", "dump"]
                env = cargo_env(workspace)
                outcome, stderr = run_watched(command, workspace, env, limits, stdout=out)
                out.seek(0)
                outputs[side.label] = out.read().decode()
            if outcome.failure:
                sys.exit(f"verify {case.crate} ({side.label}): {outcome.failure}\n{stderr[-3000:]}")
        reference = outputs[HAND].splitlines()
        for label, output in outputs.items():
            lines = output.splitlines()
            differ = [(a, b) for a, b in zip(reference, lines) if a != b]
            if differ or len(lines) != len(reference):
                first = differ[0] if differ else (len(reference), len(lines))
                sys.exit(f"verify {case.crate}: {label} and {HAND} differ, first at {first}")
            if case.kind == "routes" and any(not line.endswith(" true") for line in lines):
                bad = next(line for line in lines if not line.endswith(" true"))
                sys.exit(f"verify {case.crate} ({label}): a route does not read back {bad}")
        progress(f"verified {case.crate}: {len(reference)} URLs, the same on every side")


# ---------------------------------------------------------------------------------------------
# Reporting


def time_cell(outcomes: list) -> str:
    """Median (fastest) seconds, or why the build did not finish."""
    if failed := [o.failure for o in outcomes if o.failure]:
        return failed[0]
    if not outcomes:
        return "not run"
    seconds = [o.seconds for o in outcomes]
    if len(seconds) == 1:
        return f"{seconds[0]:.2f} s"
    return f"{statistics.median(seconds):.2f} s ({min(seconds):.2f})"


def time_ratio(ours: list, theirs: list) -> str:
    if not ours or not theirs or any(o.failure for o in ours + theirs):
        return ""
    median = statistics.median(o.seconds for o in ours)
    median /= statistics.median(o.seconds for o in theirs)
    fastest = min(o.seconds for o in ours) / min(o.seconds for o in theirs)
    return f"{median:.1f}×" if len(ours) == 1 else f"{median:.1f}× ({fastest:.1f}×)"


def memory_cell(outcomes: list) -> str:
    if failed := [o.failure for o in outcomes if o.failure]:
        return failed[0]
    if not outcomes:
        return "not run"
    return f"{statistics.median(o.peak_mb for o in outcomes):,.0f} MB"


def memory_ratio(ours: list, theirs: list) -> str:
    if not ours or not theirs or any(o.failure for o in ours + theirs):
        return ""
    ratio = statistics.median(o.peak_mb for o in ours)
    ratio /= statistics.median(o.peak_mb for o in theirs)
    return f"{ratio:.1f}×"


def ir_cell(value, case: Case) -> str:
    if isinstance(value, str):
        return value
    return f"{value / 1e6:.2f} MB, {value / case.size / 1e3:.1f} kB/{case.unit}"


def side_cells(sides: list, of, cell, ratio) -> list:
    """The hand-written side's cell, then each urlkit side's cell and its ratio to it."""
    base = of(sides[0])
    cells = [cell(base)]
    for side in sides[1:]:
        cells += [cell(of(side)), ratio(of(side), base)]
    return cells


def tables(sides: list, cases: list, measures: list, results: Results) -> tuple:
    """(times and IR rows, peak memory rows), each starting with its header."""
    header = ["case", "measure", HAND]
    for side in sides[1:]:
        header += [side.label, f"{side.label} ÷ {HAND}"]
    times, memory = [header], [header]

    def ir_ratio(ours, theirs) -> str:
        both = isinstance(ours, int) and isinstance(theirs, int)
        return f"{ours / theirs:.1f}×" if both else ""

    for case in cases:
        for measure in measures:
            first = [case.title, MEASURES[measure][0]]
            if measure == "ir":
                ir = lambda side: results.ir.get((case.crate, side.label), "not run")
                times.append(first + side_cells(sides, ir, lambda v: ir_cell(v, case), ir_ratio))
                continue
            runs = lambda side: results.times.get((case.crate, measure, side.label), [])
            times.append(first + side_cells(sides, runs, time_cell, time_ratio))
            memory.append(first + side_cells(sides, runs, memory_cell, memory_ratio))
    return times, memory


def render(rows: list, markdown: bool) -> str:
    if markdown:
        lines = ["| " + " | ".join(r) + " |" for r in rows]
        lines.insert(1, "|" + "---|" * len(rows[0]))
        return "\n".join(lines)
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows)


def describe(sides: list, load: tuple, argv: list) -> list:
    """What the numbers were measured on."""

    def output(*command, cwd=None) -> str:
        try:
            done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=True)
            return done.stdout.strip()
        except (OSError, subprocess.CalledProcessError):
            return "?"

    lines = [
        f"`python3 bench/compile_time.py {shlex.join(argv)}`, "
        f"{datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC; "
        f"{output('rustc', '-V')}; {os.cpu_count()} cores, load average {load[0]:.2f} at the start "
        f"and {load[1]:.2f} at the end."
    ]
    for side in sides[1:]:
        commit = output("git", "rev-parse", "--short", "HEAD", cwd=side.runtime)
        crates = [d for d in ("runtime", "macros", "syntax") if (side.runtime.parent / d).is_dir()]
        status = ["git", "status", "--porcelain", "--untracked-files=no", "--", *crates]
        dirty = output(*status, cwd=side.runtime.parent)
        state = f"{commit}" + (" with uncommitted changes" if dirty else "")
        lines.append(f"{side.label}: urlkit at `{side.runtime}`, commit {state}.")
    lines.append(
        "Each build is a clean build of the generated crate alone (dependencies already "
        "built): median of the runs and, in brackets, the fastest; ratios to the hand-written "
        "`format!` code."
    )
    return lines


def report(sides, cases, measures, args, results: Results, load: tuple, out: Path) -> None:
    times, memory = tables(sides, cases, measures, results)
    intro = describe(sides, load, sys.argv[1:])
    print("\n".join(intro) + "\n")
    print(render(times, args.markdown) + "\n")
    if len(memory) > 1:
        print("Peak memory of the build (the largest process, rustc), median:\n")
        print(render(memory, args.markdown))
    raw = {
        "argv": sys.argv[1:],
        "describe": intro,
        "sides": {s.label: str(s.runtime) if s.runtime else None for s in sides},
        "runs": [
            {"case": c, "measure": m, "side": s, **asdict(o)}
            for (c, m, s), outcomes in results.times.items()
            for o in outcomes
        ],
    }
    (out / "results.json").write_text(json.dumps(raw, indent=1) + "\n")
    progress(f"every run: {out / 'results.json'}")


# ---------------------------------------------------------------------------------------------


def sizes(text: str) -> list:
    """Comma-separated sizes; empty for none."""
    numbers = [int(n) for n in text.split(",") if n.strip()]
    if any(n < 1 for n in numbers):
        raise argparse.ArgumentTypeError(f"sizes must be at least 1: {text}")
    return numbers


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    add = parser.add_argument
    add(
        "--urlkit",
        action="append",
        metavar="[LABEL=]PATH",
        help="a urlkit runtime/ crate to measure; repeat to compare checkouts "
        "(default: url!=this checkout's runtime/)",
    )
    add("--calls", type=sizes, default=[100, 500], help="sizes of `calls N` (default 100,500)")
    add("--routes", type=sizes, default=[16, 130], help="sizes of `routes N` (default 16,130)")
    add("--placeholders", type=sizes, default=[50], help="one call's sizes (default 50)")
    add("--runs", type=int, default=3, help="runs of each timed measure, per side (default 3)")
    add("--only", default=",".join(MEASURES), help=f"measures (default {','.join(MEASURES)})")
    add("--mem-cap-mb", type=int, default=6144, help="kill a build above this (default 6144)")
    add("--timeout", type=float, default=1200, help="kill a build after this (default 1200 s)")
    add("--verify", action="store_true", help="first check that all sides build the same URLs")
    add("--markdown", action="store_true", help="print the tables in Markdown")
    args = parser.parse_args()
    args.only = [m for m in args.only.split(",") if m]
    unknown = set(args.only) - set(MEASURES)
    if unknown:
        parser.error(f"--only: unknown {sorted(unknown)}; choose from {','.join(MEASURES)}")
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    return args


def urlkit_sides(specs: list | None) -> list:
    specs = specs or [f"url!={ROOT / 'runtime'}"]
    sides = []
    for spec in specs:
        label, _, path = spec.rpartition("=")
        if not label and len(specs) > 1:
            sys.exit(f"--urlkit {spec}: give each checkout a label, LABEL=PATH")
        runtime = Path(path).resolve()
        if not (runtime / "Cargo.toml").is_file():
            sys.exit(f"--urlkit {spec}: no Cargo.toml in {runtime}")
        sides.append(Side(label or "url!", runtime))
    if len({s.slug for s in sides}) != len(sides) or any(s.label == HAND for s in sides):
        sys.exit(f"--urlkit: the labels must differ from each other and from {HAND}")
    return sides


def main() -> None:
    args = parse_args()
    sides = [Side(HAND)] + urlkit_sides(args.urlkit)
    cases = [Case("calls", n) for n in args.calls]
    cases += [Case("routes", n) for n in args.routes]
    cases += [Case("placeholders", n) for n in args.placeholders]
    measures = [m for m in MEASURES if m in args.only]
    limits = Limits(args.mem_cap_mb, args.timeout)
    out = target_root()
    pool = read_routes()
    workspaces = {side: write_workspace(out, side, cases, pool) for side in sides}
    load_start = os.getloadavg()[0]
    for side in sides:
        progress(f"building the dependencies of {side.label} in {workspaces[side]}")
        # Dependencies are not what is measured: no timeout, the same memory cap.
        warm = Limits(args.mem_cap_mb, timeout=float("inf"))
        warm_dependencies(workspaces[side], measures + (["build"] if args.verify else []), warm)
    if args.verify:
        verify(sides, workspaces, cases, limits)
    results = measure_all(sides, workspaces, cases, measures, args.runs, limits)
    report(sides, cases, measures, args, results, (load_start, os.getloadavg()[0]), out)


if __name__ == "__main__":
    main()
