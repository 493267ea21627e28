//! Testing a whole API from its own functions: ArtiCheck's well-typed, bottom-up programs and
//! Irulan's property-free oracles, on top of SmartCheck's reduction and generalization (paper
//! §4–§5, unchanged).
//!
//! # Use
//!
//! Put `#[smartcheck::api]` on the type's inherent `impl` block and run [`test_api`] (or
//! [`check_api`] in a `#[test]`, or [`deepen`]) on the program type it generates. No property
//! is needed: a panic in any call is a failure.
//!
//! ```text
//! #[smartcheck::api]
//! impl Ring {
//!     pub fn new(capacity: u8) -> Ring { .. }
//!     pub fn push(&mut self, x: u8) -> bool { .. }
//!     pub fn pop(&mut self) -> Option<u8> { .. }
//!     pub fn len(&self) -> usize { .. }
//! }
//!
//! let args = smartcheck::Args { tests: 5000, ..smartcheck::Args::default() };
//! println!("{}", smartcheck::api::test_api::<RingProgram>(&args));
//! ```
//!
//! prints each class of failure as statements to paste into a `#[test]`:
//!
//! ```text
//! smartcheck api Ring: 1 failing program(s) after 4895 programs; seed 0x1 (rerun: SMARTCHECK_SEED=0x1)
//! failure 1 of 1, reduced from 7 to 5 constructors, 5 calls:
//!     let mut s = Ring::new(2);
//!     s.push(0);
//!     s.push(0);
//!     s.pop();
//!     s.push(0); // panicked at examples/api_ring.rs:31:17: index out of bounds: the len is 2 but the index is 2
//! ...
//! calls: new 6623, push 44942 (1249 panicked), pop 43290, len 42509, is_empty 42768
//! ```
//!
//! Why an attribute on the `impl` block rather than a macro listing signatures: the functions
//! are declared once, where they are written, and a new public function is tested without
//! touching the test. Attribute arguments: `T = i32` fixes each generic parameter of the block
//! (the printed calls then read `Tree::<i32>::new()`); `program = Name` names the program type
//! (default `<Type>Program`); `invariant = method` (or `#[smartcheck(invariant)]` on a
//! `fn(&self) -> bool`) is checked after every call; `model = Type` names a reference
//! implementation with the same functions, whose results must equal the API's (`PartialEq +
//! Debug` results); `crate = path` names the facade. On a function, `#[smartcheck(skip)]` leaves
//! it out and `#[smartcheck(weight = N)]` calls it N times as often.
//!
//! Supported: public functions returning `Self`, `Option<Self>` or `Result<Self, E>` (a `None`
//! or `Err` ends the program, not a failure); methods on `&self` or `&mut self` returning
//! anything owned (observers); operands of the API's type by value, `&` or `&mut`; arguments of
//! any type with `SubTypes + Arbitrary`, or `&T`, `&str`, `&[T]` of one. Rejected with a spanned
//! error that names `#[smartcheck(skip)]`: returned references and `impl Trait`, closures and
//! trait objects, generic functions, `&mut` arguments of other types, `self` consumed without a
//! value of the API's type returned, unfixed generic parameters, and a block with no
//! constructor. Private functions are not part of the API and are ignored.
//!
//! # How it works
//!
//! The attribute generates a *program type*: an enum with one variant per public function,
//! whose operands of the API's own type are sub-programs (`Push(Box<RingProgram>, u8)`). A
//! program is therefore a value like any derived type: it is generated, reduced (a call removed
//! is a sub-program replacing its parent), generalized and strengthened by the existing engine.
//! Running it ([`Program::execute`]) makes each call in evaluation order (operands first, left
//! to right) through an [`Exec`], which counts calls, checks the invariant and the model after
//! each, and, when asked, writes the calls as Rust statements.
//!
//! Oracles: a panic in any call (its location tells classes apart, as for any property); the
//! invariant returning `false` after a call (printed as the `assert!` that fails); an observer
//! disagreeing with the model (printed as the `assert_eq!` that fails).
//!
//! Limits: argument literals are their `Debug` text, except `String` (`"a".to_string()`) and
//! `Vec` (`vec![..]`); a type whose `Debug` is not Rust syntax prints as it is. Generalization
//! is shown on the program value, not as Rust. A later strengthening round's program that is
//! an earlier one's with one call moved, failing the same way, is that failure again; a later
//! program that fails at an earlier one's panic site in a shape no formula joins is reported,
//! marked as likely the same bug, and may keep an observer call.
//!
//! Invariant: the statements an [`Exec`] writes are exactly the calls made, in order, so a
//! printed program fails as the program did. Cost: one run of a program makes one call per
//! node; tracing adds one `String` per call.

mod deepen;
mod literal;
mod report;
mod search;

use std::cell::RefCell;
use std::fmt;

pub use deepen::{deepen, Deepened, Deepening};
pub use literal::{literal, small_values};
pub use report::{ApiReport, Coverage, Printed};
pub use search::{check_api, outcome_of, print_program, test_api};

