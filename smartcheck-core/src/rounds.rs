//! The rounds loop (paper §5.3): discover, reduce, generalize; strengthen the precondition;
//! again, up to `Args::rounds` rounds, stopping at the first round that finds nothing new.
//!
//! Data flows one way: the entry points call `rounds`; a round calls discovery, then
//! `reduce_found` (reduction §4, generalization §5.1/§5.2), and the loop hands what it found
//! to the report. Nothing here calls back up.
//!
//! Invariant: every reported counterexample failed when re-run after reduction; an input that
//! failed once and then passed is reported as flaky, never as a counterexample. A panic outside
//! the property (in the input type's generator, `Clone`, `Debug`, `Drop`, `Eq`, `Ord` or `Hash`)
//! ends the loop with a report, never escapes: every call of such code is inside the catch.
//! Cost: one discovery per round (at most `tests` inputs), plus reduction and generalization
//! of each counterexample found.

use std::io::{BufRead, Write};

use crate::args::Args;
use crate::discover::{discover, Discovered};
use crate::gen::Gen;
use crate::property::{self, Failure, Outcome, RootProperty};
use crate::reduce::Reducer;
use crate::render::{render_format, Holes};
use crate::report::{outside_the_property, Counterexample, Counts, Found, Report};
use crate::root::{Root, RootType};
use crate::stack::{nesting_of, with_stack_for};
use crate::strengthen::Known;
use crate::subtypes::{NodeRef, SubValue};
use crate::tester::{Precondition, Tester};

/// Times an input that failed once, whose reduction then passed, is run again before it is
/// called flaky.
pub const FLAKY_RERUNS: usize = 5;

/// Times a reduced counterexample is run before it is reported: when one of them passes, the
/// report says the property is not deterministic. (Each run is an evaluation of every
/// failing run's; two catch a property that passes half the time three times in four.)
pub const CONFIRM_RUNS: usize = 2;

/// The rounds loop, with the run's `seed`.
pub(crate) fn rounds(
    args: &Args,
    ty: RootType,
    prop: &RootProperty<'_>,
    seed: u64,
    known: Vec<Counterexample<Root>>,
) -> Report<Root> {
    property::install_hook();
    let _watch = crate::timeout::watch(ty, args.timeout_ms, seed);
    let mut gen = Gen::new(seed, 0);
    let mut counts = Counts::default();
    let mut evaluations = 0;
    let mut found: Vec<Counterexample<Root>> = known;
    // Other shapes of bugs already found, each with the counterexample it belongs to.
    let mut shapes: Vec<(Counterexample<Root>, usize)> = Vec::new();
    let mut notes = Vec::new();
    let mut problems = Vec::new();
    let mut gave_up = false;
    // Per class: true once a later counterexample with other values at its formula's
    // literals was reduced into it in the open (`in_the_open`): its shape is excluded whole
    // from then on.
    let mut widened: Vec<bool> = vec![false; found.len()];
    let rounds = args.rounds.max(1);
    for round in 0..rounds {
        counts.rounds += 1;
        widened.resize(found.len(), false);
        counts.literals = (found.iter().zip(&widened))
            .map(|(c, &w)| w.then(|| (c.value.clone(), crate::strengthen::literal_leaves(c))))
            .collect();
        // The earlier classes are clones of their values, made and dropped inside the catch.
        let result = property::catch(|| {
            let classes = Known::with_shapes(&found, &shapes, Some(prop));
            let known = |v: &dyn SubValue, f: &Failure| classes.class_of(v, f);
            let known: Option<Precondition<'_>> =
                if classes.is_empty() { None } else { Some(&known) };
            let mut tester = Tester::new(prop, known);
            // Each known bug's counterexamples: its own and its other shapes.
            let values: Vec<(&Root, &Failure, usize)> = (found.iter().enumerate())
                .map(|(k, c)| (&c.value, &c.failure, k))
                .chain(shapes.iter().map(|(c, owner)| (&c.value, &c.failure, *owner)))
                .collect();
            let known = Knowing { prop, classes: &classes, values: &values };
            let result =
                one_round(args, ty, &mut tester, &known, &mut gen, &mut counts, &mut notes);
            evaluations += tester.evaluations + classes.evaluations();
            result
        });
        match result {
            // Another shape of a bug already found: excluded from now on, not reported.
            Ok((Discovered::Found { value: Ok(cex), .. }, Some((owner, widens)))) => {
                counts.skip(owner);
                shapes.push((cex, owner));
                widened[owner] |= widens;
            }
            Ok((Discovered::Found { value: Ok(cex), .. }, None)) => {
                let mut judging = 0;
                let merged = property::catch(|| subsumed(prop, &found, &cex, &mut judging));
                evaluations += judging;
                match merged {
                    // An earlier counterexample is an instance of this one's class: one bug.
                    // The simpler of the two is reported, the other excluded as its shape.
                    Ok(Some((k, true))) => {
                        shapes.push((std::mem::replace(&mut found[k], cex), k));
                    }
                    Ok(Some((k, false))) => {
                        counts.skip(k);
                        shapes.push((cex, k));
                    }
                    _ => found.push(cex),
                }
            }
            Ok((Discovered::Found { value: Err(flaky), .. }, _)) => {
                problems.push(flaky);
                break;
            }
            Ok((Discovered::Passed, _)) => break,
            Ok((Discovered::GaveUp, _)) => {
                gave_up = found.is_empty();
                break;
            }
            Err(failure) => {
                problems
                    .push(outside_the_property(Some(&format!("in round {}", round + 1)), &failure));
                break;
            }
        }
        if crate::fork::overruns_spent() {
            notes.push(format!(
                "{} evaluations ran past the time limit in their child processes, each tried \
                 twice: reduction and generalization stopped there, and no further round ran",
                crate::fork::OVERRUNS
            ));
            break;
        }
        if round + 1 < rounds && args.interactive && !ask_for_more(found.last()) {
            break;
        }
    }
    let found = Found { counterexamples: found, problems, notes, gave_up };
    Report::new(args, seed, counts, evaluations, found)
}

