//! Enumeration of every value of a type up to a depth, small first: Target's exhaustive testing
//! (Seidel, Vazou and Jhala, *Type targeted testing*) and the small-first values LPtest and the
//! generalizer need.
//!
//! **Depth.** A value's depth is the nesting of its constructors: a nullary constructor, a
//! number, a char or a bool has depth 1; `Some(x)` has depth 1 + depth(x); a struct or variant
//! has depth 1 + the deepest field. Transparent wrappers (`Box`, `Rc`, `Arc`) and tuples (an
//! argument list) add no level. A list of length `k` has depth 1 + the deepest element, and
//! `k` < depth (the list's cons cells are its constructors). Leaves grow with the depth too:
//! at depth `d` the integers are those of magnitude below `d` (`0, 1, -1, 2, -2, ...`), the
//! chars the first `d` of a small alphabet, so the space stays finite and grows with `d`.
//!
//! **Order and cost.** Values come smallest first within each type: integers by magnitude,
//! variants in declaration order, lists by length. Enumeration is lazy: a value's parts are
//! enumerated (at depth `d - 1`) and kept once per thread and type, then combined on demand, so
//! the first N values of a type cost O(N) beyond its parts.
//!
//! **Pruning.** A type invariant (`#[smartcheck(invariant = path)]`) prunes for free: the
//! derive keeps only the values that meet it ([`where_invariant`]), and a derived type's
//! values are built from the already filtered values of its fields, so once a sub-value breaks
//! an invariant no value containing it is ever built. [`Enumerate::unpruned_count`] says how
//! many values there would be without any invariant, so that an exhaustive run reports how many
//! were pruned. For lists whose condition is prefix-closed (sortedness, no duplicates, a bound
//! on a running sum), [`lists_where`] never extends a prefix that breaks it, and counts what
//! that skipped.

use std::any::{Any, TypeId};
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

/// A lazy stream of values.
pub type Values<T> = Box<dyn Iterator<Item = T>>;

/// A type whose values can be listed, smallest first, up to a depth (see the module docs).
///
/// Derive it with `#[derive(Enumerate)]`; the std impls cover numbers, `bool`, `char`,
/// `String`, `()`, `Box`, `Rc`, `Arc`, `Option`, `Result`, `Vec`, `VecDeque`, the sets and
/// maps of `std::collections` (`BTreeSet`, `HashSet`, `BTreeMap`, `HashMap`) and tuples.
///
/// ```
/// use smartcheck_core::enumerate::Enumerate;
/// let all: Vec<Option<bool>> = Option::<bool>::enumerate(2).collect();
/// assert_eq!(all, vec![None, Some(false), Some(true)]);
/// ```
pub trait Enumerate: Clone + 'static {
    /// Every value of depth at most `depth`, smallest first, each once.
    fn enumerate(depth: usize) -> Values<Self>;

    /// How many values of depth at most `depth` the type has when no invariant prunes any
    /// (saturating): the size of the space [`enumerate`](Enumerate::enumerate) walks. The
    /// default counts `enumerate`, right for a type whose values are never filtered; the
    /// derive and the std containers compute it from their parts without building them.
    fn unpruned_count(depth: usize) -> usize {
        Self::enumerate(depth).count()
    }
}

/// The deepest enumeration [`first_values`] looks into: deep enough for a few dozen values of
/// most types, shallow enough that the parts it keeps stay small.
const FIRST_VALUES_DEPTH: usize = 5;

/// Up to `n` values of `T`, smallest first: the first values of the shallowest enumeration
/// that has `n` of them, looking no deeper than depth 5. What generalization tries first for a
/// variable of a type that enumerates
/// ([`SubTypes::small_values`](crate::SubTypes::small_values)). O(n · depth) beyond the parts
/// the enumeration keeps.
pub fn first_values<T: Enumerate>(n: usize) -> Vec<T> {
    let mut values = Vec::new();
    for depth in 1..=FIRST_VALUES_DEPTH {
        if T::unpruned_count(depth) < n && depth < FIRST_VALUES_DEPTH {
            continue;
        }
        values = T::enumerate(depth).take(n).collect();
        if values.len() >= n {
            break;
        }
    }
    values
}

thread_local! {
    static PARTS: RefCell<HashMap<(TypeId, usize), Rc<dyn Any>>> = RefCell::new(HashMap::new());
}

