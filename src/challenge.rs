//! The shrinking benchmarks of `../shared/BENCHMARKS.md` (the SmartCheck paper's and the public
//! shrinking challenge's), each written once as data types, a property and a size metric. The
//! benches run every tool on these; `tests/benchmarks.rs` pins smartcheck's figures on a few.
//!
//! smartcheck sees these types through derived instances only: `#[derive(SubTypes, Arbitrary)]`,
//! no hand-written shrinker anywhere. Where a benchmark asks for bounded integers, the values
//! are a [`Ranged`] newtype with a hand-written `Arbitrary` and `SubTypes` impl, written like the
//! std integer impls (opaque, with `leaf_rank` for value shrinking). Two benchmarks need a
//! generator the derive cannot express, written by hand and said so at the type: `binheap`
//! (heap-ordered generation, as QuickCheck's test suite does) and `degenerate` (long chains of
//! mostly-repeated constructors, as in SmartCheck's repository).
//! The calculator and bound5 models are [`crate::calculator`] and [`crate::bound5`].

use std::fmt;

use smartcheck::{Arbitrary, Gen, Shape, SubTypes};

/// An integer in `LO..=HI`, for the benchmarks that draw bounded values. Opaque like the std
/// integers; its `leaf_rank` is the distance from `LO`, so value shrinking moves it toward `LO`
/// and never out of range. Prints as the bare number.
///
/// Generation (hand-written, as the std integer impls are) makes small values and near
/// duplicates likely, as discovery needs: half the time within one of `LO + size / 2` (so two
/// values drawn in one test, at one size, often coincide or differ by one), a quarter of the
/// time uniform in `LO..=LO + size`, an eighth uniform over the whole range, and a sixteenth
/// each `LO` and `HI`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Ranged<const LO: i64, const HI: i64>(pub i64);

impl<const LO: i64, const HI: i64> fmt::Debug for Ranged<LO, HI> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl<const LO: i64, const HI: i64> SubTypes for Ranged<LO, HI> {
    fn constructor(&self) -> &'static str {
        "int"
    }
    fn constructors(&self) -> &'static [&'static str] {
        &["int"]
    }
    fn shape(&self) -> Shape {
        Shape::Atom
    }
    fn is_opaque(&self) -> bool {
        true
    }
    fn shrink_value(&self) -> Vec<Self> {
        let x = self.0;
        let mut out: Vec<Self> = [LO, LO + (x - LO) / 2, x - 1]
            .into_iter()
            .filter(|&c| c >= LO && c < x)
            .map(Ranged)
            .collect();
        out.dedup();
        out
    }
    fn leaf_rank(&self) -> Option<u64> {
        u64::try_from(self.0 - LO).ok()
    }
    fn from_leaf_rank(&self, rank: u64) -> Option<Self> {
        let value = LO.checked_add(i64::try_from(rank).ok()?)?;
        (value <= HI).then_some(Ranged(value))
    }
}

impl<const LO: i64, const HI: i64> Arbitrary for Ranged<LO, HI> {
    fn arbitrary(g: &mut Gen) -> Self {
        let span = (HI - LO) as u64;
        let small = (g.size() as u64).min(span);
        let offset = match g.below(16) {
            0 => 0,
            1 => span,
            2..=9 => (small / 2 + g.below(3)).saturating_sub(1).min(span),
            10..=13 => g.below(small + 1),
            _ => g.below(span.saturating_add(1)),
        };
        Ranged(LO + offset as i64)
    }
    fn min_size() -> Option<usize> {
        Some(0)
    }
}

/// `xs` sorted.
fn sorted<T: Ord + Clone>(xs: &[T]) -> Vec<T> {
    let mut out = xs.to_vec();
    out.sort();
    out
}

pub mod reverse {
    //! `reverse(v) == v` (the paper's Reverse; QuickCheck's documentation). Minimum: `[0, 1]`.

