use smartcheck::{Arbitrary, SubTypes};

#[derive(Debug, Clone, SubTypes, Arbitrary)]
enum Nothing {
    #[smartcheck(skip)]
    A,
    #[smartcheck(weight = 0)]
    B(u8),
}

fn main() {}
