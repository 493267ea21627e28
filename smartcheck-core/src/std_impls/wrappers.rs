//! Wrappers a domain type holds (issue 14 item 2): `Rc` and `Arc` (transparent, as `Box`),
//! `Wrapping` and `Reverse` (a constructor around their field), `Cell`, `RefCell` and the
//! `NonZero` integers (leaves shrunk through what they hold).
//!
//! No paper section: the paper's `SubTypes` is derived for algebraic types; these are the std
//! types around them. Invariant: a wrapper's size, shrinking and order are those of what it
//! holds (plus one constructor for `Wrapping`/`Reverse`, as a derived newtype). Cost: that of
//! the wrapped value; `Rc::make_mut`/`Arc::make_mut` clone a shared value before a change.

use std::cell::{Cell, RefCell};
use std::cmp::Reverse;
use std::fmt;
use std::num::{
    NonZeroI128, NonZeroI16, NonZeroI32, NonZeroI64, NonZeroI8, NonZeroIsize, NonZeroU128,
    NonZeroU16, NonZeroU32, NonZeroU64, NonZeroU8, NonZeroUsize, Wrapping,
};
use std::rc::Rc;
use std::sync::Arc;

use crate::arbitrary::Arbitrary;
use crate::gen::Gen;
use crate::subtypes::{Child, Children, Node, NodeMut, NodeMutRef, Shape, SubTypes};

macro_rules! transparent_impl {
    ($($ptr:ident),*) => {$(
        /// Transparent, as `Box`: the node of what it points to. A change goes through
        /// `make_mut`, so a value shared with others is cloned first, never changed under them.
        impl<T: SubTypes> SubTypes for $ptr<T> {
            fn constructor(&self) -> &'static str {
                (**self).constructor()
            }
            fn constructors(&self) -> &'static [&'static str] {
                (**self).constructors()
            }
            fn shape(&self) -> Shape {
                (**self).shape()
            }
            fn children(&self) -> Children<'_> {
                (**self).children()
            }
            fn child_mut(&mut self, k: usize) -> Option<NodeMutRef<'_>> {
                $ptr::make_mut(self).child_mut(k)
            }
            fn is_opaque(&self) -> bool {
                (**self).is_opaque()
            }
            fn shrink_value(&self) -> Vec<Self> {
                (**self).shrink_value().into_iter().map($ptr::new).collect()
            }
            fn leaf_rank(&self) -> Option<u64> {
                (**self).leaf_rank()
            }
            fn from_leaf_rank(&self, rank: u64) -> Option<Self> {
                (**self).from_leaf_rank(rank).map($ptr::new)
            }
            fn edge_values() -> Vec<Self> {
                T::edge_values().into_iter().map($ptr::new).collect()
            }
            fn cmp_simplicity(&self, other: &Self) -> std::cmp::Ordering {
                (**self).cmp_simplicity(other)
            }
            fn fmt_leaf(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                (**self).fmt_leaf(f)
            }
            fn node(&self) -> &dyn Node {
                (**self).node()
            }
            fn node_mut(&mut self) -> &mut dyn NodeMut {
                $ptr::make_mut(self).node_mut()
            }
        }

        impl<T: Arbitrary> Arbitrary for $ptr<T> {
            fn arbitrary(g: &mut Gen) -> Self {
                $ptr::new(T::arbitrary(g))
            }
            fn min_size() -> Option<usize> {
                T::min_size()
            }
        }
    )*};
}

transparent_impl!(Rc, Arc);

macro_rules! newtype_impl {
    ($($name:ident),*) => {$(
        /// A constructor around its field, as a derived tuple struct: `Wrapping(3)`.
        impl<T: SubTypes> SubTypes for $name<T> {
            fn constructor(&self) -> &'static str {
                stringify!($name)
            }
            fn constructors(&self) -> &'static [&'static str] {
                &[stringify!($name)]
            }
            fn shape(&self) -> Shape {
                Shape::Tuple
            }
            fn children(&self) -> Children<'_> {
                let mut out = Children::new();
                out.push(Child::new(&self.0));
                out
            }
            fn child_mut(&mut self, k: usize) -> Option<NodeMutRef<'_>> {
                (k == 0).then(|| NodeMutRef::Value(self.0.node_mut()))
            }
        }

        impl<T: Arbitrary> Arbitrary for $name<T> {
            fn arbitrary(g: &mut Gen) -> Self {
                let budget = g.budget().saturating_sub(1);
                $name(g.with_budget(budget, T::arbitrary))
            }
            fn min_size() -> Option<usize> {
                T::min_size().map(|m| m + 1)
            }
        }
    )*};
}

