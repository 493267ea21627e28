//! No panic escapes the two searches that are not random (issue 12, item 4; SPEC §6): code of
//! the input type that panics while an exhaustive check builds, drops or reduces a value, and
//! an argument type's `Clone` that panics during iterative deepening, each end the search with
//! an error that says where, instead of unwinding through the test.
//!
//! The types are their own: `Digit`, an enumerable number whose invariant, `Clone` or `Drop`
//! panics at one value (chosen per test through a thread-local), and `Tally`, an API whose
//! argument type's `Clone` panics.

use std::cell::Cell;

use smartcheck::api::{self, Deepening};
use smartcheck::exhaustive::exhaustive_check;
use smartcheck::{Arbitrary, Args, Enumerate, SubTypes};

/// Which code of `Digit` panics, and at which value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Trap {
    Invariant(u8),
    Clone(u8),
    Drop(u8),
}

thread_local! {
    static ARMED: Cell<Option<Trap>> = const { Cell::new(None) };
}

/// Runs `f` with `trap` armed on this thread, disarmed after (also when `f` panics).
fn with_armed<R>(trap: Trap, f: impl FnOnce() -> R) -> R {
    crate::with_slot(&ARMED, trap, f)
}

/// Panics with `trap: <trap>` when `trap` is the armed one (never while unwinding).
fn trip(trap: Trap) {
    if ARMED.get() == Some(trap) && !std::thread::panicking() {
        panic!("trap: {trap:?}");
    }
}

#[derive(Debug, SubTypes, Arbitrary, Enumerate)]
#[smartcheck(invariant = digit_ok)]
struct Digit(#[smartcheck(range = 0..=9)] u8);

fn digit_ok(d: &Digit) -> bool {
    trip(Trap::Invariant(d.0));
    true
}

impl Clone for Digit {
    fn clone(&self) -> Self {
        trip(Trap::Clone(self.0));
        Digit(self.0)
    }
}

impl Drop for Digit {
    fn drop(&mut self) {
        trip(Trap::Drop(self.0));
    }
}

fn args() -> Args {
    Args { seed: Some(7), ..Args::default() }
}

/// The error of an exhaustive run over `Digit` with `trap` armed, and its report's lines.
fn stopped_by(trap: Trap, prop: impl Fn(&Digit) -> bool) -> (String, Vec<String>) {
    let run = with_armed(trap, || exhaustive_check(&args(), 11, prop));
    assert!(run.failed(), "{run}");
    assert!(run.counterexample().is_none(), "{run}");
    let error = run.error().expect("the panic is the run's error").to_string();
    (error, run.to_string().lines().map(str::to_string).collect())
}

#[test]
fn a_panicking_drop_of_a_passing_value_ends_the_run_with_an_error() {
    let (error, lines) = stopped_by(Trap::Drop(3), |_| true);
    assert!(error.starts_with("a panic outside the property, while dropping a value"), "{error}");
    assert!(error.contains("tests/suite/escapes_search.rs:"), "{error}");
    assert!(error.ends_with(": trap: Drop(3)"), "{error}");
    assert_eq!(
        lines[0],
        "smartcheck: failed at value 4 of those up to depth 11; 4 met the precondition"
    );
    assert_eq!(lines[1], format!("error: {error}"));
}

#[test]
fn a_panicking_invariant_while_enumerating_ends_the_run_with_an_error() {
    let (error, lines) = stopped_by(Trap::Invariant(5), |_| true);
    assert!(error.starts_with("a panic outside the property, while enumerating"), "{error}");
    assert!(error.ends_with(": trap: Invariant(5)"), "{error}");
    assert!(lines[0].starts_with("smartcheck: failed at value "), "{lines:?}");
}

#[test]
fn a_panicking_clone_while_reducing_ends_the_run_with_an_error_and_the_seed() {
    let (error, _) = stopped_by(Trap::Clone(6), |d| d.0 < 6);
    assert!(error.starts_with("a panic outside the property"), "{error}");
    assert!(error.contains(": trap: Clone(6)"), "{error}");
    assert!(error.ends_with("seed 0x7 (rerun: Args { seed: Some(0x7), .. })"), "{error}");
}

#[test]
fn unarmed_the_same_runs_pass_and_fail_as_usual() {
    let run = exhaustive_check(&args(), 11, |_: &Digit| true);
    assert!(!run.failed() && run.error().is_none(), "{run}");
    assert_eq!(run.coverage().checked, 10);
    let run = exhaustive_check(&args(), 11, |d: &Digit| d.0 < 6);
    assert_eq!(run.counterexample().map(|c| c.value().0), Some(6), "{run}");
}

/// An argument whose `Clone` panics at the value armed in [`CLONE_AT`].
#[derive(Debug, SubTypes, Arbitrary)]
pub struct Amount(pub u8);

thread_local! {
    static CLONE_AT: Cell<Option<u8>> = const { Cell::new(None) };
}

impl Clone for Amount {
    fn clone(&self) -> Self {
        if CLONE_AT.get() == Some(self.0) && !std::thread::panicking() {
            panic!("clone of Amount({})", self.0);
        }
        Amount(self.0)
    }
}

/// A running total; `add` takes an `Amount`.
#[derive(Debug, Clone, Default)]
pub struct Tally {
    total: u32,
}

#[smartcheck::api]
impl Tally {
    /// Zero.
    pub fn new() -> Tally {
        Tally::default()
    }

    /// Adds `a`.
    pub fn add(&mut self, a: Amount) {
        self.total += u32::from(a.0);
    }
}

#[test]
fn a_panicking_argument_clone_ends_deepening_with_an_error() {
    let limits = Deepening { max_calls: 3, ..Deepening::default() };
    let clean = api::deepen::<TallyProgram>(&limits);
    assert!(clean.error.is_none() && clean.found.is_none(), "{clean}");
    let deepen = || api::deepen::<TallyProgram>(&limits);
    let found = crate::with_slot(&CLONE_AT, 1, || std::panic::catch_unwind(deepen));
    let found = found.expect("no panic escapes deepening");
    let error = found.error.as_deref().expect("the clone's panic is the search's error");
    assert!(
        error.starts_with("a panic outside the programs (in an argument type's Clone"),
        "{error}"
    );
    assert!(error.ends_with(": clone of Amount(1)"), "{error}");
    assert!(found.found.is_none());
    assert!(found.programs < clean.programs, "{} of {}", found.programs, clean.programs);
    assert!(found.to_string().contains(&format!("error: {error}\n")), "{found}");
}
