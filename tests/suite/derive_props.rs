//! Properties of the derived `SubTypes` and `Arbitrary` impls, checked over many generated
//! values of several types (the paper's tree, the calculator's expressions, a struct of lists
//! and options, a mutually recursive pair), at many seeds, sizes and budgets:
//!
//! - (a) replacing sub-value `i` with itself gives the original value;
//! - (b) replacing sub-value `i` with another value changes nothing outside `i`;
//! - (c) every index below the count is valid, the count is not, and it is the size;
//! - (d) `arbitrary_below(bound)` is below the bound, `arbitrary` within its budget;
//! - (e) generation at huge budgets terminates, without overflowing the stack.
//!
//! Paths and breadth-first order are recomputed here from `children` alone, independently of
//! the core's indexing, so (b) and (c) also check that indexing is breadth-first.

use std::collections::{HashMap, VecDeque};

use smartcheck::{Arbitrary, Gen, NodeRef, SubTypes};

#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
enum T {
    L,
    B(Box<T>, Box<T>),
}

#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
enum Exp {
    C(i32),
    Add(Box<Exp>, Box<Exp>),
    Div(Box<Exp>, Box<Exp>),
}

#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Program {
    name: Option<String>,
    body: Vec<Exp>,
    result: Option<Box<Exp>>,
    flags: (bool, Option<T>),
}

#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
enum Forest {
    Nil,
    #[smartcheck(weight = 2)]
    Cons(Box<Rose>, Box<Forest>),
}

#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Rose {
    label: u8,
    kids: Forest,
}

/// A chain that is nearly always one link longer: as deep as the generator lets it be.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
enum Nat {
    Z,
    #[smartcheck(weight = 1_000_000)]
    S(Box<Nat>),
}

const VALUES: usize = 300;

/// `VALUES` values of `V`, from many seeds, at sizes up to 100 and budgets up to 200.
fn samples<V: Arbitrary>() -> Vec<V> {
    (0..VALUES)
        .map(|k| {
            let mut g = Gen::new(0x5eed + k as u64 * 7919, k % 101);
            g.set_budget(k * 37 % 201);
            V::arbitrary(&mut g)
        })
        .collect()
}

/// Every indexed node of `value` in breadth-first order: its child-slot path from the root and
/// its `Debug` text. Opaque nodes and frozen fields are not indexed, nor anything under them.
fn indexed_nodes(value: &impl SubTypes) -> Vec<(Vec<usize>, String)> {
    let mut out = Vec::new();
    let mut queue = VecDeque::from([(NodeRef::Value(value.node()), Vec::new())]);
    while let Some((node, path)) = queue.pop_front() {
        out.push((path.clone(), format!("{node:?}")));
        if node.is_opaque() {
            continue;
        }
        for (slot, child) in node.children().into_iter().enumerate() {
            if !child.frozen && !child.node.is_opaque() {
                let mut child_path = path.clone();
                child_path.push(slot);
                queue.push_back((child.node, child_path));
            }
        }
    }
    out
}

/// (a) Replacing sub-value `i` with itself changes nothing.
fn replace_with_itself<V: SubTypes + PartialEq>(v: &V) {
    for i in 0..v.sub_values().len() {
        let sub = v.sub_value(i).expect("index below the count");
        let mut w = v.clone();
        w.replace_sub_value(i, sub).expect("same type");
        assert_eq!(&w, v, "replacing {i} with itself");
    }
}

/// (b) Replacing sub-value `i` with a fresh value of its type changes only what is at `i`'s
/// path (and the text of its ancestors, which contain it).
fn replace_is_local<V: SubTypes>(v: &V, g: &mut Gen) {
    let before = indexed_nodes(v);
    let count = before.len();
    // The root, the last node, and a few in between.
    let mut picks = vec![0, count - 1];
    picks.extend((0..4).map(|_| g.below(count as u64) as usize));
    for i in picks {
        let fresh = v.sub_value(i).expect("index").generate(g);
        let fresh_text = format!("{fresh:?}");
        let mut w = v.clone();
        w.replace_sub_value(i, fresh).expect("a value of the sub-value's own type");
        let after: HashMap<Vec<usize>, String> = indexed_nodes(&w).into_iter().collect();
        let target = &before[i].0;
        assert_eq!(after.get(target), Some(&fresh_text), "the replacement is at {target:?}");
        for (path, text) in &before {
            let ancestor = target.starts_with(path);
            let under = path.starts_with(target);
            if !ancestor && !under {
                assert_eq!(after.get(path), Some(text), "node at {path:?} after replacing {i}");
            }
        }
    }
}

