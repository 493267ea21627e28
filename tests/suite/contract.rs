//! `#[smartcheck::contract]` as a user has it (issue 16): clauses checked at run time name the
//! broken clause, the generated test finds a bug that random discovery gives up on, and a
//! correct function's contract test passes.

use std::process::Command;

fn sorted(list: &[u8]) -> bool {
    list.windows(2).all(|w| w[0] <= w[1])
}

/// Correct: inserts `x` in order.
#[smartcheck::contract(requires = sorted(list), ensures = sorted(&result), ensures = result.len() == list.len() + 1)]
fn insert(list: &[u8], x: u8) -> Vec<u8> {
    let mut out = list.to_vec();
    let at = out.iter().position(|&y| y > x).unwrap_or(out.len());
    out.insert(at, x);
    out
}

/// Wrong: drops `x` when it equals the last element of a list of two or more that starts
/// lower. Random discovery almost never draws a sorted list with that shape; the exhaustive
/// check reaches it at depth 4. Its test is `#[ignore]`d here and run in a child process by
/// `the_generated_test_finds_the_bug`, which checks that it fails and how.
#[smartcheck::contract(
    requires = sorted(list),
    ensures = result.len() == list.len() + 1,
    exhaustive = 4,
    ignore = true,
    persist = false,
    seed = Some(2),
)]
fn buggy_insert(list: &[u8], x: u8) -> Vec<u8> {
    let mut out = list.to_vec();
    if out.len() >= 2 && out.last() == Some(&x) && out[0] < x {
        return out;
    }
    let at = out.iter().position(|&y| y > x).unwrap_or(out.len());
    out.insert(at, x);
    out
}

/// Takes its argument by value and moves it into the result: `ensures` names the argument as
/// it was on entry. (It did not compile: E0382, "value moved into closure here".)
#[smartcheck::contract(ensures = result.len() == name.len() + 1, ensures = result.starts_with(&name))]
fn shout(name: String) -> String {
    let mut out = name;
    out.push('!');
    out
}

/// Wrong: drops the last character of a name that ends in a space.
#[smartcheck::contract(ensures = result.len() == name.len() + 1, test = false)]
fn buggy_shout(mut name: String) -> String {
    if name.ends_with(' ') {
        name.pop();
    }
    name.push('!');
    name
}

/// A count that is not `Clone`.
#[derive(Debug)]
struct Count(usize);

/// `ensures` calls `.len()` on the result and names no argument: the argument `len` is not
/// cloned (it was, as `len` appeared in the clause, and `Count: Clone` failed to compile).
#[smartcheck::contract(ensures = result.len() < 100, test = false)]
fn zeros(len: Count) -> Vec<u8> {
    vec![0; len.0 % 100]
}

fn increasing(list: &[u8]) -> bool {
    list.windows(2).all(|w| w[0] < w[1])
}

/// Wrong: a binary search that never looks at the last element. Its `requires` (four or more
/// elements, strictly increasing) rejects nearly every random list, so random discovery gives
/// up; with no `exhaustive = N` written, the test then checks every argument tuple up to
/// depth 5, where `([0, 1, 2, 3], 3)` fails. Run in a child process by
/// `a_contract_test_checks_every_value_when_random_discovery_gives_up`.
#[smartcheck::contract(
    requires = list.len() >= 4 && increasing(list),
    ensures = result == list.iter().position(|&y| y == x),
    ignore = true,
    persist = false,
    seed = Some(2),
)]
fn find(list: &[u8], x: u8) -> Option<usize> {
    let (mut lo, mut hi) = (0, list.len() - 1);
    while lo < hi {
        let mid = (lo + hi) / 2;
        match list[mid].cmp(&x) {
            std::cmp::Ordering::Equal => return Some(mid),
            std::cmp::Ordering::Less => lo = mid + 1,
            std::cmp::Ordering::Greater => hi = mid,
        }
    }
    None
}

/// A method: run-time checks only.
struct Counter(u32);

impl Counter {
    #[smartcheck::contract(requires = by > 0, ensures = self.0 > 0, test = false)]
    fn bump(&mut self, by: u32) {
        self.0 = self.0.wrapping_add(by);
    }
}

