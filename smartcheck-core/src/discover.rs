//! Discovery: QuickCheck-style random testing (paper §2) that finds one new counterexample.
//!
//! Sizes grow from 0 to `max_gen_size` over the round's tests. An input that fails as an
//! instance of an earlier class of counterexample (precondition strengthening, §5.3) is
//! *skipped*: it uses up one of the round's `tests`, never the discard budget, and is counted
//! per class. A round ends early once 18 of its last 20 inputs were known instances: it
//! would mostly find the known classes again. Before that, up to [`CUTS_RUN`] known
//! instances a round are run again with the known shapes they hold below their root cut out
//! (`Known::excised`): where one bug shows in most inputs (a `Neg` anywhere in an
//! expression), a second one beside it (a `Sub`) fails in what is left, and is found.
//!
//! Invariant: a round runs at most `tests` inputs that meet the precondition (passed or
//! skipped), and at most [`CUTS_RUN`] values cut out of them (of at most [`CUTS_TRIED`]
//! instances it tries to cut), and gives up after more than `max_discard_ratio × tests`
//! discards.
//! Cost: one generation and one evaluation per input; a known instance is listed against
//! the classes once more for each shape cut out of it (no run), and run again only when none
//! is left. The stack for the evaluation (and the
//! input's drop) is sized from how deep generation went ([`Gen::deepest`]), not by walking the
//! input; one generator is reseeded for every input, so its buffers are reused.

use crate::args::Args;
use crate::gen::Gen;
use crate::origin::Origin;
use crate::property::{Failure, Outcome};
use crate::report::Counts;
use crate::root::{Root, RootType, Slot};
use crate::stack::{has_room_for, round_depth, with_stack_for};
use crate::subtypes::SubValue;
use crate::tester::Tester;

/// A known instance with the known shapes it holds cut out (`Known::excised`), to be run
/// in its place.
pub(crate) type Excise<'a> = &'a dyn Fn(&dyn SubValue, &Failure) -> Option<Root>;

/// Known instances a round runs again with the known shapes they hold cut out, at most.
const CUTS_RUN: usize = 10;

/// Known instances a round tries to cut, at most, whether or not a value is left to run:
/// where a known shape is a leaf's constructor (`Lit(x)`), every cut puts in another and
/// the cut gives up, after listing the value up to `CUTS` times.
const CUTS_TRIED: usize = 30;

/// Known instances tried in a row that left nothing to run, after which a round tries no
/// more: where every cut leaves a known shape (a list class `[x0, x1, ..x2]` holds in every
/// tail of two or more), the tries find nothing and cost a listing of the value a cut.
const FRUITLESS: usize = 10;

/// A round ends early once this many of its last [`WINDOW`] inputs were known instances.
const NEARLY_ALL: u32 = 18;

/// The inputs (meeting the precondition) a round looks back over to end early.
const WINDOW: u32 = 20;

/// What discovery found.
pub(crate) enum Discovered<T> {
    /// A new counterexample.
    Found { value: T, failure: Failure, origin: Option<Origin> },
    /// The round ran out of tests (or ended early) without a new counterexample.
    Passed,
    /// The precondition discarded too many inputs.
    GaveUp,
}

/// One round's tallies, to size inputs and to decide when the round is over.
#[derive(Default)]
struct Tally {
    tests: usize,
    discards: usize,
    skipped: usize,
    /// The last [`WINDOW`] inputs that met the precondition, newest in bit 0: 1 for a known
    /// instance.
    recent: u32,
}

impl Tally {
    /// Inputs that met the precondition: the round's `tests` bound them.
    fn ran(&self) -> usize {
        self.tests + self.skipped
    }

    /// Records one input that met the precondition.
    fn note(&mut self, known: bool) {
        self.recent = (self.recent << 1 | u32::from(known)) & ((1 << WINDOW) - 1);
        if known {
            self.skipped += 1;
        } else {
            self.tests += 1;
        }
    }

    /// True once nearly all of the last [`WINDOW`] inputs were known instances.
    fn only_known(&self) -> bool {
        self.recent.count_ones() >= NEARLY_ALL
    }

    fn size(&self, args: &Args) -> usize {
        let grown = self.ran().saturating_mul(args.max_gen_size) / args.tests.max(1);
        grown.saturating_add(self.discards / 10).min(args.max_gen_size)
    }
}

/// One round under way: what its loop carries besides the run's state, so that the loop can
/// move to a grown stack part way through.
struct Round<'a> {
    tally: Tally,
    /// The input under test, generated in place (one box for the round, not one per input).
    input: Box<dyn Slot>,
    /// The generator reseeded for every input (its buffers reused).
    case: Gen,
    /// `T`'s smallest size: the least budget an input is generated with.
    min: usize,
    max_discards: usize,
    /// True once the round runs on a stack grown for the deepest values `args` allow.
    grown: bool,
    /// True when the input's draw made no node of a type with constraints: it is run without
    /// a walk for them (`Tester::classify_drawn`).
    plain: bool,
    /// What cuts the known shapes out of a known instance, and how many more such cut
    /// values the round may run.
    excise: Option<Excise<'a>>,
    cuts_left: usize,
    tries_left: usize,
    /// Known instances tried in a row that left no value to run.
    fruitless: usize,
}

