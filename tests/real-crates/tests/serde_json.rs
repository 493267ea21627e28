//! serde_json's parse ∘ print round trip (`src/lib.rs`) over 30 seeds: every class reported is
//! one of its two known bugs, each at most once; and the README's `serde-json` report is what
//! a run prints (`SMARTCHECK_BLESS=1 cargo test -p smartcheck-real-crates` rewrites it).

use smartcheck::Args;
use smartcheck_real_crates::{report, round_trip, Json};

/// Which known bug a reduced counterexample shows.
#[derive(Debug, PartialEq)]
enum Bug {
    /// An object whose key repeats: parsed to one entry.
    DuplicateKey,
    /// A number that does not read back as printed.
    FloatPrecision,
}

fn bug_of(doc: &Json) -> Option<Bug> {
    match doc {
        Json::Object(members) if members.len() == 2 && members[0].key == members[1].key => {
            Some(Bug::DuplicateKey)
        }
        Json::Number(x) => (serde_json::from_str::<f64>(&x.to_string()).ok() != Some(*x)
            || serde_json::from_str::<f64>(&serde_json::to_string(x).ok()?).ok() != Some(*x))
        .then_some(Bug::FloatPrecision),
        _ => None,
    }
}

#[test]
fn every_class_is_a_known_bug_reported_once() {
    let mut found = [0; 2];
    for seed in 0..30 {
        let args = Args { seed: Some(seed), ..Args::default() };
        let report = smartcheck::smart_check(&args, round_trip);
        let bugs: Vec<Option<Bug>> =
            report.counterexamples().iter().map(|c| bug_of(c.value())).collect();
        assert!(bugs.iter().all(Option::is_some), "seed {seed}: {bugs:?}\n{report}");
        let floats = bugs.iter().filter(|b| **b == Some(Bug::FloatPrecision)).count();
        let keys = bugs.iter().filter(|b| **b == Some(Bug::DuplicateKey)).count();
        assert!(floats <= 1 && keys <= 1, "seed {seed}: one bug, several classes\n{report}");
        found[0] += floats;
        found[1] += keys;
    }
    // The float bug shows in nearly every document with a fraction, so it is found in every
    // seed; a document with a repeated key and no such number is rarer, and the round that
    // looks for it mostly meets instances of the float class. Those are run again with their
    // floats cut out (a number of the float class's shape replaced by a value of the fewest
    // constructors), where the repeated key fails alone: 24 of 30 seeds report both bugs
    // (11 when such instances were only skipped; issue 11 asks for every seed).
    assert_eq!(found, [30, 24], "[float precision, duplicate keys] found over 30 seeds");
}

/// The README block `<!-- report: serde-json seed=S -->`: its seed and the byte range of its
/// fenced text.
fn readme_block(readme: &str) -> Option<(u64, std::ops::Range<usize>)> {
    let marker = "<!-- report: serde-json seed=";
    let at = readme.find(marker)? + marker.len();
    let seed_text = &readme[at..at + readme[at..].find(' ')?];
    let seed = match seed_text.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16).ok()?,
        None => seed_text.parse().ok()?,
    };
    let open = at + readme[at..].find("```")?;
    let start = open + readme[open..].find('\n')? + 1;
    let end = start + readme[start..].find("```")?;
    Some((seed, start..end))
}

#[test]
fn the_readme_report_is_a_real_run() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md");
    let readme = std::fs::read_to_string(path).unwrap_or_default();
    let Some((seed, text)) = readme_block(&readme) else {
        return; // no serde-json block in README.md (yet)
    };
    let want = format!("{}\n", report(seed).trim_end());
    if readme[text.clone()] == want {
        return;
    }
    if std::env::var("SMARTCHECK_BLESS").is_ok_and(|v| v == "1") {
        let mut updated = readme.clone();
        updated.replace_range(text, &want);
        std::fs::write(path, updated).unwrap_or_else(|e| panic!("{path}: {e}"));
        return;
    }
    panic!("README.md: the serde-json report for seed {seed} is now:\n{want}");
}
