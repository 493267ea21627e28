//! Values checked per second in exhaustive mode (issue 16): every value of a type up to a
//! depth, enumerated and run through a property that passes, so the whole space is covered.
//! Prints one table; medians of five runs each.
//!
//! `cargo bench -p smartcheck-bench --bench exhaustive`

use std::time::{Duration, Instant};

use smartcheck::exhaustive::exhaustive_check;
use smartcheck::{Arbitrary, Args, Enumerate, SubTypes};

/// A binary tree of bytes.
#[derive(Debug, Clone, SubTypes, Arbitrary, Enumerate)]
enum Tree {
    Leaf,
    Node(Box<Tree>, u8, Box<Tree>),
}

/// A binary search tree: its type invariant prunes the enumeration (the values pruned are
/// never checked, and are not counted in the table).
#[derive(Debug, Clone, SubTypes, Arbitrary, Enumerate)]
#[smartcheck(invariant = ordered)]
enum Search {
    Leaf,
    Node(Box<Search>, u8, Box<Search>),
}

/// Every key of the left subtree below the node's, of the right one above.
fn ordered(t: &Search) -> bool {
    fn keys(t: &Search, out: &mut Vec<u8>) {
        if let Search::Node(l, k, r) = t {
            keys(l, out);
            out.push(*k);
            keys(r, out);
        }
    }
    let mut all = Vec::new();
    keys(t, &mut all);
    all.windows(2).all(|w| w[0] < w[1])
}

/// A configuration struct with optional fields.
#[derive(Debug, Clone, SubTypes, Arbitrary, Enumerate)]
struct Config {
    name: Option<String>,
    retries: Option<u8>,
    verbose: bool,
    ports: Vec<u16>,
}

const RUNS: usize = 5;

/// The median time to check every value of `T` up to `depth`, and how many there were.
fn time<T: SubTypes + Enumerate>(depth: usize) -> (usize, Duration) {
    let args = Args { persist: false, ..Args::default() };
    let mut times = Vec::new();
    let mut count = 0;
    for _ in 0..RUNS {
        smartcheck::enumerate::clear_parts();
        let start = Instant::now();
        let run = exhaustive_check(&args, depth, |v: &T| format!("{v:?}").len() < 1 << 20);
        times.push(start.elapsed());
        assert!(!run.failed());
        count = run.coverage().checked;
    }
    times.sort();
    (count, times[RUNS / 2])
}

fn row<T: SubTypes + Enumerate>(name: &str, depth: usize) {
    let (count, took) = time::<T>(depth);
    let rate = count as f64 / took.as_secs_f64();
    println!("| {name} | {depth} | {count} | {:.1} ms | {:.0} |", took.as_secs_f64() * 1e3, rate);
}

fn main() {
    println!("Exhaustive checking, a property that formats each value (median of {RUNS} runs):\n");
    println!("| type | depth | values | time | values per second |");
    println!("|---|---|---|---|---|");
    row::<Vec<u8>>("Vec<u8>", 7);
    row::<(Vec<u8>, u8)>("(Vec<u8>, u8)", 6);
    row::<Tree>("Tree (derived)", 5);
    row::<Search>("Search tree (derived, invariant)", 7);
    row::<Config>("Config (derived, Option fields)", 4);
    row::<(Option<bool>, i32, char)>("(Option<bool>, i32, char)", 8);
}
