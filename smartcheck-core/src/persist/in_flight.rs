//! The in-flight record of a check under way (issue 12, item 5): a crash (abort, stack
//! overflow, out of memory) ends a process without unwinding, so a check writes, before its
//! first evaluation, what a rerun needs (its seed) in a small file beside the regressions file,
//! holds an exclusive lock on it, and removes it at a clean end.
//!
//! Invariant: a record whose lock is free and whose text is a `crash` line belongs to a process
//! that died inside a check; the OS frees the lock of a dead process, whatever killed it.
//! Cost: two small files per check, and one 10-byte write in place per evaluation.

use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use super::{files_starting_with, open_in, read_line, Crash, Record, Store, MAX_LINE};

impl Store {
    /// Starts the in-flight record of a check of inputs of `type_name` run with `seed`, at
    /// `location`; `None` when it cannot be written (the check runs without one).
    pub fn in_flight(&self, type_name: &str, seed: u64, location: &str) -> Option<InFlight> {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let dir = self.path.parent()?;
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let path = dir.join(format!("{}{}-{n}", self.running_prefix()?, std::process::id()));
        let file = open_in(&path, OpenOptions::new().write(true).create_new(true)).ok()?;
        // From here, dropping the record removes the file, and the folders it made if empty.
        let folders = self.shown.matches('/').count();
        let prune = path.ancestors().skip(1).take(folders).map(Path::to_path_buf).collect();
        let mut record = InFlight { path, file, prune, counter_at: 0 };
        record.file.lock().ok()?;
        let started = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let crash = Crash {
            type_name: type_name.to_string(),
            seed,
            comment: format!("{location}, started at unix time {started}{EVALUATIONS}{:010}", 0),
        };
        let line = format!("{}\n", Record::Crash(crash).to_line());
        record.counter_at = (line.len() - "0000000000\n".len()) as u64;
        (&record.file).write_all(line.as_bytes()).ok()?;
        Some(record)
    }

    fn running_prefix(&self) -> Option<String> {
        Some(format!("{}.running-", self.path.file_name()?.to_string_lossy()))
    }

    /// Turns the in-flight records of processes that died into `crash` lines of the file, and
    /// returns them (of every type). Records of live processes are locked and left alone.
    pub fn collect_crashes(&self) -> Vec<Crash> {
        let (Some(dir), Some(prefix)) = (self.path.parent(), self.running_prefix()) else {
            return Vec::new();
        };
        let mut crashes = Vec::new();
        for path in files_starting_with(dir, &prefix) {
            match read_dead_record(&path) {
                Some(Dead::Crashed(crash)) if self.save_crash(&crash).is_ok() => {
                    let _ = std::fs::remove_file(&path);
                    crashes.push(crash);
                }
                Some(Dead::Unusable) => {
                    let _ = std::fs::remove_file(&path);
                }
                _ => {} // alive, or its crash could not be saved: left for the next run
            }
        }
        crashes
    }
}

/// An in-flight record whose process is gone.
enum Dead {
    /// It holds the run's crash.
    Crashed(Crash),
    /// It is empty or unreadable, and a minute old: its process died before writing it.
    Unusable,
}

/// What the in-flight record at `path` says when its process is gone (its lock is free);
/// `None` while the process runs, or while a fresh record may still be being written.
fn read_dead_record(path: &Path) -> Option<Dead> {
    const WRITING_TIME: std::time::Duration = std::time::Duration::from_secs(60);
    let file = File::open(path).ok()?;
    file.try_lock().ok()?;
    let mut text = String::new();
    let _ = (&file).take(MAX_LINE as u64).read_to_string(&mut text);
    if let Ok(Some(Record::Crash(mut crash))) = read_line(text.trim_end().as_bytes()) {
        if let Some((head, count)) = crash.comment.rsplit_once(EVALUATIONS) {
            let count = count.trim_start_matches('0');
            crash.comment =
                format!("{head}{EVALUATIONS}{}", if count.is_empty() { "0" } else { count });
        }
        return Some(Dead::Crashed(crash));
    }
    let age = file.metadata().and_then(|m| m.modified()).ok()?.elapsed().ok()?;
    (age > WRITING_TIME).then_some(Dead::Unusable)
}

/// Writes `bytes` at `offset` of `file` in one system call (best effort).
#[cfg(unix)]
fn write_at(file: &File, bytes: &[u8], offset: u64) {
    let _ = std::os::unix::fs::FileExt::write_all_at(file, bytes, offset);
}

/// Writes `bytes` at `offset` of `file` (best effort).
#[cfg(not(unix))]
fn write_at(mut file: &File, bytes: &[u8], offset: u64) {
    use std::io::{Seek, SeekFrom};
    let _ = file.seek(SeekFrom::Start(offset)).and_then(|_| file.write_all(bytes));
}

/// The record of a check under way; dropping it (a clean end, or a panic unwinding) removes
/// it. A process that dies without unwinding leaves it, unlocked, for the next run to find.
#[derive(Debug)]
pub struct InFlight {
    path: PathBuf,
    file: File,
    /// Where the record's count of evaluations started is, in the file.
    counter_at: u64,
    /// The folders from the record's up to `smartcheck-regressions`, removed when empty.
    prune: Vec<PathBuf>,
}

/// What an in-flight record's comment ends with, before the number of evaluations started:
/// the last one is where a crash happened.
const EVALUATIONS: &str = "; evaluations started: ";

impl InFlight {
    /// Where the record is.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Records that evaluation `n` (from 1) of the property starts, so that a crash in it
    /// can be found again: one small write in place, no allocation. Best effort: a failed
    /// write leaves the record as it was.
    pub fn evaluating(&self, n: u64) {
        let mut digits = [b'0'; 10];
        let mut rest = n.min(9_999_999_999);
        for d in digits.iter_mut().rev() {
            *d = b'0' + (rest % 10) as u8;
            rest /= 10;
        }
        write_at(&self.file, &digits, self.counter_at);
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
        let _ = self.file.unlock();
        for folder in &self.prune {
            if std::fs::remove_dir(folder).is_err() {
                break; // not empty: it holds a regressions file or another check's record
            }
        }
    }
}
