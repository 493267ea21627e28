//! Relations between sub-values, as Extrapolate (Braquehais & Runciman) states them: a
//! repeated variable (`Pair(x0, x0)`) for equal same-typed sub-values, and side conditions
//! from a small fixed grammar between two same-typed primitive leaves
//! (`forall values x0 x1 with x0 != x1: Pair(x0, x1)`), two same-typed tags (fieldless
//! variants: `Sum(Money(x0, x1), Money(1, x2)) with x1 != x2` for two currencies that
//! differ, whichever they are) or two same-typed sub-values (`Sub(x0, x1) with x0 != x1`
//! for a printer that swaps the operands: any two expressions that differ).
//!
//! Tried after universal generalization, on places it left alone (neither a variable nor
//! under one): a repeated variable when the two places hold equal values, then, for two
//! leaves, the conditions `!=`, `<=`, `<` (the weakest first) that the counterexample meets;
//! for two tags of a type of fieldless variants whose values are all known, `!=` and `<`,
//! ordered as the type declares its variants (`Low < High`; `derive(PartialOrd)`'s order
//! unless discriminants are set out of order): a bug over that order, `a < b`, is one class,
//! not one per pair of variants; for two other sub-values, `!=` only (they have no order).
//! Two sub-values related as wholes take in the variables under them (`Letter(x0)` beside
//! `Esc`: `(x1, x2) with x1 != x2`), checked anew with every other variable.
//! `==` needs no condition: it is the repeated variable. Last, two equal ordered leaves or
//! tags of which one or both were claimed (a place beside a variable, a repeated variable's
//! two places) are tried apart under `<=` (`widen`): the minimum of an order bug holds two
//! equal values, and `(Ala, x0)` or `(x0, x0)` left each later round's minimum a class of its
//! own. Each is claimed under the same
//! evidence rule as any variable, with every earlier variable varying too; half the tries put
//! the right variable at the condition's boundary (`x1 == x0` for `<=`, the next value up for
//! `<` and `!=`), where a false condition is likeliest refuted.
//!
//! Invariant: a relation is printed only when it held and the independent claim did not
//! (the places were left alone by universal generalization). Cost: at most [`PAIRS`] checks
//! of each kind, each at most `max_forall` evaluations; O([`FREE`]²) comparisons of `Debug`
//! texts to find the pairs. Integer and `char` leaves compare natively in the checks.

use std::any::Any;
use std::cmp::Ordering;
use std::ops::ControlFlow;
use std::ops::RangeInclusive;

use super::sample::show;
use super::universal::{add_if_true, Group};
use super::{Ctx, Scheme};
use crate::subtypes::{NodeRef, SubTypes, SubValue};

/// Calls the macro `$each` with the types that [`native`] compares as themselves.
macro_rules! native_types {
    ($each:ident) => {
        $each!(i32, i64, u8, u32, u64, usize, i8, i16, u16, i128, u128, isize, char)
    };
}

/// Pairs tried per kind of relation.
const PAIRS: usize = 16;
/// Free places looked at for pairs, in breadth-first order (so that finding pairs stays
/// cheap on a large counterexample).
const FREE: usize = 64;

/// How two variables of a side condition compare.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relation {
    /// `x0 != x1`.
    NotEqual,
    /// `x0 < x1` (numbers and chars; tags by declaration order).
    Less,
    /// `x0 <= x1` (numbers and chars; tags by declaration order).
    LessOrEqual,
}

