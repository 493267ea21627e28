// A type that hides its lifetime (`Name` for a `Name<'a>`) is not seen to borrow: the
// run-time check of its invariants asked `'a: 'static` (E0521, at the attribute), or the test
// could not draw it. The error is at the type, with its fix: `Name<'_>`, which is drawn as
// `Name<'static>` (`tests/suite/contract.rs`: `text_len`).

type Text<'a> = std::borrow::Cow<'a, str>;

#[smartcheck::contract(ensures = result == s.len())]
fn text_len(s: Text) -> usize {
    s.len()
}

struct Name<'a>(&'a str);

#[smartcheck::contract(ensures = result <= 100)]
fn name_len(n: Name) -> usize {
    n.0.len()
}

fn main() {}
