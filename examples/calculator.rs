//! The SmartCheck paper's calculator (§4.3.1): `divSubTerms` forgets that a divisor can
//! *evaluate* to zero without being the literal `C(0)`.
//!
//! Run: `cargo run --release --example calculator` (set `SMARTCHECK_SEED` to replay a run;
//! pass `--tree` for the paper's tree format, `--interactive` to be asked after each round).

use smartcheck::{Args, Format};
use smartcheck_tests::calculator::prop_div;

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
    let report = smartcheck::smart_check(&args, prop_div);
    println!("{report}");
}
