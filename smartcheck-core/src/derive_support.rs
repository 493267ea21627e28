//! Runtime helpers called by the derives, so generated code stays small. Not part of the
//! public API: reached through `smartcheck::__private`.
//!
//! - Variant choice and budget shares (paper §4.1's sized generation): recursive variants
//!   grow while budget is left, so values reach the size asked for. Invariant: a value never
//!   exceeds its budget when the budget covers the type's minimum. Cost: O(fields) per node,
//!   no heap allocation for up to 8 fields or variants.
//! - `#[smartcheck(range = ..)]`: drawing within the range, and the check behind
//!   `SubTypes::within_constraints`.
//! - `#[smartcheck(prefix = ..)]`: lists drawn element by element within a prefix-closed
//!   condition ([`field_where`]), and the check behind `SubTypes::within_constraints`.
//! - `#[smartcheck(with = ..)]` on a field of a type without the traits: the [`Foreign`] leaf.
//! - `#[smartcheck(invariant = ..)]`: generation by bounded retries ([`generate_valid`]), the
//!   check behind `SubTypes::within_constraints` and the note of which invariant broke, and
//!   the run-time checks of `#[smartcheck::contract]` ([`Checked`]). Invariant: one top-level
//!   draw retries at most [`MAX_INVARIANT_RETRIES`] times in all, however the invariant types
//!   nest, so generation stays within that many times the cost of one plain draw.

use crate::arbitrary::{min_size_of, no_finite_value, sum_min_sizes, Arbitrary};
use std::any::{Any, TypeId};
use std::cell::{Cell, RefCell};
use std::convert::Infallible;
use std::fmt;
use std::marker::PhantomData;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::task::Poll;

use smallvec::SmallVec;

use crate::args::Args;
use crate::exhaustive::Exhaustive;
use crate::gen::{Gen, MAX_GEN_DEPTH};
use crate::property::Outcome;
use crate::subtypes::{
    Children, FieldRange, Node, NodeMut, NodeMutRef, NodeRef, Shape, SubTypes, SubValue,
};

pub use crate::arbitrary::min_size_of as min_size_cached;

/// Runs `f` on a stack with room to spare, growing it on the heap when needed, so deep
/// recursion in generated code never overflows.
pub fn grow<R>(f: impl FnOnce() -> R) -> R {
    crate::stack::maybe_grow(128 * 1024, 4 * 1024 * 1024, f)
}

thread_local! {
    /// The derived types whose edge values this thread is building, innermost last.
    static BUILDING_EDGES: RefCell<Vec<TypeId>> = const { RefCell::new(Vec::new()) };
}

/// A derived type's edge values (`SubTypes::edge_values`) built by `build`, or none when
/// `T`'s are being built already on this thread: a recursive type (`Arr(Vec<Json>)`) wraps
/// its fields' edges once, never its own, so building them ends.
pub fn edge_values_of<T: 'static>(build: impl FnOnce() -> Vec<T>) -> Vec<T> {
    /// Takes `T` off the list when its edges are built, even if `build` panics.
    struct Done;
    impl Drop for Done {
        fn drop(&mut self) {
            BUILDING_EDGES.with(|b| b.borrow_mut().pop());
        }
    }
    let id = TypeId::of::<T>();
    if BUILDING_EDGES.with(|b| b.borrow().contains(&id)) {
        return Vec::new();
    }
    BUILDING_EDGES.with(|b| b.borrow_mut().push(id));
    let _done = Done;
    build()
}

/// The integers of [`FieldRange::ints`] for a field of type `F` ranged `lo..=hi`: up to 16
/// from `lo` up, `hi` and the one below it, then `random` drawn within the range, in turn as
/// generation draws them at growing sizes ([`at_growing_sizes`]: small offsets likelier) and
/// uniformly (so that a stretch of a wide range that passes is met as often as it is wide).
fn range_ints<F: RangeField>(lo: F::Int, hi: F::Int, g: &mut Gen, random: usize) -> Vec<F::Int> {
    let span = hi.offset_from(lo);
    let first = (0..=span.min(15)).map(|k| F::Int::from_offset(lo, k));
    let ends = [span, span.saturating_sub(1)].map(|k| F::Int::from_offset(lo, k));
    let drawn = at_growing_sizes(g, random, |g, k| match k % 2 {
        0 => int_in(g, lo, hi),
        _ => F::Int::from_offset(lo, uniform_up_to(g, span)),
    });
    first.chain(ends).chain(drawn).collect()
}

/// `n` values drawn by `draw(g, k)`, the `k`-th at a size growing from 0 to [`FULL_SIZE`], as
/// a run's tests grow: the last ones reach every bit width of a range. Drawn at the small
/// size generalization's generator keeps, a range's values all fell within its first 16 or at
/// its top, and a claim over a range of 1,024 levels was made where 87% of them pass.
fn at_growing_sizes<T>(
    g: &mut Gen,
    n: usize,
    mut draw: impl FnMut(&mut Gen, usize) -> T,
) -> Vec<T> {
    let size = g.size();
    let drawn = (0..n)
        .map(|k| {
            g.set_size(FULL_SIZE * (k + 1) / n);
            draw(g, k)
        })
        .collect();
    g.set_size(size);
    drawn
}

/// Ranges of at most this many values give a value holding each of them
/// ([`FieldRange::values`]).
const FEW: usize = 64;

/// The size at which [`int_in`] draws offsets of every bit width of a range.
const FULL_SIZE: usize = 50;

/// A field of type `F` ranged `lo..=hi`, seen as a [`FieldRange`] (`RangeField::range_of`).
struct Bounds<F: RangeField> {
    lo: F::Int,
    hi: F::Int,
}

impl<F: RangeField + SubTypes> FieldRange for Bounds<F> {
    fn ints(&self, g: &mut Gen, random: usize) -> Vec<Box<dyn SubValue>> {
        let ints = range_ints::<F>(self.lo, self.hi, g, random).into_iter();
        ints.map(|v| Box::new(v) as Box<dyn SubValue>).collect()
    }
    fn values(&self, g: &mut Gen, random: usize) -> Vec<Box<dyn SubValue>> {
        let mut ints = range_ints::<F>(self.lo, self.hi, g, 0);
        let ends = ints.split_off(ints.len() - 2);
        // A range of few values: the value holding each one (`[Some(-17)]`), not the first 16.
        if let Some(all) = every_int_in(self.lo, self.hi, FEW) {
            ints = all;
        }
        let first = F::without_ints().into_iter().chain(ints.into_iter().map(F::from_int));
        let ends = ends.into_iter().map(F::from_int);
        let drawn = at_growing_sizes(g, random, |g, k| {
            g.with_budget(2 + k, |g| F::arbitrary_in(g, self.lo, self.hi))
        });
        let all: Vec<F> = first.chain(ends).chain(drawn).collect();
        all.into_iter().map(|v| Box::new(v) as Box<dyn SubValue>).collect()
    }
    fn every(&self, most: usize) -> Option<Vec<Box<dyn SubValue>>> {
        let all = F::every_in(self.lo, self.hi, most)?;
        Some(all.into_iter().map(|v| Box::new(v) as Box<dyn SubValue>).collect())
    }
    fn every_int(&self, most: usize) -> Option<Vec<Box<dyn SubValue>>> {
        let all = every_int_in(self.lo, self.hi, most)?.into_iter();
        Some(all.map(|v| Box::new(v) as Box<dyn SubValue>).collect())
    }
    fn nested(&self, ty: TypeId) -> Option<Box<dyn FieldRange>> {
        F::nested_range(ty, self.lo, self.hi)
    }
}

/// `Bounds` of `lo..=hi` for `T` when `T` is of type `ty`, else the bounds at `ty` within
/// `T` (`RangeField::nested_range` of an `Option` or `Vec` of `T`).
fn bounds_at<T: RangeField + SubTypes>(
    ty: TypeId,
    lo: T::Int,
    hi: T::Int,
) -> Option<Box<dyn FieldRange>> {
    if TypeId::of::<T>() == ty {
        return Some(Box::new(Bounds::<T> { lo, hi }));
    }
    T::nested_range(ty, lo, hi)
}

/// Every integer of `lo..=hi`, from `lo` up, when there are at most `most`; `None` when
/// there are more.
fn every_int_in<I: RangeInt>(lo: I, hi: I, most: usize) -> Option<Vec<I>> {
    let span = hi.offset_from(lo);
    (span < most as u128).then(|| (0..=span).map(|k| I::from_offset(lo, k)).collect())
}

