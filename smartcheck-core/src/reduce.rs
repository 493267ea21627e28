//! Counterexample reduction (paper §4, Figures 3 and 4), as a table of passes run to a fixed
//! point under an evaluation budget: each round runs every pass in order, cheap deterministic
//! ones first, the paper's random search after them, normal form last; rounds repeat while
//! any pass makes progress.
//!
//! Structure (sizes shrink):
//! - `chain` applies the sub-value hypothesis (§4.3.1) along the chain of same-typed
//!   sub-values (a list's suffixes, an expression's left spine) by binary search, and
//!   `truncate` finds a list's shortest failing prefix the same way, so a long list shrinks in
//!   O(log n) evaluations rather than one restart per element.
//! - `hoist` replaces a node by a nearby sub-value of its own type (for a list, dropping one
//!   element); `merge_lists` concatenates adjacent lists in a list of lists.
//! - `subvalues` is the paper's `reduceOpt`: a greedy breadth-first walk from the first proper
//!   sub-value; a sub-value of the root's type that fails replaces the whole; otherwise
//!   `max_reduce` random values strictly smaller than `min(size, max_size)` are tried in its
//!   place; on success, start again. `max_depth` bounds how deep it looks; opaque values are
//!   never touched. Beyond the paper, repeated candidates are skipped before they are built
//!   (and cost no evaluation), so a small type is searched longer while most draws are
//!   repeats; at most `TRIES_PER_SHAPE` replacements of one shape (same constructors, any
//!   leaves) run, the value passes doing the rest; and a sub-value searched in vain is not
//!   searched again at the same place in a later round.
//!
//! Structure and values together (with `Args::shrink_values`; sizes shrink):
//! - `trade` deletes a list cell and sets a leaf outside it to its type's last value, where
//!   length and magnitude trade off (`(4, [5, 7, 8])` to `(999999, [7, 8])`).
//! - `renumber` deletes a list element and lowers the other leaves of its type by one, where
//!   numbers index into the list (`[0, 2, 1]` to `[1, 0]`).
//! - `graft` (structure alone) moves a part of a list element into an empty list of the part's
//!   type, deleting the element (`args: [], stmts: [Return(e)]` to `args: [e], stmts: []`).
//!
//! Values (with `Args::shrink_values`; sizes stay, leaf ranks fall):
//! - `leaves` minimises each primitive leaf (binary search toward the simplest value of its
//!   type); `equal_leaves` lowers equal leaves together (`(7, 7)` to `(0, 0)` when they must
//!   agree); `leaf_pairs` lowers two leaves to their simplest together (`Add(C(1), C(-1))`);
//!   `shift` moves rank from an earlier leaf to a later one (`(-4, -32765)` to
//!   `(-1, -32768)` when only their sum matters); `leaf_order` sorts leaves of one type.
//!
//! Normal form (sizes stay, the [`OrderKey`] falls), so that runs end on the same value:
//! `swap_subtrees` swaps two disjoint sub-values of one type, `swap_constructors` swaps the
//! constructors of two nodes keeping their children, and `regenerate` tries random values in
//! place of the smallest sub-values, when that lowers the key.
//!
//! Invariant: the current value always fails the property, the same way as the original.
//! Every accepted candidate is smaller in the order (size, constructors breadth-first, leaf
//! ranks depth-first) of [`OrderKey`], which is well-founded, or (for leaves without a rank)
//! one of their finitely many `shrink_value` steps, so reduction terminates. Candidates
//! already seen to pass are not run again (the tester's cache). Cost: the paper's algorithm
//! is O(n²) in the counterexample's constructors (each success restarts the walk); `chain`
//! and `truncate` make the common cases O(n log n); the normalising passes look at the first
//! few dozen nodes and leaves only; every pass stops at the evaluation budget.

use std::cmp::Ordering;
use std::collections::{HashMap, HashSet};
use std::fmt::{self, Write as _};
use std::hash::{BuildHasher, BuildHasherDefault, Hash, Hasher};

use crate::args::Args;
use crate::gen::Gen;
use crate::index::{assign_at_path, Bfs};
use crate::property::{Failure, PropertyResult};
use crate::subtypes::{NodeMutRef, NodeRef, Shape, SubTypes, SubValue};
use crate::tester::Tester;

/// A reduction pass: tries one kind of simplification, true when it made progress.
type Pass<T, P> = fn(&mut Reducer<'_, '_, T, P>) -> bool;

/// What a pass changes; value passes run only with `Args::shrink_values`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Changes {
    Structure,
    Values,
}

