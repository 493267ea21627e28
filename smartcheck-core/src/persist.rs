//! Failure persistence for [`check`](crate::check): every counterexample a test finds is saved
//! beside the test crate and replayed first on the next run, as proptest's regressions files.
//! Beyond the paper (which has no persistence); SPEC §6's "nothing lost" is its contract.
//!
//! The file for a test in `tests/engine.rs` is
//! `$CARGO_MANIFEST_DIR/smartcheck-regressions/tests/engine.txt`; commit it, so that every
//! machine replays the counterexamples found before. Each line saves one input by its origin
//! (the test generator's seed, size, budget and version), a hash of the value it generates (so
//! a line whose type or generator has changed since is recognised as stale) and the seed of the
//! run that found it; or one run that crashed (`crash`):
//!
//! ```text
//! # smartcheck regressions: inputs that failed before, replayed first. Commit this file.
//! type=my_crate::Exp seed=0x1f2e size=31 budget=31 gen=2 hash=0x9a41c2d0e3f4b5a6 run=0x7 # Div(..)
//! crash type=my_crate::Exp seed=0x5eed # an earlier run with this seed did not finish
//! enumerated type=my_crate::Exp depth=4 index=937 hash=0x5be2a1c07d3f9e44 # Div(..)
//! ```
//!
//! An `enumerated` line saves an input an exhaustive check found (`exhaustive = N`,
//! `SMARTCHECK_EXHAUSTIVE`, a contract test's check when random discovery gives up), which no
//! seed draws: by its position (`index`, from 0) among the type's values up to `depth`, in
//! [`Enumerate`](crate::enumerate::Enumerate)'s order. A check of a type that enumerates
//! replays it, in any mode; its hash tells when the enumeration has changed since. One whose
//! `index` the type does not have up to its `depth`, or that builds more than
//! [`MAX_NTH_BUILDS`](crate::enumerate::MAX_NTH_BUILDS) values to reach (corrupted, or edited
//! by hand), is an unreadable line: reported at once, never built up to, and kept.
//!
//! `gen` names the generator version that drew the input ([`Gen::version`]); a line without
//! it was written before generator versions, by generator 1, and replays as generator 1 drew.
//! A line of a generator newer than this version of smartcheck knows is reported and kept.
//!
//! Invariant: the file only grows, and nothing in it is lost. A save appends one line under an
//! exclusive lock on the file (read, merge, append), so concurrent test processes never
//! overwrite each other, and a process killed mid-save leaves at most its own line unfinished.
//! A line that cannot be read (corrupt, not UTF-8, a number out of bounds) is kept as it is and
//! reported, never dropped. Every field is bounded before it is used.
//!
//! While a [`check`](crate::check) runs it holds an [`InFlight`] record (its seed) beside the
//! file, locked; a clean end removes it. A record whose lock is free belongs to a process that
//! died (abort, stack overflow, out of memory, `kill -9`): the next run turns it into a `crash`
//! line, so the crashed seed is replayed and the crash can be rerun. The record counts the
//! evaluations started, so the line also says in which evaluation the run died. A `crash` line
//! is replayed on every run, as saved inputs are; delete it once the crash is fixed.
//!
//! Cost: a save or load reads the file once (O(file)); a check adds one small file while it
//! runs. `SMARTCHECK_PERSIST=0` turns all of this off.

use std::fmt::Write as _;
use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Component, Path, PathBuf};

use crate::gen::Gen;
use crate::run::Origin;

mod canonical;
mod in_flight;

pub use canonical::{canonical_debug, value_hash};
pub use in_flight::InFlight;

/// One saved input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The type of the test's input (`std::any::type_name`, without spaces).
    pub type_name: String,
    /// How to generate the input again.
    pub origin: Origin,
    /// The [`value_hash`] of the input's `Debug` text, to recognise a stale entry.
    pub hash: u64,
    /// The seed of the run that found it, when known (a rerun with that seed finds it again
    /// by itself, so it does not replay it).
    pub run: Option<u64>,
    /// The input as it printed when saved, for people reading the file.
    pub comment: String,
}

