//! The user's entry points: [`smart_check`], [`reduce`] and [`generalize`] ([`check`](crate::check)
//! is in `replay`, which persists failures).
//!
//! One run: random discovery (QuickCheck-style, growing size), then reduction (§4), then
//! generalization (§5.1, §5.2); with strengthening rounds (§5.3), discovery runs again with
//! "matches no earlier counterexample" added to the precondition. Everything runs on a stack
//! that grows on demand, so deep values (and user `Clone`/`Drop`/`Debug` recursion over them)
//! cannot overflow it.

use std::fmt;

use crate::args::Args;
use crate::gen::Gen;
use crate::generalize::Generalization;
use crate::property::{Failure, Outcome, PropertyResult};
use crate::reduce::Reducer;
use crate::render::{render_format, Holes};
use crate::report::{Counterexample, Report, Status};
use crate::subtypes::{NodeRef, SubTypes};
use crate::tester::{Precondition, Tester};

/// Stack assumed for each level of a value's depth, for user code that recurses over it
/// (`Clone`, `Drop`, `Debug`, the property): generous, as unoptimised builds use big frames.
const STACK_PER_LEVEL: usize = 4 * 1024;

/// Stack kept free besides, for smartcheck's own (iterative) work and shallow user code.
const STACK_BASE: usize = 1 << 20;

/// The smallest stack a run moves to when the current one is too short; pages are only
/// touched as deep values need them.
const MIN_NEW_STACK: usize = 256 << 20;

/// Runs `f` with room on the stack for recursion over values `depth` levels deep: on the
/// current stack when enough of it remains (the common case, which costs nothing), else on a
/// new one of its own.
pub(crate) fn with_stack_for<R>(depth: usize, f: impl FnOnce() -> R) -> R {
    let need = STACK_BASE.saturating_add(depth.saturating_mul(STACK_PER_LEVEL));
    stacker::maybe_grow(need, need.saturating_mul(2).max(MIN_NEW_STACK), f)
}

/// The depth of `value`'s tree of indexed sub-values (0 for a leaf), walked iteratively.
fn depth_of<T: SubTypes>(value: &T) -> usize {
    crate::Bfs::new(NodeRef::Value(value.node())).last().map_or(0, |v| v.depth)
}

/// How deep values can get in a run with `args`: discovery's budget bounds them, and
/// reduction and generalization add replacements of at most `max_size` constructors.
pub(crate) fn run_depth(args: &Args) -> usize {
    args.max_gen_size.saturating_add(args.max_size)
}

/// A seed from the clock and the process's hash keys, for runs without `Args::seed`.
pub(crate) fn random_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::hash::RandomState::new().build_hasher();
    if let Ok(d) = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH) {
        h.write_u128(d.as_nanos());
    }
    h.finish()
}

/// Where a discovered input came from: enough to generate exactly that input again (each
/// random test draws its own seed from the run's generator).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Origin {
    /// The seed of the test's own generator.
    pub seed: u64,
    /// The QuickCheck size it was generated at.
    pub size: usize,
    /// The constructor budget it was generated with.
    pub budget: usize,
}

impl Origin {
    /// Generates the input again.
    pub fn generate<T: crate::Arbitrary>(&self) -> T {
        let mut g = Gen::new(self.seed, self.size);
        g.set_budget(self.budget);
        T::arbitrary(&mut g)
    }
}

/// What discovery found.
pub(crate) enum Discovered<T> {
    Found { value: T, failure: Failure, origin: Option<Origin> },
    Passed,
    GaveUp,
}

/// Counts kept across discovery rounds.
#[derive(Default)]
pub(crate) struct Counts {
    pub tests: usize,
    pub discards: usize,
    pub rounds: usize,
}

/// QuickCheck-style random testing: sizes grow from 0 to `max_gen_size` over the tests, and
/// discards nudge the size up; gives up after `max_discard_ratio * tests` discards.
pub(crate) fn discover<T: SubTypes, R: PropertyResult, P: Fn(&T) -> R>(
    args: &Args,
    tester: &mut Tester<'_, T, P>,
    gen: &mut Gen,
    counts: &mut Counts,
) -> Discovered<T> {
    let min = crate::arbitrary::require_min_size::<T>();
    let max_discards = args.max_discard_ratio.saturating_mul(args.tests.max(1));
    let (mut tests, mut discards) = (0usize, 0usize);
    while tests < args.tests {
        let size =
            (tests * args.max_gen_size / args.tests.max(1) + discards / 10).min(args.max_gen_size);
        let origin = Origin { seed: gen.fork_seed(), size, budget: size.max(min) };
        let value: T = crate::derive_support::grow(|| origin.generate());
        let outcome = with_stack_for(depth_of(&value), || tester.run(&value));
        match outcome {
            Outcome::Pass => tests += 1,
            Outcome::Discard => {
                discards += 1;
                if discards > max_discards {
                    counts.tests += tests;
                    counts.discards += discards;
                    return Discovered::GaveUp;
                }
            }
            Outcome::Fail(failure) => {
                counts.tests += tests + 1;
                counts.discards += discards;
                if args.verbose {
                    eprintln!("smartcheck: test {} failed: {failure}", tests + 1);
                }
                return Discovered::Found { value, failure, origin: Some(origin) };
            }
        }
        if args.verbose && (tests + discards) % 10 == 0 {
            eprintln!("smartcheck: {tests} tests passed, {discards} discarded (size {size})");
        }
    }
    counts.tests += tests;
    counts.discards += discards;
    Discovered::Passed
}

