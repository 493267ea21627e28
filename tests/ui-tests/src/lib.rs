//! Nothing here: this package exists for its `tests/ui.rs`, the trybuild cases of the
//! derives' and `#[smartcheck::property]`'s compile errors, kept apart so that the other
//! packages need not build trybuild.
