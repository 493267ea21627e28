//! The engine of [smartcheck](https://docs.rs/smartcheck): the [`SubTypes`] and [`Arbitrary`]
//! traits and their std impls, generation, discovery, reduction (SmartCheck paper §4),
//! generalization (§5), and reports.
//!
//! Users depend on the `smartcheck` facade, which re-exports this crate with the derives.

#![warn(missing_docs)]

pub mod arbitrary;
pub mod gen;
pub mod index;
mod std_impls;
pub mod subtypes;

#[doc(hidden)]
pub mod derive_support;

pub use arbitrary::Arbitrary;
pub use gen::Gen;
pub use index::{Bfs, SubTree, SubTreeNode};
pub use std_impls::LIST_CONSTRUCTORS;
pub use subtypes::{
    Child, Children, ListNode, ListNodeMut, Node, NodeMut, NodeMutRef, NodeRef, ReplaceError,
    Shape, SubTypes, SubValue,
};
