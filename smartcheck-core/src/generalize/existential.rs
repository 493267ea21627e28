//! Existential constructor generalization (paper §5.2, Figure 7: `sumTest`, `constrFail`).
//!
//! Breadth-first from place 1, skipping places that are, or lie under, a variable, and
//! primitive leaves: replace the sub-value by fresh values of its own type; it becomes a
//! constructor variable `c` when every constructor of that type has a witness, a value built
//! with it that fails the same way as the counterexample. As in the paper's `prop'`, only
//! values with a constructor still short of a witness are run.
//!
//! Beyond the paper:
//! - the formula reads `forall values x0: forall constructors c0 c1: there exist arguments`,
//!   so the constructor variables are checked together: a new place is claimed when every
//!   tuple of constructors of it and the places claimed before has a witness (at most
//!   [`TUPLES`] tuples), each run aimed at a tuple still without one;
//! - the counterexample witnesses its own tuple, and under its own values of the universal
//!   variables every other tuple needs a witness; when there are universal variables,
//!   `exists_assignments` assignments of them are drawn besides (every variable's simplest
//!   values and random ones, in turn) and, under each, every tuple (the counterexample's own
//!   too) needs a witness. The counterexample's own values come first: the drawn ones leave
//!   them out (a sampler's small values are values other than the one it replaces), and
//!   they are the instance a reader checks first (`[.., Put(2, x3), c0(..), ..x0]`, where a
//!   `Put` at `c0` fails only if something after it reads the cache, and `x0` is empty in
//!   the counterexample);
//! - when the universal variables' values are all known and their combinations, times the
//!   tuples, number `max_forall` at most, every assignment is run instead of drawn ones (a
//!   claim over tags takes one try a tuple: it is a universal claim over the tags named);
//!   too many for that, a claim over tags alone takes `min_forall / tuples` drawn ones;
//! - a drawn assignment under which no try met the precondition (a drawn `x0` that divides
//!   by a literal zero) is outside the variables' range and asks for no witness;
//! - fresh values are drawn with leaves at QuickCheck sizes from 0 to `max_size`: witnesses
//!   are likeliest near the simplest leaves; every other try of a tuple puts the drawn
//!   values' ranked leaves at the next rank (0, 1, 2, ...), so that a witness that needs one
//!   small leaf (`Some(3)`, where random draws give `Some(0)` most of the time) is met;
//! - a value outside its type's constraints (a `range` field, an `invariant`) is no value of
//!   it: drawn again, not counted as a try (at most as many such values as tries);
//! - a place where some of its type's constructors have witnesses under every assignment and
//!   others do not is claimed over those, when two or more (its own among them) do: `forall
//!   constructors c0 in {Name, DotDot}`. A second pass checks it again, jointly with every
//!   claim of the first not under it; those under it give way (`Div(x0, c0(..))` over `{Add,
//!   Div}`, not `Div(x0, Add(c0(..), c1(..)))`: the class it makes holds both kinds of
//!   divisor, one bug, where the claims under the sum left the quotient a class of its own);
//! - a type with a single constructor is never generalized (the counterexample alone would
//!   "cover" it, a vacuous claim), nor a sub-value with a variable under it (`c0(..)` would
//!   hide `x0`), nor a type with a variant that is never generated (it can have no witness),
//!   nor a sub-value at or under one whose constructors are interchangeable with its
//!   arguments kept (`interchange`: `k0(Lit(x1), In)`).
//!
//! Invariant: under each assignment tried, every tuple of constructors of the claimed places
//! has a witness meeting the precondition and failing the same way.
//!
//! Cost: at most `max_exists` evaluations per constructor of the new place and tuple of the
//! earlier ones (and [`DRAWS`] generated values per place of each, once per size for a
//! constructor that none of them had), per assignment;
//! `max_exists` · (`exists_assignments` + 1) per place when it is the first; twice that for a
//! place claimed over some constructors (its second check).

use super::universal::{assignment, combination, joint_domain, next_combination, placed, Draw};
use super::{sweep, Ctx, Marks, Scheme, Trial};
use crate::reduce::tree::{assign_leaf, leaves, LeafPath};
use crate::subtypes::SubValue;

