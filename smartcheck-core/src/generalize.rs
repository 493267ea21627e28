//! Counterexample generalization (paper §5): which parts of a reduced counterexample do not
//! matter. Universal sub-value generalization (§5.1, `extrapolate`, in `universal`) and
//! existential constructor generalization (§5.2, `sumTest`, in `existential`) produce a
//! [`Generalization`], printed as a `forall` formula (`formula`).
//!
//! Beyond the paper, every printed claim rests on evidence (issue 10):
//! - a universal claim needs `min_forall` replacements that meet the precondition and fail
//!   the same way, none passing and none failing another way, out of `max_forall` tries drawn
//!   small-first, then at growing sizes beyond `max_size`, then near the counterexample's own
//!   values (`sample`); the first refutation ends the check;
//! - each new claim is checked with every variable claimed before it varying too, so the
//!   formula's joint reading is what was checked last (the largest jointly true set that the
//!   breadth-first order finds); the evidence of that last check is printed with the formula;
//! - primitive leaves (numbers, chars, strings) may be variables; `#[smartcheck(opaque)]`
//!   values never change;
//! - equal same-typed sub-values may be one repeated variable (`Pair(x0, x0)`), and two
//!   same-typed leaves may be related by a side condition (`with x0 != x1`), as may two tags
//!   (fieldless variants) or two other same-typed sub-values by `!=` (`relation`, as
//!   Extrapolate states them); related tags and sub-values are no variables of their own
//!   (not in [`Generalization::universal`]);
//! - constructor variables are witnessed under several random assignments of the universal
//!   variables, and together: every tuple of their constructors has a witness;
//! - a sub-value above a variable, and the root, may take other constructors of its type
//!   with its arguments kept, each checked as a universal claim with every variable drawn
//!   (`interchange`: `k0(Lit(x1), In)` with `forall constructors k0 in {Add, Sub}`); after
//!   the constructor variables, so may a sub-value with nothing claimed in or above it, its
//!   witnesses kept (`(c0(..), k0(4294967295))`);
//! - a variable whose replacements the precondition ever rejected is said to range over values
//!   that satisfy the precondition (a replacement outside its type's `range` or `invariant`
//!   is no value of the type: neither evidence nor a rejection).
//!
//! Invariant: places are indexes of the counterexample in generalization's numbering
//! ([`Bfs::with_leaves`]); the counterexample is never changed, only copies of it with
//! replaced sub-values are run. Every run goes through the caller's [`Tester`], so it is
//! counted, and all randomness comes from the caller's [`Gen`], so a seed gives the same
//! generalization every time. The public indexes ([`Generalization::universal`],
//! [`Generalization::existential`]) are in reduction's numbering.
//!
//! Cost: `min_forall` evaluations per claim that meets no rejection, at most `max_forall` per
//! indexed sub-value or leaf (a refutation stops at once), `max_exists` per constructor (and
//! tuple of earlier constructor variables) per assignment for a constructor variable
//! candidate, and as much as a claim per relation tried (at most 2 · 16 of them); each
//! evaluation copies the counterexample once. Like
//! reduction, generalization stops trying new sub-values after `max_reduce_evaluations`
//! evaluations (what it claimed so far stands; a note says so).

mod existential;
mod formula;
mod interchange;
mod permute;
mod relation;
mod sample;
mod universal;

use std::cmp::Ordering;
use std::collections::HashMap;
use std::fmt;
use std::hash::BuildHasherDefault;

use smallvec::SmallVec;

use crate::args::Args;
use crate::gen::Gen;
use crate::index::Bfs;
use crate::property::{Failure, Outcome};
use crate::reduce::tree::node_at;
use crate::reduce::{generate_below, order, FastHasher};
use crate::root::{node_of, Root};
use crate::std_impls::is_keyed;
use crate::subtypes::{NodeMutRef, NodeRef, Shape, SubValue};
use crate::tester::Tester;

pub use relation::Relation;
use sample::Sampler;

/// What generalization found about one reduced counterexample.
///
/// ```
/// use smartcheck_core::{generalize, Args};
/// let args = Args { seed: Some(1), ..Args::default() };
/// // Fails whenever the first field is `Some`: the second does not matter, nor the number.
/// let prop = |p: &(Option<u8>, Vec<u8>)| p.0.is_none();
/// let g = generalize(&args, prop, &(Some(0), vec![])).unwrap();
/// assert_eq!(g.formula(), "forall values x0 x1:\n  (Some(x1), x0)");
/// assert_eq!(g.universal(), [2]);
/// assert_eq!(g.variables()[1].paths, [vec![0, 0]]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Generalization {
    /// Reduction's breadth-first indexes of the sub-values that are a variable of their own.
    pub(crate) universal: Vec<usize>,
    /// Reduction's breadth-first indexes of sub-values that may have any constructor (or
    /// those of `ranges`), `c0` first.
    pub(crate) existential: Vec<usize>,
    /// Every variable of the formula, `x0` first.
    pub(crate) variables: Vec<Variable>,
    /// Where each constructor variable stands, `c0` first.
    pub(crate) constructors: Vec<Vec<u32>>,
    /// The constructors each constructor variable ranges over, `c0` first: empty for all of
    /// its type's.
    pub(crate) ranges: Vec<Vec<&'static str>>,
    /// The places whose constructor may be any of some, their arguments kept, `k0` first.
    pub(crate) interchangeable: Vec<Interchangeable>,
    /// The fields of one type that may come in any order.
    pub(crate) any_order: Vec<AnyOrder>,
    /// Side conditions between variables.
    pub(crate) conditions: Vec<Condition>,
    /// Each pair of tags or sub-values that the formula relates, whichever they are. Not in
    /// `universal`: neither is a variable on its own.
    pub(crate) related_tags: Vec<RelatedTags>,
    /// The evidence of the joint check of all the variables.
    pub(crate) evidence: Option<Evidence>,
    /// The formula, rendered.
    pub(crate) formula: String,
    /// Caveats on the claim (precondition needed, budget spent).
    pub(crate) notes: Vec<String>,
}

/// Two tags (fieldless variants) or other sub-values (not primitive leaves) that a formula
/// relates: one repeated variable (a variable in more than two places gives one pair per
/// place after the first) or a side condition (`!=`, or `<` and `<=` between tags).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RelatedTags {
    /// The side condition the first holds to the second; `None` for equal ones (one
    /// repeated variable).
    pub(crate) relation: Option<Relation>,
    /// Reduction's breadth-first index and the child-slot path of each tag.
    pub(crate) tags: [(usize, Vec<u32>); 2],
}

/// A variable of a generalization's formula.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variable {
    /// Its name: `x0`, `x1`, ...
    pub name: String,
    /// Where it stands in the counterexample: the child slots from the root to each place
    /// (two places for a repeated variable, `Pair(x0, x0)`).
    pub paths: Vec<Vec<u32>>,
    /// True when the precondition rejected some of its replacements: it ranges over values
    /// that satisfy the precondition.
    pub needs_precondition: bool,
}

/// A constructor variable that keeps its arguments (`k0` in `k0(Lit(x1), In)`, with
/// `forall constructors k0 in {Add, Sub}`): every instance of the formula with any of
/// `constructors` at `path`, the arguments as the formula shows them, fails.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Interchangeable {
    /// Its name: `k0`, `k1`, ...
    pub name: String,
    /// Where it stands in the counterexample: the child slots from the root.
    pub path: Vec<u32>,
    /// The constructors it ranges over, in declaration order, the counterexample's own
    /// among them.
    pub constructors: Vec<&'static str>,
    /// Reduction's breadth-first index of the place.
    pub(crate) index: usize,
}