/// Reduces `value`, checks the result fails when re-run, generalizes it, and renders it.
pub(crate) fn reduce_found<T: SubTypes, R: PropertyResult, P: Fn(&T) -> R>(
    args: &Args,
    tester: &mut Tester<'_, T, P>,
    gen: &mut Gen,
    value: T,
    failure: Failure,
    notes: &mut Vec<String>,
) -> Counterexample<T> {
    // Values from hand-written generators or saved entries may be deeper than the run's
    // bound: make room for this one.
    let depth = depth_of(&value).saturating_add(args.max_size);
    with_stack_for(depth, || reduce_on_stack(args, tester, gen, value, failure, notes))
}

fn reduce_on_stack<T: SubTypes, R: PropertyResult, P: Fn(&T) -> R>(
    args: &Args,
    tester: &mut Tester<'_, T, P>,
    gen: &mut Gen,
    value: T,
    failure: Failure,
    notes: &mut Vec<String>,
) -> Counterexample<T> {
    let start = tester.evaluations;
    let size_before = value.size();
    let (mut reduced, mut failure) = Reducer::new(args, tester, gen, value.clone(), failure).run();
    // The reported counterexample must fail when re-run: check, and say so if it does not.
    match tester.run(&reduced) {
        Outcome::Fail(f) => failure = f,
        _ => {
            notes.push(
                "the property is not deterministic: the reduced value passed when re-run, so \
                 the counterexample as discovered is reported"
                    .to_string(),
            );
            reduced = value.clone();
        }
    }
    let reduce_evaluations = tester.evaluations - start;
    let generalization =
        crate::generalize::generalize_reduced(args, tester, gen, &reduced, &failure);
    let mut cex =
        finish(args, value, reduced, failure, size_before, reduce_evaluations, generalization);
    cex.generalize_evaluations = tester.evaluations - start - reduce_evaluations;
    cex
}

fn finish<T: SubTypes>(
    args: &Args,
    original: T,
    value: T,
    failure: Failure,
    size_before: usize,
    evaluations: usize,
    generalization: Option<Generalization>,
) -> Counterexample<T> {
    let rendered = render_format(NodeRef::Value(value.node()), &Holes::new(), args.format);
    Counterexample {
        size_after: value.size(),
        value,
        original,
        failure,
        size_before,
        evaluations,
        rendered,
        generalization,
        generalize_evaluations: 0,
        origin: None,
    }
}

/// Tests `prop` on random values, then reduces and generalizes every class of counterexample
/// it finds (SPEC §2). Never panics because the property does; see [`Report`].
///
/// ```
/// use smartcheck_core::{smart_check, Args};
/// let args = Args { seed: Some(1), ..Args::default() };
/// let report = smart_check(&args, |v: &Vec<u8>| v.len() < 3);
/// assert!(report.failed());
/// assert_eq!(report.counterexamples()[0].value(), &vec![0, 0, 0]);
/// ```
pub fn smart_check<T: SubTypes, R: PropertyResult>(
    args: &Args,
    prop: impl Fn(&T) -> R,
) -> Report<T> {
    with_stack_for(run_depth(args), || {
        crate::strengthen::rounds(args, &prop, args.seed.unwrap_or_else(random_seed), Vec::new())
    })
}

/// Builds the report of a run.
pub(crate) fn report<T>(
    args: &Args,
    seed: u64,
    counts: &Counts,
    evaluations: usize,
    found: Vec<Counterexample<T>>,
    gave_up: bool,
    notes: Vec<String>,
) -> Report<T> {
    let status = if !found.is_empty() {
        Status::Failed
    } else if gave_up {
        Status::GaveUp
    } else {
        Status::Passed
    };
    Report {
        seed,
        status,
        tests: counts.tests,
        discards: counts.discards,
        rounds: counts.rounds,
        evaluations,
        counterexamples: found,
        format: args.format,
        notes,
    }
}

