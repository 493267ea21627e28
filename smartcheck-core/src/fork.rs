//! Fork mode (issue 12, item 5; beyond the paper): with [`Args::fork`], each evaluation of the
//! property runs in a child process of its own, so that an abort, a stack overflow or running
//! out of memory ends the child, not the test: the parent sees how the child died and counts
//! it as a failure ("the evaluation's process was killed by signal 6 (SIGABRT)"), which is
//! reduced and generalized like any other. proptest's `fork` option does the same by
//! re-running the test binary (rusty-fork); here the child is a `fork` of the running process,
//! so it needs no way to send it the value: it has it already.
//!
//! Invariant: an evaluation's outcome is the one its child wrote to a pipe before `_exit`; a
//! child that wrote nothing died during the evaluation, and that is a failure with a fixed
//! message per signal or exit status (so a crash is one class of counterexample). Nothing the
//! property does in the child (a side effect, a counter, its output: the child's stdout and
//! stderr are `/dev/null`) reaches the parent.
//!
//! Cost: one `fork` and one `waitpid` per evaluation (about a millisecond for a test binary).
//! Unix only: elsewhere evaluations run in the test process as usual.
//!
//! Time limit: the parent waits for a child at most `Args::timeout_ms`, then kills it and
//! tries the evaluation once more in a new child, because a child can stall on a lock another
//! thread of the parent held at the fork (a print on another test thread); the parent installs
//! the panic hook before forking so that children never take its locks to install it. A second
//! overrun is a failure ("the evaluation's process did not finish within 60 s; it was
//! killed"), reduced like any other: in fork mode an endless loop is a counterexample, where
//! without it the watchdog can only end the process (`timeout.rs`). An overrunning input
//! costs twice the limit, so a run stops explaining once [`OVERRUNS`] evaluations have
//! overrun ([`overruns_spent`]): reduction and generalization end where they are, and no
//! further round starts. Each overrunning try of a reduction or a claim costs the limit
//! twice, and a claim alone makes 100 of them: an endless loop in a list longer than 3 took
//! 535 s to report at a 500 ms limit, and would take hours at the default 60 s.

use std::cell::Cell;
use std::time::Duration;

use crate::args::Args;
use crate::property::{Outcome, RootProperty};
use crate::subtypes::SubValue;

/// Evaluations of a run that may overrun the time limit before the run stops explaining
/// ([`overruns_spent`]).
pub(crate) const OVERRUNS: usize = 32;

thread_local! {
    /// Evaluations of the run on this thread that overran the limit in a child.
    static OVERRAN: Cell<usize> = const { Cell::new(0) };
}

/// True once the run on this thread has seen [`OVERRUNS`] evaluations overrun the limit in a
/// child: reduction and generalization stop trying candidates, and no round starts.
pub(crate) fn overruns_spent() -> bool {
    OVERRAN.with(Cell::get) >= OVERRUNS
}

