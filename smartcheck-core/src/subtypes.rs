//! The paper's `SubTypes` class (§3): constructors, size, opaque values, and breadth-first
//! indexing and replacement of sub-values.
//!
//! A value is seen as a tree of *nodes*. [`SubTypes`] is what a type implements (usually by
//! `#[derive(SubTypes)]`); [`Node`] and [`NodeMut`] are its object-safe faces, so generic code
//! can walk and rewrite sub-values whose types it does not know. [`NodeRef`] and
//! [`NodeMutRef`] are handles on a node: either a value, or a suffix of a list, because the
//! paper walks a list as a chain of cons cells, so a list's tail is a sub-value of the list's own
//! type even though no `Vec` holds it.
//!
//! Invariant: [`SubTypes::children`] and [`SubTypes::child_mut`] agree on the order and number of
//! children; indexing (breadth-first over non-opaque nodes, the root at index 0) is derived from
//! `children` alone, so every type indexes the same way.
//!
//! Cost: `size`, `index` and `replace` walk the value once, O(n) in its nodes; no recursion on
//! the call stack, so values of any depth are safe.

use std::any::{Any, TypeId};
use std::fmt;

use smallvec::SmallVec;

use crate::arbitrary::Arbitrary;
use crate::gen::Gen;

/// How a node prints and how its children are laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// No children; printed with `Debug` (numbers, strings, opaque values).
    Atom,
    /// `Name`: a unit struct or unit variant.
    Unit,
    /// `Name(a, b)`; with an empty constructor name, a tuple `(a, b)`.
    Tuple,
    /// `Name { x: a, y: b }`, with these field names.
    Struct(&'static [&'static str]),
    /// A cell of a list: children `[head, tail]`, none for the empty list. Printed `[a, b]`.
    List,
    /// A fixed-length sequence: `[a, b, c]` (arrays).
    Seq,
}

/// The children of one node, in declaration order.
pub type Children<'a> = SmallVec<[Child<'a>; 4]>;

/// One child of a node: the node itself, and whether it is frozen by
/// `#[smartcheck(opaque)]` on its field (never changed, printed as is).
#[derive(Clone, Copy)]
pub struct Child<'a> {
    /// The child node.
    pub node: NodeRef<'a>,
    /// True when the field is marked `#[smartcheck(opaque)]`.
    pub frozen: bool,
}

impl<'a> Child<'a> {
    /// True for a child the breadth-first numbering indexes as a sub-value: not frozen and
    /// not opaque.
    pub(crate) fn is_indexed(&self) -> bool {
        !self.frozen && !self.node.is_opaque()
    }

    /// A child that reduction may change.
    pub fn new<T: SubTypes>(value: &'a T) -> Self {
        Child { node: NodeRef::Value(value.node()), frozen: false }
    }

    /// A child marked `#[smartcheck(opaque)]`: indexed nowhere, changed never, printed as is.
    pub fn frozen<T: SubTypes>(value: &'a T) -> Self {
        Child { node: NodeRef::Value(value.node()), frozen: true }
    }
}

