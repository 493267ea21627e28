//! The benchmarks from ordinary code (`smartcheck_models::ordinary`): their proptest strategies
//! and quickcheck `Arbitrary` + `shrink`, each written the way that crate's users write them.
//! Bounded fields are drawn uniformly within their bounds by every tool, and shrink toward the
//! lower bound.

use proptest::collection::vec;
use proptest::option;
use proptest::prelude::{any, Just, Strategy};
use proptest::prop_oneof;
use quickcheck::{Arbitrary as QcArbitrary, Gen as QcGen};
use smartcheck_models::ordinary::{
    bst, config, csv, date, luhn, pqueue, rle, settings, stack_compiler,
};

use super::{
    list_and_index, qc_range, qc_shrink_binary, qc_shrink_list, reduce_only, Runner, Shrunk,
};
use crate::harness::{self, Bench, Q};

/// The benchmarks from ordinary code, by name.
pub fn all() -> Vec<(&'static str, Runner)> {
    vec![
        ("bst", |n, t| harness::run(&bst_bench(), n, t)),
        ("stack_compiler", |n, t| harness::run(&stack_compiler_bench(), n, t)),
        ("rle", |n, t| harness::run(&rle_bench(), n, t)),
        ("csv", |n, t| harness::run(&csv_bench(), n, t)),
        ("config", |n, t| harness::run(&config_bench(), n, t)),
        ("luhn", |n, t| harness::run(&luhn_bench(), n, t)),
        ("pqueue", |n, t| harness::run(&pqueue_bench(), n, t)),
        ("date", |n, t| harness::run(&date_bench(), n, t)),
        ("settings", |n, t| harness::run(&settings_bench(), n, t)),
    ]
}

// ---------------------------------------------------------------------------------------------
// bst: the same input as deletion (a list and an index into it), so the same quickcheck impl.

fn bst_bench() -> Bench<bst::Input> {
    Bench {
        name: "bst",
        metric: "keys + their magnitudes + the index",
        minimum: 5,
        prop: bst::prop,
        size: bst::size,
        strategy: list_and_index,
        args: reduce_only(),
        hypothesis: None,
    }
}

// ---------------------------------------------------------------------------------------------
// stack_compiler

fn stack_compiler_bench() -> Bench<stack_compiler::Expr> {
    use stack_compiler::Expr;
    Bench {
        name: "stack_compiler",
        metric: "constructors",
        minimum: 5,
        prop: stack_compiler::prop,
        size: stack_compiler::size,
        strategy: || {
            let leaf = prop_oneof![any::<i32>().prop_map(Expr::Lit), (0..4u8).prop_map(Expr::Var)];
            leaf.prop_recursive(6, 64, 2, |inner| {
                let two = |f: fn(Box<Expr>, Box<Expr>) -> Expr| {
                    (inner.clone(), inner.clone())
                        .prop_map(move |(a, b)| f(Box::new(a), Box::new(b)))
                };
                prop_oneof![two(Expr::Add), two(Expr::Sub), two(Expr::Mul), two(Expr::Let)]
            })
            .boxed()
        },
        args: reduce_only(),
        hypothesis: None,
    }
}

fn qc_expr(g: &mut QcGen, size: usize) -> stack_compiler::Expr {
    use stack_compiler::Expr;
    let pick = if size == 0 { u8::arbitrary(g) % 2 } else { u8::arbitrary(g) % 6 };
    let mut sub = || Box::new(qc_expr(g, size / 2));
    match pick {
        0 => Expr::Lit(i32::arbitrary(g)),
        1 => Expr::Var(u8::arbitrary(g) % 4),
        2 => Expr::Add(sub(), sub()),
        3 => Expr::Sub(sub(), sub()),
        4 => Expr::Mul(sub(), sub()),
        _ => Expr::Let(sub(), sub()),
    }
}

impl QcArbitrary for Q<stack_compiler::Expr> {
    fn arbitrary(g: &mut QcGen) -> Self {
        let size = g.size();
        Q(qc_expr(g, size))
    }
    fn shrink(&self) -> Shrunk<Self> {
        use stack_compiler::Expr;
        type Binary = fn(Box<Expr>, Box<Expr>) -> Expr;
        let (ctor, a, b): (Binary, &Expr, &Expr) = match &self.0 {
            Expr::Lit(n) => return Box::new(n.shrink().map(|n| Q(Expr::Lit(n)))),
            Expr::Var(i) => return Box::new(i.shrink().map(|i| Q(Expr::Var(i)))),
            Expr::Add(a, b) => (Expr::Add, a, b),
            Expr::Sub(a, b) => (Expr::Sub, a, b),
            Expr::Mul(a, b) => (Expr::Mul, a, b),
            Expr::Let(a, b) => (Expr::Let, a, b),
        };
        qc_shrink_binary(ctor, a, b)
    }
}

