//! Failure persistence for [`check`](crate::check): every counterexample a test finds is saved
//! beside the test crate and replayed first on the next run, as proptest's regressions files.
//!
//! The file for a test in `tests/engine.rs` is
//! `$CARGO_MANIFEST_DIR/smartcheck-regressions/tests/engine.txt`; commit it, so that every
//! machine replays the counterexamples found before. Each line saves one input by its origin
//! (the test generator's seed, size and budget) and a hash of the value it generates, so a
//! line whose type or generator has changed since is recognised as stale:
//!
//! ```text
//! # smartcheck regressions: inputs that failed before, replayed first. Commit this file.
//! type=my_crate::Exp seed=0x1f2e size=31 budget=31 hash=0x9a41c2d0e3f4b5a6 # Div(C(0), ..)
//! ```
//!
//! Every entry of the file whose type matches is replayed by every `check` in that source
//! file. Writes go to a temporary file renamed over the old one, so a crash or Ctrl-C never
//! leaves half a file. A corrupt or stale line is reported and skipped, never fatal.
//! `SMARTCHECK_PERSIST=0` turns all of this off.

use std::fmt::Write as _;
use std::hash::Hasher;
use std::path::{Component, Path, PathBuf};
use std::sync::Mutex;

use crate::run::Origin;

/// One saved input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The type of the test's input (`std::any::type_name`).
    pub type_name: String,
    /// How to generate the input again.
    pub origin: Origin,
    /// The hash of the input's `Debug` text, to recognise a stale entry.
    pub hash: u64,
    /// The input as it printed when saved, for people reading the file.
    pub comment: String,
}

/// The regressions file of one test source file.
#[derive(Clone, Debug)]
pub struct Store {
    path: PathBuf,
}

const HEADER: &str =
    "# smartcheck regressions: inputs that failed before, replayed first. Commit this file.\n";

/// Serialises writes from the tests of one process (libtest runs them on several threads).
static WRITING: Mutex<()> = Mutex::new(());

/// A stable (FNV-1a) hash of a value's `Debug` text: the same on every machine and run.
pub fn value_hash(debug_text: &str) -> u64 {
    let mut h = Fnv(0xcbf2_9ce4_8422_2325);
    h.write(debug_text.as_bytes());
    h.finish()
}

struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// True unless `SMARTCHECK_PERSIST` is `0`, `off`, `false` or `no`.
pub fn enabled() -> bool {
    match std::env::var("SMARTCHECK_PERSIST") {
        Ok(v) => !matches!(v.trim().to_ascii_lowercase().as_str(), "0" | "off" | "false" | "no"),
        Err(_) => true,
    }
}

impl Store {
    /// The store for tests in `source_file` (as `std::panic::Location::file` gives it) of the
    /// crate at `$CARGO_MANIFEST_DIR`; `None` when persistence is off or the directory is not
    /// known (not run by cargo).
    pub fn for_source(source_file: &str) -> Option<Store> {
        if !enabled() {
            return None;
        }
        let root = std::env::var_os("CARGO_MANIFEST_DIR")?;
        Some(Store::at(Path::new(&root), source_file))
    }

    /// The store for `source_file` under the crate directory `root`. In a workspace, rustc
    /// names a member's files from the workspace root (`member/tests/a.rs`); the member's own
    /// name is dropped, so the file is `member/smartcheck-regressions/tests/a.txt`.
    pub fn at(root: &Path, source_file: &str) -> Store {
        let source = Path::new(source_file);
        let in_member = root.file_name().is_some_and(|member| {
            source.starts_with(member)
                && root.parent().is_some_and(|workspace| workspace.join(source).exists())
        });
        let source = match (in_member, root.file_name()) {
            (true, Some(member)) => source.strip_prefix(member).unwrap_or(source),
            _ => source,
        };
        let relative: PathBuf = source
            .components()
            .filter_map(|c| match c {
                Component::Normal(part) => Some(part),
                _ => None,
            })
            .collect();
        let mut path = root.join("smartcheck-regressions").join(relative);
        path.set_extension("txt");
        Store { path }
    }