/// The cost (smallest size) of one constructor: 1 plus its fields' smallest sizes.
pub fn constructor_cost(fields: &[Option<usize>]) -> Option<usize> {
    sum_min_sizes(fields.iter().copied()).map(|m| m + 1)
}

/// The smallest size of a type from its constructors' costs (`None` entries: no finite value;
/// skipped and zero-weight variants are left out by the caller).
pub fn type_min_size<T: 'static, C: IntoIterator<Item = Option<usize>>>(
    costs: impl FnOnce() -> C,
) -> Option<usize> {
    min_size_of::<T>(|| costs().into_iter().flatten().min())
}

/// [`type_min_size`] for a type without generic parameters, remembered in `cache` (the
/// derive's `static`, 0 until known) once final: derived generation asks for its fields'
/// smallest sizes at every node, and an atomic load is cheaper than the per-thread table.
/// The answer is the same as [`type_min_size`]'s.
pub fn type_min_size_cached<T: 'static, C: IntoIterator<Item = Option<usize>>>(
    cache: &AtomicUsize,
    costs: impl FnOnce() -> C,
) -> Option<usize> {
    // 0: not known yet; 1: no finite value; k + 2: k.
    match cache.load(Ordering::Relaxed) {
        0 => {}
        1 => return None,
        k => return Some(k - 2),
    }
    let (found, settled) =
        crate::arbitrary::min_size_settled::<T>(|| costs().into_iter().flatten().min());
    if settled {
        match found {
            None => cache.store(1, Ordering::Relaxed),
            Some(k) if k <= usize::MAX - 2 => cache.store(k + 2, Ordering::Relaxed),
            Some(_) => {}
        }
    }
    found
}

/// Panics, naming the type, when its one generatable constructor (a struct's, or an enum's
/// only variant) has no finite value: a cycle of types without a base case, which the derive
/// cannot see syntactically.
pub fn require_finite(type_name: &str, cost: Option<usize>) {
    if cost.is_none() {
        panic!("{}", no_finite_value(type_name));
    }
}

/// How many fields a constructor may have before [`field_budgets`] spills to the heap.
const INLINE_FIELDS: usize = 8;

/// One generatable variant, as the derive describes it to [`pick_variant`].
#[derive(Clone, Copy, Debug)]
pub struct Variant {
    /// `#[smartcheck(weight = N)]` (1 when absent).
    pub weight: u64,
    /// The variant's smallest size; `None` when it has no finite value.
    pub cost: Option<usize>,
    /// True when a field's type names the type itself (`Box<Self>`, `Vec<Tree>`, ...): the
    /// variant can grow to use any budget.
    pub recursive: bool,
}

/// Picks a variant: among those with a finite cost within the budget; when none fits (the
/// budget is below the type's minimum, or generation is very deep), the cheapest. Panics,
/// naming the type, when no variant has a finite value.
///
/// Recursive variants have their weight multiplied by `1 + extra`, where `extra` is what the
/// budget leaves over the cheapest fitting variant: so the value keeps growing while budget is
/// left, and stops when it runs out. A list then has a length uniform up to its budget, and a
/// tree about half its budget in constructors, instead of the 2 constructors on average that
/// plain weights give (a stop at every level with probability one half). Among recursive
/// variants, and among the others, the weights keep their ratios.
pub fn pick_variant(g: &mut Gen, type_name: &str, variants: &[Variant]) -> usize {
    let budget = g.budget();
    let deep = g.depth() >= MAX_GEN_DEPTH;
    let fits = |v: &Variant| v.weight > 0 && !deep && v.cost.is_some_and(|c| c <= budget);
    let cheapest = variants.iter().filter(|v| fits(v)).filter_map(|v| v.cost).min();
    let extra = cheapest.map_or(0, |c| budget - c) as u128;
    let weight = |v: &Variant| match (fits(v), v.recursive) {
        (false, _) => 0,
        (true, false) => v.weight as u128,
        (true, true) => v.weight as u128 * (1 + extra),
    };
    if let Some(i) = weighted_wide(g, variants, weight) {
        return i;
    }
    variants
        .iter()
        .enumerate()
        .filter(|(_, v)| v.weight > 0)
        .filter_map(|(i, v)| v.cost.map(|c| (c, i)))
        .min()
        .map(|(_, i)| i)
        .unwrap_or_else(|| panic!("{}", no_finite_value(type_name)))
}

/// [`Gen::weighted`] over `weight` of each of `items`, for weights whose total may pass
/// `u64::MAX`: all are scaled down by the same power of two first (a non-zero weight stays
/// non-zero). The same draw as `Gen::weighted` on the scaled weights, with no list of them
/// built: every derived node picks its variant here.
fn weighted_wide<I>(g: &mut Gen, items: &[I], weight: impl Fn(&I) -> u128) -> Option<usize> {
    let total = items.iter().fold(0u128, |t, item| t.saturating_add(weight(item)));
    let shift = (128 - total.leading_zeros()).saturating_sub(63);
    let scaled = |item: &I| match weight(item) {
        0 => 0,
        w => ((w >> shift) as u64).max(1),
    };
    g.weighted_by(items, scaled)
}

/// Budgets for a constructor's fields: each field's minimum, plus a random share of what the
/// budget leaves after the constructor's cost for the fields that can use it. A field whose
/// smallest size is 0 is an opaque leaf (a number, a string), whose size is always 0: it gets
/// no share, so that a `Cons(u8, Box<List>)` hands its whole budget to its tail.
///
/// Up to eight fields (`INLINE_FIELDS`), the budgets and shares are built in arrays on the
/// stack: `SmallVec`'s `collect`, `extend` and `from_elem`, here and in [`pick_variant`], took
/// about a sixth of generating an expression (`perf`, `throughput profile exp`).
pub fn field_budgets(g: &mut Gen, fields: &[Option<usize>]) -> SmallVec<[usize; INLINE_FIELDS]> {
    if fields.len() > INLINE_FIELDS {
        let mut budgets: SmallVec<[usize; INLINE_FIELDS]> =
            fields.iter().map(|m| m.unwrap_or(0)).collect();
        let growable = budgets.iter().filter(|&&m| m > 0).count();
        let mut shares: SmallVec<[usize; INLINE_FIELDS]> = SmallVec::from_elem(0, growable);
        add_shares(g, &mut budgets, &mut shares);
        return budgets;
    }
    let mut budgets = [0; INLINE_FIELDS];
    let mut growable = 0;
    for (budget, min) in budgets.iter_mut().zip(fields) {
        *budget = min.unwrap_or(0);
        growable += usize::from(*budget > 0);
    }
    let mut shares = [0; INLINE_FIELDS];
    add_shares(g, &mut budgets[..fields.len()], &mut shares[..growable]);
    SmallVec::from_buf_and_len(budgets, fields.len())
}

/// Adds to each of `budgets` above 0 (its field's minimum) one of `shares` (one per such
/// field), drawn by splitting what the budget leaves after the constructor's cost.
fn add_shares(g: &mut Gen, budgets: &mut [usize], shares: &mut [usize]) {
    let cost = 1 + budgets.iter().sum::<usize>();
    let extra = g.budget().saturating_sub(cost);
    g.split_into(extra, shares);
    let mut shares = shares.iter();
    for budget in budgets.iter_mut().filter(|m| **m > 0) {
        *budget += shares.next().copied().unwrap_or(0);
    }
}

/// Generates one field within `budget`.
pub fn field<T: Arbitrary>(g: &mut Gen, budget: usize) -> T {
    g.with_budget(budget, |g| grow(|| T::arbitrary(g)))
}

/// Simpler values of a `with` field, by its `#[smartcheck(shrink = f)]` function.
pub fn shrink_with<T>(value: &T, f: impl FnOnce(&T) -> Vec<T>) -> Vec<T> {
    f(value)
}

/// Generates one field within `budget` with a custom generator (`#[smartcheck(with = f)]`).
pub fn field_with<T>(g: &mut Gen, budget: usize, f: impl FnOnce(&mut Gen) -> T) -> T {
    g.with_budget(budget, |g| grow(|| f(g)))
}

// -------------------------------------------------------------------------------------------
// `#[smartcheck(range = LO..=HI)]`

