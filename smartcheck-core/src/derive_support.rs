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