    /// Where the file is.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The saved entries for inputs of type `type_name`, with a message for each line that
    /// could not be read. A missing file has no entries.
    pub fn load(&self, type_name: &str) -> (Vec<Entry>, Vec<String>) {
        let Ok(text) = std::fs::read_to_string(&self.path) else {
            return (Vec::new(), Vec::new());
        };
        let mut entries = Vec::new();
        let mut problems = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            match parse(line) {
                Some(e) if e.type_name == type_name => entries.push(e),
                Some(_) => {}
                None => problems.push(format!(
                    "{}:{}: unreadable line skipped: {line}",
                    self.path.display(),
                    n + 1
                )),
            }
        }
        (entries, problems)
    }

    /// Adds `entry` unless an equal one is saved; atomically (temporary file, then rename).
    pub fn save(&self, entry: &Entry) -> std::io::Result<()> {
        let _guard = WRITING.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let old = std::fs::read_to_string(&self.path).unwrap_or_default();
        let line = format_entry(entry);
        let key = line.split(" # ").next().unwrap_or(&line);
        if old.lines().any(|l| l.split(" # ").next() == Some(key)) {
            return Ok(());
        }
        let mut text = if old.is_empty() { HEADER.to_string() } else { old };
        if !text.ends_with('\n') {
            text.push('\n');
        }
        text.push_str(&line);
        text.push('\n');
        if let Some(dir) = self.path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let tmp = self.path.with_extension(format!("txt.tmp{}", std::process::id()));
        std::fs::write(&tmp, text)?;
        std::fs::rename(&tmp, &self.path)
    }
}

fn format_entry(e: &Entry) -> String {
    let mut line = format!(
        "type={} seed={:#x} size={} budget={} hash={:#x}",
        e.type_name.replace(' ', ""),
        e.origin.seed,
        e.origin.size,
        e.origin.budget,
        e.hash
    );
    let comment: String = e.comment.chars().filter(|c| *c != '\n').take(200).collect();
    let _ = write!(line, " # {comment}");
    line
}

fn parse(line: &str) -> Option<Entry> {
    let (fields, comment) = match line.split_once(" # ") {
        Some((f, c)) => (f, c.to_string()),
        None => (line, String::new()),
    };
    let mut type_name = None;
    let (mut seed, mut size, mut budget, mut hash) = (None, None, None, None);
    for field in fields.split_whitespace() {
        let (key, value) = field.split_once('=')?;
        match key {
            "type" => type_name = Some(value.to_string()),
            "seed" => seed = Some(hex(value)?),
            "size" => size = Some(value.parse().ok()?),
            "budget" => budget = Some(value.parse().ok()?),
            "hash" => hash = Some(hex(value)?),
            _ => return None,
        }
    }
    Some(Entry {
        type_name: type_name?,
        origin: Origin { seed: seed?, size: size?, budget: budget? },
        hash: hash?,
        comment,
    })
}

fn hex(text: &str) -> Option<u64> {
    u64::from_str_radix(text.strip_prefix("0x")?, 16).ok()
}

/// The type name as saved (no spaces, so a line splits on whitespace).
pub fn type_key<T>() -> String {
    std::any::type_name::<T>().replace(' ', "")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("smartcheck-persist-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    fn entry(seed: u64) -> Entry {
        Entry {
            type_name: "Vec<u8>".into(),
            origin: Origin { seed, size: 3, budget: 4 },
            hash: 0xabc,
            comment: "[1, 2]".into(),
        }
    }

    #[test]
    fn saves_and_loads_round_trip() {
        let dir = scratch("roundtrip");
        let store = Store::at(&dir, "tests/engine.rs");
        assert_eq!(store.path(), dir.join("smartcheck-regressions/tests/engine.txt"));
        assert_eq!(store.load("Vec<u8>"), (vec![], vec![]));
        store.save(&entry(1)).unwrap();
        store.save(&entry(2)).unwrap();
        store.save(&entry(1)).unwrap(); // saved once only
        let (entries, problems) = store.load("Vec<u8>");
        assert_eq!(entries, vec![entry(1), entry(2)]);
        assert!(problems.is_empty());
        assert!(store.load("u8").0.is_empty());
        let text = std::fs::read_to_string(store.path()).unwrap();
        assert!(text.starts_with(HEADER));
        assert_eq!(text.lines().count(), 3);
    }

    #[test]
    fn corrupt_lines_are_reported_and_skipped() {
        let dir = scratch("corrupt");
        let store = Store::at(&dir, "src/lib.rs");
        store.save(&entry(7)).unwrap();
        let mut text = std::fs::read_to_string(store.path()).unwrap();
        text.push_str("type=Vec<u8> seed=zz size=1\ngarbage\n");
        std::fs::write(store.path(), text).unwrap();
        let (entries, problems) = store.load("Vec<u8>");
        assert_eq!(entries, vec![entry(7)]);
        assert_eq!(problems.len(), 2);
        assert!(problems[0].contains("lib.txt:3: unreadable line skipped"), "{problems:?}");
    }

    #[test]
    fn hash_is_stable() {
        assert_eq!(value_hash(""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(value_hash("a"), 0xaf63_dc4c_8601_ec8c);
    }
}