/// Words, taken by value by a method that consumes them: `ensures` reads `self` as it was on
/// entry (it was E0382, "borrow of moved value: `self.0`").
#[derive(Clone, Debug)]
struct Words(Vec<String>);

impl Words {
    #[smartcheck::contract(ensures = result == self.0.len(), test = false)]
    fn count(self) -> usize {
        self.0.into_iter().filter(|w| !w.is_empty()).count()
    }
}

/// Two parts taken by value in a tuple pattern: `ensures` names both (E0382 before).
#[smartcheck::contract(ensures = result.len() == a.len() + b.len(), test = false)]
fn joined((a, b): (String, String)) -> String {
    a + &b
}

/// Wrong: drops the last character of the name. The clause is printed as written,
/// `result.starts_with(&name)` (it was `result.starts_with(& name)`, token-spaced).
#[smartcheck::contract(ensures = result.starts_with(&name), test = false)]
fn lossy_shout(mut name: String) -> String {
    name.pop();
    name.push('!');
    name
}

/// Wrong: wraps around. A clause over several lines is printed on one, as written otherwise.
#[smartcheck::contract(
    ensures = match &result {
        Ok(v) => *v <= a,
        Err(_) => true,
    },
    test = false,
)]
fn minus(a: u8, b: u8) -> Result<u8, String> {
    Ok(a.wrapping_sub(b))
}

/// Bytes, handed out by mutable reference.
struct Bytes(Vec<u8>);

impl Bytes {
    /// Returns a `&mut` borrowed from `self` (it was "captured variable cannot escape `FnMut`
    /// closure body", about a closure the macro wrote).
    #[smartcheck::contract(requires = !self.0.is_empty(), test = false)]
    fn first_mut(&mut self) -> &mut u8 {
        &mut self.0[0]
    }
}

/// The same from an argument, inside an `Option`, with an early `return`.
#[smartcheck::contract(requires = v.len() < 100, ensures = result.as_deref() != Some(&200), test = false)]
fn last_mut(v: &mut [u8]) -> Option<&mut u8> {
    if v.is_empty() {
        return None;
    }
    v.last_mut()
}

/// Returns `impl Trait` (it was E0562, "`impl Trait` is not allowed in closure return
/// types"), with its generated test.
#[smartcheck::contract(requires = v.len() < 1000, ensures = result.size_hint().0 <= v.len())]
fn evens(v: Vec<u8>) -> impl Iterator<Item = u8> {
    v.into_iter().filter(|x| x % 2 == 0)
}

/// Takes `impl Trait`: run-time checks only, as for any generic function.
#[smartcheck::contract(requires = s.as_ref().len() < 100, ensures = result <= 100, test = false)]
fn count_a(s: impl AsRef<str>) -> usize {
    s.as_ref().matches('a').count()
}

/// Where it is called from, through `#[track_caller]`: the contract kept it pointing into
/// the function, whose body ran in a closure (audit 40, P22).
#[smartcheck::contract(ensures = result > 0, test = false)]
#[track_caller]
fn called_from() -> u32 {
    std::panic::Location::caller().line()
}

#[test]
fn track_caller_still_names_the_caller() {
    assert_eq!(called_from(), line!());
}

/// A macro of the user's that leaves the function (`anyhow::bail!`'s kind).
macro_rules! bail {
    ($e:expr) => {
        return Err($e)
    };
}

/// A `#[track_caller]` function whose body leaves through a macro: the body is not inlined
/// (a `return` the macro writes would leave the checks behind), so `ensures` is checked.
#[smartcheck::contract(ensures = result.is_ok(), test = false)]
#[track_caller]
fn bailing(n: u8) -> Result<u8, String> {
    if n > 10 {
        bail!(format!("too big: {n}"));
    }
    Ok(n)
}

#[test]
#[cfg_attr(not(debug_assertions), ignore = "run-time checks compile away without debug assertions")]
fn a_macro_that_leaves_a_track_caller_body_leaves_no_check_behind() {
    let message = panic_message(|| {
        let _ = bailing(20);
    });
    assert_eq!(
        message,
        "smartcheck: the contract of `bailing` is broken: ensures `result.is_ok()`"
    );
}

