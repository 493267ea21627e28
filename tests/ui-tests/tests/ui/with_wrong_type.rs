use smartcheck::{Arbitrary, Gen, SubTypes};

fn name(_: &mut Gen) -> String {
    "x".to_string()
}

#[derive(Debug, Clone, SubTypes, Arbitrary)]
struct Account {
    #[smartcheck(with = name)]
    balance: u32,
}

fn main() {}
