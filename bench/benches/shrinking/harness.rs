//! Running one benchmark with every tool, the same number of seeded trials each, and printing
//! the paper's table for it.
//!
//! Every tool gets the same discovery budget, [`tests`] (10,000 unless `--tests N` says
//! otherwise) tests with up to ten discards each, stops at the first failure and shrinks it with its default shrinking:
//! - smartcheck: `smart_check` with derived instances, generalization and extra rounds off
//!   (reduction only, as the 2014 paper's tables), the benchmark's `Args` otherwise default.
//! - proptest: a `TestRunner` seeded per trial, the benchmark's idiomatic strategy, default
//!   config but for the budget (default shrinking: at most 1024 shrink iterations), no failure
//!   persistence.
//! - quickcheck: `QuickCheck::quicktest` with a seeded `Gen` of size 100 (its default), the
//!   benchmark's idiomatic `Arbitrary` + `shrink` (on the [`Q`] wrapper).
//! - none: smartcheck's discovery with a reduction budget of 0: the first counterexample found,
//!   unshrunk.
//!
//! Every tool's property is wrapped in one counter, so the evaluation figures mean the same
//! thing for all: "evals" counts property calls after the first failure (while shrinking:
//! what Hypothesis's published figures count), "total" every call of the run, discovery
//! included. Time is the wall time of the whole run.

use std::any::Any;
use std::cell::{Cell, RefCell};
use std::collections::HashSet;
use std::fmt::Debug;
use std::time::{Duration, Instant};

use proptest::strategy::BoxedStrategy;
use proptest::test_runner::{Config, RngAlgorithm, TestCaseError, TestError, TestRng, TestRunner};
use smartcheck::{smart_check, Args, SubTypes, Verdict};

/// One benchmark: the data type `T`, its property and size metric, and how each tool gets
/// values of it (smartcheck and `none`: `T`'s derived `Arbitrary`; proptest: `strategy`;
/// quickcheck: `Q<T>`'s `Arbitrary`).
pub struct Bench<T> {
    /// The benchmark's name in BENCHMARKS.md.
    pub name: &'static str,
    /// What the size counts.
    pub metric: &'static str,
    /// The known minimum of the size.
    pub minimum: usize,
    /// The property.
    pub prop: fn(&T) -> Verdict,
    /// The size metric.
    pub size: fn(&T) -> usize,
    /// proptest's strategy.
    pub strategy: fn() -> BoxedStrategy<T>,
    /// smartcheck's arguments (the seed and the discovery budget are set per trial).
    pub args: Args,
    /// Hypothesis's published figures, where BENCHMARKS.md has them.
    pub hypothesis: Option<Published>,
}

/// A tool's published figures for a benchmark (BENCHMARKS.md: 1000 runs each, from the ECOOP
/// 2020 artifact data).
#[derive(Clone, Copy)]
pub struct Published {
    /// Mean final size.
    pub size: f64,
    /// Percentage of runs that ended at the minimum.
    pub min_percent: f64,
    /// Mean property calls while shrinking.
    pub evals: f64,
}

/// Tests each tool may run to find a counterexample, unless `--tests N` says otherwise.
pub const TESTS: usize = 10_000;

/// The discovery budget of this run (see [`set_tests`]).
static RUN_TESTS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(TESTS);

/// Sets every tool's discovery budget for this run: `--tests 100` gives each tool its own
/// default (100 tests for all three), so that reduction starts from the inputs a user's
/// default run finds (smartcheck's sizes grow over the tests: over 10,000 they start small).
pub fn set_tests(n: usize) {
    RUN_TESTS.store(n, std::sync::atomic::Ordering::Relaxed);
}

/// Tests each tool may run to find a counterexample in this run.
pub fn tests() -> usize {
    RUN_TESTS.load(std::sync::atomic::Ordering::Relaxed)
}

/// Discards each tool may meet per test before it gives up (smartcheck's default ratio).
const DISCARDS_PER_TEST: usize = 10;

/// smartcheck's arguments for the benchmarks: reduction only, as the paper's tables.
pub fn reduce_only() -> Args {
    Args { run_forall: false, run_exists: false, rounds: 1, ..Args::default() }
}

/// The wrapper quickcheck's `Arbitrary` impls live on (the models are another crate's types).
#[derive(Clone, Debug)]
pub struct Q<T>(pub T);

