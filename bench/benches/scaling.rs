//! How reduction scales: time and property evaluations to reduce counterexamples of 10^2 to
//! 10^6 constructors (`--max` caps it; 10^5 by default), where the sub-value hypothesis
//! applies, with the growth exponent fitted by least squares on log-log (1 is linear).
//!
//! ```text
//! cargo bench -p smartcheck-bench --bench scaling -- [--max 100000] [--repeats 3]
//! ```
//! (`-p smartcheck-bench` may be left out at the workspace root, a default member.)
//! Shapes: a long list with one bad element; a deep left-leaning expression that fails once it
//! is three deep; a balanced (wide) tree with one bad leaf; a list of one-element lists with
//! one bad element; a `HashMap<String, u32>` holding one bad key (up to 100,000 constructors).
//! Each counterexample is reduced with `smartcheck::reduce` (generalization
//! off); the time is the best of `--repeats` runs.

use std::collections::{BTreeMap, HashMap};
use std::time::{Duration, Instant};

use smartcheck::{reduce, Arbitrary, Args, SubTypes};
use smartcheck_tests::calculator::Exp;

/// A binary tree with numbered leaves.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
enum Tree {
    Leaf(u8),
    Node(Box<Tree>, Box<Tree>),
}

/// A balanced tree with `leaves` leaves, all 1 but the one at `bad`, which is 7 (built without
/// recursion so that any size is safe).
fn balanced(leaves: usize, bad: usize) -> Tree {
    let mut level: Vec<Tree> =
        (0..leaves).map(|i| Tree::Leaf(if i == bad { 7 } else { 1 })).collect();
    while level.len() > 1 {
        let mut next = Vec::with_capacity(level.len().div_ceil(2));
        let mut it = level.into_iter();
        while let Some(a) = it.next() {
            next.push(match it.next() {
                Some(b) => Tree::Node(Box::new(a), Box::new(b)),
                None => a,
            });
        }
        level = next;
    }
    level.pop().unwrap_or(Tree::Leaf(1))
}

fn tree_has_seven(t: &Tree) -> bool {
    let mut stack = vec![t];
    while let Some(t) = stack.pop() {
        match t {
            Tree::Leaf(x) => {
                if *x == 7 {
                    return true;
                }
            }
            Tree::Node(a, b) => {
                stack.push(a);
                stack.push(b);
            }
        }
    }
    false
}

/// `Add(Add(...Add(C(1), C(0))..., C(n-2)), C(n-1))`: 2n + 1 constructors.
fn left_chain(n: usize) -> Exp {
    let mut e = Exp::C(1);
    for i in 0..n {
        e = Exp::Add(Box::new(e), Box::new(Exp::C(i as i32)));
    }
    e
}

/// Frees a deep expression without recursion.
fn drop_chain(e: Exp) {
    let mut stack = vec![e];
    while let Some(e) = stack.pop() {
        if let Exp::Add(a, b) | Exp::Div(a, b) = e {
            stack.push(*a);
            stack.push(*b);
        }
    }
}

/// One measurement: constructors, evaluations, best time, and whether it reached `expected`.
struct Point {
    size: usize,
    evaluations: usize,
    time: Duration,
    minimal: bool,
}

fn args() -> Args {
    Args { seed: Some(1), run_forall: false, run_exists: false, rounds: 1, ..Args::default() }
}

/// Reduces `make()` `repeats` times with `prop`; the best time and the last run's evaluations.
fn measure<T: SubTypes + PartialEq>(
    repeats: usize,
    make: impl Fn() -> T,
    prop: impl Fn(&T) -> bool + Copy,
    expected: impl Fn(&T) -> bool,
    discard: impl Fn(T),
) -> Point {
    let mut best = Duration::MAX;
    let mut point = None;
    for _ in 0..repeats.max(1) {
        let value = make();
        let size = value.size();
        let start = Instant::now();
        let cex = reduce(&args(), prop, value).expect("the shape is a counterexample");
        let time = start.elapsed();
        best = best.min(time);
        point = Some(Point {
            size,
            evaluations: cex.evaluations(),
            time: best,
            minimal: expected(cex.value()),
        });
        let (reduced, original) = (cex.value().clone(), cex.original().clone());
        drop(cex);
        discard(reduced);
        discard(original);
    }
    point.expect("at least one run")
}

/// The least-squares slope of log(y) on log(x).
fn exponent(points: &[(f64, f64)]) -> f64 {
    let logs: Vec<(f64, f64)> = points.iter().map(|&(x, y)| (x.ln(), y.max(1e-12).ln())).collect();
    let n = logs.len() as f64;
    let (mx, my) =
        (logs.iter().map(|p| p.0).sum::<f64>() / n, logs.iter().map(|p| p.1).sum::<f64>() / n);
    let sxy: f64 = logs.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    let sxx: f64 = logs.iter().map(|p| (p.0 - mx).powi(2)).sum();
    sxy / sxx
}