/// Fresh values drawn, at most, to find one whose constructor still lacks witnesses (drawing
/// costs no evaluation; only values with such a constructor are run).
const DRAWS: usize = 32;

/// The places, QuickCheck sizes and constructors whose [`DRAWS`] fresh values at that size
/// held none of that constructor (a list's `Cons` at size 0, where every list drawn is
/// empty): a later try of the same is not drawn again within one check.
type Unmet = Vec<(usize, usize, &'static str)>;

/// Constructor tuples checked together, at most: a place whose tuple with the earlier
/// constructor variables would need more witnesses is not claimed.
const TUPLES: usize = 64;

/// A place generalized over its constructors: all of its type's (`only` empty), or only
/// those in `only`, the others without a witness.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Claimed {
    pub place: usize,
    pub only: Vec<&'static str>,
    /// True for a tag of a type whose variants are all fieldless (its values known and few):
    /// its constructors take no arguments, so the formula names them bare (`c0`, not
    /// `c0(..)`).
    pub fieldless: bool,
}

/// The paper's `sumTest`: the places generalized over their constructors, in breadth-first
/// order, given the variables of `scheme`; and the place it stopped at if the evaluation
/// budget ran out. A place where only some constructors had a witness is claimed over those
/// in a second pass (`c0 in {Name, DotDot}`), checked again with every claim of the first
/// not under it; those under it give way to it. Places at or under `kept` (`interchange`'s
/// places) are not tried: a witness there would be needed under every constructor above it.
pub(super) fn sum_test(
    ctx: &mut Ctx<'_, '_>,
    scheme: &Scheme,
    kept: &[usize],
) -> (Vec<Claimed>, Option<usize>) {
    let places = scheme.places();
    let mut found: Vec<Claimed> = Vec::new();
    let mut some_only: Vec<usize> = Vec::new();
    let mut marks = Marks::new(ctx.subject.len(), &places);
    let above_variable = ctx.subject.above(&places);
    let under_kept = ctx.subject.covered(kept);
    let eligible = |ctx: &Ctx<'_, '_>, marks: &mut Marks, place: usize| {
        let subject = ctx.subject;
        !(marks.covers(subject, place)
            || above_variable[place]
            || under_kept[place]
            || subject.is_leaf(place)
            || subject.node(place).constructors().len() < 2)
    };
    for place in 1..ctx.subject.len() {
        if !eligible(ctx, &mut marks, place) {
            continue;
        }
        if ctx.spent() {
            return (found, Some(place));
        }
        let mut joint = found.clone();
        let fieldless = super::relation::fieldless(ctx, place);
        joint.push(Claimed { place, only: Vec::new(), fieldless });
        match constr_fail(ctx, scheme, &joint) {
            Some(only) if only.is_empty() => {
                marks.generalize(place);
                found = joint;
            }
            Some(_) => some_only.push(place),
            None => {}
        }
    }
    for place in some_only {
        if !eligible(ctx, &mut marks, place) {
            continue;
        }
        if ctx.spent() {
            return (found, Some(place));
        }
        // The claims under the place give way to it.
        let bfs = &ctx.subject.bfs;
        let mut joint: Vec<Claimed> =
            found.iter().filter(|c| !bfs.is_under(c.place, place)).cloned().collect();
        let fieldless = super::relation::fieldless(ctx, place);
        joint.push(Claimed { place, only: Vec::new(), fieldless });
        if let Some(only) = constr_fail(ctx, scheme, &joint) {
            marks.generalize(place);
            found = joint;
            if let Some(last) = found.last_mut() {
                last.only = only;
            }
        }
    }
    // Named in breadth-first order, as the formula reads them.
    found.sort_by_key(|c| c.place);
    (found, None)
}

/// True when the existential claims `claimed`, made on the counterexample, hold again as
/// `ctx` now runs the property (another constructor swapped in, fields in another order):
/// every tuple still has a witness, and the last claim keeps all of its constructors
/// ([`constr_fail`] lists those that did, or none for all of its type's). True when there
/// are none.
pub(super) fn still_witnessed(ctx: &mut Ctx<'_, '_>, scheme: &Scheme, claimed: &[Claimed]) -> bool {
    let Some(last) = claimed.last() else { return true };
    constr_fail(ctx, scheme, claimed).is_some_and(|only| only.len() == last.only.len())
}

