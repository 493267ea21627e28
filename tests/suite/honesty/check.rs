//! The honesty check shared by `tests/suite/honesty.rs` and the `honesty` bench
//! (`bench/benches/honesty`): what a printed formula claims, tried from the outside. For
//! each seed, the default run of a property is generalized and its first formula is read back
//! through the public API and tried four ways:
//! - **alone**: each variable replaced by fresh values, the others as in the counterexample
//!   (a side condition's other side keeps its own value);
//! - **joint**: all variables replaced together (a repeated variable by one value at all its
//!   places), the draws that meet the formula's side conditions; then, for two or more
//!   numbers, every assignment of their few simplest values ("small values together") and
//!   of their types' (or ranges') ends and half-way values with the simplest ("edge values
//!   together", where wrapping arithmetic meets itself);
//! - **constructors**: each constructor claimed at each constructor variable must fail under
//!   the counterexample's own values of the universal variables and under ten drawn
//!   assignments (the other constructor variables drawn among their constructors);
//! - **interchangeable constructors** (`k0 in {Add, Sub}`, the arguments kept) are drawn
//!   among theirs in the joint check, and each one of them must fail under the
//!   counterexample's own values and ten drawn assignments (counted with the constructors);
//! - **fields in any order** (`forall orders of the tuple's fields`) are put in a random
//!   order in each draw of the joint check;
//! - a draw outside its type's constraints, or that made no instance of the formula
//!   ([`instance`]), is no evidence either way.
//!
//! A claim is refuted by one instance that passes. Fresh values come from the types' own
//! generators at sizes 0 to 100 (the sizes of a user's tests), from a seed of their own,
//! not from the generalizer's schedule.

use std::panic::{catch_unwind, AssertUnwindSafe};

use smartcheck::{
    smart_check, AnyOrder, Args, Bfs, Gen, NodeMutRef, NodeRef, Outcome, PropertyResult, SubTypes,
    SubValue,
};

/// A variable: its paths, and the counterexample's own value at the first.
type Variable = (Vec<Vec<u32>>, Box<dyn SubValue>);

/// A value to put at a path.
type Put = (Vec<u32>, Box<dyn SubValue>);

/// A constructor variable or an interchangeable place: its path, the counterexample's own
/// sub-value there, and the constructors claimed.
type Place = (Vec<u32>, Box<dyn SubValue>, Vec<&'static str>);

/// Tries to draw a value of a claimed constructor.
const CONSTRUCTOR_DRAWS: usize = 64;

/// What one property's formulas claimed and how many claims were refuted.
#[derive(Default)]
pub struct Tally {
    /// The property's name.
    pub name: &'static str,
    /// Seeds run.
    pub seeds: u64,
    /// Runs whose first counterexample had a formula with something claimed.
    pub formulas: u64,
    /// Variables checked alone, and refuted.
    pub alone: (u64, u64),
    /// Formulas checked with all their variables drawn together, and refuted.
    pub joint: (u64, u64),
    /// Constructors claimed at constructor variables, and refuted.
    pub constructors: (u64, u64),
    /// Draws of the alone and joint checks, and those that made an instance.
    pub draws: (u64, u64),
    /// Each refutation: the formula and the instance that passed.
    pub refutations: Vec<String>,
}

impl Tally {
    /// Claims refuted.
    pub fn refuted(&self) -> u64 {
        self.alone.1 + self.joint.1 + self.constructors.1
    }
}

/// The node at `path` under `root`.
fn at_path<'a>(mut node: NodeRef<'a>, path: &[u32]) -> Option<NodeRef<'a>> {
    for &slot in path {
        node = node.children().get(slot as usize)?.node;
    }
    Some(node)
}

/// A fresh value of the type of `like`, at a random size.
fn fresh(g: &mut Gen, like: &dyn SubValue) -> Box<dyn SubValue> {
    fresh_within(g, like, 100, 40)
}

/// A fresh value of the type of `like`, at a random size below `size` and a random budget
/// of at most `extra` constructors beyond the type's smallest.
fn fresh_within(g: &mut Gen, like: &dyn SubValue, size: usize, extra: usize) -> Box<dyn SubValue> {
    let min = like.min_size().unwrap_or(0);
    let size = g.range(0, size);
    g.set_size(size);
    let budget = g.range(min, min.max(extra));
    g.with_budget(budget, |g| like.generate(g))
}

