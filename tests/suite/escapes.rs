//! No panic escapes smartcheck (issue 12, item 4; SPEC §6): code of the input type that panics
//! outside the property (its `Clone`, `Debug`, `Drop`, `Eq`/`Ord`/`Hash`, or a `with =`
//! generator) becomes a report with its message and the seed under `smart_check` and `check`
//! (replaying and saving included), and an `Err` of `reduce` and `generalize`; a saved failure
//! is never lost to it.
//!
//! Two unrelated user types, a record (`Ledger`) and a recursive enum (`Expr`), both hold a
//! `Fuse`: a part whose code panics with `fuse: <Trap>` while that trap is armed, on this
//! thread ([`with_armed`]) or, in child processes, by the variable `SMARTCHECK_TEST_FUSE`.
//! The `Debug` of a whole input (`Ledger`, and `Program`, which holds an `Expr`) has a trap of
//! its own: smartcheck only calls it to save and replay inputs, never while searching.

use std::cell::Cell;
use std::collections::HashSet;
use std::hash::{Hash, Hasher};
use std::path::PathBuf;
use std::sync::OnceLock;

use smartcheck::{generalize, reduce, smart_check, Arbitrary, Args, Failure, Gen, ReduceError};
use smartcheck::{Report, SubTypes};

use crate::child::{self, report_of, run_child, ROLE};

const FUSE: &str = "SMARTCHECK_TEST_FUSE";
const FILE: &str = "smartcheck-regressions/tests/suite/escapes.txt";

// ---------------------------------------------------------------------------------------------
// The traps.

/// Which code of the input type panics.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Trap {
    Clone,
    Debug,
    DebugRoot,
    Drop,
    Generate,
    Compare,
}

thread_local! {
    static ARMED: Cell<Option<Trap>> = const { Cell::new(None) };
}

/// True when `trap` is armed on this thread or by [`FUSE`].
fn armed(trap: Trap) -> bool {
    static FROM_ENV: OnceLock<Option<String>> = OnceLock::new();
    let from_env = FROM_ENV.get_or_init(|| std::env::var(FUSE).ok());
    ARMED.get() == Some(trap) || from_env.as_deref() == Some(&format!("{trap:?}"))
}

/// Panics with `fuse: <trap>` when `trap` is armed (never while unwinding: that would abort).
fn trip(trap: Trap) {
    if armed(trap) && !std::thread::panicking() {
        panic!("fuse: {trap:?}");
    }
}

/// Runs `f` with `trap` armed on this thread; what it returns is dropped by the caller, unarmed.
fn with_armed<R>(trap: Trap, f: impl FnOnce() -> R) -> R {
    crate::with_slot(&ARMED, trap, f)
}

/// A part of both input types whose `Clone`, `Debug`, `Drop` and generator trip their traps.
#[derive(SubTypes, Arbitrary)]
struct Fuse {
    #[smartcheck(with = fuse_level)]
    level: u8,
}

fn fuse_level(g: &mut Gen) -> u8 {
    trip(Trap::Generate);
    g.below(256) as u8
}

impl Clone for Fuse {
    fn clone(&self) -> Self {
        trip(Trap::Clone);
        Fuse { level: self.level }
    }
}

impl std::fmt::Debug for Fuse {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        trip(Trap::Debug);
        write!(f, "Fuse {{ level: {} }}", self.level)
    }
}

impl Drop for Fuse {
    fn drop(&mut self) {
        trip(Trap::Drop);
    }
}

/// A key whose comparisons and hash trip [`Trap::Compare`].
#[derive(Clone, Debug, SubTypes, Arbitrary)]
struct Key(u8);

impl PartialEq for Key {
    fn eq(&self, other: &Key) -> bool {
        trip(Trap::Compare);
        self.0 == other.0
    }
}

impl Eq for Key {}

impl Hash for Key {
    fn hash<H: Hasher>(&self, state: &mut H) {
        trip(Trap::Compare);
        self.0.hash(state);
    }
}

impl PartialOrd for Key {
    fn partial_cmp(&self, other: &Key) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Key {
    fn cmp(&self, other: &Key) -> std::cmp::Ordering {
        trip(Trap::Compare);
        self.0.cmp(&other.0)
    }
}

/// The record.
#[derive(Clone, SubTypes, Arbitrary)]
struct Ledger {
    fuse: Fuse,
    amounts: Vec<u32>,
    tags: HashSet<Key>,
}

impl std::fmt::Debug for Ledger {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        trip(Trap::DebugRoot);
        let mut tags: Vec<u8> = self.tags.iter().map(|k| k.0).collect();
        tags.sort_unstable();
        f.debug_struct("Ledger")
            .field("fuse", &self.fuse)
            .field("amounts", &self.amounts)
            .field("tags", &tags)
            .finish()
    }
}

/// The recursive enum.
#[derive(Clone, Debug, SubTypes, Arbitrary)]
enum Expr {
    Lit(Fuse),
    Neg(Box<Expr>),
    Add(Box<Expr>, Box<Expr>),
}

