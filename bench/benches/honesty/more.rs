//! More of the catalogue: properties of ordinary code (parsers and printers with escapes,
//! state machines driven by operation sequences, intervals, recursive trees, maps, text,
//! floats, byte encoders, dates and units), each with a bug of the kind users meet, in types a
//! user would write. Written before they were run against the generalizer. Derived instances
//! and public attributes only.

// A property of `Vec<T>` takes `&Vec<T>`: it is a `Fn(&T)` for its input type.
#![allow(clippy::ptr_arg)]

use std::collections::{BTreeMap, BTreeSet, HashMap, VecDeque};

use smartcheck::{Arbitrary, SubTypes, Verdict};

use super::Row;

/// Every property `on` accepts, checked over `seeds` seeds.
pub fn all(seeds: u64, on: &dyn Fn(&str) -> bool) -> Vec<Row> {
    rows!(
        seeds,
        on,
        // Parsers and printers.
        "query_param_percent" => query_param_percent,
        "ini_entry" => ini_entry,
        "token_printer" => token_printer,
        "log_json_line" => log_json_line,
        "url_path_join" => url_path_join,
        "html_escape" => html_escape,
        "command_script" => command_script,
        "quoted_value" => quoted_value,
        "duration_text" => duration_text,
        "roman_chapter" => roman_chapter,
        // State machines and operation sequences.
        "bank_transfers" => bank_transfers,
        "bounded_queue" => bounded_queue,
        "undo_editor" => undo_editor,
        "rate_limiter" => rate_limiter,
        "vending_refund" => vending_refund,
        "pin_lockout" => pin_lockout,
        "min_stack" => min_stack,
        "window_sums" => window_sums,
        // Intervals and arithmetic in structs.
        "span_overlap" => span_overlap,
        "free_slot" => free_slot,
        "armor_damage" => armor_damage,
        "sequence_wrap" => sequence_wrap,
        // Nested `Option` and `Result`, and enums carrying data.
        "settings_merge" => settings_merge,
        "batch_results" => batch_results,
        "max_reading" => max_reading,
        "payment_charged" => payment_charged,
        "region_contains" => region_contains,
        // Recursive types and nested lists.
        "const_fold" => const_fold,
        "tree_depth" => tree_depth,
        "dir_size" => dir_size,
        "table_render" => table_render,
        "row_offsets" => row_offsets,
        // Maps and sets.
        "inventory_orders" => inventory_orders,
        "word_index" => word_index,
        "dependency_cycle" => dependency_cycle,
        "next_free_id" => next_free_id,
        // Text.
        "center_cell" => center_cell,
        "align_labels" => align_labels,
        "post_slug" => post_slug,
        "word_wrap" => word_wrap,
        "title_case" => title_case,
        "ellipsis" => ellipsis,
        "snake_camel" => snake_camel,
        "rot13_twice" => rot13_twice,
        // Floats.
        "mixer_volume" => mixer_volume,
        "lerp_endpoint" => lerp_endpoint,
        "cart_total_order" => cart_total_order,
        "bounding_box" => bounding_box,
        "price_text" => price_text,
        // Tuples, lists and byte encoders.
        "version_order" => version_order,
        "unique_logins" => unique_logins,
        "zigzag_varint" => zigzag_varint,
        "fletcher_change" => fletcher_change,
        "merge_sorted" => merge_sorted,
        "pagination" => pagination,
        // Dates, times and units.
        "booking_checkout" => booking_checkout,
        "clock_shift" => clock_shift,
        "age_years" => age_years,
        "length_legs" => length_legs,
    )
}

// ---------------------------------------------------------------------------------------------
// Parsers and printers.

/// A query parameter of a URL.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub struct QueryParam {
    /// The key.
    key: String,
    /// The value.
    value: String,
}

/// Percent-encodes bytes outside `A-Za-z0-9-_.~` as `%{:X}`: a byte below 16 gets one hex digit.
fn percent_encode(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:X}"));
        }
    }
    out
}

/// Decodes `%XX` escapes; `None` on a malformed escape or bytes that are not UTF-8.
fn percent_decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// `key=value` percent-encoded and read back: a tab or newline is written as `%9`/`%A`, one digit.
fn query_param_percent(p: &QueryParam) -> bool {
    let line = format!("{}={}", percent_encode(&p.key), percent_encode(&p.value));
    let Some((k, v)) = line.split_once('=') else { return false };
    percent_decode(k).as_deref() == Some(p.key.as_str())
        && percent_decode(v).as_deref() == Some(p.value.as_str())
}

/// A configuration key.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub enum IniKey {
    /// `name`.
    Name,
    /// `port`.
    Port,
    /// `path`.
    Path,
    /// `keyN`.
    Numbered(u8),
}

impl IniKey {
    /// The key as written in the file.
    fn text(&self) -> String {
        match self {
            IniKey::Name => "name".to_string(),
            IniKey::Port => "port".to_string(),
            IniKey::Path => "path".to_string(),
            IniKey::Numbered(n) => format!("key{n}"),
        }
    }
}

/// An entry of an INI file.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub struct IniEntry {
    /// The key.
    key: IniKey,
    /// The value, written unquoted.
    value: String,
}

/// Reads `key = value ; comment`: cuts the line at its first `;`, splits at `=`, and trims both.
fn parse_ini(line: &str) -> Option<(String, String)> {
    let line = line.split(';').next().unwrap_or("");
    let (k, v) = line.split_once('=')?;
    Some((k.trim().to_string(), v.trim().to_string()))
}

/// An entry written `key=value` and read back: a value holding `;` or edged by spaces changes.
fn ini_entry(e: &IniEntry) -> bool {
    let line = format!("{}={}", e.key.text(), e.value);
    parse_ini(&line) == Some((e.key.text(), e.value.clone()))
}

/// A variable of an expression.
#[derive(Debug, Clone, Copy, PartialEq, SubTypes, Arbitrary)]
pub enum Var {
    /// `x`.
    X,
    /// `y`.
    Y,
    /// `z`.
    Z,
}

/// A token of an arithmetic expression.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub enum Token {
    /// A number.
    Num(u16),
    /// A variable.
    Name(Var),
    /// `+`.
    Plus,
    /// `*`.
    Star,
    /// `(`.
    Open,
    /// `)`.
    Close,
}

/// Prints tokens back to back, with no space between them.
fn print_tokens(ts: &[Token]) -> String {
    let mut out = String::new();
    for t in ts {
        match t {
            Token::Num(n) => out.push_str(&n.to_string()),
            Token::Name(Var::X) => out.push('x'),
            Token::Name(Var::Y) => out.push('y'),
            Token::Name(Var::Z) => out.push('z'),
            Token::Plus => out.push('+'),
            Token::Star => out.push('*'),
            Token::Open => out.push('('),
            Token::Close => out.push(')'),
        }
    }
    out
}

/// Lexes digit runs, letter runs and symbols; `None` on an unknown word or a number past `u16`.
fn lex(s: &str) -> Option<Vec<Token>> {
    let mut out = Vec::new();
    let mut chars = s.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c.is_ascii_digit() {
            let mut digits = String::new();
            while let Some(&d) = chars.peek().filter(|d| d.is_ascii_digit()) {
                digits.push(d);
                chars.next();
            }
            out.push(Token::Num(digits.parse().ok()?));
        } else if c.is_ascii_alphabetic() {
            let mut word = String::new();
            while let Some(&d) = chars.peek().filter(|d| d.is_ascii_alphabetic()) {
                word.push(d);
                chars.next();
            }
            out.push(Token::Name(match word.as_str() {
                "x" => Var::X,
                "y" => Var::Y,
                "z" => Var::Z,
                _ => return None,
            }));
        } else {
            chars.next();
            out.push(match c {
                '+' => Token::Plus,
                '*' => Token::Star,
                '(' => Token::Open,
                ')' => Token::Close,
                ' ' => continue,
                _ => return None,
            });
        }
    }
    Some(out)
}

/// Tokens printed and lexed again: two numbers or two names in a row print as one word.
fn token_printer(ts: &Vec<Token>) -> bool {
    lex(&print_tokens(ts)).as_ref() == Some(ts)
}