/// Every value of `T` up to `depth`, collected once per thread (the parts that derived and
/// std impls combine).
pub fn parts<T: Enumerate>(depth: usize) -> Rc<[T]> {
    let key = (TypeId::of::<T>(), depth);
    let cached = PARTS.with(|p| p.borrow().get(&key).cloned());
    if let Some(found) = cached.and_then(|c| c.downcast::<Rc<[T]>>().ok()) {
        return Rc::clone(&found);
    }
    let values: Rc<[T]> = T::enumerate(depth).collect();
    PARTS.with(|p| p.borrow_mut().insert(key, Rc::new(Rc::clone(&values)) as Rc<dyn Any>));
    values
}

/// Every combination of one index per part, for parts with these counts, smallest first: in
/// order of the indexes' sum (so a value whose parts are all simple comes before one with a
/// single complex part), then lexicographically. Lazy; each step costs O(parts).
#[derive(Clone, Debug)]
pub struct Indices {
    bounds: Vec<usize>,
    current: Vec<usize>,
    sum: usize,
    done: bool,
}

impl Indices {
    /// The combinations for parts with these counts (none when a count is 0).
    pub fn new(counts: &[usize]) -> Indices {
        let bounds: Vec<usize> = counts.iter().map(|&n| n.saturating_sub(1)).collect();
        let done = counts.contains(&0);
        Indices { current: vec![0; counts.len()], bounds, sum: 0, done }
    }

    /// Fills `current[from..]` with `amount`, the rightmost parts first (the lexicographically
    /// smallest way); false when they cannot hold it.
    fn fill(&mut self, from: usize, mut amount: usize) -> bool {
        for i in (from..self.current.len()).rev() {
            let take = amount.min(self.bounds[i]);
            self.current[i] = take;
            amount -= take;
        }
        amount == 0
    }

    /// Moves to the next combination with the same sum; false when there is none.
    fn step(&mut self) -> bool {
        let k = self.current.len();
        let mut rest = self.current.last().copied().unwrap_or(0);
        for j in (0..k.saturating_sub(1)).rev() {
            if rest > 0 && self.current[j] < self.bounds[j] {
                self.current[j] += 1;
                return self.fill(j + 1, rest - 1);
            }
            rest += self.current[j];
        }
        false
    }
}

impl Iterator for Indices {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        if self.done {
            return None;
        }
        spend();
        let out = self.current.clone();
        if !self.step() {
            let total: usize = self.bounds.iter().sum();
            loop {
                self.sum += 1;
                if self.sum > total {
                    self.done = true;
                    break;
                }
                if self.fill(0, self.sum) {
                    break;
                }
            }
        }
        Some(out)
    }
}

thread_local! {
    /// How many more combinations this thread's enumerations may build: `None` (no limit)
    /// except inside [`within`].
    static BUDGET: Cell<Option<u64>> = const { Cell::new(None) };
}

/// The payload of the unwinding that ends an enumeration past its budget (see [`within`]).
struct OverBudget;

/// One combination built (a value of a constructor, tuple or list): inside [`within`], past
/// its budget, the enumeration ends here.
fn spend() {
    BUDGET.with(|budget| match budget.get() {
        None => {}
        Some(0) => std::panic::resume_unwind(Box::new(OverBudget)),
        Some(left) => budget.set(Some(left - 1)),
    });
}

/// Runs `enumerating`, whose enumerations on this thread may build at most `combinations`
/// combinations (each value of a constructor, tuple or list is one, whether kept or pruned):
/// `None` when they would build more, having built no more. The type's own panics pass
/// through.
fn within<R>(combinations: u64, enumerating: impl FnOnce() -> R) -> Option<R> {
    let outer = BUDGET.with(|budget| budget.replace(Some(combinations)));
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(enumerating));
    BUDGET.with(|budget| budget.set(outer));
    match result {
        Ok(done) => Some(done),
        Err(payload) if payload.is::<OverBudget>() => None,
        Err(payload) => std::panic::resume_unwind(payload),
    }
}

/// The most combinations [`nth`] builds to reach a position: a few seconds' work and at most
/// a few hundred megabytes of parts. An exhaustive check that got that far ran its property
/// on as many values, and more.
pub const MAX_NTH_BUILDS: u64 = 1 << 24;

/// Why [`nth`] made no value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoNth {
    /// The type has only `count` values up to the depth.
    Beyond {
        /// How many values the type has up to the depth (before any invariant prunes, when
        /// the position is not below that).
        count: u64,
    },
    /// Reaching the position builds more than [`MAX_NTH_BUILDS`] combinations.
    TooFar,
}

