//! The value under test with its type erased (issue 13, item 1): what the engine (tester,
//! discovery, rounds, reduction §4, generalization §5, strengthening §5.3, replay) works on,
//! so that it is compiled once, not once per value type of the user's crate.
//!
//! A [`Root`] owns one value of the run's type behind the `dyn` faces of `subtypes.rs`
//! ([`SubValue`]: nodes, children, cloning, `Debug`); a [`RootType`] is the little the engine
//! needs of the type itself, as plain `fn` pointers made once per type ([`RootType::of`]):
//! generating a value from an [`Origin`], its smallest size, its name as saved. Only the
//! public entry points stay generic: they make the `RootType`, erase the property
//! (`property::erase`), and take their values back out of the report
//! ([`Root::downcast`]).
//!
//! Invariant: every `Root` a run makes holds a value of the run's type, so a downcast at the
//! boundary never fails; a `Root` is walked as its value's node ([`SubTypes::node`]), as the
//! value itself was, so a `Box` at the root stays transparent. Cost: one box per value the
//! engine keeps (a candidate, a counterexample); discovery generates its inputs in place into
//! one `Slot` per round, and the property reads a value through one type check, no copy.

use std::any::Any;
use std::fmt;

use crate::enumerate::NoNth;
use crate::gen::Gen;
use crate::origin::Origin;
use crate::subtypes::{Node, NodeMut, NodeMutRef, NodeRef, SubTypes, SubValue};

/// An owned value of the run's type, its type erased: see the [module doc](self).
pub struct Root(Box<dyn SubValue>);

impl Root {
    /// Wraps `value`.
    pub fn new<T: SubTypes>(value: T) -> Root {
        Root(Box::new(value))
    }

    /// Wraps a value already boxed (a sub-value of the run's type, a copy of one).
    pub fn from_boxed(value: Box<dyn SubValue>) -> Root {
        Root(value)
    }

    /// The value.
    pub fn value(&self) -> &dyn SubValue {
        &*self.0
    }

    /// The value as a read-only node ([`SubTypes::node`]: a transparent wrapper's is the node
    /// of what it holds).
    pub fn node(&self) -> &dyn Node {
        node_of(&*self.0)
    }

    /// The value as a mutable node ([`SubTypes::node_mut`]).
    pub fn node_mut(&mut self) -> &mut dyn NodeMut {
        match self.0.as_node_mut() {
            NodeMutRef::Value(node) => node,
            NodeMutRef::Suffix(..) => unreachable!("a whole value is a value node"),
        }
    }

    /// The number of constructors in its non-opaque nodes ([`SubTypes::size`]).
    pub fn size(&self) -> usize {
        NodeRef::Value(self.node()).size()
    }

    /// The value as `T`, the run's type.
    pub fn downcast<T: 'static>(self) -> T {
        *self.0.into_any().downcast::<T>().expect("a root holds a value of its run's type")
    }

    /// The value as `T`, by reference.
    pub fn downcast_ref<T: 'static>(&self) -> &T {
        self.0.as_any().downcast_ref::<T>().expect("a root holds a value of its run's type")
    }
}

impl Clone for Root {
    fn clone(&self) -> Root {
        Root(self.0.to_value())
    }
}

/// The value as the run's type sees it (what the property and `Debug` get); walk it with
/// [`Root::node`], which a transparent wrapper's own face is not.
impl std::ops::Deref for Root {
    type Target = dyn SubValue;
    fn deref(&self) -> &(dyn SubValue + 'static) {
        &*self.0
    }
}

impl std::ops::DerefMut for Root {
    fn deref_mut(&mut self) -> &mut (dyn SubValue + 'static) {
        &mut *self.0
    }
}

/// The value's own `Debug` (not a report's rendering).
impl fmt::Debug for Root {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.0, f)
    }
}

/// The value at a position (from 0) of a type's values up to a depth, or why there is none:
/// [`enumerate::nth`](crate::enumerate::nth) of the type, as a [`Root`].
pub type Nth = fn(depth: usize, index: u64) -> Result<Root, NoNth>;

/// What the engine needs of a run's value type itself, as plain `fn` pointers: see the
/// [module doc](self).
#[derive(Clone, Copy)]
pub struct RootType {
    generate: fn(&Origin, &mut Gen) -> Root,
    slot: fn() -> Box<dyn Slot>,
    min_size: fn() -> usize,
    key: fn() -> String,
    one_tuple: Option<OneTuple>,
    nth: Option<Nth>,
}

/// How a value of `T` saved as the 1-tuple `(T,)` is read back: its type's key, and the value
/// `(T,)`'s generator draws from an origin, unwrapped, with the tuple's `Debug` text (which
/// the saved hash is of).
#[derive(Clone, Copy)]
pub(crate) struct OneTuple {
    pub(crate) key: fn() -> String,
    pub(crate) generate: fn(&Origin) -> (Root, String),
}

impl RootType {
    /// The `RootType` of `T`.
    pub fn of<T: SubTypes>() -> RootType {
        RootType {
            generate: |origin, g| Root::new(origin.generate_in::<T>(g)),
            slot: || Box::new(None::<T>),
            min_size: crate::arbitrary::require_min_size::<T>,
            key: crate::persist::type_key::<T>,
            one_tuple: None,
            nth: None,
        }
    }

