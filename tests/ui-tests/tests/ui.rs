//! Compile errors of the derives, `#[smartcheck::property]` and `#[smartcheck::api]`: each
//! rejected input in this package's `tests/ui/` must fail to compile with the message and span
//! checked in next to it (`tests/ui/*.stderr`). (An unknown `Args` field in `#[property(...)]`
//! is a type error inside a `#[test]` function, which trybuild does not compile: rustc reports
//! it at the field's name under `cargo test`.)
//!
//! After changing a message on purpose, regenerate with `TRYBUILD=overwrite cargo test -p
//! smartcheck-ui-tests` and read every changed `.stderr`.

#[test]
fn derive_errors() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
}

/// Inputs that must build and run, warnings denied (`tests/pass/`).
#[test]
fn accepted_inputs_build_without_warnings() {
    let t = trybuild::TestCases::new();
    t.pass("tests/pass/*.rs");
}
