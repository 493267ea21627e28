//! [`check`] and [`check_with`]: replay what earlier runs saved, then search.
//!
//! Beyond the paper; SPEC §6 ("nothing lost"). A check first replays, from the test file's
//! [`Store`]: the seeds of earlier runs that crashed (each is run again in full), then the saved
//! inputs of its type (for a one-argument contract's test, also those saved when it drew its
//! argument `T` as the 1-tuple `(T,)`: each drawn as the tuple drew it and kept as saved, never
//! saved again as a `T`, whose generator draws another value from that origin; a crash saved
//! so is reported, not rerun). Then the rounds loop (§5.3) searches with the replayed
//! counterexamples as its first known classes, so a second bug is still found. Every new
//! counterexample is saved.
//!
//! Invariants: the report says where each replayed counterexample came from (file and line);
//! its rerun line gives the same report, because a run replays the inputs its own seed found
//! only where its rounds do not find them again (with other settings: fewer tests), so a
//! rerun with that seed replays exactly what this run did; no saved input is skipped unseen.
//! While the check runs, an in-flight record holds its seed, so a crash can be rerun. No panic
//! of the input type's own code (generator, `Clone`, `Debug`, `Drop`, `Eq`, `Ord`, `Hash`)
//! escapes: replaying an input runs inside a catch and becomes a problem of the report, the
//! line kept; a `Debug` that panics while saving gives a fixed text instead ([`debug_text`]),
//! so the input is still saved; the report's values are dropped inside a catch before `check`
//! panics with its text.
//!
//! Cost: one evaluation per saved input (plus reduction of those that still fail), one full
//! run per crashed seed, and a few small file operations.

use std::io::Write as _;
use std::panic::Location;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::args::Args;
use crate::derive_support::ExhaustiveRun;
use crate::enumerate::{NoNth, MAX_NTH_BUILDS};
use crate::exhaustive::Exhaustive;
use crate::gen::Gen;
use crate::persist::{value_hash, Crash, Entry, Enumerated, InFlight, Saved, Store};
use crate::property::{self, Failure, Outcome, PropertyResult, RootProperty};
use crate::report::{outside_the_property, Counterexample, Counts, Found, Report};
use crate::root::{Root, RootType};
use crate::rounds::{generalize_found, reduce_found, rounds};
use crate::run::{seed_of, Origin};
use crate::stack::{run_depth, with_stack_for};
use crate::strengthen::Known;
use crate::subtypes::{SubTypes, SubValue};
use crate::tester::Tester;

/// Like [`smart_check`](crate::smart_check) with [`Args::default`] and the environment's
/// overrides (`SMARTCHECK_SEED`, `SMARTCHECK_TESTS`, `SMARTCHECK_ROUNDS`, `SMARTCHECK_VERBOSE`),
/// for use in a `#[test]`: panics with the report when the property fails or discovery gives up.
///
/// Counterexamples it finds are saved in `smartcheck-regressions/` beside the crate and
/// replayed first on the next run, and a run that crashes (abort, stack overflow, out of
/// memory) is replayed by its seed (see [`persist`](crate::persist); `SMARTCHECK_PERSIST=0`
/// turns that off). With [`Args::fork`] (`SMARTCHECK_FORK=1`), each evaluation runs in a
/// child process instead, so such a crash is a counterexample, reduced like any other.
///
/// ```should_panic
/// # std::env::set_var("SMARTCHECK_PERSIST", "0"); // keep the docs' own run from saving it
/// smartcheck_core::check(|v: &Vec<u8>| v.len() < 3);
/// ```
#[track_caller]
pub fn check<T: SubTypes, R: PropertyResult>(prop: impl Fn(&T) -> R) {
    check_with(&Args::default(), prop)
}

/// [`check`] with explicit arguments (the environment still overrides them).
#[track_caller]
pub fn check_with<T: SubTypes, R: PropertyResult>(args: &Args, prop: impl Fn(&T) -> R) {
    check_enumerated(args, prop, None)
}