/// Fields of one type of a tuple or struct that the formula holds in any order (`forall orders
/// of the tuple's fields`): every instance of the formula with those fields in another order
/// fails too.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnyOrder {
    /// Where the tuple or struct stands in the counterexample: the child slots from the root.
    pub path: Vec<u32>,
    /// The child slots of its fields that may come in any order, in order.
    pub slots: Vec<u32>,
    /// Reduction's breadth-first index of the place.
    pub(crate) index: usize,
}

/// A side condition of a formula: `variables[left] relation variables[right]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Condition {
    /// The left variable's position in [`Generalization::variables`].
    pub left: usize,
    /// How the two compare.
    pub relation: Relation,
    /// The right variable's position in [`Generalization::variables`].
    pub right: usize,
}

/// How much a claim was tested: the check that ended without a refutation. Read it, do not
/// build it: fields may be added (`distinct` was).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Evidence {
    /// Replacements run, none of which passed or failed another way.
    pub tried: usize,
    /// Of those, how many met the precondition (and so failed the same way).
    pub met: usize,
    /// Of those, how many were distinct instances of the formula (a small type, a range of
    /// few values or a type's invariant leaves few to draw, and draws repeat).
    pub distinct: usize,
    /// True when the replacements were every instance of the formula, not a sample: each
    /// variable is a place of few known values (a `bool`, an integer in a small `range`, or
    /// an `Option` field of one)
    /// and all their combinations were run.
    pub every: bool,
}

impl Evidence {
    /// Adds `other`'s counts to these: the evidence of checks joined into one claim, every
    /// instance only when each check ran every instance of its own.
    pub(crate) fn add(&mut self, other: Evidence) {
        self.every = (self.tried == 0 || self.every) && other.every;
        self.tried += other.tried;
        self.met += other.met;
        self.distinct += other.distinct;
    }
}

impl fmt::Display for Evidence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let all = if self.every { "all " } else { "" };
        write!(f, "no pass in {all}{} values; {} met the precondition", self.tried, self.met)?;
        if self.distinct < self.met {
            write!(f, ", {} of them distinct", self.distinct)?;
        }
        Ok(())
    }
}

impl Generalization {
    /// True when anything was generalized.
    pub fn is_general(&self) -> bool {
        !self.variables.is_empty()
            || !self.existential.is_empty()
            || !self.interchangeable.is_empty()
            || !self.any_order.is_empty()
    }

    /// Reduction's breadth-first indexes of the sub-values that are each a variable of their
    /// own, in order: the first is `x0`, the next `x1`, and so on. Primitive leaves, repeated
    /// and related variables are named after them (see [`variables`](Self::variables)).
    pub fn universal(&self) -> &[usize] {
        &self.universal
    }

    /// Reduction's breadth-first indexes of sub-values generalized over their constructors, in
    /// order: the first is `c0`, the next `c1`, and so on.
    pub fn existential(&self) -> &[usize] {
        &self.existential
    }

    /// Every variable of the formula in name order, with where it stands.
    pub fn variables(&self) -> &[Variable] {
        &self.variables
    }

    /// Where each constructor variable stands (child slots from the root), `c0` first.
    pub fn constructors(&self) -> &[Vec<u32>] {
        &self.constructors
    }

    /// The constructors each constructor variable ranges over, `c0` first: empty where it
    /// ranges over all of its type's (`c0`), their names where only some had a witness
    /// (`c0 in {Name, DotDot}`).
    pub fn constructor_ranges(&self) -> &[Vec<&'static str>] {
        &self.ranges
    }

    /// The constructor variables that keep their arguments (`k0(Lit(x1), In)` with
    /// `forall constructors k0 in {Add, Sub}`), `k0` first.
    pub fn interchangeable(&self) -> &[Interchangeable] {
        &self.interchangeable
    }

    /// The fields of one type that the formula holds in any order (`forall orders of the
    /// tuple's fields`), outermost first.
    pub fn any_order(&self) -> &[AnyOrder] {
        &self.any_order
    }

    /// Side conditions between variables (`with x0 != x1`).
    pub fn conditions(&self) -> &[Condition] {
        &self.conditions
    }

    /// The evidence of the joint check of every variable, when there is a variable.
    pub fn evidence(&self) -> Option<Evidence> {
        self.evidence
    }

    /// The formula as printed: `forall values x0:\n  Div(x0, Add(C(-5), C(5)))`. When nothing
    /// was generalized, the counterexample alone.
    pub fn formula(&self) -> &str {
        &self.formula
    }

    /// Caveats on the claim: variables that range only over values meeting the precondition,
    /// a budget that ran out.
    pub fn notes(&self) -> &[String] {
        &self.notes
    }
}

impl fmt::Display for Generalization {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.formula)?;
        if let Some(evidence) = self.evidence {
            write!(f, "\n({evidence})")?;
        }
        for note in &self.notes {
            write!(f, "\n({note})")?;
        }
        Ok(())
    }
}

/// The note that the variables standing as keys of a map or a set beside other entries (or a
/// rest that is a variable) range over keys unlike those entries' (`forall values x0: {1: [0,
/// 0, x0], x0: [0]}`: `x0` is
/// never 1, whose instance would be a map of one entry, no instance of the formula, and
/// which was never run); `None` when no variable is such a key. Without it, a reader
/// substituting 1 for `x0` would read a claim the check never made.
fn key_note(subject: &Subject<'_>, vars: &[Var]) -> Option<String> {
    // A key is its cell's first child; the map has another entry when the cell is a rest of
    // an earlier one or its own rest holds one.
    let key_beside_others = |place: usize| {
        let Some((cell, 0)) = subject.bfs.parent_slot(place) else { return false };
        let node = subject.node(cell);
        if !crate::std_impls::is_keyed(node) {
            return false;
        }
        // The rest after it holds an entry, or is a variable (any entries).
        let last = node.children().len().saturating_sub(1);
        let rest_is_var = vars
            .iter()
            .flat_map(|v| &v.places)
            .any(|&p| subject.bfs.parent_slot(p) == Some((cell, last as u32)));
        let after = rest_is_var
            || node.children().last().is_some_and(|rest| !rest.node.children().is_empty());
        // The cell is the rest of an earlier one: its parent's last child, of the same map.
        let before = subject.bfs.parent_slot(cell).is_some_and(|(up, slot)| {
            let up = subject.node(up);
            crate::std_impls::is_keyed(up)
                && slot as usize + 1 == up.children().len()
                && up.value_type() == node.value_type()
        });
        after || before
    };
    let keys: Vec<String> = (vars.iter().enumerate())
        .filter(|(_, v)| v.places.iter().any(|&p| key_beside_others(p)))
        .map(|(k, _)| format!("x{k}"))
        .collect();
    match keys.len() {
        0 => None,
        1 => Some(format!("{} is a key: any but its map's or set's other keys", keys[0])),
        _ => Some(format!("{} are keys: any but their map's or set's other keys", keys.join(", "))),
    }
}

