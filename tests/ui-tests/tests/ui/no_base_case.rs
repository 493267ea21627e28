use smartcheck::{Arbitrary, SubTypes};

// Every variant contains the type again: no value is finite.
#[derive(Debug, Clone, SubTypes, Arbitrary)]
enum Stream {
    Cons(u8, Box<Stream>),
    Twice(Box<Self>, (bool, Box<Stream>)),
    // A base case that is never generated does not count.
    #[smartcheck(skip)]
    End,
}

#[derive(Debug, Clone, SubTypes, Arbitrary)]
struct Loop {
    next: Box<Loop>,
}

fn main() {}