/// The paper's `constrFail`, on the constructor variables at `claimed` together: every tuple
/// of their constructors has a witness among `max_exists` fresh values per constructor of the
/// last place, under the counterexample's own values of the variables and, when there are
/// variables, under each of `exists_assignments` drawn ones. `Some` of the constructors the last
/// place is claimed for: empty for all of them; else the two or more (its own among them)
/// whose every tuple had a witness under every assignment, when others did not (`c0 in
/// {Name, DotDot}`, where `Dot` there passes). `None`: no claim.
fn constr_fail(
    ctx: &mut Ctx<'_, '_>,
    scheme: &Scheme,
    claimed: &[Claimed],
) -> Option<Vec<&'static str>> {
    let places: Vec<usize> = claimed.iter().map(|c| c.place).collect();
    let mut tuples = tuples(ctx, claimed)?;
    let last = ctx.subject.node(*places.last()?);
    let (all, own) = (last.constructors().len(), last.constructor());
    let lasts = |tuples: &[Vec<&'static str>]| {
        let mut lasts: Vec<&'static str> = Vec::new();
        for last in tuples.iter().filter_map(|t| t.last().copied()) {
            if !lasts.contains(&last) {
                lasts.push(last);
            }
        }
        lasts
    };
    // Under every assignment of the variables when they are few: a claim over tags is a
    // universal one over the tags named, and beside a constructor of a type with fields the
    // pair needs a witness under each (a pattern of three flags that lets one tag pass was
    // missed by four drawn assignments in 18 of 85 classes of a review's probe).
    let tags = claimed.iter().all(|c| c.fieldless);
    let every = match !scheme.vars.is_empty() {
        true => every_assignment(ctx, scheme, tuples.len()),
        false => None,
    };
    // The counterexample's own values of the variables first (the instance nearest to it,
    // which the samplers' drawn values leave out), then every other assignment or drawn ones.
    // Too many to run them all, a claim over tags still rests on about as many instances as
    // a universal claim (one try a tuple an assignment): a `u8` beside three tags was four.
    let drawn = match (&every, scheme.vars.is_empty()) {
        (Some(every), _) => every.len(),
        (None, true) => 0,
        (None, false) if tags => {
            ctx.args.exists_assignments.max(ctx.args.min_forall / tuples.len().max(1))
        }
        (None, false) => ctx.args.exists_assignments,
    };
    let mut unmet = Unmet::default();
    for round in 0..=drawn {
        let missing = if round == 0 {
            witnessed(ctx, &places, &tuples, &[], true, &mut unmet)?
        } else if let Some(every) = &every {
            let values = every[round - 1].clone();
            witnessed(ctx, &places, &tuples, &placed(scheme, values), false, &mut unmet)?
        } else {
            // Small assignments (the likeliest to refute) alternate with random ones.
            let (round, rounds) = (round - 1, drawn);
            let draw = if round % 2 == 0 { Draw::All(round / 2, rounds) } else { Draw::Random };
            let values = assignment(ctx, scheme, draw)?;
            witnessed(ctx, &places, &tuples, &placed(scheme, values), false, &mut unmet)?
        };
        // A constructor of the last place with a tuple short of a witness is left out.
        let short = lasts(&missing);
        tuples.retain(|t| t.last().is_some_and(|last| !short.contains(last)));
        let kept = lasts(&tuples);
        if kept.len() < 2 || !kept.contains(&own) {
            return None;
        }
    }
    let kept = lasts(&tuples);
    match kept.len() == all {
        true => Some(Vec::new()),
        false => Some(kept),
    }
}

