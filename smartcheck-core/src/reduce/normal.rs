//! Passes toward one normal form: among equally small counterexamples, runs should end on the
//! same one, the first in `order`. They swap, sort and rotate, changing no size.
//!
//! - `sort_lists` sorts each list of primitive leaves by simplicity, in one candidate;
//! - `sort_leaves` swaps two leaves of one type when the later one is simpler, alone or,
//!   for two leaves of one compound value, at the same places in each sibling of its type;
//! - `relabel` exchanges two values of one type everywhere they occur (or everywhere but in
//!   one role: keys renamed, not the values beside them);
//! - `swap_subtrees` swaps two disjoint sub-values of one type when the later is simpler;
//! - `swap_constructors` swaps the constructors of two nodes of one type, each keeping its
//!   children, when the later one's constructor is declared earlier;
//! - `rotate` rotates a tree node toward the right, keeping every sub-value in its
//!   depth-first place.
//!
//! Invariant: each candidate is simpler in `order` (an earlier node or leaf becomes simpler,
//! nothing before it changes), which the driver checks.
//!
//! Cost: pairs among the first `NEAR` nodes or leaves: O(NEAR²) comparisons, one candidate per
//! pair whose swap is simpler; `sort_lists` one candidate per list.

use std::any::TypeId;

use crate::index::assign_at_path;
use crate::root::Root;
use crate::subtypes::{NodeMutRef, NodeRef, SubValue};

use super::order::{compare_leaf, compare_traded, constructor_index};
use super::tree::{self, cons_parts, indexed_nodes, nested, node_at};
use super::{Reducer, NEAR};

/// Sorts the elements of each list of primitive leaves (among the first `NEAR` nodes) by
/// simplicity, in one candidate per list: `[3, 0, -1, 1]` becomes `[0, 1, -1, 3]` where the
/// order of the elements does not matter.
pub fn sort_lists(r: &mut Reducer<'_, '_>) -> bool {
    let cex = r.current.clone();
    let root = NodeRef::Value(cex.node());
    let mut progress = false;
    for (path, list) in indexed_nodes(root, NEAR) {
        let whole = matches!(list, NodeRef::Value(_));
        if !whole || !cons_parts(list).is_some_and(|(head, _)| head.is_opaque()) {
            continue;
        }
        let found = tree::leaves(list);
        let mut sorted: Vec<NodeRef<'_>> = found.iter().map(|l| l.node).collect();
        sorted.sort_by(|a, b| compare_leaf(*a, *b));
        let mut value = list.to_value();
        let placed = found.iter().zip(&sorted).all(|(leaf, new)| {
            tree::assign_leaf(value.as_node_mut(), &leaf.path, new.to_value()).is_ok()
        });
        if r.spent() {
            break;
        }
        if let Some(candidate) = r.with_replaced(&path, value).filter(|_| placed) {
            progress |= r.try_candidate(candidate);
        }
    }
    progress
}

/// `value` with the elements of each of its lists (the whole lists among its first `NEAR`
/// nodes, outermost first) in their order of simplicity (`order::compare`), once each: the
/// same elements, one order. `None` when every list is in that order already.
pub(crate) fn sorted_all(value: &Root) -> Option<Root> {
    let mut now = value.clone();
    let mut changed = false;
    let lists = indexed_nodes(NodeRef::Value(value.node()), NEAR);
    for path in lists.into_iter().filter(|(_, n)| matches!(n, NodeRef::Value(_))).map(|(p, _)| p) {
        // The list's elements, sorted, as values (read before the value changes).
        let sorted: Vec<Box<dyn SubValue>> = {
            let Some(list) = node_at(NodeRef::Value(now.node()), &path) else { continue };
            let mut heads = Vec::new();
            let mut at = list;
            while let Some((head, tail)) = cons_parts(at) {
                heads.push(head);
                at = tail;
            }
            let mut sorted = heads.clone();
            sorted.sort_by(|a, b| super::order::compare(*a, *b));
            if sorted.iter().zip(&heads).all(|(a, b)| super::order::compare(*a, *b).is_eq()) {
                continue;
            }
            sorted.into_iter().map(|head| head.to_value()).collect()
        };
        for (k, head) in sorted.into_iter().enumerate() {
            let mut cell = tree::suffix_path(&path, k);
            cell.push(0);
            assign_at_path(NodeMutRef::Value(now.node_mut()), &cell, head).ok()?;
        }
        changed = true;
    }
    changed.then_some(now)
}