/// The value at position `index` (from 0) of `T`'s values up to `depth`: what a saved
/// failure of an exhaustive check names ([`persist::Enumerated`](crate::persist::Enumerated)).
/// A position past the type's values up to the depth, or one that builds more than
/// [`MAX_NTH_BUILDS`] combinations to reach (a corrupted or hand-edited line: the check that
/// found it built as many), is an error, found without building them. Cost: O(`index`) values
/// built, beyond the parts.
///
/// ```
/// use smartcheck_core::enumerate::{nth, NoNth};
/// assert_eq!(nth::<Option<bool>>(2, 2), Ok(Some(true)));
/// assert_eq!(nth::<Option<bool>>(2, 3), Err(NoNth::Beyond { count: 3 }));
/// assert_eq!(nth::<Vec<u8>>(40, 1 << 40), Err(NoNth::TooFar));
/// ```
pub fn nth<T: Enumerate>(depth: usize, index: u64) -> Result<T, NoNth> {
    nth_within(depth, index, MAX_NTH_BUILDS)
}

/// [`nth`], building at most `builds` combinations.
fn nth_within<T: Enumerate>(depth: usize, index: u64, builds: u64) -> Result<T, NoNth> {
    let count = within(builds, || T::unpruned_count(depth)).ok_or(NoNth::TooFar)?;
    let count = u64::try_from(count).unwrap_or(u64::MAX);
    if index >= count {
        return Err(NoNth::Beyond { count });
    }
    let skip = usize::try_from(index).ok().filter(|&i| (i as u64) < builds);
    let skip = skip.ok_or(NoNth::TooFar)?;
    within(builds, || {
        let mut values = T::enumerate(depth);
        let skipped = values.by_ref().take(skip).count();
        values.next().ok_or(NoNth::Beyond { count: skipped as u64 })
    })
    .unwrap_or(Err(NoNth::TooFar))
}

/// The values of one variant or struct: `build` over every combination of its fields' values
/// (given by their counts), smallest first (see [`Indices`]).
pub fn constructor<T: 'static>(
    counts: Vec<usize>,
    build: impl Fn(&[usize]) -> T + 'static,
) -> Values<T> {
    Box::new(Indices::new(&counts).map(move |at| build(&at)))
}

/// How many values a constructor has when none is pruned, from its fields' unpruned counts
/// (saturating).
pub fn unpruned_product(counts: &[usize]) -> usize {
    counts.iter().fold(1usize, |p, &n| p.saturating_mul(n))
}

thread_local! {
    /// [`memo_count`]'s counts, by type and depth.
    static COUNTS: RefCell<HashMap<(TypeId, usize), usize>> = RefCell::default();
}

/// `T`'s unpruned count at `depth`, computed by `count` once a thread: a derived type with two
/// fields of its own type (a binary tree) asked each for its count at the depth below, so
/// each level doubled the calls, 2^depth in all (a saved line's depth of 40 never returned).
/// Memoised, O(depth) calls a type.
pub fn memo_count<T: 'static>(depth: usize, count: impl FnOnce() -> usize) -> usize {
    let key = (TypeId::of::<T>(), depth);
    if let Some(n) = COUNTS.with(|counts| counts.borrow().get(&key).copied()) {
        return n;
    }
    let n = count();
    COUNTS.with(|counts| counts.borrow_mut().insert(key, n));
    n
}

/// The values of a type with `#[smartcheck(invariant = path)]`: those of `values` that meet it.
pub fn where_invariant<T: 'static>(values: Values<T>, invariant: fn(&T) -> bool) -> Values<T> {
    Box::new(values.filter(invariant))
}

/// The values of a type made of several constructors, in declaration order.
pub fn variants<T: 'static>(parts: Vec<Values<T>>) -> Values<T> {
    Box::new(parts.into_iter().flatten())
}

/// The integers of magnitude below `depth`, by magnitude, positive first, within `lo..=hi`.
pub(crate) fn signed(depth: usize, lo: i128, hi: i128) -> Signed {
    let top = i128::try_from(depth).unwrap_or(i128::MAX);
    Signed { next: 0, top, negative: None, lo, hi }
}

