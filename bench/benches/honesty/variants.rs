//! Properties over enums whose variants share their fields' types, and over pairs of values of
//! one type: where a formula may swap a constructor with its arguments kept (`k0 in {A, B}`)
//! or relate two whole sub-values (`with x0 != x1`). Written before they were run, each a bug
//! of the kind users meet; some are bugs of one variant only, or of values that must differ
//! in one part, where such a claim would be false.

#![allow(clippy::ptr_arg)]

use smartcheck::{Arbitrary, SubTypes};

use super::Row;

/// Every property `on` accepts, checked over `seeds` seeds.
pub fn all(seeds: u64, on: &dyn Fn(&str) -> bool) -> Vec<Row> {
    rows!(
        seeds,
        on,
        "role_can_delete" => role_can_delete,
        "ledger_refund" => ledger_refund,
        "shape_doubled" => shape_doubled,
        "pointer_events" => pointer_events,
        "version_compare" => version_compare,
        "dedupe_by_id" => dedupe_by_id,
        "stock_total" => stock_total,
    )
}

/// A user's role, with the user's id.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub enum Role {
    Admin(u32),
    Editor(u32),
    Viewer(u32),
}

/// Who may delete a document: an admin, or its owner. The bug: the owner test is inverted.
fn may_delete(role: &Role, owner: u32) -> bool {
    match role {
        Role::Admin(_) => true,
        Role::Editor(id) | Role::Viewer(id) => *id != owner,
    }
}

fn role_can_delete((role, owner): &(Role, u32)) -> bool {
    let expected = match role {
        Role::Admin(_) => true,
        Role::Editor(id) | Role::Viewer(id) => id == owner,
    };
    may_delete(role, *owner) == expected
}

/// A ledger entry.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub enum Entry {
    Deposit(u16),
    Withdraw(u16),
    Refund(u16),
}

/// The balance after the entries. The bug: a refund is taken off instead of paid back.
fn balance(entries: &[Entry]) -> i64 {
    entries.iter().fold(0, |b, e| match e {
        Entry::Deposit(x) => b + i64::from(*x),
        Entry::Withdraw(x) | Entry::Refund(x) => b - i64::from(*x),
    })
}

fn ledger_refund(entries: &Vec<Entry>) -> bool {
    let expected: i64 = entries
        .iter()
        .map(|e| match e {
            Entry::Deposit(x) | Entry::Refund(x) => i64::from(*x),
            Entry::Withdraw(x) => -i64::from(*x),
        })
        .sum();
    balance(entries) == expected
}

/// A shape with named fields: the variants' fields have one type but other names.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub enum Shape {
    Circle { r: u8 },
    Square { side: u8 },
}

/// Doubling a shape in `u8`, wrapping: a size of 128 or more wraps.
fn shape_doubled(s: &Shape) -> bool {
    let (Shape::Circle { r: x } | Shape::Square { side: x }) = s;
    let doubled = x.wrapping_mul(2);
    u16::from(doubled) == 2 * u16::from(*x)
}

/// A pointer event at a position.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub enum Pointer {
    Click(i16, i16),
    Scroll(i16, i16),
    Key(char),
}

/// Where an event lands. The bug: clicks and scrolls read the position as `(y, x)`.
fn position(e: &Pointer) -> Option<(i16, i16)> {
    match e {
        Pointer::Click(x, y) | Pointer::Scroll(x, y) => Some((*y, *x)),
        Pointer::Key(_) => None,
    }
}

fn pointer_events(e: &Pointer) -> bool {
    match e {
        Pointer::Click(x, y) | Pointer::Scroll(x, y) => position(e) == Some((*x, *y)),
        Pointer::Key(_) => position(e).is_none(),
    }
}

/// A version, major then minor.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, SubTypes, Arbitrary)]
pub struct Version(u8, u8);

/// The bug: the minor number is compared first.
fn compare(a: &Version, b: &Version) -> std::cmp::Ordering {
    (a.1, a.0).cmp(&(b.1, b.0))
}

fn version_compare((a, b): &(Version, Version)) -> bool {
    compare(a, b) == a.cmp(b)
}

/// A record with an id.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub struct Record {
    id: u8,
    name: String,
}

/// Keeps the first record of each id. The bug: it tells records apart by name.
fn dedupe(records: &[Record]) -> Vec<Record> {
    let mut out: Vec<Record> = Vec::new();
    for r in records {
        if !out.iter().any(|o| o.name == r.name) {
            out.push(r.clone());
        }
    }
    out
}

fn dedupe_by_id(records: &Vec<Record>) -> bool {
    let out = dedupe(records);
    out.iter().enumerate().all(|(i, a)| out[i + 1..].iter().all(|b| a.id != b.id))
}

/// A warehouse's stock of one item, counted in one of two units, or none left.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub enum Stock {
    Boxes(u16),
    Pallets(u16),
    Gone,
}

/// Two warehouses' stock added in `u16`, wrapping: large counts overflow whatever the unit.
fn stock_total((a, b): &(Stock, Stock)) -> bool {
    let count = |s: &Stock| match *s {
        Stock::Boxes(n) | Stock::Pallets(n) => n,
        Stock::Gone => 0,
    };
    let (a, b) = (count(a), count(b));
    u32::from(a.wrapping_add(b)) == u32::from(a) + u32::from(b)
}