/// A log level.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub enum Level {
    /// Debugging detail.
    Debug,
    /// Information.
    Info,
    /// A warning.
    Warn,
    /// An error.
    Error,
}

/// A log record.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub struct LogRecord {
    /// The level.
    level: Level,
    /// The message.
    message: String,
    /// An error code, if any.
    code: Option<u16>,
}

/// Escapes `"`, `\` and newline for a JSON string, but no other control character.
fn json_escape(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out
}

/// A record as one JSON line: a NUL, tab or carriage return in the message is left raw.
fn log_json_line(r: &LogRecord) -> bool {
    let code = r.code.map_or("null".to_string(), |c| c.to_string());
    let line = format!(
        "{{\"level\":\"{:?}\",\"message\":\"{}\",\"code\":{}}}",
        r.level,
        json_escape(&r.message),
        code
    );
    !line.chars().any(|c| c < ' ')
}

/// Joins path segments under a base URL with `/`, trimming only the base's trailing slash.
fn join_url(base: &str, segments: &[String]) -> String {
    let mut url = base.trim_end_matches('/').to_string();
    for s in segments {
        url.push('/');
        url.push_str(s);
    }
    url
}

/// A joined URL has no `//` in its path: an empty segment, or a `/` in one, makes one.
fn url_path_join(segments: &Vec<String>) -> bool {
    let url = join_url("https://example.com/api/", segments);
    !url["https://".len()..].contains("//")
}

/// A comment on a page.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub struct Comment {
    /// Who wrote it.
    author: String,
    /// What they wrote.
    body: String,
    /// Its votes.
    score: i32,
}

/// Escapes `<`, `>` and `&` for HTML, `&` last, so it escapes again the entities just made.
fn escape_html(s: &str) -> String {
    s.replace('<', "&lt;").replace('>', "&gt;").replace('&', "&amp;")
}

/// Undoes the three entities, `&amp;` last.
fn unescape_html(s: &str) -> String {
    s.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
}

/// A comment's author and body escaped and unescaped come back: not when they hold `<` or `>`.
fn html_escape(c: &Comment) -> bool {
    unescape_html(&escape_html(&c.author)) == c.author
        && unescape_html(&escape_html(&c.body)) == c.body
}

/// A robot's command.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub enum Command {
    /// Move by a step.
    Move {
        /// Across.
        dx: i8,
        /// Down.
        dy: i8,
    },
    /// Say a text.
    Say(String),
    /// Wait some milliseconds.
    Wait(u16),
    /// Stop.
    Stop,
}

/// Prints a script, one command a line.
fn print_script(cs: &[Command]) -> String {
    let lines: Vec<String> = cs
        .iter()
        .map(|c| match c {
            Command::Move { dx, dy } => format!("move {dx} {dy}"),
            Command::Say(text) => format!("say {text}"),
            Command::Wait(ms) => format!("wait {ms}"),
            Command::Stop => "stop".to_string(),
        })
        .collect();
    lines.join("\n")
}

/// Reads a script one command a line, each line split on whitespace.
fn parse_script(s: &str) -> Option<Vec<Command>> {
    s.lines()
        .map(|line| {
            let mut words = line.split_whitespace();
            match words.next()? {
                "move" => Some(Command::Move {
                    dx: words.next()?.parse().ok()?,
                    dy: words.next()?.parse().ok()?,
                }),
                "say" => Some(Command::Say(words.collect::<Vec<_>>().join(" "))),
                "wait" => Some(Command::Wait(words.next()?.parse().ok()?)),
                "stop" => Some(Command::Stop),
                _ => None,
            }
        })
        .collect()
}

/// A script printed and read back: `say`'s text loses its spacing, and a newline splits it.
fn command_script(cs: &Vec<Command>) -> bool {
    parse_script(&print_script(cs)).as_ref() == Some(cs)
}

/// Quotes a value, escaping `"` with a backslash but not the backslash itself.
fn quote(v: &str) -> String {
    format!("\"{}\"", v.replace('"', "\\\""))
}

/// Reads a quoted value: a backslash takes the next char as it is; `None` when not closed.
fn unquote(s: &str) -> Option<String> {
    let mut chars = s.strip_prefix('"')?.chars();
    let mut out = String::new();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.push(chars.next()?),
            '"' => return chars.next().is_none().then_some(out),
            c => out.push(c),
        }
    }
    None
}

/// A setting `name="value"` read back at the first `=`: a backslash in the value is not escaped.
fn quoted_value((name, value): &(String, String)) -> Verdict {
    Verdict::implies_with(!name.contains('='), || {
        let line = format!("{name}={}", quote(value));
        line.split_once('=')
            .is_some_and(|(n, q)| n == name && unquote(q).as_deref() == Some(value.as_str()))
    })
}

/// A duration in hours, minutes and seconds.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub struct Hms {
    /// Hours.
    hours: u8,
    /// Minutes.
    #[smartcheck(range = 0..=59)]
    minutes: u8,
    /// Seconds.
    #[smartcheck(range = 0..=59)]
    seconds: u8,
}

/// Prints `1h30m5s`, leaving out the parts that are zero (`0s` when all are).
fn print_hms(d: &Hms) -> String {
    let mut s = String::new();
    if d.hours > 0 {
        s.push_str(&format!("{}h", d.hours));
    }
    if d.minutes > 0 {
        s.push_str(&format!("{}m", d.minutes));
    }
    if d.seconds > 0 || s.is_empty() {
        s.push_str(&format!("{}s", d.seconds));
    }
    s
}

/// Reads `1h30m5s`, but never resets the number after a unit: later parts carry earlier digits.
fn parse_hms(s: &str) -> Option<Hms> {
    let (mut h, mut m, mut sec, mut n) = (0u32, 0u32, 0u32, 0u32);
    for c in s.chars() {
        match c {
            '0'..='9' => n = n.checked_mul(10)?.checked_add(c.to_digit(10)?)?,
            'h' => h = n,
            'm' => m = n,
            's' => sec = n,
            _ => return None,
        }
    }
    Some(Hms {
        hours: u8::try_from(h).ok()?,
        minutes: u8::try_from(m).ok()?,
        seconds: u8::try_from(sec).ok()?,
    })
}

/// A duration printed and read back is the same duration.
fn duration_text(d: &Hms) -> bool {
    parse_hms(&print_hms(d)).as_ref() == Some(d)
}

/// A chapter heading.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub struct Chapter {
    /// The chapter's number.
    #[smartcheck(range = 1..=3999)]
    number: u16,
    /// Its title.
    title: String,
}

/// Roman numerals from a table with `CD`, `XL` and `IV` but without `CM`, `XC` and `IX`.
fn roman(mut n: u16) -> String {
    /// Values and their letters, largest first.
    const TABLE: [(u16, &str); 10] = [
        (1000, "M"),
        (500, "D"),
        (400, "CD"),
        (100, "C"),
        (50, "L"),
        (40, "XL"),
        (10, "X"),
        (5, "V"),
        (4, "IV"),
        (1, "I"),
    ];
    let mut out = String::new();
    for (value, letters) in TABLE {
        while n >= value {
            out.push_str(letters);
            n -= value;
        }
    }
    out
}

/// A heading's numeral has `V`, `L` and `D` at most once each: a 9 in any digit prints `VIV`.
fn roman_chapter(c: &Chapter) -> bool {
    let numeral = roman(c.number);
    ['V', 'L', 'D'].iter().all(|&once| numeral.matches(once).count() <= 1)
}

// ---------------------------------------------------------------------------------------------
// State machines and operation sequences.

/// A bank account.
#[derive(Debug, Clone, Copy, PartialEq, SubTypes, Arbitrary)]
pub enum Account {
    /// Checking.
    Checking,
    /// Savings.
    Savings,
    /// Joint.
    Joint,
}

