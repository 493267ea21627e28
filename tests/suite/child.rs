//! Running `check` in child processes of this test binary, as separate `cargo test` runs would
//! (shared by the `persist`, `escapes` and `memory` modules). The child runs the calling
//! module's ignored test `child`, whose role [`ROLE`] names, with `CARGO_MANIFEST_DIR` pointing
//! at a scratch directory of the case, so its regressions file is
//! `<scratch>/smartcheck-regressions/tests/suite/<module>.txt`.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The variable that tells the child what to do.
pub const ROLE: &str = "SMARTCHECK_TEST_ROLE";

/// A fresh, empty scratch directory for the case `name` of the binary `binary`.
pub fn scratch(binary: &str, name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{binary}-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A command running the test `child` of `module` (its `module_path!()`) as `role` in `dir`,
/// with none of smartcheck's variables inherited.
pub fn child_command(module: &str, dir: &Path, role: &str, env: &[(&str, &str)]) -> Command {
    let mut cmd = Command::new(std::env::current_exe().unwrap());
    let test = crate::test_name(module, "child");
    cmd.args(["--ignored", "--exact", test.as_str(), "--nocapture", "--test-threads=1"]);
    for var in ["SMARTCHECK_SEED", "SMARTCHECK_PERSIST", "SMARTCHECK_TESTS", "SMARTCHECK_ROUNDS"] {
        cmd.env_remove(var);
    }
    cmd.env(ROLE, role).env("CARGO_MANIFEST_DIR", dir).env("RUST_BACKTRACE", "0");
    for (key, value) in env {
        cmd.env(key, value);
    }
    cmd
}

/// Runs the child to its end: whether it succeeded, and its output (stdout, then stderr).
pub fn run_child(module: &str, dir: &Path, role: &str, env: &[(&str, &str)]) -> (bool, String) {
    let out = child_command(module, dir, role, env).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout) + String::from_utf8_lossy(&out.stderr);
    (out.status.success(), text.into_owned())
}

/// The report printed by a failing `check`: from its first line to its last.
pub fn report_of(output: &str) -> &str {
    let start = output.find("smartcheck: property failed").unwrap_or_else(|| panic!("{output}"));
    let rest = &output[start..];
    let end = rest.find("property evaluations in all").unwrap_or_else(|| panic!("{output}"));
    &rest[..end]
}

/// The names of the files in the regressions folder of `dir`.
pub fn folder(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir.join("smartcheck-regressions/tests/suite"))
        .map(|entries| {
            entries.map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

/// The lines of the regressions file `file` (relative to `dir`), comments left out.
pub fn saved_lines(dir: &Path, file: &str) -> Vec<String> {
    let text = std::fs::read_to_string(dir.join(file)).unwrap_or_default();
    text.lines().filter(|l| !l.starts_with('#')).map(str::to_string).collect()
}