/// An integer type a `#[smartcheck(range = LO..=HI)]` field can hold, alone or through
/// `Option` and `Vec`: how to draw a value within the bounds, and whether a value is within
/// them. The bounds are the integer type's own (`Int`); the derive checks `LO <= HI`.
#[diagnostic::on_unimplemented(
    message = "`#[smartcheck(range = ..)]` needs an integer field, or an `Option` or `Vec` of \
               integers; `{Self}` is not one",
    label = "the range is on this field"
)]
pub trait RangeField: Sized {
    /// The integer type of the bounds.
    type Int: RangeInt;
    /// A value within `lo..=hi` (every integer in it) that fits `g`'s budget.
    fn arbitrary_in(g: &mut Gen, lo: Self::Int, hi: Self::Int) -> Self;
    /// True when every integer in the value lies in `lo..=hi`.
    fn within(&self, lo: Self::Int, hi: Self::Int) -> bool;
    /// This field's range as [`SubTypes::field_range`] gives it. (It takes `self` so that
    /// the derive calls it as it calls [`within`](Self::within): a field that is no integer
    /// gets one error, not two.)
    fn range_of(&self, lo: Self::Int, hi: Self::Int) -> Box<dyn FieldRange>
    where
        Self: SubTypes,
    {
        Box::new(Bounds::<Self> { lo, hi })
    }
    /// The range at a type `ty` strictly inside this one ([`FieldRange::nested`]): the
    /// `T` of an `Option<T>` or a `Vec<T>`, or a type within that `T`; `None` for an integer,
    /// which holds no other.
    fn nested_range(ty: TypeId, lo: Self::Int, hi: Self::Int) -> Option<Box<dyn FieldRange>> {
        let _ = (ty, lo, hi);
        None
    }
    /// The value that holds `x` as its one integer (`x`, `Some(x)`, `[x]`).
    fn from_int(x: Self::Int) -> Self;
    /// The values that hold no integer, simplest first (`None`; `[]`): none for an integer.
    fn without_ints() -> Vec<Self>;
    /// Every value within `lo..=hi` (integers from `lo` up, an `Option`'s `None` first), when
    /// there are at most `most`; `None` when there are more (or infinitely many: a list).
    fn every_in(lo: Self::Int, hi: Self::Int, most: usize) -> Option<Vec<Self>>;
    /// The value whose integers are those of `lo..=hi` at the ranks of this value's own, in
    /// the order of simplicity (`0, 1, -1, 2, -2, ...` within the range, from the end nearest
    /// `0` when it does not hold `0`); `None` when one rank is past the range's end. How a
    /// range field enumerates (`enumerate::parts_in`).
    fn in_range(&self, lo: Self::Int, hi: Self::Int) -> Option<Self>;
}

/// The `rank`-th value of `lo..=hi` (widened) in the order of simplicity: `0` and then by
/// magnitude, positive first, when the range holds `0`; else from the bound nearest `0`
/// outward. O(rank) for a range around `0`, O(1) otherwise.
fn nth_in_range(rank: u128, lo: i128, hi: i128) -> Option<i128> {
    let rank = i128::try_from(rank).ok()?;
    let value = if lo > 0 {
        lo.checked_add(rank)?
    } else if hi < 0 {
        hi.checked_sub(rank)?
    } else {
        // Every magnitude up to the range's farthest end, as a signed type enumerates.
        let last = hi.max(lo.checked_neg().unwrap_or(i128::MAX));
        let magnitudes = usize::try_from(last.saturating_add(1)).unwrap_or(usize::MAX);
        return crate::enumerate::signed(magnitudes, lo, hi).nth(usize::try_from(rank).ok()?);
    };
    (lo..=hi).contains(&value).then_some(value)
}

/// An integer of any width, seen as an offset from the low bound of a range (an offset always
/// fits a `u128`, whatever the width and sign).
pub trait RangeInt: Copy + Ord + SubTypes {
    /// The number of bits of the type.
    const BITS: u32;
    /// `self - lo` as a `u128`; `self >= lo`.
    fn offset_from(self, lo: Self) -> u128;
    /// `lo + offset`; `offset` at most `hi.offset_from(lo)`.
    fn from_offset(lo: Self, offset: u128) -> Self;
}

macro_rules! range_int {
    ($($t:ty),*) => {$(
        impl RangeInt for $t {
            const BITS: u32 = <$t>::BITS;
            fn offset_from(self, lo: Self) -> u128 {
                // Two's complement: the wrapping difference of the widened values is exact.
                (self as i128).wrapping_sub(lo as i128) as u128 & (u128::MAX >> (128 - Self::BITS))
            }
            fn from_offset(lo: Self, offset: u128) -> Self {
                (lo as i128).wrapping_add(offset as i128) as $t
            }
        }

        impl RangeField for $t {
            type Int = $t;
            fn arbitrary_in(g: &mut Gen, lo: $t, hi: $t) -> $t {
                int_in(g, lo, hi)
            }
            fn from_int(x: $t) -> $t {
                x
            }
            fn without_ints() -> Vec<$t> {
                Vec::new()
            }
            fn every_in(lo: $t, hi: $t, most: usize) -> Option<Vec<$t>> {
                every_int_in(lo, hi, most)
            }
            fn within(&self, lo: $t, hi: $t) -> bool {
                (lo..=hi).contains(self)
            }
            #[allow(unused_comparisons)]
            fn in_range(&self, lo: $t, hi: $t) -> Option<$t> {
                let rank = self.leaf_rank()?;
                if <$t>::MIN < 0 {
                    let v = nth_in_range(u128::from(rank), lo as i128, hi as i128)?;
                    <$t>::try_from(v).ok()
                } else {
                    // Unsigned: ranks are values, and the range's simplest is its low end.
                    let offset = u128::from(rank);
                    (offset <= hi.offset_from(lo)).then(|| <$t>::from_offset(lo, offset))
                }
            }
        }
    )*};
}

range_int!(i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize);

impl<T: RangeField + SubTypes> RangeField for Option<T> {
    type Int = T::Int;
    fn nested_range(ty: TypeId, lo: T::Int, hi: T::Int) -> Option<Box<dyn FieldRange>> {
        bounds_at::<T>(ty, lo, hi)
    }
    fn arbitrary_in(g: &mut Gen, lo: T::Int, hi: T::Int) -> Self {
        // As `Option<T>`'s own impl: `Some` three times in four when it fits the budget.
        if g.budget() > 1 && g.ratio(3, 4) {
            let budget = g.budget() - 1;
            Some(g.with_budget(budget, |g| T::arbitrary_in(g, lo, hi)))
        } else {
            None
        }
    }
    fn within(&self, lo: T::Int, hi: T::Int) -> bool {
        self.as_ref().is_none_or(|x| x.within(lo, hi))
    }
    fn from_int(x: T::Int) -> Self {
        Some(T::from_int(x))
    }
    fn without_ints() -> Vec<Self> {
        vec![None]
    }
    fn every_in(lo: T::Int, hi: T::Int, most: usize) -> Option<Vec<Self>> {
        let some = T::every_in(lo, hi, most.checked_sub(1)?)?;
        Some(std::iter::once(None).chain(some.into_iter().map(Some)).collect())
    }
    fn in_range(&self, lo: T::Int, hi: T::Int) -> Option<Self> {
        match self {
            None => Some(None),
            Some(x) => x.in_range(lo, hi).map(Some),
        }
    }
}

impl<T: RangeField + SubTypes> RangeField for Vec<T> {
    type Int = T::Int;
    fn nested_range(ty: TypeId, lo: T::Int, hi: T::Int) -> Option<Box<dyn FieldRange>> {
        bounds_at::<T>(ty, lo, hi)
    }
    fn arbitrary_in(g: &mut Gen, lo: T::Int, hi: T::Int) -> Self {
        if T::min_size() != Some(0) {
            // Elements that hold structure (`Option<u8>`, `Vec<u8>`) share the budget as a
            // `Vec<T>`'s own do: with none, every one was `None` or empty.
            let plan = crate::std_impls::cell_plan(g, T::min_size());
            let list = plan.iter().map(|&b| g.with_budget(b, |g| T::arbitrary_in(g, lo, hi)));
            let list = list.collect();
            g.give_back(plan);
            return list;
        }
        let len = ranged_list_len(g);
        (0..len).map(|_| g.with_budget(0, |g| T::arbitrary_in(g, lo, hi))).collect()
    }
    fn within(&self, lo: T::Int, hi: T::Int) -> bool {
        self.iter().all(|x| x.within(lo, hi))
    }
    fn from_int(x: T::Int) -> Self {
        vec![T::from_int(x)]
    }
    fn without_ints() -> Vec<Self> {
        vec![Vec::new()]
    }
    fn every_in(_: T::Int, _: T::Int, _: usize) -> Option<Vec<Self>> {
        None
    }
    fn in_range(&self, lo: T::Int, hi: T::Int) -> Option<Self> {
        self.iter().map(|x| x.in_range(lo, hi)).collect()
    }
}