/// A type whose values smartcheck can take apart, reduce and generalize (the paper's
/// `SubTypes` class, §3).
///
/// Derive it: `#[derive(SubTypes)]`. The required methods describe one node; `size`,
/// `sub_value` (the paper's `index`), `replace_sub_value` (its `replace`) and `sub_values` are
/// provided and agree with each other for every type. (They are not called `index` and
/// `replace` so that they never shadow `str::replace` on a `String` where the trait is in
/// scope.)
///
/// ```
/// use smartcheck_core::{SubTypes, Node};
/// let v: Vec<Option<bool>> = vec![Some(true), None];
/// assert_eq!(v.size(), 5); // two cons cells, the empty list, Some, None
/// assert_eq!(v.sub_value(1).unwrap().constructor(), "Some");
/// ```
pub trait SubTypes: Arbitrary + Clone + fmt::Debug + 'static {
    /// The constructor of this value: a variant's or struct's name, `""` for a tuple.
    fn constructor(&self) -> &'static str;

    /// All constructors of this value's type, in declaration order (skipped variants too).
    fn constructors(&self) -> &'static [&'static str];

    /// The constructors of this value's type that generation never builds (variants marked
    /// `#[smartcheck(skip)]` or `weight = 0`): generalization knows a type's values whole
    /// without meeting these. Empty by default; the derive fills it in.
    fn never_generated(&self) -> &'static [&'static str] {
        &[]
    }

    /// How this value prints and how its children are laid out.
    fn shape(&self) -> Shape;

    /// The direct children, in declaration order, opaque ones included (they print).
    fn children(&self) -> Children<'_> {
        Children::new()
    }

    /// Mutable access to child `k` of [`children`](SubTypes::children).
    fn child_mut(&mut self, k: usize) -> Option<NodeMutRef<'_>> {
        let _ = k;
        None
    }

    /// True when reduction and generalization treat values of this type as black boxes (the
    /// paper's opaque types, §4.2): numbers, strings, maps, and types marked
    /// `#[smartcheck(opaque)]`.
    fn is_opaque(&self) -> bool {
        false
    }

    /// Simpler values of this type to try in place of an opaque leaf, simplest first (used by
    /// `Args::shrink_values`; empty for values that must never change).
    fn shrink_value(&self) -> Vec<Self> {
        Vec::new()
    }

    /// A leaf's distance from the simplest value of its type (0 is simplest), when the type
    /// has such an order (integers, chars, bools); reduction binary-searches over it.
    fn leaf_rank(&self) -> Option<u64> {
        None
    }

    /// The value of this type at `rank` in the order of [`leaf_rank`](SubTypes::leaf_rank).
    /// (It takes `self` so that the trait stays usable through `dyn Node`.)
    #[allow(clippy::wrong_self_convention)]
    fn from_leaf_rank(&self, rank: u64) -> Option<Self> {
        let _ = rank;
        None
    }

    /// Up to `n` values of this value's type in its enumeration order, smallest first (its
    /// invariant met), when the type implements [`Enumerate`](crate::enumerate::Enumerate):
    /// the values generalization tries first for a variable of this type, so that exhaustive
    /// checking and generalization share one order of small values. Empty by default; the
    /// derive fills it in for a type that implements `Enumerate` (a generic derived type only
    /// when that is known without its parameters' bounds). (It takes `self` so that the trait
    /// stays usable through `dyn Node`.)
    fn small_values(&self, n: usize) -> Vec<Self> {
        let _ = n;
        Vec::new()
    }

    /// Values of this type where code most often breaks, that generalization tries before it
    /// claims that a variable of this type may be anything: an integer's `MIN` and `MAX` and
    /// their neighbours, a float's infinities and NaN, a char's space, capital, digit, quote,
    /// control and multi-byte ones; `Some` of each of `T`'s for `Option<T>`, a list of one
    /// and a list of two of each of `T`'s for a list of `T`. Empty by default.
    fn edge_values() -> Vec<Self> {
        Vec::new()
    }

    /// The `#[smartcheck(range = ..)]` of child `k`, when that field has one: the values
    /// generalization tries at the field and at the integers in it, where most of the
    /// field type's own values are outside the range. `None` by default; the derive fills it
    /// in for a type with ranged fields.
    fn field_range(&self, k: usize) -> Option<Box<dyn FieldRange>> {
        let _ = k;
        None
    }

    /// True when this node satisfies its type's own constraints (`#[smartcheck(range = ..)]`
    /// fields and `#[smartcheck(invariant = ..)]`; the derive writes it). Only this node is checked, not its children: the tester
    /// walks the tree and discards a candidate with any node outside its constraints, since
    /// such a value is not a value of the type the property is about.
    fn within_constraints(&self) -> bool {
        true
    }

    /// Compares this leaf with `other` in its type's order of simplicity (`Less`: this one is
    /// simpler; see `reduce::order`). By default by [`leaf_rank`](SubTypes::leaf_rank); two
    /// leaves without a rank are equally simple, so reduction never changes such a leaf alone.
    fn cmp_simplicity(&self, other: &Self) -> std::cmp::Ordering {
        match (self.leaf_rank(), other.leaf_rank()) {
            (Some(a), Some(b)) => a.cmp(&b),
            _ => std::cmp::Ordering::Equal,
        }
    }

    /// This leaf moved `delta` steps along its type's number line (integers: `self + delta`),
    /// when the type has one and the result is a value of it; `None` by default. Reduction
    /// uses it to move two numbers by the same amount, keeping their difference.
    fn offset(&self, delta: i128) -> Option<Self> {
        let _ = delta;
        None
    }

    /// This leaf and `next` (the element after it in a list, or a later leaf of its type)
    /// folded into one that stands for both, where the type has a way the reducer cannot
    /// reach in simpler steps: strings concatenated (every char kept, the total length too);
    /// integers added as the type adds, wrapping (the sum kept modulo the type's width: a
    /// property of the total, or of a running sum that overflows). `None` by default.
    /// Reduction folds neighbours of a list with it, and an earlier leaf into a later one
    /// (the earlier left at its simplest).
    fn folded(&self, next: &Self) -> Option<Self> {
        let _ = next;
        None
    }

    /// Simpler values of this leaf's type that a search along its number line passes over,
    /// simplest first: an integer's, the same bits set lower (`0b110111` to `0b011111`, where
    /// only how many bits are set matters and most values between have fewer), and its low
    /// parts alone, with its sign (its low decimal digits, `2040` to `40`; its low bytes; it
    /// without its highest set bit, `0x300` to `0x100`; its half), where code that formats a
    /// number or truncates it fails again every hundred or every 256 values, and it with its
    /// leading decimal digit lowered (`500` to `100`). Empty by default.
    /// Reduction tries them as a last resort, after its search along the line.
    fn jumps(&self) -> Vec<Self> {
        Vec::new()
    }

    /// Writes this value where a report prints it as a leaf (an opaque value): its `Debug` by
    /// default. std types whose `Debug` is not Rust syntax override it (`Duration` prints
    /// `Duration::from_millis(1500)`, not `1.5s`).
    fn fmt_leaf(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }

    /// This value as a node. Transparent wrappers (`Box`) return the node of what they wrap.
    fn node(&self) -> &dyn Node {
        self
    }

    /// This value as a mutable node; transparent wrappers return what they wrap.
    fn node_mut(&mut self) -> &mut dyn NodeMut {
        self
    }

    /// The number of constructors in non-opaque nodes (`B(B(L, B(L, L)), B(L, L))` has 9).
    fn size(&self) -> usize {
        NodeRef::Value(self.node()).size()
    }

    /// The sub-value at breadth-first index `i` (0 is the value itself), counting non-opaque
    /// nodes only; `None` past the last. Every index below the count is valid.
    fn sub_value(&self, i: usize) -> Option<Box<dyn SubValue>> {
        crate::index::locate(NodeRef::Value(self.node()), i).map(|found| found.node.to_value())
    }

    /// Replaces the sub-value at breadth-first index `i` with `value`, which must have that
    /// sub-value's type; everything else is left as it was.
    fn replace_sub_value(
        &mut self,
        i: usize,
        value: Box<dyn SubValue>,
    ) -> Result<(), ReplaceError> {
        let path = crate::index::locate(NodeRef::Value(self.node()), i)
            .ok_or(ReplaceError::OutOfBounds { index: i })?
            .path;
        crate::index::replace_at_path(self.node_mut(), &path, value)
    }

    /// The tree of non-opaque sub-values (the paper's `subVals`), for rendering.
    fn sub_values(&self) -> crate::index::SubTree {
        crate::index::SubTree::of(NodeRef::Value(self.node()))
    }
}