/// (c) Indexes below the count are valid and in breadth-first order, the count is not, and
/// the count is the size (none of these types has a frozen field).
fn indexes_are_dense<V: SubTypes>(v: &V) {
    let nodes = indexed_nodes(v);
    let count = v.sub_values().len();
    assert_eq!(count, nodes.len());
    assert_eq!(count, v.size());
    for (i, (_, text)) in nodes.iter().enumerate() {
        let sub = v.sub_value(i).unwrap_or_else(|| panic!("index {i} of {count}"));
        assert_eq!(&format!("{sub:?}"), text, "index {i} is breadth-first");
    }
    assert!(v.sub_value(count).is_none());
}

/// (d) `arbitrary_below` stays below its bound (and answers whenever the type has a value that
/// small), and `arbitrary` stays within its budget whenever the budget allows a value.
fn generation_respects_bounds<V: SubTypes>() {
    let min = V::min_size().expect("these types have finite values");
    for seed in 0..40 {
        let mut g = Gen::new(seed, (seed as usize * 13) % 101);
        for bound in 0..60 {
            match V::arbitrary_below(bound, &mut g) {
                Some(v) => assert!(v.size() < bound, "{v:?} is not below {bound}"),
                None => assert!(bound <= min, "nothing below {bound}, but min_size is {min}"),
            }
        }
        for budget in [min, min + 1, min + 3, 10, 50, 120, 200] {
            g.set_budget(budget);
            let v = V::arbitrary(&mut g);
            assert!(v.size() <= budget, "size {} over budget {budget}: {v:?}", v.size());
        }
    }
}

fn all_properties<V: SubTypes + PartialEq>() {
    let values = samples::<V>();
    let mut g = Gen::new(99, 10);
    for v in &values {
        replace_with_itself(v);
        replace_is_local(v, &mut g);
        indexes_are_dense(v);
    }
    let largest = values.iter().map(SubTypes::size).max().unwrap_or(0);
    assert!(largest > 30, "the samples include large values (largest: {largest})");
    generation_respects_bounds::<V>();
}

#[test]
fn paper_tree_properties() {
    all_properties::<T>();
}

#[test]
fn calculator_properties() {
    all_properties::<Exp>();
}

#[test]
fn struct_of_lists_and_options_properties() {
    all_properties::<Program>();
}

#[test]
fn mutually_recursive_properties() {
    all_properties::<Rose>();
    all_properties::<Forest>();
}

#[test]
fn deep_chain_properties() {
    all_properties::<Nat>();
}

/// (e) Huge budgets and sizes: generation terminates, within budget, without stack overflow.
#[test]
fn generation_at_huge_budgets_terminates() {
    for seed in 0..3 {
        let mut g = Gen::new(seed, 1000);
        g.set_budget(100_000);
        let e = Exp::arbitrary(&mut g);
        assert!(e.size() <= 100_000);
        let t = T::arbitrary(&mut g);
        assert!(t.size() <= 100_000);
        let p = Program::arbitrary(&mut g);
        assert!(p.size() <= 100_000);
    }
    // A chain thousands of links deep: generation recurses once per link. On a small stack,
    // this overflows unless the derived code grows the stack as it goes.
    let deep = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(|| {
            let mut g = Gen::new(7, 1000);
            g.set_budget(100_000);
            let n = Nat::arbitrary(&mut g);
            let size = n.size();
            // Dropping a deep `Box` chain recurses too: that is the type's business, not the
            // derive's.
            std::mem::forget(n);
            size
        })
        .expect("spawn")
        .join()
        .expect("no overflow");
    assert!(deep > 5000 && deep <= 100_000, "depth {deep}");
}
