//! Running candidates against the property: counting evaluations, keeping to one failure class,
//! and remembering what each candidate already run did.
//!
//! A candidate is a counterexample when it meets the precondition (and, while strengthening,
//! the extra precondition of §5.3) and fails the property *the same way* as the counterexample
//! being reduced: same panic location, same `Err` variant, or a plain `false`. So two bugs are
//! never merged into one report, and reduction never slips from one bug to another.
//!
//! A candidate with a node outside its type's constraints (`#[smartcheck(range = ..)]`,
//! `#[smartcheck(invariant = ..)]`) is a discard, not run: O(n) in its nodes per candidate.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasher, BuildHasherDefault, Hasher};

use crate::property::{self, Failure, Outcome, RootProperty};
use crate::reduce::FastHasher;
use crate::root::node_of;
use crate::subtypes::{NodeRef, SubValue};

/// Precondition strengthening's exclusion (§5.3): for a failing candidate, the index of the
/// earlier class of counterexample it is an instance of, if any. Reduction treats such a
/// candidate as not failing; discovery skips it.
pub type Precondition<'a> = &'a dyn Fn(&dyn SubValue, &Failure) -> Option<usize>;

/// What a candidate that did not fail as asked did instead.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Unlike {
    /// It passed.
    Passed,
    /// It was discarded (a precondition, a node outside its constraints, an earlier class).
    Discarded,
    /// It failed another way.
    FailedOtherwise,
}

/// Runs candidates and counts evaluations.
pub struct Tester<'a> {
    prop: &'a RootProperty<'a>,
    extra: Option<Precondition<'a>>,
    /// Property calls made so far.
    pub evaluations: usize,
    /// Structural hashes (already keyed) of candidates seen not to fail as asked, with what
    /// they did instead, in a map that does not hash them again with SipHash.
    seen: HashMap<u64, Unlike, BuildHasherDefault<FastHasher>>,
    /// Structural hashes of candidates seen to fail as asked while a reducer runs
    /// ([`recording`](Self::recording)): read only by [`passes`](Self::passes), as a reducer
    /// never asks again about a value it kept.
    failed: HashSet<u64, BuildHasherDefault<FastHasher>>,
    /// Whether failures are recorded in `failed`: during reduction only (generalization runs
    /// a hundred failures a claim, and recording them cost a failing run 4% of its time).
    recording: bool,
    hasher: std::hash::RandomState,
}

/// True when every node of `value` (frozen and opaque ones included) is within its type's
/// constraints ([`SubTypes::within_constraints`](crate::SubTypes::within_constraints)): a candidate that is not is no value of its
/// type, so it counts as discarded, never run. O(n) in the nodes, no recursion; nothing
/// until a type with constraints is in use.
pub(crate) fn within_constraints(value: &dyn SubValue) -> bool {
    !crate::derive_support::constraints_in_use()
        || crate::derive_support::first_broken_node(NodeRef::Value(node_of(value))).is_none()
}

impl<'a> Tester<'a> {
    /// A tester of `prop`, with an optional extra precondition.
    pub fn new(prop: &'a RootProperty<'a>, extra: Option<Precondition<'a>>) -> Self {
        Tester {
            prop,
            extra,
            evaluations: 0,
            seen: HashMap::default(),
            failed: HashSet::default(),
            recording: false,
            hasher: std::hash::RandomState::new(),
        }
    }

    /// Runs the property on `value`; a failure of an excluded class counts as a discard.
    pub fn run(&mut self, value: &dyn SubValue) -> Outcome {
        match self.classify(value) {
            (Outcome::Fail(_), Some(_)) => Outcome::Discard,
            (outcome, _) => outcome,
        }
    }

    /// True when an extra precondition excludes values (a later round's known classes): only
    /// then can [`classify`](Self::classify) name one.
    pub fn excludes(&self) -> bool {
        self.extra.is_some()
    }

    /// The earlier class `value` would be an instance of, were it to fail with `failure`;
    /// nothing is run. `None` when nothing is excluded.
    pub fn known_class(&self, value: &dyn SubValue, failure: &Failure) -> Option<usize> {
        self.extra.and_then(|excluded| excluded(value, failure))
    }

    /// Runs the property on `value`: its outcome and, for a failure, the earlier class it is an
    /// instance of (`None`: a new failure, or nothing excluded).
    pub fn classify(&mut self, value: &dyn SubValue) -> (Outcome, Option<usize>) {
        self.classify_drawn(value, false)
    }

