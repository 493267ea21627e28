//! Passes that change a value's constructors (paper §4): sub-value replacement, the sub-value
//! hypothesis, and lowering a constructor to an earlier one of its type.
//!
//! Invariant: as every pass, these only propose; the driver keeps a candidate only when it is
//! strictly simpler (`order`) and fails the same way.
//!
//! Cost: `hypothesis` is a binary search, O(log n) candidates; `hoist` and `lower_constructor`
//! try a few candidates per node; `subvalues` is the paper's walk with `max_reduce` random
//! replacements per sub-value (but for a list's tails of more than two elements). The walks
//! of `hoist` and `subvalues` stop after the driver's `walk_cap` nodes (all of a small
//! value, the top of a large one), so one walk costs
//! O(`WORK`) node copies, not O(n²); `rescue` is a bisection, O(log rank) per leaf.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use crate::index::{assign_at_path, Bfs};
use crate::root::Root;
use crate::subtypes::{Child, NodeMutRef, NodeRef, Shape, SubValue};

use super::order::{compare, constructor_index};
use super::tree::{
    assign_leaf, generate_below, indexed_nodes, leaves, nested, structural_hash, FastHasher, Leaf,
};
use super::{FastSet, Probe, Reducer, NEAR, PAIRS};

/// How many times `max_reduce` random replacements `subvalues` may generate for one sub-value
/// when most of them are repeats (a small type, searched more thoroughly at little cost:
/// repeated candidates are skipped without an evaluation).
const SMALL_SPACE_ATTEMPTS: usize = 8;

/// Replacements of one shape (the same constructors, whatever the leaves) `subvalues` tries
/// per sub-value: a few leaf values per shape are enough, the leaf passes do the rest.
const TRIES_PER_SHAPE: usize = 8;

/// The sub-value hypothesis (§4.3.1) by binary search: along the chain root, its first
/// sub-value of the root's type, that one's first, and so on (a list's suffixes, an
/// expression's left spine), keep the deepest that still fails (exact when failing is
/// monotone along the chain, as for "the list contains x"): O(log n) candidates, where the
/// paper's walk restarts once per link.
pub fn hypothesis(r: &mut Reducer<'_, '_>) -> bool {
    let cex = r.current.clone();
    let root = NodeRef::Value(cex.node());
    let ty = root.value_type();
    let mut links = vec![root];
    while let Some(&last) = links.last() {
        match Bfs::new(last).skip(1).find(|v| v.node.value_type() == ty) {
            Some(v) => links.push(v.node),
            None => break,
        }
    }
    if links.len() < 3 {
        return false; // `subvalues` tries the one link there is
    }
    let (mut lo, mut hi) = (0, links.len());
    let mut progress = false;
    while hi - lo > 1 && !r.spent() {
        let mid = lo + (hi - lo) / 2;
        let Some(candidate) = r.with_replaced(&[], links[mid].to_value()) else { break };
        if r.try_candidate(candidate) {
            lo = mid;
            progress = true;
        } else {
            hi = mid;
        }
    }
    progress
}

/// Replaces each node by one of the nearest sub-values of its own type under it (the
/// sub-value hypothesis at every node: for a list, this drops an element; for a tree, it
/// lifts a subtree).
pub fn hoist(r: &mut Reducer<'_, '_>) -> bool {
    const NEAREST: usize = 2;
    r.each_node(|r, node, path| {
        let nearest = nearest_of_its_type(node).take(NEAREST);
        nearest.filter_map(|n| r.with_replaced(path, n.to_value())).collect()
    })
}

