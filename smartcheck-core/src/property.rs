//! Properties: what a test returns, and running one safely.
//!
//! A property is any `Fn(&T) -> R` with `R:` [`PropertyResult`] (`bool`, [`Verdict`], `()`,
//! `Result<(), E>`, ...). Running it catches panics, which count as failures with their message
//! and location, and keeps their output off the terminal while smartcheck searches: the report
//! shows the message once.
//!
//! A candidate is a counterexample only when it passes the precondition and fails the property
//! (paper §4): [`Outcome::Discard`] never counts as a failure.

use std::any::Any;
use std::borrow::Cow;
use std::cell::{Cell, RefCell};
use std::fmt;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use crate::subtypes::SubValue;

/// The verdict of one test: passed, failed, or discarded by a precondition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The property holds for this input.
    Pass,
    /// The property does not hold for this input.
    Fail,
    /// The input does not meet the precondition; it is neither a pass nor a failure.
    Discard,
}

impl Verdict {
    /// QuickCheck's `==>`: discards when `precondition` is false, else `property`'s verdict.
    ///
    /// ```
    /// use smartcheck_core::Verdict;
    /// assert_eq!(Verdict::implies(false, false), Verdict::Discard);
    /// assert_eq!(Verdict::implies(true, false), Verdict::Fail);
    /// ```
    ///
    /// Both sides are evaluated before the call: when the property side needs the
    /// precondition to hold (`v[0]` needs `!v.is_empty()`), use [`Verdict::implies_with`].
    pub fn implies(precondition: bool, property: impl Into<Verdict>) -> Verdict {
        Verdict::implies_with(precondition, || property)
    }

    /// The lazy `==>`: discards when `precondition` is false, else runs `property` and gives
    /// its verdict. The property side only runs when the precondition holds.
    ///
    /// ```
    /// use smartcheck_core::Verdict;
    /// let v: Vec<u8> = vec![];
    /// assert_eq!(Verdict::implies_with(!v.is_empty(), || v[0] < 200), Verdict::Discard);
    /// let v: Vec<u8> = vec![250];
    /// assert_eq!(Verdict::implies_with(!v.is_empty(), || v[0] < 200), Verdict::Fail);
    /// ```
    pub fn implies_with<V: Into<Verdict>>(
        precondition: bool,
        property: impl FnOnce() -> V,
    ) -> Verdict {
        if precondition {
            property().into()
        } else {
            Verdict::Discard
        }
    }
}

impl From<bool> for Verdict {
    fn from(b: bool) -> Verdict {
        if b {
            Verdict::Pass
        } else {
            Verdict::Fail
        }
    }
}

impl From<()> for Verdict {
    fn from(_: ()) -> Verdict {
        Verdict::Pass
    }
}

/// Why a test failed.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Failure {
    /// The property returned `false` or [`Verdict::Fail`].
    False,
    /// The property returned `Err`, shown with `Debug`.
    Err(String),
    /// The property panicked.
    Panic {
        /// The panic's message.
        message: String,
        /// Where it panicked (`file:line:column`), when known.
        location: Option<String>,
    },
}

impl Failure {
    /// What tells two bugs apart: where a panic happened (its message may mention values), the
    /// variant name of an `Err`, or a plain `false`. A panic whose location is unknown (a hook
    /// the property installs itself takes it: std gives it to the hook only) is told by its
    /// message with every run of digits read as `#`, so that `too long: 3` and `too long: 7`
    /// are one bug, as they were one location. The price: two panics whose messages differ
    /// only in numbers (`code 1`, `code 2`) are one class there.
    pub fn signature(&self) -> String {
        let (kind, detail) = self.signature_parts();
        format!("{kind}{detail}")
    }

    /// True when [`signature`](Self::signature) is `signature`, without building it: what a
    /// run asks of every failing candidate.
    pub(crate) fn has_signature(&self, signature: &str) -> bool {
        let (kind, detail) = self.signature_parts();
        signature.strip_prefix(kind) == Some(&*detail)
    }

    /// True when `self` and `other` have the same [`signature`](Self::signature), without
    /// building either: a plain `false` is told from the others without comparing text.
    pub(crate) fn same_signature(&self, other: &Failure) -> bool {
        match (self, other) {
            (Failure::False, Failure::False) => true,
            (Failure::False, _) | (_, Failure::False) => false,
            _ => {
                let ((kind, detail), (other_kind, other_detail)) =
                    (self.signature_parts(), other.signature_parts());
                kind.bytes()
                    .chain(detail.bytes())
                    .eq(other_kind.bytes().chain(other_detail.bytes()))
            }
        }
    }

