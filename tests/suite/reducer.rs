//! The reducer as a user meets it (issue 9): ordinary properties over derived and std types,
//! found by random discovery and reduced with the library's own features only (derives, std
//! impls, public API; no hand-written `SubTypes` or `Arbitrary`). Each case states its minimum
//! in the order of simplicity (`smartcheck::reduce::order`) and pins what the reducer reaches
//! over 30 seeds. `cargo test --release --test suite reducer:: -- --ignored --nocapture` prints
//! the figures over 100 seeds (% at the minimum, mean shrinking evaluations, distinct outputs).

// A property takes `&T` for the generated type `T`: `&Vec<i32>`, `&String`.
#![allow(clippy::ptr_arg)]

use std::collections::HashSet;

use smartcheck::reduce::{order, record_accepted};
use smartcheck::{smart_check, Arbitrary, Args, Outcome, PropertyResult, SubTypes, Verdict};

/// Reduction alone, from discovery at `seed` (2,000 tests); discards are allowed generously, as `coupling`'s
/// precondition (values index the list) rejects most random lists of `i32`.
fn args(seed: u64) -> Args {
    Args {
        seed: Some(seed),
        run_forall: false,
        run_exists: false,
        rounds: 1,
        tests: 2000,
        max_discard_ratio: 1000,
        ..Args::default()
    }
}

/// The reduced counterexample found at `seed`, and the evaluations its reduction spent.
fn reduced<T: SubTypes, R: PropertyResult>(seed: u64, prop: impl Fn(&T) -> R) -> (T, usize) {
    let report = smart_check(&args(seed), prop);
    let cex = report.counterexamples().first().unwrap_or_else(|| panic!("seed {seed}: {report}"));
    (cex.value().clone(), cex.evaluations())
}

/// Asserts that every seed in `seeds` reduces to `minimum`.
fn always<T: SubTypes + PartialEq, R: PropertyResult>(
    minimum: T,
    seeds: std::ops::Range<u64>,
    prop: impl Fn(&T) -> R,
) {
    for seed in seeds {
        let (value, _) = reduced(seed, &prop);
        assert_eq!(value, minimum, "seed {seed}");
    }
}

/// Asserts that every seed in `seeds` whose discovery finds a counterexample reduces to
/// `minimum`, and that at least `found` of them do find one.
fn always_when_found<T: SubTypes + PartialEq, R: PropertyResult>(
    minimum: T,
    seeds: std::ops::Range<u64>,
    found: usize,
    prop: impl Fn(&T) -> R,
) {
    let mut seen = 0;
    for seed in seeds {
        let report = smart_check(&args(seed), &prop);
        if let Some(cex) = report.counterexamples().first() {
            assert_eq!(cex.value(), &minimum, "seed {seed}");
            seen += 1;
        }
    }
    assert!(seen >= found, "found in {seen} seeds");
}

/// Asserts that every seed of 30 whose discovery finds a counterexample, with 2,000 tests and
/// with the default 100 (larger starts), reduces to `minimum`.
fn ends_at_when_found<T: SubTypes + PartialEq, R: PropertyResult>(
    minimum: &T,
    prop: impl Fn(&T) -> R,
) {
    for seed in 0..30 {
        for args in [args(seed), Args { tests: 100, ..args(seed) }] {
            let report = smart_check(&args, &prop);
            if let Some(cex) = report.counterexamples().first() {
                assert_eq!(cex.value(), minimum, "seed {seed}, {} tests", args.tests);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The cases

/// Two numbers whose difference is small but not zero: minimum `(0, 1)` (the first leaf at 0,
/// the second the simplest value 1..=4 away).
fn difference_small(p: &(i32, i32)) -> bool {
    !(1..=4).contains(&(i64::from(p.0) - i64::from(p.1)).abs())
}

/// Two numbers one apart: minimum `(0, 1)`.
fn difference_one(p: &(i32, i32)) -> bool {
    (i64::from(p.0) - i64::from(p.1)).abs() != 1
}

/// Values are indexes into the list (the precondition); no two elements may point at each
/// other. Minimum `[1, 0]`: a list of one element cannot hold two, `[0, 1]` points each at
/// itself.
fn coupling(v: &Vec<i32>) -> Verdict {
    let len = v.len() as i32;
    let indexes = v.iter().all(|&x| (0..len).contains(&x));
    let coupled =
        || v.iter().enumerate().any(|(i, &j)| j as usize != i && v[j as usize] == i as i32);
    if !indexes {
        return Verdict::Discard;
    }
    Verdict::from(!coupled())
}

/// A configuration whose two optional fields do not matter to the bug.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Config {
    timeout: Option<u32>,
    retries: Option<u8>,
    port: u16,
}

/// Fails on a port above 1000 unless a timeout of at least 5 is set: minimum
/// `Config { timeout: None, retries: None, port: 1001 }` (`None` comes before `Some` at equal
/// size, and `Some(0)` fails as well as `None`).
fn config(c: &Config) -> bool {
    !(c.port > 1000 && c.timeout.unwrap_or(0) < 5)
}

/// Fails on any digit anywhere in the string: minimum `"0"`.
fn no_digit(s: &String) -> bool {
    !s.chars().any(|c| c.is_ascii_digit())
}

/// Fails on the same character twice in a row anywhere: minimum `"aa"`.
fn no_repeat(s: &String) -> bool {
    !s.chars().zip(s.chars().skip(1)).any(|(a, b)| a == b)
}

/// A message in three chunks of `i8`; the receiver checks each chunk's checksum (the wrapping
/// sum) against a limit and assumes the whole message's is then below three limits.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Chunks {
    head: Vec<i8>,
    body: Vec<i8>,
    tail: Vec<i8>,
}

/// The wrapping sum of `xs`.
fn checksum(xs: &[i8]) -> i8 {
    xs.iter().fold(0, |a, &b| a.wrapping_add(b))
}

/// Fails when every chunk's checksum is below 16 but the whole message's is not below 48.
/// Minimum `Chunks { head: [], body: [-1], tail: [-128] }`: one chunk alone cannot (its
/// checksum is the message's); two one-number chunks below 16 exceed 47 only by wrapping
/// below -128, which takes `-1` with `-128` (or the other way round: the first leaf decides).
fn chunk_checksums(c: &Chunks) -> Verdict {
    let chunks = [&c.head, &c.body, &c.tail];
    let all: Vec<i8> = chunks.iter().flat_map(|l| l.iter().copied()).collect();
    Verdict::implies(chunks.iter().all(|l| checksum(l) < 16), checksum(&all) < 48)
}

/// Fails once the strings hold 10 chars in all (a message split into parts, checked part by
/// part and never as a whole): minimum `["aaaaaaaaaa"]`, one string (fewer constructors than
/// any split), of the simplest chars.
fn total_chars(parts: &Vec<String>) -> bool {
    parts.iter().map(|p| p.chars().count()).sum::<usize>() < 10
}

/// The same over a queue beside a flag: minimum `(false, ["aaaaaa"])`.
fn queued_chars(q: &(bool, std::collections::VecDeque<String>)) -> bool {
    q.1.iter().map(|p| p.chars().count()).sum::<usize>() < 6
}

/// Fails on 5 bytes of UTF-8 in two strings (`len`, not chars): a string may hold a char of
/// four bytes, far up the order of chars, that cannot fall below U+10000 without the byte
/// count falling too.
fn five_bytes(p: &(String, String)) -> bool {
    p.0.len() + p.1.len() < 5
}

/// Fails on a number and its successor, as `u64` wraps it: minimum `(1, 0)`, where discovery
/// often draws `(0, u64::MAX)` (a boundary value and its wrapped successor).
fn successor(p: &(u64, u64)) -> bool {
    p.0 != p.1.wrapping_add(1)
}

/// A parsed count or an error message: fails on a count of 100 or more, or a message of 3
/// bytes or more. Minimum `Ok(100)` (`Ok` before `Err` at equal size).
fn count_or_message(r: &Result<u8, String>) -> bool {
    match r {
        Ok(n) => *n < 100,
        Err(message) => message.len() < 3,
    }
}

/// Fails where `x * x` overflows `i32` to a negative: on short runs of values all the way up
/// from 46,341, the minimum.
fn square_stays_positive(x: &i32) -> bool {
    x.wrapping_mul(*x) >= 0
}

/// Fails once a list holds four runs (after merging repeated neighbours, as `dedup` does):
/// minimum `[0, 1, 0, 1]`, where the values are only labels.
fn runs_at_most_three(v: &Vec<i32>) -> bool {
    let mut runs = v.clone();
    runs.dedup();
    runs.len() <= 3
}

/// The same over chars beside a number: minimum `(0, ['a', 'b', 'a', 'b'])`.
fn char_runs(p: &(u8, Vec<char>)) -> bool {
    let mut runs = p.1.clone();
    runs.dedup();
    runs.len() <= 3
}

/// A binary search tree of keys.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
enum Tree {
    Leaf,
    Node(Box<Tree>, i32, Box<Tree>),
}

/// An insert with a bug: a larger key goes left when the right subtree is a leaf.
fn insert(t: Tree, k: i32) -> Tree {
    match t {
        Tree::Leaf => Tree::Node(Box::new(Tree::Leaf), k, Box::new(Tree::Leaf)),
        Tree::Node(l, x, r) if k < x => Tree::Node(Box::new(insert(*l, k)), x, r),
        Tree::Node(l, x, r) if k > x && *r == Tree::Leaf && *l == Tree::Leaf => {
            Tree::Node(Box::new(insert(*l, k)), x, r)
        }
        Tree::Node(l, x, r) if k > x => Tree::Node(l, x, Box::new(insert(*r, k))),
        same => same,
    }
}

fn in_order(t: &Tree, out: &mut Vec<i32>) {
    if let Tree::Node(l, x, r) = t {
        in_order(l, out);
        out.push(*x);
        in_order(r, out);
    }
}

/// Inserting keys keeps the tree in order: minimum `[0, 1]` (one key cannot be out of order;
/// `[0, 0]` inserts one key twice).
fn bst_in_order(keys: &Vec<i32>) -> bool {
    let tree = keys.iter().fold(Tree::Leaf, |t, &k| insert(t, k));
    let mut out = Vec::new();
    in_order(&tree, &mut out);
    out.windows(2).all(|w| w[0] < w[1])
}

/// A skew heap of keys.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
enum Heap {
    Empty,
    Node(i32, Box<Heap>, Box<Heap>),
}

fn merge(a: &Heap, b: &Heap) -> Heap {
    match (a, b) {
        (Heap::Empty, h) | (h, Heap::Empty) => h.clone(),
        (Heap::Node(x, al, ar), Heap::Node(y, ..)) if x <= y => {
            Heap::Node(*x, Box::new(merge(ar, b)), al.clone())
        }
        (Heap::Node(..), Heap::Node(y, bl, br)) => {
            Heap::Node(*y, Box::new(merge(br, a)), bl.clone())
        }
    }
}

fn to_list(h: &Heap, out: &mut Vec<i32>) {
    if let Heap::Node(k, l, r) = h {
        out.push(*k);
        to_list(l, out);
        to_list(r, out);
    }
}

/// The bug: the root, then the merged children's keys *unsorted*.
fn wrong_to_sorted_list(h: &Heap) -> Vec<i32> {
    let mut out = Vec::new();
    if let Heap::Node(k, l, r) = h {
        out.push(*k);
        to_list(&merge(l, r), &mut out);
    }
    out
}

/// A heap built from `keys` lists them sorted. Minimum `[0, 0, 1, 0]` (found by
/// [`heap_minimum_is_the_smallest_failing_list`] over every shorter or simpler list).
fn heap_sorted(keys: &Vec<i32>) -> bool {
    let heap = keys.iter().fold(Heap::Empty, |h, &k| {
        merge(&h, &Heap::Node(k, Box::new(Heap::Empty), Box::new(Heap::Empty)))
    });
    let mut sorted = keys.clone();
    sorted.sort_unstable();
    wrong_to_sorted_list(&heap) == sorted
}

// ---------------------------------------------------------------------------------------------
// Pins over 30 seeds

#[test]
fn difference_small_reaches_its_minimum() {
    always((0, 1), 0..30, difference_small);
}

#[test]
fn difference_one_reaches_its_minimum() {
    always((0, 1), 0..30, difference_one);
}

/// Reduces `value` (a counterexample of `prop`) at seeds `0..30`, as a user passing in a
/// counterexample found elsewhere; asserts each ends at `minimum` within `most` evaluations.
fn reduces_from<T: SubTypes + PartialEq, R: PropertyResult>(
    value: T,
    minimum: T,
    most: usize,
    prop: impl Fn(&T) -> R + Copy,
) {
    for seed in 0..30 {
        let cex = smartcheck::reduce(&args(seed), prop, value.clone()).expect("a counterexample");
        assert_eq!(cex.value(), &minimum, "seed {seed} from {value:?}");
        assert!(cex.evaluations() <= most, "seed {seed}: {} evaluations", cex.evaluations());
    }
}

#[test]
fn large_differences_reduce_to_the_minimum() {
    // The issue's hard starts: two large numbers whose difference is what fails.
    // Evaluation bounds as measured (the old reducer: 32,800 for the first), the largest
    // over the 30 seeds; raised by a third to a half when the leaf search learned to step past
    // a gap and `trade` came in (each tries a few candidates more at every fixed point).
    // From two negatives, 168 to 207 when negative leaves learned to change sign together
    // (`flip_signs`): a shift of both across zero and a flip back alternate on the way down.
    // Up by a few when `trade` learned to try raises of 2 and 4 after a raise of 1 fails
    // (91 to 98, 210 to 213, 74 to 76).
    reduces_from((1000, 999), (0, 1), 100, difference_one);
    reduces_from((1000, 999), (0, 1), 100, difference_small);
    reduces_from((-70_000, -69_997), (0, 1), 215, difference_small);
    reduces_from((i32::MAX, i32::MAX - 1), (0, 1), 78, difference_one);
    reduces_from((i32::MIN + 4, i32::MIN), (0, 1), 77, difference_small);
}

/// An order line whose total must stay below a cap. Minimum `(2000, 50)`: the least sum of
/// ranks over the failing lines (`price + quantity - 1`, `price` at least `100,000 / quantity`)
/// is at the highest quantity.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Line {
    #[smartcheck(range = 0..=100_000)]
    price: u32,
    #[smartcheck(range = 1..=50)]
    quantity: u8,
}

fn line_total(l: &Line) -> bool {
    u64::from(l.price) * u64::from(l.quantity) < 100_000
}

/// A retry policy whose last delay, doubled at each attempt, must stay under a minute.
/// Minimum `(10, 59)`: every attempt halves the delay needed, at one rank each.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Retry {
    #[smartcheck(range = 1..=10)]
    attempts: u8,
    delay_ms: u32,
}