#[test]
fn signatures_a_contract_once_refused_work() {
    let mut b = Bytes(vec![1, 2]);
    *b.first_mut() = 7;
    assert_eq!(b.0, [7, 2]);
    let mut v = [1, 2, 3];
    *last_mut(&mut v).expect("not empty") = 9;
    assert_eq!(v, [1, 2, 9]);
    assert_eq!(last_mut(&mut []), None);
    assert_eq!(evens(vec![1, 2, 4]).count(), 2);
    assert_eq!(count_a("banana"), 3);
    assert_eq!(count_a(String::from("a")), 1);
}

/// Wrong: the index of the last element, one too far. Its `ensures` indexes by the result, so
/// the clause itself panics when the result is wrong.
#[smartcheck::contract(requires = !v.is_empty(), ensures = v[result] == *v.last().unwrap(), test = false)]
fn last_index(v: &[u8]) -> usize {
    v.len()
}

/// A clause that panics while it is checked is named with the panic's message (it was the
/// bare "index out of bounds", the clause unnamed).
#[test]
#[cfg_attr(not(debug_assertions), ignore = "run-time checks compile away without debug assertions")]
fn a_clause_that_panics_is_named() {
    let message = panic_message(|| {
        last_index(&[4, 5]);
    });
    assert_eq!(
        message,
        "smartcheck: the contract of `last_index` is broken: ensures \
         `v[result] == *v.last().unwrap()` panicked: index out of bounds: the len is 2 but the \
         index is 2"
    );
}

#[test]
#[cfg_attr(not(debug_assertions), ignore = "run-time checks compile away without debug assertions")]
fn a_broken_clause_is_printed_as_written() {
    let message = panic_message(|| {
        lossy_shout("ab".into());
    });
    assert_eq!(
        message,
        "smartcheck: the contract of `lossy_shout` is broken: ensures `result.starts_with(&name)`"
    );
    let message = panic_message(|| {
        let _ = minus(0, 1);
    });
    assert_eq!(
        message,
        "smartcheck: the contract of `minus` is broken: ensures \
         `match &result { Ok(v) => *v <= a, Err(_) => true, }`"
    );
    let message = panic_message(|| {
        Bytes(vec![]).first_mut();
    });
    assert_eq!(
        message,
        "smartcheck: the contract of `first_mut` is broken: requires `!self.0.is_empty()`"
    );
}

/// `smartcheck::__private::args_fields!` is `Args` rebuilt field by field from the list of
/// its fields the contract macro keeps (it cannot see the type): a struct literal without
/// `..`, so a field added to `Args` and not to the list (E0063), or a listed field that
/// `Args` does not have (E0560), fails to build this test. Keys that are neither in the list
/// nor the contract's own are refused, so the list must be complete.
#[test]
fn the_contract_macro_knows_every_field_of_args() {
    use smartcheck::Args;
    let original = Args { seed: Some(7), tests: 3, verbose: true, ..Args::default() };
    let copy: Args = smartcheck::__private::args_fields!(original);
    assert_eq!(copy, original);
}

fn panic_message(f: impl FnOnce() + std::panic::UnwindSafe) -> String {
    let err = std::panic::catch_unwind(f).expect_err("the contract is broken");
    err.downcast_ref::<String>().cloned().unwrap_or_default()
}

#[test]
#[cfg_attr(not(debug_assertions), ignore = "run-time checks compile away without debug assertions")]
fn a_broken_requires_names_the_clause() {
    let message = panic_message(|| {
        insert(&[2, 1], 0);
    });
    assert_eq!(message, "smartcheck: the contract of `insert` is broken: requires `sorted(list)`");
}

/// Contracts cost nothing where debug assertions are off (`cargo test --release`): the
/// function is then exactly as written, and a broken `requires` goes unnoticed. (The
/// `release-contracts` feature of `smartcheck` keeps the checks there; this crate leaves it
/// off.)
#[test]
fn a_broken_requires_panics_only_in_builds_with_debug_assertions() {
    let panicked = std::panic::catch_unwind(|| insert(&[2, 1], 0)).is_err();
    assert_eq!(panicked, cfg!(debug_assertions));
}

