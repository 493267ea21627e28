//! Constructors interchangeable with their arguments kept: `k0(Lit(x1), In)` with
//! `k0 in {Add, Sub}`, where the bug does not depend on which of those the node is.
//!
//! Beyond the paper. Existential generalization (`existential`) cannot claim a sub-value with
//! a variable under it (`c0(..)` would hide the variable), so one bug behind two operators of
//! the same shape was two formulas, and two classes in a run: `Add(Lit(x0), In)` and
//! `Sub(Lit(x0), In)`; nor the root, so `Cents(10000)` and `Points(10000)` under one label
//! bug were two classes. Here, breadth-first over the root and the places above a variable,
//! the node's constructor is replaced by each other constructor of its type whose fields
//! have the same types in the same order, the node's own arguments put back in them, field
//! by field (struct-like variants may name their fields differently: `Resize { width,
//! height }` and `Move { x, y }`; the formula prints each field with the names the
//! constructors give it, `k0 { width | x: x0, height | y: x1 }`). A constructor is claimed
//! when:
//! - the counterexample itself with that constructor fails the same way (one evaluation,
//!   which rules out most constructors at once), and
//! - with variables, the evidence rule (`universal::check`) holds with every variable drawn
//!   together under the side conditions and that constructor in place, under every tuple of
//!   the constructors claimed at earlier places (at most [`TUPLES`] tuples).
//!
//! A second pass ([`interchange_rest`]) runs after the existential claims, over the places
//! with nothing claimed at, under or above them: a sub-value whose values no variable or
//! witness search could stand for (`(Euro(1), Euro(4294967295))`, where the second amount
//! overflows beside the first and random draws meet no such amount, was a class of its own
//! under `Yen`). There a constructor is claimed, besides, when every tuple of the existential
//! claims' constructors still has a witness with it in place: `forall constructors k0 in
//! {Euro, Yen}: forall constructors c0 in {Euro, Yen}: there exist arguments such that
//! (c0(..), k0(4294967295))`.
//!
//! The claim is universal, as a value variable's is: `forall constructors k0 in {Add, Sub}`
//! says every instance with either constructor fails, and the evidence of these checks is
//! added to the formula's. A place is claimed only when two or more constructors (its own
//! among them) hold. Tags (fieldless variants) are left to `relation`, lists and sequences
//! are not constructors a reader would swap, and a place under another's arguments kept is
//! still tried (its tuples with the earlier places are checked).
//!
//! Invariant: every instance of the claimed places' constructors (with the side conditions)
//! that was run failed the same way as the counterexample. Cost: one evaluation per
//! constructor that fits a place, and as much as a universal claim (`min_forall` to
//! `max_forall`) per tuple for each that fails on the counterexample's own values;
//! [`DRAWS`] generated values at most to build each constructor (drawing costs no
//! evaluation); in the second pass, an existential check (`still_witnessed`) per tuple besides.

use super::existential::{still_witnessed, Claimed};
use super::universal::check;
use super::{Ctx, Evidence, Scheme, Trial};
use crate::index::assign_at_path;
use crate::reduce::generate_below;
use crate::subtypes::{Shape, SubValue};

/// Generated values drawn, at most, to meet a constructor to rebuild a node with.
const DRAWS: usize = 64;

/// Tuples of constructors of the earlier claimed places under which a new place is checked,
/// at most: a place whose check would need more is not claimed.
const TUPLES: usize = 8;

/// A place whose constructor may be any of `constructors` (its own among them, in declaration
/// order), its arguments kept; for struct-like variants, `fields` holds each one's field
/// names, in the same order (empty otherwise).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Interchange {
    pub place: usize,
    pub constructors: Vec<&'static str>,
    pub fields: Vec<&'static [&'static str]>,
}

impl Interchange {
    /// Each field's names, those the constructors give it joined by ` | ` in their order
    /// (`width | x`); `None` when every constructor names its fields alike (or has no names).
    pub fn field_names(&self) -> Option<Vec<String>> {
        let first = self.fields.first()?;
        if self.fields.iter().all(|f| f == first) {
            return None;
        }
        let names = (0..first.len()).map(|i| {
            let mut names: Vec<&str> = Vec::new();
            for name in self.fields.iter().filter_map(|f| f.get(i)) {
                if !names.contains(name) {
                    names.push(name);
                }
            }
            names.join(" | ")
        });
        Some(names.collect())
    }
}