/// The outcome of one run of one tool.
struct Trial {
    /// A counterexample was found.
    found: bool,
    /// Its size, shrunk.
    size: usize,
    /// Its `Debug`, shrunk.
    output: String,
    /// Property calls spent shrinking.
    evaluations: usize,
    /// Property calls in the whole run.
    total: usize,
    /// Wall time of the run.
    time: Duration,
}

impl Trial {
    /// A run that found `value`, with the calls the counter saw.
    fn found<T: Debug>(value: &T, size: fn(&T) -> usize, time: Duration) -> Trial {
        Trial {
            found: true,
            size: size(value),
            output: format!("{value:?}"),
            evaluations: shrink_calls(),
            total: CALLS.with(Cell::get),
            time,
        }
    }

    /// A run that found nothing in its budget.
    fn missed(time: Duration) -> Trial {
        let total = CALLS.with(Cell::get);
        Trial { found: false, size: 0, output: String::new(), evaluations: 0, total, time }
    }
}

/// The tools, in table order.
pub const TOOLS: [&str; 4] = ["smartcheck", "proptest", "quickcheck", "none"];

/// Runs `trials` seeded runs of each of `tools` on `bench` and prints its table.
pub fn run<T>(bench: &Bench<T>, trials: usize, tools: &[&str])
where
    T: SubTypes + Debug + Clone,
    Q<T>: quickcheck::Arbitrary,
{
    println!();
    println!("## {} — size: {}; known minimum {}", bench.name, bench.metric, bench.minimum);
    println!("{}", header());
    for &tool in tools {
        let results: Vec<Trial> = (0..trials as u64)
            .map(|seed| match tool {
                "smartcheck" => smartcheck_trial(bench, seed, true),
                "proptest" => proptest_trial(bench, seed),
                "quickcheck" => quickcheck_trial(bench, seed),
                _ => smartcheck_trial(bench, seed, false),
            })
            .collect();
        println!("{}", row(tool, bench.minimum, &results));
        if std::env::var_os("SHRINKING_OUTPUTS").is_some() {
            print_outputs(&results);
        }
    }
    if let Some(h) = bench.hypothesis {
        println!("{}", published_row("Hypothesis", &h));
    }
}

/// With `SHRINKING_OUTPUTS` set: each distinct final output and how often it came out, the
/// eight most frequent (or as many as `SHRINKING_OUTPUTS` says, when it is a number).
fn print_outputs(results: &[Trial]) {
    let shown_outputs =
        std::env::var("SHRINKING_OUTPUTS").ok().and_then(|n| n.parse().ok()).unwrap_or(8);
    let mut counts: Vec<(String, usize)> = Vec::new();
    for t in results.iter().filter(|t| t.found) {
        match counts.iter_mut().find(|(o, _)| *o == t.output) {
            Some((_, n)) => *n += 1,
            None => counts.push((t.output.clone(), 1)),
        }
    }
    counts.sort_by_key(|c| std::cmp::Reverse(c.1));
    for (output, n) in counts.iter().take(shown_outputs) {
        let shown: String = output.chars().take(150).collect();
        println!("      {n:>4} × {shown}");
    }
}

fn smartcheck_trial<T: SubTypes>(bench: &Bench<T>, seed: u64, reduce: bool) -> Trial {
    let budget = if reduce { bench.args.max_reduce_evaluations } else { 0 };
    let verbose = std::env::var_os("SHRINKING_VERBOSE").is_some();
    let args = Args {
        seed: Some(seed),
        tests: tests(),
        max_discard_ratio: DISCARDS_PER_TEST,
        max_reduce_evaluations: budget,
        verbose,
        ..bench.args.clone()
    };
    let prop = bench.prop;
    reset_counts();
    let start = Instant::now();
    let report = smart_check(&args, |v: &T| {
        let verdict = prop(v);
        count(verdict);
        verdict
    });
    let time = start.elapsed();
    match report.counterexamples().first() {
        Some(cex) => Trial::found(cex.value(), bench.size, time),
        None => Trial::missed(time),
    }
}

thread_local! {
    /// Property calls in the current run.
    static CALLS: Cell<usize> = const { Cell::new(0) };
    /// Property calls up to and including the first failure of the current run.
    static FIRST_FAILURE: Cell<Option<usize>> = const { Cell::new(None) };
    /// quickcheck's property, as a `fn(&T) -> Verdict`.
    static QC_PROP: RefCell<Option<Box<dyn Any>>> = const { RefCell::new(None) };
    /// The last value quickcheck saw fail (the one it reports).
    static QC_LAST_FAILURE: RefCell<Option<Box<dyn Any>>> = const { RefCell::new(None) };
}