#[test]
#[cfg_attr(not(debug_assertions), ignore = "run-time checks compile away without debug assertions")]
fn a_broken_ensures_names_the_clause() {
    let message = panic_message(|| {
        buggy_insert(&[0, 1], 1);
    });
    assert_eq!(
        message,
        "smartcheck: the contract of `buggy_insert` is broken: ensures \
         `result.len() == list.len() + 1`"
    );
    assert_eq!(shout("hi".into()), "hi!");
    assert_eq!(zeros(Count(3)), [0, 0, 0]);
    assert_eq!(Words(vec!["a".into(), "b".into()]).count(), 2);
    assert_eq!(joined(("ab".into(), "c".into())), "abc");
    let message = panic_message(|| {
        buggy_shout("a ".into());
    });
    assert_eq!(
        message,
        "smartcheck: the contract of `buggy_shout` is broken: ensures \
         `result.len() == name.len() + 1`"
    );
    let message = panic_message(|| Counter(u32::MAX).bump(1));
    assert_eq!(message, "smartcheck: the contract of `bump` is broken: ensures `self.0 > 0`");
    let mut c = Counter(1);
    c.bump(2);
    assert_eq!(c.0, 3);
}

#[test]
fn the_generated_test_finds_the_bug() {
    let (passed, stderr) = run_contract_test("smartcheck_contract_buggy_insert");
    assert!(!passed, "the contract test passed:\n{stderr}");
    assert!(stderr.contains("random discovery: smartcheck: "), "{stderr}");
    assert!(stderr.contains("exhaustive check: smartcheck: failed at value "), "{stderr}");
    assert!(stderr.contains("  ([0, 1], 1)\n"), "{stderr}");
    assert!(stderr.contains("is broken: ensures `result.len() == list.len() + 1`"), "{stderr}");
}

/// The generated test's output, run alone in a child process.
fn run_contract_test(name: &str) -> (bool, String) {
    run_contract_test_with(name, &[])
}

/// [`run_contract_test`] with `env` set in the child.
fn run_contract_test_with(name: &str, env: &[(&str, &str)]) -> (bool, String) {
    let out = Command::new(std::env::current_exe().expect("the test binary"))
        .args([
            crate::test_name(module_path!(), name).as_str(),
            "--exact",
            "--ignored",
            "--nocapture",
        ])
        .env("SMARTCHECK_PERSIST", "0")
        .envs(env.iter().copied())
        .output()
        .expect("the test binary runs");
    (out.status.success(), String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn a_contract_test_checks_every_value_when_random_discovery_gives_up() {
    let (passed, stderr) = run_contract_test("smartcheck_contract_find");
    assert!(!passed, "the contract test passed:\n{stderr}");
    assert!(stderr.contains("random discovery: smartcheck: gave up after "), "{stderr}");
    assert!(stderr.contains("exhaustive check: smartcheck: failed at value "), "{stderr}");
    assert!(stderr.contains("  ([0, 1, 2, 3], 3)\n"), "{stderr}");
    // Named in every build: the test checks each `ensures` itself.
    assert!(
        stderr.contains("is broken: ensures `result == list.iter().position(|&y| y == x)`"),
        "{stderr}"
    );
}

/// Wrong: a search whose upper bound leaves out the last element of lists of three or more.
/// Its `requires` lets about a quarter of random lists through, short ones most: random
/// discovery does not give up, and passed in most seeds. Run in child processes by
/// `a_contract_test_checks_every_value_when_most_arguments_are_discarded`.
#[smartcheck::contract(
    requires = sorted(v),
    ensures = match result { Some(i) => v[i] == x, None => !v.contains(&x) },
    ignore = true,
    persist = false,
)]
fn search(v: &[u8], x: u8) -> Option<usize> {
    let (mut lo, mut hi) = (0, if v.len() >= 3 { v.len() - 1 } else { v.len() });
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        match v[mid].cmp(&x) {
            std::cmp::Ordering::Equal => return Some(mid),
            std::cmp::Ordering::Less => lo = mid + 1,
            std::cmp::Ordering::Greater => hi = mid,
        }
    }
    None
}