/// Why [`SubTypes::replace_sub_value`] refused a replacement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReplaceError {
    /// There is no sub-value at this index.
    OutOfBounds {
        /// The index asked for.
        index: usize,
    },
    /// The replacement's type is not the sub-value's type.
    WrongType {
        /// The type of the sub-value at the index.
        expected: &'static str,
        /// The type of the replacement offered.
        found: &'static str,
    },
}

impl fmt::Display for ReplaceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplaceError::OutOfBounds { index } => write!(f, "no sub-value at index {index}"),
            ReplaceError::WrongType { expected, found } => {
                write!(f, "cannot replace a `{expected}` with a `{found}`")
            }
        }
    }
}

impl std::error::Error for ReplaceError {}

/// A `#[smartcheck(range = LO..=HI)]` field's range (`SubTypes::field_range`): the values
/// generalization tries where the field's type alone would draw mostly values outside it.
/// Each list is laid out alike: the simplest values first (up to 16 from `LO` up, after the
/// field's values that hold no integer: `None`, `[]`), then the value at `HI` and the one
/// below it (two), then `random` values drawn within the range.
pub trait FieldRange {
    /// Integers within the range, in the field's integer type: for an integer anywhere in the
    /// field (the field itself, the `x` of `Some(x)`, a list's element).
    fn ints(&self, g: &mut Gen, random: usize) -> Vec<Box<dyn SubValue>>;
    /// Values of the field's own type with every integer in the range: for the field itself,
    /// or the tail of a list field (an `Option<u8>` ranged `0..=9`: `None`, `Some(0)`, ...,
    /// `Some(9)`, `Some(8)`, then `random` drawn as the field is generated, at growing budgets
    /// and sizes: lists of up to 50 elements).
    fn values(&self, g: &mut Gen, random: usize) -> Vec<Box<dyn SubValue>>;
    /// Every value of the field's type within the range (integers from the low end up, an
    /// `Option`'s `None` first), when there are at most `most` of them (an integer, or an
    /// `Option` of one); `None` otherwise (a list).
    fn every(&self, most: usize) -> Option<Vec<Box<dyn SubValue>>>;
    /// Every integer of the range, from its low end up, when there are at most `most`.
    fn every_int(&self, most: usize) -> Option<Vec<Box<dyn SubValue>>>;
    /// The same range seen at a value of type `ty` nested in the field: the `Vec<u8>` in an
    /// `Option<Vec<u8>>` field, the `Option<u8>` elements of a `Vec<Option<u8>>` one, whose
    /// integers the range bounds too. `None` when no such type lies in the field (and for the
    /// field's own type and its integer, which [`values`](Self::values) and
    /// [`ints`](Self::ints) give).
    fn nested(&self, ty: std::any::TypeId) -> Option<Box<dyn FieldRange>> {
        let _ = ty;
        None
    }
}

