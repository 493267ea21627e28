use smartcheck::{Arbitrary, SubTypes};

#[derive(Debug, Clone, SubTypes, Arbitrary)]
struct Person {
    #[smartcheck(range = 0..=150)]
    name: String,
    #[smartcheck(range = 0..=1)]
    height: Option<f64>,
}

fn main() {}
