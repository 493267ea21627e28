//! The order of simplicity reduction descends (beyond the paper, whose §4 only asks for
//! smaller sizes): one order, written once, that every pass obeys.
//!
//! A value `a` is *simpler* than `b` when, in this order of precedence:
//! 1. **Fewer constructors**: `a.size() < b.size()` (non-opaque nodes, as the paper counts).
//! 2. **Earlier constructors**, at equal size: the constructors in breadth-first order,
//!    compared one by one by their index in their type's declaration, so `None` comes before
//!    `Some`, `Ok` before `Err`, `[]` before a cons cell, a variant before later ones.
//! 3. **Closer to simplest in all**, at equal constructors: the sum of the leaves'
//!    ranks (`leaf_rank`, a leaf's distance from its type's simplest value) is smaller, so
//!    `(2, 1, 28)` is simpler than `(1, 1, 59)`: one leaf may grow when others fall by more.
//! 4. **Simpler leaves**, at equal constructors and sum: the primitive leaves in depth-first
//!    order, compared one by one in their type's own order ([`SubTypes::cmp_simplicity`]):
//!    integers by magnitude, 0 first, positive before negative (`0, 1, -1, 2, -2, ...`;
//!    `leaf_rank`); chars `'a'..='z'`, then `'0'..='9'`, then `'A'..='Z'`, then by code
//!    point; `bool` false first; strings by length, then char by char; floats 0.0 first, then
//!    integral values by magnitude, then other finite values by magnitude, then infinities,
//!    then NaN. Collections are lists, so they compare by length (their cons cells) and then
//!    element by element through 2 to 4.
//!
//! [`SubTypes::cmp_simplicity`]: crate::SubTypes::cmp_simplicity
//!
//! Invariant and termination: the driver accepts a candidate only when [`compare`] puts it
//! strictly below the current value. The order is well-founded: sizes are natural numbers; at
//! one size there are finitely many constructor sequences (each index below its type's
//! constructor count), and they fix the shape, hence the number of leaves; a sum of ranks is
//! a natural number; leaves compare lexicographically in orders that are themselves
//! well-founded (ranks are natural numbers, strings compare by length first, floats are
//! finitely many). A lexicographic product of finitely many well-founded orders is
//! well-founded, so no run of accepted candidates is infinite, whatever the passes do:
//! reduction always terminates, budget or not.
//!
//! Cost: [`compare`] walks both values at most four times (sizes, constructors, rank sums, leaves),
//! stopping at the first difference: O(n) in their nodes, no allocation per node but the walk's
//! queue.

use std::cmp::Ordering;

use crate::index::Bfs;
use crate::subtypes::NodeRef;

/// Where `a` stands against `b` in the order of simplicity (`Less`: `a` is simpler). Both
/// must be of one type.
///
/// ```
/// use smartcheck_core::reduce::order::compare;
/// use smartcheck_core::{NodeRef, SubTypes};
/// let cmp = |a: &(Option<i32>, i32), b: &(Option<i32>, i32)| {
///     compare(NodeRef::Value(a.node()), NodeRef::Value(b.node()))
/// };
/// assert!(cmp(&(None, 5), &(Some(0), 0)).is_lt()); // None before Some, whatever the leaves
/// assert!(cmp(&(None, 1), &(None, -1)).is_lt()); // positive before negative
/// assert!(cmp(&(None, -1), &(None, 2)).is_lt()); // smaller magnitude first
/// ```
pub fn compare(a: NodeRef<'_>, b: NodeRef<'_>) -> Ordering {
    a.size()
        .cmp(&b.size())
        .then_with(|| constructors(a).cmp(constructors(b)))
        .then_with(|| rank_sum(a).cmp(&rank_sum(b)))
        .then_with(|| compare_leaves(a, b))
}

/// [`compare`] for two sub-values of one value that would trade places: the value's sum of
/// ranks is the same either way, so it is left out. `(0, 2)` before `(1, 0)` makes the
/// simpler value, though `(1, 0)` alone has the smaller sum.
pub(super) fn compare_traded(a: NodeRef<'_>, b: NodeRef<'_>) -> Ordering {
    a.size()
        .cmp(&b.size())
        .then_with(|| constructors(a).cmp(constructors(b)))
        .then_with(|| compare_leaves(a, b))
}

/// True when `a` is strictly simpler than `b`.
pub fn simpler(a: NodeRef<'_>, b: NodeRef<'_>) -> bool {
    compare(a, b) == Ordering::Less
}

/// What [`compare`] reads of a value before its leaves (its size, its constructors, its sum
/// of ranks), each worked out the first time it is asked for and then kept: the reducer
/// compares every candidate against one current value, whose side need not be walked
/// again for each.
#[derive(Default)]
pub(super) struct Profile {
    size: Option<usize>,
    constructors: Option<Vec<u32>>,
    rank_sum: Option<u128>,
}