fn last_delay(r: &Retry) -> bool {
    u64::from(r.delay_ms) << r.attempts < 60_000
}

#[test]
fn a_bounded_leaf_trades_up_to_the_end_of_its_range() {
    always(Line { price: 2000, quantity: 50 }, 0..30, line_total);
    always(Retry { attempts: 10, delay_ms: 59 }, 0..30, last_delay);
    // One step up shows the trade pays; the next raise goes to the range's end at once,
    // where raising by doubling steps took a bisection of the price at each (measured: 38
    // and 39 evaluations from these starts; 181 from the first before the jump; 53 at most
    // since the last resort also lowers a leading digit and scans small values).
    let start = Line { price: 50_000, quantity: 2 };
    reduces_from(start, Line { price: 2000, quantity: 50 }, 54, line_total);
    let start = Retry { attempts: 1, delay_ms: 30_000 };
    reduces_from(start, Retry { attempts: 10, delay_ms: 59 }, 54, last_delay);
}

/// A wide number past a threshold: `i128` and `u128` values beyond the ranks a `u64` holds
/// have no rank, so the leaf search cannot bisect them by rank.
#[test]
fn wide_integers_fall_to_their_threshold() {
    let min = 1i128 << 70;
    always(min, 0..30, |x: &i128| x.unsigned_abs() < 1 << 70);
    always(1u128 << 100, 0..30, |x: &u128| *x < 1 << 100);
    // From far away, in O(log) candidates: the search bisects the fall along the number line.
    reduces_from(i128::MAX - 3, min, 300, |x: &i128| x.unsigned_abs() < 1 << 70);
    reduces_from(-i128::MAX, -min, 300, |x: &i128| *x > -(1 << 70));
    reduces_from(u128::MAX, 1u128 << 100, 300, |x: &u128| *x < 1 << 100);
}

/// Properties symmetric under negation, where two negative numbers fail only together: the
/// positive pair is simpler (positive before negative at equal magnitude), and neither leaf
/// can change sign alone.
#[test]
fn negative_leaves_change_sign_together() {
    let sum_far = |p: &(i16, i16)| (i32::from(p.0) + i32::from(p.1)).abs() < 100;
    reduces_from((-50, -60), (1, 99), 200, sum_far);
    let overflows = |p: &(i64, i64)| p.0.checked_add(p.1).is_some();
    reduces_from((-2, i64::MIN + 1), (1, i64::MAX), 300, overflows);
    reduces_from((-1, i64::MIN), (1, i64::MAX), 300, overflows);
    always((1, i64::MAX), 0..30, overflows);
    // `MIN` of a type whose values all have ranks, inside a list of operations.
    let adds = |v: &Vec<(i8, i8)>| v.iter().all(|p| p.0.checked_add(p.1).is_some());
    reduces_from(vec![(-1, i8::MIN)], vec![(1, i8::MAX)], 100, adds);
}

/// Digits counted through a logarithm: `ln(1000) / ln(10)` is `2.9999999999999996`, so 1000,
/// 10^6, 10^9 and the like come one digit short, and every value between them passes.
fn digits_by_log(n: &u64) -> bool {
    let digits = match *n {
        0 => 1,
        n => ((n as f64).ln() / 10f64.ln()).floor() as usize + 1,
    };
    digits == n.to_string().len()
}

/// A failing round number falls to the least of its kind that fails, past the values between,
/// which pass: `10^12` to `1000`, where halving and bisection passed over every power of ten
/// and `10^12` itself was the end.
#[test]
fn a_round_number_falls_to_the_least_round_number_that_fails() {
    reduces_from(10u64.pow(12), 1000, 60, digits_by_log);
    reduces_from(10u64.pow(18), 1000, 60, digits_by_log);
}

/// A float past `i64`'s range does not round-trip through it: from `2^63 + 2048`, the first
/// float above `2^63`, every float fails (the cast saturates) and every one below passes. The
/// whole floats past `2^53` are on the number line too, so the descent bisects to the
/// threshold; it stopped wherever halving passed under it (0 of 30 seeds at the minimum).
#[test]
fn a_float_past_2_pow_53_falls_to_its_threshold() {
    let round_trips = |x: &f64| (*x as i64) as f64 == x.trunc();
    always(9_223_372_036_854_777_856.0, 0..30, round_trips);
    reduces_from(1.8e19, 9_223_372_036_854_777_856.0, 200, round_trips);
    reduces_from(-1e300, 9_223_372_036_854_777_856.0, 400, round_trips);
}

/// A unit after a number (`5m`, `12kg`) is read as the letters after its digits, and must be
/// one of the unit table's, all ASCII; the bug: `is_alphabetic` takes letters past ASCII too.
fn unit_is_known(text: &String) -> bool {
    let chars: Vec<char> = text.chars().collect();
    chars.windows(2).all(|w| !(w[0].is_ascii_digit() && w[1].is_alphabetic()) || w[1].is_ascii())
}

/// A letter past ASCII falls to the first letter past ASCII, `'ª'` (U+AA), which lies among
/// symbols in code point order: after a digit it stopped at `'À'` (U+C0), the first capital,
/// in 29 of 30 seeds of an audit property.
#[test]
fn a_letter_past_ascii_falls_to_the_first_one() {
    always("0\u{aa}".to_string(), 0..30, unit_is_known);
    reduces_from("12Ωm".to_string(), "0\u{aa}".to_string(), 60, unit_is_known);
}

/// Case mapping that is not one-to-one fails on scattered chars; the least of them is `'µ'`
/// (U+B5), whose uppercase `'Μ'` lowercases to `'μ'`.
fn case_round_trips(text: &String) -> bool {
    text.to_uppercase().to_lowercase() == text.to_lowercase()
}

/// A record keyed by one char.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Keyed {
    count: u8,
    key: char,
}

/// A char whose failure is isolated (the chars next to it pass) falls to the least failing
/// char (among ASCII and Latin-1) from wherever it starts: an outside audit's case round trip
/// ended at `"ß"`, `"ΐ"`, `"ς"` or `"ẖ"`, as it started, where `"µ"` fails too. Evaluations
/// as measured (the scan of the chars below is most of them; 13 to 18 before it, at the start).
#[test]
fn an_isolated_char_falls_to_the_least_failing_one() {
    for start in ["ß", "ΐ", "ς", "ẖ", "Straße"] {
        reduces_from(start.to_string(), "\u{b5}".to_string(), 210, case_round_trips);
    }
    // Whitespace that a parser knowing only `' '`, `'\t'`, `'\n'` and `'\r'` keeps in a word:
    // the least is `'\u{b}'` (vertical tab), below the tab's class first `'\t'`.
    let known_spaces =
        |s: &String| s.chars().all(|c| !c.is_whitespace() || [' ', '\t', '\n', '\r'].contains(&c));
    for start in ["\u{a0}", "x\u{2028}", "\u{3000}", "\u{85}"] {
        reduces_from(start.to_string(), "\u{b}".to_string(), 120, known_spaces);
    }
    // A char field whose uppercase is more than one char: the least is `'ß'` (U+DF).
    let one_upper = |k: &Keyed| k.key.to_uppercase().count() == 1;
    let least = Keyed { count: 0, key: '\u{df}' };
    for key in ['\u{149}', '\u{1f0}', '\u{390}', '\u{fb00}'] {
        reduces_from(Keyed { count: 9, key }, least.clone(), 250, one_upper);
    }
}

/// `MIN` comes right after `-MAX` in `0, 1, -1, ..., MAX, -MAX, MIN` (rank `2^64 - 1` for
/// `i64`): a subtraction that overflows along `a - b = 2^63` has one rank sum all along it,
/// `(0, MIN)` the least first leaf. With `i64::MIN` unranked, it counted as `2^64` and 14 of
/// 30 seeds ended there, 16 at `(1, -MAX)`, each a local minimum of the other's order.
#[test]
fn a_signed_types_min_is_ranked_last() {
    always((0, i64::MIN), 0..30, |p: &(i64, i64)| p.0.checked_sub(p.1).is_some());
    always((0, i8::MIN), 0..30, |p: &(i8, i8)| p.0.checked_sub(p.1).is_some());
}

/// A sensor reading; the alarm is wrong above 100 degrees when the reading is valid.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Reading {
    sensor: String,
    celsius: f64,
    ok: bool,
}

/// Floats past a threshold: the simplest failing value is the next whole number.
#[test]
fn floats_fall_to_the_whole_number_past_a_threshold() {
    let alarm = |r: &Reading| !(r.ok && r.celsius > 100.0);
    let min = Reading { sensor: String::new(), celsius: 101.0, ok: true };
    always(min.clone(), 0..30, alarm);
    let limit = |p: &(f32, bool)| !(p.1 && p.0 > 1000.0);
    always((1001.0, true), 0..30, limit);
    // From far away: a huge number jumps into the whole numbers a float holds exactly, then
    // falls by bisection along them (93 and 54 evaluations; halving, then stepping down one
    // at a time, took 1,134 from 1e300).
    let start = Reading { sensor: "probe".into(), celsius: 1e300, ok: true };
    reduces_from(start, min, 100, alarm);
    reduces_from((3.0e38, true), (1001.0, true), 60, limit);
}

/// A list and an index into it, as in a property of `get`, `remove` or `swap`: deleting an
/// element before the one indexed must move the index down with it.
#[test]
fn an_index_follows_its_element_when_one_before_it_goes() {
    always((vec![7u8], 0usize), 0..30, |p: &(Vec<u8>, usize)| p.1 >= p.0.len() || p.0[p.1] != 7);
    let cursor = |p: &(Vec<char>, u16)| p.0.get(usize::from(p.1)) != Some(&'z');
    always((vec!['z'], 0), 0..30, cursor);
    // 97 in every seed (80 before `trade`'s wider raises, 95 before runs of three).
    reduces_from((vec!['a', 'b', 'c', 'd', 'z', 'e'], 4), (vec!['z'], 0), 116, cursor);
}

/// A rope of byte chunks.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
enum Rope {
    Empty,
    Chunk(u8),
    Cat(Box<Rope>, Box<Rope>),
}

fn flatten(r: &Rope, out: &mut Vec<u8>) {
    match r {
        Rope::Empty => {}
        Rope::Chunk(b) => out.push(*b),
        Rope::Cat(a, b) => {
            flatten(a, out);
            flatten(b, out);
        }
    }
}

/// Properties of the sequence a tree holds, not of its shape: three elements out of order.
/// Every shape of the sequence `[0, 1, 0]` fails; the simplest leans right (its constructors,
/// breadth first, reach the earlier declared one soonest).
#[test]
fn trees_that_hold_a_sequence_end_in_one_shape() {
    let sorted = |t: &Tree| {
        let mut v = Vec::new();
        in_order(t, &mut v);
        v.len() < 3 || v.windows(2).all(|w| w[0] <= w[1])
    };
    let node = |l, x, r| Tree::Node(Box::new(l), x, Box::new(r));
    let chain = node(Tree::Leaf, 0, node(Tree::Leaf, 1, node(Tree::Leaf, 0, Tree::Leaf)));
    always(chain, 0..30, sorted);
    let sorted = |r: &Rope| {
        let mut v = Vec::new();
        flatten(r, &mut v);
        v.len() < 3 || v.windows(2).all(|w| w[0] <= w[1])
    };
    let cat = |a, b| Rope::Cat(Box::new(a), Box::new(b));
    let right = cat(Rope::Chunk(0), cat(Rope::Chunk(1), Rope::Chunk(0)));
    always(right, 0..30, sorted);
}

/// Properties of a string's bytes (`len`, a byte index), where the fewest chars carry the
/// bytes in the widest chars: the simplest failing strings are not all ASCII.
#[test]
fn strings_failing_on_bytes_end_at_their_fewest_chars() {
    // Slicing at byte 5 needs a char across it: two chars of six bytes, the first as simple
    // as it can be (`'\u{80}'`, the first of two bytes), the second four bytes wide.
    always("\u{80}\u{10000}".to_string(), 0..30, |s: &String| s.len() < 6 || s.is_char_boundary(5));
    // Five bytes of tags in all: one tag of two chars, the first `'a'`.
    let tags = |t: &Vec<String>| t.iter().map(String::len).sum::<usize>() < 5;
    always(vec!["a\u{10000}".to_string()], 0..30, tags);
}

