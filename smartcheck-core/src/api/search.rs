//! Random search over programs (paper §4's discovery with sizes growing, then reduction,
//! generalization and strengthening, all unchanged), and printing a program as Rust.
//!
//! Invariant: the property given to the engine is the program's oracles and nothing else, so
//! every class of failure the engine reports is a panic, a broken invariant or a disagreement
//! with the model. Cost: as [`smart_check`](crate::smart_check), plus one traced run per class.

use std::cell::RefCell;

use super::{ApiReport, Broken, Coverage, Exec, Halt, Printed, Program};
use crate::args::Args;
use crate::property::{self, Outcome};
use crate::run::smart_check;

/// The property every program is tested with: `Err` for a broken invariant or a disagreement
/// with the model; a panic propagates, as in any property.
pub(crate) fn oracle<P: Program>(program: &P, coverage: &RefCell<Coverage>) -> Result<(), Broken> {
    verdict(program.execute(&mut Exec::counting(coverage)))
}

/// A run's result as a property's: stopping early is a pass.
fn verdict(run: Result<(), Halt>) -> Result<(), Broken> {
    match run {
        Ok(()) | Err(Halt::Stopped) => Ok(()),
        Err(Halt::Broken(broken)) => Err(broken),
    }
}

/// Tests the API of program type `P` with random programs of growing size, then reduces,
/// generalizes and strengthens each class of failure, and prints it as Rust statements.
///
/// ```text
/// let report = smartcheck::api::test_api::<RingProgram>(&smartcheck::Args::default());
/// println!("{report}");
/// ```
pub fn test_api<P: Program>(args: &Args) -> ApiReport<P> {
    let coverage = RefCell::new(Coverage::new(P::FUNCTIONS));
    let report = smart_check(args, |p: &P| oracle(p, &coverage));
    let printed = report.counterexamples().iter().map(|c| print_program(c.value())).collect();
    ApiReport { report, printed, coverage: coverage.into_inner() }
}

/// Like [`test_api`] with `args` and the environment's overrides (`SMARTCHECK_SEED`, ...), for
/// a `#[test]`: panics with the report when a program fails.
#[track_caller]
pub fn check_api<P: Program>(args: &Args) {
    let args = match args.clone().with_env() {
        Ok(args) => args,
        Err(message) => panic!("{message}"),
    };
    let report = test_api::<P>(&args);
    if report.failed() {
        panic!("{report}");
    }
}

/// Runs `program` once, writing its calls as Rust statements, and says how it fails.
pub fn print_program<P: Program>(program: &P) -> Printed {
    let cx = RefCell::new(Exec::tracing());
    let outcome = property::run(&|p: &P| verdict(p.execute(&mut cx.borrow_mut())), program);
    let cx = cx.into_inner();
    let statements = cx.statements();
    let calls = cx.calls;
    let failure = match outcome {
        Outcome::Fail(failure) => Some(failure),
        Outcome::Pass | Outcome::Discard => None,
    };
    Printed { statements, calls, failure }
}

/// How `f` ends, as a property's outcome: for checking that a pasted program fails the same
/// way (same panic location) as the printed one.
///
/// ```
/// use smartcheck_core::{api::outcome_of, Failure, Outcome};
/// let out = outcome_of(|| {
///     let v: Vec<u8> = vec![];
///     let _ = v[0];
/// });
/// assert!(matches!(out, Outcome::Fail(Failure::Panic { .. })));
/// ```
pub fn outcome_of(f: impl FnOnce()) -> Outcome {
    let f = RefCell::new(Some(f));
    property::run(
        &|_: &()| {
            let f = f.borrow_mut().take();
            if let Some(f) = f {
                f();
            }
        },
        &(),
    )
}