/// The object-safe, read-only face of a [`SubTypes`] value.
///
/// Its methods are prefixed `node_` so that they never clash with [`SubTypes`]'s on a concrete
/// type with both traits in scope; `dyn Node` and `dyn SubValue` have inherent methods with the
/// short names (`constructor`, `shape`, `generate`, ...), which is how to call them.
pub trait Node {
    /// See [`SubTypes::constructor`].
    fn node_constructor(&self) -> &'static str;
    /// See [`SubTypes::constructors`].
    fn node_constructors(&self) -> &'static [&'static str];
    /// See [`SubTypes::never_generated`].
    fn node_never_generated(&self) -> &'static [&'static str] {
        &[]
    }
    /// See [`SubTypes::shape`].
    fn node_shape(&self) -> Shape;
    /// See [`SubTypes::children`].
    fn node_children(&self) -> Children<'_>;
    /// See [`SubTypes::is_opaque`].
    fn node_is_opaque(&self) -> bool;
    /// The `TypeId` of this node's value type.
    fn value_type(&self) -> TypeId;
    /// The name of this node's value type, for messages.
    fn type_name(&self) -> &'static str;
    /// An owned copy of this value.
    fn to_value(&self) -> Box<dyn SubValue>;
    /// Formats the value as a report prints a leaf ([`SubTypes::fmt_leaf`]: its `Debug` unless
    /// the type says otherwise).
    fn fmt_debug(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
    /// A fresh value of this node's type, generated within `g`'s size and budget.
    fn node_generate(&self, g: &mut Gen) -> Box<dyn SubValue>;
    /// The smallest size of a value of this node's type (`None`: no finite value).
    fn node_min_size(&self) -> Option<usize>;
    /// See [`SubTypes::shrink_value`].
    fn node_shrink_value(&self) -> Vec<Box<dyn SubValue>>;
    /// See [`SubTypes::leaf_rank`].
    fn node_leaf_rank(&self) -> Option<u64>;
    /// See [`SubTypes::from_leaf_rank`].
    #[allow(clippy::wrong_self_convention)]
    fn node_from_leaf_rank(&self, rank: u64) -> Option<Box<dyn SubValue>>;
    /// See [`SubTypes::within_constraints`].
    fn node_within_constraints(&self) -> bool {
        true
    }
    /// See [`SubTypes::small_values`].
    fn node_small_values(&self, n: usize) -> Vec<Box<dyn SubValue>> {
        let _ = n;
        Vec::new()
    }
    /// See [`SubTypes::edge_values`].
    fn node_edge_values(&self) -> Vec<Box<dyn SubValue>> {
        Vec::new()
    }
    /// See [`SubTypes::field_range`].
    fn node_field_range(&self, k: usize) -> Option<Box<dyn FieldRange>> {
        let _ = k;
        None
    }

    /// See [`SubTypes::offset`].
    fn node_offset(&self, delta: i128) -> Option<Box<dyn SubValue>> {
        let _ = delta;
        None
    }
    /// See [`SubTypes::folded`]; `None` when `next` is of another type.
    fn node_folded(&self, next: &dyn Node) -> Option<Box<dyn SubValue>> {
        let _ = next;
        None
    }
    /// See [`SubTypes::jumps`].
    fn node_jumps(&self) -> Vec<Box<dyn SubValue>> {
        Vec::new()
    }
    /// This value as `Any`, to compare it with another of its type (`None` by default).
    fn node_as_any(&self) -> Option<&dyn Any> {
        None
    }
    /// See [`SubTypes::cmp_simplicity`]; `Equal` when `other` is of another type.
    fn node_cmp_simplicity(&self, other: &dyn Node) -> std::cmp::Ordering {
        let _ = other;
        std::cmp::Ordering::Equal
    }
}