fn report(shape: &str, points: &[Point]) {
    println!();
    println!("## {shape}");
    println!("| constructors | evaluations |       time | minimal |");
    println!("|-------------:|------------:|-----------:|:-------:|");
    for p in points {
        let minimal = if p.minimal { "yes" } else { "no" };
        println!("| {:>12} | {:>11} | {:>10.3?} | {:^7} |", p.size, p.evaluations, p.time, minimal);
    }
    let time: Vec<(f64, f64)> =
        points.iter().map(|p| (p.size as f64, p.time.as_secs_f64())).collect();
    let evals: Vec<(f64, f64)> =
        points.iter().map(|p| (p.size as f64, p.evaluations as f64)).collect();
    println!(
        "growth exponent (least squares on log-log): time {:.2}, evaluations {:.2}",
        exponent(&time),
        exponent(&evals)
    );
}

fn parse_args() -> (usize, usize) {
    let (mut max, mut repeats) = (100_000, 3);
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut number = || args.next().and_then(|n| n.parse().ok());
        match arg.as_str() {
            "--max" => max = number().unwrap_or(max),
            "--repeats" => repeats = number().unwrap_or(repeats),
            _ => {} // cargo's own `--bench`
        }
    }
    (max, repeats)
}

/// Runs the bench on a thread of 2 GiB of stack (reserved, touched only as used): cloning and
/// dropping a value 10^6 constructors deep with derived `Clone` and the compiler's drop glue
/// recurses once per level, in the bench's own code, not in smartcheck's.
fn main() {
    std::thread::Builder::new()
        .stack_size(2 << 30)
        .spawn(run)
        .expect("a thread for the bench")
        .join()
        .expect("the bench ran");
}

fn run() {
    let (max, repeats) = parse_args();
    let sizes: Vec<usize> = [100, 300, 1_000, 3_000, 10_000, 30_000, 100_000, 300_000, 1_000_000]
        .into_iter()
        .filter(|&n| n <= max)
        .collect();
    println!("# smartcheck reduction scaling — best of {repeats} runs per size");
    let keep = |_: Vec<u32>| {};

    let points: Vec<Point> = sizes
        .iter()
        .map(|&n| {
            let make = move || {
                (0..n as u32 - 1)
                    .map(|i| if i == (n as u32 * 3) / 4 { 7 } else { 1 })
                    .collect::<Vec<u32>>()
            };
            measure(repeats, make, |v: &Vec<u32>| !v.contains(&7), |v| v == &vec![7], keep)
        })
        .collect();
    report("long list: Vec<u32> with one 7; fails while it holds the 7", &points);

    let points: Vec<Point> = sizes
        .iter()
        .map(|&n| {
            let deep = |e: &Exp| !matches!(e, Exp::Add(a, _) if matches!(**a, Exp::Add(..)));
            let expected = |e: &Exp| SubTypes::size(e) == 5;
            measure(repeats, move || left_chain(n / 2), deep, expected, drop_chain)
        })
        .collect();
    report("deep expression: Add(Add(..), C) n/2 deep; fails from three deep", &points);

    let points: Vec<Point> = sizes
        .iter()
        .map(|&n| {
            let leaves = n.div_ceil(2).max(2);
            let make = move || balanced(leaves, leaves / 3);
            measure(repeats, make, |t: &Tree| !tree_has_seven(t), |t| t == &Tree::Leaf(7), |_| {})
        })
        .collect();
    report("wide tree: balanced, one leaf 7 among n/2; fails while it holds the 7", &points);

    let points: Vec<Point> = sizes
        .iter()
        .map(|&n| {
            let lists = (n / 3).max(1);
            let make = move || {
                (0..lists)
                    .map(|i| vec![if i == lists / 2 { 7u8 } else { 1 }])
                    .collect::<Vec<Vec<u8>>>()
            };
            let prop = |v: &Vec<Vec<u8>>| !v.iter().flatten().any(|&x| x == 7);
            measure(repeats, make, prop, |v| v == &vec![vec![7]], |_| {})
        })
        .collect();
    report("list of lists: n/3 one-element lists, one holding 7", &points);

    // A hash map is walked in its keys' order of simplicity, found by sorting them once per
    // map walked (O(n log n) for new keys); its entries are cut and deleted in runs, as a
    // list's are, each candidate a new map to sort: up to 100,000 constructors here.
    let points: Vec<Point> = sizes
        .iter()
        .filter(|&&n| n <= 100_000)
        .map(|&n| {
            let entries = (n / 3).max(8);
            let make = move || {
                (0..entries).map(|i| (format!("key{i}"), i as u32)).collect::<HashMap<_, _>>()
            };
            let prop = |m: &HashMap<String, u32>| !m.contains_key("key7");
            let expected = |m: &HashMap<String, u32>| m.len() == 1;
            measure(repeats, make, prop, expected, |_| {})
        })
        .collect();
    report("hash map: HashMap<String, u32> of n/3 entries; fails while it holds \"key7\"", &points);

    // Where every entry must stay, each is reduced where it is: a candidate costs O(n) and
    // there are O(n) of them (up to 10,000 constructors for a list; 300 for a map, whose keys
    // must stay distinct, so that each is lowered alone: at 334 constructors the B-tree map
    // spent the whole 100,000-evaluation budget in 315 s and the hash map 13,493 in 16 s,
    // neither minimal, some keys left with two chars where one-char keys were free).
    must_stay(
        "list that must stay long: Vec<(String, u32)> of n/3 entries; fails while 95% remain",
        sizes.iter().copied().filter(|&n| n <= 10_000),
        repeats,
        entries,
        Vec::len,
        |v: &Vec<(String, u32)>| v.iter().map(|(k, v)| (k, v)).collect(),
    );
    let map_sizes = sizes.iter().copied().filter(|&n| n <= 300);
    must_stay(
        "ordered map that must stay large: BTreeMap<String, u32> of n/3 entries; fails while \
         95% remain",
        map_sizes.clone(),
        repeats,
        |n| entries(n).into_iter().collect::<BTreeMap<_, _>>(),
        BTreeMap::len,
        |m| m.iter().collect(),
    );
    must_stay(
        "hash map that must stay large: HashMap<String, u32> of n/3 entries; fails while 95% \
         remain",
        map_sizes,
        repeats,
        |n| entries(n).into_iter().collect::<HashMap<_, _>>(),
        HashMap::len,
        |m| m.iter().collect(),
    );

    generalization(repeats, max);
}

