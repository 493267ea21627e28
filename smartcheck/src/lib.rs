//! smartcheck: find, shrink and explain counterexamples to property-based tests.
//!
//! (The crate-level guide is written with the engine; see README.md meanwhile.)

#![warn(missing_docs)]

pub use smartcheck_core::{
    check, check_with, generalize, reduce, smart_check, Arbitrary, Args, Bfs, Child, Children,
    Counterexample, Failure, Format, Gen, Generalization, ListNode, ListNodeMut, Node, NodeMut,
    NodeMutRef, NodeRef, NotACounterexample, Outcome, PropertyResult, ReplaceError, Report, Shape,
    Status, SubTree, SubTreeNode, SubTypes, SubValue, Verdict,
};
pub use smartcheck_core::{persist, render, strengthen, Origin};
/// `#[smartcheck::property]`: a property function as a plain `#[test]`.
pub use smartcheck_derive::property;
/// `#[derive(Arbitrary)]`: sized random generation for structs and enums.
pub use smartcheck_derive::Arbitrary;
/// `#[derive(SubTypes)]`: constructors, size, indexing and replacement of sub-values.
pub use smartcheck_derive::SubTypes;

/// Items used by the derives' generated code. Not public API; may change in any release.
#[doc(hidden)]
pub mod __private {
    pub use smartcheck_core::arbitrary::{min_size_of, sum_min_sizes};
    pub use smartcheck_core::derive_support::*;
    pub use smartcheck_core::{
        Arbitrary, Child, Children, Gen, Node, NodeMut, NodeMutRef, NodeRef, Shape, SubTypes,
    };
    pub use std::{option::Option, string::String, vec::Vec};
}