/// Random discovery that passes having discarded at least as many arguments as it tested is
/// followed by every argument tuple up to depth 5, as one that gives up is: the search's bug
/// is found in every seed (random discovery alone missed it in 23 of 30).
#[test]
fn a_contract_test_checks_every_value_when_most_arguments_are_discarded() {
    for seed in 0..10 {
        let seed = seed.to_string();
        let env = [("SMARTCHECK_SEED", seed.as_str())];
        let (passed, stderr) = run_contract_test_with("smartcheck_contract_search", &env);
        assert!(!passed, "seed {seed}: the contract test passed:\n{stderr}");
        assert!(stderr.contains("is broken: ensures `match result"), "seed {seed}: {stderr}");
    }
}

/// A budget, drawn as the one argument of `spend`.
#[derive(Clone, Debug, smartcheck::Arbitrary, smartcheck::SubTypes, smartcheck::Enumerate)]
struct Budget {
    items: Vec<u8>,
}

/// Wrong: an item of 3 or more is over budget. One argument: its counterexample is printed as
/// the argument (`Budget { items: [3] }`), as a one-argument property's is; it was a 1-tuple,
/// `(Budget { items: [3] },)`. Run in a child process by
/// `a_one_argument_counterexample_is_the_argument`.
#[smartcheck::contract(
    ensures = result < 3,
    ignore = true,
    persist = false,
    seed = Some(1),
)]
fn spend(b: Budget) -> u8 {
    b.items.iter().copied().max().unwrap_or(0)
}

#[test]
fn a_one_argument_counterexample_is_the_argument() {
    let (passed, stderr) = run_contract_test("smartcheck_contract_spend");
    assert!(!passed, "the contract test passed:\n{stderr}");
    assert!(!stderr.contains(",)"), "a 1-tuple:\n{stderr}");
    assert!(stderr.contains("\n  Budget { items: ["), "{stderr}");
}

/// Wrong: divides by the number of items, which may be none. Its contract states no clause
/// (it was a compile error, "a contract needs at least one `requires = ...` or `ensures = ...`
/// clause"): the generated test still calls it on drawn arguments, and finds the panic. Run
/// in a child process by `a_contract_without_clauses_finds_a_panic`.
#[smartcheck::contract(ignore = true, persist = false, seed = Some(1))]
fn average(b: &Budget) -> usize {
    b.items.iter().map(|&i| usize::from(i)).sum::<usize>() / b.items.len()
}

#[test]
fn a_contract_without_clauses_finds_a_panic() {
    assert_eq!(average(&Budget { items: vec![1, 3] }), 2);
    let (passed, stderr) = run_contract_test("smartcheck_contract_average");
    assert!(!passed, "the contract test passed:\n{stderr}");
    assert!(stderr.contains("\n  Budget { items: [] }\n"), "{stderr}");
    assert!(stderr.contains("attempt to divide by zero"), "{stderr}");
}

/// Lifetime parameters only (it was refused as "a generic function"): the generated test
/// draws owned strings and lends them for the call.
#[smartcheck::contract(ensures = result.len() == a.len().max(b.len()))]
fn longest<'a>(a: &'a str, b: &'a str) -> &'a str {
    if a.len() >= b.len() {
        a
    } else {
        b
    }
}

/// A named lifetime on a `&mut` argument and on a type's parameter, with a bound between
/// them; the test draws a `Vec<u8>` and lends it mutably.
#[smartcheck::contract(requires = v.len() < 50, ensures = result == v.len())]
fn pushed<'a, 'b: 'a>(v: &'a mut Vec<u8>, extra: &'b [u8]) -> usize
where
    'a: 'a,
{
    v.extend_from_slice(extra);
    v.len()
}

#[test]
fn lifetime_parameters_get_a_test() {
    assert_eq!(longest("ab", "c"), "ab");
    let mut v = vec![1];
    assert_eq!(pushed(&mut v, &[2, 3]), 3);
}

