//! The catalogue: the shrinking benchmarks' models, then properties of ordinary code written
//! for this check (each a bug of the kind users meet, in types a user would write, written
//! before any change to the generalizer they were run against). Derived instances and public
//! attributes only.

// A property of `Vec<T>` takes `&Vec<T>`: it is a `Fn(&T)` for its input type.
#![allow(clippy::ptr_arg)]

use std::collections::{BTreeMap, BTreeSet, HashMap};

use smartcheck::{Arbitrary, SubTypes, Verdict};
use smartcheck_models::{challenge, ordinary};
use smartcheck_tests::{bound5, calculator};

use super::Row;

/// Every property `on` accepts, checked over `seeds` seeds.
pub fn all(seeds: u64, on: &dyn Fn(&str) -> bool) -> Vec<Row> {
    rows!(
        seeds,
        on,
        // The shrinking benchmarks' models.
        "bound5" => bound5::prop,
        "calculator" => calculator::prop_div,
        "binheap" => challenge::binheap::prop,
        "parser" => challenge::parser::prop,
        "reverse" => challenge::reverse::prop,
        "large_union_list" => challenge::large_union_list::prop,
        "lengthlist" => challenge::lengthlist::prop,
        "difference_must_not_be_zero" => challenge::difference::must_not_be_zero,
        "difference_must_not_be_small" => challenge::difference::must_not_be_small,
        "difference_must_not_be_one" => challenge::difference::must_not_be_one,
        "coupling" => challenge::coupling::prop,
        "deletion" => challenge::deletion::prop,
        "distinct" => challenge::distinct::prop,
        "nestedlists" => challenge::nestedlists::prop,
        "replacement" => challenge::replacement::prop,
        "degenerate" => challenge::degenerate::prop,
        "bst" => ordinary::bst::prop,
        "stack_compiler" => ordinary::stack_compiler::prop,
        "rle" => ordinary::rle::prop,
        "csv" => ordinary::csv::prop,
        "config" => ordinary::config::prop,
        "luhn" => ordinary::luhn::prop,
        "pqueue" => ordinary::pqueue::prop,
        "date" => ordinary::date::prop,
        "settings" => ordinary::settings::prop,
        // Ordinary code written for this check.
        "fields_joined_by_commas" => fields_joined_by_commas,
        "harmonic_mean" => harmonic_mean,
        "form_fields_set" => form_fields_set,
        "flags_on" => flags_on,
        "lists_not_empty" => lists_not_empty,
        "word_without_a" => word_without_a,
        "hex_colour" => hex_colour,
        "key_value_line" => key_value_line,
        "rotate_by" => rotate_by,
        "median" => median,
        "average" => average,
        "shape_area" => shape_area,
        "words_round_trip" => words_round_trip,
        "stack_machine" => stack_machine,
        "merge_intervals" => merge_intervals,
        "ledger" => ledger,
        "percent_bar" => percent_bar,
        "json_quotes" => json_quotes,
        "inventory_total" => inventory_total,
        "tag_set" => tag_set,
        "word_count" => word_count,
        "truncate_bytes" => truncate_bytes,
        "optional_name" => optional_name,
        "celsius_round_trip" => celsius_round_trip,
        "binary_search" => binary_search,
        "retry_policy" => retry_policy,
        "base64_length" => base64_length,
        "matrix_transpose" => matrix_transpose,
        // Failures scattered along the number line: no monotone fall to follow.
        "page_without_seven" => page_without_seven,
        "digit_sum_not_ten" => digit_sum_not_ten,
        "exact_in_f32" => exact_in_f32,
        "leap_by_four" => leap_by_four,
    )
}

/// Three fields joined by commas, without escaping, and split again: an empty field is
/// lost, and a comma in a field makes more fields.
fn fields_joined_by_commas((a, b, c): &(String, String, String)) -> bool {
    let line = format!("{a},{b},{c}");
    line.split(',').filter(|f| !f.is_empty()).count() == 3
}

/// A harmonic mean of three readings: a zero reading makes it infinite.
fn harmonic_mean((a, b, c): &(f64, f64, f64)) -> Verdict {
    let finite = [a, b, c].iter().all(|x| x.is_finite());
    Verdict::implies(finite, (3.0 / (1.0 / a + 1.0 / b + 1.0 / c)).is_finite())
}

/// A form whose three fields must all be set.
fn form_fields_set((a, b, c): &(Option<u8>, Option<u8>, Option<u8>)) -> bool {
    a.is_some() && b.is_some() && c.is_some()
}

/// Three flags that must all be on.
fn flags_on((a, b, c): &(bool, bool, bool)) -> bool {
    *a && *b && *c
}

/// Three lists that must all hold something.
fn lists_not_empty((a, b, c): &(Vec<u8>, Vec<u8>, Vec<u8>)) -> bool {
    !a.is_empty() && !b.is_empty() && !c.is_empty()
}

/// A three-letter word that must not hold an `a`.
fn word_without_a((a, b, c): &(char, char, char)) -> bool {
    ![a, b, c].contains(&&'a')
}

/// A colour.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub struct Rgb(u8, u8, u8);

