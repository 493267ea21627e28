//! What a printed formula claims, checked against fresh values from the outside (issue 9:
//! "many generalizations it prints are false"), by the check in `honesty/check.rs`: for
//! properties of ordinary code, each report's first formula is read back through the public
//! API and tried with each variable alone, all variables together under the side
//! conditions, and each claimed constructor given tries to fail under the counterexample's
//! own values and under drawn ones. A test fails at the first refuted claim.
//!
//! The cases are those where a claim was false before: a hex printer's colour (joint), an
//! LRU cache (a constructor variable under the counterexample's own rest), a map's key and
//! a map's rest (entries moved or overwritten as values went in), and the calculator (a
//! precondition). Undoing the fixes of the colour or of the map's rest fails these tests;
//! the cache's false claim came from values these seeds do not reduce to, and its own test
//! (`generalize::a_constructor_variable_is_checked_under_the_counterexamples_own_values`)
//! pins it. The same check runs over 128 properties in `cargo bench -p smartcheck-bench
//! --bench honesty`.

pub mod check;

use smartcheck::{PropertyResult, SubTypes};
use smartcheck_tests::calculator::prop_div;

use crate::generalize::{
    ex_compiles, four_labels, handles, hex_has_seven_chars, no_long_c_key, three_segments,
};
use crate::reducer::evicts_the_least_recent;

/// Draws per check of one variable alone (twice that for the joint check), and per claimed
/// constructor and assignment: a claim false on one instance in 50 is refuted nearly always.
const DRAWS: usize = 100;

/// Checks the first formula of the default runs of `prop` with `seeds`; panics with every
/// refuted claim and the instance that refuted it.
fn formulas_hold<T: SubTypes, R: PropertyResult>(seeds: u64, prop: impl Fn(&T) -> R) {
    let tally = check::check("property", seeds, DRAWS, prop);
    assert!(tally.refutations.is_empty(), "{}", tally.refutations.join("\n\n"));
    assert!(tally.formulas > 0, "no formula claimed anything");
}

#[test]
fn a_colours_components_are_claimed_together_only_where_they_fail_together() {
    formulas_hold(30, hex_has_seven_chars);
}

#[test]
fn a_caches_constructor_variable_holds_under_its_own_rest() {
    formulas_hold(30, evicts_the_least_recent);
}

#[test]
fn a_maps_key_and_rest_are_claimed_as_the_map_reads() {
    formulas_hold(10, no_long_c_key);
    // A word count over 20 in two words or more: the rest of the map may hold any words.
    formulas_hold(10, |m: &std::collections::HashMap<String, u8>| {
        m.values().map(|&c| u32::from(c)).sum::<u32>() < 20 || m.len() < 2
    });
}

#[test]
fn the_calculators_formulas_hold_under_its_precondition() {
    formulas_hold(10, prop_div);
}

#[test]
fn three_distinct_elements_are_claimed_with_their_side_conditions() {
    formulas_hold(10, |v: &Vec<i32>| {
        let mut seen = v.clone();
        seen.sort_unstable();
        seen.dedup();
        seen.len() < 3
    });
}

/// Constructors interchangeable with their arguments kept (`k0 in {Add, Sub}`): each claimed
/// one fails under the counterexample's values and drawn ones, and drawn among them with all
/// the variables.
#[test]
fn interchangeable_constructors_fail_under_drawn_values() {
    for tally in [
        check::check("compiler", 10, DRAWS, ex_compiles),
        check::check("events", 10, DRAWS, handles),
    ] {
        assert!(tally.refutations.is_empty(), "{}", tally.refutations.join("\n\n"));
        assert!(tally.constructors.0 >= 10, "{}: {} checked", tally.name, tally.constructors.0);
    }
}

/// Text joined by a separator without escaping: no place is claimed that a string holding
/// the separator makes pass (two slashes in one place, or a dot in each of two).
#[test]
fn a_format_without_escaping_claims_no_place_a_separator_makes_pass() {
    formulas_hold(30, three_segments);
    let tally = check::check("labels", 30, DRAWS, four_labels);
    assert!(tally.refutations.is_empty(), "{}", tally.refutations.join("\n\n"));
}

/// Merges closed intervals `(start, length)`; the bug: two that only touch stay apart.
fn merged(spans: &[(u8, u8)]) -> Vec<(u16, u16)> {
    let mut sorted: Vec<(u16, u16)> =
        spans.iter().map(|&(s, l)| (u16::from(s), u16::from(s) + u16::from(l))).collect();
    sorted.sort_unstable();
    let mut out: Vec<(u16, u16)> = Vec::new();
    for (s, e) in sorted {
        match out.last_mut() {
            Some(last) if s < last.1 => last.1 = last.1.max(e),
            _ => out.push((s, e)),
        }
    }
    out
}

/// Merged intervals neither overlap nor touch.
fn intervals_apart(spans: &[(u8, u8)]) -> bool {
    merged(spans).windows(2).all(|w| w[0].1 < w[1].0)
}