/// The sub-values of `node`'s own type under it, nearest first (breadth-first), among the
/// first `LOOK` nodes below it: what can take its place (for a list cell, its tail: an
/// element dropped; for a tree node, a subtree lifted).
pub(crate) fn nearest_of_its_type(node: NodeRef<'_>) -> impl Iterator<Item = NodeRef<'_>> {
    let ty = node.value_type();
    Bfs::new(node).skip(1).take(LOOK).map(|v| v.node).filter(move |n| n.value_type() == ty)
}

/// The first of [`nearest_of_its_type`]: looked for among `node`'s own children first,
/// which the walk hands out first, so that the common case (a list cell's tail, a tree
/// node's subtree) allocates no queue.
pub(crate) fn nearest_one_of_its_type(node: NodeRef<'_>) -> Option<NodeRef<'_>> {
    let ty = node.value_type();
    if !node.is_opaque() {
        let children = node.children();
        let indexed = children.iter().filter(|c| c.is_indexed()).take(LOOK);
        if let Some(child) = indexed.map(|c| c.node).find(|n| n.value_type() == ty) {
            return Some(child);
        }
    }
    nearest_of_its_type(node).next()
}

/// How many nodes below a node [`nearest_of_its_type`] looks at.
const LOOK: usize = 32;

/// Lowers a node's constructor to an earlier one of its type, reusing the node's children
/// where they fit: `Some(x)` becomes `None`, `Err(e)` becomes `Ok(_)`, `Mul(a, b)` becomes
/// `Add(a, b)`. The new constructor comes from random values of the node's type of at most
/// its size (there is no other way to build a variant of an unknown type), the first of each
/// earlier constructor drawn; each of its children takes the first unused old child of the
/// same type, if any. One candidate per (node, earlier constructor), for the first nodes,
/// from up to `DRAWS` draws, none once every earlier constructor has been drawn (a list
/// cell's one, the empty list, is mostly the first): a draw of a constructor already tried
/// costs no evaluation, and
/// with 64 draws one of nine equally likely constructors is missed once in some 2,000
/// lowerings (with 24, once in 17: the parser benchmark kept `Or` where `And` fails).
/// A lowering that is discarded is rescued (`rescue`); one that passes is nudged back among
/// the failures (`nudge`: a leaf under it changed), or what it dropped is carried elsewhere
/// (`carry`: `email: Some(s)` to `None` with `s` moved into `name`); a fieldless variant
/// whose lowerings all passed is lowered again together with another fieldless node of its
/// type, both by as many places (`shift_tags`: `(Debug, Warn)` to `(Trace, Info)`).
pub fn lower_constructor(r: &mut Reducer<'_, '_>) -> bool {
    lower_constructors(r, false)
}

/// [`lower_constructor`] again where the value around a node has changed since its earlier
/// constructors were tried: a lowering that passed beside other values may fail beside these
/// (`(Error, Info)` to `(Debug, Info)` passes where `(Error, Trace)` to `(Debug, Trace)`
/// fails), and `lower_constructor` does not try a node's lowerings twice. As a last resort
/// (run only in a round in which no pass made progress): the lowerings alone (and with equal
/// constructors elsewhere), not the rescues, nudges and carries of a lowering that did not
/// fail, remembered per value: at most one candidate per node and earlier constructor.
pub fn lower_in_context(r: &mut Reducer<'_, '_>) -> bool {
    lower_constructors(r, true)
}

/// [`lower_constructor`], its memo of nodes tried kept per node or (`in_context`) per value.
fn lower_constructors(r: &mut Reducer<'_, '_>, in_context: bool) -> bool {
    const DRAWS: usize = 64;
    // Nudge candidates one run may spend in all (each passing lowering may ask for twelve).
    const NUDGES: usize = 48;
    let mut nudges = NUDGES;
    let mut progress = false;
    let mut start = 0;
    'restart: loop {
        let cex = r.current.clone();
        let nodes = indexed_nodes(NodeRef::Value(cex.node()), NEAR);
        for (i, (path, node)) in nodes.iter().enumerate().skip(start) {
            let index = constructor_index(*node);
            if index == 0 {
                continue;
            }
            let memo = match in_context {
                false => r.search_key("lower_constructor", path, *node),
                true => r.search_key("lower_in_context", path, *node) ^ r.value_hash(),
            };
            if r.exhausted.contains(&memo) {
                continue;
            }
            let bound = node.size_up_to(r.args.max_size.max(1)).min(r.args.max_size) + 1;
            let mut tried = vec![false; index as usize];
            let twins = equal_elsewhere(&nodes, path, *node);
            // The fieldless variants this fieldless node was lowered to alone and passed.
            let mut passed_tags: Vec<(usize, Box<dyn SubValue>)> = Vec::new();
            let fieldless = node.children().is_empty();
            for _ in 0..DRAWS {
                if r.spent() {
                    return progress;
                }
                let Some(mut new) = generate_below(*node, bound, r.gen, r.args.max_size) else {
                    break;
                };
                let k = constructor_index(new.as_node()) as usize;
                if k >= tried.len() || std::mem::replace(&mut tried[k], true) {
                    continue;
                }
                let used = reuse_children(&mut *new, *node);
                let lowered = (!twins.is_empty()).then(|| new.to_value());
                let tag =
                    (fieldless && new.as_node().children().is_empty()).then(|| new.to_value());
                let Some(candidate) = r.with_replaced(path, new) else { break };
                let probe = r.probe(candidate.clone());
                let passed = probe == Probe::Passed;
                if let Some(tag) = tag.filter(|_| passed && !in_context) {
                    passed_tags.push((k, tag));
                }
                // In context, the lowering alone and with its twins: the rescues, nudges and
                // carries were tried at the node before.
                let again = !in_context;
                if probe == Probe::Kept
                    || (passed && lowered.is_some_and(|new| together(r, path, &twins, &*new)))
                    || (again && probe == Probe::Discarded && rescue(r, &candidate, path))
                    || (again && passed && nudge(r, &candidate, path, &mut nudges))
                    || (again && passed && carry(r, &candidate, path, *node, &used, &mut nudges))
                {
                    progress = true;
                    start = i;
                    continue 'restart;
                }
                if tried.iter().all(|&t| t) {
                    break; // every earlier constructor tried: no draw can offer another
                }
            }
            if shift_tags(r, (path, *node), &nodes, &passed_tags) {
                progress = true;
                start = i;
                continue 'restart;
            }
            r.exhausted.insert(memo);
        }
        return progress;
    }
}

/// Lowers the fieldless `node` at `path` together with another fieldless node of its type,
/// both by the same number of places in their type's declaration, where lowering `node`
/// alone (to each of `lowered`) passed: `(Debug, Warn)` to `(Trace, Info)` where two levels
/// must not be two apart, as [`super::leaves::lower_pairs`] keeps the difference of two
/// numbers. The
/// other node's lowered variant is drawn as `lower_constructor` draws (at most `DRAWS`
/// values of its size). At most `PAIRS` other nodes, one candidate for each and each
/// lowering that passed. True if one was kept.
fn shift_tags(
    r: &mut Reducer<'_, '_>,
    (path, node): (&[u32], NodeRef<'_>),
    nodes: &[(Vec<u32>, NodeRef<'_>)],
    lowered: &[(usize, Box<dyn SubValue>)],
) -> bool {
    const DRAWS: usize = 64;
    if lowered.is_empty() {
        return false;
    }
    let from = constructor_index(node) as usize;
    let others = nodes.iter().filter(|(q, other)| {
        !nested(q, path)
            && other.value_type() == node.value_type()
            && other.children().is_empty()
            && constructor_index(*other) > 0
    });
    for (q, other) in others.take(PAIRS) {
        let theirs = constructor_index(*other) as usize;
        for (k, tag) in lowered {
            let Some(to) = theirs.checked_sub(from - k) else { continue };
            let mut drawn = (0..DRAWS).map_while(|_| generate_below(*other, 2, r.gen, 2));
            let Some(shifted) = drawn.find(|v| {
                constructor_index(v.as_node()) as usize == to && v.as_node().children().is_empty()
            }) else {
                continue;
            };
            let candidate = r.with_all(vec![(path, tag.to_value()), (q.as_slice(), shifted)]);
            if r.spent() {
                return false;
            }
            if candidate.is_some_and(|c| r.try_candidate(c)) {
                return true;
            }
        }
    }
    false
}

/// The paths among `nodes` (but `path` and those above or under it) whose sub-value equals
/// `node`, the one at `path`.
fn equal_elsewhere(
    nodes: &[(Vec<u32>, NodeRef<'_>)],
    path: &[u32],
    node: NodeRef<'_>,
) -> Vec<Vec<u32>> {
    let same = |other: NodeRef<'_>| {
        other.value_type() == node.value_type() && compare(other, node) == std::cmp::Ordering::Equal
    };
    nodes.iter().filter(|(p, n)| !nested(p, path) && same(*n)).map(|(p, _)| p.clone()).collect()
}

/// Puts `new` at `path` and at each of `twins` (places equal to the one at `path`) at once,
/// where lowering the one alone passed: `[Green, Green]` to `[Red, Red]` where a light must
/// not repeat, a package named as a key and as a dependency renamed in both. True if kept.
fn together(r: &mut Reducer<'_, '_>, path: &[u32], twins: &[Vec<u32>], new: &dyn SubValue) -> bool {
    let all = std::iter::once(path).chain(twins.iter().map(Vec::as_slice));
    let replacements = all.map(|p| (p, new.to_value())).collect();
    r.with_all(replacements).is_some_and(|candidate| r.try_candidate(candidate))
}

/// Rescues `base`, a simplification of the current value at `path` that is discarded (no
/// valid input any more: a default taken where a field was set), by moving one ranked leaf
/// elsewhere (among the first `PAIRS`) back into the valid inputs: when that leaf at rank 0
/// does something else than be discarded (it passes), the boundary between the two lies
/// between rank 0 and its rank now, and a bisection on it finds the failing values on the
/// boundary, if any: `(Some(0), 60001)` becomes `(None, 18750)` where the default is 3 and
/// only `15001..=20000` fail. O(log rank) candidates per leaf.
fn rescue(r: &mut Reducer<'_, '_>, base: &Root, path: &[u32]) -> bool {
    let found = leaves(NodeRef::Value(base.node()));
    let outside = found.iter().filter(|l| !l.path.starts_with(path));
    let ranked: Vec<(&Leaf<'_>, u64)> =
        outside.filter_map(|l| Some((l, l.node.type_node().leaf_rank()?))).take(PAIRS).collect();
    for (leaf, now) in ranked.into_iter().filter(|(_, k)| *k > 1) {
        let at = |k: u64, r: &mut Reducer<'_, '_>| {
            let value = leaf.node.type_node().from_leaf_rank(k);
            let mut candidate = base.clone();
            let put =
                value.map(|v| assign_leaf(NodeMutRef::Value(candidate.node_mut()), &leaf.path, v));
            match put {
                Some(Ok(())) => r.probe(candidate),
                _ => Probe::NotSimpler,
            }
        };
        let (mut lo, mut hi) = (0, now);
        let low = at(lo, r);
        if low == Probe::Kept {
            return true;
        }
        if low == Probe::Discarded || low == Probe::NotSimpler {
            continue;
        }
        while hi - lo > 1 && !r.spent() {
            let mid = lo + (hi - lo) / 2;
            match at(mid, r) {
                Probe::Kept => return true,
                Probe::Discarded => hi = mid,
                _ => lo = mid,
            }
        }
    }
    false
}

/// Nudges `base`, a lowering of the current value at `path` that passes, back among the
/// failing inputs: one leaf under `path` (among its first `NUDGED`) takes one of the first
/// values of its type (ranks 0 to 2, its own skipped) or its last, simplest candidate first
/// (`Err("aaa")` lowers to `Ok(3)`, which passes, where `Ok(255)` fails). The lowered
/// constructor may need its operands to differ where the old one did not (`Or(0, 0)`, the
/// bug, lowers to `And(0, 0)`, which passes, where `And(0, 1)` fails), or a freshly built
/// child drawn at its one value that passes. At most `4 · NUDGED` candidates per lowering
/// that passes, and no more than `left` (counted down) in one run of `lower_constructor`.
fn nudge(r: &mut Reducer<'_, '_>, base: &Root, path: &[u32], left: &mut usize) -> bool {
    const NUDGED: usize = 4;
    let found = leaves(NodeRef::Value(base.node()));
    let mut candidates = Vec::new();
    for leaf in found.iter().filter(|l| l.path.starts_with(path)).take(NUDGED) {
        let ty = leaf.node.type_node();
        let Some(now) = ty.leaf_rank() else { continue };
        // Its type's last value too (`u8::MAX`, a range's top): `Ok(x)` may fail only from
        // some x up, and a leaf that fails there falls to where it starts later.
        let last = super::leaves::largest(|k| ty.from_leaf_rank(k).is_some());
        for k in [0, 1, 2, last].into_iter().filter(|&k| k != now) {
            let Some(value) = ty.from_leaf_rank(k) else { continue };
            let mut candidate = base.clone();
            if assign_leaf(NodeMutRef::Value(candidate.node_mut()), &leaf.path, value).is_ok() {
                candidates.push(candidate);
            }
        }
    }
    simplest_first(r, candidates, left)
}

/// Carries what a lowering that passes dropped to where it still counts: `base` lowered the
/// node `old` at `path` and left out its children not `used`; each of them (among the first
/// `NUDGED`) takes the place of a sub-value of its type outside `path` (among the first
/// `NEAR` in breadth-first order, primitive leaves included), simplest candidate first.
/// `Contact { name: "", email: Some("\\") }` lowers to `email: None`, which passes, and
/// the backslash carried into the name fails: neither the lowering nor the move alone is
/// simpler and failing. At most `NUDGED · NEAR` candidates, and no more than `left`
/// (counted down) in one run of `lower_constructor`. Left out, as other passes move them: a
/// list cell's elements (`relocate`, `lift`), children of the node's own type (`hoist`), and
/// ranked leaves (`compensate` raises a leaf where one was removed).
fn carry(
    r: &mut Reducer<'_, '_>,
    base: &Root,
    path: &[u32],
    old: NodeRef<'_>,
    used: &[bool],
    left: &mut usize,
) -> bool {
    const NUDGED: usize = 4;
    if old.shape() == Shape::List {
        return false; // a list's elements move by `relocate` and `lift`
    }
    let own = old.value_type();
    let olds = old.children();
    let carried = |c: &Child<'_>| {
        !c.frozen && c.node.value_type() != own && c.node.type_node().leaf_rank().is_none()
    };
    let dropped: Vec<NodeRef<'_>> = olds
        .iter()
        .zip(used)
        .filter(|(c, &u)| !u && carried(c))
        .map(|(c, _)| c.node)
        .take(NUDGED)
        .collect();
    if dropped.is_empty() {
        return false;
    }
    let root = NodeRef::Value(base.node());
    let mut candidates = Vec::new();
    for (at, place) in places(root, NEAR) {
        if at.starts_with(path) || path.starts_with(&at) {
            continue;
        }
        for child in dropped.iter().filter(|c| c.value_type() == place.value_type()) {
            let mut candidate = base.clone();
            let moved =
                assign_at_path(NodeMutRef::Value(candidate.node_mut()), &at, child.to_value());
            if moved.is_ok() {
                candidates.push(candidate);
            }
        }
    }
    simplest_first(r, candidates, left)
}

/// Runs `candidates`, simplest first, until one is kept or `left` (counted down) runs out.
fn simplest_first(r: &mut Reducer<'_, '_>, mut candidates: Vec<Root>, left: &mut usize) -> bool {
    candidates.sort_by(|a, b| compare(NodeRef::Value(a.node()), NodeRef::Value(b.node())));
    for candidate in candidates {
        if r.spent() || *left == 0 {
            return false;
        }
        *left -= 1;
        if r.probe(candidate) == Probe::Kept {
            return true;
        }
    }
    false
}

/// The first `most` sub-values of `root` in breadth-first order with their paths, the
/// primitive leaves included (not the root, nor anything under a frozen field or inside an
/// opaque node).
fn places(root: NodeRef<'_>, most: usize) -> Vec<(Vec<u32>, NodeRef<'_>)> {
    let mut out: Vec<(Vec<u32>, NodeRef<'_>)> = Vec::new();
    let mut queue = std::collections::VecDeque::from([(Vec::new(), root)]);
    while let Some((path, node)) = queue.pop_front() {
        if node.is_opaque() {
            continue;
        }
        for (slot, child) in node.children().into_iter().enumerate() {
            if out.len() >= most {
                return out;
            }
            if child.frozen {
                continue;
            }
            let mut at = path.clone();
            at.push(slot as u32);
            out.push((at.clone(), child.node));
            queue.push_back((at, child.node));
        }
    }
    out
}

/// Puts `old`'s children into `new`'s slots: each slot takes the first unused child of `old`
/// of its type. Which of `old`'s children were used.
pub(crate) fn reuse_children(new: &mut dyn SubValue, old: NodeRef<'_>) -> Vec<bool> {
    let olds = old.children();
    let mut used = vec![false; olds.len()];
    let slots: Vec<_> = new.as_node().children().iter().map(|c| c.node.value_type()).collect();
    for (slot, ty) in slots.into_iter().enumerate() {
        let fit = olds
            .iter()
            .enumerate()
            .find(|(k, c)| !used[*k] && !c.frozen && c.node.value_type() == ty);
        if let Some((k, child)) = fit {
            used[k] = true;
            let _ = assign_at_path(new.as_node_mut(), &[slot as u32], child.node.to_value());
        }
    }
    used
}

/// The paper's `reduceOpt` (Figure 4): a greedy breadth-first walk from the first proper
/// sub-value; a sub-value of the root's type that fails replaces the whole; otherwise
/// `max_reduce` random values strictly smaller than `min(size, max_size)` are tried in its
/// place; on success, start again. `max_depth` bounds how deep it looks.
///
/// Beyond the paper, a list's tail of more than two elements (a sub-value in the paper's
/// Haskell lists), or a map's or set's of more than two entries (a `BTreeMap` of 100 entries
/// that had to keep 95 spent 87,000 evaluations searching them), gets no random search:
/// the sequence passes shorten it deterministically
/// (runs deleted anywhere, pairs apart, the shortest failing prefix), and a random shorter
/// tail of a long list found nothing they do not in the shrinking benchmarks or in 118
/// properties of our own, while costing up to 100 evaluations a tail (more than half of a
/// run's on a queue's operations). Short tails keep theirs: new elements there are few, and
/// a random one can stand in for two that must change together (a map's entry whose key and
/// value lengths must agree).
pub fn subvalues(r: &mut Reducer<'_, '_>) -> bool {
    let mut progress = false;
    'restart: loop {
        let cex = r.current.clone();
        let root = NodeRef::Value(cex.node());
        let root_type = root.value_type();
        let cap = r.walk_cap() / r.args.max_reduce.max(1);
        let mut bfs = Bfs::new(root);
        bfs.next();
        while let Some(visit) = bfs.next() {
            if r.spent() || visit.index > cap.max(super::MIN_WALK) {
                return progress;
            }
            if r.args.max_depth.is_some_and(|d| visit.depth > d) {
                break;
            }
            let path = bfs.path(visit.index);
            if visit.node.value_type() == root_type {
                if let Some(candidate) = r.with_replaced(&[], visit.node.to_value()) {
                    if r.try_candidate(candidate) {
                        progress = true;
                        continue 'restart;
                    }
                }
            }
            let long_tail = matches!(visit.node, NodeRef::Suffix(..))
                && super::tree::cells_up_to(visit.node, 3).0 > 2;
            if !long_tail && search_below(r, &path, visit.node) {
                progress = true;
                continue 'restart;
            }
        }
        return progress;
    }
}

/// Random values strictly smaller than `min(size, max_size)` in place of the sub-value `node`
/// at `path`: the paper's `max_reduce` tries, and more while most are repeats (skipped before
/// they are built, so a small type is searched longer), until none has been worth running for
/// a while; at most `TRIES_PER_SHAPE` of one shape. True when one failed (and was kept); a
/// search in vain is remembered and not made again.
fn search_below(r: &mut Reducer<'_, '_>, path: &[u32], node: NodeRef<'_>) -> bool {
    let memo = r.search_key("subvalues", path, node);
    if r.exhausted.contains(&memo) {
        return false;
    }
    let bound = node.size_up_to(r.args.max_size.max(1)).min(r.args.max_size);
    let (mut fresh, mut seen, mut idle) = (0, FastSet::default(), 0);
    let mut shapes: HashMap<Vec<u32>, usize, BuildHasherDefault<FastHasher>> = HashMap::default();
    for attempt in 0..r.args.max_reduce.saturating_mul(SMALL_SPACE_ATTEMPTS) {
        let small_space = fresh * 4 <= attempt;
        let done = fresh >= r.args.max_reduce
            || (attempt >= r.args.max_reduce && !small_space)
            || idle > 8 + SMALL_SPACE_ATTEMPTS * fresh;
        if r.spent() {
            return false; // not searched in full: no memo
        }
        if done {
            break;
        }
        let Some(new) = generate_below(node, bound, r.gen, r.args.max_size) else { break };
        idle += 1;
        let shape: Vec<u32> = Bfs::new(new.as_node()).map(|v| constructor_index(v.node)).collect();
        if shapes.get(&shape).is_some_and(|&n| n >= TRIES_PER_SHAPE)
            || !seen.insert(structural_hash(new.as_node()))
        {
            continue;
        }
        *shapes.entry(shape).or_insert(0) += 1;
        let Some(candidate) = r.with_replaced(path, new) else { break };
        let (kept, ran) = r.try_fresh(candidate);
        if kept {
            return true;
        }
        if ran {
            fresh += 1;
            idle = 0;
        }
    }
    r.exhausted.insert(memo);
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reduce::testing::{one_pass, one_pass_verdict};

    #[test]
    fn lower_constructor_turns_some_into_none_and_err_into_ok() {
        // Option in a tuple; Result in a list: two unrelated types.
        let got = one_pass(|p: &(Option<u32>, u8)| p.1 < 3, (Some(1), 7), lower_constructor);
        assert_eq!(got, (None, 7));
        let got =
            one_pass(|v: &Vec<Result<u8, u8>>| v.len() < 2, vec![Err(4), Ok(1)], lower_constructor);
        assert_eq!(got.iter().filter(|x| x.is_err()).count(), 0, "{got:?}");
        assert_eq!(got[0], Ok(4), "the child reused");
    }

    #[test]
    fn lower_constructor_moves_a_leaf_back_into_the_valid_inputs() {
        use crate::property::Verdict;
        // A default of 3 for the first field; valid while `t * first <= 60_000`; fails when
        // `t * (first + 1)` passes it, so `None` needs `t` in `15001..=20000`.
        fn wait(p: &(Option<u8>, u32)) -> Verdict {
            let first = u64::from(p.0.unwrap_or(3));
            let t = u64::from(p.1);
            Verdict::implies(t * first <= 60_000, t * (first + 1) <= 60_000)
        }
        let got = one_pass_verdict(wait, (Some(0), 60_001), lower_constructor);
        assert!(got.0.is_none() && (15_001..=20_000).contains(&got.1), "{got:?}");
        // The same with a list's length for the first field (an empty list meaning 3), in a
        // signed type.
        fn per_item(v: &(Vec<bool>, i16)) -> Verdict {
            let n = if v.0.is_empty() { 3 } else { v.0.len() as i32 };
            let t = i32::from(v.1);
            Verdict::implies(t * n <= 600, t * (n + 1) <= 600)
        }
        let got = one_pass_verdict(per_item, (vec![true], 400), lower_constructor);
        assert!(got.0.is_empty() && (151..=200).contains(&got.1), "{got:?}");
    }

    #[test]
    fn lower_constructor_nudges_a_lowering_that_passes_back_into_the_failures() {
        // `Err` always fails; `Ok` only with two different numbers: `Ok((0, 0))`, the
        // lowering with its child reused, passes, and a nudged leaf makes it fail.
        let prop = |v: &Result<(u8, u8), (u8, u8)>| matches!(v, Ok((a, b)) if a == b);
        assert_eq!(one_pass(prop, Err((0, 0)), lower_constructor), Ok((0, 1)));
        // `Ok(2)` fails: the lowering's freshly drawn child is nudged to it.
        let prop = |v: &Vec<Result<u16, char>>| v.is_empty() || matches!(v[..], [Ok(k)] if k != 2);
        assert_eq!(one_pass(prop, vec![Err('z')], lower_constructor), vec![Ok(2)]);
    }

    #[test]
    fn lower_constructor_spends_a_bounded_number_of_nudges() {
        thread_local! {
            static CALLS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
        }
        // Thirty errors fail, and nothing less: every lowering (a cell to the empty list, an
        // `Err` to an `Ok` with the same triple) passes, and each `Ok` asks for six nudges.
        type Item = Result<(u8, u8, u8), (u8, u8, u8)>;
        let prop = |v: &Vec<Item>| {
            CALLS.with(|c| c.set(c.get() + 1));
            v.len() != 30 || v.iter().any(Result::is_ok)
        };
        let start: Vec<Item> = vec![Err((0, 0, 0)); 30];
        assert_eq!(one_pass(prop, start.clone(), lower_constructor), start);
        let calls = CALLS.with(|c| c.get());
        assert!(calls <= 1 + 48 + 48, "{calls} calls: lowerings, then at most 48 nudges");
    }

    #[test]
    fn lower_in_context_lowers_a_constructor_that_still_fails() {
        let prop = |p: &(Result<u8, u8>, Option<u8>)| p.1.is_none();
        assert_eq!(one_pass(prop, (Err(3), Some(1)), lower_in_context), (Ok(3), Some(1)));
        let prop = |p: &(Option<u8>, Result<bool, bool>)| p.0.is_none();
        assert_eq!(one_pass(prop, (Some(2), Err(true)), lower_in_context), (Some(2), Ok(true)));
    }

    #[test]
    fn hypothesis_keeps_the_deepest_failing_link() {
        let got = one_pass(|v: &Vec<u8>| !v.contains(&7), vec![1, 2, 7, 3, 4], hypothesis);
        assert_eq!(got, vec![7, 3, 4]);
        let got = one_pass(
            |v: &Vec<Vec<u8>>| v.iter().flatten().sum::<u8>() < 5,
            vec![vec![1], vec![2], vec![9]],
            hypothesis,
        );
        assert_eq!(got, vec![vec![9]]);
    }

    #[test]
    fn hoist_lifts_a_sub_value_of_the_same_type() {
        let got = one_pass(|v: &Vec<u8>| v.len() < 2 || v[1] != 5, vec![1, 5, 2, 5, 3], hoist);
        assert_eq!(got, vec![2, 5]);
        let deque: std::collections::VecDeque<u8> = [4, 9, 1].into();
        let got = one_pass(|v: &std::collections::VecDeque<u8>| !v.contains(&9), deque, hoist);
        assert_eq!(got, std::collections::VecDeque::from([9u8]));
    }

    #[test]
    fn subvalues_leaves_a_long_tail_to_the_sequence_passes() {
        use std::collections::{BTreeMap, BTreeSet};
        thread_local! {
            static CALLS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
        }
        // Twenty entries fail, and nothing less: no candidate is kept.
        fn twenty(len: usize) -> bool {
            CALLS.with(|c| c.set(c.get() + 1));
            len < 20
        }
        fn calls<V: crate::SubTypes>(prop: fn(&V) -> bool, value: V) -> usize {
            CALLS.with(|c| c.set(0));
            one_pass(prop, value, subvalues);
            CALLS.with(|c| c.get())
        }
        // A map's entries are list cells with a key beside the value: its long tails, like a
        // list's, get no random search (a `BTreeMap` of 100 entries that had to keep 95 spent
        // 87,000 evaluations there).
        let list: Vec<(u8, u8)> = (0..20).map(|i| (i, i)).collect();
        let on_list = calls(|v: &Vec<(u8, u8)>| twenty(v.len()), list.clone());
        let map: BTreeMap<u8, u8> = list.into_iter().collect();
        let on_map = calls(|m: &BTreeMap<u8, u8>| twenty(m.len()), map);
        let on_set = calls(|s: &BTreeSet<u8>| twenty(s.len()), (0..20).collect());
        assert!(on_map <= on_list && on_set <= on_list, "{on_list} {on_map} {on_set}");
    }

    #[test]
    fn subvalues_replaces_with_a_smaller_random_value() {
        let got = one_pass(|v: &Vec<Option<u8>>| v.len() < 2, vec![Some(3); 5], subvalues);
        assert_eq!(got.len(), 2);
        let got =
            one_pass(|p: &(Vec<u8>, Vec<u8>)| p.0.is_empty(), (vec![5; 6], vec![1; 3]), subvalues);
        assert_eq!((got.0.len(), got.1.len()), (1, 0));
    }
}