/// A hex printer that drops the leading zero of a component below 16.
fn hex_colour(c: &Rgb) -> bool {
    format!("#{:x}{:x}{:x}", c.0, c.1, c.2).len() == 7
}

/// A `key=value` line read back at its first `=`: a key holding `=` reads back wrong.
fn key_value_line((k, v): &(String, String)) -> bool {
    let line = format!("{k}={v}");
    line.split_once('=') == Some((k.as_str(), v.as_str()))
}

/// Rotates by `k` modulo the length: an empty list divides by zero.
fn rotate_by((v, k): &(Vec<u8>, usize)) -> bool {
    let mut w = v.clone();
    w.rotate_left(k % v.len());
    w.len() == v.len()
}

/// A median that sorts with `partial_cmp(..).unwrap()`: a NaN beside another reading panics.
fn median(v: &Vec<f64>) -> bool {
    let mut w = v.clone();
    w.sort_by(|a, b| a.partial_cmp(b).unwrap());
    w.get(w.len() / 2).is_none_or(|m| !m.is_nan() || v.iter().any(|x| x.is_nan()))
}

/// An average that sums in `i32`, wrapping.
fn average(v: &Vec<i32>) -> bool {
    if v.is_empty() {
        return true;
    }
    let wide = v.iter().map(|&x| i64::from(x)).sum::<i64>() / v.len() as i64;
    let narrow = v.iter().fold(0i32, |s, &x| s.wrapping_add(x)) / v.len() as i32;
    wide == i64::from(narrow)
}

/// A shape.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub enum Shape {
    /// A dot.
    Dot,
    /// A square of a side.
    Square(u8),
    /// A rectangle of a width and a height.
    Rect(u8, u8),
}

/// An area computed in `u8`, checked: a big rectangle or square overflows.
fn shape_area(s: &Shape) -> bool {
    match s {
        Shape::Dot => true,
        Shape::Square(a) => a.checked_mul(*a).is_some(),
        Shape::Rect(w, h) => w.checked_mul(*h).is_some(),
    }
}

/// Words split on whitespace and joined with one space give the text back: not when spaces
/// repeat, lead or trail, or are other whitespace.
fn words_round_trip(s: &String) -> bool {
    s.split_whitespace().collect::<Vec<_>>().join(" ") == *s
}

/// A stack machine's instruction.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub enum Op {
    /// Push a number.
    Push(i8),
    /// Pop two, push their sum.
    Add,
    /// Pop one.
    Pop,
}

/// A program never pops an empty stack (the checker forgot `Add` needs two).
fn stack_machine(ops: &Vec<Op>) -> Verdict {
    let mut depth = 0usize;
    let mut checked = 0usize;
    for op in ops {
        match op {
            Op::Push(_) => {
                depth += 1;
                checked += 1;
            }
            Op::Add => {
                checked = checked.saturating_sub(1);
                if depth < 2 {
                    return Verdict::from(checked == usize::MAX);
                }
                depth -= 1;
            }
            Op::Pop => {
                if checked == 0 {
                    return Verdict::Discard;
                }
                checked -= 1;
                depth -= 1;
            }
        }
    }
    Verdict::Pass
}

/// Merging sorted intervals: touching intervals (`end == start`) are left apart, so the
/// merged list has a point covered twice by the property's count.
fn merge_intervals(v: &Vec<(u8, u8)>) -> bool {
    let mut iv: Vec<(u8, u8)> = v.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
    iv.sort_unstable();
    let mut merged: Vec<(u8, u8)> = Vec::new();
    for (a, b) in iv {
        match merged.last_mut() {
            Some(last) if a < last.1 => last.1 = last.1.max(b),
            _ => merged.push((a, b)),
        }
    }
    merged.windows(2).all(|w| w[0].1 < w[1].0)
}

/// A ledger entry.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub enum Tx {
    /// Money in.
    Deposit(u16),
    /// Money out, refused when the balance is short.
    Withdraw(u16),
}

/// A balance kept in `u16`: deposits past 65,535 wrap, and the balance no longer equals the
/// sum of what was accepted.
fn ledger(txs: &Vec<Tx>) -> bool {
    let (mut narrow, mut wide) = (0u16, 0u64);
    for tx in txs {
        match tx {
            Tx::Deposit(n) => {
                narrow = narrow.wrapping_add(*n);
                wide += u64::from(*n);
            }
            Tx::Withdraw(n) if u64::from(*n) <= wide => {
                narrow = narrow.wrapping_sub(*n);
                wide -= u64::from(*n);
            }
            Tx::Withdraw(_) => {}
        }
    }
    u64::from(narrow) == wide
}

/// A progress bar.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub struct Progress {
    /// Percent done.
    #[smartcheck(range = 0..=100)]
    done: u8,
    /// The bar's width in cells.
    #[smartcheck(range = 1..=80)]
    width: u8,
    /// The label.
    label: String,
}

/// The bar is `width` cells plus the label: rounding up fills one cell too many at 100%.
fn percent_bar(p: &Progress) -> bool {
    let cells = (usize::from(p.done) * usize::from(p.width)).div_ceil(99);
    let bar = "#".repeat(cells.min(usize::from(p.width) + 1));
    bar.len() <= usize::from(p.width)
}