/// A program: one expression, under a name of its own.
#[derive(Clone, SubTypes, Arbitrary)]
struct Program {
    main: Expr,
}

impl std::fmt::Debug for Program {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        trip(Trap::DebugRoot);
        f.debug_struct("Program").field("main", &self.main).finish()
    }
}

fn ledger_ok(l: &Ledger) -> bool {
    l.amounts.len() < 3
}

fn depth(e: &Expr) -> usize {
    match e {
        Expr::Lit(_) => 0,
        Expr::Neg(a) => 1 + depth(a),
        Expr::Add(a, b) => 1 + depth(a).max(depth(b)),
    }
}

fn expr_ok(e: &Expr) -> bool {
    depth(e) < 3
}

fn program_ok(p: &Program) -> bool {
    expr_ok(&p.main)
}

fn a_ledger() -> Ledger {
    let tags = [1, 2, 3].into_iter().map(Key).collect();
    Ledger { fuse: Fuse { level: 9 }, amounts: vec![10, 20, 30, 40, 50], tags }
}

fn an_expr() -> Expr {
    use Expr::*;
    let lit = |level| Box::new(Lit(Fuse { level }));
    Add(Box::new(Neg(Box::new(Neg(Box::new(Add(lit(1), lit(2))))))), lit(3))
}

fn seeded(seed: u64) -> Args {
    Args { seed: Some(seed), persist: false, ..Args::default() }
}

// ---------------------------------------------------------------------------------------------
// `reduce`, `generalize` and `smart_check`, in this process.

/// `error` is the panic of `trap`, caught in this file, with the run's seed.
fn assert_panicked(error: &ReduceError, trap: Trap, seed: u64) {
    let ReduceError::Panicked { failure, seed: reported } = error else {
        panic!("{trap:?}: expected a panic outside the property, got {error:?}")
    };
    assert_eq!(*reported, seed, "{trap:?}");
    let Failure::Panic { message, location } = failure else { panic!("{failure:?}") };
    assert_eq!(message, &format!("fuse: {trap:?}"));
    assert!(
        location.as_deref().is_some_and(|l| l.starts_with("tests/suite/escapes.rs:")),
        "{location:?}"
    );
    let text = error.to_string();
    assert!(text.contains(&format!("fuse: {trap:?}")), "{text}");
    assert!(text.contains(&format!("seed {seed:#x}")), "{text}");
}

#[test]
fn reduce_gives_a_panic_outside_the_property_as_an_error_with_its_seed() {
    for trap in [Trap::Clone, Trap::Drop, Trap::Compare] {
        let value = a_ledger();
        let result = with_armed(trap, || reduce(&seeded(7), ledger_ok, value));
        assert_panicked(&result.expect_err("the trap is tripped"), trap, 7);
    }
    for trap in [Trap::Clone, Trap::Drop, Trap::Generate] {
        let value = an_expr();
        let result = with_armed(trap, || reduce(&seeded(8), expr_ok, value));
        assert_panicked(&result.expect_err("the trap is tripped"), trap, 8);
    }
}

#[test]
fn generalize_gives_a_panic_outside_the_property_as_an_error_with_its_seed() {
    for trap in [Trap::Clone, Trap::Generate] {
        let value = a_ledger();
        let result = with_armed(trap, || generalize(&seeded(9), ledger_ok, &value));
        assert_panicked(&result.expect_err("the trap is tripped"), trap, 9);
        let value = an_expr();
        let result = with_armed(trap, || generalize(&seeded(9), expr_ok, &value));
        assert_panicked(&result.expect_err("the trap is tripped"), trap, 9);
    }
}

#[test]
fn a_value_that_is_no_counterexample_is_still_refused_as_such() {
    let value = vec![1u8];
    let error = reduce(&seeded(1), |v: &Vec<u8>| v.len() < 3, value).expect_err("it passes");
    assert_eq!(error, ReduceError::NotACounterexample(smartcheck::Outcome::Pass));
    assert_eq!(error.to_string(), "the value passes the property: nothing to reduce");
}

/// The report of a run with `trap` armed names the trap's panic as a problem, with the seed.
fn assert_reported<T>(report: &Report<T>, trap: Trap) {
    let text = report.to_string();
    assert!(report.failed(), "{trap:?}: {text}");
    assert!(report.problems().iter().any(|p| p.contains(&format!("fuse: {trap:?}"))), "{text}");
    assert!(text.contains("SMARTCHECK_SEED=0x5"), "{text}");
}

#[test]
fn smart_check_reports_every_trap_of_both_types() {
    for trap in [Trap::Clone, Trap::Debug, Trap::Drop, Trap::Generate, Trap::Compare] {
        let report = with_armed(trap, || smart_check(&seeded(5), ledger_ok));
        assert_reported(&report, trap);
    }
    for trap in [Trap::Clone, Trap::Debug, Trap::Drop, Trap::Generate] {
        let report = with_armed(trap, || smart_check(&seeded(5), expr_ok));
        assert_reported(&report, trap);
    }
}

