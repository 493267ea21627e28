//! Interop: a counterexample found by proptest (with its own strategy and shrinking), handed to
//! smartcheck to reduce and explain. Works for any value whose type also derives smartcheck's
//! traits; quickcheck's failing inputs are handed over the same way.
//!
//! Run: `cargo run -p smartcheck-bench --features peers --example interop`

use proptest::prelude::*;
use proptest::test_runner::{Config, TestError, TestRunner};
use smartcheck::Args;
use smartcheck_tests::calculator::{div_sub_terms, eval, prop_div, Exp};

/// proptest's idiomatic strategy for the calculator's expressions.
fn exp() -> impl Strategy<Value = Exp> {
    let leaf = any::<i32>().prop_map(Exp::C);
    leaf.prop_recursive(6, 64, 2, |inner| {
        prop_oneof![
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Exp::Add(Box::new(a), Box::new(b))),
            (inner.clone(), inner).prop_map(|(a, b)| Exp::Div(Box::new(a), Box::new(b))),
        ]
    })
}

fn main() {
    let config = Config { failure_persistence: None, cases: 1000, ..Config::default() };
    let mut runner = TestRunner::new_with_rng(
        config,
        proptest::test_runner::TestRng::deterministic_rng(
            proptest::test_runner::RngAlgorithm::ChaCha,
        ),
    );
    let outcome = runner.run(&exp(), |e| {
        prop_assume!(div_sub_terms(&e));
        prop_assert!(eval(&e).is_some());
        Ok(())
    });
    let found = match outcome {
        Err(TestError::Fail(_, value)) => value,
        other => {
            println!("proptest found no counterexample: {other:?}");
            return;
        }
    };
    println!("proptest's counterexample, after its own shrinking:\n  {found:?}\n");
    let args = Args { seed: Some(1), ..Args::default() };
    match smartcheck::reduce(&args, prop_div, found) {
        Ok(cex) => {
            println!(
                "smartcheck reduced it from {} to {} constructors in {} evaluations:\n  {:?}",
                cex.size_before(),
                cex.size_after(),
                cex.evaluations(),
                cex.value()
            );
            if let Some(g) = cex.generalization().filter(|g| g.is_general()) {
                println!("generalized:\n  {}", g.to_string().replace('\n', "\n  "));
            }
        }
        Err(e) => println!("smartcheck: {e}"),
    }
}
