//! Lifetimes in argument and result types that are not references build without a warning,
//! with their tests (it was E0521, "borrowed data escapes outside of function", from the
//! check of the arguments' type invariants).
#![deny(warnings)]

use std::borrow::Cow;

#[smartcheck::contract(ensures = result == s.len())]
fn cow<'a>(s: Cow<'a, str>) -> usize {
    s.len()
}

#[smartcheck::contract(ensures = result.len() <= s.len())]
fn trimmed<'a>(s: &'a str) -> Cow<'a, str> {
    Cow::Borrowed(s.trim())
}

fn main() {
    assert_eq!(cow("ab".into()), 2);
    assert_eq!(trimmed(" a "), "a");
}