// -------------------------------------------------------------------------------------------
// `#[smartcheck(prefix = path)]`

/// A list a `#[smartcheck(prefix = path)]` field can hold, `path: fn(&[Elem]) -> bool` a
/// condition that holds of the list and of every prefix of it (sorted, no duplicates, a bound
/// on a running sum). The derive draws such a list element by element within the condition
/// ([`field_where`]), enumerates only the lists whose every prefix meets it
/// ([`prefix_parts`]), and keeps reduction and generalization within it
/// ([`prefix_holds`], the check behind `SubTypes::within_constraints`).
#[diagnostic::on_unimplemented(
    message = "`#[smartcheck(prefix = ..)]` needs a `Vec` field; `{Self}` is not one",
    label = "the prefix condition is on this field"
)]
pub trait PrefixField: Sized + 'static {
    /// The element type.
    type Elem: Clone + 'static;
    /// The list of these elements, in order.
    fn from_elements(elements: Vec<Self::Elem>) -> Self;
    /// The elements, in order.
    fn elements(&self) -> &[Self::Elem];
}

impl<T: Clone + 'static> PrefixField for Vec<T> {
    type Elem = T;
    fn from_elements(elements: Vec<T>) -> Self {
        elements
    }
    fn elements(&self) -> &[T] {
        self
    }
}

/// How many times an element that would break a prefix condition is drawn again before the
/// list ends where it is.
pub const PREFIX_TRIES: usize = 8;

/// A list of up to `shares.len()` elements, each drawn by `draw` with its share of the budget,
/// every prefix meeting `keep`: an element that breaks it is drawn again, up to
/// [`PREFIX_TRIES`] times, and the list ends where none fits. The `i`-th of `n` elements is
/// drawn at `(i + 1) / n` of the size: each element must fit the ones before it, and early
/// elements drawn as large as late ones leave the rest no room (a sorted list of bytes
/// whose first is 200 ends at once). O(tries × n) calls of `keep`.
fn list_where<T>(
    g: &mut Gen,
    shares: &[usize],
    keep: fn(&[T]) -> bool,
    mut draw: impl FnMut(&mut Gen) -> T,
) -> Vec<T> {
    let (size, n) = (g.size(), shares.len());
    let mut list = Vec::with_capacity(n);
    'cells: for (i, &share) in shares.iter().enumerate() {
        g.set_size((size * (i + 1)).div_ceil(n));
        for _ in 0..PREFIX_TRIES {
            list.push(g.with_budget(share, &mut draw));
            if keep(&list) {
                continue 'cells;
            }
            list.pop();
        }
        break;
    }
    g.set_size(size);
    list
}

/// Generates a `#[smartcheck(prefix = keep)]` field within `budget`: a list whose length is
/// drawn as `Vec`'s own impl draws it, filled element by element within `keep`
/// ([`PrefixField`]).
pub fn field_where<F: PrefixField>(g: &mut Gen, budget: usize, keep: fn(&[F::Elem]) -> bool) -> F
where
    F::Elem: Arbitrary,
{
    note_constraints();
    g.with_budget(budget, |g| {
        grow(|| {
            let plan = crate::std_impls::cell_plan(g, F::Elem::min_size());
            let list = list_where(g, &plan, keep, F::Elem::arbitrary);
            g.give_back(plan);
            F::from_elements(list)
        })
    })
}

/// [`field_where`] for a field that is also `#[smartcheck(range = lo..=hi)]`: each element
/// drawn within the range, as `Vec`'s [`RangeField`] impl draws them.
pub fn field_where_in<F: PrefixField>(
    g: &mut Gen,
    budget: usize,
    keep: fn(&[F::Elem]) -> bool,
    lo: <F::Elem as RangeField>::Int,
    hi: <F::Elem as RangeField>::Int,
) -> F
where
    F::Elem: RangeField,
{
    note_constraints();
    g.with_budget(budget, |g| {
        let shares = vec![0; ranged_list_len(g)];
        F::from_elements(list_where(g, &shares, keep, |g| F::Elem::arbitrary_in(g, lo, hi)))
    })
}

/// `keep(value)`, the check `within_constraints` makes for a `#[smartcheck(prefix = keep)]`
/// field (of the whole list: the condition is the user's promise of being prefix-closed);
/// when it fails, notes which one for the message of a contract check ([`Checked`]).
pub fn prefix_holds<F: PrefixField>(
    value: &F,
    keep: fn(&[F::Elem]) -> bool,
    text: &'static str,
    type_name: &'static str,
) -> bool {
    let holds = keep(value.elements());
    if !holds {
        BROKEN.with(|b| b.set(Some(("prefix condition", text, type_name))));
    }
    holds
}

/// The values of a `#[smartcheck(prefix = keep)]` field at depth `depth`, for the derive's
/// enumeration: the lists of fewer than `depth` of `elements` (its element type's values one
/// level shallower, ranged when the field is) whose every prefix meets `keep`, in the order
/// `Vec`'s enumeration gives them ([`lists_where_from`](crate::enumerate::lists_where_from)).
/// A prefix that breaks `keep` is never extended.
pub fn prefix_parts<F: PrefixField>(
    depth: usize,
    elements: std::rc::Rc<[F::Elem]>,
    keep: fn(&[F::Elem]) -> bool,
) -> std::rc::Rc<[F]> {
    let lists = crate::enumerate::lists_where_from(depth, &elements, keep);
    lists.values.into_iter().map(F::from_elements).collect()
}

/// The length of a list of ranged integers, drawn as `Vec<T>`'s own impl draws it: every
/// cons cell and the empty list cost 1 (the integers nothing); lengths scale with the size.
fn ranged_list_len(g: &mut Gen) -> usize {
    let max_len = g.budget().saturating_sub(1).min(g.size());
    g.range(0, max_len)
}

/// Generates a `#[smartcheck(range = ..)]` field within `budget`; `lo <= hi`.
pub fn field_in_range<T: RangeField>(g: &mut Gen, budget: usize, lo: T::Int, hi: T::Int) -> T {
    note_constraints();
    g.with_budget(budget, |g| T::arbitrary_in(g, lo, hi))
}

/// Set once a value of a type with constraints has been generated or walked.
static CONSTRAINTS: AtomicBool = AtomicBool::new(false);

/// Records that a type with constraints is in use: called when a range field is generated and
/// from the `children` of such a type, so before any candidate holding one can be built (a
/// counterexample is walked for its size before it is reduced).
pub fn note_constraints() {
    if !CONSTRAINTS.load(Ordering::Relaxed) {
        CONSTRAINTS.store(true, Ordering::Relaxed);
    }
    NOTED.with(|n| n.set(n.get().wrapping_add(1)));
}

thread_local! {
    /// How many times this thread called [`note_constraints`]: unchanged over a draw, the
    /// drawn value holds no node of a type with constraints.
    static NOTED: Cell<u64> = const { Cell::new(0) };
}

/// A count that changes whenever a node of a type with constraints is drawn (or walked) on
/// this thread: equal before and after a draw, the value holds no such node, and so nothing
/// outside its constraints (a value of a type whose invariant generation gave up on holds one).
/// Discovery then runs the value without walking it: once any constrained type was in use,
/// every test input of every other type was walked, and a `HashMap<String, u32>`'s walk
/// (its entries in order of simplicity) made 5,000 passing tests take 30 s instead of 0.05.
pub(crate) fn constraint_draws() -> u64 {
    NOTED.with(Cell::get)
}

/// False until [`note_constraints`] is first called: until then no value can be outside its
/// constraints, and the tester skips its O(n) walk of every candidate.
pub fn constraints_in_use() -> bool {
    CONSTRAINTS.load(Ordering::Relaxed)
}

