#!/usr/bin/env python3
"""Build time of a user crate: 20 derived types and 20 properties, with smartcheck and with
proptest + proptest-derive (issue 13). Prints a table: clean test build (dependencies
included), test build of the crate alone (dependencies already built), and an incremental
rebuild after a one-line edit; medians of several runs, and smartcheck / proptest ratios.

Run from the repository root: `python3 bench/build_time.py [--runs N]`. It writes the two
crates under a temporary folder and builds them with the machine's cargo (crates.io must be
reachable for proptest the first time)."""

import argparse
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(os.environ.get("SMARTCHECK_ROOT", pathlib.Path(__file__).resolve().parent.parent))
N = 20

# Field types a domain model holds, cycled over the 20 types.
FIELDS = ["u32", "i64", "bool", "String", "Vec<u8>", "Option<i32>", "(u8, u16)", "char"]


def type_defs(derive):
    out = []
    for i in range(N):
        fields = [FIELDS[(i + k) % len(FIELDS)] for k in range(4)]
        if i % 2 == 0:
            body = "\n".join(f"    pub f{k}: {t}," for k, t in enumerate(fields))
            out.append(f"#[derive(Debug, Clone, PartialEq, {derive})]\npub struct T{i} {{\n{body}\n}}\n")
        else:
            a, b = fields[0], fields[1]
            out.append(
                f"#[derive(Debug, Clone, PartialEq, {derive})]\npub enum T{i} {{\n"
                f"    A({a}),\n    B({b}, {a}),\n    C,\n}}\n"
            )
    return "\n".join(out)


def smartcheck_crate(path):
    (path / "src").mkdir(parents=True)
    (path / "tests").mkdir()
    sc = ROOT / "smartcheck"
    (path / "Cargo.toml").write_text(
        f'[package]\nname = "user-smartcheck"\nversion = "0.1.0"\nedition = "2021"\n\n'
        f'[dependencies]\nsmartcheck = {{ path = "{sc}" }}\n\n[workspace]\n'
    )
    (path / "src/lib.rs").write_text(
        "use smartcheck::{Arbitrary, SubTypes};\n\n" + type_defs("SubTypes, Arbitrary")
    )
    props = "\n".join(
        f"#[smartcheck::property]\nfn p{i}(x: T{i}) -> bool {{\n    format!(\"{{x:?}}\").len() < 100_000\n}}\n"
        for i in range(N)
    )
    (path / "tests/props.rs").write_text("use user_smartcheck::*;\n\n" + props)


def proptest_crate(path):
    (path / "src").mkdir(parents=True)
    (path / "tests").mkdir()
    (path / "Cargo.toml").write_text(
        '[package]\nname = "user-proptest"\nversion = "0.1.0"\nedition = "2021"\n\n'
        '[dependencies]\nproptest = "1"\nproptest-derive = "0.5"\n\n[workspace]\n'
    )
    (path / "src/lib.rs").write_text(
        "use proptest_derive::Arbitrary;\n\n" + type_defs("Arbitrary")
    )
    props = "\n".join(
        f"    #[test]\n    fn p{i}(x in any::<T{i}>()) {{\n"
        f"        let n = format!(\"{{:?}}\", x).len();\n        prop_assert!(n < 100_000);\n    }}\n"
        for i in range(N)
    )
    (path / "tests/props.rs").write_text(
        "use proptest::prelude::*;\nuse user_proptest::*;\n\nproptest! {\n" + props + "}\n"
    )


def build(path, target):
    start = time.monotonic()
    result = subprocess.run(
        ["cargo", "test", "--no-run", "-q"],
        cwd=path,
        env=dict(os.environ, CARGO_TARGET_DIR=str(target)),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    if result.returncode != 0:
        sys.exit(f"cargo test --no-run failed in {path}:\n{result.stderr}")
    return time.monotonic() - start


def touch_crate(path):
    lib = path / "src/lib.rs"
    lib.write_text(lib.read_text() + "\n// edit\n")
    props = path / "tests/props.rs"
    props.write_text(props.read_text() + "\n// edit\n")


def measure(make, name, runs, work):
    path = work / name
    make(path)
    target = work / f"target-{name}"
    clean, crate_only, incremental = [], [], []
    for _ in range(runs):
        shutil.rmtree(target, ignore_errors=True)
        clean.append(build(path, target))
        # The crate alone: its own artifacts removed, dependencies kept.
        subprocess.run(["cargo", "clean", "-q", "-p", name], cwd=path,
                       env=dict(os.environ, CARGO_TARGET_DIR=str(target)), check=True)
        crate_only.append(build(path, target))
        touch_crate(path)
        incremental.append(build(path, target))
    return [statistics.median(x) for x in (clean, crate_only, incremental)]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        work = pathlib.Path(tmp)
        sc = measure(smartcheck_crate, "user-smartcheck", args.runs, work)
        pt = measure(proptest_crate, "user-proptest", args.runs, work)
    print(f"Build time of a crate with {N} derived types and {N} properties "
          f"(`cargo test --no-run`), median of {args.runs} runs, seconds:\n")
    print("| build | smartcheck | proptest + proptest-derive | ratio |")
    print("|---|---|---|---|")
    for label, a, b in zip(["clean (dependencies included)", "the crate alone",
                            "incremental (one-line edit)"], sc, pt):
        print(f"| {label} | {a:.1f} | {b:.1f} | {a / b:.2f} |")


if __name__ == "__main__":
    sys.exit(main())
