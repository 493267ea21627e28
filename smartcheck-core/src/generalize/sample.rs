//! Replacements for generalization's checks (§5.1, beyond the paper's `newVals`): where a
//! claim's evidence comes from.
//!
//! A check planned for `n` tries (`min_forall`: a check that meets no rejection stops there)
//! draws, in order:
//! 1. **small** values (at most `n / 2` of them): for a leaf with an order of simplicity (numbers, chars, bools) its
//!    [`SMALL`] simplest values in order; for other types, the smallest of the values drawn
//!    next with every leaf at its simplest (`(0.0, 0.0)`), then distinct values drawn at the
//!    smallest budgets and sizes, smallest first; for a string, also one string of each
//!    *shape* of one to three characters (lowercase, uppercase, digit, punctuation, other), so
//!    that a property that passes only on strings of some shape (`A1`, `42`) is refuted, and
//!    strings that hold every separator one to three times (`"a,b,c"` among others), so that
//!    a format without escaping is refuted where the counterexample had no separator; for a
//!    char, after its simplest values, every separator char (ASCII punctuation, space, tab,
//!    newline);
//! 2. **random** values at growing sizes: constructor budgets from the type's smallest up to
//!    [`BEYOND`] times `max_size`, QuickCheck sizes up to twice `max_gen_size`, so that a
//!    list tail that matters only once longer than `max_size` is met;
//! 3. **edge** values of the type (`SubTypes::edge_values`: an integer's `MIN` and `MAX`, a
//!    float's NaN and infinities, a char's control and multi-byte ones), so that a claim is
//!    not made over values where the property's code overflows or wraps unless it holds there
//!    (a random draw meets `i64::MAX` too rarely: such a claim was false in 3 of 10 runs);
//!    then **near** values: the counterexample's other sub-values of the same type, its
//!    own value one step changed (its leaf's neighbours in the order of simplicity, the leaf
//!    shrinker's candidates), and for a list, the counterexample's lists with one element
//!    under another constructor (`[Remove(192)]` beside `[Insert(192)]`).
//!
//! Past the plan (the precondition rejected some tries), the small values left out come
//! first, then random values at every size again. A variable that varies beside the one
//! under check (the joint reading) draws from the whole schedule at random.
//!
//! Invariant: every value has the type of its place. Cost: O([`SMALL`] + [`EDGES`] +
//! [`NEAR`]) values kept per place, built once, each value's `Debug` text built once to tell
//! it apart; O(n) walk of the counterexample for the near values.

use std::any::TypeId;
use std::cell::RefCell;
use std::collections::HashMap;

use super::relation::is_tag;
use super::Subject;
use crate::args::Args;
use crate::gen::Gen;
use crate::index::assign_at_path;
use crate::reduce::generate_below;
use crate::reduce::structure::reuse_children;
use crate::reduce::tree::{assign_leaf, cons_parts, leaves, node_at, LeafPath};
use crate::subtypes::{NodeRef, Shape, SubValue};

/// Small values kept per place.
pub(super) const SMALL: usize = 16;
/// Near values kept per place.
pub(super) const NEAR: usize = 16;
/// Edge values kept per place (`SubTypes::edge_values`), tried with the near ones: a
/// char's 35 (or a string's of one char each) fit, a no-break space among the last.
pub(super) const EDGES: usize = 40;
/// Strings of every shape of one to three characters (see [`string_shapes`]).
pub(super) const SHAPES: usize = 5 + 25 + 125;
/// How far beyond `max_size` the random values' constructor budgets grow.
pub(super) const BEYOND: usize = 4;

/// Small values kept, at most, for a tag (a fieldless variant): all of its type's variants
/// when they are at most this many, so that a type of 20 is known whole as one of 4 is.
pub(super) const TAGS: usize = 64;

/// Draws, per variant, that look for a tag of every variant of a type that does not
/// enumerate ([`small_values`]): a variant drawn one time in `n` is missed after `16 · n`
/// draws about once in nine million.
const TAG_DRAWS: usize = 16;

/// Random values drawn within a ranged field's range, per place in it.
pub(super) const RANGED: usize = 64;

/// Random values drawn, at most, for one far from the counterexample (`Sampler::far`).
const FAR_DRAWS: usize = 8;

/// The replacements of one place.
pub(super) struct Sampler {
    place: usize,
    small: Vec<Box<dyn SubValue>>,
    near: Vec<Box<dyn SubValue>>,
    /// For a place in a ranged field (an integer in it, the field itself, a list field's
    /// tail): random values within the range, drawn in place of the type's random ones (most
    /// of which are outside it). Empty elsewhere.
    in_range: Vec<Box<dyn SubValue>>,
    /// Every value the place can take but the counterexample's own, when they are known and
    /// few: a leaf whose order ends within [`SMALL`] values (a `bool`), a tag of a type of
    /// fieldless variants only, an integer in a ranged field of at most `max_forall` values,
    /// or such a field's `Option` of one.
    whole: Option<Vec<Box<dyn SubValue>>>,
    /// True when `whole` is there because the place is a tag of a type whose variants are
    /// all fieldless ([`every_tag`]).
    fieldless: bool,
    /// For an integer leaf, its type's ends (or its ranged field's), the value half way
    /// between them and 0 where within ([`edge_pool`]): what an edge try draws among
    /// ([`Sampler::edge`]). Empty elsewhere.
    edges: Vec<Box<dyn SubValue>>,
    /// For any other place, its first [`EDGE_LEAVES`] integer leaves that have an
    /// [`edge_pool`], each with it: an edge try puts each at one of its edges in the
    /// counterexample's own value.
    leaf_edges: Vec<(LeafPath, Vec<Box<dyn SubValue>>)>,
}