/// [`check_with`], for `#[smartcheck::property]`, with the exhaustive check of `T` when `T`
/// enumerates: under [`Args::exhaustive`] (or `SMARTCHECK_EXHAUSTIVE`) it replays the test's
/// saved failures, then checks every value up to the depth instead of random discovery, saves
/// the failure it finds (an `enumerated` line, see [`persist`](crate::persist)) and panics
/// with its report. Without an enumeration, random discovery runs, and stderr says why.
/// Either way, a failure an exhaustive check saved is replayed first.
#[doc(hidden)]
#[track_caller]
pub fn check_enumerated<T: SubTypes, R: PropertyResult>(
    args: &Args,
    prop: impl Fn(&T) -> R,
    exhaustive: Option<ExhaustiveRun<T>>,
) {
    let ty = RootType::of::<T>().enumerated_by(exhaustive.map(|run| run.nth));
    check_enumerated_as(args, ty, prop, exhaustive, Location::caller())
}

/// [`check_enumerated`] with inputs of the type `ty` (a contract's argument: see
/// [`RootType::of_contract_argument`]), for the test at `at`.
#[track_caller]
fn check_enumerated_as<T: SubTypes, R: PropertyResult>(
    args: &Args,
    ty: RootType,
    prop: impl Fn(&T) -> R,
    exhaustive: Option<ExhaustiveRun<T>>,
    at: &Location<'_>,
) {
    let with_env = env_args(args);
    match (with_env.exhaustive, exhaustive) {
        (Some(depth), Some(run)) => {
            let prop = |value: &T| prop(value).into_outcome();
            // The saved failures first, as in random discovery's mode; the check once they pass.
            let replayed = report_erased(args, ty, &property::erase(prop), at, Discovery::Off);
            if !replayed.passed() {
                panic!("{}", text_of(replayed));
            }
            let (report, unsaved) = exhaustive_saved(&with_env, ty, run, depth, &prop, at);
            if report.failed() {
                panic!("{report}{unsaved}");
            }
            if with_env.verbose {
                eprint!("{report}");
            }
            return;
        }
        (Some(depth), None) => eprintln!(
            "smartcheck: exhaustive checking to depth {depth} was asked for, but no \
             enumeration of `{}` is known here (derive `Enumerate` and use \
             `#[smartcheck::property]` or `smartcheck::exhaustive::exhaustive_check`): random \
             discovery runs instead",
            std::any::type_name::<T>()
        ),
        (None, _) => {}
    }
    check_erased(args, ty, &property::erase(prop), at)
}

/// Runs `run`'s exhaustive check of `prop` to `depth` and saves the failure it finds, by its
/// position among the values, in the regressions file of the test at `at` (`Args::persist`),
/// so the next run replays it first, in whichever mode it runs. Also returns what the report
/// adds when the failure could not be saved (nothing otherwise).
fn exhaustive_saved<T: SubTypes>(
    args: &Args,
    ty: RootType,
    run: ExhaustiveRun<T>,
    depth: usize,
    prop: &dyn Fn(&T) -> Outcome,
    at: &Location<'_>,
) -> (Exhaustive<T>, String) {
    let checked = (run.check)(args, depth, prop);
    let (Some(cex), Some(index)) = (checked.counterexample(), checked.position()) else {
        return (checked, String::new());
    };
    if !args.persist || !crate::persist::enabled() {
        return (checked, String::new());
    }
    let Some(store) = Store::for_source(at.file()) else {
        return (checked, format!("note: {NOT_SAVED}\n"));
    };
    let entry = Enumerated {
        type_name: ty.key(),
        depth,
        index,
        hash: value_hash(&debug_text(cex.original())),
        comment: debug_text(cex.value()),
    };
    if let Err(e) = store.save_enumerated(&entry) {
        eprintln!(
            "smartcheck: could not save the counterexample in {}: {e}",
            store.path().display()
        );
    }
    (checked, String::new())
}

