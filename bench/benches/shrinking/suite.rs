//! Each benchmark's entry: its smartcheck model (derived instances, from
//! `smartcheck_models::challenge`), its proptest strategy and its quickcheck `Arbitrary` + `shrink`,
//! each written the way that crate's users write them.
//!
//! smartcheck gets derived instances and public attributes only, no hand-written `SubTypes`,
//! `Arbitrary` or shrinker anywhere: bounded integers (lengthlist, difference, coupling,
//! replacement) are `#[smartcheck(range = LO..=HI)]` fields; the parser's `Var` names, binheap's
//! heaps (heap order relates a node to its parent) and degenerate's chains (runs of one
//! constructor) come from `#[smartcheck(with = ...)]` generators, said so at each type.
//! Preconditions are the properties' own (`Verdict::implies`), the same for every tool.
//!
//! quickcheck's impls follow its docs and the ECOOP 2020 artifact's "generic shrink": a value
//! shrinks to its sub-terms of its own type, then to itself with one field shrunk. Bounded
//! integers are drawn as offsets from the lower bound and shrink toward it.

use proptest::collection::vec;
use proptest::prelude::{any, BoxedStrategy, Just, Strategy};
use proptest::prop_oneof;
use quickcheck::{Arbitrary as QcArbitrary, Gen as QcGen};
use smartcheck::{Args, Verdict};
use smartcheck_models::challenge::{
    binheap, coupling, degenerate, deletion, difference, distinct, large_union_list, lengthlist,
    nestedlists, parser, replacement, reverse,
};
use smartcheck_tests::{bound5, calculator};

use crate::harness::{self, reduce_only, Bench, Published, Q};

mod ordinary;

type Shrunk<T> = Box<dyn Iterator<Item = T>>;

/// Hypothesis's published figures (BENCHMARKS.md): mean size, % at the minimum, shrinking
/// evaluations.
fn hypothesis(size: f64, min_percent: f64, evals: f64) -> Option<Published> {
    Some(Published { size, min_percent, evals })
}

/// Runs one benchmark: trials, then the tools to run.
pub type Runner = fn(usize, &[&str]);

/// Every benchmark, by name, in BENCHMARKS.md's order.
pub fn all() -> Vec<(&'static str, Runner)> {
    let paper: Vec<(&'static str, Runner)> = vec![
        ("bound5", |n, t| harness::run(&bound5_bench(), n, t)),
        ("calculator", |n, t| harness::run(&calculator_bench(), n, t)),
        ("binheap", |n, t| harness::run(&binheap_bench(), n, t)),
        ("parser", |n, t| harness::run(&parser_bench(), n, t)),
        ("reverse", |n, t| harness::run(&reverse_bench(), n, t)),
        ("large_union_list", |n, t| harness::run(&large_union_list_bench(), n, t)),
        ("lengthlist", |n, t| harness::run(&lengthlist_bench(), n, t)),
        ("difference_must_not_be_zero", |n, t| {
            harness::run(
                &difference_bench("difference_must_not_be_zero", 20, |v| {
                    difference::must_not_be_zero(v).into()
                }),
                n,
                t,
            )
        }),
        ("difference_must_not_be_small", |n, t| {
            harness::run(
                &difference_bench("difference_must_not_be_small", 16, |v| {
                    difference::must_not_be_small(v).into()
                }),
                n,
                t,
            )
        }),
        ("difference_must_not_be_one", |n, t| {
            harness::run(
                &difference_bench("difference_must_not_be_one", 19, |v| {
                    difference::must_not_be_one(v).into()
                }),
                n,
                t,
            )
        }),
        ("coupling", |n, t| harness::run(&coupling_bench(), n, t)),
        ("deletion", |n, t| harness::run(&deletion_bench(), n, t)),
        ("distinct", |n, t| harness::run(&distinct_bench(), n, t)),
        ("nestedlists", |n, t| harness::run(&nestedlists_bench(), n, t)),
        ("replacement", |n, t| harness::run(&replacement_bench(), n, t)),
        ("degenerate", |n, t| harness::run(&degenerate_bench(), n, t)),
    ];
    paper.into_iter().chain(ordinary::all()).collect()
}

