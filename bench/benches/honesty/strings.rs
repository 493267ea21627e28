//! Properties over text that is split on a delimiter: the bugs of formats without escaping
//! (paths, command lines, addresses, key-value pairs, clock times). Written before they were
//! run. Where a formula claims any string at a place, the claim is false when some string
//! that holds the delimiter there makes the input pass: such strings are rare in random
//! text, one char in a hundred being any one punctuation char.

#![allow(clippy::ptr_arg)]

use super::Row;

/// Every property `on` accepts, checked over `seeds` seeds.
pub fn all(seeds: u64, on: &dyn Fn(&str) -> bool) -> Vec<Row> {
    rows!(
        seeds,
        on,
        "path_two_segments" => path_two_segments,
        "command_three_words" => command_three_words,
        "dotted_quad" => dotted_quad,
        "clock_fields" => clock_fields,
        "query_round_trip" => query_round_trip,
        "header_line" => header_line,
        "csv_delimiter" => csv_delimiter,
    )
}

/// A directory and a file name joined by `/`: the path must have two segments. The bug: an
/// empty part is lost, and a `/` inside a part makes more segments.
fn path_two_segments((dir, file): &(String, String)) -> bool {
    format!("{dir}/{file}").split('/').filter(|s| !s.is_empty()).count() == 2
}

/// A command line of a verb, an object and a target: three words. The bug: words are
/// joined by one space and split on any whitespace, so an empty word is lost and a space
/// inside one makes more.
fn command_three_words((verb, object, target): &(String, String, String)) -> bool {
    format!("{verb} {object} {target}").split_whitespace().count() == 3
}

/// Four parts of an address joined by dots, read back as four non-empty labels.
fn dotted_quad((a, b, c, d): &(String, String, String, String)) -> bool {
    format!("{a}.{b}.{c}.{d}").split('.').filter(|s| !s.is_empty()).count() == 4
}

/// Hours, minutes and seconds written `h:m:s` and read back with `splitn(3, ':')`: the
/// seconds keep any colon, the hours and minutes must not hold one.
fn clock_fields((h, m, s): &(String, String, String)) -> bool {
    let line = format!("{h}:{m}:{s}");
    let parts: Vec<&str> = line.splitn(3, ':').collect();
    parts == [h.as_str(), m.as_str(), s.as_str()]
}

/// Query pairs written `k=v&k=v` without escaping and parsed back.
fn query_round_trip(pairs: &Vec<(String, String)>) -> bool {
    let line: Vec<String> = pairs.iter().map(|(k, v)| format!("{k}={v}")).collect();
    let line = line.join("&");
    let parsed: Vec<(String, String)> = line
        .split('&')
        .filter(|p| !p.is_empty())
        .filter_map(|p| p.split_once('='))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    parsed == *pairs
}

/// A header `Name: value` with the value trimmed: a value must come back as it was. The bug:
/// a value with spaces at its ends, or a name holding `": "`, does not.
fn header_line((name, value): &(String, String)) -> bool {
    let line = format!("{name}: {value}");
    match line.split_once(": ") {
        Some((n, v)) => n == name && v.trim() == value,
        None => false,
    }
}

/// A row of numbers written with a configured delimiter and read back by a reader that
/// always splits on commas: only `,` round-trips a row of two or more.
fn csv_delimiter((row, delimiter): &(Vec<u8>, char)) -> bool {
    let line: Vec<String> = row.iter().map(u8::to_string).collect();
    let line = line.join(&delimiter.to_string());
    let read: Vec<String> = line.split(',').map(str::to_string).collect();
    row.is_empty() || read.len() == row.len()
}
