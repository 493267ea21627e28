use smartcheck::{Arbitrary, Enumerate, SubTypes};

// An invariant is `fn(&Self) -> bool`: one of another type is reported on its path, once,
// though three derives use it.
fn positive(x: &u8) -> bool {
    *x > 0
}

#[derive(Debug, Clone, SubTypes, Arbitrary, Enumerate)]
#[smartcheck(invariant = positive)]
struct Count {
    n: u8,
}

// Returning something other than `bool`.
fn describe(_: &Label) -> String {
    String::new()
}

#[derive(Debug, Clone, SubTypes, Arbitrary)]
#[smartcheck(invariant = describe)]
struct Label {
    text: String,
}

fn main() {}
