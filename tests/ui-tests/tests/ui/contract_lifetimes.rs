// Lifetimes a contract test cannot serve: a drawn value lives for one call, so it cannot be
// lent for `'static`, nor for a lifetime that must outlive `'static`. Lifetime parameters
// alone are served (`tests/suite/contract.rs`: `longest`); a type parameter next to them is
// refused as before.

#[smartcheck::contract(ensures = !result.is_empty())]
fn greet(name: &'static str) -> String {
    format!("hi {name}")
}

#[smartcheck::contract(ensures = !result.is_empty())]
fn greet_long<'a: 'static>(name: &'a str) -> String {
    format!("hi {name}")
}

#[smartcheck::contract(ensures = result.len() <= v.len())]
fn firsts<'a, T: Clone>(v: &'a [T]) -> Vec<T> {
    v.iter().take(1).cloned().collect()
}

fn main() {}
