//! Are the printed formulas true? For every property of a catalogue of ordinary code (the
//! shrinking benchmarks' models, and `props.rs`: bugs of the kind users meet, in the types
//! they write), the first formula of each seed's default run is tried from the outside by
//! the suite's honesty check (`tests/suite/honesty/check.rs`, shared): each variable alone,
//! all together under the side conditions, and each claimed constructor for a witness.
//!
//! `cargo bench -p smartcheck-bench --bench honesty [-- --seeds N] [-- NAME...]` prints one row
//! per property and the refutations found, and exits non-zero when any claim is refuted.

#[path = "../../../tests/suite/honesty/check.rs"]
mod check;
mod props;

use check::Tally;

/// Draws per check of one variable alone (twice that for the joint check), and per claimed
/// constructor and assignment: a claim false on one instance in 50 is refuted nearly always.
pub const DRAWS: usize = 200;

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
    let tallies = props::all(seeds, &|name| names.is_empty() || names.iter().any(|n| n == name));
    let _ = std::panic::take_hook();
    println!("# Honesty of the printed formulas: {seeds} seeds per property, default `Args`");
    println!();
    println!("Columns: runs with a formula; claims checked and refuted, each way (module doc).");
    println!();
    println!("| property | formulas | alone | joint | constructors |");
    println!("|---|---:|---:|---:|---:|");
    let mut total = Tally { name: "total", ..Tally::default() };
    let cell = |(n, r): (u64, u64)| format!("{r} of {n}");
    for t in &tallies {
        println!(
            "| {} | {} of {} | {} | {} | {} |",
            t.name,
            t.formulas,
            t.seeds,
            cell(t.alone),
            cell(t.joint),
            cell(t.constructors)
        );
        total.seeds += t.seeds;
        total.formulas += t.formulas;
        total.alone = (total.alone.0 + t.alone.0, total.alone.1 + t.alone.1);
        total.joint = (total.joint.0 + t.joint.0, total.joint.1 + t.joint.1);
        total.constructors =
            (total.constructors.0 + t.constructors.0, total.constructors.1 + t.constructors.1);
        total.draws = (total.draws.0 + t.draws.0, total.draws.1 + t.draws.1);
    }
    println!(
        "| **{} properties** | {} of {} | {} | {} | {} |",
        tallies.len(),
        total.formulas,
        total.seeds,
        cell(total.alone),
        cell(total.joint),
        cell(total.constructors)
    );
    let refutations: Vec<&String> = tallies.iter().flat_map(|t| &t.refutations).collect();
    println!();
    println!(
        "{} claims refuted. Of the {} draws of the alone and joint checks that met the side \
         conditions, {} made an instance (the others could not be put in, or broke a type's \
         constraints).",
        tallies.iter().map(Tally::refuted).sum::<u64>(),
        total.draws.0,
        total.draws.1
    );
    for r in &refutations {
        println!();
        println!("{r}");
    }
    if !refutations.is_empty() {
        std::process::exit(1);
    }
}
