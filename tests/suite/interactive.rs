//! Interactive mode (the paper's REPL): after each round smartcheck asks on stdin whether to
//! look for another counterexample. The test runs itself as a child process to give it stdin.

use std::io::Write;
use std::process::{Command, Stdio};

/// Two unrelated bugs, so a second round has something to find.
fn two_bugs(v: &(Vec<u8>, Option<bool>)) -> bool {
    v.0.len() < 4 && v.1 != Some(true)
}

#[test]
fn child() {
    if std::env::var("SMARTCHECK_INTERACTIVE_CHILD").is_err() {
        return; // only meaningful when run by `asks_after_each_round` below
    }
    let args = smartcheck::Args {
        seed: Some(5),
        interactive: true,
        rounds: 3,
        ..smartcheck::Args::default()
    };
    let report = smartcheck::smart_check(&args, two_bugs);
    println!("classes={}", report.counterexamples().len());
}

fn run_child(answers: &str) -> (String, String) {
    let mut child = Command::new(std::env::current_exe().expect("the test binary"))
        .args([
            "--exact",
            crate::test_name(module_path!(), "child").as_str(),
            "--nocapture",
            "--test-threads=1",
        ])
        .env("SMARTCHECK_INTERACTIVE_CHILD", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn the test binary");
    child.stdin.take().expect("stdin").write_all(answers.as_bytes()).expect("write answers");
    let out = child.wait_with_output().expect("child output");
    (String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

#[test]
fn asks_after_each_round() {
    let (stdout, stderr) = run_child("n\n");
    assert!(stdout.contains("classes=1"), "{stdout}\n{stderr}");
    assert_eq!(stderr.matches("look for another counterexample? [y/N]").count(), 1, "{stderr}");

    let (stdout, stderr) = run_child("y\nn\n");
    assert!(stdout.contains("classes=2"), "{stdout}\n{stderr}");
    assert_eq!(stderr.matches("look for another counterexample? [y/N]").count(), 2, "{stderr}");

    // No answer (stdin closed) means no.
    let (stdout, _) = run_child("");
    assert!(stdout.contains("classes=1"), "{stdout}");
}
