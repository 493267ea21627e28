use smartcheck::{Arbitrary, Enumerate, SubTypes};

fn sorted(list: &[u8]) -> bool {
    list.windows(2).all(|w| w[0] <= w[1])
}

fn short(text: &[char]) -> bool {
    text.len() < 4
}

// A prefix condition needs a `Vec` field; each error comes once, though three derives
// use the condition.
#[derive(Debug, Clone, SubTypes, Arbitrary, Enumerate)]
struct Log {
    #[smartcheck(prefix = short)]
    name: String,
}

// The condition takes the list's elements as a slice.
#[derive(Debug, Clone, SubTypes, Arbitrary, Enumerate)]
struct Names {
    #[smartcheck(prefix = sorted)]
    names: Vec<char>,
}

// A range with it still needs integers.
#[derive(Debug, Clone, SubTypes, Arbitrary, Enumerate)]
struct Words {
    #[smartcheck(range = 0..=9, prefix = short)]
    words: Vec<char>,
}

fn main() {}