    /// [`classify`](Self::classify) a value; `plain` when it is known to hold no node of a
    /// type with constraints (a test input whose draw made none), so it is not walked for
    /// them unless it fails.
    pub fn classify_drawn(
        &mut self,
        value: &dyn SubValue,
        plain: bool,
    ) -> (Outcome, Option<usize>) {
        if !plain && !within_constraints(value) {
            return (Outcome::Discard, None);
        }
        self.evaluations += 1;
        let outcome = property::run_erased(&|| (self.prop)(value));
        // A failure is walked all the same: a hand-written generator may build a constrained
        // type outside its constraints without a note, and such a value is no counterexample
        // (reduction would drop it, and call the property flaky).
        if plain && matches!(outcome, Outcome::Fail(_)) && !within_constraints(value) {
            return (Outcome::Discard, None);
        }
        let known = match (&outcome, self.extra) {
            (Outcome::Fail(f), Some(excluded)) => excluded(value, f),
            _ => None,
        };
        (outcome, known)
    }

    /// Runs the property itself on `value`, without strengthening's exclusion: generalization
    /// (§5.1, §5.2) makes claims about the property, so a replacement that lands in an earlier
    /// class of counterexample still fails it. `None`, not run, when `value` has a node
    /// outside its type's constraints: it is no value of its type.
    pub fn run_property(&mut self, value: &dyn SubValue) -> Option<Outcome> {
        if !within_constraints(value) {
            return None;
        }
        self.evaluations += 1;
        Some(property::run_erased(&|| (self.prop)(value)))
    }

    /// The failure of `value` when it fails with the given signature (any failure when
    /// `signature` is `None`); candidates already seen not to are not run again.
    pub fn fails_as(&mut self, value: &dyn SubValue, signature: Option<&str>) -> Option<Failure> {
        self.outcome_as(value, signature).ok()
    }

    /// [`fails_as`](Self::fails_as), saying what a candidate that does not fail so did
    /// instead (remembered, as `fails_as` remembers it).
    pub fn outcome_as(
        &mut self,
        value: &dyn SubValue,
        signature: Option<&str>,
    ) -> Result<Failure, Unlike> {
        let key = self.key(value);
        self.outcome_keyed(key, value, signature)
    }

    /// [`outcome_as`](Self::outcome_as) for a `value` whose key is `key`.
    fn outcome_keyed(
        &mut self,
        key: u64,
        value: &dyn SubValue,
        signature: Option<&str>,
    ) -> Result<Failure, Unlike> {
        if let Some(&unlike) = self.seen.get(&key) {
            return Err(unlike);
        }
        let unlike = match self.run(value) {
            Outcome::Fail(f) if signature.is_none_or(|s| f.has_signature(s)) => {
                if self.recording {
                    self.failed.insert(key);
                }
                return Ok(f);
            }
            Outcome::Fail(_) => Unlike::FailedOtherwise,
            Outcome::Pass => Unlike::Passed,
            Outcome::Discard => Unlike::Discarded,
        };
        self.seen.insert(key, unlike);
        Err(unlike)
    }

    /// Whether `value` passes, as [`outcome_as`](Self::outcome_as) says, without running it
    /// again when it was run before, whatever it did (values kept by a reducer included).
    pub fn passes(&mut self, value: &dyn SubValue, signature: Option<&str>) -> bool {
        let key = self.key(value);
        !self.failed.contains(&key)
            && self.outcome_keyed(key, value, signature) == Err(Unlike::Passed)
    }

    /// Starts (`true`) or ends recording failures for [`passes`](Self::passes).
    pub fn record_failures(&mut self, on: bool) {
        self.recording = on;
    }

    /// Remembers that `value` fails as asked (a reduction's start, run before it began).
    pub fn failed_as_asked(&mut self, value: &dyn SubValue) {
        let key = self.key(value);
        self.failed.insert(key);
    }

    /// A structural hash of `value` (constructors and leaves, see
    /// `reduce::tree::hash_value`), keyed per tester: no `Debug` text is built for it.
    fn key(&self, value: &dyn SubValue) -> u64 {
        let mut h = self.hasher.build_hasher();
        crate::reduce::tree::hash_value(NodeRef::Value(node_of(value)), &mut h);
        h.finish()
    }
}