impl Relation {
    /// The relation as printed: `!=`, `<`, `<=`.
    pub fn symbol(self) -> &'static str {
        match self {
            Relation::NotEqual => "!=",
            Relation::Less => "<",
            Relation::LessOrEqual => "<=",
        }
    }

    /// Whether `a` and `b` are related so; `None` when they cannot be ordered (only numbers,
    /// chars and tags are). Integers and chars compare as themselves, two tags (fieldless
    /// variants) of one type by their places in its declaration, other values by their
    /// `Debug` text.
    ///
    /// ```
    /// use smartcheck_core::generalize::Relation;
    /// assert_eq!(Relation::Less.holds(&-3i32, &2i32), Some(true));
    /// assert_eq!(Relation::LessOrEqual.holds(&'b', &'a'), Some(false));
    /// assert_eq!(Relation::NotEqual.holds(&"a".to_string(), &"a".to_string()), Some(false));
    /// assert_eq!(Relation::Less.holds(&"a".to_string(), &"b".to_string()), None);
    /// ```
    pub fn holds(self, a: &dyn SubValue, b: &dyn SubValue) -> Option<bool> {
        match self {
            Relation::NotEqual => Some(match native(a, b) {
                Some(ordering) => ordering != Ordering::Equal,
                None => show(a.as_node()) != show(b.as_node()),
            }),
            Relation::Less => Some(compare(a, b)? == Ordering::Less),
            Relation::LessOrEqual => Some(compare(a, b)? != Ordering::Greater),
        }
    }
}

impl Relation {
    /// The value nearest `left` on its right side of the relation, where a claim is likeliest
    /// refuted: `left` itself for `<=`, the next value up in order for `<` and `!=` (looked for
    /// among the values a few ranks of simplicity from `left`'s); `None` for a value without
    /// an order.
    pub(super) fn boundary(self, left: &dyn SubValue) -> Option<Box<dyn SubValue>> {
        if self == Relation::LessOrEqual {
            return Some(left.as_node().to_value());
        }
        let NodeRef::Value(value) = left.as_node() else { return None };
        let rank = value.leaf_rank()?;
        let ranks = rank.saturating_sub(NEIGHBOURS)..=rank.saturating_add(NEIGHBOURS);
        if let Some(edge) = native_boundary(left.as_any(), ranks.clone()) {
            return edge;
        }
        ranks
            .filter_map(|r| value.from_leaf_rank(r))
            .filter(|v| compare(left, &**v) == Some(Ordering::Less))
            .min_by(|a, b| compare(&**a, &**b).unwrap_or(Ordering::Equal))
    }
}

/// [`Relation::boundary`] of `<` and `!=` for a leaf of an integer type or `char`, which
/// [`native`] compares as itself: the least of the values at `ranks` above `left`, found
/// without boxing each one; `None` for any other type. A boundary is drawn for half the tries
/// of every side condition, so this is on generalization's inner loop.
fn native_boundary(
    left: &dyn Any,
    ranks: RangeInclusive<u64>,
) -> Option<Option<Box<dyn SubValue>>> {
    fn least_above<T: SubTypes + Ord>(
        x: &T,
        ranks: RangeInclusive<u64>,
    ) -> Option<Box<dyn SubValue>> {
        let above = ranks.filter_map(|r| x.from_leaf_rank(r)).filter(|v| x < v);
        above.min().map(|v| Box::new(v) as Box<dyn SubValue>)
    }
    macro_rules! each {
        ($($t:ty),*) => {$(
            if let Some(x) = left.downcast_ref::<$t>() {
                return Some(least_above(x, ranks));
            }
        )*};
    }
    native_types!(each);
    None
}

/// How two values compare: natively for the integer types and `char`, two tags of one type
/// by their constructors' declaration order ([`tag_order`]), else by their `Debug` texts
/// ([`order`]); `None` when they have no order.
pub(super) fn compare(a: &dyn SubValue, b: &dyn SubValue) -> Option<Ordering> {
    native(a, b)
        .or_else(|| tag_order(a.as_node(), b.as_node()))
        .or_else(|| order(&show(a.as_node()), &show(b.as_node())))
}

