//! The report (SPEC §5): what was tested, with which seed, and every class of counterexample
//! found, reduced and generalized; the end of a run's one-way flow.
//!
//! Invariant: a run that found a counterexample, a flaky failure or a panic outside the
//! property is [`Status::Failed`]; inputs skipped as instances of earlier classes (§5.3) are
//! reported as such, never as discards. Cost: printing is linear in the report's text.

use std::fmt;

use crate::args::{Args, Format};
use crate::generalize::Generalization;
use crate::origin::Origin;
use crate::property::Failure;
use crate::root::Root;
use crate::strengthen::{unlike_literals, Literal};
use crate::subtypes::NodeRef;

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Every test passed.
    Passed,
    /// Too many inputs were discarded by the precondition.
    GaveUp,
    /// At least one counterexample was found.
    Failed,
}

/// One counterexample: as discovered, reduced, and generalized.
#[derive(Clone, Debug)]
pub struct Counterexample<T> {
    pub(crate) value: T,
    pub(crate) original: T,
    pub(crate) failure: Failure,
    pub(crate) size_before: usize,
    pub(crate) size_after: usize,
    pub(crate) evaluations: usize,
    pub(crate) rendered: String,
    pub(crate) generalization: Option<Generalization>,
    pub(crate) generalize_evaluations: usize,
    pub(crate) origin: Option<Origin>,
}

impl<T> Counterexample<T> {
    /// The reduced counterexample. It fails the property when re-run.
    pub fn value(&self) -> &T {
        &self.value
    }

    /// The counterexample as discovered, before reduction.
    pub fn original(&self) -> &T {
        &self.original
    }

    /// Why it fails: `false`, an `Err`, or a panic's message and location.
    pub fn failure(&self) -> &Failure {
        &self.failure
    }

    /// Constructors before reduction.
    pub fn size_before(&self) -> usize {
        self.size_before
    }

    /// Constructors after reduction.
    pub fn size_after(&self) -> usize {
        self.size_after
    }

    /// Property evaluations spent reducing this counterexample (re-running the result once
    /// included).
    pub fn evaluations(&self) -> usize {
        self.evaluations
    }

    /// Where the discovered value came from, when random discovery found it: enough to
    /// generate it again.
    pub fn origin(&self) -> Option<Origin> {
        self.origin
    }

    /// Property evaluations spent generalizing it.
    pub fn generalize_evaluations(&self) -> usize {
        self.generalize_evaluations
    }

    /// The reduced value as printed in the report (Rust syntax or tree).
    pub fn rendered(&self) -> &str {
        &self.rendered
    }

    /// The generalization of the reduced value, when generalization ran.
    pub fn generalization(&self) -> Option<&Generalization> {
        self.generalization.as_ref()
    }
}

impl Counterexample<Root> {
    /// This counterexample with its values taken out as the run's type `T`.
    pub(crate) fn downcast<T: 'static>(self) -> Counterexample<T> {
        Counterexample {
            value: self.value.downcast(),
            original: self.original.downcast(),
            failure: self.failure,
            size_before: self.size_before,
            size_after: self.size_after,
            evaluations: self.evaluations,
            rendered: self.rendered,
            generalization: self.generalization,
            generalize_evaluations: self.generalize_evaluations,
            origin: self.origin,
        }
    }
}

/// Counts kept across discovery rounds.
#[derive(Default)]
pub(crate) struct Counts {
    /// Inputs that passed, or failed as a new counterexample.
    pub tests: usize,
    /// Inputs the precondition discarded.
    pub discards: usize,
    /// Inputs skipped as instances of counterexample `i + 1`, per earlier class.
    pub skipped: Vec<usize>,
    /// Rounds run.
    pub rounds: usize,
    /// Each earlier class's counterexample and literal leaves
    /// ([`literal_leaves`](crate::strengthen::literal_leaves)), for the classes that a
    /// reduction showed to fail with other values at them (`widened`); empty for the others,
    /// whose instances with other values there were each judged the same bug
    /// ([`Known::class_of`](crate::strengthen::Known::class_of)). Set before each round.
    pub literals: Vec<Option<(Root, Vec<Literal>)>>,
    /// Per earlier class, how many skipped inputs held its shape at the root but another
    /// value at one of its literal leaves, and the first of them as text.
    pub unlike: Vec<(usize, Option<String>)>,
}

