//! Stop 34's fresh properties: ordinary code nobody tuned the generalizer for, written before
//! they were run (permission bits, a rate limiter, a discount rounded down, a transpose, a
//! scheduler, a config merge, a tree of sums, a key-value line; then a session log, a version
//! bump, run lengths, bookings, a queue of two stacks, temperatures).

#![allow(clippy::ptr_arg)]

use smartcheck::{Arbitrary, SubTypes};

use super::Row;

/// Every property `on` accepts, checked over `seeds` seeds.
pub fn all(seeds: u64, on: &dyn Fn(&str) -> bool) -> Vec<Row> {
    rows!(
        seeds,
        on,
        "permission_bits" => permission_bits,
        "rate_limit" => rate_limit,
        "discount_rounding" => discount_rounding,
        "transpose_product" => transpose_product,
        "shortest_job" => shortest_job,
        "config_merge" => config_merge,
        "tree_sum" => tree_sum,
        "value_trimmed" => value_trimmed,
        "session_count" => session_count,
        "minor_bump_resets_patch" => minor_bump_resets_patch,
        "run_lengths" => run_lengths,
        "bookings_clash" => bookings_clash,
        "two_stack_queue" => two_stack_queue,
        "freezing_point" => freezing_point,
    )
}

/// A file's permissions.
#[derive(Debug, Clone, Copy, PartialEq, SubTypes, Arbitrary)]
pub struct Perms {
    read: bool,
    write: bool,
    exec: bool,
}

/// The bug: `exec` is written to the `write` bit.
fn encode(p: &Perms) -> u8 {
    u8::from(p.read) | (u8::from(p.write) << 1) | (u8::from(p.exec) << 1)
}

fn decode(bits: u8) -> Perms {
    Perms { read: bits & 1 != 0, write: bits & 2 != 0, exec: bits & 4 != 0 }
}

fn permission_bits(p: &Perms) -> bool {
    decode(encode(p)) == *p
}

/// At most three requests in any window of ten ticks; the bug: a request exactly ten ticks
/// after another counts it still.
fn allowed(times: &[u16]) -> Vec<bool> {
    let mut kept: Vec<u16> = Vec::new();
    times
        .iter()
        .map(|&t| {
            kept.retain(|&k| t.saturating_sub(k) <= 10);
            let ok = kept.len() < 3;
            if ok {
                kept.push(t);
            }
            ok
        })
        .collect()
}

fn rate_limit(gaps: &Vec<u8>) -> bool {
    // Ticks from gaps, so they never go back.
    let mut t = 0u16;
    let times: Vec<u16> = gaps
        .iter()
        .map(|&g| {
            t = t.saturating_add(u16::from(g % 16));
            t
        })
        .collect();
    let got = allowed(&times);
    // The reference: a request at `t` sees the kept ones after `t - 10`.
    let mut kept: Vec<u16> = Vec::new();
    times.iter().zip(got).all(|(&t, ok)| {
        kept.retain(|&k| t.saturating_sub(k) < 10);
        let want = kept.len() < 3;
        if want {
            kept.push(t);
        }
        want == ok
    })
}

/// A price with a discount in percent, rounded half up; the bug: rounded down.
fn discount_rounding((cents, percent): &(u16, u8)) -> bool {
    let percent = u32::from(*percent % 101);
    let off_down = u32::from(*cents) * percent / 100;
    let off_half_up = (u32::from(*cents) * percent + 50) / 100;
    off_down == off_half_up
}

/// A 2×2 matrix of small numbers.
#[derive(Debug, Clone, Copy, PartialEq, SubTypes, Arbitrary)]
pub struct M2 {
    a: i8,
    b: i8,
    c: i8,
    d: i8,
}

fn mul(x: &M2, y: &M2) -> M2 {
    let m = |p: i8, q: i8, r: i8, s: i8| p.wrapping_mul(q).wrapping_add(r.wrapping_mul(s));
    M2 {
        a: m(x.a, y.a, x.b, y.c),
        b: m(x.a, y.b, x.b, y.d),
        c: m(x.c, y.a, x.d, y.c),
        d: m(x.c, y.b, x.d, y.d),
    }
}

/// The bug: the transpose leaves the matrix as it is.
fn transpose(x: &M2) -> M2 {
    *x
}

fn transpose_product((x, y): &(M2, M2)) -> bool {
    transpose(&mul(x, y)) == mul(&transpose(y), &transpose(x))
}

/// A job to schedule.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub enum Job {
    Cpu(u8),
    Io(u8),
}

/// Picks the shortest job; the bug: an `Io` job's length is read as half.
fn shortest(jobs: &[Job]) -> Option<usize> {
    let len = |j: &Job| match *j {
        Job::Cpu(n) => u16::from(n),
        Job::Io(n) => u16::from(n) / 2,
    };
    (0..jobs.len()).min_by_key(|&i| (len(&jobs[i]), i))
}

fn shortest_job(jobs: &Vec<Job>) -> bool {
    let len = |j: &Job| match *j {
        Job::Cpu(n) | Job::Io(n) => n,
    };
    match shortest(jobs) {
        None => jobs.is_empty(),
        Some(i) => jobs.iter().all(|j| len(&jobs[i]) <= len(j)),
    }
}

/// Settings, every field optional.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub struct Settings {
    width: Option<u8>,
    height: Option<u8>,
    title: Option<String>,
}

/// An override on a base: the override's set fields win; the bug: `title` is taken from
/// the override even when it is unset.
fn merge(base: &Settings, over: &Settings) -> Settings {
    Settings {
        width: over.width.or(base.width),
        height: over.height.or(base.height),
        title: over.title.clone(),
    }
}

