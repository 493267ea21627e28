//! Runtime helpers called by `#[derive(Arbitrary)]`, so generated code stays small. Not part
//! of the public API: reached through `smartcheck::__private`.

use crate::arbitrary::{min_size_of, no_finite_value, sum_min_sizes, Arbitrary};
use crate::gen::{Gen, MAX_GEN_DEPTH};

pub use crate::arbitrary::min_size_of as min_size_cached;

/// Runs `f` on a stack with room to spare, growing it on the heap when needed, so deep
/// recursion in generated code never overflows.
pub fn grow<R>(f: impl FnOnce() -> R) -> R {
    stacker::maybe_grow(128 * 1024, 4 * 1024 * 1024, f)
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

/// Panics, naming the type, when its one generatable constructor (a struct's, or an enum's
/// only variant) has no finite value: a cycle of types without a base case, which the derive
/// cannot see syntactically.
pub fn require_finite(type_name: &str, cost: Option<usize>) {
    if cost.is_none() {
        panic!("{}", no_finite_value(type_name));
    }
}

/// Picks a variant: among those with a finite cost within the budget, by weight; when none
/// fits (the budget is below the type's minimum, or generation is very deep), the cheapest.
/// Panics, naming the type, when no variant has a finite value.
pub fn pick_variant(g: &mut Gen, type_name: &str, variants: &[(u64, Option<usize>)]) -> usize {
    let budget = g.budget();
    let deep = g.depth() >= MAX_GEN_DEPTH;
    let weights: Vec<u64> = variants
        .iter()
        .map(|&(w, cost)| match cost {
            Some(c) if c <= budget && !deep => w,
            _ => 0,
        })
        .collect();
    if let Some(i) = g.weighted(&weights) {
        return i;
    }
    variants
        .iter()
        .enumerate()
        .filter(|(_, (w, _))| *w > 0)
        .filter_map(|(i, (_, cost))| cost.map(|c| (c, i)))
        .min()
        .map(|(_, i)| i)
        .unwrap_or_else(|| panic!("{}", no_finite_value(type_name)))
}

/// Budgets for a constructor's fields: each field's minimum plus a random share of what the
/// budget leaves after the constructor's cost.
pub fn field_budgets(g: &mut Gen, fields: &[Option<usize>]) -> Vec<usize> {
    let mins: Vec<usize> = fields.iter().map(|m| m.unwrap_or(0)).collect();
    let cost = 1 + mins.iter().sum::<usize>();
    let shares = g.split(g.budget().saturating_sub(cost), mins.len());
    mins.iter().zip(shares).map(|(m, s)| m + s).collect()
}

/// Generates one field within `budget`.
pub fn field<T: Arbitrary>(g: &mut Gen, budget: usize) -> T {
    g.with_budget(budget, |g| grow(|| T::arbitrary(g)))
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
}

/// An integer of any width, seen as an offset from the low bound of a range (an offset always
/// fits a `u128`, whatever the width and sign).
pub trait RangeInt: Copy + Ord {
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
            fn within(&self, lo: $t, hi: $t) -> bool {
                (lo..=hi).contains(self)
            }
        }
    )*};
}

range_int!(i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize);

impl<T: RangeField> RangeField for Option<T> {
    type Int = T::Int;
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
}

impl<T: RangeField> RangeField for Vec<T> {
    type Int = T::Int;
    fn arbitrary_in(g: &mut Gen, lo: T::Int, hi: T::Int) -> Self {
        // As `Vec<T>`'s own impl: every cons cell and the empty list cost 1; lengths scale
        // with the size.
        let max_len = g.budget().saturating_sub(1).min(g.size());
        let len = g.range(0, max_len);
        (0..len).map(|_| g.with_budget(0, |g| T::arbitrary_in(g, lo, hi))).collect()
    }
    fn within(&self, lo: T::Int, hi: T::Int) -> bool {
        self.iter().all(|x| x.within(lo, hi))
    }
}

/// Generates a `#[smartcheck(range = ..)]` field within `budget`; `lo <= hi`.
pub fn field_in_range<T: RangeField>(g: &mut Gen, budget: usize, lo: T::Int, hi: T::Int) -> T {
    g.with_budget(budget, |g| T::arbitrary_in(g, lo, hi))
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
