//! Fields of one type in any order: `forall orders of the tuple's fields`, where the property
//! reads some fields of one type alike (two batches whose readings it sums, a shipment's front
//! and back bins).
//!
//! Beyond the paper. A class is a shape, and a shape holds each sub-value at its position:
//! `([], [1, 32767])` and `([1, 32767], [])`, one overflow of a sum over both lists, were two
//! classes in every run. Here, after every other phase, each product node (a tuple or a
//! struct, of one constructor) reached from the root through product nodes, with nothing
//! claimed at or above it, is tried with its fields of one type (a group: the indexed fields,
//! not opaque or frozen, that share a type) in other orders. A group is claimed when the
//! whole formula holds again in the orders tried, under each tuple of the interchangeable
//! constructors (`interchange`):
//! - the counterexample in each order fails the same way (one evaluation each, which rules
//!   out most groups at once);
//! - with constructor variables, every tuple of their constructors has a witness in each
//!   order (`existential::still_witnessed`);
//! - with variables, the evidence rule (`universal::check`) holds with every variable drawn
//!   and each try in the next order: one claim over the values and the orders together, as
//!   the joint reading of several variables is one claim.
//!
//! Each check runs the property on its instances put in the order under check (a [`Runner`]
//! that permutes the candidate), so every phase's machinery serves unchanged. The orders
//! tried: all of them for a group of three fields or fewer; for more, each swap of
//! neighbours, the reversal and a rotation ([`ORDERS`] at most), as a universal claim rests
//! on the values tried. An order that leaves the counterexample as it was proves nothing and
//! is not tried; a group with no other order is not claimed, nor one whose fields are each a
//! variable or a constructor variable as a whole (another order only renames them).
//!
//! Invariant: every instance that was run, in every order tried, failed the same way as the
//! counterexample. Cost per group and tuple of interchangeable constructors: one evaluation
//! per order tried, then an existential check per order and one universal check
//! (`min_forall` evaluations when the precondition rejects nothing).

use super::existential::{still_witnessed, Claimed};
use super::interchange::Kept;
use super::sample::show;
use super::universal::check;
use super::{Ctx, Evidence, Runner, Scheme, Trial};
use crate::index::assign_at_path;
use crate::reduce::tree::node_at;
use crate::subtypes::{NodeRef, Shape, SubValue};

/// Orders tried per group of four fields or more, at most.
const ORDERS: usize = 8;

/// A product node whose fields at `slots` (child slots, in order) may come in any order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Permutable {
    pub place: usize,
    pub slots: Vec<u32>,
}

/// The groups claimed in any order, in breadth-first order, with the evidence of their
/// checks added to the scheme's; and the place it stopped at if the evaluation budget ran
/// out.
pub(super) fn permute(
    ctx: &mut Ctx<'_, '_>,
    scheme: &mut Scheme,
    kept: &Kept,
    existential: &[Claimed],
) -> (Vec<Permutable>, Option<usize>) {
    // Places that a variable or a constructor variable stands for as a whole.
    let mut whole_places = scheme.places();
    whole_places.extend(existential.iter().map(|c| c.place));
    let mut claimed = whole_places.clone();
    claimed.extend(kept.found.iter().map(|k| k.place));
    let covered = ctx.subject.covered(&claimed);
    // Each place's children, with their slots.
    let bfs = &ctx.subject.bfs;
    let mut kids: Vec<Vec<(u32, usize)>> = vec![Vec::new(); ctx.subject.len()];
    for place in 1..ctx.subject.len() {
        if let Some((parent, slot)) = bfs.parent_slot(place) {
            kids[parent].push((slot, place));
        }
    }
    let mut product = vec![false; ctx.subject.len()];
    let mut found = Vec::new();
    for place in 0..ctx.subject.len() {
        let reached = place == 0 || ctx.subject.bfs.parent(place).is_some_and(|p| product[p]);
        if !reached || covered[place] || ctx.subject.is_leaf(place) {
            continue;
        }
        let node = ctx.subject.node(place);
        product[place] = is_product(node);
        if !product[place] {
            continue;
        }
        for slots in groups(node) {
            // The place of each field of the group.
            let fields: Vec<Option<usize>> = slots
                .iter()
                .map(|&slot| kids[place].iter().find(|&&(s, _)| s == slot).map(|&(_, k)| k))
                .collect();
            // Fields that are each a variable or a constructor variable as a whole come in
            // any order already: another order only renames them.
            if fields.iter().all(|k| k.is_some_and(|k| whole_places.contains(&k))) {
                continue;
            }
            if ctx.spent() {
                return (found, Some(place));
            }
            let claimed_in = |k: usize| whole_places.iter().any(|&w| w == k || bfs.is_under(w, k));
            let inside = fields.iter().any(|k| k.is_some_and(claimed_in));
            if in_any_order(ctx, scheme, (kept, existential), (place, &slots), inside) {
                found.push(Permutable { place, slots });
            }
        }
    }
    (found, None)
}