/// Generalizes a reduced counterexample per `args`: universal (§5.1), relations, then
/// existential (§5.2). `None` when both phases are turned off.
pub(crate) fn generalize_reduced(
    args: &Args,
    tester: &mut Tester<'_>,
    gen: &mut Gen,
    value: &dyn SubValue,
    failure: &Failure,
) -> Option<Generalization> {
    if !args.run_forall && !args.run_exists {
        return None;
    }
    let budget_end = tester.evaluations.saturating_add(args.max_reduce_evaluations);
    let subject = Subject::new(value, budget_end);
    let mut probe = Probe { tester, failure };
    let samplers = HashMap::default();
    let fixed = Vec::new();
    let mut ctx = Ctx { args, gen, subject: &subject, run: &mut probe, samplers, fixed };
    let mut scheme = Scheme::default();
    let mut stopped = None;
    if args.run_forall {
        stopped = universal::extrapolate(&mut ctx, &mut scheme);
        if stopped.is_none() {
            stopped = relation::relate(&mut ctx, &mut scheme);
        }
    }
    let (mut kept, mut existential) = (None, Vec::new());
    if args.run_forall && stopped.is_none() {
        let found;
        (found, stopped) = interchange::interchange(&mut ctx, &mut scheme);
        kept = Some(found);
    }
    if args.run_exists && stopped.is_none() {
        let places: Vec<usize> = kept.iter().flat_map(|k| &k.found).map(|k| k.place).collect();
        (existential, stopped) = existential::sum_test(&mut ctx, &scheme, &places);
    }
    if let Some(kept) = kept.as_mut().filter(|_| stopped.is_none()) {
        stopped = interchange::interchange_rest(&mut ctx, &mut scheme, kept, &existential);
    }
    let mut orders = Vec::new();
    if let Some(kept) = kept.as_ref().filter(|_| stopped.is_none()) {
        (orders, stopped) = permute::permute(&mut ctx, &mut scheme, kept, &existential);
    }
    let kept = kept.map(|k| k.found).unwrap_or_default();
    Some(finish(args, &subject, scheme, (&kept, &orders), &existential, stopped))
}

/// The generalization of `subject` from what the phases found.
fn finish(
    args: &Args,
    subject: &Subject<'_>,
    scheme: Scheme,
    (kept, orders): (&[interchange::Interchange], &[permute::Permutable]),
    existential: &[existential::Claimed],
    stopped: Option<usize>,
) -> Generalization {
    let scheme = scheme.in_name_order(subject);
    let paths = |places: &[usize]| places.iter().map(|&p| subject.bfs.path(p)).collect();
    let variables: Vec<Variable> = scheme
        .vars
        .iter()
        .enumerate()
        .map(|(k, v)| Variable {
            name: format!("x{k}"),
            paths: paths(&v.places),
            needs_precondition: v.discarded > 0,
        })
        .collect();
    let universal = scheme
        .vars
        .iter()
        .enumerate()
        .filter(|&(k, _)| !scheme.in_condition(k))
        .filter_map(|(_, v)| match v.places[..] {
            [p] => subject.structural[p],
            _ => None,
        })
        .collect();
    // Related sub-values, tags among them, match in a class as the relation says.
    let tag = |p: usize| match !subject.is_leaf(p) {
        true => subject.structural[p].map(|i| (i, subject.bfs.path(p))),
        false => None,
    };
    let one_tag = |k: usize| match scheme.vars[k].places[..] {
        [p] => tag(p),
        _ => None,
    };
    let unequal = scheme.conditions.iter().filter_map(|c| {
        Some(RelatedTags {
            relation: Some(c.relation),
            tags: [one_tag(c.left)?, one_tag(c.right)?],
        })
    });
    // A variable in several places: each place's tag equal to the first's.
    let repeated = scheme.vars.iter().flat_map(|v| {
        let first = v.places.first().copied();
        v.places.iter().skip(1).filter_map(move |&b| {
            Some(RelatedTags { relation: None, tags: [tag(first?)?, tag(b)?] })
        })
    });
    let related_tags = repeated.chain(unequal).collect();
    let mut notes = Vec::new();
    notes.extend(universal::precondition_note(&scheme.vars));
    notes.extend(key_note(subject, &scheme.vars));
    match stopped {
        Some(place) if crate::fork::overruns_spent() => notes.push(format!(
            "generalization stopped at sub-value {place} of {}: evaluations ran past the time \
             limit",
            subject.len()
        )),
        Some(place) => notes.push(format!(
            "generalization spent its budget of {} evaluations (max_reduce_evaluations) and \
             stopped at sub-value {place} of {}",
            args.max_reduce_evaluations,
            subject.len()
        )),
        None => {}
    }
    let any_order: Vec<AnyOrder> = orders
        .iter()
        .filter_map(|o| {
            Some(AnyOrder {
                path: subject.bfs.path(o.place),
                slots: o.slots.clone(),
                index: subject.structural[o.place]?,
            })
        })
        .collect();
    let quantifiers: Vec<String> =
        orders.iter().map(|o| formula::any_order(subject.node(o.place), &o.slots)).collect();
    let formula =
        formula::formula(subject.value, &scheme, (kept, &quantifiers), existential, args.format);
    let interchangeable = kept
        .iter()
        .enumerate()
        .filter_map(|(k, i)| {
            Some(Interchangeable {
                name: format!("k{k}"),
                path: subject.bfs.path(i.place),
                constructors: i.constructors.clone(),
                index: subject.structural[i.place]?,
            })
        })
        .collect();
    // Constructor variables stand on sub-values, never on primitive leaves: each has an
    // index in reduction's numbering, and the three lists below stay aligned.
    let claims: Vec<(usize, &existential::Claimed)> =
        existential.iter().filter_map(|c| Some((subject.structural[c.place]?, c))).collect();
    let places: Vec<usize> = claims.iter().map(|(_, c)| c.place).collect();
    Generalization {
        universal,
        existential: claims.iter().map(|&(index, _)| index).collect(),
        variables,
        constructors: paths(&places),
        ranges: claims.iter().map(|(_, c)| c.only.clone()).collect(),
        interchangeable,
        any_order,
        conditions: scheme.conditions.clone(),
        related_tags,
        evidence: scheme.evidence.filter(|_| !scheme.vars.is_empty()),
        formula,
        notes,
    }
}

/// One variable while generalizing: its places (one, or two for a repeated variable) and how
/// many of the trials that varied it the precondition rejected.
#[derive(Clone, Debug)]
struct Var {
    places: Vec<usize>,
    discarded: usize,
}

/// The claims so far: variables in the order claimed, conditions between them (positions in
/// `vars`), and the evidence of the last (joint) check.
#[derive(Clone, Debug, Default)]
struct Scheme {
    vars: Vec<Var>,
    conditions: Vec<Condition>,
    evidence: Option<Evidence>,
}

impl Scheme {
    /// Every place of every variable.
    fn places(&self) -> Vec<usize> {
        self.vars.iter().flat_map(|v| v.places.iter().copied()).collect()
    }

    /// True when variable `k` is one side of a side condition.
    fn in_condition(&self, k: usize) -> bool {
        self.conditions.iter().any(|c| c.left == k || c.right == k)
    }

    /// The variables in name order: sub-values of their own first (so that `x0, x1, ...` are
    /// [`Generalization::universal`] in order, as in the paper), then primitive leaves, both
    /// in breadth-first order, then repeated variables and related tags in the order found.
    fn in_name_order(self, subject: &Subject<'_>) -> Scheme {
        let key = |&k: &usize| match self.vars[k].places[..] {
            [p] if subject.structural[p].is_some() && !self.in_condition(k) => (0, p),
            [p] if subject.structural[p].is_none() => (1, p),
            _ => (2, k),
        };
        let mut order: Vec<usize> = (0..self.vars.len()).collect();
        order.sort_by_key(key);
        self.selected(&order)
    }

    /// The variables at positions `order` (old positions, in their new order) and the
    /// conditions between them, renumbered. Conditions on a variable left out must not exist.
    fn selected(&self, order: &[usize]) -> Scheme {
        let mut rank = vec![usize::MAX; self.vars.len()];
        for (new, &old) in order.iter().enumerate() {
            rank[old] = new;
        }
        let vars = order.iter().map(|&old| self.vars[old].clone()).collect();
        let conditions = self
            .conditions
            .iter()
            .map(|c| Condition { left: rank[c.left], right: rank[c.right], ..*c })
            .collect();
        Scheme { vars, conditions, evidence: self.evidence }
    }
}

