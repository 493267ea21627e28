//! Precondition strengthening (paper §5.3, Figure 9): what makes a failure an instance of an
//! earlier class of counterexample.
//!
//! After each round, discovery runs again with "is no instance of an earlier class" added to
//! the precondition, so one run reports every distinct class of counterexample. A class is a
//! failure signature (panic location, `Err` variant, or `false`) and a shape: the earlier
//! counterexample's constructors, its generalized sub-values (universal and existential) as
//! wildcards. A failing candidate is an instance when it fails with the class's signature and
//! it, or any sub-value of its own type (a list suffix, a value one level deeper), has the
//! class's shape: a value that contains a known counterexample fails because of it. Two bugs
//! behind one shape stay apart, as their signatures differ.
//!
//! Invariant: shapes are compared in place, on the values' nodes: nothing is cloned or built.
//! Cost: O(n) per class for a candidate of n constructors (at most [`CONTAINED_CHECKS`]
//! sub-values are compared, each in O(size of the class's value)).

use std::collections::VecDeque;

use smallvec::SmallVec;

use crate::property::Failure;
use crate::report::Counterexample;
use crate::subtypes::{NodeRef, SubTypes};
use crate::Bfs;

/// True when `a` has the shape of `b` with `b`'s sub-values at `generalized` (breadth-first
/// indexes) taken as wildcards (the paper's `matchesShape`).
///
/// ```
/// use smartcheck_core::strengthen::matches_shape;
/// let a: Vec<Option<u8>> = vec![Some(1), None];
/// assert!(matches_shape(&a, &vec![Some(9), None], &[]));
/// assert!(!matches_shape(&a, &vec![None, None], &[]));
/// assert!(matches_shape(&a, &vec![None, None], &[1]));
/// ```
pub fn matches_shape<T: SubTypes>(a: &T, b: &T, generalized: &[usize]) -> bool {
    a.constructor() == b.constructor()
        && nodes_match(NodeRef::Value(a.node()), NodeRef::Value(b.node()), generalized)
}

/// The indexed children of `node`: what [`Bfs`] walks into.
fn indexed_children(node: NodeRef<'_>) -> SmallVec<[NodeRef<'_>; 4]> {
    if node.is_opaque() {
        return SmallVec::new();
    }
    node.children()
        .into_iter()
        .filter(|c| !c.frozen && !c.node.is_opaque())
        .map(|c| c.node)
        .collect()
}

/// [`matches_shape`] on nodes: walks both trees breadth-first in step, numbering `b`'s nodes
/// as [`Bfs`] does; under a wildcard of `b`, anything in `a` matches.
fn nodes_match(a: NodeRef<'_>, b: NodeRef<'_>, wildcards: &[usize]) -> bool {
    let mut queue = VecDeque::from([(Some(a), b)]);
    let mut index = 0usize;
    while let Some((a, b)) = queue.pop_front() {
        let a = a.filter(|_| !wildcards.contains(&index));
        index += 1;
        let b_children = indexed_children(b);
        let Some(a) = a else {
            queue.extend(b_children.into_iter().map(|c| (None, c)));
            continue;
        };
        let a_children = indexed_children(a);
        if a.constructor() != b.constructor() || a_children.len() != b_children.len() {
            return false;
        }
        queue.extend(a_children.into_iter().map(Some).zip(b_children));
    }
    true
}

/// How many same-typed sub-values of a candidate are compared with an earlier class.
pub const CONTAINED_CHECKS: usize = 10_000;

/// An earlier class of counterexample: its value, its generalized indexes, its failure.
pub(crate) struct Class<T> {
    value: T,
    wildcards: Vec<usize>,
    signature: String,
}

impl<T: SubTypes> Class<T> {
    /// The class of a reported counterexample.
    pub(crate) fn of(cex: &Counterexample<T>) -> Self {
        let wildcards = cex
            .generalization
            .as_ref()
            .map(|g| g.universal.iter().chain(&g.existential).copied().collect())
            .unwrap_or_default();
        Class { value: cex.value.clone(), wildcards, signature: cex.failure.signature() }
    }

