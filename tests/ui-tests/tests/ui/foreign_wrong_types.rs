use smartcheck::{Arbitrary, Gen, SubTypes};

#[derive(Debug, Clone)]
struct Celsius(i64);

/// `Clone` but not `Debug`: a foreign field must be both.
#[derive(Clone)]
struct Handle;

fn celsius(_: &mut Gen) -> Celsius {
    Celsius(0)
}

fn handle(_: &mut Gen) -> Handle {
    Handle
}

fn halve(c: &i64) -> Vec<i64> {
    vec![c / 2]
}

fn no_vec(c: &Celsius) -> Celsius {
    c.clone()
}

#[derive(Debug, Clone, SubTypes, Arbitrary)]
struct Reading {
    #[smartcheck(with = celsius, shrink = halve)]
    wrong_type: Celsius,
    #[smartcheck(with = celsius, shrink = no_vec)]
    wrong_return: Celsius,
}

#[derive(Clone, SubTypes, Arbitrary)]
struct Holder {
    #[smartcheck(with = handle)]
    handle: Handle,
}

impl std::fmt::Debug for Holder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Holder")
    }
}

fn main() {}
