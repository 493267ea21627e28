//! An independent refuter of printed generalizations (issue 10): families of properties
//! chosen to tempt over-claiming, run over many seeds; every printed formula is checked by
//! substitution, with sampling of its own (not the generalizer's).
//!
//! For each counterexample's formula it counts:
//! - **claims**: variables and constructor variables printed;
//! - **refuted**: claims that a substitution refutes: all variables at once (the joint
//!   reading, side conditions and repeated variables respected), or one at a time; the
//!   constructor variables, when some tuple of their constructors has no witness under some
//!   assignment of the variables;
//! - **missed**: places (sub-values and primitive leaves, outermost first) left as they were
//!   that no substitution of this checker refuted alone: true claims, as far as it can tell,
//!   that were not made.
//!
//! `examples/refuter_table.rs` prints the table over 100 seeds; the test below runs 30 seeds
//! per family with fewer substitutions.

use std::any::type_name;

use smartcheck::{
    smart_check, Arbitrary, Args, Counterexample, Gen, NodeMutRef, NodeRef, Outcome,
    PropertyResult, SubTypes, SubValue, Verdict,
};
use smartcheck_tests::calculator::{eval, prop_div, Exp};

/// What the refuter found over one family's runs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Counterexamples whose formulas were checked.
    pub formulas: usize,
    /// Variables and constructor variables printed.
    pub claims: usize,
    /// Formulas with at least one refuted reading.
    pub refuted_formulas: usize,
    /// Claims refuted (alone, or as part of the refuted joint reading).
    pub refuted: usize,
    /// Places left alone that no substitution refuted.
    pub missed: usize,
    /// Property evaluations spent generalizing, over all counterexamples.
    pub generalize_evaluations: usize,
    /// One refuted formula with its refutation, to show.
    pub example: Option<String>,
    /// One formula that left a place alone that no substitution refuted, to show.
    pub missed_example: Option<String>,
}

impl Tally {
    fn add(&mut self, other: Tally) {
        self.formulas += other.formulas;
        self.claims += other.claims;
        self.refuted_formulas += other.refuted_formulas;
        self.refuted += other.refuted;
        self.missed += other.missed;
        self.generalize_evaluations += other.generalize_evaluations;
        if self.example.is_none() {
            self.example = other.example;
        }
        if self.missed_example.is_none() {
            self.missed_example = other.missed_example;
        }
    }
}