/// Counts a call and its outcome; true when it failed.
fn count(verdict: Verdict) -> bool {
    let calls = CALLS.with(|c| {
        c.set(c.get() + 1);
        c.get()
    });
    let failed = verdict == Verdict::Fail;
    if failed && FIRST_FAILURE.with(Cell::get).is_none() {
        FIRST_FAILURE.with(|f| f.set(Some(calls)));
    }
    failed
}

fn reset_counts() {
    CALLS.with(|c| c.set(0));
    FIRST_FAILURE.with(|f| f.set(None));
}

fn shrink_calls() -> usize {
    let calls = CALLS.with(Cell::get);
    calls - FIRST_FAILURE.with(Cell::get).unwrap_or(calls)
}

fn proptest_trial<T: Debug + Clone>(bench: &Bench<T>, seed: u64) -> Trial {
    let config = Config {
        cases: tests() as u32,
        max_global_rejects: (tests() * DISCARDS_PER_TEST) as u32,
        max_local_rejects: (tests() * DISCARDS_PER_TEST) as u32,
        failure_persistence: None,
        ..Config::default()
    };
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    let rng = TestRng::from_seed(RngAlgorithm::ChaCha, &bytes);
    let mut runner = TestRunner::new_with_rng(config, rng);
    let strategy = (bench.strategy)();
    let prop = bench.prop;
    reset_counts();
    let start = Instant::now();
    let result = runner.run(&strategy, |v| {
        let verdict = prop(&v);
        count(verdict);
        match verdict {
            Verdict::Pass => Ok(()),
            Verdict::Fail => Err(TestCaseError::fail("property failed")),
            Verdict::Discard => Err(TestCaseError::reject("precondition")),
        }
    });
    let time = start.elapsed();
    match result {
        Err(TestError::Fail(_, value)) => Trial::found(&value, bench.size, time),
        _ => Trial::missed(time),
    }
}

/// quickcheck's property: runs the thread's `QC_PROP` on the value, remembering failures.
fn qc_property<T: Clone + 'static>(q: Q<T>) -> quickcheck::TestResult {
    let verdict = QC_PROP.with(|p| {
        let p = p.borrow();
        let prop = p
            .as_ref()
            .and_then(|p| p.downcast_ref::<fn(&T) -> Verdict>())
            .expect("quickcheck_trial sets the property before running");
        prop(&q.0)
    });
    if count(verdict) {
        QC_LAST_FAILURE.with(|l| *l.borrow_mut() = Some(Box::new(q.0.clone())));
    }
    match verdict {
        Verdict::Pass => quickcheck::TestResult::passed(),
        Verdict::Fail => quickcheck::TestResult::failed(),
        Verdict::Discard => quickcheck::TestResult::discard(),
    }
}

fn quickcheck_trial<T: Debug + Clone + 'static>(bench: &Bench<T>, seed: u64) -> Trial
where
    Q<T>: quickcheck::Arbitrary,
{
    QC_PROP.with(|p| *p.borrow_mut() = Some(Box::new(bench.prop)));
    QC_LAST_FAILURE.with(|l| *l.borrow_mut() = None);
    reset_counts();
    let start = Instant::now();
    let result = quickcheck::QuickCheck::new()
        .rng(quickcheck::Gen::from_size_and_seed(100, seed))
        .tests(tests() as u64)
        .max_tests((tests() * (1 + DISCARDS_PER_TEST)) as u64)
        .quicktest(qc_property::<T> as fn(Q<T>) -> quickcheck::TestResult);
    let time = start.elapsed();
    let last = QC_LAST_FAILURE.with(|l| l.borrow_mut().take());
    match (result, last.and_then(|l| l.downcast::<T>().ok())) {
        (Err(_), Some(value)) => Trial::found(&*value, bench.size, time),
        _ => Trial::missed(time),
    }
}

// ---------------------------------------------------------------------------------------------
// The table

fn header() -> String {
    format!(
        "| {:<10} | {:>6} | {:>8} {:>7} {:>5} | {:>6} | {:>8} | {:>8} {:>6} | {:>8} | {:>9} {:>9} |\n\
         |{}|",
        "tool",
        "found%",
        "size",
        "sd",
        "p95",
        "min%",
        "dist/100",
        "evals",
        "p95",
        "total",
        "time",
        "p95",
        "-".repeat(112)
    )
}