/// What one run of a candidate said, relative to the counterexample's failure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Trial {
    /// The property held: the replacement is not a counterexample.
    Pass,
    /// The precondition rejected the candidate.
    Discard,
    /// The candidate is no value of its type (a node outside its `range` or `invariant`):
    /// not run, and no evidence either way.
    Invalid,
    /// The candidate fails the same way as the counterexample.
    Same,
    /// The candidate fails another way (another panic location, `Err` variant, ...).
    Other,
}

/// Runs candidates against the property itself (strengthening's exclusion aside), so that
/// the phases need not know the property's types.
trait Runner {
    /// Runs `candidate` and compares its outcome with the counterexample's failure.
    fn trial(&mut self, candidate: &dyn SubValue) -> Trial;
    /// Property evaluations so far.
    fn evaluations(&self) -> usize;
}

struct Probe<'a, 't> {
    tester: &'a mut Tester<'t>,
    /// The counterexample's failure: a candidate must fail with its signature.
    failure: &'a Failure,
}

impl Runner for Probe<'_, '_> {
    fn trial(&mut self, candidate: &dyn SubValue) -> Trial {
        match self.tester.run_property(candidate) {
            None => Trial::Invalid,
            Some(Outcome::Pass) => Trial::Pass,
            Some(Outcome::Discard) => Trial::Discard,
            Some(Outcome::Fail(f)) if f.same_signature(self.failure) => Trial::Same,
            Some(Outcome::Fail(_)) => Trial::Other,
        }
    }

    fn evaluations(&self) -> usize {
        self.tester.evaluations
    }
}

/// What every phase works with: the arguments, the randomness, the counterexample, the
/// property, and the replacements drawn for each place so far.
struct Ctx<'c, 'v> {
    args: &'c Args,
    gen: &'c mut Gen,
    subject: &'c Subject<'v>,
    run: &'c mut dyn Runner,
    samplers: HashMap<usize, Sampler, BuildHasherDefault<FastHasher>>,
    /// Replacements put in place before those of every trial (`interchange`'s constructors
    /// under check); empty otherwise.
    fixed: Vec<(usize, Box<dyn SubValue>)>,
}

impl Ctx<'_, '_> {
    /// True when the evaluation budget is spent, or the run's overruns of its time limit
    /// (fork mode): no new sub-value is tried.
    fn spent(&self) -> bool {
        self.run.evaluations() >= self.subject.budget_end || crate::fork::overruns_spent()
    }

    /// Every value `place` can take, the counterexample's own first, when they are known and
    /// few (`Sampler::domain`).
    fn domain(&mut self, place: usize) -> Option<Vec<Box<dyn SubValue>>> {
        let subject = self.subject;
        self.sampler(place).0.domain(subject)
    }

    /// The sampler of `place`, made the first time it is asked for, and the generator.
    fn sampler(&mut self, place: usize) -> (&Sampler, &mut Gen) {
        let (subject, gen, args) = (self.subject, &mut *self.gen, self.args);
        let sampler =
            self.samplers.entry(place).or_insert_with(|| Sampler::new(subject, place, gen, args));
        (sampler, gen)
    }

    /// The `k`-th of `n` scheduled replacements of `place` (small, random, near).
    fn nth(&mut self, place: usize, k: usize, n: usize) -> Option<Box<dyn SubValue>> {
        let (subject, args) = (self.subject, self.args);
        let (sampler, gen) = self.sampler(place);
        sampler.nth(subject, k, n, gen, args)
    }

    /// True when the `k`-th of `n` scheduled replacements of `place` is a small, edge or
    /// near one (`Sampler::targeted`).
    fn targeted(&mut self, place: usize, k: usize, n: usize) -> bool {
        self.sampler(place).0.targeted(k, n)
    }

    /// True with probability `k / n`.
    fn coin(&mut self, k: usize, n: usize) -> bool {
        (self.gen.below(n as u64) as usize) < k
    }

    /// A replacement of `place` drawn from the whole schedule at random.
    fn any(&mut self, place: usize) -> Option<Box<dyn SubValue>> {
        let (subject, args) = (self.subject, self.args);
        let (sampler, gen) = self.sampler(place);
        sampler.any(subject, gen, args)
    }

    /// A replacement of `place` among its type's `few` simplest values when it is ranked (an
    /// integer, a char: the first of the schedule's small values), else a random one
    /// (`Sampler::any`): a dense joint try's.
    fn dense(&mut self, place: usize, few: usize, n: usize) -> Option<Box<dyn SubValue>> {
        if self.subject.node(place).type_node().leaf_rank().is_none() {
            return self.any(place);
        }
        let k = self.gen.below(few as u64) as usize;
        self.nth(place, k, n)
    }

    /// A replacement of `place` among its edge values when it is an integer (`Sampler::edge`:
    /// its type's or range's ends, half way between them, 0), else as [`Ctx::dense`]: an edge
    /// try's.
    fn edge(&mut self, place: usize, few: usize, n: usize) -> Option<Box<dyn SubValue>> {
        let drawn = {
            let subject = self.subject;
            let (sampler, gen) = self.sampler(place);
            sampler.edge(subject, gen)
        };
        match drawn {
            Some(value) => Some(value),
            None => self.dense(place, few, n),
        }
    }

    /// Every edge value of `place` when it is an integer (`Sampler::edge`), else none.
    fn edges(&mut self, place: usize) -> Vec<Box<dyn SubValue>> {
        self.sampler(place).0.edges().to_vec()
    }

    /// A random replacement of `place` far from the counterexample's own (`Sampler::far`).
    fn far(&mut self, place: usize) -> Option<Box<dyn SubValue>> {
        let (subject, args) = (self.subject, self.args);
        let (sampler, gen) = self.sampler(place);
        sampler.far(subject, gen, args)
    }

    /// Runs the counterexample with each `(place, value)` put in place; `Invalid`, not run,
    /// when a place no longer names the counterexample's sub-value by the time its value
    /// goes in (a map's entries moved: `Subject::with`).
    fn trial(&mut self, mut replacements: Vec<(usize, Box<dyn SubValue>)>) -> Option<Trial> {
        // Past the run's overruns of its time limit (fork mode), a check ends unclaimed.
        if crate::fork::overruns_spent() {
            return None;
        }
        if !self.fixed.is_empty() {
            let mut all = self.fixed.clone();
            all.append(&mut replacements);
            replacements = all;
        }
        match self.subject.with(replacements)? {
            Some(candidate) => Some(self.run.trial(&*candidate)),
            None => Some(Trial::Invalid),
        }
    }
}

/// The counterexample being generalized, walked once in generalization's numbering: its
/// sub-values and primitive leaves, the way to each, and each one's index in reduction's
/// numbering.
struct Subject<'v> {
    value: &'v dyn SubValue,
    /// The finished walk: the path to and the parent of every place.
    bfs: Bfs<'v>,
    /// The node at each place.
    nodes: Vec<NodeRef<'v>>,
    /// Reduction's breadth-first index of each place; `None` for a primitive leaf.
    structural: Vec<Option<usize>>,
    /// The tester's evaluation count at which generalization stops trying new sub-values.
    budget_end: usize,
    /// True when the counterexample holds a map or a set, whose entries a replacement may
    /// move (`Subject::with`).
    keyed: bool,
    /// The path to each place as runs of one child slot (`(slot, count)`): O(nesting) long,
    /// where the path slot by slot to a list's element is as long as its index.
    runs: Vec<SmallVec<[(u32, u32); 4]>>,
}