/// An input with a byte and a list.
#[derive(Debug, Clone, smartcheck::SubTypes, smartcheck::Arbitrary)]
struct Counted {
    a: u8,
    b: Vec<u8>,
}

/// Two bugs, each breaking a clause of its own: a large `a` passed through, a 7 counted
/// twice.
#[smartcheck::contract(ensures = result.0 <= 200, ensures = result.1 <= input.b.len(), test = false)]
fn counted(input: &Counted) -> (u8, usize) {
    let x = if input.a > 200 { input.a } else { 0 };
    (x, input.b.len() + usize::from(input.b.contains(&7)))
}

/// Each clause panics where it is written, a site of its own: two broken clauses are two
/// classes (the second was counted among the first's instances, all panics of a contract at
/// its attribute: found in 0 of 12 seeds).
#[test]
#[cfg_attr(not(debug_assertions), ignore = "run-time checks compile away without debug assertions")]
fn two_broken_clauses_of_one_contract_are_two_classes() {
    let mut both = 0;
    for seed in 0..10 {
        let args = smartcheck::Args { seed: Some(seed), ..smartcheck::Args::default() };
        let report = smartcheck::smart_check(&args, |i: &Counted| {
            counted(i);
        });
        let text = report.to_string();
        both += usize::from(
            text.contains("result.0 <= 200") && text.contains("result.1 <= input.b.len()"),
        );
    }
    assert!(both >= 8, "both clauses reported in {both} of 10 seeds");
}

/// A lifetime parameter in an argument's type that is no reference: it was E0521, "borrowed
/// data escapes outside of function" (the run-time check of the argument's type invariants
/// chose the checker of `Cow<'static, str>`, and so asked `'a: 'static`).
#[smartcheck::contract(requires = s.len() < 1000, ensures = result == s.len())]
fn cow<'a>(s: std::borrow::Cow<'a, str>) -> usize {
    s.len()
}

/// The same lifetime, elided.
#[allow(elided_lifetimes_in_paths)]
#[smartcheck::contract(ensures = result == s.len())]
fn cow_elided(s: std::borrow::Cow<str>) -> usize {
    s.len()
}

/// A lifetime a type alias hides, shown as the contract asks (`Text` alone is a compile error
/// at the type: `tests/ui-tests/tests/ui/contract_hidden_lifetime.rs`).
type Text<'a> = std::borrow::Cow<'a, str>;

#[smartcheck::contract(ensures = result == s.len())]
fn text_len(s: Text<'_>) -> usize {
    s.len()
}

/// A result that borrows through a lifetime in its type: the test lends the drawn string and
/// the result lives no longer.
#[smartcheck::contract(ensures = result.len() <= s.len())]
fn trimmed<'a>(s: &'a str) -> std::borrow::Cow<'a, str> {
    std::borrow::Cow::Borrowed(s.trim())
}

/// Wrong: counts characters, not bytes. Its generated test, run in a child process by
/// `lifetimes_in_argument_types_get_a_test`, finds the non-ASCII text.
#[smartcheck::contract(ensures = result == s.len(), ignore = true, persist = false, seed = Some(1))]
fn byte_len<'a>(s: std::borrow::Cow<'a, str>) -> usize {
    s.chars().count()
}

#[test]
fn lifetimes_in_argument_types_get_a_test() {
    assert_eq!(cow("ab".into()), 2);
    assert_eq!(cow_elided(String::from("abc").into()), 3);
    assert_eq!(text_len("abcd".into()), 4);
    assert_eq!(trimmed(" a "), "a");
    let (passed, stderr) = run_contract_test("smartcheck_contract_byte_len");
    assert!(!passed, "the contract test passed:\n{stderr}");
    assert!(stderr.contains("is broken: ensures `result == s.len()`"), "{stderr}");
}

/// Two bugs at two lines of a `#[track_caller]` body. Run in child processes by
/// `two_panics_in_a_track_caller_body_are_two_classes`.
#[smartcheck::contract(ignore = true, persist = false)]
#[track_caller]
fn tally(input: &Counted) -> usize {
    assert!(input.a <= 200, "a large `a`");
    assert!(!input.b.contains(&7), "a 7");
    input.b.len()
}