/// Swaps two leaves of one type when the later one is simpler (`[1, 0]` becomes `[0, 1]`).
/// Where that alone does not fail and the two lie in one compound value with siblings of its
/// type (the fields of a pair of versions, the two subtrees of a node), the same two places
/// are swapped in each of them too: `((2, 0, 0), (10, 0, 0))` becomes `((0, 0, 2), (0, 0,
/// 10))` where versions compare at any of their three numbers. One more candidate for such
/// a pair.
pub fn sort_leaves(r: &mut Reducer<'_, '_>) -> bool {
    let cex = r.current.clone();
    let root = NodeRef::Value(cex.node());
    let found = tree::leaves(root);
    let near = &found[..found.len().min(NEAR)];
    for (i, a) in near.iter().enumerate() {
        for b in &near[i + 1..] {
            if r.spent() {
                return false;
            }
            let same_type = a.node.value_type() == b.node.value_type();
            if !same_type || compare_leaf(b.node, a.node).is_ge() {
                continue;
            }
            if r.try_leaves([(&a.path, b.node.to_value()), (&b.path, a.node.to_value())]) {
                return true;
            }
            let swapped = swapped_in_siblings(r, root, &a.path, &b.path);
            if swapped.is_some_and(|c| r.try_candidate(c)) {
                return true;
            }
        }
    }
    false
}

/// The current value (at `root`) with the leaves at `a` and `b` swapped in their nearest
/// common compound value and at the same places in each sibling of its type (children of one
/// parent, not frozen) that has leaves of that type there: `None` when there is no such
/// sibling.
fn swapped_in_siblings(
    r: &Reducer<'_, '_>,
    root: NodeRef<'_>,
    a: &tree::LeafPath,
    b: &tree::LeafPath,
) -> Option<Root> {
    let (sa, sb) = (a.strip_prefix(&[])?, b.strip_prefix(&[])?);
    let common = sa.iter().zip(&sb).take_while(|(x, y)| x == y).count();
    let parent = sa.get(..common.checked_sub(1)?)?;
    let own = node_at(root, &sa[..common])?;
    let leaf = node_at(root, &sa)?;
    let mut swaps = Vec::new();
    for (slot, child) in node_at(root, parent)?.children().iter().enumerate() {
        if child.frozen || child.node.value_type() != own.value_type() {
            continue;
        }
        let at = |rest: &[u32]| [parent, &[slot as u32], rest].concat();
        let (pa, pb) = (at(&sa[common..]), at(&sb[common..]));
        let fits = |n: NodeRef<'_>| n.is_opaque() && n.value_type() == leaf.value_type();
        let (Some(la), Some(lb)) = (node_at(root, &pa), node_at(root, &pb)) else { continue };
        if fits(la) && fits(lb) {
            swaps.push((pa, lb.to_value()));
            swaps.push((pb, la.to_value()));
        }
    }
    if swaps.len() <= 2 {
        return None;
    }
    let (paths, values): (Vec<_>, Vec<_>) = swaps.into_iter().unzip();
    r.with_all(paths.iter().map(Vec::as_slice).zip(values).collect())
}