/// A quickcheck value that is a std type: generated and shrunk by quickcheck's own impls.
macro_rules! qc_std {
    ($($t:ty),*) => {$(
        impl QcArbitrary for Q<$t> {
            fn arbitrary(g: &mut QcGen) -> Self {
                Q(<$t>::arbitrary(g))
            }
            fn shrink(&self) -> Shrunk<Self> {
                Box::new(self.0.shrink().map(Q))
            }
        }
    )*};
}

qc_std!(Vec<i32>, Vec<Vec<i64>>, Vec<Vec<()>>, Vec<bool>, Vec<String>);

/// A uniform draw from `lo..=hi` for quickcheck (which has no range generator).
fn qc_range(g: &mut QcGen, lo: i64, hi: i64) -> i64 {
    lo + (u64::arbitrary(g) % (hi - lo + 1) as u64) as i64
}

// ---------------------------------------------------------------------------------------------
// bound5

fn bound5_bench() -> Bench<bound5::T> {
    Bench {
        name: "bound5",
        metric: "i16 values",
        minimum: 2,
        prop: bound5::prop,
        size: |t| t.values(),
        strategy: || {
            let l = || any::<Vec<i16>>();
            (l(), l(), l(), l(), l()).prop_map(|(a, b, c, d, e)| bound5::T(a, b, c, d, e)).boxed()
        },
        args: reduce_only(),
        hypothesis: hypothesis(2.12, 88.8, 116.0),
    }
}

impl QcArbitrary for Q<bound5::T> {
    fn arbitrary(g: &mut QcGen) -> Self {
        let mut l = || Vec::<i16>::arbitrary(g);
        Q(bound5::T(l(), l(), l(), l(), l()))
    }
    fn shrink(&self) -> Shrunk<Self> {
        let t = &self.0;
        let lists = (t.0.clone(), t.1.clone(), t.2.clone(), t.3.clone(), t.4.clone());
        Box::new(lists.shrink().map(|(a, b, c, d, e)| Q(bound5::T(a, b, c, d, e))))
    }
}

// ---------------------------------------------------------------------------------------------
// calculator

fn calculator_bench() -> Bench<calculator::Exp> {
    use calculator::Exp;
    Bench {
        name: "calculator",
        metric: "constructors",
        minimum: 5,
        prop: calculator::prop_div,
        size: calculator::size,
        strategy: || {
            let leaf = any::<i32>().prop_map(Exp::C);
            leaf.prop_recursive(8, 64, 2, |inner| {
                prop_oneof![
                    (inner.clone(), inner.clone())
                        .prop_map(|(a, b)| Exp::Add(Box::new(a), Box::new(b))),
                    (inner.clone(), inner).prop_map(|(a, b)| Exp::Div(Box::new(a), Box::new(b))),
                ]
            })
            .boxed()
        },
        args: reduce_only(),
        hypothesis: hypothesis(5.00, 100.0, 200.0),
    }
}

fn qc_exp(g: &mut QcGen, size: usize) -> calculator::Exp {
    use calculator::Exp;
    let pick = if size == 0 { 0 } else { u8::arbitrary(g) % 3 };
    let mut sub = || Box::new(qc_exp(g, size / 2));
    match pick {
        0 => Exp::C(i32::arbitrary(g)),
        1 => Exp::Add(sub(), sub()),
        _ => Exp::Div(sub(), sub()),
    }
}