/// The passes, in the order each round runs them.
#[allow(clippy::type_complexity)]
fn passes<T: SubTypes, R: PropertyResult, P: Fn(&T) -> R>(
) -> [(&'static str, Changes, Pass<T, P>); 16] {
    use Changes::{Structure, Values};
    [
        ("chain", Structure, chain::<T, R, P>),
        ("truncate", Structure, truncate::<T, R, P>),
        ("hoist", Structure, hoist::<T, R, P>),
        ("merge_lists", Structure, merge_lists::<T, R, P>),
        ("trade", Values, trade::<T, R, P>),
        ("renumber", Values, renumber::<T, R, P>),
        ("graft", Structure, graft::<T, R, P>),
        ("leaves", Values, leaves::<T, R, P>),
        ("equal_leaves", Values, equal_leaves::<T, R, P>),
        ("leaf_pairs", Values, leaf_pairs::<T, R, P>),
        ("shift", Values, shift::<T, R, P>),
        ("leaf_order", Values, leaf_order::<T, R, P>),
        ("subvalues", Structure, subvalues::<T, R, P>),
        ("swap_subtrees", Structure, swap_subtrees::<T, R, P>),
        ("swap_constructors", Structure, swap_constructors::<T, R, P>),
        ("regenerate", Structure, regenerate::<T, R, P>),
    ]
}

/// How many times `max_reduce` random replacements `subvalues` may generate for one sub-value
/// when most of them are repeats (a small type, searched more thoroughly at little cost:
/// repeated candidates are skipped without an evaluation).
const SMALL_SPACE_ATTEMPTS: usize = 8;

/// Replacements of one shape (the same constructors, whatever the leaves) `subvalues` tries
/// per sub-value.
const TRIES_PER_SHAPE: usize = 8;

/// Nodes and leaves the normalising passes look at (pairs of them, so kept small).
const NORMALISE_NODES: usize = 48;

/// The state of one reduction.
pub struct Reducer<'a, 't, T, P> {
    args: &'a Args,
    tester: &'a mut Tester<'t, T, P>,
    gen: &'a mut Gen,
    /// The smallest counterexample so far.
    pub current: T,
    /// How it fails.
    pub failure: Failure,
    signature: String,
    budget_end: usize,
    /// The current value's [`OrderKey`], once a pass has asked for it.
    key: Option<OrderKey>,
    /// The current value's hash, once asked for.
    hash: Option<u64>,
    /// The random searches that found nothing, as hashes of (pass, path, sub-value): a later
    /// round does not search the same sub-value at the same place again.
    exhausted: FastSet<u64>,
    hasher: BuildHasherDefault<FastHasher>,
}

impl<'a, 't, T: SubTypes, R: PropertyResult, P: Fn(&T) -> R> Reducer<'a, 't, T, P> {
    /// Prepares to reduce `value`, which fails with `failure`.
    pub fn new(
        args: &'a Args,
        tester: &'a mut Tester<'t, T, P>,
        gen: &'a mut Gen,
        value: T,
        failure: Failure,
    ) -> Self {
        let budget_end = tester.evaluations.saturating_add(args.max_reduce_evaluations);
        let signature = failure.signature();
        Reducer {
            args,
            tester,
            gen,
            current: value,
            failure,
            signature,
            budget_end,
            key: None,
            hash: None,
            exhausted: FastSet::default(),
            hasher: BuildHasherDefault::default(),
        }
    }

    /// Runs the passes to a fixed point or until the evaluation budget is spent.
    pub fn run(mut self) -> (T, Failure) {
        let table = passes::<T, R, P>();
        // The value each pass last found nothing to do in: it is not run on it again.
        let mut idle_at: Vec<Option<u64>> = vec![None; table.len()];
        loop {
            let mut progress = false;
            for (i, (name, changes, pass)) in table.into_iter().enumerate() {
                if !self.args.shrink_values && changes == Changes::Values {
                    continue;
                }
                if self.spent() {
                    return (self.current, self.failure);
                }
                let here = self.value_hash();
                if idle_at[i] == Some(here) {
                    continue;
                }
                let (before, started) = (self.tester.evaluations, std::time::Instant::now());
                let made = pass(&mut self);
                progress |= made;
                if !made {
                    idle_at[i] = Some(here);
                }
                if self.args.verbose {
                    let spent = self.tester.evaluations - before;
                    eprintln!(
                        "smartcheck: {name}: {} in {spent} evaluations and {}µs, size {}",
                        if made { "progress" } else { "nothing" },
                        started.elapsed().as_micros(),
                        self.current.size()
                    );
                }
            }
            if !progress {
                return (self.current, self.failure);
            }
        }
    }

    fn spent(&self) -> bool {
        self.tester.evaluations >= self.budget_end
    }

    /// Keeps `candidate` when it fails the same way; true if kept.
    fn try_candidate(&mut self, candidate: T) -> bool {
        match self.tester.fails_as(&candidate, Some(&self.signature)) {
            Some(failure) => {
                self.current = candidate;
                self.failure = failure;
                self.key = None;
                self.hash = None;
                true
            }
            None => false,
        }
    }

    /// [`try_candidate`](Self::try_candidate), reporting also whether the property ran (a
    /// candidate already seen to pass is not run again).
    fn try_fresh(&mut self, candidate: T) -> (bool, bool) {
        let before = self.tester.evaluations;
        let kept = self.try_candidate(candidate);
        (kept, self.tester.evaluations > before)
    }

    /// A hash of the current value (its `Debug`), to tell values apart.
    fn value_hash(&mut self) -> u64 {
        if let Some(h) = self.hash {
            return h;
        }
        let mut h = HashWriter(self.hasher.build_hasher());
        let text =
            crate::render::render(crate::NodeRef::Value(self.current.node()), &Default::default());
        let _ = write!(h, "{text}");
        let h = h.0.finish();
        self.hash = Some(h);
        h
    }

    /// The current value's key in the reduction order.
    fn key(&mut self) -> &OrderKey {
        let current = &self.current;
        self.key.get_or_insert_with(|| order_key(NodeRef::Value(current.node())))
    }

    /// Keeps `candidate` when it is below the current value in the reduction order and fails
    /// the same way.
    fn try_smaller(&mut self, candidate: T) -> bool {
        let key = order_key(NodeRef::Value(candidate.node()));
        key < *self.key() && self.try_candidate(candidate)
    }

    /// The memo key of a random search by `pass` at `path` over `node`.
    fn search_key(&self, pass: &str, path: &[u32], node: NodeRef<'_>) -> u64 {
        let mut h = HashWriter(self.hasher.build_hasher());
        pass.hash(&mut h.0);
        path.hash(&mut h.0);
        let _ = write!(h, "{node:?}");
        h.0.finish()
    }

    /// True the first time `value` is offered in `seen` (a random search's replacements so
    /// far): a repeated replacement is a repeated candidate, skipped before it is built.
    fn first_time(&self, seen: &mut FastSet<u64>, value: &dyn SubValue) -> bool {
        let mut h = HashWriter(self.hasher.build_hasher());
        let _ = write!(h, "{value:?}");
        seen.insert(h.0.finish())
    }

    /// The current value with the node at `path` replaced by `value`, if the types agree.
    fn with_replaced(&self, path: &[u32], value: Box<dyn SubValue>) -> Option<T> {
        let mut candidate = self.current.clone();
        assign_at_path(NodeMutRef::Value(candidate.node_mut()), path, value).ok()?;
        Some(candidate)
    }

    /// The current value with each `(path, value)` put in place (paths must not lie under one
    /// another).
    fn with_all(&self, replacements: Vec<(&[u32], Box<dyn SubValue>)>) -> Option<T> {
        let mut candidate = self.current.clone();
        for (path, value) in replacements {
            assign_at_path(NodeMutRef::Value(candidate.node_mut()), path, value).ok()?;
        }
        Some(candidate)
    }
}

/// A fast, non-cryptographic hasher (FxHash's multiply-rotate) for the reducer's own memos,
/// whose keys no adversary chooses.
#[derive(Default)]
pub struct FastHasher(u64);

impl Hasher for FastHasher {
    fn write(&mut self, bytes: &[u8]) {
        const K: u64 = 0x517c_c1b7_2722_0a95;
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let word = u64::from_le_bytes(c.try_into().expect("chunks of 8"));
            self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(K);
        }
        for &b in chunks.remainder() {
            self.0 = (self.0.rotate_left(5) ^ u64::from(b)).wrapping_mul(K);
        }
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

type FastSet<K> = HashSet<K, BuildHasherDefault<FastHasher>>;

/// Hashes what is formatted into it, without building the string.
struct HashWriter<H>(H);

impl<H: Hasher> fmt::Write for HashWriter<H> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0.write(s.as_bytes());
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------------
// The order

/// Where a value stands in the order reduction descends: its size, then its constructors in
/// breadth-first order (each as its index among its type's constructors), then its leaves'
/// ranks in depth-first order (a leaf without a rank counts as the most complex). Passes that keep the size
/// accept only candidates with a smaller key, so they cannot cycle, and equally small
/// counterexamples settle on the one with the earliest constructors and simplest leaves.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct OrderKey {
    size: usize,
    constructors: Vec<u32>,
    leaves: Vec<u64>,
}

impl OrderKey {
    /// True when nothing of `node`'s type comes before it: the type's smallest size, first
    /// constructors, simplest leaves.
    fn is_simplest(&self, node: NodeRef<'_>) -> bool {
        node.type_node().min_size() == Some(self.size)
            && self.constructors.iter().all(|&c| c == 0)
            && self.leaves.iter().all(|&l| l == 0)
    }
}

/// The constructors of the value at `root` in breadth-first order, each as its index among its
/// type's: its shape, whatever its leaves.
fn constructors(root: NodeRef<'_>) -> Vec<u32> {
    Bfs::new(root).filter(|v| !v.node.is_opaque()).map(|v| constructor_index(v.node)).collect()
}

/// The [`OrderKey`] of the value at `root`.
pub fn order_key(root: NodeRef<'_>) -> OrderKey {
    let constructors = constructors(root);
    let mut leaves = Vec::new();
    let mut stack = vec![root];
    while let Some(node) = stack.pop() {
        if node.is_opaque() {
            leaves.push(node.type_node().leaf_rank().unwrap_or(u64::MAX));
            continue;
        }
        let children = node.children();
        stack.extend(children.into_iter().rev().filter(|c| !c.frozen).map(|c| c.node));
    }
    OrderKey { size: root.size(), constructors, leaves }
}

/// The index of `node`'s constructor among its type's.
fn constructor_index(node: NodeRef<'_>) -> u32 {
    let name = node.constructor();
    let names = node.constructors();
    let same = |c: &&str| std::ptr::eq(c.as_ptr(), name.as_ptr()) && c.len() == name.len();
    names.iter().position(same).or_else(|| names.iter().position(|c| *c == name)).unwrap_or(0)
        as u32
}

// ---------------------------------------------------------------------------------------------
// Helpers

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

/// The node at `path` under `root`.
pub fn node_at<'a>(root: NodeRef<'a>, path: &[u32]) -> Option<NodeRef<'a>> {
    let mut at = root;
    for &slot in path {
        at = at.children().into_iter().nth(slot as usize)?.node;
    }
    Some(at)
}