/// The object-safe, mutable face of a [`SubTypes`] value.
pub trait NodeMut {
    /// Mutable access to child `k` (same numbering as [`Node::node_children`]).
    fn node_child_mut(&mut self, k: usize) -> Option<NodeMutRef<'_>>;
    /// Overwrites this value with `value`, which must be of the same type; hands it back if not.
    fn assign(&mut self, value: Box<dyn SubValue>) -> Result<(), Box<dyn SubValue>>;
}

/// An owned sub-value of some `SubTypes` type, as the paper's existential `SubVal`.
pub trait SubValue: Node + NodeMut + fmt::Debug {
    /// The value as `Any`, to downcast to its type.
    fn as_any(&self) -> &dyn Any;
    /// The boxed value as `Any`, to take it out as its type.
    fn into_any(self: Box<Self>) -> Box<dyn Any>;
    /// The value as a read-only node.
    fn as_node(&self) -> NodeRef<'_>;
    /// The value as a mutable node.
    fn as_node_mut(&mut self) -> NodeMutRef<'_>;
}

impl Clone for Box<dyn SubValue> {
    fn clone(&self) -> Self {
        self.to_value()
    }
}

impl<T: SubTypes> Node for T {
    fn node_constructor(&self) -> &'static str {
        SubTypes::constructor(self)
    }
    fn node_constructors(&self) -> &'static [&'static str] {
        SubTypes::constructors(self)
    }
    fn node_never_generated(&self) -> &'static [&'static str] {
        SubTypes::never_generated(self)
    }
    fn node_shape(&self) -> Shape {
        SubTypes::shape(self)
    }
    fn node_children(&self) -> Children<'_> {
        SubTypes::children(self)
    }
    fn node_is_opaque(&self) -> bool {
        SubTypes::is_opaque(self)
    }
    fn value_type(&self) -> TypeId {
        TypeId::of::<T>()
    }
    fn type_name(&self) -> &'static str {
        std::any::type_name::<T>()
    }
    fn to_value(&self) -> Box<dyn SubValue> {
        Box::new(self.clone())
    }
    fn fmt_debug(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        SubTypes::fmt_leaf(self, f)
    }
    fn node_generate(&self, g: &mut Gen) -> Box<dyn SubValue> {
        Box::new(T::arbitrary(g))
    }
    fn node_min_size(&self) -> Option<usize> {
        T::min_size()
    }
    fn node_shrink_value(&self) -> Vec<Box<dyn SubValue>> {
        boxed(SubTypes::shrink_value(self))
    }
    fn node_leaf_rank(&self) -> Option<u64> {
        SubTypes::leaf_rank(self)
    }
    fn node_from_leaf_rank(&self, rank: u64) -> Option<Box<dyn SubValue>> {
        SubTypes::from_leaf_rank(self, rank).map(|v| Box::new(v) as Box<dyn SubValue>)
    }
    fn node_within_constraints(&self) -> bool {
        SubTypes::within_constraints(self)
    }
    fn node_small_values(&self, n: usize) -> Vec<Box<dyn SubValue>> {
        boxed(SubTypes::small_values(self, n))
    }
    fn node_edge_values(&self) -> Vec<Box<dyn SubValue>> {
        boxed(T::edge_values())
    }
    fn node_field_range(&self, k: usize) -> Option<Box<dyn FieldRange>> {
        SubTypes::field_range(self, k)
    }

    fn node_as_any(&self) -> Option<&dyn Any> {
        Some(self)
    }
    fn node_offset(&self, delta: i128) -> Option<Box<dyn SubValue>> {
        SubTypes::offset(self, delta).map(|v| Box::new(v) as Box<dyn SubValue>)
    }
    fn node_folded(&self, next: &dyn Node) -> Option<Box<dyn SubValue>> {
        let next = next.node_as_any()?.downcast_ref::<T>()?;
        SubTypes::folded(self, next).map(|v| Box::new(v) as Box<dyn SubValue>)
    }
    fn node_jumps(&self) -> Vec<Box<dyn SubValue>> {
        boxed(SubTypes::jumps(self))
    }
    fn node_cmp_simplicity(&self, other: &dyn Node) -> std::cmp::Ordering {
        match other.node_as_any().and_then(|o| o.downcast_ref::<T>()) {
            Some(other) => SubTypes::cmp_simplicity(self, other),
            None => std::cmp::Ordering::Equal,
        }
    }
}

