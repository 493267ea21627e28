//! The shrinking benchmarks' models (`../shared/BENCHMARKS.md`): the public shrinking
//! challenge's and SmartCheck's ([`challenge`]), and ordinary code written before any tuning
//! ([`ordinary`]). `bench/` runs every tool on them; `tests/benchmarks.rs` pins smartcheck's
//! figures on a few. The paper's calculator and bound5 models are in the root package
//! (`smartcheck_tests`), which the demo builds.
//!
//! They use the `smartcheck` facade exactly as a user crate would: derived instances and public
//! attributes only.

pub mod challenge;
pub mod ordinary;