/// An integer in `lo..=hi` (`lo <= hi`), with the std impls' preferences moved into the range:
/// one time in ten a boundary (`lo`, `lo + 1`, `hi`, `hi - 1`); otherwise an offset from `lo`
/// of a bit width drawn uniformly up to one that grows with the size (the whole range by size
/// 50), so values near `lo` and duplicates are likely and every value is reachable.
fn int_in<T: RangeInt>(g: &mut Gen, lo: T, hi: T) -> T {
    let span = hi.offset_from(lo);
    let offset = if g.ratio(1, 10) {
        let edges = [0, 1.min(span), span, span.saturating_sub(1)];
        edges[g.below(edges.len() as u64) as usize]
    } else {
        let span_bits = 128 - span.leading_zeros();
        let limit = (1 + g.size() as u64 * span_bits as u64 / 50).min(span_bits as u64);
        let bits = g.range(0, limit as usize) as u32;
        let offset = random_bits(g, bits);
        if offset <= span {
            offset
        } else {
            uniform_up_to(g, span)
        }
    };
    T::from_offset(lo, offset)
}

/// A uniform number of `bits` random bits (0 when `bits` is 0).
fn random_bits(g: &mut Gen, bits: u32) -> u128 {
    if bits == 0 {
        return 0;
    }
    let raw = (g.next_u64() as u128) | ((g.next_u64() as u128) << 64);
    raw & (u128::MAX >> (128 - bits))
}

/// A uniform number in `0..=max`.
fn uniform_up_to(g: &mut Gen, max: u128) -> u128 {
    if let Ok(n) = u64::try_from(max) {
        if n < u64::MAX {
            return g.below(n + 1) as u128;
        }
    }
    let bits = 128 - max.leading_zeros();
    loop {
        // Rejection from the smallest power of two above `max`: under two draws on average.
        let x = random_bits(g, bits);
        if x <= max {
            return x;
        }
    }
}

// -------------------------------------------------------------------------------------------
// `#[smartcheck(invariant = path)]`

/// How many times one top-level draw may generate a value again because an invariant failed,
/// counted over every invariant type inside it.
pub const MAX_INVARIANT_RETRIES: usize = 1000;

thread_local! {
    /// The retries left to the draw under way; `None` when no invariant type is being drawn.
    static RETRIES_LEFT: Cell<Option<usize>> = const { Cell::new(None) };
    /// The invariant that last failed in `within_constraints`, and its type's name.
    static BROKEN: Cell<Option<(&'static str, &'static str, &'static str)>> =
        const { Cell::new(None) };
}

/// Ends the outermost invariant draw, even when generation panics.
struct DrawGuard(bool);

impl Drop for DrawGuard {
    fn drop(&mut self) {
        if self.0 {
            RETRIES_LEFT.with(|r| r.set(None));
        }
    }
}

/// How many failed tries at one value before its budget is halved.
const TRIES_PER_BUDGET: usize = 10;

/// How many retries spent anywhere in a draw before every value still to be drawn in it gets
/// half the budget.
const RETRIES_PER_BUDGET: usize = 100;

/// The retries left to the draw under way (all of them when none is under way).
fn retries_left() -> usize {
    RETRIES_LEFT.with(|r| r.get()).unwrap_or(MAX_INVARIANT_RETRIES)
}

/// Draws a value of a type with an invariant: `generate` again while `invariant` fails, until
/// the draw's retries ([`MAX_INVARIANT_RETRIES`], shared with every invariant type inside this
/// one) run out; then the last value, which breaks the invariant, is returned and the tester
/// discards it (`within_constraints`), so it counts as a discard, never a test.
///
/// Smaller values meet most invariants more often (a one-node tree is always ordered), so a
/// try gets half the budget after every `TRIES_PER_BUDGET` failures of this value, and half
/// again after every `RETRIES_PER_BUDGET` retries spent anywhere in the draw: a deep value
/// whose parts keep failing gets smaller everywhere before the retries run out.
pub fn generate_valid<T>(
    g: &mut Gen,
    invariant: fn(&T) -> bool,
    mut generate: impl FnMut(&mut Gen) -> T,
) -> T {
    note_constraints();
    let outermost = RETRIES_LEFT.with(|r| r.get().is_none());
    if outermost {
        RETRIES_LEFT.with(|r| r.set(Some(MAX_INVARIANT_RETRIES)));
    }
    let _guard = DrawGuard(outermost);
    let budget = g.budget();
    let mut failures = 0;
    loop {
        let spent = MAX_INVARIANT_RETRIES - retries_left();
        let halvings = failures / TRIES_PER_BUDGET + spent / RETRIES_PER_BUDGET;
        g.set_budget(budget.checked_shr(halvings as u32).unwrap_or(0));
        let value = generate(g);
        g.set_budget(budget);
        let left = retries_left();
        if left == 0 || invariant(&value) {
            return value;
        }
        RETRIES_LEFT.with(|r| r.set(Some(left - 1)));
        failures += 1;
    }
}

/// `invariant(value)`, the check `within_constraints` makes for a type with
/// `#[smartcheck(invariant = path)]`; when it fails, notes which one (the path as written, and
/// the type's name) for the message of a contract check ([`Checked`]).
pub fn invariant_holds<T>(
    value: &T,
    invariant: fn(&T) -> bool,
    text: &'static str,
    type_name: &'static str,
) -> bool {
    let holds = invariant(value);
    if !holds {
        BROKEN.with(|b| b.set(Some(("invariant", text, type_name))));
    }
    holds
}

/// The first node of `value`'s tree (itself included, frozen and opaque nodes too) outside
/// its type's constraints ([`SubTypes::within_constraints`]). O(n) in the nodes, no recursion.
pub fn first_broken_node(value: NodeRef<'_>) -> Option<&dyn Node> {
    let mut stack: SmallVec<[NodeRef<'_>; 16]> = SmallVec::new();
    stack.push(value);
    while let Some(node) = stack.pop() {
        if let NodeRef::Value(n) = node {
            if !n.node_within_constraints() {
                return Some(n);
            }
        }
        stack.extend(node.children().into_iter().map(|c| c.node));
    }
    None
}

/// What a value broke, in words, for a contract's panic message: "the invariant `ordered` of
/// `Pair`", "the prefix condition `sorted` of `Pool`", or "a `range` of `Pool`" (a range
/// names no function); `None` when every node is within its type's constraints.
pub fn broken_constraint<T: SubTypes>(value: &T) -> Option<String> {
    BROKEN.with(|b| b.set(None));
    let node = first_broken_node(NodeRef::Value(value.node()))?;
    Some(match BROKEN.with(|b| b.take()) {
        Some((what, text, type_name)) => format!("the {what} `{text}` of `{type_name}`"),
        None => format!("a `range` of `{}`", node.type_name()),
    })
}

/// Runs the body of a function with a contract: `#[smartcheck::contract]` wraps the body in a
/// closure (so that its `return`s and `?`s end the body, not the checks after it) and passes
/// it here. Called directly, `(|| body)()`, the closure is inferred `FnMut`, and a body that
/// returns a `&mut` borrowed from `self` or an argument failed to compile ("captured variable
/// cannot escape `FnMut` closure body"); expected as `FnOnce` here, it owns its captures and
/// may hand out what they borrow.
#[inline(always)]
pub fn call_once<R>(body: impl FnOnce() -> R) -> R {
    body()
}

/// `?` as `#[smartcheck::contract]` writes it in the body of a `#[track_caller]` function,
/// which it inlines (a closure would lose the caller) inside a labelled block: `e?` becomes
/// `match Question::branch(e) { Continue(v) => v, Break(r) => break 'body
/// FromResidual::from_residual(r) }`, so that leaving early still reaches the checks after the
/// body. std's `Try` and `FromResidual`, which are unstable, for every type that implements
/// them on stable: `Result`, `Option`, `ControlFlow`, and `Poll` of a `Result` or of an
/// `Option<Result>`.
pub trait Question {
    /// The value `e?` has when it goes on.
    type Output;
    /// What it leaves with otherwise.
    type Residual;
    /// Goes on with the output, or leaves with the residual.
    fn branch(self) -> ControlFlow<Self::Residual, Self::Output>;
}

/// See [`Question`]: the value a body leaves with by `?`, made from the residual.
pub trait FromResidual<R> {
    /// The value left with.
    fn from_residual(residual: R) -> Self;
}

impl<T, E> Question for Result<T, E> {
    type Output = T;
    type Residual = Result<Infallible, E>;
    fn branch(self) -> ControlFlow<Self::Residual, T> {
        match self {
            Ok(v) => ControlFlow::Continue(v),
            Err(e) => ControlFlow::Break(Err(e)),
        }
    }
}

impl<T, E, F: From<E>> FromResidual<Result<Infallible, E>> for Result<T, F> {
    fn from_residual(residual: Result<Infallible, E>) -> Self {
        match residual {
            Err(e) => Err(From::from(e)),
            Ok(never) => match never {},
        }
    }
}

impl<T> Question for Option<T> {
    type Output = T;
    type Residual = Option<Infallible>;
    fn branch(self) -> ControlFlow<Self::Residual, T> {
        match self {
            Some(v) => ControlFlow::Continue(v),
            None => ControlFlow::Break(None),
        }
    }
}

impl<T> FromResidual<Option<Infallible>> for Option<T> {
    fn from_residual(_: Option<Infallible>) -> Self {
        None
    }
}

impl<B, C> Question for ControlFlow<B, C> {
    type Output = C;
    type Residual = ControlFlow<B, Infallible>;
    fn branch(self) -> ControlFlow<Self::Residual, C> {
        match self {
            ControlFlow::Continue(c) => ControlFlow::Continue(c),
            ControlFlow::Break(b) => ControlFlow::Break(ControlFlow::Break(b)),
        }
    }
}

impl<B, C> FromResidual<ControlFlow<B, Infallible>> for ControlFlow<B, C> {
    fn from_residual(residual: ControlFlow<B, Infallible>) -> Self {
        match residual {
            ControlFlow::Break(b) => ControlFlow::Break(b),
            ControlFlow::Continue(never) => match never {},
        }
    }
}

impl<T, E> Question for Poll<Result<T, E>> {
    type Output = Poll<T>;
    type Residual = Result<Infallible, E>;
    fn branch(self) -> ControlFlow<Self::Residual, Poll<T>> {
        match self {
            Poll::Ready(Ok(v)) => ControlFlow::Continue(Poll::Ready(v)),
            Poll::Ready(Err(e)) => ControlFlow::Break(Err(e)),
            Poll::Pending => ControlFlow::Continue(Poll::Pending),
        }
    }
}

impl<T, E> Question for Poll<Option<Result<T, E>>> {
    type Output = Poll<Option<T>>;
    type Residual = Result<Infallible, E>;
    fn branch(self) -> ControlFlow<Self::Residual, Poll<Option<T>>> {
        match self {
            Poll::Ready(Some(Ok(v))) => ControlFlow::Continue(Poll::Ready(Some(v))),
            Poll::Ready(Some(Err(e))) => ControlFlow::Break(Err(e)),
            Poll::Ready(None) => ControlFlow::Continue(Poll::Ready(None)),
            Poll::Pending => ControlFlow::Continue(Poll::Pending),
        }
    }
}

impl<T, E, F: From<E>> FromResidual<Result<Infallible, E>> for Poll<Result<T, F>> {
    fn from_residual(residual: Result<Infallible, E>) -> Self {
        Poll::Ready(FromResidual::from_residual(residual))
    }
}

impl<T, E, F: From<E>> FromResidual<Result<Infallible, E>> for Poll<Option<Result<T, F>>> {
    fn from_residual(residual: Result<Infallible, E>) -> Self {
        Poll::Ready(Some(FromResidual::from_residual(residual)))
    }
}

/// A value a contract checks against its type's invariants, by autoref specialization:
/// `(&&&Checked(&v)).broken_constraint()` walks the value's tree when its type implements
/// `SubTypes` ([`CheckTree`]), each element of a slice of such values ([`CheckSlice`]), and
/// says nothing for any other type ([`CheckNothing`]), so that arguments of any type can be
/// written in a contract.
pub struct Checked<'v, T: ?Sized>(pub &'v T);

/// See [`Checked`]: a value whose type implements `SubTypes`.
pub trait CheckTree {
    /// What the value broke, in words; `None` when nothing.
    fn broken_constraint(&self) -> Option<String>;
}

impl<T: SubTypes> CheckTree for &&Checked<'_, T> {
    fn broken_constraint(&self) -> Option<String> {
        broken_constraint(self.0)
    }
}

