//! Exhaustive checking: every value of a type up to a depth, small first (Target's testing of
//! *all* valid inputs up to a depth; LPtest's precondition-driven inputs). Where random
//! discovery gives up because valid inputs are rare (sorted lists, balanced trees), every
//! valid input up to the depth is still checked.
//!
//! A failure found this way is reduced and generalized as any other (paper §4, §5), so the
//! report reads the same; the first line says what was covered instead of how many random
//! tests ran.
//!
//! Invariant: no panic escapes. The property runs inside its catch; everything else that runs
//! the type's own code (building values, including invariant functions, dropping them, and
//! reducing a failure) runs inside another, and such a panic ends the run with
//! [`Exhaustive::error`] saying where, instead of unwinding through the caller.
//!
//! Cost: one property evaluation per enumerated value, until the first failure; values are
//! built lazily (see [`crate::enumerate`]).

use std::fmt;

use crate::args::Args;
use crate::enumerate::{Enumerate, Pruned};
use crate::property::{self, Failure, Outcome, PropertyResult, RootProperty};
use crate::report::{outside_the_property, Counterexample};
use crate::root::{Root, RootType};
use crate::run::ReduceError;
use crate::subtypes::{NodeRef, SubTypes};

/// What an exhaustive run covered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Coverage {
    /// The depth enumerated to.
    pub depth: usize,
    /// Values the property was run on.
    pub checked: usize,
    /// Of those, how many met the precondition (were neither discarded nor skipped).
    pub met: usize,
    /// Values never checked because they or a part of them broke a prefix-closed condition or
    /// a type invariant (counted for [`exhaustive_check`] only when the run is complete).
    pub pruned: usize,
    /// True when every value up to the depth was checked (no failure stopped the run).
    pub complete: bool,
}

/// The result of [`exhaustive_check`]: what was covered, and the first failure, reduced and
/// generalized.
#[derive(Clone, Debug)]
pub struct Exhaustive<T> {
    coverage: Coverage,
    counterexample: Option<Counterexample<T>>,
    error: Option<String>,
    /// The position of the counterexample's original value among the values enumerated.
    position: Option<u64>,
}

impl<T> Exhaustive<T> {
    /// What was covered.
    pub fn coverage(&self) -> &Coverage {
        &self.coverage
    }

    /// The first failing value found, reduced and generalized; `None` when every value passed.
    pub fn counterexample(&self) -> Option<&Counterexample<T>> {
        self.counterexample.as_ref()
    }

    /// The position (from 0) of the [`counterexample`](Self::counterexample)'s value, as
    /// found, among the values enumerated, which a saved failure names
    /// ([`persist::Enumerated`](crate::persist::Enumerated)); `None` when nothing failed.
    pub fn position(&self) -> Option<u64> {
        self.position
    }

    /// What stopped the run other than a failure of the property: a panic in the type's own
    /// code (building, reducing or dropping a value), with its location, message and, when it
    /// happened while reducing, the seed to rerun with.
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// True when some value failed, the type's own code panicked ([`error`](Self::error)), or
    /// the check was [`vacuous`](Self::vacuous).
    pub fn failed(&self) -> bool {
        self.counterexample.is_some() || self.error.is_some() || self.vacuous()
    }

    /// True when every value up to the depth was checked and none met the precondition (every
    /// one was discarded, or there were none): nothing was tested, which is no pass, as random
    /// discovery that gives up is none.
    pub fn vacuous(&self) -> bool {
        self.coverage.complete && self.coverage.met == 0
    }
}

