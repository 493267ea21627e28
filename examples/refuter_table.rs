//! The refuter's table (issue 10): every family of `tests/suite/refuter.rs` over 100 seeds, each
//! printed formula checked by 2,000 substitutions of its own sampling (jointly, then one
//! variable at a time), with the mean generalization cost per counterexample.
//!
//! Run: `cargo run --release --example refuter_table` (optionally a seed count and a sample
//! count: `-- 100 2000`).

#[path = "../tests/suite/refuter.rs"]
#[allow(dead_code)]
mod refuter;

fn main() {
    let mut numbers = std::env::args().skip(1).filter_map(|a| a.parse::<usize>().ok());
    let seeds = numbers.next().unwrap_or(100) as u64;
    let samples = numbers.next().unwrap_or(2000);
    println!("refuter: {seeds} seeds per family, {samples} substitutions per reading\n");
    println!(
        "| family | formulas | claims | refuted formulas | refuted claims | missed | \
         mean generalization evaluations |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|");
    let mut examples = Vec::new();
    for (name, tally) in refuter::table(0..seeds, samples) {
        let mean = tally.generalize_evaluations as f64 / tally.formulas.max(1) as f64;
        println!(
            "| {name} | {} | {} | {} | {} | {} | {mean:.0} |",
            tally.formulas, tally.claims, tally.refuted_formulas, tally.refuted, tally.missed
        );
        if let Some(example) = tally.example {
            examples.push(format!("{name}:\n  {}", example.replace('\n', "\n  ")));
        }
        if let Some(example) = tally.missed_example {
            examples.push(format!("{name} (missed):\n  {}", example.replace('\n', "\n  ")));
        }
    }
    for example in examples {
        println!("\n{example}");
    }
}
