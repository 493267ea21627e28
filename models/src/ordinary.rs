//! Benchmarks from ordinary code (issue 9 item 5): bugs of the kind users meet, in types a
//! user would write, each with a minimum justified in its doc. They were written and their
//! minima worked out before anyone tuned the reducer on them, and they stay in the table.
//!
//! Derived instances and public attributes only. Where a value is bounded (a digit, a month,
//! a timeout) the field says so with `#[smartcheck(range = LO..=HI)]`, and the property keeps
//! the bound as a precondition too, so that every tool is held to the same domain. Sizes count
//! what a reader would call "how big": elements, constructors, and the magnitudes of the
//! numbers, so that the minimum is a single value or a few of the same size.

pub mod bst {
    //! A binary search tree built by inserting keys in order, then deleting the key at an
    //! index. The bug: deleting a node with two children copies up the right subtree's
    //! minimum but then deletes that minimum from the *left* subtree, so it stays twice.
    //!
    //! Minimum, size 5 (keys + their magnitudes + the index): keys `[0, 1, -1]` (or
    //! `[0, -1, 1]`), index 0. The deleted node needs two children, so three distinct keys
    //! with the deleted one between the others; the smallest magnitudes are -1, 0, 1 with 0
    //! deleted, and deleting the root (inserted first) is index 0.

    use smartcheck::Verdict;

    /// The keys to insert, and the index of the key to delete.
    pub type Input = (Vec<i32>, usize);

    /// A binary search tree.
    #[derive(Debug, Clone, PartialEq)]
    pub enum Tree {
        /// No keys.
        Leaf,
        /// A key between two subtrees.
        Node(Box<Tree>, i32, Box<Tree>),
    }

    fn insert(t: Tree, x: i32) -> Tree {
        match t {
            Tree::Leaf => Tree::Node(Box::new(Tree::Leaf), x, Box::new(Tree::Leaf)),
            Tree::Node(l, k, r) if x < k => Tree::Node(Box::new(insert(*l, x)), k, r),
            Tree::Node(l, k, r) if x > k => Tree::Node(l, k, Box::new(insert(*r, x))),
            node => node,
        }
    }

    fn min(t: &Tree) -> Option<i32> {
        match t {
            Tree::Leaf => None,
            Tree::Node(l, k, _) => min(l).or(Some(*k)),
        }
    }

    /// Deletes `x`, with the bug.
    pub fn delete(t: Tree, x: i32) -> Tree {
        match t {
            Tree::Leaf => Tree::Leaf,
            Tree::Node(l, k, r) if x < k => Tree::Node(Box::new(delete(*l, x)), k, r),
            Tree::Node(l, k, r) if x > k => Tree::Node(l, k, Box::new(delete(*r, x))),
            Tree::Node(l, _, r) => match (*l, *r) {
                (Tree::Leaf, r) => r,
                (l, Tree::Leaf) => l,
                (l, r) => {
                    let m = min(&r).expect("a Node has a minimum");
                    // The bug: the successor is removed from the wrong side.
                    Tree::Node(Box::new(delete(l, m)), m, Box::new(r))
                }
            },
        }
    }

    /// The keys in order.
    pub fn keys(t: &Tree) -> Vec<i32> {
        match t {
            Tree::Leaf => Vec::new(),
            Tree::Node(l, k, r) => {
                let mut out = keys(l);
                out.push(*k);
                out.extend(keys(r));
                out
            }
        }
    }

    /// The property: after deleting the key at `at`, the tree holds exactly the other keys.
    pub fn prop(input: &Input) -> Verdict {
        let (ks, at) = input;
        let Some(&x) = ks.get(*at) else { return Verdict::Discard };
        let tree = ks.iter().fold(Tree::Leaf, |t, &k| insert(t, k));
        let mut want: Vec<i32> = ks.iter().copied().filter(|&k| k != x).collect();
        want.sort_unstable();
        want.dedup();
        (keys(&delete(tree, x)) == want).into()
    }

