use smartcheck::{Arbitrary, SubTypes};

// Every misplaced attribute is reported at once, each on its own tokens, and nothing else:
// the type still counts as implementing both traits, so `needs_both` adds no error.
#[derive(Debug, Clone, SubTypes, Arbitrary)]
#[smartcheck(weight = 2)]
struct Point {
    #[smartcheck(skip)]
    x: i32,
    y: i32,
}

#[derive(Debug, Clone, SubTypes, Arbitrary)]
enum Shape {
    #[smartcheck(with = make_circle)]
    Circle(u32),
    #[smartcheck(opaque)]
    Square(u32),
}

#[derive(Debug, Clone, SubTypes, Arbitrary)]
struct Wrap<A: Clone>
where
    A: Default,
{
    #[smartcheck(weight = 1)]
    inner: A,
}

fn make_circle(_: &mut smartcheck::Gen) -> u32 {
    1
}

fn needs_both<T: SubTypes + Arbitrary>() {}

fn main() {
    needs_both::<Point>();
    needs_both::<Shape>();
    needs_both::<Wrap<u8>>();
}
