//! `#[derive(SubTypes, Arbitrary)]` as users see it: the paper's §3 examples, every kind of
//! struct and enum, generics, recursion, and the `#[smartcheck(...)]` attributes.
//!
//! The crate denies warnings (and missing docs, and needless qualifications), so that any
//! warning in the derives' generated code fails this test's build.

#![deny(warnings)]
#![deny(missing_docs, unused_qualifications)]

use std::any::Any;
use std::fmt;

use smartcheck::{Arbitrary, Gen, Shape, SubTypes, SubValue};

// ---------------------------------------------------------------------------------------------
// The paper's binary tree (§3)

#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
enum T {
    L,
    B(Box<T>, Box<T>),
}

use T::L;

fn b(l: T, r: T) -> T {
    T::B(Box::new(l), Box::new(r))
}

/// `tree = B(B(L, B(L, L)), B(L, L))`, the paper's example value.
fn tree() -> T {
    b(b(L, b(L, L)), b(L, L))
}

/// The sub-value at `i`, as a `V` (panics if it is there with another type).
fn at<V: Any + Clone>(value: &impl SubTypes, i: usize) -> Option<V> {
    value.sub_value(i).map(|sub| {
        let any: Box<dyn Any> = sub.into_any();
        *any.downcast::<V>().expect("sub-value of the expected type")
    })
}

#[test]
fn paper_size_and_constructors() {
    let tree = tree();
    assert_eq!(tree.size(), 9);
    assert_eq!(tree.constructor(), "B");
    // Declaration order (the paper prints ["B", "L"] for `data T = L | B T T`'s own order).
    assert_eq!(tree.constructors(), ["L", "B"]);
    assert_eq!(L.constructors(), ["L", "B"]);
    assert_eq!(L.constructor(), "L");
    assert_eq!(L.size(), 1);
    assert_eq!(tree.shape(), Shape::Tuple);
    assert_eq!(L.shape(), Shape::Unit);
}

#[test]
fn paper_index_is_breadth_first() {
    // The paper labels `tree` as B0 (B1 L3 (B4 L6 L8)) (B2 L5 L7), which disagrees with its own
    // `index tree 3 = B4 L6 L8` and with breadth-first order. We follow breadth-first order:
    // level 1 is 1, 2; level 2 is 3, 4 (under 1) and 5, 6 (under 2); level 3 is 7, 8.
    let tree = tree();
    let expected = [tree.clone(), b(L, b(L, L)), b(L, L), L, b(L, L), L, L, L, L];
    for (i, want) in expected.iter().enumerate() {
        assert_eq!(at::<T>(&tree, i).as_ref(), Some(want), "index {i}");
    }
    assert!(tree.sub_value(9).is_none());
    assert!(tree.sub_value(12).is_none());
}

#[test]
fn paper_replace() {
    let mut tree = tree();
    tree.replace_sub_value(2, Box::new(L)).unwrap();
    assert_eq!(tree, b(b(L, b(L, L)), L));

    // A replacement of the wrong type is an error and changes nothing.
    let mut tree = self::tree();
    assert!(tree.replace_sub_value(1, Box::new(3_i32)).is_err());
    assert!(tree.replace_sub_value(9, Box::new(L)).is_err());
    assert_eq!(tree, self::tree());
}

#[test]
fn paper_opaque() {
    assert!(3_i32.is_opaque());
    assert!(!tree().is_opaque());
    assert!(!L.is_opaque());
}

#[test]
fn paper_sub_values() {
    // subVals (B0 (B1 L0 L1) L2): the root has children B1 and L2; B1 has two leaves.
    let value = b(b(L, L), L);
    let tree = value.sub_values();
    assert_eq!(tree.len(), 5);
    let constructors: Vec<&str> = tree.nodes().iter().map(|n| n.constructor).collect();
    assert_eq!(constructors, ["B", "B", "L", "L", "L"]);
    let children: Vec<&[usize]> = tree.nodes().iter().map(|n| &n.children[..]).collect();
    assert_eq!(children, [&[1, 2][..], &[3, 4], &[], &[], &[]]);
    let parents: Vec<Option<usize>> = tree.nodes().iter().map(|n| n.parent).collect();
    assert_eq!(parents, [None, Some(0), Some(0), Some(1), Some(1)]);
}

