//! Criterion micro-benchmarks of the hot paths under reduction: breadth-first indexing
//! (`sub_value`), replacement (`replace_sub_value`), and sized generation
//! (`Arbitrary::arbitrary`) at a few budgets.
//!
//! ```text
//! cargo bench -p smartcheck-bench --bench micro
//! ```
//! (`-p smartcheck-bench` may be left out at the workspace root, a default member.)

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use smartcheck::{Arbitrary, Gen, SubTypes};
use smartcheck_tests::calculator::Exp;

/// A balanced expression of `n` constructors or so.
fn expression(n: usize) -> Exp {
    let mut level: Vec<Exp> = (0..n.div_ceil(2)).map(|i| Exp::C(i as i32)).collect();
    while level.len() > 1 {
        let mut it = std::mem::take(&mut level).into_iter();
        while let Some(a) = it.next() {
            level.push(match it.next() {
                Some(b) => Exp::Add(Box::new(a), Box::new(b)),
                None => a,
            });
        }
    }
    level.pop().unwrap_or(Exp::C(0))
}

fn indexing(c: &mut Criterion) {
    let e = expression(1000);
    let size = e.size();
    let list: Vec<i32> = (0..1000).collect();
    let mut group = c.benchmark_group("sub_value");
    for at in [1, size / 2, size - 1] {
        group.bench_with_input(BenchmarkId::new("exp_1000", at), &at, |b, &at| {
            b.iter(|| black_box(&e).sub_value(black_box(at)))
        });
    }
    for at in [1, 500, 1000] {
        group.bench_with_input(BenchmarkId::new("vec_1000", at), &at, |b, &at| {
            b.iter(|| black_box(&list).sub_value(black_box(at)))
        });
    }
    group.finish();
}

fn replacement(c: &mut Criterion) {
    let e = expression(1000);
    let size = e.size();
    let mut group = c.benchmark_group("replace_sub_value");
    for at in [1, size / 2, size - 1] {
        group.bench_with_input(BenchmarkId::new("exp_1000", at), &at, |b, &at| {
            b.iter_batched(
                || e.clone(),
                |mut v| {
                    v.replace_sub_value(at, Box::new(Exp::C(7))).expect("an Exp at every index");
                    v
                },
                criterion::BatchSize::SmallInput,
            )
        });
    }
    group.finish();
}

fn generation(c: &mut Criterion) {
    let mut group = c.benchmark_group("arbitrary");
    for budget in [10, 100, 1000] {
        group.bench_with_input(BenchmarkId::new("exp", budget), &budget, |b, &budget| {
            let mut g = Gen::new(1, budget);
            b.iter(|| Exp::arbitrary(&mut g))
        });
        group.bench_with_input(BenchmarkId::new("vec_vec_i32", budget), &budget, |b, &budget| {
            let mut g = Gen::new(1, budget);
            b.iter(|| Vec::<Vec<i32>>::arbitrary(&mut g))
        });
    }
    group.finish();
}

criterion_group!(benches, indexing, replacement, generation);
criterion_main!(benches);
