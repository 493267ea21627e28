//! The pass of last resort: a piece of the value removed, and made up for elsewhere.
//!
//! A failure that needs a total to cross a threshold (a start times its growth factors, a
//! number of attempts times a delay) holds on to every piece of structure that adds to the
//! total: removing one factor, or unsetting `Some(attempts)`, passes, and no single leaf can
//! fall. The same removal together with one other part of the value at its largest fails,
//! and is simpler (fewer constructors, or an earlier one); the leaf passes then bring that
//! part back down. `Compounded(5, [3, 3, 4, 4, 4, 5, 7, 10])` becomes `(u32::MAX, [3, 4, …])`,
//! then, through the other passes, `(3922, [255])`.
//!
//! A removal is what `hoist` and `lower_constructor` propose at a node: one of the nearest
//! sub-values of its own type in its place (a list element dropped, a subtree lifted), or the
//! smallest value of its type (`None`, the empty list). The part made up for is a ranked leaf
//! outside the removed node raised to the end of its values along its number line (a `range`
//! field's top, else its type's), or a nullary node outside it (`None`) grown to a later
//! constructor with one ranked leaf, at its end (`Some(u32::MAX)`), or to the next tag of
//! its type (`Cancel(Front)` to `Cancel(Middle)`, beside a `Book(Front)` removed).
//!
//! Where that end is a `range` field's top and the candidate is refused there (discarded by
//! the property's precondition), the failing values may lie in a window below it: what
//! passes (the removal alone) and what is refused meet somewhere between, and a failure
//! that needs a total above a bug's threshold but within a validator's limit sits where they
//! meet. One such window a run is searched by bisection on the outcome.
//!
//! Invariant: as every pass, this one only proposes; the driver keeps a candidate only when it
//! is strictly simpler (`order`) and fails the same way. The driver runs it after the other
//! structure passes, only in a round in which none of them made progress, and it searches a
//! shape (the value's constructors, whatever its leaves) again only once one of its ranked
//! leaves has risen since: a leaf that only fell makes no removal easier to make up for, but
//! `trade` and `move_size` raise one leaf where another falls (`Backoff { attempts: 1, .. }`
//! searched in vain, then `attempts: 20` with the delay in the `Option` that can go).
//!
//! Cost: at most `TRIES` evaluations a shape; removals among the first `NEAR` nodes, parts
//! made up for among the first `PAIRS` leaves and `NEAR` nodes. Each candidate is one clone;
//! finding a leaf's end checks O(log range) clones against the type's constraints without
//! evaluating them. Values of more than `LARGEST` constructors are left to the other passes,
//! which cut a large value down first, so one run copies O(`LARGEST` · `NEAR` · `PAIRS` ·
//! log range) nodes at most.

use crate::root::Root;
use crate::subtypes::{NodeMutRef, NodeRef, SubValue};

use super::leaves::{largest, step_stays_valid, Line};
use super::order::{compare, constructor_index, simpler};
use super::structure::nearest_one_of_its_type;
use super::tree::{
    assign_leaf, generate_below, indexed_nodes, leaf_at, leaves, nested, node_at, structural_hash,
    FastHasher, LeafPath,
};
use super::{FastSet, Probe, Reducer, NEAR, PAIRS};
use crate::index::{assign_at_path, Bfs};

/// Evaluations one run spends at most.
const TRIES: usize = 16;

/// The largest value (in constructors) the pass looks at.
const LARGEST: usize = 2048;

/// Small values looked at, and random draws made, to grow a nullary node to a later
/// constructor.
const DRAWS: usize = 32;

/// Tries each removal with one part of the rest made up for; true when one was kept. Runs
/// on the current value unless it found nothing in one of its shape before.
pub fn compensate(r: &mut Reducer<'_, '_>) -> bool {
    if r.current.size() > LARGEST {
        return false;
    }
    let cex = r.current.clone();
    let root = NodeRef::Value(cex.node());
    let shape = shape_hash(root);
    let ranks: Vec<u64> =
        leaves(root).iter().filter_map(|l| l.node.type_node().leaf_rank()).collect();
    if r.compensated.get(&shape).is_some_and(|then| !rose(then, &ranks)) {
        return false;
    }
    let found = search(r, root);
    if !found {
        r.compensated.insert(shape, ranks);
    }
    found
}

/// True when some ranked leaf is higher in `now` than in `then` (both of one shape).
fn rose(then: &[u64], now: &[u64]) -> bool {
    then.iter().zip(now).any(|(a, b)| b > a)
}