/// Checks `prop` on every value of `T` up to `depth`, smallest first, until the first failure,
/// which is then reduced and generalized with `args` as [`crate::reduce()`] does. Values that
/// break a type invariant (`#[smartcheck(invariant = path)]`, on `T` or any type inside it)
/// are never enumerated; a complete run counts them as pruned
/// ([`Enumerate::unpruned_count`] less the values checked).
///
/// ```
/// use smartcheck_core::{exhaustive::exhaustive_check, Args, Verdict};
/// // Inserting into a sorted list keeps it sorted... unless the insert is wrong.
/// fn insert(list: &[u8], x: u8) -> Vec<u8> {
///     let mut out = list.to_vec();
///     let at = out.iter().position(|&y| y > x).unwrap_or(out.len());
///     out.insert(at, x);
///     out
/// }
/// let run = exhaustive_check(&Args::default(), 4, |(l, x): &(Vec<u8>, u8)| {
///     let sorted = l.windows(2).all(|w| w[0] <= w[1]);
///     Verdict::implies(sorted, insert(l, *x).windows(2).all(|w| w[0] <= w[1]))
/// });
/// assert!(!run.failed());
/// // Lists of up to 3 elements from 0..3 (40 of them, 20 sorted), and x in 0..4.
/// assert_eq!((run.coverage().checked, run.coverage().met), (40 * 4, 20 * 4));
/// assert_eq!(run.to_string().lines().next().unwrap(),
///            "smartcheck: checked all 160 values up to depth 4; 80 met the precondition; no failure");
/// ```
pub fn exhaustive_check<T: Enumerate + SubTypes, R: PropertyResult>(
    args: &Args,
    depth: usize,
    prop: impl Fn(&T) -> R,
) -> Exhaustive<T> {
    let values = match property::catch(|| T::enumerate(depth)) {
        Ok(values) => values,
        Err(failure) => {
            let coverage = Coverage { depth, checked: 0, met: 0, pruned: 0, complete: false };
            return Exhaustive::stopped(coverage, "while enumerating values", &failure);
        }
    };
    let mut run = check_values(args, depth, values, 0, &property::erase(prop));
    if run.coverage.complete {
        run.coverage.pruned = T::unpruned_count(depth).saturating_sub(run.coverage.checked);
    }
    run
}

/// [`exhaustive_check`] over values enumerated under a condition (for example
/// [`lists_where`](crate::enumerate::lists_where)'s): the report counts the values the
/// condition pruned.
pub fn exhaustive_check_pruned<T: SubTypes, R: PropertyResult>(
    args: &Args,
    depth: usize,
    values: Pruned<T>,
    prop: impl Fn(&T) -> R,
) -> Exhaustive<T> {
    check_values(args, depth, values.values.into_iter(), values.skipped, &property::erase(prop))
}

/// The check past the property's type: the loop over the values is compiled per value type
/// (and enumeration), the reduction of a value that fails once, on a [`Root`]. Each
/// evaluation is watched and forked as random discovery's are: under `Args::timeout_ms` a
/// value that does not return ends the process with a report naming it, and under
/// `Args::fork` each runs in a child, so a crash or an overrun is a failure, reduced.
fn check_values<T: SubTypes>(
    args: &Args,
    depth: usize,
    values: impl Iterator<Item = T>,
    pruned: usize,
    prop: &RootProperty<'_>,
) -> Exhaustive<T> {
    crate::fork::with_fork(args, prop, |prop| {
        let seed = args.seed.unwrap_or(0);
        let _watch = crate::timeout::watch(RootType::of::<T>(), args.timeout_ms, seed);
        check_each(args, depth, values, pruned, prop)
    })
}

/// [`check_values`]' loop.
fn check_each<T: SubTypes>(
    args: &Args,
    depth: usize,
    mut values: impl Iterator<Item = T>,
    pruned: usize,
    prop: &RootProperty<'_>,
) -> Exhaustive<T> {
    let mut coverage = Coverage { depth, checked: 0, met: 0, pruned, complete: false };
    for position in 0u64.. {
        let value = match property::catch(|| values.next()) {
            Ok(Some(value)) => value,
            Ok(None) => break,
            Err(failure) => return Exhaustive::stopped(coverage, "while enumerating", &failure),
        };
        coverage.checked += 1;
        crate::timeout::checking(coverage.checked, depth);
        match property::run_erased(&|| prop(&value)) {
            Outcome::Fail(_) => {
                // A value outside its type's constraints (a `range` field, an `invariant`) is
                // no value of the type, and its failure none: the derived enumerations make
                // none, a hand-written one might. (Only a failing value is walked for it: a
                // walk of every value would halve the values checked per second.)
                let outside = property::catch(|| {
                    crate::derive_support::first_broken_node(NodeRef::Value(value.node())).is_some()
                });
                match outside {
                    Ok(false) => {}
                    Ok(true) => {
                        coverage.checked -= 1;
                        if let Err(failure) = property::catch(move || drop(value)) {
                            return Exhaustive::stopped(
                                coverage,
                                "while dropping a value",
                                &failure,
                            );
                        }
                        continue;
                    }
                    Err(failure) => {
                        return Exhaustive::stopped(coverage, "while enumerating", &failure);
                    }
                }
                coverage.met += 1;
                // `reduce` runs the property again; a value that then passes is reported as
                // a flaky property, not dropped.
                let shown = match property::catch(|| format!("{value:?}")) {
                    Ok(shown) => shown,
                    Err(failure) => {
                        return Exhaustive::stopped(coverage, "while formatting a value", &failure);
                    }
                };
                crate::timeout::reducing_checked(coverage.checked, depth);
                match crate::run::reduce_erased(args, prop, Root::new(value)) {
                    Ok(cex) => {
                        let counterexample = Some(cex.downcast());
                        let position = Some(position);
                        return Exhaustive { coverage, counterexample, error: None, position };
                    }
                    Err(panicked @ ReduceError::Panicked { .. }) => {
                        let error = Some(panicked.to_string());
                        return Exhaustive::ended(coverage, error);
                    }
                    Err(other) => {
                        let error = Some(format!(
                            "{shown} failed once and not when run again ({other}): the \
                             property is flaky"
                        ));
                        return Exhaustive::ended(coverage, error);
                    }
                }
            }
            outcome => {
                coverage.met += usize::from(outcome == Outcome::Pass);
                if let Err(failure) = property::catch(move || drop(value)) {
                    return Exhaustive::stopped(coverage, "while dropping a value", &failure);
                }
            }
        }
    }
    coverage.complete = true;
    Exhaustive::ended(coverage, None)
}