/// One run that did not finish: its process died inside a check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Crash {
    /// The type of the test's input (`std::any::type_name`, without spaces).
    pub type_name: String,
    /// The seed of the run: rerunning with it crashes again.
    pub seed: u64,
    /// Where the check was and when it started, for people reading the file.
    pub comment: String,
}

/// One saved input that an exhaustive check found: the value at position `index` of the
/// type's enumeration up to `depth`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Enumerated {
    /// The type of the test's input (`std::any::type_name`, without spaces).
    pub type_name: String,
    /// The depth the type's values were enumerated to.
    pub depth: usize,
    /// The input's position among them, from 0.
    pub index: u64,
    /// The [`value_hash`] of the input's `Debug` text, to recognise a stale entry.
    pub hash: u64,
    /// The input as it printed when saved (reduced), for people reading the file.
    pub comment: String,
}

/// A line of the file that was read, with its line number (from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Saved<R> {
    /// The line number, from 1.
    pub line: usize,
    /// What it saves.
    pub record: R,
}

/// What [`Store::load`] read for one type.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Loaded {
    /// Saved inputs of the type.
    pub inputs: Vec<Saved<Entry>>,
    /// Crashed runs of the type.
    pub crashes: Vec<Saved<Crash>>,
    /// Saved inputs of the type that exhaustive checks found.
    pub enumerated: Vec<Saved<Enumerated>>,
    /// One message per line that could not be read (kept in the file as it is).
    pub problems: Vec<String>,
}

/// The regressions file of one test source file.
#[derive(Clone, Debug)]
pub struct Store {
    path: PathBuf,
    shown: String,
}

const HEADER: &str =
    "# smartcheck regressions: inputs that failed before, replayed first. Commit this file.\n";

/// The largest `size` or `budget` a saved line may have: a thousand times the default
/// `Args::max_gen_size`. A larger one is reported, not used (it could exhaust memory).
pub const MAX_SAVED_SIZE: usize = 100_000;

/// The longest line read; a longer one is reported and kept.
const MAX_LINE: usize = 64 * 1024;

/// The largest `index` an `enumerated` line may have: replaying it builds that many values.
pub const MAX_SAVED_INDEX: u64 = 1 << 40;

/// The longest type name read.
const MAX_TYPE_NAME: usize = 1024;