impl Sampler {
    /// The small, edge and near values of `place` (edges kept with the near ones, first).
    pub(super) fn new(subject: &Subject<'_>, place: usize, gen: &mut Gen, args: &Args) -> Sampler {
        let node = subject.node(place);
        let own = show(node);
        // In a ranged field: its first values, its two ends, then random values within it.
        let (mut in_range, every) = ranged_values(subject, place, gen, args.max_forall);
        let ranged = !in_range.is_empty();
        let (first, ends) = match ranged {
            false => (Vec::new(), Vec::new()),
            true => {
                let random = in_range.split_off(in_range.len() - RANGED);
                let ends = in_range.split_off(in_range.len() - 2);
                (std::mem::replace(&mut in_range, random), ends)
            }
        };
        // A range's low end is its first value, its high end the first of its two ends.
        let bounds = match (first.first(), ends.first()) {
            (Some(low), Some(high)) if subject.is_leaf(place) => Some((low.clone(), high.clone())),
            _ => None,
        };
        let edges = match ranged {
            true => bounds.map(|b| edge_pool(node, Some(b))).unwrap_or_default(),
            false => edge_pool(node, None),
        };
        let leaf_edges = match subject.is_leaf(place) {
            true => Vec::new(),
            false => inner_edges(node, gen),
        };
        let mut small = Distinct::new(&own);
        let whole;
        let mut fieldless = false;
        if ranged {
            whole = every.map(|every| {
                every.into_iter().filter(|v| show(v.as_node()) != own).collect::<Values>()
            });
            // Every value of a small range is tried alone, as a small one, when they fit in
            // the half of a claim's tries that small values take: beside a variable whose
            // values are not all known (a list's rest), the check of the two is a sample,
            // and `[Some(x1), ..x0]` over `-40..=-1` was claimed where `Some(-17)` passes.
            match &whole {
                Some(all) if all.len() <= args.min_forall / 2 => {
                    small.keep(all.iter().cloned().map(shown), all.len());
                }
                // A range's first values (each one's, for a range of few), as many as fit.
                _ => {
                    let most = first.len().min(args.min_forall / 2).max(SMALL);
                    small.keep(first.into_iter().map(shown), most);
                }
            }
        } else {
            // A tag's type may have more variants than `SMALL`: all of them, up to `TAGS`.
            let most = match is_tag(node) {
                true => node.constructors().len().clamp(SMALL, TAGS),
                false => SMALL,
            };
            let (ranked, drawn) = small_values(node, gen, args, most);
            let complete = !drawn && node.type_node().leaf_rank().is_some() && ranked.len() < most;
            small.keep(ranked, most);
            fieldless = every_tag(node, &small.values);
            whole = (complete || fieldless).then(|| small.values.clone());
            small.keep(separator_chars(node).into_iter().map(shown), most + SEPARATORS.len());
            // One-char shapes, then the separated strings, then the longer shapes.
            let mut shapes = string_shapes(node, gen);
            let longer = shapes.split_off(shapes.len().min(5));
            let strings = shapes.into_iter().chain(separated_strings(node)).chain(longer);
            small.keep(strings.map(shown), most + SHAPES + SEPARATED);
        }
        // Edges that are no small value, then near values that are no edge.
        let type_edges = if ranged { ends } else { node.type_node().node_edge_values() };
        let mut near = Distinct::new(&own);
        near.keep_apart(type_edges.into_iter().map(shown), EDGES, &small.seen);
        near.keep(
            near_values(subject, place, gen).into_iter().map(shown),
            near.values.len() + NEAR,
        );
        let (small, near) = (small.values, near.values);
        Sampler { place, small, near, in_range, whole, fieldless, edges, leaf_edges }
    }

    /// The place's [`edge_pool`] values: empty unless it is an integer leaf.
    pub(super) fn edges(&self) -> &[Box<dyn SubValue>] {
        &self.edges
    }

    /// One of the place's [`edge_pool`] values at random (an integer's `MIN`, `MAX`, half
    /// way and 0); for a place that holds integers, the counterexample's own value with each
    /// of its first [`EDGE_LEAVES`] at one of theirs; `None` for a place with none.
    pub(super) fn edge(&self, subject: &Subject<'_>, gen: &mut Gen) -> Option<Box<dyn SubValue>> {
        let pick = |pool: &[Box<dyn SubValue>], gen: &mut Gen| {
            pool.get(gen.below(pool.len().max(1) as u64) as usize).cloned()
        };
        if !self.edges.is_empty() {
            return pick(&self.edges, gen);
        }
        if self.leaf_edges.is_empty() {
            return None;
        }
        let mut value = subject.node(self.place).to_value();
        for (path, pool) in &self.leaf_edges {
            let edge = pick(pool, gen)?;
            assign_leaf(value.as_node_mut(), path, edge).ok()?;
        }
        Some(value)
    }