/// Why a failure was not saved when saving was asked for and the folder is unknown.
const NOT_SAVED: &str = "not saved: CARGO_MANIFEST_DIR is not set (the test binary was not \
                         run by cargo), so the crate's smartcheck-regressions/ folder is \
                         unknown; the seed above reruns this failure";

/// `args` with the environment's overrides; panics with the message when one is malformed.
#[track_caller]
pub(crate) fn env_args(args: &Args) -> Args {
    match args.clone().with_env() {
        Ok(args) => args,
        Err(message) => panic!("smartcheck: {message}"),
    }
}

/// [`check_with`] past the property's and the value's types: compiled once. Its panic is
/// the caller's (`#[track_caller]` from the user's test down), so a failing test points at
/// the test, not at this file.
#[track_caller]
fn check_erased(args: &Args, ty: RootType, prop: &RootProperty<'_>, at: &Location<'_>) {
    let report = report_erased(args, ty, prop, at, Discovery::On);
    if !report.passed() {
        panic!("{}", text_of(report));
    }
}

/// Whether a check runs random discovery after replaying its saved failures.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Discovery {
    /// Replay, then the rounds loop.
    On,
    /// Replay only: an exhaustive check follows.
    Off,
}

/// The report [`check_with`] panics with unless it passed: saved failures replayed first,
/// new ones saved (`Args::persist`); with [`Discovery::Off`], the replay alone (a report of
/// no tests, which passes when nothing replayed fails).
fn report_erased(
    args: &Args,
    ty: RootType,
    prop: &RootProperty<'_>,
    at: &Location<'_>,
    discovery: Discovery,
) -> Report<Root> {
    let args = env_args(args);
    let seed = seed_of(&args);
    let store = if args.persist { Store::for_source(at.file()) } else { None };
    let mut report = crate::fork::with_fork(&args, prop, |prop| {
        with_stack_for(run_depth(&args), || match (&store, discovery) {
            (Some(store), _) => Replay::new(&args, ty, store, at).run(prop, seed, discovery),
            (None, Discovery::On) => rounds(&args, ty, prop, seed, Vec::new()),
            (None, Discovery::Off) => replayed_only(&args, seed, Vec::new()),
        })
    });
    // Saving was asked for and could not be done: the report says so, never silently.
    let unsaved = args.persist && crate::persist::enabled() && store.is_none();
    if unsaved && !report.counterexamples.is_empty() {
        report.notes.push(NOT_SAVED.to_string());
    }
    report
}

/// The report of a replay that no random discovery follows: the counterexamples replayed.
fn replayed_only(args: &Args, seed: u64, known: Vec<Counterexample<Root>>) -> Report<Root> {
    let mut notes = Vec::new();
    if !known.is_empty() {
        notes.push(
            "the exhaustive check did not run: it runs once the saved failures replayed here \
             pass"
                .to_string(),
        );
    }
    let found = Found { counterexamples: known, problems: Vec::new(), notes, gave_up: false };
    let mut report = Report::new(args, seed, Counts::default(), 0, found);
    report.replayed_only = true;
    report
}

/// The depth the test of `#[smartcheck::contract]` checks every value to when random
/// discovery gives up (Target's default).
pub const CONTRACT_DEPTH: usize = 5;