newtype_impl!(Wrapping, Reverse);

/// A leaf holding one value it hands out by copy or clone: opaque, shrunk, ranked and printed
/// (`Cell::new(3)`) through that value.
macro_rules! cell_impl {
    ($name:ident, [$($bound:tt)*], $get:expr) => {
        impl<T: SubTypes + $($bound)*> SubTypes for $name<T> {
            fn constructor(&self) -> &'static str {
                stringify!($name)
            }
            fn constructors(&self) -> &'static [&'static str] {
                &[stringify!($name)]
            }
            fn shape(&self) -> Shape {
                Shape::Atom
            }
            fn is_opaque(&self) -> bool {
                true
            }
            fn shrink_value(&self) -> Vec<Self> {
                super::leaves::shrink_parts(&$get(self)).into_iter().map($name::new).collect()
            }
            fn leaf_rank(&self) -> Option<u64> {
                $get(self).leaf_rank()
            }
            fn from_leaf_rank(&self, rank: u64) -> Option<Self> {
                $get(self).from_leaf_rank(rank).map($name::new)
            }
            fn cmp_simplicity(&self, other: &Self) -> std::cmp::Ordering {
                super::leaves::cmp_parts(&$get(self), &$get(other))
            }
            fn fmt_leaf(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}::new({})", stringify!($name), super::leaves::rendered(&$get(self)))
            }
        }

        impl<T: Arbitrary + $($bound)*> Arbitrary for $name<T> {
            fn arbitrary(g: &mut Gen) -> Self {
                $name::new(T::arbitrary(g))
            }
            fn min_size() -> Option<usize> {
                Some(0)
            }
        }
    };
}

cell_impl!(Cell, [Copy], |c: &Cell<T>| c.get());
cell_impl!(RefCell, [], |c: &RefCell<T>| c.borrow().clone());

macro_rules! nonzero_impl {
    ($($nz:ident($int:ty)),*) => {$(
        /// A leaf: shrunk and ranked as its integer, 0 left out (so 1 is the simplest), printed
        /// as the number.
        impl SubTypes for $nz {
            fn constructor(&self) -> &'static str {
                stringify!($nz)
            }
            fn constructors(&self) -> &'static [&'static str] {
                &[stringify!($nz)]
            }
            fn shape(&self) -> Shape {
                Shape::Atom
            }
            fn is_opaque(&self) -> bool {
                true
            }
            fn shrink_value(&self) -> Vec<Self> {
                let mut out: Vec<Self> = $nz::new(1).into_iter().collect();
                out.extend(self.get().shrink_value().into_iter().filter_map($nz::new));
                out.dedup();
                out.retain(|c| c != self);
                out
            }
            fn leaf_rank(&self) -> Option<u64> {
                self.get().leaf_rank()?.checked_sub(1)
            }
            fn from_leaf_rank(&self, rank: u64) -> Option<Self> {
                $nz::new(self.get().from_leaf_rank(rank.checked_add(1)?)?)
            }
            fn edge_values() -> Vec<Self> {
                <$int>::edge_values().into_iter().filter_map($nz::new).collect()
            }
            fn cmp_simplicity(&self, other: &Self) -> std::cmp::Ordering {
                self.get().cmp_simplicity(&other.get())
            }
        }

        impl Arbitrary for $nz {
            fn arbitrary(g: &mut Gen) -> Self {
                $nz::new(<$int>::arbitrary(g)).unwrap_or($nz::MAX)
            }
            fn min_size() -> Option<usize> {
                Some(0)
            }
        }
    )*};
}

nonzero_impl!(
    NonZeroU8(u8),
    NonZeroU16(u16),
    NonZeroU32(u32),
    NonZeroU64(u64),
    NonZeroU128(u128),
    NonZeroUsize(usize),
    NonZeroI8(i8),
    NonZeroI16(i16),
    NonZeroI32(i32),
    NonZeroI64(i64),
    NonZeroI128(i128),
    NonZeroIsize(isize)
);