    /// Keys, plus their magnitudes, plus the index.
    pub fn size(input: &Input) -> usize {
        let magnitudes: u64 = input.0.iter().map(|k| u64::from(k.unsigned_abs())).sum();
        input.0.len() + magnitudes as usize + input.1
    }
}

pub mod stack_compiler {
    //! An interpreter against a compiler to a stack machine, for arithmetic with `let`. The
    //! bug: a variable compiles to a load at its binder's depth, forgetting the temporaries
    //! an enclosing operator has already pushed.
    //!
    //! Minimum, 5 constructors: `Let(Lit(0), Add(Lit(1), Var(0)))` or the same with `Mul`
    //! (`Sub` too, with other literals). A variable must be bound (4 constructors: `Let`, the
    //! bound value, an operator, the variable) and come after a temporary (a fifth: the
    //! operator's left operand, which must differ from the bound value to be seen).

    use smartcheck::{Arbitrary, SubTypes, Verdict};

    /// An expression; `Var(i)` is the `i`-th enclosing `Let` (de Bruijn, 0 the innermost).
    ///
    /// Every tool draws a variable's index in `0..4` (proptest's strategy and quickcheck's
    /// `Arbitrary` in the bench say `0..4u8` and `% 4`; smartcheck the public `range`
    /// attribute): the same input domain for all, an index past the few enclosing `Let`s
    /// being unbound, a discard.
    #[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
    pub enum Expr {
        /// A literal.
        Lit(i32),
        /// A bound variable.
        Var(#[smartcheck(range = 0..=3)] u8),
        /// `a + b`, wrapping.
        Add(Box<Expr>, Box<Expr>),
        /// `a - b`, wrapping.
        Sub(Box<Expr>, Box<Expr>),
        /// `a * b`, wrapping.
        Mul(Box<Expr>, Box<Expr>),
        /// `let _ = a in b`.
        Let(Box<Expr>, Box<Expr>),
    }

    /// A stack machine instruction.
    #[derive(Debug, Clone, Copy, PartialEq)]
    pub enum Op {
        /// Push a constant.
        Push(i32),
        /// Push a copy of the value this far below the top (0: the top).
        Load(usize),
        /// Pop two, push their sum.
        Add,
        /// Pop two, push their difference.
        Sub,
        /// Pop two, push their product.
        Mul,
        /// Pop the top, drop the value under it, push the top back (ends a `let`).
        Slide,
    }

    /// Evaluates `e` under `env` (innermost binding last); `None` on an unbound variable.
    pub fn eval(e: &Expr, env: &mut Vec<i32>) -> Option<i32> {
        Some(match e {
            Expr::Lit(n) => *n,
            Expr::Var(i) => *env.iter().rev().nth(usize::from(*i))?,
            Expr::Add(a, b) => eval(a, env)?.wrapping_add(eval(b, env)?),
            Expr::Sub(a, b) => eval(a, env)?.wrapping_sub(eval(b, env)?),
            Expr::Mul(a, b) => eval(a, env)?.wrapping_mul(eval(b, env)?),
            Expr::Let(a, b) => {
                let v = eval(a, env)?;
                env.push(v);
                let out = eval(b, env);
                env.pop();
                out?
            }
        })
    }

    /// Compiles `e` for a stack `depth` values high, whose binders sit at the positions in
    /// `binders` (innermost last); `None` on an unbound variable.
    fn compile(e: &Expr, depth: usize, binders: &mut Vec<usize>, out: &mut Vec<Op>) -> Option<()> {
        let mut two = |a: &Expr, b: &Expr, op: Op, out: &mut Vec<Op>| {
            compile(a, depth, binders, out)?;
            // The bug: `a`'s value is on the stack now, so `b` starts at `depth + 1`.
            compile(b, depth, binders, out)?;
            out.push(op);
            Some(())
        };
        match e {
            Expr::Lit(n) => out.push(Op::Push(*n)),
            Expr::Var(i) => {
                let at = binders.iter().rev().nth(usize::from(*i))?;
                out.push(Op::Load(depth.checked_sub(at + 1)?));
            }
            Expr::Add(a, b) => two(a, b, Op::Add, out)?,
            Expr::Sub(a, b) => two(a, b, Op::Sub, out)?,
            Expr::Mul(a, b) => two(a, b, Op::Mul, out)?,
            Expr::Let(a, b) => {
                compile(a, depth, binders, out)?;
                binders.push(depth);
                let body = compile(b, depth + 1, binders, out);
                binders.pop();
                body?;
                out.push(Op::Slide);
            }
        }
        Some(())
    }

