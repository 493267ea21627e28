//! A property that never returns on one input fails with the timeout report within the limit
//! (issue 11.5). The stuck run happens in a child process (this test binary run again), as
//! smartcheck ends the process of a stuck evaluation.

use std::process::Command;
use std::time::Duration;

const CHILD: &str = "SMARTCHECK_TIMEOUT_TEST_CHILD";

/// The child: sleeps forever on inputs of three elements or more.
#[test]
fn sleeps_forever_on_long_lists() {
    if std::env::var_os(CHILD).is_none() {
        return;
    }
    let args = smartcheck::Args { seed: Some(3), timeout_ms: 300, ..smartcheck::Args::default() };
    smartcheck::check_with(&args, |v: &Vec<u8>| {
        if v.len() >= 3 {
            std::thread::sleep(Duration::from_secs(1_000_000));
        }
        true
    });
}

/// The child: an exhaustive check that sleeps forever on lists of three elements or more.
#[test]
fn sleeps_forever_in_an_exhaustive_check() {
    if std::env::var_os(CHILD).is_none() {
        return;
    }
    let args = smartcheck::Args { timeout_ms: 300, ..smartcheck::Args::default() };
    let run = smartcheck::exhaustive::exhaustive_check(&args, 5, |v: &Vec<u8>| {
        if v.len() >= 3 {
            std::thread::sleep(Duration::from_secs(1_000_000));
        }
        true
    });
    panic!("the check returned: {run}");
}

/// Runs the child test `name` and returns its exit code and stderr; with the test harness
/// capturing output unless `nocapture`.
fn stuck_child(name: &str, nocapture: bool) -> (Option<i32>, String) {
    let exe = std::env::current_exe().expect("the test binary");
    let test = crate::test_name(module_path!(), name);
    let mut args = vec![test.as_str(), "--exact"];
    if nocapture {
        args.push("--nocapture");
    }
    let out = Command::new(exe)
        .args(args)
        .env(CHILD, "1")
        .env("SMARTCHECK_PERSIST", "0")
        .env_remove("SMARTCHECK_SEED")
        .output()
        .expect("the child runs");
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
}

/// The time limit holds in an exhaustive check too: it hung with no report (an outside
/// audit), as the check ran its values unwatched.
#[test]
fn an_exhaustive_check_stuck_on_one_value_ends_with_a_report_naming_it() {
    use smartcheck::Enumerate;
    let (code, stderr) = stuck_child("sleeps_forever_in_an_exhaustive_check", false);
    assert_eq!(code, Some(101), "{stderr}");
    // The first list of three in the enumeration's order is the one that sticks.
    let stuck = Vec::<u8>::enumerate(5).position(|v| v.len() >= 3).expect("a long list") + 1;
    let said = format!(
        "smartcheck: property did not return within 300 ms on value {stuck} of the exhaustive \
         check up to depth 5"
    );
    assert!(stderr.contains(&said), "{said}\n{stderr}");
}

/// Under plain `cargo test` (output captured), the report still reaches stderr: it was
/// printed into the harness's capture, which the ended process never showed.
#[test]
fn the_timeout_report_is_not_lost_to_the_harness_capture() {
    let (code, stderr) = stuck_child("sleeps_forever_on_long_lists", false);
    assert_eq!(code, Some(101), "{stderr}");
    assert!(stderr.contains("counterexample (timeout) on test"), "{stderr}");
}