/// The least and the greatest of the edge values of `node`'s type (an integer's `MIN` and
/// `MAX`), as [`compare`] orders them; `None` for a type with fewer than two that compare.
pub(super) fn extremes(node: NodeRef<'_>) -> Option<(Box<dyn SubValue>, Box<dyn SubValue>)> {
    let edges = node.type_node().node_edge_values();
    let by = |a: &usize, b: &usize| compare(&*edges[*a], &*edges[*b]).unwrap_or(Ordering::Equal);
    let low = (0..edges.len()).min_by(by)?;
    let high = (0..edges.len()).max_by(by)?;
    let (low, high) = (&edges[low], &edges[high]);
    (compare(&**low, &**high) == Some(Ordering::Less)).then(|| (low.clone(), high.clone()))
}

/// The value half way up from `low` to `high`, `low + (high - low + 1) / 2` (128 for `u8`'s
/// `0..=255`, 0 for `i8`'s `-128..=127`, 30 for a range `0..=59`), on the number line
/// `SubTypes::offset` gives: the span probed by doubling steps, then bisected, O(bits)
/// offsets. `None` for a type without that line (a `NonZeroU8`, a `char`), for one whose
/// span is past `offset`'s deltas (`u128`, `i128`), or when `high` is not above `low`.
pub(super) fn halfway(low: &dyn SubValue, high: &dyn SubValue) -> Option<Box<dyn SubValue>> {
    let from_low = |d: u128| low.as_node().type_node().node_offset(i128::try_from(d).ok()?);
    let within =
        |d: u128| from_low(d).is_some_and(|v| compare(&*v, high) != Some(Ordering::Greater));
    if compare(low, high) != Some(Ordering::Less) || !within(1) {
        return None;
    }
    // Doubling: `step <= span <= 2 * step - 1`; then bisected.
    let mut step: u128 = 1;
    while step <= u128::MAX / 2 && within(2 * step) {
        step *= 2;
    }
    let (mut span, mut top) = (step, step - 1 + step);
    while span < top {
        let mid = span + (top - span).div_ceil(2);
        match within(mid) {
            true => span = mid,
            false => top = mid - 1,
        }
    }
    // The line must reach `high` (or pass it): a 128-bit type's ends lie beyond its deltas.
    let reached = from_low(span).is_some_and(|v| compare(&*v, high) == Some(Ordering::Equal));
    (reached || from_low(span + 1).is_some()).then(|| from_low(span.div_ceil(2))).flatten()
}

/// True for a tag: a value of a type of two or more constructors that holds nothing (a
/// fieldless variant).
pub(super) fn is_tag(node: NodeRef<'_>) -> bool {
    matches!(node, NodeRef::Value(_))
        && node.children().is_empty()
        && node.constructors().len() >= 2
        && node.type_node().leaf_rank().is_none()
}

/// True when `place` holds a tag of a type whose variants are all fieldless, its values all
/// known (its sampler met a tag of every variant).
pub(super) fn fieldless(ctx: &mut Ctx<'_, '_>, place: usize) -> bool {
    ctx.sampler(place).0.fieldless()
}

/// How two tags of one type compare: by their constructors' places in the type's declaration
/// (`Low < Normal < High`, whatever their discriminants or `PartialOrd`); `None` for
/// anything else.
fn tag_order(a: NodeRef<'_>, b: NodeRef<'_>) -> Option<Ordering> {
    if !(is_tag(a) && is_tag(b) && a.value_type() == b.value_type()) {
        return None;
    }
    let place = |n: NodeRef<'_>| n.constructors().iter().position(|&c| c == n.constructor());
    Some(place(a)?.cmp(&place(b)?))
}

/// How two values of one integer type or of `char` compare; `None` for any other type. The
/// generalizer compares such leaves in its inner loop, where formatting and parsing their
/// `Debug` texts was most of a failing run's time; for these types the two agree (and the
/// native order also covers `u128` beyond `i128` and escaped chars such as `'\n'`).
fn native(a: &dyn SubValue, b: &dyn SubValue) -> Option<Ordering> {
    let (a, b) = (a.as_any(), b.as_any());
    macro_rules! each {
        ($($t:ty),*) => {$(
            if let (Some(x), Some(y)) = (a.downcast_ref::<$t>(), b.downcast_ref::<$t>()) {
                return Some(x.cmp(y));
            }
        )*};
    }
    native_types!(each);
    None
}