/// [`compensate`]'s candidates, until one is kept: for each removal, each part elsewhere
/// made up for; the window of the first one discarded at a declared range's end searched
/// too (a type's own extreme is refused by most preconditions, and a search
/// below it costs a bisection of the whole type for little).
/// Candidates already run cost nothing (the tester remembers them).
fn search(r: &mut Reducer<'_, '_>, root: NodeRef<'_>) -> bool {
    let mut left = TRIES;
    // One window a run: the first removal whose declared end is discarded.
    let mut windows = true;
    for (path, node) in indexed_nodes(root, NEAR).into_iter().skip(1) {
        let lower = lowered(r, node);
        for base in removals(&r.current, &path, lower.as_deref()) {
            for made in made_up(r, &base, &path) {
                if r.spent() || left == 0 {
                    return false;
                }
                match (counted(r, made.candidate, &mut left), made.window) {
                    (Probe::Kept, _) => return true,
                    (Probe::Discarded, Some(below)) if windows => {
                        windows = false;
                        if window(r, &below, &mut left) {
                            return true;
                        }
                    }
                    _ => {}
                }
            }
        }
    }
    false
}

/// [`Reducer::probe`], taking what it ran from `left`.
fn counted(r: &mut Reducer<'_, '_>, candidate: Root, left: &mut usize) -> Probe {
    let before = r.tester.evaluations;
    let probe = r.probe(candidate);
    *left = left.saturating_sub(r.tester.evaluations - before);
    probe
}

/// Searches between `below.low` (whose removal passed) and its leaf at `below.leaf` moved
/// `below.steps` away (discarded: no longer a valid input) for a value that fails: where the inputs that pass
/// meet those refused, a failure that needs a total within a window lies between them
/// (`workers × batch` over a buffer's 1,500 but within a scheduler's 2,000). A bisection on
/// the outcome, kept at the first failure: O(log steps) evaluations, at most `left` more
/// than one.
fn window(r: &mut Reducer<'_, '_>, below: &Below, left: &mut usize) -> bool {
    let Below { low, leaf, steps } = below;
    let cex = low.clone();
    let Some(at) = leaf_at(NodeRef::Value(cex.node()), leaf) else { return false };
    let Some(now) = at.type_node().leaf_rank() else { return false };
    let line = Line::new(at, now);
    let (mut lo, mut hi) = (0, *steps);
    while hi - lo > 1 && !r.spent() && *left > 0 {
        let mid = lo + (hi - lo) / 2;
        let Some((up, _)) = line.away(mid) else { return false };
        let mut candidate = low.clone();
        if assign_leaf(NodeMutRef::Value(candidate.node_mut()), leaf, up).is_err() {
            return false;
        }
        match counted(r, candidate, left) {
            Probe::Kept => return true,
            Probe::Discarded => hi = mid,
            _ => lo = mid,
        }
    }
    false
}

/// `value` with the node at `path` removed: replaced by its nearest sub-value of its own
/// type, or by `lower`, a simplest value of its type.
fn removals(value: &Root, path: &[u32], lower: Option<&dyn SubValue>) -> Vec<Root> {
    let mut out = Vec::new();
    let Some(node) = node_at(NodeRef::Value(value.node()), path) else { return out };
    let replacements = nearest_one_of_its_type(node).map(|n| n.to_value()).into_iter();
    for replacement in replacements.chain(lower.map(|l| l.to_value())) {
        let mut candidate = value.clone();
        if assign_at_path(NodeMutRef::Value(candidate.node_mut()), path, replacement).is_ok() {
            out.push(candidate);
        }
    }
    out
}

/// The simplest value of `node`'s type, when it has fewer constructors than `node` or an
/// earlier one (`Some(x)` and `None` are one constructor each).
fn lowered(r: &mut Reducer<'_, '_>, node: NodeRef<'_>) -> Option<Box<dyn SubValue>> {
    // The order puts fewer constructors first, and a value drawn twice compares equal to
    // itself: only the first of each of the smallest values is compared further.
    let drawn: Vec<(usize, Box<dyn SubValue>)> =
        first_values(r, node, node.size() + 1).into_iter().map(|v| (v.size(), v)).collect();
    let least = drawn.iter().map(|(size, _)| *size).min()?;
    let mut seen = FastSet::default();
    let simplest = drawn
        .into_iter()
        .filter(|(size, v)| *size == least && seen.insert(structural_hash(v.as_node())))
        .map(|(_, v)| v)
        .min_by(|a, b| compare(a.as_node(), b.as_node()));
    simplest.filter(|v| simpler(v.as_node(), node))
}

/// A candidate with one part made up for, and, when the raised leaf went to a `range`
/// field's top, where [`window`] would search below it.
struct Made {
    candidate: Root,
    window: Option<Below>,
}

/// The value a leaf was raised in (`low`), where the leaf is, and how many steps it rose.
struct Below {
    low: Root,
    leaf: LeafPath,
    steps: u64,
}