/// Each panic in a `#[track_caller]` body is a site of its own in the contract's test, so two
/// bugs are two classes. (The body, inlined to keep the caller, panicked at its caller: the
/// one call in the generated test, every bug one class.)
#[test]
fn two_panics_in_a_track_caller_body_are_two_classes() {
    let both = seeds_failing_with("smartcheck_contract_tally", |stderr| {
        stderr.contains("a large `a`") && stderr.contains("a 7")
    });
    assert!(both >= 8, "both bugs reported in {both} of 10 seeds");
}

/// Runs the ignored contract test `name` in a child process at seeds 0 to 9, each expected
/// to fail; how many of their reports `both` accepts.
fn seeds_failing_with(name: &str, both: impl Fn(&str) -> bool) -> usize {
    let mut count = 0;
    for seed in 0..10 {
        let seed = seed.to_string();
        let env = [("SMARTCHECK_SEED", seed.as_str())];
        let (passed, stderr) = run_contract_test_with(name, &env);
        assert!(!passed, "the contract test passed:\n{stderr}");
        count += usize::from(both(&stderr));
    }
    count
}

/// `counted`'s two bugs, each breaking a clause of its own, in a `#[track_caller]` function.
/// Run in child processes by `two_broken_clauses_of_a_track_caller_function_are_two_classes`.
#[smartcheck::contract(
    ensures = result.0 <= 200,
    ensures = result.1 <= input.b.len(),
    ignore = true,
    persist = false,
)]
#[track_caller]
fn counted_here(input: &Counted) -> (u8, usize) {
    let x = if input.a > 200 { input.a } else { 0 };
    (x, input.b.len() + usize::from(input.b.contains(&7)))
}

/// In the contract's test each broken clause of a `#[track_caller]` function is located at
/// the clause, as for any function (both were at the test's one call).
#[test]
fn two_broken_clauses_of_a_track_caller_function_are_two_classes() {
    let both = seeds_failing_with("smartcheck_contract_counted_here", |stderr| {
        stderr.contains("ensures `result.0 <= 200`")
            && stderr.contains("ensures `result.1 <= input.b.len()`")
    });
    assert!(both >= 8, "both clauses reported in {both} of 10 seeds");
}

/// A `#[track_caller]` function whose `requires` its caller breaks.
#[smartcheck::contract(requires = x < 100, test = false)]
#[track_caller]
fn small(x: u8) -> u8 {
    x / 2
}

/// A broken clause of a `#[track_caller]` function still points at its caller.
#[test]
#[cfg_attr(not(debug_assertions), ignore = "run-time checks compile away without debug assertions")]
fn a_track_caller_functions_broken_clause_points_at_its_caller() {
    let args = smartcheck::Args { seed: Some(1), ..smartcheck::Args::default() };
    let report = smartcheck::smart_check(&args, |x: &u8| small(*x) < 200);
    let line = line!() - 1;
    let at = format!("panicked at tests/suite/contract.rs:{line}:");
    let text = report.to_string();
    assert!(text.contains(&at), "{text}");
    assert!(text.contains("is broken: requires `x < 100`"), "{text}");
}

/// A `#[track_caller]` body that leaves early by `?` and by `return`: it keeps its caller (it
/// ran in a closure, where `Location::caller()` named the line in the body).
#[smartcheck::contract(ensures = result != Some(0), test = false)]
#[track_caller]
fn caller_line(n: Option<u8>) -> Option<u32> {
    let n = n?;
    if n == 0 {
        // A path from the root after `return`: `break 'label ::core...` is no label `'label:`.
        return ::core::option::Option::Some(0);
    }
    Some(std::panic::Location::caller().line())
}

/// Why `parsed` failed.
#[derive(Debug)]
struct Unparsed(String);

impl From<std::num::ParseIntError> for Unparsed {
    fn from(e: std::num::ParseIntError) -> Self {
        Unparsed(e.to_string())
    }
}

