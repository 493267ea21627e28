use smartcheck::{Arbitrary, SubTypes};

#[derive(Debug, Clone, SubTypes, Arbitrary)]
enum Exp {
    #[smartcheck(often)]
    C(i32),
    Add(#[smartcheck(frozen)] Box<Exp>, Box<Exp>),
}

fn main() {}