/// A running sum that overflows, from three elements: `[1, 1, MAX - 1]` cannot lose an
/// element, nor move one's size to the other (`[0, 2]` has the larger signed rank sum); the
/// two ones fold into a two.
#[test]
fn neighbours_fold_into_their_sum() {
    let overflows = |v: &Vec<i64>| v.iter().try_fold(0i64, |a, &b| a.checked_add(b)).is_some();
    reduces_from(vec![1, 1, i64::MAX - 1], vec![1, i64::MAX], 132, overflows);
    let overflows = |v: &Vec<i16>| v.iter().try_fold(0i16, |a, &b| a.checked_add(b)).is_some();
    reduces_from(vec![1, 1, i16::MAX - 1], vec![1, i16::MAX], 108, overflows);
}

/// A map key of a derived type: its fields reduce like any other (a copy of the key changes,
/// then takes the key's place), not only the whole key at once.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, SubTypes, Arbitrary)]
enum Key {
    A,
    B(u8),
    C(String),
}

/// A namespaced id, as a hash map's key.
#[derive(Debug, Clone, PartialEq, Eq, Hash, SubTypes, Arbitrary)]
struct Id {
    ns: u8,
    name: String,
}

#[test]
fn fields_inside_map_keys_reduce() {
    let long = |m: &std::collections::BTreeMap<Key, u8>| {
        !m.keys().any(|k| matches!(k, Key::C(s) if s.chars().count() > 2))
    };
    let min: std::collections::BTreeMap<Key, u8> = [(Key::C("aaa".into()), 0)].into();
    always(min, 0..30, long);
    let named = |m: &std::collections::HashMap<Id, bool>| {
        !m.keys().any(|id| id.ns > 5 && !id.name.is_empty())
    };
    let min: std::collections::HashMap<Id, bool> = [(Id { ns: 6, name: "a".into() }, false)].into();
    always(min, 0..30, named);
}

#[test]
fn coupling_reaches_its_minimum() {
    // Discovery (not reduction) misses in a few seeds: random `i32`s seldom index a list.
    always_when_found(vec![1, 0], 0..30, 25, coupling);
}

#[test]
fn config_options_end_none() {
    always(Config { timeout: None, retries: None, port: 1001 }, 0..30, config);
}

#[test]
fn a_string_keeps_only_the_character_that_fails() {
    always("0".to_string(), 0..30, no_digit);
    always("aa".to_string(), 0..30, no_repeat);
}

#[test]
fn a_wrapping_checksum_reaches_its_minimum() {
    let minimum = Chunks { head: vec![], body: vec![-1], tail: vec![-128] };
    always(minimum.clone(), 0..30, chunk_checksums);
    // Where it used to stop: the last chunk's two numbers wrap to -128 together. At most 47
    // evaluations over the seeds; 90 since `compensate` tries up to 16 removals made up for
    // at each shape where the structure passes stall (here in vain), 97 since it searches a
    // shape again once a leaf has risen.
    let stuck = Chunks { head: vec![], body: vec![-1], tail: vec![1, 127] };
    reduces_from(stuck, minimum, 100, chunk_checksums);
}

#[test]
fn strings_that_matter_only_in_all_end_as_one() {
    always(vec!["a".repeat(10)], 0..30, total_chars);
    let one = std::collections::VecDeque::from(vec!["a".repeat(6)]);
    always((false, one), 0..30, queued_chars);
}

#[test]
fn a_char_far_up_falls_in_few_steps() {
    // The chars of a string fell one rank a step once halving went too far: from U+FC062 to
    // U+10000 took the whole evaluation budget (100,000) in 7 of 40 seeds.
    for seed in 0..30 {
        let (value, evaluations) = reduced(seed, five_bytes);
        assert!(evaluations <= 400, "seed {seed}: {evaluations} evaluations, ending at {value:?}");
        assert_eq!(value.0.len() + value.1.len(), 5, "seed {seed}: {value:?}");
        // All the bytes in the second string (the first leaf at its simplest): `("", "a𐀀")`
        // in most seeds, else a longer string of smaller chars (`"aaaaa"`: a char raised to
        // four bytes while four go is no step of the reducer's).
        assert_eq!(value.0, "", "seed {seed}: {value:?}");
    }
}

#[test]
fn a_wrapped_successor_reaches_its_minimum() {
    always((1, 0), 0..30, successor);
    // From the wrapped pair, only raising the first leaf while the second falls all the way
    // fails: a fall part of the way passes.
    reduces_from((0, u64::MAX), (1, 0), 10, successor);
}

#[test]
fn a_lowered_constructor_finds_its_failing_leaf_far_up() {
    // `Err("aaa")` lowers to `Ok(x)` for a small x, which passes; `Ok(255)` fails, and falls.
    always(Ok(100), 0..30, count_or_message);
}

#[test]
fn an_overflow_on_short_runs_does_not_crawl_down_to_the_budget() {
    // Crawling from 670,955,365 one short run at a time took the whole budget (100,000
    // evaluations) in one seed of 40, 57,000 in two more. Where it ends is not pinned: the
    // failing values lie in many blocks, and the reducer ends in the lowest it finds.
    for seed in 0..40 {
        let (value, evaluations) = reduced(seed, square_stays_positive);
        assert!(evaluations <= 400, "seed {seed}: {evaluations} evaluations, ending at {value}");
        assert!(!square_stays_positive(&value), "seed {seed}: {value}");
    }
}

#[test]
fn values_that_are_only_labels_end_in_their_simplest_naming() {
    always(vec![0, 1, 0, 1], 0..30, runs_at_most_three);
    always((0, vec!['a', 'b', 'a', 'b']), 0..30, char_runs);
}

#[test]
fn bst_insert_bug_reaches_its_minimum() {
    always(vec![0, 1], 0..30, bst_in_order);
}

#[test]
fn heap_minimum_is_the_smallest_failing_list() {
    // Every list of at most four keys in -2..=2, simplest first in the order (length, then
    // each key by magnitude, positive first): the first that fails is the minimum.
    let keys = [0, 1, -1, 2, -2];
    let mut lists: Vec<Vec<i32>> = vec![vec![]];
    for len in 1..=4u32 {
        for n in 0..5usize.pow(len) {
            lists.push((0..len).map(|i| keys[n / 5usize.pow(len - 1 - i) % 5]).collect());
        }
    }
    let first = lists.into_iter().find(|l| !heap_sorted(l));
    assert_eq!(first, Some(vec![0, 0, 1, 0]));
}

#[test]
fn heap_reaches_its_minimum() {
    always(vec![0, 0, 1, 0], 0..30, heap_sorted);
}

// ---------------------------------------------------------------------------------------------
// What the reducer accepts

/// Every candidate the reducer accepts is strictly smaller in the order than the value it
/// replaces, and fails the same way.
fn accepted_are_smaller<T: SubTypes, R: PropertyResult>(prop: impl Fn(&T) -> R + Copy) {
    let mut checked = 0;
    for seed in 0..10 {
        let (_, accepted) = record_accepted(|| reduced(seed, prop));
        checked += accepted.len();
        // How a value fails: its failure's signature (`false`, an `Err` variant, a panic's
        // place), `None` when it does not.
        let how = |v: &dyn smartcheck::SubValue| {
            let value = v.as_any().downcast_ref::<T>().expect("the reduced type");
            match prop(value).into_outcome() {
                Outcome::Fail(failure) => Some(failure.signature()),
                _ => None,
            }
        };
        for (before, after) in &accepted {
            let ordering = order::compare(after.as_node(), before.as_node());
            assert_eq!(ordering, std::cmp::Ordering::Less, "{after:?} after {before:?}");
            let (was, now) = (how(&**before), how(&**after));
            assert!(now.is_some(), "{after:?} passes");
            assert_eq!(now, was, "{after:?} fails otherwise than {before:?}");
        }
    }
    assert!(checked > 0, "nothing accepted in 10 seeds");
}

#[test]
fn every_accepted_candidate_is_smaller_and_fails() {
    accepted_are_smaller(difference_small);
    accepted_are_smaller(coupling);
    accepted_are_smaller(config);
    accepted_are_smaller(no_repeat);
    accepted_are_smaller(bst_in_order);
    accepted_are_smaller(heap_sorted);
    // Leaves of two types, nested lists, labels in one role, chars of a class, floats, a
    // length and its payload.
    accepted_are_smaller(coupon_accepted);
    accepted_are_smaller(spans_apart);
    accepted_are_smaller(shallow_or_small);
    accepted_are_smaller(flat_or_plain);
    accepted_are_smaller(deletes_the_named_key);
    accepted_are_smaller(evicts_the_least_recent);
    accepted_are_smaller(at_most_two_words);
    accepted_are_smaller(separator_ok);
    accepted_are_smaller(segment_short);
    accepted_are_smaller(window_short);
    accepted_are_smaller(frame_refused);
    accepted_are_smaller(no_backslash);
    accepted_are_smaller(batch_kept);
    // Two bugs, two ways to fail: no step may trade one for the other.
    accepted_are_smaller(two_ways);
}

/// Why a list of bytes is refused.
#[derive(Debug)]
enum Refused {
    TooLong,
    HasThree,
}

/// Two bugs with their own `Err`: a list longer than three, a 3 anywhere. A reduction that
/// starts from one keeps it, though the other is often simpler (`[3]`).
fn two_ways(v: &Vec<u8>) -> Result<(), Refused> {
    if v.len() > 3 {
        Err(Refused::TooLong)
    } else if v.contains(&3) {
        Err(Refused::HasThree)
    } else {
        Ok(())
    }
}

/// No value is run twice in one reduction: every candidate's outcome is remembered, whichever
/// pass asks (reduction only, from the first failure on; the reduced value itself is run
/// twice more on purpose, to confirm it fails and to catch a property that is not
/// deterministic).
fn none_run_twice<T: SubTypes, R: PropertyResult + Clone>(prop: impl Fn(&T) -> R + Copy) {
    for seed in 0..10 {
        let seen = std::cell::RefCell::new((false, HashSet::new(), Vec::new()));
        let report = smart_check(&args(seed), |v: &T| {
            let result = prop(v);
            let mut seen = seen.borrow_mut();
            let text = format!("{v:?}");
            if seen.0 && !seen.1.insert(text.clone()) {
                seen.2.push(text);
            }
            // From the first failure on (discovery may draw a value twice).
            seen.0 |= result.clone().into_outcome().is_fail();
            result
        });
        let reduced = report.counterexamples().first().map(|c| format!("{:?}", c.value()));
        let mut again = seen.borrow().2.clone();
        for _ in 0..2 {
            if let Some(at) = again.iter().position(|v| Some(v) == reduced.as_ref()) {
                again.remove(at);
            }
        }
        assert!(again.is_empty(), "seed {seed}: run twice: {again:?}");
    }
}

#[test]
fn no_candidate_is_run_twice() {
    none_run_twice(difference_small);
    none_run_twice(coupling);
    none_run_twice(config);
    none_run_twice(no_repeat);
    none_run_twice(bst_in_order);
    none_run_twice(heap_sorted);
    none_run_twice(chunk_checksums);
    none_run_twice(coupon_accepted);
    none_run_twice(spans_apart);
    none_run_twice(shallow_or_small);
    none_run_twice(flat_or_plain);
    none_run_twice(deletes_the_named_key);
    none_run_twice(evicts_the_least_recent);
    none_run_twice(at_most_two_words);
    none_run_twice(separator_ok);
    none_run_twice(segment_short);
    none_run_twice(window_short);
    none_run_twice(frame_refused);
    none_run_twice(no_backslash);
    none_run_twice(batch_kept);
}

// ---------------------------------------------------------------------------------------------
// Figures over 100 seeds (run with --ignored --nocapture)

fn figures<T: SubTypes + PartialEq, R: PropertyResult>(
    name: &str,
    minimum: T,
    prop: impl Fn(&T) -> R,
) {
    const SEEDS: u64 = 100;
    let (mut found, mut at_minimum, mut evaluations, mut distinct) = (0, 0, 0, HashSet::new());
    for seed in 0..SEEDS {
        let report = smart_check(&args(seed), &prop);
        let Some(cex) = report.counterexamples().first() else { continue };
        found += 1;
        at_minimum += usize::from(cex.value() == &minimum);
        evaluations += cex.evaluations();
        distinct.insert(format!("{:?}", cex.value()));
    }
    let percent = |n: usize| n as f64 * 100.0 / found.max(1) as f64;
    println!(
        "| {name:<18} | {found:>5} | {:>5.0}% | {:>8.1} | {:>8} |",
        percent(at_minimum),
        evaluations as f64 / found.max(1) as f64,
        distinct.len()
    );
}

#[test]
#[ignore = "prints figures; run with --release --ignored --nocapture"]
fn print_figures() {
    println!("| case               | found | at min | evals    | distinct |");
    figures("difference_small", (0, 1), difference_small);
    figures("difference_one", (0, 1), difference_one);
    figures("coupling", vec![1, 0], coupling);
    figures("config", Config { timeout: None, retries: None, port: 1001 }, config);
    figures("no_digit", "0".to_string(), no_digit);
    figures("no_repeat", "aa".to_string(), no_repeat);
    figures("bst", vec![0, 1], bst_in_order);
    figures("heap", vec![0, 0, 1, 0], heap_sorted);
}