/// An operation on the bank.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub enum BankOp {
    /// Money in.
    Deposit(Account, u16),
    /// Money out, refused beyond the balance.
    Withdraw(Account, u16),
    /// Money moved between accounts, refused beyond the balance.
    Transfer {
        /// The account paying.
        from: Account,
        /// The account paid.
        to: Account,
        /// How much.
        amount: u16,
    },
}

/// The bank's balances, by account.
#[derive(Default)]
struct Bank {
    /// Each account's balance.
    balances: [u64; 3],
}

impl Bank {
    /// Applies an operation; a transfer reads both balances first, then writes both.
    fn apply(&mut self, op: &BankOp) {
        match *op {
            BankOp::Deposit(a, n) => self.balances[a as usize] += u64::from(n),
            BankOp::Withdraw(a, n) => {
                let b = &mut self.balances[a as usize];
                if *b >= u64::from(n) {
                    *b -= u64::from(n);
                }
            }
            BankOp::Transfer { from, to, amount } => {
                let (f, t) = (self.balances[from as usize], self.balances[to as usize]);
                if f >= u64::from(amount) {
                    self.balances[from as usize] = f - u64::from(amount);
                    self.balances[to as usize] = t + u64::from(amount);
                }
            }
        }
    }

    /// All the money held.
    fn total(&self) -> u64 {
        self.balances.iter().sum()
    }
}

/// Transfers make and lose no money: a transfer to the same account adds the amount to it.
fn bank_transfers(ops: &Vec<BankOp>) -> bool {
    let mut bank = Bank::default();
    ops.iter().all(|op| {
        let before = bank.total();
        bank.apply(op);
        let after = bank.total();
        match op {
            BankOp::Deposit(_, n) => after == before + u64::from(*n),
            BankOp::Withdraw(_, n) => after == before || after + u64::from(*n) == before,
            BankOp::Transfer { .. } => after == before,
        }
    })
}

/// An operation on a bounded queue.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub enum QueueOp {
    /// Add at the back.
    Push(u8),
    /// Take from the front.
    Pop,
}

/// The slots of the ring buffer.
const RING: usize = 4;

/// A queue in a ring buffer of four slots.
#[derive(Default)]
struct Ring {
    /// The slots.
    slots: [u8; RING],
    /// Where the front is.
    head: usize,
    /// How many are queued.
    len: usize,
}

impl Ring {
    /// Adds at the back, refused when full, but the check is `len > RING`: a fifth push is taken.
    fn push(&mut self, x: u8) -> bool {
        if self.len > RING {
            return false;
        }
        self.slots[(self.head + self.len) % RING] = x;
        self.len += 1;
        true
    }

    /// Takes from the front.
    fn pop(&mut self) -> Option<u8> {
        if self.len == 0 {
            return None;
        }
        let x = self.slots[self.head];
        self.head = (self.head + 1) % RING;
        self.len -= 1;
        Some(x)
    }
}

/// The ring behaves as a queue of at most four: pushes refused when full, pops in order.
fn bounded_queue(ops: &Vec<QueueOp>) -> bool {
    let mut ring = Ring::default();
    let mut model = VecDeque::new();
    ops.iter().all(|op| match op {
        QueueOp::Push(x) => {
            let room = model.len() < RING;
            if room {
                model.push_back(*x);
            }
            ring.push(*x) == room
        }
        QueueOp::Pop => ring.pop() == model.pop_front(),
    })
}

/// An edit to a line of text.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub enum Edit {
    /// Type a char.
    Type(char),
    /// Erase the last char.
    Backspace,
    /// Undo the last edit.
    Undo,
}

/// An edit done, as the undo history keeps it.
enum Done {
    /// A char was typed.
    Typed,
    /// This char was erased.
    Erased(char),
}

/// Applies edits with undo; a backspace records `text.pop().unwrap_or_default()`, NUL on none.
fn apply_edits(edits: &[Edit]) -> String {
    let mut text = String::new();
    let mut history = Vec::new();
    for e in edits {
        match e {
            Edit::Type(c) => {
                text.push(*c);
                history.push(Done::Typed);
            }
            Edit::Backspace => {
                let c = text.pop().unwrap_or_default();
                history.push(Done::Erased(c));
            }
            Edit::Undo => match history.pop() {
                Some(Done::Typed) => {
                    text.pop();
                }
                Some(Done::Erased(c)) => text.push(c),
                None => {}
            },
        }
    }
    text
}

/// Undo gives back the text before the last edit: undoing a backspace on an empty line types NUL.
fn undo_editor(edits: &Vec<Edit>) -> bool {
    let mut text = String::new();
    let mut snapshots: Vec<String> = Vec::new();
    for e in edits {
        match e {
            Edit::Type(c) => {
                snapshots.push(text.clone());
                text.push(*c);
            }
            Edit::Backspace => {
                snapshots.push(text.clone());
                text.pop();
            }
            Edit::Undo => {
                if let Some(s) = snapshots.pop() {
                    text = s;
                }
            }
        }
    }
    apply_edits(edits) == text
}

/// A request to a rate-limited service.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub struct Request {
    /// Milliseconds since the previous request.
    #[smartcheck(range = 0..=2000)]
    gap_ms: u16,
    /// Tokens it costs.
    #[smartcheck(range = 1..=5)]
    cost: u8,
}

/// Tokens the bucket holds when full.
const BUCKET: u64 = 10;

/// A token bucket of ten tokens, refilled at ten a second.
struct Bucket {
    /// Tokens held.
    tokens: u64,
    /// When the last whole token was added.
    last_ms: u64,
}

impl Bucket {
    /// Refills for the time elapsed and takes the cost if it can: the refill is not capped.
    fn allow(&mut self, now_ms: u64, cost: u64) -> bool {
        let refill = (now_ms - self.last_ms) * BUCKET / 1000;
        self.tokens += refill;
        self.last_ms += refill * 1000 / BUCKET;
        if self.tokens >= cost {
            self.tokens -= cost;
            true
        } else {
            false
        }
    }
}

/// The bucket never holds more than ten tokens: an idle spell refills it past that.
fn rate_limiter(requests: &Vec<Request>) -> bool {
    let mut bucket = Bucket { tokens: BUCKET, last_ms: 0 };
    let mut now = 0u64;
    requests.iter().all(|r| {
        now += u64::from(r.gap_ms);
        bucket.allow(now, u64::from(r.cost));
        bucket.tokens <= BUCKET
    })
}

/// A coin.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub enum Coin {
    /// 5 cents.
    Nickel,
    /// 10 cents.
    Dime,
    /// 25 cents.
    Quarter,
}

/// What a customer does at a vending machine.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub enum Vend {
    /// Put a coin in.
    Insert(Coin),
    /// Buy the 35-cent snack.
    Buy,
    /// Ask for the credit back.
    Refund,
}

/// A vending machine's money, in cents.
#[derive(Default)]
struct Machine {
    /// Credit of the current customer.
    credit: u32,
    /// Coins taken in.
    taken: u32,
    /// Change and refunds paid out.
    paid: u32,
    /// Snacks sold.
    sold: u32,
}

impl Machine {
    /// Runs one action; a refund pays the credit back but does not clear it.
    fn press(&mut self, v: &Vend) {
        match v {
            Vend::Insert(c) => {
                let cents = match c {
                    Coin::Nickel => 5,
                    Coin::Dime => 10,
                    Coin::Quarter => 25,
                };
                self.credit += cents;
                self.taken += cents;
            }
            Vend::Buy => {
                if self.credit >= 35 {
                    self.sold += 1;
                    self.paid += self.credit - 35;
                    self.credit = 0;
                }
            }
            Vend::Refund => self.paid += self.credit,
        }
    }
}

/// Coins taken equal change paid, snacks sold and credit held: a second refund pays twice.
fn vending_refund(vs: &Vec<Vend>) -> bool {
    let mut m = Machine::default();
    vs.iter().all(|v| {
        m.press(v);
        m.taken == m.paid + 35 * m.sold + m.credit
    })
}

/// A key of a door's keypad.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub enum Keypad {
    /// A digit.
    Digit(#[smartcheck(range = 0..=9)] u8),
    /// Try the digits typed.
    Enter,
    /// Clear the digits typed.
    Clear,
}