impl<'v> Subject<'v> {
    fn new(value: &'v dyn SubValue, budget_end: usize) -> Self {
        let mut bfs = Bfs::with_leaves(NodeRef::Value(node_of(value)));
        let nodes: Vec<NodeRef<'v>> = bfs.by_ref().map(|v| v.node).collect();
        // Reduction's walk is this one without the leaves, in the same order.
        let mut next = 0;
        let structural = nodes
            .iter()
            .enumerate()
            .map(|(place, node)| {
                (place == 0 || !node.is_opaque()).then(|| {
                    next += 1;
                    next - 1
                })
            })
            .collect();
        let keyed = nodes.iter().any(|&node| is_keyed(node));
        // Breadth-first: a parent's runs are made before its children's.
        let mut runs: Vec<SmallVec<[(u32, u32); 4]>> = Vec::with_capacity(nodes.len());
        for place in 0..nodes.len() {
            let Some((parent, slot)) = bfs.parent_slot(place) else {
                runs.push(SmallVec::new());
                continue;
            };
            let mut own = runs[parent].clone();
            match own.last_mut() {
                Some((last, count)) if *last == slot => *count += 1,
                _ => own.push((slot, 1)),
            }
            runs.push(own);
        }
        Subject { value, bfs, nodes, structural, budget_end, keyed, runs }
    }

    /// The number of places (place 0 is the whole value).
    fn len(&self) -> usize {
        self.nodes.len()
    }

    fn node(&self, place: usize) -> NodeRef<'v> {
        self.nodes[place]
    }

    /// True for a primitive leaf (a number, char, string, ...).
    fn is_leaf(&self, place: usize) -> bool {
        self.structural[place].is_none()
    }

    /// Which places have one of `marked` strictly below them, in one pass from the last
    /// place up (a child's place is larger than its parent's).
    fn above(&self, marked: &[usize]) -> Vec<bool> {
        let mut above = vec![false; self.len()];
        let mut is_marked = vec![false; self.len()];
        for &m in marked {
            is_marked[m] = true;
        }
        for place in (1..self.len()).rev() {
            if let Some(parent) = self.bfs.parent(place) {
                above[parent] |= above[place] || is_marked[place];
            }
        }
        above
    }

    /// Which places are one of `marked` or lie under one, in one pass down.
    fn covered(&self, marked: &[usize]) -> Vec<bool> {
        let mut covered = vec![false; self.len()];
        for &m in marked {
            covered[m] = true;
        }
        for place in 1..self.len() {
            if let Some(parent) = self.bfs.parent(place) {
                covered[place] |= covered[parent];
            }
        }
        covered
    }

    /// A sub-value with nothing below it whose type has one constructor has a single value
    /// (`()`, a unit struct): there is nothing to generalize. Primitive leaves have many.
    fn is_trivial(&self, place: usize) -> bool {
        let node = self.node(place);
        !self.is_leaf(place) && node.constructors().len() < 2 && node.children().is_empty()
    }

    /// A fresh value of the type at `place` (the paper's `newVals (scMaxSize args)`): a
    /// constructor budget of at most `max_size` (or the type's smallest size, if larger),
    /// numbers and lengths scaled by the QuickCheck size `size`.
    fn fresh(
        &self,
        place: usize,
        gen: &mut Gen,
        args: &Args,
        size: usize,
    ) -> Option<Box<dyn SubValue>> {
        let node = self.node(place);
        let min = node.type_node().min_size()?;
        generate_below(node, args.max_size.max(min) + 1, gen, size)
    }

    /// The counterexample with each `(place, value)` put in place: `Some(None)` when a place
    /// no longer names the sub-value it named in the counterexample by the time its value
    /// goes in, `None` when a value could not be put in place. The places must not lie under
    /// one another; paths, unlike breadth-first indexes, stay valid as siblings change,
    /// except in a map or a set, whose entries are kept in order: a key replaced is a remove
    /// and an insert, and a tail replaced merges entries that may sort before the cell's own.
    /// So the lists' tails go in last, deepest first, and each value after the first that
    /// changes anything goes in only where the counterexample's own sub-value still is. A
    /// replacement that lands where another one moved an entry (the rest of `{C: 0}` drawn
    /// as `{A: 0}` and merged in, then the key put on what had become `A`'s entry) makes no
    /// instance of the formula, and so no evidence for it; nor does a candidate that comes
    /// out as the counterexample itself (a rest whose keys are all written out): `Some(None)`.
    fn with(&self, mut replacements: Vec<(usize, Box<dyn SubValue>)>) -> Option<Option<Root>> {
        let tail_depth = |place: usize| match self.is_tail(place) {
            true => usize::MAX - self.bfs.slots_up(place).count(),
            false => 0,
        };
        // Outside maps and sets no entry moves: the values go in as they come.
        let several = self.keyed && replacements.len() > 1;
        if several {
            replacements.sort_by_key(|&(place, _)| (tail_depth(place), place));
        }
        let mut candidate = Root::from_boxed(self.value.to_value());
        let mut changed = false;
        for (place, value) in replacements {
            let own = self.nodes[place];
            if several && order::compare(value.as_node(), own) == Ordering::Equal {
                continue;
            }
            if several && changed {
                let mut path: SmallVec<[u32; 16]> = self.bfs.slots_up(place).collect();
                path.reverse();
                let there = node_at(NodeRef::Value(candidate.node()), &path);
                if there.is_none_or(|at| order::compare(at, own) != Ordering::Equal) {
                    return Some(None);
                }
            }
            let root = NodeMutRef::Value(candidate.node_mut());
            root.assign_along_runs(&self.runs[place], value).ok()?;
            changed = true;
        }
        // In a map, a rest whose keys are all written out merges into nothing: the candidate
        // is the counterexample again, which says nothing of the values drawn.
        let root = NodeRef::Value(candidate.node());
        if self.keyed && order::compare(root, self.nodes[0]) == Ordering::Equal {
            return Some(None);
        }
        Some(Some(candidate))
    }

    /// True when `place` is the tail of a list cell: the cell's child of the list's own type.
    fn is_tail(&self, place: usize) -> bool {
        self.bfs.parent(place).is_some_and(|parent| {
            let cell = self.nodes[parent];
            cell.shape() == Shape::List && cell.value_type() == self.nodes[place].value_type()
        })
    }
}

/// Generalized places, and which places are covered by one (are one, or lie under one: the
/// paper's `subTrees`). Filled in breadth-first order, so a parent is always decided before
/// its children are asked about: each question is O(1).
struct Marks {
    generalized: Vec<bool>,
    under: Vec<bool>,
}

impl Marks {
    /// Marks for a subject of `len` places, with `generalized` already generalized.
    fn new(len: usize, generalized: &[usize]) -> Self {
        let mut marks = Marks { generalized: vec![false; len], under: vec![false; len] };
        for &g in generalized {
            marks.generalized[g] = true;
        }
        marks
    }

    /// True when `place` is generalized or lies under a generalized place. Places must be
    /// asked about in increasing order.
    fn covers(&mut self, subject: &Subject<'_>, place: usize) -> bool {
        let under = subject.bfs.parent(place).is_some_and(|p| self.generalized[p] || self.under[p]);
        self.under[place] = under;
        under || self.generalized[place]
    }

    fn generalize(&mut self, place: usize) {
        self.generalized[place] = true;
    }
}

