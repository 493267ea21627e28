//! Existential constructor generalization (paper §5.2, Figure 7: `sumTest`, `constrFail`).
//!
//! Breadth-first from index 1, skipping sub-values that are, or lie under, a generalized one:
//! replace the sub-value by up to `max_exists` fresh values of its own type; it becomes a
//! constructor variable `c` when, for every constructor of that type, some value built with
//! it fails the same way as the counterexample (the counterexample's own constructor is
//! covered by the counterexample itself). As in the paper's `prop'`, a value whose constructor
//! is already covered is not run.
//!
//! Beyond the paper:
//! - such a value is not counted either: up to `max_exists` values with an uncovered
//!   constructor are run (each drawn from up to 32 fresh values);
//! - the values' leaves range over QuickCheck sizes from 0 to `max_size`: witnesses are
//!   likeliest near the simplest leaves, where reduction left the counterexample's;
//! - a type with a single constructor is never generalized (the counterexample alone would
//!   "cover" it, a vacuous claim), nor a sub-value with a universal variable under it
//!   (`c0(..)` would hide `x0`), nor a type with a variant that is never generated (it can
//!   have no witness).
//!
//! Invariant: every constructor of a claimed index's type has a witness, a value built with
//! it that, in the index's place, meets the precondition and fails the same way. The claim is
//! sound (it is only existential), though each witness was found with the rest of the
//! counterexample as it is.
//!
//! Cost: at most `max_exists` evaluations (and `32 · max_exists` generated values) per
//! indexed sub-value, O(n · `max_exists`) evaluations in all.

use super::{sweep, Marks, Subject, Trial};
use crate::args::Args;
use crate::gen::Gen;
use crate::property::PropertyResult;
use crate::subtypes::SubTypes;
use crate::tester::Tester;

/// Fresh values drawn, at most, to find one whose constructor has no witness yet (drawing
/// costs no evaluation; only values with an uncovered constructor are run).
const DRAWS: usize = 32;

/// The paper's `sumTest`: the indexes generalized over their constructors, in breadth-first
/// order, given the universally generalized ones; and the index it stopped at if the
/// evaluation budget ran out.
pub(super) fn sum_test<T: SubTypes, R: PropertyResult, P: Fn(&T) -> R>(
    args: &Args,
    tester: &mut Tester<'_, T, P>,
    gen: &mut Gen,
    subject: &Subject<'_, T>,
    universal: &[usize],
) -> (Vec<usize>, Option<usize>) {
    let mut found: Vec<usize> = Vec::new();
    let mut marks = Marks::new(subject.len(), universal);
    let above_universal = subject.above(universal);
    for (index, &above) in above_universal.iter().enumerate().skip(1) {
        if marks.covers(subject, index) || above || subject.node(index).constructors().len() < 2 {
            continue;
        }
        if subject.spent(tester) {
            return (found, Some(index));
        }
        if constr_fail(args, tester, gen, subject, index) {
            marks.generalize(index);
            found.push(index);
        }
    }
    (found, None)
}

/// The paper's `constrFail`: true when every constructor of the type at `index` has a
/// witness among `max_exists` fresh values.
fn constr_fail<T: SubTypes, R: PropertyResult, P: Fn(&T) -> R>(
    args: &Args,
    tester: &mut Tester<'_, T, P>,
    gen: &mut Gen,
    subject: &Subject<'_, T>,
    index: usize,
) -> bool {
    let node = subject.node(index);
    let all = node.constructors();
    let mut covered = vec![node.constructor()];
    let done = |covered: &[&str]| all.iter().all(|c| covered.contains(c));
    for k in 0..args.max_exists {
        if done(&covered) {
            return true;
        }
        let size = sweep(k, args.max_exists, args.max_size);
        let uncovered = (0..DRAWS)
            .filter_map(|_| subject.fresh(index, gen, args, size))
            .find(|v| !covered.contains(&v.as_node().constructor()));
        let Some(value) = uncovered else { continue };
        let constructor = value.as_node().constructor();
        let Some(candidate) = subject.with(vec![(index, value)]) else { break };
        if let Trial::Same = subject.trial(tester, &candidate) {
            covered.push(constructor);
        }
    }
    done(&covered)
}