    /// For a place in a ranged field, one of its values within the range (small or drawn)
    /// whose constructor is `constructor`, at random: `Some(None)` when none is; `None` for
    /// a place in no ranged field. A witness of a constructor there is one of these: fresh
    /// values of the place's own type fall mostly outside the range (`Some(-1)` in `-5..=-1`
    /// is one `Option<i8>` in 50), and the claim was left to a later round's class.
    pub(super) fn ranged_with(
        &self,
        constructor: &str,
        gen: &mut Gen,
    ) -> Option<Option<Box<dyn SubValue>>> {
        if self.in_range.is_empty() {
            return None;
        }
        let with: Vec<&Box<dyn SubValue>> = (self.small.iter().chain(&self.in_range))
            .filter(|v| v.as_node().constructor() == constructor)
            .collect();
        if with.is_empty() {
            return Some(None);
        }
        Some(Some(with[gen.below(with.len() as u64) as usize].clone()))
    }

    /// True when the place is a tag of a type whose variants are all fieldless, its values
    /// all known ([`every_tag`]).
    pub(super) fn fieldless(&self) -> bool {
        self.fieldless
    }

    /// Every value the place can take, the counterexample's own first, when they are known
    /// and few (see `whole`); `None` otherwise.
    pub(super) fn domain(&self, subject: &Subject<'_>) -> Option<Vec<Box<dyn SubValue>>> {
        let whole = self.whole.as_ref()?;
        let own = subject.node(self.place).to_value();
        Some(std::iter::once(own).chain(whole.iter().cloned()).collect())
    }

    /// The `k`-th value of a schedule planned for `n` tries: small values (at most half of
    /// the plan), then random ones at growing sizes, then near ones; past the plan (when the
    /// precondition rejected some tries), the small values left out, then random ones at
    /// every size.
    pub(super) fn nth(
        &self,
        subject: &Subject<'_>,
        k: usize,
        n: usize,
        gen: &mut Gen,
        args: &Args,
    ) -> Option<Box<dyn SubValue>> {
        let (small, near_from) = self.layout(n);
        let node = subject.node(self.place);
        if k < small {
            return Some(self.small[k].clone());
        }
        if k >= n {
            if let Some(v) = self.small.get(small + (k - n)) {
                return Some(v.clone());
            }
            return random_value(node, &self.in_range, k % n.max(1), n, gen, args);
        }
        if k >= near_from {
            if let Some(v) = self.near.get(k - near_from) {
                return Some(v.clone());
            }
        }
        let span = near_from.saturating_sub(small).max(1);
        random_value(node, &self.in_range, k - small, span, gen, args)
    }

    /// Where a schedule planned for `n` tries puts its values: the number of small ones at
    /// its start (at most half of it), and the try from which the edge and near ones fill
    /// its end; the random ones come between.
    fn layout(&self, n: usize) -> (usize, usize) {
        let small = self.small.len().min(n / 2);
        (small, n.saturating_sub(self.near.len()).max(small))
    }

    /// True when the `k`-th value of a schedule planned for `n` tries is a small, edge or near
    /// one (not a random one): a value chosen because it is the likeliest to refute, which a
    /// check tries with the other variables as in the counterexample, where another
    /// variable's drawn value cannot hide its pass.
    pub(super) fn targeted(&self, k: usize, n: usize) -> bool {
        let (small, near_from) = self.layout(n);
        match k {
            k if k < small => true,
            k if k >= n => small + (k - n) < self.small.len(),
            k => k >= near_from && k - near_from < self.near.len(),
        }
    }

    /// For a ranked leaf (an integer, a char), a random value past its type's [`SMALL`]
    /// simplest (the first of [`FAR_DRAWS`] draws at the upper half of the schedule's sizes
    /// that is): far from the counterexample's own, where the small and near values are not,
    /// and where random integers are half the time. For a variable varying beside the one
    /// checked, so that every variable leaves the counterexample's neighbourhood at once now
    /// and then. Any other place (a list, a string, a sub-value) draws half the time at the
    /// upper half of the schedule's sizes, half the time as [`Sampler::any`] does: a list's
    /// rest claimed beside other variables must be tried long too (merged intervals that
    /// touch at `x2` fail with any rest but one holding an interval across `x2`, which short
    /// rests of small intervals never held: the claim was printed in 3 of 30 seeds), and a
    /// list's small values are what refutes a claim behind a precondition that rejects most
    /// long ones.
    pub(super) fn far(
        &self,
        subject: &Subject<'_>,
        gen: &mut Gen,
        args: &Args,
    ) -> Option<Box<dyn SubValue>> {
        let node = subject.node(self.place);
        if node.type_node().leaf_rank().is_none() {
            if gen.below(2) == 0 {
                let k = 32 + gen.below(32) as usize;
                return random_value(node, &self.in_range, k, 64, gen, args);
            }
            return self.any(subject, gen, args);
        }
        let mut drawn = None;
        for _ in 0..FAR_DRAWS {
            let k = 32 + gen.below(32) as usize;
            let value = random_value(node, &self.in_range, k, 64, gen, args)?;
            if value.as_node().type_node().leaf_rank().is_some_and(|r| r >= SMALL as u64) {
                return Some(value);
            }
            drawn = Some(value);
        }
        drawn
    }