/// The door's PIN.
const PIN: [u8; 4] = [1, 2, 3, 4];

/// A keypad lock that locks for good after three wrong PINs.
#[derive(Default)]
struct Lock {
    /// Digits typed.
    typed: Vec<u8>,
    /// Wrong PINs entered.
    failures: u8,
}

impl Lock {
    /// Handles a key; `Clear` resets the failure count along with the digits typed.
    fn key(&mut self, k: &Keypad) {
        match k {
            Keypad::Digit(d) => self.typed.push(*d),
            Keypad::Enter => {
                if self.failures < 3 {
                    self.failures = if self.typed == PIN { 0 } else { self.failures + 1 };
                }
                self.typed.clear();
            }
            Keypad::Clear => {
                self.typed.clear();
                self.failures = 0;
            }
        }
    }
}

/// The lock is locked exactly when three wrong PINs came without a right one between.
fn pin_lockout(keys: &Vec<Keypad>) -> bool {
    let mut lock = Lock::default();
    let (mut typed, mut wrong) = (Vec::new(), 0);
    keys.iter().all(|k| {
        lock.key(k);
        match k {
            Keypad::Digit(d) => typed.push(*d),
            Keypad::Enter => {
                if wrong < 3 {
                    wrong = if typed == PIN { 0 } else { wrong + 1 };
                }
                typed.clear();
            }
            Keypad::Clear => typed.clear(),
        }
        (lock.failures >= 3) == (wrong >= 3)
    })
}

/// An operation on a stack.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub enum StackOp {
    /// Push a value.
    Push(i8),
    /// Pop the top.
    Pop,
}

/// A stack that keeps its minima on a second stack.
#[derive(Default)]
struct MinStack {
    /// The values.
    items: Vec<i8>,
    /// The minima: a push goes on only when below the current minimum, not when equal.
    mins: Vec<i8>,
}

impl MinStack {
    /// Pushes, and records a new minimum when strictly below the old.
    fn push(&mut self, x: i8) {
        self.items.push(x);
        if self.mins.last().is_none_or(|&m| x < m) {
            self.mins.push(x);
        }
    }

    /// Pops, and drops the minimum when the value popped is it.
    fn pop(&mut self) {
        if let Some(x) = self.items.pop() {
            if self.mins.last() == Some(&x) {
                self.mins.pop();
            }
        }
    }
}

/// The tracked minimum is the least value held: a repeated minimum is dropped at the first pop.
fn min_stack(ops: &Vec<StackOp>) -> bool {
    let mut s = MinStack::default();
    ops.iter().all(|op| {
        match op {
            StackOp::Push(x) => s.push(*x),
            StackOp::Pop => s.pop(),
        }
        s.mins.last() == s.items.iter().min()
    })
}

/// Running sums of the last three readings kept in a ring, subtracting the slot after writing it.
fn running_sums(xs: &[i16]) -> Vec<i32> {
    let mut ring = [0i16; 3];
    let mut sum = 0i32;
    let mut out = Vec::new();
    for (i, &x) in xs.iter().enumerate() {
        ring[i % 3] = x;
        sum += i32::from(x);
        if i >= 3 {
            sum -= i32::from(ring[i % 3]);
        }
        out.push(sum);
    }
    out
}

/// Each running sum is the sum of the last three readings.
fn window_sums(xs: &Vec<i16>) -> bool {
    let want: Vec<i32> = (0..xs.len())
        .map(|i| xs[i.saturating_sub(2)..=i].iter().map(|&x| i32::from(x)).sum())
        .collect();
    running_sums(xs) == want
}

// ---------------------------------------------------------------------------------------------
// Intervals and arithmetic in structs.

/// The positions `start..start + len`.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub struct Span {
    /// The first position.
    start: u8,
    /// How many positions.
    len: u8,
}

impl Span {
    /// The end, one past the last position.
    fn end(&self) -> u16 {
        u16::from(self.start) + u16::from(self.len)
    }
}

/// The overlap of two spans, tested with `<=`: touching spans, or an empty one, overlap emptily.
fn overlap(a: &Span, b: &Span) -> Option<(u16, u16)> {
    let (a0, b0) = (u16::from(a.start), u16::from(b.start));
    if a0 <= b.end() && b0 <= a.end() {
        Some((a0.max(b0), a.end().min(b.end())))
    } else {
        None
    }
}

/// Two spans overlap exactly when they share a position.
fn span_overlap((a, b): &(Span, Span)) -> bool {
    let shared = (u16::from(a.start)..a.end()).any(|p| (u16::from(b.start)..b.end()).contains(&p));
    overlap(a, b).is_some() == shared
}

/// A meeting in a day's calendar.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub struct Meeting {
    /// Its first minute of the day.
    #[smartcheck(range = 0..=1439)]
    start: u16,
    /// How many minutes it lasts.
    #[smartcheck(range = 0..=180)]
    minutes: u8,
}

impl Meeting {
    /// The minutes it takes.
    fn span(&self) -> std::ops::Range<u16> {
        self.start..self.start + u16::from(self.minutes)
    }
}

/// A slot is free when no meeting starts in it: one that began earlier and runs on is missed.
fn is_free(calendar: &[Meeting], slot: &Meeting) -> bool {
    calendar.iter().all(|m| !slot.span().contains(&m.start))
}

/// A slot found free shares no minute with a meeting.
fn free_slot((calendar, slot): &(Vec<Meeting>, Meeting)) -> bool {
    let clash = calendar.iter().any(|m| m.span().any(|t| slot.span().contains(&t)));
    !(is_free(calendar, slot) && clash)
}

/// A hit on a fighter.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub struct Hit {
    /// The fighter's health.
    hp: u8,
    /// The fighter's armour.
    armor: u8,
    /// The hit's strength.
    damage: u8,
}

/// Health after a hit, `damage - armor` wrapping as in a release build: a weak hit wraps to huge.
fn after_hit(h: &Hit) -> u8 {
    h.hp.saturating_sub(h.damage.wrapping_sub(h.armor))
}

/// A hit no stronger than the armour leaves the fighter's health as it was.
fn armor_damage(h: &Hit) -> Verdict {
    Verdict::implies(h.damage <= h.armor, after_hit(h) == h.hp)
}

/// A packet's sequence number and how far ahead the next packet is.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub struct Packet {
    /// The sequence number.
    seq: u16,
    /// How many packets later the next one is.
    #[smartcheck(range = 1..=1000)]
    ahead: u16,
}

/// "Is newer" compared with `>`, as if sequence numbers did not wrap at 65,535.
fn is_newer(a: u16, b: u16) -> bool {
    a > b
}

/// A later packet's number is newer: not once it has wrapped past 65,535.
fn sequence_wrap(p: &Packet) -> bool {
    is_newer(p.seq.wrapping_add(p.ahead), p.seq)
}

// ---------------------------------------------------------------------------------------------
// Nested `Option` and `Result`, and enums carrying data.

/// A colour theme.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub enum Theme {
    /// Light.
    Light,
    /// Dark.
    Dark,
    /// As the system.
    System,
}

/// Editor settings: `None` inherits, and `autosave_secs: Some(None)` turns autosave off.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub struct Settings {
    /// The theme.
    theme: Option<Theme>,
    /// The font size.
    font_size: Option<u8>,
    /// Seconds between autosaves, or off.
    autosave_secs: Option<Option<u16>>,
}

/// Overlays user settings on defaults, flattening autosave: turning it off inherits the default.
fn merge(defaults: &Settings, user: &Settings) -> Settings {
    Settings {
        theme: user.theme.clone().or(defaults.theme.clone()),
        font_size: user.font_size.or(defaults.font_size),
        autosave_secs: Some(user.autosave_secs.flatten().or(defaults.autosave_secs.flatten())),
    }
}

/// The merged settings take each field the user set, and the default's otherwise.
fn settings_merge((defaults, user): &(Settings, Settings)) -> bool {
    let m = merge(defaults, user);
    m.theme == user.theme.clone().or(defaults.theme.clone())
        && m.font_size == user.font_size.or(defaults.font_size)
        && m.autosave_secs.flatten() == user.autosave_secs.or(defaults.autosave_secs).flatten()
}

