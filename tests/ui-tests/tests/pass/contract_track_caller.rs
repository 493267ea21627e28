//! A `#[track_caller]` function with a contract whose body leaves early, by `return` and `?`
//! (in a macro's arguments too), builds without a warning and keeps its caller: the body is
//! inlined, each `return` and `?` a `break` out of it (it ran in a closure, which the
//! attribute does not reach, and `Location::caller()` named the function's own line).
#![deny(warnings)]

use std::panic::Location;

#[smartcheck::contract(requires = !s.is_empty(), test = false)]
#[track_caller]
fn first_line(s: &str) -> Option<u32> {
    assert!(s.parse::<u8>().ok()? < 100, "{}", s.len());
    if s.len() > 2 {
        return None;
    }
    Some(Location::caller().line())
}

#[smartcheck::contract(ensures = *count < 10, test = false)]
#[track_caller]
fn bump(count: &mut u32) {
    if *count >= 9 {
        return;
    }
    *count += 1;
}

fn main() {
    assert_eq!(first_line("7"), Some(line!()));
    assert_eq!(first_line("x"), None);
    let mut n = 8;
    bump(&mut n);
    bump(&mut n);
    assert_eq!(n, 9);
}
