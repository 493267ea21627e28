//! Universal sub-value generalization (paper §5.1, Figure 6: `extrapolate`, `allFail`), and
//! the joint check that goes beyond the paper.
//!
//! Breadth-first from index 1, skipping sub-values under one already generalized: replace the
//! sub-value by `max_forall` fresh values of its type; it becomes a variable `x` when none of
//! them passes, none fails another way, and at least `min_forall` met the precondition. The
//! values are at most `max_size` constructors, as in the paper, but their leaves range over
//! QuickCheck sizes from 0 to `max_gen_size`, as wide as discovery's, to look for a refutation.
//!
//! Invariant: a claimed index was replaced by every value tried, one at a time, and each run
//! that met the precondition failed the same way as the counterexample.
//!
//! Cost: at most `max_forall` evaluations per indexed sub-value (a refutation stops early),
//! O(n · `max_forall`) in all, and `max_forall` more for [`vary_together`].

use super::{show, sweep, Marks, Subject, Trial};
use crate::args::Args;
use crate::gen::Gen;
use crate::property::{Failure, PropertyResult};
use crate::subtypes::SubTypes;
use crate::tester::Tester;

/// One universally generalized sub-value and how its values fared.
#[derive(Debug)]
pub(super) struct Claim {
    /// Its breadth-first index.
    pub index: usize,
    /// Values tried.
    pub tried: usize,
    /// Of those, how many the precondition rejected.
    pub discarded: usize,
}

/// The paper's `extrapolate`: the universally generalizable indexes, in breadth-first order,
/// and the index it stopped at if the evaluation budget ran out.
pub(super) fn extrapolate<T: SubTypes, R: PropertyResult, P: Fn(&T) -> R>(
    args: &Args,
    tester: &mut Tester<'_, T, P>,
    gen: &mut Gen,
    subject: &Subject<'_, T>,
) -> (Vec<Claim>, Option<usize>) {
    let mut claims: Vec<Claim> = Vec::new();
    let mut marks = Marks::new(subject.len(), &[]);
    for index in 1..subject.len() {
        if marks.covers(subject, index) || subject.is_trivial(index) {
            continue;
        }
        if subject.spent(tester) {
            return (claims, Some(index));
        }
        if let Some(claim) = all_fail(args, tester, gen, subject, index) {
            marks.generalize(index);
            claims.push(claim);
        }
    }
    (claims, None)
}

/// The paper's `allFail`: a claim on `index` when no fresh value in its place passes or fails
/// another way, and at least `min_forall` of them met the precondition.
fn all_fail<T: SubTypes, R: PropertyResult, P: Fn(&T) -> R>(
    args: &Args,
    tester: &mut Tester<'_, T, P>,
    gen: &mut Gen,
    subject: &Subject<'_, T>,
    index: usize,
) -> Option<Claim> {
    let mut claim = Claim { index, tried: 0, discarded: 0 };
    for k in 0..args.max_forall {
        let size = sweep(k, args.max_forall, args.max_gen_size);
        let value = subject.fresh(index, gen, args, size)?;
        let candidate = subject.with(vec![(index, value)])?;
        claim.tried += 1;
        match subject.trial(tester, &candidate) {
            Trial::Same => {}
            Trial::Discard => claim.discarded += 1,
            Trial::Pass | Trial::Other(_) => return None,
        }
    }
    (claim.tried - claim.discarded >= args.min_forall).then_some(claim)
}

/// The note for variables that range only over values meeting the precondition, if any.
pub(super) fn precondition_note(claims: &[Claim]) -> Option<String> {
    let needy: Vec<(String, usize)> = claims
        .iter()
        .enumerate()
        .filter(|(_, c)| c.discarded > 0)
        .map(|(k, c)| (format!("x{k}"), c.discarded))
        .collect();
    let tried = claims.first()?.tried;
    match needy.as_slice() {
        [] => None,
        [(name, discarded)] => Some(format!(
            "{name} ranges over values that satisfy the precondition: it rejected {discarded} \
             of the {tried} values tried"
        )),
        _ => {
            let names: Vec<&str> = needy.iter().map(|(n, _)| n.as_str()).collect();
            let counts: Vec<String> = needy.iter().map(|(_, d)| d.to_string()).collect();
            Some(format!(
                "{} range over values that satisfy the precondition: it rejected {} of the \
                 {tried} values tried, respectively",
                and_list(&names),
                and_list(&counts.iter().map(String::as_str).collect::<Vec<_>>())
            ))
        }
    }
}

/// `a`, `a and b`, `a, b and c`.
fn and_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// A joint variation of the universal variables that the property does not fail the same way.
#[derive(Debug)]
pub(super) struct Joint {
    /// Each variable's value, rendered, in order `x0`, `x1`, ...
    values: Vec<String>,
    /// `None`: it passed; else how it failed instead.
    failure: Option<Failure>,
}

impl Joint {
    /// The caveat, in the paper's reading of `forall values x0 x1 . Add x0 x1`.
    pub(super) fn note(&self) -> String {
        let names: Vec<String> = (0..self.values.len()).map(|k| format!("x{k}")).collect();
        let example: Vec<String> =
            self.values.iter().enumerate().map(|(k, v)| format!("x{k} = {v}")).collect();
        let outcome = match &self.failure {
            None => "passes".to_string(),
            Some(f) => format!("fails another way ({f})"),
        };
        format!(
            "each of {} may vary alone, but not together: e.g. {} {outcome}",
            names.join(", "),
            example.join(", ")
        )
    }
}

/// Beyond the paper: varies all universal variables at once, `max_forall` times; the first
/// variation that passes or fails another way refutes the joint reading of the formula.
pub(super) fn vary_together<T: SubTypes, R: PropertyResult, P: Fn(&T) -> R>(
    args: &Args,
    tester: &mut Tester<'_, T, P>,
    gen: &mut Gen,
    subject: &Subject<'_, T>,
    universal: &[usize],
) -> Option<Joint> {
    if universal.len() < 2 {
        return None;
    }
    for k in 0..args.max_forall {
        let size = sweep(k, args.max_forall, args.max_gen_size);
        let values = universal
            .iter()
            .map(|&index| subject.fresh(index, gen, args, size).map(|v| (index, v)))
            .collect::<Option<Vec<_>>>()?;
        let shown: Vec<String> = values.iter().map(|(_, v)| show(&**v)).collect();
        let candidate = subject.with(values)?;
        let failure = match subject.trial(tester, &candidate) {
            Trial::Same | Trial::Discard => continue,
            Trial::Pass => None,
            Trial::Other(f) => Some(f),
        };
        return Some(Joint { values: shown, failure });
    }
    None
}