/// In fork mode, a value of an exhaustive check that runs past the limit is a failure like any
/// other, reduced; and a crash in a child (here an abort) is one too.
#[cfg(unix)]
#[test]
fn in_fork_mode_an_exhaustive_check_reports_a_loop_or_a_crash_as_a_counterexample() {
    let args = smartcheck::Args {
        seed: Some(1),
        fork: true,
        timeout_ms: 50,
        run_forall: false,
        run_exists: false,
        ..smartcheck::Args::default()
    };
    let run = smartcheck::exhaustive::exhaustive_check(&args, 4, |v: &Vec<u8>| {
        if v.len() >= 2 {
            loop {
                std::thread::sleep(Duration::from_millis(5));
            }
        }
        true
    });
    let cex = run.counterexample().unwrap_or_else(|| panic!("{run}"));
    assert_eq!(cex.value(), &vec![0, 0], "{run}");
    assert!(cex.failure().to_string().contains("did not finish within 50 ms"), "{run}");
    let run = smartcheck::exhaustive::exhaustive_check(&args, 4, |v: &Vec<u8>| {
        if v.len() >= 2 {
            std::process::abort();
        }
        true
    });
    let cex = run.counterexample().unwrap_or_else(|| panic!("{run}"));
    assert_eq!(cex.value(), &vec![0, 0], "{run}");
}

#[test]
fn a_property_stuck_on_one_input_fails_with_the_timeout_report() {
    let exe = std::env::current_exe().expect("the test binary");
    let out = Command::new(exe)
        .args([
            crate::test_name(module_path!(), "sleeps_forever_on_long_lists").as_str(),
            "--exact",
            "--nocapture",
        ])
        .env(CHILD, "1")
        .env("SMARTCHECK_PERSIST", "0")
        .env_remove("SMARTCHECK_SEED")
        .output()
        .expect("the child runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(101), "{stderr}");
    assert!(stderr.contains("property did not return within 300 ms"), "{stderr}");
    assert!(stderr.contains("counterexample (timeout) on test"), "{stderr}");
    assert!(stderr.contains("rerun: SMARTCHECK_SEED=0x3"), "{stderr}");
    let input = stderr.lines().skip_while(|l| !l.contains("(timeout)")).nth(1).unwrap_or("");
    let commas = input.matches(',').count();
    assert!(input.trim().starts_with('[') && commas >= 2, "a list of 3 or more: {stderr}");
}

/// In fork mode the parent can kill a child that runs past the limit: the endless loop is a
/// counterexample like any other, reduced, and the test process goes on.
#[cfg(unix)]
#[test]
fn in_fork_mode_an_endless_loop_is_a_reduced_counterexample() {
    let args = smartcheck::Args {
        seed: Some(1),
        fork: true,
        timeout_ms: 50,
        persist: false,
        run_forall: false,
        run_exists: false,
        rounds: 1,
        ..smartcheck::Args::default()
    };
    let report = smartcheck::smart_check(&args, |x: &u16| {
        if *x >= 100 {
            loop {
                std::thread::sleep(Duration::from_millis(5));
            }
        }
        true
    });
    assert!(report.failed(), "{report}");
    let cex = &report.counterexamples()[0];
    assert_eq!(*cex.value(), 100, "{report}");
    assert_eq!(
        cex.failure().to_string(),
        "the property panicked: the evaluation's process did not finish within 50 ms; it was \
         killed"
    );
}

/// Each try of an endless loop in fork mode costs the limit twice, and explaining one tries
/// hundreds: a list longer than 3 that loops took 535 s to report at a 500 ms limit (hours at
/// the default 60 s). A run stops explaining after 32 overruns, and says so; what it reports
/// still fails when re-run.
#[cfg(unix)]
#[test]
fn in_fork_mode_a_run_stops_explaining_after_32_overruns() {
    let args = smartcheck::Args {
        seed: Some(2),
        fork: true,
        timeout_ms: 30,
        persist: false,
        ..smartcheck::Args::default()
    };
    let report = smartcheck::smart_check(&args, |v: &Vec<u8>| {
        if v.len() > 3 {
            loop {
                std::thread::sleep(Duration::from_millis(5));
            }
        }
        true
    });
    let text = report.to_string();
    assert_eq!(report.counterexamples().len(), 1, "{text}");
    assert!(report.counterexamples()[0].value().len() > 3, "{text}");
    assert!(
        text.contains(
            "32 evaluations ran past the time limit in their child processes, each tried \
             twice: reduction and generalization stopped there, and no further round ran"
        ),
        "{text}"
    );
}
