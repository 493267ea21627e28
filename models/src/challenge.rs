//! The shrinking benchmarks of `../shared/BENCHMARKS.md` (the SmartCheck paper's and the public
//! shrinking challenge's), each written once as data types, a property and a size metric. The
//! benches run every tool on these; `tests/benchmarks.rs` pins smartcheck's figures on a few.
//!
//! smartcheck sees these types through derived instances and public attributes only, as any
//! user would: `#[derive(SubTypes, Arbitrary)]`, no hand-written `SubTypes`, `Arbitrary` or
//! shrinker anywhere. Bounded integers are fields with `#[smartcheck(range = LO..=HI)]`. Two
//! benchmarks prescribe a generator shape, given with the public `#[smartcheck(with = path)]`
//! on a one-field wrapper and said so at the type: `binheap` (heap-ordered generation, as
//! QuickCheck's test suite does) and `degenerate` (long chains of mostly-repeated
//! constructors, as in SmartCheck's repository).
//! The calculator and bound5 models are `smartcheck_tests::calculator` and `smartcheck_tests::bound5`.

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
    use smartcheck::{Arbitrary, SubTypes, Verdict};

    /// The input: values in `0..=1000`. smartcheck's derived `Vec` draws the length with the
    /// values; the length bound is a precondition.
    #[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
    pub struct Input(#[smartcheck(range = 0..=1000)] pub Vec<u16>);

    /// The property.
    pub fn prop(v: &Input) -> Verdict {
        Verdict::implies((1..=100).contains(&v.0.len()), v.0.iter().all(|&x| x < 900))
    }

    /// The values' sum plus the elements after the first: 900 exactly at `Input([900])`.
    pub fn size(v: &Input) -> usize {
        v.0.iter().map(|&x| usize::from(x)).sum::<usize>() + v.0.len().saturating_sub(1)
    }
}

pub mod difference {
    //! Two positive integers `(a, b)` with `a >= 10`, and three claims about `|a - b|`.
    //! Minima: `(10, 10)`, `(10, 6)`, `(10, 9)`.
    use smartcheck::{Arbitrary, SubTypes};

    /// The input: two positive `i32`.
    #[derive(Debug, Clone, Copy, PartialEq, SubTypes, Arbitrary)]
    pub struct Input(
        #[smartcheck(range = 1..=2147483647)] pub i32,
        #[smartcheck(range = 1..=2147483647)] pub i32,
    );

    fn difference(v: &Input) -> Option<i64> {
        (v.0 >= 10).then(|| (i64::from(v.0) - i64::from(v.1)).abs())
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
        (i64::from(v.0) + i64::from(v.1)) as usize
    }
}

pub mod coupling {
    //! A list of values in `0..=10`, each below the length, with no `i` such that
    //! `v[v[i]] == i != v[i]`. Minimum: `Input([1, 0])`.
    use smartcheck::{Arbitrary, SubTypes, Verdict};

