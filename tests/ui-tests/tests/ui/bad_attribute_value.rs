use smartcheck::{Arbitrary, SubTypes};

#[derive(Debug, Clone, SubTypes, Arbitrary)]
enum Exp {
    #[smartcheck(weight = "often")]
    C(i32),
    #[smartcheck(weight)]
    Neg(Box<Exp>),
    #[smartcheck(skip, weight = 3)]
    Add(
        #[smartcheck(opaque = true)] Box<Exp>,
        #[smartcheck(with = 3)] Box<Exp>,
    ),
    #[smartcheck(skip, skip)]
    Sub(Box<Exp>, Box<Exp>),
}

fn main() {}