/// The iterator of [`signed`]: 0, then `m` and `-m` for each magnitude `m` below `top`, those
/// within `lo..=hi`. A struct of its own, not a chain of adapters with closures: each integer
/// type's enumeration wraps it, and a chain was compiled again, adapter by adapter, for each.
pub(crate) struct Signed {
    /// The next magnitude to give.
    next: i128,
    top: i128,
    /// `-m`, due right after `m`.
    negative: Option<i128>,
    lo: i128,
    hi: i128,
}

impl Iterator for Signed {
    type Item = i128;

    fn next(&mut self) -> Option<i128> {
        loop {
            let v = match self.negative.take() {
                Some(v) => v,
                None => {
                    if self.next >= self.top {
                        return None;
                    }
                    let m = self.next;
                    self.next += 1;
                    if m != 0 {
                        self.negative = Some(-m);
                    }
                    m
                }
            };
            if (self.lo..=self.hi).contains(&v) {
                return Some(v);
            }
        }
    }
}

macro_rules! int_enumerate {
    ($($t:ty),*) => {$(
        impl Enumerate for $t {
            fn enumerate(depth: usize) -> Values<Self> {
                Box::new(
                    signed(depth, <$t>::MIN as i128, <$t>::MAX as i128)
                        .filter_map(|v| <$t>::try_from(v).ok()),
                )
            }
        }
    )*};
}

int_enumerate!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize);

impl Enumerate for i128 {
    fn enumerate(depth: usize) -> Values<Self> {
        Box::new(signed(depth, i128::MIN, i128::MAX))
    }
}

impl Enumerate for u128 {
    fn enumerate(depth: usize) -> Values<Self> {
        Box::new(signed(depth, 0, i128::MAX).filter_map(|v| u128::try_from(v).ok()))
    }
}

/// The floats, simplest first: zero, small integers, a half, then the non-finite values.
const FLOATS: [f64; 9] =
    [0.0, 1.0, -1.0, 2.0, -2.0, 0.5, f64::INFINITY, f64::NEG_INFINITY, f64::NAN];

impl Enumerate for f64 {
    fn enumerate(depth: usize) -> Values<Self> {
        Box::new(FLOATS.into_iter().take(depth))
    }
}

impl Enumerate for f32 {
    fn enumerate(depth: usize) -> Values<Self> {
        Box::new(FLOATS.into_iter().take(depth).map(|f| f as f32))
    }
}

impl Enumerate for bool {
    fn enumerate(depth: usize) -> Values<Self> {
        Box::new([false, true].into_iter().take(if depth == 0 { 0 } else { 2 }))
    }
}

impl Enumerate for () {
    fn enumerate(depth: usize) -> Values<Self> {
        Box::new(std::iter::repeat_n((), usize::from(depth > 0)))
    }
}

impl<T: ?Sized + 'static> Enumerate for std::marker::PhantomData<T> {
    fn enumerate(depth: usize) -> Values<Self> {
        Box::new(std::iter::repeat_n(std::marker::PhantomData, usize::from(depth > 0)))
    }
}

/// The chars enumerated, in order: letters, digits, then the characters that break parsers.
pub const ALPHABET: [char; 8] = ['a', 'b', 'c', '0', '1', ' ', '\n', '\0'];

impl Enumerate for char {
    fn enumerate(depth: usize) -> Values<Self> {
        Box::new(ALPHABET.into_iter().take(depth))
    }
}

impl Enumerate for String {
    fn enumerate(depth: usize) -> Values<Self> {
        Box::new(Vec::<char>::enumerate(depth).map(|cs| cs.into_iter().collect()))
    }
}

impl<T: Enumerate> Enumerate for Box<T> {
    fn enumerate(depth: usize) -> Values<Self> {
        Box::new(T::enumerate(depth).map(Box::new))
    }
    fn unpruned_count(depth: usize) -> usize {
        T::unpruned_count(depth)
    }
}

impl<T: Enumerate> Enumerate for Option<T> {
    fn enumerate(depth: usize) -> Values<Self> {
        if depth == 0 {
            return Box::new(std::iter::empty());
        }
        Box::new(std::iter::once(None).chain(T::enumerate(depth - 1).map(Some)))
    }
    fn unpruned_count(depth: usize) -> usize {
        depth.checked_sub(1).map_or(0, |d| T::unpruned_count(d).saturating_add(1))
    }
}

impl<T: Enumerate, E: Enumerate> Enumerate for Result<T, E> {
    fn enumerate(depth: usize) -> Values<Self> {
        if depth == 0 {
            return Box::new(std::iter::empty());
        }
        Box::new(T::enumerate(depth - 1).map(Ok).chain(E::enumerate(depth - 1).map(Err)))
    }
    fn unpruned_count(depth: usize) -> usize {
        depth
            .checked_sub(1)
            .map_or(0, |d| T::unpruned_count(d).saturating_add(E::unpruned_count(d)))
    }
}