/// A list's rest claimed beside the intervals it follows: any rest, with the shared end
/// anywhere, fails, unless the rest holds an interval across that end, which merges both
/// (`[(x2, x1), (0, x2), ..x0]` was claimed from `[(0, 0), (0, 0)]` in 3 of 30 seeds, where
/// the rest's joint tries were short lists of small intervals).
#[test]
fn a_lists_rest_is_tried_long_beside_the_other_variables() {
    let tally = check::check("intervals", 30, 2 * DRAWS, |v: &Vec<(u8, u8)>| intervals_apart(v));
    assert!(tally.refutations.is_empty(), "{}", tally.refutations.join("\n\n"));
    assert!(tally.formulas >= 25, "{} formulas", tally.formulas);
}

/// A rational number.
#[derive(Debug, Clone, PartialEq, smartcheck::SubTypes, smartcheck::Arbitrary)]
pub struct Rat {
    num: i32,
    den: i32,
}

/// `a < b` by cross multiplication, which forgets that a denominator may be negative, against
/// the comparison of the two brought to positive denominators.
fn cross_multiplied_less_agrees((a, b): &(Rat, Rat)) -> smartcheck::Verdict {
    let positive = |r: &Rat| match r.den < 0 {
        true => (-i128::from(r.num), -i128::from(r.den)),
        false => (i128::from(r.num), i128::from(r.den)),
    };
    let ((an, ad), (bn, bd)) = (positive(a), positive(b));
    let crossed = i64::from(a.num) * i64::from(b.den) < i64::from(b.num) * i64::from(a.den);
    smartcheck::Verdict::implies(a.den != 0 && b.den != 0, crossed == (an * bd < bn * ad))
}

/// The seeds of 30 whose first formula for `prop` a check refutes.
fn refuted_seeds<T: SubTypes, R: PropertyResult>(prop: impl Fn(&T) -> R) -> usize {
    let tally = check::check("property", 30, DRAWS, prop);
    let seed_of = |r: &String| r.split(':').next().map(str::to_string);
    let seeds: std::collections::BTreeSet<_> = tally.refutations.iter().map(seed_of).collect();
    seeds.len()
}

/// Equal rationals (`-1/1` against `1/-1`) pass: a claim over the two numerators under a
/// side condition (`forall values x0 x1 with x0 < x1: (Rat { num: x0, den: 1 }, Rat { num:
/// x1, den: -1 })`) was false in 26 of 30 seeds, the tie met by no draw. Generalization now
/// tries all its numbers among their few simplest values together now and then; the tie is
/// one pair among them, not met in every seed: a bound, not zero.
#[test]
fn numbers_that_tie_only_when_small_are_tried_together() {
    let refuted = refuted_seeds(cross_multiplied_less_agrees);
    assert!(refuted <= 7, "false in {refuted} of 30 seeds (26 before)");
}

/// A point of the plane.
#[derive(Debug, Clone, PartialEq, smartcheck::SubTypes, smartcheck::Arbitrary)]
pub struct Pt {
    x: i16,
    y: i16,
}

/// The orientation of three points, with the last two swapped by mistake in one of the two
/// computations: it agrees only where the points are in a row (or two coincide).
fn orientation_agrees((p, q, r): &(Pt, Pt, Pt)) -> bool {
    let det = |p: &Pt, q: &Pt, r: &Pt| {
        let (px, py, qx, qy) = (i64::from(p.x), i64::from(p.y), i64::from(q.x), i64::from(q.y));
        (qx - px) * (i64::from(r.y) - py) - (qy - py) * (i64::from(r.x) - px)
    };
    det(p, q, r).signum() == det(p, r, q).signum()
}

/// Points in a row pass (`(0, 0), (1, 1), (2, 2)`), and so do two equal points: claims over
/// the coordinates were false in 30 of 30 seeds.
#[test]
fn points_that_line_up_only_when_small_are_tried_together() {
    let refuted = refuted_seeds(orientation_agrees);
    assert!(refuted <= 2, "false in {refuted} of 30 seeds (30 before)");
}

/// A claim over numbers under wrapping arithmetic may fail everywhere but where they sit half
/// the type's range apart: `a - b == b - a` in `u8` for `(0, 128)`, in `i8` for `(-128, 0)`.
/// Random draws seldom meet such a pair, and the few simplest values never do. The check's
/// "edge values together" tries them (`honesty/check.rs`).
fn order_blind_difference<T: Copy + PartialEq>(sub: fn(T, T) -> T) -> impl Fn(&(T, T)) -> bool {
    move |&(a, b)| sub(a, b) == sub(b, a)
}

/// The audit's own: `forall values x0 x1 with x0 != x1: (x0, x1)` was printed, and false, in
/// 19 of 20 seeds for `u8` (`(0, 128)` passes) and 18 of 20 for `i16` (`(-32768, 0)`).
#[test]
fn a_wrapping_difference_is_tried_half_the_range_apart() {
    let bytes = refuted_seeds(order_blind_difference(u8::wrapping_sub));
    let longs = refuted_seeds(order_blind_difference(i64::wrapping_sub));
    let figures = format!("false in {bytes} (u8) and {longs} (i64) of 30 seeds (29 and 28 before)");
    assert!(bytes <= 2 && longs <= 2, "{figures}");
}