/// How many ranks of simplicity either side of a value [`Relation::boundary`] looks at.
const NEIGHBOURS: u64 = 4;

/// The order of two numbers or two chars, from their `Debug` texts.
fn order(a: &str, b: &str) -> Option<Ordering> {
    if let (Ok(a), Ok(b)) = (a.parse::<i128>(), b.parse::<i128>()) {
        return Some(a.cmp(&b));
    }
    if let (Ok(a), Ok(b)) = (a.parse::<f64>(), b.parse::<f64>()) {
        return a.partial_cmp(&b);
    }
    let char_of = |s: &str| {
        let inner = s.strip_prefix('\'')?.strip_suffix('\'')?;
        let mut chars = inner.chars();
        let c = chars.next()?;
        chars.next().is_none().then_some(c)
    };
    Some(char_of(a)?.cmp(&char_of(b)?))
}

/// Adds repeated variables, then side conditions, to `scheme`; the place it stopped at if
/// the evaluation budget ran out.
pub(super) fn relate(ctx: &mut Ctx<'_, '_>, scheme: &mut Scheme) -> Option<usize> {
    let equal = pairs(ctx, scheme, true);
    for group in equal_groups(&equal) {
        if ctx.spent() {
            return Some(group[0]);
        }
        if is_free(ctx, scheme, group[0], group[1]) {
            add_if_true(ctx, scheme, &Group { vars: vec![group], relation: None });
        }
    }
    let repeated = |ctx: &mut Ctx<'_, '_>, scheme: &mut Scheme, a: usize, b: usize| {
        add_if_true(ctx, scheme, &Group { vars: vec![vec![a, b]], relation: None });
    };
    each_pair(ctx, scheme, equal, repeated)
        .or_else(|| {
            let ordered = pairs(ctx, scheme, false);
            each_pair(ctx, scheme, ordered, condition)
        })
        .or_else(|| widen(ctx, scheme))
}

/// A place left as it is beside a variable of its type that held the same value, related to
/// it by `<=` when that holds: `Bond { a: Ala, b: x0 }` (the first variant is `<=` every
/// other, so `b` was universal and `a` not) becomes `Bond { a: x1, b: x0 } with x1 <= x0`
/// where the bug is `a <= b`, one class where three were (`(Ala, x0)`, `(x0, x0)` and `x0 <
/// x1`, each a later round's minimum). Only for two ordered leaves or two tags of a type of
/// fieldless variants, equal in the counterexample (the minimum of an order bug is such a
/// pair), at most [`PAIRS`] of them; the variable is checked anew with the place. The place
/// it stopped at if the evaluation budget ran out.
fn widen(ctx: &mut Ctx<'_, '_>, scheme: &mut Scheme) -> Option<usize> {
    let mut tried = 0;
    for k in 0..scheme.vars.len() {
        if scheme.in_condition(k) {
            continue;
        }
        // A repeated variable over two places: the two apart, related (`Q { a: x0, b: x0 }`
        // to `Q { a: x0, b: x1 } with x0 <= x1`).
        if let [p, q] = scheme.vars[k].places[..] {
            if let ControlFlow::Break(stopped) = widen_pair(ctx, scheme, &mut tried, k, p, q) {
                return stopped;
            }
            continue;
        }
        let [q] = scheme.vars[k].places[..] else { continue };
        if !ordered(ctx, q) {
            continue;
        }
        let vq = ctx.subject.node(q).to_value();
        let covered = ctx.subject.covered(&scheme.places());
        let beside: Vec<usize> = (1..ctx.subject.len())
            .filter(|&p| {
                !covered[p] && ctx.subject.node(p).value_type() == vq.as_node().value_type()
            })
            .filter(|&p| show(ctx.subject.node(p)) == show(vq.as_node()))
            .take(FREE)
            .collect();
        for p in beside {
            if let ControlFlow::Break(stopped) = widen_pair(ctx, scheme, &mut tried, k, p, q) {
                return stopped;
            }
        }
    }
    None
}