/// One round of discovery and reduction under an extra precondition (used by the rounds loop).
pub(crate) fn one_round<T: SubTypes, R: PropertyResult, P: Fn(&T) -> R>(
    args: &Args,
    prop: &P,
    extra: Option<Precondition<'_, T>>,
    gen: &mut Gen,
    counts: &mut Counts,
    notes: &mut Vec<String>,
) -> (Discovered<Counterexample<T>>, usize) {
    let mut tester = Tester::new(prop, extra);
    let found = match discover(args, &mut tester, gen, counts) {
        Discovered::Found { value, failure, origin } => {
            let mut cex = reduce_found(args, &mut tester, gen, value, failure.clone(), notes);
            cex.origin = origin;
            Discovered::Found { value: cex, failure, origin }
        }
        Discovered::Passed => Discovered::Passed,
        Discovered::GaveUp => Discovered::GaveUp,
    };
    (found, tester.evaluations)
}

/// Why [`reduce`] or [`generalize`] refused a value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotACounterexample {
    /// What the property said of the value.
    pub outcome: Outcome,
}

impl fmt::Display for NotACounterexample {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.outcome {
            Outcome::Pass => f.write_str("the value passes the property: nothing to reduce"),
            Outcome::Discard => f.write_str("the value does not meet the precondition"),
            Outcome::Fail(_) => f.write_str("the value fails the property"),
        }
    }
}

impl std::error::Error for NotACounterexample {}

/// Reduces (and generalizes, per `args`) a counterexample found elsewhere, by hand or by
/// another tool (the paper lets a counterexample be passed in explicitly).
///
/// ```
/// use smartcheck_core::{reduce, Args};
/// let args = Args { seed: Some(3), ..Args::default() };
/// let cex = reduce(&args, |v: &Vec<i32>| v.iter().all(|&x| x < 100), vec![7, 500, -3]).unwrap();
/// assert_eq!(cex.value(), &vec![100]);
/// assert_eq!(cex.original(), &vec![7, 500, -3]);
/// ```
pub fn reduce<T: SubTypes, R: PropertyResult>(
    args: &Args,
    prop: impl Fn(&T) -> R,
    value: T,
) -> Result<Counterexample<T>, NotACounterexample> {
    with_stack_for(depth_of(&value).saturating_add(args.max_size), || {
        let mut tester = Tester::new(&prop, None);
        let failure = match tester.run(&value) {
            Outcome::Fail(f) => f,
            outcome => return Err(NotACounterexample { outcome }),
        };
        let mut gen = Gen::new(args.seed.unwrap_or_else(random_seed), args.max_size);
        let mut notes = Vec::new();
        Ok(reduce_found(args, &mut tester, &mut gen, value, failure, &mut notes))
    })
}

/// Generalizes a counterexample as it is, without reducing it first (§5.1, §5.2).
pub fn generalize<T: SubTypes, R: PropertyResult>(
    args: &Args,
    prop: impl Fn(&T) -> R,
    value: &T,
) -> Result<Generalization, NotACounterexample> {
    with_stack_for(depth_of(value).saturating_add(args.max_size), || {
        let mut tester = Tester::new(&prop, None);
        let failure = match tester.run(value) {
            Outcome::Fail(f) => f,
            outcome => return Err(NotACounterexample { outcome }),
        };
        let mut gen = Gen::new(args.seed.unwrap_or_else(random_seed), args.max_size);
        let forced = Args { run_forall: true, run_exists: true, ..args.clone() };
        Ok(crate::generalize::generalize_reduced(&forced, &mut tester, &mut gen, value, &failure)
            .unwrap_or_default())
    })
}

impl Args {
    /// These arguments with the environment's overrides applied: `SMARTCHECK_SEED` (decimal
    /// or `0x` hex), `SMARTCHECK_TESTS`, `SMARTCHECK_ROUNDS`, `SMARTCHECK_VERBOSE` (`1`).
    pub fn with_env(mut self) -> Result<Args, String> {
        fn var(name: &str) -> Option<String> {
            std::env::var(name).ok().filter(|v| !v.trim().is_empty())
        }
        fn number(name: &str, text: &str) -> Result<u64, String> {
            let t = text.trim();
            let parsed = match t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
                Some(hex) => u64::from_str_radix(hex, 16),
                None => t.parse(),
            };
            parsed.map_err(|_| format!("{name}={text:?} is not a number"))
        }
        if let Some(v) = var("SMARTCHECK_SEED") {
            self.seed = Some(number("SMARTCHECK_SEED", &v)?);
        }
        if let Some(v) = var("SMARTCHECK_TESTS") {
            self.tests = number("SMARTCHECK_TESTS", &v)? as usize;
        }
        if let Some(v) = var("SMARTCHECK_ROUNDS") {
            self.rounds = number("SMARTCHECK_ROUNDS", &v)? as usize;
        }
        if let Some(v) = var("SMARTCHECK_VERBOSE") {
            self.verbose = v.trim() != "0";
        }
        Ok(self)
    }
}