    /// A value from anywhere in the schedule (for a variable varying beside the one checked).
    pub(super) fn any(
        &self,
        subject: &Subject<'_>,
        gen: &mut Gen,
        args: &Args,
    ) -> Option<Box<dyn SubValue>> {
        let pick = |list: &[Box<dyn SubValue>], gen: &mut Gen| {
            let k = gen.below(list.len() as u64) as usize;
            list.get(k).cloned()
        };
        let drawn = match gen.below(4) {
            0 => pick(&self.small, gen),
            1 => pick(&self.near, gen),
            _ => None,
        };
        drawn.or_else(|| {
            let k = gen.below(64) as usize;
            random_value(subject.node(self.place), &self.in_range, k, 64, gen, args)
        })
    }
}

/// For an integer leaf (a ranked leaf whose edge values print as whole numbers), the values
/// an edge try draws it among: the least and the greatest of its type's edge values (`MIN`,
/// `MAX`), or `bounds` (a ranged field's `LO` and `HI`); the value half way up between them
/// (`relation::halfway`: 128 for a `u8`, 0 for an `i8`, 30 for `0..=59`); and its type's
/// simplest value (0) where within them. Wrapping arithmetic meets itself there: `a - b ==
/// b - a` in `u8` for `(0, 128)`, in `i8` for `(-128, 0)`, where random values seldom go
/// together and the few simplest never do. Empty for any other place. Cost: O(bits) offsets,
/// once per place.
fn edge_pool(
    node: NodeRef<'_>,
    bounds: Option<(Box<dyn SubValue>, Box<dyn SubValue>)>,
) -> Vec<Box<dyn SubValue>> {
    if node.type_node().leaf_rank().is_none() {
        return Vec::new();
    }
    if bounds.is_some() {
        return pool_between(node, bounds);
    }
    // Without bounds, the pool is its type's alone: found once a thread.
    let ty = node.value_type();
    if let Some(pool) = TYPE_POOLS.with(|pools| pools.borrow().get(&ty).cloned()) {
        return pool;
    }
    let pool = pool_between(node, None);
    TYPE_POOLS.with(|pools| pools.borrow_mut().insert(ty, pool.clone()));
    pool
}

thread_local! {
    /// Each integer type's [`edge_pool`] without bounds, by its `TypeId`: it depends on the
    /// type alone, and the half way value takes O(bits) offsets to find.
    static TYPE_POOLS: RefCell<HashMap<TypeId, Vec<Box<dyn SubValue>>>> =
        RefCell::new(HashMap::new());
}

/// [`edge_pool`] of a ranked leaf, between `bounds` (its type's extremes when `None`).
fn pool_between(
    node: NodeRef<'_>,
    bounds: Option<(Box<dyn SubValue>, Box<dyn SubValue>)>,
) -> Vec<Box<dyn SubValue>> {
    let type_node = node.type_node();
    let Some((low, high)) = bounds.or_else(|| super::relation::extremes(node)) else {
        return Vec::new();
    };
    let whole = |v: &dyn SubValue| {
        let text = show(v.as_node());
        let digits = text.strip_prefix('-').unwrap_or(&text);
        !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
    };
    if !whole(&*low) || !whole(&*high) {
        return Vec::new();
    }
    let within = |v: &dyn SubValue| {
        let compare = super::relation::compare;
        compare(&*low, v) != Some(std::cmp::Ordering::Greater)
            && compare(v, &*high) != Some(std::cmp::Ordering::Greater)
    };
    let middle = super::relation::halfway(&*low, &*high);
    let zero = type_node.from_leaf_rank(0).filter(|z| within(&**z));
    let mut pool = Distinct::new("");
    let all = [Some(low.clone()), Some(high.clone()), middle, zero];
    pool.keep(all.into_iter().flatten().map(shown), 4);
    pool.values
}