/// Every list of elements from `elements` with fewer than `depth` elements, shortest first,
/// and within a length smallest first.
fn lists<T: Clone + 'static>(depth: usize, elements: Rc<[T]>) -> Values<Vec<T>> {
    Box::new((0..depth).flat_map(move |len| {
        let elements = Rc::clone(&elements);
        Indices::new(&vec![elements.len(); len])
            .map(move |at| at.iter().map(|&i| elements[i].clone()).collect())
    }))
}

impl<T: Enumerate> Enumerate for Vec<T> {
    fn enumerate(depth: usize) -> Values<Self> {
        lists(depth, parts::<T>(depth.saturating_sub(1)))
    }
    fn unpruned_count(depth: usize) -> usize {
        // Lengths below `depth`, of elements one level shallower.
        lists_count(T::unpruned_count(depth.saturating_sub(1)), depth)
    }
}

/// The parts of a `#[smartcheck(range = LO..=HI)]` field at a depth, for the derive: the
/// field type's own parts (`parts`), each integer in them replaced by the value of the range
/// at its rank (`in_range`: [`RangeField::in_range`]), those past the range's end left out.
/// So a range field has as many values as its type at the depth (fewer when the range is
/// shorter), simplest first in the order of simplicity: `1, 2, 3` for `1..=12` where a `u8` has
/// `0, 1, 2`; `0, 1, -1, 2` for `-3..=40`; `-5, -6` for `-9..=-5`. No value outside the range
/// is ever checked, and the space still grows with the depth. (The derive passes `in_range`
/// as a closure, spanned at the word `range`, so that a field that is no integer gets the one
/// error the other derives give it.)
///
/// [`RangeField::in_range`]: crate::derive_support::RangeField::in_range
pub fn parts_in<T>(parts: Rc<[T]>, in_range: impl Fn(&T) -> Option<T>) -> Rc<[T]> {
    parts.iter().filter_map(in_range).collect()
}

/// Every set of fewer than `depth` distinct indices below `n`, smallest first: by size, then
/// lexicographically. Lazy.
fn subsets(n: usize, depth: usize) -> impl Iterator<Item = Vec<usize>> {
    (0..depth.min(n + 1)).flat_map(move |k| {
        let mut next: Option<Vec<usize>> = Some((0..k).collect());
        std::iter::from_fn(move || {
            let out = next.take()?;
            // The next combination: the last index that can move, moved, the rest after it.
            let mut at = out.clone();
            if let Some(i) = (0..k).rev().find(|&i| at[i] < n - k + i) {
                at[i] += 1;
                for j in i + 1..k {
                    at[j] = at[j - 1] + 1;
                }
                next = Some(at);
            }
            Some(out)
        })
    })
}

/// `n` choose `k`, saturating.
fn choose(n: usize, k: usize) -> usize {
    (0..k.min(n)).fold(1usize, |c, i| c.saturating_mul(n - i) / (i + 1))
}

/// Sets and maps are lists of distinct keys (a set of size `k` has depth 1 + its deepest
/// element, and `k` < depth, as a list's), the keys one level shallower; a map's values range
/// over their type one level shallower, every assignment. By size, then by the keys' places in
/// their type's enumeration.
macro_rules! set_enumerate {
    ($set:ident, $($bound:path),*) => {
        impl<T: Enumerate $(+ $bound)*> Enumerate for std::collections::$set<T> {
            fn enumerate(depth: usize) -> Values<Self> {
                let keys = parts::<T>(depth.saturating_sub(1));
                Box::new(
                    subsets(keys.len(), depth)
                        .map(move |at| at.iter().map(|&i| keys[i].clone()).collect()),
                )
            }
            fn unpruned_count(depth: usize) -> usize {
                let n = T::unpruned_count(depth.saturating_sub(1));
                (0..depth.min(n.saturating_add(1))).fold(0usize, |sum, k| {
                    sum.saturating_add(choose(n, k))
                })
            }
        }
    };
}

set_enumerate!(BTreeSet, Ord);
set_enumerate!(HashSet, std::hash::Hash, Eq);