/// One row of [`report`]: for each size `n`, `make(n / 3)` reduced with a property that fails
/// while 95% of its entries remain; minimal when that many remain, each as simple as it can be
/// ([`all_simplest`]).
fn must_stay<T: SubTypes + PartialEq>(
    shape: &str,
    sizes: impl Iterator<Item = usize>,
    repeats: usize,
    make: fn(usize) -> T,
    len: fn(&T) -> usize,
    entries_of: for<'a> fn(&'a T) -> Vec<(&'a String, &'a u32)>,
) {
    let points: Vec<Point> = sizes
        .map(|n| {
            let keep = stays(n / 3);
            measure(
                repeats,
                move || make(n / 3),
                move |v: &T| len(v) < keep,
                |v| all_simplest(entries_of(v).into_iter(), keep),
                |_| {},
            )
        })
        .collect();
    report(shape, &points);
}

/// `n` entries with distinct keys and spread values.
fn entries(n: usize) -> Vec<(String, u32)> {
    (0..n as u32).map(|i| (format!("key{i:05}"), i.wrapping_mul(2_654_435_761) % 100_000)).collect()
}

/// How many of `n` entries must remain for the property to fail: 95% of them.
fn stays(n: usize) -> usize {
    (n * 95).div_ceil(100).max(1)
}

/// True when `entries` are `len` of them, every value 0 and every key a string of one char
/// at most: as simple as `len` distinct keys (or equal ones, in a list) can be.
fn all_simplest<'a>(entries: impl Iterator<Item = (&'a String, &'a u32)>, len: usize) -> bool {
    let mut count = 0;
    for (key, value) in entries {
        count += 1;
        if *value != 0 || key.chars().count() > 1 {
            return false;
        }
    }
    count == len
}

/// How generalization scales where every element is a variable: a list of `n` zeros that
/// fails on its length alone (`len() >= n`), generalized with `Args::default()`'s budget
/// (100,000 evaluations, which stops it past a few hundred elements). Each element's check
/// puts in the variables before it: O(n) a try when each was walked from the root down the
/// list (164 s at n = 1,000 on the machine of the RESULTS, where the list of 1,000 now takes
/// seconds).
fn generalization(repeats: usize, max: usize) {
    println!();
    println!("## generalization: vec![0u8; n], failing while its length is n or more");
    println!("| elements | evaluations |       time | variables |");
    println!("|---------:|------------:|-----------:|----------:|");
    let args = Args { seed: Some(1), ..Args::default() };
    for n in [100usize, 300, 1_000].into_iter().filter(|&n| n <= max) {
        let value = vec![0u8; n];
        let mut best = Duration::MAX;
        let mut seen = (0, 0);
        for _ in 0..repeats.max(1) {
            let evaluations = std::cell::Cell::new(0usize);
            let prop = |v: &Vec<u8>| {
                evaluations.set(evaluations.get() + 1);
                v.len() < n
            };
            let start = Instant::now();
            let g = smartcheck::generalize(&args, prop, &value).expect("a counterexample");
            best = best.min(start.elapsed());
            seen = (evaluations.get(), g.variables().len());
        }
        println!("| {n:>8} | {:>11} | {best:>10.3?} | {:>9} |", seen.0, seen.1);
    }
}
