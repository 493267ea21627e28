//! The user's entry points: [`smart_check`], [`reduce`] and [`generalize`] ([`check`](crate::check)
//! is in `replay`, which persists failures).
//!
//! The top of the one-way flow: entry points → [rounds](crate::rounds) → discovery →
//! reduction (§4) → generalization (§5.1, §5.2) → [report](crate::report). Each entry point
//! checks its `Args` first ([`Args::validate`]), then runs on a stack with room for the
//! values at hand (see `stack.rs`). Invariants: nothing here is called from below; no panic
//! of the value type's own code escapes [`reduce`] or [`generalize`]: all their work on the
//! user's value runs inside a catch, and such a panic is a [`ReduceError::Panicked`].
//! Cost: that of the rounds, plus one validation.

use std::fmt;

use crate::args::Args;
use crate::fork::with_fork;
use crate::gen::Gen;
use crate::generalize::Generalization;
use crate::property::{self, Failure, Outcome, PropertyResult, RootProperty};
use crate::report::{outside_the_property, Counterexample, Report};
use crate::root::{node_of, Root, RootType};
use crate::rounds::{generalize_found, reduce_found};
use crate::stack::{nesting_of, run_depth, with_stack_for};
use crate::subtypes::{SubTypes, SubValue};
use crate::tester::Tester;

pub use crate::origin::Origin;

/// The seed of a run with `args`: theirs, else `SMARTCHECK_SEED`'s
/// ([`env_seed`](crate::args::env_seed)), else a fresh random one.
pub(crate) fn seed_of(args: &Args) -> u64 {
    args.seed.or_else(crate::args::env_seed).unwrap_or_else(random_seed)
}

/// A seed from the clock and the process's hash keys, for runs with neither `Args::seed` nor
/// `SMARTCHECK_SEED`.
fn random_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::hash::RandomState::new().build_hasher();
    if let Ok(d) = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH) {
        h.write_u128(d.as_nanos());
    }
    h.finish()
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
    check_erased(args, RootType::of::<T>(), &property::erase(prop)).downcast()
}

/// [`smart_check`] past the property's and the value's types: compiled once.
fn check_erased(args: &Args, ty: RootType, prop: &RootProperty<'_>) -> Report<Root> {
    let seed = seed_of(args);
    if let Err(message) = args.validate() {
        return Report::invalid(args, seed, message);
    }
    let mut report = with_fork(args, prop, |prop| {
        with_stack_for(run_depth(args), || crate::rounds::rounds(args, ty, prop, seed, Vec::new()))
    });
    // `check` refuses a malformed `SMARTCHECK_SEED`; `smart_check` runs, and says so.
    if args.seed.is_none() {
        report.notes.extend(crate::args::env_seed_note());
    }
    // `smart_check` asks no enumeration of its type, so it cannot check exhaustively: it
    // says so in the report, never silently.
    if let Some(depth) = args.exhaustive {
        report.notes.push(format!(
            "exhaustive checking to depth {depth} was asked for, but `smart_check` does not \
             enumerate values (it asks no `Enumerate` of its type): random discovery ran \
             instead (exhaustive checking is `smartcheck::exhaustive::exhaustive_check`, or \
             `#[smartcheck::property]`)"
        ));
    }
    report
}

/// Why [`reduce`] or [`generalize`] gave no result.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReduceError {
    /// The value is no counterexample: what the property said of it (a pass or a discard).
    NotACounterexample(Outcome),
    /// The value failed once, then passed on every re-run: the property is flaky.
    Flaky(String),
    /// Code of the value's type that smartcheck calls outside the property (a generator,
    /// `Clone`, `Debug`, `Drop`, `Eq`, `Ord` or `Hash`) panicked: the panic, and the seed to
    /// rerun with (`Args::seed`).
    Panicked {
        /// The panic's message and location.
        failure: Failure,
        /// The seed of the run.
        seed: u64,
    },
    /// The arguments make no sense ([`Args::validate`]'s message): nothing was run.
    InvalidArgs(String),
}