/// The first [`EDGE_LEAVES`] integer leaves under `node` that have an [`edge_pool`] (within
/// a ranged field's range, the field's own parent holding it), each with its pool.
fn inner_edges(node: NodeRef<'_>, gen: &mut Gen) -> Vec<(LeafPath, Vec<Box<dyn SubValue>>)> {
    let mut out = Vec::new();
    for leaf in leaves(node) {
        if out.len() >= EDGE_LEAVES {
            break;
        }
        if leaf.node.type_node().leaf_rank().is_none() {
            continue;
        }
        let slots = leaf.path.strip_prefix(&[]).unwrap_or_default();
        let Some((&slot, up)) = slots.split_last() else { continue };
        let range = match node_at(node, up) {
            Some(NodeRef::Value(holder)) => holder.node_field_range(slot as usize),
            _ => None,
        };
        let bounds = match range {
            Some(range) => {
                let ints = range.ints(gen, 0);
                let high = ints.len().checked_sub(2).map(|k| ints[k].clone());
                let Some(bounds) = ints.first().cloned().zip(high) else { continue };
                Some(bounds)
            }
            None => None,
        };
        let pool = edge_pool(leaf.node, bounds);
        if !pool.is_empty() {
            out.push((leaf.path, pool));
        }
    }
    out
}

/// Integer leaves of a place that is no leaf itself put at their edges in an edge try
/// ([`inner_edges`]).
const EDGE_LEAVES: usize = 8;

/// The `k`-th of `n` random values of the type of `node`, at growing sizes: a constructor
/// budget below `BEYOND · max_size` scaled by `k / n`, a QuickCheck size up to
/// `2 · max_gen_size` likewise; for a place in a ranged field, the `k`-th of the values
/// drawn within the range (`in_range`, not empty).
fn random_value(
    node: NodeRef<'_>,
    in_range: &[Box<dyn SubValue>],
    k: usize,
    n: usize,
    gen: &mut Gen,
    args: &Args,
) -> Option<Box<dyn SubValue>> {
    if !in_range.is_empty() {
        return Some(in_range[k % in_range.len()].clone());
    }
    let min = node.type_node().min_size()?;
    let top = BEYOND * args.max_size.max(1);
    let bound = min + 2 + top * k / n.max(1);
    let size = 2 * args.max_gen_size * k / n.max(1);
    // One list, set or map in four is dense: its integers among a few of their type's first
    // values (from 0, or from a rank up to [`DENSE_FROM`], clear of the counterexample's
    // own), so that its elements meet: a map's entries naming each other (`{1: 2, 2: 1}`, a
    // cycle), which integers drawn from the whole type formed in none of 100 draws. (Only
    // collections: over a tree of numbers, an expression, it made more classes of one bug,
    // the divisors that evaluate to zero being claimed apart.)
    if k % 4 == 3 && matches!(node.shape(), Shape::List) {
        let few = 2 + gen.below(DENSE - 1);
        let lowest = match gen.below(2) {
            0 => 0,
            _ => 1 + gen.below(DENSE_FROM),
        };
        return gen.with_few(few, lowest, |g| generate_below(node, bound, g, size));
    }
    generate_below(node, bound, gen, size)
}

/// The most integer values a dense random value draws among ([`random_value`]).
const DENSE: u64 = 8;

/// How far up their type's order a dense random value's integers may start.
const DENSE_FROM: u64 = 8;

/// The simplest values of the type of `node`, each with its text: a leaf's first values in its
/// order; else, for a type that enumerates, its first values in enumeration order (the order
/// exhaustive checking uses, invariant met); else distinct values drawn at the smallest
/// budgets and sizes, smallest first (by size, then by the length of their text), and true;
/// at most `most` ranked or enumerated ones.
fn small_values(node: NodeRef<'_>, gen: &mut Gen, args: &Args, most: usize) -> (Vec<Shown>, bool) {
    let type_node = node.type_node();
    let ranked: Vec<Box<dyn SubValue>> =
        (0..most as u64).map_while(|rank| type_node.from_leaf_rank(rank)).collect();
    if !ranked.is_empty() {
        return (ranked.into_iter().map(shown).collect(), false);
    }
    let enumerated = type_node.node_small_values(most);
    if !enumerated.is_empty() {
        return (enumerated.into_iter().map(shown).collect(), false);
    }
    let Some(min) = type_node.min_size() else { return (Vec::new(), false) };
    let mut drawn: Vec<Box<dyn SubValue>> = (0..4 * SMALL)
        .filter_map(|k| {
            let step = k / SMALL;
            generate_below(node, min + 1 + step.min(args.max_size), gen, step)
        })
        .collect();
    // A tag of a type that does not enumerate: drawn on until every variant has been met (64
    // draws miss one of 16 equally likely variants one time in four, one of 20 three in
    // four), or a variant seems never drawn.
    if is_tag(node) {
        let all = generated_constructors(node);
        let mut met: Vec<&str> = Vec::with_capacity(all.len());
        for value in &drawn {
            if !met.contains(&value.as_node().constructor()) {
                met.push(value.as_node().constructor());
            }
        }
        for _ in 0..TAG_DRAWS * all.len() {
            if met.len() >= all.len() {
                break;
            }
            let Some(value) = generate_below(node, min + 1, gen, 0) else { continue };
            if !met.contains(&value.as_node().constructor()) {
                met.push(value.as_node().constructor());
                drawn.push(value);
            }
        }
    }
    (distinct_smallest(drawn.into_iter()), true)
}