/// Every assignment of the variables of `scheme` but the counterexample's own that meets the
/// side conditions, when each variable's values are known and few and, times `tuples` runs
/// each, they number `max_forall` at most: a claim over tags (`forall values x0: forall
/// constructors c0 in {High, Urgent}: Q { a: x0, b: c0 }`) is false when one pair passes
/// (`a == b`), which four drawn assignments missed in 43 of 300 seeds of a review's probe.
fn every_assignment(
    ctx: &mut Ctx<'_, '_>,
    scheme: &Scheme,
    tuples: usize,
) -> Option<Vec<Vec<Box<dyn SubValue>>>> {
    let domains = joint_domain(ctx, scheme)?;
    let combinations = domains.iter().try_fold(1usize, |n, d| n.checked_mul(d.len()))?;
    if combinations.checked_mul(tuples)? > ctx.args.max_forall {
        return None;
    }
    let mut out = Vec::with_capacity(combinations);
    let mut digits = vec![0usize; domains.len()];
    // From the second on: the first (all at their own values, the domains' first) is the
    // counterexample's, checked before these.
    while next_combination(&mut digits, &domains) {
        out.extend(combination(scheme, &domains, &digits));
    }
    Some(out)
}

/// Every tuple of constructors of the places `claimed` (each place's type's, or its `only`
/// ones), in order; `None` when there are more than [`TUPLES`].
fn tuples(ctx: &Ctx<'_, '_>, claimed: &[Claimed]) -> Option<Vec<Vec<&'static str>>> {
    let mut tuples: Vec<Vec<&'static str>> = vec![Vec::new()];
    for claim in claimed {
        let constructors = match claim.only.is_empty() {
            true => ctx.subject.node(claim.place).constructors(),
            false => &claim.only[..],
        };
        if tuples.len() * constructors.len() > TUPLES {
            return None;
        }
        tuples = tuples
            .iter()
            .flat_map(|t| constructors.iter().map(move |c| [&t[..], &[*c]].concat()))
            .collect();
    }
    Some(tuples)
}

/// The tuples of constructors in `tuples` that have no witness, a run with fresh values of
/// those constructors at `places` (the variables at `fixed`) that fails the same way;
/// `max_exists` runs per constructor of the last place at most, each aimed at a tuple still
/// without one. With `own`, the counterexample witnesses its own tuple. Under drawn values
/// (not `own`) of which no try met the precondition, none: such values are outside the
/// variables' range. `None` when a candidate could not be built.
fn witnessed(
    ctx: &mut Ctx<'_, '_>,
    places: &[usize],
    tuples: &[Vec<&'static str>],
    fixed: &[(usize, Box<dyn SubValue>)],
    own: bool,
    unmet: &mut Unmet,
) -> Option<Vec<Vec<&'static str>>> {
    let own_tuple: Vec<&str> = places.iter().map(|&p| ctx.subject.node(p).constructor()).collect();
    let mut missing: Vec<&Vec<&'static str>> =
        tuples.iter().filter(|t| !own || **t != own_tuple).collect();
    let last = places.last().map_or(1, |&p| ctx.subject.node(p).constructors().len());
    // Tags take no arguments: one try of a tuple of them is all there is to try.
    let tags = places.iter().all(|&p| super::relation::fieldless(ctx, p));
    let order = missing.clone();
    let budget = match tags {
        true => order.len(),
        false => ctx.args.max_exists * tuples.len() / last.max(1),
    };
    // Values outside their type's constraints are no values of it: drawn again, not counted
    // as tries (at most `budget` of them, as for tries).
    let (mut k, mut invalid, mut met) = (0, 0, false);
    while k < budget && invalid < budget {
        if missing.is_empty() {
            break;
        }
        let size = sweep(k, budget, ctx.args.max_size);
        let target = if tags { order[k] } else { missing[k % missing.len()] };
        // Every other try of a tuple puts the drawn values' leaves at its next rank.
        let tries = k / missing.len();
        let rank = tries.is_multiple_of(2).then_some(tries as u64 / 2);
        let Some(values) = aimed(ctx, places, target, size, rank, unmet) else {
            k += 1;
            continue;
        };
        let mut replacements = fixed.to_vec();
        replacements.extend(places.iter().copied().zip(values));
        match ctx.trial(replacements)? {
            Trial::Same => {
                met = true;
                missing.retain(|t| *t != target);
            }
            Trial::Invalid if !tags => {
                invalid += 1;
                continue;
            }
            Trial::Invalid | Trial::Discard => {}
            Trial::Pass | Trial::Other => met = true,
        }
        k += 1;
    }
    // Under an assignment no try of which met the precondition (a drawn `x0` that divides by
    // a literal zero), no constructor could have a witness: it is no assignment of the
    // formula's variables, which range over values that meet it.
    if !met && !own && k > 0 {
        return Some(Vec::new());
    }
    Some(missing.into_iter().cloned().collect())
}

