//! smartcheck finds, shrinks and *explains* counterexamples to property-based tests.
//!
//! It brings SmartCheck (Lee Pike, Haskell Symposium 2014) to Rust: derive two traits on your
//! types, state a property, and smartcheck
//! 1. finds a failing input by random testing (as QuickCheck does, sizes growing),
//! 2. reduces it with the paper's sub-value algorithm (§4), then minimises the numbers, chars
//!    and strings in it,
//! 3. generalizes it: which sub-values may be *anything* (`forall values x0`), which may have
//!    *any constructor* (`forall constructors c0`) (§5.1, §5.2),
//! 4. and looks again for counterexamples of another shape (precondition strengthening,
//!    §5.3), so one run reports every class of failure it can find.
//!
//! # Quick start
//!
//! ```
//! use smartcheck::{Arbitrary, SubTypes, Verdict};
//!
//! #[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
//! enum Exp {
//!     C(i32),
//!     Add(Box<Exp>, Box<Exp>),
//!     Div(Box<Exp>, Box<Exp>),
//! }
//!
//! fn eval(e: &Exp) -> Option<i32> {
//!     match e {
//!         Exp::C(i) => Some(*i),
//!         Exp::Add(a, b) => Some(eval(a)?.wrapping_add(eval(b)?)),
//!         Exp::Div(a, b) => match eval(b)? {
//!             0 => None,
//!             d => Some(eval(a)?.wrapping_div(d)),
//!         },
//!     }
//! }
//!
//! // The property: evaluation never fails. (It does: `Div(C(1), C(0))`.)
//! fn total(e: &Exp) -> bool {
//!     eval(e).is_some()
//! }
//!
//! let args = smartcheck::Args { seed: Some(1), ..smartcheck::Args::default() };
//! let report = smartcheck::smart_check(&args, total);
//! assert!(report.failed());
//! let cex = &report.counterexamples()[0];
//! assert_eq!(cex.value(), &Exp::Div(Box::new(Exp::C(0)), Box::new(Exp::C(0))));
//! assert!(eval(cex.value()).is_none()); // the reported value always fails when re-run
//! println!("{report}");
//! ```
//!
//! In a test, [`check`] runs the same and panics with the report, so it works under
//! `cargo test` and `cargo nextest`; or write the property as a test with
//! [`property`](macro@property):
//!
//! ```no_run
//! # use smartcheck::{Arbitrary, SubTypes};
//! # #[derive(Debug, Clone, SubTypes, Arbitrary)] enum Exp { C(i32) }
//! # fn eval(_: &Exp) -> Option<i32> { None }
//! #[smartcheck::property(tests = 1000)]
//! fn evaluation_is_total(e: Exp) -> bool {
//!     eval(&e).is_some()
//! }
//! ```
//!
//! # Properties and preconditions
//!
//! A property is any `Fn(&T) -> R` where `R` is a [`PropertyResult`]: `bool`, [`Verdict`],
//! `()` (a panic is the failure), or `Result<_, E>` (an `Err` is the failure, shown with its
//! `Debug`). A panic is always a failure, with its message and location in the report; panic
//! output is silenced while smartcheck searches. Several arguments are a tuple: tuples (up to
//! 12) implement both traits.
//!
//! [`Verdict::implies`] is QuickCheck's `==>`: an input that fails the precondition is
//! *discarded*, neither a pass nor a failure; too many discards and the run *gives up*
//! (reported as such; `check` fails on it too).
//!
//! ```
//! use smartcheck::Verdict;
//! fn sorted_after_insert(v: &(Vec<u8>, u8)) -> Verdict {
//!     let (list, x) = v;
//!     let is_sorted = list.windows(2).all(|w| w[0] <= w[1]);
//!     let mut out = list.clone();
//!     let at = out.iter().position(|y| y >= x).unwrap_or(out.len());
//!     out.insert(at, *x);
//!     Verdict::implies(is_sorted, out.windows(2).all(|w| w[0] <= w[1]))
//! }
//! let report = smartcheck::smart_check(&smartcheck::Args::default(), sorted_after_insert);
//! assert!(report.passed());
//! ```
//!
//! # Reading the report
//!
//! The calculator example (`SMARTCHECK_SEED=0x5eed cargo run --example calculator`):
//!
//! <!-- report: calculator seed=0x5eed -->
//! ```text
//! smartcheck: property failed after 42 tests in 2 rounds (28 discarded); skipped 41 inputs that are instances of counterexample 1; seed 0x5eed (rerun: SMARTCHECK_SEED=0x5eed)
//! counterexample 1 of 1, reduced from 7 to 5 constructors in 53 evaluations:
//!   Div(C(0), Add(C(0), C(0)))
//! failure: the property returned false
//! generalized in 536 evaluations:
//!   forall values x0: forall constructors c0 in {Add, Div}: there exist arguments such that
//!     Div(x0, c0(..))
//!   (no pass in 104 values; 100 met the precondition, 94 of them distinct)
//!   (x0 ranges over values that satisfy the precondition: it rejected 4 of the tries that varied x0)
//! 711 property evaluations in all
//! ```
//!
//! - The first line: how many random tests ran and the seed; rerun with the same seed and the
//!   same report comes out, on any machine.
//! - Each counterexample: its size (constructors of non-opaque values) before and after
//!   reduction, the value in Rust syntax ([`Format::Value`]) or as the paper's tree
//!   ([`Format::Tree`]), and why it fails.
//! - `generalized`: `forall values x0` means every value tried in place of `x0` failed too (so
//!   the numerator above does not matter); `forall constructors c0: there exist arguments`
//!   means that for every constructor of that sub-value's type some value built with it fails
//!   (`c0 in {Add, Div}` above: for each of those; the others, here `C`, had no failing
//!   value among those tried, which is no proof that none fails: a constructor whose only
//!   failing values are deep, such as a product of a product by zero, can be left out); over
//!   a type of fieldless variants, which take no arguments, it reads
//!   `forall constructors c0 in {Low, Normal}:` over `Job { level: c0 }`: each of those fails;
//!   `forall constructors k0 in {Add, Sub}` over `k0(Lit(x1), In)` means the sub-value may
//!   have either of those constructors with the same arguments, and every such instance
//!   fails: a claim checked like a value variable's, with every variable drawn, for the root
//!   or a sub-value above a variable whose type has other constructors of the same fields,
//!   or one with nothing claimed in or above it (struct variants match field by field:
//!   `k0 { width | x: x0, height | y: x1 }` names each field as each constructor does);
//!   `forall orders of the tuple's fields` (or `of Shipment's fields front, back`) means
//!   those fields of one type may come in any order and every instance still fails (two
//!   lists whose elements a sum reads alike).
//!   The evidence line says how many replacements were tried and how many met the
//!   precondition (a claim stops at its 100th failing replacement, or at the first that
//!   passes: then it is not made), and how many of those were distinct when draws repeated
//!   (a small type or range; each variable must take two values at least, or it is no
//!   variable); a note says where a claim needed the precondition. When every variable has
//!   few known values (a `bool`, an integer in a `range` of at most `max_forall` values, an
//!   `Option` field of one) and
//!   their combinations number `max_forall` at most, each combination is run instead of a
//!   sample, and the line says so: `no pass in all 8 values`. The
//!   replacements are the type's simplest values, random ones at growing sizes, its edge
//!   values (`SubTypes::edge_values`: `MIN` and `MAX`, NaN, a space, `Some` or a list of
//!   one of them), for a string also strings that hold a separator one to three times
//!   (`"a,b,c"`), and values near the counterexample's own; for a
//!   `#[smartcheck(range = ..)]` field and the integers in it, values within the range
//!   (`Some` of one, a list of them). A replacement outside its
//!   type's range or invariant is no value of the type: neither run nor counted.
//! - A variable at several places (`[x1, x1, x1, ..x0]`) is one value at all of them, whichever
//!   it is. `with x1 != x2` between two fieldless variants (`Eur`, `Usd`), or between two
//!   sub-values of one type (`Sub(x0, x1)`, any two expressions), says the bug needs them to
//!   differ, whichever they are; a later input whose two differ there is an instance.
//!   `with x0 < x1` (or `<=`) orders numbers, chars, and fieldless variants by their places
//!   in the enum's declaration (`Low < Normal < High`), which is `derive(PartialOrd)`'s order
//!   unless discriminants are set out of order, and not a hand-written `PartialOrd`'s. Two
//!   equal values in the counterexample (the minimum of a bug over `a <= b`) are tried apart
//!   under `<=` once one or both were claimed.
//! - Further counterexamples come from later rounds, which skip inputs matching an earlier
//!   one's shape (its generalized parts as wildcards) and failing the same way. A later
//!   counterexample that is an earlier one in another shape (a tree rotated, lists merged or
//!   sorted, one operation of a list moved) is merged into it, not reported again.
//!
//! # Attributes
//!
//! - `#[smartcheck(opaque)]` on a type: its values are black boxes, printed with `Debug`,
//!   never changed by reduction or generalization. On a field: that field is frozen.
//! - `#[smartcheck(skip)]` on a variant: never generated.
//! - `#[smartcheck(weight = N)]` on a variant: generated N times as often as a weight-1 one.
//! - `#[smartcheck(with = path)]` on a field: generated by `path: fn(&mut Gen) -> FieldType`,
//!   which should keep the value's size within `g.budget()`. A field type that implements
//!   `SubTypes` is still reduced by its impl; any other `Clone + Debug` type needs no impl at
//!   all (a type from another crate, which the orphan rule keeps you from deriving for): the
//!   field is an opaque leaf, printed with `Debug`, never generalized, and left as generated
//!   unless `#[smartcheck(shrink = path)]` names `fn(&FieldType) -> Vec<FieldType>` giving
//!   simpler values, simplest first. With `shrink`, the function is the field's only
//!   reduction whatever its type: a `String` drawn from a small domain (names, keys) stays in
//!   it, where the `String` impl would shorten it to `""`.
//! - `#[smartcheck(range = LO..=HI)]` (or `LO..HI`) on a field of any integer type, or an
//!   `Option` or `Vec` of one, nested as deep as you like (`Vec<Option<i8>>`,
//!   `Option<Vec<u16>>`): the integers stay within the range. Generation draws inside it
//!   (favouring `LO`, `HI` and values near `LO`, as integers favour 0 and their boundaries),
//!   and every candidate of reduction, generalization and strengthening that leaves it is
//!   discarded, never run: the range is part of the type. The bounds are integer literals
//!   (`-` allowed); an empty range, other bounds, `range` beside `with`, and a field that
//!   holds no integers are compile errors.
//! - `#[smartcheck(prefix = path)]` on a field written `Vec<T>`: `path: fn(&[T]) -> bool`
//!   holds of the list and of every prefix of it (a prefix-closed condition: sorted, no
//!   duplicates, a bound on a running sum; the condition is your promise, checked of the
//!   whole list). Generation draws the list element by element, drawing again an element that
//!   would break it (up to 8 times, then the list ends there; early elements are drawn
//!   small, so a sorted list of bytes mostly has 3 to 9 elements), reduction, generalization
//!   and strengthening never run a candidate that breaks it, `Enumerate` never extends a prefix
//!   that breaks it (an exhaustive run counts what that skipped as pruned, so a property over
//!   the type prunes with no `lists_where` written), and `#[smartcheck::contract]` checks it
//!   of every argument and result. With `range` beside it, the elements are drawn and
//!   enumerated within the range too.
//! - `#[smartcheck(invariant = path)]` on a struct or enum: `path: fn(&Self) -> bool` holds of
//!   every value of the type (checked at each node of that type; the parts' own invariants are
//!   theirs). Generation draws again while it fails (smaller after repeated failures, at most
//!   1,000 draws again per value; a value that still breaks it is a discard), reduction,
//!   generalization and strengthening never run a candidate that breaks it, `Enumerate` never
//!   lists one nor any value holding one (and an exhaustive run counts them as pruned), and
//!   `#[smartcheck::contract]` checks it of every argument and result.
//! - `#[smartcheck(crate = path)]` on a type: where the facade is, when it is renamed or
//!   re-exported.
//!
//! Unknown or misplaced attributes, unions, empty enums and types that contain themselves
//! with no base case are compile errors.
//!
//! A recursive type (one whose variant holds the type again, in a `Box`, a `Vec` or any
//! other type) grows toward the budget it is generated within: its recursive variants are
//! picked more often while budget is left, so a list's length is uniform up to its budget and
//! a tree has about half its budget in constructors. Recursion through another type
//! (`A` holds a `B` that holds an `A`) keeps the plain weights; `weight = N` tunes it.
//!
//! ```
//! use smartcheck::{Arbitrary, Gen, SubTypes};
//!
//! #[derive(Debug, Clone, SubTypes, Arbitrary)]
//! enum Op {
//!     #[smartcheck(weight = 3)]
//!     Push(#[smartcheck(with = small)] u8),
//!     Pop,
//!     #[smartcheck(skip)]
//!     Reset,
//! }
//!
//! fn small(g: &mut Gen) -> u8 {
//!     g.below(10) as u8
//! }
//! # let mut g = Gen::new(7, 20);
//! # for _ in 0..100 { assert!(!matches!(Op::arbitrary(&mut g), Op::Reset)); }
//! ```
//!
//! ```
//! use std::time::Instant;
//! use smartcheck::{Arbitrary, Gen, SubTypes};
//!
//! #[derive(Debug, Clone, SubTypes, Arbitrary)]
//! struct Event {
//!     // `Instant` implements neither trait, and cannot be made to.
//!     #[smartcheck(with = now)]
//!     at: Instant,
//!     #[smartcheck(with = port, shrink = lower_port)]
//!     port: Port,
//!     payload: Vec<u8>,
//! }
//!
//! #[derive(Debug, Clone, PartialEq)]
//! struct Port(u16); // as if from another crate
//!
//! fn now(_: &mut Gen) -> Instant {
//!     Instant::now()
//! }
//! fn port(g: &mut Gen) -> Port {
//!     Port(1024 + g.below(1000) as u16)
//! }
//! fn lower_port(p: &Port) -> Vec<Port> {
//!     (p.0 > 1024).then(|| Port(p.0 - 1)).into_iter().collect()
//! }
//! # let args = smartcheck::Args { seed: Some(1), ..smartcheck::Args::default() };
//! # let report = smartcheck::smart_check(&args, |e: &Event| e.port.0 < 1500);
//! # assert_eq!(report.counterexamples()[0].value().port, Port(1500));
//! ```
//!
//! ```
//! use smartcheck::{Arbitrary, Args, SubTypes};
//!
//! #[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
//! struct Pool {
//!     #[smartcheck(range = 1..=64)]
//!     threads: u16,
//!     #[smartcheck(range = -10..10)]
//!     offsets: Vec<i32>,
//! }
//!
//! // The bug needs 16 threads or more; 16 is the smallest counterexample, and no value outside
//! // the ranges is ever tried.
//! let report = smartcheck::smart_check(&Args { seed: Some(3), ..Args::default() }, |p: &Pool| {
//!     p.threads < 16 && p.offsets.iter().all(|o| (-10..10).contains(o))
//! });
//! assert_eq!(report.counterexamples()[0].value(), &Pool { threads: 16, offsets: vec![] });
//! ```
//!
//! # Arguments
//!
//! [`Args`] has public fields and `Default` (the paper's `scStdArgs` and QuickCheck's
//! `stdArgs`): `tests` (100), `max_discard_ratio` (10), `max_gen_size` (100), `max_size` (10:
//! replacements during reduction are smaller), `max_depth` (none), `max_reduce` (100 random
//! replacements per sub-value), `run_forall`/`max_forall`/`min_forall` (true, 500, 100: a
//! claim needs 100 tries that meet the precondition and fail, with no pass, out of at most
//! 500), `run_exists`/`max_exists`/`exists_assignments` (true, 60, 4), `rounds` (3),
//! `shrink_values` (true), `max_reduce_evaluations` (100,000), `timeout_ms` (60,000: the time
//! one evaluation may take), `format`, `interactive` (ask on stdin after each round),
//! `verbose`, `persist` (true), `fork` (false), `exhaustive` (none: random discovery; a
//! depth checks every value up to it, see [`Args::exhaustive`]), `seed` (random, always
//! printed). [`Args::validate`] rejects values that make a run meaningless (`tests = 0`,
//! `min_forall > max_forall`).
//!
//! # Environment
//!
//! | variable | effect on [`check`] |
//! |---|---|
//! | `SMARTCHECK_SEED` | the seed, decimal or `0x` hex |
//! | `SMARTCHECK_TESTS` | random tests per round |
//! | `SMARTCHECK_ROUNDS` | rounds of precondition strengthening |
//! | `SMARTCHECK_TIMEOUT` | the per-evaluation time limit: `5s`, `300ms`, `5` or `off` |
//! | `SMARTCHECK_VERBOSE` | `1`: print the search as it goes, to stderr |
//! | `SMARTCHECK_PERSIST` | `0`: do not save or replay counterexamples |
//! | `SMARTCHECK_FORK` | `1`: run each evaluation in a child process (Unix) |
//! | `SMARTCHECK_EXHAUSTIVE` | a depth: `#[smartcheck::property]` checks every value up to it, where its argument types enumerate (`0`: off) |
//!
//! # Failure persistence
//!
//! [`check`] saves each counterexample it finds (the seed, size and budget its input was
//! generated with, and a hash of it) in `smartcheck-regressions/<test file>.txt` beside the
//! crate, and replays those inputs first on the next run; the search for other classes still
//! runs after them. So do `#[smartcheck::property]` and `#[smartcheck::contract]`'s tests, also
//! for a failure an exhaustive check finds (saved by its place among the values up to the
//! depth). Commit the folder. A run that crashes (abort, stack overflow, out of memory)
//! leaves its seed there: the next run says so and replays that seed first. See [`persist`].
//!
//! # Counterexamples found elsewhere
//!
//! [`reduce()`] and [`generalize()`] take a value found by hand or by another tool (proptest,
//! quickcheck) whose type derives the two traits:
//!
//! ```
//! let found = vec![3, 9, 1000, 4, 7];
//! let args = smartcheck::Args { seed: Some(2), ..smartcheck::Args::default() };
//! let cex = smartcheck::reduce(&args, |v: &Vec<u32>| v.iter().all(|&x| x < 500), found)
//!     .expect("it fails");
//! assert_eq!(cex.value(), &vec![500]);
//! ```
//!
//! # Limits
//!
//! - A property that runs past `timeout_ms` is reported with its input and seed, and then the
//!   test process ends (exit code 101): Rust cannot stop a stuck thread.
//! - Reduction keeps to the failure it started from (same panic location, `Err` variant or
//!   `false`); it never slips to another bug.
//! - Generalization is a claim from tests, not a proof: it tries `max_forall` values and says
//!   when the precondition was needed or joint variation is refuted.
//! - Maps and sets are reduced as lists of entries sorted by key, and print sorted; a field
//!   marked `#[smartcheck(opaque)]` keeps one a black box. In a formula, `{"a": 20, ..x0}`
//!   reads as Rust's struct update: any map `x0` with the entry written out over its own.
//! - Properties and values run on one thread; user `Clone`/`Drop`/`Debug` on deep values run on
//!   a stack that grows on demand.

