use smartcheck::{Arbitrary, Enumerate, SubTypes};

fn sorted(list: &[u8]) -> bool {
    list.windows(2).all(|w| w[0] <= w[1])
}

fn draw(g: &mut smartcheck::Gen) -> Vec<u8> {
    Vec::arbitrary(g)
}

// A prefix condition goes on a list field, not on the type, and names a function.
#[derive(Debug, Clone, SubTypes, Arbitrary, Enumerate)]
#[smartcheck(prefix = sorted)]
struct Log {
    #[smartcheck(prefix = 3)]
    count: Vec<u8>,
}

// A field drawn `with` a function draws its own lists.
#[derive(Debug, Clone, SubTypes, Arbitrary)]
struct Batch {
    #[smartcheck(with = draw, prefix = sorted)]
    items: Vec<u8>,
}

fn main() {}
