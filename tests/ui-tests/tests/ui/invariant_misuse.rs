use smartcheck::{Arbitrary, SubTypes};

fn ordered(p: &Pair) -> bool {
    p.lo <= p.hi
}

// An invariant belongs to a type: not to a field or a variant; it names a function, and
// a type has one.
#[derive(Debug, Clone, SubTypes, Arbitrary)]
struct Pair {
    #[smartcheck(invariant = ordered)]
    lo: u8,
    hi: u8,
}

#[derive(Debug, Clone, SubTypes, Arbitrary)]
enum Shape {
    #[smartcheck(invariant = ordered)]
    Dot,
}

#[derive(Debug, Clone, SubTypes, Arbitrary)]
#[smartcheck(invariant = |p: &Range| p.lo <= p.hi)]
struct Range {
    lo: u8,
    hi: u8,
}

#[derive(Debug, Clone, SubTypes, Arbitrary)]
#[smartcheck(invariant = small, invariant = small)]
struct Twice {
    x: u8,
}

#[derive(Debug, Clone, SubTypes, Arbitrary)]
#[smartcheck(invariant)]
struct Bare {
    x: u8,
}

fn small(t: &Twice) -> bool {
    t.x < 10
}

fn main() {}
