//! The engine of [smartcheck](https://docs.rs/smartcheck): the [`SubTypes`] and [`Arbitrary`]
//! traits and their std impls, generation, discovery, reduction (SmartCheck paper §4),
//! generalization (§5), and reports.
//!
//! Users depend on the `smartcheck` facade, which re-exports this crate with the derives.

#![warn(missing_docs)]

pub mod api;
pub mod arbitrary;
pub mod args;
mod discover;
pub mod enumerate;
pub mod exhaustive;
mod fork;
pub mod gen;
pub mod generalize;
pub mod index;
mod origin;
pub mod persist;
pub mod property;
pub mod reduce;
pub mod render;
mod replay;
pub mod report;
pub mod root;
pub mod rounds;
mod run;
mod stack;
mod std_impls;
pub mod strengthen;
pub mod subtypes;
pub mod tester;
mod timeout;

#[doc(hidden)]
pub mod derive_support;

pub use arbitrary::Arbitrary;
pub use args::{Args, Format};
pub use gen::Gen;
pub use generalize::{
    AnyOrder, Condition, Evidence, Generalization, Interchangeable, Relation, Variable,
};
pub use index::{Bfs, SubTree, SubTreeNode};
pub use property::{Failure, Outcome, PropertyResult, Verdict};
pub use replay::{check, check_with};
#[doc(hidden)]
pub use replay::{check_enumerated, contract_test, contract_test_exhaustive};
pub use report::{Counterexample, Report, Status};
pub use run::{generalize, reduce, smart_check, Origin, ReduceError};
pub use std_impls::LIST_CONSTRUCTORS;
pub use subtypes::{
    CellKind, Child, Children, FieldRange, ListNode, ListNodeMut, Node, NodeMut, NodeMutRef,
    NodeRef, ReplaceError, Shape, SubTypes, SubValue,
};
