//! The shrinking benchmarks of ../shared/BENCHMARKS.md: every benchmark run by smartcheck,
//! proptest, quickcheck and "none" (the first counterexample, unshrunk), the same number of
//! seeded trials each, in one process; one table per benchmark.
//!
//! ```text
//! cargo bench -p smartcheck-bench --bench shrinking -- [--trials N] [--tests N] [--bench NAME]... [--tool TOOL]...
//! ```
//! (`-p smartcheck-bench` may be left out at the workspace root, a default member.)
//! `--trials` defaults to 100 (all benchmarks in well under a minute on 2 cores, once built);
//! `--tests` (default 10,000) is every tool's discovery budget: `--tests 100`, every tool's
//! default, starts reduction from the larger inputs a default run finds;
//! `--bench` picks benchmarks by name (a prefix is enough) and `--tool` tools (smartcheck,
//! proptest, quickcheck, none); both may be repeated. proptest says on stderr when it stops at
//! its shrink budget. `SHRINKING_OUTPUTS=1` also prints each tool's eight most frequent final
//! outputs (`SHRINKING_OUTPUTS=100`: a hundred); `SHRINKING_VERBOSE=1` has smartcheck narrate
//! its passes.
//!
//! The data types and properties live in `smartcheck_models::challenge` (and the paper's
//! calculator and bound5 models in `smartcheck_tests`), shared with `models/tests/benchmarks.rs`;
//! proptest's strategies and quickcheck's `Arbitrary` impls are in `suite.rs`.

mod harness;
mod suite;

/// The command line: `--trials N`, `--tests N` and any number of `--bench NAME` and
/// `--tool TOOL`. Cargo
/// appends a bare `--bench` of its own, which is ignored.
fn parse_args() -> (usize, Vec<String>, Vec<String>) {
    let mut trials = 100;
    let mut names = Vec::new();
    let mut tools = Vec::new();
    let mut args = std::env::args().skip(1).peekable();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--trials" => match args.next().and_then(|n| n.parse().ok()) {
                Some(n) => trials = n,
                None => {
                    eprintln!("--trials takes a number");
                    std::process::exit(2);
                }
            },
            "--tests" => match args.next().and_then(|n| n.parse().ok()) {
                Some(n) if n > 0 => harness::set_tests(n),
                _ => {
                    eprintln!("--tests takes a positive number");
                    std::process::exit(2);
                }
            },
            "--bench" => {
                if let Some(name) = args.next_if(|a| !a.starts_with("--")) {
                    names.push(name);
                }
            }
            "--tool" => match args.next() {
                Some(tool) if harness::TOOLS.contains(&tool.as_str()) => tools.push(tool),
                other => {
                    eprintln!("--tool takes one of {:?}, not {other:?}", harness::TOOLS);
                    std::process::exit(2);
                }
            },
            other => {
                eprintln!("unknown argument {other:?}; usage: --trials N --tests N --bench NAME --tool TOOL");
                std::process::exit(2);
            }
        }
    }
    (trials, names, tools)
}

fn main() {
    let (trials, names, tools) = parse_args();
    let tools: Vec<&str> = if tools.is_empty() {
        harness::TOOLS.to_vec()
    } else {
        harness::TOOLS.iter().copied().filter(|t| tools.iter().any(|u| u == t)).collect()
    };
    println!("# smartcheck shrinking benchmarks — {trials} trials per tool, seeds 0..{trials}");
    println!("{}", harness::machine());
    println!(
        "Each tool: {} tests to find a counterexample, then its default shrinking. found% and min% \
         are of all trials; size and evals are over the runs that found one; dist/100: distinct \
         final outputs per 100 trials; evals: property calls after the first failure (what \
         Hypothesis's published figures, its row, count); total: all property calls; time: the \
         whole run.",
        harness::tests()
    );
    let mut ran = 0;
    for (name, run) in suite::all() {
        if names.is_empty() || names.iter().any(|n| name.starts_with(n.as_str())) {
            run(trials, &tools);
            ran += 1;
        }
    }
    if ran == 0 {
        eprintln!("no benchmark matches {names:?}; the benchmarks are:");
        for (name, _) in suite::all() {
            eprintln!("  {name}");
        }
        std::process::exit(2);
    }
}