/// The earlier counterexample that `cex` is another shape of, if any: the same leaves in
/// another shape, or the same elements in another order, fail the same way and are an
/// instance of that counterexample's class. The shapes tried: every rotation of a tree node
/// done (`reduce::normal::rotated_all`, leaning right); the inner lists of every list of
/// lists concatenated, and every map of lists' lists under its first key
/// (`reduce::sequences::merged_all`), or a list of lists' elements all in the last inner
/// list (`shifted_all`); the elements of lists nested in a list of their type lifted
/// out (`lifted_all`); every list's elements in their order of simplicity
/// (`reduce::normal::sorted_all`); then one element of a list moved elsewhere in it
/// (`reduce::sequences::moved_one`), one link of a chain moved elsewhere in it (an API
/// program's calls, `reduce::normal::relinked_one`; for a failure that names its bug only), and
/// one entry of a map or a set left out
/// (`reduce::sequences::dropped_one`: entries are kept in key order, so an entry the bug does
/// not need may stand before the one it does), each run only where it would be an instance
/// of a known class. Before them, without an evaluation: the mirror image (every node's two
/// ends of its own type swapped, `reduce::normal::mirrored_all`) or one node's two ends
/// swapped (`swapped_one`) that is exactly a known bug's counterexample (`known`: each value
/// with its failure and the class it stands for), failing alike: a check made at the root
/// only fails on either side, or a level down on the other. A tree whose in-order keys must
/// be sorted fails in every shape of `[0, 1, 0]`, lists whose union must stay small in every
/// split of `[[0, 1, -1, 2, -2]]`, a list that must not mix `None` and `Some` in either order,
/// a ring buffer's wrapped index after writes and reads in several orders, as a list or as
/// an API program's calls; reduction in a
/// later round must stay out of the known class, so each shape came out a class of its own
/// (two or three for one bug, in most runs). A bug that needs its shape or its order stays apart: the other shape passes. At
/// most one evaluation a shape, for a counterexample that has it, and [`MOVES_RUN`] for the
/// moves and as many for the entries left out (found among O(`LISTS`³) moves and O(`LISTS`²)
/// entries by the classes' patterns, without running them); the mirror and O(`NEAR`) swaps
/// are compared with the known values, O(n) each.
fn another_shape(
    tester: &mut Tester<'_>,
    known: &[(&Root, &Failure, usize)],
    cex: &Counterexample<Root>,
) -> Option<usize> {
    use crate::reduce::normal::{mirrored_all, relinked_one, rotated_all, sorted_all, swapped_one};
    use crate::reduce::order::compare;
    use crate::reduce::sequences::{dropped_one, lifted_all, merged_all, moved_one, shifted_all};
    if !tester.excludes() {
        return None; // no earlier class to belong to: no evaluation spent
    }
    // Each shape is built only when the ones before it did not place the counterexample.
    // The mirror image, or one node's two sides swapped, merges only onto a known bug's own
    // counterexample, exactly and failing alike: these reshape what an order reads (a search
    // tree's keys run backwards), so an instance of a class would not do (a left spine too
    // deep, a second bug beside out-of-order keys, was merged into them).
    let exactly = |shape: &Root| {
        known.iter().find_map(|&(value, failure, owner)| {
            let same = compare(NodeRef::Value(shape.node()), NodeRef::Value(value.node()));
            (same.is_eq() && failure.same_signature(&cex.failure)).then_some(owner)
        })
    };
    if let Some(owner) = mirrored_all(&cex.value).as_ref().and_then(exactly) {
        return Some(owner);
    }
    if let Some(owner) = swapped_one(&cex.value).find_map(|s| exactly(&s)) {
        return Some(owner);
    }
    let shapes: [fn(&Root) -> Option<Root>; 5] =
        [rotated_all, merged_all, shifted_all, lifted_all, sorted_all];
    let same_bug = |tester: &mut Tester<'_>, shape: &Root| match tester.classify(&**shape) {
        (Outcome::Fail(f), Some(owner)) if f.signature() == cex.failure.signature() => Some(owner),
        _ => None,
    };
    let mut shaped = shapes.iter().filter_map(|shape| shape(&cex.value));
    if let Some(owner) = shaped.find_map(|s| same_bug(tester, &s)) {
        return Some(owner);
    }
    // One element moved, then one entry of a map or set left out: run only those that
    // would be an instance of a known class, at most `MOVES_RUN` of each.
    let first_owner = |tester: &mut Tester<'_>, changed: &mut dyn Iterator<Item = Root>| {
        let mut runs = 0;
        for candidate in changed {
            if runs == MOVES_RUN {
                break;
            }
            if tester.known_class(&*candidate, &cex.failure).is_some() {
                runs += 1;
                if let Some(owner) = same_bug(tester, &candidate) {
                    return Some(owner);
                }
            }
        }
        None
    };
    // A chain's link moved is asked only of a failure that names its bug (a panic site, an
    // `Err` variant): a moved link lands in a known class and fails there whatever bug the
    // counterexample shows, and two bugs of a one-slot queue that both return `false` were
    // one class in 26 of 30 seeds (19 before).
    let relinked = |tester: &mut Tester<'_>| match cex.failure.names_its_bug() {
        true => first_owner(tester, &mut relinked_one(&cex.value)),
        false => None,
    };
    first_owner(tester, &mut moved_one(&cex.value))
        .or_else(|| relinked(tester))
        .or_else(|| first_owner(tester, &mut dropped_one(&cex.value)))
}