/// True for a tuple or a struct (a type of one constructor) with fields.
fn is_product(node: NodeRef<'_>) -> bool {
    node.constructors().len() == 1
        && matches!(node.shape(), Shape::Tuple | Shape::Struct(_))
        && !node.is_opaque()
        && !node.children().is_empty()
}

/// The child slots of `node`'s indexed fields (not frozen, not opaque), grouped by type in
/// order of their first field; the groups of two or more.
fn groups(node: NodeRef<'_>) -> Vec<Vec<u32>> {
    let mut groups: Vec<(std::any::TypeId, Vec<u32>)> = Vec::new();
    for (slot, child) in node.children().iter().enumerate() {
        if !child.is_indexed() {
            continue;
        }
        let ty = child.node.value_type();
        match groups.iter_mut().find(|(t, _)| *t == ty) {
            Some((_, slots)) => slots.push(slot as u32),
            None => groups.push((ty, vec![slot as u32])),
        }
    }
    groups.into_iter().map(|(_, slots)| slots).filter(|s| s.len() >= 2).collect()
}

/// The orders tried for a group of `m` fields, each as the position each field comes from:
/// every other order for three or fewer; else each swap of neighbours, the reversal and a
/// rotation, [`ORDERS`] at most.
fn orders(m: usize) -> Vec<Vec<usize>> {
    let identity: Vec<usize> = (0..m).collect();
    if m <= 3 {
        let mut all = vec![identity.clone()];
        for k in 1..m {
            all = all
                .into_iter()
                .flat_map(|order| {
                    (0..=k).map(move |at| {
                        let mut next: Vec<usize> =
                            order.iter().copied().filter(|&i| i < k).collect();
                        next.insert(at, k);
                        next
                    })
                })
                .collect();
        }
        all.retain(|o| *o != identity);
        return all;
    }
    let mut out: Vec<Vec<usize>> = (0..m - 1)
        .map(|i| {
            let mut o = identity.clone();
            o.swap(i, i + 1);
            o
        })
        .collect();
    out.push(identity.iter().rev().copied().collect());
    out.push((1..m).chain([0]).collect());
    out.truncate(ORDERS);
    out
}

