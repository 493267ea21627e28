// Signatures a contract cannot serve as written: each gets a smartcheck error on the part
// that is unsupported, saying what to write instead (they were rustc errors from inside the
// macro's output: E0562 about closures the user never wrote, E0015/E0493).

// An `impl Trait` argument is a generic function: no one type to draw for the test.
#[smartcheck::contract(ensures = result < 1000)]
pub fn count_a(s: impl AsRef<str>) -> usize {
    s.as_ref().matches('a').count() % 1000
}

// A `const fn`: the run-time checks call functions that are not `const`.
#[smartcheck::contract(requires = x < 10, ensures = result < 20)]
pub const fn twice(x: u8) -> u8 {
    x * 2
}

// An `unsafe fn`: the test would call it on drawn arguments, which need not meet the
// conditions its callers must uphold (it was E0133 at the attribute under `cargo test`,
// "call to unsafe function").
#[smartcheck::contract(ensures = result <= x)]
pub unsafe fn halve(x: u8) -> u8 {
    x / 2
}

// An associated function naming `Self`: its test cannot sit in the `impl` block (it was three
// rustc errors at the attribute, among them "`const` items in this context need a name" and,
// under `cargo test`, "cannot find function `new` in this scope").
pub struct Meters(u8);

impl Meters {
    #[smartcheck::contract(ensures = result.0 == x)]
    pub fn new(x: u8) -> Self {
        Meters(x)
    }
}

fn main() {}
