use smartcheck::{Arbitrary, Gen, SubTypes};

const MAX: u8 = 9;

fn any(g: &mut Gen) -> u8 {
    g.below(3) as u8
}

#[derive(Debug, Clone, SubTypes, Arbitrary)]
enum Config {
    #[smartcheck(range = 0..=9)]
    Empty,
    Ranges {
        #[smartcheck(range = 20..=10)]
        reversed: u8,
        #[smartcheck(range = 5..5)]
        empty: u8,
        #[smartcheck(range = 0..=MAX)]
        named_bound: u8,
        #[smartcheck(range = 1 + 1..=3)]
        arithmetic: u8,
        #[smartcheck(range = 3)]
        not_a_range: u8,
        #[smartcheck(range = 3..)]
        open: u8,
        #[smartcheck(range)]
        no_value: u8,
        #[smartcheck(range = 0..=2, with = any)]
        both: u8,
        #[smartcheck(range = 0..=1, range = 0..=2)]
        twice: u8,
    },
}

fn main() {}
