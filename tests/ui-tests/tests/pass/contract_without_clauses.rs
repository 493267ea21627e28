//! A contract with no clause builds without a warning, bare or with options: it checks the
//! type invariants of the arguments and result, and its test calls the function on drawn
//! arguments, finding panics (it was a compile error, "a contract needs at least one
//! `requires = ...` or `ensures = ...` clause").
#![deny(warnings)]

#[smartcheck::contract]
fn f0(len: usize) -> Vec<u8> {
    vec![0; len % 100]
}

#[smartcheck::contract(tests = 10)]
fn f1(x: u8) -> u8 {
    x / 2
}

fn main() {
    assert_eq!(f0(3), [0, 0, 0]);
    assert_eq!(f1(4), 2);
}
