use smartcheck::{Arbitrary, SubTypes};

#[derive(Debug, Clone)]
struct Opaque(u8);

#[derive(Debug, Clone, SubTypes, Arbitrary)]
struct Holder {
    ok: u8,
    inner: Opaque,
}

fn main() {}