    /// The input.
    #[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
    pub struct Input(#[smartcheck(range = 0..=10)] pub Vec<u8>);

    /// The property.
    pub fn prop(input: &Input) -> Verdict {
        let v = &input.0;
        let pre = v.iter().all(|&x| usize::from(x) < v.len());
        Verdict::implies(pre, {
            v.iter().enumerate().all(|(i, &j)| {
                let j = usize::from(j);
                i == j || v.get(j).is_none_or(|&k| usize::from(k) != i)
            })
        })
    }

    /// Elements.
    pub fn size(v: &Input) -> usize {
        v.0.len()
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

    /// The input: the start and the multipliers.
    #[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
    pub struct Input(
        #[smartcheck(range = 0..=999_999)] pub u32,
        #[smartcheck(range = 2..=10)] pub Vec<u8>,
    );

    /// The property.
    pub fn prop(v: &Input) -> bool {
        let mut n = u64::from(v.0);
        v.1.iter().all(|&m| {
            n = n.saturating_mul(u64::from(m));
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
    //! The generator shape is prescribed: heap order (a child's key is at least its parent's)
    //! relates a node to its parent, which no derived generator can see, so the benchmark's
    //! input is a one-field wrapper whose field is drawn by a `#[smartcheck(with = ordered)]`
    //! function. Heap order is also a precondition of the property, so reduction cannot win
    //! with a heap that is not one.
    use smartcheck::{Arbitrary, Gen, SubTypes, Verdict};

    /// The benchmark's input: a heap, generated heap-ordered.
    #[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
    pub struct Input(#[smartcheck(with = ordered)] pub Heap);

    /// A binary heap.
    #[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
    pub enum Heap {
        /// The empty heap.
        Empty,
        /// A key and two sub-heaps.
        Node(i32, Box<Heap>, Box<Heap>),
    }

    use Heap::{Empty, Node};

    /// A heap-ordered heap with keys from 0, of size at most `g.budget()`.
    fn ordered(g: &mut Gen) -> Heap {
        ordered_from(g, 0)
    }

    /// A heap-ordered heap with keys at least `lo`, of size at most `g.budget()`.
    fn ordered_from(g: &mut Gen, lo: i32) -> Heap {
        const NODE: usize = 3; // Node(k, Empty, Empty)
        let budget = g.budget();
        if budget < NODE || g.ratio(1, 4) {
            return Empty;
        }
        let step = if g.ratio(1, 2) { 0 } else { g.below(g.size() as u64 / 4 + 2) as i32 };
        let key = lo.saturating_add(step);
        let shares = g.split(budget - NODE, 2);
        let left = g.with_budget(1 + shares[0], |g| ordered_from(g, key));
        let right = g.with_budget(1 + shares[1], |g| ordered_from(g, key));
        Node(key, Box::new(left), Box::new(right))
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
    pub fn prop(input: &Input) -> Verdict {
        let h = &input.0;
        let wrong = wrong_to_sorted_list(h);
        let ok = wrong == super::sorted(&wrong) && super::sorted(&to_list(h)) == wrong;
        Verdict::implies(is_heap(h), ok)
    }

    /// The heap's constructors (the wrapper's is not counted).
    pub fn size(input: &Input) -> usize {
        SubTypes::size(&input.0)
    }
}

pub mod degenerate {
    //! SmartCheck's Degenerate test: chains of 10 to 100 mostly-repeated constructors. The
    //! property fails on a uniform chain longer than 4 and on an all-distinct chain of 3; a
    //! shrinker that only reuses the constructors it was given stops at the uniform chain of
    //! 5, the minimum is the 3-chain.
    //!
    //! The generator shape is prescribed: the Haskell test's generator (runs of one
    //! constructor, 5% switches to each other one), bounded by the budget, draws the field of
    //! a one-field wrapper through `#[smartcheck(with = chain)]`.
    use smartcheck::{Arbitrary, Gen, SubTypes};

    /// The benchmark's input: a chain, generated by the Haskell test's generator.
    #[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
    pub struct Input(#[smartcheck(with = chain)] pub E);

    /// A chain of constructors.
    #[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
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

    /// A chain of 10 to 100 links (fewer when the budget is smaller): runs of one
    /// constructor, a switch to another one link in ten.
    fn chain(g: &mut Gen) -> E {
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

    /// The property: no uniform chain longer than 4, no all-distinct 3-chain.
    pub fn prop(input: &Input) -> bool {
        let links = input.0.links();
        let uniform = links.windows(2).all(|w| w[0] == w[1]);
        let long_uniform = uniform && links.len() > 4;
        let distinct3 = links.len() == 3
            && links[0] != links[1]
            && links[1] != links[2]
            && links[0] != links[2];
        !long_uniform && !distinct3
    }

    /// Links (constructors other than `N`).
    pub fn size(input: &Input) -> usize {
        input.0.links().len()
    }
}

pub mod parser {
    //! The paper's Parser: a printer and a parser for a toy imperative language, the parser
    //! reading `And(a, b)` as `And(b, a)` and `Or(a, b)` as `And(b, a)`. Property:
    //! `parse(print(p)) == p`. Size: module variables, expression constructors and statements;
    //! minimum 3 (one `Or` of two literals, or one `And` of two different ones).
    //!
    //! `Var`'s name is drawn by a `with` function (one or two lowercase letters, so that the
    //! printed program parses) and, as in the paper, reduction does not take it apart: a
    //! name is not a list of characters to shorten, since an empty or capitalised name would
    //! be another bug (the printer's). Unlike the paper, it has a `shrink` function, as a
    //! user who wants one report per bug writes: a name's simpler candidates are `"a"` and
    //! its first letter.
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
    pub struct Var(#[smartcheck(with = name, shrink = simpler_names)] pub String);

    /// One or two lowercase letters.
    fn name(g: &mut Gen) -> String {
        let len = 1 + g.below(2) as usize;
        (0..len).map(|_| (b'a' + g.below(26) as u8) as char).collect()
    }

    /// Simpler names than `name`, in the generator's own domain: `"a"`, and its first letter.
    fn simpler_names(name: &String) -> Vec<String> {
        let mut out = Vec::new();
        if name != "a" {
            out.push("a".to_string());
        }
        if name.len() > 1 && !name.starts_with('a') {
            out.push(name[..1].to_string());
        }
        out
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
