//! The SmartCheck paper's calculator (§4.3.1): `divSubTerms` forgets that a divisor can
//! *evaluate* to zero without being the literal `C(0)`.
//!
//! Run: `cargo run --release --example calculator` (set `SMARTCHECK_SEED` to replay a run;
//! pass `--tree` for the paper's tree format, `--interactive` to be asked after each round).
//! It prints the property it checks, then smartcheck's report.

use smartcheck::{Args, Format};
use smartcheck_tests::calculator::prop_div;

/// The model's source, from which the property's lines are printed.
const MODEL: &str = include_str!("../src/lib.rs");

/// The lines of the model between its `demo:begin` and `demo:end` markers: the evaluator, the
/// precondition and the property, as the user would write them.
fn property_source() -> String {
    let lines: Vec<&str> = MODEL.lines().collect();
    let begin = lines.iter().position(|l| l.contains("demo:begin")).map_or(0, |i| i + 1);
    let end = lines.iter().position(|l| l.contains("demo:end")).unwrap_or(lines.len());
    let body = lines.get(begin..end).unwrap_or_default();
    let indent = body
        .iter()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    let line = |l: &&str| match l.get(indent..).unwrap_or("").trim_end() {
        "" => "\n".to_string(),
        text => format!("    {text}\n"),
    };
    body.iter().map(line).collect()
}

/// The report of one run with `args`, as the example prints it.
pub fn report(args: &Args) -> String {
    smartcheck::smart_check(args, prop_div).to_string()
}

fn main() {
    let flags: Vec<String> = std::env::args().skip(1).collect();
    let base = Args {
        format: if flags.iter().any(|f| f == "--tree") { Format::Tree } else { Format::Value },
        interactive: flags.iter().any(|f| f == "--interactive"),
        ..Args::default()
    };
    let args = match base.with_env() {
        Ok(args) => args,
        Err(message) => {
            eprintln!("smartcheck: {message}");
            std::process::exit(2);
        }
    };
    println!("The property under test (src/lib.rs, module `calculator`):\n");
    println!("{}", property_source());
    println!("{}", report(&args));
}