    /// The input.
    pub type Input = Vec<i32>;

    /// The property.
    pub fn prop(v: &Input) -> bool {
        v.iter().rev().eq(v.iter())
    }

    /// Elements.
    pub fn size(v: &Input) -> usize {
        v.len()
    }
}

pub mod large_union_list {
    //! Fewer than 5 distinct values in a list of lists. Minimum: `[[0, 1, -1, 2, -2]]`.
    use std::collections::HashSet;

    /// The input.
    pub type Input = Vec<Vec<i64>>;

    /// The property.
    pub fn prop(v: &Input) -> bool {
        v.iter().flatten().collect::<HashSet<_>>().len() < 5
    }

    /// Inner lists plus elements (6 at the minimum: one list of five).
    pub fn size(v: &Input) -> usize {
        v.len() + v.iter().map(Vec::len).sum::<usize>()
    }
}

pub mod lengthlist {
    //! A list of 1 to 100 values in `0..=1000`; its maximum is below 900. Minimum: `[900]`.
    use smartcheck::Verdict;

    use super::Ranged;

    /// A value in `0..=1000`.
    pub type Value = Ranged<0, 1000>;
    /// The input. smartcheck's derived `Vec` draws the length with the values; the length bound
    /// is a precondition.
    pub type Input = Vec<Value>;

    /// The property.
    pub fn prop(v: &Input) -> Verdict {
        Verdict::implies((1..=100).contains(&v.len()), v.iter().all(|x| x.0 < 900))
    }

    /// The values' sum plus the elements after the first: 900 exactly at `[900]`.
    pub fn size(v: &Input) -> usize {
        v.iter().map(|x| x.0 as usize).sum::<usize>() + v.len().saturating_sub(1)
    }
}

pub mod difference {
    //! Two positive integers `(a, b)` with `a >= 10`, and three claims about `|a - b|`.
    //! Minima: `(10, 10)`, `(10, 6)`, `(10, 9)`.
    use smartcheck::{Arbitrary, SubTypes};

    use super::Ranged;

    /// A positive `i32`.
    pub type Positive = Ranged<1, 2147483647>;

    /// The input.
    #[derive(Debug, Clone, Copy, PartialEq, SubTypes, Arbitrary)]
    pub struct Input(pub Positive, pub Positive);

    fn difference(v: &Input) -> Option<i64> {
        (v.0 .0 >= 10).then(|| (v.0 .0 - v.1 .0).abs())
    }

    /// `difference_must_not_be_zero`.
    pub fn must_not_be_zero(v: &Input) -> bool {
        difference(v) != Some(0)
    }

    /// `difference_must_not_be_small`.
    pub fn must_not_be_small(v: &Input) -> bool {
        !difference(v).is_some_and(|d| (1..=4).contains(&d))
    }

    /// `difference_must_not_be_one`.
    pub fn must_not_be_one(v: &Input) -> bool {
        difference(v) != Some(1)
    }

    /// `a + b`: 20, 16 and 19 at the three minima.
    pub fn size(v: &Input) -> usize {
        (v.0 .0 + v.1 .0) as usize
    }
}

pub mod coupling {
    //! A list of values in `0..=10`, each below the length, with no `i` such that
    //! `v[v[i]] == i != v[i]`. Minimum: `[1, 0]`.
    use smartcheck::Verdict;

    use super::Ranged;

    /// The input.
    pub type Input = Vec<Ranged<0, 10>>;

    /// The property.
    pub fn prop(v: &Input) -> Verdict {
        let pre = v.iter().all(|x| (x.0 as usize) < v.len());
        Verdict::implies(pre, {
            v.iter().enumerate().all(|(i, j)| {
                let j = j.0 as usize;
                i == j || v.get(j).is_none_or(|k| k.0 as usize != i)
            })
        })
    }

    /// Elements.
    pub fn size(v: &Input) -> usize {
        v.len()
    }
}