/// Fresh values for `places` with the constructors of `target`, each drawn from up to
/// [`DRAWS`] fresh values at QuickCheck size `size`, with its ranked leaves at `rank` when
/// given (and their type has that rank); `None` when a constructor was not drawn. A place,
/// size and constructor that drew none of it once in the check (`unmet`) are not drawn for
/// again: at QuickCheck size 0 every list drawn is empty, and a list's rest aimed at `Cons`
/// there drew its [`DRAWS`] values on each of the first tries of every assignment, most of
/// the existential phase's time on `[x0, x1, ..c0(..)]`. The try counts as one that found
/// no value, as the drawing did.
fn aimed(
    ctx: &mut Ctx<'_, '_>,
    places: &[usize],
    target: &[&'static str],
    size: usize,
    rank: Option<u64>,
    unmet: &mut Unmet,
) -> Option<Vec<Box<dyn SubValue>>> {
    places
        .iter()
        .zip(target)
        .map(|(&place, &constructor)| {
            // A tag is one of its type's known values.
            if super::relation::fieldless(ctx, place) {
                let domain = ctx.domain(place)?;
                return domain.into_iter().find(|v| v.as_node().constructor() == constructor);
            }
            // In a ranged field, a value within the range, as drawn (its leaves stay put).
            let (sampler, gen) = ctx.sampler(place);
            if let Some(within) = sampler.ranged_with(constructor, gen) {
                return within;
            }
            if unmet.contains(&(place, size, constructor)) {
                return None;
            }
            let drawn = (0..DRAWS)
                .filter_map(|_| ctx.subject.fresh(place, ctx.gen, ctx.args, size))
                .find(|v| v.as_node().constructor() == constructor);
            let Some(drawn) = drawn else {
                unmet.push((place, size, constructor));
                return None;
            };
            Some(match rank {
                Some(rank) => at_rank(drawn, rank),
                None => drawn,
            })
        })
        .collect()
}

/// `value` with each of its ranked leaves at `rank`, those whose type has no such rank as
/// they were: `Some(0)`, `Some(1)`, `Some(2)` for the ranks 0, 1, 2 of an `Option<u8>`.
/// Witnesses are likeliest among the simplest leaves, and random draws repeat the very
/// simplest ones (`Some(0)` most of the time at small sizes) where a witness may need the
/// fourth (`Some(3)`).
fn at_rank(mut value: Box<dyn SubValue>, rank: u64) -> Box<dyn SubValue> {
    let ranked: Vec<(LeafPath, Box<dyn SubValue>)> = leaves(value.as_node())
        .into_iter()
        .filter_map(|leaf| Some((leaf.path, leaf.node.type_node().from_leaf_rank(rank)?)))
        .collect();
    for (path, leaf) in ranked {
        // A leaf that cannot be put in place stays as drawn: the value is still of its type.
        let _ = assign_leaf(value.as_node_mut(), &path, leaf);
    }
    value
}

#[cfg(test)]
mod tests {
    use super::at_rank;
    use crate::subtypes::SubValue;

    fn ranked<T: SubValue + Clone + 'static>(value: T, rank: u64) -> T {
        at_rank(Box::new(value), rank).as_any().downcast_ref::<T>().cloned().expect("its type")
    }

    #[test]
    fn at_rank_puts_every_ranked_leaf_at_one_rank() {
        // Ranks count from each type's simplest value: 0, 1, -1, 2 for integers, a, b, c for
        // chars.
        assert_eq!(ranked((Some(7u8), vec![9i32, -3]), 2), (Some(2), vec![-1, -1]));
        assert_eq!(ranked((Some('x'), 5u16), 0), (Some('a'), 0));
        // A type without so many values keeps its leaf as drawn.
        assert_eq!(ranked((true, 9u8), 5), (true, 5));
    }
}