/// See [`Checked`]: a slice of values whose type implements `SubTypes`.
pub trait CheckSlice {
    /// What an element broke, in words; `None` when nothing.
    fn broken_constraint(&self) -> Option<String>;
}

impl<T: SubTypes> CheckSlice for &Checked<'_, [T]> {
    fn broken_constraint(&self) -> Option<String> {
        self.0.iter().find_map(broken_constraint)
    }
}

/// See [`Checked`]: a value of a type smartcheck knows nothing of.
pub trait CheckNothing {
    /// Always `None`.
    fn broken_constraint(&self) -> Option<String>;
}

impl<T: ?Sized> CheckNothing for Checked<'_, T> {
    fn broken_constraint(&self) -> Option<String> {
        None
    }
}

// -------------------------------------------------------------------------------------------
// `#[smartcheck(with = path)]` on a field whose type implements neither trait

/// What the derive knows of a `with` field's type, written as a marker type per field: its
/// generator (`with = path`) and its shrinker (`shrink = path`, none by default).
pub trait ForeignField: 'static {
    /// The field's type.
    type Value: Clone + fmt::Debug + 'static;
    /// Generates a value (the `with` function).
    fn generate(g: &mut Gen) -> Self::Value;
    /// Simpler values to try instead of `value`, simplest first (the `shrink` function).
    fn shrink(value: &Self::Value) -> Vec<Self::Value> {
        let _ = value;
        Vec::new()
    }
}

/// A `with` field's value seen as an opaque leaf, for a type that implements neither
/// `SubTypes` nor `Arbitrary` (a foreign type the orphan rule keeps the user from deriving
/// for): printed with `Debug`, generated by the field's `with` function, changed by reduction
/// only through its `shrink` function, never generalized.
///
/// A view of the field itself (`repr(transparent)`), so that the derive can hand out a
/// `&dyn Node` for a field it only holds by reference.
#[repr(transparent)]
pub struct Foreign<F: ForeignField> {
    value: F::Value,
    marker: PhantomData<fn() -> F>,
}

impl<F: ForeignField> Foreign<F> {
    fn new(value: F::Value) -> Self {
        Foreign { value, marker: PhantomData }
    }

    /// The field as a node.
    pub fn from_ref(value: &F::Value) -> &Self {
        // SAFETY: `Foreign<F>` is `repr(transparent)` over `F::Value` (its other field is a
        // zero-sized `PhantomData`), so both have the same layout and the cast is valid for
        // the same lifetime.
        unsafe { &*(value as *const F::Value).cast::<Self>() }
    }

    /// The field as a mutable node.
    pub fn from_mut(value: &mut F::Value) -> &mut Self {
        // SAFETY: as in `from_ref`.
        unsafe { &mut *(value as *mut F::Value).cast::<Self>() }
    }
}

impl<F: ForeignField> Clone for Foreign<F> {
    fn clone(&self) -> Self {
        Foreign::new(self.value.clone())
    }
}

impl<F: ForeignField> fmt::Debug for Foreign<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.value, f)
    }
}

/// The one constructor name of every foreign leaf (never shown: an atom prints with `Debug`).
const FOREIGN: &[&str] = &["<foreign>"];