/// The interchangeable places claimed so far, and every tuple of their constructors as the
/// replacements that put it in place (the counterexample's own constructors need none;
/// `None` past [`TUPLES`]).
pub(super) struct Kept {
    pub found: Vec<Interchange>,
    earlier: Option<Vec<Swaps>>,
}

impl Kept {
    /// Every tuple of the claimed places' constructors, as the replacements that put it in
    /// place (one empty tuple when none is claimed); `None` past [`TUPLES`].
    pub fn tuples(&self) -> Option<&[Swaps]> {
        self.earlier.as_deref()
    }
}

/// The root and the places above a variable of `scheme` claimed over two or more
/// constructors, in breadth-first order, with the evidence of their checks added to the
/// scheme's; and the place it stopped at if the evaluation budget ran out.
pub(super) fn interchange(ctx: &mut Ctx<'_, '_>, scheme: &mut Scheme) -> (Kept, Option<usize>) {
    let places = scheme.places();
    let above = ctx.subject.above(&places);
    let covered = ctx.subject.covered(&places);
    let mut kept = Kept { found: Vec::new(), earlier: Some(vec![Vec::new()]) };
    for place in 0..ctx.subject.len() {
        // The root has no existential constructor variable: it is tried with or without a
        // variable under it.
        if !(above[place] || place == 0) || covered[place] || !eligible(ctx, place) {
            continue;
        }
        if ctx.spent() {
            return (kept, Some(place));
        }
        claim(ctx, scheme, &mut kept, &[], place);
    }
    (kept, None)
}

/// After the existential claims: the places with nothing claimed at, under or above them
/// (but the root), claimed as [`interchange`] claims, and checked besides under the
/// existential claims (every tuple of their constructors still has a witness with the
/// place's constructor swapped). Such a place keeps values no variable or witness search
/// could stand for: `(c0(..), k0(4294967295))` over `{Euro, Yen}`, where random draws meet no
/// amount that overflows beside a small one. The place it stopped at if the evaluation budget
/// ran out.
pub(super) fn interchange_rest(
    ctx: &mut Ctx<'_, '_>,
    scheme: &mut Scheme,
    kept: &mut Kept,
    existential: &[Claimed],
) -> Option<usize> {
    let mut claimed = scheme.places();
    claimed.extend(kept.found.iter().map(|k| k.place));
    claimed.extend(existential.iter().map(|c| c.place));
    let above = ctx.subject.above(&claimed);
    let covered = ctx.subject.covered(&claimed);
    for place in 1..ctx.subject.len() {
        if above[place] || covered[place] || !eligible(ctx, place) {
            continue;
        }
        if ctx.spent() {
            return Some(place);
        }
        claim(ctx, scheme, kept, existential, place);
    }
    kept.found.sort_by_key(|k| k.place);
    None
}