/// Moves of one element (and, apart, of one link, and entries left out) that
/// [`another_shape`] runs at most,
/// each an instance of a known class were it to fail the same way.
const MOVES_RUN: usize = 4;

/// The first earlier counterexample of `found` that is an instance of `cex`'s class (its
/// value matches the class's pattern and it failed the same way), and whether `cex` is the
/// simpler of the two: one bug, which the later formula says more about. The later formula
/// may claim what the earlier could not: a constructor variable over some constructors (`c0
/// in {Name, DotDot}`) where the earlier one's constructor held a variable (`Name(x0)`),
/// interchangeable constructors (`k0 in {Add, Sub, Mul}`) the earlier claimed over fewer
/// under its own values, fields in any order (`forall orders of the tuple's fields: ([x1,
/// ..x0], [])`, where a bitset union that stops at the shorter operand came out as `([0],
/// [])` and its mirror, two classes in 3 of 10 seeds), or a variable where the earlier one's
/// check ran out of budget.
/// The property's runs it makes (an earlier counterexample unlike the formula's literals is
/// an instance only when `cex` with its values there fails the same way) are added to
/// `evaluations`.
fn subsumed(
    prop: &RootProperty<'_>,
    found: &[Counterexample<Root>],
    cex: &Counterexample<Root>,
    evaluations: &mut usize,
) -> Option<(usize, bool)> {
    use crate::reduce::order::compare;
    cex.generalization.as_ref().filter(|g| g.is_general())?;
    let class = Known::of(std::slice::from_ref(cex), Some(prop));
    let k = found.iter().position(|old| class.class_of(&*old.value, &old.failure).is_some());
    *evaluations += class.evaluations();
    let k = k?;
    let (new, old) = (NodeRef::Value(cex.value.node()), NodeRef::Value(found[k].value.node()));
    Some((k, compare(new, old).is_lt()))
}