/// A fresh value of the type of `like` whose constructor `fits`, among [`CONSTRUCTOR_DRAWS`]
/// draws; a `small` one (budget and size below 8), where a witness is a small value that
/// draws at every size seldom make (a chain of three distinct links).
fn drawn_with(
    g: &mut Gen,
    like: &dyn SubValue,
    small: bool,
    fits: impl Fn(&str) -> bool,
) -> Option<Box<dyn SubValue>> {
    let (size, extra) = if small { (8, 8) } else { (100, 40) };
    (0..CONSTRUCTOR_DRAWS)
        .map(|_| fresh_within(g, like, size, extra))
        .find(|v| fits(v.as_node().constructor()))
}

/// `value` with each leaf replaced by a leaf of the same type drawn among those of `from`
/// (kept where `from` has none of its type).
fn own_leaves<T: SubTypes>(
    g: &mut Gen,
    mut value: Box<dyn SubValue>,
    from: &T,
) -> Box<dyn SubValue> {
    fn leaves<'a>(node: NodeRef<'a>, path: &mut Vec<u32>, out: &mut Vec<(Vec<u32>, NodeRef<'a>)>) {
        let children = node.children();
        if children.is_empty() {
            out.push((path.clone(), node));
        }
        for (slot, child) in children.iter().enumerate() {
            path.push(slot as u32);
            leaves(child.node, path, out);
            path.pop();
        }
    }
    let mut theirs = Vec::new();
    leaves(NodeRef::Value(from.node()), &mut Vec::new(), &mut theirs);
    let mut mine = Vec::new();
    leaves(value.as_node(), &mut Vec::new(), &mut mine);
    let swaps: Vec<(Vec<u32>, Box<dyn SubValue>)> = mine
        .iter()
        .filter_map(|(path, leaf)| {
            let same: Vec<_> =
                theirs.iter().filter(|(_, t)| t.value_type() == leaf.value_type()).collect();
            let pick = same.get(g.below(same.len().max(1) as u64) as usize)?;
            Some((path.clone(), pick.1.to_value()))
        })
        .collect();
    for (path, leaf) in swaps {
        let _ = value.as_node_mut().assign_along(&mut path.into_iter().map(|s| s as usize), leaf);
    }
    value
}

/// `own` with `constructor` in place of its own constructor and its own arguments kept, or
/// `None` when no drawn value had that constructor or its fields differ.
fn renamed(g: &mut Gen, own: &dyn SubValue, constructor: &str) -> Option<Box<dyn SubValue>> {
    if own.constructor() == constructor {
        return Some(own.as_node().to_value());
    }
    let mut drawn = drawn_with(g, own, false, |c| c == constructor)?;
    let kids = own.as_node().children();
    if drawn.as_node().children().len() != kids.len() {
        return None;
    }
    for (slot, child) in kids.iter().enumerate() {
        let mut slots = std::iter::once(slot);
        drawn.as_node_mut().assign_along(&mut slots, child.node.to_value()).ok()?;
    }
    Some(drawn)
}

/// [`instance`] with the nodes of `swaps` (interchangeable places with one of their
/// constructors, the arguments kept) put in first.
fn swapped<T: SubTypes>(
    value: &T,
    swaps: &[(Vec<u32>, Box<dyn SubValue>)],
    values: &[(Vec<u32>, Box<dyn SubValue>)],
) -> Option<T> {
    let mut base = value.clone();
    for (path, node) in swaps {
        let mut slots = path.iter().map(|&s| s as usize);
        NodeMutRef::Value(base.node_mut()).assign_along(&mut slots, node.clone()).ok()?;
    }
    instance(&base, values)
}