// ---------------------------------------------------------------------------------------------
// Long values (issue 9, item 4: measured with `/usr/bin/time -v` on this test alone)

#[test]
fn a_list_of_100_000_failing_on_its_length_reduces_to_zeros() {
    let long: Vec<i64> = (0..100_000).map(|i| i * 7919 - 3).collect();
    let cex =
        smartcheck::reduce(&args(0), |v: &Vec<i64>| v.len() < 10, long).expect("a counterexample");
    assert_eq!(cex.value(), &vec![0; 10]);
}

/// A year in the accepted range; the bug shows in 1900 and 2100 only (both not leap years,
/// both "divisible by 4").
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Year(#[smartcheck(range = 1900..=2100)] u16);

/// A tag and a quantity of at least 70,000.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Lot {
    tag: u8,
    #[smartcheck(range = 70_000..=10_000_000)]
    quantity: u32,
}

#[test]
fn a_range_field_falls_to_its_low_end_across_passing_values() {
    // Stepping down from 2100 meets 199 passing years; the range's low end is tried by
    // bisecting the values outside the range away, which cost no evaluation.
    let prop = |y: &Year| y.0 != 1900 && y.0 != 2100;
    let got = smartcheck::reduce(&args(0), prop, Year(2100)).expect("fails");
    assert_eq!(got.value(), &Year(1900));
    let prop = |l: &Lot| !l.quantity.is_multiple_of(70_000);
    let got =
        smartcheck::reduce(&args(0), prop, Lot { tag: 9, quantity: 9_940_000 }).expect("fails");
    assert_eq!(got.value(), &Lot { tag: 0, quantity: 70_000 });
}

// ---------------------------------------------------------------------------------------------
// Failures that lean on a piece of structure: removing it passes unless another leaf makes up
// for it (a product over a threshold, a count times a delay). Reached from larger starts
// than the gentle ramp of sizes gave.

/// A start and growth factors: an order's quantity compounded by yearly multipliers, which
/// must stay below a cap. Minimum: one factor, the start the least that crosses the cap with
/// the largest factor (`u8`: 255, so a start of 3922).
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Compounded(u32, Vec<u8>);

fn below_cap(c: &Compounded) -> bool {
    let mut n = u64::from(c.0);
    c.1.iter().all(|&m| {
        n = n.saturating_mul(u64::from(m.max(1)));
        n < 1_000_000
    })
}

#[test]
fn a_product_sheds_its_factors_into_the_start() {
    let starts = [
        Compounded(5, vec![3, 3, 4, 4, 4, 5, 7, 10]),
        Compounded(7, vec![40, 5, 5, 6, 200]),
        Compounded(2, vec![9, 9, 9, 9, 9, 9, 9]),
    ];
    for value in starts {
        for seed in 0..10 {
            let cex = smartcheck::reduce(&args(seed), below_cap, value.clone()).expect("fails");
            assert_eq!(cex.value(), &Compounded(3922, vec![255]), "seed {seed} from {value:?}");
        }
    }
}

/// A retry policy: the worst-case wait, attempts times the delay, must stay under ten
/// seconds; an unset field takes its default (one attempt, 100 ms).
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct RetryPolicy {
    attempts: Option<u16>,
    delay_ms: Option<u32>,
    jitter: bool,
}

fn waits_under_ten_seconds(r: &RetryPolicy) -> bool {
    let attempts = u64::from(r.attempts.unwrap_or(1));
    let delay = u64::from(r.delay_ms.unwrap_or(100));
    attempts * delay < 10_000
}

#[test]
fn an_optional_field_goes_to_none_when_another_makes_up_for_it() {
    // Minimum: `attempts` unset (`None` is simpler than any `Some`), the delay the least that
    // fails alone.
    let minimum = RetryPolicy { attempts: None, delay_ms: Some(10_000), jitter: false };
    let starts = [
        RetryPolicy { attempts: Some(10), delay_ms: Some(5_455), jitter: true },
        RetryPolicy { attempts: Some(200), delay_ms: None, jitter: false },
        RetryPolicy { attempts: Some(3), delay_ms: Some(4_000), jitter: false },
    ];
    for value in starts {
        for seed in 0..10 {
            let cex = smartcheck::reduce(&args(seed), waits_under_ten_seconds, value.clone())
                .expect("fails");
            assert_eq!(cex.value(), &minimum, "seed {seed} from {value:?}");
        }
    }
}

/// A batch job: `workers` (default 4) times `batch` (default 50) items in flight. The
/// scheduler refuses more than 2,000 in flight (the precondition); the bug: the buffer holds
/// 1,500. Minimum: `workers` unset, the least batch over 1,500 / 4.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Batch {
    #[smartcheck(range = 1..=32)]
    workers: Option<u8>,
    #[smartcheck(range = 0..=5000)]
    batch: Option<u16>,
    dry_run: bool,
}

fn buffer_holds_what_is_in_flight(b: &Batch) -> Verdict {
    let in_flight = u32::from(b.workers.unwrap_or(4)) * u32::from(b.batch.unwrap_or(50));
    Verdict::implies(in_flight <= 2000, in_flight <= 1500)
}

#[test]
fn an_optional_field_goes_to_none_when_another_lands_in_a_window() {
    // Unsetting `workers` passes, and the batch at its range's end is refused: the failing
    // batches lie between, where what passes meets what is refused.
    let minimum = Batch { workers: None, batch: Some(376), dry_run: false };
    let starts = [
        Batch { workers: Some(20), batch: Some(80), dry_run: false },
        Batch { workers: Some(32), batch: Some(60), dry_run: true },
        Batch { workers: Some(7), batch: Some(250), dry_run: false },
    ];
    for value in starts {
        for seed in 0..10 {
            let cex =
                smartcheck::reduce(&args(seed), buffer_holds_what_is_in_flight, value.clone())
                    .expect("fails");
            assert_eq!(cex.value(), &minimum, "seed {seed} from {value:?}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Two unranked leaves that must change together (strings of one byte length).

/// Two strings of the same length in bytes that differ: a fixed-width record's key and its
/// copy. Minimum `("a", "b")`.
fn same_width_differs(p: &(String, String)) -> bool {
    p.0 == p.1 || p.0.len() != p.1.len() || p.0.is_empty()
}

/// A row whose key and value must be equal when they have as many chars. Minimum
/// `Row { key: "a", value: "b" }`.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Row {
    key: String,
    value: String,
}

fn same_count_equal(r: &Row) -> bool {
    r.key.chars().count() != r.value.chars().count() || r.key == r.value
}

#[test]
fn two_strings_that_must_keep_one_length_shrink_together() {
    // From a default run's inputs (100 tests), where each string alone cannot lose a char.
    let default = |seed| Args { tests: 100, ..args(seed) };
    let two = ("a".to_string(), "b".to_string());
    let mut outputs = HashSet::new();
    for seed in 0..30 {
        let report = smart_check(&default(seed), same_count_equal);
        let cex = report.counterexamples().first().expect("found");
        assert_eq!(cex.value(), &Row { key: "a".into(), value: "b".into() }, "seed {seed}");
        let report = smart_check(&default(seed), same_width_differs);
        outputs.extend(report.counterexamples().first().map(|c| c.value().clone()));
    }
    // By bytes, what is left: `("\u{80}", "aa")`, two bytes in one char against two in two,
    // where no one edit of each keeps the lengths equal (28 distinct outputs in 100 seeds
    // before, 2 now).
    assert!(outputs.contains(&two) && outputs.len() <= 2, "{outputs:?}");
    let stuck = (
        "\u{800}\u{10000}\u{10000}\u{10000}".to_string(),
        "\u{800}\u{10000}\u{10000}\u{10001}".to_string(),
    );
    // 462 evaluations at every seed; it ended elsewhere before. 472 when a letter past ASCII
    // learned to try the first letters past ASCII.
    reduces_from(stuck, two, 480, same_width_differs);
}

// ---------------------------------------------------------------------------------------------
// Lists that must keep one length: the rows of a table, parallel arrays.

/// A table's rows must all be as long as the first (else it is no table, and passes); the bug
/// shows from the third column on, when the second row's third cell is above the first's.
/// Minimum `[[0, 0, 0], [0, 0, 1]]`.
fn table_ok(m: &Vec<Vec<i16>>) -> bool {
    let n = m.first().map_or(0, Vec::len);
    m.iter().any(|r| r.len() != n) || !(n >= 3 && m.len() >= 2 && m[1][2] > m[0][2])
}

/// Keys and their weights, as parallel arrays.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Weights {
    keys: Vec<u8>,
    weights: Vec<u8>,
}

/// As many weights as keys (the precondition); the bug: the third weight may not exceed its
/// key. Minimum `Weights { keys: [0, 0, 0], weights: [0, 0, 1] }`.
fn weights_ok(w: &Weights) -> Verdict {
    let n = w.keys.len();
    let parallel = w.weights.len() == n;
    Verdict::implies(parallel, parallel && !(n >= 3 && w.weights[2] > w.keys[2]))
}

#[test]
fn lists_of_one_length_lose_a_column_together() {
    let table = vec![vec![0, 0, 0], vec![0, 0, 1]];
    let weights = Weights { keys: vec![0, 0, 0], weights: vec![0, 0, 1] };
    ends_at_when_found(&table, table_ok);
    ends_at_when_found(&weights, weights_ok);
    // Two columns go in 4 evaluations; the rest (at most 249 over the seeds) is the other
    // passes at each fixed point, the paper's random search most (128 in seed 0).
    let wide = vec![vec![0, 0, 0, 0, 0], vec![0, 0, 1, 0, 0]];
    reduces_from(wide, table, 260, table_ok);
}

// ---------------------------------------------------------------------------------------------
// A product over a threshold trades only in steps wider than one.

/// A line of an order, a quantity and a unit price, whose total must stay below 5,000.
/// Minimum `(65, 77)`: the least sum of the two over the failing lines is 142 (`65 × 77` to
/// `71 × 71`), and of those the one with the least quantity.
fn line_below_cap(l: &(u8, u16)) -> bool {
    u32::from(l.0) * u32::from(l.1) < 5000
}

/// A rectangle whose area must stay below 5,000. Minimum `Rect { w: 65, h: 77 }`.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Rect {
    w: u32,
    h: u8,
}

fn area_below_cap(r: &Rect) -> bool {
    u64::from(r.w) * u64::from(r.h) < 5000
}

#[test]
fn a_product_over_a_threshold_trades_in_wider_steps() {
    // `(61, 82)` was a dead end: a raise of one (`(62, 80)`, 4,960) does not pay; a raise of
    // four (`(65, 77)`, 5,005) does.
    reduces_from((61, 82), (65, 77), 72, line_below_cap);
    reduces_from(Rect { w: 61, h: 82 }, Rect { w: 65, h: 77 }, 72, area_below_cap);
    let found = (0..30).filter(|&seed| reduced(seed, line_below_cap).0 == (65, 77)).count();
    assert!(found >= 27, "{found} of 30 at the minimum");
}

/// Two factors whose product must stay below 2^63 (a wrapping `i64` multiply's sign).
/// Minimum `(3036988439, 3037012561)`: the least sum over the failing pairs is
/// 6,074,001,000 (around `3037000500²`, the first square past 2^63), and of those the one with
/// the least first factor.
fn product_below_2_63(p: &(u64, u64)) -> bool {
    u128::from(p.0) * u128::from(p.1) < 1 << 63
}

/// Two factors in a struct, the first of another width.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Factors {
    a: u32,
    b: u64,
}

fn factors_below_2_63(f: &Factors) -> bool {
    u128::from(f.a) * u128::from(f.b) < 1 << 63
}

#[test]
fn factors_far_apart_trade_in_much_wider_steps() {
    // From `(2863311529, 3221225474)` no raise below 8 pays (the second falls by about 1.12 a
    // step of the first): raises of 2 and 4 alone ended here in 30 of 30 runs of an outside
    // audit (a fraction compared by cross-multiplying).
    let far = (2863311529, 3221225474);
    reduces_from(far, (3036988439, 3037012561), 3000, product_below_2_63);
    let far = Factors { a: 2863311529, b: 3221225474 };
    let minimum = Factors { a: 3036988439, b: 3037012561 };
    reduces_from(far, minimum, 3000, factors_below_2_63);
}

// ---------------------------------------------------------------------------------------------
// Leaves of different types that move together: a quantity and a price, a start and a length.

/// A line of an order: a quantity and a unit price, of two integer types.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct OrderLine {
    qty: u8,
    price: u16,
}

/// An order: its lines, and a coupon code.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct CouponOrder {
    lines: Vec<OrderLine>,
    coupon: Option<u8>,
}

/// The bug: a coupon on an order over 1,000 is refused. Minimum: one line, the coupon
/// `Some(0)`, the least sum of quantity and price over 1,000 (64: `28 × 36` to `32 × 32`,
/// as `31 × 32` is 992), and of those the least quantity, `OrderLine { qty: 28, price: 36 }`.
fn coupon_accepted(o: &CouponOrder) -> bool {
    let total: u32 = o.lines.iter().map(|l| u32::from(l.qty) * u32::from(l.price)).sum();
    o.coupon.is_none() || total <= 1000
}