/// Exchanges two values of one ranked leaf type, or two tags of one type, everywhere they
/// occur, when the value that occurs first is the less simple: `[1, 0, 1, 0]` becomes `[0,
/// 1, 0, 1]` where values are only labels (equal or not), and `[Deposit(B), Transfer(A, B)]`
/// becomes `[Deposit(A), Transfer(B, A)]` where accounts are. Where the two values also stand in places of another role
/// (the keys of `Set(key, value)` and its values, both `u8`), each such place is also left
/// out in turn ([`tree::parent_slot`]: the parent's constructor and the slot), so keys are
/// renamed without the values: `[Set(1, 0), Set(0, 0), Del(1)]` becomes
/// `[Set(0, 0), Set(1, 0), Del(0)]`. Pairs of the distinct values among the first `NEAR`
/// leaves, one candidate each and one per place left out (at most `PLACES`); simpler in
/// `order` by the first leaf that changes, the sum of ranks kept.
pub fn relabel(r: &mut Reducer<'_, '_>) -> bool {
    const PLACES: usize = 4;
    let cex = r.current.clone();
    let root = NodeRef::Value(cex.node());
    let found = tree::labels(root);
    let near = &found[..found.len().min(NEAR)];
    // A leaf's rank, or a tag's place among its type's constructors (a tag's type has no
    // ranks, so the two never meet).
    let rank = |n: NodeRef<'_>| match n.is_opaque() {
        true => n.type_node().leaf_rank(),
        false => Some(u64::from(constructor_index(n))),
    };
    let key = |l: &tree::Leaf<'_>| Some((l.node.value_type(), rank(l.node)?));
    let places: Vec<_> = near.iter().map(|l| tree::parent_slot(root, &l.path)).collect();
    // The first occurrence of each distinct (type, rank), in order, with its key.
    let mut firsts: Vec<((TypeId, u64), &tree::Leaf<'_>)> = Vec::new();
    for leaf in near {
        if let Some(k) = key(leaf).filter(|k| !firsts.iter().any(|(f, _)| f == k)) {
            firsts.push((k, leaf));
        }
    }
    for (i, &(ka, a)) in firsts.iter().enumerate() {
        for &(kb, b) in &firsts[i + 1..] {
            if ka.0 != kb.0 || kb.1 >= ka.1 {
                continue;
            }
            // The places either value stands in; with two or more, each is left out in turn.
            let mut held = Vec::new();
            for (leaf, place) in near.iter().zip(&places) {
                if key(leaf).is_some_and(|k| k == ka || k == kb) && !held.contains(place) {
                    held.push(*place);
                }
            }
            let left_out = held.iter().map(Some).take(if held.len() > 1 { PLACES } else { 0 });
            for skip in std::iter::once(None).chain(left_out) {
                if r.spent() {
                    return false;
                }
                let swapped = near.iter().zip(&places).filter_map(|(l, place)| {
                    if skip == Some(place) {
                        return None;
                    }
                    match key(l) {
                        Some(k) if k == ka => Some((&l.path, b.node.to_value())),
                        Some(k) if k == kb => Some((&l.path, a.node.to_value())),
                        _ => None,
                    }
                });
                if r.try_leaves(swapped) {
                    return true;
                }
            }
        }
    }
    false
}

/// Swaps two disjoint sub-values of one type when the later one is simpler (as the two trade
/// places: `order::compare_traded`): the simpler of two sub-heaps goes first, `T([1], [])`
/// becomes `T([], [1])`, and `[(1, 0), (0, 2)]` becomes `[(0, 2), (1, 0)]`.
pub fn swap_subtrees(r: &mut Reducer<'_, '_>) -> bool {
    let cex = r.current.clone();
    let nodes = indexed_nodes(NodeRef::Value(cex.node()), NEAR);
    for (i, (pa, a)) in nodes.iter().enumerate() {
        for (pb, b) in &nodes[i + 1..] {
            if r.spent() {
                return false;
            }
            if a.value_type() != b.value_type() || nested(pa, pb) || compare_traded(*b, *a).is_ge()
            {
                continue;
            }
            let Some(candidate) = r.with_all(vec![(pa, b.to_value()), (pb, a.to_value())]) else {
                continue;
            };
            if r.try_candidate(candidate) {
                return true;
            }
        }
    }
    false
}

/// `shell`'s constructor with `filling`'s children (same type, same number of children, and
/// each child of the slot's type), or `None`.
fn with_children(shell: NodeRef<'_>, filling: NodeRef<'_>) -> Option<Box<dyn SubValue>> {
    let (kids, slots) = (filling.children(), shell.children());
    if kids.len() != slots.len() || kids.iter().chain(&slots).any(|c| c.frozen) {
        return None;
    }
    let mut value = shell.to_value();
    for (k, child) in kids.iter().enumerate() {
        assign_at_path(value.as_node_mut(), &[k as u32], child.node.to_value()).ok()?;
    }
    Some(value)
}

