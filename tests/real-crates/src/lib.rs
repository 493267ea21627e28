//! smartcheck on a real crate: serde_json's parse ∘ print round trip, on JSON documents that
//! smartcheck generates (paper §5.3: several classes of counterexample in one run).
//!
//! A document is printed as JSON text (each leaf by serde_json itself), parsed back into a
//! `serde_json::Value`, and compared with what JSON's semantics say it must be: the same
//! document, objects compared as entry lists in key order, non-finite numbers as `null` (JSON
//! has none; serde_json prints them so). Two known behaviours of serde_json 1.x with default
//! features break it: an object whose key repeats parses to one entry (the last), and float
//! parsing is not correctly rounded without the `float_roundtrip` feature, so a printed `f64`
//! may come back one unit in the last place away.
//!
//! Invariant: the printer writes duplicate keys as given, so that the text holds what the
//! document holds. Cost: one print and one parse per evaluation, linear in the document.

use smartcheck::{Arbitrary, Gen, SubTypes};

/// A JSON document. Objects are entry lists, so that a key may repeat, as JSON text allows.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub enum Json {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number.
    Number(f64),
    /// A string.
    Text(String),
    /// `[a, b, ...]`.
    Array(Vec<Json>),
    /// `{"k": v, ...}`.
    Object(Vec<Member>),
}

/// One entry of an object.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub struct Member {
    /// The key: one of a few short names, so that keys meet as they do in real documents.
    #[smartcheck(with = short_key)]
    pub key: String,
    /// The value.
    pub value: Json,
}

/// `"a"`, `"b"` or `"c"`.
fn short_key(g: &mut Gen) -> String {
    ["a", "b", "c"][g.below(3) as usize].to_string()
}

/// `doc` as JSON text, each leaf written by serde_json, keys as given (repeats kept).
pub fn print(doc: &Json) -> String {
    let mut out = String::new();
    write(doc, &mut out);
    out
}

fn write(doc: &Json, out: &mut String) {
    let leaf = |text: Result<String, serde_json::Error>| text.unwrap_or_else(|e| e.to_string());
    match doc {
        Json::Null => out.push_str("null"),
        Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Json::Number(x) => out.push_str(&leaf(serde_json::to_string(x))),
        Json::Text(s) => out.push_str(&leaf(serde_json::to_string(s))),
        Json::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                out.push_str(if i == 0 { "" } else { "," });
                write(item, out);
            }
            out.push(']');
        }
        Json::Object(members) => {
            out.push('{');
            for (i, m) in members.iter().enumerate() {
                out.push_str(if i == 0 { "" } else { "," });
                out.push_str(&leaf(serde_json::to_string(&m.key)));
                out.push(':');
                write(&m.value, out);
            }
            out.push('}');
        }
    }
}

/// What JSON's semantics say `doc` reads back as: objects' entries in key order (stable, so
/// repeated keys stay, in order), non-finite numbers as `null`.
pub fn expected(doc: &Json) -> Json {
    match doc {
        Json::Number(x) if !x.is_finite() => Json::Null,
        Json::Array(items) => Json::Array(items.iter().map(expected).collect()),
        Json::Object(members) => {
            let mut members: Vec<Member> = members
                .iter()
                .map(|m| Member { key: m.key.clone(), value: expected(&m.value) })
                .collect();
            members.sort_by(|a, b| a.key.cmp(&b.key));
            Json::Object(members)
        }
        other => other.clone(),
    }
}

/// A parsed `serde_json::Value` as a document.
pub fn from_value(value: &serde_json::Value) -> Json {
    use serde_json::Value;
    match value {
        Value::Null => Json::Null,
        Value::Bool(b) => Json::Bool(*b),
        Value::Number(n) => n.as_f64().map_or(Json::Null, Json::Number),
        Value::String(s) => Json::Text(s.clone()),
        Value::Array(items) => Json::Array(items.iter().map(from_value).collect()),
        Value::Object(map) => Json::Object(
            map.iter().map(|(k, v)| Member { key: k.clone(), value: from_value(v) }).collect(),
        ),
    }
}

/// The property: printing `doc` and parsing the text gives back what JSON says it holds.
pub fn round_trip(doc: &Json) -> bool {
    match serde_json::from_str::<serde_json::Value>(&print(doc)) {
        Ok(value) => from_value(&value) == expected(doc),
        Err(_) => false,
    }
}

/// The report of `round_trip` for `seed`, as the README shows it.
pub fn report(seed: u64) -> String {
    let args = smartcheck::Args { seed: Some(seed), ..smartcheck::Args::default() };
    smartcheck::smart_check(&args, round_trip).to_string()
}