/// The QuickCheck size of the `k`-th of `n` tries: a sweep from 0 up to `top`, so that leaves
/// near the simplest (where reduction left the counterexample's) and far from it are tried.
fn sweep(k: usize, n: usize, top: usize) -> usize {
    top * k / n.saturating_sub(1).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::Format;
    use crate::property::{self, PropertyResult, Verdict};
    use crate::subtypes::SubTypes;

    fn args(seed: u64) -> Args {
        Args { seed: Some(seed), ..Args::default() }
    }

    fn generalized<T: SubTypes, R: PropertyResult>(
        seed: u64,
        prop: impl Fn(&T) -> R,
        value: &T,
    ) -> Generalization {
        crate::run::generalize(&args(seed), prop, value).expect("a counterexample")
    }

    fn some_fails(p: &(Option<u8>, Vec<u8>)) -> bool {
        p.0.is_none()
    }

    fn either_result_even(p: &(Result<u8, u8>, bool)) -> bool {
        match p.0 {
            Ok(x) | Err(x) => x % 2 == 1,
        }
    }

    fn either_true(p: &(Option<bool>, Option<bool>)) -> bool {
        p.0 != Some(true) && p.1 != Some(true)
    }

    fn guarded(p: &(Option<u8>, Vec<u8>)) -> Verdict {
        Verdict::implies(p.1.first() != Some(&0), p.0.is_none())
    }

    fn two_bugs(p: &(Option<u8>, Option<u8>)) -> bool {
        if let Some(x) = p.1 {
            assert!(x % 2 == 1, "even");
        }
        p.0.is_none()
    }

    #[allow(clippy::ptr_arg)] // a property of `Vec<Option<u8>>` takes `&Vec<Option<u8>>`
    fn long_list(v: &Vec<Option<u8>>) -> bool {
        v.len() < 2
    }

    #[test]
    fn a_sub_value_that_does_not_matter_is_universal() {
        for seed in 0..20 {
            let g = generalized(seed, some_fails, &(Some(0), vec![]));
            assert_eq!(g.universal(), [2], "seed {seed}: {g:?}");
            assert!(g.existential().is_empty(), "seed {seed}: {g:?}");
            // The number under `Some` does not matter either: a leaf variable, named last.
            assert_eq!(g.formula(), "forall values x0 x1:\n  (Some(x1), x0)");
            assert_eq!(g.variables()[1].paths, [vec![0, 0]]);
            assert!(g.notes().is_empty(), "seed {seed}: {g:?}");
            // The claim stops at its 100th supporting replacement, and says how many of them
            // were distinct (small numbers come again in random draws).
            let evidence = g.evidence().expect("a claim");
            assert_eq!((evidence.tried, evidence.met), (100, 100), "seed {seed}");
            assert!((50..100).contains(&evidence.distinct), "seed {seed}: {evidence:?}");
            let evidence = format!(
                "(no pass in 100 values; 100 met the precondition, {} of them distinct)",
                evidence.distinct
            );
            assert_eq!(g.to_string(), format!("{}\n{evidence}", g.formula()));
        }
    }

    #[test]
    fn a_list_tail_that_does_not_matter_prints_as_rest() {
        for seed in 0..20 {
            let g = generalized(seed, long_list, &vec![None, Some(3)]);
            // 0 the list, 1 its first element, 2 the tail [Some(3)], 3 Some(3), 4 [].
            assert_eq!(g.universal(), [1, 3, 4], "seed {seed}: {g:?}");
            assert_eq!(g.formula(), "forall values x0 x1 x2:\n  [x0, x1, ..x2]");
        }
    }

    #[test]
    fn every_constructor_failing_is_existential() {
        for seed in 0..20 {
            let g = generalized(seed, either_result_even, &(Ok(0), false));
            assert!(g.universal().is_empty(), "seed {seed}: {g:?}");
            assert_eq!(g.existential(), [1], "seed {seed}: {g:?}");
            assert_eq!(
                g.formula(),
                "forall values x0: forall constructors c0: there exist arguments such that\n  \
                 (c0(..), x0)"
            );
        }
    }

    #[test]
    fn an_empty_list_generalizes_over_its_constructors() {
        // The first fresh values are drawn at QuickCheck size 0, where every list is empty:
        // the search for a non-empty witness must go on to larger sizes.
        let prop = |p: &(Vec<u8>, Option<bool>)| {
            assert!(p.0.len() <= 3, "too long");
            p.1 != Some(true)
        };
        for seed in 0..20 {
            let g = generalized(seed, prop, &(vec![], Some(true)));
            assert_eq!((g.universal(), g.existential()), (&[][..], &[1][..]), "seed {seed}");
        }
    }

    #[test]
    fn a_sub_value_with_a_single_value_is_left_alone() {
        let g = generalized(2, |p: &((), Option<bool>)| p.1 != Some(true), &((), Some(true)));
        assert!(!g.is_general(), "{g:?}");
        assert_eq!(g.formula(), "((), Some(true))");
    }

    #[test]
    fn several_constructor_variables_are_checked_together() {
        // Fails when both results hold even numbers, whatever their constructors: every pair
        // of constructors has a witness, so both are claimed, and no note is needed.
        let even = |r: &Result<u8, u8>| match r {
            Ok(x) | Err(x) => x % 2 == 0,
        };
        let prop = move |p: &(Result<u8, u8>, Result<u8, u8>)| !(even(&p.0) && even(&p.1));
        for seed in 0..20 {
            let g = generalized(seed, prop, &(Ok(0), Ok(0)));
            assert_eq!(
                g.formula(),
                "forall constructors c0 c1: there exist arguments such that\n  (c0(..), c1(..))",
                "seed {seed}: {g:?}"
            );
            assert!(g.notes().is_empty(), "seed {seed}: {g:?}");
        }
    }

    #[test]
    fn constructor_variables_that_hold_only_one_at_a_time_are_not_claimed_together() {
        // Fails when both options have the same parity (`None` counts as even), unless both
        // are `None`. Each may have any constructor while the other is `Some(2)`, but the pair
        // `(None, None)` never fails: only the first is claimed. The property reads the two
        // alike, so the pair holds in either order.
        let parity = |o: &Option<u8>| o.map_or(0, |x| x % 2);
        let prop = move |p: &(Option<u8>, Option<u8>)| {
            parity(&p.0) != parity(&p.1) || (p.0.is_none() && p.1.is_none())
        };
        for seed in 0..20 {
            let g = generalized(seed, prop, &(Some(0), Some(2)));
            assert_eq!(
                g.formula(),
                "forall orders of the tuple's fields: forall constructors c0: there exist \
                 arguments such that\n  (c0(..), Some(2))",
                "seed {seed}: {g:?}"
            );
            assert!(g.notes().is_empty(), "seed {seed}: {g:?}");
        }
    }

    #[test]
    fn a_constructor_that_never_fails_is_not_existential() {
        for seed in 0..20 {
            // `.0` must be Some: None never fails, so neither phase generalizes it.
            let g = generalized(seed, some_fails, &(Some(0), vec![]));
            assert!(!g.existential().contains(&1), "seed {seed}: {g:?}");
        }
    }

    /// The bounding box of points, folded from the origin as if it were one of them: each
    /// side touches a point only when the one point is the origin.
    #[allow(clippy::ptr_arg)] // a property of `Vec<(f32, f32)>` takes `&Vec<(f32, f32)>`
    fn box_touches(points: &Vec<(f32, f32)>) -> bool {
        let fold = |(x0, y0, x1, y1): (f32, f32, f32, f32), &(x, y): &(f32, f32)| {
            (x0.min(x), y0.min(y), x1.max(x), y1.max(y))
        };
        let (x0, y0, x1, y1) = points.iter().fold((0.0, 0.0, 0.0, 0.0), fold);
        let touches = |side: f32, of: fn(&(f32, f32)) -> f32| points.iter().any(|p| of(p) == side);
        points.is_empty()
            || (touches(x0, |p| p.0) && touches(y0, |p| p.1))
                && (touches(x1, |p| p.0) && touches(y1, |p| p.1))
    }

    /// An entry of a form (label, net, tax); a disabled form (`false`) accepts only the blank
    /// entry.
    #[allow(clippy::type_complexity)]
    fn accepted(p: &((String, f64, f64), bool)) -> bool {
        p.1 || p.0 == (String::new(), 0.0, 0.0)
    }

    #[test]
    fn a_compound_value_is_tried_with_every_leaf_at_its_simplest() {
        // Random pairs of floats are almost never `(0.0, 0.0)`, nor random entries blank:
        // each was claimed as any value before.
        for seed in 0..20 {
            let g = generalized(seed, box_touches, &vec![(1.0, 0.0)]);
            let claim = "forall values x0: forall constructors c0: there exist arguments such \
                         that\n  [(1.0, x0), ..c0(..)]";
            assert_eq!(g.formula(), claim, "seed {seed}");
            let g = generalized(seed, accepted, &((String::new(), 1.0, 0.0), false));
            assert_eq!(
                g.formula(),
                "forall values x0 x1:\n  ((x0, 1.0, x1), false)",
                "seed {seed}"
            );
        }
    }

    #[test]
    fn variables_that_cannot_vary_together_are_not_claimed_together() {
        // Each side may be anything while the other is `Some(true)`, but not both at once:
        // the first is claimed, the second is then checked with the first varying. Either
        // side may be the `Some(true)`: the pair holds in either order.
        for seed in 0..20 {
            let g = generalized(seed, either_true, &(Some(true), Some(true)));
            assert_eq!(g.universal(), [1], "seed {seed}: {g:?}");
            assert!(g.existential().is_empty(), "seed {seed}: {g:?}");
            let formula =
                "forall orders of the tuple's fields: forall values x0:\n  (x0, Some(true))";
            assert_eq!(g.formula(), formula, "seed {seed}");
        }
    }

    #[test]
    fn a_variable_needing_the_precondition_gets_a_note() {
        for seed in 0..20 {
            let g = generalized(seed, guarded, &(Some(1), vec![]));
            assert_eq!(g.universal(), [2], "seed {seed}: {g:?}");
            assert_eq!(g.formula(), "forall values x0 x1:\n  (Some(x1), x0)", "seed {seed}");
            assert_eq!(g.notes().len(), 1, "seed {seed}: {g:?}");
            // Only the list's values are rejected (a list starting with 0); the number under
            // `Some` was rejected only when the list varied with it, so it needs no note.
            assert!(
                g.notes()[0].starts_with(
                    "x0 ranges over values that satisfy the precondition: it rejected "
                ),
                "seed {seed}: {g:?}"
            );
            let needs: Vec<bool> = g.variables().iter().map(|v| v.needs_precondition).collect();
            assert_eq!(needs, [true, false], "seed {seed}: {g:?}");
            // The evidence counts the claim's last check, which may meet no rejection.
            let evidence = g.evidence().expect("a variable");
            assert!(evidence.met >= 100 && evidence.met <= evidence.tried, "{evidence:?}");
        }
    }

    #[test]
    fn only_variables_whose_own_values_were_rejected_need_the_precondition() {
        // A second, unrelated type: the precondition looks at the char only.
        let prop = |p: &(u8, char, bool)| Verdict::implies(p.1 != 'b', !p.2);
        for seed in 0..20 {
            let g = generalized(seed, prop, &(5, 'a', true));
            assert_eq!(g.formula(), "forall values x0 x1:\n  (x0, x1, true)", "seed {seed}");
            let needs: Vec<bool> = g.variables().iter().map(|v| v.needs_precondition).collect();
            assert_eq!(needs, [false, true], "seed {seed}: {g:?}");
            assert_eq!(g.notes().len(), 1, "seed {seed}: {g:?}");
            assert!(g.notes()[0].starts_with("x1 ranges over"), "seed {seed}: {g:?}");
        }
        // Nothing rejected: no note, whatever varied together.
        let g = generalized(3, |p: &(u8, char, bool)| !p.2, &(5, 'a', true));
        assert!(g.variables().iter().all(|v| !v.needs_precondition), "{g:?}");
        assert!(g.notes().is_empty(), "{g:?}");
    }

    /// Generalizes `value` under `prop` with seed 7 and counts the evaluations.
    fn counted<T: SubTypes, R: PropertyResult>(
        prop: impl Fn(&T) -> R,
        value: &T,
    ) -> (Generalization, usize) {
        let prop = crate::property::erase(prop);
        let Outcome::Fail(failure) = prop(value) else { panic!("not a counterexample") };
        let mut tester = Tester::new(&prop, None);
        let mut gen = Gen::new(7, 10);
        let g = generalize_reduced(&args(7), &mut tester, &mut gen, value, &failure);
        (g.expect("both phases run"), tester.evaluations)
    }

    #[test]
    fn a_claim_stops_once_it_has_its_evidence() {
        // `Some(0)` is refuted by its first small value, `None` (1 evaluation); the list and
        // then the number each stop at their 100th supporting replacement.
        let (g, evaluations) = counted(some_fails, &(Some(0), vec![]));
        assert_eq!(
            g.evidence(),
            Some(Evidence { tried: 100, met: 100, distinct: 69, every: false })
        );
        assert_eq!(g.formula(), "forall values x0 x1:\n  (Some(x1), x0)");
        assert_eq!(evaluations, 1 + 100 + 100);
        // A second, unrelated type: the flag is refuted by `false` (1 evaluation); the string
        // stops at 100.
        let (g, evaluations) = counted(|p: &(bool, String)| !p.0, &(true, String::new()));
        assert_eq!(
            g.evidence(),
            Some(Evidence { tried: 100, met: 100, distinct: 99, every: false })
        );
        assert_eq!(g.formula(), "forall values x0:\n  (true, x0)");
        assert_eq!(evaluations, 1 + 100);
    }

    #[test]
    fn equal_sub_values_that_must_stay_equal_are_one_variable() {
        for seed in 0..10 {
            // Numbers: the flag does not matter, the two numbers must be equal.
            let g = generalized(seed, |p: &(u8, u8, bool)| p.0 != p.1, &(0, 0, false));
            assert_eq!(g.formula(), "forall values x0 x1:\n  (x1, x1, x0)", "seed {seed}");
            assert_eq!(g.variables()[1].paths, [vec![0], vec![1]]);
            // Options, which are sub-values, not leaves.
            let g = generalized(seed, |p: &(Option<bool>, Option<bool>)| p.0 != p.1, &(None, None));
            assert_eq!(g.formula(), "forall values x0:\n  (x0, x0)", "seed {seed}");
            assert!(g.universal().is_empty(), "not a variable of its own: {g:?}");
        }
    }

    #[test]
    fn leaves_related_by_a_side_condition_say_so() {
        for seed in 0..10 {
            let g = generalized(seed, |p: &(i32, i32)| p.0 == p.1, &(0, 1));
            assert_eq!(g.formula(), "forall values x0 x1 with x0 != x1:\n  (x0, x1)");
            let c = g.conditions()[0];
            assert_eq!((c.left, c.relation, c.right), (0, Relation::NotEqual, 1));
            // `!=` and `<=` are refuted here (`('b', 'a')`, `('a', 'a')` pass); `<` holds.
            let g = generalized(seed, |p: &(char, char)| p.0 >= p.1, &('a', 'b'));
            assert_eq!(g.formula(), "forall values x0 x1 with x0 < x1:\n  (x0, x1)");
        }
    }

    #[test]
    fn a_side_condition_is_tried_at_its_boundary() {
        // `x0 <= x1` is false when equal pairs pass, `x0 < x1` when adjacent ones do: both
        // are refuted at the boundary, which random pairs meet too rarely.
        for seed in 0..100 {
            let g = generalized(seed, |p: &(char, char)| p.0 >= p.1, &('s', 'x'));
            assert_eq!(g.formula(), "forall values x0 x1 with x0 < x1:\n  (x0, x1)", "{seed}");
            let g = generalized(seed, |p: &(i16, i16)| p.0 >= p.1, &(-40, 90));
            assert_eq!(g.formula(), "forall values x0 x1 with x0 < x1:\n  (x0, x1)", "{seed}");
            // Fails when `.1` exceeds `.0` by 2 or more: no condition of the grammar holds.
            let prop = |p: &(u8, u8)| u16::from(p.1) < u16::from(p.0) + 2;
            let g = generalized(seed, prop, &(30, 200));
            assert_eq!(g.formula(), "(30, 200)", "seed {seed}");
        }
    }

    #[test]
    fn opaque_fields_never_become_variables() {
        #[derive(Clone, Debug)]
        struct Tagged {
            tag: u8,
            note: u8,
        }
        impl crate::Arbitrary for Tagged {
            fn arbitrary(g: &mut Gen) -> Self {
                Tagged { tag: u8::arbitrary(g), note: u8::arbitrary(g) }
            }
            fn min_size() -> Option<usize> {
                Some(1)
            }
        }
        impl SubTypes for Tagged {
            fn constructor(&self) -> &'static str {
                "Tagged"
            }
            fn constructors(&self) -> &'static [&'static str] {
                &["Tagged"]
            }
            fn shape(&self) -> crate::Shape {
                crate::Shape::Struct(&["tag", "note"])
            }
            fn children(&self) -> crate::Children<'_> {
                [crate::Child::frozen(&self.tag), crate::Child::new(&self.note)]
                    .into_iter()
                    .collect()
            }
            fn child_mut(&mut self, k: usize) -> Option<NodeMutRef<'_>> {
                match k {
                    0 => Some(NodeMutRef::Value(self.tag.node_mut())),
                    1 => Some(NodeMutRef::Value(self.note.node_mut())),
                    _ => None,
                }
            }
        }
        for seed in 0..5 {
            let g = generalized(seed, |t: &Tagged| t.tag != 7, &Tagged { tag: 7, note: 3 });
            assert_eq!(g.formula(), "forall values x0:\n  Tagged { tag: 7, note: x0 }");
        }
    }

    #[test]
    fn a_failure_of_another_kind_refutes_a_claim() {
        for seed in 0..20 {
            // Replacing `.1` by an even `Some` panics instead of returning false.
            let g = generalized(seed, two_bugs, &(Some(0), None));
            assert!(!g.universal().contains(&2), "seed {seed}: {g:?}");
        }
    }

    #[test]
    fn generalization_stops_at_its_budget() {
        // Every element of a long list generalizes, at 100 evaluations each.
        let value: Vec<Option<u8>> = vec![None; 500];
        let prop = |v: &Vec<Option<u8>>| v.len() < 500;
        let args = Args { max_reduce_evaluations: 2000, ..args(1) };
        let prop = crate::property::erase(prop);
        let mut tester = Tester::new(&prop, None);
        let mut gen = Gen::new(1, 10);
        let g = generalize_reduced(&args, &mut tester, &mut gen, &value, &Failure::False).unwrap();
        // The budget is looked at before each place: one check may run past it.
        assert!(tester.evaluations <= 2000 + 500, "{}", tester.evaluations);
        // What was claimed before the budget ran out stands.
        assert_eq!(g.universal().len(), 2000 / 100, "{:?}", g.universal());
        let last = g.notes().last().expect("a note");
        assert!(last.starts_with("generalization spent its budget of 2000 evaluations"), "{last}");
    }

    #[test]
    fn nothing_to_generalize_leaves_the_value() {
        let g = generalized(1, |v: &Option<bool>| *v != Some(true), &Some(true));
        assert!(!g.is_general());
        assert_eq!(g.formula(), "Some(true)");
    }

    #[test]
    fn the_tree_format_indents_the_tree() {
        let args = Args { seed: Some(4), format: Format::Tree, ..Args::default() };
        let g = crate::run::generalize(&args, some_fails, &(Some(0), vec![])).unwrap();
        assert_eq!(g.formula(), "forall values x0 x1:\n  (Some(x1), x0)\n  +- Some(x1)\n  `- x0");
    }

    #[test]
    fn generalization_is_counted_and_deterministic() {
        let run = |seed: u64| {
            let prop = some_fails;
            let prop = crate::property::erase(prop);
            let mut tester = Tester::new(&prop, None);
            let mut gen = Gen::new(seed, 10);
            let value: (Option<u8>, Vec<u8>) = (Some(0), vec![3, 4]);
            let g = generalize_reduced(&args(seed), &mut tester, &mut gen, &value, &Failure::False);
            (g, tester.evaluations)
        };
        let (g, evaluations) = run(9);
        assert_eq!(run(9), (g.clone(), evaluations));
        assert!(g.expect("both phases run").is_general());
        // `Some(0)` is refuted by `None` at once; the list, then the number under `Some`, stop
        // at 100 supporting replacements each; nothing is left for the other phases.
        assert_eq!(evaluations, 1 + 100 + 100);
        let off = Args { run_forall: false, run_exists: false, ..args(9) };
        let prop = some_fails;
        let prop = crate::property::erase(prop);
        let mut tester = Tester::new(&prop, None);
        let value: (Option<u8>, Vec<u8>) = (Some(0), vec![]);
        let none =
            generalize_reduced(&off, &mut tester, &mut Gen::new(9, 10), &value, &Failure::False);
        assert_eq!((none, tester.evaluations), (None, 0));
    }

    /// Replaces each claimed index of `value` by 200 fresh values, one at a time, and returns
    /// the first one that passes or fails another way.
    fn refute<T: SubTypes, R: PropertyResult>(
        prop: &impl Fn(&T) -> R,
        value: &T,
        universal: &[usize],
        seed: u64,
    ) -> Option<String> {
        let Outcome::Fail(failure) = property::run(prop, value) else { panic!("not a cex") };
        let mut g = Gen::new(seed ^ 0xD1EC7, 0);
        for &index in universal {
            let node = value.sub_value(index).expect("claimed index exists");
            let min = node.min_size().expect("generated once already");
            for _ in 0..200 {
                let size = g.range(0, 100);
                g.set_size(size);
                let budget = g.range(min, min.max(10));
                let fresh = g.with_budget(budget, |g| node.generate(g));
                let mut candidate = value.clone();
                candidate.replace_sub_value(index, fresh).expect("same type");
                match property::run(prop, &candidate) {
                    Outcome::Discard => {}
                    Outcome::Fail(f) if f.signature() == failure.signature() => {}
                    other => return Some(format!("index {index}: {candidate:?}: {other:?}")),
                }
            }
        }
        None
    }

    fn never_refuted<T: SubTypes, R: PropertyResult>(prop: impl Fn(&T) -> R, value: T) {
        for seed in 0..8 {
            let g = generalized(seed, &prop, &value);
            if let Some(refuted) = refute(&prop, &value, g.universal(), seed) {
                panic!("seed {seed}: {g:?} refuted by {refuted}");
            }
        }
    }

    #[test]
    fn universal_claims_survive_direct_checks() {
        never_refuted(some_fails, (Some(0), vec![1, 2]));
        never_refuted(either_true, (Some(true), Some(true)));
        never_refuted(guarded, (Some(1), vec![5]));
        never_refuted(two_bugs, (Some(3), Some(1)));
        never_refuted(long_list, vec![Some(1), None, Some(0)]);
        never_refuted(|v: &Vec<u8>| v.iter().all(|&x| x < 3), vec![0, 3, 1, 1]);
        never_refuted(
            |p: &(Vec<u8>, Option<Vec<bool>>)| p.0.len() + p.1.as_ref().map_or(0, Vec::len) < 3,
            (vec![1, 2], Some(vec![true, false])),
        );
    }
}