macro_rules! map_enumerate {
    ($map:ident, $($bound:path),*) => {
        impl<K: Enumerate $(+ $bound)*, V: Enumerate> Enumerate for std::collections::$map<K, V> {
            fn enumerate(depth: usize) -> Values<Self> {
                let keys = parts::<K>(depth.saturating_sub(1));
                let values = parts::<V>(depth.saturating_sub(1));
                Box::new(subsets(keys.len(), depth).flat_map(move |at| {
                    let (keys, values) = (Rc::clone(&keys), Rc::clone(&values));
                    Indices::new(&vec![values.len(); at.len()]).map(move |picked| {
                        at.iter()
                            .zip(&picked)
                            .map(|(&k, &v)| (keys[k].clone(), values[v].clone()))
                            .collect()
                    })
                }))
            }
            fn unpruned_count(depth: usize) -> usize {
                let n = K::unpruned_count(depth.saturating_sub(1));
                let m = V::unpruned_count(depth.saturating_sub(1));
                (0..depth.min(n.saturating_add(1))).fold(0usize, |sum, k| {
                    let assignments = (0..k).fold(1usize, |p, _| p.saturating_mul(m));
                    sum.saturating_add(choose(n, k).saturating_mul(assignments))
                })
            }
        }
    };
}

map_enumerate!(BTreeMap, Ord);
map_enumerate!(HashMap, std::hash::Hash, Eq);

impl<T: Enumerate> Enumerate for Rc<T> {
    fn enumerate(depth: usize) -> Values<Self> {
        Box::new(T::enumerate(depth).map(Rc::new))
    }
    fn unpruned_count(depth: usize) -> usize {
        T::unpruned_count(depth)
    }
}

impl<T: Enumerate> Enumerate for std::sync::Arc<T> {
    fn enumerate(depth: usize) -> Values<Self> {
        Box::new(T::enumerate(depth).map(std::sync::Arc::new))
    }
    fn unpruned_count(depth: usize) -> usize {
        T::unpruned_count(depth)
    }
}

impl<T: Enumerate> Enumerate for std::collections::VecDeque<T> {
    fn enumerate(depth: usize) -> Values<Self> {
        Box::new(Vec::<T>::enumerate(depth).map(Into::into))
    }
    fn unpruned_count(depth: usize) -> usize {
        Vec::<T>::unpruned_count(depth)
    }
}

macro_rules! tuple_enumerate {
    ($($name:ident $i:tt),+) => {
        impl<$($name: Enumerate),+> Enumerate for ($($name,)+) {
            fn enumerate(depth: usize) -> Values<Self> {
                let parts = ($(parts::<$name>(depth),)+);
                constructor(vec![$(parts.$i.len()),+], move |at| ($(parts.$i[at[$i]].clone(),)+))
            }
            fn unpruned_count(depth: usize) -> usize {
                unpruned_product(&[$($name::unpruned_count(depth)),+])
            }
        }
    };
}

tuple_enumerate!(A 0);
tuple_enumerate!(A 0, B 1);
tuple_enumerate!(A 0, B 1, C 2);
tuple_enumerate!(A 0, B 1, C 2, D 3);
tuple_enumerate!(A 0, B 1, C 2, D 3, E 4);
tuple_enumerate!(A 0, B 1, C 2, D 3, E 4, F 5);

/// Lists with fewer than `depth` elements drawn from `T`'s values at `depth - 1`, keeping only
/// those whose every prefix satisfies `keep`: a prefix that breaks it is never extended, so a
/// prefix-closed condition (sortedness, distinct elements, a bound on a running sum) costs
/// only the valid lists and their one-element extensions. The result also counts the lists
/// skipped without being built. (A derived type states the same of a field with
/// `#[smartcheck(prefix = path)]`, and its enumeration prunes alike.)
///
/// ```
/// use smartcheck_core::enumerate::lists_where;
/// let sorted = lists_where::<u8>(4, |l| l.windows(2).all(|w| w[0] <= w[1]));
/// // Lists of up to 3 elements from 0, 1, 2: 1 + 3 + 6 + 10 sorted ones.
/// assert_eq!(sorted.values.len(), 20);
/// assert_eq!(sorted.skipped, (1 + 3 + 9 + 27) - 20); // all lists minus the sorted ones
/// ```
pub fn lists_where<T: Enumerate>(depth: usize, keep: impl Fn(&[T]) -> bool) -> Pruned<Vec<T>> {
    lists_where_from(depth, &parts::<T>(depth.saturating_sub(1)), keep)
}