pub mod deletion {
    //! A list and an index `i` into it: removing the first occurrence of `v[i]` leaves no
    //! `v[i]` behind. Minimum: `([0, 0], 0)`.
    use smartcheck::Verdict;

    /// The input: the list and the index.
    pub type Input = (Vec<i32>, usize);

    /// The property.
    pub fn prop(input: &Input) -> Verdict {
        let (v, i) = input;
        let Some(&x) = v.get(*i) else { return Verdict::Discard };
        let mut rest = v.clone();
        if let Some(at) = rest.iter().position(|&y| y == x) {
            rest.remove(at);
        }
        (!rest.contains(&x)).into()
    }

    /// Elements of the list.
    pub fn size(input: &Input) -> usize {
        input.0.len()
    }
}

pub mod distinct {
    //! Fewer than 3 distinct values in a list. Minimum: `[0, 1, -1]`.
    use std::collections::HashSet;

    /// The input.
    pub type Input = Vec<i32>;

    /// The property.
    pub fn prop(v: &Input) -> bool {
        v.iter().collect::<HashSet<_>>().len() < 3
    }

    /// Elements.
    pub fn size(v: &Input) -> usize {
        v.len()
    }
}

pub mod nestedlists {
    //! Lists of lists of `()`, at most 10 inner elements in all. Minimum: one inner list
    //! (of 11).

    /// The input.
    pub type Input = Vec<Vec<()>>;

    /// The property.
    pub fn prop(v: &Input) -> bool {
        v.iter().map(Vec::len).sum::<usize>() <= 10
    }

    /// Inner lists.
    pub fn size(v: &Input) -> usize {
        v.len()
    }
}

pub mod replacement {
    //! A start `n` in `0..10^6` and multipliers in `2..=10`: every running product stays below
    //! `10^6`. Minimum: one multiplier.
    use smartcheck::{Arbitrary, SubTypes};

    use super::Ranged;

    /// The input.
    #[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
    pub struct Input(pub Ranged<0, 999_999>, pub Vec<Ranged<2, 10>>);

    /// The property.
    pub fn prop(v: &Input) -> bool {
        let mut n = v.0 .0;
        v.1.iter().all(|m| {
            n = n.saturating_mul(m.0);
            n < 1_000_000
        })
    }

    /// Multipliers.
    pub fn size(v: &Input) -> usize {
        v.1.len()
    }
}

pub mod binheap {
    //! The paper's Heap (from QuickCheck's test suite): heaps generated heap-ordered, and a
    //! wrong `to_sorted_list` (the root, then the *unsorted* list of the merged children).
    //! Minimum: 9 constructors, the 4-valued heap
    //! `Node(0, Empty, Node(0, Node(0, Empty, Empty), Node(1, Empty, Empty)))`.
    //!
    //! `SubTypes` is derived; `Arbitrary` is written by hand, because heap order (a child's key
    //! is at least its parent's) relates a node to its parent, which no derived generator can
    //! see. It is also a precondition of the property, so reduction cannot win with a heap
    //! that is not one.
    use smartcheck::{Arbitrary, Gen, SubTypes, Verdict};

    /// A binary heap.
    #[derive(Debug, Clone, PartialEq, SubTypes)]
    pub enum Heap {
        /// The empty heap.
        Empty,
        /// A key and two sub-heaps.
        Node(i32, Box<Heap>, Box<Heap>),
    }

    use Heap::{Empty, Node};

    /// A heap-ordered heap with keys at least `lo`, of size at most `g.budget()`.
    fn ordered(g: &mut Gen, lo: i32) -> Heap {
        const NODE: usize = 3; // Node(k, Empty, Empty)
        let budget = g.budget();
        if budget < NODE || g.ratio(1, 4) {
            return Empty;
        }
        let step = if g.ratio(1, 2) { 0 } else { g.below(g.size() as u64 / 4 + 2) as i32 };
        let key = lo.saturating_add(step);
        let shares = g.split(budget - NODE, 2);
        let left = g.with_budget(1 + shares[0], |g| ordered(g, key));
        let right = g.with_budget(1 + shares[1], |g| ordered(g, key));
        Node(key, Box::new(left), Box::new(right))
    }

