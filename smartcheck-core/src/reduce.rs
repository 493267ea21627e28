//! Counterexample reduction (paper §4, Figures 3 and 4), as a table of passes run to a fixed
//! point under an evaluation budget.
//!
//! - `subvalues` is the paper's `reduceOpt`: a greedy breadth-first walk from the first proper
//!   sub-value; a sub-value of the root's type that fails replaces the whole (the sub-value
//!   counterexample hypothesis, §4.3.1); otherwise up to `max_reduce` random values strictly
//!   smaller than `min(size, max_size)` are tried in its place; on success, start again.
//!   `max_depth` bounds how deep it looks; opaque values are never touched.
//! - Beyond the paper: `chain` applies the sub-value hypothesis along the chain of
//!   same-typed sub-values (a list's suffixes, an expression's left spine) by binary search, so
//!   a long list shrinks in O(log n) evaluations rather than one restart per element; `hoist` replaces a node by a nearby sub-value of the node's own type
//!   (for a list, dropping one element); with `Args::shrink_values`, `leaves` minimises each
//!   primitive leaf (binary search toward the simplest value of its type) and `leaf_pairs`
//!   lowers two leaves together (`Add(C(1), C(-1))` to `Add(C(0), C(0))`).
//!
//! Invariant: the current value always fails the property, the same way as the original.
//! Every accepted candidate is strictly smaller in size, or equal in size with a simpler leaf,
//! so reduction terminates. Cost: the paper's algorithm is O(n²) in the counterexample's
//! constructors (each success restarts the walk); every pass stops at the evaluation budget.

use crate::args::Args;
use crate::gen::Gen;
use crate::index::{assign_at_path, Bfs};
use crate::property::{Failure, PropertyResult};
use crate::subtypes::{NodeMutRef, NodeRef, SubTypes, SubValue};
use crate::tester::Tester;

/// A reduction pass: tries one kind of simplification, true when it made progress.
type Pass<T, P> = fn(&mut Reducer<'_, '_, T, P>) -> bool;

/// The passes, in the order each round runs them.
fn passes<T: SubTypes, R: PropertyResult, P: Fn(&T) -> R>() -> [(&'static str, Pass<T, P>); 6] {
    [
        ("chain", chain::<T, R, P>),
        ("subvalues", subvalues::<T, R, P>),
        ("hoist", hoist::<T, R, P>),
        ("leaves", leaves::<T, R, P>),
        ("leaf_pairs", leaf_pairs::<T, R, P>),
        ("leaf_order", leaf_order::<T, R, P>),
    ]
}

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
        Reducer { args, tester, gen, current: value, failure, signature, budget_end }
    }

    /// Runs the passes to a fixed point or until the evaluation budget is spent.
    pub fn run(mut self) -> (T, Failure) {
        let table = passes::<T, R, P>();
        loop {
            let mut progress = false;
            for (name, pass) in table {
                if !self.args.shrink_values && name.starts_with("leaf") {
                    continue;
                }
                if self.spent() {
                    return (self.current, self.failure);
                }
                if pass(&mut self) {
                    progress = true;
                    if self.args.verbose {
                        eprintln!("smartcheck: {name}: size {}", self.current.size());
                    }
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
                true
            }
            None => false,
        }
    }

    /// The current value with the node at `path` replaced by `value`, if the types agree.
    fn with_replaced(&self, path: &[u32], value: Box<dyn SubValue>) -> Option<T> {
        let mut candidate = self.current.clone();
        assign_at_path(NodeMutRef::Value(candidate.node_mut()), path, value).ok()?;
        Some(candidate)
    }
}

/// The size of `node`, counting no further than `cap`.
pub fn size_capped(node: NodeRef<'_>, cap: usize) -> usize {
    let mut stack = vec![node];
    let mut size = 0;
    while let Some(n) = stack.pop() {
        if n.is_opaque() {
            continue;
        }
        size += 1;
        if size >= cap {
            return size;
        }
        stack.extend(n.children().into_iter().filter(|c| !c.frozen).map(|c| c.node));
    }
    size
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

/// The paper's `reduceOpt` (Figure 4).
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
            let bound = size_capped(visit.node, r.args.max_size.max(1)).min(r.args.max_size);
            for _ in 0..r.args.max_reduce {
                if r.spent() {
                    return progress;
                }
                let Some(new) = generate_below(visit.node, bound, r.gen, r.args.max_size) else {
                    break;
                };
                let Some(candidate) = r.with_replaced(&path, new) else { break };
                if r.try_candidate(candidate) {
                    progress = true;
                    continue 'restart;
                }
            }
        }
        return progress;
    }
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

