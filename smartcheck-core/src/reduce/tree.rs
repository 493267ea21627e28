//! What every pass needs to see a value as a tree: leaves with compact paths, lists as chains
//! of cells, random values below a size, and a structural hash.
//!
//! Invariant: a [`LeafPath`] leads from the root to the leaf it was taken at, as long as the
//! value's shape (its constructors) does not change; leaf passes change leaves only, so one
//! walk serves a whole pass.
//!
//! Cost: [`leaves`] walks the value once; a path is run-length encoded, so the path of a list's
//! `i`-th element is two runs (`i` tails, then the head), not `i + 1` slots, and all the leaves
//! of a list of n elements take O(n) memory, not O(n²). [`hash_value`] walks the value once.

use std::hash::Hasher;

use smallvec::SmallVec;

use crate::gen::Gen;
use crate::index::{assign_at_path, Bfs};
use crate::root::Root;
use crate::subtypes::{NodeMutRef, NodeRef, Shape, SubValue};

use super::order::constructor_index;
use super::NEAR;

/// A path from the root as runs of child slots: `(slot, times)`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct LeafPath(SmallVec<[(u32, u32); 4]>);

impl LeafPath {
    /// This path, one step further down through child `slot`.
    fn child(&self, slot: u32) -> LeafPath {
        let mut runs = self.0.clone();
        match runs.last_mut() {
            Some((s, times)) if *s == slot => *times += 1,
            _ => runs.push((slot, 1)),
        }
        LeafPath(runs)
    }

    /// The child slots, one by one.
    fn slots(&self) -> impl Iterator<Item = u32> + '_ {
        self.0.iter().flat_map(|&(slot, times)| std::iter::repeat_n(slot, times as usize))
    }

    /// True when this path goes through (or ends at) the node at `prefix`.
    pub fn starts_with(&self, prefix: &[u32]) -> bool {
        let mut slots = self.slots();
        prefix.iter().all(|&p| slots.next() == Some(p))
    }

    /// The rest of this path after `prefix`, as plain slots, when it starts with it.
    pub fn strip_prefix(&self, prefix: &[u32]) -> Option<Vec<u32>> {
        let mut slots = self.slots();
        prefix.iter().all(|&p| slots.next() == Some(p)).then(|| slots.collect())
    }
}

/// A leaf of the current value: where it is, and it.
pub struct Leaf<'a> {
    /// The path from the root.
    pub path: LeafPath,
    /// The leaf.
    pub node: NodeRef<'a>,
}