impl fmt::Display for ReduceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReduceError::NotACounterexample(Outcome::Pass) => {
                f.write_str("the value passes the property: nothing to reduce")
            }
            ReduceError::NotACounterexample(Outcome::Discard) => {
                f.write_str("the value does not meet the precondition")
            }
            ReduceError::NotACounterexample(Outcome::Fail(_)) => {
                f.write_str("the value fails the property")
            }
            ReduceError::Flaky(why) | ReduceError::InvalidArgs(why) => f.write_str(why),
            ReduceError::Panicked { failure, seed } => write!(
                f,
                "{}; seed {seed:#x} (rerun: Args {{ seed: Some({seed:#x}), .. }})",
                outside_the_property(None, failure)
            ),
        }
    }
}

impl std::error::Error for ReduceError {}

/// The failure of `value`, which must be a counterexample.
fn failure_of(tester: &mut Tester<'_>, value: &dyn SubValue) -> Result<Failure, ReduceError> {
    match tester.run(value) {
        Outcome::Fail(failure) => Ok(failure),
        outcome => Err(ReduceError::NotACounterexample(outcome)),
    }
}

/// Runs `f` (all of [`reduce`]'s or [`generalize`]'s work on the user's value, its drop
/// included), with a panic outside the property caught as [`ReduceError::Panicked`].
fn guarded<R>(seed: u64, f: impl FnOnce() -> Result<R, ReduceError>) -> Result<R, ReduceError> {
    property::catch(f).unwrap_or_else(|failure| Err(ReduceError::Panicked { failure, seed }))
}

/// Reduces (and generalizes, per `args`) a counterexample found elsewhere, by hand or by
/// another tool (the paper lets a counterexample be passed in explicitly). Never panics
/// because the value's own code does: see [`ReduceError`].
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
) -> Result<Counterexample<T>, ReduceError> {
    let prop = property::erase(prop);
    let value = Root::new(value);
    with_fork(args, &prop, |prop| reduce_erased(args, prop, value)).map(Counterexample::downcast)
}

/// [`reduce`] past the property's and the value's types: compiled once.
pub(crate) fn reduce_erased(
    args: &Args,
    prop: &RootProperty<'_>,
    value: Root,
) -> Result<Counterexample<Root>, ReduceError> {
    args.validate().map_err(ReduceError::InvalidArgs)?;
    let seed = seed_of(args);
    // The walk that sizes the stack runs the value's own code too (a hash map's keys hashed
    // to find their order): a panic there is an error, and the value is dropped under guard.
    let nesting = match guarded(seed, || Ok(nesting_of(value.node()))) {
        Ok(nesting) => nesting,
        Err(error) => {
            return guarded(seed, move || {
                drop(value);
                Err(error)
            })
        }
    };
    with_stack_for(nesting.saturating_add(args.max_size), || {
        guarded(seed, || {
            let mut tester = Tester::new(prop, None);
            let failure = failure_of(&mut tester, &*value)?;
            let mut gen = Gen::new(seed, args.max_size);
            let mut notes = Vec::new();
            let mut cex = reduce_found(args, &mut tester, &mut gen, value, failure, &mut notes)
                .map_err(ReduceError::Flaky)?;
            generalize_found(args, &mut tester, &mut gen, &mut cex);
            Ok(cex)
        })
    })
}

/// Generalizes a counterexample as it is, without reducing it first (§5.1, §5.2). Never
/// panics because the value's own code does: see [`ReduceError`].
pub fn generalize<T: SubTypes, R: PropertyResult>(
    args: &Args,
    prop: impl Fn(&T) -> R,
    value: &T,
) -> Result<Generalization, ReduceError> {
    let prop = property::erase(prop);
    with_fork(args, &prop, |prop| generalize_erased(args, prop, value))
}

/// [`generalize`] past the property's and the value's types: compiled once.
fn generalize_erased(
    args: &Args,
    prop: &RootProperty<'_>,
    value: &dyn SubValue,
) -> Result<Generalization, ReduceError> {
    let forced = Args { run_forall: true, run_exists: true, ..args.clone() };
    forced.validate().map_err(ReduceError::InvalidArgs)?;
    let seed = seed_of(args);
    let nesting = guarded(seed, || Ok(nesting_of(node_of(value))))?;
    with_stack_for(nesting.saturating_add(args.max_size), || {
        guarded(seed, || {
            let mut tester = Tester::new(prop, None);
            let failure = failure_of(&mut tester, value)?;
            let mut gen = Gen::new(seed, args.max_size);
            Ok(crate::generalize::generalize_reduced(
                &forced,
                &mut tester,
                &mut gen,
                value,
                &failure,
            )
            .unwrap_or_default())
        })
    })
}