impl Counts {
    pub(crate) fn skip(&mut self, class: usize) {
        if self.skipped.len() <= class {
            self.skipped.resize(class + 1, 0);
        }
        self.skipped[class] += 1;
    }

    /// Counts `input`, skipped as an instance of `class`, and notes it when the class was
    /// widened (`literals`) and `input` holds its shape at the root with another value at one
    /// of its literal leaves: an instance of the shape, not of the formula, which may be
    /// another bug that fails the same way (the class's failure says nothing of which: a
    /// plain `false`, say).
    pub(crate) fn skip_instance(&mut self, class: usize, input: NodeRef<'_>) {
        self.skip(class);
        let Some(Some((own, literals))) = self.literals.get(class) else { return };
        let own = NodeRef::Value(own.node());
        if !unlike_literals(literals, own, input).is_empty() {
            if self.unlike.len() <= class {
                self.unlike.resize(class + 1, (0, None));
            }
            let (n, first) = &mut self.unlike[class];
            *n += 1;
            first.get_or_insert_with(|| crate::render::render(input, &crate::render::Holes::new()));
        }
    }
}

/// What a run found, besides its counts.
pub(crate) struct Found<T> {
    /// Every class of counterexample, in the order found.
    pub counterexamples: Vec<Counterexample<T>>,
    /// Failures without a counterexample to show: a flaky property, a panic outside it.
    pub problems: Vec<String>,
    /// Remarks for the user.
    pub notes: Vec<String>,
    /// True when discovery gave up before finding anything.
    pub gave_up: bool,
}

/// The result of a run: `Display` prints the human report.
#[derive(Clone, Debug)]
pub struct Report<T> {
    pub(crate) seed: u64,
    pub(crate) status: Status,
    pub(crate) tests: usize,
    pub(crate) discards: usize,
    pub(crate) skipped: Vec<usize>,
    /// Per class, the skipped inputs of its shape but not of its formula, and the first.
    pub(crate) unlike: Vec<(usize, Option<String>)>,
    pub(crate) rounds: usize,
    pub(crate) evaluations: usize,
    pub(crate) counterexamples: Vec<Counterexample<T>>,
    pub(crate) format: Format,
    pub(crate) notes: Vec<String>,
    pub(crate) problems: Vec<String>,
    /// True when only saved failures were replayed (an exhaustive check follows once they
    /// pass): no test ran and no seed was used, and the header says so.
    pub(crate) replayed_only: bool,
}

impl Report<Root> {
    /// This report with its values taken out as the run's type `T`.
    pub(crate) fn downcast<T: 'static>(self) -> Report<T> {
        Report {
            seed: self.seed,
            status: self.status,
            tests: self.tests,
            discards: self.discards,
            skipped: self.skipped,
            unlike: self.unlike,
            rounds: self.rounds,
            evaluations: self.evaluations,
            counterexamples: self
                .counterexamples
                .into_iter()
                .map(Counterexample::downcast)
                .collect(),
            format: self.format,
            notes: self.notes,
            problems: self.problems,
            replayed_only: self.replayed_only,
        }
    }
}

impl<T> Report<T> {
    /// The report of a run with `seed`.
    pub(crate) fn new(
        args: &Args,
        seed: u64,
        counts: Counts,
        evaluations: usize,
        found: Found<T>,
    ) -> Report<T> {
        let status = if !found.counterexamples.is_empty() || !found.problems.is_empty() {
            Status::Failed
        } else if found.gave_up {
            Status::GaveUp
        } else {
            Status::Passed
        };
        Report {
            seed,
            status,
            tests: counts.tests,
            discards: counts.discards,
            skipped: counts.skipped,
            unlike: counts.unlike,
            rounds: counts.rounds,
            evaluations,
            counterexamples: found.counterexamples,
            format: args.format,
            notes: found.notes,
            problems: found.problems,
            replayed_only: false,
        }
    }

    /// The report of a run refused for invalid arguments (see [`Args::validate`]).
    pub(crate) fn invalid(args: &Args, seed: u64, message: String) -> Report<T> {
        let problems = vec![format!("invalid arguments: {message}")];
        let found =
            Found { counterexamples: Vec::new(), problems, notes: Vec::new(), gave_up: false };
        Report::new(args, seed, Counts::default(), 0, found)
    }

    /// Adds problems found before the run's own (replaying saved inputs), listed first: the
    /// run has failed.
    pub(crate) fn add_problems_first(&mut self, mut problems: Vec<String>) {
        if problems.is_empty() {
            return;
        }
        problems.append(&mut self.problems);
        self.problems = problems;
        self.status = Status::Failed;
    }