/// A family: its name and a run over one seed with `samples` substitutions per reading.
pub type Family = (&'static str, fn(u64, usize) -> Tally);

// ------------------------------------------------------------------------------------------
// The families

#[derive(Clone, Debug, SubTypes, Arbitrary)]
pub struct Rare {
    n: u32,
    on: bool,
}

#[derive(Clone, Debug, SubTypes, Arbitrary)]
pub struct Item {
    label: String,
    qty: u8,
}

#[derive(Clone, Debug, SubTypes, Arbitrary)]
pub struct Sum {
    a: i16,
    b: i16,
}

#[derive(Clone, Debug, SubTypes, Arbitrary)]
pub struct Slots {
    slots: Vec<u8>,
    cap: u8,
}

#[derive(Clone, Debug, PartialEq, SubTypes, Arbitrary)]
pub enum Mode {
    Read,
    Write,
    Admin,
}

#[derive(Clone, Debug, SubTypes, Arbitrary)]
pub struct Request {
    mode: Mode,
    level: u8,
}

#[derive(Clone, Debug, SubTypes, Arbitrary)]
pub struct Twins {
    a: u8,
    b: u8,
    flag: bool,
}

#[derive(Clone, Debug, SubTypes, Arbitrary)]
pub struct Server {
    port: u16,
    cert: String,
    up: bool,
}

#[derive(Clone, Debug, SubTypes, Arbitrary)]
pub struct Lamps {
    left: Option<u8>,
    right: Option<u8>,
}

fn rare(r: &Rare) -> bool {
    !r.on || r.n % 7 == 3
}

/// Passes only when the label looks like a product code: an uppercase letter, then a digit.
fn product_code(i: &Item) -> bool {
    let mut chars = i.label.chars();
    let code = matches!(
        (chars.next(), chars.next()),
        (Some(a), Some(d)) if a.is_ascii_uppercase() && d.is_ascii_digit()
    );
    i.qty == 0 || code
}

fn sum(s: &Sum) -> bool {
    i32::from(s.a) + i32::from(s.b) > 5
}

fn sparse(s: &Slots) -> Verdict {
    let increasing = s.slots.windows(2).all(|w| w[0] < w[1]);
    Verdict::implies(increasing, s.slots.len() < 2 || s.cap >= 3)
}

fn mode_with_level(r: &Request) -> bool {
    !((r.mode != Mode::Read && r.level == 0) || (r.mode == Mode::Admin && r.level < 5))
}

#[allow(clippy::ptr_arg)] // a property of `Vec<u8>` takes `&Vec<u8>`
fn long_tail(v: &Vec<u8>) -> bool {
    !(v.first() == Some(&1) && v.len() <= 11)
}

fn twins(t: &Twins) -> bool {
    t.a != t.b
}

fn differ(p: &(i8, i8)) -> bool {
    p.0 == p.1
}

fn ordered(p: &(char, char)) -> bool {
    p.0 >= p.1
}

/// Fails when `.1` exceeds `.0` by 2 or more: `x0 < x1` is false only at adjacent values.
fn two_apart(p: &(u8, u8)) -> bool {
    u16::from(p.1) < u16::from(p.0) + 2
}

/// Passes only for a non-empty string of digits.
fn digits(s: &(String, u8)) -> bool {
    !s.0.is_empty() && s.0.chars().all(|c| c.is_ascii_digit())
}

#[allow(clippy::ptr_arg)] // a property of `Vec<Vec<u8>>` takes `&Vec<Vec<u8>>`
fn nested(v: &Vec<Vec<u8>>) -> bool {
    v.iter().all(|inner| inner.len() < 2 || inner[0] != 0)
}

fn server(s: &Server) -> bool {
    s.up
}

/// Fails when both lamps have the same parity (`None` counts as even), unless both are off:
/// each may have any constructor while the other is on, never both off together.
fn lamps(l: &Lamps) -> bool {
    let parity = |o: &Option<u8>| o.map_or(0, |x| x % 2);
    parity(&l.left) != parity(&l.right) || (l.left.is_none() && l.right.is_none())
}

/// The paper's calculator without its precondition: the divisor's constructors.
fn unguarded_division(e: &Exp) -> bool {
    eval(e).is_some()
}

/// Every family, each chosen to tempt a false claim (or to check that a true one is made).
pub fn families() -> Vec<Family> {
    vec![
        ("rare value (n % 7 == 3 passes)", |s, n| audit(s, n, rare)),
        ("product-code label", |s, n| audit(s, n, product_code)),
        ("fields matter through their sum", |s, n| audit(s, n, sum)),
        ("sparse precondition (increasing)", |s, n| audit(s, n, sparse)),
        ("constructor with a field's value", |s, n| audit(s, n, mode_with_level)),
        ("tail beyond max_size", |s, n| audit(s, n, long_tail)),
        ("equal pair", |s, n| audit(s, n, twins)),
        ("fields that must differ", |s, n| audit(s, n, differ)),
        ("ordered chars", |s, n| audit(s, n, ordered)),
        ("numbers two apart", |s, n| audit(s, n, two_apart)),
        ("string shape (digits pass)", |s, n| audit(s, n, digits)),
        ("nested lists", |s, n| audit(s, n, nested)),
        ("unused leaves", |s, n| audit(s, n, server)),
        ("constructors true one at a time", |s, n| audit(s, n, lamps)),
        ("unguarded division", |s, n| audit(s, n, unguarded_division)),
        ("the paper's Div0 (prop_div)", |s, n| audit(s, n, prop_div)),
    ]
}

/// The table of every family over `seeds`, `samples` substitutions per reading.
pub fn table(seeds: std::ops::Range<u64>, samples: usize) -> Vec<(&'static str, Tally)> {
    families()
        .into_iter()
        .map(|(name, run)| {
            let mut tally = Tally::default();
            for seed in seeds.clone() {
                tally.add(run(seed, samples));
            }
            (name, tally)
        })
        .collect()
}

// ------------------------------------------------------------------------------------------
// The checker

/// Runs `prop` on one seed and checks every printed formula.
fn audit<T: SubTypes, R: PropertyResult>(seed: u64, samples: usize, prop: fn(&T) -> R) -> Tally {
    let args = Args { seed: Some(seed), persist: false, ..Args::default() };
    let report = smart_check(&args, prop);
    let mut tally = Tally::default();
    let mut gen = Gen::new(seed ^ 0x05EF_07E5, 0);
    for cex in report.counterexamples() {
        tally.add(audit_one(prop, cex, samples, &mut gen));
    }
    tally
}

/// Where each variable stands, and the pairs of variables under a side condition.
struct Claims {
    vars: Vec<Vec<Vec<u32>>>,
    conditions: Vec<(usize, &'static str, usize)>,
    constructors: Vec<Vec<u32>>,
    /// The constructors each constructor variable ranges over (empty: all of its type's).
    ranges: Vec<Vec<&'static str>>,
}

fn audit_one<T: SubTypes, R: PropertyResult>(
    prop: fn(&T) -> R,
    cex: &Counterexample<T>,
    samples: usize,
    gen: &mut Gen,
) -> Tally {
    let Some(g) = cex.generalization() else { return Tally::default() };
    let claims = Claims {
        vars: g.variables().iter().map(|v| v.paths.clone()).collect(),
        conditions: g.conditions().iter().map(|c| (c.left, c.relation.symbol(), c.right)).collect(),
        constructors: g.constructors().to_vec(),
        ranges: g.constructor_ranges().to_vec(),
    };
    let value = cex.value();
    let signature = cex.failure().signature();
    let same = |candidate: &T| match prop(candidate).into_outcome() {
        Outcome::Pass => false,
        Outcome::Discard => true,
        Outcome::Fail(f) => f.signature() == signature,
    };
    let mut tally = Tally {
        formulas: 1,
        claims: claims.vars.len() + claims.constructors.len(),
        ..Tally::default()
    };
    let all: Vec<usize> = (0..claims.vars.len()).collect();
    let mut refutation = refute(value, &claims, &all, samples, gen, &same);
    // A refuted joint reading counts every variable; else each is checked alone.
    let mut refuted_vars = if refutation.is_some() { claims.vars.len() } else { 0 };
    if refutation.is_none() {
        for k in 0..claims.vars.len() {
            if let Some(r) = refute(value, &claims, &[k], samples / 2, gen, &same) {
                refuted_vars += 1;
                refutation.get_or_insert(r);
            }
        }
    }
    let witnesses = unwitnessed(value, &claims, samples, gen, &same);
    if let Some(r) = &witnesses.1 {
        refutation.get_or_insert(r.clone());
    }
    tally.refuted = refuted_vars + witnesses.0;
    if let Some(r) = refutation {
        tally.refuted_formulas = 1;
        tally.example = Some(format!("{}\n  refuted by {r}", g.formula()));
    }
    let (missed, missed_path) = missed(value, &claims, samples / 2, gen, &same);
    tally.missed = missed;
    tally.missed_example =
        missed_path.map(|path| format!("{}\n  left alone at path {path:?}", g.formula()));
    tally.generalize_evaluations = cex.generalize_evaluations();
    tally
}

/// A substitution of the variables `which` (the others as in the counterexample) that meets
/// the side conditions and does not fail the same way, if one is found in `samples` tries.
fn refute<T: SubTypes>(
    value: &T,
    claims: &Claims,
    which: &[usize],
    samples: usize,
    gen: &mut Gen,
    same: &impl Fn(&T) -> bool,
) -> Option<String> {
    let root = NodeRef::Value(value.node());
    for _ in 0..samples {
        let mut candidate = value.clone();
        let mut drawn: Vec<Option<Box<dyn SubValue>>> = vec![None; claims.vars.len()];
        for &k in which {
            let Some(node) = at(root, &claims.vars[k][0]) else { continue };
            let fresh = draw(node, gen);
            for path in &claims.vars[k] {
                put(&mut candidate, path, fresh.clone());
            }
            drawn[k] = Some(fresh);
        }
        let text = |k: usize| match &drawn[k] {
            Some(v) => format!("{v:?}"),
            None => at(root, &claims.vars[k][0]).map(|n| format!("{n:?}")).unwrap_or_default(),
        };
        if !claims.conditions.iter().all(|&(l, op, r)| related(&text(l), op, &text(r))) {
            continue;
        }
        if !same(&candidate) {
            return Some(format!("{candidate:?}"));
        }
    }
    None
}

/// Whether the constructor variables' reading holds: under each of 4 random assignments of
/// the variables, every tuple of constructors of the constructor variables (all of them
/// together, as the formula reads) has a witness. How many constructor variables a missing
/// witness refutes (all of them), and one such case.
fn unwitnessed<T: SubTypes>(
    value: &T,
    claims: &Claims,
    samples: usize,
    gen: &mut Gen,
    same: &impl Fn(&T) -> bool,
) -> (usize, Option<String>) {
    let root = NodeRef::Value(value.node());
    let Some(nodes) = claims.constructors.iter().map(|p| at(root, p)).collect::<Option<Vec<_>>>()
    else {
        return (0, None);
    };
    if nodes.is_empty() {
        return (0, None);
    }
    let mut tuples: Vec<Vec<&str>> = vec![Vec::new()];
    for (node, range) in nodes.iter().zip(&claims.ranges) {
        let constructors = if range.is_empty() { node.constructors() } else { &range[..] };
        let next =
            tuples.iter().flat_map(|t| constructors.iter().map(move |c| [&t[..], &[*c]].concat()));
        tuples = next.collect();
    }
    for _ in 0..4 {
        let mut base = value.clone();
        for places in &claims.vars {
            if let Some(n) = at(root, &places[0]) {
                let fresh = draw(n, gen);
                places.iter().for_each(|p| put(&mut base, p, fresh.clone()));
            }
        }
        for tuple in &tuples {
            // The first try keeps the counterexample's own arguments where the tuple keeps its
            // constructor (they are a witness whenever the variables do not matter, as the
            // formula says); the others draw every argument.
            let witnessed = (0..samples).any(|i| {
                let mut candidate = base.clone();
                for ((node, path), &constructor) in
                    nodes.iter().zip(&claims.constructors).zip(tuple)
                {
                    let own =
                        (i == 0 && node.constructor() == constructor).then(|| node.to_value());
                    let fresh = own.or_else(|| {
                        (0..64)
                            .map(|_| draw(*node, gen))
                            .find(|v| v.as_node().constructor() == constructor)
                    });
                    match fresh {
                        Some(fresh) => put(&mut candidate, path, fresh),
                        None => return false,
                    }
                }
                same(&candidate)
            });
            if !witnessed {
                return (nodes.len(), Some(format!("no {tuple:?} witness in {base:?}")));
            }
        }
    }
    (0, None)
}

/// Outermost places not under a claim (sub-values and primitive leaves) that no substitution
/// refuted alone: how many, and the path to the first.
fn missed<T: SubTypes>(
    value: &T,
    claims: &Claims,
    samples: usize,
    gen: &mut Gen,
    same: &impl Fn(&T) -> bool,
) -> (usize, Option<Vec<u32>>) {
    let claimed: Vec<&Vec<u32>> =
        claims.vars.iter().flatten().chain(&claims.constructors).collect();
    let mut count = 0;
    let mut first = None;
    let mut stack: Vec<Vec<u32>> = vec![Vec::new()];
    let root = NodeRef::Value(value.node());
    while let Some(path) = stack.pop() {
        let Some(node) = at(root, &path) else { continue };
        if claimed.iter().any(|c| path.starts_with(c)) {
            continue;
        }
        let claim_below = claimed.iter().any(|c| c.starts_with(&path));
        let tried = !path.is_empty() && !claim_below && varies(node);
        if tried && holds_alone(value, &path, samples, gen, same) {
            count += 1;
            first.get_or_insert(path);
            continue;
        }
        if node.is_opaque() {
            continue;
        }
        for (slot, child) in node.children().into_iter().enumerate() {
            if !child.frozen {
                let mut next = path.clone();
                next.push(slot as u32);
                stack.push(next);
            }
        }
    }
    (count, first)
}

/// True for a node that has more than one value and may change: not frozen-opaque.
fn varies(node: NodeRef<'_>) -> bool {
    let leaf =
        node.type_node().from_leaf_rank(0).is_some() || node.type_name() == type_name::<String>();
    if node.is_opaque() {
        return leaf;
    }
    node.constructors().len() > 1 || !node.children().is_empty()
}

fn holds_alone<T: SubTypes>(
    value: &T,
    path: &[u32],
    samples: usize,
    gen: &mut Gen,
    same: &impl Fn(&T) -> bool,
) -> bool {
    let root = NodeRef::Value(value.node());
    let Some(node) = at(root, path) else { return false };
    (0..samples).all(|_| {
        let mut candidate = value.clone();
        put(&mut candidate, path, draw(node, gen));
        same(&candidate)
    })
}

/// A fresh value of `node`'s type: its generator at a random size up to 200 and a random
/// budget up to 40 constructors beyond its smallest; for an ordered leaf, a third of the time
/// one of its 64 simplest values.
fn draw(node: NodeRef<'_>, gen: &mut Gen) -> Box<dyn SubValue> {
    let ty = node.type_node();
    if gen.below(3) == 0 {
        if let Some(v) = ty.from_leaf_rank(gen.below(64)) {
            return v;
        }
    }
    let min = ty.min_size().unwrap_or(0);
    let size = gen.range(0, 200);
    let budget = gen.range(min, min + 40);
    gen.set_size(size);
    gen.with_budget(budget, |g| ty.generate(g))
}

/// The node at `path` under `root`.
fn at<'a>(root: NodeRef<'a>, path: &[u32]) -> Option<NodeRef<'a>> {
    let mut node = root;
    for &slot in path {
        node = node.children().get(slot as usize)?.node;
    }
    Some(node)
}

