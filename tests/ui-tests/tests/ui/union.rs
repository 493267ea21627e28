use smartcheck::{Arbitrary, SubTypes};

#[derive(Clone, Copy, SubTypes, Arbitrary)]
union Bits {
    int: u32,
    float: f32,
}

fn main() {}
