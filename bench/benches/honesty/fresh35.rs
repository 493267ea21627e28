//! Stop 35's fresh properties: ordinary code nobody tuned the reducer or the generalizer for,
//! written before they were run (an LRU cache, hex encoding, transfers between accounts, a
//! record written as JSON, a binary search, truncation of UTF-8 text, a linked list's
//! dedup; then a selection sort, a sum of two `u64`, a nested option, word counts, form
//! encoding, the first error of a batch). A tenth, intervals given as start and length whose touching ones stay apart,
//! made a false claim in 3 of 30 seeds; it is pinned in the suite
//! (`honesty::a_lists_rest_is_tried_long_beside_the_other_variables`). Two more, a word
//! wrap and Roman numerals, were left out: their code was nearly that of properties
//! already here.

#![allow(clippy::ptr_arg)]

use std::collections::BTreeMap;

use smartcheck::{Arbitrary, SubTypes, Verdict};

use super::Row;

/// Every property `on` accepts, checked over `seeds` seeds.
pub fn all(seeds: u64, on: &dyn Fn(&str) -> bool) -> Vec<Row> {
    rows!(
        seeds,
        on,
        "lru_cache" => lru_cache,
        "hex_round_trip" => hex_round_trip,
        "transfers_keep_total" => transfers_keep_total,
        "person_json" => person_json,
        "binary_search_finds" => binary_search_finds,
        "truncate_utf8" => truncate_utf8,
        "list_dedup" => list_dedup,
        "sort_is_stable" => sort_is_stable,
        "sum_widened" => sum_widened,
        "flatten_nested" => flatten_nested,
        "word_counts" => word_counts,
        "plus_in_form" => plus_in_form,
        "first_error" => first_error,
    )
}

/// An operation on a cache.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub enum CacheOp {
    Put(u8, u8),
    Get(u8),
}

/// A cache of two entries; the bug: a hit does not make the entry the most recent.
fn lru_cache(ops: &Vec<CacheOp>) -> bool {
    const CAPACITY: usize = 2;
    let mut cache: Vec<(u8, u8)> = Vec::new(); // least recent first
    let mut model: Vec<(u8, u8)> = Vec::new();
    for op in ops {
        match *op {
            CacheOp::Put(k, v) => {
                for list in [&mut cache, &mut model] {
                    list.retain(|e| e.0 != k);
                    list.push((k, v));
                    if list.len() > CAPACITY {
                        list.remove(0);
                    }
                }
            }
            CacheOp::Get(k) => {
                let got = cache.iter().find(|e| e.0 == k).map(|e| e.1);
                let want = model.iter().position(|e| e.0 == k).map(|at| {
                    let e = model.remove(at);
                    model.push(e);
                    e.1
                });
                if got != want {
                    return false;
                }
            }
        }
    }
    true
}

/// Bytes as hex; the bug: a byte below 16 is written with one digit.
fn to_hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:x}")).collect()
}

fn from_hex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len()).step_by(2).map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok()).collect()
}

fn hex_round_trip(bytes: &Vec<u8>) -> bool {
    from_hex(&to_hex(bytes)).as_ref() == Some(bytes)
}

/// A transfer between two of four accounts.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub struct Transfer {
    #[smartcheck(range = 0..=3)]
    from: u8,
    #[smartcheck(range = 0..=3)]
    to: u8,
    amount: u16,
}

/// Applies transfers; the bug: a transfer to the same account credits it without the debit.
fn apply(transfers: &[Transfer]) -> BTreeMap<u8, i64> {
    let mut balances: BTreeMap<u8, i64> = (0..4).map(|a| (a, 1_000)).collect();
    for t in transfers {
        let amount = i64::from(t.amount);
        if t.from != t.to {
            *balances.entry(t.from).or_default() -= amount;
        }
        *balances.entry(t.to).or_default() += amount;
    }
    balances
}

/// Transfers keep the total.
fn transfers_keep_total(transfers: &Vec<Transfer>) -> bool {
    apply(transfers).values().sum::<i64>() == 4_000
}

/// A person's record.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub struct Person {
    name: String,
    nick: Option<String>,
    age: u8,
}

/// JSON-ish text; the bug: quotes are escaped but backslashes are not.
fn person_to_json(p: &Person) -> String {
    let quote = |s: &str| format!("\"{}\"", s.replace('"', "\\\""));
    let nick = p.nick.as_deref().map_or("null".to_string(), quote);
    format!("{{\"name\":{},\"nick\":{},\"age\":{}}}", quote(&p.name), nick, p.age)
}

/// Reads one JSON string at the start of `s`: its text and the rest.
fn read_string(s: &str) -> Option<(String, &str)> {
    let mut chars = s.strip_prefix('"')?.char_indices();
    let mut out = String::new();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return Some((out, &s[i + 2..])),
            '\\' => out.push(chars.next()?.1),
            c => out.push(c),
        }
    }
    None
}

fn person_from_json(s: &str) -> Option<Person> {
    let s = s.strip_prefix("{\"name\":")?;
    let (name, s) = read_string(s)?;
    let s = s.strip_prefix(",\"nick\":")?;
    let (nick, s) = match s.strip_prefix("null") {
        Some(rest) => (None, rest),
        None => {
            let (n, rest) = read_string(s)?;
            (Some(n), rest)
        }
    };
    let age = s.strip_prefix(",\"age\":")?.strip_suffix('}')?.parse().ok()?;
    Some(Person { name, nick, age })
}

/// A record written and read back is the same.
fn person_json(p: &Person) -> bool {
    person_from_json(&person_to_json(p)).as_ref() == Some(p)
}

