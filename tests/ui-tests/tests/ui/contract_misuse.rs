// A contract with no clause, and a generic function whose contract would need a test.

#[smartcheck::contract(tests = 10)]
fn nothing_to_check(x: u8) -> u8 {
    x
}

#[smartcheck::contract(requires = !v.is_empty())]
fn first<T: Clone>(v: &[T]) -> T {
    v[0].clone()
}

fn main() {}