/// A batch's outcome, keeping the good results with `filter_map(Result::ok)`: errors vanish.
fn batch(results: &[Result<u8, String>]) -> Result<Vec<u8>, String> {
    Ok(results.iter().filter_map(|r| r.clone().ok()).collect())
}

/// A batch fails when any of its jobs failed.
fn batch_results(results: &Vec<Result<u8, String>>) -> bool {
    batch(results).is_err() == results.iter().any(Result::is_err)
}

/// The highest reading, a missing one taken as 0: readings all below 0 report 0.
fn highest(readings: &[Option<i16>]) -> Option<i16> {
    readings.iter().map(|r| r.unwrap_or(0)).max()
}

/// The highest reading is the highest of those present.
fn max_reading(readings: &Vec<Option<i16>>) -> bool {
    highest(readings) == readings.iter().flatten().copied().max()
}

/// A payment at a till.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub enum Payment {
    /// Cash, in cents.
    Cash(u32),
    /// A card payment with a fee.
    Card {
        /// The amount, in cents.
        amount: u32,
        /// The fee in percent.
        #[smartcheck(range = 0..=5)]
        fee_pct: u8,
    },
    /// A prepaid voucher.
    Voucher {
        /// Its code.
        code: String,
    },
}

/// What a payment charges, with the card fee in `u32` wrapping as in a release build.
fn charged(p: &Payment) -> u64 {
    match p {
        Payment::Cash(n) => u64::from(*n),
        Payment::Card { amount, fee_pct } => {
            let fee = amount.wrapping_mul(u32::from(*fee_pct)) / 100;
            u64::from(amount.wrapping_add(fee))
        }
        Payment::Voucher { .. } => 0,
    }
}

/// The till charges at least the amounts paid: a big card payment wraps to less.
fn payment_charged(ps: &Vec<Payment>) -> bool {
    let due: u64 = ps
        .iter()
        .map(|p| match p {
            Payment::Cash(n) | Payment::Card { amount: n, .. } => u64::from(*n),
            Payment::Voucher { .. } => 0,
        })
        .sum();
    ps.iter().map(charged).sum::<u64>() >= due
}

/// A region on a map.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub enum Region {
    /// A disc.
    Circle {
        /// Centre across.
        x: i8,
        /// Centre down.
        y: i8,
        /// Radius.
        r: u8,
    },
    /// A rectangle from a corner.
    Rect {
        /// Corner across.
        x: i8,
        /// Corner down.
        y: i8,
        /// Width.
        w: u8,
        /// Height.
        h: u8,
    },
    /// The whole map.
    Everywhere,
}

/// Whether a point is in a region; the circle measures `|dx| + |dy|`, a diamond, not a disc.
fn contains(region: &Region, px: i8, py: i8) -> bool {
    let (px, py) = (i32::from(px), i32::from(py));
    match *region {
        Region::Circle { x, y, r } => {
            (px - i32::from(x)).abs() + (py - i32::from(y)).abs() <= i32::from(r)
        }
        Region::Rect { x, y, w, h } => {
            (i32::from(x)..=i32::from(x) + i32::from(w)).contains(&px)
                && (i32::from(y)..=i32::from(y) + i32::from(h)).contains(&py)
        }
        Region::Everywhere => true,
    }
}

/// A point is reported in a region exactly when it lies in the region's shape.
fn region_contains((region, px, py): &(Region, i8, i8)) -> bool {
    let (qx, qy) = (i32::from(*px), i32::from(*py));
    let inside = match *region {
        Region::Circle { x, y, r } => {
            let (dx, dy) = (qx - i32::from(x), qy - i32::from(y));
            dx * dx + dy * dy <= i32::from(r) * i32::from(r)
        }
        Region::Rect { x, y, w, h } => {
            let (x, y) = (i32::from(x), i32::from(y));
            (x..=x + i32::from(w)).contains(&qx) && (y..=y + i32::from(h)).contains(&qy)
        }
        Region::Everywhere => true,
    };
    contains(region, *px, *py) == inside
}

// ---------------------------------------------------------------------------------------------
// Recursive types and nested lists.

/// An arithmetic expression in one variable.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub enum Expr {
    /// A constant.
    Num(i32),
    /// The variable.
    X,
    /// A sum.
    Add(Box<Expr>, Box<Expr>),
    /// A difference.
    Sub(Box<Expr>, Box<Expr>),
    /// A product.
    Mul(Box<Expr>, Box<Expr>),
}

/// Evaluates with wrapping arithmetic.
fn eval(e: &Expr, x: i32) -> i32 {
    match e {
        Expr::Num(n) => *n,
        Expr::X => x,
        Expr::Add(a, b) => eval(a, x).wrapping_add(eval(b, x)),
        Expr::Sub(a, b) => eval(a, x).wrapping_sub(eval(b, x)),
        Expr::Mul(a, b) => eval(a, x).wrapping_mul(eval(b, x)),
    }
}

/// Folds constants and identities bottom-up, taking 0 as an identity on both sides of `-`.
fn fold(e: &Expr) -> Expr {
    match e {
        Expr::Num(_) | Expr::X => e.clone(),
        Expr::Add(a, b) => match (fold(a), fold(b)) {
            (Expr::Num(a), Expr::Num(b)) => Expr::Num(a.wrapping_add(b)),
            (Expr::Num(0), e) | (e, Expr::Num(0)) => e,
            (a, b) => Expr::Add(Box::new(a), Box::new(b)),
        },
        Expr::Sub(a, b) => match (fold(a), fold(b)) {
            (Expr::Num(a), Expr::Num(b)) => Expr::Num(a.wrapping_sub(b)),
            (Expr::Num(0), e) | (e, Expr::Num(0)) => e,
            (a, b) => Expr::Sub(Box::new(a), Box::new(b)),
        },
        Expr::Mul(a, b) => match (fold(a), fold(b)) {
            (Expr::Num(a), Expr::Num(b)) => Expr::Num(a.wrapping_mul(b)),
            (Expr::Num(0), _) | (_, Expr::Num(0)) => Expr::Num(0),
            (Expr::Num(1), e) | (e, Expr::Num(1)) => e,
            (a, b) => Expr::Mul(Box::new(a), Box::new(b)),
        },
    }
}

/// Folding keeps an expression's value: `0 - e` folds to `e`.
fn const_fold((e, x): &(Expr, i32)) -> bool {
    eval(&fold(e), *x) == eval(e, *x)
}

/// A binary tree.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub enum Tree {
    /// Empty.
    Leaf,
    /// A node with its left subtree, value and right subtree.
    Node(Box<Tree>, u8, Box<Tree>),
}

/// The number of nodes.
fn size(t: &Tree) -> u64 {
    match t {
        Tree::Leaf => 0,
        Tree::Node(l, _, r) => 1 + size(l) + size(r),
    }
}

/// The depth, following only the left child: a tree leaning right is measured too shallow.
fn depth(t: &Tree) -> u32 {
    match t {
        Tree::Leaf => 0,
        Tree::Node(l, _, _) => 1 + depth(l),
    }
}

/// A tree of depth `d` holds at most `2^d - 1` nodes.
fn tree_depth(t: &Tree) -> bool {
    size(t) < (1u64 << depth(t).min(63))
}

/// A directory.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub struct Dir {
    /// Its name.
    name: String,
    /// The sizes of its files, in bytes.
    files: Vec<u16>,
    /// Its subdirectories.
    subdirs: Vec<Dir>,
}

/// Sums a directory's files and its subdirectories' files, but not theirs in turn.
fn disk_usage(d: &Dir) -> u64 {
    let own = |d: &Dir| d.files.iter().map(|&f| u64::from(f)).sum::<u64>();
    own(d) + d.subdirs.iter().map(own).sum::<u64>()
}

/// Every file beneath a directory, at any depth.
fn every_file(d: &Dir) -> u64 {
    d.files.iter().map(|&f| u64::from(f)).sum::<u64>()
        + d.subdirs.iter().map(every_file).sum::<u64>()
}

