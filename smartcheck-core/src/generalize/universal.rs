//! Universal sub-value generalization (paper §5.1, Figure 6: `extrapolate`, `allFail`), with
//! the evidence rule and the joint check that go beyond the paper.
//!
//! Breadth-first over sub-values and primitive leaves, skipping those under a variable: a
//! place becomes a variable `x` when [`check`] finds, over `max_forall` replacements (small,
//! random at growing sizes, near: see `sample`), none that passes or fails another way, and
//! at least `min_forall` that meet the precondition. Each replacement varies every variable
//! claimed before too, so the last successful check is a check of the formula's joint
//! reading.
//!
//! Invariant: every variable of a scheme was, in its own check, replaced together with all
//! earlier ones by each value tried, and each run that met the precondition (and the side
//! conditions) failed the same way as the counterexample.
//!
//! Cost: at most `max_forall` evaluations per place (a refutation stops early), O(n ·
//! `max_forall`) in all; up to 16 draws per try to meet side conditions (drawing costs no
//! evaluation).

use super::{Condition, Ctx, Evidence, Marks, Relation, Scheme, Trial, Var};
use crate::subtypes::{SubTypes, SubValue};

/// Draws per try to meet the side conditions before the try is skipped.
const CONDITION_DRAWS: usize = 16;

/// The paper's `extrapolate`: adds the universally generalizable places to `scheme` in
/// breadth-first order; the place it stopped at if the evaluation budget ran out.
pub(super) fn extrapolate<T: SubTypes>(
    ctx: &mut Ctx<'_, '_, T>,
    scheme: &mut Scheme,
) -> Option<usize> {
    let mut marks = Marks::new(ctx.subject.len(), &[]);
    for place in 1..ctx.subject.len() {
        if marks.covers(ctx.subject, place) || ctx.subject.is_trivial(place) {
            continue;
        }
        if ctx.spent() {
            return Some(place);
        }
        if add_if_true(ctx, scheme, &Group::single(place)) {
            marks.generalize(place);
        }
    }
    None
}

/// New variables to add to a scheme: each with its places, and a side condition between the
/// first two.
pub(super) struct Group {
    pub vars: Vec<Vec<usize>>,
    pub relation: Option<Relation>,
}

impl Group {
    /// One variable at one place.
    pub fn single(place: usize) -> Group {
        Group { vars: vec![vec![place]], relation: None }
    }
}

/// Checks `scheme` extended by `group`; when it holds, extends `scheme`.
pub(super) fn add_if_true<T: SubTypes>(
    ctx: &mut Ctx<'_, '_, T>,
    scheme: &mut Scheme,
    group: &Group,
) -> bool {
    let mut extended = scheme.clone();
    let first = extended.vars.len();
    for places in &group.vars {
        extended.vars.push(Var { places: places.clone(), discarded: 0 });
    }
    if let Some(relation) = group.relation {
        extended.conditions.push(Condition { left: first, relation, right: first + 1 });
    }
    match check(ctx, &mut extended, first) {
        Some(evidence) => {
            extended.evidence = Some(evidence);
            *scheme = extended;
            true
        }
        None => false,
    }
}

/// The evidence rule, on every variable of `scheme` at once: `max_forall` tries, the variable
/// at `lead` following the schedule, the others drawn at random; `None` at the first try
/// that passes or fails another way, or when fewer than `min_forall` met the precondition.
/// Discards are counted on every variable (each was varied).
fn check<T: SubTypes>(
    ctx: &mut Ctx<'_, '_, T>,
    scheme: &mut Scheme,
    lead: usize,
) -> Option<Evidence> {
    let n = ctx.args.max_forall;
    let mut evidence = Evidence { tried: 0, met: 0 };
    for k in 0..n {
        let Some(values) = assignment(ctx, scheme, Draw::Lead(lead, k, n)) else { continue };
        let replacements = placed(scheme, values);
        match ctx.trial(replacements)? {
            Trial::Same => evidence.met += 1,
            Trial::Discard => scheme.vars.iter_mut().for_each(|v| v.discarded += 1),
            Trial::Pass | Trial::Other => return None,
        }
        evidence.tried += 1;
    }
    (evidence.met >= ctx.args.min_forall).then_some(evidence)
}

/// How the variables of an assignment are drawn.
#[derive(Clone, Copy)]
pub(super) enum Draw {
    /// The variable at `.0` takes the `.1`-th of `.2` scheduled values, the others random
    /// ones.
    Lead(usize, usize, usize),
    /// Every variable takes the `.0`-th of `.1` scheduled values (small ones first).
    All(usize, usize),
    /// Every variable takes a random value.
    Random,
}

/// A value for every variable of `scheme`, drawn as `draw` says, that meets the side
/// conditions; `None` when no draw met them.
pub(super) fn assignment<T: SubTypes>(
    ctx: &mut Ctx<'_, '_, T>,
    scheme: &Scheme,
    draw: Draw,
) -> Option<Vec<Box<dyn SubValue>>> {
    let lead_value = match draw {
        Draw::Lead(at, k, n) => Some((at, ctx.nth(scheme.vars[at].places[0], k, n)?)),
        _ => None,
    };
    for attempt in 0..CONDITION_DRAWS {
        let mut values = Vec::with_capacity(scheme.vars.len());
        for (at, var) in scheme.vars.iter().enumerate() {
            let place = var.places[0];
            match (&lead_value, draw) {
                (Some((lead_at, value)), _) if *lead_at == at => values.push(value.clone()),
                (_, Draw::All(k, n)) if attempt == 0 => values.push(ctx.nth(place, k, n)?),
                _ => values.push(ctx.any(place)?),
            }
        }
        let meets = |c: &Condition| c.relation.holds(&*values[c.left], &*values[c.right]);
        if scheme.conditions.iter().all(|c| meets(c) == Some(true)) {
            return Some(values);
        }
    }
    None
}

/// Each variable's value at each of its places.
pub(super) fn placed(
    scheme: &Scheme,
    values: Vec<Box<dyn SubValue>>,
) -> Vec<(usize, Box<dyn SubValue>)> {
    let mut out = Vec::new();
    for (var, value) in scheme.vars.iter().zip(values) {
        for &place in &var.places {
            out.push((place, value.clone()));
        }
    }
    out
}

/// The note for variables that range only over values meeting the precondition, if any.
pub(super) fn precondition_note(vars: &[Var]) -> Option<String> {
    let needy: Vec<(String, String)> = vars
        .iter()
        .enumerate()
        .filter(|(_, v)| v.discarded > 0)
        .map(|(k, v)| (format!("x{k}"), v.discarded.to_string()))
        .collect();
    match needy.as_slice() {
        [] => None,
        [(name, discarded)] => Some(format!(
            "{name} ranges over values that satisfy the precondition: it rejected {discarded} \
             of the tries that varied {name}"
        )),
        _ => {
            let names: Vec<&str> = needy.iter().map(|(n, _)| n.as_str()).collect();
            let counts: Vec<&str> = needy.iter().map(|(_, d)| d.as_str()).collect();
            Some(format!(
                "{} range over values that satisfy the precondition: it rejected {} of the \
                 tries that varied each, respectively",
                and_list(&names),
                and_list(&counts)
            ))
        }
    }
}

/// `a`, `a and b`, `a, b and c`.
fn and_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}
