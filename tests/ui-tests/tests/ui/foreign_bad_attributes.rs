use smartcheck::{Arbitrary, Gen, SubTypes};

#[derive(Debug, Clone)]
struct Celsius(i64);

fn celsius(_: &mut Gen) -> Celsius {
    Celsius(0)
}

fn halve(c: &i64) -> Vec<i64> {
    vec![c / 2]
}

fn default_t<T: Default>(_: &mut Gen) -> T {
    T::default()
}

fn nothing<T>(_: &T) -> Vec<T> {
    Vec::new()
}

#[derive(Debug, Clone, SubTypes, Arbitrary)]
struct Reading<T> {
    #[smartcheck(shrink = halve)]
    alone: i64,
    #[smartcheck(with = celsius, shrink = 3)]
    not_a_path: Celsius,
    #[smartcheck(with = default_t, shrink = nothing)]
    generic: T,
}

fn main() {}
