//! Existential constructor generalization (paper §5.2, Figure 7: `sumTest`, `constrFail`).
//!
//! Breadth-first from place 1, skipping places that are, or lie under, a variable, and
//! primitive leaves: replace the sub-value by up to `max_exists` fresh values of its own type;
//! it becomes a constructor variable `c` when every constructor of that type has witnesses,
//! values built with it that fail the same way as the counterexample. As in the paper's
//! `prop'`, a value whose constructor already has its witnesses is not run.
//!
//! Beyond the paper:
//! - the formula reads `forall values x0: forall constructors c0: there exist arguments`, so
//!   when there are universal variables, `exists_assignments` assignments of them are drawn
//!   (every variable's simplest values and random ones, in turn) and, under each, every constructor (the counterexample's own too) needs a witness;
//!   without variables, the counterexample witnesses its own constructor;
//! - up to `max_exists` values with a constructor still short of witnesses are run (each
//!   drawn from up to 32 fresh values), their leaves at QuickCheck sizes from 0 to
//!   `max_size`: witnesses are likeliest near the simplest leaves;
//! - a type with a single constructor is never generalized (the counterexample alone would
//!   "cover" it, a vacuous claim), nor a sub-value with a variable under it (`c0(..)` would
//!   hide `x0`), nor a type with a variant that is never generated (it can have no witness).
//!
//! Invariant: under each assignment tried, every constructor of a claimed place's type has a
//! witness meeting the precondition and failing the same way in the place.
//!
//! Cost: at most `max_exists` evaluations (and `32 · max_exists` generated values) per
//! place and assignment, O(n · `max_exists` · `exists_assignments`) evaluations in all.

use super::universal::{assignment, placed, Draw};
use super::{sweep, Ctx, Marks, Scheme, Trial};
use crate::subtypes::{SubTypes, SubValue};

/// Fresh values drawn, at most, to find one whose constructor still lacks witnesses (drawing
/// costs no evaluation; only values with such a constructor are run).
const DRAWS: usize = 32;

/// The paper's `sumTest`: the places generalized over their constructors, in breadth-first
/// order, given the variables of `scheme`; and the place it stopped at if the evaluation
/// budget ran out.
pub(super) fn sum_test<T: SubTypes>(
    ctx: &mut Ctx<'_, '_, T>,
    scheme: &Scheme,
) -> (Vec<usize>, Option<usize>) {
    let places = scheme.places();
    let mut found: Vec<usize> = Vec::new();
    let mut marks = Marks::new(ctx.subject.len(), &places);
    let above_variable = ctx.subject.above(&places);
    for (place, &above) in above_variable.iter().enumerate().skip(1) {
        let subject = ctx.subject;
        if marks.covers(subject, place)
            || above
            || subject.is_leaf(place)
            || subject.node(place).constructors().len() < 2
        {
            continue;
        }
        if ctx.spent() {
            return (found, Some(place));
        }
        if constr_fail(ctx, scheme, place) {
            marks.generalize(place);
            found.push(place);
        }
    }
    (found, None)
}

/// The paper's `constrFail`: true when every constructor of the type at `place` has a
/// witness among `max_exists` fresh values, under each of `exists_assignments` random
/// assignments of the variables (under the counterexample's own values when there are none).
fn constr_fail<T: SubTypes>(ctx: &mut Ctx<'_, '_, T>, scheme: &Scheme, place: usize) -> bool {
    if scheme.vars.is_empty() {
        return witnessed(ctx, place, &[], true);
    }
    let rounds = ctx.args.exists_assignments.max(1);
    for round in 0..rounds {
        // Small assignments (the likeliest to refute) alternate with random ones.
        let draw = if round % 2 == 0 { Draw::All(round / 2, rounds) } else { Draw::Random };
        let Some(values) = assignment(ctx, scheme, draw) else { return false };
        if !witnessed(ctx, place, &placed(scheme, values), false) {
            return false;
        }
    }
    true
}

/// True when every constructor of the type at `place` has a witness among `max_exists`
/// fresh values, with the variables at `fixed`; with `own`, the counterexample witnesses its
/// own constructor.
fn witnessed<T: SubTypes>(
    ctx: &mut Ctx<'_, '_, T>,
    place: usize,
    fixed: &[(usize, Box<dyn SubValue>)],
    own: bool,
) -> bool {
    let node = ctx.subject.node(place);
    let all = node.constructors();
    let mut covered: Vec<&str> = if own { vec![node.constructor()] } else { Vec::new() };
    let done = |covered: &[&str]| all.iter().all(|c| covered.contains(c));
    for k in 0..ctx.args.max_exists {
        if done(&covered) {
            return true;
        }
        let size = sweep(k, ctx.args.max_exists, ctx.args.max_size);
        let uncovered = (0..DRAWS)
            .filter_map(|_| ctx.subject.fresh(place, ctx.gen, ctx.args, size))
            .find(|v| !covered.contains(&v.as_node().constructor()));
        let Some(value) = uncovered else { continue };
        let constructor = value.as_node().constructor();
        let mut replacements = fixed.to_vec();
        replacements.push((place, value));
        match ctx.trial(replacements) {
            Some(Trial::Same) => covered.push(constructor),
            Some(_) => {}
            None => return false,
        }
    }
    done(&covered)
}