/// One pair of [`widen`]: variable `k` tried apart as `p` and `q` under `<=` when both are
/// ordered, counted in `tried`. `Break` ends the search (with the place it stopped at, if
/// the budget ran out): a pair held, or [`PAIRS`] were tried.
fn widen_pair(
    ctx: &mut Ctx<'_, '_>,
    scheme: &mut Scheme,
    tried: &mut usize,
    k: usize,
    p: usize,
    q: usize,
) -> ControlFlow<Option<usize>> {
    if *tried == PAIRS {
        return ControlFlow::Break(None);
    }
    if ctx.spent() {
        return ControlFlow::Break(Some(p));
    }
    if !(ordered(ctx, p) && ordered(ctx, q)) {
        return ControlFlow::Continue(());
    }
    *tried += 1;
    match related(ctx, scheme, k, p, q) {
        true => ControlFlow::Break(None),
        false => ControlFlow::Continue(()),
    }
}

/// Replaces variable `k` of `scheme` by two at `p` and `q` related by `<=`, `p` below `q`
/// first, then above it, when the check holds; true if one did.
fn related(ctx: &mut Ctx<'_, '_>, scheme: &mut Scheme, k: usize, p: usize, q: usize) -> bool {
    let others: Vec<usize> = (0..scheme.vars.len()).filter(|&j| j != k).collect();
    for (left, right) in [(p, q), (q, p)] {
        let mut base = scheme.selected(&others);
        let relation = Some(Relation::LessOrEqual);
        let group = Group { vars: vec![vec![left], vec![right]], relation };
        if add_if_true(ctx, &mut base, &group) {
            *scheme = base;
            return true;
        }
    }
    false
}

/// True when `place` holds a value `<=` orders: a primitive leaf the order compares (an
/// integer, a char) or a tag of a type of fieldless variants whose values are all known.
fn ordered(ctx: &mut Ctx<'_, '_>, place: usize) -> bool {
    if ctx.subject.is_leaf(place) {
        let v = ctx.subject.node(place).to_value();
        return native(&*v, &*v).is_some();
    }
    fieldless(ctx, place)
}

/// The places of `equal` (pairs of places holding equal values, as [`pairs`] gives them)
/// that hold one value in three places or more, each group once (at most [`PAIRS`] groups):
/// a repeated variable at all of them is tried before any pair of them, since a value that
/// must recur three times (four equal bytes in a row, three equal signatures) passes with any
/// two of its places equal.
fn equal_groups(equal: &[(usize, usize)]) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for &(a, b) in equal {
        if let Some(group) = groups.iter_mut().find(|g| g[0] == a) {
            group.push(b);
        } else if !groups.iter().any(|g| g.contains(&a)) {
            // (A later place of an earlier group: its own pairs add nothing.)
            groups.push(vec![a, b]);
        }
    }
    groups.retain(|g| g.len() >= 3);
    groups.truncate(PAIRS);
    groups
}

/// Runs `try_pair` on up to [`PAIRS`] of `pairs` (as [`pairs`] gives them) whose places are
/// still free; the place it stopped at if the evaluation budget ran out.
fn each_pair(
    ctx: &mut Ctx<'_, '_>,
    scheme: &mut Scheme,
    pairs: Vec<(usize, usize)>,
    mut try_pair: impl FnMut(&mut Ctx<'_, '_>, &mut Scheme, usize, usize),
) -> Option<usize> {
    let mut tried = 0;
    for (a, b) in pairs {
        if tried == PAIRS {
            break;
        }
        if ctx.spent() {
            return Some(a);
        }
        if is_free(ctx, scheme, a, b) {
            tried += 1;
            try_pair(ctx, scheme, a, b);
        }
    }
    None
}

