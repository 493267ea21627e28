//! Distinct panic sites are distinct classes of failure: one run reports each, with its own
//! location, through the engine's strengthening rounds.

use std::collections::BTreeSet;

use smartcheck::api;
use smartcheck::{Args, Failure};

/// A counter with two bugs: `dec` below zero overflows, `nth` past the log is out of bounds.
#[derive(Debug, Clone, Default)]
pub struct Counter {
    n: u8,
    log: Vec<u8>,
}

#[smartcheck::api]
impl Counter {
    /// Zero, with an empty log.
    pub fn new() -> Counter {
        Counter::default()
    }

    /// Adds one and logs the new value.
    pub fn inc(&mut self) {
        self.n = self.n.saturating_add(1);
        self.log.push(self.n);
    }

    /// Takes one away: overflows at zero.
    pub fn dec(&mut self) {
        self.n -= 1;
    }

    /// The `i`th logged value: out of bounds past the log.
    pub fn nth(&self, i: u8) -> u8 {
        self.log[usize::from(i)]
    }
}

fn sites(report: &api::ApiReport<CounterProgram>) -> BTreeSet<u32> {
    let line = |at: &str| at.split(':').nth(1).and_then(|l| l.parse().ok());
    let site = |f: Option<&Failure>| match f {
        Some(Failure::Panic { location: Some(at), .. }) => line(at),
        _ => None,
    };
    report.printed().iter().filter_map(|p| site(p.failure())).collect()
}

#[test]
fn both_panic_sites_are_reported_in_every_run_each_in_two_calls() {
    // Line 31 is `self.n -= 1`, line 36 is `self.log[usize::from(i)]`.
    let both: BTreeSet<u32> = [31, 36].into();
    for seed in 0..30 {
        let report = api::test_api::<CounterProgram>(&Args { seed: Some(seed), ..Args::default() });
        assert_eq!(sites(&report), both, "seed {seed}: {report}");
        let shortest = |line: &str| {
            report.printed().iter().filter(|p| matches!(p.failure(), Some(Failure::Panic { location: Some(at), .. }) if at.contains(line))).map(|p| p.calls()).min()
        };
        assert_eq!(shortest(":31:"), Some(2), "seed {seed}: {report}");
        assert_eq!(shortest(":36:"), Some(2), "seed {seed}: {report}");
        assert_eq!(report.coverage().panics("inc"), 0);
    }
}

#[test]
fn each_site_prints_its_own_program() {
    let report = api::test_api::<CounterProgram>(&Args { seed: Some(1), ..Args::default() });
    let texts: Vec<String> = report.printed().iter().map(|p| p.to_string()).collect();
    let dec = "let mut s = Counter::new();\n\
               s.dec(); // panicked at tests/suite/api_panics.rs:31:9: attempt to subtract with overflow";
    let nth = "let mut s = Counter::new();\n\
               s.nth(0); // panicked at tests/suite/api_panics.rs:36:17: index out of bounds: the len is 0 \
               but the index is 0";
    assert!(texts.iter().any(|t| t == dec), "{report}");
    assert!(texts.iter().any(|t| t == nth), "{report}");
}

/// A register of two slots whose setters share one validator, which refuses a seven: one
/// panic site, reached through either setter.
#[derive(Debug, Clone, Default)]
pub struct Slots {
    a: u8,
    b: Vec<u8>,
}

fn validated(x: u8) -> u8 {
    assert!(x != 7, "seven is reserved");
    x
}

#[smartcheck::api]
impl Slots {
    /// Empty slots.
    pub fn new() -> Slots {
        Slots::default()
    }

    /// Sets the first slot.
    pub fn set(&mut self, x: u8) {
        self.a = validated(x);
    }

    /// Appends the bytes to the second slot.
    pub fn extend(&mut self, xs: Vec<u8>) {
        self.b.extend(xs.into_iter().map(validated));
    }
}

#[test]
fn a_later_program_at_an_earlier_ones_panic_site_says_so() {
    let mut several = 0;
    for seed in 0..30 {
        let report = api::test_api::<SlotsProgram>(&Args { seed: Some(seed), ..Args::default() });
        let text = report.to_string();
        let later = report.printed().len().saturating_sub(1);
        let marked = "(the same panic site as failure 1: likely the same bug";
        assert_eq!(text.matches(marked).count(), later, "seed {seed}:\n{text}");
        several += usize::from(later > 0);
    }
    assert!(several > 0, "no seed found the bug in two programs");
}