/// The instance of a formula that puts `values` at their paths in `value`, or `None` when
/// the puts do not make one. In a map, putting in a key (a remove and an insert) can move
/// the entries after it, so that a later path names another entry; so each value goes in
/// only where `value`'s own sub-value still is, the deepest first and a list's rest last,
/// and each value put in must still be at its path before the rests go in. (A rest yields
/// to the entries written out, as `..x0` reads.)
fn instance<T: SubTypes>(value: &T, values: &[(Vec<u32>, Box<dyn SubValue>)]) -> Option<T> {
    let root = NodeRef::Value(value.node());
    let text = |node: Option<NodeRef<'_>>| node.map(|n| format!("{n:?}"));
    let is_rest = |path: &[u32]| matches!(at_path(root, path), Some(NodeRef::Suffix(..)));
    let (rests, mut written): (Vec<_>, Vec<_>) = values.iter().partition(|(p, _)| is_rest(p));
    written.sort_by_key(|(path, _)| std::cmp::Reverse(path.len()));
    let mut candidate = value.clone();
    let put = |candidate: &mut T, (path, drawn): &(Vec<u32>, Box<dyn SubValue>)| {
        let here = text(at_path(NodeRef::Value(candidate.node()), path));
        if here.is_none() || here != text(at_path(root, path)) {
            return None;
        }
        let mut slots = path.iter().map(|&s| s as usize);
        NodeMutRef::Value(candidate.node_mut()).assign_along(&mut slots, drawn.clone()).ok()
    };
    for value in &written {
        put(&mut candidate, value)?;
    }
    let kept = written.iter().all(|(p, v)| {
        text(at_path(NodeRef::Value(candidate.node()), p)) == Some(format!("{:?}", v.as_node()))
    });
    if !kept {
        return None;
    }
    for value in &rests {
        put(&mut candidate, value)?;
    }
    Some(candidate)
}

/// Assignments of the few simplest values of each variable's type (ranks `0, 1, -1, 2, -2` of
/// an integer) to `variables` together, every one of them up to [`SMALL_TOGETHER`] (fewer
/// values each as there are more variables, two at least: none past 12 variables), when
/// there are two or more and all are ranked leaves: the puts of the first for which
/// `passes_with` says the instance passes.
fn small_together(
    variables: &[Variable],
    mut passes_with: impl FnMut(&[Box<dyn SubValue>]) -> bool,
) -> Option<Vec<Put>> {
    let n = variables.len();
    let ranked = |v: &Variable| v.1.as_node().type_node().leaf_rank().is_some();
    if n < 2 || !variables.iter().all(ranked) {
        return None;
    }
    let fits = |r: &u64| r.checked_pow(n as u32).is_some_and(|all| all <= SMALL_TOGETHER);
    let per = (2..=5u64).rev().find(fits)?;
    let mut ranks = vec![0u64; n];
    loop {
        let values: Option<Vec<Box<dyn SubValue>>> = variables
            .iter()
            .zip(&ranks)
            .map(|(v, &r)| v.1.as_node().type_node().from_leaf_rank(r))
            .collect();
        if let Some(values) = values.filter(|vs| passes_with(vs)) {
            let puts = variables.iter().zip(values).flat_map(|((paths, _), v)| {
                paths.iter().map(move |p| (p.clone(), v.clone())).collect::<Vec<_>>()
            });
            return Some(puts.collect());
        }
        // The next assignment, the last variable fastest.
        let mut at = n;
        loop {
            at = at.checked_sub(1)?;
            ranks[at] += 1;
            if ranks[at] < per {
                break;
            }
            ranks[at] = 0;
        }
    }
}

/// The most assignments [`small_together`] runs per formula.
const SMALL_TOGETHER: u64 = 4096;