/// [`lists_where`] over given elements (smallest first): the lists of fewer than `depth` of
/// them whose every prefix satisfies `keep`, in the order `Vec`'s enumeration gives lists (by
/// length, then by the sum of the elements' positions, then lexicographically), and how many
/// lists of the space were skipped without being built.
pub fn lists_where_from<T: Clone>(
    depth: usize,
    elements: &[T],
    keep: impl Fn(&[T]) -> bool,
) -> Pruned<Vec<T>> {
    let n = elements.len();
    let mut values: Vec<Vec<T>> = Vec::new();
    let mut skipped = 0usize;
    // Each list with the sum of its elements' positions, a level's lists in lexicographic
    // order of positions (each prefix's extensions in the elements' order).
    let mut level: Vec<(usize, Vec<T>)> =
        if keep(&[]) { vec![(0, Vec::new())] } else { Vec::new() };
    for len in 0..depth {
        let mut next = Vec::new();
        if len + 1 < depth {
            for (sum, prefix) in &level {
                for (i, e) in elements.iter().enumerate() {
                    spend();
                    let mut longer = prefix.clone();
                    longer.push(e.clone());
                    if keep(&longer) {
                        next.push((sum + i, longer));
                    } else {
                        // The rejected list and every extension of it within the depth.
                        let rest = depth - 2 - len;
                        skipped = skipped.saturating_add(geometric(n, rest));
                    }
                }
            }
        }
        // Stable: equal sums stay lexicographic, as `Indices` orders them.
        level.sort_by_key(|(sum, _)| *sum);
        values.extend(level.drain(..).map(|(_, list)| list));
        level = next;
    }
    Pruned { values, skipped }
}

/// How many lists of fewer than `depth` elements `n` elements make (saturating): the space
/// a list's enumeration walks before pruning.
pub fn lists_count(n: usize, depth: usize) -> usize {
    if depth == 0 {
        0
    } else {
        geometric(n, depth - 1)
    }
}

/// 1 + n + n² + ... + n^k (saturating): a list and all its extensions by up to `k` elements.
fn geometric(n: usize, k: usize) -> usize {
    let (mut sum, mut term) = (0usize, 1usize);
    for _ in 0..=k {
        sum = sum.saturating_add(term);
        term = term.saturating_mul(n);
    }
    sum
}

/// Values enumerated under a condition, and how many were skipped without being built.
#[derive(Clone, Debug)]
pub struct Pruned<T> {
    /// The values that meet the condition, smallest first.
    pub values: Vec<T>,
    /// Values of the space that were never built because a part of them broke the condition.
    pub skipped: usize,
}

impl<T: Clone> Pruned<T> {
    /// Every pair of one of these values and one of `others` (the other argument of a
    /// function whose first one meets the condition: a sorted list and the element to insert),
    /// in the order tuples enumerate, by the sum of the two positions, then the first's. Each
    /// value skipped stands for one skipped pair per value of `others`.
    ///
    /// ```
    /// use smartcheck_core::enumerate::{lists_where, parts};
    /// let sorted = lists_where::<u8>(3, |l| l.windows(2).all(|w| w[0] <= w[1]));
    /// let pairs = sorted.clone().paired_with(&parts::<u8>(2));
    /// assert_eq!(pairs.values.len(), sorted.values.len() * 2);
    /// assert_eq!(pairs.skipped, sorted.skipped * 2);
    /// assert_eq!(pairs.values[..3], [(vec![], 0), (vec![], 1), (vec![0], 0)]);
    /// ```
    pub fn paired_with<U: Clone>(self, others: &[U]) -> Pruned<(T, U)> {
        let mut positions: Vec<(usize, usize)> =
            (0..self.values.len()).flat_map(|i| (0..others.len()).map(move |j| (i, j))).collect();
        positions.sort_by_key(|&(i, j)| (i + j, i));
        let values = positions
            .into_iter()
            .map(|(i, j)| (self.values[i].clone(), others[j].clone()))
            .collect();
        Pruned { values, skipped: self.skipped.saturating_mul(others.len()) }
    }
}