/// The changeable leaves of `root` (opaque nodes not under a frozen field), depth-first.
pub fn leaves(root: NodeRef<'_>) -> Vec<Leaf<'_>> {
    walk(root, false)
}

/// The changeable leaves of `root` and its tags (values of a type of two or more
/// constructors that hold nothing: `None`, `A` of `enum Acct { A, B }`), depth-first: the
/// values that may be mere labels, which [`normal::relabel`](super::normal::relabel)
/// exchanges.
pub fn labels(root: NodeRef<'_>) -> Vec<Leaf<'_>> {
    walk(root, true)
}

/// The changeable leaves of `root`, depth-first, and with `tags`, its tags among them.
fn walk(root: NodeRef<'_>, tags: bool) -> Vec<Leaf<'_>> {
    // Room from the start for a small value's leaves and pending nodes.
    let mut out = Vec::with_capacity(8);
    let mut stack = Vec::with_capacity(8);
    stack.push((root, LeafPath::default()));
    while let Some((node, path)) = stack.pop() {
        if node.is_opaque() {
            out.push(Leaf { path, node });
            continue;
        }
        let children = node.children();
        if tags && children.is_empty() && node.constructors().len() >= 2 {
            out.push(Leaf { path, node });
            continue;
        }
        for (slot, child) in children.into_iter().enumerate().rev() {
            if !child.frozen {
                stack.push((child.node, path.child(slot as u32)));
            }
        }
    }
    out
}

/// Where the leaf at `path` under `root` stands in its parent: the parent's constructor and
/// the leaf's child slot (`("Put", 0)` for the key of `Put(key, value)`), `None` for the
/// root or a wrong path. Leaves in one such place play one role in a value.
pub fn parent_slot(root: NodeRef<'_>, path: &LeafPath) -> Option<(&'static str, u32)> {
    let mut at = root;
    let mut last = None;
    for slot in path.slots() {
        last = Some((at.constructor(), slot));
        at = at.children().get(slot as usize)?.node;
    }
    last
}

/// The leaf at `path` under `root`.
pub fn leaf_at<'a>(root: NodeRef<'a>, path: &LeafPath) -> Option<NodeRef<'a>> {
    let mut at = root;
    for slot in path.slots() {
        at = at.children().get(slot as usize)?.node;
    }
    Some(at)
}

/// Overwrites the node at `path` under `root` with `value`; hands it back on a wrong path or
/// type.
pub fn assign_leaf(
    root: NodeMutRef<'_>,
    path: &LeafPath,
    value: Box<dyn SubValue>,
) -> Result<(), Box<dyn SubValue>> {
    root.assign_along(&mut path.slots().map(|slot| slot as usize), value)
}

/// The node at `path` under `root`.
pub fn node_at<'a>(root: NodeRef<'a>, path: &[u32]) -> Option<NodeRef<'a>> {
    let mut at = root;
    for &slot in path {
        at = at.children().get(slot as usize)?.node;
    }
    Some(at)
}

/// The first `most` indexed nodes of `root` in breadth-first order, with their paths.
pub fn indexed_nodes(root: NodeRef<'_>, most: usize) -> Vec<(Vec<u32>, NodeRef<'_>)> {
    let mut bfs = Bfs::new(root);
    let mut out = Vec::new();
    while out.len() < most {
        let Some(visit) = bfs.next() else { break };
        if !visit.node.is_opaque() {
            out.push((bfs.path(visit.index), visit.node));
        }
    }
    out
}

/// True when the node at `a` lies under (or is) the node at `b`, or the other way round.
pub fn nested(a: &[u32], b: &[u32]) -> bool {
    a.starts_with(b) || b.starts_with(a)
}

/// A list cell's head and tail; `None` for the empty list and for anything but a list.
pub fn cons_parts(node: NodeRef<'_>) -> Option<(NodeRef<'_>, NodeRef<'_>)> {
    if node.shape() != Shape::List {
        return None;
    }
    let children = node.children();
    (children.len() == 2).then(|| (children[0].node, children[1].node))
}

/// The cells of the list at `node` and the child slot of their tails: a list's `[head,
/// tail]` (slot 1) or a map's or set's entry (`[key, value, tail]`, slot 2; `[key, tail]`,
/// slot 1), which [`list_len`] does not count. O(n).
pub fn cells(node: NodeRef<'_>) -> (usize, u32) {
    cells_up_to(node, usize::MAX)
}

/// [`cells`], counted to `most` at most: O(`most`).
pub fn cells_up_to(node: NodeRef<'_>, most: usize) -> (usize, u32) {
    let kids = |n: NodeRef<'_>| (n.shape() == Shape::List).then(|| n.children().len());
    let slot = match kids(node) {
        Some(k @ (2 | 3)) => k as u32 - 1,
        _ => return (0, 1),
    };
    let (mut at, mut len) = (node, 0);
    while let Some(tail) = (len < most && kids(at) == Some(slot as usize + 1))
        .then(|| at.children().get(slot as usize).map(|c| c.node))
        .flatten()
    {
        len += 1;
        at = tail;
    }
    (len, slot)
}

/// `path` followed by `k` steps down tails at child `slot` (a map's entries: 2; a list's
/// cells: 1, [`suffix_path`]).
pub fn suffix_path_at(path: &[u32], k: usize, slot: u32) -> Vec<u32> {
    path.iter().copied().chain(std::iter::repeat_n(slot, k)).collect()
}

