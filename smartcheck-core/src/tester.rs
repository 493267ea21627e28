//! Running candidates against the property: counting evaluations, keeping to one failure class,
//! and remembering candidates already known to pass.
//!
//! A candidate is a counterexample when it meets the precondition (and, while strengthening,
//! the extra precondition of §5.3) and fails the property *the same way* as the counterexample
//! being reduced: same panic location, same `Err` variant, or a plain `false`. So two bugs are
//! never merged into one report, and reduction never slips from one bug to another.

use std::collections::HashSet;
use std::hash::{BuildHasher, Hasher};

use crate::property::{self, Failure, Outcome, PropertyResult};

/// Precondition strengthening's exclusion: a failure it returns true for is an earlier class of
/// counterexample, and the candidate counts as discarded.
pub type Precondition<'a, T> = &'a dyn Fn(&T, &Failure) -> bool;

/// Runs candidates and counts evaluations.
pub struct Tester<'a, T, P> {
    prop: &'a P,
    extra: Option<Precondition<'a, T>>,
    /// Property calls made so far.
    pub evaluations: usize,
    passed: HashSet<u64>,
    hasher: std::hash::RandomState,
}

impl<'a, T: crate::SubTypes, R: PropertyResult, P: Fn(&T) -> R> Tester<'a, T, P> {
    /// A tester of `prop`, with an optional extra precondition.
    pub fn new(prop: &'a P, extra: Option<Precondition<'a, T>>) -> Self {
        Tester {
            prop,
            extra,
            evaluations: 0,
            passed: HashSet::new(),
            hasher: std::hash::RandomState::new(),
        }
    }

    /// Runs the property on `value`; a failure of an excluded class counts as a discard.
    pub fn run(&mut self, value: &T) -> Outcome {
        self.evaluations += 1;
        match property::run(self.prop, value) {
            Outcome::Fail(f) if self.extra.is_some_and(|excluded| excluded(value, &f)) => {
                Outcome::Discard
            }
            outcome => outcome,
        }
    }

    /// Runs the property itself on `value`, without strengthening's exclusion: generalization
    /// (§5.1, §5.2) makes claims about the property, so a replacement that lands in an earlier
    /// class of counterexample still fails it.
    pub fn run_property(&mut self, value: &T) -> Outcome {
        self.evaluations += 1;
        property::run(self.prop, value)
    }

    /// The failure of `value` when it fails with the given signature (any failure when
    /// `signature` is `None`); candidates already seen to pass are not run again.
    pub fn fails_as(&mut self, value: &T, signature: Option<&str>) -> Option<Failure> {
        let key = self.key(value);
        if self.passed.contains(&key) {
            return None;
        }
        match self.run(value) {
            Outcome::Fail(f) if signature.is_none_or(|s| f.signature() == s) => Some(f),
            _ => {
                self.passed.insert(key);
                None
            }
        }
    }

    /// A hash of `value`'s rendered text (maps and sets sorted, so equal values agree).
    fn key(&self, value: &T) -> u64 {
        struct Into<'h, H: Hasher>(&'h mut H);
        impl<H: Hasher> std::fmt::Write for Into<'_, H> {
            fn write_str(&mut self, s: &str) -> std::fmt::Result {
                self.0.write(s.as_bytes());
                Ok(())
            }
        }
        let mut h = self.hasher.build_hasher();
        let text = crate::render::render(crate::NodeRef::Value(value.node()), &Default::default());
        let _ = std::fmt::write(&mut Into(&mut h), format_args!("{text}"));
        h.finish()
    }
}