/// How much of a saved value's `Debug` text is kept as the line's comment.
const MAX_COMMENT: usize = 200;

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
        let mut relative: PathBuf = Path::new("smartcheck-regressions")
            .iter()
            .chain(source.components().filter_map(|c| match c {
                Component::Normal(part) => Some(part),
                _ => None,
            }))
            .collect();
        relative.set_extension("txt");
        let shown = relative.to_string_lossy().replace('\\', "/");
        Store { path: root.join(relative), shown }
    }

    /// Where the file is.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The file's path from the crate directory, `/`-separated, as reports show it (the same
    /// on every machine).
    pub fn shown(&self) -> &str {
        &self.shown
    }

    /// The saved inputs and crashed runs for type `type_name` (as [`type_key`] gives it), with a
    /// message for each line that could not be read. A missing file has no entries.
    pub fn load(&self, type_name: &str) -> Loaded {
        let mut loaded = Loaded::default();
        let bytes = match self.read_shared() {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return loaded,
            Err(e) => {
                loaded.problems.push(format!("{}: could not be read: {e}", self.shown));
                return loaded;
            }
        };
        for (n, line) in lines(&bytes) {
            match read_line(line) {
                Ok(None) => {}
                Ok(Some(Record::Input(e))) if e.type_name == type_name => {
                    loaded.inputs.push(Saved { line: n, record: e })
                }
                Ok(Some(Record::Crash(c))) if c.type_name == type_name => {
                    loaded.crashes.push(Saved { line: n, record: c })
                }
                Ok(Some(Record::Enumerated(e))) if e.type_name == type_name => {
                    loaded.enumerated.push(Saved { line: n, record: e })
                }
                Ok(Some(_)) => {}
                Err(why) => loaded.problems.push(format!(
                    "{}:{n}: unreadable line kept as it is ({why}): {}",
                    self.shown,
                    shorten(&String::from_utf8_lossy(line))
                )),
            }
        }
        loaded
    }

    fn read_shared(&self) -> std::io::Result<Vec<u8>> {
        let mut file = File::open(&self.path)?;
        file.lock_shared()?;
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes)?;
        Ok(bytes)
    }

    /// Adds `entry` unless an entry for the same input is saved. Returns whether it was added.
    pub fn save(&self, entry: &Entry) -> std::io::Result<bool> {
        self.append(&Record::Input(entry.clone()))
    }

    /// Adds `enumerated` unless an entry for the same input is saved. Returns whether it was
    /// added.
    pub fn save_enumerated(&self, enumerated: &Enumerated) -> std::io::Result<bool> {
        self.append(&Record::Enumerated(enumerated.clone()))
    }

    /// Adds `crash` unless a crash of the same type and seed is saved. Returns whether it was
    /// added.
    pub fn save_crash(&self, crash: &Crash) -> std::io::Result<bool> {
        self.append(&Record::Crash(crash.clone()))
    }

    /// Read, merge, append, under an exclusive lock on the file: a line already saved is not
    /// saved twice, and no other line is touched. Temporary files left by older versions'
    /// killed saves are removed.
    fn append(&self, record: &Record) -> std::io::Result<bool> {
        let mut file =
            open_in(&self.path, OpenOptions::new().read(true).append(true).create(true))?;
        file.lock()?;
        self.remove_temporaries();
        let mut old = Vec::new();
        file.read_to_end(&mut old)?;
        let saved =
            lines(&old).any(|(_, l)| read_line(l).is_ok_and(|r| r.is_some_and(|r| r.same(record))));
        if saved {
            return Ok(false);
        }
        let mut text = String::new();
        if old.is_empty() {
            text.push_str(HEADER);
        } else if !old.ends_with(b"\n") {
            text.push('\n'); // a line cut short by a killed save stays a line of its own
        }
        text.push_str(&record.to_line());
        text.push('\n');
        file.write_all(text.as_bytes())?;
        Ok(true)
    }

    /// Removes `<file>.tmp*` files beside the file: saves before this version wrote through
    /// them, and one killed mid-save left its file behind.
    fn remove_temporaries(&self) {
        let (Some(dir), Some(name)) = (self.path.parent(), self.path.file_name()) else {
            return;
        };
        let prefix = format!("{}.tmp", name.to_string_lossy());
        for path in files_starting_with(dir, &prefix) {
            let _ = std::fs::remove_file(path);
        }
    }
}

/// Opens `path` with `options`, making its folder first (again, if a check that ended
/// removed it as empty meanwhile).
fn open_in(path: &Path, options: &OpenOptions) -> std::io::Result<File> {
    let mut tries = 0;
    loop {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        match options.open(path) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && tries < 3 => tries += 1,
            opened => return opened,
        }
    }
}

fn files_starting_with(dir: &Path, prefix: &str) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    entries
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with(prefix))
        .map(|e| e.path())
        .collect()
}

/// One line of the file, read.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Record {
    Input(Entry),
    Crash(Crash),
    Enumerated(Enumerated),
}

impl Record {
    /// True when both save the same input, or the same crashed run.
    fn same(&self, other: &Record) -> bool {
        match (self, other) {
            (Record::Input(a), Record::Input(b)) => {
                (&a.type_name, a.origin, a.hash) == (&b.type_name, b.origin, b.hash)
            }
            (Record::Crash(a), Record::Crash(b)) => {
                (&a.type_name, a.seed) == (&b.type_name, b.seed)
            }
            (Record::Enumerated(a), Record::Enumerated(b)) => {
                (&a.type_name, a.depth, a.index, a.hash) == (&b.type_name, b.depth, b.index, b.hash)
            }
            _ => false,
        }
    }