/// Claims `place` over the constructors that hold there ([`holds`]), when two or more do
/// (its own among them), and extends the tuples of `kept` with them.
fn claim(
    ctx: &mut Ctx<'_, '_>,
    scheme: &mut Scheme,
    kept: &mut Kept,
    existential: &[Claimed],
    place: usize,
) {
    let Some(tuples) = kept.earlier.as_ref().filter(|t| t.len() * 2 <= TUPLES) else { return };
    let node = ctx.subject.node(place);
    let own = node.constructor();
    // Each constructor held, with the node rebuilt with it (none for its own).
    let mut held: Vec<(&'static str, Option<Box<dyn SubValue>>)> = vec![(own, None)];
    for &other in node.constructors().iter().filter(|&&c| c != own) {
        if ctx.spent() {
            break;
        }
        let Some(rebuilt) = rebuild(ctx, place, other) else { continue };
        if holds(ctx, scheme, tuples, existential, (place, rebuilt.clone())) {
            held.push((other, Some(rebuilt)));
        }
    }
    if held.len() < 2 {
        return;
    }
    let order = node.constructors();
    held.sort_by_key(|(c, _)| order.iter().position(|o| o == c));
    let earlier = with_place(tuples, place, &held);
    let fields = held
        .iter()
        .map(|(_, rebuilt)| {
            let shape = rebuilt.as_ref().map_or(node.shape(), |r| r.as_node().shape());
            match shape {
                Shape::Struct(names) => names,
                _ => &[],
            }
        })
        .collect();
    let constructors = held.into_iter().map(|(c, _)| c).collect();
    kept.earlier = earlier;
    kept.found.push(Interchange { place, constructors, fields });
}

/// The replacements that put one tuple of constructors in place.
pub(super) type Swaps = Vec<(usize, Box<dyn SubValue>)>;

/// True for a sub-value with arguments whose type has other constructors, and which is no
/// list cell or sequence.
fn eligible(ctx: &Ctx<'_, '_>, place: usize) -> bool {
    let node = ctx.subject.node(place);
    !ctx.subject.is_leaf(place)
        && node.constructors().len() >= 2
        && !node.children().is_empty()
        && !matches!(node.shape(), Shape::List | Shape::Seq)
}

/// `tuples` extended by the constructors `held` at `place`, each with its rebuilt node (none
/// for the counterexample's own), in order; `None` when there would be more than [`TUPLES`].
fn with_place(
    tuples: &[Swaps],
    place: usize,
    held: &[(&'static str, Option<Box<dyn SubValue>>)],
) -> Option<Vec<Swaps>> {
    if tuples.len() * held.len() > TUPLES {
        return None;
    }
    let mut next = Vec::with_capacity(tuples.len() * held.len());
    for (_, rebuilt) in held {
        for tuple in tuples {
            let mut tuple = tuple.clone();
            tuple.extend(rebuilt.clone().map(|value| (place, value)));
            next.push(tuple);
        }
    }
    Some(next)
}

/// True when `swap` fails the same way on the counterexample's own values and, with
/// variables, the evidence rule holds under it and each of the `earlier` tuples; the
/// evidence is added to the scheme's. With `existential` claims, each of their tuples of
/// constructors has a witness under it and each of the `earlier` tuples besides.
fn holds(
    ctx: &mut Ctx<'_, '_>,
    scheme: &mut Scheme,
    earlier: &[Swaps],
    existential: &[Claimed],
    swap: (usize, Box<dyn SubValue>),
) -> bool {
    let with = |tuple: &Swaps| {
        let mut fixed = tuple.clone();
        fixed.push((swap.0, swap.1.clone()));
        fixed
    };
    // The counterexample's own values first: one run each, which most constructors fail.
    for tuple in earlier {
        if ctx.trial(with(tuple)) != Some(Trial::Same) {
            return false;
        }
    }
    if !existential.is_empty() {
        for tuple in earlier {
            ctx.fixed = with(tuple);
            let held = still_witnessed(ctx, scheme, existential);
            ctx.fixed.clear();
            if !held {
                return false;
            }
        }
    }
    if scheme.vars.is_empty() {
        return true;
    }
    let mut total = Evidence::default();
    for tuple in earlier {
        ctx.fixed = with(tuple);
        let evidence = check(ctx, &mut scheme.clone(), 0);
        ctx.fixed.clear();
        let Some(evidence) = evidence else { return false };
        total.add(evidence);
    }
    scheme.evidence.get_or_insert_with(Evidence::default).add(total);
    true
}

/// The node at `place` with `constructor` instead of its own and its own arguments in the
/// fields, when that constructor's fields have the same types and shape as the node's (a
/// struct-like variant's field names aside); `None` when they do not, or no generated value
/// had that constructor.
fn rebuild(ctx: &mut Ctx<'_, '_>, place: usize, constructor: &str) -> Option<Box<dyn SubValue>> {
    let node = ctx.subject.node(place);
    let min = node.type_node().min_size()?;
    let bound = ctx.args.max_size.max(min) + 1;
    let mut drawn = (0..DRAWS)
        .filter_map(|_| generate_below(node, bound, ctx.gen, ctx.args.max_size))
        .find(|v| v.as_node().constructor() == constructor)?;
    let (old, new) = (node.children(), drawn.as_node().children());
    // Struct-like variants fit by position, whatever they name their fields.
    let same_shape = match (node.shape(), drawn.as_node().shape()) {
        (Shape::Struct(a), Shape::Struct(b)) => a.len() == b.len(),
        (a, b) => a == b,
    };
    let fits = same_shape
        && old.len() == new.len()
        && old
            .iter()
            .zip(&new)
            .all(|(o, n)| o.frozen == n.frozen && o.node.value_type() == n.node.value_type());
    drop(new);
    if !fits {
        return None;
    }
    for (slot, child) in old.iter().enumerate() {
        assign_at_path(drawn.as_node_mut(), &[slot as u32], child.node.to_value()).ok()?;
    }
    Some(drawn)
}