/// `values`, each boxed as a sub-value. A loop, not `into_iter().map(..).collect()`: this
/// blanket impl is compiled once per value type (every derived type of a user's, every leaf
/// type of the engine's), and each such chain was some 28 functions to compile per type.
fn boxed<T: SubTypes>(values: Vec<T>) -> Vec<Box<dyn SubValue>> {
    let mut out: Vec<Box<dyn SubValue>> = Vec::with_capacity(values.len());
    for v in values {
        out.push(Box::new(v));
    }
    out
}

impl<T: SubTypes> NodeMut for T {
    fn node_child_mut(&mut self, k: usize) -> Option<NodeMutRef<'_>> {
        SubTypes::child_mut(self, k)
    }
    fn assign(&mut self, value: Box<dyn SubValue>) -> Result<(), Box<dyn SubValue>> {
        if value.as_any().is::<T>() {
            let value = value.into_any().downcast::<T>().expect("type checked just above");
            *self = *value;
            Ok(())
        } else {
            Err(value)
        }
    }
}

impl<T: SubTypes> SubValue for T {
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn into_any(self: Box<Self>) -> Box<dyn Any> {
        self
    }
    fn as_node(&self) -> NodeRef<'_> {
        NodeRef::Value(self.node())
    }
    fn as_node_mut(&mut self) -> NodeMutRef<'_> {
        NodeMutRef::Value(self.node_mut())
    }
}

macro_rules! short_names {
    ($($obj:tt)*) => {
        impl<'a> $($obj)* + 'a {
            /// The constructor of this value.
            pub fn constructor(&self) -> &'static str {
                self.node_constructor()
            }
            /// All constructors of this value's type.
            pub fn constructors(&self) -> &'static [&'static str] {
                self.node_constructors()
            }
            /// How this value prints.
            pub fn shape(&self) -> Shape {
                self.node_shape()
            }
            /// The direct children.
            pub fn children(&self) -> Children<'_> {
                self.node_children()
            }
            /// Whether the value is opaque.
            pub fn is_opaque(&self) -> bool {
                self.node_is_opaque()
            }
            /// A fresh value of this type within `g`'s size and budget.
            pub fn generate(&self, g: &mut Gen) -> Box<dyn SubValue> {
                self.node_generate(g)
            }
            /// The smallest size of a value of this type.
            pub fn min_size(&self) -> Option<usize> {
                self.node_min_size()
            }
            /// Simpler values to try in place of this leaf.
            pub fn shrink_value(&self) -> Vec<Box<dyn SubValue>> {
                self.node_shrink_value()
            }
            /// This leaf's rank (0 is simplest).
            pub fn leaf_rank(&self) -> Option<u64> {
                self.node_leaf_rank()
            }
            /// The value of this type at `rank`.
            pub fn from_leaf_rank(&self, rank: u64) -> Option<Box<dyn SubValue>> {
                self.node_from_leaf_rank(rank)
            }
            /// The number of constructors in non-opaque nodes.
            pub fn size(&self) -> usize {
                NodeRef::Value(self.as_dyn_node()).size()
            }
        }
    };
}

short_names!(dyn Node);
short_names!(dyn SubValue);

trait AsDynNode {
    fn as_dyn_node(&self) -> &dyn Node;
}
impl AsDynNode for dyn Node + '_ {
    fn as_dyn_node(&self) -> &dyn Node {
        self
    }
}
impl AsDynNode for dyn SubValue + '_ {
    fn as_dyn_node(&self) -> &dyn Node {
        self
    }
}

impl<'a> dyn NodeMut + 'a {
    /// Mutable access to child `k`.
    pub fn child_mut(&mut self, k: usize) -> Option<NodeMutRef<'_>> {
        self.node_child_mut(k)
    }
}

/// A list that can be walked as a chain of cons cells (`Vec`, `VecDeque`).
///
/// The suffix starting at `start` is a node of the list's own type: its children are the
/// element at `start` and the suffix at `start + 1`; the suffix at `len` is the empty list.
pub trait ListNode {
    /// The number of elements.
    fn len(&self) -> usize;
    /// True when the list has no elements.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The element at `i` as a node.
    fn element(&self, i: usize) -> &dyn Node;
    /// The list's own type as a node (for type, generation and constructor names).
    fn whole(&self) -> &dyn Node;
    /// An owned copy of the suffix starting at `start`, as the list's own type.
    fn suffix_value(&self, start: usize) -> Box<dyn SubValue>;
    /// Formats the suffix starting at `start` with `Debug`.
    fn fmt_suffix(&self, start: usize, f: &mut fmt::Formatter<'_>) -> fmt::Result;
    /// What a cell holds before its tail (maps and sets hold keys).
    fn cell_kind(&self) -> CellKind {
        CellKind::Element
    }
    /// The key of entry `i`, for [`CellKind::Entry`] and [`CellKind::Key`] lists.
    fn key(&self, i: usize) -> Option<&dyn Node> {
        let _ = i;
        None
    }
}

/// What each cell of a [`ListNode`] holds before its tail, in child order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellKind {
    /// `[element, tail]`: a `Vec` cell.
    Element,
    /// `[key, value, tail]`: a map entry. The key is replaced through
    /// [`ListNodeMut::replace_suffix`] at `len + 1 + i` (a key cannot change in place).
    Entry,
    /// `[key, tail]`: a set element, replaced as an `Entry`'s key is.
    Key,
}

