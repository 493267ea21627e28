//! The everyday cost (issue 13): how fast a passing property runs, and how long a failing one
//! takes to report, for smartcheck, proptest and quickcheck side by side in one run.
//!
//! ```text
//! cargo bench -p smartcheck-bench --bench throughput
//! ```
//!
//! **Passing throughput.** Each tool runs a property that always passes over [`CASES`] cases
//! of five types: `Vec<i32>`, `String`, a derived recursive enum (the calculator's `Exp`), a
//! struct of eight mixed fields and a `BTreeMap<u32, Vec<u8>>`. Each tool generates its own
//! way, at its default sizes: smartcheck derived (or std) `Arbitrary` with `Args::default()`
//! sizes (0 up to `max_gen_size` 100 over the run), proptest `any::<T>()` (a `prop_recursive`
//! and a `prop_map` of a tuple where there is no `any`), quickcheck its `Arbitrary` at size
//! 100 (a hand-written one for the two types of this crate). As the tools make values of
//! different sizes, time is also given per generated *element*, counted by the same function
//! ([`Elements`]) on every value each tool hands the property: a list's or map's entries and
//! their own elements, a string's characters, an expression's constructors, a struct's eight
//! fields plus the elements of its string and vector. The property only counts. Each figure is
//! the median of [`RUNS`] runs, the tools interleaved, in CPU time of the thread (which runs
//! every tool's cases; the machine this was written on is shared, and its wall time varied
//! fivefold from run to run); ratios are smartcheck's throughput over
//! the peer's within this run (above 1: smartcheck is faster). Allocations are counted by a
//! counting global allocator and given per case.
//!
//! **At the same elements per case.** The tools' default sizes differ most on the map: a
//! smartcheck `BTreeMap<u32, Vec<u8>>` holds about 20 elements at `Args::default()` sizes (one
//! budget of `max_gen_size` shared by entries and bytes), proptest's and quickcheck's about
//! 2,400 (up to 100 entries of up to 100 bytes each), and a case's fixed cost (seeding,
//! running the property, building a map's first node) weighs per element as the values shrink.
//! So a second table, below the first and measured in the same run, gives each peer the size
//! whose elements per case come nearest smartcheck's, found by bisection on a sample of 300
//! values ([`calibrate`]): proptest's collection and string lengths `0..n` (its recursive
//! enum's desired size `n`), quickcheck's `Gen` size `n` (a `Gen` of size `n` gives lists of
//! `0..n`). smartcheck runs as in the first table; its figures there are the same runs. The
//! first table is unchanged: it is each tool at its own defaults, as a user meets it.
//!
//! **Failing properties.** `reverse`, `distinct` and `large_union_list` (the challenge
//! benchmarks) with each tool's defaults and a fresh seed per trial: smartcheck
//! `Args::default()` (all rounds, generalization and strengthening on), proptest
//! `Config::default()`, quickcheck `QuickCheck::new()`; persistence off for both that have it.
//! The time is from the call to the report (thread CPU time), median of [`FAIL_TRIALS`]
//! trials.
//!
//! **Stacks.** One passing call with `max_gen_size` 1000 in a thread of 2 MiB (a test
//! thread's stack), on `Vec<i32>` and on `Exp`: what a run's own stack costs.
//!
//! `-- passing` (both passing tables), `-- failing` or `-- stacks` prints one table; `-- profile [TYPE]` runs smartcheck's passing
//! runs alone, for a profiler.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::collections::BTreeMap;
use std::hint::black_box;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestCaseError, TestRng, TestRunner};
use quickcheck::{Arbitrary as QcArbitrary, Gen as QcGen, QuickCheck};
use smartcheck::{smart_check, Arbitrary, Args, SubTypes};
use smartcheck_tests::calculator::Exp;

/// Passing cases per run.
const CASES: usize = 2_000;

/// Runs per figure; the median is reported.
const RUNS: usize = 7;

/// Trials per failing property and tool, and calls per figure of the stacks table.
const FAIL_TRIALS: u64 = 101;

// ---------------------------------------------------------------------------------------------
// Counting allocations

/// The system allocator, counting calls to `alloc`.
struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded unchanged to `System`, which upholds `GlobalAlloc`'s contract.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: forwarded with the caller's layout.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System.alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: as in `dealloc`, and `new_size` is the caller's.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

