//! Precondition strengthening (paper §5.3, Figure 9): what makes a failure an instance of an
//! earlier class of counterexample.
//!
//! After each round, discovery runs again with "is no instance of an earlier class" added to
//! the precondition, so one run reports every distinct class of counterexample. A class is a
//! failure signature (panic location, `Err` variant, or `false`) and a shape: the earlier
//! counterexample's constructors, its generalized sub-values (universal and existential) as
//! wildcards. A failing candidate is an instance when it fails with the class's signature and
//! holds the class's shape anywhere: with other constructors around it or between its parts
//! (the homeomorphic embedding of term rewriting), so a list holding the known elements among
//! others, a struct holding such a list, a program with other calls between the known ones,
//! an expression one level deeper are all instances. Wrappers at the class's root that only
//! hold one sub-value of another type (a statement holding an expression) are dropped first:
//! an assignment of the failing expression is the same bug as its print. A value that
//! contains a known counterexample fails because of it. Two bugs behind one shape stay apart,
//! as their signatures differ; and float leaves keep their kind (NaN, infinite, finite): a
//! candidate whose matching leaf is of another kind is new, the same shape or not. (A NaN
//! elsewhere in the candidate, outside the embedded shape, is not looked at: requiring it to
//! be in the class too made the reducer keep harmless NaNs to escape the known class.)
//!
//! A class also sees its formula's values. A candidate that has the shape from the root
//! (variables aside: not deeper, nor with more around it) with another value at one of the
//! formula's literal leaves (a leaf no variable covers) is an instance only when the class's
//! counterexample with the candidate's values there fails the same way: beside `(0, 128)`'s class, `forall x0: (x0, 128)` (a second byte of 128 or
//! more fails), `(3, 200)` is an instance, as `(0, 200)` fails, and `(7, 5)` is not, as
//! `(0, 5)` passes: it is another bug of the same shape and failure (a first byte of 7),
//! which the paper's class took in (two bugs that both return `false` on one shape were one
//! class, the second never reported). One run a distinct set of values, remembered. A bug
//! past a threshold or over a sum, which a formula shows as literals, is one class all the
//! same: the rounds loop reduces such a find's values in the open and merges it where it
//! lands in the class (`rounds::in_the_open`).
//!
//! Beyond the paper, which matches shapes at the root only: a class of one bug reported once
//! per place it can hide was the most common complaint on real code (issue 11). Likewise a
//! bug in the sequence a tree holds fails in every shape of the tree: a counterexample of a
//! later round whose right-leaning shape (`reduce::normal::rotated_all`) fails as an instance
//! of an earlier class is another shape of that class's bug, excluded from then on with it
//! (`Known::with_shapes`) and not reported (see `rounds.rs`).
//!
//! Tags (fieldless variants) and other sub-values that the formula relates are matched as the
//! formula says, not as the counterexample holds them: after `(Money(0, Eur), Money(1, Usd))`
//! generalized to `with x1 != x2`, a candidate with that shape at its root and any two
//! currencies that differ is an instance, and one whose currencies are equal is not (a
//! repeated tag variable likewise asks for two equal tags). This is checked at the root only,
//! where the tags are at the formula's paths.
//!
//! Invariant: nothing of a candidate is cloned (but related tags, compared as values); its
//! nodes are listed once for all the classes asked about it (their types and constructors),
//! a class's own once when it is made.
//! Cost: O(c × n) per class for a class of c nodes and a candidate of n, in a table of at most
//! [`EMBED_CELLS`] booleans; a larger candidate is compared by its sub-values of the root's
//! type only (at most [`CONTAINED_CHECKS`], each in O(c)).

use std::any::TypeId;
use std::cell::{Cell, RefCell};
use std::collections::{HashMap, VecDeque};
use std::hash::BuildHasherDefault;

use smallvec::SmallVec;

use crate::generalize::{RelatedTags, Relation};
use crate::index::replace_at_path;
use crate::property::{run_erased, Failure, Outcome, RootProperty};
use crate::reduce::order::compare;
use crate::reduce::tree::{list_len_up_to, structural_hash, suffix_path};
use crate::reduce::{node_at, FastHasher};
use crate::report::Counterexample;
use crate::root::{node_of, Root};
use crate::subtypes::{NodeMutRef, NodeRef, Shape, SubTypes, SubValue};
use crate::tester::within_constraints;
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
        && nodes_match(NodeRef::Value(a.node()), NodeRef::Value(b.node()), generalized, &[])
}