/// True when the formula holds with the fields at `slots` of the node at `place` in each
/// order tried. `inside`: some variable or constructor variable lies within those fields, so
/// that an order may change the formula's instances though it leaves the counterexample as
/// it was (`(x0, x1, None)` from `(None, None, None)`).
fn in_any_order(
    ctx: &mut Ctx<'_, '_>,
    scheme: &mut Scheme,
    (kept, existential): (&Kept, &[Claimed]),
    (place, slots): (usize, &[u32]),
    inside: bool,
) -> bool {
    let path = ctx.subject.bfs.path(place);
    let own = show(ctx.subject.node(0));
    let mut orders = orders(slots.len());
    orders.retain(|order| {
        let permuted = permuted(ctx.subject.value, &path, slots, order);
        inside || permuted.is_some_and(|p| show(p.as_node()) != own)
    });
    if orders.is_empty() {
        return false;
    }
    let Some(tuples) = kept.tuples() else { return false };
    let mut total = Evidence::default();
    for tuple in tuples {
        // The counterexample in each order first: one run each, which most groups fail.
        for order in &orders {
            let held = in_orders(ctx, tuple, (&path, slots, std::slice::from_ref(order)), |c| {
                let same = c.trial(Vec::new()) == Some(Trial::Same);
                (same && still_witnessed(c, scheme, existential)).then_some(())
            });
            if held.is_none() {
                return false;
            }
        }
        // One universal check, each try in the next order: a claim over the orders and the
        // values together, as a joint reading of variables is drawn.
        if !scheme.vars.is_empty() {
            let evidence = in_orders(ctx, tuple, (&path, slots, &orders), |c| {
                check(c, &mut scheme.clone(), 0)
            });
            let Some(evidence) = evidence else { return false };
            total.add(evidence);
        }
    }
    if total.tried > 0 {
        scheme.evidence.get_or_insert_with(Evidence::default).add(total);
    }
    true
}

/// `checks` run with the interchangeable constructors of `tuple` in place and the property
/// run on each instance with the fields at `slots` of the node at `path` in the next of
/// `orders`.
fn in_orders<R>(
    ctx: &mut Ctx<'_, '_>,
    tuple: &[(usize, Box<dyn SubValue>)],
    (path, slots, orders): (&[u32], &[u32], &[Vec<usize>]),
    checks: impl FnOnce(&mut Ctx<'_, '_>) -> Option<R>,
) -> Option<R> {
    let mut runner = Permuted { inner: &mut *ctx.run, path, slots, orders, next: 0 };
    let mut in_order = Ctx {
        args: ctx.args,
        gen: &mut *ctx.gen,
        subject: ctx.subject,
        run: &mut runner,
        samplers: std::mem::take(&mut ctx.samplers),
        fixed: tuple.to_vec(),
    };
    let out = checks(&mut in_order);
    ctx.samplers = std::mem::take(&mut in_order.samplers);
    out
}

/// `value` with the fields at `slots` of the node at `path` put in `order` (the field at
/// position `i` of the group taken from position `order[i]`); `None` when a field cannot be
/// put in place.
fn permuted(
    value: &dyn SubValue,
    path: &[u32],
    slots: &[u32],
    order: &[usize],
) -> Option<Box<dyn SubValue>> {
    let node = node_at(value.as_node(), path)?;
    let kids = node.children();
    let moved: Vec<Box<dyn SubValue>> = order
        .iter()
        .map(|&from| Some(kids.get(*slots.get(from)? as usize)?.node.to_value()))
        .collect::<Option<_>>()?;
    drop(kids);
    let mut out = value.to_value();
    for (&slot, field) in slots.iter().zip(moved) {
        let mut at = path.to_vec();
        at.push(slot);
        assign_at_path(out.as_node_mut(), &at, field).ok()?;
    }
    Some(out)
}

/// A runner that puts each candidate's fields in the next of some orders before running it.
struct Permuted<'r> {
    inner: &'r mut dyn Runner,
    path: &'r [u32],
    slots: &'r [u32],
    orders: &'r [Vec<usize>],
    next: usize,
}

impl Runner for Permuted<'_> {
    fn trial(&mut self, candidate: &dyn SubValue) -> Trial {
        let order = &self.orders[self.next % self.orders.len()];
        self.next += 1;
        match permuted(candidate, self.path, self.slots, order) {
            Some(value) => self.inner.trial(&*value),
            None => Trial::Invalid,
        }
    }

    fn evaluations(&self) -> usize {
        self.inner.evaluations()
    }
}