    impl Arbitrary for Heap {
        fn arbitrary(g: &mut Gen) -> Self {
            ordered(g, 0)
        }
        fn min_size() -> Option<usize> {
            Some(1)
        }
    }

    /// Every child's key is at least its parent's.
    pub fn is_heap(h: &Heap) -> bool {
        match h {
            Empty => true,
            Node(k, l, r) => [l, r].iter().all(|c| match &***c {
                Empty => true,
                Node(ck, ..) => ck >= k && is_heap(c),
            }),
        }
    }

    /// Merges two heaps.
    pub fn merge(a: &Heap, b: &Heap) -> Heap {
        match (a, b) {
            (Empty, h) | (h, Empty) => h.clone(),
            (Node(x, al, ar), Node(y, ..)) if x <= y => {
                Node(*x, Box::new(merge(ar, b)), al.clone())
            }
            (Node(..), Node(y, bl, br)) => Node(*y, Box::new(merge(br, a)), bl.clone()),
        }
    }

    /// The keys, in no particular order.
    pub fn to_list(h: &Heap) -> Vec<i32> {
        let mut out = Vec::new();
        let mut stack = vec![h];
        while let Some(h) = stack.pop() {
            if let Node(k, l, r) = h {
                out.push(*k);
                stack.push(l);
                stack.push(r);
            }
        }
        out
    }

    /// The bug: the root, then the merged children's keys *unsorted*.
    pub fn wrong_to_sorted_list(h: &Heap) -> Vec<i32> {
        match h {
            Empty => Vec::new(),
            Node(k, l, r) => std::iter::once(*k).chain(to_list(&merge(l, r))).collect(),
        }
    }

    /// The property: for a heap, the "sorted" list is sorted and holds the heap's keys.
    pub fn prop(h: &Heap) -> Verdict {
        let wrong = wrong_to_sorted_list(h);
        let ok = wrong == super::sorted(&wrong) && super::sorted(&to_list(h)) == wrong;
        Verdict::implies(is_heap(h), ok)
    }

    /// Constructors.
    pub fn size(h: &Heap) -> usize {
        SubTypes::size(h)
    }
}

pub mod degenerate {
    //! SmartCheck's Degenerate test: chains of 10 to 100 mostly-repeated constructors. The
    //! property fails on a uniform chain longer than 4 and on an all-distinct chain of 3; a
    //! shrinker that only reuses the constructors it was given stops at the uniform chain of
    //! 5, the minimum is the 3-chain.
    //!
    //! `SubTypes` is derived; `Arbitrary` is the Haskell test's generator (runs of one
    //! constructor, 5% switches to each other one), written by hand and bounded by the budget.
    use smartcheck::{Arbitrary, Gen, SubTypes};

    /// A chain of constructors.
    #[derive(Debug, Clone, PartialEq, SubTypes)]
    pub enum E {
        /// A link.
        A(Box<E>),
        /// A link.
        B(Box<E>),
        /// A link.
        C(Box<E>),
        /// The end.
        N,
    }

    impl E {
        fn link(which: u64, rest: E) -> E {
            match which {
                0 => E::A(Box::new(rest)),
                1 => E::B(Box::new(rest)),
                _ => E::C(Box::new(rest)),
            }
        }

        /// The links from the top, as 0, 1, 2 for A, B, C.
        pub fn links(&self) -> Vec<u8> {
            let mut out = Vec::new();
            let mut at = self;
            loop {
                at = match at {
                    E::A(e) => {
                        out.push(0);
                        e
                    }
                    E::B(e) => {
                        out.push(1);
                        e
                    }
                    E::C(e) => {
                        out.push(2);
                        e
                    }
                    E::N => return out,
                };
            }
        }
    }

