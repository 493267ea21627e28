use smartcheck::{Arbitrary, SubTypes};

#[derive(Debug, Clone, SubTypes, Arbitrary)]
struct Borrowed<'a> {
    name: &'a str,
}

fn main() {}