/// The number of cells of the list at `node`.
pub fn list_len(node: NodeRef<'_>) -> usize {
    list_len_up_to(node, usize::MAX)
}

/// The number of cells of the list at `node`, counted to `most` at most: O(`most`).
pub fn list_len_up_to(node: NodeRef<'_>, most: usize) -> usize {
    let mut at = node;
    let mut len = 0;
    while let Some((_, tail)) = cons_parts(at).filter(|_| len < most) {
        len += 1;
        at = tail;
    }
    len
}

/// A value to put at a path.
pub(super) type Placed = (Vec<u32>, Box<dyn SubValue>);

/// `value` after `step` again and again, each time on what the last one made, until `step`
/// finds nothing to do (`None`), at most `NEAR` times; `None` when it never did anything, or
/// when a step it found could not be made (`Some(None)`). How the rounds put a counterexample
/// in another shape (every rotation done, every list of lists merged, ...).
pub(super) fn repeated(value: &Root, step: impl Fn(&Root) -> Option<Option<Root>>) -> Option<Root> {
    let mut now: Option<Root> = None;
    for _ in 0..NEAR {
        let Some(next) = step(now.as_ref().unwrap_or(value)) else { break };
        now = Some(next?);
    }
    now
}

/// [`repeated`] with a step made at a node: `place` gives the values to put at paths for the
/// first of the value's first `NEAR` nodes (with its path) where it applies.
pub(super) fn placed_repeatedly<P: IntoIterator<Item = Placed>>(
    value: &Root,
    place: impl Fn(NodeRef<'_>, &[u32]) -> Option<P>,
) -> Option<Root> {
    repeated(value, |current| {
        let nodes = indexed_nodes(NodeRef::Value(current.node()), NEAR);
        let placed = nodes.into_iter().find_map(|(path, node)| place(node, &path))?;
        let mut next = current.clone();
        let made = placed.into_iter().all(|(path, part)| {
            assign_at_path(NodeMutRef::Value(next.node_mut()), &path, part).is_ok()
        });
        Some(made.then_some(next))
    })
}

/// The path of the suffix starting at element `k` of the list at `path`.
pub fn suffix_path(path: &[u32], k: usize) -> Vec<u32> {
    suffix_path_at(path, k, 1)
}

/// A random value of `node`'s type strictly smaller than `bound`, or `None` when there is none.
pub fn generate_below(
    node: NodeRef<'_>,
    bound: usize,
    gen: &mut Gen,
    size: usize,
) -> Option<Box<dyn SubValue>> {
    let type_node = node.type_node();
    let min = type_node.min_size()?;
    if min >= bound {
        return None;
    }
    let budget = gen.range(min, bound - 1);
    let saved = gen.size();
    gen.set_size(size);
    let value = gen.with_budget(budget, |g| type_node.generate(g));
    gen.set_size(saved);
    Some(value)
}

/// Feeds the value at `root` into `h` by its structure: each node's constructor index and
/// number of children, each leaf's rank (or, for leaves without one and for frozen fields,
/// their `Debug` text). Values that differ hash differently but for collisions; no text is
/// built for ranked leaves and constructors.
pub fn hash_value(root: NodeRef<'_>, h: &mut impl Hasher) {
    // Inline room for a small value's pending nodes: hashing one allocates nothing.
    let mut stack: SmallVec<[(NodeRef<'_>, bool); 16]> = smallvec::smallvec![(root, false)];
    while let Some((node, frozen)) = stack.pop() {
        if frozen || node.is_opaque() {
            match node.type_node().leaf_rank().filter(|_| !frozen) {
                Some(rank) => h.write_u64(rank),
                // A string's length and bytes, where its `Debug` text escaped it char by char
                // (a third of the time of reducing a map of string keys went to that). The
                // length first: `FastHasher` mixes eight bytes as one word and each byte left
                // over as one, so `"a"` and `"a\0\0\0\0\0\0\0"` wrote the same words.
                None => match leaf_as::<String>(node) {
                    Some(text) => {
                        h.write_usize(text.len());
                        h.write(text.as_bytes());
                    }
                    None => {
                        let _ = std::fmt::write(&mut HashWriter(h), format_args!("{node:?}"));
                        h.write_u8(0xff);
                    }
                },
            }
            continue;
        }
        let children = node.children();
        h.write_u32(constructor_index(node));
        h.write_usize(children.len());
        stack.extend(children.iter().rev().map(|c| (c.node, c.frozen)));
    }
}

/// The value at `node` as a `T`, if it is one (a whole value, not a list's tail).
pub(super) fn leaf_as<T: 'static>(node: NodeRef<'_>) -> Option<&T> {
    match node {
        NodeRef::Value(n) => n.node_as_any()?.downcast_ref::<T>(),
        NodeRef::Suffix(..) => None,
    }
}

/// Hashes what is formatted into it, without building the string.
struct HashWriter<'h, H>(&'h mut H);

impl<H: Hasher> std::fmt::Write for HashWriter<'_, H> {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.0.write(s.as_bytes());
        Ok(())
    }
}

