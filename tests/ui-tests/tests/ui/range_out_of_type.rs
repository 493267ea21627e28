use smartcheck::{Arbitrary, SubTypes};

#[derive(Debug, Clone, SubTypes, Arbitrary)]
struct Small {
    #[smartcheck(range = 0..=300)]
    byte: u8,
    #[smartcheck(range = -1..=3)]
    unsigned: Vec<u32>,
    #[smartcheck(range = -129..0)]
    signed: Option<i8>,
}

fn main() {}
