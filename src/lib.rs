//! Shared models for smartcheck's own user-level tests, examples and benches: the paper's
//! calculator, heap and parser, and the shrinking-challenge types, written once and used by all.