/// The test `#[smartcheck::contract]` generates without `exhaustive = N`: [`check_with`]
/// (random discovery, failures saved and replayed); when random discovery gives up because
/// `requires` rejects most arguments, or passes having discarded at least as many arguments
/// as it tested ([`few_valid`]), and the argument types enumerate, every argument tuple up
/// to [`CONTRACT_DEPTH`] is checked too, as Target does, and the test passes only when none
/// fails (stderr says what was covered); the failure it finds is saved and replayed first
/// next time. Under `SMARTCHECK_EXHAUSTIVE` it is the property's exhaustive check
/// ([`check_enumerated`]).
#[doc(hidden)]
#[track_caller]
pub fn contract_test<T: SubTypes, R: PropertyResult>(
    args: &Args,
    prop: impl Fn(&T) -> R,
    exhaustive: Option<ExhaustiveRun<T>>,
) {
    let at = Location::caller();
    let ty = RootType::of_contract_argument::<T>().enumerated_by(exhaustive.map(|run| run.nth));
    let with_env = env_args(args);
    if with_env.exhaustive.is_some() {
        return check_enumerated_as(args, ty, prop, exhaustive, at);
    }
    let report = report_erased(args, ty, &property::erase(&prop), at, Discovery::On);
    match exhaustive {
        Some(run) if few_valid(&report) => {
            let random = text_of(report);
            let prop = |value: &T| prop(value).into_outcome();
            let (checked, unsaved) =
                exhaustive_saved(&with_env, ty, run, CONTRACT_DEPTH, &prop, at);
            let both = crate::exhaustive::after_random(&random, &checked);
            if checked.failed() {
                panic!("{both}{unsaved}");
            }
            eprintln!("{both}");
        }
        _ if !report.passed() => panic!("{}", text_of(report)),
        _ => {}
    }
}

/// True when random discovery gave up, or passed having discarded at least as many arguments
/// as it tested: `requires` lets few through, and the ones drawn are a thin sample of the
/// valid ones. A binary search under `requires = sorted(v)`, wrong for the last element of
/// lists of three or more, passed its random test in 23 of 30 seeds (about a quarter of the
/// drawn lists are sorted, short ones most); the small ones, all checked, hold `([0, 0, 1], 1)`.
fn few_valid(report: &Report<Root>) -> bool {
    report.gave_up() || (report.passed() && report.discards() >= report.tests())
}

/// The test `#[smartcheck::contract(.., exhaustive = N)]` generates: random discovery with
/// `args` (and the environment's overrides), its saved failures replayed first, then every
/// value up to `depth`; panics with the report of whichever failed, and saves the failure as
/// [`contract_test`] does. When random discovery gave up and the exhaustive check found
/// nothing, it passes: every valid input up to the depth was checked.
#[doc(hidden)]
#[track_caller]
pub fn contract_test_exhaustive<T: crate::enumerate::Enumerate + SubTypes, R: PropertyResult>(
    args: &Args,
    depth: usize,
    prop: impl Fn(&T) -> R,
) {
    let at = Location::caller();
    let run = ExhaustiveRun::<T>::of();
    let ty = RootType::of_contract_argument::<T>().enumerated_by(Some(run.nth));
    let with_env = env_args(args);
    let random = report_erased(args, ty, &property::erase(&prop), at, Discovery::On);
    if random.failed() {
        panic!("{}", text_of(random));
    }
    let random = text_of(random);
    let prop = |value: &T| prop(value).into_outcome();
    let (checked, unsaved) = exhaustive_saved(&with_env, ty, run, depth, &prop, at);
    let both = crate::exhaustive::after_random(&random, &checked);
    if checked.failed() {
        panic!("{both}{unsaved}");
    }
    if with_env.verbose {
        eprintln!("{both}");
    }
}

/// The report's text, the report dropped first (its values' `Drop` runs inside the catch: one
/// that panics while `check`'s own panic unwinds would abort the process).
fn text_of(report: Report<Root>) -> String {
    let text = report.to_string();
    match property::catch(move || drop(report)) {
        Ok(()) => text,
        Err(failure) => {
            let dropping = outside_the_property(Some("dropping the reported values"), &failure);
            format!("{text}\nerror: {dropping}")
        }
    }
}

/// `value`'s `Debug` text, or, when its `Debug` panics, a text saying so with the panic's
/// message (the same text each time, so a saved input's identity does not need `Debug`).
pub(crate) fn debug_text<T: std::fmt::Debug>(value: &T) -> String {
    property::catch(|| format!("{value:?}")).unwrap_or_else(|failure| match failure {
        Failure::Panic { message, .. } => format!("<its Debug panicked: {message}>"),
        other => format!("<its Debug failed: {other}>"),
    })
}