// ---------------------------------------------------------------------------------------------
// The types

/// A struct of eight mixed fields (the build-time bench's field types).
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Mixed {
    a: u32,
    b: i64,
    c: bool,
    d: String,
    e: Vec<u8>,
    f: Option<i32>,
    g: (u8, u16),
    h: char,
}

/// How many elements a value holds, counted the same way for every tool.
trait Elements {
    fn elements(&self) -> usize;
}

impl Elements for Vec<i32> {
    fn elements(&self) -> usize {
        self.len()
    }
}

impl Elements for String {
    fn elements(&self) -> usize {
        self.chars().count()
    }
}

impl Elements for Exp {
    fn elements(&self) -> usize {
        match self {
            Exp::C(_) => 1,
            Exp::Add(a, b) | Exp::Div(a, b) => 1 + a.elements() + b.elements(),
        }
    }
}

impl Elements for Mixed {
    fn elements(&self) -> usize {
        8 + self.d.elements() + self.e.len()
    }
}

impl Elements for BTreeMap<u32, Vec<u8>> {
    fn elements(&self) -> usize {
        self.len() + self.values().map(Vec::len).sum::<usize>()
    }
}

/// quickcheck's impls live on a wrapper: `Exp` and `Mixed` are not quickcheck's types.
#[derive(Clone, Debug)]
struct Q<T>(T);

fn qc_exp(g: &mut QcGen, size: usize) -> Exp {
    let pick = if size == 0 { 0 } else { <u8 as QcArbitrary>::arbitrary(g) % 3 };
    let mut sub = || Box::new(qc_exp(g, size / 2));
    match pick {
        0 => Exp::C(<i32 as QcArbitrary>::arbitrary(g)),
        1 => Exp::Add(sub(), sub()),
        _ => Exp::Div(sub(), sub()),
    }
}

impl QcArbitrary for Q<Exp> {
    fn arbitrary(g: &mut QcGen) -> Self {
        let size = g.size();
        Q(qc_exp(g, size))
    }
}

impl QcArbitrary for Q<Mixed> {
    fn arbitrary(g: &mut QcGen) -> Self {
        Q(Mixed {
            a: QcArbitrary::arbitrary(g),
            b: QcArbitrary::arbitrary(g),
            c: QcArbitrary::arbitrary(g),
            d: QcArbitrary::arbitrary(g),
            e: QcArbitrary::arbitrary(g),
            f: QcArbitrary::arbitrary(g),
            g: QcArbitrary::arbitrary(g),
            h: QcArbitrary::arbitrary(g),
        })
    }
}

macro_rules! qc_plain {
    ($($t:ty),*) => {$(
        impl QcArbitrary for Q<$t> {
            fn arbitrary(g: &mut QcGen) -> Self {
                Q(<$t as QcArbitrary>::arbitrary(g))
            }
        }
    )*};
}

qc_plain!(Vec<i32>, String, BTreeMap<u32, Vec<u8>>);

/// The suite's calculator strategy (as in the shrinking bench).
fn exp_strategy() -> BoxedStrategy<Exp> {
    let leaf = any::<i32>().prop_map(Exp::C);
    leaf.prop_recursive(8, 64, 2, |inner| {
        prop_oneof![
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Exp::Add(Box::new(a), Box::new(b))),
            (inner.clone(), inner).prop_map(|(a, b)| Exp::Div(Box::new(a), Box::new(b))),
        ]
    })
    .boxed()
}

fn mixed_strategy() -> BoxedStrategy<Mixed> {
    let first = (any::<u32>(), any::<i64>(), any::<bool>(), any::<String>());
    let second = (any::<Vec<u8>>(), any::<Option<i32>>(), any::<(u8, u16)>(), any::<char>());
    (first, second)
        .prop_map(|((a, b, c, d), (e, f, g, h))| Mixed { a, b, c, d, e, f, g, h })
        .boxed()
}

/// proptest's strategies of the five types with their sizes set by `n` (the second table):
/// lengths `0..n` where `any` draws `0..100`, strings of up to `n` chars of `any::<String>()`'s
/// class, the recursive enum's desired size `n` where [`exp_strategy`] asks 64.
fn sized_string(n: usize) -> BoxedStrategy<String> {
    proptest::string::string_regex(&format!("\\PC{{0,{n}}}")).expect("a valid regex").boxed()
}