    /// Runs a program; `None` on a stack underflow.
    pub fn run(program: &[Op]) -> Option<i32> {
        let mut stack: Vec<i32> = Vec::new();
        for op in program {
            let value = match op {
                Op::Push(n) => *n,
                Op::Load(i) => *stack.iter().rev().nth(*i)?,
                Op::Slide => {
                    let top = stack.pop()?;
                    stack.pop()?;
                    top
                }
                Op::Add | Op::Sub | Op::Mul => {
                    let (b, a) = (stack.pop()?, stack.pop()?);
                    match op {
                        Op::Add => a.wrapping_add(b),
                        Op::Sub => a.wrapping_sub(b),
                        _ => a.wrapping_mul(b),
                    }
                }
            };
            stack.push(value);
        }
        stack.pop()
    }

    /// The property: for a closed expression, the compiled program computes what the
    /// interpreter does.
    pub fn prop(e: &Expr) -> Verdict {
        let Some(want) = eval(e, &mut Vec::new()) else { return Verdict::Discard };
        let mut program = Vec::new();
        let compiled = compile(e, 0, &mut Vec::new(), &mut program);
        (compiled.is_some() && run(&program) == Some(want)).into()
    }

    /// Constructors.
    pub fn size(e: &Expr) -> usize {
        SubTypes::size(e)
    }
}

pub mod rle {
    //! A run-length encoder for bits (as fax and bitmap formats use): runs of 1 to 4 equal
    //! bits, each stored as the bit and its length minus one in two bits. The bug: the
    //! encoder cuts runs at 5 bits, not 4, and a run of 5 stores 4, which two bits read back
    //! as 0.
    //!
    //! Minimum, size 5 (bits plus set bits): five `false`. Only a run of five or more equal
    //! bits fails; five `false` is the shortest and has no set bit.

    /// The bits to encode.
    pub type Input = Vec<bool>;

    /// Encodes `bits` as `(bit, length - 1)` pairs, each length in two bits, with the bug.
    pub fn encode(bits: &[bool]) -> Vec<(bool, u8)> {
        let mut out = Vec::new();
        let mut at = 0;
        while let Some(&bit) = bits.get(at) {
            let run = bits[at..].iter().take(5).take_while(|&&b| b == bit).count();
            out.push((bit, (run as u8 - 1) & 0b11));
            at += run;
        }
        out
    }

    /// Decodes `(bit, length - 1)` pairs.
    pub fn decode(runs: &[(bool, u8)]) -> Vec<bool> {
        runs.iter().flat_map(|&(bit, n)| std::iter::repeat_n(bit, usize::from(n) + 1)).collect()
    }

    /// The property: decoding the encoding gives the bits back.
    pub fn prop(bits: &Input) -> bool {
        decode(&encode(bits)) == *bits
    }

    /// Bits plus set bits.
    pub fn size(bits: &Input) -> usize {
        bits.len() + bits.iter().filter(|&&b| b).count()
    }
}

pub mod csv {
    //! A CSV record printer and parser. A field with a comma or a quote is printed in quotes,
    //! with inner quotes doubled; the parser accepts a quote only at the start of a field.
    //! The bug: the printer quotes fields with a comma but forgets fields with a quote.
    //!
    //! Minimum, size 2 (fields plus characters): `["\""]`. The empty record is not one (it
    //! prints like one empty field: a precondition); a record fails only through a field that
    //! holds a quote and no comma, the shortest being the quote alone.

    use smartcheck::Verdict;

    /// The record's fields.
    pub type Input = Vec<String>;