/// What replaying one saved input gave.
enum Rerun {
    /// The input no longer generates the value that was saved.
    Stale,
    /// The input is an `enumerated` line naming a position its type does not have up to its
    /// depth, or one too far to reach (corrupted, or edited by hand).
    Unreachable(String),
    /// It passes now (or is flaky): nothing to report.
    Passes,
    /// It fails, as a class not known yet: reduced and generalized.
    Fails(Box<Counterexample<Root>>, Vec<String>),
}

/// One check's replay: what it has found so far and what it will report about it.
struct Replay<'a> {
    args: &'a Args,
    ty: RootType,
    store: &'a Store,
    location: String,
    type_name: String,
    known: Vec<Counterexample<Root>>,
    notes: Vec<String>,
    /// Panics outside the property while replaying saved inputs.
    problems: Vec<String>,
    evaluations: usize,
    /// The origins of the counterexamples replayed from lines saved as a 1-tuple, which are
    /// not saved again under the type itself (its generator draws another value from them).
    from_one_tuples: Vec<crate::run::Origin>,
}

impl<'a> Replay<'a> {
    fn new(args: &'a Args, ty: RootType, store: &'a Store, at: &Location<'_>) -> Self {
        Replay {
            args,
            ty,
            store,
            location: format!("{}:{}:{}", at.file(), at.line(), at.column()),
            type_name: ty.key(),
            known: Vec::new(),
            notes: Vec::new(),
            problems: Vec::new(),
            evaluations: 0,
            from_one_tuples: Vec::new(),
        }
    }

    /// Crashed seeds, saved inputs (drawn, then enumerated), then the rounds loop with `seed`
    /// (unless `discovery` is off); saves what it finds.
    fn run(mut self, prop: &RootProperty<'_>, seed: u64, discovery: Discovery) -> Report<Root> {
        let fresh: Vec<u64> = self.store.collect_crashes().into_iter().map(|c| c.seed).collect();
        let loaded = self.store.load(&self.type_name);
        for problem in loaded.problems {
            eprintln!("smartcheck: {problem}");
            self.notes.push(problem);
        }
        for crash in loaded.crashes.iter().filter(|c| c.record.seed != seed) {
            self.replay_crash(prop, crash, fresh.contains(&crash.record.seed));
        }
        let flight = self.store.in_flight(&self.type_name, seed, &self.location); // till the end
        let prop = &counted(prop, flight.as_ref());
        // The lines this seed found are left to the rounds, which find them again with the
        // same settings (so a rerun's report is this one's); checked below.
        let own = |i: &&Saved<Entry>| i.record.run == Some(seed) && discovery == Discovery::On;
        let (again, inputs): (Vec<&Saved<Entry>>, _) = loaded.inputs.iter().partition(own);
        for input in inputs {
            self.replay_input(prop, &SavedInput::drawn(input, false));
        }
        let one_tuples = self.one_tuple_inputs();
        let (tuples_again, tuples): (Vec<&Saved<Entry>>, _) = one_tuples.iter().partition(own);
        for input in tuples {
            self.replay_input(prop, &SavedInput::drawn(input, true));
        }
        for input in &loaded.enumerated {
            self.replay_input(prop, &SavedInput::enumerated(input));
        }
        // Each with whether it was saved as a 1-tuple.
        let again: Vec<(&Saved<Entry>, bool)> = (again.into_iter().map(|i| (i, false)))
            .chain(tuples_again.into_iter().map(|i| (i, true)))
            .collect();
        // Kept for a second run of the rounds, only where one may be needed.
        let replayed = (!again.is_empty()).then(|| self.known.clone());
        let known = std::mem::take(&mut self.known);
        let mut report = match discovery {
            Discovery::On => rounds(self.args, self.ty, prop, seed, known),
            Discovery::Off => replayed_only(self.args, seed, known),
        };
        // Where the rounds did not find one of them again (other settings: fewer tests, a
        // smaller size), it is replayed, and the rounds run again knowing it: a saved failure
        // is never skipped unseen.
        if let Some(replayed) = replayed {
            let found: Vec<(Origin, u64)> = (report.counterexamples.iter())
                .filter_map(|c| Some((c.origin?, value_hash(&debug_text(&c.original)))))
                .collect();
            let lost = again
                .into_iter()
                .filter(|(input, _)| !found.contains(&(input.record.origin, input.record.hash)));
            let lost: Vec<(&Saved<Entry>, bool)> = lost.collect();
            if !lost.is_empty() {
                self.known = replayed;
                for (input, one_tuple) in lost {
                    self.replay_input(prop, &SavedInput::drawn(input, one_tuple));
                }
                let spent = report.evaluations;
                report = rounds(self.args, self.ty, prop, seed, std::mem::take(&mut self.known));
                report.evaluations += spent;
            }
        }
        self.save_all(&report.counterexamples, seed);
        self.notes.append(&mut report.notes);
        report.notes = self.notes;
        report.evaluations += self.evaluations;
        report.add_problems_first(self.problems);
        report
    }