use crate::subtypes::SubTypes;

/// The most small values per argument the generated `choices` counts (deepening may use fewer).
pub const SMALL_VALUES: usize = 8;

/// A call program over an API, generated by `#[smartcheck::api]`.
///
/// Implemented by the macro; users only name the type (`RingProgram`) in [`test_api`],
/// [`check_api`] and [`deepen`].
pub trait Program: SubTypes {
    /// The API's type as written in a printed program (`Ring`, `Tree::<i32>`).
    const API: &'static str;
    /// The API functions, one per variant of the program type, in declaration order.
    const FUNCTIONS: &'static [Function];

    /// Runs the program, every call through `cx`.
    fn execute(&self, cx: &mut Exec<'_>) -> Result<(), Halt>;

    /// The program calling function `function` on `operands` (sub-programs, one per operand of
    /// the API's type) with small arguments: argument `k` is `small_values()[choice[k]]` of its
    /// type. `None` when a choice is out of range.
    fn build(function: usize, operands: Vec<Self>, choice: &[usize]) -> Option<Self>;

    /// How many small values each argument of `function` may take, in argument order.
    fn choices(function: usize) -> Vec<usize>;
}

/// One API function as the program type sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Function {
    /// Its name (`push`).
    pub name: &'static str,
    /// How many of its inputs (receiver included) are values of the API's type.
    pub operands: usize,
}

/// Why a program stopped before its last call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Halt {
    /// A call returned `None` or `Err` where the next call needed a value: not a failure.
    Stopped,
    /// An oracle failed.
    Broken(Broken),
}

/// A failure found by an oracle other than a panic.
#[derive(Clone, PartialEq, Eq)]
pub enum Broken {
    /// The invariant was false after the named call.
    Invariant {
        /// The invariant's name.
        invariant: &'static str,
        /// The call after which it was false.
        after: &'static str,
    },
    /// An observer's result differs from the model's.
    Disagree {
        /// The observer.
        observer: &'static str,
        /// The API's result, with `Debug`.
        api: String,
        /// The model's result, with `Debug`.
        model: String,
    },
}

// `Debug` starts with one word per kind, which is what reduction keeps to (`Failure::signature`).
impl fmt::Debug for Broken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Broken::Invariant { invariant, after } => {
                write!(f, "InvariantBroken: `{invariant}` is false after `{after}`")
            }
            Broken::Disagree { observer, api, model } => {
                write!(f, "ModelDisagrees: `{observer}` returned {api}, the model {model}")
            }
        }
    }
}

/// A variable of a printed program (`s`, `s0`, `s1`, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Var(usize);

/// The context a program runs in: counts calls, and writes statements when tracing.
pub struct Exec<'a> {
    coverage: Option<&'a RefCell<Coverage>>,
    trace: Option<Vec<String>>,
    vars: usize,
    calls: usize,
    current: Option<usize>,
}

/// A placeholder for variable `k` in a statement, replaced once the number of variables is known.
fn placeholder(k: usize) -> String {
    format!("\u{1}{k}\u{1}")
}

impl<'a> Exec<'a> {
    /// A context that counts calls in `coverage`.
    pub fn counting(coverage: &'a RefCell<Coverage>) -> Self {
        Exec { coverage: Some(coverage), trace: None, vars: 0, calls: 0, current: None }
    }

    /// A context that writes each call as a Rust statement.
    pub fn tracing() -> Exec<'static> {
        Exec { coverage: None, trace: Some(Vec::new()), vars: 0, calls: 0, current: None }
    }

    /// True when statements are written: generated code formats them only then.
    pub fn is_tracing(&self) -> bool {
        self.trace.is_some()
    }

    /// A fresh variable, for a value built by a constructor.
    pub fn fresh(&mut self) -> Var {
        self.vars += 1;
        Var(self.vars - 1)
    }

    /// The name of `var` inside a statement.
    pub fn name(&self, var: Var) -> String {
        placeholder(var.0)
    }

    /// Starts call `function`, written as `statement` when tracing (built only then).
    pub fn call(&mut self, function: usize, statement: impl FnOnce(&Self) -> String) {
        if let Some(coverage) = self.coverage {
            coverage.borrow_mut().count_call(function);
        }
        self.calls += 1;
        if self.trace.is_some() {
            let text = statement(self);
            self.note(text);
        }
        self.current = Some(function);
    }

    /// Ends the current call without a panic.
    pub fn done(&mut self) {
        self.current = None;
    }

    /// The invariant `invariant` was false on `var` after the call `after`: writes the assertion
    /// that fails in the printed program and returns the failure.
    pub fn invariant_broken(
        &mut self,
        invariant: &'static str,
        after: &'static str,
        var: Var,
    ) -> Halt {
        let name = self.name(var);
        self.note(format!("assert!({name}.{invariant}()); // the invariant is false here"));
        Halt::Broken(Broken::Invariant { invariant, after })
    }

    /// The observer `observer` returned `api` where the model returned `model`: writes the
    /// assertion that fails in the printed program and returns the failure.
    pub fn disagree(&mut self, observer: &'static str, api: String, model: String) -> Halt {
        if let Some(last) = self.trace.as_mut().and_then(|t| t.pop()) {
            let call = last.trim_end_matches(';').trim_start_matches("let _ = ");
            self.note(format!("assert_eq!({call}, {model}); // the model's answer"));
        }
        Halt::Broken(Broken::Disagree { observer, api, model })
    }

    fn note(&mut self, statement: String) {
        if let Some(trace) = self.trace.as_mut() {
            trace.push(statement);
        }
    }

    /// The statements written so far, with variables named `s` (one) or `s0`, `s1`, ...
    pub fn statements(&self) -> Vec<String> {
        let trace = self.trace.as_deref().unwrap_or(&[]);
        trace.iter().map(|s| self.name_vars(s)).collect()
    }

    fn name_vars(&self, statement: &str) -> String {
        let mut out = statement.to_string();
        for k in 0..self.vars {
            let name = if self.vars == 1 { "s".to_string() } else { format!("s{k}") };
            out = out.replace(&placeholder(k), &name);
        }
        out
    }
}