/// Forgets the parts enumerated so far on this thread (they are kept for the thread's life).
pub fn clear_parts() {
    PARTS.with(|p| p.borrow_mut().clear());
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count<T: Enumerate>(depth: usize) -> usize {
        T::enumerate(depth).count()
    }

    /// A position is found within the budget, or is beyond the values, or too far, without
    /// building past the budget: a deep tuple's parts alone are ~10^15 lists.
    #[test]
    fn nth_stops_at_the_end_of_the_values_and_at_its_budget() {
        assert_eq!(nth_within::<(Vec<u8>, u8)>(4, 20, 1000), Ok((vec![0, 1], 1)));
        assert_eq!(nth_within::<(Vec<u8>, u8)>(4, 160, 1000), Err(NoNth::Beyond { count: 160 }));
        assert_eq!(nth_within::<(Vec<u8>, u8)>(4, 100, 10), Err(NoNth::TooFar));
        assert_eq!(nth_within::<(Vec<u8>, u8)>(14, 0, 100_000), Err(NoNth::TooFar));
        assert_eq!(nth_within::<Vec<u8>>(14, 3, 100_000), Ok(vec![2]));
        assert_eq!(nth_within::<Option<bool>>(1 << 20, 3, 10), Err(NoNth::Beyond { count: 3 }));
    }

    #[test]
    fn counts_follow_the_closed_forms() {
        for d in 0..6 {
            let ints = if d == 0 { 0 } else { 2 * d - 1 };
            assert_eq!(count::<i32>(d), ints, "i32 at depth {d}");
            assert_eq!(count::<u8>(d), d, "u8 at depth {d}");
            let bools = if d == 0 { 0 } else { 2 };
            assert_eq!(count::<Option<bool>>(d), if d == 0 { 0 } else { 1 + count::<bool>(d - 1) });
            // Lists: sum over lengths k < d of n^k, n the elements at depth d - 1.
            let n: usize = if d == 0 { 0 } else { bools };
            let lists: usize = (0..d).map(|k| n.pow(k as u32)).sum();
            assert_eq!(count::<Vec<bool>>(d), lists, "Vec<bool> at depth {d}");
            assert_eq!(count::<(bool, u8)>(d), bools * d);
            // Nothing filters these types: the unpruned counts are the counts.
            assert_eq!(Vec::<bool>::unpruned_count(d), lists);
            assert_eq!(<(bool, u8)>::unpruned_count(d), bools * d);
            assert_eq!(Option::<Vec<bool>>::unpruned_count(d), count::<Option<Vec<bool>>>(d));
        }
    }

    #[test]
    fn values_come_smallest_first_and_once() {
        let ints: Vec<i8> = i8::enumerate(3).collect();
        assert_eq!(ints, vec![0, 1, -1, 2, -2]);
        let lists: Vec<Vec<bool>> = Vec::<bool>::enumerate(3).collect();
        assert_eq!(lists.len(), 7);
        assert_eq!(lists[0], Vec::<bool>::new());
        assert!(lists.windows(2).all(|w| w[0].len() <= w[1].len()));
        let mut unique = lists.clone();
        unique.dedup();
        assert_eq!(unique.len(), lists.len());
        let strings: Vec<String> = String::enumerate(2).collect();
        assert_eq!(strings, vec!["".to_string(), "a".to_string()]);
    }

    #[test]
    fn indices_come_by_sum_and_once() {
        let all: Vec<Vec<usize>> = Indices::new(&[2, 3]).collect();
        assert_eq!(
            all,
            vec![vec![0, 0], vec![0, 1], vec![1, 0], vec![0, 2], vec![1, 1], vec![1, 2]]
        );
        assert_eq!(Indices::new(&[]).collect::<Vec<_>>(), vec![Vec::<usize>::new()]);
        assert_eq!(Indices::new(&[3, 0]).count(), 0);
        assert_eq!(Indices::new(&[4, 5, 6]).count(), 120);
    }

    #[test]
    fn enumeration_is_lazy() {
        // 5^8 + ... lists exist at depth 9 over i8 at depth 8 (15 values each); the first
        // thousand come at once.
        let first: Vec<Vec<i8>> = Vec::<i8>::enumerate(9).take(1000).collect();
        assert_eq!(first.len(), 1000);
    }

    #[test]
    fn pruning_skips_sorted_list_space() {
        let depth = 7; // lists of up to 6 elements
        let sorted = lists_where::<u8>(depth, |l| l.windows(2).all(|w| w[0] <= w[1]));
        let all = count::<Vec<u8>>(depth);
        assert_eq!(sorted.values.len() + sorted.skipped, all);
        assert!(sorted.values.iter().all(|l| l.windows(2).all(|w| w[0] <= w[1])));
        assert!(sorted.skipped * 10 >= all * 9, "{} of {all} skipped", sorted.skipped);
    }
}