    fn to_line(&self) -> String {
        let (mut line, comment) = match self {
            Record::Input(e) => {
                let mut line = format!(
                    "type={} seed={:#x} size={} budget={} gen={} hash={:#x}",
                    e.type_name.replace(char::is_whitespace, ""),
                    e.origin.seed,
                    e.origin.size,
                    e.origin.budget,
                    e.origin.generator,
                    e.hash
                );
                if let Some(run) = e.run {
                    let _ = write!(line, " run={run:#x}");
                }
                (line, &e.comment)
            }
            Record::Crash(c) => (
                format!(
                    "crash type={} seed={:#x}",
                    c.type_name.replace(char::is_whitespace, ""),
                    c.seed
                ),
                &c.comment,
            ),
            Record::Enumerated(e) => (
                format!(
                    "enumerated type={} depth={} index={} hash={:#x}",
                    e.type_name.replace(char::is_whitespace, ""),
                    e.depth,
                    e.index,
                    e.hash
                ),
                &e.comment,
            ),
        };
        let comment: String =
            comment.chars().filter(|c| !c.is_control()).take(MAX_COMMENT).collect();
        let _ = write!(line, " # {comment}");
        line
    }
}

/// The lines of `bytes` with their numbers (from 1), without their `\n` or `\r\n`.
fn lines(bytes: &[u8]) -> impl Iterator<Item = (usize, &[u8])> {
    let bytes = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    bytes
        .split(|&b| b == b'\n')
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
        .enumerate()
        .map(|(i, l)| (i + 1, l))
}

/// Reads one line: `None` for a blank line or a comment, an error saying why it cannot be read.
fn read_line(line: &[u8]) -> Result<Option<Record>, String> {
    if line.len() > MAX_LINE {
        return Err(format!("longer than {MAX_LINE} bytes"));
    }
    let line = std::str::from_utf8(line).map_err(|e| format!("not UTF-8: {e}"))?.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    parse(line).map(Some)
}

/// The fields of a line, each bounded.
#[derive(Default)]
struct Fields {
    crash: bool,
    enumerated: bool,
    type_name: Option<String>,
    seed: Option<u64>,
    size: Option<usize>,
    budget: Option<usize>,
    generator: Option<u32>,
    hash: Option<u64>,
    run: Option<u64>,
    depth: Option<usize>,
    index: Option<u64>,
}

fn parse(line: &str) -> Result<Record, String> {
    let (head, comment) = line.split_once(" # ").unwrap_or((line, ""));
    let mut f = Fields::default();
    for (i, token) in head.split_whitespace().enumerate() {
        if i == 0 && token == "crash" {
            f.crash = true;
            continue;
        }
        if i == 0 && token == "enumerated" {
            f.enumerated = true;
            continue;
        }
        let (key, value) =
            token.split_once('=').ok_or(format!("`{}` is not key=value", shorten(token)))?;
        let fresh = match key {
            "type" => f.type_name.replace(type_name(value)?).is_none(),
            "seed" => f.seed.replace(hex(key, value)?).is_none(),
            "hash" => f.hash.replace(hex(key, value)?).is_none(),
            "run" => f.run.replace(hex(key, value)?).is_none(),
            "size" => f.size.replace(bounded(key, value)?).is_none(),
            "budget" => f.budget.replace(bounded(key, value)?).is_none(),
            "gen" => f.generator.replace(generator(value)?).is_none(),
            "depth" => f.depth.replace(bounded(key, value)?).is_none(),
            "index" => f.index.replace(index(value)?).is_none(),
            _ => return Err(format!("unknown field `{}`", shorten(key))),
        };
        if !fresh {
            return Err(format!("`{key}` given twice"));
        }
    }
    f.into_record(comment)
}