/// `drawn` smallest first (by size, then by the length of their text, in the order drawn
/// among equals), each text once (the first value with it): a value with the text of one
/// before it would be no new value to the [`Distinct`] reading them. After the smallest,
/// first, with every leaf at its simplest: `(0.0, 0.0)` for a pair of floats, which a random
/// draw seldom is, though code that treats zero apart is common. The texts are written in
/// one buffer: draws at the smallest sizes repeat (`[]` most of all), and only the distinct
/// ones get a `String` of their own.
fn distinct_smallest(drawn: impl Iterator<Item = Box<dyn SubValue>>) -> Vec<Shown> {
    use std::fmt::Write;
    let mut texts = String::new();
    let mut keyed: Vec<_> = drawn
        .map(|value| {
            let start = texts.len();
            let _ = write!(texts, "{:?}", value.as_node());
            ((value.size(), texts.len() - start), start..texts.len(), value)
        })
        .collect();
    // Stable, as `sort_by_cached_key` was: equals stay in the order drawn.
    keyed.sort_by_key(|(key, _, _)| *key);
    let mut out: Vec<Shown> = Vec::new();
    out.extend(keyed.first().and_then(|(_, _, v)| simplest_leaves(&**v)).map(shown));
    for (_, span, value) in keyed {
        let text = &texts[span];
        if !out.iter().any(|(_, kept)| kept == text) {
            out.push((value, text.to_string()));
        }
    }
    out
}

/// `value` with every leaf at its type's simplest value: rank 0, or for a leaf without ranks
/// its first shrink candidate (a float's `0.0`, a string's `""`); `None` when no leaf changes.
fn simplest_leaves(value: &dyn SubValue) -> Option<Box<dyn SubValue>> {
    let replacements: Vec<(LeafPath, Box<dyn SubValue>)> = leaves(value.as_node())
        .into_iter()
        .filter_map(|leaf| {
            let NodeRef::Value(node) = leaf.node else { return None };
            let simplest = match node.leaf_rank() {
                Some(0) => None,
                Some(_) => node.from_leaf_rank(0),
                None => node.shrink_value().into_iter().next(),
            }?;
            Some((leaf.path, simplest))
        })
        .collect();
    if replacements.is_empty() {
        return None;
    }
    let mut out = value.to_value();
    for (path, simplest) in replacements {
        assign_leaf(out.as_node_mut(), &path, simplest).ok()?;
    }
    Some(out)
}

/// True when `node` is a tag (a fieldless variant) and `small`, beside it, holds a tag of
/// every other variant of its type: then the type's variants are all fieldless (each was met
/// holding nothing), and these are all its values but `node`'s own.
fn every_tag(node: NodeRef<'_>, small: &[Box<dyn SubValue>]) -> bool {
    let all = generated_constructors(node);
    is_tag(node)
        && small.len() + 1 == all.len()
        && small.iter().all(|v| is_tag(v.as_node()))
        && all.iter().all(|&c| {
            c == node.constructor() || small.iter().any(|v| v.as_node().constructor() == c)
        })
}