/// Random testing until a new counterexample, the end of the round's tests, or too many
/// discards.
pub(crate) fn discover(
    args: &Args,
    ty: RootType,
    tester: &mut Tester<'_>,
    gen: &mut Gen,
    counts: &mut Counts,
    excise: Option<Excise<'_>>,
) -> Discovered<Root> {
    let mut round = Round {
        tally: Tally::default(),
        input: ty.slot(),
        case: Gen::new(0, 0),
        min: ty.min_size(),
        max_discards: args.max_discard_ratio.saturating_mul(args.tests.max(1)),
        grown: false,
        plain: false,
        excise,
        cuts_left: CUTS_RUN,
        tries_left: CUTS_TRIED,
        fruitless: 0,
    };
    let found = cases(args, tester, gen, counts, &mut round);
    counts.tests += round.tally.tests;
    counts.discards += round.tally.discards;
    found
}

/// The round's inputs, from the next one until the round is over. The first input too deep
/// for the current stack moves the rest of the round to a stack grown for the deepest inputs
/// the run can generate: at most one stack is mapped per round, and none while the inputs are
/// shallow, whatever `max_gen_size` says.
fn cases(
    args: &Args,
    tester: &mut Tester<'_>,
    gen: &mut Gen,
    counts: &mut Counts,
    round: &mut Round<'_>,
) -> Discovered<Root> {
    loop {
        if round.tally.ran() >= args.tests || round.tally.only_known() {
            return Discovered::Passed;
        }
        let size = round.tally.size(args);
        let (seed, budget, generator) = (gen.fork_seed(), size.max(round.min), gen.version());
        let origin = Origin { seed, size, budget, generator };
        crate::timeout::testing(round.tally.ran() + 1, origin);
        let noted = crate::derive_support::constraint_draws();
        crate::derive_support::grow(|| round.input.generate(&origin, &mut round.case));
        round.plain = crate::derive_support::constraint_draws() == noted;
        let depth = round.case.deepest();
        // The stack is looked at once: with room (nearly always) the input is judged here.
        let end = if has_room_for(depth) {
            judge(args, tester, counts, round, origin)
        } else if !round.grown {
            round.grown = true;
            return with_stack_for(depth.max(round_depth(args)), || {
                match judge(args, tester, counts, round, origin) {
                    Some(end) => end,
                    None => cases(args, tester, gen, counts, round),
                }
            });
        } else {
            with_stack_for(depth, || judge(args, tester, counts, round, origin))
        };
        if let Some(end) = end {
            return end;
        }
    }
}

/// Runs the property on the round's input and tallies the outcome; `Some` when that ends the
/// round. Called on a stack with room for the input, which it also drops (or takes, when it
/// is a new counterexample).
fn judge(
    args: &Args,
    tester: &mut Tester<'_>,
    counts: &mut Counts,
    round: &mut Round<'_>,
    origin: Origin,
) -> Option<Discovered<Root>> {
    let outcome = tester.classify_drawn(round.input.value(), round.plain);
    let cut = match (&outcome, round.excise) {
        ((Outcome::Fail(failure), Some(_)), Some(excise))
            if round.cuts_left > 0 && round.tries_left > 0 && round.fruitless < FRUITLESS =>
        {
            round.tries_left -= 1;
            let cut = excise(round.input.value(), failure);
            round.fruitless = if cut.is_some() { 0 } else { round.fruitless + 1 };
            cut
        }
        _ => None,
    };
    let end = tally(args, counts, round, outcome, origin);
    round.input.clear();
    end.or_else(|| cut.and_then(|cut| cut_out(tester, round, cut)))
}

/// Runs a known instance with the known shapes it held cut out (`cut`): a new
/// counterexample when it fails and is no instance itself (a second bug that hid in the
/// instances of one that shows in most inputs). Not a test of the round: no input was drawn.
fn cut_out(tester: &mut Tester<'_>, round: &mut Round<'_>, cut: Root) -> Option<Discovered<Root>> {
    round.cuts_left -= 1;
    match tester.classify(&*cut) {
        (Outcome::Fail(failure), None) => {
            Some(Discovered::Found { value: cut, failure, origin: None })
        }
        _ => None,
    }
}

/// Tallies one input's outcome (the earlier class it is an instance of, if any); `Some`
/// when that ends the round, with the input taken out of its slot when it is a new
/// counterexample.
fn tally(
    args: &Args,
    counts: &mut Counts,
    round: &mut Round<'_>,
    outcome: (Outcome, Option<usize>),
    origin: Origin,
) -> Option<Discovered<Root>> {
    let tally = &mut round.tally;
    match outcome {
        (Outcome::Fail(_), Some(class)) => {
            tally.note(true);
            counts.skip_instance(class, round.input.value().as_node());
        }
        (Outcome::Fail(failure), None) => {
            tally.note(false);
            if args.verbose {
                eprintln!("smartcheck: test {} failed: {failure}", tally.tests);
            }
            return Some(Discovered::Found {
                value: round.input.take(),
                failure,
                origin: Some(origin),
            });
        }
        (Outcome::Pass, _) => tally.note(false),
        (Outcome::Discard, _) => {
            tally.discards += 1;
            if tally.discards > round.max_discards {
                return Some(Discovered::GaveUp);
            }
        }
    }
    if args.verbose && (tally.ran() + tally.discards).is_multiple_of(10) {
        eprintln!(
            "smartcheck: {} tests passed, {} discarded, {} known instances skipped (size {})",
            tally.tests, tally.discards, tally.skipped, origin.size
        );
    }
    None
}