/// The first `most` indexed nodes of `root` in breadth-first order, with their paths.
fn indexed_nodes(root: NodeRef<'_>, most: usize) -> Vec<(Vec<u32>, NodeRef<'_>)> {
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
fn nested(a: &[u32], b: &[u32]) -> bool {
    a.starts_with(b) || b.starts_with(a)
}

/// A list cell's head and tail; `None` for the empty list and for anything but a list.
fn cons_parts(node: NodeRef<'_>) -> Option<(NodeRef<'_>, NodeRef<'_>)> {
    if node.shape() != Shape::List {
        return None;
    }
    let children = node.children();
    (children.len() == 2).then(|| (children[0].node, children[1].node))
}

/// The first `most` cons cells among `root`'s first indexed nodes whose head `keep` accepts,
/// with their paths (the cells `trade` and `renumber` try deleting).
fn list_cells<'a>(
    root: NodeRef<'a>,
    most: usize,
    keep: impl Fn(NodeRef<'a>) -> bool,
) -> Vec<(Vec<u32>, NodeRef<'a>)> {
    indexed_nodes(root, NORMALISE_NODES)
        .into_iter()
        .filter(|(_, n)| cons_parts(*n).is_some_and(|(head, _)| keep(head)))
        .take(most)
        .collect()
}

/// The number of cells of the list at `node`.
fn list_len(node: NodeRef<'_>) -> usize {
    let mut at = node;
    let mut len = 0;
    while let Some((_, tail)) = cons_parts(at) {
        len += 1;
        at = tail;
    }
    len
}

// ---------------------------------------------------------------------------------------------
// Structure

/// The sub-value hypothesis by binary search: along the chain root, its first sub-value of the
/// root's type, that one's first, and so on, keep the deepest that still fails (exact when
/// failing is monotone along the chain, as for "the list contains x").
fn chain<T: SubTypes, R: PropertyResult, P: Fn(&T) -> R>(r: &mut Reducer<'_, '_, T, P>) -> bool {
    let cex = r.current.clone();
    let root = NodeRef::Value(cex.node());
    let ty = root.value_type();
    let mut links = vec![root];
    while let Some(&last) = links.last() {
        let next = Bfs::new(last).skip(1).find(|v| v.node.value_type() == ty);
        match next {
            Some(v) => links.push(v.node),
            None => break,
        }
    }
    if links.len() < 3 {
        return false; // the subvalues pass tries the one link there is
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

/// Cuts lists short: for each whole list (not a suffix) of at least `SHORTEST` elements, the
/// shortest prefix that still fails, by binary search on where it ends (exact when failing is
/// monotone in the prefix, as for "the list contains x"). With `chain`, which drops a prefix,
/// a long list shrinks to the part that matters in O(log n) evaluations.
fn truncate<T: SubTypes, R: PropertyResult, P: Fn(&T) -> R>(r: &mut Reducer<'_, '_, T, P>) -> bool {
    const SHORTEST: usize = 4;
    const LISTS: usize = 16;
    let mut progress = false;
    let mut done = 0;
    'restart: loop {
        let cex = r.current.clone();
        let mut bfs = Bfs::new(NodeRef::Value(cex.node()));
        let mut seen = 0;
        while let Some(visit) = bfs.next() {
            // A whole list is a value; its suffixes are not.
            if visit.node.shape() != Shape::List || !matches!(visit.node, NodeRef::Value(_)) {
                continue;
            }
            seen += 1;
            if seen <= done {
                continue;
            }
            if seen > LISTS || r.spent() {
                return progress;
            }
            done = seen;
            let len = list_len(visit.node);
            if len < SHORTEST {
                continue;
            }
            let path = bfs.path(visit.index);
            let at = |k: usize| -> Vec<u32> {
                path.iter().copied().chain(std::iter::repeat_n(1, k)).collect()
            };
            let Some(empty) = node_at(visit.node, &vec![1; len]).map(NodeRef::to_value) else {
                continue;
            };
            // The shortest failing prefix is in lo..=hi; the whole list (hi) fails.
            let (mut lo, mut hi) = (0, len);
            while lo < hi && !r.spent() {
                let mid = lo + (hi - lo) / 2;
                let Some(candidate) = r.with_replaced(&at(mid), empty.clone()) else { break };
                if r.try_candidate(candidate) {
                    hi = mid;
                    progress = true;
                } else {
                    lo = mid + 1;
                }
            }
            if hi < len {
                done -= 1; // look at this list again: its elements may now be cut too
                continue 'restart;
            }
        }
        return progress;
    }
}

/// The paper's `reduceOpt` (Figure 4), with the random search of [`search_below`].
fn subvalues<T: SubTypes, R: PropertyResult, P: Fn(&T) -> R>(
    r: &mut Reducer<'_, '_, T, P>,
) -> bool {
    let mut progress = false;
    'restart: loop {
        let cex = r.current.clone();
        let root = NodeRef::Value(cex.node());
        let root_type = root.value_type();
        let mut bfs = Bfs::new(root);
        bfs.next();
        while let Some(visit) = bfs.next() {
            if r.spent() {
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
            if search_below(r, &path, visit.node) {
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
fn search_below<T: SubTypes, R: PropertyResult, P: Fn(&T) -> R>(
    r: &mut Reducer<'_, '_, T, P>,
    path: &[u32],
    node: NodeRef<'_>,
) -> bool {
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
        // A structural search: a few leaf values per shape are enough, the value passes do
        // the rest.
        let shape = constructors(new.as_node());
        if shapes.get(&shape).is_some_and(|&n| n >= TRIES_PER_SHAPE)
            || !r.first_time(&mut seen, &*new)
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

/// Replaces a node by one of the nearest sub-values of its own type under it (for a list,
/// this drops an element).
fn hoist<T: SubTypes, R: PropertyResult, P: Fn(&T) -> R>(r: &mut Reducer<'_, '_, T, P>) -> bool {
    const NEAREST: usize = 2;
    const LOOK: usize = 32;
    let mut progress = false;
    let mut start = 0;
    'restart: loop {
        let cex = r.current.clone();
        let mut bfs = Bfs::new(NodeRef::Value(cex.node()));
        while let Some(visit) = bfs.next() {
            let index = visit.index;
            if index < start {
                continue;
            }
            if r.spent() {
                return progress;
            }
            let ty = visit.node.value_type();
            let nearest: Vec<Box<dyn SubValue>> = Bfs::new(visit.node)
                .skip(1)
                .take(LOOK)
                .filter(|v| v.node.value_type() == ty)
                .take(NEAREST)
                .map(|v| v.node.to_value())
                .collect();
            if nearest.is_empty() {
                continue;
            }
            let path = bfs.path(visit.index);
            for value in nearest {
                if let Some(candidate) = r.with_replaced(&path, value) {
                    if r.try_candidate(candidate) {
                        progress = true;
                        start = index;
                        continue 'restart;
                    }
                }
            }
        }
        return progress;
    }
}

/// Concatenates adjacent lists in a list of lists: `[[a], [b, c], d]` becomes `[[a, b, c], d]`
/// (two constructors fewer), for failures that need enough elements in all but not how they
/// are split (`[[0, 1], [2]]` to `[[0, 1, 2]]`).
fn merge_lists<T: SubTypes, R: PropertyResult, P: Fn(&T) -> R>(
    r: &mut Reducer<'_, '_, T, P>,
) -> bool {
    let mut progress = false;
    let mut start = 0;
    'restart: loop {
        let cex = r.current.clone();
        let mut bfs = Bfs::new(NodeRef::Value(cex.node()));
        while let Some(visit) = bfs.next() {
            if visit.index < start {
                continue;
            }
            if r.spent() {
                return progress;
            }
            let Some((first, tail)) = cons_parts(visit.node) else { continue };
            if first.shape() != Shape::List {
                continue;
            }
            let Some((second, rest)) = cons_parts(tail) else { continue };
            let path = bfs.path(visit.index);
            let end: Vec<u32> = path
                .iter()
                .copied()
                .chain([0])
                .chain(std::iter::repeat_n(1, list_len(first)))
                .collect();
            let tail_path: Vec<u32> = path.iter().copied().chain([1]).collect();
            let Some(candidate) =
                r.with_all(vec![(&end, second.to_value()), (&tail_path, rest.to_value())])
            else {
                continue;
            };
            if r.try_candidate(candidate) {
                progress = true;
                start = visit.index;
                continue 'restart;
            }
        }
        return progress;
    }
}

// ---------------------------------------------------------------------------------------------
// Values

/// The paths of the primitive leaves that may change: opaque nodes not under a frozen field.
fn leaf_paths(root: NodeRef<'_>) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    let mut stack: Vec<(NodeRef<'_>, Vec<u32>)> = vec![(root, Vec::new())];
    while let Some((node, path)) = stack.pop() {
        if node.is_opaque() {
            out.push(path);
            continue;
        }
        let children = node.children();
        for (slot, child) in children.into_iter().enumerate().rev() {
            if !child.frozen {
                let mut p = path.clone();
                p.push(slot as u32);
                stack.push((child.node, p));
            }
        }
    }
    out
}

/// A leaf with a rank: where it is, its value and its rank.
struct RankedLeaf {
    path: Vec<u32>,
    value: Box<dyn SubValue>,
    rank: u64,
}

/// The first `most` leaves of `root` that have a rank, in depth-first order.
fn ranked_leaves(root: NodeRef<'_>, most: usize) -> Vec<RankedLeaf> {
    leaf_paths(root)
        .into_iter()
        .filter_map(|path| {
            let value = node_at(root, &path)?.type_node().to_value();
            let rank = value.leaf_rank()?;
            Some(RankedLeaf { path, value, rank })
        })
        .take(most)
        .collect()
}

/// Minimises each leaf: binary search over its rank when it has one, else its own simpler
/// candidates, first one that still fails.
fn leaves<T: SubTypes, R: PropertyResult, P: Fn(&T) -> R>(r: &mut Reducer<'_, '_, T, P>) -> bool {
    let mut progress = false;
    let paths = leaf_paths(NodeRef::Value(r.current.node()));
    for path in paths {
        if r.spent() {
            break;
        }
        progress |= minimise_leaf(r, &path);
    }
    progress
}

fn minimise_leaf<T: SubTypes, R: PropertyResult, P: Fn(&T) -> R>(
    r: &mut Reducer<'_, '_, T, P>,
    path: &[u32],
) -> bool {
    let leaf = |r: &Reducer<'_, '_, T, P>| {
        node_at(NodeRef::Value(r.current.node()), path).map(|n| n.type_node().to_value())
    };
    let Some(start) = leaf(r) else { return false };
    if let Some(rank) = start.leaf_rank() {
        return rank > 0 && search_rank(r, &[path], &*start, rank);
    }
    let mut progress = false;
    let mut rounds = 0;
    'again: while rounds < 64 && !r.spent() {
        rounds += 1;
        let Some(now) = leaf(r) else { break };
        for simpler in now.shrink_value() {
            if let Some(candidate) = r.with_replaced(path, simpler) {
                if r.try_candidate(candidate) {
                    progress = true;
                    continue 'again;
                }
            }
        }
        break;
    }
    progress
}

/// Finds a small failing rank in `0..rank` for the leaves at `paths` (all of `leaf`'s type and
/// rank) by binary search, setting them all to it (exact when failure is monotone in the rank;
/// a good guess otherwise), keeping every failing value it meets.
fn search_rank<T: SubTypes, R: PropertyResult, P: Fn(&T) -> R>(
    r: &mut Reducer<'_, '_, T, P>,
    paths: &[&[u32]],
    leaf: &dyn SubValue,
    rank: u64,
) -> bool {
    let try_rank = |r: &mut Reducer<'_, '_, T, P>, k: u64| -> bool {
        let Some(value) = leaf.from_leaf_rank(k) else { return false };
        let replacements = paths.iter().map(|p| (*p, value.clone())).collect();
        match r.with_all(replacements) {
            Some(candidate) => r.try_candidate(candidate),
            None => false,
        }
    };
    if try_rank(r, 0) {
        return true;
    }
    let (mut lo, mut hi) = (0u64, rank);
    let mut progress = false;
    while hi - lo > 1 && !r.spent() {
        let mid = lo + (hi - lo) / 2;
        if try_rank(r, mid) {
            hi = mid;
            progress = true;
        } else {
            lo = mid;
        }
    }
    progress
}

/// Lowers leaves that are equal (same type and rank) together, for failures that need them
/// to agree: `(2147483647, 2147483647)` to `(10, 10)` when the property wants `a == b >= 10`.
fn equal_leaves<T: SubTypes, R: PropertyResult, P: Fn(&T) -> R>(
    r: &mut Reducer<'_, '_, T, P>,
) -> bool {
    let leaves = ranked_leaves(NodeRef::Value(r.current.node()), NORMALISE_NODES);
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for (i, leaf) in leaves.iter().enumerate() {
        if leaf.rank == 0 {
            continue;
        }
        let same = |g: &&mut Vec<usize>| {
            let first = &leaves[g[0]];
            first.rank == leaf.rank && first.value.value_type() == leaf.value.value_type()
        };
        match groups.iter_mut().find(same) {
            Some(group) => group.push(i),
            None => groups.push(vec![i]),
        }
    }
    let mut progress = false;
    for group in groups.into_iter().filter(|g| g.len() > 1) {
        if r.spent() {
            break;
        }
        let paths: Vec<&[u32]> = group.iter().map(|&i| leaves[i].path.as_slice()).collect();
        let first = &leaves[group[0]];
        progress |= search_rank(r, &paths, &*first.value, first.rank);
    }
    progress
}

/// Lowers pairs of leaves of one type to their simplest values together, for failures that
/// need two leaves to agree (`Add(C(1), C(-1))`).
fn leaf_pairs<T: SubTypes, R: PropertyResult, P: Fn(&T) -> R>(
    r: &mut Reducer<'_, '_, T, P>,
) -> bool {
    const MOST: usize = 16;
    let nonzero: Vec<RankedLeaf> = ranked_leaves(NodeRef::Value(r.current.node()), NORMALISE_NODES)
        .into_iter()
        .filter(|l| l.rank > 0)
        .take(MOST)
        .collect();
    for i in 0..nonzero.len() {
        for j in i + 1..nonzero.len() {
            if r.spent() {
                return false;
            }
            let (a, b) = (&nonzero[i], &nonzero[j]);
            if a.value.value_type() != b.value.value_type() {
                continue;
            }
            let (Some(za), Some(zb)) = (a.value.from_leaf_rank(0), b.value.from_leaf_rank(0))
            else {
                continue;
            };
            let Some(candidate) = r.with_all(vec![(&a.path, za), (&b.path, zb)]) else { continue };
            if r.try_candidate(candidate) {
                return true;
            }
        }
    }
    false
}

/// Moves rank from an earlier leaf to a later one: the earlier leaf's rank falls by `d` and the
/// later one's rises by `d`, the largest `d` found by binary search (a `d` that takes the later
/// leaf past its type's last value costs no evaluation). For two numbers of one sign this
/// keeps their sum, so `(-4, -32765)` becomes `(-1, -32768)` where only the sum matters, and
/// `(500000, [2])` becomes `(499992, [10])` (then `(100000, [10])`) where a product must
/// reach a bound; equally small counterexamples settle on one.
fn shift<T: SubTypes, R: PropertyResult, P: Fn(&T) -> R>(r: &mut Reducer<'_, '_, T, P>) -> bool {
    const MOST: usize = 16;
    let mut progress = false;
    'restart: loop {
        let leaves = ranked_leaves(NodeRef::Value(r.current.node()), NORMALISE_NODES);
        for i in 0..leaves.len().min(MOST) {
            for j in i + 1..leaves.len() {
                if r.spent() {
                    return progress;
                }
                let (a, b) = (&leaves[i], &leaves[j]);
                if a.rank == 0 {
                    continue;
                }
                if shift_pair(r, a, b) {
                    progress = true;
                    continue 'restart;
                }
            }
        }
        return progress;
    }
}

/// One pair of [`shift`]: true when some `d > 0` failed (and was kept).
fn shift_pair<T: SubTypes, R: PropertyResult, P: Fn(&T) -> R>(
    r: &mut Reducer<'_, '_, T, P>,
    a: &RankedLeaf,
    b: &RankedLeaf,
) -> bool {
    let try_shift = |r: &mut Reducer<'_, '_, T, P>, d: u64| -> bool {
        let moved = b.rank.checked_add(d).and_then(|k| b.value.from_leaf_rank(k));
        let (Some(new_a), Some(new_b)) = (a.value.from_leaf_rank(a.rank - d), moved) else {
            return false;
        };
        match r.with_all(vec![(&a.path, new_a), (&b.path, new_b)]) {
            Some(candidate) => r.try_candidate(candidate),
            None => false,
        }
    };
    if try_shift(r, a.rank) {
        return true;
    }
    // The largest failing d = step * k below the rank, by binary search on k: lo fails (or is
    // 0, the current value), hi does not. For ranks of one parity the step is 2: signed
    // numbers' ranks alternate signs, so this keeps both numbers' signs.
    let step = if a.rank % 2 == b.rank % 2 { 2 } else { 1 };
    let (mut lo, mut hi) = (0u64, (a.rank - 1) / step + 1);
    while hi - lo > 1 && !r.spent() {
        let mid = lo + (hi - lo) / 2;
        if try_shift(r, step * mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo > 0
}

/// Normalises: swaps two leaves of one type when the earlier is further from simplest than the
/// later (`[1, 0]` becomes `[0, 1]`), so equal-sized results come out the same run after run.
fn leaf_order<T: SubTypes, R: PropertyResult, P: Fn(&T) -> R>(
    r: &mut Reducer<'_, '_, T, P>,
) -> bool {
    let ranked = ranked_leaves(NodeRef::Value(r.current.node()), NORMALISE_NODES);
    for i in 0..ranked.len() {
        for j in i + 1..ranked.len() {
            if r.spent() {
                return false;
            }
            let (a, b) = (&ranked[i], &ranked[j]);
            if a.value.value_type() != b.value.value_type() || a.rank <= b.rank {
                continue;
            }
            let swapped =
                vec![(a.path.as_slice(), b.value.clone()), (b.path.as_slice(), a.value.clone())];
            let Some(candidate) = r.with_all(swapped) else { continue };
            if r.try_candidate(candidate) {
                return true;
            }
        }
    }
    false
}

/// Deletes a list cell and sets a leaf outside it to the last value of its type's order: a
/// smaller structure for a bigger number, where the two trade off. `(4, [5, 7, 8, 9, 10, 10])`
/// (a start and multipliers whose product must reach a bound) becomes
/// `(999999, [7, 8, 9, 10, 10])`, which `hoist` and `leaves` take to `(100000, [10])`.
/// One evaluation per (cell, leaf) pair, for the first few of each.
fn trade<T: SubTypes, R: PropertyResult, P: Fn(&T) -> R>(r: &mut Reducer<'_, '_, T, P>) -> bool {
    const CELLS: usize = 16;
    const LEAVES: usize = 8;
    let mut progress = false;
    'restart: loop {
        let cex = r.current.clone();
        let root = NodeRef::Value(cex.node());
        let leaves = ranked_leaves(root, NORMALISE_NODES);
        let cells = list_cells(root, CELLS, |_| true);
        for (cell_path, cell) in &cells {
            let Some((_, tail)) = cons_parts(*cell) else { continue };
            let outside = leaves.iter().filter(|l| !l.path.starts_with(cell_path)).take(LEAVES);
            for leaf in outside {
                if r.spent() {
                    return progress;
                }
                let Some(top) = last_rank(&*leaf.value).filter(|&t| t > leaf.rank) else {
                    continue;
                };
                let Some(raised) = leaf.value.from_leaf_rank(top) else { continue };
                let changes =
                    vec![(cell_path.as_slice(), tail.to_value()), (leaf.path.as_slice(), raised)];
                let Some(candidate) = r.with_all(changes) else { continue };
                if r.try_candidate(candidate) {
                    progress = true;
                    continue 'restart;
                }
            }
        }
        return progress;
    }
}

/// Deletes a list element that is a leaf and lowers by one rank every other leaf of its type
/// that is not the simplest: where numbers index into the list, this keeps them pointing at
/// the same elements. `[0, 0, 3, 2]` (two elements pointing at each other) becomes
/// `[0, 2, 1]`, then `[1, 0]`. One evaluation per element, for the first few.
fn renumber<T: SubTypes, R: PropertyResult, P: Fn(&T) -> R>(r: &mut Reducer<'_, '_, T, P>) -> bool {
    const CELLS: usize = 16;
    let mut progress = false;
    'restart: loop {
        let cex = r.current.clone();
        let root = NodeRef::Value(cex.node());
        let leaves = ranked_leaves(root, NORMALISE_NODES);
        let cells = list_cells(root, CELLS, |head| head.is_opaque());
        for (cell_path, cell) in &cells {
            if r.spent() {
                return progress;
            }
            let Some((head, tail)) = cons_parts(*cell) else { continue };
            let ty = head.value_type();
            let mut changes: Vec<(&[u32], Box<dyn SubValue>)> = leaves
                .iter()
                .filter(|l| {
                    l.rank > 0 && l.value.value_type() == ty && !l.path.starts_with(cell_path)
                })
                .filter_map(|l| Some((l.path.as_slice(), l.value.from_leaf_rank(l.rank - 1)?)))
                .collect();
            // The leaves in the tail move up one cell when the cell goes: lower them there.
            let mut tail = tail.to_value();
            let mut lowered = changes.len();
            for l in leaves.iter().filter(|l| l.rank > 0 && l.value.value_type() == ty) {
                let Some(rest) =
                    l.path.strip_prefix(cell_path.as_slice()).and_then(|p| p.strip_prefix(&[1]))
                else {
                    continue;
                };
                if let Some(lower) = l.value.from_leaf_rank(l.rank - 1) {
                    lowered += usize::from(assign_at_path(tail.as_node_mut(), rest, lower).is_ok());
                }
            }
            if lowered == 0 {
                continue; // plain deletion: `hoist` tries that
            }
            changes.push((cell_path, tail));
            let Some(candidate) = r.with_all(changes) else { continue };
            if r.try_candidate(candidate) {
                progress = true;
                continue 'restart;
            }
        }
        return progress;
    }
}

/// Moves a part of a list element into an empty list of the part's type, deleting the
/// element: `Func { args: [], stmts: [Return(e)] }` becomes `Func { args: [e], stmts: [] }`
/// (one constructor fewer, the statement's), where what matters is the part, not where it
/// sits. The one-element list is built from a random list of that type with its head
/// replaced. One evaluation per (element, part, empty list), for the first few.
fn graft<T: SubTypes, R: PropertyResult, P: Fn(&T) -> R>(r: &mut Reducer<'_, '_, T, P>) -> bool {
    const CELLS: usize = 8;
    let mut progress = false;
    'restart: loop {
        let cex = r.current.clone();
        let nodes = indexed_nodes(NodeRef::Value(cex.node()), NORMALISE_NODES);
        let empty: Vec<&(Vec<u32>, NodeRef<'_>)> = nodes
            .iter()
            .filter(|(_, n)| n.shape() == Shape::List && n.children().is_empty())
            .collect();
        if empty.is_empty() {
            return progress;
        }
        let cells =
            nodes.iter().filter(|(_, n)| cons_parts(*n).is_some_and(|(h, _)| !h.is_opaque()));
        for (cell_path, cell) in cells.take(CELLS) {
            let Some((head, tail)) = cons_parts(*cell) else { continue };
            for part in head.children().into_iter().filter(|c| !c.frozen && !c.node.is_opaque()) {
                for (list_path, list) in &empty {
                    if r.spent() {
                        return progress;
                    }
                    if nested(cell_path, list_path) {
                        continue;
                    }
                    let Some(one) = singleton(*list, part.node, r.gen) else { continue };
                    let changes =
                        vec![(cell_path.as_slice(), tail.to_value()), (list_path.as_slice(), one)];
                    let Some(candidate) = r.with_all(changes) else { continue };
                    if r.try_candidate(candidate) {
                        progress = true;
                        continue 'restart;
                    }
                }
            }
        }
        return progress;
    }
}

/// A list of `list`'s type holding just `item`, if `item` is of its element type: a random list
/// of that type with one element, its head replaced.
fn singleton(list: NodeRef<'_>, item: NodeRef<'_>, gen: &mut Gen) -> Option<Box<dyn SubValue>> {
    const TRIES: usize = 20;
    let type_node = list.type_node();
    for _ in 0..TRIES {
        let (budget, saved) = (gen.range(2, 8), gen.size());
        gen.set_size(budget);
        let mut value = gen.with_budget(budget, |g| type_node.generate(g));
        gen.set_size(saved);
        let Some((head, tail)) = cons_parts(value.as_node()) else { continue };
        if head.value_type() != item.value_type() {
            return None;
        }
        if cons_parts(tail).is_some() {
            continue;
        }
        return assign_at_path(value.as_node_mut(), &[0], item.to_value()).ok().map(|()| value);
    }
    None
}

/// The largest rank `leaf`'s type has a value for (exponential, then binary search; no
/// evaluations).
fn last_rank(leaf: &dyn SubValue) -> Option<u64> {
    leaf.from_leaf_rank(0)?;
    if leaf.from_leaf_rank(u64::MAX).is_some() {
        return Some(u64::MAX);
    }
    let mut hi = 1u64;
    while leaf.from_leaf_rank(hi).is_some() {
        hi = hi.saturating_mul(2);
    }
    let mut lo = hi / 2; // has a value (or is 0)
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if leaf.from_leaf_rank(mid).is_some() {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Some(lo)
}

// ---------------------------------------------------------------------------------------------
// Normal form

/// Swaps two disjoint sub-values of one type when that lowers the [`OrderKey`]: the simpler
/// of two sub-heaps goes first, `T([1], [])` becomes `T([], [1])`.
fn swap_subtrees<T: SubTypes, R: PropertyResult, P: Fn(&T) -> R>(
    r: &mut Reducer<'_, '_, T, P>,
) -> bool {
    let mut progress = false;
    'restart: loop {
        let cex = r.current.clone();
        let nodes = indexed_nodes(NodeRef::Value(cex.node()), NORMALISE_NODES);
        let keys: Vec<OrderKey> = nodes.iter().map(|(_, n)| order_key(*n)).collect();
        for (i, (pa, a)) in nodes.iter().enumerate() {
            for (j, (pb, b)) in nodes.iter().enumerate().skip(i + 1) {
                if r.spent() {
                    return progress;
                }
                // Only the simpler of the two moving first can lower the key.
                if a.value_type() != b.value_type() || keys[j] >= keys[i] || nested(pa, pb) {
                    continue;
                }
                let Some(candidate) = r.with_all(vec![(pa, b.to_value()), (pb, a.to_value())])
                else {
                    continue;
                };
                if r.try_smaller(candidate) {
                    progress = true;
                    continue 'restart;
                }
            }
        }
        return progress;
    }
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
/// earlier one's constructor comes later in its type's declaration: `B(C(A(N)))` becomes
/// `A(C(B(N)))`, then `A(B(C(N)))`.
fn swap_constructors<T: SubTypes, R: PropertyResult, P: Fn(&T) -> R>(
    r: &mut Reducer<'_, '_, T, P>,
) -> bool {
    let mut progress = false;
    'restart: loop {
        let cex = r.current.clone();
        let nodes = indexed_nodes(NodeRef::Value(cex.node()), NORMALISE_NODES);
        for (i, &(ref px, x)) in nodes.iter().enumerate() {
            for &(ref py, y) in &nodes[i + 1..] {
                if r.spent() {
                    return progress;
                }
                if x.value_type() != y.value_type() || constructor_index(y) >= constructor_index(x)
                {
                    continue;
                }
                // `y` is later in breadth-first order, so it may lie under `x` but not above it:
                // rebuild `y` first, then `x` around the rebuilt children.
                let Some(new_y) = with_children(x, y) else { continue };
                let Some(mut candidate) = r.with_replaced(py, new_y) else { continue };
                let new_x = {
                    let root = NodeRef::Value(candidate.node());
                    node_at(root, px).and_then(|filling| with_children(y, filling))
                };
                let Some(new_x) = new_x else { continue };
                if assign_at_path(NodeMutRef::Value(candidate.node_mut()), px, new_x).is_err() {
                    continue;
                }
                if r.try_smaller(candidate) {
                    progress = true;
                    continue 'restart;
                }
            }
        }
        return progress;
    }
}

/// Random values of at most a node's size in place of its small sub-values (of at most
/// `SMALL` constructors), kept when they lower the [`OrderKey`]: reaches equally small
/// counterexamples with earlier constructors (`Bool(false)` to `Int(0)` where either fails),
/// which strictly smaller replacements cannot. Generates a tenth of `max_reduce` (at least 10) values per
/// sub-value and runs the property on the first that lowers the key.
fn regenerate<T: SubTypes, R: PropertyResult, P: Fn(&T) -> R>(
    r: &mut Reducer<'_, '_, T, P>,
) -> bool {
    const SMALL: usize = 2;
    let mut progress = false;
    'restart: loop {
        let cex = r.current.clone();
        let nodes = indexed_nodes(NodeRef::Value(cex.node()), NORMALISE_NODES);
        for (path, node) in nodes.into_iter().skip(1) {
            let size = node.size_up_to(SMALL + 1);
            let memo = r.search_key("regenerate", &path, node);
            if size > SMALL || r.exhausted.contains(&memo) {
                continue;
            }
            let old = order_key(node);
            if old.is_simplest(node) {
                continue;
            }
            for _ in 0..(r.args.max_reduce / 10).max(10) {
                if r.spent() {
                    return progress;
                }
                let Some(new) = generate_below(node, size + 1, r.gen, r.args.max_size) else {
                    break;
                };
                // A replacement no simpler than what it replaces seldom makes the whole simpler.
                if order_key(new.as_node()) >= old {
                    continue;
                }
                let Some(candidate) = r.with_replaced(&path, new) else { break };
                if order_key(NodeRef::Value(candidate.node())).cmp(r.key()) != Ordering::Less {
                    continue;
                }
                if r.try_candidate(candidate) {
                    progress = true;
                    continue 'restart;
                }
                break;
            }
            r.exhausted.insert(memo);
        }
        return progress;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::property::Outcome;

    fn reduce_with<V: SubTypes>(prop: impl Fn(&V) -> bool, v: V, seed: u64) -> V {
        let args = Args::default();
        let mut tester = Tester::new(&prop, None);
        let failure = match tester.run(&v) {
            Outcome::Fail(f) => f,
            other => panic!("not a counterexample: {other:?}"),
        };
        let mut gen = Gen::new(seed, 10);
        Reducer::new(&args, &mut tester, &mut gen, v, failure).run().0
    }

    fn reduce_vec(prop: impl Fn(&Vec<i32>) -> bool, v: Vec<i32>, seed: u64) -> Vec<i32> {
        reduce_with(prop, v, seed)
    }

    #[test]
    fn reverse_reduces_to_two_elements() {
        for seed in 0..20 {
            let v = vec![5, -3, 8, 8, 1, 0, 12, -7];
            let got = reduce_vec(|v| v.iter().rev().cloned().collect::<Vec<_>>() == *v, v, seed);
            assert_eq!(got, vec![0, 1], "seed {seed}");
        }
    }

    #[test]
    fn leaves_find_the_boundary() {
        let got = reduce_vec(|v| v.iter().all(|&x| x < 900), vec![3, 1000, 7, 2000], 1);
        assert_eq!(got, vec![900]);
    }

    #[test]
    fn size_up_to_stops_early() {
        let v: Vec<u8> = vec![0; 100];
        assert_eq!(NodeRef::Value(v.node()).size_up_to(10), 10);
        assert_eq!(NodeRef::Value(v.node()).size_up_to(1000), 101);
    }

    #[test]
    fn equal_leaves_fall_together() {
        let prop = |p: &(u32, u32)| !(p.0 >= 10 && p.0 == p.1);
        for seed in 0..5 {
            assert_eq!(reduce_with(prop, (u32::MAX, u32::MAX), seed), (10, 10), "seed {seed}");
        }
    }

    #[test]
    fn shift_moves_rank_to_the_later_leaf() {
        // Fails when the wrapping sum overflows, each number being below 256: the simplest
        // first number is -1, which needs -32768 beside it.
        let prop = |p: &(i16, i16)| !(p.0 < 256 && p.1 < 256 && p.0.wrapping_add(p.1) >= 1280);
        for seed in 0..5 {
            assert_eq!(reduce_with(prop, (-4, -32765), seed), (-1, -32768), "seed {seed}");
        }
    }

    #[test]
    fn lists_of_lists_merge() {
        let prop = |v: &Vec<Vec<u8>>| v.iter().map(Vec::len).sum::<usize>() < 5;
        let got = reduce_with(prop, vec![vec![1, 2], vec![3], vec![4, 5, 6]], 3);
        assert_eq!(got, vec![vec![0; 5]]);
    }

    /// Runs one pass on `v` and returns the result.
    fn one_pass<V: SubTypes>(prop: fn(&V) -> bool, v: V, pass: Pass<V, fn(&V) -> bool>) -> V {
        let args = Args::default();
        let mut tester = Tester::new(&prop, None);
        let failure = match tester.run(&v) {
            Outcome::Fail(f) => f,
            other => panic!("not a counterexample: {other:?}"),
        };
        let mut gen = Gen::new(0, 10);
        let mut r = Reducer::new(&args, &mut tester, &mut gen, v, failure);
        pass(&mut r);
        r.current
    }

    #[test]
    fn truncate_finds_the_shortest_failing_prefix() {
        let prop = |v: &Vec<u8>| !v.contains(&7);
        let got = one_pass(prop, vec![1, 2, 7, 3, 4, 5, 6, 8], truncate::<_, bool, _>);
        assert_eq!(got, vec![1, 2, 7]);
    }

    #[test]
    fn renumber_keeps_indexes_pointing_at_their_elements() {
        let prop = |v: &Vec<u8>| {
            let pre = v.iter().all(|&x| usize::from(x) < v.len());
            let pointing = |i: usize, j: u8| i != usize::from(j) && v[usize::from(j)] == i as u8;
            !pre || !v.iter().enumerate().any(|(i, &j)| pointing(i, j))
        };
        let got = one_pass(prop, vec![0, 0, 3, 2], renumber::<_, bool, _>);
        assert_eq!(got, vec![1, 0]);
    }

    #[test]
    fn merge_lists_concatenates_neighbours() {
        let prop = |v: &Vec<Vec<u8>>| v.iter().map(Vec::len).sum::<usize>() < 5;
        let got =
            one_pass(prop, vec![vec![1, 2], vec![3], vec![4, 5, 6]], merge_lists::<_, bool, _>);
        assert_eq!(got, vec![vec![1, 2, 3, 4, 5, 6]]);
    }

    #[test]
    fn swap_subtrees_puts_the_simpler_first() {
        let prop = |p: &(Vec<u8>, Vec<u8>)| p.0.is_empty() && p.1.is_empty();
        let got = one_pass(prop, (vec![0], vec![]), swap_subtrees::<_, bool, _>);
        assert_eq!(got, (vec![], vec![0]));
    }

    #[test]
    fn swap_constructors_keeps_children() {
        type P = (Result<u8, u8>, Result<u8, u8>);
        let prop = |p: &P| p.0.is_ok() == p.1.is_ok();
        let got = one_pass(prop, (Err(1), Ok(2)), swap_constructors::<_, bool, _>);
        assert_eq!(got, (Ok(1), Err(2)));
    }

    #[test]
    fn order_key_orders_size_then_constructors_then_leaves() {
        let key = |v: &Vec<Option<u8>>| order_key(NodeRef::Value(v.node()));
        assert!(key(&vec![None]) < key(&vec![Some(0)]), "smaller size first");
        assert!(key(&vec![None, Some(0)]) < key(&vec![Some(0), None]), "earlier constructors");
        assert!(
            key(&vec![Some(0), Some(1)]) < key(&vec![Some(1), Some(0)]),
            "simpler leaves first"
        );
    }
}
