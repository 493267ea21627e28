//! Value identity that does not depend on iteration order (issue 12, item 1): a saved input is
//! recognised by a hash of its `Debug` text with every map's and set's entries sorted, so a
//! `HashMap` input is the same input in every process.
//!
//! Invariant: equal texts up to the order of map and set entries hash alike; any text is
//! accepted. Cost: O(n log n) in the text's length, one pass with an explicit stack.

use std::hash::Hasher;

/// A stable (FNV-1a) hash of a value's `Debug` text, after [`canonical_debug`]: the same on
/// every machine and run, whatever order the value's maps and sets iterate in.
///
/// ```
/// use smartcheck_core::persist::value_hash;
/// assert_eq!(value_hash("{2: 'b', 1: 'a'}"), value_hash("{1: 'a', 2: 'b'}"));
/// assert_ne!(value_hash("[2, 1]"), value_hash("[1, 2]"));
/// ```
pub fn value_hash(debug_text: &str) -> u64 {
    let mut h = Fnv(0xcbf2_9ce4_8422_2325);
    h.write(canonical_debug(debug_text).as_bytes());
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

/// `Debug` text with the entries of every map and set sorted: a `{ .. }` group not preceded
/// by a name (a struct's braces are) has its comma-separated items sorted, innermost first.
/// Quoted strings and chars are copied as they are. Any text is accepted (unbalanced brackets
/// are closed as they are), and text without maps or sets comes back unchanged.
///
/// ```
/// use smartcheck_core::persist::canonical_debug;
/// assert_eq!(canonical_debug("P { m: {\"b\": {3, 1}, \"a\": {}} }"),
///            "P { m: {\"a\": {}, \"b\": {1, 3}} }");
/// assert_eq!(canonical_debug("Q { y: 1, x: [2, 1] }"), "Q { y: 1, x: [2, 1] }");
/// ```
pub fn canonical_debug(text: &str) -> String {
    let mut stack = vec![Group::top()];
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        let depth = stack.len();
        let top = stack.last_mut().expect("invariant: the top-level group is never popped");
        match c {
            '"' | '\'' => copy_quoted(c, &mut chars, top.item()),
            '{' | '[' | '(' => {
                let sorted = c == '{' && !ends_with_name(top.item());
                stack.push(Group { open: Some(c), items: vec![String::new()], sorted });
            }
            '}' | ']' | ')' if depth > 1 && top.open.map(closer) == Some(c) => {
                let group = stack.pop().expect("invariant: depth > 1");
                let text = group.text(true);
                stack.last_mut().expect("invariant: depth > 1").item().push_str(&text);
            }
            ',' if depth > 1 => top.items.push(String::new()),
            _ => top.item().push(c),
        }
    }
    while stack.len() > 1 {
        let group = stack.pop().expect("invariant: len > 1");
        let text = group.text(false);
        stack.last_mut().expect("invariant: len > 0").item().push_str(&text);
    }
    stack.pop().map(|top| top.text(false)).unwrap_or_default()
}

/// A bracketed group of `Debug` text being read by [`canonical_debug`].
struct Group {
    open: Option<char>,
    items: Vec<String>,
    sorted: bool,
}

impl Group {
    fn top() -> Group {
        Group { open: None, items: vec![String::new()], sorted: false }
    }

    fn item(&mut self) -> &mut String {
        if self.items.is_empty() {
            self.items.push(String::new());
        }
        let last = self.items.len() - 1;
        &mut self.items[last]
    }

    fn text(self, closed: bool) -> String {
        let mut text: String = self.open.into_iter().collect();
        if self.sorted {
            let mut items: Vec<&str> = self.items.iter().map(|i| i.trim()).collect();
            items.sort_unstable();
            text.push_str(&items.join(", "));
        } else {
            text.push_str(&self.items.join(","));
        }
        if closed {
            text.extend(self.open.map(closer));
        }
        text
    }
}

fn closer(open: char) -> char {
    match open {
        '{' => '}',
        '[' => ']',
        _ => ')',
    }
}

fn ends_with_name(text: &str) -> bool {
    text.trim_end().chars().next_back().is_some_and(|c| c.is_alphanumeric() || c == '_')
}

/// Copies a quoted string or char (the opening `quote` already read) into `out`. A `'` with no
/// closing quote within a char literal's length is an apostrophe, copied alone.
fn copy_quoted(quote: char, chars: &mut std::str::Chars<'_>, out: &mut String) {
    const LONGEST_CHAR: usize = "\\u{10ffff}'".len();
    let mut ahead = chars.clone();
    let mut quoted = String::new();
    let mut escaped = false;
    while let Some(c) = ahead.next() {
        quoted.push(c);
        if quote == '\'' && quoted.len() > LONGEST_CHAR {
            break;
        }
        match c {
            '\\' if !escaped => escaped = true,
            _ if c == quote && !escaped => {
                out.push(quote);
                out.push_str(&quoted);
                *chars = ahead;
                return;
            }
            _ => escaped = false,
        }
    }
    out.push(quote);
}