fn sized_vec(n: usize) -> BoxedStrategy<Vec<i32>> {
    prop::collection::vec(any::<i32>(), 0..n.max(1)).boxed()
}

fn sized_exp(n: usize) -> BoxedStrategy<Exp> {
    let leaf = any::<i32>().prop_map(Exp::C);
    leaf.prop_recursive(8, n as u32, 2, |inner| {
        prop_oneof![
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Exp::Add(Box::new(a), Box::new(b))),
            (inner.clone(), inner).prop_map(|(a, b)| Exp::Div(Box::new(a), Box::new(b))),
        ]
    })
    .boxed()
}

fn sized_mixed(n: usize) -> BoxedStrategy<Mixed> {
    let first = (any::<u32>(), any::<i64>(), any::<bool>(), sized_string(n));
    let bytes = prop::collection::vec(any::<u8>(), 0..n.max(1));
    let second = (bytes, any::<Option<i32>>(), any::<(u8, u16)>(), any::<char>());
    (first, second)
        .prop_map(|((a, b, c, d), (e, f, g, h))| Mixed { a, b, c, d, e, f, g, h })
        .boxed()
}

fn sized_map(n: usize) -> BoxedStrategy<BTreeMap<u32, Vec<u8>>> {
    let bytes = prop::collection::vec(any::<u8>(), 0..n.max(1));
    prop::collection::btree_map(any::<u32>(), bytes, 0..n.max(1)).boxed()
}

// ---------------------------------------------------------------------------------------------
// Passing throughput

thread_local! {
    /// Elements the property has seen in the current run.
    static SEEN: Cell<usize> = const { Cell::new(0) };
}

fn see<T: Elements>(v: &T) -> bool {
    SEEN.with(|s| s.set(s.get() + black_box(v).elements()));
    true
}

/// What one run of one tool measured.
#[derive(Clone, Copy, Default)]
struct Run {
    time: Duration,
    cases: usize,
    elements: usize,
    allocations: usize,
}

/// The CPU time this thread has used: unlike wall time, not inflated when other processes
/// share the cores (every tool runs its cases on the calling thread).
fn cpu_now() -> Duration {
    let mut t = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `t` is a valid, writable `timespec`; the clock id is a constant Linux knows.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    assert_eq!(status, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID)");
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

/// The thread CPU time `f` takes, and what it returns.
fn cpu_time<R>(f: impl FnOnce() -> R) -> (Duration, R) {
    let start = cpu_now();
    let out = f();
    (cpu_now().saturating_sub(start), out)
}

/// Runs `f` (one tool's passing run), measuring it.
fn measure(f: impl FnOnce() -> usize) -> Run {
    SEEN.with(|s| s.set(0));
    let allocations = ALLOCATIONS.load(Ordering::Relaxed);
    let (time, cases) = cpu_time(f);
    let allocations = ALLOCATIONS.load(Ordering::Relaxed) - allocations;
    Run { time, cases, elements: SEEN.with(Cell::get), allocations }
}

fn smartcheck_pass<T: SubTypes + Elements>(seed: u64) -> Run {
    let args = Args { seed: Some(seed), tests: CASES, persist: false, ..Args::default() };
    measure(|| {
        let report = smart_check(&args, see::<T>);
        assert!(!report.failed(), "the property passes");
        report.tests()
    })
}

fn proptest_runner(seed: u64, cases: usize) -> TestRunner {
    let config = Config { cases: cases as u32, failure_persistence: None, ..Config::default() };
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    TestRunner::new_with_rng(config, TestRng::from_seed(RngAlgorithm::ChaCha, &bytes))
}

fn proptest_pass<T: Elements + std::fmt::Debug>(seed: u64, strategy: &BoxedStrategy<T>) -> Run {
    let mut runner = proptest_runner(seed, CASES);
    measure(|| {
        let result = runner.run(strategy, |v| {
            see(&v);
            Ok(())
        });
        assert!(result.is_ok(), "the property passes");
        CASES
    })
}

fn qc_see<T: Elements>(q: Q<T>) -> bool {
    see(&q.0)
}

fn quickcheck_pass<T: Elements + Clone + Send + std::fmt::Debug + 'static>(
    seed: u64,
    size: usize,
) -> Run
where
    Q<T>: QcArbitrary,
{
    measure(|| {
        let result = QuickCheck::new()
            .rng(QcGen::from_size_and_seed(size, seed))
            .tests(CASES as u64)
            .max_tests(CASES as u64)
            .quicktest(qc_see::<T> as fn(Q<T>) -> bool);
        result.expect("the property passes") as usize
    })
}