    /// True when a candidate that failed with `signature` is an instance of this class: it, or
    /// one of its sub-values of the root's type, has this class's shape.
    pub(crate) fn covers(&self, candidate: &T, signature: &str) -> bool {
        if signature != self.signature {
            return false;
        }
        let root = NodeRef::Value(candidate.node());
        let shape = NodeRef::Value(self.value.node());
        let (ty, constructor) = (root.value_type(), shape.constructor());
        let exact_size = self.wildcards.is_empty().then(|| self.value.size());
        Bfs::new(root)
            .filter(|v| v.node.value_type() == ty && v.node.constructor() == constructor)
            .filter(|v| exact_size.is_none_or(|n| v.node.size_up_to(n + 1) == n))
            .take(CONTAINED_CHECKS)
            .any(|v| nodes_match(v.node, shape, &self.wildcards))
    }
}

/// The earlier class (its position in `classes`) that a failing `candidate` is an instance of.
pub(crate) fn known_class<T: SubTypes>(
    classes: &[Class<T>],
    candidate: &T,
    failure: &Failure,
) -> Option<usize> {
    if classes.is_empty() {
        return None;
    }
    let signature = failure.signature();
    classes.iter().position(|c| c.covers(candidate, &signature))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn class<T: SubTypes>(value: T, signature: &str, wildcards: &[usize]) -> Class<T> {
        Class { value, wildcards: wildcards.to_vec(), signature: signature.to_string() }
    }

    #[test]
    fn a_list_holding_a_known_counterexample_in_a_suffix_is_an_instance() {
        let known = class(vec![Some(200u8)], "false", &[]);
        assert!(known.covers(&vec![Some(200)], "false"));
        assert!(known.covers(&vec![None, Some(7)], "false"), "a suffix holds [Some(_)]");
        assert!(!known.covers(&vec![None, Some(7)], "panic at a.rs:1:1"), "another bug");
        assert!(!known.covers(&vec![Some(7), None], "false"), "no suffix is [Some(_)]");
        assert!(!known.covers(&vec![], "false"));
        let general = class(vec![Some(200u8)], "false", &[2]);
        assert!(general.covers(&vec![Some(7), None], "false"), "the tail is a wildcard");
    }

    #[test]
    fn a_value_of_the_known_shape_is_an_instance_whatever_its_numbers() {
        type Tree = Result<u8, Box<(Option<u8>, Option<u8>)>>;
        let leaf = |n| Err(Box::new((Some(n), None)));
        let known: Class<Tree> = class(leaf(1), "err X", &[]);
        assert!(known.covers(&leaf(9), "err X"), "numbers are opaque leaves");
        assert!(!known.covers(&Err(Box::new((None, None))), "err X"));
        assert!(!known.covers(&Ok(1), "err X"));
        let wild: Class<Tree> = class(leaf(1), "err X", &[1]);
        assert!(wild.covers(&Err(Box::new((None, None))), "err X"), "index 1 is a wildcard");
    }

    #[test]
    fn paper_examples_of_matches_shape() {
        // e0 = Div (C 1) (C 2) etc., with Result standing in for a two-constructor type.
        type E = (Result<u8, (u8, u8)>, Result<u8, u8>);
        let e0: E = (Ok(1), Ok(2));
        let e1: E = (Ok(1), Ok(3));
        let e2: E = (Err((1, 2)), Ok(7));
        let e3: E = (Err((8, 2)), Ok(7));
        assert!(matches_shape(&e0, &e1, &[]));
        assert!(!matches_shape(&e1, &e2, &[]));
        assert!(matches_shape(&e1, &e2, &[1]));
        assert!(matches_shape(&e3, &e2, &[1]));
    }
}