#[test]
fn paper_tree_generation_stays_in_budget() {
    assert_eq!(T::min_size(), Some(1));
    for seed in 0..200 {
        let mut g = Gen::new(seed, 30);
        let t = T::arbitrary(&mut g);
        assert!(t.size() <= 30, "{t:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// Structs: named, tuple, unit; enum variants of every style; raw identifiers

#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Named {
    count: u8,
    r#type: Option<T>,
}

#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Pair(T, bool);

#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Unit;

#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
enum Styles {
    Plain,
    Empty(),
    Braces {},
    Circle { radius: u32, centre: Pair },
    r#Match(Unit),
}

#[test]
fn named_struct() {
    let v = Named { count: 3, r#type: Some(L) };
    assert_eq!(v.constructor(), "Named");
    assert_eq!(v.constructors(), ["Named"]);
    assert_eq!(v.shape(), Shape::Struct(&["count", "type"]));
    assert_eq!(v.children().len(), 2, "opaque fields are children too: they print");
    assert_eq!(v.size(), 3); // Named, Some, L
    assert_eq!(at::<Option<T>>(&v, 1), Some(Some(L)));
    assert_eq!(at::<T>(&v, 2), Some(L));
    assert!(v.sub_value(3).is_none());
    let mut w = v.clone();
    w.replace_sub_value(1, Box::new(None::<T>)).unwrap();
    assert_eq!(w, Named { count: 3, r#type: None });
    assert_eq!(Named::min_size(), Some(2));
}

#[test]
fn tuple_and_unit_structs() {
    let pair = Pair(b(L, L), true);
    assert_eq!(pair.constructor(), "Pair");
    assert_eq!(pair.shape(), Shape::Tuple);
    assert_eq!(pair.size(), 4);
    assert_eq!(at::<T>(&pair, 1), Some(b(L, L)));
    let mut p = pair.clone();
    p.replace_sub_value(1, Box::new(L)).unwrap();
    assert_eq!(p, Pair(L, true));

    assert_eq!(Unit.constructor(), "Unit");
    assert_eq!(Unit.constructors(), ["Unit"]);
    assert_eq!(Unit.shape(), Shape::Unit);
    assert_eq!(Unit.size(), 1);
    assert!(Unit.children().is_empty());
    assert_eq!(Unit::min_size(), Some(1));
    assert_eq!(Unit::arbitrary(&mut Gen::new(1, 10)), Unit);
}

#[test]
fn enum_variants_of_every_style() {
    assert_eq!(Styles::Plain.constructors(), ["Plain", "Empty", "Braces", "Circle", "Match"]);
    assert_eq!(Styles::Plain.shape(), Shape::Unit);
    assert_eq!(Styles::Empty().shape(), Shape::Tuple);
    assert_eq!(Styles::Braces {}.shape(), Shape::Struct(&[]));
    let circle = Styles::Circle { radius: 2, centre: Pair(L, false) };
    assert_eq!(circle.constructor(), "Circle");
    assert_eq!(circle.shape(), Shape::Struct(&["radius", "centre"]));
    assert_eq!(circle.size(), 3);
    assert_eq!(at::<Pair>(&circle, 1), Some(Pair(L, false)));
    let m = Styles::r#Match(Unit);
    assert_eq!(m.constructor(), "Match");
    assert_eq!(at::<Unit>(&m, 1), Some(Unit));
    let mut seen = std::collections::BTreeSet::new();
    let mut g = Gen::new(7, 20);
    for _ in 0..300 {
        seen.insert(Styles::arbitrary(&mut g).constructor());
    }
    assert_eq!(seen.len(), 5, "every variant is generated: {seen:?}");
}

// ---------------------------------------------------------------------------------------------
// Generics

#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
enum Tree<A> {
    Leaf(A),
    Node(Box<Tree<A>>, Box<Tree<A>>),
}

#[test]
fn generic_tree() {
    let t: Tree<i32> = Tree::Node(Box::new(Tree::Leaf(1)), Box::new(Tree::Leaf(2)));
    assert_eq!(t.size(), 3, "the i32s are opaque");
    assert_eq!(at::<Tree<i32>>(&t, 2), Some(Tree::Leaf(2)));

    let t: Tree<T> = Tree::Node(Box::new(Tree::Leaf(b(L, L))), Box::new(Tree::Leaf(L)));
    assert_eq!(t.size(), 7);
    assert_eq!(at::<T>(&t, 3), Some(b(L, L)));
    assert_eq!(at::<T>(&t, 4), Some(L));
    assert_eq!(Tree::<T>::min_size(), Some(2));
    let mut g = Gen::new(3, 40);
    for _ in 0..100 {
        assert!(Tree::<bool>::arbitrary(&mut g).size() <= 40);
    }
}

/// A type family whose marker implements nothing but the family: the derives must bound
/// `F::Item`, which the fields use, and not `F`, which they do not (serde-style bounds).
trait Family: 'static {
    type Item;
}

struct Ints;

impl Family for Ints {
    type Item = i32;
}

#[derive(SubTypes, Arbitrary)]
struct Bag<F: Family> {
    first: Option<F::Item>,
    pair: (F::Item, bool),
}

impl<F: Family> Clone for Bag<F>
where
    F::Item: Clone,
{
    fn clone(&self) -> Self {
        Bag { first: self.first.clone(), pair: self.pair.clone() }
    }
}

impl<F: Family> fmt::Debug for Bag<F>
where
    F::Item: fmt::Debug,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Bag").field("first", &self.first).field("pair", &self.pair).finish()
    }
}

#[test]
fn bounds_only_what_fields_use() {
    let bag: Bag<Ints> = Bag { first: Some(1), pair: (2, true) };
    assert_eq!(bag.size(), 3); // Bag, Some, the pair
    assert_eq!(Bag::<Ints>::arbitrary(&mut Gen::new(1, 10)).constructor(), "Bag");
}

#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Row<A, const N: usize> {
    cells: [A; N],
}

#[test]
fn const_generics() {
    let row = Row { cells: [L, b(L, L)] };
    assert_eq!(row.size(), 6); // Row, the array, L, B(L, L)
    assert_eq!(at::<T>(&row, 3), Some(b(L, L)));
    assert_eq!(Row::<T, 3>::min_size(), Some(5));
    let mut g = Gen::new(4, 30);
    for _ in 0..50 {
        assert!(Row::<T, 3>::arbitrary(&mut g).size() <= 30);
    }
}

/// Derived code names everything by absolute path: it compiles without the prelude.
#[no_implicit_prelude]
mod without_prelude {
    #[derive(
        ::core::fmt::Debug,
        ::core::clone::Clone,
        ::core::cmp::PartialEq,
        ::smartcheck::SubTypes,
        ::smartcheck::Arbitrary,
    )]
    pub(crate) enum Bare<A> {
        Nil,
        Cons {
            head: A,
            #[smartcheck(opaque)]
            tail: ::std::boxed::Box<Bare<A>>,
        },
        #[smartcheck(skip)]
        Gone(::std::vec::Vec<A>),
    }
}