// ---------------------------------------------------------------------------------------------
// `check`, replaying and saving, in child processes (see `child.rs`).

#[test]
#[ignore = "a child process of the other tests runs it, with its role in SMARTCHECK_TEST_ROLE"]
fn child() {
    match std::env::var(ROLE).unwrap_or_default().as_str() {
        "ledger" => smartcheck::check(ledger_ok),
        "expr" => smartcheck::check(expr_ok),
        "program" => smartcheck::check(program_ok),
        other => panic!("unknown role {other:?}"),
    }
}

fn scratch(name: &str) -> PathBuf {
    child::scratch("escapes", name)
}

/// The child's output shows a report, and no panic message from this file printed raw: the
/// one panic located here is `check`'s own, with the report (it points at the test's call).
fn assert_quiet_report(out: &str) {
    report_of(out);
    let lines: Vec<&str> = out.lines().collect();
    for (k, line) in lines.iter().enumerate() {
        if line.contains("panicked at tests/suite/escapes.rs") {
            let next = lines.get(k + 1).copied().unwrap_or_default();
            assert!(next.starts_with("smartcheck: "), "a raw panic: {out}");
        }
    }
}

#[test]
fn a_debug_that_panics_while_saving_loses_nothing() {
    for role in ["ledger", "program"] {
        let seed = [("SMARTCHECK_SEED", "1")];
        let (ok, clean) =
            run_child(module_path!(), &scratch(&format!("debug-clean-{role}")), role, &seed);
        assert!(!ok);
        // The same run, with the input's `Debug` panicking: only saving calls it.
        let dir = scratch(&format!("debug-{role}"));
        let (ok, first) = run_child(module_path!(), &dir, role, &[seed[0], (FUSE, "DebugRoot")]);
        assert!(!ok);
        assert_quiet_report(&first);
        assert_eq!(report_of(&first), report_of(&clean));
        let saved = child::saved_lines(&dir, FILE);
        assert!(!saved.is_empty(), "{role}: {first}");
        for line in &saved {
            assert!(line.ends_with(" # <its Debug panicked: fuse: DebugRoot>"), "{saved:?}");
        }
        // Its identity does not need `Debug` to work: a run where it panics knows it again.
        let (ok, next) =
            run_child(module_path!(), &dir, role, &[(FUSE, "DebugRoot"), ("SMARTCHECK_SEED", "2")]);
        assert!(!ok);
        assert!(!next.contains("stale"), "{next}");
        assert!(next.contains(&format!("counterexample 1 was replayed from {FILE}:2")), "{next}");
    }
}

#[test]
fn replaying_with_a_panicking_generator_clone_drop_or_hash_is_a_report() {
    for (role, traps) in [
        ("ledger", &[Trap::Generate, Trap::Clone, Trap::Drop, Trap::Compare][..]),
        ("expr", &[Trap::Generate, Trap::Clone, Trap::Drop][..]),
    ] {
        let dir = scratch(&format!("replay-{role}"));
        let (ok, _) = run_child(module_path!(), &dir, role, &[("SMARTCHECK_SEED", "1")]);
        assert!(!ok);
        let saved = std::fs::read(dir.join(FILE)).unwrap();
        for trap in traps {
            let fuse = format!("{trap:?}");
            let (ok, out) =
                run_child(module_path!(), &dir, role, &[(FUSE, &fuse), ("SMARTCHECK_SEED", "2")]);
            assert!(!ok, "{role} {trap:?}");
            assert_quiet_report(&out);
            let report = report_of(&out);
            let said = format!(
                "error: a panic outside the property, replaying the input saved in {FILE}:2 (in \
                 the input type's generator, Clone, Debug, Drop, Eq, Ord or Hash) at \
                 tests/suite/escapes.rs:"
            );
            assert!(report.contains(&said), "{role} {trap:?}: {report}");
            assert!(report.contains(&format!(": fuse: {trap:?}")), "{report}");
            assert_eq!(std::fs::read(dir.join(FILE)).unwrap(), saved, "the file is kept");
        }
    }
}

#[test]
fn the_rerun_of_a_crashed_run_keeps_its_problems() {
    for (role, type_name) in
        [("ledger", "suite::escapes::Ledger"), ("expr", "suite::escapes::Expr")]
    {
        let dir = scratch(&format!("crashed-{role}"));
        let file = dir.join(FILE);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(&file, format!("crash type={type_name} seed=0x5 # written by hand\n"))
            .unwrap();
        let (ok, out) =
            run_child(module_path!(), &dir, role, &[(FUSE, "Clone"), ("SMARTCHECK_SEED", "2")]);
        assert!(!ok);
        let report = report_of(&out);
        let said = "error: rerunning the crashed run with seed 0x5: a panic outside the \
                    property, in round 1 (in the input type's generator, Clone, Debug, Drop, \
                    Eq, Ord or Hash) at tests/suite/escapes.rs:";
        assert!(report.contains(said), "{role}: {report}");
        assert!(report.contains("fuse: Clone"), "{report}");
    }
}
