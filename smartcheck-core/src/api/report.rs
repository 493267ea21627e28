//! What an API test reports: each class of failure as a program a user can paste into a
//! `#[test]`, how it was reduced and generalized, and which API functions ran and panicked.
//!
//! Invariant: a [`Printed`] program comes from re-running the reduced program with a tracing
//! [`Exec`](super::Exec), so its statements are the calls that failed. Cost: one run per class.

use std::fmt;

use super::{Function, Program};
use crate::property::Failure;
use crate::report::{same_failure_as, Report, Status};

/// How often each API function was called, and how often a call panicked, over a whole run
/// (discovery, reduction and generalization).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Coverage {
    pub(crate) names: Vec<&'static str>,
    pub(crate) calls: Vec<u64>,
    pub(crate) panics: Vec<u64>,
}

impl Coverage {
    /// No calls yet to any of `functions`.
    pub fn new(functions: &[Function]) -> Self {
        let n = functions.len();
        Coverage {
            names: functions.iter().map(|f| f.name).collect(),
            calls: vec![0; n],
            panics: vec![0; n],
        }
    }

    pub(crate) fn count_call(&mut self, function: usize) {
        if let Some(c) = self.calls.get_mut(function) {
            *c += 1;
        }
    }

    pub(crate) fn count_panic(&mut self, function: usize) {
        if let Some(c) = self.panics.get_mut(function) {
            *c += 1;
        }
    }

    /// Calls made to `function` (by name); 0 for an unknown name.
    pub fn calls(&self, function: &str) -> u64 {
        self.position(function).map_or(0, |i| self.calls[i])
    }

    /// Calls to `function` (by name) that panicked.
    pub fn panics(&self, function: &str) -> u64 {
        self.position(function).map_or(0, |i| self.panics[i])
    }

    /// The functions never called.
    pub fn never_called(&self) -> Vec<&'static str> {
        self.names.iter().zip(&self.calls).filter(|(_, &c)| c == 0).map(|(n, _)| *n).collect()
    }

    fn position(&self, function: &str) -> Option<usize> {
        self.names.iter().position(|n| *n == function)
    }
}

impl fmt::Display for Coverage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cells: Vec<String> = (0..self.names.len())
            .map(|i| match self.panics[i] {
                0 => format!("{} {}", self.names[i], self.calls[i]),
                p => format!("{} {} ({p} panicked)", self.names[i], self.calls[i]),
            })
            .collect();
        write!(f, "calls: {}", cells.join(", "))
    }
}

/// A failing program as Rust statements, each call one statement, the failing one last with the
/// failure in a comment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Printed {
    pub(crate) statements: Vec<String>,
    pub(crate) calls: usize,
    pub(crate) failure: Option<Failure>,
}

impl Printed {
    /// The statements, one per call (plus a failing assertion for an invariant or the model).
    pub fn statements(&self) -> &[String] {
        &self.statements
    }

    /// The number of API calls the program makes.
    pub fn calls(&self) -> usize {
        self.calls
    }

    /// How the program fails when re-run (`None`: it did not fail again).
    pub fn failure(&self) -> Option<&Failure> {
        self.failure.as_ref()
    }
}

impl fmt::Display for Printed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let last = self.statements.len().saturating_sub(1);
        for (i, statement) in self.statements.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            f.write_str(statement)?;
            if let (true, Some(Failure::Panic { message, location })) = (i == last, &self.failure) {
                let message = message.lines().next().unwrap_or("");
                match location {
                    Some(at) => write!(f, " // panicked at {at}: {message}")?,
                    None => write!(f, " // panicked: {message}")?,
                }
            }
        }
        Ok(())
    }
}

/// The result of [`test_api`](super::test_api): the engine's report on programs, each
/// counterexample printed as Rust, and the call counts.
#[derive(Clone, Debug)]
pub struct ApiReport<P> {
    pub(crate) report: Report<P>,
    pub(crate) printed: Vec<Printed>,
    pub(crate) coverage: Coverage,
}

impl<P: Program> ApiReport<P> {
    /// The engine's report, whose values are the (reduced) programs.
    pub fn report(&self) -> &Report<P> {
        &self.report
    }

    /// True when some program failed.
    pub fn failed(&self) -> bool {
        self.report.failed()
    }

    /// Each class of failure as a printed program, in the order found.
    pub fn printed(&self) -> &[Printed] {
        &self.printed
    }

    /// Calls and panics per API function.
    pub fn coverage(&self) -> &Coverage {
        &self.coverage
    }
}

impl<P: Program> fmt::Display for ApiReport<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = &self.report;
        let seed = format!("seed {:#x} (rerun: SMARTCHECK_SEED={:#x})", r.seed(), r.seed());
        match r.status() {
            Status::Failed => writeln!(
                f,
                "smartcheck api {}: {} failing program(s) after {} programs; {seed}",
                P::API,
                self.printed.len(),
                r.tests()
            )?,
            _ => writeln!(f, "smartcheck api {}: {} programs passed; {seed}", P::API, r.tests())?,
        }
        let total = self.printed.len();
        for (i, (printed, cex)) in self.printed.iter().zip(r.counterexamples()).enumerate() {
            writeln!(
                f,
                "failure {} of {total}, reduced from {} to {} constructors, {} calls:",
                i + 1,
                cex.size_before(),
                cex.size_after(),
                printed.calls
            )?;
            if let Some((j, what)) = same_failure_as(r.counterexamples(), i) {
                writeln!(
                    f,
                    "  ({what} as failure {}: likely the same bug, reached by another program)",
                    j + 1
                )?;
            }
            for line in printed.to_string().lines() {
                writeln!(f, "    {line}")?;
            }
            if let Some(g) = cex.generalization().filter(|g| g.is_general()) {
                writeln!(f, "  generalized (as a program value):")?;
                for line in g.to_string().lines() {
                    writeln!(f, "    {line}")?;
                }
            }
        }
        write!(f, "{}", self.coverage)
    }
}
