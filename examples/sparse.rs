//! Sparse preconditions: Target's own cases (Seidel, Vazou and Jhala), in Rust. Each has a
//! seeded bug behind a precondition that random inputs rarely meet (a sorted list, a leftist
//! heap, a binary search tree three levels deep). Random discovery runs with as many evaluations as
//! the exhaustive check spends; it gives up or misses, and the exhaustive check finds the bug,
//! reduced. The map's type states its invariant, which guides random generation as well (it
//! then finds the bug in some seeds); the same trees without it ([`Tree`]) are what plain
//! random testing with a precondition draws.
//!
//! Run: `cargo run --release --example sparse` (set `SMARTCHECK_SEED` for the random runs).

use smartcheck::enumerate::{lists_where, parts, Pruned};
use smartcheck::exhaustive::{exhaustive_check, exhaustive_check_pruned};
use smartcheck::{Arbitrary, Args, Enumerate, SubTypes, Verdict};

// ---------------------------------------------------------------------------------------------
// Insertion into a sorted list

/// True when `list` is in non-decreasing order.
pub fn sorted(list: &[u8]) -> bool {
    list.windows(2).all(|w| w[0] <= w[1])
}

/// Inserts `x` in order; the bug drops `x` when it equals the last element of a list of four
/// or more that starts lower.
pub fn insert(list: &[u8], x: u8) -> Vec<u8> {
    let mut out = list.to_vec();
    if out.len() >= 4 && out.last() == Some(&x) && out[0] < x {
        return out;
    }
    let at = out.iter().position(|&y| y > x).unwrap_or(out.len());
    out.insert(at, x);
    out
}

/// Inserting into a sorted list keeps it sorted and adds one element.
pub fn insert_property((list, x): &(Vec<u8>, u8)) -> Verdict {
    let out = insert(list, *x);
    Verdict::implies(sorted(list), sorted(&out) && out.len() == list.len() + 1)
}

// ---------------------------------------------------------------------------------------------
// A leftist heap

/// A leftist min-heap: each node stores its rank (the length of its right spine).
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary, Enumerate)]
pub enum Heap {
    /// The empty heap.
    E,
    /// A node: rank, value, left and right children.
    T(u8, u8, Box<Heap>, Box<Heap>),
}

fn rank(h: &Heap) -> u8 {
    match h {
        Heap::E => 0,
        Heap::T(r, ..) => *r,
    }
}

/// The leftist-heap invariant: ranks are right, the left rank is at least the right one, and
/// every child is no smaller than its parent.
pub fn leftist(h: &Heap) -> bool {
    match h {
        Heap::E => true,
        Heap::T(r, x, a, b) => {
            let ordered = |c: &Heap| match c {
                Heap::E => true,
                Heap::T(_, y, ..) => y >= x,
            };
            *r == rank(b).saturating_add(1)
                && rank(a) >= rank(b)
                && ordered(a)
                && ordered(b)
                && leftist(a)
                && leftist(b)
        }
    }
}

/// A node with children `a` and `b`, the one of higher rank on the left. The bug: it forgets
/// to swap when the left child has rank 1 and the right one rank 2 or more, which only a heap
/// of at least three nodes can bring about.
fn make(x: u8, a: Heap, b: Heap) -> Heap {
    if rank(&a) >= rank(&b) || rank(&a) == 1 {
        Heap::T(rank(&b).saturating_add(1), x, Box::new(a), Box::new(b))
    } else {
        Heap::T(rank(&a).saturating_add(1), x, Box::new(b), Box::new(a))
    }
}

fn merge(h1: Heap, h2: Heap) -> Heap {
    match (h1, h2) {
        (h, Heap::E) | (Heap::E, h) => h,
        (Heap::T(r1, x, a1, b1), Heap::T(r2, y, a2, b2)) => {
            if x <= y {
                make(x, *a1, merge(*b1, Heap::T(r2, y, a2, b2)))
            } else {
                make(y, *a2, merge(Heap::T(r1, x, a1, b1), *b2))
            }
        }
    }
}

/// Merging two leftist heaps gives a leftist heap.
pub fn heap_property((h1, h2): &(Heap, Heap)) -> Verdict {
    Verdict::implies(leftist(h1) && leftist(h2), leftist(&merge(h1.clone(), h2.clone())))
}

