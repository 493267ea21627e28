//! Per-evaluation time limits (`Args::timeout_ms`, `SMARTCHECK_TIMEOUT`).
//!
//! Rust cannot stop a thread, and the property runs on the caller's thread (it need not be
//! `Send`). So a run registers a *watch*; each evaluation stamps its number in it; one
//! watchdog thread per process (started by the first watched run, never one per evaluation)
//! looks at the watches every 50 ms and notes when it first saw each evaluation. When it has
//! seen one evaluation running for longer than its limit, the watchdog prints the report of the stuck input to stderr ("did not return within
//! 5 s", with the input, the test, and the seed to rerun it) and ends the process with exit
//! code 101, which both `cargo test` and `cargo nextest` show as a failed test. **The stuck
//! thread is never resumed**: it is still running the property when the process ends, so no
//! destructor of the stuck input or of the test runs. Under `cargo test`, other tests of the
//! same binary that were still running are not reported; under `cargo nextest` each test has
//! its own process, so nothing else is lost.
//!
//! Invariant: a run without a limit (`timeout_ms = 0`) starts no thread and pays nothing but a
//! thread-local read per evaluation; an evaluation is reported only once it has run longer
//! than its limit (at most 100 ms longer: the watchdog's look that first saw it can come 50 ms
//! after it started). Cost with a limit: two plain atomic stores per evaluation and no clock
//! read (which was a tenth of a passing run's time on small inputs), and a few more per
//! discovered input (its phase, written as a sequence lock that only the watchdog reads; a
//! mutex there was a fifth of a passing run's time on small inputs).