    impl Arbitrary for E {
        fn arbitrary(g: &mut Gen) -> Self {
            let most = g.budget().saturating_sub(1);
            let len = g.range(10, 100).min(most);
            let mut which = g.below(3);
            let mut picks = Vec::with_capacity(len);
            for _ in 0..len {
                if g.ratio(1, 10) {
                    which = (which + 1 + g.below(2)) % 3;
                }
                picks.push(which);
            }
            picks.into_iter().rev().fold(E::N, |rest, w| E::link(w, rest))
        }
        fn min_size() -> Option<usize> {
            Some(1)
        }
    }

    /// The property: no uniform chain longer than 4, no all-distinct 3-chain.
    pub fn prop(e: &E) -> bool {
        let links = e.links();
        let uniform = links.windows(2).all(|w| w[0] == w[1]);
        let long_uniform = uniform && links.len() > 4;
        let distinct3 = links.len() == 3
            && links[0] != links[1]
            && links[1] != links[2]
            && links[0] != links[2];
        !long_uniform && !distinct3
    }

    /// Links (constructors other than `N`).
    pub fn size(e: &E) -> usize {
        e.links().len()
    }
}

pub mod parser {
    //! The paper's Parser: a printer and a parser for a toy imperative language, the parser
    //! reading `And(a, b)` as `And(b, a)` and `Or(a, b)` as `And(b, a)`. Property:
    //! `parse(print(p)) == p`. Size: module variables, expression constructors and statements;
    //! minimum 3 (one `Or` of two literals, or one `And` of two different ones).
    //!
    //! `Var` is opaque (never changed by reduction), as in the paper; its generator (a
    //! `with` function) draws short lowercase names, so that the printed program parses.
    use smartcheck::{Arbitrary, Gen, SubTypes};

    /// A program.
    #[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
    pub struct Lang {
        /// Its modules.
        pub modules: Vec<Mod>,
        /// Its functions.
        pub funcs: Vec<Func>,
    }

