//! `#[smartcheck::property]`: a property function as a plain `#[test]`, with Args fields as
//! arguments, under `#![deny(warnings)]`, and with the facade re-exported or renamed.
#![deny(warnings)]

use smartcheck::{Arbitrary, SubTypes, Verdict};

#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
enum Shape {
    Dot,
    Line(u8),
    Poly(Vec<Shape>),
}

#[smartcheck::property]
fn reversing_twice_is_the_identity(v: Vec<Shape>) -> bool {
    let mut w = v.clone();
    w.reverse();
    w.reverse();
    w == v
}

#[smartcheck::property(tests = 50, rounds = 1)]
fn several_arguments_are_a_tuple(a: u8, b: u16, s: Shape) -> Verdict {
    Verdict::implies(a > 0, u32::from(a) + u32::from(b) > u32::from(b) || s == Shape::Dot)
}

/// A number for an `Option` field of `Args` reads as `Some` of it: `seed = 7` was
/// "expected `Option<u64>`, found integer" (an outside review's).
#[smartcheck::property(seed = 7, max_depth = 40, tests = 200, persist = false)]
#[should_panic(expected = "seed 0x7 (rerun: SMARTCHECK_SEED=0x7)")]
fn a_seed_is_written_as_a_number(v: Vec<u8>) -> bool {
    v.len() < 3
}

/// Attributes on the function stay on the test.
#[smartcheck::property(tests = 200, persist = false)]
#[should_panic(expected = "smartcheck: property failed")]
fn a_failing_property_fails_its_test(v: Vec<u8>) -> bool {
    v.len() < 3
}

/// Arguments taken by shared reference test their referents, lent without a clone (it was
/// "the trait SubTypes is not implemented for `&Vec<u8>`", spanned on the attribute).
#[smartcheck::property(tests = 50)]
#[allow(clippy::ptr_arg)]
fn arguments_may_be_borrowed(v: &Vec<u8>, n: u8, s: &Shape) -> bool {
    v.iter().filter(|&&x| x == n).count() <= v.len() && s == &s.clone()
}

#[smartcheck::property(tests = 200, persist = false)]
#[should_panic(expected = "[0, 0, 0]")]
#[allow(clippy::ptr_arg)]
fn a_borrowed_argument_is_reduced_as_any(v: &Vec<u8>) -> bool {
    v.len() < 3
}

/// `&str` and `&[T]` test a `String` and a `Vec<T>`, lent as the slices (they were "the size
/// for values of type `str` cannot be known").
#[smartcheck::property(tests = 50)]
fn slices_are_lent_from_owned_values(s: &str, bytes: &[u8]) -> bool {
    s.chars().count() <= s.len() && bytes.iter().filter(|&&b| b > 0).count() <= bytes.len()
}

#[smartcheck::property(tests = 200, persist = false)]
#[should_panic(expected = "\"aaa\"")]
fn a_borrowed_str_is_reduced_as_a_string(s: &str) -> bool {
    s.chars().count() < 3
}

#[smartcheck::property(tests = 10)]
fn results_are_properties(x: i64) -> Result<(), String> {
    if x.checked_abs().is_some() || x == i64::MIN {
        Ok(())
    } else {
        Err(format!("abs of {x}"))
    }
}

mod reexport {
    pub use smartcheck as inner;
}

/// A type deriving through a re-export of the facade.
#[derive(Debug, Clone, reexport::inner::SubTypes, reexport::inner::Arbitrary)]
#[smartcheck(crate = crate::property_attr::reexport::inner)]
pub struct Through {
    /// A field.
    pub n: u8,
}

#[reexport::inner::property(crate = crate::property_attr::reexport::inner, tests = 20)]
fn a_reexported_facade_works(t: Through) -> bool {
    u16::from(t.n) < 256
}