/// `base` with one part outside the node at `removed` made up for: each ranked leaf (among
/// the first `PAIRS`) raised to the end of its values, then each nullary node with one
/// ranked leaf grown (`None` to `Some(x)`, `x` at its end), or grown to the next tag of its
/// type (`Front` to `Middle`) when that holds nothing either.
fn made_up(r: &mut Reducer<'_, '_>, base: &Root, removed: &[u32]) -> Vec<Made> {
    let mut out = Vec::new();
    let root = NodeRef::Value(base.node());
    for leaf in leaves(root).iter().filter(|l| !l.path.starts_with(removed)).take(PAIRS) {
        out.extend(raised(base, &leaf.path));
    }
    let nodes = indexed_nodes(root, NEAR);
    for (path, node) in nodes.into_iter().filter(|(p, n)| !nested(p, removed) && nullary(*n)) {
        let Some(grown) = grown(r, node) else { continue };
        let mut low = base.clone();
        if assign_at_path(NodeMutRef::Value(low.node_mut()), &path, grown).is_err() {
            continue;
        }
        let inside: Vec<LeafPath> = leaves(NodeRef::Value(low.node()))
            .into_iter()
            .filter(|l| l.path.starts_with(&path) && l.node.type_node().leaf_rank().is_some())
            .map(|l| l.path)
            .collect();
        match inside.as_slice() {
            [leaf] => out.extend(raised(&low, leaf)),
            // A tag grown to the next one (`Cancel(Front)` to `Cancel(Middle)`), itself the
            // part made up for: two bookings and a cancellation become one of each.
            [] if node_at(NodeRef::Value(low.node()), &path).is_some_and(nullary) => {
                out.push(Made { candidate: low, window: None });
            }
            _ => {}
        }
    }
    out
}

/// `low` with its leaf at `leaf` raised to the end of its values, when it can rise.
fn raised(low: &Root, leaf: &LeafPath) -> Option<Made> {
    let root = NodeRef::Value(low.node());
    let at = leaf_at(root, leaf)?;
    let (up, steps, declared) = raised_to_end(low, at, leaf)?;
    let mut candidate = low.clone();
    assign_leaf(NodeMutRef::Value(candidate.node_mut()), leaf, up).ok()?;
    let window = declared.then(|| Below { low: low.clone(), leaf: leaf.clone(), steps });
    Some(Made { candidate, window })
}

/// The first values of `node`'s type in its enumeration, smallest first, when it has one;
/// else random ones of fewer than `bound` constructors.
fn first_values(
    r: &mut Reducer<'_, '_>,
    node: NodeRef<'_>,
    bound: usize,
) -> Vec<Box<dyn SubValue>> {
    let first = node.type_node().node_small_values(DRAWS);
    if !first.is_empty() {
        return first;
    }
    let size = r.args.max_size;
    (0..DRAWS).filter_map(|_| generate_below(node, bound, r.gen, size)).collect()
}

/// A hash of `root`'s constructors, its leaves' values left out: the values a leaf pass
/// moves between do not change it.
fn shape_hash(root: NodeRef<'_>) -> u64 {
    use std::hash::Hasher;
    let mut h = FastHasher::default();
    for visit in Bfs::new(root) {
        if visit.node.is_opaque() {
            h.write_u32(u32::MAX);
        } else {
            h.write_u32(constructor_index(visit.node));
            h.write_usize(visit.node.children().len());
        }
    }
    h.finish()
}

/// True for a node without children whose type has later constructors: `None`, `[]`.
fn nullary(node: NodeRef<'_>) -> bool {
    node.children().is_empty() && node.constructors().len() > 1 && !node.is_opaque()
}

/// The first value of `node`'s type with a later constructor: `Some(0)` for `None`.
fn grown(r: &mut Reducer<'_, '_>, node: NodeRef<'_>) -> Option<Box<dyn SubValue>> {
    let index = constructor_index(node);
    first_values(r, node, node.size() + 2)
        .into_iter()
        .find(|v| constructor_index(v.as_node()) > index)
}

/// The leaf at `path` in `base` moved away from its type's simplest value to the end of its
/// values (the last one `base` still meets its constraints with), the steps that took, and
/// whether that end is a declared range's (a `range` field's top, below its type's), when
/// it can move at all.
fn raised_to_end(
    base: &Root,
    leaf: NodeRef<'_>,
    path: &LeafPath,
) -> Option<(Box<dyn SubValue>, u64, bool)> {
    let line = Line::new(leaf, leaf.type_node().leaf_rank()?);
    let steps = largest(|s| step_stays_valid(base, &line, path, s));
    let (up, _) = line.away(steps).filter(|_| steps > 0)?;
    // The end is a declared range's when the type goes further.
    let declared =
        crate::derive_support::constraints_in_use() && line.away(steps.saturating_add(1)).is_some();
    Some((up, steps, declared))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reduce::testing::one_pass;

    #[test]
    fn compensate_removes_a_part_and_raises_another_to_make_up_for_it() {
        // A product of the parts set: removing one factor passes unless the other grows.
        let prop = |p: &(Option<u16>, Option<u32>, bool)| {
            u64::from(p.0.unwrap_or(1)) * u64::from(p.1.unwrap_or(1)) < 54_550
        };
        let got = one_pass(prop, (Some(10), Some(5455), true), compensate);
        assert!(got.0.is_none() && got.1.is_some_and(|b| b >= 54_550), "{got:?}");
        // A total of elements times a rate: an element goes, the rate rises.
        let prop = |p: &(Vec<u8>, u16)| p.0.len() as u32 * u32::from(p.1) < 1000;
        let got = one_pass(prop, (vec![0; 4], 250), compensate);
        assert!(got.0.len() < 4, "{got:?}");
    }
}
