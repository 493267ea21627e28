//! Precondition strengthening (paper §5.3, Figure 9) and the rounds loop.
//!
//! After each round, discovery runs again with "does not match the shape of any earlier
//! counterexample" added to the precondition, so one run reports every distinct class of
//! counterexample. Shapes match when their constructors agree at every non-opaque node, with
//! the earlier counterexample's generalized sub-values (universal and existential) as
//! wildcards. Beyond the paper, a candidate with a sub-value of its own type that matches an
//! earlier class is excluded too (`[0, 200]` holds the known `[200]`). A candidate is
//! excluded only when it also fails the same way (same panic location, `Err` variant, or
//! `false`), so two bugs behind one shape are still told apart.
//!
//! Cost: `matches_shape` is O(n) in the candidate's size; each round costs one discovery.

use std::io::{BufRead, Write};

use crate::args::Args;
use crate::gen::Gen;
use crate::property::{Failure, PropertyResult};
use crate::report::{Counterexample, Report};
use crate::run::{one_round, report, Counts, Discovered};
use crate::subtypes::{NodeRef, SubTypes};
use crate::tester::Precondition;
use crate::{Bfs, SubTree};

/// True when `a` has the shape of `b` with `b`'s sub-values at `generalized` (breadth-first
/// indexes) taken as wildcards (the paper's `matchesShape`).
///
/// ```
/// use smartcheck_core::strengthen::matches_shape;
/// let a: Vec<Option<u8>> = vec![Some(1), None];
/// assert!(matches_shape(&a, &vec![Some(9), None], &[]));
/// assert!(!matches_shape(&a, &vec![None, None], &[]));
/// assert!(matches_shape(&a, &vec![None, None], &[1]));
/// ```
pub fn matches_shape<T: SubTypes>(a: &T, b: &T, generalized: &[usize]) -> bool {
    if a.constructor() != b.constructor() {
        return false;
    }
    let mut a = a.clone();
    for &idx in generalized {
        let Some(wild) = b.sub_value(idx) else { return false };
        if a.replace_sub_value(idx, wild).is_err() {
            return false;
        }
    }
    SubTree::of(NodeRef::Value(a.node())) == SubTree::of(NodeRef::Value(b.node()))
}

/// How many same-typed sub-values of a candidate are compared with an earlier class.
const CONTAINED_CHECKS: usize = 10_000;

/// An earlier class of counterexample: its value, its generalized indexes, its failure.
struct Class<T> {
    value: T,
    wildcards: Vec<usize>,
    signature: String,
}

impl<T: SubTypes> Class<T> {
    fn of(cex: &Counterexample<T>) -> Self {
        let wildcards = cex
            .generalization
            .as_ref()
            .map(|g| g.universal.iter().chain(&g.existential).copied().collect())
            .unwrap_or_default();
        Class { value: cex.value.clone(), wildcards, signature: cex.failure.signature() }
    }

    /// True when `candidate` fails the same way and it, or one of its sub-values of the
    /// root's type, has this class's shape: a value that contains a known counterexample
    /// fails because of it (the sub-value hypothesis), so it is no new class.
    fn covers(&self, candidate: &T, failure: &Failure) -> bool {
        if failure.signature() != self.signature {
            return false;
        }
        if matches_shape(candidate, &self.value, &self.wildcards) {
            return true;
        }
        let root = NodeRef::Value(candidate.node());
        let ty = root.value_type();
        let constructor = self.value.constructor();
        let exact_size = self.wildcards.is_empty().then(|| self.value.size());
        Bfs::new(root)
            .skip(1)
            .filter(|v| v.node.value_type() == ty && v.node.constructor() == constructor)
            .filter(|v| exact_size.is_none_or(|n| v.node.size_up_to(n + 1) == n))
            .take(CONTAINED_CHECKS)
            .filter_map(|v| v.node.to_value().into_any().downcast::<T>().ok())
            .any(|inner| matches_shape(&*inner, &self.value, &self.wildcards))
    }
}

/// True when `candidate`, failing with `failure`, is an instance of one of the `known`
/// counterexamples' classes.
pub(crate) fn is_known<T: SubTypes>(
    known: &[Counterexample<T>],
    candidate: &T,
    failure: &Failure,
) -> bool {
    known.iter().any(|cex| Class::of(cex).covers(candidate, failure))
}

/// The rounds loop: discover, reduce, generalize; strengthen; again, up to `args.rounds`
/// rounds, stopping at the first round that finds nothing. The `known` counterexamples (saved
/// ones, replayed) are the first classes: discovery looks for others, and reports them all.
pub(crate) fn rounds<T: SubTypes, R: PropertyResult, P: Fn(&T) -> R>(
    args: &Args,
    prop: &P,
    seed: u64,
    known: Vec<Counterexample<T>>,
) -> Report<T> {
    let mut gen = Gen::new(seed, 0);
    let mut counts = Counts::default();
    let mut evaluations = 0;
    let mut found: Vec<Counterexample<T>> = known;
    let mut notes = Vec::new();
    let mut gave_up = false;
    let rounds = args.rounds.max(1);
    for round in 0..rounds {
        let classes: Vec<Class<T>> = found.iter().map(Class::of).collect();
        let exclude = |v: &T, f: &Failure| classes.iter().any(|c| c.covers(v, f));
        let exclude: Option<Precondition<'_, T>> =
            if classes.is_empty() { None } else { Some(&exclude) };
        counts.rounds += 1;
        let (result, evals) = one_round(args, prop, exclude, &mut gen, &mut counts, &mut notes);
        evaluations += evals;
        match result {
            Discovered::Found { value, .. } => found.push(value),
            Discovered::Passed => break,
            Discovered::GaveUp => {
                gave_up = found.is_empty();
                break;
            }
        }
        if round + 1 < rounds && args.interactive && !ask_for_more(found.last()) {
            break;
        }
    }
    report(args, seed, &counts, evaluations, found, gave_up, notes)
}

/// Asks on stdin whether to look for another counterexample (the paper's REPL).
fn ask_for_more<T>(last: Option<&Counterexample<T>>) -> bool {
    let mut err = std::io::stderr();
    if let Some(cex) = last {
        let _ = writeln!(err, "smartcheck: found\n  {}", cex.rendered.replace('\n', "\n  "));
        if let Some(g) = cex.generalization.as_ref().filter(|g| g.is_general()) {
            let _ = writeln!(err, "generalized:\n  {}", g.to_string().replace('\n', "\n  "));
        }
    }
    let _ = write!(err, "smartcheck: look for another counterexample? [y/N] ");
    let _ = err.flush();
    let mut line = String::new();
    match std::io::stdin().lock().read_line(&mut line) {
        Ok(0) | Err(_) => false,
        Ok(_) => matches!(line.trim(), "y" | "Y" | "yes"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paper_examples_of_matches_shape() {
        // e0 = Div (C 1) (C 2) etc., with Result standing in for a two-constructor type.
        type E = (Result<u8, (u8, u8)>, Result<u8, u8>);
        let e0: E = (Ok(1), Ok(2));
        let e1: E = (Ok(1), Ok(3));
        let e2: E = (Err((1, 2)), Ok(7));
        let e3: E = (Err((8, 2)), Ok(7));
        assert!(matches_shape(&e0, &e1, &[]));
        assert!(!matches_shape(&e1, &e2, &[]));
        assert!(matches_shape(&e1, &e2, &[1]));
        assert!(matches_shape(&e3, &e2, &[1]));
    }
}