    /// Runs the seed of a run that crashed, in full, first: if it crashes again, this is where.
    /// A crash found since the last run is announced on the real stderr, which a crash does
    /// not lose (the test harness's captured output is lost with the process).
    fn replay_crash(&mut self, prop: &RootProperty<'_>, crash: &Saved<Crash>, fresh: bool) {
        let seed = crash.record.seed;
        let what = format!(
            "an earlier run with seed {seed:#x} did not finish: it crashed (abort, stack \
             overflow or out of memory) or overran its time limit; it is saved in {}:{} ({}) \
             and replayed first (rerun it alone with SMARTCHECK_SEED={seed:#x})",
            self.store.shown(),
            crash.line,
            crash.record.comment
        );
        if fresh {
            let _ = writeln!(std::io::stderr(), "smartcheck: {what}");
        }
        let flight = self.store.in_flight(&self.type_name, seed, &self.location);
        let before = self.known.len();
        let prop = counted(prop, flight.as_ref());
        let report = rounds(self.args, self.ty, &prop, seed, std::mem::take(&mut self.known));
        self.evaluations += report.evaluations;
        self.known = report.counterexamples;
        self.save_all(&self.known[before..], seed);
        let outcome = match self.known.len() - before {
            0 => "it finished this time and found no counterexample".to_string(),
            n => format!("it finished this time and found {n} counterexample(s), listed here"),
        };
        self.notes.push(format!("{what}; {outcome}"));
        // Its problems (a flaky failure, a panic outside the property) are this run's too.
        let rerun = format!("rerunning the crashed run with seed {seed:#x}");
        self.problems.extend(report.problems.iter().map(|p| format!("{rerun}: {p}")));
        self.notes.extend(report.notes);
    }

    /// The inputs saved as the 1-tuple `(T,)` of the type `T` of a contract's one argument,
    /// which its test drew so before: read back, never left behind unread. (The file's
    /// unreadable lines were reported by the first load.) A crashed run saved so is not rerun,
    /// as the seed draws its argument otherwise now: reported, and its line kept.
    fn one_tuple_inputs(&mut self) -> Vec<Saved<Entry>> {
        let Some(one_tuple) = self.ty.one_tuple() else { return Vec::new() };
        let loaded = self.store.load(&(one_tuple.key)());
        for crash in &loaded.crashes {
            self.notes.push(format!(
                "{}:{}: a run with seed {:#x} crashed when this test drew its argument as a \
                 1-tuple; that seed draws it otherwise now and is not rerun (the line is kept) \
                 ({})",
                self.store.shown(),
                crash.line,
                crash.record.seed,
                crash.record.comment
            ));
        }
        loaded.inputs
    }