/// The constructors of the type of `node` that generation builds: all but the
/// [`never_generated`](crate::SubTypes::never_generated) ones (a `#[smartcheck(skip)]`
/// variant, never met however many values are drawn).
fn generated_constructors(node: NodeRef<'_>) -> Vec<&'static str> {
    let never = node.never_generated();
    node.constructors().iter().copied().filter(|c| !never.contains(c)).collect()
}

/// Boxed values of one place.
type Values = Vec<Box<dyn SubValue>>;

/// For a place in a `#[smartcheck(range = ..)]` field (of the nearest holder that ranges the
/// field it lies in), values within the range
/// ([`FieldRange`](crate::subtypes::FieldRange)): for an integer, the range's
/// integers; for the field itself or a list field's tail, values of the field's type; for a
/// value nested in the field (the list in an `Option<Vec<u8>>`), values of its own type. Laid
/// out as the range's first values, its two ends, then [`RANGED`] random ones; with every
/// value the place can take when they are at most `most`. Empty for any other place.
fn ranged_values(
    subject: &Subject<'_>,
    place: usize,
    gen: &mut Gen,
    most: usize,
) -> (Values, Option<Values>) {
    let ty = subject.node(place).value_type();
    // Up the place's ancestors, nearest first (each one step: walking down from the root to
    // each cost an element of a long list its index, squared).
    let mut child = place;
    while let Some((parent, slot)) = subject.bfs.parent_slot(child) {
        if let NodeRef::Value(holder) = subject.node(parent) {
            if let Some(range) = holder.node_field_range(slot as usize) {
                let ints = range.ints(gen, RANGED);
                if subject.is_leaf(place) && ints[0].as_node().value_type() == ty {
                    return (ints, range.every_int(most));
                }
                let values = range.values(gen, RANGED);
                if values[0].as_node().value_type() == ty {
                    return (values, range.every(most).filter(|_| child == place));
                }
                // A type nested in the field (the list in a ranged `Option<Vec<u8>>`): its
                // own values within the range, every one the place can take when few.
                return match range.nested(ty) {
                    Some(inner) => (inner.values(gen, RANGED), inner.every(most)),
                    None => (Vec::new(), None),
                };
            }
        }
        child = parent;
    }
    (Vec::new(), None)
}

/// One string of each shape of one to three characters, a character class per position
/// (lowercase, uppercase, digit, ASCII punctuation or space, anything else), each character
/// drawn from its class at random; none for a type that is not `String`.
fn string_shapes(node: NodeRef<'_>, gen: &mut Gen) -> Vec<Box<dyn SubValue>> {
    const CLASSES: [&str; 5] = [
        "abcdefghijklmnopqrstuvwxyz",
        "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
        "0123456789",
        " !\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~",
        "\u{e9}\u{3b1}\u{416}\u{4e2d}\u{1f600}\u{0}\t\n",
    ];
    if node.type_name() != std::any::type_name::<String>() {
        return Vec::new();
    }
    let mut out: Vec<Box<dyn SubValue>> = Vec::with_capacity(SHAPES);
    for len in 1..=3u32 {
        for code in 0..5usize.pow(len) {
            let text: String = (0..len)
                .map(|i| {
                    let class: Vec<char> = CLASSES[code / 5usize.pow(i) % 5].chars().collect();
                    class[gen.below(class.len() as u64) as usize]
                })
                .collect();
            out.push(Box::new(text));
        }
    }
    out
}

/// Strings in which every separator appears the same number of times, one to three, between
/// non-empty pieces, none for a type that is not `String`: first with spaces alone (`"a b"`,
/// `"a b c"`, ...), then with every ASCII punctuation char, the tab and the newline in turn
/// (`"a!b\"c#d..."`, `"a!b!c\"d\"e..."`, ...). Split on any one of these chars, such a
/// string makes exactly two, three or four pieces: the value that makes a format without
/// escaping (fields joined by commas, a dotted address, words joined by spaces) pass where
/// the counterexample had no separator. Random text holds a given punctuation char in one
/// char of about 150, so it seldom holds two of them at once, and a claim of any string there
/// was false in 7 of 10 runs. Whitespace stands apart because code splits on all of it at
/// once (`split_whitespace`).
fn separated_strings(node: NodeRef<'_>) -> Vec<Box<dyn SubValue>> {
    if node.type_name() != std::any::type_name::<String>() {
        return Vec::new();
    }
    let separators: Vec<char> = SEPARATORS.chars().filter(|&c| c != ' ').collect();
    let joined = |seps: &[char], times: usize| -> String {
        let mut letters = ('a'..='z').cycle();
        let mut text = String::new();
        text.extend(letters.next());
        for &sep in seps {
            for _ in 0..times {
                text.push(sep);
                text.extend(letters.next());
            }
        }
        text
    };
    let spaced = (1..=3).map(|times| joined(&[' '], times));
    let punctuated = (1..=3).map(|times| joined(&separators, times));
    spaced.chain(punctuated).map(|text| Box::new(text) as Box<dyn SubValue>).collect()
}

/// Strings of [`separated_strings`].
pub(super) const SEPARATED: usize = 6;

/// The chars text is split on: every ASCII punctuation char, the space, the tab and the
/// newline.
const SEPARATORS: &str = " !\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~\t\n";

/// For a `char`, the [`SEPARATORS`], none for another type: a char that only one of them
/// makes pass (the separator a reader splits on, `,`) is met one time in about 150 among
/// random chars, and a claim of any char there was false in 30 of 30 runs. The char's
/// simplest values (`'a'`, `'b'`, ...) come first, so these fill the rest of the plan's
/// small half, in place of random chars.
fn separator_chars(node: NodeRef<'_>) -> Vec<Box<dyn SubValue>> {
    if node.type_name() != std::any::type_name::<char>() {
        return Vec::new();
    }
    SEPARATORS.chars().map(|c| Box::new(c) as Box<dyn SubValue>).collect()
}

/// Values one step from the counterexample's at `place`: its other sub-values of the same
/// type, and (for a whole value) the shrinker's candidates and its leaf neighbours.
fn near_values(subject: &Subject<'_>, place: usize, gen: &mut Gen) -> Vec<Box<dyn SubValue>> {
    let node = subject.node(place);
    let ty = node.value_type();
    let mut near: Vec<Box<dyn SubValue>> = Vec::new();
    if let NodeRef::Value(value) = node {
        if let Some(rank) = value.leaf_rank() {
            near.extend(value.from_leaf_rank(rank + 1));
            near.extend(rank.checked_sub(1).and_then(|r| value.from_leaf_rank(r)));
        }
        near.extend(value.shrink_value());
    }
    let same_type: Vec<NodeRef<'_>> =
        subject.nodes.iter().copied().filter(|other| other.value_type() == ty).collect();
    near.extend(same_type.iter().map(|other| other.to_value()));
    if node.shape() == Shape::List {
        near.extend(renamed_elements(&same_type, gen));
    }
    near
}

/// Lists of the counterexample with one element changed a little: one of its first leaves at
/// one of its simplest values, or the element under another constructor of its type, its
/// children kept where they fit. For a list's rest, the operations that touch what the
/// counterexample's own touch (`[Remove(192)]` beside `[Insert(192)]`), which undo,
/// overwrite or cancel them, where a random rest names the same key once in hundreds of
/// draws: a set's count that skips its last word was claimed wrong after `Insert(192)` with
/// any rest, and `Remove(192)` after it passes. The first [`RENAMED_ELEMENTS`] elements of
/// each list, each constructor found in [`RENAMED_DRAWS`] draws of the element's type; no
/// evaluation.
fn renamed_elements(lists: &[NodeRef<'_>], gen: &mut Gen) -> Vec<Box<dyn SubValue>> {
    let mut out = Vec::new();
    for list in lists {
        let mut path = Vec::new();
        let mut at = Some(*list);
        for _ in 0..RENAMED_ELEMENTS {
            let Some((element, tail)) = at.and_then(cons_parts) else { break };
            // A leaf element (a number, a char) has no other constructor and no leaf but
            // itself, whose simplest values the list's own small values already hold.
            if element.children().is_empty() {
                break;
            }
            let own = element.constructor();
            let mut slot = path.clone();
            slot.push(0);
            let put = |new: Box<dyn SubValue>| {
                let mut changed = list.to_value();
                assign_at_path(changed.as_node_mut(), &slot, new).is_ok().then_some(changed)
            };
            // The element with one of its first leaves at one of its simplest values: a rest
            // that cancels what the counterexample's own element did (a shape's area counted
            // wrong, then wrong the other way: `[Rect(1, 0)]` with `[Rect(1, 2)]` after it).
            for leaf in leaves(element).iter().take(RENAMED_LEAVES) {
                let NodeRef::Value(value) = leaf.node else { continue };
                let own_rank = value.leaf_rank();
                for rank in (0..RENAMED_RANKS).filter(|&k| Some(k) != own_rank) {
                    let Some(v) = value.from_leaf_rank(rank) else { break };
                    let mut changed = element.to_value();
                    if assign_leaf(changed.as_node_mut(), &leaf.path, v).is_ok() {
                        out.extend(put(changed));
                    }
                }
            }
            let mut found: Vec<&'static str> = vec![own];
            let bound = element.size_up_to(BEYOND) + 1;
            // A type of one constructor (a number, a struct) has no other to draw.
            let draws = if element.constructors().len() > 1 { RENAMED_DRAWS } else { 0 };
            for _ in 0..draws {
                let Some(mut new) = generate_below(element, bound, gen, bound) else { break };
                let name = new.as_node().type_node().node_constructor();
                if found.contains(&name) {
                    continue;
                }
                found.push(name);
                reuse_children(&mut *new, element);
                out.extend(put(new));
            }
            path.push(1);
            at = Some(tail);
        }
    }
    out
}

/// Elements of each list renamed, from its start ([`renamed_elements`]).
const RENAMED_ELEMENTS: usize = 4;
/// Leaves of each such element moved to their simplest values ([`renamed_elements`]).
const RENAMED_LEAVES: usize = 2;
/// The simplest values each such leaf is moved to ([`renamed_elements`]).
const RENAMED_RANKS: u64 = 4;
/// Draws of an element's type to find its other constructors ([`renamed_elements`]).
const RENAMED_DRAWS: usize = 16;

/// A value with its `Debug` text ([`show`]).
type Shown = (Box<dyn SubValue>, String);

/// `value` with its text.
fn shown(value: Box<dyn SubValue>) -> Shown {
    let text = show(value.as_node());
    (value, text)
}

/// Values kept in order, none with the text of another or of the counterexample's own.
struct Distinct {
    values: Vec<Box<dyn SubValue>>,
    /// The texts of `values` and the counterexample's own.
    seen: Vec<String>,
}

impl Distinct {
    fn new(own: &str) -> Self {
        Distinct { values: Vec::new(), seen: vec![own.to_string()] }
    }

    /// Appends the values of `from` whose text is new, up to `cap` values in all; `from` is
    /// read no further than needed.
    fn keep(&mut self, from: impl IntoIterator<Item = Shown>, cap: usize) {
        self.keep_apart(from, cap, &[]);
    }

    /// [`keep`](Self::keep), leaving out the values whose text is one of `apart` too.
    fn keep_apart(&mut self, from: impl IntoIterator<Item = Shown>, cap: usize, apart: &[String]) {
        let mut from = from.into_iter();
        while self.values.len() < cap {
            let Some((value, text)) = from.next() else { return };
            if !self.seen.contains(&text) && !apart.contains(&text) {
                self.seen.push(text);
                self.values.push(value);
            }
        }
    }
}

/// A node's `Debug` text: how values are told apart here.
pub(super) fn show(node: NodeRef<'_>) -> String {
    use std::fmt::Write;
    // Room for a small value's text from the start: most are short, and `format!` would
    // grow its string a few times on the way.
    let mut text = String::with_capacity(32);
    let _ = write!(text, "{node:?}");
    text
}