#![warn(missing_docs)]

/// Testing a whole API from its own functions; see [`api`](macro@api).
pub use smartcheck_core::api;
#[doc(inline)]
pub use smartcheck_core::enumerate::Enumerate;
pub use smartcheck_core::{args, enumerate, exhaustive, persist, render, strengthen, Origin};
pub use smartcheck_core::{
    check, check_with, generalize, reduce, smart_check, AnyOrder, Arbitrary, Args, Bfs, Child,
    Children, Condition, Counterexample, Evidence, Failure, FieldRange, Format, Gen,
    Generalization, Interchangeable, ListNode, ListNodeMut, Node, NodeMut, NodeMutRef, NodeRef,
    Outcome, PropertyResult, ReduceError, Relation, ReplaceError, Report, Shape, Status, SubTree,
    SubTreeNode, SubTypes, SubValue, Variable, Verdict,
};
/// `#[smartcheck::api]`: call programs over an inherent `impl` block's public functions.
pub use smartcheck_derive::api;
/// `#[smartcheck::contract(requires = .., ensures = ..)]`: a function's contract as run-time
/// checks and as a generated test.
pub use smartcheck_derive::contract;
/// `#[smartcheck::property]`: a property function as a plain `#[test]`.
pub use smartcheck_derive::property;
/// `#[derive(Arbitrary)]`: sized random generation for structs and enums.
pub use smartcheck_derive::Arbitrary;
/// Derives [`Enumerate`](trait@Enumerate): every value up to a depth, smallest first.
pub use smartcheck_derive::Enumerate;
/// `#[derive(SubTypes)]`: constructors, size, indexing and replacement of sub-values.
pub use smartcheck_derive::SubTypes;

/// Items used by the derives' generated code. Not public API; may change in any release.
#[doc(hidden)]
pub mod __private {
    pub use smartcheck_core::arbitrary::{min_size_of, sum_min_sizes};
    pub use smartcheck_core::derive_support::*;
    pub use smartcheck_core::enumerate::{
        constructor as enumerate_constructor, lists_count, memo_count, parts as enumerate_parts,
        parts_in, unpruned_product, variants, where_invariant, Enumerate, Values,
    };
    pub use smartcheck_core::{check_enumerated, contract_test, contract_test_exhaustive};
    pub use smartcheck_core::{
        Arbitrary, Child, Children, FieldRange, Gen, Node, NodeMut, NodeMutRef, NodeRef, Shape,
        SubTypes, SubValue,
    };
    pub use smartcheck_derive::__args_fields as args_fields;
    pub use std::{option::Option, string::String, vec::Vec};
}
