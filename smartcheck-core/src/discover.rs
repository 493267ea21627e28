//! Discovery: QuickCheck-style random testing (paper §2) that finds one new counterexample.
//!
//! Sizes grow from 0 to `max_gen_size` over the round's tests. An input that fails as an
//! instance of an earlier class of counterexample (precondition strengthening, §5.3) is
//! *skipped*: it uses up one of the round's `tests`, never the discard budget, and is counted
//! per class. A round ends early once 18 of its last 20 inputs were known instances: it
//! would mostly find the known classes again.
//!
//! Invariant: a round runs at most `tests` inputs that meet the precondition (passed or
//! skipped) and gives up after more than `max_discard_ratio × tests` discards.
//! Cost: one generation and one evaluation per input.

use crate::args::Args;
use crate::gen::Gen;
use crate::origin::Origin;
use crate::property::{Failure, Outcome};
use crate::report::Counts;
use crate::stack::{nesting_of, with_stack_for};
use crate::subtypes::SubTypes;
use crate::tester::Tester;

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

/// Random testing until a new counterexample, the end of the round's tests, or too many
/// discards.
pub(crate) fn discover<T: SubTypes>(
    args: &Args,
    tester: &mut Tester<'_, T>,
    gen: &mut Gen,
    counts: &mut Counts,
) -> Discovered<T> {
    let min = crate::arbitrary::require_min_size::<T>();
    let max_discards = args.max_discard_ratio.saturating_mul(args.tests.max(1));
    let mut round = Tally::default();
    let found = loop {
        if round.ran() >= args.tests || round.only_known() {
            break Discovered::Passed;
        }
        let size = round.size(args);
        let origin = Origin { seed: gen.fork_seed(), size, budget: size.max(min) };
        crate::timeout::testing(round.ran() + 1, origin);
        let value: T = crate::derive_support::grow(|| origin.generate());
        let (outcome, known) = with_stack_for(nesting_of(&value), || tester.classify(&value));
        match (outcome, known) {
            (Outcome::Fail(_), Some(class)) => {
                round.note(true);
                counts.skip(class);
            }
            (Outcome::Fail(failure), None) => {
                round.note(false);
                if args.verbose {
                    eprintln!("smartcheck: test {} failed: {failure}", round.tests);
                }
                break Discovered::Found { value, failure, origin: Some(origin) };
            }
            (Outcome::Pass, _) => round.note(false),
            (Outcome::Discard, _) => {
                round.discards += 1;
                if round.discards > max_discards {
                    break Discovered::GaveUp;
                }
            }
        }
        if args.verbose && (round.ran() + round.discards) % 10 == 0 {
            eprintln!(
                "smartcheck: {} tests passed, {} discarded, {} known instances skipped (size {size})",
                round.tests, round.discards, round.skipped
            );
        }
    };
    counts.tests += round.tests;
    counts.discards += round.discards;
    found
}