    /// True when the signature names where or what the bug is: a panic (its site, or its
    /// message), or an `Err` of a named variant (`Overflow(3)`); false for a plain `false` and
    /// for an `Err` whose `Debug` text names no variant (a string, `()`), which every bug of
    /// the property shares.
    pub(crate) fn names_its_bug(&self) -> bool {
        match self {
            Failure::False => false,
            Failure::Err(_) => !self.signature_parts().1.is_empty(),
            Failure::Panic { .. } => true,
        }
    }

    /// The signature as its kind and the detail that follows it.
    fn signature_parts(&self) -> (&'static str, Cow<'_, str>) {
        match self {
            Failure::False => ("false", Cow::Borrowed("")),
            Failure::Err(e) => {
                ("err ", Cow::Borrowed(e.split(['(', ' ', '{', '"']).next().unwrap_or(e)))
            }
            Failure::Panic { location: Some(at), .. } => ("panic at ", Cow::Borrowed(at)),
            Failure::Panic { message, location: None } => ("panic ", digits_as_hash(message)),
        }
    }
}

/// `text` with every run of ASCII digits replaced by one `#`.
fn digits_as_hash(text: &str) -> Cow<'_, str> {
    if !text.bytes().any(|b| b.is_ascii_digit()) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut in_digits = false;
    for c in text.chars() {
        match (c.is_ascii_digit(), in_digits) {
            (true, true) => {}
            (true, false) => out.push('#'),
            (false, _) => out.push(c),
        }
        in_digits = c.is_ascii_digit();
    }
    Cow::Owned(out)
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::False => f.write_str("the property returned false"),
            Failure::Err(e) => write!(f, "the property returned Err({e})"),
            Failure::Panic { message, location: Some(at) } => {
                write!(f, "the property panicked at {at}: {message}")
            }
            Failure::Panic { message, location: None } => {
                write!(f, "the property panicked: {message}")
            }
        }
    }
}

/// The result of running a property once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Passed.
    Pass,
    /// Discarded by a precondition.
    Discard,
    /// Failed, with the reason.
    Fail(Failure),
}

impl Outcome {
    /// True for a failure.
    pub fn is_fail(&self) -> bool {
        matches!(self, Outcome::Fail(_))
    }
}

/// What a property may return.
pub trait PropertyResult {
    /// This result as an outcome.
    fn into_outcome(self) -> Outcome;
}

/// An outcome is its own result: a property erased to return outcomes is still a property.
impl PropertyResult for Outcome {
    fn into_outcome(self) -> Outcome {
        self
    }
}

impl PropertyResult for Verdict {
    fn into_outcome(self) -> Outcome {
        match self {
            Verdict::Pass => Outcome::Pass,
            Verdict::Discard => Outcome::Discard,
            Verdict::Fail => Outcome::Fail(Failure::False),
        }
    }
}

impl PropertyResult for bool {
    fn into_outcome(self) -> Outcome {
        Verdict::from(self).into_outcome()
    }
}

impl PropertyResult for () {
    fn into_outcome(self) -> Outcome {
        Outcome::Pass
    }
}

impl<R: PropertyResult, E: fmt::Debug> PropertyResult for Result<R, E> {
    fn into_outcome(self) -> Outcome {
        match self {
            Ok(r) => r.into_outcome(),
            Err(e) => Outcome::Fail(Failure::Err(format!("{e:?}"))),
        }
    }
}

thread_local! {
    /// True on a thread while it runs a property (or smartcheck's own work on its values).
    static SILENCED: Cell<bool> = const { Cell::new(false) };
    /// The message and location of the last panic silenced on this thread.
    static LAST_PANIC: RefCell<Option<(String, Option<String>)>> = const { RefCell::new(None) };
}

/// Silenced sections running now, on any thread. While it is above 0, panics on unnamed
/// threads (those a property spawns; libtest names its test threads) are silenced too.
static ACTIVE: AtomicUsize = AtomicUsize::new(0);

/// The address of the hook smartcheck installed last (0: none yet), to recognise it.
static OUR_HOOK: AtomicUsize = AtomicUsize::new(0);