/// The values [`edges_together`] draws a variable among: the three simplest of its type
/// (ranks `0, 1, 2`), and, for an integer (its `Debug` text a whole number), the ends of its
/// type (`MIN`, `MAX`: the least and greatest of `SubTypes::edge_values`) or of its field's
/// `range = LO..=HI`, each end's neighbour inward, and the value half way up from the low
/// end (`LO + (HI - LO + 1) / 2`: 128 for `u8`, 0 for `i8`, 30 for `0..=59`) with its two
/// neighbours: where wrapping arithmetic meets itself (`0 - 128 == 128 - 0` in `u8`). `None`
/// for a variable that is no ranked leaf.
fn edge_pool(root: NodeRef<'_>, variable: &Variable) -> Option<Vec<Box<dyn SubValue>>> {
    let (paths, own) = variable;
    let node = own.as_node().type_node();
    node.leaf_rank()?;
    let mut pool: Vec<Box<dyn SubValue>> = (0..3).filter_map(|r| node.from_leaf_rank(r)).collect();
    let number = |v: &dyn SubValue| format!("{:?}", v.as_node()).parse::<i128>().ok();
    // The field's range, if the variable's first place is a ranged field's integer.
    let path = paths.first()?;
    let ranged = path.split_last().and_then(|(&slot, up)| match at_path(root, up)? {
        NodeRef::Value(holder) => holder.node_field_range(slot as usize),
        _ => None,
    });
    let ends: Vec<Box<dyn SubValue>> = match ranged {
        Some(range) => {
            let ints = range.ints(&mut Gen::new(0, 0), 0);
            // From the low end up, then the high end and its neighbour below.
            let high = ints.get(ints.len().saturating_sub(2)).cloned();
            ints.first().cloned().into_iter().chain(high).collect()
        }
        None => node.node_edge_values(),
    };
    let numbered: Vec<(i128, Box<dyn SubValue>)> =
        ends.into_iter().filter_map(|v| Some((number(&*v)?, v))).collect();
    let low = numbered.iter().min_by_key(|(n, _)| *n);
    let high = numbered.iter().max_by_key(|(n, _)| *n);
    if let (Some((lo, low)), Some((hi, high))) = (low, high) {
        let (lo, hi) = (*lo, *hi);
        let from_low = |delta: i128| low.as_node().type_node().node_offset(delta);
        let half = hi.checked_sub(lo).and_then(|span| span.checked_add(1)).map(|n| n / 2);
        let inward = [from_low(0), from_low(1), Some(high.clone())];
        let below_high = high.as_node().type_node().node_offset(-1);
        let middle = half.map(|h| [from_low(h - 1), from_low(h), from_low(h + 1)]);
        let all = inward.into_iter().chain([below_high]).chain(middle.into_iter().flatten());
        let within = |v: &dyn SubValue| number(v).is_some_and(|n| lo <= n && n <= hi);
        pool.extend(all.flatten().filter(|v| within(&**v)));
    }
    let mut texts: Vec<String> = Vec::new();
    pool.retain(|v| {
        let text = format!("{:?}", v.as_node());
        let new = !texts.contains(&text);
        texts.push(text);
        new
    });
    Some(pool)
}

/// Assignments of the [`edge_pool`] values of each variable to `variables` together, when
/// there are two or more and all are ranked leaves: every one when they number
/// [`EDGES_TOGETHER`] at most, else as many drawn at random. The puts of the first for which
/// `passes_with` says the instance passes. A claim over numbers under wrapping arithmetic may
/// fail everywhere but where they sit at half the type's range from each other (`(0, 128)`
/// for a `u8` difference that should not depend on the order), which fresh draws seldom
/// make and [`small_together`] never does.
fn edges_together(
    root: NodeRef<'_>,
    variables: &[Variable],
    gen: &mut Gen,
    mut passes_with: impl FnMut(&[Box<dyn SubValue>]) -> bool,
) -> Option<Vec<Put>> {
    if variables.len() < 2 {
        return None;
    }
    let pools: Vec<Vec<Box<dyn SubValue>>> =
        variables.iter().map(|v| edge_pool(root, v)).collect::<Option<_>>()?;
    let all = pools.iter().try_fold(1u64, |n, p| n.checked_mul(p.len() as u64));
    let every = all.is_some_and(|n| n <= EDGES_TOGETHER);
    let mut digits = vec![0usize; pools.len()];
    for _ in 0..EDGES_TOGETHER {
        if !every {
            digits.iter_mut().zip(&pools).for_each(|(d, p)| *d = gen.range(0, p.len() - 1));
        }
        let values: Vec<Box<dyn SubValue>> =
            digits.iter().zip(&pools).map(|(&d, p)| p[d].clone()).collect();
        if passes_with(&values) {
            let puts = variables.iter().zip(values).flat_map(|((paths, _), v)| {
                paths.iter().map(move |p| (p.clone(), v.clone())).collect::<Vec<_>>()
            });
            return Some(puts.collect());
        }
        if every {
            // The next assignment, the last variable fastest.
            let at = (0..digits.len()).rev().find(|&i| digits[i] + 1 < pools[i].len())?;
            digits[at] += 1;
            digits[at + 1..].iter_mut().for_each(|d| *d = 0);
        }
    }
    None
}