/// Tries the conditions the counterexample meets between leaves `a` and `b`, the weakest
/// first; keeps the first that holds.
fn condition(ctx: &mut Ctx<'_, '_>, scheme: &mut Scheme, a: usize, b: usize) {
    let (va, vb) = (ctx.subject.node(a).to_value(), ctx.subject.node(b).to_value());
    // Two tags of a type of fieldless variants only (its few values known): `<` where they
    // differ, checked on every pair. (Two equal ones were tried as one repeated variable;
    // `<=` between them, as between two `None`s or two empty lists, and `<` between variants
    // of a type that also has fields, cost a claim's tries each and found nothing.)
    // Both known, or the check of the two together is a sample, not every pair.
    let fieldless = fieldless(ctx, a) && fieldless(ctx, b);
    let kinds: &[Relation] = match (ctx.subject.is_leaf(a), fieldless) {
        (true, _) => &[Relation::NotEqual, Relation::LessOrEqual, Relation::Less],
        (false, true) => &[Relation::NotEqual, Relation::Less],
        (false, false) => &[Relation::NotEqual],
    };
    for &relation in kinds {
        let (left, right) = match (relation.holds(&*va, &*vb), relation.holds(&*vb, &*va)) {
            (Some(true), _) => (a, b),
            (_, Some(true)) => (b, a),
            _ => continue,
        };
        let group = Group { vars: vec![vec![left], vec![right]], relation: Some(relation) };
        // Variables under either sub-value are taken in by the two new ones.
        if add_if_true(ctx, scheme, &group) {
            return;
        }
    }
}

/// True when neither place is, or lies under, a variable of `scheme`.
fn is_free(ctx: &Ctx<'_, '_>, scheme: &Scheme, a: usize, b: usize) -> bool {
    let covered = ctx.subject.covered(&scheme.places());
    !covered[a] && !covered[b]
}

/// Pairs of places of the same type among the first [`FREE`] free ones, neither under the
/// other nor trivial: with `equal`, those holding equal values; else two primitive leaves,
/// two tags or two sub-values with arguments.
fn pairs(ctx: &Ctx<'_, '_>, scheme: &Scheme, equal: bool) -> Vec<(usize, usize)> {
    let subject = ctx.subject;
    let covered = subject.covered(&scheme.places());
    let free: Vec<usize> =
        (1..subject.len()).filter(|&p| !covered[p] && !subject.is_trivial(p)).take(FREE).collect();
    let texts: Vec<String> = free.iter().map(|&p| show(subject.node(p))).collect();
    let mut out = Vec::new();
    for (i, &a) in free.iter().enumerate() {
        for (j, &b) in free.iter().enumerate().skip(i + 1) {
            let same_type = subject.node(a).value_type() == subject.node(b).value_type();
            let nested = subject.bfs.is_under(b, a);
            if same_type && !nested && (!equal || texts[i] == texts[j]) {
                out.push((a, b));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{halfway, show};
    use crate::subtypes::SubValue;

    fn half(low: &dyn SubValue, high: &dyn SubValue) -> Option<String> {
        halfway(low, high).map(|v| show(v.as_node()))
    }

    #[test]
    fn halfway_is_half_the_span_up_from_the_low_end() {
        assert_eq!(half(&0u8, &255u8).as_deref(), Some("128"));
        assert_eq!(half(&i8::MIN, &i8::MAX).as_deref(), Some("0"));
        assert_eq!(half(&i64::MIN, &i64::MAX).as_deref(), Some("0"));
        // A range's own: `0..=59`, `-5..=-3`.
        assert_eq!(half(&0u16, &59u16).as_deref(), Some("30"));
        assert_eq!(half(&-5i32, &-3i32).as_deref(), Some("-4"));
        // Past the deltas `offset` takes: none rather than a wrong one.
        assert_eq!(half(&0u128, &u128::MAX), None);
        // No span, or no number line.
        assert_eq!(half(&7u8, &7u8), None);
        assert_eq!(half(&'a', &'z'), None);
    }
}