/// Puts `fresh` at `path` in `value`.
fn put<T: SubTypes>(value: &mut T, path: &[u32], fresh: Box<dyn SubValue>) {
    let mut node = NodeMutRef::Value(value.node_mut());
    for &slot in path {
        match node.child_mut(slot as usize) {
            Some(next) => node = next,
            None => return,
        }
    }
    let _ = node.assign(fresh);
}

/// `a op b` on two `Debug` texts: numbers and chars compare by value, anything by text.
fn related(a: &str, op: &str, b: &str) -> bool {
    let key = |s: &str| -> Option<i128> {
        s.parse::<i128>().ok().or_else(|| {
            let c = s.strip_prefix('\'')?.strip_suffix('\'')?;
            (c.chars().count() == 1).then(|| c.chars().next().map_or(0, |c| c as i128))
        })
    };
    match (op, key(a), key(b)) {
        ("!=", _, _) => a != b,
        ("<", Some(x), Some(y)) => x < y,
        ("<=", Some(x), Some(y)) => x <= y,
        _ => false,
    }
}

// ------------------------------------------------------------------------------------------

#[test]
fn no_printed_claim_is_refuted() {
    let rows = table(0..30, 200);
    let mut failures = Vec::new();
    for (name, tally) in &rows {
        if tally.refuted_formulas > 0 {
            failures.push(format!("{name}: {tally:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let claims: usize = rows.iter().map(|(_, t)| t.claims).sum();
    assert!(claims > 100, "the families make claims: {rows:?}");
}

/// The first formula of `prop` for each of 30 seeds is `expected`.
fn formula_is<T: SubTypes, R: PropertyResult>(prop: fn(&T) -> R, expected: &str) {
    for seed in 0..30 {
        let report = smart_check(&Args { seed: Some(seed), ..Args::default() }, prop);
        let g = report.counterexamples()[0].generalization().expect("generalized");
        assert_eq!(g.formula(), expected, "seed {seed}");
    }
}

#[test]
fn an_equal_pair_prints_a_repeated_variable() {
    formula_is(twins, "forall values x0 x1:\n  Twins { a: x1, b: x1, flag: x0 }");
}

#[test]
fn leaves_that_do_not_matter_print_as_variables() {
    formula_is(server, "forall values x0 x1:\n  Server { port: x0, cert: x1, up: false }");
}

#[test]
fn fields_that_must_differ_print_a_side_condition() {
    formula_is(differ, "forall values x0 x1 with x0 != x1:\n  (x0, x1)");
}