/// The node at `path` under `root`.
pub fn node_at<'a>(root: NodeRef<'a>, path: &[u32]) -> Option<NodeRef<'a>> {
    let mut at = root;
    for &slot in path {
        at = at.children().into_iter().nth(slot as usize)?.node;
    }
    Some(at)
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
        return rank > 0 && search_rank(r, path, &*start, rank);
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

/// Finds a small failing rank in `0..rank` by binary search (exact when failure is monotone
/// in the rank; a good guess otherwise), keeping every failing value it meets.
fn search_rank<T: SubTypes, R: PropertyResult, P: Fn(&T) -> R>(
    r: &mut Reducer<'_, '_, T, P>,
    path: &[u32],
    leaf: &dyn SubValue,
    rank: u64,
) -> bool {
    let try_rank = |r: &mut Reducer<'_, '_, T, P>, k: u64| -> bool {
        let Some(value) = leaf.from_leaf_rank(k) else { return false };
        match r.with_replaced(path, value) {
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

/// Lowers pairs of leaves of one type to their simplest values together, for failures that
/// need two leaves to agree (`Add(C(1), C(-1))`).
fn leaf_pairs<T: SubTypes, R: PropertyResult, P: Fn(&T) -> R>(
    r: &mut Reducer<'_, '_, T, P>,
) -> bool {
    const MOST: usize = 16;
    let root = r.current.clone();
    let root = NodeRef::Value(root.node());
    let mut nonzero: Vec<(Vec<u32>, Box<dyn SubValue>)> = Vec::new();
    for path in leaf_paths(root) {
        let Some(node) = node_at(root, &path) else { continue };
        let value = node.type_node().to_value();
        if value.leaf_rank().is_some_and(|k| k > 0) {
            nonzero.push((path, value));
            if nonzero.len() == MOST {
                break;
            }
        }
    }
    for i in 0..nonzero.len() {
        for j in i + 1..nonzero.len() {
            if r.spent() {
                return false;
            }
            let (a, b) = (&nonzero[i], &nonzero[j]);
            if a.1.value_type() != b.1.value_type() {
                continue;
            }
            let (Some(za), Some(zb)) = (a.1.from_leaf_rank(0), b.1.from_leaf_rank(0)) else {
                continue;
            };
            let Some(mut candidate) = r.with_replaced(&a.0, za) else { continue };
            if assign_at_path(NodeMutRef::Value(candidate.node_mut()), &b.0, zb).is_err() {
                continue;
            }
            if r.try_candidate(candidate) {
                return true;
            }
        }
    }
    false
}

/// Normalises: swaps two leaves of one type when the earlier is further from simplest than the
/// later (`[1, 0]` becomes `[0, 1]`), so equal-sized results come out the same run after run.
fn leaf_order<T: SubTypes, R: PropertyResult, P: Fn(&T) -> R>(
    r: &mut Reducer<'_, '_, T, P>,
) -> bool {
    const MOST: usize = 32;
    let root = r.current.clone();
    let root = NodeRef::Value(root.node());
    let ranked: Vec<(Vec<u32>, Box<dyn SubValue>, u64)> = leaf_paths(root)
        .into_iter()
        .take(MOST)
        .filter_map(|path| {
            let value = node_at(root, &path)?.type_node().to_value();
            let rank = value.leaf_rank()?;
            Some((path, value, rank))
        })
        .collect();
    for i in 0..ranked.len() {
        for j in i + 1..ranked.len() {
            if r.spent() {
                return false;
            }
            let (a, b) = (&ranked[i], &ranked[j]);
            if a.1.value_type() != b.1.value_type() || a.2 <= b.2 {
                continue;
            }
            let Some(mut candidate) = r.with_replaced(&a.0, b.1.clone()) else { continue };
            if assign_at_path(NodeMutRef::Value(candidate.node_mut()), &b.0, a.1.clone()).is_err() {
                continue;
            }
            if r.try_candidate(candidate) {
                return true;
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::property::Outcome;

    fn reduce_vec(prop: impl Fn(&Vec<i32>) -> bool, v: Vec<i32>, seed: u64) -> Vec<i32> {
        let args = Args::default();
        let mut tester = Tester::new(&prop, None);
        let failure = match tester.run(&v) {
            Outcome::Fail(f) => f,
            other => panic!("not a counterexample: {other:?}"),
        };
        let mut gen = Gen::new(seed, 10);
        Reducer::new(&args, &mut tester, &mut gen, v, failure).run().0
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
    fn size_capped_stops_early() {
        let v: Vec<u8> = vec![0; 100];
        assert_eq!(size_capped(NodeRef::Value(v.node()), 10), 10);
        assert_eq!(size_capped(NodeRef::Value(v.node()), 1000), 101);
    }
}