/// Runs `f` with `prop`, or with `prop` evaluated in child processes when `args.fork` is set.
pub(crate) fn with_fork<R>(
    args: &Args,
    prop: &RootProperty<'_>,
    f: impl FnOnce(&RootProperty<'_>) -> R,
) -> R {
    if args.fork && cfg!(unix) {
        let limit = (args.timeout_ms > 0).then(|| Duration::from_millis(args.timeout_ms));
        // Counted per run; a run inside a property (in a child) has a count of its own.
        let outer = OVERRAN.replace(0);
        let result = f(&|value: &dyn SubValue| in_child(prop, value, limit));
        OVERRAN.set(outer);
        result
    } else {
        f(prop)
    }
}

#[cfg(not(unix))]
fn in_child(prop: &RootProperty<'_>, value: &dyn SubValue, _limit: Option<Duration>) -> Outcome {
    prop(value)
}

/// Evaluates `prop` on `value` in a forked child; see the module's doc. A child still running
/// at `limit` is killed and the evaluation tried once more in a new child (the first may have
/// stalled on a lock another thread held at the fork); a second overrun is a failure.
#[cfg(unix)]
fn in_child(prop: &RootProperty<'_>, value: &dyn SubValue, limit: Option<Duration>) -> Outcome {
    // Installed by the parent, so that no child takes the hook's locks to install it.
    crate::property::install_hook_once();
    // The parent's own watchdog could only end the whole process; a child it can kill, so
    // the deadline here is the one that counts, and the watchdog is off until both tries end.
    crate::timeout::untimed(|| {
        attempt(prop, value, limit)
            .or_else(|| attempt(prop, value, limit))
            .unwrap_or_else(|| overran(limit))
    })
}

/// One child's outcome, or `None` when it was still running at `limit` (it is then killed).
/// A child that cannot be made (no pipe, no fork) leaves the evaluation to this process,
/// watched as usual.
#[cfg(unix)]
fn attempt(
    prop: &RootProperty<'_>,
    value: &dyn SubValue,
    limit: Option<Duration>,
) -> Option<Outcome> {
    use std::io::Write;
    let here = || Some(crate::timeout::timed(|| prop(value)));
    let Ok((mut reader, mut writer)) = std::io::pipe() else { return here() };
    // Output buffered now would be written twice, by the parent and by the child.
    let _ = (std::io::stdout().flush(), std::io::stderr().flush());
    // SAFETY: the child only evaluates the property (as the test itself would), writes to
    // its pipe and leaves with `_exit`, running no destructor or exit handler of the parent's.
    match unsafe { libc::fork() } {
        -1 => here(),
        0 => {
            drop(reader);
            quiet();
            let outcome = crate::property::catch(|| prop(value))
                .unwrap_or_else(crate::property::Outcome::Fail);
            let _ = writer.write_all(&encode(&outcome));
            // SAFETY: ends the child at once, as intended.
            unsafe { libc::_exit(0) }
        }
        child => {
            drop(writer);
            let bytes = read_within(&mut reader, limit);
            if bytes.is_none() {
                // SAFETY: signals the child just made, which has not been waited for yet.
                unsafe { libc::kill(child, libc::SIGKILL) };
            }
            let mut status = 0;
            // SAFETY: waits for the child just made, whose status is written to `status`.
            while unsafe { libc::waitpid(child, &mut status, 0) } == -1
                && std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted
            {
            }
            bytes.map(|bytes| decode(&bytes).unwrap_or_else(|| died(status)))
        }
    }
}

/// Everything the child writes until it closes its end, or `None` if it has not by `limit`.
#[cfg(unix)]
fn read_within(reader: &mut std::io::PipeReader, limit: Option<Duration>) -> Option<Vec<u8>> {
    use std::io::Read;
    use std::os::fd::AsRawFd;
    let deadline = limit.map(|limit| std::time::Instant::now() + limit);
    let mut bytes = Vec::new();
    let mut chunk = [0u8; 4096];
    loop {
        let wait_ms = match deadline {
            None => -1,
            Some(deadline) => {
                let left = deadline.saturating_duration_since(std::time::Instant::now());
                if left.is_zero() {
                    return None;
                }
                // Rounded up, so that a wait never ends before the deadline.
                left.as_millis().saturating_add(1).min(i32::MAX as u128) as i32
            }
        };
        let mut fd = libc::pollfd { fd: reader.as_raw_fd(), events: libc::POLLIN, revents: 0 };
        // SAFETY: one valid descriptor, owned by `reader`, for the length of the call.
        if unsafe { libc::poll(&mut fd, 1, wait_ms) } == 0 {
            continue; // timed out: the deadline check above decides
        }
        match reader.read(&mut chunk) {
            Ok(0) => return Some(bytes),
            Ok(n) => bytes.extend_from_slice(&chunk[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return Some(bytes),
        }
    }
}

/// The failure of an evaluation whose two children both ran past `limit`, counted.
#[cfg(unix)]
fn overran(limit: Option<Duration>) -> Outcome {
    OVERRAN.with(|n| n.set(n.get() + 1));
    let limit = limit.map_or_else(|| "its time limit".to_string(), crate::timeout::format_limit);
    let message = format!("the evaluation's process did not finish within {limit}; it was killed");
    Outcome::Fail(crate::property::Failure::Panic { message, location: None })
}

/// Points the child's stdout and stderr at `/dev/null`: what the runtime writes there as the
/// child dies ("thread 'main' has overflowed its stack") is noise; the signal says it.
#[cfg(unix)]
fn quiet() {
    if let Ok(null) = std::fs::OpenOptions::new().write(true).open("/dev/null") {
        use std::os::fd::AsRawFd;
        // SAFETY: `dup2` on descriptors this process owns; a failure leaves them as they were.
        unsafe {
            libc::dup2(null.as_raw_fd(), 1);
            libc::dup2(null.as_raw_fd(), 2);
        }
    }
}

/// The failure of an evaluation whose child died with `status` before writing its outcome.
#[cfg(unix)]
fn died(status: libc::c_int) -> Outcome {
    let message = if libc::WIFSIGNALED(status) {
        let signal = libc::WTERMSIG(status);
        format!("the evaluation's process was killed by signal {signal}{}", signal_name(signal))
    } else {
        let code = libc::WEXITSTATUS(status);
        format!("the evaluation's process exited with status {code} before returning")
    };
    Outcome::Fail(crate::property::Failure::Panic { message, location: None })
}

#[cfg(unix)]
fn signal_name(signal: libc::c_int) -> &'static str {
    match signal {
        libc::SIGABRT => " (SIGABRT: an abort, or a stack overflow)",
        libc::SIGSEGV => " (SIGSEGV: a stack overflow or a bad memory access)",
        libc::SIGBUS => " (SIGBUS)",
        libc::SIGKILL => " (SIGKILL: out of memory, or killed)",
        libc::SIGILL => " (SIGILL)",
        libc::SIGFPE => " (SIGFPE)",
        _ => "",
    }
}

/// An outcome as bytes: its kind, then for a panic its location, a NUL and its message.
fn encode(outcome: &Outcome) -> Vec<u8> {
    use crate::property::Failure;
    let mut bytes = Vec::new();
    match outcome {
        Outcome::Pass => bytes.push(b'P'),
        Outcome::Discard => bytes.push(b'D'),
        Outcome::Fail(Failure::False) => bytes.push(b'F'),
        Outcome::Fail(Failure::Err(text)) => {
            bytes.push(b'E');
            bytes.extend_from_slice(text.as_bytes());
        }
        Outcome::Fail(Failure::Panic { message, location }) => {
            bytes.push(b'X');
            bytes.extend_from_slice(location.as_deref().unwrap_or_default().as_bytes());
            bytes.push(0);
            bytes.extend_from_slice(message.as_bytes());
        }
    }
    bytes
}

/// The outcome [`encode`] wrote; `None` for anything else (nothing: the child died).
fn decode(bytes: &[u8]) -> Option<Outcome> {
    use crate::property::Failure;
    let (&kind, rest) = bytes.split_first()?;
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    Some(match kind {
        b'P' => Outcome::Pass,
        b'D' => Outcome::Discard,
        b'F' => Outcome::Fail(Failure::False),
        b'E' => Outcome::Fail(Failure::Err(text(rest))),
        b'X' => {
            let nul = rest.iter().position(|&b| b == 0)?;
            let location = Some(text(&rest[..nul])).filter(|l| !l.is_empty());
            Outcome::Fail(Failure::Panic { message: text(&rest[nul + 1..]), location })
        }
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::property::Failure;

    #[test]
    fn outcomes_go_through_the_pipe_unchanged() {
        let panic =
            Failure::Panic { message: "boom\nat 3".into(), location: Some("a.rs:1:2".into()) };
        let unplaced = Failure::Panic { message: "no place".into(), location: None };
        for outcome in [
            Outcome::Pass,
            Outcome::Discard,
            Outcome::Fail(Failure::False),
            Outcome::Fail(Failure::Err("Overflow(3)".into())),
            Outcome::Fail(panic),
            Outcome::Fail(unplaced),
        ] {
            assert_eq!(decode(&encode(&outcome)), Some(outcome));
        }
        assert_eq!(decode(b""), None, "a child that wrote nothing died");
    }

    #[cfg(unix)]
    #[test]
    fn a_child_that_never_finishes_is_killed_at_the_limit_and_the_parent_goes_on() {
        let args = Args { fork: true, timeout_ms: 100, ..Args::default() };
        let prop = |x: &dyn SubValue| {
            if *crate::root::view::<u8>(x) == 7 {
                loop {
                    std::thread::sleep(std::time::Duration::from_millis(10));
                }
            }
            Outcome::Pass
        };
        let outcomes = with_fork(&args, &prop, |p| [p(&1u8), p(&7u8), p(&2u8)]);
        let message = "the evaluation's process did not finish within 100 ms; it was killed";
        let failure = Failure::Panic { message: message.into(), location: None };
        assert_eq!(outcomes, [Outcome::Pass, Outcome::Fail(failure), Outcome::Pass]);
    }

    #[cfg(unix)]
    #[test]
    fn a_child_that_aborts_is_a_failure_and_the_parent_goes_on() {
        let args = Args { fork: true, ..Args::default() };
        let prop = |x: &dyn SubValue| match crate::root::view::<u8>(x) {
            7 => std::process::abort(),
            _ => Outcome::Pass,
        };
        let outcomes = with_fork(&args, &prop, |p| [p(&1u8), p(&7u8)]);
        assert_eq!(outcomes[0], Outcome::Pass);
        let message = "the evaluation's process was killed by signal 6 (SIGABRT: an abort, or \
                       a stack overflow)";
        let failure = Failure::Panic { message: message.into(), location: None };
        assert_eq!(outcomes[1], Outcome::Fail(failure));
    }
}