#[test]
fn without_the_prelude() {
    use without_prelude::Bare;
    let v = Bare::Cons { head: L, tail: Box::new(Bare::Nil) };
    assert_eq!(v.constructors(), ["Nil", "Cons", "Gone"]);
    assert_eq!(v.sub_values().len(), 2, "Cons and its head; the tail is frozen");
    assert_eq!(Bare::<T>::arbitrary(&mut Gen::new(0, 0)), Bare::Nil);
    assert_eq!(Bare::Gone(vec![L]).constructor(), "Gone");
}

// ---------------------------------------------------------------------------------------------
// Recursion: mutual, through Vec, through Option

#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
enum Forest {
    Nil,
    Cons(Box<Rose>, Box<Forest>),
}

#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Rose {
    label: u8,
    kids: Forest,
}

#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct VecRose {
    label: i32,
    kids: Vec<VecRose>,
}

#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Linked {
    next: Option<Box<Linked>>,
}

/// A derived variant of one field wraps each of its field's edge values; a recursive type's
/// own are not wrapped again, so building them ends (`Linked`'s only field holds itself).
#[test]
fn edge_values_wrap_one_field_and_end_on_recursion() {
    let leaves: Vec<Tree<i8>> = Tree::edge_values();
    let wrapped = [i8::MAX, i8::MIN, i8::MAX - 1, i8::MIN + 1].map(Tree::Leaf);
    assert_eq!(leaves, wrapped);
    assert_eq!(Linked::edge_values(), vec![]);
    assert_eq!(VecRose::edge_values(), vec![], "two fields: none");
    assert_eq!(Forest::edge_values(), vec![]);
}

