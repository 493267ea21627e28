#!/usr/bin/env python3
"""Build time of a user crate: 20 derived types and 20 properties, with smartcheck and with
proptest + proptest-derive (issue 13). Prints a table: clean test build (dependencies
included), test build of the crate alone (dependencies already built), and an incremental
rebuild after a one-line edit; medians of several runs, and smartcheck / proptest ratios.

Run from the repository root: `python3 bench/build_time.py [--runs N] [--keep DIR]`. It writes
the two crates under a temporary folder (or DIR, kept) and builds them with the machine's cargo
(crates.io must be reachable for proptest the first time), in turn within each run, so that
the ratios hold on a machine whose load changes while it runs."""

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


def measure(crates, runs, work):
    """Clean, crate-alone and incremental build times of each crate, per run. The crates take
    turns within a run (the first one alternating), so that a change in the machine's load
    touches both sides of a run's ratio alike."""
    paths = {}
    for name, make in crates:
        paths[name] = work / name
        make(paths[name])
    times = {name: ([], [], []) for name, _ in crates}
    for run in range(runs):
        order = crates if run % 2 == 0 else crates[::-1]
        for name, _ in order:
            path, target = paths[name], work / f"target-{name}"
            clean, crate_only, incremental = times[name]
            shutil.rmtree(target, ignore_errors=True)
            clean.append(build(path, target))
            # The crate alone: its own artifacts removed, dependencies kept.
            subprocess.run(["cargo", "clean", "-q", "-p", name], cwd=path,
                           env=dict(os.environ, CARGO_TARGET_DIR=str(target)), check=True)
            crate_only.append(build(path, target))
            touch_crate(path)
            incremental.append(build(path, target))
    return times


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--keep", metavar="DIR",
                        help="write the crates and their targets under DIR and keep them "
                             "(for `cargo test --no-run --timings` by hand)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        work = pathlib.Path(args.keep or tmp)
        if args.keep:
            for name in ("user-smartcheck", "user-proptest"):
                shutil.rmtree(work / name, ignore_errors=True)
            work.mkdir(parents=True, exist_ok=True)
        times = measure([("user-smartcheck", smartcheck_crate), ("user-proptest", proptest_crate)],
                        args.runs, work)
    sc, pt = times["user-smartcheck"], times["user-proptest"]
    print(f"Build time of a crate with {N} derived types and {N} properties "
          f"(`cargo test --no-run`), median of {args.runs} runs, seconds; the ratio is the "
          f"median of the runs' ratios (the two crates built in turn within each run):\n")
    print("| build | smartcheck | proptest + proptest-derive | ratio |")
    print("|---|---|---|---|")
    for label, a, b in zip(["clean (dependencies included)", "the crate alone",
                            "incremental (one-line edit)"], sc, pt):
        ratio = statistics.median(x / y for x, y in zip(a, b))
        print(f"| {label} | {statistics.median(a):.1f} | {statistics.median(b):.1f} | {ratio:.2f} |")
    print("\nClean build ratio, run by run: "
          + ", ".join(f"{x / y:.2f}" for x, y in zip(sc[0], pt[0])))


if __name__ == "__main__":
    sys.exit(main())