use std::cell::{Cell, RefCell};
use std::sync::atomic::{AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use crate::origin::Origin;
use crate::root::RootType;

/// What a watched run is doing, for the report of a stuck evaluation.
#[derive(Clone, Copy, Debug)]
enum Phase {
    /// Running random test `test` (1-based) of a round, generated from `origin`.
    Testing { test: usize, origin: Origin },
    /// Reducing or generalizing the counterexample generated from `origin`.
    Reducing { origin: Option<Origin> },
    /// Running value `value` (1-based) of an exhaustive check up to `depth`, or (`reducing`)
    /// a candidate while reducing it.
    Checking { value: usize, depth: usize, reducing: bool },
}

/// One watched run.
struct Watch {
    /// The number of the evaluation now running (numbered from 1 on its thread); 0 when idle.
    started: AtomicU64,
    limit: Duration,
    seed: u64,
    phase: PhaseCell,
    /// The input type, to print the input generated from an origin with `Debug`.
    ty: RootType,
}

thread_local! {
    /// The watch of the run on this thread, if it has a limit.
    static CURRENT: RefCell<Option<Arc<Watch>>> = const { RefCell::new(None) };
    /// How many watched evaluations this thread has started: the last one's number.
    static NUMBERED: Cell<u64> = const { Cell::new(0) };
}

/// Every watch of the process, for the watchdog.
static WATCHES: Mutex<Vec<Arc<Watch>>> = Mutex::new(Vec::new());

/// The watchdog thread, started once.
static WATCHDOG: OnceLock<std::thread::Thread> = OnceLock::new();

/// Keeps a run watched while it lives; the run before it on this thread (a run inside a
/// property) is watched again when it drops.
pub(crate) struct Guard {
    previous: Option<Option<Arc<Watch>>>,
}

/// Starts watching the run of `seed` on this thread, when `timeout_ms` is not 0.
pub(crate) fn watch(ty: RootType, timeout_ms: u64, seed: u64) -> Guard {
    if timeout_ms == 0 {
        return Guard { previous: None };
    }
    let watch = Arc::new(Watch {
        started: AtomicU64::new(0),
        limit: Duration::from_millis(timeout_ms),
        seed,
        phase: PhaseCell::default(),
        ty,
    });
    if let Ok(mut all) = WATCHES.lock() {
        all.push(Arc::clone(&watch));
    }
    let dog = WATCHDOG.get_or_init(|| {
        std::thread::Builder::new()
            .name("smartcheck-watchdog".into())
            .spawn(watchdog)
            .map(|h| h.thread().clone())
            .unwrap_or_else(|_| std::thread::current())
    });
    dog.unpark();
    Guard { previous: Some(CURRENT.with(|c| c.replace(Some(watch)))) }
}

impl Drop for Guard {
    fn drop(&mut self) {
        let Some(previous) = self.previous.take() else { return };
        if let Some(done) = CURRENT.with(|c| c.replace(previous)) {
            if let Ok(mut all) = WATCHES.lock() {
                all.retain(|w| !Arc::ptr_eq(w, &done));
            }
        }
    }
}

/// Notes that random test `test` of a round, generated from `origin`, is about to run.
pub(crate) fn testing(test: usize, origin: Origin) {
    set_phase(Phase::Testing { test, origin });
}

/// Notes that the counterexample generated from `origin` is being reduced and generalized.
pub(crate) fn reducing(origin: Option<Origin>) {
    set_phase(Phase::Reducing { origin });
}

/// Notes that value `value` (1-based) of an exhaustive check up to `depth` is about to run.
pub(crate) fn checking(value: usize, depth: usize) {
    set_phase(Phase::Checking { value, depth, reducing: false });
}

/// Notes that value `value` of an exhaustive check up to `depth` failed and is being reduced.
pub(crate) fn reducing_checked(value: usize, depth: usize) {
    set_phase(Phase::Checking { value, depth, reducing: true });
}

fn set_phase(phase: Phase) {
    CURRENT.with(|c| {
        if let Some(w) = c.borrow().as_ref() {
            w.phase.set(phase);
        }
    });
}

/// A [`Phase`] that its run's thread writes and the watchdog reads, without a lock: a
/// sequence lock (the version is odd while a write is under way; a read that saw it change
/// reads again). Only the run's own thread writes.
#[derive(Default)]
struct PhaseCell {
    version: AtomicU64,
    /// 0: reducing without an origin; 1: reducing; 2: testing; 3: checking (`test` is the
    /// value's number, `size` the depth); 4: reducing a value so checked.
    kind: AtomicU32,
    test: AtomicUsize,
    seed: AtomicU64,
    size: AtomicUsize,
    budget: AtomicUsize,
    generator: AtomicU32,
}

impl PhaseCell {
    fn set(&self, phase: Phase) {
        let (kind, test, origin) = match phase {
            Phase::Reducing { origin: None } => (0, 0, None),
            Phase::Reducing { origin } => (1, 0, origin),
            Phase::Testing { test, origin } => (2, test, Some(origin)),
            Phase::Checking { value, depth, reducing } => {
                let origin = Origin { seed: 0, size: depth, budget: 0, generator: 0 };
                (if reducing { 4 } else { 3 }, value, Some(origin))
            }
        };
        let v = self.version.load(Ordering::Relaxed);
        self.version.store(v.wrapping_add(1), Ordering::Relaxed);
        std::sync::atomic::fence(Ordering::Release);
        self.kind.store(kind, Ordering::Relaxed);
        self.test.store(test, Ordering::Relaxed);
        if let Some(o) = origin {
            self.seed.store(o.seed, Ordering::Relaxed);
            self.size.store(o.size, Ordering::Relaxed);
            self.budget.store(o.budget, Ordering::Relaxed);
            self.generator.store(o.generator, Ordering::Relaxed);
        }
        self.version.store(v.wrapping_add(2), Ordering::Release);
    }

    fn get(&self) -> Phase {
        loop {
            let before = self.version.load(Ordering::Acquire);
            if before % 2 == 1 {
                std::hint::spin_loop();
                continue;
            }
            let origin = Origin {
                seed: self.seed.load(Ordering::Relaxed),
                size: self.size.load(Ordering::Relaxed),
                budget: self.budget.load(Ordering::Relaxed),
                generator: self.generator.load(Ordering::Relaxed),
            };
            let (kind, test) =
                (self.kind.load(Ordering::Relaxed), self.test.load(Ordering::Relaxed));
            std::sync::atomic::fence(Ordering::Acquire);
            if self.version.load(Ordering::Relaxed) != before {
                continue;
            }
            return match kind {
                2 => Phase::Testing { test, origin },
                3 | 4 => Phase::Checking { value: test, depth: origin.size, reducing: kind == 4 },
                1 => Phase::Reducing { origin: Some(origin) },
                _ => Phase::Reducing { origin: None },
            };
        }
    }
}

/// Runs one evaluation `f`, stamped in this thread's watch with a number of its own.
pub(crate) fn timed<R>(f: impl FnOnce() -> R) -> R {
    let number = || {
        NUMBERED.with(|n| {
            n.set(n.get() + 1);
            n.get()
        })
    };
    stamped(number, f)
}

/// Runs `f` unwatched inside a timed evaluation: fork mode's parent, which waits for a child
/// it can kill, so its own deadline ends the evaluation, not the watchdog's (which can only
/// end the process).
pub(crate) fn untimed<R>(f: impl FnOnce() -> R) -> R {
    stamped(|| 0, f)
}

/// Runs `f` with this thread's watch stamped `stamp()` (0: not watched), then restores the
/// stamp it had; nothing when the thread is not watched.
fn stamped<R>(stamp: impl FnOnce() -> u64, f: impl FnOnce() -> R) -> R {
    // The watch is looked up again after `f` rather than cloned (two atomic operations per
    // evaluation): `f` leaves this thread's watch as it found it, as a run inside the property
    // restores the outer run's watch when it ends.
    let stamped = CURRENT.with(|c| {
        let watch = c.borrow();
        // Only this thread writes its watch's stamp: a load and a store, no locked swap.
        watch.as_ref().map(|w| {
            let outer = w.started.load(Ordering::Relaxed);
            w.started.store(stamp(), Ordering::Release);
            (Arc::as_ptr(w), outer)
        })
    });
    let Some((watched, outer)) = stamped else { return f() };
    let result = f();
    CURRENT.with(|c| {
        if let Some(w) = c.borrow().as_ref().filter(|w| Arc::as_ptr(w) == watched) {
            w.started.store(outer, Ordering::Release);
        }
    });
    result
}

/// The watchdog's loop: sleeps while nothing is watched, else looks every 50 ms, and ends the
/// process when it has seen one evaluation running for longer than its watch's limit.
fn watchdog() {
    // Each watch's evaluation as last seen, and when it was first seen.
    let mut seen: Vec<(Arc<Watch>, u64, Instant)> = Vec::new();
    loop {
        let watches = WATCHES.lock().map(|all| all.clone()).unwrap_or_default();
        seen.retain(|(w, ..)| watches.iter().any(|x| Arc::ptr_eq(x, w)));
        if watches.is_empty() {
            std::thread::park_timeout(Duration::from_secs(1));
            continue;
        }
        let now = Instant::now();
        for w in &watches {
            let started = w.started.load(Ordering::Acquire);
            match seen.iter_mut().find(|(x, ..)| Arc::ptr_eq(x, w)) {
                Some((_, number, since)) if *number == started => {
                    if started != 0 && now.duration_since(*since) > w.limit {
                        stuck(w);
                    }
                }
                Some(entry) => (entry.1, entry.2) = (started, now),
                None => seen.push((Arc::clone(w), started, now)),
            }
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Reports the stuck evaluation of `w` and ends the process.
fn stuck(w: &Watch) -> ! {
    let phase = w.phase.get();
    let describe = |origin: &Origin| {
        std::panic::catch_unwind(|| format!("{:?}", w.ty.generate(origin)))
            .unwrap_or_else(|_| "(its Debug panicked)".to_string())
    };
    let limit = format_limit(w.limit);
    let random = |what: String| {
        format!(
            "smartcheck: property did not return within {limit}; seed {:#x} (rerun: \
             SMARTCHECK_SEED={:#x})\ncounterexample (timeout) on {what}",
            w.seed, w.seed
        )
    };
    let report = match phase {
        Phase::Testing { test, origin } => random(format!("test {test}:\n  {}", describe(&origin))),
        Phase::Reducing { origin: Some(origin) } => random(format!(
            "a candidate while reducing or generalizing this counterexample:\n  {}",
            describe(&origin)
        )),
        Phase::Reducing { origin: None } => random("a candidate while reducing".to_string()),
        Phase::Checking { value, depth, reducing } => format!(
            "smartcheck: property did not return within {limit} on {}value {} of the \
             exhaustive check up to depth {depth} (the check is the same on every run: it \
             stops there again)",
            if reducing { "a candidate while reducing " } else { "" },
            crate::exhaustive::thousands(value)
        ),
    };
    // Written to the process's stderr itself, not through `eprintln!`: the test harness
    // captures what the print macros write (this thread inherits a test's capture) and shows
    // it only when that test ends, which, as the process ends here, it never does.
    use std::io::Write;
    let mut err = std::io::stderr().lock();
    let _ = writeln!(
        err,
        "{report}\nnote: the stuck thread cannot be stopped; smartcheck ends the process (exit \
         code 101)"
    );
    let _ = err.flush();
    std::process::exit(101)
}

/// `5 s` or `300 ms`.
pub(crate) fn format_limit(limit: Duration) -> String {
    let ms = limit.as_millis();
    if ms.is_multiple_of(1000) {
        format!("{} s", ms / 1000)
    } else {
        format!("{ms} ms")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_print_in_seconds_when_whole() {
        assert_eq!(format_limit(Duration::from_millis(5000)), "5 s");
        assert_eq!(format_limit(Duration::from_millis(300)), "300 ms");
    }

    #[test]
    fn a_run_without_a_limit_is_not_watched() {
        let _guard = watch(RootType::of::<u8>(), 0, 1);
        assert!(CURRENT.with(|c| c.borrow().is_none()));
        assert_eq!(timed(|| 4), 4);
    }
}