/// A ring buffer's two indexes, which wrap around `u32`.
#[derive(Debug, Clone, PartialEq, smartcheck::SubTypes, smartcheck::Arbitrary)]
pub struct Ring {
    head: u32,
    tail: u32,
}

/// The ring's length with its indexes swapped by mistake, against the right one: they agree
/// only where the indexes are equal or `2^31` apart (`Ring { head: 0, tail: 2147483648 }`).
fn ring_length_agrees(ring: &Ring) -> bool {
    ring.tail.wrapping_sub(ring.head) == ring.head.wrapping_sub(ring.tail)
}

/// A user's own type, its indexes `u32`: half the range is `2^31`.
#[test]
fn a_rings_indexes_are_tried_half_the_range_apart() {
    let refuted = refuted_seeds(ring_length_agrees);
    assert!(refuted <= 2, "false in {refuted} of 30 seeds (30 before)");
}

/// A weighted checksum of two `u16` words mod `2^16` (`3a + b`), which should not depend on
/// the words' order: it does not only where `2 (a - b)` wraps to 0, `a - b` being 0 or
/// `32768`.
fn checksum_is_order_blind(&(a, b): &(u16, u16)) -> bool {
    let sum = |a: u16, b: u16| a.wrapping_mul(3).wrapping_add(b);
    sum(a, b) == sum(b, a)
}

#[test]
fn a_checksums_words_are_tried_half_the_range_apart() {
    let refuted = refuted_seeds(checksum_is_order_blind);
    assert!(refuted <= 2, "false in {refuted} of 30 seeds (29 before)");
}

/// A time on a clock face, its minute within `0..=59`.
#[derive(Debug, Clone, PartialEq, smartcheck::SubTypes, smartcheck::Arbitrary)]
pub struct Clock {
    #[smartcheck(range = 0..=59)]
    minute: u8,
}

/// Minutes from `a` to `b` round the clock, with the two swapped by mistake, against the
/// right count: they agree where the minutes are equal or half an hour apart.
fn minutes_between_agrees((a, b): &(Clock, Clock)) -> bool {
    let between = |a: u8, b: u8| (b + 60 - a) % 60;
    between(a.minute, b.minute) == between(b.minute, a.minute)
}

/// A ranged field's half way is its range's, not its type's: `(0, 30)` passes, `(0, 128)`
/// is no clock.
#[test]
fn a_ranged_fields_values_are_tried_half_its_range_apart() {
    let refuted = refuted_seeds(minutes_between_agrees);
    assert!(refuted <= 2, "false in {refuted} of 30 seeds (25 before)");
}

/// An expression of `i8` arithmetic, which wraps.
#[derive(Debug, Clone, PartialEq, smartcheck::SubTypes, smartcheck::Arbitrary)]
pub enum Calc {
    Lit(i8),
    Add(Box<Calc>, Box<Calc>),
    Sub(Box<Calc>, Box<Calc>),
}

/// `calc` compiled for a stack machine that pushes a `Sub`'s operands the wrong way round,
/// run, against its value: they agree where both operands' values are equal or `-128` apart.
fn stack_machine_agrees(calc: &Calc) -> bool {
    fn eval(c: &Calc) -> i8 {
        match c {
            Calc::Lit(n) => *n,
            Calc::Add(a, b) => eval(a).wrapping_add(eval(b)),
            Calc::Sub(a, b) => eval(a).wrapping_sub(eval(b)),
        }
    }
    fn run(c: &Calc, stack: &mut Vec<i8>) {
        let apply = |a: &Calc, b: &Calc, op: fn(i8, i8) -> i8, stack: &mut Vec<i8>| {
            run(a, stack);
            run(b, stack);
            let (y, x) = (stack.pop().unwrap_or(0), stack.pop().unwrap_or(0));
            stack.push(op(x, y));
        };
        match c {
            Calc::Lit(n) => stack.push(*n),
            Calc::Add(a, b) => apply(a, b, i8::wrapping_add, stack),
            Calc::Sub(a, b) => apply(b, a, i8::wrapping_sub, stack),
        }
    }
    let mut stack = Vec::new();
    run(calc, &mut stack);
    stack.pop() == Some(eval(calc))
}

/// The audit's stack machine: `forall values x0 x1 with x0 < x1: Sub(Lit(x0), Lit(x1))` was
/// false in 68 of 100 seeds (`Sub(Lit(-128), Lit(0))` passes).
#[test]
fn a_stack_machines_operands_are_tried_half_the_range_apart() {
    let refuted = refuted_seeds(stack_machine_agrees);
    assert!(refuted <= 2, "false in {refuted} of 30 seeds (20 before)");
}