/// The most assignments [`edges_together`] runs per formula.
const EDGES_TOGETHER: u64 = 4096;

/// `value` with the fields of each group of `orders` (`forall orders of ..`) put in a random
/// order; `None` when one cannot be put in place.
fn reordered<T: SubTypes>(g: &mut Gen, value: T, orders: &[AnyOrder]) -> Option<T> {
    let mut out = value;
    for order in orders {
        let node = at_path(NodeRef::Value(out.node()), &order.path)?;
        let kids = node.children();
        let mut fields: Vec<Box<dyn SubValue>> = order
            .slots
            .iter()
            .map(|&slot| Some(kids.get(slot as usize)?.node.to_value()))
            .collect::<Option<_>>()?;
        drop(kids);
        for i in (1..fields.len()).rev() {
            fields.swap(i, g.range(0, i));
        }
        for (&slot, field) in order.slots.iter().zip(fields) {
            let mut slots = order.path.iter().chain([&slot]).map(|&s| s as usize);
            NodeMutRef::Value(out.node_mut()).assign_along(&mut slots, field).ok()?;
        }
    }
    Some(out)
}

/// True when every node of `value` is within its type's constraints.
fn within<T: SubTypes>(value: &T) -> bool {
    Bfs::new(NodeRef::Value(value.node())).all(|v| match v.node {
        NodeRef::Value(n) => n.node_within_constraints(),
        _ => true,
    })
}

/// True when `prop` passes on `value` (a discard or any failure is no refutation).
fn passes<T, R: PropertyResult>(prop: &impl Fn(&T) -> R, value: &T) -> bool {
    let outcome = catch_unwind(AssertUnwindSafe(|| prop(value).into_outcome()));
    matches!(outcome, Ok(Outcome::Pass))
}