/// A span of a buffer: where it starts and how long it is, of two integer types.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct BufSpan {
    start: u16,
    len: u8,
}

/// The bug: sorted spans that touch (one ends where the next starts) are taken to overlap.
/// Minimum `[BufSpan { start: 0, len: 1 }, BufSpan { start: 1, len: 0 }]` (ranks 0, 1, 1, 0: the
/// least sum, as the second must start where a non-empty first ends).
fn spans_apart(v: &Vec<BufSpan>) -> bool {
    let mut s = v.clone();
    s.sort_by_key(|x| x.start);
    s.windows(2).all(|w| {
        let end = u32::from(w[0].start) + u32::from(w[0].len);
        w[0].len == 0 || end != u32::from(w[1].start)
    })
}

/// A cursor into a page of a file: a byte in the page and an offset in the file. The bug:
/// a cursor past the start that lands exactly on the offset. Minimum `(1, 1)`.
fn cursor_misses(p: &(u8, u64)) -> bool {
    p.0 == 0 || u64::from(p.0) != p.1
}

#[test]
fn leaves_of_two_types_trade_size_and_move_together() {
    let order = CouponOrder { lines: vec![OrderLine { qty: 28, price: 36 }], coupon: Some(0) };
    let spans = vec![BufSpan { start: 0, len: 1 }, BufSpan { start: 1, len: 0 }];
    ends_at_when_found(&order, coupon_accepted);
    ends_at_when_found(&spans, spans_apart);
    // From starts that only a move across the two types leaves: size from the quantity to
    // the price at one sum, both sides of a touch lowered by one amount, two equal numbers of
    // two types lowered together. Measured: 71, 43 and 36 evaluations in every seed, most of
    // them the other passes finding nothing before the move (it runs last) and after it; 77,
    // 43 and 38 since the last resort also tries integers' `jumps` and `compensate` searches
    // a shape again once a leaf has risen; 88, 43 and 44 since the jumps also try an
    // integer's low digits and bits; 96, 45 and 52 since they lower its leading digit and
    // the very last resort scans an isolated failing leaf's small values; 97 since
    // constructors are lowered again where the value around them changed.
    let stuck = CouponOrder { lines: vec![OrderLine { qty: 29, price: 35 }], coupon: Some(0) };
    reduces_from(stuck, order, 99, coupon_accepted);
    let wide = vec![BufSpan { start: 0, len: 3 }, BufSpan { start: 3, len: 0 }];
    reduces_from(wide, spans, 45, spans_apart);
    reduces_from((57, 57), (1, 1), 52, cursor_misses);
}

// ---------------------------------------------------------------------------------------------
// An element lifted out of a nested list into the list around it, at one size.

/// A JSON value.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub(crate) enum Value {
    Null,
    Num(i64),
    Arr(Vec<Value>),
}

/// How deeply arrays nest in `v`.
fn nesting(v: &Value) -> usize {
    match v {
        Value::Arr(items) => 1 + items.iter().map(nesting).max().unwrap_or(0),
        _ => 0,
    }
}

/// True when `v` holds a number over 10.
fn has_big(v: &Value) -> bool {
    match v {
        Value::Num(n) => *n > 10,
        Value::Arr(items) => items.iter().any(has_big),
        Value::Null => false,
    }
}

/// The bug: a document nested twice that holds a number over 10. Minimum
/// `Arr([Num(11), Arr([])])`: five constructors as `Arr([Arr([Num(11)])])`, whose outer
/// array's first element is the later `Arr`.
pub(crate) fn shallow_or_small(v: &Value) -> bool {
    nesting(v) < 2 || !has_big(v)
}

/// A menu: its items, each an action or a submenu.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub(crate) struct Menu {
    items: Vec<Item>,
}

/// An item of a menu.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub(crate) enum Item {
    Action(char),
    Sub(Menu),
}

/// How deeply submenus nest in `m`.
fn menu_depth(m: &Menu) -> usize {
    let sub = |i: &Item| if let Item::Sub(s) = i { menu_depth(s) } else { 0 };
    1 + m.items.iter().map(sub).max().unwrap_or(0)
}

/// True when an action of `m`, at any depth, is not `'a'`.
fn has_other_action(m: &Menu) -> bool {
    m.items.iter().any(|i| match i {
        Item::Action(c) => *c != 'a',
        Item::Sub(s) => has_other_action(s),
    })
}

/// The bug: a menu with a submenu and an action other than `'a'`. Minimum
/// `Menu { items: [Action('b'), Sub(Menu { items: [] })] }`, of one size with the action inside
/// the submenu, where the later `Sub` comes first.
pub(crate) fn flat_or_plain(m: &Menu) -> bool {
    menu_depth(m) < 2 || !has_other_action(m)
}

#[test]
fn an_element_leaves_a_nested_list_for_the_list_around_it() {
    use Value::{Arr, Num};
    let value = Arr(vec![Num(11), Arr(vec![])]);
    let menu = Menu { items: vec![Item::Action('b'), Item::Sub(Menu { items: vec![] })] };
    ends_at_when_found(&value, shallow_or_small);
    ends_at_when_found(&menu, flat_or_plain);
    // From the other shape of one size (where a quarter to a third of the runs ended before
    // the element could leave its list): at most 77 and 45 evaluations over the seeds, the
    // lift one of them, the rest the other passes at the fixed point.
    reduces_from(Arr(vec![Arr(vec![Num(11)])]), value, 83, shallow_or_small);
    let inside = Menu { items: vec![Item::Sub(Menu { items: vec![Item::Action('b')] })] };
    reduces_from(inside, menu, 50, flat_or_plain);
}

// ---------------------------------------------------------------------------------------------
// Labels renamed in the fields that hold labels, not in those of data of the same type.

/// An operation on a store of `u8` keys and `u8` values.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
enum StoreOp {
    Set(u8, u8),
    Del(u8),
}

/// The bug: deleting a key that is present removes the key set last. Minimum
/// `[Set(0, 0), Set(1, 0), Del(0)]`; `[Set(1, 0), Set(0, 0), Del(1)]` is the same failure
/// with the keys renamed, and renaming them everywhere would rename the values too.
fn deletes_the_named_key(ops: &Vec<StoreOp>) -> bool {
    let mut log: Vec<(u8, u8)> = Vec::new();
    let mut model = std::collections::BTreeMap::new();
    for op in ops {
        match *op {
            StoreOp::Set(k, v) => {
                log.retain(|e| e.0 != k);
                log.push((k, v));
                model.insert(k, v);
            }
            StoreOp::Del(k) => {
                if log.iter().any(|e| e.0 == k) {
                    log.pop();
                }
                model.remove(&k);
            }
        }
    }
    log.into_iter().collect::<std::collections::BTreeMap<_, _>>() == model
}

/// An operation on a cache of two entries.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub(crate) enum CacheOp {
    Get(u16),
    Put(u16, u16),
}

/// The bug: a hit does not make its entry the most recently used, so the next insertion
/// evicts it. Minimum `[Put(0, 0), Put(1, 0), Get(0), Put(2, 0), Get(0)]`.
pub(crate) fn evicts_the_least_recent(ops: &Vec<CacheOp>) -> bool {
    let mut cache: Vec<(u16, u16)> = Vec::new();
    let mut model = cache.clone();
    for op in ops {
        match *op {
            CacheOp::Get(k) => {
                let got = cache.iter().find(|e| e.0 == k).map(|e| e.1);
                let want = model.iter().position(|e| e.0 == k).map(|i| {
                    let e = model.remove(i);
                    model.push(e);
                    e.1
                });
                if got != want {
                    return false;
                }
            }
            CacheOp::Put(k, v) => {
                for entries in [&mut cache, &mut model] {
                    entries.retain(|e| e.0 != k);
                    entries.push((k, v));
                    if entries.len() > 2 {
                        entries.remove(0);
                    }
                }
            }
        }
    }
    true
}

#[test]
fn labels_are_renamed_where_they_are_labels() {
    use CacheOp::{Get, Put};
    use StoreOp::{Del, Set};
    ends_at_when_found(&vec![Set(0, 0), Set(1, 0), Del(0)], deletes_the_named_key);
    let cache = vec![Put(0, 0), Put(1, 0), Get(0), Put(2, 0), Get(0)];
    ends_at_when_found(&cache, evicts_the_least_recent);
    // From the same failures with the keys renamed: at most 72 and 324 evaluations over the
    // seeds, the renaming one of them; the rest is the other passes at each fixed point, the
    // paper's random search most (161 of 301 in seed 0). 83 and 330 since `compensate`
    // searches a shape again once a leaf has risen.
    let renamed = vec![Set(1, 0), Set(0, 0), Del(1)];
    reduces_from(renamed, vec![Set(0, 0), Set(1, 0), Del(0)], 85, deletes_the_named_key);
    let renamed = vec![Put(1, 0), Put(0, 0), Get(1), Put(2, 0), Get(0)];
    reduces_from(renamed, cache, 330, evicts_the_least_recent);
}

/// Three seats of a small theatre.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, SubTypes, Arbitrary)]
enum Seat {
    Front,
    Middle,
    Back,
}

/// A booking or its cancellation.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
enum SeatOp {
    Book(Seat),
    Cancel(Seat),
}

/// The bug: a cancellation drops the latest booking, whichever seat it names. Minimum
/// `[Book(Front), Cancel(Middle)]`; its mirror image `[Book(Middle), Cancel(Front)]` fails
/// too, and no one seat changed in it still fails.
fn cancels_the_named_seat(ops: &Vec<SeatOp>) -> bool {
    let (mut booked, mut model) = (Vec::new(), Vec::new());
    for op in ops {
        match *op {
            SeatOp::Book(s) => {
                booked.push(s);
                model.push(s);
            }
            SeatOp::Cancel(s) => {
                booked.pop();
                model.retain(|&m| m != s);
            }
        }
    }
    booked.sort_by_key(|s| *s as u8);
    model.sort_by_key(|s| *s as u8);
    booked == model
}

/// Two accounts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, SubTypes, Arbitrary)]
enum Account {
    Checking,
    Savings,
}

/// A deposit, or a move between two accounts.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
enum Entry {
    Deposit { to: Account, amount: u16 },
    Move { from: Account, to: Account, amount: u16 },
}

/// The bug: a move checks the funds of the account it goes to. Minimum `[Deposit { to:
/// Checking, amount: 1 }, Move { from: Savings, to: Checking, amount: 1 }]`; its mirror
/// image with the accounts exchanged fails too.
fn moves_need_funds(entries: &Vec<Entry>) -> bool {
    let mut balance = [0u32; 2];
    for entry in entries {
        match *entry {
            Entry::Deposit { to, amount } => balance[to as usize] += u32::from(amount),
            Entry::Move { from, to, amount } => {
                if balance[to as usize] >= u32::from(amount) {
                    if balance[from as usize] < u32::from(amount) {
                        return false;
                    }
                    balance[from as usize] -= u32::from(amount);
                    balance[to as usize] += u32::from(amount);
                }
            }
        }
    }
    true
}

#[test]
fn tags_are_renamed_where_they_are_labels() {
    use Account::{Checking, Savings};
    use Seat::{Front, Middle};
    use SeatOp::{Book, Cancel};
    ends_at_when_found(&vec![Book(Front), Cancel(Middle)], cancels_the_named_seat);
    let least = vec![
        Entry::Deposit { to: Checking, amount: 1 },
        Entry::Move { from: Savings, to: Checking, amount: 1 },
    ];
    ends_at_when_found(&least, moves_need_funds);
}

// ---------------------------------------------------------------------------------------------
// Characters of a class: whitespace, punctuation, controls, digits.

/// The bug: a string of three words or more is taken for two. Minimum `"a\ta\ta"`: a tab is
/// the simplest whitespace (chars other than letters and digits go by code point).
fn at_most_two_words(s: &String) -> bool {
    s.split_whitespace().count() < 3
}

/// The bug: a separator that is whitespace followed by punctuation. Minimum `('\t', '!')`.
fn separator_ok(p: &(char, char)) -> bool {
    !(p.0.is_whitespace() && p.1.is_ascii_punctuation())
}

/// A log line's level and its message.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Logged {
    level: u8,
    message: String,
}

/// The bug: a control character in a message breaks the log. Minimum
/// `Logged { level: 0, message: "\0" }`.
fn no_control(l: &Logged) -> bool {
    !l.message.chars().any(char::is_control)
}

#[test]
fn characters_fall_to_the_simplest_of_their_class() {
    ends_at_when_found(&"a\ta\ta".to_string(), at_most_two_words);
    ends_at_when_found(&('\t', '!'), separator_ok);
    ends_at_when_found(&Logged { level: 0, message: "\0".into() }, no_control);
    // From the usual separators: each falls to the first char of its class (at most 47, 48
    // and 10 evaluations over the seeds; a string's other candidates come first). The first
    // 56 since a short string's last candidates fold later neighbours and delete two chars
    // apart (three and six more here, at the fixed point); 57 since a repeated char is tried
    // as `a` and `b` everywhere at once (`lower_chars`), the tabs here.
    reduces_from("a a a".to_string(), "a\ta\ta".to_string(), 57, at_most_two_words);
    reduces_from((' ', ';'), ('\t', '!'), 50, separator_ok);
    let start = Logged { level: 0, message: "\u{7f}".into() };
    reduces_from(start, Logged { level: 0, message: "\0".into() }, 12, no_control);
}