/// A JSON-like value.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub enum Json {
    /// `null`.
    Null,
    /// A number.
    Num(i32),
    /// A string.
    Str(String),
    /// An array.
    Arr(Vec<Json>),
}

fn print_json(j: &Json, out: &mut String) {
    match j {
        Json::Null => out.push_str("null"),
        Json::Num(n) => out.push_str(&n.to_string()),
        Json::Str(s) => {
            out.push('"');
            out.push_str(s);
            out.push('"');
        }
        Json::Arr(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                print_json(item, out);
            }
            out.push(']');
        }
    }
}

/// A printer that does not escape quotes: a string holding one leaves them unbalanced.
fn json_quotes(j: &Json) -> bool {
    let mut out = String::new();
    print_json(j, &mut out);
    out.matches('"').count().is_multiple_of(2)
}

/// Stock counts summed in `u8`, checked.
fn inventory_total(m: &BTreeMap<String, u8>) -> bool {
    m.values().try_fold(0u8, |s, &n| s.checked_add(n)).is_some()
}

/// At most three tags.
fn tag_set(s: &BTreeSet<u8>) -> bool {
    s.len() <= 3
}

/// A word count over 20 in two words or more is refused.
fn word_count(m: &HashMap<String, u8>) -> bool {
    m.values().map(|&c| u32::from(c)).sum::<u32>() < 20 || m.len() < 2
}

/// Truncation to `n` bytes, which panics inside a multi-byte character.
fn truncate_bytes((s, n): &(String, u8)) -> bool {
    let n = usize::from(*n).min(s.len());
    s[..n].len() == n
}

/// A configuration's name, printed in a field of ten.
fn optional_name(name: &Option<String>) -> bool {
    name.as_deref().unwrap_or("anonymous").chars().count() <= 10
}

/// Celsius to Fahrenheit and back, compared exactly.
fn celsius_round_trip(c: &f32) -> Verdict {
    Verdict::implies(c.is_finite(), ((*c * 9.0 / 5.0 + 32.0) - 32.0) * 5.0 / 9.0 == *c)
}

/// A binary search over a sorted list that stops one short of the end.
fn binary_search((v, x): &(Vec<u8>, u8)) -> Verdict {
    if !v.windows(2).all(|w| w[0] <= w[1]) {
        return Verdict::Discard;
    }
    let (mut lo, mut hi) = (0, v.len().saturating_sub(1));
    let mut found = false;
    while lo < hi {
        let mid = (lo + hi) / 2;
        match v[mid].cmp(x) {
            std::cmp::Ordering::Equal => {
                found = true;
                break;
            }
            std::cmp::Ordering::Less => lo = mid + 1,
            std::cmp::Ordering::Greater => hi = mid,
        }
    }
    Verdict::from(found == v.contains(x) || v.get(lo) == Some(x))
}

/// A retry policy.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub struct Retry {
    /// Attempts.
    #[smartcheck(range = 1..=10)]
    attempts: u8,
    /// The first delay in milliseconds, doubled after each attempt.
    delay_ms: u32,
    /// Whether to add jitter.
    jitter: bool,
}

/// The total wait, summed in `u32`, overflows for long delays and many attempts.
fn retry_policy(r: &Retry) -> bool {
    (0..u32::from(r.attempts))
        .try_fold(0u32, |total, i| r.delay_ms.checked_shl(i).and_then(|d| total.checked_add(d)))
        .is_some()
}

/// The length of base64 text without padding, `4 n / 3` rounded up, computed rounded down.
fn base64_length(v: &Vec<u8>) -> bool {
    4 * v.len() / 3 == (4 * v.len()).div_ceil(3)
}

/// Transposing rows of unequal lengths drops cells.
fn matrix_transpose(rows: &Vec<Vec<u8>>) -> bool {
    let width = rows.first().map_or(0, Vec::len);
    let cols: Vec<Vec<u8>> =
        (0..width).map(|c| rows.iter().filter_map(|r| r.get(c).copied()).collect()).collect();
    cols.iter().map(Vec::len).sum::<usize>() == rows.iter().map(Vec::len).sum::<usize>()
}

/// Page numbers printed in a font without a `7`: a number holding the digit fails.
fn page_without_seven(n: &u32) -> bool {
    !n.to_string().contains('7')
}

/// A reference whose digits must not sum to ten (a check digit would read as `0`).
fn digit_sum_not_ten(n: &u16) -> bool {
    n.to_string().bytes().map(|d| u32::from(d - b'0')).sum::<u32>() != 10
}

/// A counter stored in an `f32` reads back the same: not past 2^24, where odd numbers round.
fn exact_in_f32(n: &u32) -> bool {
    #[allow(clippy::cast_precision_loss, clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let back = (*n as f32) as u32;
    back == *n
}

/// A leap-year rule that only checks divisibility by four: wrong for 100, 200, 300, 500, ...
fn leap_by_four(y: &u16) -> bool {
    let four = y.is_multiple_of(4);
    four == (four && (!y.is_multiple_of(100) || y.is_multiple_of(400)))
}