impl Drop for Exec<'_> {
    /// A call still open while the thread unwinds is the one that panicked.
    fn drop(&mut self) {
        if let (Some(function), Some(coverage)) = (self.current, self.coverage) {
            if std::thread::panicking() {
                coverage.borrow_mut().count_panic(function);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::property::Failure;

    fn two_variables() -> Exec<'static> {
        let mut cx = Exec::tracing();
        let a = cx.fresh();
        cx.call(0, |cx| format!("let mut {} = T::new();", cx.name(a)));
        let b = cx.fresh();
        cx.call(0, |cx| format!("let mut {} = T::new();", cx.name(b)));
        cx.call(1, |cx| format!("{}.absorb({});", cx.name(a), cx.name(b)));
        cx
    }

    #[test]
    fn one_variable_is_s_and_several_are_numbered() {
        let mut cx = Exec::tracing();
        let a = cx.fresh();
        cx.call(0, |cx| format!("let mut {} = T::new();", cx.name(a)));
        assert_eq!(cx.statements(), ["let mut s = T::new();"]);
        let expected = ["let mut s0 = T::new();", "let mut s1 = T::new();", "s0.absorb(s1);"];
        assert_eq!(two_variables().statements(), expected);
    }

    #[test]
    fn a_broken_invariant_is_written_as_the_failing_assertion() {
        let mut cx = two_variables();
        let halt = cx.invariant_broken("ok", "absorb", Var(0));
        assert_eq!(cx.statements()[3], "assert!(s0.ok()); // the invariant is false here");
        let broken = Broken::Invariant { invariant: "ok", after: "absorb" };
        assert_eq!(halt, Halt::Broken(broken.clone()));
        assert_eq!(format!("{broken:?}"), "InvariantBroken: `ok` is false after `absorb`");
    }

    #[test]
    fn a_disagreement_replaces_the_observer_call_with_an_assert_eq() {
        let mut cx = Exec::tracing();
        let a = cx.fresh();
        cx.call(0, |cx| format!("let _ = {}.get(1);", cx.name(a)));
        cx.disagree("get", "Ok(1)".into(), "Ok(2)".into());
        assert_eq!(cx.statements(), ["assert_eq!(s.get(1), Ok(2)); // the model's answer"]);
    }

    #[test]
    fn a_call_open_while_unwinding_counts_as_a_panic() {
        let coverage = RefCell::new(Coverage::new(&[
            Function { name: "new", operands: 0 },
            Function { name: "pop", operands: 1 },
        ]));
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let mut cx = Exec::counting(&coverage);
            cx.call(0, |_| String::new());
            cx.done();
            cx.call(1, |_| String::new());
            panic!("in pop");
        }));
        assert!(result.is_err());
        let coverage = coverage.into_inner();
        assert_eq!((coverage.calls("new"), coverage.panics("new")), (1, 0));
        assert_eq!((coverage.calls("pop"), coverage.panics("pop")), (1, 1));
        assert_eq!(coverage.to_string(), "calls: new 1, pop 1 (1 panicked)");
        assert!(coverage.never_called().is_empty());
    }

    #[test]
    fn a_printed_program_ends_with_the_panic_in_a_comment() {
        let printed = Printed {
            statements: vec!["let mut s = T::new();".into(), "s.pop();".into()],
            calls: 2,
            failure: Some(Failure::Panic {
                message: "empty\nsecond line".into(),
                location: Some("src/t.rs:4:9".into()),
            }),
        };
        let expected = "let mut s = T::new();\ns.pop(); // panicked at src/t.rs:4:9: empty";
        assert_eq!(printed.to_string(), expected);
    }
}