// ---------------------------------------------------------------------------------------------
// rle and csv: std types, generated and shrunk by each tool's own impls.

fn rle_bench() -> Bench<rle::Input> {
    Bench {
        name: "rle",
        metric: "bits + set bits",
        minimum: 5,
        prop: |v| rle::prop(v).into(),
        size: rle::size,
        strategy: || any::<Vec<bool>>().boxed(),
        args: reduce_only(),
        hypothesis: None,
    }
}

fn csv_bench() -> Bench<csv::Input> {
    Bench {
        name: "csv",
        metric: "fields + characters",
        minimum: 2,
        prop: csv::prop,
        size: csv::size,
        strategy: || any::<Vec<String>>().boxed(),
        args: reduce_only(),
        hypothesis: None,
    }
}

// ---------------------------------------------------------------------------------------------
// config

fn config_bench() -> Bench<config::Config> {
    use config::{Config, MAX_RETRIES, MAX_TIMEOUT_MS};
    Bench {
        name: "config",
        metric: "fields set + their numbers + the name's length",
        minimum: 15_002,
        prop: config::prop,
        size: config::size,
        strategy: || {
            (
                option::of(any::<String>()),
                option::of(any::<u16>()),
                option::of(0..=MAX_RETRIES),
                option::of(0..=MAX_TIMEOUT_MS),
                any::<bool>(),
            )
                .prop_map(|(name, port, retries, timeout_ms, verbose)| Config {
                    name,
                    port,
                    retries,
                    timeout_ms,
                    verbose,
                })
                .boxed()
        },
        args: reduce_only(),
        hypothesis: None,
    }
}

impl QcArbitrary for Q<config::Config> {
    fn arbitrary(g: &mut QcGen) -> Self {
        use config::{Config, MAX_RETRIES, MAX_TIMEOUT_MS};
        let name = Option::<String>::arbitrary(g);
        let port = Option::<u16>::arbitrary(g);
        let retries = bool::arbitrary(g).then(|| qc_range(g, 0, i64::from(MAX_RETRIES)) as u8);
        let timeout_ms =
            bool::arbitrary(g).then(|| qc_range(g, 0, i64::from(MAX_TIMEOUT_MS)) as u32);
        Q(Config { name, port, retries, timeout_ms, verbose: bool::arbitrary(g) })
    }
    fn shrink(&self) -> Shrunk<Self> {
        let c = self.0.clone();
        let fields = (c.name, c.port, c.retries, c.timeout_ms, c.verbose);
        Box::new(fields.shrink().map(|(name, port, retries, timeout_ms, verbose)| {
            Q(config::Config { name, port, retries, timeout_ms, verbose })
        }))
    }
}

// ---------------------------------------------------------------------------------------------
// luhn

fn luhn_bench() -> Bench<luhn::Input> {
    Bench {
        name: "luhn",
        metric: "digits + their sum",
        minimum: 6,
        prop: luhn::prop,
        size: luhn::size,
        strategy: || vec(0..=9u8, 0..100).prop_map(luhn::Input).boxed(),
        args: reduce_only(),
        hypothesis: None,
    }
}

impl QcArbitrary for Q<luhn::Input> {
    fn arbitrary(g: &mut QcGen) -> Self {
        let len = qc_range(g, 0, g.size() as i64);
        Q(luhn::Input((0..len).map(|_| qc_range(g, 0, 9) as u8).collect()))
    }
    fn shrink(&self) -> Shrunk<Self> {
        Box::new(self.0 .0.shrink().map(|d| Q(luhn::Input(d))))
    }
}

// ---------------------------------------------------------------------------------------------
// pqueue

fn pqueue_bench() -> Bench<pqueue::Input> {
    use pqueue::Op;
    Bench {
        name: "pqueue",
        metric: "operations + the values' magnitudes",
        minimum: 8,
        prop: |ops| pqueue::prop(ops).into(),
        size: pqueue::size,
        strategy: || {
            vec(prop_oneof![any::<i32>().prop_map(Op::Push), Just(Op::Pop)], 0..100).boxed()
        },
        args: reduce_only(),
        hypothesis: None,
    }
}

impl QcArbitrary for Q<pqueue::Op> {
    fn arbitrary(g: &mut QcGen) -> Self {
        Q(if bool::arbitrary(g) { pqueue::Op::Push(i32::arbitrary(g)) } else { pqueue::Op::Pop })
    }
    fn shrink(&self) -> Shrunk<Self> {
        match self.0 {
            pqueue::Op::Push(x) => Box::new(x.shrink().map(|x| Q(pqueue::Op::Push(x)))),
            pqueue::Op::Pop => Box::new(std::iter::empty()),
        }
    }
}