/// The constructors listed for breadth-first `index` in `lists`, if any: those an
/// interchangeable place may have besides its own (`k0 in {Add, Sub}`), or those a wildcard
/// over some constructors ranges over (`c0 in {Name, DotDot}`).
fn others<'a>(lists: &'a [(usize, Vec<&'static str>)], index: usize) -> &'a [&'static str] {
    lists.iter().find(|(at, _)| *at == index).map_or(&[], |(_, c)| &c[..])
}

/// The indexed children of `node`: what [`Bfs`] walks into.
fn indexed_children(node: NodeRef<'_>) -> SmallVec<[NodeRef<'_>; 4]> {
    if node.is_opaque() {
        return SmallVec::new();
    }
    node.children().into_iter().filter(|c| c.is_indexed()).map(|c| c.node).collect()
}

/// [`matches_shape`] on nodes: walks both trees breadth-first in step, numbering `b`'s nodes
/// as [`Bfs`] does; under a wildcard of `b`, anything in `a` matches; at an index of
/// `alternatives`, any of its constructors does, the children matched as ever.
fn nodes_match(
    a: NodeRef<'_>,
    b: NodeRef<'_>,
    wildcards: &[usize],
    alternatives: &[(usize, Vec<&'static str>)],
) -> bool {
    let mut queue = VecDeque::from([(Some(a), b)]);
    let mut index = 0usize;
    while let Some((a, b)) = queue.pop_front() {
        let a = a.filter(|_| !wildcards.contains(&index));
        let allowed = others(alternatives, index);
        index += 1;
        let b_children = indexed_children(b);
        let Some(a) = a else {
            queue.extend(b_children.into_iter().map(|c| (None, c)));
            continue;
        };
        let a_children = indexed_children(a);
        let same = a.constructor() == b.constructor()
            || (a.value_type() == b.value_type() && allowed.contains(&a.constructor()));
        if !same || a_children.len() != b_children.len() {
            return false;
        }
        queue.extend(a_children.into_iter().map(Some).zip(b_children));
    }
    true
}

/// How many same-typed sub-values of a candidate are compared with an earlier class when the
/// candidate is too large for the embedding table ([`EMBED_CELLS`]).
pub const CONTAINED_CHECKS: usize = 10_000;

/// The most cells (class nodes × candidate nodes) of one embedding table; past it, a candidate
/// is compared by its same-typed sub-values alone ([`CONTAINED_CHECKS`]).
pub const EMBED_CELLS: usize = 1 << 22;

/// What a float leaf is, for telling classes apart: a NaN failure and an overflow to infinity
/// are different bugs even where they share a shape and a signature.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FloatKind {
    Finite,
    Infinite,
    NaN,
}

/// The kind of `node` when it is an `f64` or `f32` leaf.
fn float_kind(node: NodeRef<'_>) -> Option<FloatKind> {
    let NodeRef::Value(value) = node else { return None };
    // Most leaves are no float: one look at the type rules them out.
    let ty = value.value_type();
    if ty != TypeId::of::<f64>() && ty != TypeId::of::<f32>() {
        return None;
    }
    let any = value.node_as_any()?;
    let x = match (any.downcast_ref::<f64>(), any.downcast_ref::<f32>()) {
        (Some(&x), _) => x,
        (None, Some(&x)) => f64::from(x),
        (None, None) => return None,
    };
    Some(match () {
        _ if x.is_nan() => FloatKind::NaN,
        _ if x.is_infinite() => FloatKind::Infinite,
        _ => FloatKind::Finite,
    })
}

/// The slot that stands for a node's own float kind (an opaque root), not a child's.
const ITSELF: u32 = u32::MAX;

/// A value's indexed nodes in breadth-first order (the numbering of [`Bfs`]), listed once so
/// that two trees can be compared node by node. A node's children are contiguous. It keeps
/// what the comparison looks at (each node's type and constructor), not the nodes: a class
/// lists its value once and keeps the list for every candidate.
#[derive(Default)]
struct Flat {
    /// For each node: its type and constructor.
    labels: Vec<(TypeId, &'static str)>,
    /// For each node: the index of its first indexed child and how many it has.
    kids: Vec<(usize, usize)>,
    /// For each node: the float leaves among its opaque children (or itself), by child slot.
    floats: Vec<Leaves<FloatKind>>,
    /// For each node: its parent's index and its child slot there (the root's is
    /// `(u32::MAX, 0)`), so that a node's path is read back without walking the value.
    links: Vec<(u32, u32)>,
}

/// A node's float leaves by child slot ([`ITSELF`] for an opaque node's own).
type Leaves<K> = SmallVec<[(u32, K); 2]>;

impl Flat {
    /// The nodes of `root`, or `None` past `limit` of them.
    fn of(root: NodeRef<'_>, limit: usize) -> Option<Self> {
        let mut flat = Flat::default();
        flat.list(root, limit, &mut Vec::new()).then_some(flat)
    }

    /// Lists the nodes of `root` in place of what the buffers held (their room kept), the
    /// nodes themselves into `nodes`: false, with the list cut short, past `limit` nodes.
    fn list<'a>(&mut self, root: NodeRef<'a>, limit: usize, nodes: &mut Vec<NodeRef<'a>>) -> bool {
        self.labels.clear();
        self.kids.clear();
        self.floats.clear();
        self.links.clear();
        nodes.clear();
        nodes.reserve(self.labels.capacity().max(1));
        nodes.push(root);
        self.links.push((u32::MAX, 0));
        let mut i = 0;
        while let Some(&node) = nodes.get(i) {
            let first = nodes.len();
            let mut floats = SmallVec::new();
            if node.is_opaque() {
                floats.extend(float_kind(node).map(|k| (ITSELF, k)));
            } else {
                for (slot, child) in node.children().iter().enumerate() {
                    if child.frozen {
                        continue;
                    }
                    if !child.node.is_opaque() {
                        nodes.push(child.node);
                        self.links.push((i as u32, slot as u32));
                    } else if let Some(kind) = float_kind(child.node) {
                        floats.push((slot as u32, kind));
                    }
                }
            }
            self.labels.push((node.value_type(), node.constructor()));
            self.kids.push((first, nodes.len() - first));
            self.floats.push(floats);
            if nodes.len() > limit {
                return false;
            }
            i += 1;
        }
        true
    }

    /// The number of nodes.
    fn len(&self) -> usize {
        self.labels.len()
    }

    fn children(&self, i: usize) -> std::ops::Range<usize> {
        let (first, n) = self.kids[i];
        first..first + n
    }

    /// The child slots from the root to node `i` ([`Bfs::path`] of the same value) as runs
    /// of one slot (`(slot, count)`): a list's tails are one run.
    fn path(&self, i: usize) -> SmallVec<[(u32, u32); 4]> {
        let mut runs: SmallVec<[(u32, u32); 4]> = SmallVec::new();
        let mut at = i;
        while let Some(&(parent, slot)) = self.links.get(at).filter(|(p, _)| *p != u32::MAX) {
            match runs.last_mut() {
                Some((last, count)) if *last == slot => *count += 1,
                _ => runs.push((slot, 1)),
            }
            at = parent as usize;
        }
        runs.reverse();
        runs
    }
}

/// True when the float leaf at child `slot` of the node at `path` is a variable of the formula
/// (one of `free_leaves`, given as child-slot paths).
fn is_free(free_leaves: &[Vec<u32>], path: &[u32], slot: u32) -> bool {
    free_leaves.iter().any(|p| match slot {
        ITSELF => p == path,
        _ => p.len() == path.len() + 1 && p.starts_with(path) && p[path.len()] == slot,
    })
}

/// The parts of a class's value that an instance must hold: which nodes are wildcards, which
/// float leaves are variables (any kind matches), and the core that must be embedded.
struct Pattern {
    flat: Flat,
    wild: Vec<bool>,
    /// For each wildcard that ranges over some constructors only (`c0 in {Name, DotDot}`):
    /// those; empty for any other node.
    only: Vec<Vec<&'static str>>,
    /// For each interchangeable node (`k0 in {Add, Sub}`, its arguments kept): the
    /// constructors it may have; empty for any other node.
    alternatives: Vec<Vec<&'static str>>,
    /// For each node: its float leaves, `None` where the leaf is a variable of the formula.
    floats: Vec<Leaves<Option<FloatKind>>>,
    /// For each node: its groups of children (positions among its indexed children) that
    /// may come in any order (`forall orders of the tuple's fields`); empty for most.
    orders: Vec<Vec<Vec<usize>>>,
    core: usize,
}

impl Pattern {
    fn of(
        value: NodeRef<'_>,
        wildcards: &[usize],
        only: &[(usize, Vec<&'static str>)],
        alternatives: &[(usize, Vec<&'static str>)],
        free_leaves: &[Vec<u32>],
        any_order: &AnyOrders,
    ) -> Self {
        let flat = Flat::of(value, usize::MAX).unwrap_or_else(|| unreachable!("no limit"));
        let wild: Vec<bool> = (0..flat.len()).map(|i| wildcards.contains(&i)).collect();
        let alternatives = (0..flat.len()).map(|i| others(alternatives, i).to_vec()).collect();
        let only = (0..flat.len()).map(|i| others(only, i).to_vec()).collect();
        let mut bfs = Bfs::new(value);
        bfs.by_ref().for_each(drop);
        let floats = (0..flat.len())
            .map(|i| {
                let path = bfs.path(i);
                let free = |slot| is_free(free_leaves, &path, slot);
                flat.floats[i].iter().map(|&(slot, k)| (slot, (!free(slot)).then_some(k))).collect()
            })
            .collect();
        let orders = (0..flat.len())
            .map(|i| {
                let groups = any_order.iter().filter(|(at, _)| *at == i);
                let node = node_at(value, &bfs.path(i));
                groups.filter_map(|(_, slots)| positions(node?, slots)).collect()
            })
            .collect();
        let mut pattern = Pattern { flat, wild, only, alternatives, floats, orders, core: 0 };
        pattern.core = pattern.core();
        pattern
    }

    /// Where the class's substance starts: below the root, through every node that only wraps
    /// one sub-value of another type (a statement holding an expression, a struct holding a
    /// list) and constrains nothing itself. A failing candidate holding the core anywhere
    /// fails because of it, whatever wraps it.
    fn core(&self) -> usize {
        let mut at = 0;
        loop {
            let kids = self.flat.children(at);
            let constrains = self.floats[at].iter().any(|(_, k)| k.is_some());
            if self.wild[at] || kids.len() != 1 || constrains {
                return at;
            }
            let child = kids.start;
            let same_type = self.flat.labels[child].0 == self.flat.labels[at].0;
            if self.wild[child] || same_type {
                return at;
            }
            at = child;
        }
    }

    /// True when the core is embedded in `candidate`: found in it with any constructors
    /// around it or between its parts (the homeomorphic embedding of term rewriting). Fills a
    /// table of class nodes × candidate nodes, children before parents.
    fn embedded_in(&self, candidate: &Flat) -> bool {
        self.table(candidate)[self.core * candidate.len()]
    }

    /// For each candidate node (in [`Flat`]'s order), whether the core is embedded in the
    /// sub-value it starts: [`embedded_in`](Self::embedded_in) at every node at once.
    fn embedded_below(&self, candidate: &Flat) -> Vec<bool> {
        let t_len = candidate.len();
        let mut table = self.table(candidate);
        table.truncate((self.core + 1) * t_len);
        table.drain(..self.core * t_len);
        table
    }

    /// The embedding table: class node `s` embedded in candidate node `t` at `s * len + t`.
    fn table(&self, candidate: &Flat) -> Vec<bool> {
        let (s_len, t_len) = (self.flat.len(), candidate.len());
        let mut table = vec![false; s_len * t_len];
        for t in (0..t_len).rev() {
            for s in (self.core..s_len).rev() {
                let dives = candidate.children(t).any(|c| table[s * t_len + c]);
                table[s * t_len + t] = dives || self.couples(s, candidate, t, &table);
            }
        }
        table
    }

    /// True when class node `s` matches candidate node `t` itself: a wildcard (of the same
    /// type and one of its constructors, for one that ranges over some only), or the same
    /// type, constructor and float kinds, each child embedded in the matching child.
    fn couples(&self, s: usize, candidate: &Flat, t: usize, table: &[bool]) -> bool {
        if self.wild[s] {
            let ((s_type, _), (t_type, t_constructor)) = (self.flat.labels[s], candidate.labels[t]);
            return self.only[s].is_empty()
                || (s_type == t_type && self.only[s].contains(&t_constructor));
        }
        let (s_kids, t_kids) = (self.flat.children(s), candidate.children(t));
        let floats = &candidate.floats[t];
        let ((s_type, s_constructor), (t_type, t_constructor)) =
            (self.flat.labels[s], candidate.labels[t]);
        let label = s_type == t_type
            && (s_constructor == t_constructor || self.alternatives[s].contains(&t_constructor));
        let embeds = |sc: usize, tc: usize| table[sc * candidate.len() + tc];
        let kids = || s_kids.clone().zip(t_kids.clone());
        let orders = &self.orders[s];
        label
            && s_kids.len() == t_kids.len()
            && self.floats[s].len() == floats.len()
            && self.floats[s].iter().zip(floats).all(|(&(_, k), &(_, c))| k.is_none_or(|k| k == c))
            && kids()
                .enumerate()
                .filter(|(i, _)| !orders.iter().any(|g| g.contains(i)))
                .all(|(_, (sc, tc))| embeds(sc, tc))
            && orders.iter().all(|group| {
                let (sk, tk) = (s_kids.start, t_kids.start);
                perfect_matching(group.len(), |a, b| embeds(sk + group[a], tk + group[b]))
            })
    }
}

/// Groups of fields in any order: each node's breadth-first index with the child slots of
/// one group (`forall orders of ..`).
type AnyOrders = [(usize, Vec<u32>)];

/// The positions among `node`'s indexed children (as [`Flat`] lists them) of its fields at
/// `slots`; `None` when one is not indexed.
fn positions(node: NodeRef<'_>, slots: &[u32]) -> Option<Vec<usize>> {
    let children = node.children();
    let indexed: Vec<usize> =
        (0..children.len()).filter(|&slot| children[slot].is_indexed()).collect();
    slots.iter().map(|&slot| indexed.iter().position(|&i| i == slot as usize)).collect()
}

/// True when the `n` left nodes can each be paired with a distinct right node that `fits`
/// (a perfect matching, by augmenting paths: O(n³) for the few fields of one type).
fn perfect_matching(n: usize, fits: impl Fn(usize, usize) -> bool) -> bool {
    // For each right node, the left node paired with it.
    let mut paired: Vec<Option<usize>> = vec![None; n];
    fn augment(
        left: usize,
        n: usize,
        fits: &dyn Fn(usize, usize) -> bool,
        seen: &mut [bool],
        paired: &mut [Option<usize>],
    ) -> bool {
        for right in 0..n {
            if seen[right] || !fits(left, right) {
                continue;
            }
            seen[right] = true;
            let free = match paired[right] {
                None => true,
                Some(other) => augment(other, n, fits, seen, paired),
            };
            if free {
                paired[right] = Some(left);
                return true;
            }
        }
        false
    }
    (0..n).all(|left| augment(left, n, &fits, &mut vec![false; n], &mut paired))
}

/// An earlier class of counterexample: its value, its generalized indexes, its failure, and
/// the pattern an instance must hold, listed once for every candidate asked about.
pub(crate) struct Class {
    value: Root,
    wildcards: Vec<usize>,
    signature: String,
    pattern: Pattern,
    /// Pairs of tags that the formula says are equal (one repeated variable) or differ
    /// (`with x1 != x2`), whichever they are; empty for most classes, and for a class with
    /// float leaves.
    related: Vec<RelatedTags>,
    /// `wildcards` and the tags of `related`.
    loose: Vec<usize>,
    /// The interchangeable places (`k0 in {Add, Sub}`): each index with its constructors.
    alternatives: Vec<(usize, Vec<&'static str>)>,
    /// The primitive leaves the formula leaves as the counterexample has them
    /// ([`literal_leaves`]): a candidate with another value at one is an instance only when
    /// the counterexample with that value fails the same way ([`Known::class_of`]).
    literals: Vec<Literal>,
    /// True when the formula has an existential variable (`forall constructors c0: there
    /// exist arguments such that [0, ..c0(..)]`): it claims its literal fails beside some
    /// values there, not beside all.
    existential: bool,
}

impl Class {
    /// The class of a reported counterexample.
    pub(crate) fn of(cex: &Counterexample<Root>) -> Self {
        let g = cex.generalization.as_ref();
        let wildcards = g
            .map(|g| g.universal.iter().chain(&g.existential).copied().collect())
            .unwrap_or_default();
        let free_leaves: Vec<Vec<u32>> = g
            .map(|g| g.variables.iter().flat_map(|v| v.paths.clone()).collect())
            .unwrap_or_default();
        // Constructor variables over some constructors only: each index with those.
        let only: Vec<(usize, Vec<&'static str>)> = g.map_or_else(Vec::new, |g| {
            let ranged = g.existential.iter().copied().zip(g.ranges.iter().cloned());
            ranged.filter(|(_, range)| !range.is_empty()).collect()
        });
        let alternatives: Vec<(usize, Vec<&'static str>)> = g.map_or_else(Vec::new, |g| {
            g.interchangeable.iter().map(|k| (k.index, k.constructors.clone())).collect()
        });
        let any_order: Vec<(usize, Vec<u32>)> = g.map_or_else(Vec::new, |g| {
            g.any_order.iter().map(|o| (o.index, o.slots.clone())).collect()
        });
        let mut class = Class::new(
            cex.value.clone(),
            (wildcards, &only),
            alternatives,
            (&free_leaves, &any_order),
            cex.failure.signature(),
        );
        let tags = g.map_or(&[][..], |g| &g.related_tags[..]);
        if class.pattern.floats.iter().all(|f| f.is_empty()) {
            class.related = tags.to_vec();
            class.loose.extend(tags.iter().flat_map(|t| [t.tags[0].0, t.tags[1].0]));
        }
        class.literals = literal_leaves(cex);
        class.existential = g.is_some_and(|g| !g.existential.is_empty());
        class
    }

    /// The class of `value` with sub-values at `wildcards` (those in `only` of some
    /// constructors only) and the primitive leaves at `free_leaves` (child-slot paths) as
    /// variables, the nodes of `alternatives` of any of their constructors, failing with
    /// `signature`.
    fn new(
        value: Root,
        (wildcards, only): (Vec<usize>, &[(usize, Vec<&'static str>)]),
        alternatives: Vec<(usize, Vec<&'static str>)>,
        (free_leaves, any_order): (&[Vec<u32>], &AnyOrders),
        signature: String,
    ) -> Self {
        let root = NodeRef::Value(value.node());
        let pattern = Pattern::of(root, &wildcards, only, &alternatives, free_leaves, any_order);
        let loose = wildcards.clone();
        let related = Vec::new();
        let literals = Vec::new();
        let existential = false;
        Class {
            value,
            wildcards,
            signature,
            pattern,
            related,
            loose,
            alternatives,
            literals,
            existential,
        }
    }

    /// True when a node with constructor `found` may stand at the root of this class's
    /// shape, whose constructor is `own`: the same, or one the root is interchangeable with.
    fn may_start(&self, found: &str, own: &str) -> bool {
        found == own || others(&self.alternatives, 0).contains(&found)
    }

    /// The most candidate nodes this class's embedding table takes ([`EMBED_CELLS`]).
    fn limit(&self) -> usize {
        EMBED_CELLS / self.pattern.flat.len().max(1)
    }

    /// True when a candidate that failed with `signature` is an instance of this class: it
    /// holds this class's shape anywhere ([`Pattern::embedded_in`]). A candidate too large for
    /// the table is compared by its sub-values of the root's type alone.
    #[cfg(test)]
    fn covers(&self, candidate: &dyn SubValue, signature: &str) -> bool {
        let mut listed = Listed::new(candidate, Flat::default());
        signature == self.signature && self.holds(&mut listed)
    }

    /// [`covers`](Self::covers) once the signature matched, on a candidate listed at most
    /// once for all the classes asked about it.
    fn holds(&self, candidate: &mut Listed<'_>) -> bool {
        let embedded = match candidate.flat(self.limit()) {
            Some(flat) => self.pattern.embedded_in(flat),
            None => self.contains_same_typed(candidate.value),
        };
        embedded || self.related_at_root(candidate.value)
    }

    /// True when `root` has this class's shape from the root, its variables' places aside
    /// (not deeper, nor with more around it).
    fn shaped_from_root(&self, root: NodeRef<'_>) -> bool {
        let own = NodeRef::Value(self.value.node());
        self.may_start(root.constructor(), own.constructor())
            && nodes_match(root, own, &self.loose, &self.alternatives)
    }

    /// True when this class's formula holds nothing but `literal` and the constructors
    /// above it: every other sub-value of its counterexample is a variable for all values
    /// (`forall x0: (false, x0)`, not `(false, [x1, ..x0])`, nor `[0, ..c0(..)]` for some
    /// tails: a list's sum even). Such a class says its bug needs the literal and nothing
    /// else. O(n) in the counterexample's nodes.
    fn claims_only(&self, literal: &Literal) -> bool {
        if self.literals.len() != 1 || self.existential {
            return false;
        }
        // Numbered breadth-first as `nodes_match` does: a variable's sub-values too.
        let mut queue = VecDeque::from([(NodeRef::Value(self.value.node()), false)]);
        let (mut index, mut fixed) = (0usize, 0usize);
        while let Some((node, under)) = queue.pop_front() {
            let loose = under || self.loose.contains(&index);
            index += 1;
            fixed += usize::from(!loose);
            queue.extend(indexed_children(node).into_iter().map(|c| (c, loose)));
        }
        // The constructors above the literal, and the literal where the walk counts it (a
        // number, opaque, is not walked into).
        let own = NodeRef::Value(self.value.node());
        let walked = node_at(own, &literal.path).is_some_and(|leaf| !leaf.is_opaque());
        fixed == literal.path.len() + usize::from(walked)
    }

    /// True when `node` is an instance of this class's formula from its own root, literals
    /// and all (`[0]` in `[3, 0]` beside `forall x0: [0, ..x0]`).
    fn literal_instance(&self, node: NodeRef<'_>) -> bool {
        let own = NodeRef::Value(self.value.node());
        self.shaped_from_root(node) && unlike_literals(&self.literals, own, node).is_empty()
    }

    /// `root` with every instance of this class's formula below it cut out: its literal
    /// leaves changed to another value of their type ([`other_than`]), so that it keeps its
    /// size (`[3, 0, 5, 0]` to `[3, 1, 5, 1]` beside `forall x0: [0, ..x0]`: a list as long,
    /// which a bug of its length still fails), or, where none can change, giving way to its
    /// nearest sub-value of its type; `None` when it holds none among its first
    /// [`Class::limit`] nodes, one cannot be cut, or one is left. One walk finds them; they
    /// are cut deepest first, so that the paths of those above stay as they were (each is
    /// looked at again before its cut). O(n + m × d) for m instances at depth up to d.
    fn literal_instances_cut(&self, root: NodeRef<'_>) -> Option<Root> {
        let mut bfs = Bfs::new(root);
        let found: Vec<usize> = (bfs.by_ref().take(self.limit()).skip(1))
            .filter(|visit| self.literal_instance(visit.node))
            .map(|visit| visit.index)
            .collect();
        if found.is_empty() {
            return None;
        }
        let paths: Vec<Vec<u32>> = found.iter().map(|&index| bfs.path(index)).collect();
        let mut cut = Root::from_boxed(root.to_value());
        for path in paths.iter().rev() {
            if !self.literal_instance(node_at(NodeRef::Value(cut.node()), path)?)
                || self.literals_changed(&mut cut, path)
            {
                continue;
            }
            let held = node_at(NodeRef::Value(cut.node()), path)?;
            let nearest = crate::reduce::structure::nearest_one_of_its_type(held)?.to_value();
            crate::index::assign_at_path(NodeMutRef::Value(cut.node_mut()), path, nearest).ok()?;
        }
        let mut left = Bfs::new(NodeRef::Value(cut.node())).take(self.limit()).skip(1);
        if left.any(|visit| self.literal_instance(visit.node)) {
            return None;
        }
        Some(cut)
    }

    /// Changes the literal leaves of the instance of this class's formula at `path` in
    /// `value` to another value of their type ([`other_than`]); false, with `value`
    /// unchanged, when none of them can change.
    fn literals_changed(&self, value: &mut Root, path: &[u32]) -> bool {
        let own = NodeRef::Value(self.value.node());
        let changes: Vec<(Vec<u32>, Box<dyn SubValue>)> = (self.literals.iter())
            .filter_map(|literal| {
                let other = other_than(node_at(own, &literal.path)?)?;
                Some(([path, &literal.path[..]].concat(), other))
            })
            .collect();
        if changes.is_empty() {
            return false;
        }
        for (at, other) in changes {
            if replace_at_path(value.node_mut(), &at, other).is_err() {
                return false;
            }
        }
        true
    }

    /// True when the candidate has this class's shape at its root, the tags that the formula
    /// relates taken as wildcards, and each pair of those tags related there as in the
    /// formula (equal, or not): the formula's instance, whichever the tags. (Only at the
    /// root: embedded anywhere, the tags would not be at the formula's paths.)
    fn related_at_root(&self, candidate: &dyn SubValue) -> bool {
        if self.related.is_empty() {
            return false;
        }
        let root = NodeRef::Value(node_of(candidate));
        let related = |t: &RelatedTags| {
            let [(_, a), (_, b)] = &t.tags;
            let (Some(a), Some(b)) = (node_at(root, a), node_at(root, b)) else { return false };
            let (a, b) = (a.to_value(), b.to_value());
            match t.relation {
                Some(relation) => relation.holds(&*a, &*b) == Some(true),
                None => Relation::NotEqual.holds(&*a, &*b) == Some(false),
            }
        };
        self.shaped_from_root(root) && self.related.iter().all(related)
    }

    /// True when the candidate, or one of its sub-values of the root's type, has this class's
    /// shape exactly ([`matches_shape`] in place).
    fn contains_same_typed(&self, candidate: &dyn SubValue) -> bool {
        let root = NodeRef::Value(node_of(candidate));
        let shape = NodeRef::Value(self.value.node());
        let (ty, constructor) = (root.value_type(), shape.constructor());
        let exact_size = self.wildcards.is_empty().then(|| self.value.size());
        Bfs::new(root)
            .filter(|v| {
                v.node.value_type() == ty && self.may_start(v.node.constructor(), constructor)
            })
            .filter(|v| exact_size.is_none_or(|n| v.node.size_up_to(n + 1) == n))
            .take(CONTAINED_CHECKS)
            .any(|v| nodes_match(v.node, shape, &self.wildcards, &self.alternatives))
    }
}

/// A candidate and its nodes, listed the first time a class asks and kept for the next ones.
struct Listed<'v> {
    value: &'v dyn SubValue,
    /// The candidate's nodes once listed; until then, the buffers of an earlier listing.
    flat: Flat,
    /// The nodes [`Flat`] lists, in its order.
    nodes: Vec<NodeRef<'v>>,
    listing: Listing,
}

/// How far a candidate was listed.
#[derive(Clone, Copy)]
enum Listing {
    NotYet,
    Whole,
    /// Cut short past this many nodes.
    Past(usize),
}

impl<'v> Listed<'v> {
    /// `value`, to be listed into `buffers`.
    fn new(value: &'v dyn SubValue, buffers: Flat) -> Self {
        Listed { value, flat: buffers, nodes: Vec::new(), listing: Listing::NotYet }
    }

    /// The candidate's nodes, or `None` when there are more than `limit`: listed once, or
    /// again only for a class that allows more nodes than the limit a listing went past.
    fn flat(&mut self, limit: usize) -> Option<&Flat> {
        let list_again = match self.listing {
            Listing::NotYet => true,
            Listing::Whole => false,
            Listing::Past(past) => past < limit,
        };
        if list_again {
            let root = NodeRef::Value(node_of(self.value));
            let whole = self.flat.list(root, limit, &mut self.nodes);
            self.listing = if whole { Listing::Whole } else { Listing::Past(limit) };
        }
        match self.listing {
            Listing::Whole if self.flat.len() <= limit => Some(&self.flat),
            _ => None,
        }
    }
}

/// The known shapes [`Known::excised`] cuts out of one input at most.
const CUTS: usize = 8;

/// The earlier classes of a run (§5.3), asked about every failing candidate, with the
/// buffers of one candidate's listing kept for the next (discovery asks about each failing
/// input of a round), and the property, to tell whether a value unlike a class's formula
/// is its bug all the same.
pub(crate) struct Known<'p> {
    classes: Vec<Class>,
    /// For each class, the reported counterexample it belongs to (its own position, or the
    /// one another shape of it was found to be).
    owners: Vec<usize>,
    buffers: Cell<Flat>,
    /// The property, run on a class's counterexample with a candidate's values at its
    /// literals; `None`: such a candidate is no instance.
    prop: Option<&'p RootProperty<'p>>,
    /// Runs of `prop` made, and their verdicts by the structural hash of what was run and
    /// the class it was run for.
    evaluations: Cell<usize>,
    judged: RefCell<HashMap<(u64, usize), bool, BuildHasherDefault<FastHasher>>>,
}

impl<'p> Known<'p> {
    /// The classes of `found`, in order, judged with `prop`.
    pub(crate) fn of(found: &[Counterexample<Root>], prop: Option<&'p RootProperty<'p>>) -> Self {
        Known::with_shapes(found, &[], prop)
    }

    /// The classes of `found`, then those of `shapes`: other shapes of a bug already found,
    /// each with the position in `found` of the counterexample it belongs to.
    pub(crate) fn with_shapes(
        found: &[Counterexample<Root>],
        shapes: &[(Counterexample<Root>, usize)],
        prop: Option<&'p RootProperty<'p>>,
    ) -> Self {
        let classes = found.iter().chain(shapes.iter().map(|(c, _)| c)).map(Class::of).collect();
        let owners = (0..found.len()).chain(shapes.iter().map(|&(_, owner)| owner)).collect();
        let (evaluations, judged) = (Cell::new(0), RefCell::default());
        Known { classes, owners, buffers: Cell::default(), prop, evaluations, judged }
    }

    /// True when there is no earlier class.
    pub(crate) fn is_empty(&self) -> bool {
        self.classes.is_empty()
    }

    /// The property's runs made so far to judge candidates unlike a formula.
    pub(crate) fn evaluations(&self) -> usize {
        self.evaluations.get()
    }

    /// The earlier class (its position) that a `candidate` failing with `failure` is an
    /// instance of: it holds the class's shape, and where it holds another value than the
    /// class's formula at one of its literals, the class's counterexample with the
    /// candidate's values there fails the same way ([`Known::of_its_formula`]).
    pub(crate) fn class_of(&self, candidate: &dyn SubValue, failure: &Failure) -> Option<usize> {
        self.class_where(candidate, failure, true)
    }

    /// The earlier class whose shape a `candidate` failing with `failure` holds, whatever
    /// values it holds at the class's literals (the paper's class: failure and shape).
    pub(crate) fn class_of_shape(
        &self,
        candidate: &dyn SubValue,
        failure: &Failure,
    ) -> Option<usize> {
        self.class_where(candidate, failure, false)
    }

    /// A known instance with the known shapes it holds below its root cut out, when that
    /// leaves none: each time, the smallest sub-value holding one (none of its own
    /// sub-values does) gives way to its nearest sub-value of its own type (a list's
    /// element dropped, a tree's node lifted out), or, with none under it, to a value of
    /// its type of the fewest constructors (a JSON number to `null`, say), at most [`CUTS`]
    /// times. `None` when a known shape is held by the value as a whole (no sub-value holds
    /// it alone), or by more than `CUTS` sub-values.
    ///
    /// Where one bug shows in most inputs (a `Neg` anywhere in an expression), a second
    /// one (a `Sub` beside it) hides in its instances: they are skipped, and the round
    /// ends early. What is left once every known shape is cut out is no instance, and may
    /// fail all the same. Listings and embedding tables only: no property run.
    pub(crate) fn excised(&self, candidate: &dyn SubValue, failure: &Failure) -> Option<Root> {
        let mut cut: Option<Root> = None;
        for cuts in 0..=CUTS {
            let value = cut.as_ref().map_or(candidate, |c| c.value());
            let root = NodeRef::Value(node_of(value));
            // One listing of the value for every class, in buffers kept from the last.
            let mut listed = Listed::new(value, self.buffers.take());
            let held = self.held_below(&mut listed, failure);
            let held = held.map(|at| at.map(|at| (listed.flat.path(at), listed.nodes[at])));
            self.buffers.set(listed.flat);
            let Some((path, held)) = held.ok()? else { return cut };
            if cuts == CUTS {
                break;
            }
            let hoisted = match crate::reduce::structure::nearest_one_of_its_type(held) {
                Some(nearest) => nearest.to_value(),
                None => smallest_of_its_type(held, cuts)?,
            };
            let mut next = Root::from_boxed(root.to_value());
            NodeMutRef::Value(next.node_mut()).assign_along_runs(&path, hoisted).ok()?;
            cut = Some(next);
        }
        None
    }

    /// The breadth-first index of the smallest sub-value of `root` that holds a known shape
    /// of `failure`'s signature (none of its own sub-values does): `Ok(None)` when no known
    /// shape is held; `Err` when one is held by the root alone (the value as a whole is
    /// the instance) or the value is too large to list for a class.
    fn held_below(&self, value: &mut Listed<'_>, failure: &Failure) -> Result<Option<usize>, ()> {
        let mut below = None;
        for class in self.classes.iter().filter(|c| failure.has_signature(&c.signature)) {
            let flat = value.flat(class.limit()).ok_or(())?;
            let held = class.pattern.embedded_below(flat);
            if !held[0] {
                continue;
            }
            let smallest = (1..flat.len())
                .rev()
                .find(|&t| held[t] && !flat.children(t).any(|c| held[c]))
                .ok_or(())?;
            below = below.or(Some(smallest));
        }
        Ok(below)
    }

    fn class_where(
        &self,
        candidate: &dyn SubValue,
        failure: &Failure,
        formula: bool,
    ) -> Option<usize> {
        if self.classes.is_empty() {
            return None;
        }
        let mut listed = Listed::new(candidate, self.buffers.take());
        let class = self.classes.iter().enumerate().position(|(k, c)| {
            failure.has_signature(&c.signature)
                && c.holds(&mut listed)
                && (!formula || self.of_its_formula(k, candidate))
        });
        self.buffers.set(listed.flat);
        class.map(|k| self.owners[k])
    }

    /// True when `candidate`, which has a known class's shape from the root (its
    /// variables' places aside), no more constructors than its counterexample, and fails as
    /// it does, but holds other values than its formula at some of its literals, fails
    /// without them: with its values there at their type's simplest (they are already, or
    /// the candidate so lowered fails the same way). Such a failure takes nothing from the
    /// leaves the class's bug needs: another bug of the shape (beside `(None, 150)`'s class,
    /// `forall x0: (x0, 150)`, a first field of `Some(9)` failing whatever the second:
    /// `(Some(9), 0)`), not another value of the class's (`([0; 14], 7)` beside `([], 21)`,
    /// where `([0; 14], 0)` passes). A larger candidate may hold the bug's size in its
    /// structure instead (`([0; 21], 0)`: a list's length over a sum with the number), and is
    /// left to the reduction in the open, as is one that holds the class's literal values
    /// at other places (`(48, 0)` beside `(0, 48)`, for two bits set in either byte; a
    /// backslash in a nickname beside one in a name, for an escape that misses it). At
    /// most one run a class.
    pub(crate) fn fails_apart(&self, candidate: &dyn SubValue, failure: &Failure) -> bool {
        let root = NodeRef::Value(node_of(candidate));
        self.classes.iter().any(|class| {
            let own = NodeRef::Value(class.value.node());
            let exact = failure.has_signature(&class.signature)
                && root.size() <= own.size()
                && class.shaped_from_root(root);
            let unlike =
                if exact { unlike_literals(&class.literals, own, root) } else { return false };
            if unlike.is_empty() || moved_here(&unlike, own, root) {
                return false;
            }
            let mut lowered = Root::from_boxed(root.to_value());
            let mut changed = false;
            for (literal, leaf) in unlike {
                let Some(simplest) = simplest_of(leaf) else { continue };
                if replace_at_path(lowered.node_mut(), &literal.path, simplest).is_err() {
                    return false;
                }
                changed = true;
            }
            !changed || self.fails_like(&lowered, &class.signature)
        })
    }

    /// True when `value` meets its types' constraints and fails the property with
    /// `signature` (one run, counted).
    fn fails_like(&self, value: &Root, signature: &str) -> bool {
        matches!(self.run(value), Some(Outcome::Fail(f)) if f.has_signature(signature))
    }

    /// The property's outcome on `value` (one run, counted); `None`, with no run, when there
    /// is no property or `value` breaks its types' constraints.
    fn run(&self, value: &Root) -> Option<Outcome> {
        let prop = self.prop?;
        if !within_constraints(&**value) {
            return None;
        }
        self.evaluations.set(self.evaluations.get() + 1);
        Some(run_erased(&|| prop(&**value)))
    }

    /// True when `candidate`, which holds class `k`'s shape, holds its literals too, or its
    /// values there are no matter of the bug: the class's counterexample with them fails the
    /// same way. Two bugs that both return `false` on one shape (a first byte of 7, a second
    /// of 128 or more) are so told apart: `(0, 5)` holds `(7, 0)`'s shape, and `(0, 0)`
    /// passes. One run a distinct set of values, remembered.
    fn of_its_formula(&self, k: usize, candidate: &dyn SubValue) -> bool {
        let class = &self.classes[k];
        if class.literals.is_empty() {
            return true;
        }
        let (own, root) = (NodeRef::Value(class.value.node()), NodeRef::Value(node_of(candidate)));
        // Only a candidate of the class's shape from the root, its variables' places aside, is
        // judged by its values: one that holds the shape deeper or with more around it (a
        // longer list of operations) has its leaves elsewhere than the formula's literals.
        let exact = class.shaped_from_root(root);
        let unlike = unlike_literals(&class.literals, own, root);
        if !exact || unlike.is_empty() {
            return true;
        }
        // The run first (its verdict kept by the values): a sub-value that is an instance
        // of the formula is looked for only where it says no.
        let alike = || {
            if self.prop.is_none() {
                return false;
            }
            let mut moved = class.value.clone();
            for (literal, leaf) in &unlike {
                if replace_at_path(moved.node_mut(), &literal.path, leaf.to_value()).is_err() {
                    return false;
                }
            }
            let key = (structural_hash(NodeRef::Value(moved.node())), k);
            if let Some(&same) = self.judged.borrow().get(&key) {
                return same;
            }
            // The counterexample with the candidate's values is the candidate itself: its
            // failing says nothing, and a literal at its type's simplest value is judged
            // by the values around the candidate's.
            let itself = compare(NodeRef::Value(moved.node()), root).is_eq();
            let same = match itself && at_simplest(&unlike, own) {
                true => !self.apart_at_simplest(class, root, &unlike, true),
                false => self.fails_like(&moved, &class.signature),
            };
            self.judged.borrow_mut().insert(key, same);
            same
        };
        alike() || self.passes_without_its_instances(class, root)
    }

    /// True when `root` holds instances of `class`'s formula below it (a list's tail `[0]`
    /// beside `forall x0: [0, ..x0]`) and passes once they are cut out: it fails because of
    /// them. A tail is an instance of the formula where the bug is anywhere in a list
    /// (`[3, 0]`, where `[3]` passes), not where it is at one place (`[None; 12]` with a
    /// `Some(0)` behind its first element beside a first element of `Some(0)`: the list
    /// fails for its length, cut or not). One run, counted.
    fn passes_without_its_instances(&self, class: &Class, root: NodeRef<'_>) -> bool {
        if self.prop.is_none() {
            return false;
        }
        let Some(cut) = class.literal_instances_cut(root) else { return false };
        matches!(self.run(&cut), Some(Outcome::Pass))
    }

    /// True when `candidate`, which has a known class's shape from the root and fails as it
    /// does, holds another value than the class's formula at a literal that is its type's
    /// simplest value (`0`, `false`, `""`, `0.0`) and stands at a fixed place (fields of
    /// tuples, structs and variants all the way from the root: no list or array element on
    /// the way), where the class's formula holds nothing else ([`Class::claims_only`]), and
    /// fails there as another bug does ([`Known::apart_at_simplest`]). There the reduction in
    /// the open would slide onto the literal, which is the simplest value, and take the
    /// other bug for the class's: `(true, [0; 7])`, a list over 6 long, beside `forall x0:
    /// (false, x0)`. A class that holds more (`(false, [x1, .., x6, ..x0])`, a length limit
    /// that depends on the flag) may be one bug past a threshold, and is left to the
    /// reduction in the open.
    /// A literal in a list's element (one list on the way, fields around it: `[0, ..x0]`,
    /// `Cart { lines: [Line { qty: 0, price: x0 }, ..x1] }`) is judged with the candidate's
    /// value set at that place in every element of the list at once ([`spread_places`]): a
    /// list too long (`[1; 7]`) fails whatever its elements hold there, where one bug at any
    /// index (`x != i`: `[1, 1]` fails whatever its first element, and `[2, 2]` passes) needs
    /// another element's value, and is the same bug at another place. A `bool` there, which
    /// has no value but the literal and the candidate's, is not judged. The bug (its earlier
    /// counterexample's position) the candidate is apart from; at most six runs a literal,
    /// for the first class whose shape the candidate has.
    pub(crate) fn apart_at_a_fixed_simplest(
        &self,
        candidate: &dyn SubValue,
        failure: &Failure,
    ) -> Option<usize> {
        let root = NodeRef::Value(node_of(candidate));
        let k = (self.classes.iter())
            .position(|c| failure.has_signature(&c.signature) && c.shaped_from_root(root))?;
        let class = &self.classes[k];
        let own = NodeRef::Value(class.value.node());
        let simplest_fixed = |literal: &Literal| {
            (at_a_fixed_place(own, &literal.path)
                || in_a_list_element(root, &literal.path).is_some())
                && node_at(own, &literal.path).is_some_and(is_simplest)
                && class.claims_only(literal)
        };
        let unlike: SmallVec<[(&Literal, NodeRef<'_>); 2]> =
            (unlike_literals(&class.literals, own, root))
                .into_iter()
                .filter(|(literal, _)| simplest_fixed(literal))
                .collect();
        let apart = !unlike.is_empty() && self.apart_at_simplest(class, root, &unlike, false);
        apart.then(|| self.owners[k])
    }

    /// True when `root`, of `class`'s shape from the root, holds another value than its
    /// formula (`unlike`: those literals, with `root`'s leaves there) at a ranked literal
    /// that is its type's simplest value, and the property
    /// there says another bug: it fails whatever the value (the values between the
    /// literal and its own, and three beyond, all fail: its bug needs nothing there) where
    /// the class's bug needs the literal (its counterexample with the candidate's value
    /// there passes: a block whose network has a host bit set fails at every prefix,
    /// beside a class that claimed prefix 0 only), or
    /// from its value on away from the literal but not between (at least three values
    /// between, and the nearest, the middle and the one next to the literal all pass,
    /// where the next one away fails: a threshold of its own, `[1001]` beside `[0]` for a
    /// sum over 1000). A failure at isolated values (every seventh) or with few values
    /// between (`[2]` beside `[0]` for a first element other than 1) is no sign of another
    /// bug. A leaf of no ranks (a string, a float) is judged only where the literal is its
    /// type's simplest value: apart when the class needs the literal and the candidate fails
    /// at three or four of its type's edge values (`" "`, `"A"`, `"0"`, ...) as well. At
    /// most six runs a literal.
    fn apart_at_simplest(
        &self,
        class: &Class,
        root: NodeRef<'_>,
        unlike: &[(&Literal, NodeRef<'_>)],
        thresholds: bool,
    ) -> bool {
        let own = NodeRef::Value(class.value.node());
        unlike.iter().any(|&(literal, leaf)| {
            let ty = leaf.type_node();
            let Some(theirs) = node_at(own, &literal.path) else { return false };
            // The literal's place, or, in a list's element judged for the apart rule, that
            // place in every element of the list.
            let spread = !thresholds && !at_a_fixed_place(own, &literal.path);
            let places = match spread {
                true => spread_places(root, &literal.path),
                false => Some(SmallVec::from_iter([literal.path.clone()])),
            };
            let Some(places) = places else { return false };
            let run = |value: Box<dyn SubValue>| {
                let mut with = Root::from_boxed(root.to_value());
                for place in &places {
                    replace_at_path(with.node_mut(), place, value.as_node().to_value()).ok()?;
                }
                self.run(&with)
            };
            let fails = |value: Option<Box<dyn SubValue>>| {
                matches!(value.and_then(run), Some(Outcome::Fail(f)) if f.has_signature(&class.signature))
            };
            // The class's bug needs its literal: its counterexample with the candidate's
            // value there passes (else the formula only said less than it could).
            let needed = || {
                let mut theirs = class.value.clone();
                replace_at_path(theirs.node_mut(), &literal.path, leaf.to_value()).is_ok()
                    && matches!(self.run(&theirs), Some(Outcome::Pass))
            };
            let (Some(ours), Some(rank)) = (theirs.type_node().leaf_rank(), ty.leaf_rank()) else {
                // A leaf of no ranks (a string, a float) at its type's simplest value
                // (`""`): apart when it fails at its type's edge values as well.
                let others: SmallVec<[Box<dyn SubValue>; 4]> = (ty.node_edge_values())
                    .into_iter()
                    .filter(|v| {
                        let v = v.as_node();
                        compare(v, leaf).is_ne() && compare(v, theirs).is_ne()
                    })
                    .take(4)
                    .collect();
                // And the candidate's value twice and four times over (`"aa"`, `"aaaa"`):
                // a bug of the text's length beside the list's fails at every text of one
                // char, edge values all, and passes at a longer one.
                let twice = ty.node_folded(ty);
                let four = twice.as_deref().and_then(|t| t.node_folded(t));
                return is_simplest(theirs)
                    && others.len() >= 3
                    && needed()
                    && others.into_iter().chain(twice).chain(four).all(|v| fails(Some(v)));
            };
            let passes = |value: Option<Box<dyn SubValue>>| {
                matches!(value.and_then(run), Some(Outcome::Pass))
            };
            // One step along the number line toward the literal, and one away from it.
            let step = |toward: bool| {
                ([1i128, -1].into_iter().filter_map(|d| ty.node_offset(d)))
                    .find(|v| v.leaf_rank().is_some_and(|r| (r < rank) == toward))
                    .or_else(|| ty.from_leaf_rank(if toward { rank - 1 } else { rank + 1 }))
            };
            if ours > 0 {
                // The candidate holds the simplest value where the formula holds another:
                // apart when the values between pass (the literal, a threshold's, is not
                // reached from the simplest through failing values).
                return rank == 0
                    && ours >= 4
                    && [ours - 1, ours / 2, 1].iter().all(|&r| passes(ty.from_leaf_rank(r)));
            }
            let mut between: SmallVec<[u64; 3]> = SmallVec::new();
            for r in [rank / 2, 1] {
                if r >= 1 && r < rank && !between.contains(&r) {
                    between.push(r);
                }
            }
            let anything = rank < 4
                && needed()
                && between.iter().all(|&r| fails(ty.from_leaf_rank(r)))
                && (rank < 2 || fails(step(true)))
                && match ty.from_leaf_rank(rank + 1) {
                    // A type that ends at the candidate's value (a `bool`'s `true`): it fails
                    // at every value of it.
                    None => !spread && (0..rank).all(|r| fails(ty.from_leaf_rank(r))),
                    Some(next) => {
                        let ranks = [2 * rank + 1, 8 * rank + 7];
                        let mut beyond: SmallVec<[Box<dyn SubValue>; 3]> = SmallVec::new();
                        beyond.push(next);
                        beyond.extend(ranks.into_iter().filter_map(|r| ty.from_leaf_rank(r)));
                        beyond.len() >= 2 && beyond.into_iter().all(|v| fails(Some(v)))
                    }
                };
            let threshold = thresholds
                && rank >= 4
                && passes(step(true))
                && between.iter().all(|&r| passes(ty.from_leaf_rank(r)))
                && fails(step(false));
            anything || threshold
        })
    }
}

/// A primitive leaf that a class's formula leaves as its counterexample has it.
#[derive(Clone)]
pub(crate) struct Literal {
    /// The child slots from the root.
    path: Vec<u32>,
    /// The constructor of each node along `path` above the leaf.
    constructors: Vec<&'static str>,
}

impl Literal {
    /// The leaf of `input` at this literal's place, reached along the class's own
    /// constructors from the root; `None` where `input` has another constructor on the way
    /// (it holds the class's shape deeper, in a list or under a wrapper).
    fn in_input<'a>(&self, input: NodeRef<'a>) -> Option<NodeRef<'a>> {
        let mut at = input;
        for (&slot, &constructor) in self.path.iter().zip(&self.constructors) {
            if at.constructor() != constructor {
                return None;
            }
            at = at.children().into_iter().nth(slot as usize)?.node;
        }
        Some(at)
    }
}

/// The literals of a class at which `input` holds another leaf than the class's value
/// `own`, with `input`'s leaf there; O(l × d) for l literals at depth up to d.
pub(crate) fn unlike_literals<'l, 'a>(
    literals: &'l [Literal],
    own: NodeRef<'_>,
    input: NodeRef<'a>,
) -> SmallVec<[(&'l Literal, NodeRef<'a>); 4]> {
    let unlike = |literal: &'l Literal| {
        let theirs = literal.in_input(input)?;
        let ours = node_at(own, &literal.path)?;
        compare(theirs, ours).is_ne().then_some((literal, theirs))
    };
    literals.iter().filter_map(unlike).collect()
}

/// A value of `node`'s type of its fewest constructors, drawn (a type's smallest values are
/// its nullary variants and leaves: `Null`, `Bool(false)`, `Number(0)` of a JSON value),
/// from a generator seeded by `node` and `draw`: one cut value a draw, the same for one
/// input every run.
fn smallest_of_its_type(node: NodeRef<'_>, draw: usize) -> Option<Box<dyn SubValue>> {
    let ty = node.type_node();
    let min = ty.min_size()?;
    let mut gen = crate::gen::Gen::new(structural_hash(node) ^ draw as u64, 0);
    Some(gen.with_budget(min, |g| ty.generate(g)))
}

/// True when `candidate` holds each of the class's literal values it lacks at its literal's
/// place (`unlike`) at another leaf: the class's values moved (`(48, 0)` beside `(0, 48)`,
/// a backslash in a nickname beside one in a name). Values compare by their `Debug` text,
/// so a number moved into a field of another integer type is the same number (`(201, 0)`
/// of a `(u8, u16)` beside `(0, 201)`, for a maximum over 200). Only the class's literals
/// the candidate lacks are printed, and its leaves once.
fn moved_here(
    unlike: &[(&Literal, NodeRef<'_>)],
    own: NodeRef<'_>,
    candidate: NodeRef<'_>,
) -> bool {
    use crate::reduce::tree::{leaves, LeafPath};
    let leaves: Vec<(LeafPath, String)> =
        leaves(candidate).into_iter().map(|l| (l.path, format!("{:?}", l.node))).collect();
    unlike.iter().all(|(literal, _)| {
        node_at(own, &literal.path).is_some_and(|value| {
            let wanted = format!("{value:?}");
            leaves.iter().any(|(path, text)| {
                *text == wanted && path.strip_prefix(&literal.path) != Some(Vec::new())
            })
        })
    })
}

/// True when the node at `path` below `root` is reached through no list cell or array:
/// a field of tuples, structs and variants only, which no other index of a sequence can
/// stand for.
fn at_a_fixed_place(root: NodeRef<'_>, path: &[u32]) -> bool {
    let mut at = root;
    for &slot in path {
        if matches!(at.shape(), Shape::List | Shape::Seq) {
            return false;
        }
        match at.children().get(slot as usize) {
            Some(child) => at = child.node,
            None => return false,
        }
    }
    true
}

/// The most elements of a list that [`spread_places`] sets a leaf in.
const SPREAD_ELEMENTS: usize = 64;

/// Where a `path` enters one list's element (the list at a fixed place under `root`, the
/// element's own sub-values at fixed places below it): the positions in `path` of the list's
/// first cell and of the step into the element's head; `None` for a path at a fixed place,
/// or through an array or two lists. O(d) for a path of d steps.
fn in_a_list_element(root: NodeRef<'_>, path: &[u32]) -> Option<(usize, usize)> {
    let mut at = root;
    let mut start = None;
    for (i, &slot) in path.iter().enumerate() {
        match at.shape() {
            Shape::Seq => return None,
            Shape::List if start.is_none() => start = Some(i),
            _ => {}
        }
        at = at.children().get(slot as usize)?.node;
    }
    let start = start?;
    // Down the list's tails to the element's head, then fields only.
    let head = start + path[start..].iter().take_while(|&&slot| slot == 1).count();
    if path.get(head) != Some(&0) {
        return None;
    }
    let element = node_at(root, &path[..=head])?;
    at_a_fixed_place(element, &path[head + 1..]).then_some((start, head))
}

/// For a `path` [`in_a_list_element`]: that place in each of the list's elements in `root`,
/// first to last (`[0]` in `[1, 2, 3]`: `[0]`, `[1, 0]`, `[1, 1, 0]`); `None` for another
/// path, or in a list of more than [`SPREAD_ELEMENTS`] elements. O(e × d) for e elements at
/// depth d.
fn spread_places(root: NodeRef<'_>, path: &[u32]) -> Option<SmallVec<[Vec<u32>; 1]>> {
    let (start, head) = in_a_list_element(root, path)?;
    let len = list_len_up_to(node_at(root, &path[..start])?, SPREAD_ELEMENTS + 1);
    if len > SPREAD_ELEMENTS {
        return None;
    }
    let place = |k: usize| {
        let mut place = suffix_path(&path[..start], k);
        place.push(0);
        place.extend_from_slice(&path[head + 1..]);
        place
    };
    Some((0..len).map(place).collect())
}

/// True when `leaf` is its type's simplest value: rank 0, or, for a type of no ranks (a
/// string, a float), one with nothing simpler to shrink to (`""`, `0.0`).
fn is_simplest(leaf: NodeRef<'_>) -> bool {
    let ty = leaf.type_node();
    match ty.leaf_rank() {
        Some(rank) => rank == 0,
        None => ty.node_shrink_value().is_empty(),
    }
}

/// True when at every literal of `unlike` the class's value in `own` or the candidate's
/// is its type's simplest (rank 0).
fn at_simplest(unlike: &[(&Literal, NodeRef<'_>)], own: NodeRef<'_>) -> bool {
    let rank = |node: Option<NodeRef<'_>>| node.and_then(|n| n.type_node().leaf_rank());
    (unlike.iter()).all(|(literal, leaf)| {
        rank(node_at(own, &literal.path)) == Some(0) || rank(Some(*leaf)) == Some(0)
    })
}

/// Another value of a ranked `leaf`'s type than `leaf`: its type's simplest, or, for the
/// simplest itself, the next (rank 1); `None` for a leaf without a rank.
fn other_than(leaf: NodeRef<'_>) -> Option<Box<dyn SubValue>> {
    let ty = leaf.type_node();
    match ty.leaf_rank()? {
        0 => ty.from_leaf_rank(1),
        _ => ty.from_leaf_rank(0),
    }
}

/// The simplest value of `leaf`'s type, when `leaf` is not it: rank 0 for a ranked leaf,
/// its shrinker's first candidate for another (a string's `""`, a float's `0.0`).
fn simplest_of(leaf: NodeRef<'_>) -> Option<Box<dyn SubValue>> {
    let ty = leaf.type_node();
    match ty.leaf_rank() {
        Some(0) => None,
        Some(_) => ty.from_leaf_rank(0),
        None => ty.node_shrink_value().into_iter().next(),
    }
}

/// The literal leaves of `cex`'s formula, at most [`LITERALS`]: the primitive leaves not
/// under one of its variables. None when it claims nothing (a class that is the
/// counterexample's shape alone), or may move or rename its leaves (fields in any order,
/// interchangeable constructors, related tags).
pub(crate) fn literal_leaves(cex: &Counterexample<Root>) -> Vec<Literal> {
    let Some(g) = cex.generalization.as_ref().filter(|g| g.is_general()) else {
        return Vec::new();
    };
    if !g.any_order.is_empty() || !g.interchangeable.is_empty() || !g.related_tags.is_empty() {
        return Vec::new();
    }
    let open: Vec<&[u32]> = (g.variables.iter().flat_map(|v| v.paths.iter()))
        .chain(g.constructors.iter())
        .map(Vec::as_slice)
        .collect();
    let mut out = Vec::new();
    let mut stack = vec![(NodeRef::Value(cex.value.node()), Vec::new(), Vec::new())];
    while let Some((node, path, constructors)) = stack.pop() {
        if out.len() == LITERALS || open.iter().any(|o| path.starts_with(o)) {
            continue;
        }
        if crate::index::is_variable_leaf(node) {
            out.push(Literal { path, constructors });
            continue;
        }
        for (slot, child) in node.children().iter().enumerate().rev() {
            let (mut path, mut constructors) = (path.clone(), constructors.clone());
            path.push(slot as u32);
            constructors.push(node.constructor());
            stack.push((child.node, path, constructors));
        }
    }
    out
}

/// Literal leaves [`literal_leaves`] keeps per class.
const LITERALS: usize = 64;

#[cfg(test)]
mod tests {
    use super::*;

    /// A class of counterexamples of type `T`, asked about candidates of `T`.
    struct Known<T>(Class, std::marker::PhantomData<T>);

    impl<T: SubTypes> Known<T> {
        fn covers(&self, candidate: &T, signature: &str) -> bool {
            self.0.covers(candidate, signature)
        }
    }

    fn class<T: SubTypes>(value: T, signature: &str, wildcards: &[usize]) -> Known<T> {
        class_with(value, signature, wildcards, &[])
    }

    fn class_with<T: SubTypes>(
        value: T,
        signature: &str,
        wildcards: &[usize],
        free_leaves: &[Vec<u32>],
    ) -> Known<T> {
        let class = Class::new(
            Root::new(value),
            (wildcards.to_vec(), &[]),
            Vec::new(),
            (free_leaves, &[]),
            signature.to_string(),
        );
        Known(class, std::marker::PhantomData)
    }

    #[test]
    fn fields_in_any_order_pair_up_where_a_first_fit_would_not() {
        // Left 0 fits both right nodes, left 1 only right 0: pairing left 0 with right 0
        // first must give way.
        let fits = |a: usize, b: usize| matches!((a, b), (0, 0) | (0, 1) | (1, 0) | (2, 2));
        assert!(super::perfect_matching(3, fits));
        // Left 0 and left 1 both fit right 0 only.
        assert!(!super::perfect_matching(3, |a, b| b == 0 && a < 2 || (a, b) == (2, 2)));
    }

    #[test]
    fn a_list_holding_a_known_counterexample_in_a_suffix_is_an_instance() {
        let known = class(vec![Some(200u8)], "false", &[]);
        assert!(known.covers(&vec![Some(200)], "false"));
        assert!(known.covers(&vec![None, Some(7)], "false"), "a suffix holds [Some(_)]");
        assert!(!known.covers(&vec![None, Some(7)], "panic at a.rs:1:1"), "another bug");
        assert!(known.covers(&vec![Some(7), None], "false"), "elements after it are extra");
        assert!(known.covers(&vec![None, Some(7), None], "false"), "and before it");
        assert!(!known.covers(&vec![None, None], "false"), "no Some(_) at all");
        assert!(!known.covers(&vec![], "false"));
        let two = class(vec![Some(200u8), Some(1)], "false", &[]);
        assert!(two.covers(&vec![Some(7), None, Some(9)], "false"), "a subsequence");
        assert!(!two.covers(&vec![Some(7), None], "false"), "one Some(_) is not two");
    }

    #[test]
    fn a_struct_holding_a_list_that_holds_the_known_shape_is_an_instance() {
        // (name, ops): the class's core is the list, wherever the candidate holds one.
        type Machine = (u8, Vec<Option<u8>>);
        let known: Known<Machine> = class((0, vec![Some(1)]), "panic at m.rs:1:1", &[]);
        assert!(known.covers(&(5, vec![None, Some(2), None]), "panic at m.rs:1:1"));
        assert!(!known.covers(&(5, vec![None, None]), "panic at m.rs:1:1"));
        assert!(!known.covers(&(5, vec![Some(2)]), "panic at m.rs:9:9"), "another bug");
        // Statements holding expressions: the wrapper is dropped, the expression kept.
        type Expr = Result<u8, Box<(Option<u8>, Option<u8>)>>;
        type Stmt = Result<Expr, (u8, Expr)>; // Print(e) | Assign(x, e)
        let div: Expr = Err(Box::new((Some(1), None)));
        let known: Known<Stmt> = class(Ok(div.clone()), "err X", &[]);
        assert!(known.covers(&Err((3, div.clone())), "err X"), "assigned, not printed");
        assert!(!known.covers(&Err((3, Ok(1))), "err X"), "no such expression");
    }

    #[test]
    fn nan_infinite_and_finite_floats_are_different_classes() {
        let nan = class(vec![f64::NAN], "false", &[]);
        assert!(nan.covers(&vec![1.0, f64::NAN], "false"));
        assert!(!nan.covers(&vec![1.0], "false"), "finite where the class is NaN");
        assert!(!nan.covers(&vec![f64::INFINITY], "false"));
        let overflow = class(vec![1e39f64], "false", &[]);
        assert!(overflow.covers(&vec![2.0, 3.0], "false"));
        assert!(overflow.covers(&vec![f64::NAN, 2.0], "false"), "the NaN is outside the shape");
        assert!(!overflow.covers(&vec![f32::NAN as f64], "false"));
        let any = class_with(vec![1e39f64], "false", &[], &[vec![0]]); // `forall values x0: [x0]`
        assert!(any.covers(&vec![f64::NAN], "false"), "a variable matches any float");
        let single = class(1.5f32, "false", &[]);
        assert!(single.covers(&-2.0, "false") && !single.covers(&f32::NEG_INFINITY, "false"));
    }

    #[test]
    fn a_value_of_the_known_shape_is_an_instance_whatever_its_numbers() {
        type Tree = Result<u8, Box<(Option<u8>, Option<u8>)>>;
        let leaf = |n| Err(Box::new((Some(n), None)));
        let known: Known<Tree> = class(leaf(1), "err X", &[]);
        assert!(known.covers(&leaf(9), "err X"), "numbers are opaque leaves");
        assert!(!known.covers(&Err(Box::new((None, None))), "err X"));
        assert!(!known.covers(&Ok(1), "err X"));
        let wild: Known<Tree> = class(leaf(1), "err X", &[1]);
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
