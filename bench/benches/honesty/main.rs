//! Are the printed formulas true? For every property of a catalogue of ordinary code (the
//! shrinking benchmarks' models, and `props.rs` and `more.rs`: bugs of the kind users meet, in the types
//! they write), the first formula of each seed's default run is tried from the outside by
//! the suite's honesty check (`tests/suite/honesty/check.rs`, shared): each variable alone,
//! all together under the side conditions, and each claimed constructor for a witness.
//!
//! `cargo bench -p smartcheck-bench --bench honesty [-- --seeds N] [-- NAME...]` prints one row
//! per property and the refutations found, and exits non-zero when any claim is refuted.
//! With `HONESTY_CLASSES=1` it also prints, on stderr, each report of several classes, and
//! with `HONESTY_OUTPUTS=1` each property's distinct first counterexamples and their counts,
//! with `HONESTY_EVALUATIONS=1` the property evaluations of each property's default runs,
//! with `HONESTY_FORMULAS=1` each property's distinct first formulas.

/// The rows of the properties `on` accepts, in order: `rows!(seeds, on, "name" => prop, ..)`.
macro_rules! rows {
    ($seeds:expr, $on:expr, $($name:literal => $prop:expr),* $(,)?) => {{
        let mut out = Vec::new();
        $(if $on($name) {
            out.push(crate::row($name, $seeds, $prop));
        })*
        out
    }};
}

#[path = "../../../tests/suite/honesty/check.rs"]
mod check;
mod fresh;
mod fresh35;
mod fresh36;
mod more;
mod props;
mod strings;
mod variants;

use check::Tally;
use smartcheck::{smart_check, Args, PropertyResult, SubTypes};

/// Draws per check of one variable alone (twice that for the joint check), and per claimed
/// constructor and assignment: a claim false on one instance in 50 is refuted nearly always.
pub const DRAWS: usize = 200;

/// One property's row: its claims checked; over its default runs (100 tests, three
/// rounds), the seeds that reported more than one class, and the distinct first
/// counterexamples as the report prints them (a `HashMap` in key order, not its hasher's).
pub struct Row {
    tally: Tally,
    several: u64,
    distinct: usize,
}

/// `prop`'s row over `seeds` seeds.
pub fn row<T: SubTypes, R: PropertyResult>(
    name: &'static str,
    seeds: u64,
    prop: impl Fn(&T) -> R + Copy,
) -> Row {
    let mut several = 0;
    let mut firsts = Vec::new();
    let mut evaluations = 0;
    let formulas = std::env::var_os("HONESTY_FORMULAS").is_some();
    let mut shown: Vec<String> = Vec::new();
    for seed in 0..seeds {
        let args = Args { seed: Some(seed), persist: false, ..Args::default() };
        let report = smart_check(&args, prop);
        evaluations += report.evaluations();
        if report.counterexamples().len() > 1 {
            several += 1;
            if std::env::var_os("HONESTY_CLASSES").is_some() {
                eprintln!("## {name}, seed {seed}\n{report}");
            }
        }
        if let Some(first) = report.counterexamples().first() {
            firsts.push(first.rendered().to_string());
            if let Some(g) = first.generalization().filter(|_| formulas) {
                shown.push(g.formula().to_string());
            }
        }
    }
    firsts.sort();
    shown.sort();
    shown.dedup();
    for formula in &shown {
        eprintln!("{name}: {formula}");
    }
    if std::env::var_os("HONESTY_EVALUATIONS").is_some() {
        eprintln!("{name}: {evaluations} evaluations in {seeds} default runs");
    }
    if std::env::var_os("HONESTY_OUTPUTS").is_some() {
        for (i, f) in firsts.iter().enumerate() {
            if i == 0 || firsts[i - 1] != *f {
                let n = firsts.iter().filter(|g| *g == f).count();
                eprintln!("{name}: {n} x {f}");
            }
        }
    }
    firsts.dedup();
    Row { tally: check::check(name, seeds, DRAWS, prop), several, distinct: firsts.len() }
}

fn main() {
    let mut seeds = 10;
    let mut names = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--seeds" => match args.next().and_then(|n| n.parse().ok()) {
                Some(n) => seeds = n,
                None => {
                    eprintln!("--seeds takes a number");
                    std::process::exit(2);
                }
            },
            "--bench" => {}
            name => names.push(name.to_string()),
        }
    }
    // A property's own panics are its failures, not news.
    std::panic::set_hook(Box::new(|_| {}));
    let on = |name: &str| names.is_empty() || names.iter().any(|n| n == name);
    let mut rows = props::all(seeds, &on);
    rows.extend(more::all(seeds, &on));
    rows.extend(variants::all(seeds, &on));
    rows.extend(strings::all(seeds, &on));
    rows.extend(fresh::all(seeds, &on));
    rows.extend(fresh35::all(seeds, &on));
    rows.extend(fresh36::all(seeds, &on));
    let _ = std::panic::take_hook();
    println!("# Honesty of the printed formulas: {seeds} seeds per property, default `Args`");
    println!();
    println!(
        "Columns: runs whose first formula claims something (one round); claims checked and \
         refuted, each way (`tests/suite/honesty/check.rs`); seeds whose default run (three \
         rounds) reported more than one class, and the distinct first counterexamples they \
         reported, as printed."
    );
    println!();
    println!("| property | formulas | alone | joint | constructors | classes > 1 | outputs |");
    println!("|---|---:|---:|---:|---:|---:|---:|");
    let mut total = Tally { name: "total", ..Tally::default() };
    let mut several = 0;
    let cell = |(n, r): (u64, u64)| format!("{r} of {n}");
    for Row { tally: t, several: s, distinct } in &rows {
        println!(
            "| {} | {} of {} | {} | {} | {} | {s} | {distinct} |",
            t.name,
            t.formulas,
            t.seeds,
            cell(t.alone),
            cell(t.joint),
            cell(t.constructors)
        );
        several += s;
        total.seeds += t.seeds;
        total.formulas += t.formulas;
        total.alone = (total.alone.0 + t.alone.0, total.alone.1 + t.alone.1);
        total.joint = (total.joint.0 + t.joint.0, total.joint.1 + t.joint.1);
        total.constructors =
            (total.constructors.0 + t.constructors.0, total.constructors.1 + t.constructors.1);
        total.draws = (total.draws.0 + t.draws.0, total.draws.1 + t.draws.1);
        total.refutations.extend(t.refutations.iter().cloned());
    }
    println!(
        "| **{} properties** | {} of {} | {} | {} | {} | {several} | |",
        rows.len(),
        total.formulas,
        total.seeds,
        cell(total.alone),
        cell(total.joint),
        cell(total.constructors)
    );
    let refutations = &total.refutations;
    println!();
    println!(
        "{} claims refuted. Of the {} draws of the alone and joint checks that met the side \
         conditions, {} made an instance (the others could not be put in, or broke a type's \
         constraints).",
        total.refuted(),
        total.draws.0,
        total.draws.1
    );
    for r in refutations {
        println!();
        println!("{r}");
    }
    if !refutations.is_empty() {
        std::process::exit(1);
    }
}
