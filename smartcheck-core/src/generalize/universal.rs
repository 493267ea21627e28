//! Universal sub-value generalization (paper §5.1, Figure 6: `extrapolate`, `allFail`), with
//! the evidence rule and the joint check that go beyond the paper.
//!
//! Breadth-first over sub-values and primitive leaves, skipping those under a variable: a
//! place becomes a variable `x` when [`check`] finds `min_forall` replacements that meet the
//! precondition and fail the same way, and none that passes or fails another way, within
//! `max_forall` tries (small, random at growing sizes, near: see `sample`). The small, edge
//! and near values, chosen as the likeliest to refute, are tried with the variables claimed
//! before as in the counterexample (a drawn one beside them could fail on its own and hide a
//! pass: `And(x5, Int(1))` was claimed where `x5 = Int(1)` passes); the random ones alternate
//! between alone and with every variable claimed before varying too, so the last successful
//! check is a check of the formula's joint reading as well as of the new variable's own.
//!
//! Three tries in eight of a check with several variables are dense: every number among its
//! type's few simplest values at once (where numbers tie or line up), or, one try in 16,
//! every integer among its type's (or ranged field's) ends, the value half way between them
//! and 0 (where wrapping arithmetic meets itself: `(0, 128)` in `u8`), in turn for two.
//!
//! A replacement outside its type's constraints (a `range` field, an `invariant`) is no value
//! of the type: it is not run, and it is neither evidence nor a rejection by the precondition
//! (at most `max_forall` of them per check, as for tries).
//!
//! A variable is claimed only when its values varied among the tries that failed: at least
//! two of them differ, for each of the variables a check adds (a side condition's two sides
//! too: `x1 != x2` was claimed with `x1` pinned to 0 by a search tree's order). A place its
//! type's constraints pin to one value, given the others (the first element of a sorted list
//! whose others are 0), fails at every try that is a value of the type, with the
//! counterexample's own value each time; that is no evidence of a variable, and
//! `[x0, x1, x2, 1]` was claimed where `[1, 1, 1, 1]` passes.
//!
//! Invariant: every variable of a scheme was, in its own check, replaced alone and together
//! with all earlier ones (past [`JOINT`] of them, with a random [`JOINT`] of them on average
//! in each joint try), and each run that met the precondition (and the side conditions)
//! failed the same way as the counterexample, with two values of the new variables at least;
//! a variable's rejections count only tries that varied it alone.
//!
//! Cost: `min_forall` evaluations per claim when the precondition rejects nothing, at most
//! `max_forall` (a refutation stops at once), O(n · `max_forall`) in all; up to 16 draws per
//! try to meet side conditions (drawing costs no evaluation).

use std::hash::Hasher;

use smallvec::SmallVec;

use super::{Condition, Ctx, Evidence, Marks, Relation, Scheme, Trial, Var};
use crate::reduce::tree::{hash_value, structural_hash, FastHasher};
use crate::reduce::FastSet;
use crate::subtypes::SubValue;

/// Instances of a check's claim a set has room for from the start, at most.
const ROOM: usize = 1024;

/// Draws per try to meet the side conditions before the try is skipped.
const CONDITION_DRAWS: usize = 16;

/// Earlier variables a joint try varies, at most on average: each of them with probability
/// `JOINT / n` when there are `n > JOINT`. Drawing all of them made a check O(n) a try, and
/// a list of 1,000 elements (each a variable) took minutes to generalize.
const JOINT: usize = 64;