/// A directory's usage is the size of every file beneath it.
fn dir_size(d: &Dir) -> bool {
    disk_usage(d) == every_file(d)
}

/// Renders rows, each column as wide as its header (first row) cell; extra cells are left out.
fn render_table(rows: &[Vec<String>]) -> Vec<String> {
    let widths: Vec<usize> =
        rows.first().map_or(Vec::new(), |h| h.iter().map(|c| c.chars().count()).collect());
    rows.iter()
        .map(|row| {
            let cells = widths.iter().enumerate().map(|(i, &w)| {
                let cell = row.get(i).map_or("", String::as_str);
                format!("{cell:<w$}")
            });
            cells.collect::<Vec<_>>().join("|")
        })
        .collect()
}

/// Every line of a table is as wide as the first: a cell wider than its header widens its line.
fn table_render(rows: &Vec<Vec<String>>) -> bool {
    let lines = render_table(rows);
    lines.iter().all(|l| l.chars().count() == lines[0].chars().count())
}

/// Where each row starts in the flattened rows, summed inclusively: each row's end, not start.
fn starts(rows: &[Vec<u8>]) -> Vec<usize> {
    rows.iter()
        .scan(0, |at, row| {
            *at += row.len();
            Some(*at)
        })
        .collect()
}

/// Each row is found again in the flattened rows at its start.
fn row_offsets(rows: &Vec<Vec<u8>>) -> bool {
    let flat: Vec<u8> = rows.concat();
    rows.iter()
        .zip(starts(rows))
        .all(|(row, at)| flat.get(at..at + row.len()) == Some(row.as_slice()))
}

// ---------------------------------------------------------------------------------------------
// Maps and sets.

/// A product in a shop.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, SubTypes, Arbitrary)]
pub enum Product {
    /// Apples.
    Apple,
    /// Pears.
    Pear,
    /// Plums.
    Plum,
    /// Figs.
    Fig,
}

/// A product's stock.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub struct Stock {
    /// Units on the shelf.
    #[smartcheck(range = 1..=10)]
    units: u8,
    /// The unit price, in cents.
    price_cents: u16,
}

/// An order.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub struct Order {
    /// What.
    product: Product,
    /// How many.
    #[smartcheck(range = 1..=5)]
    qty: u8,
}

/// Fills the orders it can from stock; an entry sold out is kept at zero, not removed.
fn fill(stock: &mut BTreeMap<Product, Stock>, orders: &[Order]) {
    for o in orders {
        if let Some(s) = stock.get_mut(&o.product) {
            if s.units >= o.qty {
                s.units -= o.qty;
            }
        }
    }
}

/// Products listed as in stock (the map's keys) have some left after the orders.
fn inventory_orders((stock, orders): &(BTreeMap<Product, Stock>, Vec<Order>)) -> bool {
    let mut stock = stock.clone();
    fill(&mut stock, orders);
    stock.keys().all(|p| stock[p].units > 0)
}

/// Indexes documents by word, splitting on `' '` only: a word by a tab or newline keeps it.
fn index(docs: &[String]) -> HashMap<String, BTreeSet<usize>> {
    let mut idx: HashMap<String, BTreeSet<usize>> = HashMap::new();
    for (i, d) in docs.iter().enumerate() {
        for w in d.split(' ').filter(|w| !w.is_empty()) {
            idx.entry(w.to_lowercase()).or_default().insert(i);
        }
    }
    idx
}

/// Every word of a document, as `split_whitespace` reads them, finds the document.
fn word_index(docs: &Vec<String>) -> bool {
    let idx = index(docs);
    docs.iter().enumerate().all(|(i, d)| {
        d.split_whitespace().all(|w| idx.get(&w.to_lowercase()).is_some_and(|s| s.contains(&i)))
    })
}

/// A package of a workspace.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, SubTypes, Arbitrary)]
pub enum Pkg {
    /// The core.
    Core,
    /// Utilities.
    Util,
    /// Networking.
    Net,
    /// The interface.
    Ui,
    /// The application.
    App,
}

/// Depth-first cycle search with one visited set for all: a package reached twice looks cyclic.
fn has_cycle(deps: &BTreeMap<Pkg, Vec<Pkg>>) -> bool {
    /// Visits `p`, true on reaching a package seen before.
    fn visit(p: Pkg, deps: &BTreeMap<Pkg, Vec<Pkg>>, seen: &mut BTreeSet<Pkg>) -> bool {
        if !seen.insert(p) {
            return true;
        }
        deps.get(&p).into_iter().flatten().any(|&q| visit(q, deps, seen))
    }
    let mut seen = BTreeSet::new();
    deps.keys().any(|&p| !seen.contains(&p) && visit(p, deps, &mut seen))
}

/// Kahn's algorithm: a cycle leaves some package never freed of its dependencies.
fn cyclic(deps: &BTreeMap<Pkg, Vec<Pkg>>) -> bool {
    let mut waiting: BTreeMap<Pkg, usize> = BTreeMap::new();
    for (p, ds) in deps {
        *waiting.entry(*p).or_default() += ds.len();
        for d in ds {
            waiting.entry(*d).or_default();
        }
    }
    let mut ready: Vec<Pkg> = waiting.iter().filter(|(_, &n)| n == 0).map(|(&p, _)| p).collect();
    let mut done = 0;
    while let Some(d) = ready.pop() {
        done += 1;
        for (p, ds) in deps {
            for _ in ds.iter().filter(|&&q| q == d) {
                let n = waiting.get_mut(p).expect("every package is counted");
                *n -= 1;
                if *n == 0 {
                    ready.push(*p);
                }
            }
        }
    }
    done < waiting.len()
}

/// The cycle search agrees with a topological sort.
fn dependency_cycle(deps: &BTreeMap<Pkg, Vec<Pkg>>) -> bool {
    has_cycle(deps) == cyclic(deps)
}

/// The next record id, the number of ids in use, as if they were `0..n`: a gap makes it collide.
fn next_id(used: &BTreeSet<u16>) -> u16 {
    used.len() as u16
}

/// A new id is not one in use.
fn next_free_id(used: &BTreeSet<u16>) -> bool {
    !used.contains(&next_id(used))
}

// ---------------------------------------------------------------------------------------------
// Text.

/// A table cell.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub struct Cell {
    /// Its text.
    text: String,
    /// Its width in chars.
    #[smartcheck(range = 0..=40)]
    width: u8,
}

/// Centres text in a width, `pad / 2` spaces on each side: an odd padding comes out one short.
fn centre(text: &str, width: usize) -> String {
    let pad = width.saturating_sub(text.chars().count());
    format!("{}{text}{}", " ".repeat(pad / 2), " ".repeat(pad / 2))
}

/// Centred text fills its width, or is the text itself when wider.
fn center_cell(c: &Cell) -> bool {
    let len = c.text.chars().count();
    centre(&c.text, usize::from(c.width)).chars().count() == len.max(usize::from(c.width))
}

/// Right-aligns labels to the longest measured by `len()`, in bytes, while `{:>w$}` pads chars.
fn align(labels: &[String]) -> Vec<String> {
    let w = labels.iter().map(String::len).max().unwrap_or(0);
    labels.iter().map(|l| format!("{l:>w$}")).collect()
}

/// Aligned labels are exactly as wide, in chars, as the widest label.
fn align_labels(labels: &Vec<String>) -> bool {
    let widest = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    align(labels).iter().all(|l| l.chars().count() == widest)
}

/// A blog post.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub struct Post {
    /// Its id.
    id: u32,
    /// Its title.
    title: String,
    /// Whether it is a draft.
    draft: bool,
}

/// A slug of ASCII letters and digits, other runs as one `-`, trimmed at the start, not the end.
fn slugify(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_start_matches('-').to_string()
}