    /// True when a counterexample was found.
    pub fn failed(&self) -> bool {
        self.status == Status::Failed
    }

    /// True when discovery gave up because the precondition discarded too many inputs.
    pub fn gave_up(&self) -> bool {
        self.status == Status::GaveUp
    }

    /// True when every test passed.
    pub fn passed(&self) -> bool {
        self.status == Status::Passed
    }

    /// How the run ended.
    pub fn status(&self) -> Status {
        self.status
    }

    /// Every class of counterexample found, in the order found.
    pub fn counterexamples(&self) -> &[Counterexample<T>] {
        &self.counterexamples
    }

    /// The seed of the run (pass it back as `Args::seed` or `SMARTCHECK_SEED` to rerun).
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Random tests run (discards not counted), over all rounds.
    pub fn tests(&self) -> usize {
        self.tests
    }

    /// Rounds of discovery run (precondition strengthening, §5.3).
    pub fn rounds(&self) -> usize {
        self.rounds
    }

    /// Inputs discarded by the precondition, over all rounds.
    pub fn discards(&self) -> usize {
        self.discards
    }

    /// Inputs skipped because they failed as instances of earlier counterexamples (§5.3):
    /// entry `i` counts those of counterexample `i + 1`.
    pub fn skipped(&self) -> &[usize] {
        &self.skipped
    }

    /// Failures with no counterexample to show: a flaky property ("failed once, passed on N
    /// re-runs"), or a panic outside the property (in the input type's generator, `Clone`,
    /// `Debug`, `Drop`, `Eq`, `Ord` or `Hash`), with where it was caught.
    pub fn problems(&self) -> &[String] {
        &self.problems
    }

    /// Property evaluations in all: discovery, reduction and generalization.
    pub fn evaluations(&self) -> usize {
        self.evaluations
    }
}

/// The problem of a panic outside the property (in user code smartcheck calls on the input
/// type: a generator, `Clone`, `Debug`, `Drop`, `Eq`, `Ord` or `Hash`; or, where its
/// location is in `smartcheck-core`, smartcheck's own), caught `when` (`"in round 2"`, or
/// `None`): its location and message.
pub(crate) fn outside_the_property(when: Option<&str>, failure: &Failure) -> String {
    let (message, location) = match failure {
        Failure::Panic { message, location } => (message.as_str(), location.as_deref()),
        _ => ("", None),
    };
    let when = when.map(|w| format!(", {w}")).unwrap_or_default();
    let at = location.unwrap_or("an unknown place");
    // smartcheck's own code (an overflow in a count, say) is not the user's to look for.
    let where_ = match at.contains("smartcheck-core") {
        true => "inside smartcheck itself: a bug of smartcheck's, please report it with the seed",
        false => "in the input type's generator, Clone, Debug, Drop, Eq, Ord or Hash",
    };
    format!("a panic outside the property{when} ({where_}) at {at}: {message}")
}

fn indent(text: &str, by: &str) -> String {
    text.lines().map(|l| format!("{by}{l}")).collect::<Vec<_>>().join("\n")
}

/// The first counterexample before the `i`th that fails at the same panic site or with the same
/// `Err` variant, and what they share: the strengthening rounds report a failure of a known
/// signature as a class of its own when it has a shape no earlier formula covers, and the
/// reader should know the two may be one bug. A failure whose signature names no site or
/// variant (`false`, an `Err` of a string or of `()`) tells nothing of its bug, so it is never
/// said to be shared ([`Failure::names_its_bug`]).
pub(crate) fn same_failure_as<T>(
    counterexamples: &[Counterexample<T>],
    i: usize,
) -> Option<(usize, &'static str)> {
    let failure = &counterexamples[i].failure;
    let what = match failure {
        Failure::Err(_) if failure.names_its_bug() => "the same Err variant",
        Failure::False | Failure::Err(_) => return None,
        Failure::Panic { location: Some(_), .. } => "the same panic site",
        Failure::Panic { location: None, .. } => "the same panic message",
    };
    let j = counterexamples[..i].iter().position(|c| c.failure.same_signature(failure))?;
    Some((j, what))
}