    /// This `RootType` with `nth`, the value at a position of the type's enumeration up to a
    /// depth, when the type enumerates: the inputs exhaustive checks saved are replayed too.
    pub fn enumerated_by(self, nth: Option<Nth>) -> RootType {
        RootType { nth, ..self }
    }

    /// The value at position `index` (from 0) of the type's values up to `depth`, or why there
    /// is none ([`enumerate::nth`](crate::enumerate::nth)); `None` when the type does not
    /// enumerate here (see [`enumerated_by`](Self::enumerated_by)).
    pub(crate) fn nth(&self) -> Option<Nth> {
        self.nth
    }

    /// The `RootType` of the argument `T` of a one-argument `#[smartcheck::contract]` test,
    /// which drew it as the 1-tuple `(T,)` before: the inputs saved so are replayed too (by
    /// the replay of saved failures, `replay.rs`).
    pub fn of_contract_argument<T: SubTypes>() -> RootType {
        let one_tuple = OneTuple {
            key: crate::persist::type_key::<(T,)>,
            generate: |origin| {
                let (value,) = origin.generate::<(T,)>();
                let text = crate::replay::debug_text(&(&value,));
                (Root::new(value), text)
            },
        };
        RootType { one_tuple: Some(one_tuple), ..RootType::of::<T>() }
    }

    /// How inputs saved as `(T,)` are read back, for a contract's argument `T`.
    pub(crate) fn one_tuple(&self) -> Option<OneTuple> {
        self.one_tuple
    }

    /// The value `origin` generates, with `g` reseeded (its buffers reused); after the call,
    /// [`g.deepest()`](Gen::deepest) says how deep generation went.
    pub fn generate_in(&self, origin: &Origin, g: &mut Gen) -> Root {
        (self.generate)(origin, g)
    }

    /// The value `origin` generates, from a generator of its own.
    pub fn generate(&self, origin: &Origin) -> Root {
        self.generate_in(origin, &mut Gen::new(origin.seed, origin.size))
    }

    /// An empty [`Slot`] for inputs of the type.
    pub(crate) fn slot(&self) -> Box<dyn Slot> {
        (self.slot)()
    }

    /// The type's smallest size; panics, naming the type, when it has no finite value.
    pub fn min_size(&self) -> usize {
        (self.min_size)()
    }

    /// The type's name as saved ([`type_key`](crate::persist::type_key)).
    pub fn key(&self) -> String {
        (self.key)()
    }
}

/// A place for one generated input, reused from one input to the next: discovery boxes only
/// the input it keeps as a counterexample, not every input it runs.
pub(crate) trait Slot {
    /// Puts the value `origin` generates here, with `g` reseeded; the slot must be empty.
    fn generate(&mut self, origin: &Origin, g: &mut Gen);
    /// The value here; the slot must be full.
    fn value(&self) -> &dyn SubValue;
    /// Takes the value out, boxed; the slot must be full.
    fn take(&mut self) -> Root;
    /// Drops the value here, if any.
    fn clear(&mut self);
}

impl<T: SubTypes> Slot for Option<T> {
    fn generate(&mut self, origin: &Origin, g: &mut Gen) {
        *self = Some(origin.generate_in::<T>(g));
    }
    fn value(&self) -> &dyn SubValue {
        self.as_ref().expect("a slot is read after it is filled")
    }
    fn take(&mut self) -> Root {
        Root::new(self.take().expect("a slot is taken after it is filled"))
    }
    fn clear(&mut self) {
        *self = None;
    }
}

/// The node `value` is walked as ([`SubTypes::node`]): for a transparent wrapper (`Box`,
/// `Rc`, `Arc`), the node of what it holds, not the wrapper's own face.
pub(crate) fn node_of(value: &dyn SubValue) -> &dyn Node {
    match value.as_node() {
        NodeRef::Value(node) => node,
        NodeRef::Suffix(..) => unreachable!("a whole value is a value node"),
    }
}

/// `value` as the run's type `T`; the erased property's first step.
pub(crate) fn view<T: 'static>(value: &dyn SubValue) -> &T {
    let any: &dyn Any = value.as_any();
    any.downcast_ref::<T>().expect("the engine runs a property on values of its own type")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{smart_check, Args};

    #[test]
    fn a_root_is_walked_as_its_values_node() {
        let boxed = Root::new(Box::new(vec![1u8, 2]));
        assert_eq!(boxed.node().value_type(), std::any::TypeId::of::<Vec<u8>>());
        assert_eq!(boxed.size(), 3);
        assert_eq!(format!("{boxed:?}"), "[1, 2]");
        assert_eq!(boxed.clone().downcast::<Box<Vec<u8>>>(), Box::new(vec![1, 2]));
    }

    #[test]
    #[allow(clippy::borrowed_box)] // the run's type is the box itself
    fn a_run_over_a_transparent_wrapper_is_the_run_over_what_it_holds() {
        let args = Args { seed: Some(5), persist: false, ..Args::default() };
        let plain = smart_check(&args, |v: &Vec<i32>| v.iter().sum::<i32>() < 100);
        let boxed = smart_check(&args, |v: &Box<Vec<i32>>| v.iter().sum::<i32>() < 100);
        let (plain, boxed) = (&plain.counterexamples()[0], &boxed.counterexamples()[0]);
        assert_eq!(**boxed.value(), *plain.value());
        assert_eq!(boxed.evaluations(), plain.evaluations());
        assert_eq!(boxed.rendered(), plain.rendered());
    }
}
