use smartcheck::{Arbitrary, Enumerate, SubTypes};

#[derive(Debug, Clone, SubTypes, Arbitrary, Enumerate)]
struct Person {
    #[smartcheck(range = 0..=150)]
    name: String,
}

fn main() {}
