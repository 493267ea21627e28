//! The SmartCheck paper's motivating example (§2): five lists of `i16` whose sums each stay
//! below 256, yet whose total overflows past 5 * 256.
//!
//! Run: `cargo run --release --example motivating` (set `SMARTCHECK_SEED` to replay a run).

use smartcheck::Args;
use smartcheck_tests::bound5::prop;

fn main() {
    let args = match Args::default().with_env() {
        Ok(args) => args,
        Err(message) => {
            eprintln!("smartcheck: {message}");
            std::process::exit(2);
        }
    };
    let report = smartcheck::smart_check(&args, prop);
    println!("{report}");
    if let Some(cex) = report.counterexamples().first() {
        println!("({} i16 values, down from {})", cex.value().values(), cex.original().values());
    }
}