/// Binary search; the bug: the last element is never looked at.
fn search(sorted: &[i32], x: i32) -> Option<usize> {
    let (mut lo, mut hi) = (0usize, sorted.len().saturating_sub(1));
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        match sorted[mid].cmp(&x) {
            std::cmp::Ordering::Equal => return Some(mid),
            std::cmp::Ordering::Less => lo = mid + 1,
            std::cmp::Ordering::Greater => hi = mid,
        }
    }
    None
}

/// Every element of a sorted list is found.
fn binary_search_finds((list, at): &(Vec<i32>, u8)) -> Verdict {
    let mut sorted = list.clone();
    sorted.sort_unstable();
    let found =
        sorted.get(usize::from(*at)).map(|&x| search(&sorted, x).is_some_and(|i| sorted[i] == x));
    Verdict::implies(found.is_some(), found.unwrap_or(true))
}

/// Text and a byte budget.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub struct Snippet {
    text: String,
    max_bytes: u8,
}

/// At most `max` bytes of `text`; the bug: it may cut inside a char (and panic).
fn truncate(text: &str, max: usize) -> &str {
    if text.len() <= max {
        text
    } else {
        &text[..max]
    }
}

/// Truncation keeps a prefix of at most `max_bytes` bytes.
fn truncate_utf8(s: &Snippet) -> bool {
    let out = truncate(&s.text, usize::from(s.max_bytes));
    out.len() <= usize::from(s.max_bytes) && s.text.starts_with(out)
}

/// A linked list of small numbers.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub enum List {
    Nil,
    Cons(u8, Box<List>),
}

/// Removes consecutive duplicates; the bug: after removing one, it moves on without
/// comparing the next element with the kept one.
fn dedup(list: &List) -> List {
    match list {
        List::Nil => List::Nil,
        List::Cons(x, rest) => match &**rest {
            List::Cons(y, after) if x == y => List::Cons(*x, Box::new(dedup_after(after))),
            _ => List::Cons(*x, Box::new(dedup(rest))),
        },
    }
}

fn dedup_after(list: &List) -> List {
    match list {
        List::Nil => List::Nil,
        List::Cons(x, rest) => List::Cons(*x, Box::new(dedup(rest))),
    }
}

fn to_vec(list: &List) -> Vec<u8> {
    let mut out = Vec::new();
    let mut at = list;
    while let List::Cons(x, rest) = at {
        out.push(*x);
        at = rest;
    }
    out
}

/// The list's dedup is `Vec::dedup`'s.
fn list_dedup(list: &List) -> bool {
    let mut want = to_vec(list);
    want.dedup();
    to_vec(&dedup(list)) == want
}

/// Sorts by key with a selection sort; the bug: swapping the least into place moves the
/// element it displaces past equal keys, so equal keys may change order.
fn selection_sort(items: &mut [(u8, u8)]) {
    for i in 0..items.len() {
        let least = (i..items.len()).min_by_key(|&j| (items[j].0, j)).unwrap_or(i);
        items.swap(i, least);
    }
}

/// Sorting by key keeps items with equal keys in their order.
fn sort_is_stable(items: &Vec<(u8, u8)>) -> bool {
    let mut mine = items.clone();
    selection_sort(&mut mine);
    let mut std_sorted = items.clone();
    std_sorted.sort_by_key(|p| p.0);
    mine == std_sorted
}

/// Two byte counts added; the bug: the sum wraps in `u64`.
fn sum_widened((a, b): &(u64, u64)) -> bool {
    u128::from(a.wrapping_add(*b)) == u128::from(*a) + u128::from(*b)
}

/// A setting that may be unset, or set to nothing.
fn flatten(v: &Option<Option<u8>>) -> Option<u8> {
    // The bug: "set to nothing" reads as zero.
    v.map(|inner| inner.unwrap_or(0))
}

/// Flattening agrees with `Option::flatten`.
fn flatten_nested(v: &Option<Option<u8>>) -> bool {
    flatten(v) == (*v).flatten()
}

/// Counts words; the bug: only spaces separate them.
fn count_words(text: &str) -> BTreeMap<String, u32> {
    let mut counts = BTreeMap::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        *counts.entry(word.to_string()).or_insert(0) += 1;
    }
    counts
}

/// The counts add up to the words `split_whitespace` sees.
fn word_counts(text: &String) -> bool {
    count_words(text).values().sum::<u32>() as usize == text.split_whitespace().count()
}

/// Form encoding; the bug: `+` is kept as it is, and reads back as a space.
fn form_encode(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            ' ' => "+".to_string(),
            '&' | '=' | '%' => format!("%{:02X}", c as u32),
            c => c.to_string(),
        })
        .collect()
}

fn form_decode(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '+' => out.push(' '),
            '%' => {
                let hex: String = chars.by_ref().take(2).collect();
                out.push(u8::from_str_radix(&hex, 16).map_or('?', char::from));
            }
            c => out.push(c),
        }
    }
    out
}

/// A form value encoded and decoded is the same.
fn plus_in_form(text: &String) -> bool {
    form_decode(&form_encode(text)) == *text
}

/// The first error of a batch; the bug: an error with an empty message is skipped.
fn first_error_of(batch: &[Result<u8, String>]) -> Option<&String> {
    batch.iter().filter_map(|r| r.as_ref().err()).find(|e| !e.is_empty())
}

/// The first error is the one `collect` stops at.
fn first_error(batch: &Vec<Result<u8, String>>) -> bool {
    let collected: Result<Vec<u8>, String> = batch.iter().cloned().collect();
    first_error_of(batch) == collected.as_ref().err()
}