/// The earlier class that `cex`, found in a later round, is another value of: where it
/// holds a known class's shape, but other values than its formula at the class's literals
/// that the class's counterexample does not fail with (so discovery and reduction took it
/// for new), its reduction with nothing excluded lands in the class. One bug past a
/// threshold or over a sum, which a formula can only show as literals (`forall x0: (x0,
/// 101)` for a sum over 100), comes out of a later round as `(1, 100)`, and a sum over a
/// number and a list's length as `([0; 14], 7)` beside `([], 21)`: reduced in the open,
/// `(0, 101)` and `([], 21)` again. Two bugs that both return `false` on one shape stay
/// apart: beside `(0, 128)`'s class (a second byte of 128 or more), `(7, 0)` reduces to
/// itself. From the reduced value only: reduced in the open from discovery, a list too
/// long slipped into a flag's class (`([7, 1, 4, 0, 0], Some(false))` to `([], Some(true))`,
/// deleting and raising), where its reduction within the classes ends at `([0, 0, 0, 0],
/// None)`, of another shape. Not for a find whose failure needs nothing at the class's
/// literals (`Known::fails_apart`): `(Some(9), 0)` beside `forall x0: (x0, 150)` is another
/// bug, which the reduction in the open would slide into the class (`Some(9)` dropped as the
/// second byte rose to its top). One that fails whatever its value at a field where a
/// class's literal is its type's simplest value (`Known::apart_at_a_fixed_simplest`: `(true,
/// [0; 7])`, a list over 6 long, beside `forall x0: (false, x0)`, would slide onto `false`)
/// is reduced with that class's instances off limits: it may land in another known class
/// (`(1, 39, [0; 16])`, a sum over 199, beside `(0, x1, x0)` and `(x1, 199, x0)`), never in
/// that one (`judged`: that verdict on `cex`'s own value, where the caller made it). One
/// reduction of a reduced value, for a counterexample of a known class's shape only, after at
/// most one run a class; its evaluations are the tester's.
fn in_the_open(
    args: &Args,
    tester: &mut Tester<'_>,
    known: &Knowing<'_, '_>,
    gen: &mut Gen,
    cex: &Counterexample<Root>,
    judged: Option<Option<usize>>,
) -> Option<usize> {
    let (value, judged) = match known.classes.class_of_shape(&*cex.value, &cex.failure) {
        Some(_) => (cex.value.clone(), judged),
        None => (moved_into_a_shape(tester, known, cex)?, None),
    };
    if known.classes.fails_apart(&*value, &cex.failure) {
        return None;
    }
    // Apart from a class at a field's simplest value: reduced with that class's instances
    // off limits, it may still land in another known class (one bug past a threshold, read
    // through another field), never in that one.
    let apart =
        judged.unwrap_or_else(|| known.classes.apart_at_a_fixed_simplest(&*value, &cex.failure));
    let off_limits = |v: &dyn SubValue, f: &Failure| {
        known.classes.class_of(v, f).filter(|&owner| Some(owner) == apart)
    };
    with_stack_for(room_for(args, &cex.value), || {
        let mut open = Tester::new(known.prop, apart.map(|_| &off_limits as Precondition<'_>));
        let failure = cex.failure.clone();
        let reducer = Reducer::new(args, &mut open, gen, value, failure).in_steps();
        let (reduced, failure) = reducer.run();
        tester.evaluations += open.evaluations;
        known.classes.class_of(&*reduced, &failure).filter(|&owner| Some(owner) != apart)
    })
}

/// `cex` with one element of a list moved (`reduce::sequences::moved_one`) where that holds a
/// known class's shape and fails the same way, for [`in_the_open`]: one bug read through a
/// relation the formula cannot say, whose later counterexample holds the class's shape in
/// another order only (a shortest-job picker that halves an `Io` job's length: `[Cpu(2),
/// Io(3)]` beside `[Io(1), c0(..), ..x0]`, where `[Io(3), Cpu(2)]` fails and reduces to
/// `[Io(1), Cpu(0)]`). At most [`MOVES_RUN`] runs, of moves that hold a shape.
fn moved_into_a_shape(
    tester: &mut Tester<'_>,
    known: &Knowing<'_, '_>,
    cex: &Counterexample<Root>,
) -> Option<Root> {
    use crate::reduce::sequences::moved_one;
    let signature = cex.failure.signature();
    (moved_one(&cex.value))
        .filter(|moved| known.classes.class_of_shape(&**moved, &cex.failure).is_some())
        .take(MOVES_RUN)
        .find(|moved| {
            matches!(tester.classify(&**moved).0, Outcome::Fail(f) if f.signature() == signature)
        })
}

/// The earlier counterexample a round's find belongs to, and whether it was found there in
/// the open ([`in_the_open`]: another value of the bug, not another shape).
type Owner = (usize, bool);

/// What a round knows of the bugs already found: the property, their classes, and each
/// known bug's counterexamples (its own and its other shapes) with their failures and the
/// bug each stands for.
struct Knowing<'k, 'p> {
    prop: &'p RootProperty<'p>,
    classes: &'k Known<'p>,
    values: &'k [(&'k Root, &'k Failure, usize)],
}

/// One round: discovery, then reduction of what it found, and its generalization unless it
/// is another shape of a bug already found (then the earlier counterexample it belongs to
/// comes with it, and no evaluation is spent explaining what will not be reported).
/// The bug it belongs to comes with the flag that says it was found in the open (another
/// value of the bug, not another shape).
fn one_round(
    args: &Args,
    ty: RootType,
    tester: &mut Tester<'_>,
    known: &Knowing<'_, '_>,
    gen: &mut Gen,
    counts: &mut Counts,
    notes: &mut Vec<String>,
) -> (Discovered<Result<Counterexample<Root>, String>>, Option<Owner>) {
    let excise = |value: &dyn SubValue, failure: &Failure| known.classes.excised(value, failure);
    match discover(args, ty, tester, gen, counts, Some(&excise)) {
        Discovered::Found { value, failure, origin } => {
            crate::timeout::reducing(origin);
            // Reduction and generalization draw from a generator of their own, seeded by one
            // draw: how many numbers they take never changes what later rounds discover.
            let mut own = Gen::new(gen.next_u64(), 0);
            let cex = reduce_found(args, tester, &mut own, value, failure.clone(), notes);
            let owner = cex.as_ref().ok().and_then(|cex| {
                // A find apart from a class at a field's simplest value is no other shape of
                // it: `[1, 0, 0, 0, 0, 0, 0]`, a list too long, sorts to `[0, 0, 0, 0, 0, 0,
                // 1]`, which fails for its length and holds `forall x0: [0, ..x0]` too.
                let mut apart = None;
                let shape = another_shape(tester, known.values, cex).filter(|&owner| {
                    let judged = known.classes.apart_at_a_fixed_simplest(&*cex.value, &cex.failure);
                    *apart.insert(judged) != Some(owner)
                });
                shape.map(|owner| (owner, false)).or_else(|| {
                    in_the_open(args, tester, known, &mut own, cex, apart)
                        .map(|owner| (owner, true))
                })
            });
            let cex = cex.map(|mut cex| {
                if owner.is_none() {
                    generalize_found(args, tester, &mut own, &mut cex);
                }
                cex.origin = origin;
                cex
            });
            (Discovered::Found { value: cex, failure, origin }, owner)
        }
        Discovered::Passed => (Discovered::Passed, None),
        Discovered::GaveUp => (Discovered::GaveUp, None),
    }
}

/// Reduces `value`, checks the result fails when re-run, and renders it; generalization is
/// [`generalize_found`]'s, a step of its own (a round merges another shape of a known bug
/// between the two). `Err` says the property is flaky: `value` failed once and passed on
/// every re-run.
pub(crate) fn reduce_found(
    args: &Args,
    tester: &mut Tester<'_>,
    gen: &mut Gen,
    value: Root,
    failure: Failure,
    notes: &mut Vec<String>,
) -> Result<Counterexample<Root>, String> {
    // Values from hand-written generators or saved entries may be deeper than the run's
    // bound: make room for this one.
    with_stack_for(room_for(args, &value), || {
        let start = tester.evaluations;
        let size_before = value.size();
        let (reduced, failure) = Reducer::new(args, tester, gen, value.clone(), failure).run();
        let (reduced, failure) = confirm(tester, reduced, &value, failure, notes)?;
        let reduce_evaluations = tester.evaluations - start;
        run_again(tester, &reduced, notes);
        Ok(finish(args, value, reduced, failure, size_before, reduce_evaluations))
    })
}

/// Generalizes `cex`, counting what that spends.
pub(crate) fn generalize_found(
    args: &Args,
    tester: &mut Tester<'_>,
    gen: &mut Gen,
    cex: &mut Counterexample<Root>,
) {
    with_stack_for(room_for(args, &cex.original), || {
        let start = tester.evaluations;
        cex.generalization =
            crate::generalize::generalize_reduced(args, tester, gen, &*cex.value, &cex.failure);
        cex.generalize_evaluations = tester.evaluations - start;
    });
}

/// The stack depth reduction and generalization of `value` (as discovered) need: its
/// nesting, and room for the values they build.
fn room_for(args: &Args, value: &Root) -> usize {
    nesting_of(value.node()).saturating_add(args.max_size)
}

/// Runs a confirmed counterexample again ([`CONFIRM_RUNS`] in all, the reduction's count of
/// evaluations left as it was): a property that depends on more than its input (a
/// `HashMap`'s order, the clock) may pass on one of the runs, and the report says so.
fn run_again(tester: &mut Tester<'_>, reduced: &Root, notes: &mut Vec<String>) {
    let passed =
        (1..CONFIRM_RUNS).filter(|_| !matches!(tester.run(&**reduced), Outcome::Fail(_))).count();
    if passed > 0 {
        notes.push(format!(
            "the property is not deterministic: {reduced:?} failed, then passed on a re-run; \
             it may pass when you run it"
        ));
    }
}

/// The reported counterexample must fail when re-run: `reduced` when it does, else the
/// input as discovered when that fails again (with a note), else the property is flaky.
fn confirm(
    tester: &mut Tester<'_>,
    reduced: Root,
    original: &Root,
    failure: Failure,
    notes: &mut Vec<String>,
) -> Result<(Root, Failure), String> {
    if let Outcome::Fail(f) = tester.run(&*reduced) {
        return Ok((reduced, f));
    }
    for _ in 0..FLAKY_RERUNS {
        if let Outcome::Fail(f) = tester.run(&**original) {
            let note = "the property is not deterministic: the reduced value passed when \
                        re-run, so the counterexample as discovered is reported";
            if !notes.iter().any(|n| n == note) {
                notes.push(note.to_string());
            }
            return Ok((original.clone(), f));
        }
    }
    Err(format!(
        "the property is flaky: {original:?} failed once ({failure}), then passed on \
         {FLAKY_RERUNS} re-runs; it is not reported as a counterexample"
    ))
}

fn finish(
    args: &Args,
    original: Root,
    value: Root,
    failure: Failure,
    size_before: usize,
    evaluations: usize,
) -> Counterexample<Root> {
    let rendered = render_format(NodeRef::Value(value.node()), &Holes::new(), args.format);
    Counterexample {
        size_after: value.size(),
        value,
        original,
        failure,
        size_before,
        evaluations,
        rendered,
        generalization: None,
        generalize_evaluations: 0,
        origin: None,
    }
}

/// Asks on stdin whether to look for another counterexample (the paper's REPL).
fn ask_for_more(last: Option<&Counterexample<Root>>) -> bool {
    let mut err = std::io::stderr();
    if let Some(cex) = last {
        let _ = writeln!(err, "smartcheck: found\n  {}", cex.rendered.replace('\n', "\n  "));
        if let Some(g) = cex.generalization.as_ref().filter(|g| g.is_general()) {
            let _ = writeln!(err, "generalized:\n  {}", g.to_string().replace('\n', "\n  "));
        }
    }
    let _ = write!(err, "smartcheck: look for another counterexample? [y/N] ");
    let _ = err.flush();
    let mut line = String::new();
    match std::io::stdin().lock().read_line(&mut line) {
        Ok(0) | Err(_) => false,
        Ok(_) => matches!(line.trim(), "y" | "Y" | "yes"),
    }
}