/// A post's path `/id-slug` (`/id` without a slug) never ends in `-` nor holds `--`.
fn post_slug(p: &Post) -> bool {
    let slug = slugify(&p.title);
    let path = match (slug.is_empty(), p.draft) {
        (true, false) => format!("/{}", p.id),
        (true, true) => format!("/drafts/{}", p.id),
        (false, false) => format!("/{}-{slug}", p.id),
        (false, true) => format!("/drafts/{}-{slug}", p.id),
    };
    !path.ends_with('-') && !path.contains("--")
}

/// Text to wrap.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub struct Wrap {
    /// The text.
    text: String,
    /// The width, in chars.
    #[smartcheck(range = 1..=40)]
    width: u8,
}

/// Greedy word wrap, which puts a word longer than the width on a line of its own, unbroken.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// No wrapped line is wider than the width, and the words come back in order.
fn word_wrap(w: &Wrap) -> bool {
    let lines = wrap(&w.text, usize::from(w.width));
    let joined = lines.join(" ");
    lines.iter().all(|l| l.chars().count() <= usize::from(w.width))
        && joined.split_whitespace().eq(w.text.split_whitespace())
}

/// Capitalizes a word by slicing its first byte, `w[..1]`: a multi-byte first char panics.
fn capitalize(w: &str) -> String {
    if w.is_empty() {
        return String::new();
    }
    format!("{}{}", w[..1].to_uppercase(), &w[1..])
}

/// Title case changes at most each word's first char.
fn title_case(words: &Vec<String>) -> bool {
    words.iter().all(|w| capitalize(w).chars().skip(1).eq(w.chars().skip(1)))
}

/// A label shown in a fixed space.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub struct Label {
    /// Its text.
    text: String,
    /// The chars it may take.
    #[smartcheck(range = 1..=20)]
    max: u8,
}

/// Shortens text to `max` chars and adds `…`, without counting the `…` itself.
fn shorten(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut s: String = text.chars().take(max).collect();
    s.push('…');
    s
}

/// A shortened label fits in its `max` chars.
fn ellipsis(l: &Label) -> bool {
    shorten(&l.text, usize::from(l.max)).chars().count() <= usize::from(l.max)
}

/// camelCase from words, each after the first with its first char uppercased.
fn to_camel(words: &[String]) -> String {
    let mut out = String::new();
    for (i, w) in words.iter().enumerate() {
        let mut chars = w.chars();
        if let (true, Some(first)) = (i > 0, chars.next()) {
            out.push(first.to_ascii_uppercase());
            out.extend(chars);
        } else {
            out.push_str(w);
        }
    }
    out
}

/// snake_case from camelCase, split before each capital: a word led by a digit has none.
fn to_snake(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if c.is_ascii_uppercase() {
            out.push('_');
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// Words of lowercase ASCII letters and digits survive camelCase and back to snake_case.
fn snake_camel(words: &Vec<String>) -> bool {
    let words: Vec<String> = words
        .iter()
        .map(|w| w.chars().filter(|c| c.is_ascii_lowercase() || c.is_ascii_digit()).collect())
        .filter(|w: &String| !w.is_empty())
        .collect();
    to_snake(&to_camel(&words)) == words.join("_")
}

/// ROT13 by code-point arithmetic, testing `is_lowercase`: a non-ASCII lowercase letter is mangled.
fn rot13(c: char) -> char {
    let turn = |c: char, a: char| char::from_u32((c as u32 - a as u32 + 13) % 26 + a as u32);
    if c.is_lowercase() {
        turn(c, 'a').unwrap_or(c)
    } else if c.is_ascii_uppercase() {
        turn(c, 'A').unwrap_or(c)
    } else {
        c
    }
}

/// ROT13 twice gives the text back.
fn rot13_twice(text: &Vec<char>) -> bool {
    text.iter().all(|&c| rot13(rot13(c)) == c)
}

// ---------------------------------------------------------------------------------------------
// Floats.

/// A mixer channel.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub struct Channel {
    /// Its number.
    id: u8,
    /// Its volume, meant to be within `0..=1`.
    volume: f32,
    /// Whether it is muted.
    muted: bool,
}

/// Clamps a volume to `0..=1` with `f32::clamp`, which gives a NaN back unchanged.
fn clamp_volume(v: f32) -> f32 {
    v.clamp(0.0, 1.0)
}

/// The gain sent to the device is within `0..=1`.
fn mixer_volume(c: &Channel) -> bool {
    let gain = if c.muted { 0.0 } else { clamp_volume(c.volume) };
    (0.0..=1.0).contains(&gain)
}

/// Linear interpolation written `a + (b - a) * t`, which at `t = 1` need not give `b`.
fn lerp(a: f64, b: f64, t: f64) -> f64 {
    a + (b - a) * t
}

/// An animation between finite `a` and `b` ends exactly at `b`.
fn lerp_endpoint((a, b): &(f64, f64)) -> Verdict {
    Verdict::implies(a.is_finite() && b.is_finite(), lerp(*a, *b, 1.0) == *b)
}

/// A cart's total in dollars, summed in `f64` from prices in cents: the order of items matters.
fn cart_total(prices_cents: &[u32]) -> f64 {
    prices_cents.iter().map(|&c| f64::from(c) / 100.0).sum()
}

/// Reversing the cart does not change its total.
fn cart_total_order(prices_cents: &Vec<u32>) -> bool {
    let mut reversed = prices_cents.clone();
    reversed.reverse();
    cart_total(prices_cents) == cart_total(&reversed)
}

/// The bounding box of points folded from `0.0`, as if the origin were one of them.
fn bbox(points: &[(f32, f32)]) -> (f32, f32, f32, f32) {
    points.iter().fold((0.0, 0.0, 0.0, 0.0), |(x0, y0, x1, y1), &(x, y)| {
        (x0.min(x), y0.min(y), x1.max(x), y1.max(y))
    })
}

/// Each side of the bounding box of finite points touches a point.
fn bounding_box(points: &Vec<(f32, f32)>) -> Verdict {
    let finite = points.iter().all(|(x, y)| x.is_finite() && y.is_finite());
    Verdict::implies_with(!points.is_empty() && finite, || {
        let (x0, y0, x1, y1) = bbox(points);
        points.iter().any(|p| p.0 == x0)
            && points.iter().any(|p| p.1 == y0)
            && points.iter().any(|p| p.0 == x1)
            && points.iter().any(|p| p.1 == y1)
    })
}

/// A price.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub struct Price {
    /// Whole dollars.
    dollars: u16,
    /// Cents.
    #[smartcheck(range = 0..=99)]
    cents: u8,
}

/// Reads `12.34` through `f64` and truncates `x * 100.0`: `0.29` reads as 28 cents.
fn parse_price(s: &str) -> Option<u64> {
    let x: f64 = s.parse().ok()?;
    Some((x * 100.0) as u64)
}

/// A price printed as `d.cc` reads back as the same cents.
fn price_text(p: &Price) -> bool {
    let cents = u64::from(p.dollars) * 100 + u64::from(p.cents);
    parse_price(&format!("{}.{:02}", p.dollars, p.cents)) == Some(cents)
}

// ---------------------------------------------------------------------------------------------
// Tuples, lists and byte encoders.

/// Whether version `a` is newer than `b`, comparing their `x.y.z` strings: `1.10.0` < `1.9.0`.
fn newer(a: &(u8, u8, u8), b: &(u8, u8, u8)) -> bool {
    format!("{}.{}.{}", a.0, a.1, a.2) > format!("{}.{}.{}", b.0, b.1, b.2)
}

/// Version order by strings agrees with numeric order.
fn version_order((a, b): &((u8, u8, u8), (u8, u8, u8))) -> bool {
    newer(a, b) == (a > b)
}

/// Users who logged in, from `(user, logged_in)` events, deduplicated with `dedup`: adjacent only.
fn logged_in(events: &[(u8, bool)]) -> Vec<u8> {
    let mut users: Vec<u8> = events.iter().filter(|e| e.1).map(|e| e.0).collect();
    users.dedup();
    users
}

/// No user is listed twice.
fn unique_logins(events: &Vec<(u8, bool)>) -> bool {
    let users = logged_in(events);
    users.iter().collect::<BTreeSet<_>>().len() == users.len()
}

