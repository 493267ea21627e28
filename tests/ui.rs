//! Compile errors of `#[derive(SubTypes, Arbitrary)]`: each rejected input in `tests/ui/` must
//! fail to compile with the message and span checked in next to it (`tests/ui/*.stderr`).
//!
//! After changing a message on purpose, regenerate with `TRYBUILD=overwrite cargo test --test
//! ui` and read every changed `.stderr`.

#[test]
fn derive_errors() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
}