// ---------------------------------------------------------------------------------------------
// A map as a binary search tree

/// A map from keys to values as a binary search tree: every key in a node's left subtree is
/// below the node's key, every key in its right subtree above. The type says so
/// (`#[smartcheck(invariant = ordered)]`): generation, reduction and enumeration keep to
/// ordered trees, and no property needs to state it.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary, Enumerate)]
#[smartcheck(invariant = ordered)]
pub enum Map {
    /// The empty map.
    Leaf,
    /// A node: left subtree, key, value, right subtree.
    Node(Box<Map>, u8, bool, Box<Map>),
}

/// The largest key of a subtree (`None` for a leaf).
fn max_key(m: &Map) -> Option<u8> {
    match m {
        Map::Leaf => None,
        Map::Node(_, k, _, r) => max_key(r).or(Some(*k)),
    }
}

/// The smallest key of a subtree (`None` for a leaf).
fn min_key(m: &Map) -> Option<u8> {
    match m {
        Map::Leaf => None,
        Map::Node(l, k, ..) => min_key(l).or(Some(*k)),
    }
}

/// The invariant at one node (the subtrees' own are theirs): its key lies between the keys of
/// its subtrees.
pub fn ordered(m: &Map) -> bool {
    let Map::Node(l, k, _, r) = m else {
        return true;
    };
    max_key(l).is_none_or(|x| x < *k) && min_key(r).is_none_or(|y| y > *k)
}

/// Inserts `k -> v`. The bug: a key found three levels down or deeper keeps its old value.
pub fn map_insert(m: &Map, k: u8, v: bool) -> Map {
    insert_at(m, k, v, 0)
}

fn insert_at(m: &Map, k: u8, v: bool, level: usize) -> Map {
    match m {
        Map::Leaf => Map::Node(Box::new(Map::Leaf), k, v, Box::new(Map::Leaf)),
        Map::Node(l, key, value, r) => {
            let (l, r) = (l.clone(), r.clone());
            if k < *key {
                Map::Node(Box::new(insert_at(&l, k, v, level + 1)), *key, *value, r)
            } else if k > *key {
                Map::Node(l, *key, *value, Box::new(insert_at(&r, k, v, level + 1)))
            } else {
                Map::Node(l, *key, if level >= 3 { *value } else { v }, r)
            }
        }
    }
}

/// The value of `k`.
pub fn lookup(m: &Map, k: u8) -> Option<bool> {
    match m {
        Map::Leaf => None,
        Map::Node(l, key, value, r) => match k.cmp(key) {
            std::cmp::Ordering::Less => lookup(l, k),
            std::cmp::Ordering::Greater => lookup(r, k),
            std::cmp::Ordering::Equal => Some(*value),
        },
    }
}

/// Looking up a key just inserted gives its value.
pub fn map_property((m, k, v): &(Map, u8, bool)) -> bool {
    lookup(&map_insert(m, *k, *v), *k) == Some(*v)
}

/// The same trees without the invariant: random discovery draws trees of any order and the
/// property discards those that are not search trees, as plain random testing with a
/// precondition does (the baseline Target measured itself against).
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub enum Tree {
    /// The empty tree.
    Leaf,
    /// A node: left subtree, key, value, right subtree.
    Node(Box<Tree>, u8, bool, Box<Tree>),
}

/// `t` as a map, whether or not it is ordered.
fn as_map(t: &Tree) -> Map {
    match t {
        Tree::Leaf => Map::Leaf,
        Tree::Node(l, k, v, r) => Map::Node(Box::new(as_map(l)), *k, *v, Box::new(as_map(r))),
    }
}

/// [`ordered`] at every node.
fn search_tree(m: &Map) -> bool {
    match m {
        Map::Leaf => true,
        Map::Node(l, _, _, r) => ordered(m) && search_tree(l) && search_tree(r),
    }
}

/// [`map_property`] over any tree, with being a search tree as its precondition.
pub fn plain_map_property((t, k, v): &(Tree, u8, bool)) -> Verdict {
    let m = as_map(t);
    let ordered = search_tree(&m);
    Verdict::implies(ordered, map_property(&(m, *k, *v)))
}