    /// A variable name.
    #[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
    #[smartcheck(opaque)]
    pub struct Var(#[smartcheck(with = name)] pub String);

    /// One or two lowercase letters.
    fn name(g: &mut Gen) -> String {
        let len = 1 + g.below(2) as usize;
        (0..len).map(|_| (b'a' + g.below(26) as u8) as char).collect()
    }

    /// A module.
    #[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
    pub struct Mod {
        /// Imported names.
        pub imports: Vec<Var>,
        /// Exported names.
        pub exports: Vec<Var>,
    }

    /// A function.
    #[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
    pub struct Func {
        /// Its name.
        pub name: Var,
        /// Its arguments.
        pub args: Vec<Exp>,
        /// Its body.
        pub stmts: Vec<Stmt>,
    }

    /// A statement.
    #[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
    pub enum Stmt {
        /// `v = e`.
        Assign(Var, Exp),
        /// `v = new e`.
        Alloc(Var, Exp),
        /// `return e`.
        Return(Exp),
    }

    /// An expression.
    #[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
    pub enum Exp {
        /// An integer.
        Int(i32),
        /// A boolean.
        Bool(bool),
        /// `a + b`.
        Add(Box<Exp>, Box<Exp>),
        /// `a - b`.
        Sub(Box<Exp>, Box<Exp>),
        /// `a * b`.
        Mul(Box<Exp>, Box<Exp>),
        /// `a / b`.
        Div(Box<Exp>, Box<Exp>),
        /// `!a`.
        Not(Box<Exp>),
        /// `a && b`.
        And(Box<Exp>, Box<Exp>),
        /// `a || b`.
        Or(Box<Exp>, Box<Exp>),
    }

    // ------------------------------------------------------------------------------------
    // The printer: `Lang (mods;..) (funcs;..)`, `Mod (a:b) (c)`, `Func f (args,..) (stmts,..)`,
    // `Assign v (e)`, `Alloc v (e)`, `Return (e)`, `Int 3`, `Bool true`, `Add (a) (b)`.

    fn list<T>(items: &[T], sep: &str, show: impl Fn(&T) -> String) -> String {
        let inner: Vec<String> = items.iter().map(show).collect();
        format!("({})", inner.join(sep))
    }

    /// Prints a program.
    pub fn print(p: &Lang) -> String {
        format!("Lang {} {}", list(&p.modules, ";", print_mod), list(&p.funcs, ";", print_func))
    }

    fn print_mod(m: &Mod) -> String {
        let var = |v: &Var| v.0.clone();
        format!("Mod {} {}", list(&m.imports, ":", var), list(&m.exports, ":", var))
    }

    fn print_func(f: &Func) -> String {
        format!(
            "Func {} {} {}",
            f.name.0,
            list(&f.args, ",", print_exp),
            list(&f.stmts, ",", print_stmt)
        )
    }

    fn print_stmt(s: &Stmt) -> String {
        match s {
            Stmt::Assign(v, e) => format!("Assign {} ({})", v.0, print_exp(e)),
            Stmt::Alloc(v, e) => format!("Alloc {} ({})", v.0, print_exp(e)),
            Stmt::Return(e) => format!("Return ({})", print_exp(e)),
        }
    }

    fn print_exp(e: &Exp) -> String {
        let two =
            |op: &str, a: &Exp, b: &Exp| format!("{op} ({}) ({})", print_exp(a), print_exp(b));
        match e {
            Exp::Int(i) => format!("Int {i}"),
            Exp::Bool(b) => format!("Bool {b}"),
            Exp::Add(a, b) => two("Add", a, b),
            Exp::Sub(a, b) => two("Sub", a, b),
            Exp::Mul(a, b) => two("Mul", a, b),
            Exp::Div(a, b) => two("Div", a, b),
            Exp::Not(a) => format!("Not ({})", print_exp(a)),
            Exp::And(a, b) => two("And", a, b),
            Exp::Or(a, b) => two("Or", a, b),
        }
    }

    // ------------------------------------------------------------------------------------
    // The parser: recursive descent over words and punctuation, with the bug in `exp`.

    struct Parser<'s> {
        tokens: Vec<&'s str>,
        at: usize,
    }

    fn tokenize(s: &str) -> Vec<&str> {
        let mut out = Vec::new();
        let mut start = None;
        for (i, c) in s.char_indices() {
            let word = c.is_alphanumeric() || c == '-';
            match (word, start) {
                (true, None) => start = Some(i),
                (false, Some(st)) => {
                    out.push(&s[st..i]);
                    start = None;
                }
                _ => {}
            }
            if !word && !c.is_whitespace() {
                out.push(&s[i..i + c.len_utf8()]);
            }
        }
        if let Some(st) = start {
            out.push(&s[st..]);
        }
        out
    }

    impl<'s> Parser<'s> {
        fn next(&mut self) -> Option<&'s str> {
            let t = self.tokens.get(self.at).copied();
            self.at += 1;
            t
        }