/// A fast, non-cryptographic hasher (FxHash's multiply-rotate) for the reducer's memos and
/// the tester's cache, whose keys no adversary chooses. It starts from a nonzero state: from
/// zero, words of zero left it at zero, so a walk that began with them (a first constructor,
/// a leaf at rank 0) hashed as the same walk without them.
pub struct FastHasher(u64);

impl Default for FastHasher {
    fn default() -> FastHasher {
        FastHasher(0x243f_6a88_85a3_08d3)
    }
}

impl Hasher for FastHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(c);
            self.mix(u64::from_le_bytes(word));
        }
        for &b in chunks.remainder() {
            self.mix(u64::from(b));
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.mix(n);
    }
    fn write_u32(&mut self, n: u32) {
        self.mix(u64::from(n));
    }
    fn write_usize(&mut self, n: usize) {
        self.mix(n as u64);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

impl FastHasher {
    fn mix(&mut self, word: u64) {
        const K: u64 = 0x517c_c1b7_2722_0a95;
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(K);
    }
}

/// The structural hash of the value at `root` (see [`hash_value`]).
pub fn structural_hash(root: NodeRef<'_>) -> u64 {
    let mut h = FastHasher::default();
    hash_value(root, &mut h);
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SubTypes;

    #[test]
    fn list_leaf_paths_are_two_runs() {
        let v: Vec<u8> = (0..100).collect();
        let found = leaves(NodeRef::Value(v.node()));
        assert_eq!(found.len(), 100);
        assert_eq!(found[57].path.0.as_slice(), &[(1, 57), (0, 1)]);
        let mut w = v.clone();
        assign_leaf(NodeMutRef::Value(w.node_mut()), &found[57].path, Box::new(0u8)).unwrap();
        assert_eq!(w[57], 0);
    }

    #[test]
    fn structural_hash_tells_values_apart() {
        let h = |v: &(Vec<i32>, String)| structural_hash(NodeRef::Value(v.node()));
        let a = (vec![1, 2], "x".to_string());
        assert_eq!(h(&a), h(&a.clone()));
        assert_ne!(h(&a), h(&(vec![2, 1], "x".to_string())));
        assert_ne!(h(&a), h(&(vec![1, 2], "y".to_string())));
        assert_ne!(h(&a), h(&(vec![1], "x".to_string())));
        // Eight bytes are mixed as one word: a string padded with NULs to eight is another.
        assert_ne!(h(&a), h(&(vec![1, 2], "x\0\0\0\0\0\0\0".to_string())));
        let s = |v: &Vec<String>| structural_hash(NodeRef::Value(v.node()));
        assert_ne!(s(&vec!["\0".into()]), s(&vec!["\0".repeat(8)]));
    }
}