impl Profile {
    /// [`compare`]`(a, b)`, where this is `b`'s profile (empty, or filled from `b` alone).
    pub(super) fn compare(&mut self, a: NodeRef<'_>, b: NodeRef<'_>) -> Ordering {
        a.size()
            .cmp(self.size.get_or_insert_with(|| b.size()))
            .then_with(|| {
                let theirs = self.constructors.get_or_insert_with(|| constructors(b).collect());
                constructors(a).cmp(theirs.iter().copied())
            })
            .then_with(|| rank_sum(a).cmp(self.rank_sum.get_or_insert_with(|| rank_sum(b))))
            .then_with(|| compare_leaves(a, b))
    }
}

/// A value with what [`compare`] reads of it before its leaves (its size, its constructors,
/// its sum of ranks) worked out at once: sorting values compares each with many others, and
/// [`compare`] would walk both sides again each time.
pub(crate) struct Profiled<'a> {
    node: NodeRef<'a>,
    size: usize,
    constructors: Vec<u32>,
    rank_sum: u128,
}

impl<'a> Profiled<'a> {
    /// The value at `node`, profiled.
    pub(crate) fn new(node: NodeRef<'a>) -> Self {
        let (size, rank_sum) = (node.size(), rank_sum(node));
        Profiled { node, size, constructors: constructors(node).collect(), rank_sum }
    }

    /// [`compare`] of the two values.
    pub(crate) fn compare(&self, other: &Profiled<'_>) -> Ordering {
        self.size
            .cmp(&other.size)
            .then_with(|| self.constructors.cmp(&other.constructors))
            .then_with(|| self.rank_sum.cmp(&other.rank_sum))
            .then_with(|| compare_leaves(self.node, other.node))
    }
}

/// The constructor indexes of the value at `root`, breadth-first.
fn constructors(root: NodeRef<'_>) -> impl Iterator<Item = u32> + '_ {
    Bfs::new(root).filter(|v| !v.node.is_opaque()).map(|v| constructor_index(v.node))
}

/// The sum of the ranks of the leaves under `root`. A leaf without a rank counts as one past
/// every rank: values compared have one shape, so strings and floats count alike on both
/// sides, and an `i64::MIN` (whose rank would not fit) counts as the furthest integer.
pub fn rank_sum(root: NodeRef<'_>) -> u128 {
    let rank = |l: NodeRef<'_>| l.type_node().leaf_rank().map_or(1 << 64, u128::from);
    Leaves::new(root).map(rank).sum()
}

/// Compares the leaves of two values of one shape, depth-first, in their types' orders.
fn compare_leaves(a: NodeRef<'_>, b: NodeRef<'_>) -> Ordering {
    if a.is_opaque() && b.is_opaque() {
        // Each its own only leaf: no walks to set up (sorting a map's string keys).
        return compare_leaf(a, b);
    }
    let (mut xs, mut ys) = (Leaves::new(a), Leaves::new(b));
    loop {
        match (xs.next(), ys.next()) {
            (Some(x), Some(y)) => match compare_leaf(x, y) {
                Ordering::Equal => continue,
                other => return other,
            },
            (None, None) => return Ordering::Equal,
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
        }
    }
}

/// Compares two leaves of one type in that type's order of simplicity.
pub fn compare_leaf(a: NodeRef<'_>, b: NodeRef<'_>) -> Ordering {
    a.type_node().node_cmp_simplicity(b.type_node())
}

/// The index of `node`'s constructor among its type's.
pub fn constructor_index(node: NodeRef<'_>) -> u32 {
    let name = node.constructor();
    let names = node.constructors();
    let same = |c: &&str| std::ptr::eq(c.as_ptr(), name.as_ptr()) && c.len() == name.len();
    names.iter().position(same).or_else(|| names.iter().position(|c| *c == name)).unwrap_or(0)
        as u32
}

/// The changeable primitive leaves of a value (opaque nodes not under a frozen field), in
/// depth-first order, without paths.
pub struct Leaves<'a> {
    stack: Vec<NodeRef<'a>>,
}

impl<'a> Leaves<'a> {
    /// The leaves under `root`.
    pub fn new(root: NodeRef<'a>) -> Self {
        Leaves { stack: vec![root] }
    }
}

impl<'a> Iterator for Leaves<'a> {
    type Item = NodeRef<'a>;