impl Fields {
    fn into_record(self, comment: &str) -> Result<Record, String> {
        let missing = |name: &str| format!("no `{name}`");
        let type_name = self.type_name.ok_or_else(|| missing("type"))?;
        let comment = comment.to_string();
        if self.enumerated {
            let depth = self.depth.ok_or_else(|| missing("depth"))?;
            let index = self.index.ok_or_else(|| missing("index"))?;
            let hash = self.hash.ok_or_else(|| missing("hash"))?;
            return Ok(Record::Enumerated(Enumerated { type_name, depth, index, hash, comment }));
        }
        let seed = self.seed.ok_or_else(|| missing("seed"))?;
        if self.crash {
            return Ok(Record::Crash(Crash { type_name, seed, comment }));
        }
        let size = self.size.ok_or_else(|| missing("size"))?;
        let budget = self.budget.ok_or_else(|| missing("budget"))?;
        let hash = self.hash.ok_or_else(|| missing("hash"))?;
        // Lines written before generator versions say none: generator 1 drew them.
        let generator = self.generator.unwrap_or(1);
        let origin = Origin { seed, size, budget, generator };
        Ok(Record::Input(Entry { type_name, origin, hash, run: self.run, comment }))
    }
}

fn type_name(value: &str) -> Result<String, String> {
    match value.len() {
        0 => Err("an empty `type`".to_string()),
        n if n > MAX_TYPE_NAME => Err(format!("`type` longer than {MAX_TYPE_NAME} bytes")),
        _ => Ok(value.to_string()),
    }
}

/// A generator version this version of smartcheck can draw as.
fn generator(value: &str) -> Result<u32, String> {
    match value.parse::<u32>() {
        Ok(v) if (1..=Gen::NEWEST).contains(&v) => Ok(v),
        _ => Err(format!(
            "gen={} is not a generator this version knows (1 to {})",
            shorten(value),
            Gen::NEWEST
        )),
    }
}

fn hex(key: &str, value: &str) -> Result<u64, String> {
    value
        .strip_prefix("0x")
        .and_then(|digits| u64::from_str_radix(digits, 16).ok())
        .ok_or_else(|| format!("{key}={} is not a 64-bit 0x hex number", shorten(value)))
}

fn bounded(key: &str, value: &str) -> Result<usize, String> {
    match value.parse::<u128>() {
        Ok(n) if n <= MAX_SAVED_SIZE as u128 => Ok(n as usize),
        Ok(_) => Err(too_large(key, value)),
        Err(_) if value.bytes().all(|b| b.is_ascii_digit()) && !value.is_empty() => {
            Err(too_large(key, &shorten(value)))
        }
        Err(_) => Err(format!("{key}={} is not a number", shorten(value))),
    }
}

/// An `enumerated` line's `index`, at most [`MAX_SAVED_INDEX`].
fn index(value: &str) -> Result<u64, String> {
    match value.parse::<u128>() {
        Ok(n) if n <= u128::from(MAX_SAVED_INDEX) => Ok(n as u64),
        Ok(_) => Err(format!(
            "index={} is larger than {MAX_SAVED_INDEX}, the largest a saved line may have",
            shorten(value)
        )),
        Err(_) => Err(format!("index={} is not a number", shorten(value))),
    }
}

fn too_large(key: &str, value: &str) -> String {
    format!("{key}={value} is larger than {MAX_SAVED_SIZE}, the largest a saved line may have")
}

fn shorten(text: &str) -> String {
    let mut short: String = text.chars().take(MAX_COMMENT).collect();
    if short.len() < text.len() {
        short.push_str("...");
    }
    short
}

/// The type name as saved (no whitespace, so a line splits on whitespace).
pub fn type_key<T>() -> String {
    std::any::type_name::<T>().replace(char::is_whitespace, "")
}

#[cfg(test)]
mod tests;