#[test]
fn mutually_recursive_types() {
    let leaf = Rose { label: 1, kids: Forest::Nil };
    let forest = Forest::Cons(Box::new(leaf.clone()), Box::new(Forest::Nil));
    let rose = Rose { label: 0, kids: forest.clone() };
    assert_eq!(rose.size(), 5); // Rose, Cons, Rose, Nil, Nil
    assert_eq!(at::<Forest>(&rose, 1), Some(forest));
    assert_eq!(at::<Rose>(&rose, 2), Some(leaf));
    assert_eq!(at::<Forest>(&rose, 3), Some(Forest::Nil));
    let mut r = rose.clone();
    r.replace_sub_value(1, Box::new(Forest::Nil)).unwrap();
    assert_eq!(r, Rose { label: 0, kids: Forest::Nil });
    assert!(rose
        .clone()
        .replace_sub_value(1, Box::new(Rose { label: 9, kids: Forest::Nil }))
        .is_err());
    assert_eq!(Rose::min_size(), Some(2));
    assert_eq!(Forest::min_size(), Some(1));
    let mut g = Gen::new(11, 50);
    for _ in 0..100 {
        assert!(Rose::arbitrary(&mut g).size() <= 50);
    }
}

#[test]
fn recursion_through_vec_and_option() {
    let v = VecRose { label: 5, kids: vec![VecRose { label: 6, kids: vec![] }] };
    assert_eq!(v.size(), 5); // VecRose, cell, VecRose, [], []
    assert_eq!(VecRose::min_size(), Some(2));
    let l = Linked { next: Some(Box::new(Linked { next: None })) };
    assert_eq!(l.size(), 4); // Linked, Some, Linked, None
    assert_eq!(at::<Linked>(&l, 2), Some(Linked { next: None }));
    assert_eq!(Linked::min_size(), Some(2));
    let mut g = Gen::new(5, 60);
    let mut deepest = 0;
    for _ in 0..100 {
        assert!(VecRose::arbitrary(&mut g).size() <= 60);
        let l = Linked::arbitrary(&mut g);
        assert!(l.size() <= 60);
        deepest = deepest.max(l.size());
    }
    assert!(deepest > 4, "recursion through Option is generated");
}

// ---------------------------------------------------------------------------------------------
// Attributes

#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Tagged {
    #[smartcheck(opaque)]
    tag: T,
    body: T,
}

#[test]
fn opaque_field_is_printed_but_not_indexed() {
    let v = Tagged { tag: b(L, L), body: b(L, L) };
    let children = v.children();
    assert_eq!(children.len(), 2);
    assert!(children[0].frozen && !children[1].frozen);
    assert_eq!(format!("{:?}", children[0].node), "B(L, L)");
    let sub = v.sub_values();
    assert_eq!(sub.len(), 4, "Tagged, and the body's B, L, L: nothing of the tag");
    for i in 0..4 {
        assert!(v.sub_value(i).is_some());
    }
    assert!(v.sub_value(4).is_none());
    assert_eq!(at::<T>(&v, 1), Some(b(L, L)));
    let mut w = v.clone();
    w.replace_sub_value(1, Box::new(L)).unwrap();
    assert_eq!(w, Tagged { tag: b(L, L), body: L });
}

#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
#[smartcheck(opaque)]
struct Secret {
    code: u32,
    hint: T,
}

#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
#[smartcheck(opaque)]
enum Colour {
    Red,
    Rgb(u8, u8, u8),
}

#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Vault {
    secret: Secret,
    colour: Colour,
    rest: T,
}

#[test]
fn opaque_types_are_leaves() {
    let s = Secret { code: 7, hint: b(L, L) };
    assert!(s.is_opaque());
    assert_eq!(s.shape(), Shape::Atom);
    assert!(s.children().is_empty());
    assert_eq!(s.constructor(), "Secret");
    assert_eq!(s.size(), 0);
    assert!(Colour::Rgb(1, 2, 3).is_opaque());
    assert_eq!(Colour::Rgb(1, 2, 3).constructor(), "Rgb");
    assert_eq!(Colour::Red.constructors(), ["Red", "Rgb"]);
    assert_eq!(Colour::Red.shape(), Shape::Atom);

    let v = Vault { secret: s, colour: Colour::Red, rest: L };
    assert_eq!(v.size(), 2);
    assert_eq!(v.sub_values().len(), 2);
    assert_eq!(at::<T>(&v, 1), Some(L), "the opaque fields are skipped by indexing");
    assert!(v.sub_value(2).is_none());
    let mut g = Gen::new(2, 20);
    for _ in 0..50 {
        let v = Vault::arbitrary(&mut g);
        assert!(v.size() <= 20);
    }
}

#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
enum Weighted {
    #[smartcheck(weight = 9)]
    Common,
    Rare,
    #[smartcheck(skip)]
    Never(u8),
    #[smartcheck(weight = 0)]
    Zero,
}