impl<T> fmt::Display for Report<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let seed = format!("seed {:#x} (rerun: SMARTCHECK_SEED={:#x})", self.seed, self.seed);
        let mut discards = match (self.discards, self.rounds) {
            (0, 0 | 1) => String::new(),
            (0, r) => format!(" in {r} rounds"),
            (n, 0 | 1) => format!(" ({n} discarded)"),
            (n, r) => format!(" in {r} rounds ({n} discarded)"),
        };
        for (i, &n) in self.skipped.iter().enumerate().filter(|(_, &n)| n > 0) {
            let inputs =
                if n == 1 { "input that is an instance" } else { "inputs that are instances" };
            discards += &format!("; skipped {n} {inputs} of counterexample {}", i + 1);
            if let Some((unlike, Some(first))) = self.unlike.get(i).filter(|(u, _)| *u > 0) {
                discards += &format!(
                    " ({unlike} of its shape but not of its formula, such as {first}, which \
                     fail the same way: its bug may reach beyond its formula, or another bug \
                     may hide among them)"
                );
            }
        }
        match self.status {
            Status::Passed => {
                write!(f, "smartcheck: passed {} tests{discards}; {seed}", self.tests)?
            }
            Status::GaveUp => write!(
                f,
                "smartcheck: gave up after {} tests and {} discards: the precondition rejects \
                 too many inputs; {seed}\n(where valid inputs are this rare, check every one \
                 up to a depth instead: `exhaustive = 5` in `#[smartcheck::property]`, or \
                 SMARTCHECK_EXHAUSTIVE=5, for types that derive `Enumerate`; or \
                 `smartcheck::exhaustive::exhaustive_check`)",
                self.tests, self.discards
            )?,
            // In the words of the note on each replayed counterexample (see `replay.rs`).
            Status::Failed if self.replayed_only => match self.counterexamples.len() {
                0 => write!(f, "smartcheck: property failed while replaying saved failures")?,
                1 => write!(
                    f,
                    "smartcheck: property failed: a failure saved by an earlier run was \
                     replayed and fails again"
                )?,
                n => write!(
                    f,
                    "smartcheck: property failed: {n} failures saved by earlier runs were \
                     replayed and fail again"
                )?,
            },
            Status::Failed => write!(
                f,
                "smartcheck: property failed after {} tests{discards}; {seed}",
                self.tests
            )?,
        }
        let total = self.counterexamples.len();
        for (i, cex) in self.counterexamples.iter().enumerate() {
            // A number, a char or a string alone has no constructor to count.
            let sizes = match (cex.size_before, cex.size_after) {
                (0, 0) => String::new(),
                (before, after) => format!(" from {before} to {after} constructors"),
            };
            write!(
                f,
                "\ncounterexample {} of {total}, reduced{sizes} in {} evaluations:\n{}\n\
                 failure: {}",
                i + 1,
                cex.evaluations,
                indent(&cex.rendered, "  "),
                cex.failure,
            )?;
            if let Some((j, what)) = same_failure_as(&self.counterexamples, i) {
                write!(
                    f,
                    "\n({what} as counterexample {}: likely the same bug, in another shape)",
                    j + 1
                )?;
            }
            if let Some(g) = &cex.generalization {
                if g.is_general() {
                    write!(
                        f,
                        "\ngeneralized in {} evaluations:\n{}",
                        cex.generalize_evaluations,
                        indent(&g.to_string(), "  ")
                    )?;
                }
            }
        }
        for problem in &self.problems {
            write!(f, "\nerror: {problem}")?;
        }
        for note in &self.notes {
            write!(f, "\nnote: {note}")?;
        }
        if self.status != Status::Passed {
            write!(f, "\n{} property evaluations in all", self.evaluations)?;
        }
        let _ = self.format;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_in_smartchecks_own_code_is_not_blamed_on_the_input_type() {
        let panic = |at: &str| Failure::Panic {
            message: "attempt to multiply with overflow".into(),
            location: Some(at.into()),
        };
        let own = outside_the_property(
            Some("in round 1"),
            &panic("smartcheck-core/src/generalize/universal.rs:541:76"),
        );
        assert_eq!(
            own,
            "a panic outside the property, in round 1 (inside smartcheck itself: a bug of \
             smartcheck's, please report it with the seed) at \
             smartcheck-core/src/generalize/universal.rs:541:76: attempt to multiply with overflow"
        );
        let theirs = outside_the_property(None, &panic("src/model.rs:12:5"));
        assert!(theirs.starts_with("a panic outside the property (in the input type's generator"));
    }
}