/// Runs `prop` over `seeds` seeds with default `Args` (one round) and checks each first
/// formula the four ways of the module doc, with `draws` draws per variable alone (twice
/// that for the joint check) and per claimed constructor and assignment.
pub fn check<T: SubTypes, R: PropertyResult>(
    name: &'static str,
    seeds: u64,
    draws: usize,
    prop: impl Fn(&T) -> R,
) -> Tally {
    let mut tally = Tally { name, seeds, ..Tally::default() };
    for seed in 0..seeds {
        let args = Args { seed: Some(seed), persist: false, rounds: 1, ..Args::default() };
        let report = smart_check(&args, &prop);
        let Some(cex) = report.counterexamples().first() else { continue };
        let Some(g) = cex.generalization() else { continue };
        let value = cex.value();
        let own = |path: &[u32]| at_path(NodeRef::Value(value.node()), path).map(|n| n.to_value());
        let mut gen = Gen::new(seed ^ 0x4011, 0);
        let refute = |tally: &mut Tally, what: &str, instance: &T| {
            tally.refutations.push(format!(
                "{name}, seed {seed}: {what} refutes\n{}\n  with {instance:?}",
                g.formula()
            ));
        };
        let variables: Vec<Variable> = g
            .variables()
            .iter()
            .filter_map(|v| Some((v.paths.clone(), own(v.paths.first()?)?)))
            .collect();
        let places: Vec<Place> = g
            .constructors()
            .iter()
            .zip(g.constructor_ranges())
            .filter_map(|(path, only)| {
                let node = own(path)?;
                let names = match only.is_empty() {
                    true => node.constructors().to_vec(),
                    false => only.clone(),
                };
                Some((path.clone(), node, names))
            })
            .collect();
        let kept: Vec<Place> = g
            .interchangeable()
            .iter()
            .filter_map(|k| Some((k.path.clone(), own(&k.path)?, k.constructors.clone())))
            .collect();
        let orders = g.any_order();
        if variables.is_empty() && places.is_empty() && kept.is_empty() && orders.is_empty() {
            continue;
        }
        tally.formulas += 1;
        let draw = |gen: &mut Gen, k: usize| fresh(gen, &*variables[k].1);
        // The puts of variable `k` taking `value`.
        let puts = |k: usize, value: Box<dyn SubValue>| {
            variables[k].0.iter().map(|p| (p.clone(), value.clone())).collect::<Vec<_>>()
        };
        let meets = |drawn: &[Option<Box<dyn SubValue>>]| {
            g.conditions().iter().all(|c| match (&drawn[c.left], &drawn[c.right]) {
                (Some(l), Some(r)) => c.relation.holds(&**l, &**r) == Some(true),
                _ => true,
            })
        };
        let runs = |tally: &mut Tally, candidate: &Option<T>| {
            let made = candidate.as_ref().filter(|c| within(*c));
            tally.draws.0 += 1;
            tally.draws.1 += u64::from(made.is_some());
            made.is_some_and(|c| passes(&prop, c))
        };
        // Each variable alone.
        for k in 0..variables.len() {
            tally.alone.0 += 1;
            for _ in 0..draws {
                let drawn = draw(&mut gen, k);
                let mut all: Vec<Option<Box<dyn SubValue>>> =
                    variables.iter().map(|(_, v)| Some(v.clone())).collect();
                let candidate = instance(value, &puts(k, drawn.clone()));
                all[k] = Some(drawn);
                if meets(&all) && runs(&mut tally, &candidate) {
                    tally.alone.1 += 1;
                    refute(&mut tally, &format!("x{k} alone"), candidate.as_ref().unwrap());
                    break;
                }
            }
        }
        // Each interchangeable place with one of its constructors, drawn, the arguments kept;
        // `fixed` puts constructor `fixed.1` at place `fixed.0`.
        let swaps = |gen: &mut Gen, fixed: Option<(usize, &str)>| -> Option<Vec<_>> {
            let mut out = Vec::new();
            for (j, (path, node, names)) in kept.iter().enumerate() {
                let name = match fixed {
                    Some((at, name)) if at == j => name,
                    _ => names[gen.range(0, names.len() - 1)],
                };
                out.push((path.clone(), renamed(gen, &**node, name)?));
            }
            Some(out)
        };
        // All variables together, under the side conditions, the fields of one type that may
        // come in any order put in a random one.
        let together = variables.len() > 1 || !g.conditions().is_empty() || !kept.is_empty();
        if together || !orders.is_empty() {
            tally.joint.0 += 1;
            let refutations_before = tally.refutations.len();
            for _ in 0..2 * draws {
                let all: Vec<Option<Box<dyn SubValue>>> =
                    (0..variables.len()).map(|k| Some(draw(&mut gen, k))).collect();
                let every: Vec<_> =
                    all.iter().enumerate().flat_map(|(k, v)| puts(k, v.clone().unwrap())).collect();
                let candidate = swaps(&mut gen, None).and_then(|s| swapped(value, &s, &every));
                let candidate = candidate.and_then(|c| reordered(&mut gen, c, orders));
                if meets(&all) && runs(&mut tally, &candidate) {
                    tally.joint.1 += 1;
                    refute(&mut tally, "all variables together", candidate.as_ref().unwrap());
                    break;
                }
            }
            // Then every assignment of the numbers' few simplest values together: where they
            // coincide or line up (`-1/1` and `1/-1` equal, three points in a row), which
            // draws one at a time seldom make.
            // Then, the same way, among their types' (or ranges') edges and half-way values
            // too: where wrapping arithmetic meets itself.
            let passes_with = |all: &[Box<dyn SubValue>]| {
                let every: Vec<_> =
                    all.iter().enumerate().flat_map(|(k, v)| puts(k, v.clone())).collect();
                let drawn: Vec<Option<Box<dyn SubValue>>> =
                    all.iter().map(|v| Some(v.clone())).collect();
                let candidate = instance(value, &every).filter(within);
                meets(&drawn) && candidate.as_ref().is_some_and(|c| passes(&prop, c))
            };
            let refuted_at_random = tally.refutations.len() > refutations_before;
            let small = (!refuted_at_random).then(|| small_together(&variables, &passes_with));
            if let Some(puts) = small.flatten() {
                let refuted = instance(value, &puts).expect("an instance just run");
                tally.joint.1 += 1;
                refute(&mut tally, "small values together", &refuted);
            }
            let refuted_yet = tally.refutations.len() > refutations_before;
            let root = NodeRef::Value(value.node());
            let edges = (!refuted_yet)
                .then(|| edges_together(root, &variables, &mut gen, &passes_with))
                .flatten();
            if let Some(puts) = edges {
                let refuted = instance(value, &puts).expect("an instance just run");
                tally.joint.1 += 1;
                refute(&mut tally, "edge values together", &refuted);
            }
        }
        // Each claimed constructor has a witness under the counterexample's own values of
        // the variables, then under drawn ones.
        let assignments = if variables.is_empty() { 1 } else { 11 };
        // Assignment 0 is the counterexample's own values (no puts), the others drawn: the
        // values (`None` for one's own) and their puts.
        let assigned = |gen: &mut Gen, assignment: usize| {
            let all: Vec<Option<Box<dyn SubValue>>> =
                (0..variables.len()).map(|v| (assignment > 0).then(|| draw(gen, v))).collect();
            let every: Vec<_> = all
                .iter()
                .enumerate()
                .filter_map(|(v, d)| Some(puts(v, d.clone()?)))
                .flatten()
                .collect();
            (all, every)
        };
        for (k, (_, _, names)) in places.iter().enumerate() {
            for &wanted in names {
                tally.constructors.0 += 1;
                for assignment in 0..assignments {
                    let (all, base) = assigned(&mut gen, assignment);
                    let Some(shown) = instance(value, &base) else { continue };
                    if !within(&shown) || !meets(&all) {
                        continue;
                    }
                    // Draws that made no instance are no evidence either way.
                    let mut instances = 0;
                    // Every other draw small: most witnesses are. Then a quarter more with
                    // their leaves taken from the instance's own: a witness that repeats a
                    // value of the instance (`([30], [30, 30, 30])` for `([x0], [x0, x0,
                    // ..c0(..)])`) is one a random draw seldom makes.
                    let witnessed = (0..draws + draws / 4).any(|i| {
                        let mut every = base.clone();
                        for (j, (path, like, names)) in places.iter().enumerate() {
                            let fits =
                                |c: &str| if j == k { c == wanted } else { names.contains(&c) };
                            match drawn_with(&mut gen, &**like, i % 2 == 1, fits) {
                                Some(v) if i >= draws => {
                                    every.push((path.clone(), own_leaves(&mut gen, v, &shown)))
                                }
                                Some(v) => every.push((path.clone(), v)),
                                None => return false,
                            }
                        }
                        let candidate = instance(value, &every).filter(within);
                        instances += usize::from(candidate.is_some());
                        candidate.is_some_and(|c| !passes(&prop, &c))
                    });
                    if !witnessed && instances > 0 {
                        tally.constructors.1 += 1;
                        refute(&mut tally, &format!("no witness for `{wanted}` at c{k}"), &shown);
                        break;
                    }
                }
            }
        }
        // Each interchangeable constructor fails under the counterexample's own values of
        // the variables, then under drawn ones (the other places' constructors drawn).
        for (k, (_, node, names)) in kept.iter().enumerate() {
            for &name in names.iter().filter(|&&n| n != node.constructor()) {
                tally.constructors.0 += 1;
                for assignment in 0..assignments {
                    let (all, every) = assigned(&mut gen, assignment);
                    let Some(swaps) = swaps(&mut gen, Some((k, name))) else { continue };
                    let candidate = swapped(value, &swaps, &every);
                    if meets(&all) && runs(&mut tally, &candidate) {
                        tally.constructors.1 += 1;
                        refute(&mut tally, &format!("`{name}` at k{k}"), &candidate.unwrap());
                        break;
                    }
                }
            }
        }
    }
    tally
}