    fn print_field(f: &str) -> String {
        // The bug: `|| f.contains('"')` is missing.
        if f.contains(',') {
            format!("\"{}\"", f.replace('"', "\"\""))
        } else {
            f.to_string()
        }
    }

    /// Prints a record.
    pub fn print(fields: &[String]) -> String {
        fields.iter().map(|f| print_field(f)).collect::<Vec<_>>().join(",")
    }

    /// Parses a quoted field's rest (after the opening quote); returns it and the rest after
    /// the closing quote.
    fn quoted(mut s: &str) -> Option<(String, &str)> {
        let mut out = String::new();
        loop {
            let end = s.find('"')?;
            out.push_str(&s[..end]);
            s = &s[end + 1..];
            match s.strip_prefix('"') {
                Some(rest) => {
                    out.push('"');
                    s = rest;
                }
                None => return Some((out, s)),
            }
        }
    }

    /// Parses a record; `None` when it is malformed.
    pub fn parse(mut s: &str) -> Option<Vec<String>> {
        let mut fields = Vec::new();
        loop {
            let (field, rest) = match s.strip_prefix('"') {
                Some(inner) => quoted(inner)?,
                None => {
                    let end = s.find(',').unwrap_or(s.len());
                    let field = &s[..end];
                    if field.contains('"') {
                        return None;
                    }
                    (field.to_string(), &s[end..])
                }
            };
            fields.push(field);
            match rest.strip_prefix(',') {
                Some(more) => s = more,
                None if rest.is_empty() => return Some(fields),
                None => return None,
            }
        }
    }

    /// The property: a non-empty record parses back from its printed form.
    pub fn prop(fields: &Input) -> Verdict {
        Verdict::implies(!fields.is_empty(), parse(&print(fields)).as_ref() == Some(fields))
    }

    /// Fields plus characters.
    pub fn size(fields: &Input) -> usize {
        fields.len() + fields.iter().map(|f| f.chars().count()).sum::<usize>()
    }
}

pub mod config {
    //! A service configuration whose unset fields take defaults (3 retries, a 1,000 ms
    //! timeout), and its validation: the worst-case wait, `timeout × (retries + 1)`, must stay
    //! within a minute. The bug: the validator checks `timeout × retries`.
    //!
    //! Minimum, size 15,002 (fields set, plus their numbers, plus the name's length):
    //! `Config { name: None, port: None, retries: None, timeout_ms: Some(15001), verbose: false }`.
    //! The timeout must be set (the default passes); with the default 3 retries the bug shows
    //! for timeouts in 15,001..=20,000, and setting `retries` as well costs a second field and
    //! a timeout of at least 20,001 (`Some(2)`) or 60,001 (`Some(0)`).

    use smartcheck::{Arbitrary, SubTypes, Verdict};

    /// The largest retries count accepted.
    pub const MAX_RETRIES: u8 = 10;
    /// The largest timeout accepted, in milliseconds.
    pub const MAX_TIMEOUT_MS: u32 = 100_000;

    /// A configuration as a user writes it: every field optional.
    #[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
    pub struct Config {
        /// The service's name.
        pub name: Option<String>,
        /// The port to listen on.
        pub port: Option<u16>,
        /// Retries after a timeout, at most [`MAX_RETRIES`] (default 3).
        #[smartcheck(range = 0..=10)]
        pub retries: Option<u8>,
        /// The timeout of one try, at most [`MAX_TIMEOUT_MS`] (default 1,000 ms).
        #[smartcheck(range = 0..=100_000)]
        pub timeout_ms: Option<u32>,
        /// Log every try.
        pub verbose: bool,
    }

    /// Within the documented bounds.
    pub fn in_bounds(c: &Config) -> bool {
        c.retries.is_none_or(|r| r <= MAX_RETRIES)
            && c.timeout_ms.is_none_or(|t| t <= MAX_TIMEOUT_MS)
    }

    /// The worst-case wait in milliseconds.
    pub fn worst_wait(c: &Config) -> u64 {
        u64::from(c.timeout_ms.unwrap_or(1000)) * (u64::from(c.retries.unwrap_or(3)) + 1)
    }