    /// Runs one saved input; a failure of a class not yet known is reduced, generalized and
    /// becomes a known class, reported as replayed. A panic outside the property (in the input
    /// type's generator, enumeration, `Clone`, `Debug`, `Drop`, ...) is reported, and the line
    /// kept. An input an exhaustive check saved, where this check cannot enumerate the type, is
    /// reported as not replayed, and its line kept.
    fn replay_input(&mut self, prop: &RootProperty<'_>, input: &SavedInput<'_>) {
        let at = format!("{}:{}", self.store.shown(), input.line);
        let comment = input.comment;
        if matches!(input.how, How::Enumerated { .. }) && self.ty.nth().is_none() {
            let unread = format!(
                "{at}: an input an exhaustive check saved is not replayed here: this check \
                 cannot enumerate its type (the line is kept): {comment}"
            );
            eprintln!("smartcheck: {unread}");
            return self.notes.push(unread);
        }
        let mut evaluations = 0;
        let rerun = property::catch(|| self.rerun(prop, input, &mut evaluations));
        self.evaluations += evaluations;
        let (mut cex, mut notes) = match rerun {
            Ok(Rerun::Fails(cex, notes)) => (cex, notes),
            Ok(Rerun::Passes) => return,
            Ok(Rerun::Unreachable(why)) => {
                // As the file's unreadable lines are: reported, on stderr and in the report.
                let unread = format!("{at}: unreadable line kept as it is ({why}): {comment}");
                eprintln!("smartcheck: {unread}");
                return self.notes.push(unread);
            }
            Ok(Rerun::Stale) => {
                // On stderr at once, and in the report when there is one: a passing test's
                // stderr is captured, and the line would go unnoticed.
                let stale = format!(
                    "{at}: stale entry skipped (the type or its generator changed since it was \
                     saved; the line is kept): {comment}"
                );
                eprintln!("smartcheck: {stale}");
                return self.notes.push(stale);
            }
            Err(failure) => {
                let when = format!("replaying the input saved in {at}");
                return self.problems.push(outside_the_property(Some(&when), &failure));
            }
        };
        let one_tuple = matches!(input.how, How::Drawn { one_tuple: true, .. });
        if let How::Drawn { origin, one_tuple } = input.how {
            cex.origin = Some(origin);
            if one_tuple {
                self.from_one_tuples.push(origin);
            }
        }
        self.notes.push(format!(
            "counterexample {} was replayed from {at}, saved by an earlier run{}{}; it fails again",
            self.known.len() + 1,
            input.run.map(|run| format!(" with seed {run:#x}")).unwrap_or_default(),
            if one_tuple { " when this test drew its argument as a 1-tuple" } else { "" }
        ));
        self.notes.append(&mut notes);
        self.known.push(*cex);
    }

    /// Makes the saved input again and runs it: all the user's code it calls, for
    /// [`Replay::replay_input`] to run inside a catch.
    fn rerun(
        &self,
        prop: &RootProperty<'_>,
        input: &SavedInput<'_>,
        evaluations: &mut usize,
    ) -> Rerun {
        let made = crate::derive_support::grow(|| match (input.how, self.ty.one_tuple()) {
            (How::Drawn { origin, one_tuple: true }, Some(tuple)) => Ok((tuple.generate)(&origin)),
            (How::Drawn { origin, .. }, _) => {
                let value = self.ty.generate(&origin);
                let text = debug_text(&value);
                Ok((value, text))
            }
            (How::Enumerated { depth, index }, _) => {
                let nth = self.ty.nth().ok_or(Rerun::Stale)?;
                let value = nth(depth, index)
                    .map_err(|why| Rerun::Unreachable(unreachable(why, depth, index)))?;
                let text = debug_text(&value);
                Ok((value, text))
            }
        });
        let value = match made {
            Ok((value, text)) if value_hash(&text) == input.hash => value,
            Ok(_) => return Rerun::Stale,
            Err(unmade) => return unmade,
        };
        let classes = Known::of(&self.known, Some(prop));
        let exclude = |v: &dyn SubValue, f: &Failure| classes.class_of(v, f);
        let mut tester = Tester::new(prop, Some(&exclude));
        let outcome = tester.run(&*value);
        let mut notes = Vec::new();
        let found = match outcome {
            Outcome::Fail(failure) => {
                let seed = match input.how {
                    How::Drawn { origin, .. } => origin.seed,
                    How::Enumerated { index, .. } => index,
                };
                let mut gen = Gen::new(seed, self.args.max_size);
                // A flaky input (it passes when re-run) is no counterexample to replay.
                let args = self.args;
                let cex = reduce_found(args, &mut tester, &mut gen, value, failure, &mut notes);
                cex.ok().map(|mut cex| {
                    generalize_found(args, &mut tester, &mut gen, &mut cex);
                    cex
                })
            }
            Outcome::Pass | Outcome::Discard => None,
        };
        *evaluations = tester.evaluations + classes.evaluations();
        found.map_or(Rerun::Passes, |cex| Rerun::Fails(Box::new(cex), notes))
    }