impl<F: ForeignField> Node for Foreign<F> {
    fn node_constructor(&self) -> &'static str {
        FOREIGN[0]
    }
    fn node_constructors(&self) -> &'static [&'static str] {
        FOREIGN
    }
    fn node_shape(&self) -> Shape {
        Shape::Atom
    }
    fn node_children(&self) -> Children<'_> {
        Children::new()
    }
    fn node_is_opaque(&self) -> bool {
        true
    }
    fn value_type(&self) -> TypeId {
        TypeId::of::<Self>()
    }
    fn type_name(&self) -> &'static str {
        std::any::type_name::<F::Value>()
    }
    fn to_value(&self) -> Box<dyn SubValue> {
        Box::new(self.clone())
    }
    fn fmt_debug(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.value, f)
    }
    fn node_generate(&self, g: &mut Gen) -> Box<dyn SubValue> {
        Box::new(Foreign::<F>::new(F::generate(g)))
    }
    fn node_min_size(&self) -> Option<usize> {
        Some(0)
    }
    fn node_shrink_value(&self) -> Vec<Box<dyn SubValue>> {
        let simpler = F::shrink(&self.value).into_iter();
        simpler.map(|v| Box::new(Foreign::<F>::new(v)) as Box<dyn SubValue>).collect()
    }
    fn node_leaf_rank(&self) -> Option<u64> {
        None
    }
    fn node_from_leaf_rank(&self, _: u64) -> Option<Box<dyn SubValue>> {
        None
    }
    fn node_as_any(&self) -> Option<&dyn std::any::Any> {
        Some(self)
    }
    /// A foreign value has no order of its own: one is simpler than another when its `shrink`
    /// function offers it for the other (compared by `Debug` text, as the type need not be
    /// `PartialEq`), so reduction takes the steps the user's function gives, and no others.
    fn node_cmp_simplicity(&self, other: &dyn Node) -> std::cmp::Ordering {
        let Some(other) = other.node_as_any().and_then(|o| o.downcast_ref::<Self>()) else {
            return std::cmp::Ordering::Equal;
        };
        let text = |v: &F::Value| format!("{v:?}");
        let offers = |from: &F::Value, to: &F::Value| {
            let to = text(to);
            F::shrink(from).iter().any(|c| text(c) == to)
        };
        if offers(&other.value, &self.value) {
            std::cmp::Ordering::Less
        } else if offers(&self.value, &other.value) {
            std::cmp::Ordering::Greater
        } else {
            std::cmp::Ordering::Equal
        }
    }
}

impl<F: ForeignField> NodeMut for Foreign<F> {
    fn node_child_mut(&mut self, _: usize) -> Option<NodeMutRef<'_>> {
        None
    }
    fn assign(&mut self, value: Box<dyn SubValue>) -> Result<(), Box<dyn SubValue>> {
        if !value.as_any().is::<Self>() {
            return Err(value);
        }
        match value.into_any().downcast::<Self>() {
            Ok(value) => {
                *self = *value;
                Ok(())
            }
            // Unreachable: the type was checked just above.
            Err(_) => Ok(()),
        }
    }
}

impl<F: ForeignField> SubValue for Foreign<F> {
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn into_any(self: Box<Self>) -> Box<dyn Any> {
        self
    }
    fn as_node(&self) -> NodeRef<'_> {
        NodeRef::Value(self)
    }
    fn as_node_mut(&mut self) -> NodeMutRef<'_> {
        NodeMutRef::Value(self)
    }
}

/// Chooses, for a `with` field, between its type's own impls and [`Foreign`], by autoref
/// specialization: `(&&Probe::<F>::new()).node(v)` finds [`ViaSubTypes`] (on `&Probe`) when
/// the type implements `SubTypes`, and [`ViaForeign`] (on `Probe`) otherwise. So a `with`
/// field of a type with impls is reduced as before, and one without needs none.
pub struct Probe<F>(PhantomData<fn() -> F>);

impl<F> Probe<F> {
    /// A probe for field marker (or type) `F`.
    pub fn new() -> Self {
        Probe(PhantomData)
    }
}

impl<F> Default for Probe<F> {
    fn default() -> Self {
        Probe::new()
    }
}

/// A `with` field whose type implements the traits: its own node and smallest size.
pub trait ViaSubTypes<V> {
    /// The field as a node.
    fn node<'v>(&self, value: &'v V) -> &'v dyn Node;
    /// The field as a mutable node.
    fn node_mut<'v>(&self, value: &'v mut V) -> &'v mut dyn NodeMut;
}

impl<F: ForeignField> ViaSubTypes<F::Value> for &Probe<F>
where
    F::Value: SubTypes,
{
    fn node<'v>(&self, value: &'v F::Value) -> &'v dyn Node {
        value.node()
    }
    fn node_mut<'v>(&self, value: &'v mut F::Value) -> &'v mut dyn NodeMut {
        value.node_mut()
    }
}

/// A `with` field whose type implements neither trait: a [`Foreign`] leaf.
pub trait ViaForeign<V> {
    /// The field as a node.
    fn node<'v>(&self, value: &'v V) -> &'v dyn Node;
    /// The field as a mutable node.
    fn node_mut<'v>(&self, value: &'v mut V) -> &'v mut dyn NodeMut;
}

impl<F: ForeignField> ViaForeign<F::Value> for Probe<F> {
    fn node<'v>(&self, value: &'v F::Value) -> &'v dyn Node {
        Foreign::<F>::from_ref(value)
    }
    fn node_mut<'v>(&self, value: &'v mut F::Value) -> &'v mut dyn NodeMut {
        Foreign::<F>::from_mut(value)
    }
}

/// The smallest size of a `with` field of type `T`: its `Arbitrary` impl's when it has one
/// ([`ViaArbitrary`], on `&Probe<T>`), else 0, an opaque leaf ([`ViaAnything`]).
pub trait ViaArbitrary {
    /// The field type's smallest size.
    fn min_size(&self) -> Option<usize>;
}

impl<T: Arbitrary> ViaArbitrary for &Probe<T> {
    fn min_size(&self) -> Option<usize> {
        T::min_size()
    }
}

/// See [`ViaArbitrary`].
pub trait ViaAnything {
    /// 0: a foreign leaf's size.
    fn min_size(&self) -> Option<usize>;
}

impl<T> ViaAnything for Probe<T> {
    fn min_size(&self) -> Option<usize> {
        Some(0)
    }
}

/// What a check needs of a type that enumerates, for `#[smartcheck::property]` under
/// [`Args::exhaustive`] and `#[smartcheck::contract]`'s test: the exhaustive check of a
/// property of `T` ([`exhaustive_check`](crate::exhaustive::exhaustive_check)), and the value
/// at a position of its enumeration, to replay a failure an exhaustive check saved.
pub struct ExhaustiveRun<T> {
    /// Checks a property on every value up to a depth.
    pub check: ExhaustiveCheck<T>,
    /// The value at position `index` (from 0) of the values up to `depth`, as a
    /// [`Root`](crate::root::Root) ([`enumerate::nth`](crate::enumerate::nth)).
    pub nth: crate::root::Nth,
}

/// [`exhaustive_check`](crate::exhaustive::exhaustive_check) of a property of `T` to a depth.
pub type ExhaustiveCheck<T> = fn(&Args, usize, &dyn Fn(&T) -> Outcome) -> Exhaustive<T>;

impl<T> Clone for ExhaustiveRun<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for ExhaustiveRun<T> {}

impl<T: crate::enumerate::Enumerate + SubTypes> ExhaustiveRun<T> {
    /// The run of `T`.
    pub fn of() -> Self {
        ExhaustiveRun {
            check: |args, depth, prop| crate::exhaustive::exhaustive_check(args, depth, prop),
            nth: |depth, index| {
                crate::enumerate::nth::<T>(depth, index).map(crate::root::Root::new)
            },
        }
    }
}

/// A derived type's first values in its enumeration order, for
/// [`SubTypes::small_values`], and a property's exhaustive check, for
/// `#[smartcheck::property]`: through [`Enumerate`](crate::enumerate::Enumerate) when the type
/// implements it ([`ViaEnumerate`], on `&Probe<T>`), else none ([`ViaNotEnumerated`]).
pub trait ViaEnumerate<T> {
    /// Up to `n` values, smallest first.
    fn first_values(&self, n: usize) -> Vec<T>;
    /// The exhaustive check of a property of `T`.
    fn exhaustive_run(&self) -> Option<ExhaustiveRun<T>>;
}

impl<T: crate::enumerate::Enumerate + SubTypes> ViaEnumerate<T> for &Probe<T> {
    fn first_values(&self, n: usize) -> Vec<T> {
        crate::enumerate::first_values(n)
    }
    fn exhaustive_run(&self) -> Option<ExhaustiveRun<T>> {
        Some(ExhaustiveRun::of())
    }
}

/// See [`ViaEnumerate`].
pub trait ViaNotEnumerated<T> {
    /// No values: the type does not enumerate.
    fn first_values(&self, n: usize) -> Vec<T>;
    /// None: the type does not enumerate.
    fn exhaustive_run(&self) -> Option<ExhaustiveRun<T>>;
}

impl<T> ViaNotEnumerated<T> for Probe<T> {
    fn first_values(&self, _n: usize) -> Vec<T> {
        Vec::new()
    }
    fn exhaustive_run(&self) -> Option<ExhaustiveRun<T>> {
        None
    }
}