// ---------------------------------------------------------------------------------------------
// A failure that moves from an earlier string to a later one, by another char.

/// A setting as a config file holds it, one `key=value` a line.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Setting {
    key: String,
    value: String,
}

/// The bug: the line is split at its first `=` and the value trimmed, so a key holding `=`
/// and a value with whitespace at either end both come back changed. Minimum
/// `Setting { key: "", value: "\t" }`: an empty key is simpler than any other, and the
/// first whitespace char in the order is the tab.
fn setting_round_trips(s: &Setting) -> bool {
    let line = format!("{}={}", s.key, s.value);
    let read = line.split_once('=').map(|(k, v)| (k.to_string(), v.trim().to_string()));
    read == Some((s.key.clone(), s.value.clone()))
}

/// The bug: a command and its argument are sent as `cmd arg\n`, read back by cutting every
/// newline at the end and splitting at the first space, so a command holding a space and an
/// argument ending in a newline both come back changed. Minimum `("", "\n")`.
fn command_round_trips(c: &(String, String)) -> bool {
    let line = format!("{} {}\n", c.0, c.1);
    let read = line.trim_end_matches('\n').split_once(' ');
    read == Some((c.0.as_str(), c.1.as_str()))
}

#[test]
fn a_failure_moves_from_an_earlier_string_to_a_later_one() {
    // From the earlier string's failure, neither string can change alone, and the later one
    // needs another char than the earlier one lost (`"="` moved into the value passes). Both
    // stayed where they started before `edge_trade`; at most 36 and 26 evaluations over the
    // seeds now (an edge value each: the space, then the newline, eighth).
    let setting = Setting { key: String::new(), value: "\t".into() };
    let start = Setting { key: "=".into(), value: String::new() };
    reduces_from(start, setting.clone(), 40, setting_round_trips);
    let command = (String::new(), "\n".to_string());
    reduces_from((" ".to_string(), String::new()), command.clone(), 30, command_round_trips);
    ends_at_when_found(&setting, setting_round_trips);
    ends_at_when_found(&command, command_round_trips);
}

// ---------------------------------------------------------------------------------------------
// One length shared by lists of different types: an entry goes from each at once.

/// A sheet: a header of column letters and rows of one cell a column.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Sheet {
    header: Vec<char>,
    rows: Vec<Vec<u8>>,
}

/// The bug: a column's total is kept in a `u8`. A sheet whose rows do not match its header is
/// not a sheet (and passes). Minimum `Sheet { header: ['a'], rows: [[1], [255]] }`.
fn column_totals_fit(s: &Sheet) -> bool {
    if s.rows.iter().any(|row| row.len() != s.header.len()) {
        return true;
    }
    (0..s.header.len()).all(|j| {
        let total = s.rows.iter().fold(0u8, |t, row| t.wrapping_add(row[j]));
        u32::from(total) == s.rows.iter().map(|row| u32::from(row[j])).sum::<u32>()
    })
}

/// The bug: the total of the counts of parallel lists of keys and counts is kept in a `u8`;
/// lists of different lengths are no tally (and pass). Minimum `(['a', 'a'], [1, 255])`.
fn tally_total_fits(t: &(Vec<char>, Vec<u8>)) -> bool {
    if t.0.len() != t.1.len() {
        return true;
    }
    let total = t.1.iter().fold(0u8, |sum, &c| sum.wrapping_add(c));
    u32::from(total) == t.1.iter().map(|&c| u32::from(c)).sum::<u32>()
}

#[test]
fn lists_of_different_types_and_one_length_lose_an_entry_together() {
    // From a useless first column (entry), no list can lose an element alone, nor every list
    // of one type: the header's letter must go with each row's cell, a key with its count.
    // Both stayed where they started before `delete_across`; at most 105 and 72 evaluations
    // over the seeds now.
    let sheet = Sheet { header: vec!['a'], rows: vec![vec![1], vec![255]] };
    let start = Sheet { header: vec!['a', 'a'], rows: vec![vec![0, 1], vec![0, 255]] };
    reduces_from(start, sheet, 115, column_totals_fit);
    let tally = (vec!['a', 'a'], vec![1, 255]);
    reduces_from((vec!['a', 'a', 'a'], vec![0, 1, 255]), tally, 80, tally_total_fits);
}

// ---------------------------------------------------------------------------------------------
// Floats: a negative zero, and two whole floats that keep their difference.

/// The bug: a segment of 1,000 or more is taken for a short one. Minimum `(0.0, 1000.0)`.
fn segment_short(p: &(f64, f64)) -> bool {
    (p.1 - p.0).abs() < 1000.0
}

/// A time window in seconds.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Window {
    from: f32,
    until: f32,
}

/// The bug: a window of a minute or more is cut. Minimum `Window { from: 0.0, until: 60.0 }`.
fn window_short(w: &Window) -> bool {
    let span = w.until - w.from;
    span.is_nan() || span < 60.0
}

#[test]
fn floats_end_at_zero_and_move_together() {
    let segment = (0.0, 1000.0);
    let window = Window { from: 0.0, until: 60.0 };
    // A negative zero is less simple than zero; a difference is kept by moving both ends.
    reduces_from((-0.0, 1000.0), segment, 30, segment_short);
    reduces_from((-12.0, 988.0), segment, 60, segment_short);
    reduces_from(Window { from: -0.0, until: 60.0 }, window.clone(), 30, window_short);
    reduces_from(Window { from: 5.0, until: 65.0 }, window.clone(), 60, window_short);
    ends_at_when_found(&segment, segment_short);
    ends_at_when_found(&window, window_short);
}

/// A temperature converted to Fahrenheit and back, compared exactly: it fails on most values,
/// but 0.0 comes back whole. Minimum `1.0` (whole numbers are simpler than fractions).
fn celsius_round_trip(c: &f32) -> Verdict {
    Verdict::implies(c.is_finite(), ((*c * 9.0 / 5.0 + 32.0) - 32.0) * 5.0 / 9.0 == *c)
}

/// A reading taken to be zero once rounded: it is not from 0.5 on. Minimum `1.0`.
fn rounds_to_zero(r: &Reading) -> bool {
    r.celsius.is_nan() || r.celsius.round() == 0.0
}

/// A fraction has whole numbers on both sides; the one away from zero is simpler than it,
/// and it was never tried (`0.58`, `0.36`, ...: each seed its own output).
#[test]
fn a_fraction_rises_to_the_whole_number_above_it() {
    ends_at_when_found(&1.0, celsius_round_trip);
    reduces_from(0.57999873, 1.0, 10, celsius_round_trip);
    reduces_from(-0.36390203, 1.0, 10, celsius_round_trip);
    let one = Reading { sensor: String::new(), celsius: 1.0, ok: false };
    ends_at_when_found(&one, rounds_to_zero);
    let start = Reading { sensor: "probe".into(), celsius: 0.7, ok: true };
    reduces_from(start, one.clone(), 20, rounds_to_zero);
    let start = Reading { sensor: String::new(), celsius: -123.45, ok: false };
    reduces_from(start, one, 60, rounds_to_zero);
}

/// Linear interpolation written `a + (b - a) * t`, which at `t = 1` need not give `b`. Whole
/// numbers below 2^53 interpolate exactly, and so does `a = 0`; beside `a = 1`, the simplest
/// fraction (`5e-324`, the smallest in magnitude) fails, and so do whole numbers from 2^53 on
/// (see below).
fn lerp_ends_at_b(p: &(f64, f64)) -> Verdict {
    Verdict::implies(p.0.is_finite() && p.1.is_finite(), p.0 + (p.1 - p.0) * 1.0 == p.1)
}

/// Adding and taking away one in `f32`: exact for whole numbers, not for small fractions.
fn add_one_and_back(x: &f32) -> Verdict {
    Verdict::implies(x.is_finite(), *x + 1.0 - 1.0 == *x)
}

/// A fraction falls toward the simplest fraction, the smallest in magnitude, by falling
/// powers of two; before, a fraction whose whole neighbours pass stayed where discovery left
/// it (each of 10 seeds its own `b`: `-0.7154811765230833`, `0.9394893277526404`, ...).
///
/// The interpolation also fails where `a` or `b` is a whole number past 2^53, whose
/// neighbours are two apart, and whole numbers come before fractions in the order: the least
/// failure is `(1.0, -2^53)`. Since whole floats past 2^53 are on the number line, runs that
/// meet such a `b` reach it or `(1.0, 2^53 + 2)` (6 of 200 runs over 100 seeds; before, 8
/// ended at `(a, 1.0)` with `a` wherever discovery left it); from a fraction, no one change
/// gets to a whole number that far, and 194 of 200 end at the simplest fraction.
#[test]
fn a_fraction_falls_to_the_simplest_fraction() {
    let (mut minimum, mut found) = (0, 0);
    let past_exact = |x: f64| x.abs() >= 2f64.powi(53) && x.trunc() == x;
    for seed in 0..30 {
        for args in [args(seed), Args { tests: 100, ..args(seed) }] {
            let report = smart_check(&args, lerp_ends_at_b);
            let Some(cex) = report.counterexamples().first() else { continue };
            let (a, b) = *cex.value();
            found += 1;
            minimum += usize::from((a, b) == (1.0, 5e-324) || (a, b) == (1.0, -(2f64.powi(53))));
            let whole = (a == 1.0 && past_exact(b)) || (past_exact(a) && b == 1.0);
            assert!((a, b) == (1.0, 5e-324) || whole, "seed {seed}: {a:?}, {b:?}");
        }
    }
    assert!(minimum * 10 >= found * 9, "{minimum} of {found} at the minimum");
    reduces_from((4.0, -0.7154811765230833), (1.0, 5e-324), 120, lerp_ends_at_b);
    ends_at_when_found(&f32::from_bits(1), add_one_and_back);
    reduces_from(0.3f32, f32::from_bits(1), 60, add_one_and_back);
}

/// A traffic light's state.
#[derive(Debug, Clone, Copy, PartialEq, SubTypes, Arbitrary)]
enum Light {
    Red,
    Amber,
    Green,
}

/// A schedule of lights, refused when a state repeats back to back. Minimum `[Red, Red]`.
fn no_state_repeats(v: &Vec<Light>) -> bool {
    v.windows(2).all(|w| w[0] != w[1])
}

/// Two equal constructors are lowered together where one alone passes: `[Green, Green]`
/// ended there (`[Red, Green]` and `[Green, Red]` pass).
#[test]
fn equal_constructors_are_lowered_together() {
    reduces_from(
        vec![Light::Green, Light::Green],
        vec![Light::Red, Light::Red],
        20,
        no_state_repeats,
    );
    ends_at_when_found(&vec![Light::Red, Light::Red], no_state_repeats);
}

// ---------------------------------------------------------------------------------------------
// A number and a string that change together: a length prefix and its payload.

/// A frame of a wire format: the payload's length in bytes, then the payload.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Frame {
    len: u16,
    payload: String,
}

/// The bug: a frame whose length is right is taken for a broken one. Minimum
/// `Frame { len: 1, payload: "a" }`.
fn frame_refused(f: &Frame) -> bool {
    f.len == 0 || usize::from(f.len) != f.payload.len()
}

/// The same with a tuple of a `u8` and a string. Minimum `(1, "a")`.
fn prefix_refused(p: &(u8, String)) -> bool {
    p.0 == 0 || usize::from(p.0) != p.1.len()
}

#[test]
fn a_length_and_its_string_fall_together() {
    let frame = Frame { len: 1, payload: "a".into() };
    // Neither can change alone. At most 17, 23 and 17 evaluations over the seeds. From
    // default starts (a long payload of wide chars and its length) a run may take thousands:
    // a char a step, and a round of the other passes between steps.
    reduces_from(Frame { len: 2, payload: "\u{80}".into() }, frame.clone(), 20, frame_refused);
    reduces_from(Frame { len: 3, payload: "\u{800}".into() }, frame.clone(), 25, frame_refused);
    reduces_from((2, "\u{80}".to_string()), (1, "a".to_string()), 20, prefix_refused);
    ends_at_when_found(&frame, frame_refused);
    ends_at_when_found(&(1, "a".to_string()), prefix_refused);
}

// ---------------------------------------------------------------------------------------------
// What an optional field held, moved to a field that is always there.

/// A contact as a form sends it.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Contact {
    name: String,
    email: Option<String>,
}

/// The bug: a backslash anywhere breaks the form's encoding. Minimum
/// `Contact { name: "\\", email: None }`: `None` is simpler than any `Some`, so the backslash
/// belongs in the name, which is always there.
fn no_backslash(c: &Contact) -> bool {
    let has = |s: &str| s.contains('\\');
    !(has(&c.name) || c.email.as_deref().is_some_and(has))
}

/// The bug: a batch with a list of three or more items, in its body or in its optional
/// overflow, is dropped. Minimum `([0, 0, 0], None)`.
fn batch_kept(b: &(Vec<u8>, Option<Vec<u8>>)) -> bool {
    b.0.len() < 3 && b.1.as_ref().is_none_or(|o| o.len() < 3)
}