impl<T> Exhaustive<T> {
    /// A run stopped by a panic in the type's own code, `when` (what it was doing).
    fn stopped(coverage: Coverage, when: &str, failure: &Failure) -> Self {
        Exhaustive::ended(coverage, Some(outside_the_property(Some(when), failure)))
    }

    /// A run that found no counterexample: complete, or stopped by `error`.
    fn ended(coverage: Coverage, error: Option<String>) -> Self {
        Exhaustive { coverage, counterexample: None, error, position: None }
    }
}

/// What a contract test says when random discovery did not fail and the exhaustive check
/// ran: the random report's first line, then the exhaustive check's report.
pub(crate) fn after_random<T>(random: &str, checked: &Exhaustive<T>) -> String {
    let first = random.lines().next().unwrap_or_default();
    format!("random discovery: {first}\nexhaustive check: {checked}")
}

/// `n` with commas between groups of three digits: `29,524`.
pub fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

impl fmt::Display for Coverage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (checked, met, depth) = (thousands(self.checked), thousands(self.met), self.depth);
        if self.complete {
            write!(f, "checked all {checked} values up to depth {depth}")?;
        } else {
            write!(f, "failed at value {checked} of those up to depth {depth}")?;
        }
        write!(f, "; {met} met the precondition")?;
        if self.pruned > 0 {
            write!(f, "; {} more were pruned without being built", thousands(self.pruned))?;
        }
        Ok(())
    }
}

impl<T> fmt::Display for Exhaustive<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "smartcheck: {}", self.coverage)?;
        if let Some(error) = &self.error {
            return writeln!(f, "\nerror: {error}");
        }
        let Some(cex) = &self.counterexample else {
            if self.vacuous() {
                return writeln!(
                    f,
                    "\nfailure: no value up to depth {} met the precondition, so nothing was \
                     tested (check deeper, or loosen the precondition)",
                    self.coverage.depth
                );
            }
            return writeln!(f, "; no failure");
        };
        writeln!(f)?;
        writeln!(
            f,
            "counterexample, reduced from {} to {} constructors in {} evaluations:",
            cex.size_before(),
            cex.size_after(),
            cex.evaluations()
        )?;
        writeln!(f, "  {}", cex.rendered().replace('\n', "\n  "))?;
        writeln!(f, "failure: {}", cex.failure())?;
        if let Some(g) = cex.generalization().filter(|g| g.is_general()) {
            writeln!(f, "generalized in {} evaluations:", cex.generalize_evaluations())?;
            writeln!(f, "  {}", g.to_string().replace('\n', "\n  "))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_groups_digits() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(29_524), "29,524");
        assert_eq!(thousands(1_000_000), "1,000,000");
    }

    #[test]
    fn a_failure_is_found_reduced_and_reported() {
        let args = Args { seed: Some(1), ..Args::default() };
        // Fails only on lists holding both 2 and -2: rare at random, certain here.
        let run = exhaustive_check(&args, 4, |v: &Vec<i8>| !(v.contains(&2) && v.contains(&-2)));
        let cex = run.counterexample().expect("a failure up to depth 4");
        assert_eq!(cex.value(), &vec![2, -2]);
        assert!(!run.coverage().complete);
        assert!(run.to_string().starts_with("smartcheck: failed at value "));
    }
}