    /// The buggy validator.
    pub fn validate(c: &Config) -> bool {
        u64::from(c.timeout_ms.unwrap_or(1000)) * u64::from(c.retries.unwrap_or(3)) <= 60_000
    }

    /// The property: a configuration the validator accepts waits at most a minute.
    pub fn prop(c: &Config) -> Verdict {
        Verdict::implies(in_bounds(c) && validate(c), worst_wait(c) <= 60_000)
    }

    /// Fields set, plus their numbers, plus the name's length.
    pub fn size(c: &Config) -> usize {
        let set = [c.name.is_some(), c.port.is_some(), c.retries.is_some(), c.timeout_ms.is_some()]
            .iter()
            .filter(|&&s| s)
            .count();
        let numbers = c.name.as_ref().map_or(0, |n| n.chars().count())
            + c.port.map_or(0, usize::from)
            + c.retries.map_or(0, usize::from)
            + c.timeout_ms.map_or(0, |t| t as usize);
        set + numbers + usize::from(c.verbose)
    }
}

pub mod luhn {
    //! The Luhn check digit (card numbers, IMEIs). Every second digit from the right of the
    //! payload is doubled, and a doubled digit above 9 counts as its digit sum. The bug: the
    //! generator counts it as `2d mod 10`, dropping the carried 1, while the validator is
    //! right.
    //!
    //! Minimum, size 6 (digits plus their sum): `[5]`. A payload fails only when a doubled
    //! digit is 5 or more; the rightmost digit is doubled, so one digit suffices, and 5 is the
    //! least.

    use smartcheck::{Arbitrary, SubTypes, Verdict};

    /// A payload of decimal digits.
    #[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
    pub struct Input(#[smartcheck(range = 0..=9)] pub Vec<u8>);

    fn doubled(d: u8) -> u8 {
        let x = 2 * d;
        if x > 9 {
            x - 9
        } else {
            x
        }
    }

    /// The check digit, with the bug.
    pub fn check_digit(payload: &[u8]) -> u8 {
        let sum: u32 = payload
            .iter()
            .rev()
            .enumerate()
            .map(|(i, &d)| u32::from(if i % 2 == 0 { (2 * d) % 10 } else { d }))
            .sum();
        ((10 - sum % 10) % 10) as u8
    }

    /// The validator: the doubled-digit sum of the whole number is a multiple of 10.
    pub fn valid(number: &[u8]) -> bool {
        let sum: u32 = number
            .iter()
            .rev()
            .enumerate()
            .map(|(i, &d)| u32::from(if i % 2 == 1 { doubled(d) } else { d }))
            .sum();
        sum.is_multiple_of(10)
    }

    /// The property: a payload with its check digit appended validates.
    pub fn prop(input: &Input) -> Verdict {
        let mut number = input.0.clone();
        number.push(check_digit(&number));
        Verdict::implies(input.0.iter().all(|&d| d <= 9), valid(&number))
    }

    /// Digits plus their sum.
    pub fn size(input: &Input) -> usize {
        input.0.len() + input.0.iter().map(|&d| usize::from(d)).sum::<usize>()
    }
}

pub mod pqueue {
    //! A binary min-heap on a `Vec`, against a sorted list. The bug: after a pop, the element
    //! moved to the root sifts down by comparing with its *left* child only.
    //!
    //! Minimum, size 8 (operations plus the values' magnitudes): four pushes and two pops,
    //! e.g. `[Push(0), Push(1), Push(0), Push(1), Pop, Pop]`. The first pop must leave a root
    //! with a smaller right child (a heap of four: the root, two children, the left child's
    //! child, which moves up); the second pop shows it. Values 0 and 1 suffice, two of each
    //! (the left child must not be below the moved element, the right child must).

    use smartcheck::{Arbitrary, SubTypes};

    /// An operation on the queue.
    #[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
    pub enum Op {
        /// Add a value.
        Push(i32),
        /// Remove the least value.
        Pop,
    }