#[test]
fn what_an_optional_field_held_moves_to_a_field_that_is_always_there() {
    // Neither `None` alone (the payload is gone) nor the payload moved alone (the field it
    // leaves still holds it) is simpler and failing: both at once are. Without the carry,
    // 17 and 16 of 40 runs from 100 tests ended on the optional field (19 and 1 from 2,000). At most 12 and 29
    // evaluations over the seeds, and 18 more for the backslash's class scanned at the end
    // (every punctuation char below it, `"!"` to `"["`).
    let contact = Contact { name: "\\".into(), email: None };
    let start = Contact { name: String::new(), email: Some("\\".into()) };
    reduces_from(start, contact.clone(), 33, no_backslash);
    reduces_from((vec![], Some(vec![0, 0, 0])), (vec![0, 0, 0], None), 32, batch_kept);
    ends_at_when_found(&contact, no_backslash);
    ends_at_when_found(&(vec![0, 0, 0], None), batch_kept);
}

// ---------------------------------------------------------------------------------------------
// A removal made up for after the leaves have moved.

/// A retry policy: tries, a delay between them, and an optional random extra delay.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Backoff {
    #[smartcheck(range = 1..=20)]
    attempts: u8,
    #[smartcheck(range = 0..=5000)]
    backoff_ms: u16,
    jitter: Option<u16>,
}

/// The bug: the policy's worst case, `attempts × (backoff + jitter)`, may pass 30 s. Minimum
/// `Backoff { attempts: 20, backoff_ms: 1501, jitter: None }`: `None` is simpler than any
/// jitter, and at 20 attempts the delay is smallest (the ranks' sum, 19 + 1501, is least).
fn retry_within_budget(r: &Backoff) -> bool {
    let jitter = u64::from(r.jitter.unwrap_or(0));
    u64::from(r.attempts) * (u64::from(r.backoff_ms) + jitter) <= 30_000
}

#[test]
fn a_removal_is_made_up_for_once_a_leaf_has_risen() {
    // Discovery's first failures have few attempts: dropping the jitter then cannot be made
    // up for by the delay's top (5,000 ms), and `compensate` found nothing in that shape.
    // Later the attempts rise to 20 and the jitter falls to 1,501; without a second search
    // 34 of 40 runs ended there.
    let minimum = Backoff { attempts: 20, backoff_ms: 1501, jitter: None };
    ends_at_when_found(&minimum, retry_within_budget);
    accepted_are_smaller(retry_within_budget);
}

// ---------------------------------------------------------------------------------------------
// Elements that trade places.

/// An interval `[start, start + len]`.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Interval {
    start: u8,
    len: u8,
}

/// Merges sorted intervals. The bug: an interval inside the last merged one shortens it.
fn merged(sorted: &[(u8, u8)]) -> Vec<(u8, u8)> {
    let mut out: Vec<(u8, u8)> = Vec::new();
    for &(start, len) in sorted {
        let end = start.saturating_add(len);
        match out.last_mut() {
            Some(last) if start <= last.0.saturating_add(last.1) => last.1 = end - last.0,
            _ => out.push((start, len)),
        }
    }
    out
}

/// Every interval lies within one of the merged ones. Minimum `[(0, 2), (1, 0)]`: one
/// interval inside another; as the two trade places the leaves read `0, 2, 1, 0` against
/// `1, 0, 0, 2`, though `(1, 0)` alone is the simpler element.
fn merge_covers(v: &Vec<(u8, u8)>) -> bool {
    let mut sorted = v.clone();
    sorted.sort();
    let m = merged(&sorted);
    let inside = |&(a, l): &(u8, u8)| {
        m.iter().any(|&(b, k)| b <= a && u16::from(a) + u16::from(l) <= u16::from(b) + u16::from(k))
    };
    v.iter().all(inside)
}

/// The same over a derived struct. Minimum `[Interval { start: 0, len: 2 }, Interval {
/// start: 1, len: 0 }]`.
fn intervals_covered(v: &Vec<Interval>) -> bool {
    merge_covers(&v.iter().map(|i| (i.start, i.len)).collect())
}

#[test]
fn elements_trade_places_when_the_value_is_simpler_for_it() {
    // Without the whole value in view, 22 of 40 probe runs ended at `[(1, 0), (0, 2)]`.
    ends_at_when_found(&vec![(0, 2), (1, 0)], merge_covers);
    let spans = vec![Interval { start: 0, len: 2 }, Interval { start: 1, len: 0 }];
    ends_at_when_found(&spans, intervals_covered);
    // 30 evaluations from there in every seed: the passes before the swap try their own.
    reduces_from(vec![(1, 0), (0, 2)], vec![(0, 2), (1, 0)], 30, merge_covers);
}

// ---------------------------------------------------------------------------------------------
// Integers as sets of bits.

/// The bug: two flag words with five or more flags set between them, none in both, are
/// taken for valid. Minimum `(0, 31)`: five bits, the lowest.
fn flags_checked(f: &(u32, u32)) -> bool {
    (f.0 | f.1).count_ones() < 5 || (f.0 & f.1) != 0
}

/// A role's permissions, one bit each.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Role {
    admin: bool,
    permissions: u16,
}

/// The bug: a role that is not an admin may hold at most three permissions, but the check
/// counts four. Minimum `Role { admin: false, permissions: 15 }`.
fn role_checked(r: &Role) -> bool {
    r.admin || r.permissions.count_ones() <= 3
}

#[test]
fn integers_keep_their_set_bits_on_the_way_down() {
    // A search over ranks passes over `0b011111` from `0b110111`: most values between have
    // fewer bits. 39 of 40 probe runs ended at `(0, 55)`.
    ends_at_when_found(&(0, 31), flags_checked);
    ends_at_when_found(&Role { admin: false, permissions: 15 }, role_checked);
    // 24 evaluations from there in every seed: the leaf passes first, then two jumps (21
    // before the jumps tried an integer's low digits and bits too); 46 at most since they
    // lower its leading digit and the very last resort scans small values (`31` fails
    // alone: `32` passes).
    reduces_from((0, 0b110111), (0, 31), 46, flags_checked);
    accepted_are_smaller(flags_checked);
    none_run_twice(role_checked);
}

/// An operation whose first variant holds a number.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
enum QueueOp {
    Push(u8),
    Pop,
}

#[test]
fn the_reducers_fast_hash_keeps_a_first_constructor_at_zero_apart() {
    // `Push(0)` walks as the words 0 (its constructor), 1 (one child), 0 (the leaf's rank);
    // `Pop` as 1, 0. From a state of zero, a word of zero left the state at zero, so both
    // hashed alike, and a memo keyed on one skipped the other.
    use smartcheck::reduce::tree::structural_hash;
    let h = |op: &QueueOp| structural_hash(smartcheck::NodeRef::Value(op.node()));
    assert_ne!(h(&QueueOp::Push(0)), h(&QueueOp::Pop));
    assert_ne!(h(&QueueOp::Push(0)), h(&QueueOp::Push(1)));
    let list = |ops: Vec<QueueOp>| structural_hash(smartcheck::NodeRef::Value(ops.node()));
    assert_ne!(list(vec![]), list(vec![QueueOp::Pop]));
}

// ---------------------------------------------------------------------------------------------
// Two chars apart that can only go together.

/// A word count that splits on spaces alone agrees with `split_whitespace`. The bug shows on
/// any whitespace other than a space: minimum `"\t"` (one char, the simplest whitespace).
fn words_agree(s: &String) -> bool {
    s.split(' ').filter(|w| !w.is_empty()).count() == s.split_whitespace().count()
}

/// A note: a number and its text.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Note {
    id: u8,
    text: String,
}

fn note_words_agree(n: &Note) -> bool {
    words_agree(&n.text)
}

/// Asserts what a string case needs: every seed's discovery reduces to `minimum`, alone and
/// as a [`Note`]'s text; each of `starts` reduces to it within its bound of evaluations
/// (as measured, the largest over the 30 seeds); every accepted candidate is smaller, and
/// none runs twice.
fn string_case(
    minimum: &str,
    prop: fn(&String) -> bool,
    in_note: fn(&Note) -> bool,
    starts: &[(&str, usize)],
) {
    ends_at_when_found(&minimum.to_string(), prop);
    ends_at_when_found(&Note { id: 0, text: minimum.into() }, in_note);
    for &(start, most) in starts {
        reduces_from(start.to_string(), minimum.to_string(), most, prop);
    }
    accepted_are_smaller(prop);
    none_run_twice(in_note);
}

#[test]
fn two_chars_apart_go_together_from_a_string() {
    // From "a\ta", either `a` alone leaves one word to both counts: only the two together
    // go. 40 of 40 probe runs from 100 tests ended at "a\ta", 30 of 40 from 5,000.
    string_case("\t", words_agree, note_words_agree, &[("a\ta", 27), ("ab\tb", 36)]);
}

// ---------------------------------------------------------------------------------------------
// Bytes folded into fewer chars past the first char.

/// A title of more than three bytes that starts with a capital is taken for a heading. The
/// order counts chars first: minimum `"A\u{800}"`, a capital and the first char of three
/// bytes.
fn no_heading(s: &String) -> bool {
    !(s.starts_with(char::is_uppercase) && s.len() > 3)
}

fn note_no_heading(n: &Note) -> bool {
    no_heading(&n.text)
}

#[test]
fn bytes_fold_into_fewer_chars_anywhere_in_a_string() {
    // Folding the first two chars loses the capital; 12 of 40 probe runs from 5,000 tests
    // ended at "Aaaa" or "Aa\u{80}", where the chars after the capital fold.
    // 62 to 63 and 46 to 47 when a letter past ASCII learned to try the first ones.
    string_case("A\u{800}", no_heading, note_no_heading, &[("Aaaa", 63), ("Aa\u{80}", 47)]);
    // A capital past ASCII that gives a byte to its neighbour stays a capital: from
    // "À\u{80}" (a start generator 3 met at seed 19) every fold or move lost the capital.
    for start in ["\u{c0}\u{80}", "\u{3a9}\u{e9}"] {
        reduces_from(start.to_string(), "A\u{800}".to_string(), 60, no_heading);
    }
}

// ---------------------------------------------------------------------------------------------
// Runs of three deleted: lists read in threes.

/// Records of three fields each, flattened: a list passes unless it holds whole records and
/// a 7 among them. Minimum `[0, 0, 7]`: no run of 1, 2, 4 or 8 keeps the records whole.
fn triples_without_seven(v: &Vec<u8>) -> bool {
    !(v.len().is_multiple_of(3) && v.contains(&7))
}

/// A step of a three-step cycle.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
enum Step {
    Idle,
    Move(u8),
}

/// The same on a derived type: whole cycles of three steps, one of them a move of 7.
fn cycles_without_seven(v: &Vec<Step>) -> bool {
    !(v.len().is_multiple_of(3) && v.contains(&Step::Move(7)))
}

#[test]
fn runs_of_three_go_where_a_list_is_read_in_threes() {
    let idle = |n: usize| std::iter::repeat_n(Step::Idle, n);
    let mut bytes = vec![0; 6];
    bytes.extend([7, 0, 0]);
    // Evaluation bounds as measured, the largest over the 30 seeds (194 and 213 before runs
    // of three, when only the random search of the list's tails found a way).
    reduces_from(bytes, vec![0, 0, 7], 51, triples_without_seven);
    let steps: Vec<Step> = idle(6).chain([Step::Move(7)]).chain(idle(2)).collect();
    let least: Vec<Step> = idle(2).chain([Step::Move(7)]).collect();
    reduces_from(steps, least.clone(), 57, cycles_without_seven);
    ends_at_when_found(&vec![0, 0, 7], triples_without_seven);
    ends_at_when_found(&least, cycles_without_seven);
    accepted_are_smaller(triples_without_seven);
    none_run_twice(cycles_without_seven);
}

/// `n` in Roman numerals; the bug: 40 is written `LX` (60).
fn to_roman(mut n: u32) -> String {
    const DIGITS: [(u32, &str); 13] = [
        (1000, "M"),
        (900, "CM"),
        (500, "D"),
        (400, "CD"),
        (100, "C"),
        (90, "XC"),
        (50, "L"),
        (40, "LX"),
        (10, "X"),
        (9, "IX"),
        (5, "V"),
        (4, "IV"),
        (1, "I"),
    ];
    let mut out = String::new();
    for (value, digits) in DIGITS {
        while n >= value {
            out.push_str(digits);
            n -= value;
        }
    }
    out
}

/// Reads Roman numerals back.
fn from_roman(s: &str) -> u32 {
    let values: Vec<i64> = s
        .chars()
        .map(|c| match c {
            'I' => 1,
            'V' => 5,
            'X' => 10,
            'L' => 50,
            'C' => 100,
            'D' => 500,
            'M' => 1000,
            _ => 0,
        })
        .collect();
    let signed = |(i, &v): (usize, &i64)| {
        if values.get(i + 1).is_some_and(|&next| v < next) {
            -v
        } else {
            v
        }
    };
    values.iter().enumerate().map(signed).sum::<i64>() as u32
}

/// Roman numerals round-trip for 0..4000: fails whenever the tens digit is 4, the minimum 40.
fn roman_round_trip(n: &u16) -> bool {
    let n = u32::from(*n) % 4000;
    from_roman(&to_roman(n)) == n
}

/// A length encoded in one byte when its low byte is below 128, else in four; the bug: the
/// encoder looks at the low byte only. Every length of 128 or more whose low byte is below
/// 128 fails: the minimum 256.
fn length_round_trip(len: &u32) -> bool {
    let encoded: Vec<u8> =
        if len & 0xFF < 128 { vec![*len as u8] } else { len.to_be_bytes().to_vec() };
    let decoded = match encoded.as_slice() {
        [one] => u32::from(*one),
        four => u32::from_be_bytes(four.try_into().expect("four bytes")),
    };
    decoded == *len
}

