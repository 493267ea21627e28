//! A contract on a function whose body is one expression builds without a warning: the checked
//! body was wrapped in a second pair of braces (`unused_braces`, an error here).
#![deny(warnings)]

#[smartcheck::contract(ensures = result.len() < 200, test = false)]
fn f0(len: usize) -> Vec<u8> { vec![0; len % 100] }

fn main() {
    assert_eq!(f0(3), [0, 0, 0]);
}
