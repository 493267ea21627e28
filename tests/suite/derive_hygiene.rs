//! The derives' generated code is hygienic (issue 14.4): it compiles when every attribute
//! comes through `macro_rules!`, and beside user types that shadow the std and smartcheck
//! names it uses (`Option`, `Vec`, `Box`, `Result`, `String`, `SubTypes`, `Arbitrary`).
//! Compiling is most of each test; each also generates, reduces and prints a value.

#![deny(warnings)]
#![deny(missing_docs, unused_qualifications)]

use smartcheck::{Args, Gen};

fn digit(g: &mut Gen) -> u8 {
    g.below(10) as u8
}

/// Attributes of every kind, written inside a `macro_rules!` and passed in as tokens.
macro_rules! through_a_macro {
    ($name:ident, $type_attr:meta, $field_attr:meta, $range_attr:meta, $variant_attr:meta) => {
        #[derive(Debug, Clone, PartialEq, smartcheck::SubTypes, smartcheck::Arbitrary)]
        #[smartcheck($type_attr)]
        enum $name {
            A(#[smartcheck($field_attr)] u8, #[smartcheck($range_attr)] i32),
            #[smartcheck($variant_attr)]
            B,
            #[smartcheck(skip)]
            #[allow(dead_code)]
            C(#[smartcheck(opaque)] u8),
        }
    };
}

through_a_macro!(Passed, crate = smartcheck, with = digit, range = 5..=9, weight = 3);

/// The same with the whole attribute as tokens (the reported bug: "cannot find value `__g`").
macro_rules! tokens {
    ($($a:tt)*) => {
        #[derive(Debug, Clone, PartialEq, smartcheck::SubTypes, smartcheck::Arbitrary)]
        struct Tokens($($a)* u8);
    };
}

tokens!(#[smartcheck(with = digit)]);

#[test]
fn attributes_through_macro_rules() {
    for seed in 0..200 {
        let mut g = Gen::new(seed, 20);
        match <Passed as smartcheck::Arbitrary>::arbitrary(&mut g) {
            Passed::A(d, r) => assert!(d < 10 && (5..=9).contains(&r)),
            Passed::B => {}
            Passed::C(_) => panic!("a skipped variant was generated"),
        }
        assert!(<Tokens as smartcheck::Arbitrary>::arbitrary(&mut g).0 < 10);
    }
    let args = Args { seed: Some(1), ..Args::default() };
    let report = smartcheck::smart_check(&args, |p: &Passed| !matches!(p, Passed::A(_, 7..)));
    assert_eq!(report.counterexamples()[0].value(), &Passed::A(0, 7));
}

/// User types named like everything the generated code uses, in scope where it expands.
mod shadowed {
    #![allow(dead_code, non_camel_case_types)]

    /// Shadows `core::option::Option`.
    #[derive(Debug, Clone, PartialEq, smartcheck::SubTypes, smartcheck::Arbitrary)]
    pub enum Option {
        /// Shadows `None`.
        Nothing,
        /// Shadows `Some`.
        Just(u8),
    }
    /// Shadows `Vec`.
    #[derive(Debug, Clone, PartialEq, smartcheck::SubTypes, smartcheck::Arbitrary)]
    pub struct Vec(pub u8);
    /// Shadows `Box`.
    #[derive(Debug, Clone, PartialEq, smartcheck::SubTypes, smartcheck::Arbitrary)]
    pub struct Box;
    /// Shadows `Result`.
    #[derive(Debug, Clone, PartialEq, smartcheck::SubTypes, smartcheck::Arbitrary)]
    pub enum Result {
        /// A variant.
        Fine,
    }
    /// Shadows `String`.
    #[derive(Debug, Clone, PartialEq, smartcheck::SubTypes, smartcheck::Arbitrary)]
    pub struct String {
        /// A field.
        #[smartcheck(range = 1..=3)]
        pub len: usize,
    }
    /// Shadows the trait `SubTypes`.
    pub trait SubTypes {}
    /// Shadows the trait `Arbitrary`.
    pub struct Arbitrary;
    /// Shadows `usize`, `bool` and `str`, which the generated code names as primitives.
    pub type usize = u8;
    /// See `usize`.
    pub struct bool;
    /// See `usize`.
    pub struct str;
    /// Shadows `core`.
    pub mod core {}

    /// Uses all of them, and the std ones by their full paths.
    #[derive(Debug, Clone, PartialEq, smartcheck::SubTypes, smartcheck::Arbitrary)]
    pub enum Everything {
        /// Holds the shadowing types.
        Mine(Option, Vec, Box, Result, String),
        /// Holds the std types, by full path, one with a range.
        Std(
            #[smartcheck(range = 0..=1)] ::std::option::Option<u8>,
            ::std::vec::Vec<u8>,
            ::std::boxed::Box<Everything>,
            ::std::result::Result<u8, ::std::string::String>,
        ),
        /// A base case.
        Empty,
    }
}

#[test]
fn user_types_shadowing_std_and_smartcheck_names() {
    use shadowed::Everything;
    let mut g = Gen::new(5, 30);
    for _ in 0..100 {
        let _ = <Everything as smartcheck::Arbitrary>::arbitrary(&mut g);
    }
    /// A `Mine` holding a `Vec` above 100, at the root or down the `Std` boxes.
    fn big(e: &Everything) -> bool {
        match e {
            Everything::Mine(_, shadowed::Vec(v), ..) => *v > 100,
            Everything::Std(.., next, _) => big(next),
            Everything::Empty => false,
        }
    }
    let args = Args { seed: Some(2), tests: 1_000, ..Args::default() };
    let report = smartcheck::smart_check(&args, |e: &Everything| !big(e));
    let cex = report.counterexamples()[0].value();
    assert!(matches!(cex, Everything::Mine(shadowed::Option::Nothing, shadowed::Vec(101), ..)));
    assert!(report.to_string().contains("Mine(Nothing, Vec(101), Box, Fine, String { len: 1 })"));
}