        fn peek(&self) -> Option<&'s str> {
            self.tokens.get(self.at).copied()
        }

        fn expect(&mut self, want: &str) -> Option<()> {
            (self.next()? == want).then_some(())
        }

        /// `( item sep item ... )`.
        fn list<T>(&mut self, sep: &str, item: impl Fn(&mut Self) -> Option<T>) -> Option<Vec<T>> {
            self.expect("(")?;
            let mut out = Vec::new();
            if self.peek() == Some(")") {
                self.next();
                return Some(out);
            }
            loop {
                out.push(item(self)?);
                match self.next()? {
                    ")" => return Some(out),
                    s if s == sep => {}
                    _ => return None,
                }
            }
        }

        fn var(&mut self) -> Option<Var> {
            let w = self.next()?;
            w.chars().all(char::is_alphanumeric).then(|| Var(w.to_string()))
        }

        fn lang(&mut self) -> Option<Lang> {
            self.expect("Lang")?;
            let modules = self.list(";", Self::module)?;
            let funcs = self.list(";", Self::func)?;
            Some(Lang { modules, funcs })
        }

        fn module(&mut self) -> Option<Mod> {
            self.expect("Mod")?;
            let imports = self.list(":", Self::var)?;
            let exports = self.list(":", Self::var)?;
            Some(Mod { imports, exports })
        }

        fn func(&mut self) -> Option<Func> {
            self.expect("Func")?;
            let name = self.var()?;
            let args = self.list(",", Self::exp)?;
            let stmts = self.list(",", Self::stmt)?;
            Some(Func { name, args, stmts })
        }

        fn stmt(&mut self) -> Option<Stmt> {
            match self.next()? {
                "Assign" => Some(Stmt::Assign(self.var()?, *self.paren_exp()?)),
                "Alloc" => Some(Stmt::Alloc(self.var()?, *self.paren_exp()?)),
                "Return" => Some(Stmt::Return(*self.paren_exp()?)),
                _ => None,
            }
        }

        fn paren_exp(&mut self) -> Option<Box<Exp>> {
            self.expect("(")?;
            let e = self.exp()?;
            self.expect(")")?;
            Some(Box::new(e))
        }

        fn exp(&mut self) -> Option<Exp> {
            let word = self.next()?;
            let e = match word {
                "Int" => Exp::Int(self.next()?.parse().ok()?),
                "Bool" => Exp::Bool(self.next()?.parse().ok()?),
                "Not" => Exp::Not(self.paren_exp()?),
                _ => {
                    let (a, b) = (self.paren_exp()?, self.paren_exp()?);
                    match word {
                        "Add" => Exp::Add(a, b),
                        "Sub" => Exp::Sub(a, b),
                        "Mul" => Exp::Mul(a, b),
                        "Div" => Exp::Div(a, b),
                        // The bug: both read their arguments the wrong way round, and `Or`
                        // reads as `And`.
                        "And" | "Or" => Exp::And(b, a),
                        _ => return None,
                    }
                }
            };
            Some(e)
        }
    }

    /// Parses a printed program.
    pub fn parse(s: &str) -> Option<Lang> {
        let mut p = Parser { tokens: tokenize(s), at: 0 };
        let lang = p.lang()?;
        (p.at == p.tokens.len()).then_some(lang)
    }

    /// The property: printing then parsing gives the program back.
    pub fn prop(p: &Lang) -> bool {
        parse(&print(p)).as_ref() == Some(p)
    }

    fn exp_size(e: &Exp) -> usize {
        match e {
            Exp::Int(_) | Exp::Bool(_) => 1,
            Exp::Not(a) => 1 + exp_size(a),
            Exp::Add(a, b)
            | Exp::Sub(a, b)
            | Exp::Mul(a, b)
            | Exp::Div(a, b)
            | Exp::And(a, b)
            | Exp::Or(a, b) => 1 + exp_size(a) + exp_size(b),
        }
    }

    /// Module variables, expression constructors and statements (the paper's metric).
    pub fn size(p: &Lang) -> usize {
        let vars: usize = p.modules.iter().map(|m| m.imports.len() + m.exports.len()).sum();
        let funcs: usize = p
            .funcs
            .iter()
            .map(|f| {
                let args: usize = f.args.iter().map(exp_size).sum();
                let stmts: usize = f
                    .stmts
                    .iter()
                    .map(|s| match s {
                        Stmt::Assign(_, e) | Stmt::Alloc(_, e) | Stmt::Return(e) => 1 + exp_size(e),
                    })
                    .sum();
                args + stmts
            })
            .sum();
        vars + funcs
    }
}