/// Swaps the constructors of two nodes of one type, each keeping its children, when the
/// later one's is declared earlier: `B(C(A(N)))` becomes `A(C(B(N)))`, then `A(B(C(N)))`.
pub fn swap_constructors(r: &mut Reducer<'_, '_>) -> bool {
    let cex = r.current.clone();
    let nodes = indexed_nodes(NodeRef::Value(cex.node()), NEAR);
    for (i, &(ref px, x)) in nodes.iter().enumerate() {
        for &(ref py, y) in &nodes[i + 1..] {
            if r.spent() {
                return false;
            }
            if x.value_type() != y.value_type() || constructor_index(y) >= constructor_index(x) {
                continue;
            }
            // `y` is later in breadth-first order, so it may lie under `x` but not above it:
            // rebuild `y` first, then `x` around the rebuilt children.
            let Some(new_y) = with_children(x, y) else { continue };
            let Some(mut candidate) = r.with_replaced(py, new_y) else { continue };
            let new_x = node_at(NodeRef::Value(candidate.node()), px)
                .and_then(|filling| with_children(y, filling));
            let Some(new_x) = new_x else { continue };
            if assign_at_path(NodeMutRef::Value(candidate.node_mut()), px, new_x).is_err() {
                continue;
            }
            if r.try_candidate(candidate) {
                return true;
            }
        }
    }
    false
}

/// Rotates a node whose first child has its constructor, toward the right: `C(C(a, x, b), y,
/// c)` becomes `C(a, x, C(b, y, c))`, where the first and last fields are of the node's own
/// type. A rotation keeps every leaf and sub-value in its depth-first place, so a property of
/// the sequence a tree holds (a search tree's keys in order, a rope's bytes, a chain of
/// operations) still fails; of the shapes of one sequence, the right-leaning one is the
/// simplest when the constructor with fewer children is declared first, and a candidate that
/// is not simpler costs nothing. One candidate per such node among the first `NEAR`.
pub fn rotate(r: &mut Reducer<'_, '_>) -> bool {
    let cex = r.current.clone();
    for (path, node) in indexed_nodes(NodeRef::Value(cex.node()), NEAR) {
        if r.spent() {
            return false;
        }
        let Some(rotated) = rotated(node) else { continue };
        if r.with_replaced(&path, rotated).is_some_and(|c| r.try_candidate(c)) {
            return true;
        }
    }
    false
}

/// `value` with every node [`rotate`] would rotate rotated, again and again, until none is
/// left (at most `NEAR` rotations, among the first `NEAR` nodes each time): the right-leaning
/// shape of the sequence the value holds. `None` when nothing rotates.
pub(crate) fn rotated_all(value: &Root) -> Option<Root> {
    tree::placed_repeatedly(value, |node, path| Some([(path.to_vec(), rotated(node)?)]))
}

/// `value`'s mirror image: at every node whose first and last children are of its type (and
/// free to change), down from the root, those two swapped, and so in them (`None` when there
/// is no such node). A bug that shows on either side of a symmetric structure (a check made
/// at the root only) is found on the other side again by a later round, whose reduction must
/// stay out of the known class: `Node(Leaf(1), Node(Leaf(0), Leaf(1)))` and its mirror were
/// two classes in 25 of 30 runs. Recursion as deep as the value nests (a counterexample's
/// rounds run with room for that).
pub(crate) fn mirrored_all(value: &Root) -> Option<Root> {
    let mirrored = mirrored(NodeRef::Value(value.node()))?;
    Some(Root::from_boxed(mirrored))
}

/// `node` mirrored (see [`mirrored_all`]), or `None` when its ends are not of its type.
fn mirrored(node: NodeRef<'_>) -> Option<Box<dyn SubValue>> {
    let (left, right) = ends_of_own_type(node)?;
    if !matches!(node, NodeRef::Value(_)) || node.is_opaque() {
        return None;
    }
    let new_left = mirrored(right).unwrap_or_else(|| right.to_value());
    let new_right = mirrored(left).unwrap_or_else(|| left.to_value());
    with_ends(node, new_left, new_right)
}

