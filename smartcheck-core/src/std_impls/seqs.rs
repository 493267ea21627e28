//! More sequences as chains of cons cells (paper §4's lists; issue 14 item 2): `Box<[T]>`,
//! `LinkedList<T>` and `BinaryHeap<T>`.
//!
//! As `Vec`, a suffix is a sub-value of the sequence's own type, so reduction drops elements.
//! `Box<[T]>` and `LinkedList` change elements in place; a `BinaryHeap`'s elements cannot
//! change in place (its order would break), so each is replaced as a set's key is
//! ([`CellKind::Key`]): the heap is rebuilt around the new element. A heap walks and prints
//! smallest first, so equal heaps look the same however they were built.
//!
//! Invariant: element `i` is the same in `children`, `child_mut`, `suffix_value` and
//! `replace_suffix`. Cost: `LinkedList` reaches element `i` in O(i), `BinaryHeap` in O(n log n) (it sorts);
//! every suffix replacement rebuilds the sequence, O(n).

use std::collections::{BinaryHeap, LinkedList};
use std::fmt;

use crate::arbitrary::Arbitrary;
use crate::gen::Gen;
use crate::subtypes::{
    CellKind, Children, ListNode, ListNodeMut, Node, NodeMut, NodeMutRef, Shape, SubTypes, SubValue,
};

use super::{arbitrary_list, list_child_mut, list_children, list_constructor, LIST_CONSTRUCTORS};

/// `items` (a sequence's elements in walking order) with those from `start` on replaced by
/// `tail`'s (a sequence of the same type), or for `start > len`, element `start - len - 1`
/// replaced by `value` (a `T`), collected into the sequence type.
fn replaced<S, T>(
    mut items: Vec<T>,
    start: usize,
    value: Box<dyn SubValue>,
) -> Result<S, Box<dyn SubValue>>
where
    S: SubTypes + FromIterator<T> + IntoIterator<Item = T>,
    T: SubTypes,
{
    let len = items.len();
    if start > len {
        if !value.as_any().is::<T>() {
            return Err(value);
        }
        let item = *value.into_any().downcast::<T>().expect("type checked just above");
        match items.get_mut(start - len - 1) {
            Some(slot) => *slot = item,
            None => return Err(Box::new(item)),
        }
    } else {
        if !value.as_any().is::<S>() {
            return Err(value);
        }
        let tail = *value.into_any().downcast::<S>().expect("type checked just above");
        items.truncate(start);
        items.extend(tail);
    }
    Ok(items.into_iter().collect())
}

/// A heap's elements smallest first (ties in storage order): its walking order, the same for
/// the same elements however they were inserted.
fn sorted<T: Ord>(heap: &BinaryHeap<T>) -> Vec<&T> {
    let mut items: Vec<&T> = heap.iter().collect();
    items.sort();
    items
}

macro_rules! seq_impl {
    ($ty:ty, [$($bound:tt)*], $kind:expr, |$w:ident| $walk:expr, |$s:ident, $i:ident| $element_mut:expr) => {
        impl<$($bound)*> SubTypes for $ty {
            fn constructor(&self) -> &'static str {
                list_constructor(self.iter().len() == 0)
            }
            fn constructors(&self) -> &'static [&'static str] {
                LIST_CONSTRUCTORS
            }
            fn shape(&self) -> Shape {
                Shape::List
            }
            fn children(&self) -> Children<'_> {
                list_children(self, 0)
            }
            fn child_mut(&mut self, k: usize) -> Option<NodeMutRef<'_>> {
                list_child_mut(self, 0, k)
            }
        }

        impl<$($bound)*> Arbitrary for $ty {
            fn arbitrary(g: &mut Gen) -> Self {
                arbitrary_list(g)
            }
            fn min_size() -> Option<usize> {
                Some(1)
            }
        }

        impl<$($bound)*> ListNode for $ty {
            fn len(&self) -> usize {
                self.iter().len()
            }
            fn element(&self, i: usize) -> &dyn Node {
                let $w = self;
                let mut walk = $walk;
                walk.nth(i).expect("list walk: element below the length").node()
            }
            fn whole(&self) -> &dyn Node {
                self
            }
            fn suffix_value(&self, start: usize) -> Box<dyn SubValue> {
                let $w = self;
                Box::new($walk.skip(start).cloned().collect::<$ty>())
            }
            fn fmt_suffix(&self, start: usize, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                let $w = self;
                f.debug_list().entries($walk.skip(start)).finish()
            }
            fn cell_kind(&self) -> CellKind {
                $kind
            }
            fn key(&self, i: usize) -> Option<&dyn Node> {
                let $w = self;
                let mut walk = $walk;
                walk.nth(i).map(|x| x.node())
            }
        }

        impl<$($bound)*> ListNodeMut for $ty {
            fn len(&self) -> usize {
                self.iter().len()
            }
            fn element_mut(&mut self, i: usize) -> &mut dyn NodeMut {
                let ($s, $i) = (self, i);
                $element_mut
            }
            fn replace_suffix(
                &mut self,
                start: usize,
                value: Box<dyn SubValue>,
            ) -> Result<(), Box<dyn SubValue>> {
                let $w = &*self;
                let items = $walk.cloned().collect();
                *self = replaced(items, start, value)?;
                Ok(())
            }
            fn cell_kind(&self) -> CellKind {
                $kind
            }
        }
    };
}

seq_impl!(Box<[T]>, [T: SubTypes], CellKind::Element, |s| s.iter(), |s, i| s[i].node_mut());
seq_impl!(LinkedList<T>, [T: SubTypes], CellKind::Element, |s| s.iter(), |s, i| {
    s.iter_mut().nth(i).expect("list walk: element below the length").node_mut()
});
seq_impl!(BinaryHeap<T>, [T: SubTypes + Ord], CellKind::Key, |s| sorted(s).into_iter(), |s, _i| {
    unreachable!("a heap's elements are replaced, never changed in place: {}", s.len())
});