/// The text a panic's `payload` carries (`panic!("..")`'s message), or `None` for another
/// payload (`panic_any(42)`). A contract's clause that itself panics is named with it, by a
/// call in the generated code rather than the downcasts written out at every clause.
#[doc(hidden)]
pub fn panic_text(payload: &(dyn std::any::Any + Send)) -> Option<String> {
    if let Some(s) = payload.downcast_ref::<&str>() {
        Some((*s).to_string())
    } else {
        payload.downcast_ref::<String>().cloned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `e?` as a contract writes it in an inlined `#[track_caller]` body: the output, or
    /// what the body leaves with.
    fn question<T: Question, R: FromResidual<T::Residual>>(e: T) -> Result<T::Output, R> {
        match Question::branch(e) {
            ControlFlow::Continue(v) => Ok(v),
            ControlFlow::Break(r) => Err(FromResidual::from_residual(r)),
        }
    }

    /// Each type that implements `?` on stable goes on or leaves as `?` does, converting an
    /// error with `From`.
    #[test]
    fn question_goes_on_or_leaves_as_the_question_mark_does() {
        assert_eq!(question::<_, Result<(), u32>>(Ok::<u8, u8>(1)), Ok(1));
        assert_eq!(question::<_, Result<(), u32>>(Err::<u8, u8>(2)), Err(Err(2u32)));
        assert_eq!(question::<_, Option<char>>(Some(3)), Ok(3));
        assert_eq!(question::<_, Option<char>>(None::<u8>), Err(None));
        let flow = |c: ControlFlow<u8, i8>| question::<_, ControlFlow<u8, ()>>(c);
        assert_eq!(flow(ControlFlow::Continue(4)), Ok(4));
        assert_eq!(flow(ControlFlow::Break(5)), Err(ControlFlow::Break(5)));
        let poll = |p: Poll<Result<u8, u8>>| question::<_, Poll<Result<(), u32>>>(p);
        assert_eq!(poll(Poll::Ready(Ok(6))), Ok(Poll::Ready(6)));
        assert_eq!(poll(Poll::Pending), Ok(Poll::Pending));
        assert_eq!(poll(Poll::Ready(Err(7))), Err(Poll::Ready(Err(7))));
        let stream =
            |p: Poll<Option<Result<u8, u8>>>| question::<_, Poll<Option<Result<(), u32>>>>(p);
        assert_eq!(stream(Poll::Ready(Some(Ok(8)))), Ok(Poll::Ready(Some(8))));
        assert_eq!(stream(Poll::Ready(None)), Ok(Poll::Ready(None)));
        assert_eq!(stream(Poll::Ready(Some(Err(9)))), Err(Poll::Ready(Some(Err(9)))));
    }

    #[test]
    fn a_remembered_smallest_size_is_the_computed_one_and_never_a_cycle_s() {
        struct A;
        struct B;
        struct C;
        static CACHE_A: AtomicUsize = AtomicUsize::new(0);
        static CACHE_B: AtomicUsize = AtomicUsize::new(0);
        static CACHE_C: AtomicUsize = AtomicUsize::new(0);
        assert_eq!(type_min_size_cached::<A, _>(&CACHE_A, || [Some(3), Some(1)]), Some(1));
        let again = type_min_size_cached::<A, _>(&CACHE_A, || -> [Option<usize>; 1] {
            unreachable!("answered from the cache")
        });
        assert_eq!(again, Some(1));
        assert_eq!(type_min_size_cached::<B, _>(&CACHE_B, || [None]), None);
        assert_eq!(CACHE_B.load(Ordering::Relaxed), 1, "no finite value is remembered too");
        // Inside C's own computation, C's size is cut short (None), and that is not kept.
        let outer = type_min_size_cached::<C, _>(&CACHE_C, || {
            assert_eq!(type_min_size_cached::<C, _>(&CACHE_C, || [Some(9)]), None);
            assert_eq!(CACHE_C.load(Ordering::Relaxed), 0);
            [Some(2)]
        });
        assert_eq!(outer, Some(2));
        assert_eq!(CACHE_C.load(Ordering::Relaxed), 4);
    }

    #[test]
    fn ranges_of_every_width_stay_in_bounds_and_reach_both_ends() {
        fn check<T: RangeInt + fmt::Debug>(lo: T, hi: T) {
            let mut g = Gen::new(11, 100);
            let drawn: Vec<T> = (0..2_000).map(|_| int_in(&mut g, lo, hi)).collect();
            assert!(drawn.iter().all(|x| (lo..=hi).contains(x)), "{lo:?}..={hi:?}");
            assert!(drawn.contains(&lo) && drawn.contains(&hi), "{lo:?}..={hi:?}");
        }
        check(i8::MIN, i8::MAX);
        check(u64::MIN, u64::MAX);
        check(i128::MIN, i128::MAX);
        check(u128::MAX - 3, u128::MAX);
        check(-3i64, -3i64);
        check(usize::MAX - 1, usize::MAX);
    }

    #[test]
    fn offsets_round_trip_at_the_extremes() {
        assert_eq!(i8::MAX.offset_from(i8::MIN), 255);
        assert_eq!(i128::from_offset(i128::MIN, u128::MAX), i128::MAX);
        assert_eq!(u128::MAX.offset_from(0), u128::MAX);
        assert_eq!(i32::from_offset(-5, 7), 2);
    }

    #[test]
    fn invariant_retries_are_bounded_per_draw_however_types_nest() {
        fn never<T>(_: &T) -> bool {
            false
        }
        let mut g = Gen::new(3, 64);
        let tries = Cell::new(0usize);
        // A value that never meets its invariant: one draw, then every retry, then given up.
        let value = generate_valid(&mut g, never::<u8>, |g| {
            tries.set(tries.get() + 1);
            g.budget() as u8
        });
        assert_eq!(tries.get(), MAX_INVARIANT_RETRIES + 1);
        // Its budget halved after every 10 failures of its own and every 100 in the draw.
        assert_eq!(value, 0);
        // Nested: the inner values share the outer draw's retries; the first inner one spends
        // them all, and then nothing draws again.
        tries.set(0);
        let count = || {
            tries.set(tries.get() + 1);
            0u16
        };
        generate_valid(&mut g, never::<Vec<u16>>, |g| {
            (0..3).map(|_| generate_valid(g, never::<u16>, |_| count())).collect()
        });
        assert_eq!(tries.get(), MAX_INVARIANT_RETRIES + 3);
        // A value that meets its invariant is drawn once.
        tries.set(0);
        generate_valid(&mut g, |x: &u16| *x == 0, |_| count());
        assert_eq!(tries.get(), 1);
    }

    #[test]
    fn leaf_fields_get_no_share_of_the_budget() {
        let mut g = Gen::new(1, 50);
        g.set_budget(50);
        // A `Cons(u8, Box<List>)`: the u8 (smallest size 0) keeps 0, the tail gets the rest.
        assert_eq!(field_budgets(&mut g, &[Some(0), Some(1)]).as_slice(), &[0, 49]);
        // Two growable fields share what is left; the leaf still gets nothing.
        let budgets = field_budgets(&mut g, &[Some(1), Some(0), Some(1)]);
        assert_eq!((budgets[1], budgets[0] + budgets[2]), (0, 49));
    }

    #[test]
    fn recursive_variants_win_more_often_as_the_budget_grows() {
        let variants = [
            Variant { weight: 1, cost: Some(1), recursive: false },
            Variant { weight: 1, cost: Some(2), recursive: true },
        ];
        let leaves = |budget: usize| {
            let mut g = Gen::new(5, budget);
            (0..1_000).filter(|_| pick_variant(&mut g, "L", &variants) == 0).count()
        };
        // Budget 2: one unit left over the leaf, weights 1 and 2; budget 101: 1 and 101.
        assert!((280..=390).contains(&leaves(2)), "{}", leaves(2));
        assert!(leaves(101) <= 30, "{}", leaves(101));
        // Weights near u64::MAX times a large budget do not overflow.
        let heavy = [
            Variant { weight: u64::MAX / 2, cost: Some(1), recursive: false },
            Variant { weight: u64::MAX / 2, cost: Some(2), recursive: true },
        ];
        let mut g = Gen::new(5, usize::MAX);
        assert_eq!(pick_variant(&mut g, "H", &heavy), 1);
    }
}