/// A copy of `node` with `first` and `last` as its first and last children.
fn with_ends(
    node: NodeRef<'_>,
    first: Box<dyn SubValue>,
    last: Box<dyn SubValue>,
) -> Option<Box<dyn SubValue>> {
    let at = (node.children().len().checked_sub(1))? as u32;
    let mut out = node.to_value();
    assign_at_path(out.as_node_mut(), &[0], first).ok()?;
    assign_at_path(out.as_node_mut(), &[at], last).ok()?;
    Some(out)
}

/// `value` with the first and last children swapped at one node (each of its first `NEAR`
/// nodes whose two ends are of its type, in turn), lazily: the same bug one level down on
/// the other side (`Node(E, 0, Node(E, 1, Node(E, 0, E)))` beside `Node(E, 0, Node(Node(E,
/// 0, E), 1, E))`: a heap checked at the root's children only came out three classes in 30
/// of 30 runs).
pub(crate) fn swapped_one(value: &Root) -> impl Iterator<Item = Root> + '_ {
    let root = NodeRef::Value(value.node());
    let swaps: Vec<(Vec<u32>, Box<dyn SubValue>)> = indexed_nodes(root, NEAR)
        .into_iter()
        .filter_map(|(path, node)| {
            let (left, right) = ends_of_own_type(node)?;
            Some((path, with_ends(node, right.to_value(), left.to_value())?))
        })
        .collect();
    swaps.into_iter().filter_map(move |(path, swapped)| {
        let mut next = value.clone();
        assign_at_path(NodeMutRef::Value(next.node_mut()), &path, swapped).ok()?;
        Some(next)
    })
}

/// Links of a chain [`relinked_one`] moves at most: the first `CHAIN` nodes down from the root.
const CHAIN: usize = 16;

/// `value` with one link of its chain moved elsewhere in it, lazily, nearest moves first. A
/// chain is the spine down from the root of nodes that each hold exactly one child of their
/// own type (free to change), ending at a node that holds none: the calls of an API program
/// (`Push(Pop(Push(New(2), 0)), 0)`, each call holding the program before it), or a user's
/// own linked list. A link is a node with its other children; moving it changes the order of
/// the links and nothing else. What [`moved_one`](super::sequences::moved_one) is for a
/// list's elements, for a chain's links: a ring buffer's wrapped write position is reached
/// by pushes and a pop in several orders, each a shape no formula joins, and each came out a
/// class of its own. Cost: O(`CHAIN`) nodes walked; each candidate rebuilds the chain from
/// the root down to the moved span's bottom, cloning each of those links with the value under
/// it (O(`CHAIN` · n) for a value of n nodes), and O(`CHAIN`²) candidates at most, which the
/// caller runs only where one would be an instance of a known class.
pub(crate) fn relinked_one(value: &Root) -> impl Iterator<Item = Root> + '_ {
    // The chain: each link's node and the index of its child of its own type.
    let mut links: Vec<(NodeRef<'_>, u32)> = Vec::new();
    let mut at = NodeRef::Value(value.node());
    while links.len() < CHAIN {
        let value_node = matches!(at, NodeRef::Value(_)) && !at.is_opaque();
        if !value_node || at.shape() == crate::subtypes::Shape::List {
            break;
        }
        let kids = at.children();
        let mut own =
            kids.iter().enumerate().filter(|(_, c)| c.node.value_type() == at.value_type());
        let (Some((k, child)), None) = (own.next(), own.next()) else { break };
        if child.frozen {
            break;
        }
        links.push((at, k as u32));
        at = child.node;
    }
    super::sequences::nearest_moves(links.len())
        .filter_map(move |(from, to)| relinked(&links, from, to))
}