#[test]
fn skip_and_weight() {
    assert_eq!(Weighted::Rare.constructors(), ["Common", "Rare", "Never", "Zero"]);
    let mut g = Gen::new(42, 10);
    let (mut common, mut rare) = (0, 0);
    for _ in 0..2000 {
        match Weighted::arbitrary(&mut g) {
            Weighted::Common => common += 1,
            Weighted::Rare => rare += 1,
            other => panic!("generated a skipped or zero-weight variant: {other:?}"),
        }
    }
    // Expected 1800 : 200.
    assert!(rare > 100 && common > 5 * rare, "common {common}, rare {rare}");
    // A skipped variant is still a constructor of the type: it indexes and prints.
    let never = Weighted::Never(3);
    assert_eq!(never.constructor(), "Never");
    assert_eq!(never.size(), 1);
    assert_eq!(Weighted::Zero.constructor(), "Zero");
}

fn small_even(g: &mut Gen) -> u32 {
    g.below(50) as u32 * 2
}

mod generators {
    use super::*;

    pub(crate) fn always_leaf(_: &mut Gen) -> T {
        L
    }
}

#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
enum Custom {
    Evens {
        #[smartcheck(with = small_even)]
        n: u32,
        #[smartcheck(with = generators::always_leaf)]
        t: T,
    },
}

#[test]
fn with_uses_the_custom_generator() {
    let mut g = Gen::new(9, 100);
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..300 {
        let Custom::Evens { n, t } = Custom::arbitrary(&mut g);
        assert!(n % 2 == 0 && n < 100, "{n}");
        assert_eq!(t, L);
        seen.insert(n);
    }
    assert!(seen.len() > 20, "the generator's values vary: {seen:?}");
}

// ---------------------------------------------------------------------------------------------
// No finite value, out of sight of the derive: generation panics naming the type.

#[derive(Debug, Clone, SubTypes, Arbitrary)]
struct Ping(Box<Pong>);

#[derive(Debug, Clone, SubTypes, Arbitrary)]
enum Pong {
    Back(Box<Ping>),
    Again(Box<Ping>, u8),
}

fn panic_message(f: impl FnOnce() + std::panic::UnwindSafe) -> String {
    let err = std::panic::catch_unwind(f).expect_err("generation should panic");
    match err.downcast::<String>() {
        Ok(s) => *s,
        Err(err) => err.downcast::<&str>().map(|s| s.to_string()).unwrap_or_default(),
    }
}

#[test]
fn mutual_recursion_without_base_case_panics_naming_the_type() {
    assert_eq!(Ping::min_size(), None);
    assert_eq!(Pong::min_size(), None);
    let msg = panic_message(|| {
        Ping::arbitrary(&mut Gen::new(0, 10));
    });
    assert!(msg.contains("`Ping` has no finite value"), "{msg}");
    let msg = panic_message(|| {
        Pong::arbitrary(&mut Gen::new(0, 10));
    });
    assert!(msg.contains("`Pong` has no finite value"), "{msg}");
}

#[test]
fn sub_values_are_boxed_with_their_type() {
    let v: Box<dyn SubValue> = tree().sub_value(1).unwrap();
    assert_eq!(smartcheck::Node::type_name(&*v), std::any::type_name::<T>());
    assert_eq!(format!("{v:?}"), "B(L, B(L, L))");
}

/// A type that has no smartcheck impls at all: only named through `PhantomData` below.
#[derive(Debug, Clone, PartialEq)]
struct Meters;

/// A quantity tagged with its unit by a type parameter.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Quantity<U> {
    amount: u8,
    unit: std::marker::PhantomData<U>,
}

/// `PhantomData<U>` has one value whatever `U` is: a type that marks its parameter so derives
/// with no impls asked of `U`, reduces, and prints the marker by name. (It was E0277,
/// `PhantomData<U>: SubTypes` not satisfied.)
#[test]
fn a_phantom_parameter_needs_no_impls_of_its_own() {
    let args = smartcheck::Args { seed: Some(1), persist: false, ..smartcheck::Args::default() };
    let report = smartcheck::smart_check(&args, |q: &Quantity<Meters>| q.amount < 10);
    let cex = &report.counterexamples()[0];
    assert_eq!(cex.value().amount, 10);
    let text = report.to_string();
    assert!(text.contains("Quantity { amount: 10, unit: PhantomData }"), "{text}");
}