/// Serialises (re)installations of the hook.
static INSTALLING: Mutex<()> = Mutex::new(());

type Hook = Box<dyn Fn(&panic::PanicHookInfo<'_>) + Sync + Send + 'static>;

fn hook_address(hook: &Hook) -> usize {
    &**hook as *const (dyn Fn(&panic::PanicHookInfo<'_>) + Sync + Send) as *const () as usize
}

/// True when a panic on this thread must not print: it runs a property, or it is an unnamed
/// thread while some property runs.
fn silenced() -> bool {
    SILENCED.with(Cell::get)
        || (ACTIVE.load(Ordering::SeqCst) > 0 && std::thread::current().name().is_none())
}

/// Makes smartcheck's hook the installed one, chained to whatever hook is installed now
/// (another crate's, a test's, or the default): panics that are not silenced reach it
/// unchanged. Called at the start of every run and whenever a panic was seen to miss the hook
/// (something else called `set_hook` since), so silencing survives other hooks.
pub(crate) fn install_hook() {
    let _one = INSTALLING.lock();
    let current = panic::take_hook();
    if hook_address(&current) == OUR_HOOK.load(Ordering::SeqCst) {
        panic::set_hook(current);
        return;
    }
    let ours: Hook = Box::new(move |info| {
        if !silenced() {
            current(info);
        } else if SILENCED.with(Cell::get) {
            let message = payload_message(info.payload());
            let location =
                info.location().map(|l| format!("{}:{}:{}", l.file(), l.line(), l.column()));
            LAST_PANIC.with(|p| *p.borrow_mut() = Some((message, location)));
        }
    });
    OUR_HOOK.store(hook_address(&ours), Ordering::SeqCst);
    panic::set_hook(ours);
}

/// Installs the hook the first time; later runs call [`install_hook`] themselves.
pub(crate) fn install_hook_once() {
    if OUR_HOOK.load(Ordering::SeqCst) == 0 {
        install_hook();
    }
}

fn payload_message(payload: &(dyn Any + Send)) -> String {
    // `panic_any(42)`: std's own hook prints `Box<dyn Any>`, which reads as a type.
    crate::derive_support::panic_text(payload)
        .unwrap_or_else(|| "a panic whose payload is not text (`panic_any`)".to_string())
}

/// Runs `f` silenced: a panic in it is returned as a failure with its message and location,
/// and prints nothing (nor do panics in threads it spawns).
pub(crate) fn catch<R>(f: impl FnOnce() -> R) -> Result<R, Failure> {
    install_hook_once();
    let was = SILENCED.with(|s| s.replace(true));
    // A section inside another on this thread (every evaluation inside its run) is already
    // counted: only the outermost one counts, two locked operations fewer per evaluation.
    if !was {
        ACTIVE.fetch_add(1, Ordering::SeqCst);
    }
    let result = panic::catch_unwind(AssertUnwindSafe(f));
    if !was {
        ACTIVE.fetch_sub(1, Ordering::SeqCst);
    }
    SILENCED.with(|s| s.set(was));
    result.map_err(|payload| {
        let (message, location) = LAST_PANIC
            .with(|p| p.borrow_mut().take())
            .unwrap_or_else(|| (payload_message(&*payload), None));
        Failure::Panic { message, location }
    })
}

/// A property with its result type erased. The engine runs [`RootProperty`]: the value's
/// type erased too.
pub type Property<'p, T> = dyn Fn(&T) -> Outcome + 'p;

/// A property with its value and result types erased: what the engine runs. Every entry point
/// turns the user's `Fn(&T) -> R` into one (`erase`), so the engine (tester, reducer,
/// generalizer, rounds) is compiled once, not once per value type or property closure.
pub type RootProperty<'p> = dyn Fn(&dyn SubValue) -> Outcome + 'p;

/// `prop` on values of the run's type, its result converted to an [`Outcome`] inside the
/// call, so a panic in the conversion (a user `Debug` on an `Err` value) is caught like one in
/// the property.
pub(crate) fn erase<T: 'static, R: PropertyResult>(
    prop: impl Fn(&T) -> R,
) -> impl Fn(&dyn SubValue) -> Outcome {
    move |value| prop(crate::root::view(value)).into_outcome()
}

/// Runs `prop` on `value`: a panic is a failure with its message and location, and prints
/// nothing. A panic without a location missed smartcheck's hook (std always gives one to the
/// hook), so another hook was installed since: the hook is installed again, in front of it,
/// and the property re-run once, so the location is still known.
pub fn run<T, R: PropertyResult>(prop: &impl Fn(&T) -> R, value: &T) -> Outcome {
    run_erased(&|| prop(value).into_outcome())
}

/// [`run`] for one evaluation with the property and its value erased: compiled once.
pub(crate) fn run_erased(evaluation: &dyn Fn() -> Outcome) -> Outcome {
    let once = || crate::timeout::timed(|| catch(evaluation));
    match once() {
        Ok(outcome) => outcome,
        Err(Failure::Panic { location: None, .. }) => {
            install_hook();
            once().unwrap_or_else(Outcome::Fail)
        }
        Err(failure) => Outcome::Fail(failure),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts_convert() {
        assert_eq!(run(&|x: &i32| *x > 0, &1), Outcome::Pass);
        assert_eq!(run(&|x: &i32| *x > 0, &0), Outcome::Fail(Failure::False));
        assert_eq!(run(&|x: &i32| Verdict::implies(*x > 0, false), &0), Outcome::Discard);
        assert_eq!(run(&|_: &i32| (), &0), Outcome::Pass);
        let err = run(&|_: &i32| -> Result<(), String> { Err("bad".into()) }, &0);
        assert_eq!(err, Outcome::Fail(Failure::Err("\"bad\"".into())));
    }

    #[test]
    fn panics_are_failures_with_message_and_location() {
        let out = run(&|x: &i32| -> bool { panic!("boom {x}") }, &7);
        match out {
            Outcome::Fail(Failure::Panic { message, location }) => {
                assert_eq!(message, "boom 7");
                assert!(location.unwrap().contains("property.rs"));
            }
            other => panic!("expected a panic failure, got {other:?}"),
        }
    }

    #[test]
    fn signatures_tell_bugs_apart() {
        let a = Failure::Panic { message: "x 1".into(), location: Some("a.rs:1:1".into()) };
        let b = Failure::Panic { message: "x 2".into(), location: Some("a.rs:1:1".into()) };
        let c = Failure::Panic { message: "x 1".into(), location: Some("a.rs:9:1".into()) };
        assert_eq!(a.signature(), b.signature());
        assert_ne!(a.signature(), c.signature());
        assert_eq!(Failure::Err("Overflow(3)".into()).signature(), "err Overflow");
        assert_ne!(Failure::False.signature(), Failure::Err("E".into()).signature());
    }

    #[test]
    fn without_a_location_panics_differ_by_their_words_not_their_numbers() {
        let bare = |m: &str| Failure::Panic { message: m.into(), location: None };
        assert!(bare("too long: 3").same_signature(&bare("too long: 17")));
        assert_eq!(bare("len 3 at 40").signature(), "panic len # at #");
        assert!(!bare("too long: 3").same_signature(&bare("too short: 3")));
        // Fork mode's deaths, by signal: the name tells them apart.
        let abort = bare("the evaluation's process was killed by signal 6 (SIGABRT)");
        let segv = bare("the evaluation's process was killed by signal 11 (SIGSEGV)");
        assert!(!abort.same_signature(&segv));
    }

    #[test]
    fn a_payload_that_is_not_text_is_said_to_be_one() {
        match run::<u8, ()>(&|_: &u8| std::panic::panic_any(42u32), &0) {
            Outcome::Fail(Failure::Panic { message, location }) => {
                assert_eq!(message, "a panic whose payload is not text (`panic_any`)");
                assert!(location.is_some());
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn has_signature_agrees_with_signature() {
        let at = |s: &str| Some(s.to_string());
        let failures = [
            Failure::False,
            Failure::Err("Overflow(3)".into()),
            Failure::Err("\"text\"".into()),
            Failure::Err(String::new()),
            Failure::Panic { message: "x 1".into(), location: at("a.rs:1:1") },
            Failure::Panic { message: "at a.rs:1:1".into(), location: None },
            Failure::Panic { message: "y".into(), location: at("a.rs:1:1") },
            Failure::Panic { message: String::new(), location: None },
        ];
        for f in &failures {
            for g in &failures {
                assert_eq!(f.has_signature(&g.signature()), f.signature() == g.signature());
                assert_eq!(f.same_signature(g), f.signature() == g.signature(), "{f:?} {g:?}");
            }
            assert!(!f.has_signature("panic"), "{f:?}");
        }
    }
}