    /// The operations.
    pub type Input = Vec<Op>;

    /// A binary min-heap with the bug.
    #[derive(Default)]
    pub struct Heap(Vec<i32>);

    impl Heap {
        /// Adds `x`.
        pub fn push(&mut self, x: i32) {
            let v = &mut self.0;
            v.push(x);
            let mut at = v.len() - 1;
            while at > 0 && v[(at - 1) / 2] > v[at] {
                v.swap(at, (at - 1) / 2);
                at = (at - 1) / 2;
            }
        }

        /// Removes the least value.
        pub fn pop(&mut self) -> Option<i32> {
            let v = &mut self.0;
            let last = v.pop()?;
            let Some(&top) = v.first() else { return Some(last) };
            v[0] = last;
            let mut at = 0;
            // The bug: the right child, `2 * at + 2`, is never looked at.
            while let Some(&child) = v.get(2 * at + 1) {
                if child >= v[at] {
                    break;
                }
                v.swap(at, 2 * at + 1);
                at = 2 * at + 1;
            }
            Some(top)
        }
    }

    /// The property: every pop returns what a sorted list's would.
    pub fn prop(ops: &Input) -> bool {
        let mut heap = Heap::default();
        let mut model: Vec<i32> = Vec::new();
        ops.iter().all(|op| match op {
            Op::Push(x) => {
                heap.push(*x);
                let at = model.partition_point(|y| y < x);
                model.insert(at, *x);
                true
            }
            Op::Pop => heap.pop() == (!model.is_empty()).then(|| model.remove(0)),
        })
    }

    /// Operations plus the values' magnitudes.
    pub fn size(ops: &Input) -> usize {
        let magnitudes: u64 = ops
            .iter()
            .map(|op| match op {
                Op::Push(x) => u64::from(x.unsigned_abs()),
                Op::Pop => 0,
            })
            .sum();
        ops.len() + magnitudes as usize
    }
}

pub mod date {
    //! Adding days to a calendar date by stepping through months. The bug: the leap year rule
    //! is "divisible by 4", so 1900 and 2100 get a 29 February.
    //!
    //! Minimum, size 29 (the days added plus the date's distance from 1 January 1900 in
    //! years, months and days): any February 1900 date `d` with `n = 29 - d` days added, such
    //! as `(1900-02-28, 1)`. The step must cross the end of February in 1900 or 2100; from
    //! 1900 that costs the month (1) and the days to reach 1 March (`28 - (d - 1)`).

    use smartcheck::{Arbitrary, SubTypes, Verdict};

    /// The first year accepted.
    pub const FIRST_YEAR: u16 = 1900;
    /// The last year accepted.
    pub const LAST_YEAR: u16 = 2100;
    /// The most days added.
    pub const MAX_DAYS: u16 = 400;

    /// A calendar date.
    #[derive(Debug, Clone, Copy, PartialEq, SubTypes, Arbitrary)]
    pub struct Date {
        /// The year, in `FIRST_YEAR..=LAST_YEAR`.
        #[smartcheck(range = 1900..=2100)]
        pub year: u16,
        /// The month, in `1..=12`.
        #[smartcheck(range = 1..=12)]
        pub month: u8,
        /// The day of the month, from 1.
        #[smartcheck(range = 1..=31)]
        pub day: u8,
    }

    /// A date and a number of days to add.
    #[derive(Debug, Clone, Copy, PartialEq, SubTypes, Arbitrary)]
    pub struct Input {
        /// The date.
        pub date: Date,
        /// The days to add, at most [`MAX_DAYS`].
        #[smartcheck(range = 0..=400)]
        pub days: u16,
    }

    fn month_length(year: u16, month: u8, leap: fn(u16) -> bool) -> u8 {
        match month {
            2 if leap(year) => 29,
            2 => 28,
            4 | 6 | 9 | 11 => 30,
            _ => 31,
        }
    }

    /// The Gregorian rule.
    pub fn is_leap(year: u16) -> bool {
        year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400))
    }