/// `?` converting its error with `From`, and an early `return` that breaks `ensures` (a 7).
#[smartcheck::contract(ensures = result.as_ref().map_or(true, |r| r.1 > 0), test = false)]
#[track_caller]
fn parsed(s: &str) -> Result<(u8, u32), Unparsed> {
    let v: u8 = s.parse()?;
    if v == 7 {
        return Ok((v, 0));
    }
    Ok((v, std::panic::Location::caller().line()))
}

/// A closure in the body leaves itself by `?` and `return`, which stay the closure's.
#[smartcheck::contract(ensures = result <= 3, test = false)]
#[track_caller]
fn small_ones(v: &[Option<u8>]) -> usize {
    let small = |x: &Option<u8>| -> Option<u8> {
        let y = (*x)?;
        if y > 5 {
            return None;
        }
        Some(y)
    };
    let found = v.iter().filter_map(small).count();
    if found > 3 {
        return 3;
    }
    found
}

/// A `?` that begins a statement and a method chain: rewritten, it is a `match` there.
#[smartcheck::contract(ensures = result.is_none_or(|n| n > 0), test = false)]
#[track_caller]
fn pushed_len(v: Option<Vec<u8>>) -> Option<usize> {
    let mut v = v;
    v.as_mut()?.push(1);
    Some(v?.len())
}

/// `return;` in a function of `()`, `let ... else { return; }`, a labelled loop's own `break`
/// and a nested function's own `return`: each leaves what it left before the rewrite.
#[smartcheck::contract(requires = limit < 100, ensures = counter.len() <= 100, test = false)]
#[track_caller]
fn count_up(counter: &mut Vec<u8>, limit: u8, first: Option<u8>) {
    fn clamp(x: u8) -> u8 {
        if x > 50 {
            return 50;
        }
        x
    }
    let Some(mut n) = first else {
        return;
    };
    'outer: loop {
        if n >= limit {
            break 'outer;
        }
        counter.push(clamp(n));
        n += 1;
        if counter.len() >= 100 {
            return;
        }
    }
}

/// An early `return` in a body whose type is `impl Trait`, not written on the inlined block.
#[smartcheck::contract(ensures = result.size_hint() == (1, Some(1)), test = false)]
#[track_caller]
fn line_once(n: u8) -> impl Iterator<Item = u32> {
    if n == 0 {
        return std::iter::once(0);
    }
    std::iter::once(std::panic::Location::caller().line())
}

#[test]
fn a_track_caller_body_that_leaves_early_keeps_its_caller() {
    assert_eq!(line_once(1).next(), Some(line!()));
    assert_eq!(line_once(0).next(), Some(0));
    let mut v = Vec::new();
    count_up(&mut v, 3, Some(1));
    count_up(&mut v, 3, None);
    count_up(&mut v, 99, Some(49));
    assert_eq!(v.len(), 2 + 50);
    assert_eq!(v[..4], [1, 2, 49, 50]);
    assert_eq!(v.last(), Some(&50));
    assert_eq!(pushed_len(Some(vec![])), Some(1));
    assert_eq!(pushed_len(None), None);
    assert_eq!(caller_line(Some(3)), Some(line!()));
    assert_eq!(caller_line(None), None);
    assert_eq!(parsed("5").expect("a number").1, line!());
    assert!(matches!(parsed("x"), Err(Unparsed(m)) if m.contains("invalid digit")));
    assert_eq!(small_ones(&[Some(1), None, Some(9), Some(2)]), 2);
    assert_eq!(small_ones(&[Some(1); 5]), 3);
}

/// An early `return` of a body inlined for `#[track_caller]` still reaches the checks.
#[test]
#[cfg_attr(not(debug_assertions), ignore = "run-time checks compile away without debug assertions")]
fn an_early_return_of_a_track_caller_body_is_checked() {
    let message = panic_message(|| {
        let _ = parsed("7");
    });
    assert_eq!(
        message,
        "smartcheck: the contract of `parsed` is broken: ensures \
         `result.as_ref().map_or(true, |r| r.1 > 0)`"
    );
    let message = panic_message(|| {
        let _ = caller_line(Some(0));
    });
    assert_eq!(
        message,
        "smartcheck: the contract of `caller_line` is broken: ensures `result != Some(0)`"
    );
}
