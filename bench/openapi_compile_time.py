#!/usr/bin/env python3
"""What `urlkit::openapi!` costs at compile time on a large document.

Generates an OpenAPI 3.1 document of N operations (N/4 resources, each with a list path
taking `get` and `post` and an item path taking `get` and `delete`; the list `get` has an
optional string, a joined list, an `int32` and an exploded list in its query) and two user
crates:

- `openapi`: `urlkit::openapi! { pub enum Api = "api.json"; }`;
- `derive`: the same enum written out with `#[derive(Route)]`, as `openapi!` writes it, so
  the difference between the two is what reading and mapping the document costs.

Each measured build is a clean debug `cargo build` of that crate alone (`cargo clean -p`,
dependencies built beforehand and left alone); runs alternate between the crates.

    python3 bench/openapi_compile_time.py --operations 1000 --runs 3
"""

import argparse
import json
import os
import pathlib
import statistics
import subprocess
import time

REPO = pathlib.Path(__file__).resolve().parent.parent


def document(operations):
    paths = {}
    for k in range(operations // 4):
        owner = {"name": "owner", "in": "path", "required": True, "schema": {"type": "string"}}
        paths[f"/svc{k}/{{owner}}/items"] = {
            "parameters": [owner],
            "get": {
                "operationId": f"list-items-{k}",
                "summary": f"Lists the items of service {k}.",
                "parameters": [
                    {"name": "state", "in": "query", "schema": {"type": "string"}},
                    {"name": "labels", "in": "query", "explode": False,
                     "schema": {"type": "array", "items": {"type": "string"}}},
                    {"name": "per_page", "in": "query",
                     "schema": {"type": "integer", "format": "int32"}},
                    {"name": "tag", "in": "query",
                     "schema": {"type": "array", "items": {"type": "string"}}},
                ],
            },
            "post": {"operationId": f"create-item-{k}"},
        }
        paths[f"/svc{k}/{{owner}}/items/{{number}}"] = {
            "parameters": [owner,
                           {"name": "number", "in": "path", "required": True,
                            "schema": {"type": "integer"}}],
            "get": {"operationId": f"get-item-{k}"},
            "delete": {"operationId": f"delete-item-{k}"},
        }
    return {"openapi": "3.1.0", "info": {"title": "bench", "version": "1"}, "paths": paths}


def written_out(operations):
    variants = []
    for k in range(operations // 4):
        variants.append(f"""    /// Lists the items of service {k}.
    #[route(get, "/svc{k}/{{owner}}/items{{?state,labels,per_page,tag*}}")]
    ListItems{k} {{ owner: String, state: Option<String>, labels: Vec<String>, per_page: Option<i32>, tag: Vec<String> }},
    #[route(post, "/svc{k}/{{owner}}/items")]
    CreateItem{k} {{ owner: String }},
    #[route(get, "/svc{k}/{{owner}}/items/{{number}}")]
    GetItem{k} {{ owner: String, number: i64 }},
    #[route(delete, "/svc{k}/{{owner}}/items/{{number}}")]
    DeleteItem{k} {{ owner: String, number: i64 }},""")
    return ("#[derive(urlkit::Route)]\npub enum Api {\n" + "\n".join(variants) + "\n}\n")


def crate(root, name, lib, features):
    directory = root / name
    (directory / "src").mkdir(parents=True, exist_ok=True)
    (directory / "Cargo.toml").write_text(f"""[package]
name = "{name}"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
urlkit = {{ path = "{REPO / 'runtime'}", features = {json.dumps(features)} }}
""")
    (directory / "src/lib.rs").write_text(lib)
    return directory


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--operations", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--dir", default="/tmp/urlkit-openapi-compile-time")
    args = parser.parse_args()
    root = pathlib.Path(args.dir)
    root.mkdir(parents=True, exist_ok=True)
    (root / "Cargo.toml").write_text('[workspace]\nmembers = ["openapi", "derive"]\nresolver = "2"\n')
    spec = crate(root, "openapi",
                 'urlkit::openapi! {\n    pub enum Api = "api.json";\n}\n', ["openapi"])
    (spec / "api.json").write_text(json.dumps(document(args.operations), indent=2))
    # Same features on both sides, so that both build against the same dependencies.
    crate(root, "derive", written_out(args.operations), ["openapi"])
    env = dict(os.environ, CARGO_TARGET_DIR=str(root / "target"))
    subprocess.run(["cargo", "build", "--workspace"], cwd=root, env=env, check=True)
    times = {"openapi": [], "derive": []}
    for _ in range(args.runs):
        for name in times:
            subprocess.run(["cargo", "clean", "-p", name], cwd=root, env=env, check=True,
                           capture_output=True)
            start = time.monotonic()
            subprocess.run(["cargo", "build", "-p", name], cwd=root, env=env, check=True,
                           capture_output=True)
            times[name].append(time.monotonic() - start)
    for name, runs in times.items():
        print(f"{name}: median {statistics.median(runs):.2f} s, fastest {min(runs):.2f} s "
              f"({args.operations} operations, {args.runs} runs)")


if __name__ == "__main__":
    main()