#[test]
fn integers_lose_their_high_digits_and_bits() {
    // Failing values recur every 100 (every 256): stepping down from 2048 stops at 2040, and
    // from a random length at the bottom of its block of 128. Their low decimal digits
    // (2040 % 100) or low bits (768 & 0x1FF) fail too.
    ends_at_when_found(&40, roman_round_trip);
    ends_at_when_found(&256, length_round_trip);
    // Evaluation bounds as measured, the largest over the 30 seeds. Before, from discovery,
    // 12 and 1 of 30 seeds ended at the minimum. 26 from 2048 until the very last resort
    // scanned small values past a block (40 to 49 fail, 80 passes): 50, the scan in vain.
    reduces_from(2048, 40, 50, roman_round_trip);
    reduces_from(0x8765_4321, 256, 73, length_round_trip);
    accepted_are_smaller(length_round_trip);
    none_run_twice(roman_round_trip);
}

/// A reference number whose digits must not sum to ten (a check digit would read `0`): the
/// minimum 19, with 28, 37, ..., 451 and 5131 failing too, no run of them to bisect.
fn digit_sum_not_ten(n: &u16) -> bool {
    n.to_string().bytes().map(|d| u32::from(d - b'0')).sum::<u32>() != 10
}

/// A leap-year rule that checks divisibility by four only: wrong for 100, 200, 300, 500, ...
/// and right in between; the minimum 100.
fn leap_by_four(y: &u16) -> bool {
    let four = y.is_multiple_of(4);
    four == (four && (!y.is_multiple_of(100) || y.is_multiple_of(400)))
}

/// A cart's total in dollars, summed in `f64` from cents, in both orders: rounding makes
/// the order matter. Three items at least; the minimum `[1, 1, 4]` (`[1, 1, 200]` to
/// `[1, 1, 209]` and `[1, 3, 24]` fail too, `[1, 1, 5]` to `[1, 1, 199]` and `[1, 1, 400]`
/// do not).
fn cart_total_order(cents: &Vec<u32>) -> bool {
    let total = |cs: &mut dyn Iterator<Item = &u32>| cs.map(|&c| f64::from(c) / 100.0).sum::<f64>();
    total(&mut cents.iter()) == total(&mut cents.iter().rev())
}

#[test]
fn scattered_failures_reach_the_least() {
    // Over 100 seeds, with 2,000 tests and with 100, before: the digit sum ended at 19 in 34
    // of 195 runs (at 33 other values), the leap year at 100 in 66 of 123 (at 300, 500, 700
    // and 900 in the others); after: in all.
    ends_at_when_found(&19, digit_sum_not_ten);
    ends_at_when_found(&100, leap_by_four);
    // Evaluation bounds as measured, the largest over the 30 seeds.
    reduces_from(5131, 19, 37, digit_sum_not_ten);
    reduces_from(900, 100, 48, leap_by_four);
    accepted_are_smaller(digit_sum_not_ten);
    none_run_twice(digit_sum_not_ten);
    none_run_twice(leap_by_four);
}

#[test]
fn a_block_of_failures_is_told_from_a_threshold() {
    // `[1, 1, 201]` fails as `[1, 1, 200]` does, as past a threshold; `[1, 1, 400]` passes,
    // as past a block. Before the far step, over 100 seeds at 2,000 and 100 tests: 183 of 200
    // runs at `[1, 1, 4]`, the others at `[1, 1, 200]`, `[1, 3, 24]`, `[1, 47, 57]`.
    // After: 196 of 200; the others have two leaves far from their least at once
    // (`[1, 47, 57]`, `[1, 24, 82]`), where no one leaf's small values fail. Since two
    // leaves' small values are scanned together: all (`leaves_whose_failures_are_scattered_
    // fall_together`).
    let mut far = 0;
    for seed in 0..30 {
        for args in [args(seed), Args { tests: 100, ..args(seed) }] {
            let report = smart_check(&args, cart_total_order);
            let Some(cex) = report.counterexamples().first() else { continue };
            far += usize::from(cex.value() != &vec![1, 1, 4]);
            assert_eq!(&cex.value()[..1], &[1], "seed {seed}: {:?}", cex.value());
        }
    }
    assert_eq!(far, 0, "{far} of 60 runs away from [1, 1, 4]");
    // Evaluation bounds as measured, the largest over the 30 seeds.
    reduces_from(vec![1, 1, 200], vec![1, 1, 4], 95, cart_total_order);
    reduces_from(vec![1, 3, 24], vec![1, 1, 4], 121, cart_total_order);
    none_run_twice(cart_total_order);
}

/// A log level, most verbose first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, SubTypes, Arbitrary)]
enum Level {
    Trace,
    Debug,
    Info,
    Warn,
    Error,
    Fatal,
}

/// Two levels that must come in order: minimum `(Debug, Trace)`.
fn levels_ordered(p: &(Level, Level)) -> bool {
    p.0 <= p.1
}

/// A level within a verbosity: minimum `(Debug, 0)`.
fn level_within(p: &(Level, u8)) -> bool {
    p.0 as u8 <= p.1
}

#[test]
fn constructors_lower_again_where_the_value_around_them_changed() {
    // Lowering `Fatal` beside `Warn` (or 3) passes unless to `Error`, and was not tried
    // again once the other side fell. Before, over 40 seeds: `(Debug, Trace)` in 16 runs,
    // `(Info, Trace)` to `(Fatal, Trace)` in the others.
    ends_at_when_found(&(Level::Debug, Level::Trace), levels_ordered);
    ends_at_when_found(&(Level::Debug, 0), level_within);
    // Evaluation bounds as measured, the largest over the 30 seeds.
    // 15 since a fieldless variant's passing lowerings are also tried with the other's; 16
    // since `relabel` also exchanges two tags (`(Warn, Fatal)`, one try).
    reduces_from((Level::Fatal, Level::Warn), (Level::Debug, Level::Trace), 16, levels_ordered);
    reduces_from((Level::Fatal, 3), (Level::Debug, 0), 12, level_within);
    none_run_twice(levels_ordered);
    accepted_are_smaller(level_within);
}

/// Two levels that must not be two apart: minimum `(Trace, Info)`.
fn levels_not_two_apart(p: &(Level, Level)) -> bool {
    (p.0 as i8 - p.1 as i8).abs() != 2
}

/// A day of the working week.
#[derive(Debug, Clone, Copy, PartialEq, SubTypes, Arbitrary)]
enum Weekday {
    Mon,
    Tue,
    Wed,
    Thu,
    Fri,
}

/// A booking of a room over days.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Booking {
    from: Weekday,
    to: Weekday,
    room: u8,
}

/// The bug: a booking of exactly three days is refused. Minimum `Booking { from: Mon, to:
/// Wed, room: 0 }`.
fn three_days_accepted(b: &Booking) -> bool {
    b.to as u8 != b.from as u8 + 2
}

#[test]
fn fieldless_variants_fall_together_by_one_amount() {
    // Lowering either alone changes the distance. Before, over 40 seeds: `(Trace, Info)` in
    // 16 runs, `(Debug, Warn)` in 24.
    ends_at_when_found(&(Level::Trace, Level::Info), levels_not_two_apart);
    let least = Booking { from: Weekday::Mon, to: Weekday::Wed, room: 0 };
    ends_at_when_found(&least, three_days_accepted);
    let start = Booking { from: Weekday::Wed, to: Weekday::Fri, room: 9 };
    // Evaluation bounds as measured, the largest over the 30 seeds.
    reduces_from(start, least, 12, three_days_accepted);
    reduces_from(
        (Level::Warn, Level::Fatal),
        (Level::Trace, Level::Info),
        12,
        levels_not_two_apart,
    );
    none_run_twice(three_days_accepted);
    accepted_are_smaller(levels_not_two_apart);
}

/// A release's version.
#[derive(Debug, Clone, PartialEq, PartialOrd, SubTypes, Arbitrary)]
struct Version {
    major: u8,
    minor: u8,
    patch: u8,
}

/// The bug: versions compared as their `x.y.z` texts, where `1.10.0` sorts before `1.9.0`.
/// Minimum `(Version { 0, 0, 2 }, Version { 0, 0, 10 })`: the `10` and the `2` may stand at
/// any of the three places, the last is the simplest.
fn versions_compare_as_numbers(p: &(Version, Version)) -> bool {
    let text = |v: &Version| format!("{}.{}.{}", v.major, v.minor, v.patch);
    (text(&p.0) < text(&p.1)) == (p.0 < p.1)
}

#[test]
fn leaves_swap_at_the_same_places_in_siblings() {
    // Before, over 10 seeds of default runs: the 10 and the 2 at the patch in 1, at the
    // minor in 3, at the major in 6. A `100` at the patch (`0.0.100`, where `11` to `99`
    // pass) falls to `10` by the small values' scan, `0.0.200` passing.
    let v = |major, minor, patch| Version { major, minor, patch };
    ends_at_when_found(&(v(0, 0, 2), v(0, 0, 10)), versions_compare_as_numbers);
    // Evaluation bounds as measured, the largest over the 30 seeds.
    let least = (v(0, 0, 2), v(0, 0, 10));
    reduces_from((v(2, 0, 0), v(10, 0, 0)), least.clone(), 162, versions_compare_as_numbers);
    reduces_from((v(0, 9, 0), v(0, 10, 0)), least, 114, versions_compare_as_numbers);
    none_run_twice(versions_compare_as_numbers);
}

/// A price in dollars and cents.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
struct Price {
    dollars: u16,
    #[smartcheck(range = 0..=99)]
    cents: u8,
}

/// The bug: `d.cc` read back through `f64` and `x * 100.0` truncated, so `2.01` reads as 200
/// cents. Failures are scattered over both fields (`(1, 13)`, `(2, 1)`, `(4, 2)`, ...):
/// minimum `(2, 1)`, the failure whose fields' ranks sum least (3).
fn price_text(p: &Price) -> bool {
    let cents = u64::from(p.dollars) * 100 + u64::from(p.cents);
    let read: Option<f64> = format!("{}.{:02}", p.dollars, p.cents).parse().ok();
    read.map(|x| (x * 100.0) as u64) == Some(cents)
}

#[test]
fn leaves_whose_failures_are_scattered_fall_together() {
    // Before, over 30 seeds of the honesty bench's default runs: price_text ended at
    // `(1, 13)` or `(2048, 18)` in 3, cart_total_order at `[1, 47, 57]` in 2; from those,
    // no leaf falls alone and still fails.
    let price = |dollars, cents| Price { dollars, cents };
    reduces_from(price(1, 13), price(2, 1), 28, price_text);
    // 82 to 100 when an isolated round number learned to try the smaller ones (2048: 64 to
    // 1024, all passing here).
    reduces_from(price(2048, 18), price(2, 1), 100, price_text);
    reduces_from(vec![1, 47, 57], vec![1, 1, 4], 175, cart_total_order);
    ends_at_when_found(&price(2, 1), price_text);
}

// ---------------------------------------------------------------------------------------------
// A char that must be one of a few of its class.

/// A serializer that escapes neither of its two special chars: any name holding `;` or `\`
/// breaks it. Minimum `";"`: below `\` in the order (`'!'` first among punctuation), where
/// the steps toward simpler chars (the class's first, half the rank, falling powers of two)
/// pass `;` by.
fn name_needs_no_escape(name: &String) -> bool {
    !name.contains([';', '\\'])
}

/// The same serializer on a line of a port and a name.
fn line_needs_no_escape(line: &(u16, String)) -> bool {
    name_needs_no_escape(&line.1)
}

#[test]
fn a_short_strings_chars_are_scanned_within_their_class() {
    reduces_from("\\".to_string(), ";".to_string(), 40, name_needs_no_escape);
    reduces_from((0, "a\\".to_string()), (0, ";".to_string()), 60, line_needs_no_escape);
    ends_at_when_found(&";".to_string(), name_needs_no_escape);
}

/// A sum of an integer and a float past a threshold: neither leaf can fall alone, and the
/// integer's size goes to the float (which the order's sum of ranks does not count), from
/// where the float falls to the least whole number that fails. On three types, two orders
/// of the fields; each ended where it started, or half way (`(445.0, 556)`), before.
#[test]
#[allow(clippy::neg_cmp_op_on_partial_ord)] // a NaN passes: the bug is a sum past 300
fn an_integers_size_moves_into_a_float_beside_it() {
    let args = Args { seed: Some(1), ..Args::default() };
    let over = |x: &(u8, f32)| !(f32::from(x.0) + x.1 > 300.0);
    let cex = smartcheck::reduce(&args, over, (219, 82.0)).expect("fails");
    assert_eq!(*cex.value(), (0, 301.0));
    let over = |x: &(f64, u16)| x.0 + f64::from(x.1) <= 1000.0;
    let cex = smartcheck::reduce(&args, over, (700.5, 600)).expect("fails");
    assert_eq!(*cex.value(), (1001.0, 0));
    let over = |x: &(i32, Option<f32>)| !(x.0 as f32 + x.1.unwrap_or(0.0) > 50.0);
    let cex = smartcheck::reduce(&args, over, (40, Some(11.5))).expect("fails");
    assert_eq!(*cex.value(), (0, Some(51.0)));
}