    fn next(&mut self) -> Option<NodeRef<'a>> {
        while let Some(node) = self.stack.pop() {
            if node.is_opaque() {
                return Some(node);
            }
            let children = node.children();
            self.stack.extend(children.into_iter().rev().filter(|c| !c.frozen).map(|c| c.node));
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SubTypes;

    fn cmp<T: SubTypes>(a: &T, b: &T) -> Ordering {
        compare(NodeRef::Value(a.node()), NodeRef::Value(b.node()))
    }

    #[test]
    fn fewer_constructors_come_first() {
        assert!(cmp(&vec![9, 9], &vec![0, 0, 0]).is_lt());
        assert!(cmp(&Some(Some(5u8)), &Some(None::<u8>)).is_gt());
    }

    #[test]
    fn earlier_constructors_come_first_at_equal_size() {
        assert!(cmp(&(None::<u8>, 7u8), &(Some(0u8), 0u8)).is_lt());
        assert!(cmp(&Ok::<u8, u8>(9), &Err(0)).is_lt());
    }

    #[test]
    fn integers_by_magnitude_positive_first() {
        let ranked = [0i32, 1, -1, 2, -2, 100, -100, i32::MAX, i32::MIN];
        assert!(cmp(&i64::MAX, &i64::MIN).is_lt(), "MIN has no rank, still an order");
        assert!(cmp(&(i64::MIN / 2), &i64::MIN).is_lt());
        for w in ranked.windows(2) {
            assert!(cmp(&w[0], &w[1]).is_lt(), "{} before {}", w[0], w[1]);
        }
        assert!(cmp(&(0u8, 200u8), &(0u8, 201u8)).is_lt());
        assert!(cmp(&(1u8, 0u8), &(0u8, 1u8)).is_gt(), "at equal sums, leaves depth-first");
    }

    #[test]
    fn a_smaller_sum_of_ranks_comes_first() {
        // One leaf may grow when another falls by more, in any types.
        assert!(cmp(&(2u8, 1u8, 28u16), &(1u8, 1u8, 59u16)).is_lt());
        assert!(cmp(&(0u8, 200u8), &(1u8, 0u8)).is_gt());
        assert!(cmp(&vec![-1i64, 5], &vec![0i64, 12]).is_lt());
        assert!(cmp(&(Some('b'), 'a'), &(Some('a'), 'c')).is_lt());
    }

    #[test]
    fn chars_strings_and_floats_in_their_orders() {
        for w in ['a', 'z', '0', '9', 'A', 'Z', ' ', '~', 'é'].windows(2) {
            assert!(cmp(&w[0], &w[1]).is_lt(), "{:?} before {:?}", w[0], w[1]);
        }
        let strings = ["", "a", "b", "0", "aa", "ab", "ba", "aaa"].map(String::from);
        for w in strings.windows(2) {
            assert!(cmp(&w[0], &w[1]).is_lt(), "{:?} before {:?}", w[0], w[1]);
        }
        let floats = [0.0, 1.0, -1.0, 2.0, 0.5, -0.5, 1.5, f64::INFINITY, f64::NAN];
        for w in floats.windows(2) {
            assert!(cmp(&w[0], &w[1]).is_lt(), "{} before {}", w[0], w[1]);
        }
    }

    #[test]
    fn a_profile_compares_as_the_order_does() {
        let values: Vec<(Option<i32>, Vec<i8>)> = vec![
            (None, vec![]),
            (None, vec![0]),
            (Some(0), vec![]),
            (Some(-1), vec![1]),
            (Some(1), vec![-1]),
            (Some(1), vec![1, 0]),
            (Some(2), vec![0, 0]),
            (None, vec![3, -3, 0]),
        ];
        for b in &values {
            let mut profile = Profile::default();
            for a in &values {
                let (a, b) = (NodeRef::Value(a.node()), NodeRef::Value(b.node()));
                assert_eq!(profile.compare(a, b), compare(a, b), "{a:?} against {b:?}");
            }
        }
    }

    #[test]
    fn profiled_values_compare_as_the_order_does() {
        let values: Vec<(Option<i32>, Vec<i8>)> = vec![
            (None, vec![]),
            (Some(-1), vec![1]),
            (Some(1), vec![-1]),
            (Some(1), vec![1, 0]),
            (None, vec![3, -3, 0]),
        ];
        let strings = ["", "b", "a", "0", "ab"].map(String::from);
        for (a, b) in values.iter().flat_map(|a| values.iter().map(move |b| (a, b))) {
            let (a, b) = (NodeRef::Value(a.node()), NodeRef::Value(b.node()));
            assert_eq!(Profiled::new(a).compare(&Profiled::new(b)), compare(a, b));
        }
        for (a, b) in strings.iter().flat_map(|a| strings.iter().map(move |b| (a, b))) {
            let (a, b) = (NodeRef::Value(a.node()), NodeRef::Value(b.node()));
            assert_eq!(Profiled::new(a).compare(&Profiled::new(b)), compare(a, b));
        }
    }

    #[test]
    fn equal_values_compare_equal() {
        assert_eq!(
            cmp(&vec![Some("ab".to_string())], &vec![Some("ab".to_string())]),
            Ordering::Equal
        );
    }
}
