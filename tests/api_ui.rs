//! Compile errors of `#[smartcheck::api]`: each unsupported signature in `tests/ui/api_*.rs`
//! fails with a spanned message that says how to leave the function out. Regenerate with
//! `TRYBUILD=overwrite cargo test --test api_ui` and read every changed `.stderr`.

#[test]
fn unsupported_signatures_are_spanned_errors() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/api_*.rs");
}