fn config_merge((base, over): &(Settings, Settings)) -> bool {
    let m = merge(base, over);
    m.title == over.title.clone().or(base.title.clone())
        && m.width == over.width.or(base.width)
        && m.height == over.height.or(base.height)
}

/// A tree of readings.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub enum Tree {
    Leaf(u8),
    Node(Box<Tree>, Box<Tree>),
}

fn total(t: &Tree) -> u32 {
    match t {
        Tree::Leaf(n) => u32::from(*n),
        Tree::Node(l, r) => total(l) + total(r),
    }
}

/// The bug: the sum is kept in `u8`, wrapping.
fn total_u8(t: &Tree) -> u8 {
    match t {
        Tree::Leaf(n) => *n,
        Tree::Node(l, r) => total_u8(l).wrapping_add(total_u8(r)),
    }
}

fn tree_sum(t: &Tree) -> bool {
    u32::from(total_u8(t)) == total(t)
}

/// A `key=value` line parsed back; the bug: the value is trimmed of spaces at its start.
fn value_trimmed((key, value): &(String, String)) -> bool {
    if key.is_empty() || key.contains('=') || key.contains('\n') || value.contains('\n') {
        return true;
    }
    let line = format!("{key}={value}");
    match line.split_once('=') {
        Some((k, v)) => k == key && v.trim_start() == value,
        None => false,
    }
}

/// An event log entry.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub enum Entry {
    Login(u8),
    Logout(u8),
    Note(String),
}

/// Users still logged in at the end; the bug: a logout of a user never logged in makes the
/// count go below zero, saturating, and a later login is lost.
fn still_in(log: &[Entry]) -> usize {
    let mut count: u8 = 0;
    let mut users: Vec<u8> = Vec::new();
    for e in log {
        match e {
            Entry::Login(u) if !users.contains(u) => {
                users.push(*u);
                count = count.saturating_add(1);
            }
            Entry::Logout(u) => {
                users.retain(|x| x != u);
                count = count.saturating_sub(1);
            }
            _ => {}
        }
    }
    usize::from(count)
}

fn session_count(log: &Vec<Entry>) -> bool {
    let mut users: Vec<u8> = Vec::new();
    for e in log {
        match e {
            Entry::Login(u) if !users.contains(u) => users.push(*u),
            Entry::Logout(u) => users.retain(|x| x != u),
            _ => {}
        }
    }
    still_in(log) == users.len()
}

/// A semantic version.
#[derive(Debug, Clone, Copy, PartialEq, SubTypes, Arbitrary)]
pub struct Semver {
    major: u8,
    minor: u8,
    patch: u8,
}

/// The bug: a bump of the minor version keeps the patch number.
fn bump_minor(v: Semver) -> Semver {
    Semver { minor: v.minor.wrapping_add(1), ..v }
}

fn minor_bump_resets_patch(v: &Semver) -> bool {
    v.minor == u8::MAX || bump_minor(*v).patch == 0
}

/// A run-length pair list decoded; the bug: a run of zero is decoded as one.
fn run_lengths(runs: &Vec<(u8, char)>) -> bool {
    let decoded: String =
        runs.iter().map(|&(n, c)| c.to_string().repeat(usize::from(n.max(1)))).collect();
    let expected: String =
        runs.iter().map(|&(n, c)| c.to_string().repeat(usize::from(n))).collect();
    decoded == expected
}

/// An inclusive range of days.
#[derive(Debug, Clone, Copy, PartialEq, SubTypes, Arbitrary)]
pub struct Days {
    from: u16,
    to: u16,
}

/// Two bookings clash when their days overlap; the bug: ranges that touch on one day are
/// said not to.
fn clash(a: &Days, b: &Days) -> bool {
    a.from < b.to && b.from < a.to
}

fn bookings_clash((a, b): &(Days, Days)) -> bool {
    if a.from > a.to || b.from > b.to {
        return true;
    }
    clash(a, b) == (a.from <= b.to && b.from <= a.to)
}

/// A queue of two stacks; the bug: a pop with an empty outbox takes the inbox's newest.
fn two_stack_queue(ops: &Vec<Option<u8>>) -> bool {
    let (mut inbox, mut outbox, mut model) =
        (Vec::new(), Vec::new(), std::collections::VecDeque::new());
    for op in ops {
        match op {
            Some(x) => {
                inbox.push(*x);
                model.push_back(*x);
            }
            None => {
                let got = match outbox.pop() {
                    Some(x) => Some(x),
                    None => inbox.pop(),
                };
                if got != model.pop_front() {
                    return false;
                }
            }
        }
    }
    true
}

/// A temperature in one of two scales.
#[derive(Debug, Clone, Copy, PartialEq, SubTypes, Arbitrary)]
pub enum Temp {
    Celsius(i16),
    Fahrenheit(i16),
}

/// Converts to tenths of a degree Celsius; the bug: Fahrenheit is not offset by 32.
fn tenths(t: Temp) -> i32 {
    match t {
        Temp::Celsius(c) => i32::from(c) * 10,
        Temp::Fahrenheit(f) => i32::from(f) * 50 / 9,
    }
}

fn freezing_point(t: &Temp) -> bool {
    match *t {
        Temp::Fahrenheit(32) => tenths(*t) == 0,
        Temp::Celsius(c) => tenths(*t) == i32::from(c) * 10,
        Temp::Fahrenheit(f) => tenths(*t) == (i32::from(f) - 32) * 50 / 9,
    }
}