/// The paper's `extrapolate`: adds the universally generalizable places to `scheme` in
/// breadth-first order; the place it stopped at if the evaluation budget ran out.
pub(super) fn extrapolate(ctx: &mut Ctx<'_, '_>, scheme: &mut Scheme) -> Option<usize> {
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

/// Checks `scheme` extended by `group`; when it holds, extends `scheme`. Variables of
/// `scheme` under a new variable's places give way to it (a repeated variable over two
/// entries whose keys were variables is `[x0, x0]`, not `forall values x0 x1 x2: [x2, x2]`
/// with `x0` and `x1` bound and printed nowhere); false, and nothing checked, when one of
/// them is in a side condition.
pub(super) fn add_if_true(ctx: &mut Ctx<'_, '_>, scheme: &mut Scheme, group: &Group) -> bool {
    let places: Vec<usize> = group.vars.iter().flatten().copied().collect();
    let Some(mut extended) = without_under(ctx, scheme, &places) else { return false };
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

/// `scheme` without the variables that lie under any of `places` (a sub-value's own leaves,
/// claimed before the sub-value is a variable as a whole: `Letter(x0)` beside `Esc` becomes
/// `x1` in `with x1 != x2`); `None` when one of them is in a side condition.
fn without_under(ctx: &Ctx<'_, '_>, scheme: &Scheme, places: &[usize]) -> Option<Scheme> {
    let bfs = &ctx.subject.bfs;
    let under =
        |var: &Var| var.places.iter().any(|&p| places.iter().any(|&above| bfs.is_under(p, above)));
    if !scheme.vars.iter().any(under) {
        return Some(scheme.clone());
    }
    let dropped: Vec<bool> = scheme.vars.iter().map(under).collect();
    if scheme.conditions.iter().any(|c| dropped[c.left] || dropped[c.right]) {
        return None;
    }
    let kept: Vec<usize> = (0..dropped.len()).filter(|&k| !dropped[k]).collect();
    Some(scheme.selected(&kept))
}

/// The evidence rule, on the variables of `scheme` from `lead` on (the new ones) together
/// with those before them: `None` at the first try that passes or fails another way, or
/// when `max_forall` tries end with fewer than `min_forall` meeting the precondition; the
/// evidence as soon as `min_forall` have (as Hypothesis's explain phase stops at 100 of 500),
/// if the new variables took two values at least among them (see the module doc).
///
/// The new variables take their scheduled values (small, random, near: `sample`), the
/// schedule planned to fit in `min_forall` tries. When there are variables before them, the
/// small, edge and near values are tried alone (the earlier variables as in the
/// counterexample), and the random ones alternate: alone, then jointly (the earlier ones
/// drawn at random). Every try is an instance of the formula, so all are
/// its evidence. A variable's rejections count only tries that varied the new variables
/// alone: a joint try the precondition rejects is run again alone, so that a variable is
/// said to need the precondition only when its own values were rejected.
pub(super) fn check(ctx: &mut Ctx<'_, '_>, scheme: &mut Scheme, lead: usize) -> Option<Evidence> {
    if let Some(domains) = joint_domain(ctx, scheme) {
        let mut evidence = check_every(ctx, scheme, lead, &domains)?;
        // A type with variants generation never builds has more values than were run: the
        // claim is as strong, its evidence no longer "all" of them.
        let skips = |v: &Var| !ctx.subject.node(v.places[0]).never_generated().is_empty();
        evidence.every &= !scheme.vars.iter().any(skips);
        return Some(evidence);
    }
    let enough = ctx.args.min_forall;
    let mut evidence = Evidence::default();
    // The instances that failed, told apart by their variables' values: room from the first
    // for the `enough` a claim needs (up to `ROOM`; grown one doubling at a time, the set
    // was rehashed five times a check at the defaults). Made at the first failing try: most
    // checks that end without a claim end at their first tries, none failing.
    let room = enough.min(ROOM);
    let mut instances = FastSet::default();
    // Replacements that were no value of their type: not evidence, but bounded as tries are.
    // Dense tries that break a type's invariant or the precondition count apart: few values
    // together break them (a sorted list's order) far more often than one value does, and
    // past `max_forall / 4` of them dense tries stop, so that they never spend the tries the
    // claim's own values need.
    let (mut invalid, mut dense_invalid) = (0, 0);
    // Each new variable's value in the first try that failed, and whether a later one's
    // differed (hashed until every one has).
    let fresh = scheme.vars.len() - lead;
    let (mut first_failing, mut varied) = (vec![0; fresh], vec![enough < 2; fresh]);
    // Alone, the earlier variables hold the counterexample's own values: nothing to put in
    // (unless a side condition's boundary may move one).
    let own_before = scheme.conditions.iter().all(|c| c.right >= lead);
    for k in 0.. {
        let most = ctx.args.max_forall;
        if evidence.met >= enough || evidence.tried >= most || invalid >= most {
            break;
        }
        if hopeless(&evidence, enough, most) {
            return None;
        }
        // Targeted values alone; random ones alone and jointly in turn; now and then every
        // variable among its type's few simplest values at once, or its edges.
        let targeted = ctx.targeted(scheme.vars[lead].places[0], k, enough);
        let dense_left = dense_invalid < ctx.args.max_forall / 4;
        let dense = scheme.vars.len() > 1 && dense_try(k) && !targeted && dense_left;
        let alone = !dense && (lead == 0 || k % 2 == 0 || targeted);
        let draw = match (dense, alone) {
            (true, _) => Draw::Dense(k, enough),
            (_, true) => Draw::Alone(lead, k, enough),
            _ => Draw::Lead(lead, k, enough),
        };
        let Some(values) = assignment(ctx, scheme, draw) else {
            // No draw met the side conditions: count the try, or a rare condition loops.
            evidence.tried += 1;
            continue;
        };
        // A joint try may be run again alone: its new variables' values are kept for that.
        let new_values = (!alone).then(|| values[lead..].to_vec());
        let mut instance = values_hash(&values);
        let keys: Option<SmallVec<[u64; 4]>> = varied
            .contains(&false)
            .then(|| values[lead..].iter().map(|v| structural_hash(v.as_node())).collect());
        let from = if alone && own_before { lead } else { 0 };
        let mut trial = ctx.trial(placed_from(scheme, values, from))?;
        if dense && matches!(trial, Trial::Discard | Trial::Invalid) {
            // Not evidence, not a rejection of any variable's own values: few values
            // together break a precondition (a sorted list's) far more often than one does.
            dense_invalid += 1;
            continue;
        }
        if let (Trial::Discard | Trial::Invalid, Some(new_values)) = (trial, new_values) {
            evidence.tried += usize::from(trial == Trial::Discard);
            let values = alone_with(ctx, scheme, new_values);
            instance = values_hash(&values);
            trial = ctx.trial(placed(scheme, values))?;
        }
        match trial {
            Trial::Same => {
                if let Some(keys) = keys {
                    for (k, key) in keys.into_iter().enumerate() {
                        match evidence.met {
                            0 => first_failing[k] = key,
                            _ => varied[k] |= key != first_failing[k],
                        }
                    }
                }
                evidence.met += 1;
                if instances.is_empty() {
                    instances.reserve(room);
                }
                evidence.distinct += usize::from(instances.insert(instance));
            }
            Trial::Discard => scheme.vars[lead..].iter_mut().for_each(|v| v.discarded += 1),
            Trial::Invalid => {
                invalid += 1;
                continue;
            }
            Trial::Pass | Trial::Other => return None,
        }
        evidence.tried += 1;
    }
    (evidence.met >= enough && !varied.contains(&false)).then_some(evidence)
}

/// Every value of each variable of `scheme`, when each is a place of few known values
/// (`Sampler::domain`) and their combinations number `max_forall` at most.
pub(super) fn joint_domain(
    ctx: &mut Ctx<'_, '_>,
    scheme: &Scheme,
) -> Option<Vec<Vec<Box<dyn SubValue>>>> {
    let mut domains = Vec::with_capacity(scheme.vars.len());
    let mut combinations = 1usize;
    for var in &scheme.vars {
        let domain = ctx.domain(var.places[0])?;
        combinations = combinations.checked_mul(domain.len())?;
        if combinations > ctx.args.max_forall {
            return None;
        }
        domains.push(domain);
    }
    Some(domains)
}

/// [`check`] when every combination of the variables' values is known and few
/// ([`joint_domain`]): each one that meets the side conditions is run, and the claim holds
/// when none passes or fails another way, one met the precondition at least, and the new
/// variables took two values at least among those that failed. No sample: a pass that only
/// a combination gives (a fence `w × h` long that is right at `4 × 4` alone) is met for
/// sure, where random tries met it in none of 10 runs. A variable's rejections count the
/// combinations where only the new variables differ from the counterexample.
fn check_every(
    ctx: &mut Ctx<'_, '_>,
    scheme: &mut Scheme,
    lead: usize,
    domains: &[Vec<Box<dyn SubValue>>],
) -> Option<Evidence> {
    let mut evidence = Evidence { every: true, ..Evidence::default() };
    let fresh = scheme.vars.len() - lead;
    // Each new variable's index in its domain in the first failing combination, and whether
    // a later one's differed.
    let (mut first_failing, mut varied) = (vec![0; fresh], vec![false; fresh]);
    let mut digits = vec![0usize; domains.len()];
    loop {
        if let Some(values) = combination(scheme, domains, &digits) {
            // Every variable at its own value is the counterexample: it fails, as known.
            let own = digits.iter().all(|&d| d == 0) && ctx.fixed.is_empty();
            let trial = if own { Trial::Same } else { ctx.trial(placed(scheme, values))? };
            match trial {
                Trial::Same => {
                    for (k, &digit) in digits[lead..].iter().enumerate() {
                        match evidence.met {
                            0 => first_failing[k] = digit,
                            _ => varied[k] |= digit != first_failing[k],
                        }
                    }
                    evidence.met += 1;
                    evidence.distinct += 1;
                    evidence.tried += 1;
                }
                Trial::Discard => {
                    if digits[..lead].iter().all(|&d| d == 0) {
                        scheme.vars[lead..].iter_mut().for_each(|v| v.discarded += 1);
                    }
                    evidence.tried += 1;
                }
                Trial::Invalid => {}
                Trial::Pass | Trial::Other => return None,
            }
        }
        if !next_combination(&mut digits, domains) {
            break;
        }
    }
    let enough = evidence.met >= 1 && (ctx.args.min_forall < 2 || !varied.contains(&false));
    enough.then_some(evidence)
}

/// The values `digits` picks from `domains` (one index a variable), when they meet the side
/// conditions of `scheme`.
pub(super) fn combination(
    scheme: &Scheme,
    domains: &[Vec<Box<dyn SubValue>>],
    digits: &[usize],
) -> Option<Vec<Box<dyn SubValue>>> {
    let values: Vec<Box<dyn SubValue>> =
        digits.iter().zip(domains).map(|(&d, domain)| domain[d].clone()).collect();
    let meets = |c: &Condition| c.relation.holds(&*values[c.left], &*values[c.right]);
    scheme.conditions.iter().all(|c| meets(c) == Some(true)).then_some(values)
}

/// Moves `digits` to the next combination of indexes into `domains`, the last variable
/// fastest; false after the last.
pub(super) fn next_combination(digits: &mut [usize], domains: &[Vec<Box<dyn SubValue>>]) -> bool {
    let Some(at) = (0..digits.len()).rev().find(|&i| digits[i] + 1 < domains[i].len()) else {
        return false;
    };
    digits[at] += 1;
    digits[at + 1..].iter_mut().for_each(|d| *d = 0);
    true
}

/// The structural hash of a try's values, all its variables'.
fn values_hash(values: &[Box<dyn SubValue>]) -> u64 {
    let mut h = FastHasher::default();
    for value in values {
        hash_value(value.as_node(), &mut h);
    }
    h.finish()
}

/// True when a check can no longer gather `enough` tries that met the precondition within
/// `most`: exactly, when the tries left cannot make up the difference; or, once a fifth of
/// `most` has been tried, when the precondition lets through fewer than half the share the
/// check needs (`met / tried < enough / (2 · most)`). A claim needs a fifth of its tries
/// to meet the precondition at the defaults; a check seeing a tenth after 100 tries would
/// end without a claim in nearly every run (a share of a fifth shows as under a tenth in 100
/// tries about once in 200), and ends now instead of after `most`. Ending early only ever
/// drops a claim: nothing is claimed on less evidence.
fn hopeless(evidence: &Evidence, enough: usize, most: usize) -> bool {
    let left = most.saturating_sub(evidence.tried);
    if evidence.met + left < enough {
        return true;
    }
    let first = (most / 5).max(1);
    evidence.tried >= first && 2 * evidence.met * most < enough * evidence.tried
}

/// The values of a try alone: the counterexample's for the variables before the new ones,
/// then `new_values`.
fn alone_with(
    ctx: &Ctx<'_, '_>,
    scheme: &Scheme,
    new_values: Vec<Box<dyn SubValue>>,
) -> Vec<Box<dyn SubValue>> {
    let lead = scheme.vars.len() - new_values.len();
    let own = scheme.vars[..lead].iter().map(|var| ctx.subject.node(var.places[0]).to_value());
    own.chain(new_values).collect()
}

/// How the variables of an assignment are drawn.
#[derive(Clone, Copy)]
pub(super) enum Draw {
    /// The variable at `.0` takes the `.1`-th of `.2` scheduled values, the others random
    /// ones.
    Lead(usize, usize, usize),
    /// As `Lead`, but the variables before `.0` keep the counterexample's values.
    Alone(usize, usize, usize),
    /// Every variable takes the `.0`-th of `.1` scheduled values (small ones first).
    All(usize, usize),
    /// Every variable takes a random value.
    Random,
    /// Every variable of a ranked type (an integer, a char) takes one of its type's few
    /// simplest values, how few set by the `.0`-th of `.1` tries (see [`dense_try`]), or in
    /// an edge try ([`edge_try`]) every integer one of its type's edge values; the others a
    /// random one.
    Dense(usize, usize),
}

/// A value for every variable of `scheme`, drawn as `draw` says, that meets the side
/// conditions; `None` when no draw met them.
pub(super) fn assignment(
    ctx: &mut Ctx<'_, '_>,
    scheme: &Scheme,
    draw: Draw,
) -> Option<Vec<Box<dyn SubValue>>> {
    let lead_value = match draw {
        Draw::Lead(at, k, n) | Draw::Alone(at, k, n) => {
            Some((at, ctx.nth(scheme.vars[at].places[0], k, n)?))
        }
        _ => None,
    };
    // A targeted value (small, edge, near) of the variable under check is tried first with
    // the other new variables as in the counterexample too, where their drawn values cannot
    // hide its pass (`-1/1` against the counterexample's `1/-1` is a tie, and passes).
    let hold_others = match draw {
        Draw::Alone(at, k, n) => ctx.targeted(scheme.vars[at].places[0], k, n),
        _ => false,
    };
    if let Draw::Dense(k, _) = draw {
        if let Some(values) = edge_try(k).then(|| in_edge_order(ctx, scheme, k / 16)).flatten() {
            return Some(values);
        }
    }
    for attempt in 0..CONDITION_DRAWS {
        let mut values = Vec::with_capacity(scheme.vars.len());
        for (at, var) in scheme.vars.iter().enumerate() {
            let place = var.places[0];
            match (&lead_value, draw) {
                (Some((lead_at, value)), _) if *lead_at == at => values.push(value.clone()),
                (_, Draw::Alone(first, ..)) if at < first || (hold_others && attempt == 0) => {
                    values.push(ctx.subject.node(place).to_value());
                }
                (_, Draw::All(k, n)) if attempt == 0 => values.push(ctx.nth(place, k, n)?),
                (_, Draw::Dense(k, n)) if edge_try(k) => {
                    values.push(ctx.edge(place, 2 + (k / 4) % 3, n)?);
                }
                (_, Draw::Dense(k, n)) => values.push(ctx.dense(place, 2 + (k / 4) % 3, n)?),
                // Past `JOINT` earlier variables, a random `JOINT` of them vary (on average).
                (_, Draw::Lead(lead, ..))
                    if at < lead && lead > JOINT && !ctx.coin(JOINT, lead) =>
                {
                    values.push(ctx.subject.node(place).to_value());
                }
                (_, Draw::Lead(lead, k, _)) if at < lead && far_try(k) => {
                    values.push(ctx.far(place)?);
                }
                _ => values.push(ctx.any(place)?),
            }
        }
        if attempt == 0 && at_boundary(draw) {
            for c in &scheme.conditions {
                if let Some(edge) = c.relation.boundary(&*values[c.left]) {
                    values[c.right] = edge;
                }
            }
        }
        if attempt == 0 && at_extremes(draw) {
            for c in &scheme.conditions {
                if c.relation == Relation::NotEqual {
                    continue;
                }
                let place = scheme.vars[c.left].places[0];
                if let Some((low, high)) = super::relation::extremes(ctx.subject.node(place)) {
                    values[c.left] = low;
                    values[c.right] = high;
                }
            }
        }
        let meets = |c: &Condition| c.relation.holds(&*values[c.left], &*values[c.right]);
        if scheme.conditions.iter().all(|c| meets(c) == Some(true)) {
            return Some(values);
        }
    }
    None
}

/// True for the joint tries whose earlier variables (those claimed before the ones under
/// check) are all drawn far from the counterexample (`Sampler::far`): every other one. A
/// formula true of each variable alone may hold only near the counterexample's other values
/// (a hex printer that fails when any one component of a colour is below 16: `Rgb(x0, x1,
/// 0)`, but not `Rgb(x0, x1, x2)`); a joint try whose other variables are small or near, as
/// half of `Sampler::any`'s are, is no test of that. `Rgb(x0, x1, x2)` was claimed from
/// `Rgb(0, 0, 0)` in 62 of 200 seeds. The other variables under check (a side condition's
/// two sides) still draw from the whole schedule: what refutes `[x1, x2, -1, ..x0] with x1 <
/// x2` (three distinct elements) is `x2` at `-1`, a near value.
fn far_try(k: usize) -> bool {
    k % 4 == 1
}

/// True for the tries whose variables all take few values at once (`Draw::Dense`): three in
/// eight (a joint try drawn from the whole schedule, and every other random alone try; never
/// a far one), where the variable under check would take a random value. A claim over several
/// numbers may fail only where they coincide or line up, which values drawn one by one
/// beside the counterexample's, or at random, seldom make: rationals compared by cross
/// multiplication pass for `-1/1` against `1/-1` (equal), and `forall values x0 x1 with x0
/// != x1: (Rat { num: x0, den: 1 }, Rat { num: x1, den: -1 })` was printed in 26 of 30
/// seeds; three points' orientation with two swapped passes for collinear points, `(0, 0),
/// (1, 1), (2, 2)`, and a claim over their six coordinates was printed in 28 of 30. Two to
/// four values per variable (ranks `0, 1, -1, 2` of an integer), so that ties and small sums
/// meet among a few draws.
fn dense_try(k: usize) -> bool {
    k % 4 == 3 || k % 8 == 6
}

/// True for the dense tries whose integers all take one of their type's edge values
/// (`Sampler::edge`: `MIN`, `MAX`, the value half way between, 0; a ranged field's own ends
/// and half way; [`in_edge_order`] for two variables): one in six of them, one try in 16.
/// Wrapping arithmetic meets itself there, where neither random values nor the few simplest
/// go together: `a - b == b - a` in `u8` holds for `(0, 128)`, and `forall values x0 x1
/// with x0 != x1: (x0, x1)` was printed, false, in 29 of 30 seeds; a stack machine that
/// swaps a `Sub`'s operands in `i8` is right for `Sub(Lit(-128), Lit(0))`. Variables with
/// no edge values (a char) draw as in the other dense tries; a place that holds integers (a
/// struct, a list) puts its first ones at theirs. Not more: each edge try is one small-value
/// try fewer, and one in eight (edges at random) tripled the false claims over points in a
/// row (5 to 16 of 120 seeds; 10 of 120 now).
fn edge_try(k: usize) -> bool {
    k % 16 == 6
}

/// The `j`-th (cyclically) of the assignments of every variable of `scheme` to one of its edge
/// values (`Sampler::edge`) that meet the side conditions, in order, the last variable
/// fastest: when every variable is an integer and the assignments number [`EDGE_ORDER`] at
/// most (two variables); `None` otherwise. Where few, the edges are taken in turn rather
/// than at random: the pair that passes (`(0, 128)` in `u8`, `(-128, 0)` in `i8`) comes
/// among the first few edge tries for sure, where random draws of the six pairs of three
/// edges that differ missed it in one check in five.
fn in_edge_order(
    ctx: &mut Ctx<'_, '_>,
    scheme: &Scheme,
    j: usize,
) -> Option<Vec<Box<dyn SubValue>>> {
    let pools: Vec<Vec<Box<dyn SubValue>>> =
        scheme.vars.iter().map(|v| ctx.edges(v.places[0])).collect();
    let all = pools.iter().try_fold(1usize, |n, p| n.checked_mul(p.len()).filter(|&n| n > 0))?;
    if all > EDGE_ORDER {
        return None;
    }
    let meeting: Vec<Vec<Box<dyn SubValue>>> = (0..all)
        .filter_map(|mut c| {
            let mut values: Vec<Box<dyn SubValue>> = Vec::with_capacity(pools.len());
            for pool in pools.iter().rev() {
                values.push(pool[c % pool.len()].clone());
                c /= pool.len();
            }
            values.reverse();
            let meets = |c: &Condition| c.relation.holds(&*values[c.left], &*values[c.right]);
            scheme.conditions.iter().all(|c| meets(c) == Some(true)).then_some(values)
        })
        .collect();
    let count = meeting.len();
    meeting.into_iter().nth(j % count.max(1))
}

/// The most assignments of edge values [`in_edge_order`] takes in turn: two variables' of
/// four edges each.
const EDGE_ORDER: usize = 16;

/// True for the tries that put the right side of each side condition at its boundary: half
/// of them, alone and jointly alike.
fn at_boundary(draw: Draw) -> bool {
    matches!(draw, Draw::Lead(_, k, _) | Draw::Alone(_, k, _) if k % 4 >= 2)
}

/// True for the try that puts the two sides of each order condition (`<`, `<=`) at their
/// type's lowest and highest edge values, the widest pair it allows: the second that varies
/// the new variables alone (a fault only wide pairs show, `b - a >= 200` over `i8`, was met
/// by random pairs in few seeds, and `with x0 <= x1` claimed in 19 of 30). One try: more
/// cost a precondition that rejects wide pairs its evidence (a sorted list's). Joint tries
/// keep their random draws: there the other variables' values may be what refutes
/// (`Rgb(x0, x1, x2) with x1 <= x2`, where all three must be 16 or more to pass).
fn at_extremes(draw: Draw) -> bool {
    matches!(draw, Draw::Alone(_, 1, _))
}

/// Each variable's value at each of its places.
pub(super) fn placed(
    scheme: &Scheme,
    values: Vec<Box<dyn SubValue>>,
) -> Vec<(usize, Box<dyn SubValue>)> {
    placed_from(scheme, values, 0)
}

/// [`placed`] for the variables from `from` on (those before hold their own values).
fn placed_from(
    scheme: &Scheme,
    values: Vec<Box<dyn SubValue>>,
    from: usize,
) -> Vec<(usize, Box<dyn SubValue>)> {
    let mut out = Vec::with_capacity(values.len() - from.min(values.len()));
    for (var, value) in scheme.vars.iter().zip(values).skip(from) {
        let Some((&last, others)) = var.places.split_last() else { continue };
        for &place in others {
            out.push((place, value.clone()));
        }
        out.push((last, value));
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

#[cfg(test)]
mod tests {
    use super::{hopeless, Evidence};

    fn at(tried: usize, met: usize) -> Evidence {
        Evidence { tried, met, distinct: met, every: false }
    }

    #[test]
    fn a_check_ends_when_its_evidence_cannot_or_almost_surely_will_not_come() {
        // The defaults: 100 of at most 500 tries must meet the precondition.
        // Exactly: 98 tries left cannot make up 99 more.
        assert!(hopeless(&at(402, 1), 100, 500));
        assert!(!hopeless(&at(400, 99), 100, 500));
        // Before a fifth of the tries nothing is judged by share, however few met.
        assert!(!hopeless(&at(99, 0), 100, 500));
        // From then on, a share under half the one needed (a tenth) ends the check...
        assert!(hopeless(&at(100, 9), 100, 500));
        assert!(hopeless(&at(300, 29), 100, 500));
        // ...and a share of a tenth or more does not.
        assert!(!hopeless(&at(100, 10), 100, 500));
        assert!(!hopeless(&at(300, 60), 100, 500));
        // Other settings scale: 10 of at most 20, judged from 4 tries.
        assert!(!hopeless(&at(3, 0), 10, 20));
        assert!(hopeless(&at(4, 0), 10, 20));
        assert!(!hopeless(&at(4, 1), 10, 20));
        // A check that needs no evidence is never hopeless.
        assert!(!hopeless(&at(500, 0), 0, 500));
    }
}
