//! Sparse preconditions: Target's own cases (Seidel, Vazou and Jhala), in Rust. Each has a
//! seeded bug behind a precondition that random inputs rarely meet (a sorted list, a leftist
//! heap, a map with sorted distinct keys). Random discovery runs with as many evaluations as
//! the exhaustive check spends; it gives up or misses, and the exhaustive check finds the bug,
//! reduced.
//!
//! Run: `cargo run --release --example sparse` (set `SMARTCHECK_SEED` for the random runs).

use smartcheck::exhaustive::exhaustive_check;
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
// A map as a sorted association list

/// A map from keys to values: entries sorted by key, keys distinct.
pub type Map = Vec<(u8, u8)>;

/// True when the keys are strictly increasing.
pub fn well_formed(m: &Map) -> bool {
    m.windows(2).all(|w| w[0].0 < w[1].0)
}

/// Inserts `k -> v`; the bug keeps the old value when the key is already there at the fourth
/// entry or later.
pub fn map_insert(m: &Map, k: u8, v: u8) -> Map {
    let mut out = m.clone();
    match out.binary_search_by_key(&k, |e| e.0) {
        Ok(at) if at < 3 => out[at].1 = v,
        Ok(_) => {}
        Err(at) => out.insert(at, (k, v)),
    }
    out
}

/// The value of `k`.
pub fn lookup(m: &Map, k: u8) -> Option<u8> {
    m.iter().find(|e| e.0 == k).map(|e| e.1)
}

/// Looking up a key just inserted gives its value.
pub fn map_property((m, k, v): &(Map, u8, u8)) -> Verdict {
    Verdict::implies(well_formed(m), lookup(&map_insert(m, *k, *v), *k) == Some(*v))
}

// ---------------------------------------------------------------------------------------------

/// One case: the exhaustive check at `depth`, then random discovery with as many evaluations,
/// and with default arguments.
pub fn compare<T: SubTypes + Enumerate, R: smartcheck::PropertyResult>(
    name: &str,
    depth: usize,
    seed: u64,
    prop: impl Fn(&T) -> R,
) -> (String, bool, bool) {
    let args = Args { seed: Some(seed), persist: false, ..Args::default() };
    let exhaustive = exhaustive_check(&args, depth, &prop);
    let budget = exhaustive.coverage().checked;
    // At most `budget` evaluations: half tests, as many discards.
    let random_args = Args { tests: budget.div_ceil(2), max_discard_ratio: 1, rounds: 1, ..args };
    let random = smartcheck::smart_check(&random_args, &prop);
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

fn main() {
    let seed = Args::default().with_env().ok().and_then(|a| a.seed).unwrap_or(0x5eed);
    for (text, ..) in [
        compare("insertion into a sorted list", 6, seed, insert_property),
        compare("merging two leftist heaps", 4, seed, heap_property),
        compare("a map's insert, then lookup", 5, seed, map_property),
    ] {
        println!("{text}");
    }
}