/// Zigzag with a logical shift, `(n as u32) >> 31`, not an arithmetic one: negatives break.
fn zigzag(n: i32) -> u32 {
    ((n as u32) << 1) ^ ((n as u32) >> 31)
}

/// Undoes zigzag.
fn unzigzag(z: u32) -> i32 {
    ((z >> 1) as i32) ^ -((z & 1) as i32)
}

/// Writes numbers as zigzag LEB128 varints.
fn encode_varints(xs: &[i32]) -> Vec<u8> {
    let mut out = Vec::new();
    for &x in xs {
        let mut z = zigzag(x);
        while z >= 0x80 {
            out.push((z as u8 & 0x7f) | 0x80);
            z >>= 7;
        }
        out.push(z as u8);
    }
    out
}

/// Reads zigzag LEB128 varints; `None` on a truncated one.
fn decode_varints(bytes: &[u8]) -> Option<Vec<i32>> {
    let mut out = Vec::new();
    let (mut z, mut shift) = (0u32, 0u32);
    for &b in bytes {
        z |= u32::from(b & 0x7f).checked_shl(shift)?;
        shift += 7;
        if b < 0x80 {
            out.push(unzigzag(z));
            (z, shift) = (0, 0);
        }
    }
    (shift == 0).then_some(out)
}

/// Numbers written as varints read back the same.
fn zigzag_varint(xs: &Vec<i32>) -> bool {
    decode_varints(&encode_varints(xs)).as_ref() == Some(xs)
}

/// Fletcher-16 over the bytes before the last, its loop's bound off by one.
fn fletcher16(data: &[u8]) -> u16 {
    let (mut s1, mut s2) = (0u16, 0u16);
    for &b in &data[..data.len().saturating_sub(1)] {
        s1 = (s1 + u16::from(b)) % 255;
        s2 = (s2 + s1) % 255;
    }
    (s2 << 8) | s1
}

/// Changing a byte changes the checksum (but for 0 and 255, which Fletcher cannot tell apart).
fn fletcher_change((data, at, new): &(Vec<u8>, usize, u8)) -> Verdict {
    Verdict::implies_with(!data.is_empty(), || {
        let i = at % data.len();
        let mut changed = data.clone();
        changed[i] = *new;
        Verdict::implies(data[i] % 255 != new % 255, fletcher16(data) != fletcher16(&changed))
    })
}

/// Merges two sorted lists, but appends only the first list's leftovers.
fn merge_lists(a: &[u8], b: &[u8]) -> Vec<u8> {
    let (mut i, mut j) = (0, 0);
    let mut out = Vec::new();
    while i < a.len() && j < b.len() {
        if a[i] <= b[j] {
            out.push(a[i]);
            i += 1;
        } else {
            out.push(b[j]);
            j += 1;
        }
    }
    out.extend_from_slice(&a[i..]);
    out
}

/// Merging two lists, each sorted first, gives all their elements in order.
fn merge_sorted((a, b): &(Vec<u8>, Vec<u8>)) -> bool {
    let (mut a, mut b) = (a.clone(), b.clone());
    a.sort_unstable();
    b.sort_unstable();
    let mut want = [a.clone(), b.clone()].concat();
    want.sort_unstable();
    merge_lists(&a, &b) == want
}

/// A list shown in pages.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub struct Listing {
    /// The items.
    items: Vec<u8>,
    /// Items per page.
    #[smartcheck(range = 1..=10)]
    per_page: u8,
}

/// The number of pages, `len / per_page` rounded down: a last partial page is never shown.
fn page_count(l: &Listing) -> usize {
    l.items.len() / usize::from(l.per_page)
}

/// The pages, read in turn, show every item.
fn pagination(l: &Listing) -> bool {
    let per = usize::from(l.per_page);
    let shown: Vec<u8> =
        (0..page_count(l)).flat_map(|p| l.items.iter().skip(p * per).take(per).copied()).collect();
    shown == l.items
}

// ---------------------------------------------------------------------------------------------
// Dates, times and units.

/// A calendar date.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub struct Date {
    /// The year.
    #[smartcheck(range = 1990..=2040)]
    year: u16,
    /// The month.
    #[smartcheck(range = 1..=12)]
    month: u8,
    /// The day of the month.
    #[smartcheck(range = 1..=31)]
    day: u8,
}

/// The days in a month of a year.
fn days_in_month(year: u16, month: u8) -> u8 {
    let leap = year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400));
    match month {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Whether a date exists.
fn valid(d: &Date) -> bool {
    (1..=12).contains(&d.month) && (1..=days_in_month(d.year, d.month)).contains(&d.day)
}

/// The next day, rolling the month over at its end, but never December over into January.
fn next_day(d: &Date) -> Date {
    if d.day < days_in_month(d.year, d.month) {
        Date { day: d.day + 1, ..d.clone() }
    } else {
        Date { year: d.year, month: d.month + 1, day: 1 }
    }
}

/// A hotel booking.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub struct Booking {
    /// The day of arrival.
    arrival: Date,
    /// Nights stayed.
    #[smartcheck(range = 0..=400)]
    nights: u16,
}

/// A booking from a real date checks out on a real date.
fn booking_checkout(b: &Booking) -> Verdict {
    Verdict::implies_with(valid(&b.arrival), || {
        let mut d = b.arrival.clone();
        for _ in 0..b.nights {
            d = next_day(&d);
        }
        valid(&d)
    })
}

/// A time of day.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub struct Clock {
    /// The hour.
    #[smartcheck(range = 0..=23)]
    hour: u8,
    /// The minute.
    #[smartcheck(range = 0..=59)]
    minute: u8,
}

/// Shifts a time by signed minutes with `%`, which keeps the sign: before midnight goes negative.
fn shift_clock(c: &Clock, minutes: i16) -> (i32, i32) {
    let t = (i32::from(c.hour) * 60 + i32::from(c.minute) + i32::from(minutes)) % 1440;
    (t / 60, t % 60)
}

/// A shifted time is a time of day.
fn clock_shift((c, minutes): &(Clock, i16)) -> bool {
    let (h, m) = shift_clock(c, *minutes);
    (0..24).contains(&h) && (0..60).contains(&m)
}

/// An age in whole years, one less when today's month is before the birth month (days ignored).
fn age(birth: &Date, today: &Date) -> i32 {
    let mut years = i32::from(today.year) - i32::from(birth.year);
    if today.month < birth.month {
        years -= 1;
    }
    years
}

/// The age is the years since the last birthday, for real dates with birth no later than today.
fn age_years((birth, today): &(Date, Date)) -> Verdict {
    let key = |d: &Date| (d.year, d.month, d.day);
    Verdict::implies_with(valid(birth) && valid(today) && key(birth) <= key(today), || {
        let mut years = i32::from(today.year) - i32::from(birth.year);
        if (today.month, today.day) < (birth.month, birth.day) {
            years -= 1;
        }
        age(birth, today) == years
    })
}

/// A distance in a unit.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
pub enum Length {
    /// Millimetres.
    Mm(u32),
    /// Centimetres.
    Cm(u32),
    /// Metres.
    M(u32),
    /// Inches.
    In(u32),
}

/// Millimetres, an inch taken as 25 mm, not 25.4.
fn to_mm(l: &Length) -> u64 {
    match *l {
        Length::Mm(n) => u64::from(n),
        Length::Cm(n) => u64::from(n) * 10,
        Length::M(n) => u64::from(n) * 1000,
        Length::In(n) => u64::from(n) * 25,
    }
}

/// Micrometres, exactly.
fn to_um(l: &Length) -> u64 {
    match *l {
        Length::Mm(n) => u64::from(n) * 1000,
        Length::Cm(n) => u64::from(n) * 10_000,
        Length::M(n) => u64::from(n) * 1_000_000,
        Length::In(n) => u64::from(n) * 25_400,
    }
}

/// Each leg of a route in millimetres is its micrometres over 1000, rounded down.
fn length_legs(legs: &Vec<Length>) -> bool {
    legs.iter().all(|l| to_mm(l) == to_um(l) / 1000)
}
