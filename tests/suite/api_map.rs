//! The correct map (`examples/api_map.rs`) against its model: no false alarm; and the same
//! model catching a wrapper that does not overwrite, so the model oracle can fail.

use crate::examples::api_map as example;

use std::collections::BTreeMap;

use example::{MapProgram, Model};
use smartcheck::api;
use smartcheck::{Args, Failure};

#[test]
fn ten_thousand_programs_on_the_correct_map_report_nothing() {
    let args = Args { seed: Some(0), tests: 10_000, ..Args::default() };
    let report = api::test_api::<MapProgram>(&args);
    assert!(!report.failed(), "{report}");
    assert_eq!(report.report().tests(), 10_000);
    assert_eq!(report.coverage().never_called(), Vec::<&str>::new());
}

#[test]
fn no_false_alarm_over_thirty_seeds() {
    for seed in 1..=30 {
        let args = Args { seed: Some(seed), tests: 1000, ..Args::default() };
        let report = api::test_api::<MapProgram>(&args);
        assert!(!report.failed(), "seed {seed}: {report}");
    }
}

/// A wrapper whose `insert` keeps the old value of a key it already has.
#[derive(Debug, Clone, Default)]
pub struct Sticky {
    inner: BTreeMap<u8, u8>,
}

#[smartcheck::api(model = Model)]
impl Sticky {
    /// The empty map.
    pub fn new() -> Sticky {
        Sticky { inner: BTreeMap::new() }
    }

    /// Should set `key` to `value`; keeps the old value instead.
    pub fn insert(&mut self, key: u8, value: u8) -> Option<u8> {
        let old = self.inner.get(&key).copied();
        self.inner.entry(key).or_insert(value);
        old
    }

    /// The value of `key`.
    pub fn get(&self, key: u8) -> Option<u8> {
        self.inner.get(&key).copied()
    }
}

#[test]
fn the_model_finds_a_wrapper_that_does_not_overwrite() {
    for seed in 0..30 {
        let args = Args { seed: Some(seed), tests: 1000, ..Args::default() };
        let report = api::test_api::<StickyProgram>(&args);
        assert!(report.failed(), "seed {seed}: not found\n{report}");
        let printed = &report.printed()[0];
        let disagrees =
            matches!(printed.failure(), Some(Failure::Err(e)) if e.starts_with("ModelDisagrees"));
        assert!(disagrees, "seed {seed}: {report}");
        // new, insert, insert on the same key, and an observer (`get`, or a third `insert`
        // whose returned old value disagrees): the least that shows it.
        assert_eq!(printed.calls(), 4, "seed {seed}: {report}");
    }
}

#[test]
fn a_disagreement_prints_as_the_failing_assert_eq() {
    let args = Args { seed: Some(1), tests: 1000, ..Args::default() };
    let report = api::test_api::<StickyProgram>(&args);
    let expected = "let mut s = Sticky::new();\n\
                    s.insert(0, 0);\n\
                    s.insert(0, 1);\n\
                    assert_eq!(s.insert(0, 0), Some(1)); // the model's answer";
    assert_eq!(report.printed()[0].to_string(), expected);
}

#[test]
#[should_panic(expected = "left: Some(0)\n right: Some(1)")]
fn the_pasted_program_of_that_report_fails_as_a_test() {
    let mut s = Sticky::new();
    s.insert(0, 0);
    s.insert(0, 1);
    assert_eq!(s.insert(0, 0), Some(1)); // the model's answer
}

#[test]
#[should_panic(expected = "left: Some(0)\n right: Some(1)")]
fn the_pasted_disagreement_fails_as_a_test() {
    let mut s = Sticky::new();
    s.insert(0, 0);
    s.insert(0, 1);
    assert_eq!(s.get(0), Some(1)); // the model's answer
}