/// The chain `links` with the link at `from` moved to `to` (indices from the root down), as
/// a new root value; `None` when that changes nothing (the links it passes are alike).
fn relinked(links: &[(NodeRef<'_>, u32)], from: usize, to: usize) -> Option<Root> {
    let mut order: Vec<usize> = (0..links.len()).collect();
    let moved = order.remove(from);
    order.insert(to, moved);
    let (lo, hi) = (from.min(to), from.max(to));
    let alike = (lo..=hi).all(|k| {
        let (a, b) = (links[k].0, links[order[k]].0);
        a.constructor() == b.constructor()
            && a.children().iter().zip(b.children()).enumerate().all(|(c, (x, y))| {
                c as u32 == links[k].1 || super::order::compare(x.node, y.node).is_eq()
            })
    });
    if alike {
        return None;
    }
    // Rebuilt from the bottom of the moved span up: below it, the chain as it was.
    let (bottom, below) = links[hi];
    let mut built = bottom.children()[below as usize].node.to_value();
    for k in (0..=hi).rev() {
        let (node, own) = links[order[k]];
        let mut link = node.to_value();
        assign_at_path(link.as_node_mut(), &[own], built).ok()?;
        built = link;
    }
    Some(Root::from_boxed(built))
}

/// `node` rotated (see [`rotate`]), when its first child has its constructor and its first
/// and last children (and theirs) are of its type and free to change.
fn rotated(node: NodeRef<'_>) -> Option<Box<dyn SubValue>> {
    let value = |n: NodeRef<'_>| matches!(n, NodeRef::Value(_)) && !n.is_opaque();
    let (left, _) = ends_of_own_type(node)?;
    if left.constructor() != node.constructor() || !value(node) || !value(left) {
        return None;
    }
    let (_, middle) = ends_of_own_type(left)?;
    let last = left.children().len() - 1;
    // The node with its first child replaced by the left child's last: the new right child.
    let mut inner = node.to_value();
    assign_at_path(inner.as_node_mut(), &[0], middle.to_value()).ok()?;
    // The left child with its last child replaced by that: the new node.
    let mut outer = left.to_value();
    assign_at_path(outer.as_node_mut(), &[last as u32], inner).ok()?;
    Some(outer)
}

/// The first and last children of `n`, when it has two or more and both are of its type and
/// not frozen.
fn ends_of_own_type<'a>(n: NodeRef<'a>) -> Option<(NodeRef<'a>, NodeRef<'a>)> {
    let kids = n.children();
    let last = kids.len().checked_sub(1).filter(|&l| l > 0)?;
    let fits = |c: &crate::subtypes::Child<'_>| !c.frozen && c.node.value_type() == n.value_type();
    (fits(&kids[0]) && fits(&kids[last])).then_some((kids[0].node, kids[last].node))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reduce::testing::one_pass;

    /// Whether two versions compare as their `x.y.z` texts do: a `10` at any place sorts
    /// before a `2` there.
    fn versions_agree((a, b): &((u8, u8, u8), (u8, u8, u8))) -> bool {
        let text = |v: &(u8, u8, u8)| format!("{}.{}.{}", v.0, v.1, v.2);
        (text(a) < text(b)) == (a < b)
    }

    #[test]
    fn rotate_turns_a_left_leaning_node_to_the_right() {
        use crate::reduce::testing::Tree::{self, Leaf, Node};
        fn in_order(t: &Tree, out: &mut Vec<u8>) {
            match t {
                Leaf(x) => out.push(*x),
                Node(a, x, b) => {
                    in_order(a, out);
                    out.push(*x);
                    in_order(b, out);
                }
                Tree::Arr(v) => v.iter().for_each(|t| in_order(t, out)),
            }
        }
        fn sequence(t: &Tree) -> Vec<u8> {
            let mut out = Vec::new();
            in_order(t, &mut out);
            out
        }
        let node = |a, x, b| Node(Box::new(a), x, Box::new(b));
        // A property of the sequence the tree holds, not of its shape.
        let prop = |t: &Tree| sequence(t) != [1, 2, 3, 4, 5];
        let left = node(node(Leaf(1), 2, Leaf(3)), 4, Leaf(5));
        let right = node(Leaf(1), 2, node(Leaf(3), 4, Leaf(5)));
        assert_eq!(one_pass(prop, left.clone(), rotate), right);
        let prop = |p: &(bool, Tree)| !p.0 || sequence(&p.1) != [1, 2, 3, 4, 5];
        assert_eq!(one_pass(prop, (true, left), rotate), (true, right));
    }

    #[test]
    fn sort_leaves_swaps_the_same_places_in_siblings_of_one_type() {
        // Swapping within the first version alone makes the two agree again.
        let got = one_pass(versions_agree, ((2, 0, 0), (10, 0, 0)), sort_leaves);
        assert_eq!(got, ((0, 0, 2), (0, 0, 10)));
        // Elements of an array: two pairs that fail with 5 and 7 at either place of both.
        let prop =
            |v: &[(i32, i32); 2]| !((v[0].0 == 5 && v[1].0 == 7) || (v[0].1 == 5 && v[1].1 == 7));
        let got = one_pass(prop, [(5, 0), (7, 0)], sort_leaves);
        assert_eq!(got, [(0, 5), (0, 7)]);
        // Alone where alone fails: no sibling is touched.
        assert_eq!(one_pass(|p: &(u8, u8)| p.0 != 0 && p.1 != 0, (1, 0), sort_leaves), (0, 1));
    }

    #[test]
    fn relabel_exchanges_two_values_everywhere() {
        let runs = |v: &Vec<i32>| {
            let mut d = v.clone();
            d.dedup();
            d.len() <= 3
        };
        assert_eq!(one_pass(runs, vec![1, 0, 1, 0], relabel), vec![0, 1, 0, 1]);
        let pairs = |p: &(char, char, bool)| p.0 == p.1;
        assert_eq!(one_pass(pairs, ('b', 'a', true), relabel), ('a', 'b', true));
    }

    #[test]
    fn relabel_renames_labels_without_the_data_beside_them() {
        // The keys of three pairs: the first and last equal, the middle one apart. Renamed
        // everywhere, the values would rise from 0 to 1.
        let keys = |v: &Vec<(u8, u8)>| !(v.len() == 3 && v[0].0 == v[2].0 && v[0].0 != v[1].0);
        let got = one_pass(keys, vec![(1, 0), (0, 0), (1, 0)], relabel);
        assert_eq!(got, vec![(0, 0), (1, 0), (0, 0)]);
        // A list of labels beside a count of one type that must stay 0.
        let labels = |p: &(Vec<u16>, u16)| {
            !(p.1 == 0 && p.0.len() == 3 && p.0[0] == p.0[2] && p.0[0] != p.0[1])
        };
        assert_eq!(one_pass(labels, (vec![1, 0, 1], 0), relabel), (vec![0, 1, 0], 0));
    }

    #[test]
    fn sort_lists_sorts_by_simplicity() {
        let got = one_pass(|v: &Vec<i32>| v.len() < 4, vec![3, 0, -1, 1], sort_lists);
        assert_eq!(got, vec![0, 1, -1, 3]);
        let got = one_pass(
            |p: &(bool, Vec<char>)| p.1.len() < 3,
            (true, vec!['Z', 'b', '0']),
            sort_lists,
        );
        assert_eq!(got.1, vec!['b', '0', 'Z']);
    }

    #[test]
    fn sort_leaves_puts_the_simpler_first() {
        let got = one_pass(|p: &(u8, u8)| p.0 == p.1, (1, 0), sort_leaves);
        assert_eq!(got, (0, 1));
        let got = one_pass(
            |p: &(String, Option<String>)| p.1.is_none(),
            ("ab".into(), Some("a".into())),
            sort_leaves,
        );
        assert_eq!(got, ("a".to_string(), Some("ab".to_string())));
    }

    #[test]
    fn swap_subtrees_puts_the_simpler_first() {
        let prop = |p: &(Vec<u8>, Vec<u8>)| p.0.is_empty() && p.1.is_empty();
        let got = one_pass(prop, (vec![0], vec![]), swap_subtrees);
        assert_eq!(got, (vec![], vec![0]));
        let prop = |p: &(Option<bool>, Option<bool>)| p.0.is_none() && p.1.is_none();
        assert_eq!(one_pass(prop, (Some(true), None), swap_subtrees), (None, Some(true)));
    }

    #[test]
    fn swap_constructors_keeps_children() {
        type P = (Result<u8, u8>, Result<u8, u8>);
        let prop = |p: &P| p.0.is_ok() == p.1.is_ok();
        let got = one_pass(prop, (Err(1), Ok(2)), swap_constructors);
        assert_eq!(got, (Ok(1), Err(2)));
        type Q = Vec<Result<bool, bool>>;
        let prop = |v: &Q| v.iter().filter(|x| x.is_err()).count() != 1;
        assert_eq!(
            one_pass(prop, vec![Err(true), Ok(false)], swap_constructors),
            vec![Ok(true), Err(false)]
        );
    }
}