impl QcArbitrary for Q<calculator::Exp> {
    fn arbitrary(g: &mut QcGen) -> Self {
        let size = g.size();
        Q(qc_exp(g, size))
    }
    fn shrink(&self) -> Shrunk<Self> {
        use calculator::Exp;
        match &self.0 {
            Exp::C(i) => Box::new(i.shrink().map(|i| Q(Exp::C(i)))),
            Exp::Add(a, b) | Exp::Div(a, b) => {
                let div = matches!(self.0, Exp::Div(..));
                let make = move |a: Exp, b: Exp| {
                    let (a, b) = (Box::new(a), Box::new(b));
                    Q(if div { Exp::Div(a, b) } else { Exp::Add(a, b) })
                };
                let (a, b) = ((**a).clone(), (**b).clone());
                let subterms = vec![Q(a.clone()), Q(b.clone())];
                let (a2, b2) = (a.clone(), b.clone());
                let left = Q(a.clone()).shrink().map(move |x| make(x.0, b2.clone()));
                let right = Q(b).shrink().map(move |y| make(a2.clone(), y.0));
                Box::new(subterms.into_iter().chain(left).chain(right))
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// binheap

fn binheap_strategy(lo: i32, size: u32) -> BoxedStrategy<binheap::Heap> {
    use binheap::Heap;
    if size == 0 {
        return Just(Heap::Empty).boxed();
    }
    let node = (lo..=i32::MAX).prop_flat_map(move |k| {
        (binheap_strategy(k, size / 2), binheap_strategy(k, size / 2))
            .prop_map(move |(l, r)| Heap::Node(k, Box::new(l), Box::new(r)))
    });
    prop_oneof![1 => Just(Heap::Empty), 7 => node].boxed()
}

fn binheap_bench() -> Bench<binheap::Input> {
    Bench {
        name: "binheap",
        metric: "constructors",
        minimum: 9,
        prop: binheap::prop,
        size: binheap::size,
        strategy: || {
            (0..=20u32)
                .prop_flat_map(|size| binheap_strategy(0, size))
                .prop_map(binheap::Input)
                .boxed()
        },
        args: reduce_only(),
        hypothesis: hypothesis(9.01, 99.5, 187.0),
    }
}

fn qc_heap(g: &mut QcGen, lo: i32, size: usize) -> binheap::Heap {
    use binheap::Heap;
    if size == 0 || u8::arbitrary(g) % 8 == 0 {
        return Heap::Empty;
    }
    let k = lo.saturating_add(i32::from(u8::arbitrary(g) % 16));
    let l = qc_heap(g, k, size / 2);
    let r = qc_heap(g, k, size / 2);
    Heap::Node(k, Box::new(l), Box::new(r))
}

impl QcArbitrary for Q<binheap::Input> {
    fn arbitrary(g: &mut QcGen) -> Self {
        let size = usize::from(u8::arbitrary(g) % 21);
        Q(binheap::Input(qc_heap(g, 0, size)))
    }
    fn shrink(&self) -> Shrunk<Self> {
        Box::new(Q(self.0 .0.clone()).shrink().map(|h| Q(binheap::Input(h.0))))
    }
}

impl QcArbitrary for Q<binheap::Heap> {
    fn arbitrary(g: &mut QcGen) -> Self {
        let size = usize::from(u8::arbitrary(g) % 21);
        Q(qc_heap(g, 0, size))
    }
    fn shrink(&self) -> Shrunk<Self> {
        use binheap::Heap;
        let Heap::Node(k, l, r) = &self.0 else { return Box::new(std::iter::empty()) };
        let (k, l, r) = (*k, (**l).clone(), (**r).clone());
        let node = |k: i32, l: Heap, r: Heap| Q(Heap::Node(k, Box::new(l), Box::new(r)));
        let subterms = vec![Q(Heap::Empty), Q(l.clone()), Q(r.clone())];
        let (l1, r1, l2, r2) = (l.clone(), r.clone(), l.clone(), r.clone());
        let keys = k.shrink().map(move |k| node(k, l1.clone(), r1.clone()));
        let lefts = Q(l).shrink().map(move |x| node(k, x.0, r2.clone()));
        let rights = Q(r).shrink().map(move |y| node(k, l2.clone(), y.0));
        Box::new(subterms.into_iter().chain(keys).chain(lefts).chain(rights))
    }
}

// ---------------------------------------------------------------------------------------------
// parser

fn parser_bench() -> Bench<parser::Lang> {
    use parser::{Exp, Func, Lang, Mod, Stmt, Var};
    Bench {
        name: "parser",
        metric: "module vars + expression constructors + statements",
        minimum: 3,
        prop: |p| parser::prop(p).into(),
        size: parser::size,
        strategy: || {
            let var = || "[a-z]{1,2}".prop_map(Var);
            let leaf =
                prop_oneof![any::<i32>().prop_map(Exp::Int), any::<bool>().prop_map(Exp::Bool)];
            let exp = leaf.prop_recursive(4, 32, 2, |inner| {
                let two = |f: fn(Box<Exp>, Box<Exp>) -> Exp| {
                    (inner.clone(), inner.clone())
                        .prop_map(move |(a, b)| f(Box::new(a), Box::new(b)))
                };
                prop_oneof![
                    two(Exp::Add),
                    two(Exp::Sub),
                    two(Exp::Mul),
                    two(Exp::Div),
                    inner.clone().prop_map(|a| Exp::Not(Box::new(a))),
                    two(Exp::And),
                    two(Exp::Or),
                ]
            });
            let stmt = prop_oneof![
                (var(), exp.clone()).prop_map(|(v, e)| Stmt::Assign(v, e)),
                (var(), exp.clone()).prop_map(|(v, e)| Stmt::Alloc(v, e)),
                exp.clone().prop_map(Stmt::Return),
            ];
            let func = (var(), vec(exp, 0..4), vec(stmt, 0..4))
                .prop_map(|(name, args, stmts)| Func { name, args, stmts });
            let module = (vec(var(), 0..4), vec(var(), 0..4))
                .prop_map(|(imports, exports)| Mod { imports, exports });
            (vec(module, 0..4), vec(func, 0..4))
                .prop_map(|(modules, funcs)| Lang { modules, funcs })
                .boxed()
        },
        args: Args { max_size: 5, max_reduce: 10, ..reduce_only() },
        hypothesis: hypothesis(3.40, 65.5, 187.0),
    }
}

fn qc_var(g: &mut QcGen) -> parser::Var {
    let letters: Vec<char> = ('a'..='z').collect();
    let len = 1 + usize::from(u8::arbitrary(g) % 2);
    parser::Var((0..len).map(|_| *g.choose(&letters).expect("26 letters")).collect())
}

fn qc_parser_exp(g: &mut QcGen, size: usize) -> parser::Exp {
    use parser::Exp;
    let pick = if size == 0 { u8::arbitrary(g) % 2 } else { u8::arbitrary(g) % 9 };
    let mut sub = || Box::new(qc_parser_exp(g, size / 2));
    match pick {
        0 => Exp::Int(i32::arbitrary(g)),
        1 => Exp::Bool(bool::arbitrary(g)),
        2 => Exp::Add(sub(), sub()),
        3 => Exp::Sub(sub(), sub()),
        4 => Exp::Mul(sub(), sub()),
        5 => Exp::Div(sub(), sub()),
        6 => Exp::Not(sub()),
        7 => Exp::And(sub(), sub()),
        _ => Exp::Or(sub(), sub()),
    }
}

fn qc_few<T>(g: &mut QcGen, mut item: impl FnMut(&mut QcGen) -> T) -> Vec<T> {
    let n = u8::arbitrary(g) % 4;
    (0..n).map(|_| item(g)).collect()
}

/// Shrinks a list of models through their `Q` wrappers.
fn qc_shrink_list<T: Clone + 'static>(v: &[T]) -> Shrunk<Vec<T>>
where
    Q<T>: QcArbitrary,
{
    let wrapped: Vec<Q<T>> = v.iter().cloned().map(Q).collect();
    Box::new(wrapped.shrink().map(|w| w.into_iter().map(|q| q.0).collect()))
}

/// quickcheck's generic shrink of a binary node `ctor(a, b)`: each child alone, then the
/// node with one child shrunk.
fn qc_shrink_binary<T: Clone + 'static>(ctor: fn(Box<T>, Box<T>) -> T, a: &T, b: &T) -> Shrunk<Q<T>>
where
    Q<T>: QcArbitrary,
{
    let (a, b) = (a.clone(), b.clone());
    let subterms = vec![Q(a.clone()), Q(b.clone())];
    let (a2, b2) = (a.clone(), b.clone());
    let left = Q(a).shrink().map(move |x| Q(ctor(Box::new(x.0), Box::new(b2.clone()))));
    let right = Q(b).shrink().map(move |y| Q(ctor(Box::new(a2.clone()), Box::new(y.0))));
    Box::new(subterms.into_iter().chain(left).chain(right))
}

impl QcArbitrary for Q<parser::Exp> {
    fn arbitrary(g: &mut QcGen) -> Self {
        Q(qc_parser_exp(g, 8))
    }
    fn shrink(&self) -> Shrunk<Self> {
        use parser::Exp;
        type Binary = fn(Box<Exp>, Box<Exp>) -> Exp;
        let (ctor, a, b): (Binary, &Exp, &Exp) = match &self.0 {
            Exp::Int(i) => return Box::new(i.shrink().map(|i| Q(Exp::Int(i)))),
            Exp::Bool(b) => return Box::new(b.shrink().map(|b| Q(Exp::Bool(b)))),
            Exp::Not(a) => {
                let a = (**a).clone();
                let inner = Q(a.clone()).shrink().map(|x| Q(Exp::Not(Box::new(x.0))));
                return Box::new(std::iter::once(Q(a)).chain(inner));
            }
            Exp::Add(a, b) => (Exp::Add, a, b),
            Exp::Sub(a, b) => (Exp::Sub, a, b),
            Exp::Mul(a, b) => (Exp::Mul, a, b),
            Exp::Div(a, b) => (Exp::Div, a, b),
            Exp::And(a, b) => (Exp::And, a, b),
            Exp::Or(a, b) => (Exp::Or, a, b),
        };
        qc_shrink_binary(ctor, a, b)
    }
}

impl QcArbitrary for Q<parser::Stmt> {
    fn arbitrary(g: &mut QcGen) -> Self {
        use parser::Stmt;
        let e = qc_parser_exp(g, 8);
        Q(match u8::arbitrary(g) % 3 {
            0 => Stmt::Assign(qc_var(g), e),
            1 => Stmt::Alloc(qc_var(g), e),
            _ => Stmt::Return(e),
        })
    }
    fn shrink(&self) -> Shrunk<Self> {
        use parser::Stmt;
        match self.0.clone() {
            Stmt::Assign(v, e) => {
                Box::new(Q(e).shrink().map(move |e| Q(Stmt::Assign(v.clone(), e.0))))
            }
            Stmt::Alloc(v, e) => {
                Box::new(Q(e).shrink().map(move |e| Q(Stmt::Alloc(v.clone(), e.0))))
            }
            Stmt::Return(e) => Box::new(Q(e).shrink().map(|e| Q(Stmt::Return(e.0)))),
        }
    }
}

impl QcArbitrary for Q<parser::Func> {
    fn arbitrary(g: &mut QcGen) -> Self {
        let name = qc_var(g);
        let args = qc_few(g, |g| qc_parser_exp(g, 8));
        let stmts = qc_few(g, |g| Q::<parser::Stmt>::arbitrary(g).0);
        Q(parser::Func { name, args, stmts })
    }
    fn shrink(&self) -> Shrunk<Self> {
        let f = self.0.clone();
        let (name, name2) = (f.name.clone(), f.name.clone());
        let (args, stmts) = (f.args.clone(), f.stmts.clone());
        let by_args = qc_shrink_list(&f.args)
            .map(move |args| Q(parser::Func { name: name.clone(), args, stmts: stmts.clone() }));
        let by_stmts = qc_shrink_list(&f.stmts)
            .map(move |stmts| Q(parser::Func { name: name2.clone(), args: args.clone(), stmts }));
        Box::new(by_args.chain(by_stmts))
    }
}

impl QcArbitrary for Q<parser::Var> {
    fn arbitrary(g: &mut QcGen) -> Self {
        Q(qc_var(g))
    }
    // Opaque: never shrunk, as in the paper.
}

impl QcArbitrary for Q<parser::Mod> {
    fn arbitrary(g: &mut QcGen) -> Self {
        let imports = qc_few(g, qc_var);
        let exports = qc_few(g, qc_var);
        Q(parser::Mod { imports, exports })
    }
    fn shrink(&self) -> Shrunk<Self> {
        let m = self.0.clone();
        let (imports, exports) = (m.imports.clone(), m.exports.clone());
        let by_imports = qc_shrink_list(&m.imports)
            .map(move |imports| Q(parser::Mod { imports, exports: exports.clone() }));
        let by_exports = qc_shrink_list(&m.exports)
            .map(move |exports| Q(parser::Mod { imports: imports.clone(), exports }));
        Box::new(by_imports.chain(by_exports))
    }
}

impl QcArbitrary for Q<parser::Lang> {
    fn arbitrary(g: &mut QcGen) -> Self {
        let modules = qc_few(g, |g| Q::<parser::Mod>::arbitrary(g).0);
        let funcs = qc_few(g, |g| Q::<parser::Func>::arbitrary(g).0);
        Q(parser::Lang { modules, funcs })
    }
    fn shrink(&self) -> Shrunk<Self> {
        let p = self.0.clone();
        let (modules, funcs) = (p.modules.clone(), p.funcs.clone());
        let by_modules = qc_shrink_list(&p.modules)
            .map(move |modules| Q(parser::Lang { modules, funcs: funcs.clone() }));
        let by_funcs = qc_shrink_list(&p.funcs)
            .map(move |funcs| Q(parser::Lang { modules: modules.clone(), funcs }));
        Box::new(by_modules.chain(by_funcs))
    }
}

// ---------------------------------------------------------------------------------------------
// The list benchmarks

fn reverse_bench() -> Bench<reverse::Input> {
    Bench {
        name: "reverse",
        metric: "elements",
        minimum: 2,
        prop: |v| reverse::prop(v).into(),
        size: reverse::size,
        strategy: || any::<Vec<i32>>().boxed(),
        args: reduce_only(),
        hypothesis: hypothesis(2.00, 100.0, 54.0),
    }
}

fn large_union_list_bench() -> Bench<large_union_list::Input> {
    Bench {
        name: "large_union_list",
        metric: "inner lists + elements",
        minimum: 6,
        prop: |v| large_union_list::prop(v).into(),
        size: large_union_list::size,
        strategy: || any::<Vec<Vec<i64>>>().boxed(),
        args: reduce_only(),
        hypothesis: None,
    }
}

fn lengthlist_bench() -> Bench<lengthlist::Input> {
    Bench {
        name: "lengthlist",
        metric: "sum of values + elements after the first",
        minimum: 900,
        prop: lengthlist::prop,
        size: lengthlist::size,
        strategy: || {
            (1..=100usize)
                .prop_flat_map(|n| vec(0..=1000u16, n))
                .prop_map(lengthlist::Input)
                .boxed()
        },
        args: reduce_only(),
        hypothesis: None,
    }
}

impl QcArbitrary for Q<lengthlist::Input> {
    fn arbitrary(g: &mut QcGen) -> Self {
        let n = qc_range(g, 1, 100);
        Q(lengthlist::Input((0..n).map(|_| qc_range(g, 0, 1000) as u16).collect()))
    }
    fn shrink(&self) -> Shrunk<Self> {
        let shrunk = self.0 .0.shrink().filter(|v| !v.is_empty());
        Box::new(shrunk.map(|v| Q(lengthlist::Input(v))))
    }
}

fn difference_bench(
    name: &'static str,
    minimum: usize,
    prop: fn(&difference::Input) -> Verdict,
) -> Bench<difference::Input> {
    Bench {
        name,
        metric: "a + b",
        minimum,
        prop,
        size: difference::size,
        strategy: || {
            (1..=i32::MAX, 1..=i32::MAX).prop_map(|(a, b)| difference::Input(a, b)).boxed()
        },
        args: reduce_only(),
        hypothesis: None,
    }
}

/// A positive `i32` from quickcheck's own `i32` generator (a tenth of the time one of its
/// boundary values, otherwise uniform), drawn again until positive.
fn qc_positive(g: &mut QcGen) -> i32 {
    loop {
        let x = i32::arbitrary(g);
        if x > 0 {
            return x;
        }
    }
}

impl QcArbitrary for Q<difference::Input> {
    fn arbitrary(g: &mut QcGen) -> Self {
        Q(difference::Input(qc_positive(g), qc_positive(g)))
    }
    /// quickcheck's own shrinking of the pair, kept positive.
    fn shrink(&self) -> Shrunk<Self> {
        let pair = (self.0 .0, self.0 .1);
        Box::new(
            pair.shrink().filter(|&(a, b)| a > 0 && b > 0).map(|(a, b)| Q(difference::Input(a, b))),
        )
    }
}

fn coupling_bench() -> Bench<coupling::Input> {
    Bench {
        name: "coupling",
        metric: "elements",
        minimum: 2,
        prop: coupling::prop,
        size: coupling::size,
        strategy: || vec(0..=10u8, 0..100).prop_map(coupling::Input).boxed(),
        args: reduce_only(),
        hypothesis: hypothesis(2.66, 75.7, 134.0),
    }
}

impl QcArbitrary for Q<coupling::Input> {
    fn arbitrary(g: &mut QcGen) -> Self {
        let n = qc_range(g, 0, g.size() as i64);
        Q(coupling::Input((0..n).map(|_| qc_range(g, 0, 10) as u8).collect()))
    }
    fn shrink(&self) -> Shrunk<Self> {
        Box::new(self.0 .0.shrink().map(|v| Q(coupling::Input(v))))
    }
}

/// A list of `i32` and an index into it (deletion and bst).
fn list_and_index() -> BoxedStrategy<(Vec<i32>, usize)> {
    vec(any::<i32>(), 1..100)
        .prop_flat_map(|v| {
            let n = v.len();
            (Just(v), 0..n)
        })
        .boxed()
}

fn deletion_bench() -> Bench<deletion::Input> {
    Bench {
        name: "deletion",
        metric: "elements",
        minimum: 2,
        prop: deletion::prop,
        size: deletion::size,
        strategy: list_and_index,
        args: reduce_only(),
        hypothesis: hypothesis(2.00, 100.0, 81.0),
    }
}

impl QcArbitrary for Q<deletion::Input> {
    fn arbitrary(g: &mut QcGen) -> Self {
        let v = Vec::<i32>::arbitrary(g);
        let i = usize::arbitrary(g) % v.len().max(1);
        Q((v, i))
    }
    fn shrink(&self) -> Shrunk<Self> {
        Box::new(self.0.shrink().map(Q))
    }
}

fn distinct_bench() -> Bench<distinct::Input> {
    Bench {
        name: "distinct",
        metric: "elements",
        minimum: 3,
        prop: |v| distinct::prop(v).into(),
        size: distinct::size,
        strategy: || any::<Vec<i32>>().boxed(),
        args: reduce_only(),
        hypothesis: hypothesis(3.00, 100.0, 98.0),
    }
}

fn nestedlists_bench() -> Bench<nestedlists::Input> {
    Bench {
        name: "nestedlists",
        metric: "inner lists",
        minimum: 1,
        prop: |v| nestedlists::prop(v).into(),
        size: nestedlists::size,
        strategy: || any::<Vec<Vec<()>>>().boxed(),
        args: reduce_only(),
        hypothesis: hypothesis(1.00, 100.0, 88.0),
    }
}

fn replacement_bench() -> Bench<replacement::Input> {
    Bench {
        name: "replacement",
        metric: "multipliers",
        minimum: 1,
        prop: |v| replacement::prop(v).into(),
        size: replacement::size,
        strategy: || {
            (0..1_000_000u32, vec(2..=10u8, 0..100))
                .prop_map(|(n, ms)| replacement::Input(n, ms))
                .boxed()
        },
        args: reduce_only(),
        hypothesis: hypothesis(1.07, 93.5, 82.0),
    }
}

impl QcArbitrary for Q<replacement::Input> {
    fn arbitrary(g: &mut QcGen) -> Self {
        let n = qc_range(g, 0, 999_999) as u32;
        let len = qc_range(g, 0, g.size() as i64);
        Q(replacement::Input(n, (0..len).map(|_| qc_range(g, 2, 10) as u8).collect()))
    }
    /// Shrinks the start toward 0 and the multipliers' offsets from 2 toward 2.
    fn shrink(&self) -> Shrunk<Self> {
        let ms: Vec<u8> = self.0 .1.iter().map(|m| m - 2).collect();
        Box::new(
            (self.0 .0, ms)
                .shrink()
                .map(|(n, ms)| Q(replacement::Input(n, ms.into_iter().map(|m| m + 2).collect()))),
        )
    }
}

// ---------------------------------------------------------------------------------------------
// degenerate

fn chain(links: &[u8]) -> degenerate::E {
    use degenerate::E;
    links.iter().rev().fold(E::N, |rest, &l| match l {
        0 => E::A(Box::new(rest)),
        1 => E::B(Box::new(rest)),
        _ => E::C(Box::new(rest)),
    })
}

/// Links from a start and per-link rolls: a roll of 0 or 1 switches constructor (5% each).
fn links_from_rolls(start: u8, rolls: &[u8]) -> Vec<u8> {
    let mut at = start;
    rolls
        .iter()
        .map(|&r| {
            if r < 2 {
                at = (at + 1 + r) % 3;
            }
            at
        })
        .collect()
}

fn degenerate_bench() -> Bench<degenerate::Input> {
    Bench {
        name: "degenerate",
        metric: "links",
        minimum: 3,
        prop: |e| degenerate::prop(e).into(),
        size: degenerate::size,
        strategy: || {
            (0..3u8, vec(0..40u8, 10..=100))
                .prop_map(|(start, rolls)| {
                    degenerate::Input(chain(&links_from_rolls(start, &rolls)))
                })
                .boxed()
        },
        args: reduce_only(),
        hypothesis: None,
    }
}

impl QcArbitrary for Q<degenerate::Input> {
    fn arbitrary(g: &mut QcGen) -> Self {
        let len = qc_range(g, 10, 100) as usize;
        let start = u8::arbitrary(g) % 3;
        let rolls: Vec<u8> = (0..len).map(|_| u8::arbitrary(g) % 40).collect();
        Q(degenerate::Input(chain(&links_from_rolls(start, &rolls))))
    }
    fn shrink(&self) -> Shrunk<Self> {
        Box::new(Q(self.0 .0.clone()).shrink().map(|e| Q(degenerate::Input(e.0))))
    }
}

impl QcArbitrary for Q<degenerate::E> {
    fn arbitrary(g: &mut QcGen) -> Self {
        Q(Q::<degenerate::Input>::arbitrary(g).0 .0)
    }
    fn shrink(&self) -> Shrunk<Self> {
        use degenerate::E;
        match &self.0 {
            E::N => Box::new(std::iter::empty()),
            E::A(e) | E::B(e) | E::C(e) => {
                let wrap = match self.0 {
                    E::A(_) => E::A,
                    E::B(_) => E::B,
                    _ => E::C,
                };
                let inner = (**e).clone();
                let deeper = Q(inner.clone()).shrink().map(move |x| Q(wrap(Box::new(x.0))));
                Box::new(std::iter::once(Q(inner)).chain(deeper))
            }
        }
    }
}