/// Mutable access to a list walked as cons cells.
pub trait ListNodeMut {
    /// The number of elements.
    fn len(&self) -> usize;
    /// True when the list has no elements.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The element at `i` as a mutable node.
    fn element_mut(&mut self, i: usize) -> &mut dyn NodeMut;
    /// Replaces the suffix starting at `start` with `value`, a list of the same type.
    fn replace_suffix(
        &mut self,
        start: usize,
        value: Box<dyn SubValue>,
    ) -> Result<(), Box<dyn SubValue>>;
    /// What a cell holds before its tail; must agree with [`ListNode::cell_kind`].
    fn cell_kind(&self) -> CellKind {
        CellKind::Element
    }
    /// A copy of the key of entry `i` (maps and sets), which cannot change in place: a change
    /// inside a key is made to the copy, which then replaces the key. `None` by default.
    fn key_value(&self, i: usize) -> Option<Box<dyn SubValue>> {
        let _ = i;
        None
    }
}

/// A handle on a node: a value, or the suffix of a list starting at an element.
#[derive(Clone, Copy)]
pub enum NodeRef<'a> {
    /// A whole value.
    Value(&'a dyn Node),
    /// The suffix of a list starting at the given element.
    Suffix(&'a dyn ListNode, usize),
}

impl<'a> NodeRef<'a> {
    /// The node's constructor name.
    pub fn constructor(self) -> &'static str {
        match self {
            NodeRef::Value(n) => n.constructor(),
            NodeRef::Suffix(l, start) => crate::std_impls::suffix_constructor(l, start),
        }
    }

    /// All constructor names of the node's type.
    pub fn constructors(self) -> &'static [&'static str] {
        match self {
            NodeRef::Value(n) => n.constructors(),
            NodeRef::Suffix(l, _) => l.whole().constructors(),
        }
    }

    /// The constructors of the node's type that generation never builds
    /// ([`SubTypes::never_generated`]).
    pub fn never_generated(self) -> &'static [&'static str] {
        match self {
            NodeRef::Value(n) => n.node_never_generated(),
            NodeRef::Suffix(l, _) => l.whole().node_never_generated(),
        }
    }

    /// How the node prints.
    pub fn shape(self) -> Shape {
        match self {
            NodeRef::Value(n) => n.shape(),
            NodeRef::Suffix(..) => Shape::List,
        }
    }

    /// The node's children, opaque ones included.
    pub fn children(self) -> Children<'a> {
        match self {
            NodeRef::Value(n) => n.children(),
            NodeRef::Suffix(l, start) => crate::std_impls::list_children(l, start),
        }
    }

    /// Whether the node is opaque to reduction and generalization.
    pub fn is_opaque(self) -> bool {
        match self {
            NodeRef::Value(n) => n.is_opaque(),
            NodeRef::Suffix(..) => false,
        }
    }

    /// The node's value type.
    pub fn value_type(self) -> TypeId {
        self.type_node().value_type()
    }

    /// The node's value type name.
    pub fn type_name(self) -> &'static str {
        self.type_node().type_name()
    }

    /// A node of the same type as this one (the list itself for a suffix).
    pub fn type_node(self) -> &'a dyn Node {
        match self {
            NodeRef::Value(n) => n,
            NodeRef::Suffix(l, _) => l.whole(),
        }
    }

    /// An owned copy of the node's value.
    pub fn to_value(self) -> Box<dyn SubValue> {
        match self {
            NodeRef::Value(n) => n.to_value(),
            NodeRef::Suffix(l, start) => l.suffix_value(start),
        }
    }

    /// The number of constructors in the non-opaque nodes under and including this one.
    pub fn size(self) -> usize {
        self.size_up_to(usize::MAX)
    }

    /// [`size`](NodeRef::size), counting no further than `cap`: O(min(size, cap)).
    pub fn size_up_to(self, cap: usize) -> usize {
        // Inline room for a small value's pending nodes: counting one allocates nothing.
        let mut stack: SmallVec<[NodeRef<'a>; 16]> = smallvec::smallvec![self];
        let mut size = 0;
        while let Some(node) = stack.pop() {
            if node.is_opaque() {
                continue;
            }
            size += 1;
            if size >= cap {
                return size;
            }
            for child in node.children().iter().filter(|c| c.is_indexed()) {
                stack.push(child.node);
            }
        }
        size
    }

    /// Formats the value with `Debug`.
    pub fn fmt_debug(self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NodeRef::Value(n) => n.fmt_debug(f),
            NodeRef::Suffix(l, start) => l.fmt_suffix(start, f),
        }
    }
}