    /// Saves the counterexamples that random discovery found, by their origin, as found by
    /// a run with `seed`.
    fn save_all(&self, found: &[Counterexample<Root>], seed: u64) {
        for cex in found {
            let Some(origin) = cex.origin else { continue };
            if self.from_one_tuples.contains(&origin) {
                continue; // saved as a 1-tuple, and kept so
            }
            let entry = Entry {
                type_name: self.type_name.clone(),
                origin,
                hash: value_hash(&debug_text(&cex.original)),
                run: Some(seed),
                comment: debug_text(&cex.value),
            };
            if let Err(e) = self.store.save(&entry) {
                eprintln!(
                    "smartcheck: could not save the counterexample in {}: {e}",
                    self.store.path().display()
                );
            }
        }
    }
}

/// Why position `index` of the values up to `depth` that an `enumerated` line names gives no
/// value, for the report.
fn unreachable(why: NoNth, depth: usize, index: u64) -> String {
    match why {
        NoNth::Beyond { count } => {
            format!("index={index} is beyond the {count} values of its type up to depth {depth}")
        }
        NoNth::TooFar => format!(
            "reaching index={index} of the values up to depth {depth} builds more than {} \
             values, more than a saved line is replayed with",
            crate::exhaustive::thousands(MAX_NTH_BUILDS as usize)
        ),
    }
}

/// One saved input to replay, whichever way it was saved.
struct SavedInput<'e> {
    /// Its line in the file.
    line: usize,
    /// The [`value_hash`] of the value's `Debug` text when saved.
    hash: u64,
    /// The seed of the run that found it, when known.
    run: Option<u64>,
    /// The value as saved, for the report.
    comment: &'e str,
    how: How,
}

/// How a saved input is made again.
#[derive(Clone, Copy)]
enum How {
    /// Generated from its origin (`one_tuple`: as the 1-tuple of the type, see
    /// [`RootType::of_contract_argument`]).
    Drawn { origin: Origin, one_tuple: bool },
    /// The value at `index` of the type's enumeration up to `depth`.
    Enumerated { depth: usize, index: u64 },
}

impl<'e> SavedInput<'e> {
    fn drawn(saved: &'e Saved<Entry>, one_tuple: bool) -> Self {
        let entry = &saved.record;
        SavedInput {
            line: saved.line,
            hash: entry.hash,
            run: entry.run,
            comment: &entry.comment,
            how: How::Drawn { origin: entry.origin, one_tuple },
        }
    }

    fn enumerated(saved: &'e Saved<Enumerated>) -> Self {
        let entry = &saved.record;
        SavedInput {
            line: saved.line,
            hash: entry.hash,
            run: None,
            comment: &entry.comment,
            how: How::Enumerated { depth: entry.depth, index: entry.index },
        }
    }
}

/// `prop`, recording in `flight` the number of each evaluation before it starts, so that the
/// record of a run that crashes says in which evaluation it did.
fn counted<'p>(
    prop: &'p RootProperty<'p>,
    flight: Option<&'p InFlight>,
) -> impl Fn(&dyn SubValue) -> Outcome + 'p {
    let started = AtomicU64::new(0);
    move |value: &dyn SubValue| {
        if let Some(flight) = flight {
            flight.evaluating(started.fetch_add(1, Ordering::Relaxed) + 1);
        }
        prop(value)
    }
}