/// The median of `RUNS` runs (by time), and that run's other figures.
fn median(mut runs: Vec<Run>) -> Run {
    runs.sort_by_key(|r| r.time);
    runs[runs.len() / 2]
}

fn per_case(r: &Run) -> f64 {
    r.time.as_secs_f64() * 1e9 / r.cases.max(1) as f64
}

fn per_element(r: &Run) -> f64 {
    r.time.as_secs_f64() * 1e9 / r.elements.max(1) as f64
}

/// Elements per case of a sample of 300 values.
fn sample_elements<T: Elements>(mut value: impl FnMut(u64) -> T) -> f64 {
    (0..300).map(|seed| value(seed).elements()).sum::<usize>() as f64 / 300.0
}

/// The size in `1..=256` whose elements per case (`per_case(n)`, growing with `n`) come
/// nearest `target`, by bisection.
fn calibrate(target: f64, per_case: impl Fn(usize) -> f64) -> usize {
    let (mut lo, mut hi) = (1, 256);
    while lo < hi {
        let mid = (lo + hi) / 2;
        if per_case(mid) < target {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    // `lo` is the first size at or above the target; its neighbour below may be nearer.
    let off = |n: usize| (per_case(n) - target).abs();
    if lo > 1 && off(lo - 1) < off(lo) {
        lo - 1
    } else {
        lo
    }
}

/// The peers' sizes whose elements per case come nearest smartcheck's `target`.
fn peer_sizes<T>(target: f64, sized: &impl Fn(usize) -> BoxedStrategy<T>) -> (usize, usize)
where
    T: Elements + std::fmt::Debug,
    Q<T>: QcArbitrary,
{
    let pt = calibrate(target, |n| {
        let strategy = sized(n);
        let mut runner = proptest_runner(0, 1);
        let value = |_| strategy.new_tree(&mut runner).expect("a value").current();
        sample_elements(value)
    });
    let qc = calibrate(target, |n| {
        sample_elements(|seed| Q::<T>::arbitrary(&mut QcGen::from_size_and_seed(n, seed)).0)
    });
    (pt, qc)
}

/// One row of each table: the three tools on one type, at their own sizes (printed now) and
/// with the peers at smartcheck's elements per case (returned, for the second table).
fn row<T>(
    name: &str,
    strategy: BoxedStrategy<T>,
    sized: impl Fn(usize) -> BoxedStrategy<T>,
) -> String
where
    T: SubTypes + Elements + std::fmt::Debug + Clone + Send + 'static,
    Q<T>: QcArbitrary,
{
    let first = smartcheck_pass::<T>(0);
    let (pt_n, qc_n) = peer_sizes(first.elements as f64 / first.cases.max(1) as f64, &sized);
    let pt_strategy = sized(pt_n);
    let (mut sc, mut pt, mut qc) = (Vec::new(), Vec::new(), Vec::new());
    let (mut pt_like, mut qc_like) = (Vec::new(), Vec::new());
    for run in 0..RUNS as u64 {
        sc.push(smartcheck_pass::<T>(run));
        pt.push(proptest_pass(run, &strategy));
        qc.push(quickcheck_pass::<T>(run, 100));
        pt_like.push(proptest_pass(run, &pt_strategy));
        qc_like.push(quickcheck_pass::<T>(run, qc_n));
    }
    let (sc, pt, qc) = (median(sc), median(pt), median(qc));
    let (pt_like, qc_like) = (median(pt_like), median(qc_like));
    let cell = |r: &Run| {
        format!(
            "{:>8.0} | {:>6.1} | {:>5.1} | {:>5.1}",
            per_case(r),
            per_element(r),
            r.elements as f64 / r.cases.max(1) as f64,
            r.allocations as f64 / r.cases.max(1) as f64
        )
    };
    println!(
        "| {name:<24} | {} | {} | {} | {:>5.2} | {:>5.2} |",
        cell(&sc),
        cell(&pt),
        cell(&qc),
        per_element(&pt) / per_element(&sc),
        per_element(&qc) / per_element(&sc),
    );
    let like = |r: &Run, n: usize| {
        format!(
            "{n:>4} | {:>6.1} | {:>6.1} | {:>6.1}",
            r.elements as f64 / r.cases.max(1) as f64,
            per_case(r),
            per_element(r)
        )
    };
    format!(
        "| {name:<24} | {:>6.1} | {:>6.1} | {:>6.1} | {} | {} | {:>5.2} | {:>5.2} |",
        sc.elements as f64 / sc.cases.max(1) as f64,
        per_case(&sc),
        per_element(&sc),
        like(&pt_like, pt_n),
        like(&qc_like, qc_n),
        per_element(&pt_like) / per_element(&sc),
        per_element(&qc_like) / per_element(&sc),
    )
}

fn passing() {
    println!("Passing throughput: {CASES} cases per run, median of {RUNS} runs per figure.");
    println!(
        "Per tool: ns per case | ns per element | elements per case | allocations per case.\n\
         Ratios: smartcheck's elements per second over the peer's (above 1: smartcheck faster).\n"
    );
    println!(
        "| type                     | smartcheck ns/case | ns/el | el/case | allocs \
         | proptest ns/case | ns/el | el/case | allocs \
         | quickcheck ns/case | ns/el | el/case | allocs | × proptest | × quickcheck |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    let like = [
        row::<Vec<i32>>("Vec<i32>", any::<Vec<i32>>().boxed(), sized_vec),
        row::<String>("String", any::<String>().boxed(), sized_string),
        row::<Exp>("Exp (derived, recursive)", exp_strategy(), sized_exp),
        row::<Mixed>("struct of 8 fields", mixed_strategy(), sized_mixed),
        row::<BTreeMap<u32, Vec<u8>>>(
            "BTreeMap<u32, Vec<u8>>",
            any::<BTreeMap<u32, Vec<u8>>>().boxed(),
            sized_map,
        ),
    ];
    println!(
        "\nAt smartcheck's elements per case: each peer at the size n whose elements per case \
         come nearest smartcheck's\n(proptest: lengths 0..n, Exp's desired size n; quickcheck: \
         Gen size n), the same runs interleaved.\n"
    );
    println!(
        "| type                     | smartcheck el/case | ns/case | ns/el \
         | proptest n | el/case | ns/case | ns/el \
         | quickcheck n | el/case | ns/case | ns/el | × proptest | × quickcheck |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for line in like {
        println!("{line}");
    }
}

// ---------------------------------------------------------------------------------------------
// Failing properties, end to end

fn reverse(v: &Vec<i32>) -> bool {
    smartcheck_models::challenge::reverse::prop(v)
}

fn distinct(v: &Vec<i32>) -> bool {
    smartcheck_models::challenge::distinct::prop(v)
}

fn large_union_list(v: &Vec<Vec<i64>>) -> bool {
    smartcheck_models::challenge::large_union_list::prop(v)
}

/// The median time of `FAIL_TRIALS` trials of `trial(seed)`, which must return true.
fn median_time(trial: impl Fn(u64) -> bool) -> Duration {
    let mut times: Vec<Duration> = (0..FAIL_TRIALS)
        .map(|seed| {
            let (time, failed) = cpu_time(|| trial(seed));
            assert!(failed, "the trial went as expected (seed {seed})");
            time
        })
        .collect();
    times.sort();
    times[times.len() / 2]
}

fn failing_row<T>(name: &str, prop: fn(&T) -> bool, qc_prop: fn(T) -> bool)
where
    T: SubTypes + std::fmt::Debug + Clone + Send + proptest::arbitrary::Arbitrary + 'static,
    T: QcArbitrary,
{
    let sc = median_time(|seed| {
        let args = Args { seed: Some(seed), persist: false, ..Args::default() };
        smart_check(&args, prop).failed()
    });
    let strategy = any::<T>();
    let pt = median_time(|seed| {
        let mut runner = proptest_runner(seed, Config::default().cases as usize);
        runner
            .run(&strategy, |v| if prop(&v) { Ok(()) } else { Err(TestCaseError::fail("failed")) })
            .is_err()
    });
    let qc = median_time(|seed| {
        QuickCheck::new().rng(QcGen::from_size_and_seed(100, seed)).quicktest(qc_prop).is_err()
    });
    let us = |d: Duration| d.as_secs_f64() * 1e6;
    println!(
        "| {name:<16} | {:>10.1} | {:>10.1} | {:>10.1} | {:>5.2} | {:>5.2} |",
        us(sc),
        us(pt),
        us(qc),
        us(sc) / us(pt),
        us(sc) / us(qc)
    );
}

fn failing() {
    println!(
        "\nFailing properties, default settings: median of {FAIL_TRIALS} seeds, call to report."
    );
    println!("Ratios: smartcheck's time over the peer's (below 1: smartcheck faster).\n");
    println!(
        "| property         | smartcheck µs | proptest µs | quickcheck µs | ÷ proptest | ÷ quickcheck |"
    );
    println!("|---|---:|---:|---:|---:|---:|");
    failing_row("reverse", reverse, |v| reverse(&v));
    failing_row("distinct", distinct, |v| distinct(&v));
    failing_row("large_union_list", large_union_list, |v| large_union_list(&v));
}

/// The thread CPU time of one passing `smart_check` call (100 tests, `max_gen_size` 1000) in
/// a thread with a test thread's 2 MiB of stack, median of `FAIL_TRIALS` calls: whether a
/// run maps a stack of its own shows here (its system time is the thread's).
fn call_in_test_thread<T: SubTypes>() -> Duration {
    let call = || {
        median_time(|seed| {
            let args =
                Args { seed: Some(seed), max_gen_size: 1000, persist: false, ..Args::default() };
            !smart_check(&args, |_: &T| true).failed()
        })
    };
    let thread = std::thread::Builder::new().stack_size(2 << 20).spawn(call);
    thread.expect("a thread").join().expect("the calls pass")
}

fn stacks() {
    println!(
        "\nOne passing call, 100 tests, max_gen_size 1000, in a 2 MiB thread: median of \
              {FAIL_TRIALS} calls (thread CPU time).\n"
    );
    println!("| type | µs per call |");
    println!("|---|---:|");
    let us = |d: Duration| d.as_secs_f64() * 1e6;
    println!("| Vec<i32> | {:.1} |", us(call_in_test_thread::<Vec<i32>>()));
    println!("| Exp (derived, recursive) | {:.1} |", us(call_in_test_thread::<Exp>()));
}

/// smartcheck's passing runs alone, for a profiler: `throughput profile [TYPE]`, where TYPE
/// (`vec`, `string`, `exp`, `struct`, `map`) picks one type; `throughput profile reverse`
/// runs the failing `reverse` row's smartcheck runs instead, 20 times over.
fn profile(only: Option<&str>) {
    if only == Some("reverse") {
        for seed in 0..20 * FAIL_TRIALS {
            let args = Args { seed: Some(seed % FAIL_TRIALS), persist: false, ..Args::default() };
            std::hint::black_box(smart_check(&args, reverse).failed());
        }
        return;
    }
    let on = |name: &str| only.is_none_or(|o| o == name);
    for seed in 0..RUNS as u64 {
        if on("vec") {
            smartcheck_pass::<Vec<i32>>(seed);
        }
        if on("string") {
            smartcheck_pass::<String>(seed);
        }
        if on("exp") {
            smartcheck_pass::<Exp>(seed);
        }
        if on("struct") {
            smartcheck_pass::<Mixed>(seed);
        }
        if on("map") {
            smartcheck_pass::<BTreeMap<u32, Vec<u8>>>(seed);
        }
    }
}

fn main() {
    let words: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with('-')).collect();
    let only = words.first();
    if only.map(String::as_str) == Some("profile") {
        return profile(words.get(1).map(String::as_str));
    }
    if only.map(String::as_str) != Some("failing") {
        passing();
    }
    if only.map(String::as_str) != Some("passing") {
        failing();
    }
    if only.is_none() || only.map(String::as_str) == Some("stacks") {
        stacks();
    }
}