impl fmt::Debug for NodeRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.fmt_debug(f)
    }
}

/// A mutable handle on a node: a value, or the suffix of a list.
pub enum NodeMutRef<'a> {
    /// A whole value.
    Value(&'a mut dyn NodeMut),
    /// The suffix of a list starting at the given element.
    Suffix(&'a mut dyn ListNodeMut, usize),
}

impl<'a> NodeMutRef<'a> {
    /// Child `k` of this node.
    pub fn child_mut(self, k: usize) -> Option<NodeMutRef<'a>> {
        match self {
            NodeMutRef::Value(n) => n.child_mut(k),
            NodeMutRef::Suffix(l, start) => crate::std_impls::list_child_mut(l, start, k),
        }
    }

    /// Overwrites the node with `value` of the same type; hands it back if the type differs.
    pub fn assign(self, value: Box<dyn SubValue>) -> Result<(), Box<dyn SubValue>> {
        match self {
            NodeMutRef::Value(n) => n.assign(value),
            NodeMutRef::Suffix(l, start) => l.replace_suffix(start, value),
        }
    }

    /// As [`assign_along`](Self::assign_along), with the path given as runs of one slot
    /// (`(slot, count)`): a run of tails down a list is one step, so an element deep in a
    /// long list is reached in O(1), where slot by slot it cost its index.
    pub fn assign_along_runs(
        self,
        runs: &[(u32, u32)],
        value: Box<dyn SubValue>,
    ) -> Result<(), Box<dyn SubValue>> {
        let mut at = self;
        for (k, &(slot, count)) in runs.iter().enumerate() {
            let mut left = count as usize;
            while left > 0 {
                if let NodeMutRef::Suffix(list, start) = at {
                    let len = list.len();
                    if start > len {
                        // A map's key: changed on a copy, as `assign_along` does.
                        let rest = std::iter::repeat_n(slot, left).chain(
                            runs[k + 1..]
                                .iter()
                                .flat_map(|&(s, c)| std::iter::repeat_n(s, c as usize)),
                        );
                        let mut rest = rest.map(|s| s as usize);
                        return NodeMutRef::Suffix(list, start).assign_along(&mut rest, value);
                    }
                    // A run of tails down a list's suffix is one step.
                    if slot as usize == crate::std_impls::list_tail_slot(&*list) {
                        if start + left > len {
                            return Err(value);
                        }
                        at = NodeMutRef::Suffix(list, start + left);
                        break;
                    }
                    at = NodeMutRef::Suffix(list, start);
                }
                match at.child_mut(slot as usize) {
                    Some(next) => at = next,
                    None => return Err(value),
                }
                left -= 1;
            }
        }
        at.assign(value)
    }

    /// Overwrites the node reached from this one by the child slots `path` with `value`;
    /// hands it back when the path does not exist or the type differs. A path into a map's or
    /// set's key (which cannot change in place) changes a copy of the key and puts the copy in
    /// the key's place.
    pub fn assign_along(
        self,
        path: &mut dyn Iterator<Item = usize>,
        value: Box<dyn SubValue>,
    ) -> Result<(), Box<dyn SubValue>> {
        let mut at = self;
        loop {
            let Some(slot) = path.next() else { return at.assign(value) };
            if let NodeMutRef::Suffix(list, start) = at {
                let len = list.len();
                if start > len {
                    let Some(mut key) = list.key_value(start - len - 1) else { return Err(value) };
                    key.as_node_mut()
                        .assign_along(&mut std::iter::once(slot).chain(path), value)?;
                    return NodeMutRef::Suffix(list, start).assign(key);
                }
                at = NodeMutRef::Suffix(list, start);
            }
            match at.child_mut(slot) {
                Some(next) => at = next,
                None => return Err(value),
            }
        }
    }
}

/// Builds the children of a fixed sequence of values (arrays, and `VecDeque` elements).
pub fn seq_children<'a, T: SubTypes>(items: impl IntoIterator<Item = &'a T>) -> Children<'a> {
    items.into_iter().map(Child::new).collect()
}
