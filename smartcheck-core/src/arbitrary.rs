//! Sized random generation: QuickCheck's `Arbitrary` and the paper's `sizedArbitrary` (§4.1).
//!
//! Invariant: for every `T: Arbitrary + SubTypes` and every generator `g` whose budget is at
//! least `T::min_size()`, `T::arbitrary(g).size() <= g.budget()`. Generation consumes at least
//! one unit of budget per non-opaque constructor, so it terminates at any size; recursion
//! depth is bounded by the budget, and derived code grows the stack on demand besides.

use std::any::TypeId;
use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::gen::Gen;

/// A type whose values can be generated at random, within a size and a constructor budget.
///
/// Derive it with `#[derive(Arbitrary)]`; implement it by hand for types with invariants. A
/// hand-written impl must keep the value's [`size`](crate::SubTypes::size) within
/// [`Gen::budget`] whenever the budget allows it.
pub trait Arbitrary: Sized + 'static {
    /// A random value: numbers and lengths scale with [`Gen::size`], constructors with
    /// [`Gen::budget`].
    fn arbitrary(g: &mut Gen) -> Self;

    /// The smallest [`size`](crate::SubTypes::size) a value of this type can have, or `None`
    /// when the type has no finite value (every constructor contains the type again).
    ///
    /// Recursive impls must compute it through [`min_size_of`], which cuts cycles.
    fn min_size() -> Option<usize>;

    /// A random value of size strictly below `bound` (the paper's `sizedArbitrary`), or `None`
    /// when the type has no value that small.
    fn arbitrary_below(bound: usize, g: &mut Gen) -> Option<Self> {
        let min = Self::min_size()?;
        if min >= bound {
            return None;
        }
        let budget = g.range(min, bound - 1);
        Some(g.with_budget(budget, Self::arbitrary))
    }

    /// `len` values in a row, as `len` calls of [`arbitrary`](Arbitrary::arbitrary) draw
    /// them (the same values from the same draws), collected. A list of opaque leaves
    /// (smallest size 0) is generated so, all at one budget, so that a leaf type can draw its
    /// values in one loop, its per-value setup made once (the std integers do). An impl that
    /// overrides it must keep to those draws.
    #[doc(hidden)]
    fn arbitrary_many<C: FromIterator<Self>>(g: &mut Gen, len: usize) -> C {
        (0..len).map(|_| Self::arbitrary(g)).collect()
    }
}

thread_local! {
    static MIN_SIZE: RefCell<MinSizeState> = RefCell::new(MinSizeState::default());
}

#[derive(Default)]
struct MinSizeState {
    known: HashMap<TypeId, Option<usize>, BuildHasherDefault<TypeIdHasher>>,
    in_progress: Vec<TypeId>,
}

/// Hashes a `TypeId`, already a hash, by keeping its bits: derived generation looks its
/// fields' minimum sizes up at every node, where SipHash was a fifth of the time.
#[derive(Default)]
struct TypeIdHasher(u64);

impl Hasher for TypeIdHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x100_0000_01B3);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 ^= n;
    }
}

/// Computes `T`'s smallest size with `compute`, cutting recursion: while `T`'s own minimum is
/// being computed, a nested request for it answers `None` (a value containing itself is never
/// the smallest). Results of top-level requests are cached per thread.
pub fn min_size_of<T: 'static>(compute: impl FnOnce() -> Option<usize>) -> Option<usize> {
    min_size_settled::<T>(compute).0
}

/// [`min_size_of`], and whether the answer is `T`'s final smallest size (a cached or top-level
/// result) rather than one cut short by a cycle under way.
pub(crate) fn min_size_settled<T: 'static>(
    compute: impl FnOnce() -> Option<usize>,
) -> (Option<usize>, bool) {
    let id = TypeId::of::<T>();
    let (cached, cyclic, top) = MIN_SIZE.with(|s| {
        let s = s.borrow();
        (s.known.get(&id).copied(), s.in_progress.contains(&id), s.in_progress.is_empty())
    });
    if let Some(found) = cached {
        return (found, true);
    }
    if cyclic {
        return (None, false);
    }
    MIN_SIZE.with(|s| s.borrow_mut().in_progress.push(id));
    let found = compute();
    MIN_SIZE.with(|s| {
        let mut s = s.borrow_mut();
        s.in_progress.pop();
        if top {
            s.known.insert(id, found);
        }
    });
    (found, top)
}

/// Adds minimum sizes, `None` (no finite value) winning.
pub fn sum_min_sizes(parts: impl IntoIterator<Item = Option<usize>>) -> Option<usize> {
    parts.into_iter().try_fold(0usize, |acc, p| p.map(|p| acc.saturating_add(p)))
}

/// The panic message for a type with no finite value, naming it.
pub fn no_finite_value(type_name: &str) -> String {
    format!(
        "smartcheck: type `{type_name}` has no finite value: every constructor contains a \
         `{type_name}` again; add a variant without one (or an Option/Vec around the recursion)"
    )
}

/// The smallest size of `T`, panicking with a message naming `T` when it has no finite value.
pub fn require_min_size<T: Arbitrary>() -> usize {
    match T::min_size() {
        Some(n) => n,
        None => panic!("{}", no_finite_value(std::any::type_name::<T>())),
    }
}