// ---------------------------------------------------------------------------------------------

/// Random discovery with at most `budget` evaluations (half tests, as many discards), one
/// round, no generalization: whether random testing finds the bug on the same budget as the
/// exhaustive check.
pub fn random_same_budget<T: SubTypes, R: smartcheck::PropertyResult>(
    budget: usize,
    seed: u64,
    prop: impl Fn(&T) -> R,
) -> smartcheck::Report<T> {
    let args = Args {
        seed: Some(seed),
        persist: false,
        tests: budget.div_ceil(2),
        max_discard_ratio: 1,
        rounds: 1,
        run_forall: false,
        run_exists: false,
        ..Args::default()
    };
    smartcheck::smart_check(&args, prop)
}

/// One case: the exhaustive check at `depth`, then random discovery with as many evaluations,
/// and with default arguments.
pub fn compare<T: SubTypes + Enumerate, R: smartcheck::PropertyResult>(
    name: &str,
    depth: usize,
    seed: u64,
    prop: impl Fn(&T) -> R,
) -> (String, bool, bool) {
    let args = Args { seed: Some(seed), persist: false, ..Args::default() };
    compare_with(name, exhaustive_check(&args, depth, &prop), seed, prop)
}

/// The inputs of [`insert_property`] up to `depth` that meet its precondition, as Target
/// enumerates them: the sorted lists (an unsorted prefix is never extended), each with every
/// element to insert. The rest of the space is counted as pruned, not built. A tuple adds no
/// level, so both parts are enumerated to `depth` itself: the space is that of
/// `(Vec<u8>, u8)` up to `depth`, which the report names.
pub fn sorted_insert_inputs(depth: usize) -> Pruned<(Vec<u8>, u8)> {
    let lists = lists_where::<u8>(depth, |l: &[u8]| sorted(l));
    lists.paired_with(&parts::<u8>(depth))
}

/// [`compare`] after an exhaustive check of one's own (over a pruned space).
pub fn compare_with<T: SubTypes, R: smartcheck::PropertyResult>(
    name: &str,
    exhaustive: smartcheck::exhaustive::Exhaustive<T>,
    seed: u64,
    prop: impl Fn(&T) -> R,
) -> (String, bool, bool) {
    let args = Args { seed: Some(seed), persist: false, ..Args::default() };
    let budget = exhaustive.coverage().checked;
    // At most `budget` evaluations: half tests, as many discards.
    let random = random_same_budget(budget, seed, &prop);
    let default = smartcheck::smart_check(&args, &prop);
    let first = |r: &smartcheck::Report<T>| r.to_string().lines().next().unwrap_or("").to_string();
    let text = format!(
        "== {name}\nexhaustive: {exhaustive}random, same budget ({budget} evaluations): {}\n\
         random, default arguments: {}\n",
        first(&random),
        first(&default)
    );
    (text, exhaustive.failed(), random.failed())
}

/// The sorted-list case: the exhaustive check over the inputs that meet the precondition
/// ([`sorted_insert_inputs`]), then random discovery with as many evaluations.
pub fn sorted_insert(seed: u64) -> (String, bool, bool) {
    let args = Args { seed: Some(seed), persist: false, ..Args::default() };
    let exhaustive = exhaustive_check_pruned(&args, 6, sorted_insert_inputs(6), insert_property);
    compare_with("insertion into a sorted list", exhaustive, seed, insert_property)
}

fn main() {
    let seed = Args::default().with_env().ok().and_then(|a| a.seed).unwrap_or(0x5eed);
    for (text, ..) in [
        sorted_insert(seed),
        compare("merging two leftist heaps", 4, seed, heap_property),
        compare("a map's insert, then lookup", 5, seed, map_property),
    ] {
        println!("{text}");
    }
    // The map's invariant guides random generation too; without it, as plain random testing.
    let args = Args { seed: Some(seed), persist: false, ..Args::default() };
    let budget = exhaustive_check(&args, 5, map_property).coverage().checked;
    let plain = random_same_budget(budget, seed, plain_map_property);
    let first = plain.to_string().lines().next().unwrap_or("").to_string();
    println!("a map without its invariant, random, same budget ({budget} evaluations): {first}");
}
