// A generic function whose contract would need a test.

#[smartcheck::contract(requires = !v.is_empty())]
fn first<T: Clone>(v: &[T]) -> T {
    v[0].clone()
}

fn main() {}