impl QcArbitrary for Q<pqueue::Input> {
    fn arbitrary(g: &mut QcGen) -> Self {
        let len = qc_range(g, 0, g.size() as i64);
        Q((0..len).map(|_| Q::<pqueue::Op>::arbitrary(g).0).collect())
    }
    fn shrink(&self) -> Shrunk<Self> {
        Box::new(qc_shrink_list(&self.0).map(Q))
    }
}

// ---------------------------------------------------------------------------------------------
// date

fn date_bench() -> Bench<date::Input> {
    use date::{Date, Input, FIRST_YEAR, LAST_YEAR, MAX_DAYS};
    Bench {
        name: "date",
        metric: "days added + years, months and days from 1900-01-01",
        minimum: 29,
        prop: date::prop,
        size: date::size,
        strategy: || {
            (FIRST_YEAR..=LAST_YEAR, 1..=12u8, 1..=31u8, 0..=MAX_DAYS)
                .prop_map(|(year, month, day, days)| Input {
                    date: Date { year, month, day },
                    days,
                })
                .boxed()
        },
        args: reduce_only(),
        hypothesis: None,
    }
}

impl QcArbitrary for Q<date::Input> {
    fn arbitrary(g: &mut QcGen) -> Self {
        use date::{Date, Input, FIRST_YEAR, LAST_YEAR, MAX_DAYS};
        let year = qc_range(g, i64::from(FIRST_YEAR), i64::from(LAST_YEAR)) as u16;
        let (month, day) = (qc_range(g, 1, 12) as u8, qc_range(g, 1, 31) as u8);
        let days = qc_range(g, 0, i64::from(MAX_DAYS)) as u16;
        Q(Input { date: Date { year, month, day }, days })
    }
    /// Shrinks the offsets from the lower bounds (year from 1900, month and day from 1).
    fn shrink(&self) -> Shrunk<Self> {
        use date::{Date, Input, FIRST_YEAR};
        let Input { date: d, days } = self.0;
        let offsets =
            (d.year - FIRST_YEAR, d.month.saturating_sub(1), d.day.saturating_sub(1), days);
        Box::new(offsets.shrink().map(|(y, m, dd, days)| {
            Q(Input { date: Date { year: y + FIRST_YEAR, month: m + 1, day: dd + 1 }, days })
        }))
    }
}

// ---------------------------------------------------------------------------------------------
// settings: two maps keyed by an enum. proptest draws the key with `prop_oneof!` (shrinking
// toward the first setting) and the maps with `btree_map`; quickcheck draws each map as a
// list of (setting index, value) pairs and shrinks that list, as its `BTreeMap` impl does.

fn settings_bench() -> Bench<settings::Layers> {
    use proptest::collection::btree_map;
    use settings::{Layers, Setting};
    Bench {
        name: "settings",
        metric: "entries + their values + the keys' places",
        minimum: 3,
        prop: settings::prop,
        size: settings::size,
        strategy: || {
            let key = || {
                prop_oneof![
                    Just(Setting::Timeout),
                    Just(Setting::Retries),
                    Just(Setting::Port),
                    Just(Setting::Verbose),
                    Just(Setting::Colour),
                ]
            };
            let map = move || btree_map(key(), any::<u8>(), 0..10);
            (map(), map()).prop_map(|(defaults, overrides)| Layers { defaults, overrides }).boxed()
        },
        args: reduce_only(),
        hypothesis: None,
    }
}

/// A map as quickcheck's users draw one keyed by an enum: pairs of a setting's index and a value.
type QcPairs = Vec<(u8, u8)>;

/// The map of `pairs` (a later pair of one key wins, as in `BTreeMap::from_iter`).
fn settings_map(pairs: &QcPairs) -> std::collections::BTreeMap<settings::Setting, u8> {
    pairs.iter().map(|&(k, v)| (settings::ALL[usize::from(k)], v)).collect()
}

impl QcArbitrary for Q<settings::Layers> {
    fn arbitrary(g: &mut QcGen) -> Self {
        let mut pairs = || -> QcPairs {
            let len = qc_range(g, 0, g.size() as i64);
            (0..len).map(|_| (qc_range(g, 0, 4) as u8, u8::arbitrary(g))).collect()
        };
        let (defaults, overrides) = (pairs(), pairs());
        Q(settings::Layers {
            defaults: settings_map(&defaults),
            overrides: settings_map(&overrides),
        })
    }
    /// Shrinks both maps as lists of (index, value) pairs: entries dropped, indices and values
    /// lowered.
    fn shrink(&self) -> Shrunk<Self> {
        let pairs = |m: &std::collections::BTreeMap<settings::Setting, u8>| -> QcPairs {
            m.iter().map(|(&k, &v)| (k as u8, v)).collect()
        };
        let both = (pairs(&self.0.defaults), pairs(&self.0.overrides));
        Box::new(both.shrink().map(|(d, o)| {
            Q(settings::Layers { defaults: settings_map(&d), overrides: settings_map(&o) })
        }))
    }
}