fn mean(xs: &[f64]) -> f64 {
    if xs.is_empty() {
        return f64::NAN;
    }
    xs.iter().sum::<f64>() / xs.len() as f64
}

fn sd(xs: &[f64]) -> f64 {
    if xs.len() < 2 {
        return 0.0;
    }
    let m = mean(xs);
    (xs.iter().map(|x| (x - m).powi(2)).sum::<f64>() / (xs.len() - 1) as f64).sqrt()
}

/// The 95th percentile (nearest rank).
fn p95(xs: &[f64]) -> f64 {
    if xs.is_empty() {
        return f64::NAN;
    }
    let mut sorted = xs.to_vec();
    sorted.sort_by(f64::total_cmp);
    let rank = ((0.95 * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

fn duration(seconds: f64) -> String {
    if seconds.is_nan() {
        "-".to_string()
    } else if seconds < 1e-3 {
        format!("{:.0}µs", seconds * 1e6)
    } else if seconds < 1.0 {
        format!("{:.2}ms", seconds * 1e3)
    } else {
        format!("{seconds:.2}s")
    }
}

/// A number in `width` columns: fixed point with `decimals`, or scientific when too large.
fn number(x: f64, width: usize, decimals: usize) -> String {
    if x.is_nan() {
        format!("{:>width$}", "-")
    } else if x.abs() >= 1e6 {
        format!("{x:>width$.1e}")
    } else {
        format!("{x:>width$.decimals$}")
    }
}

fn row(tool: &str, minimum: usize, results: &[Trial]) -> String {
    let n = results.len().max(1) as f64;
    let found: Vec<&Trial> = results.iter().filter(|t| t.found).collect();
    let sizes: Vec<f64> = found.iter().map(|t| t.size as f64).collect();
    let evals: Vec<f64> = found.iter().map(|t| t.evaluations as f64).collect();
    let totals: Vec<f64> = results.iter().map(|t| t.total as f64).collect();
    let times: Vec<f64> = results.iter().map(|t| t.time.as_secs_f64()).collect();
    let at_min = found.iter().filter(|t| t.size == minimum).count();
    let distinct: HashSet<&str> = found.iter().map(|t| t.output.as_str()).collect();
    format!(
        "| {:<10} | {:>6.1} | {} {} {} | {:>6.1} | {:>8.1} | {} {} | {} | {:>9} {:>9} |",
        tool,
        100.0 * found.len() as f64 / n,
        number(mean(&sizes), 8, 2),
        number(sd(&sizes), 7, 2),
        number(p95(&sizes), 5, 0),
        100.0 * at_min as f64 / n,
        100.0 * distinct.len() as f64 / n,
        number(mean(&evals), 8, 1),
        number(p95(&evals), 6, 0),
        number(mean(&totals), 8, 0),
        duration(mean(&times)),
        duration(p95(&times)),
    )
}

/// A tool's published figures, in the table's columns ("-" where none were published).
fn published_row(tool: &str, p: &Published) -> String {
    format!(
        "| {:<10} | {:>6} | {} {:>7} {:>5} | {:>6.1} | {:>8} | {} {:>6} | {:>8} | {:>9} {:>9} |",
        tool,
        "-",
        number(p.size, 8, 2),
        "-",
        "-",
        p.min_percent,
        "-",
        number(p.evals, 8, 1),
        "-",
        "-",
        "(published)",
        "",
    )
}

/// One line of machine facts, for the README: cores, CPU model, OS and rustc.
pub fn machine() -> String {
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let cpu = cpuinfo
        .lines()
        .find_map(|l| l.strip_prefix("model name").map(|r| r.trim_start_matches([' ', '\t', ':'])))
        .unwrap_or("unknown CPU")
        .to_string();
    let os = std::fs::read_to_string("/proc/sys/kernel/osrelease")
        .map(|r| format!("Linux {}", r.trim()))
        .unwrap_or_else(|_| std::env::consts::OS.to_string());
    let rustc =
        std::process::Command::new(std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into()))
            .arg("--version")
            .output()
            .ok()
            .and_then(|o| String::from_utf8(o.stdout).ok())
            .map(|s| s.trim().to_string())
            .unwrap_or_else(|| "rustc (unknown version)".into());
    format!("machine: {cores} cores, {cpu}; {os}; {rustc}")
}
