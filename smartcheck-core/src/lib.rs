//! The engine of [smartcheck](https://docs.rs/smartcheck): the [`SubTypes`] and [`Arbitrary`]
//! traits and their std impls, generation, discovery, reduction (SmartCheck paper §4),
//! generalization (§5), and reports.
//!
//! Users depend on the `smartcheck` facade, which re-exports this crate with the derives.

#![warn(missing_docs)]

pub mod arbitrary;
pub mod args;
pub mod gen;
pub mod generalize;
pub mod index;
pub mod persist;
pub mod property;
pub mod reduce;
pub mod render;
pub mod report;
mod run;
mod std_impls;
pub mod strengthen;
pub mod subtypes;
pub mod tester;

#[doc(hidden)]
pub mod derive_support;

pub use arbitrary::Arbitrary;
pub use args::{Args, Format};
pub use gen::Gen;
pub use generalize::Generalization;
pub use index::{Bfs, SubTree, SubTreeNode};
pub use property::{Failure, Outcome, PropertyResult, Verdict};
pub use report::{Counterexample, Report, Status};
pub use run::{check, check_with, generalize, reduce, smart_check, NotACounterexample, Origin};
pub use std_impls::LIST_CONSTRUCTORS;
pub use subtypes::{
    CellKind, Child, Children, ListNode, ListNodeMut, Node, NodeMut, NodeMutRef, NodeRef,
    ReplaceError, Shape, SubTypes, SubValue,
};