    /// The bug's rule.
    pub fn is_leap_buggy(year: u16) -> bool {
        year.is_multiple_of(4)
    }

    /// A real date in the accepted years.
    pub fn is_valid(d: &Date) -> bool {
        (FIRST_YEAR..=LAST_YEAR).contains(&d.year)
            && (1..=12).contains(&d.month)
            && d.day >= 1
            && d.day <= month_length(d.year, d.month, is_leap)
    }

    /// `d` plus `n` days, under the leap rule `leap`.
    pub fn add_days(mut d: Date, n: u16, leap: fn(u16) -> bool) -> Date {
        for _ in 0..n {
            if d.day < month_length(d.year, d.month, leap) {
                d.day += 1;
            } else if d.month < 12 {
                d = Date { month: d.month + 1, day: 1, ..d };
            } else {
                d = Date { year: d.year + 1, month: 1, day: 1 };
            }
        }
        d
    }

    /// The property: the buggy addition agrees with the Gregorian one.
    pub fn prop(input: &Input) -> Verdict {
        let pre = is_valid(&input.date) && input.days <= MAX_DAYS;
        Verdict::implies(pre, {
            add_days(input.date, input.days, is_leap_buggy)
                == add_days(input.date, input.days, is_leap)
        })
    }

    /// The days added plus the date's distance from 1 January 1900 in years, months and days.
    pub fn size(input: &Input) -> usize {
        let d = input.date;
        let from = |x: usize, lo: usize| x.saturating_sub(lo);
        usize::from(input.days)
            + from(usize::from(d.year), usize::from(FIRST_YEAR))
            + from(usize::from(d.month), 1)
            + from(usize::from(d.day), 1)
    }
}

pub mod settings {
    //! Layered settings: a user's overrides on top of the defaults, each a map from a setting
    //! to its value. The bug: the merge inserts the overrides with `entry(k).or_insert(v)`,
    //! so an override of a setting the defaults already hold is dropped.
    //!
    //! Minimum, size 3 (entries in both maps, plus their values, plus each key's place among
    //! the settings): `Layers { defaults: {Timeout: 0}, overrides: {Timeout: 1} }`. The two
    //! maps must share a key and differ at it: one entry each, both at the first setting,
    //! values 0 and 1 (either way round; the defaults come first, so they take the 0).

    use std::collections::BTreeMap;

    use smartcheck::{Arbitrary, SubTypes, Verdict};

    /// A setting.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, SubTypes, Arbitrary)]
    pub enum Setting {
        /// The timeout.
        Timeout,
        /// The retries.
        Retries,
        /// The port.
        Port,
        /// Verbose logging.
        Verbose,
        /// Coloured output.
        Colour,
    }

    /// Every setting, in declaration order (for the other tools' generators).
    pub const ALL: [Setting; 5] =
        [Setting::Timeout, Setting::Retries, Setting::Port, Setting::Verbose, Setting::Colour];

    /// The defaults and the user's overrides.
    #[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
    pub struct Layers {
        /// The defaults.
        pub defaults: BTreeMap<Setting, u8>,
        /// The user's overrides.
        pub overrides: BTreeMap<Setting, u8>,
    }

    /// The merged settings, with the bug.
    pub fn merge(layers: &Layers) -> BTreeMap<Setting, u8> {
        let mut merged = layers.defaults.clone();
        for (&k, &v) in &layers.overrides {
            merged.entry(k).or_insert(v);
        }
        merged
    }

    /// The property: every override wins.
    pub fn prop(layers: &Layers) -> Verdict {
        let merged = merge(layers);
        layers.overrides.iter().all(|(k, v)| merged.get(k) == Some(v)).into()
    }

    /// Entries in both maps, plus their values, plus each key's place among the settings.
    pub fn size(layers: &Layers) -> usize {
        let map = |m: &BTreeMap<Setting, u8>| {
            m.iter().map(|(&k, &v)| 1 + usize::from(v) + k as usize).sum::<usize>()
        };
        map(&layers.defaults) + map(&layers.overrides)
    }
}
