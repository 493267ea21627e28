//! `SubTypes` and `Arbitrary` for the standard library's types (SPEC §3).
//!
//! - Numbers, `bool`, `char`, `String` are opaque leaves: not indexed by reduction (the paper's
//!   primitive types), but [`SubTypes::shrink_value`] and [`SubTypes::leaf_rank`] let
//!   `Args::shrink_values` minimise them.
//! - `Box<T>` is transparent: it is its contents, as far as indexing goes.
//! - `Vec<T>` and `VecDeque<T>` are chains of cons cells: a suffix is a sub-value of the list's
//!   own type, so reduction can drop elements.
//! - Maps and sets are lists of entries sorted by key (see [`maps`]): reduction deletes
//!   entries and shrinks keys and values as it does list elements, and they print sorted.
//! - `Box<[T]>`, `LinkedList`, `BinaryHeap` are lists too ([`seqs`]); `Rc`, `Arc`, `Cell`,
//!   `RefCell`, `Wrapping`, `Reverse`, `NonZero*` wrap what they hold ([`wrappers`]);
//!   `Duration`, `SystemTime`, addresses, paths, `OsString`, `Cow<'static, str>`, `Box<str>`
//!   and ranges are leaves seen through parts smartcheck knows ([`leaves`]).
//!
//! Discovery draws edge values with a stated probability, so boundary bugs show in the default
//! 100 tests (issue 11): integers 3/20 (boundaries 1/10, powers of two and their neighbours
//! 1/20), floats 3/20 plus 1/20 large magnitudes (NaN alone 1/20), chars 1/20 from
//! [`EDGE_CHARS`] and 1/40 from [`TEXT_CHARS`] (strings are made of these chars). Each
//! impl's doc gives its distribution.
//!
//! Invariant: every generator keeps [`SubTypes::size`] within [`Gen::budget`] (maps and sets
//! included), and no impl does unchecked arithmetic on a value it was given. Cost: O(n) in the
//! value per call, but walking a map or heap (see their modules).

use std::collections::VecDeque;

mod leaves;
mod maps;
mod seqs;
mod wrappers;

use crate::arbitrary::{min_size_of, sum_min_sizes, Arbitrary};
use crate::gen::{Gen, Rng};
use crate::subtypes::{
    CellKind, Child, Children, ListNode, ListNodeMut, Node, NodeMut, NodeMutRef, NodeRef, Shape,
    SubTypes, SubValue,
};

/// The constructor names of lists.
pub const LIST_CONSTRUCTORS: &[&str] = &["[]", "[_, ..]"];

pub(crate) fn list_constructor(empty: bool) -> &'static str {
    LIST_CONSTRUCTORS[usize::from(!empty)]
}

/// The constructor of the cell starting at `start`: the list's own names (`[]`/`[_, ..]`,
/// `{}`/`{_: _, ..}`, `{}`/`{_, ..}`), empty or not.
pub(crate) fn suffix_constructor(list: &dyn ListNode, start: usize) -> &'static str {
    let names = list.whole().constructors();
    names.get(usize::from(start < list.len())).copied().unwrap_or(LIST_CONSTRUCTORS[0])
}

/// True for the constructors of maps and sets.
fn keyed_constructors(constructors: &[&str]) -> bool {
    constructors == maps::MAP_CONSTRUCTORS || constructors == maps::SET_CONSTRUCTORS
}

/// True when `node` is a map or a set, or a cell of one: a list whose entries are kept in
/// order, so that replacing a key or a tail may move entries.
pub(crate) fn is_keyed(node: NodeRef<'_>) -> bool {
    node.shape() == Shape::List && keyed_constructors(node.constructors())
}

/// The brackets a list with these constructors prints in: `{}` for maps and sets, else `[]`.
pub(crate) fn list_brackets(constructors: &[&str]) -> (&'static str, &'static str) {
    if keyed_constructors(constructors) {
        ("{", "}")
    } else {
        ("[", "]")
    }
}

pub(crate) fn list_children(list: &dyn ListNode, start: usize) -> Children<'_> {
    if start >= list.len() {
        return Children::new();
    }
    let kind = list.cell_kind();
    let suffix = Child { node: NodeRef::Suffix(list, start + 1), frozen: false };
    let mut cell = [suffix; 4];
    let mut len = 0;
    if kind != CellKind::Element {
        if let Some(key) = list.key(start) {
            cell[len] = Child { node: NodeRef::Value(key), frozen: false };
            len += 1;
        }
    }
    if kind != CellKind::Key {
        cell[len] = Child { node: NodeRef::Value(list.element(start)), frozen: false };
        len += 1;
    }
    cell[len] = suffix;
    Children::from_buf_and_len(cell, len + 1)
}

/// Child `k` of the cell at `start`. A key (of a map entry or a set element) cannot change in
/// place: its handle is the suffix at `len + 1 + start`, which `replace_suffix` reads as "the
/// key of entry `start`".
pub(crate) fn list_child_mut(
    list: &mut dyn ListNodeMut,
    start: usize,
    k: usize,
) -> Option<NodeMutRef<'_>> {
    let len = list.len();
    if start >= len {
        return None;
    }
    let (keys, elements) = match list.cell_kind() {
        CellKind::Element => (0, 1),
        CellKind::Entry => (1, 1),
        CellKind::Key => (1, 0),
    };
    if k < keys {
        Some(NodeMutRef::Suffix(list, len + 1 + start))
    } else if k < keys + elements {
        Some(NodeMutRef::Value(list.element_mut(start)))
    } else if k == keys + elements {
        Some(NodeMutRef::Suffix(list, start + 1))
    } else {
        None
    }
}

/// The child slot of a list cell that holds the rest of the list (after its key and element,
/// as `list_child_mut` numbers them).
pub(crate) fn list_tail_slot(list: &dyn ListNodeMut) -> usize {
    match list.cell_kind() {
        CellKind::Element | CellKind::Key => 1,
        CellKind::Entry => 2,
    }
}

/// Picks a length and per-element budgets for a list: every cons cell costs 1 plus the
/// element's minimum, the empty list 1; lengths scale with the size.
fn list_plan<T: Arbitrary>(g: &mut Gen) -> Vec<usize> {
    cell_plan(g, T::min_size())
}

/// [`list_plan`] for cells whose contents cost at least `element_min` (`None`: no finite
/// element, so the list is empty). Every share is at least `element_min`, and
/// `1 + sum(1 + share) <= budget` whenever the budget is at least 1. The plan is one of `g`'s
/// buffers: give it back ([`Gen::give_back`]) once the cells are generated.
///
/// Elements whose smallest size is 0 are opaque leaves (numbers, chars, strings), whose size
/// is always 0: from generator 2 on they get no share of the budget, which they could not
/// use, so a list of them draws its length only (derived constructors give such fields none
/// either, [`field_budgets`](crate::derive_support::field_budgets)).
pub(crate) fn cell_plan(g: &mut Gen, element_min: Option<usize>) -> Vec<usize> {
    let mut plan = g.take_buffer();
    let Some(min) = element_min else { return plan };
    let len = list_len(g, min);
    if min == 0 && g.version() >= 2 {
        plan.resize(len, 0);
        return plan;
    }
    let per = min.saturating_add(1);
    let extra = g.budget().saturating_sub(1 + len * per);
    plan.resize(len, 0);
    g.split_cells(extra, &mut plan);
    for share in &mut plan {
        *share += min;
    }
    plan
}

/// A list's length, for cells whose contents cost at least `min`: uniform up to what the
/// budget allows at one unit per cell, and at most the size.
#[inline]
fn list_len(g: &mut Gen, min: usize) -> usize {
    let per = min.saturating_add(1);
    let max_len = (g.budget().saturating_sub(1) / per).min(g.size());
    g.range(0, max_len)
}

fn arbitrary_list<T: Arbitrary, C: FromIterator<T>>(g: &mut Gen) -> C {
    if T::min_size() == Some(0) && g.version() >= 2 {
        // Opaque leaves: no plan to draw or keep (see `cell_plan`), and all of them one call
        // deeper with no budget, so one `with_budget` serves them all.
        let len = list_len(g, 0);
        if len == 0 {
            return std::iter::empty().collect();
        }
        return g.with_budget(0, |g| T::arbitrary_many(g, len));
    }
    let plan = list_plan::<T>(g);
    let list = plan.iter().map(|&b| g.with_budget(b, T::arbitrary)).collect();
    g.give_back(plan);
    list
}

/// The low parts of a magnitude `m` that a search along the number line passes over, each
/// above 0 and below `m`: its low decimal digits alone (`2040` to `40`, `0`), its leading
/// digit lowered (`500` to `100`, `200`, `300`, `400`), its low bytes
/// alone (`0x1_2345` to `0x45`, `0x2345`), `m` without its highest set bit (`0x300` to
/// `0x100`), and its half (`0x200` to `0x100`). Code that formats numbers or truncates them
/// to a byte reads only those parts, and fails again every hundred or every 256 values,
/// where a descent step by step stops at the bottom of the first block it meets (or, on the
/// leading digit, every hundred years). O(log m) of them.
fn low_parts(m: u128) -> Vec<u128> {
    let mut parts = Vec::new();
    let mut power: u128 = 10;
    while power <= m {
        parts.push(m % power);
        let Some(next) = power.checked_mul(10) else { break };
        power = next;
    }
    // The leading digit of two or more lowered, the others kept: `power` has passed `m`
    // unless it overflowed.
    let lead = if power > m { power / 10 } else { power };
    if lead >= 10 {
        parts.extend((1..m / lead).map(|d| d * lead + m % lead));
    }
    parts.extend(
        (1..16)
            .map(|bytes| 8 * bytes)
            .filter(|&bits| bits < 128)
            .map(|bits| m & ((1u128 << bits) - 1)),
    );
    if m > 0 {
        parts.push(m & !(1u128 << (127 - m.leading_zeros())));
    }
    parts.push(m >> 1);
    parts.retain(|&p| p > 0 && p < m);
    parts
}

macro_rules! list_impl {
    ($list:ident, $slice:ident) => {
        impl<T: SubTypes> SubTypes for $list<T> {
            fn constructor(&self) -> &'static str {
                list_constructor(self.is_empty())
            }
            fn constructors(&self) -> &'static [&'static str] {
                LIST_CONSTRUCTORS
            }
            fn shape(&self) -> Shape {
                Shape::List
            }
            fn children(&self) -> Children<'_> {
                list_children(self, 0)
            }
            fn child_mut(&mut self, k: usize) -> Option<NodeMutRef<'_>> {
                list_child_mut(self, 0, k)
            }
            fn shrink_value(&self) -> Vec<Self> {
                Vec::new()
            }
            /// A list of one of each of the element type's edge values, then of two of each
            /// (`[255, 255]`: equal values cancel where code xors or subtracts, and wrap
            /// where it adds).
            fn edge_values() -> Vec<Self> {
                let edges = T::edge_values();
                let ones = edges.iter().map(|e| std::iter::once(e.clone()).collect());
                let twos = edges.iter().map(|e| [e.clone(), e.clone()].into_iter().collect());
                ones.chain(twos).collect()
            }
        }

        impl<T: Arbitrary> Arbitrary for $list<T> {
            fn arbitrary(g: &mut Gen) -> Self {
                arbitrary_list(g)
            }
            fn min_size() -> Option<usize> {
                Some(1)
            }
        }

        impl<T: SubTypes> ListNode for $list<T> {
            fn len(&self) -> usize {
                $list::len(self)
            }
            fn element(&self, i: usize) -> &dyn Node {
                self[i].node()
            }
            fn whole(&self) -> &dyn Node {
                self
            }
            fn suffix_value(&self, start: usize) -> Box<dyn SubValue> {
                let suffix: $list<T> = self.range_from(start).cloned().collect();
                Box::new(suffix)
            }
            fn fmt_suffix(
                &self,
                start: usize,
                f: &mut std::fmt::Formatter<'_>,
            ) -> std::fmt::Result {
                f.debug_list().entries(self.range_from(start)).finish()
            }
        }

        impl<T: SubTypes> ListNodeMut for $list<T> {
            fn len(&self) -> usize {
                $list::len(self)
            }
            fn element_mut(&mut self, i: usize) -> &mut dyn NodeMut {
                self[i].node_mut()
            }
            fn replace_suffix(
                &mut self,
                start: usize,
                value: Box<dyn SubValue>,
            ) -> Result<(), Box<dyn SubValue>> {
                if !value.as_any().is::<$list<T>>() {
                    return Err(value);
                }
                let tail = value.into_any().downcast::<$list<T>>().expect("type checked above");
                self.truncate(start);
                self.extend(*tail);
                Ok(())
            }
        }
    };
}

trait RangeFrom<T: 'static> {
    fn range_from(&self, start: usize) -> impl Iterator<Item = &T>;
}
impl<T: 'static> RangeFrom<T> for Vec<T> {
    fn range_from(&self, start: usize) -> impl Iterator<Item = &T> {
        self[start.min(self.len())..].iter()
    }
}
impl<T: 'static> RangeFrom<T> for VecDeque<T> {
    fn range_from(&self, start: usize) -> impl Iterator<Item = &T> {
        self.range(start.min(self.len())..)
    }
}

list_impl!(Vec, slice);
list_impl!(VecDeque, deque);

// ---------------------------------------------------------------------------------------------
// Integers

/// The widest bit width an integer magnitude is drawn with at the generator's size: one that
/// grows with the size (the whole type by size 50), so small values and duplicates are likely
/// and every magnitude is reachable.
fn int_bits_limit(g: &Gen, type_bits: u32) -> u64 {
    (1 + g.size() as u64 * type_bits as u64 / 50).min(type_bits as u64)
}

/// Draws an integer magnitude's bit width for discovery, uniformly up to [`int_bits_limit`]
/// (generator 1's draw).
fn int_bits(g: &mut Gen, type_bits: u32) -> u32 {
    let limit = int_bits_limit(g, type_bits);
    g.range(0, limit as usize) as u32
}

/// How an integer is drawn: `branch` in `0..20` (boundary value, power of two, or a magnitude
/// of `bits` bits), whether it is negated (for signed types), and the random bits of the
/// magnitude (128, of which the low `bits` are kept).
struct IntDraw {
    branch: u64,
    negate: bool,
    bits: u32,
    raw: u128,
}

/// The low `bits` bits of `raw`, for a type of `type_bits` bits (`bits <= type_bits`): in
/// 64-bit arithmetic for types of up to 64 bits, whose magnitudes' bits are all in `raw`'s
/// low half (the same bits, fewer instructions).
#[inline]
fn masked(raw: u128, bits: u32, type_bits: u32) -> u128 {
    if bits == 0 {
        0
    } else if type_bits <= 64 {
        u128::from(raw as u64 & (u64::MAX >> (64 - bits)))
    } else {
        raw & (u128::MAX >> (128 - bits))
    }
}

/// How many outcomes generator 2's integer draw ([`int_draw`]) chooses among at the
/// generator's size: 40 for each bit width up to [`int_bits_limit`].
#[inline]
fn int_choices(g: &Gen, type_bits: u32) -> u64 {
    40 * (int_bits_limit(g, type_bits) + 1)
}

/// Generator 2's draw: the branch, the sign and the bit width from one uniform number in
/// `0..choices` ([`int_choices`]), and the magnitude's bits: for types of up to 32 bits, both
/// from one 64-bit draw ([`Rng::below_with_bits`]); else one more draw (two for types wider
/// than 64 bits). Generator 1 made five draws. The same distribution.
#[inline(always)]
fn int_draw(g: &mut Rng, type_bits: u32, choices: u64) -> IntDraw {
    let (pick, raw) = if type_bits <= 32 {
        let (pick, low) = g.below_with_bits(choices as u32);
        (u64::from(pick), u128::from(low))
    } else {
        let pick = g.below(choices);
        let low = g.next_u64() as u128;
        (pick, if type_bits > 64 { low | ((g.next_u64() as u128) << 64) } else { low })
    };
    // One division: `pick` is `branch + 20 * (negate + 2 * bits)`.
    let twentieths = pick / 20;
    let (branch, negate, bits) =
        (pick - 20 * twentieths, twentieths & 1 == 1, (twentieths >> 1) as u32);
    IntDraw { branch, negate, bits, raw }
}

/// The methods every opaque leaf type shares: its name as its one constructor, printed as an
/// atom, opaque to reduction.
macro_rules! atom_basics {
    ($name:expr) => {
        fn constructor(&self) -> &'static str {
            $name
        }
        fn constructors(&self) -> &'static [&'static str] {
            &[$name]
        }
        fn shape(&self) -> Shape {
            Shape::Atom
        }
        fn is_opaque(&self) -> bool {
            true
        }
    };
}

macro_rules! int_impl {
    ($($t:ty),*) => {$(
        impl SubTypes for $t {
            atom_basics!(stringify!($t));
            fn shrink_value(&self) -> Vec<Self> {
                let x = *self;
                let mut out: Vec<$t> = Vec::new();
                let zero: $t = 0;
                if x != zero {
                    out.push(zero);
                    #[allow(unused_comparisons)]
                    if x < zero {
                        if let Some(neg) = x.checked_neg() {
                            out.push(neg);
                        }
                    }
                    out.push(x / 2);
                    #[allow(unused_comparisons)]
                    let step: $t = if x < zero { x + 1 } else { x - 1 };
                    out.push(step);
                }
                out.dedup();
                out.retain(|c| *c != x);
                out
            }
            /// The value's place in `0, 1, -1, 2, -2, ...` (unsigned: the value). A signed
            /// type's `MIN` has no positive twin, so it comes right after `-MAX`: rank
            /// `2^bits - 1`, which `i64::MIN` fits in a `u64` with.
            fn leaf_rank(&self) -> Option<u64> {
                let x = *self as i128;
                #[allow(unused_comparisons)]
                let unsigned = <$t>::MIN >= 0;
                let rank: u128 = if unsigned {
                    x as u128
                } else if x > 0 {
                    (x as u128) * 2 - 1
                } else if *self == <$t>::MIN {
                    // `i128::MIN`'s would be `2^128 - 1`, past any `u64` too.
                    x.unsigned_abs().checked_mul(2)? - 1
                } else {
                    x.unsigned_abs() * 2
                };
                u64::try_from(rank).ok()
            }
            fn from_leaf_rank(&self, rank: u64) -> Option<Self> {
                #[allow(unused_comparisons)]
                let unsigned = <$t>::MIN >= 0;
                if unsigned {
                    return <$t>::try_from(rank).ok();
                }
                let rank = u128::from(rank);
                // `MIN`'s own rank, past `MAX`'s and `-MAX`'s (see `leaf_rank`).
                if (<$t>::MIN as i128).unsigned_abs().checked_mul(2).map(|r| r - 1) == Some(rank) {
                    return Some(<$t>::MIN);
                }
                let value: i128 = if rank % 2 == 1 {
                    rank.div_ceil(2) as i128
                } else {
                    -((rank / 2) as i128)
                };
                <$t>::try_from(value).ok().filter(|v| *v != <$t>::MIN)
            }
            fn edge_values() -> Vec<Self> {
                vec![<$t>::MAX, <$t>::MIN, <$t>::MAX - 1, <$t>::MIN + 1]
            }
            fn cmp_simplicity(&self, other: &Self) -> std::cmp::Ordering {
                // By magnitude, then positive first: also for `MIN` of 64 and 128 bits, whose
                // rank does not fit a `u64`.
                #[allow(unused_comparisons)]
                let key = |x: $t| {
                    if x < 0 { ((x as i128).unsigned_abs(), true) } else { (x as u128, false) }
                };
                key(*self).cmp(&key(*other))
            }
            fn offset(&self, delta: i128) -> Option<Self> {
                match i128::try_from(*self) {
                    Ok(x) => <$t>::try_from(x.checked_add(delta)?).ok(),
                    // A `u128` above `i128::MAX`, the one value that does not convert.
                    Err(_) => <$t>::try_from((*self as u128).checked_add_signed(delta)?).ok(),
                }
            }
            fn folded(&self, next: &Self) -> Option<Self> {
                // Wrapping as the type adds: `[1, 127]` of `i8` folds to `-128`.
                Some(<$t>::wrapping_add(*self, *next))
            }
            fn jumps(&self) -> Vec<Self> {
                let x = *self;
                #[allow(unused_comparisons)]
                let negative = x < 0;
                let magnitude = if negative { (x as i128).unsigned_abs() } else { x as u128 };
                let mut jumps = low_parts(magnitude);
                // As a set of bits, a positive integer keeps as many set, lower: its highest
                // set bit moved to the highest clear one below it (`0b110111` to `0b011111`).
                if !negative && x.count_ones() >= 2 {
                    let high = <$t>::BITS - 1 - x.leading_zeros();
                    let below = !x & (((1 as $t) << high) - 1);
                    if below != 0 {
                        let clear = <$t>::BITS - 1 - below.leading_zeros();
                        jumps.push((x ^ ((1 as $t) << high) ^ ((1 as $t) << clear)) as u128);
                    }
                }
                jumps.sort_unstable();
                jumps.dedup();
                let signed = |m: u128| match negative {
                    true => <$t>::try_from(-(m as i128)).ok(),
                    false => <$t>::try_from(m).ok(),
                };
                jumps.into_iter().filter_map(signed).collect()
            }
        }

        impl IntLeaf for $t {
            #[inline(always)]
            fn edge(g: &mut Rng) -> Self {
                #[allow(unused_comparisons)]
                const EDGES: [$t; 7] = [
                    0, 1, <$t>::MAX, <$t>::MIN, <$t>::MAX - 1,
                    if <$t as IntLeaf>::SIGNED { <$t>::MIN.wrapping_add(1) } else { 2 },
                    if <$t as IntLeaf>::SIGNED { (0 as $t).wrapping_sub(1) } else { 3 },
                ];
                EDGES[g.below(EDGES.len() as u64) as usize]
            }
            #[inline(always)]
            fn near_power(g: &mut Rng) -> Self {
                let power = (1 as $t).wrapping_shl(g.below(u64::from(<$t>::BITS)) as u32);
                power.wrapping_add(g.below(3) as $t).wrapping_sub(1)
            }
            #[inline(always)]
            fn negated(self, negate: bool) -> Self {
                if <$t as IntLeaf>::SIGNED && negate { self.wrapping_neg() } else { self }
            }
            #[allow(unused_comparisons)]
            const SIGNED: bool = <$t>::MIN < 0;
            #[inline(always)]
            fn drawn(g: &mut Rng, choices: u64) -> Self {
                // Branch, sign and magnitude drawn up front.
                let d = int_draw(g, <$t>::BITS, choices);
                match d.branch {
                    0 | 1 => Self::edge(g),
                    2 => Self::near_power(g).negated(d.negate),
                    _ => (masked(d.raw, d.bits, <$t>::BITS) as $t).negated(d.negate),
                }
            }
        }

        /// Discovery draws, so that boundary bugs show in the default 100 tests: with
        /// probability 1/10 a boundary value (0, 1, `MAX`, `MIN`, `MAX - 1`, and -1 and
        /// `MIN + 1` for signed types, 2 and 3 for unsigned), with probability 1/20 a power of
        /// two or one either side of it (either sign), otherwise a uniform magnitude of a
        /// random bit width up to one that grows with the size (the whole type by size 50),
        /// negated half the time for signed types.
        impl Arbitrary for $t {
            fn arbitrary(g: &mut Gen) -> Self {
                const BITS: u32 = <$t>::BITS;
                const SIGNED: bool = <$t as IntLeaf>::SIGNED;
                let edge = |g: &mut Gen| <$t as IntLeaf>::edge(g.rng());
                let near_power = |g: &mut Gen| <$t as IntLeaf>::near_power(g.rng());
                let negated = <$t as IntLeaf>::negated;
                if let Some(rank) = g.few_rank() {
                    return <$t as SubTypes>::from_leaf_rank(&0, rank).unwrap_or(0);
                }
                if g.version() >= 2 {
                    let choices = int_choices(g, BITS);
                    return Self::drawn(g.rng(), choices);
                }
                // Generator 1: each drawn where it was needed, the sign last.
                match g.below(20) {
                    0 | 1 => edge(g),
                    2 => {
                        let v = near_power(g);
                        negated(v, SIGNED && g.ratio(1, 2))
                    }
                    _ => {
                        let bits = int_bits(g, BITS);
                        let raw = (g.next_u64() as u128) | ((g.next_u64() as u128) << 64);
                        let v = masked(raw, bits, BITS) as $t;
                        negated(v, SIGNED && g.ratio(1, 2))
                    }
                }
            }
            fn min_size() -> Option<usize> {
                Some(0)
            }
            /// One loop of generator 2's draws, the size's choices worked out once; a dense
            /// draw ([`Gen::with_few`]) or an older generator calls `arbitrary` for each.
            fn arbitrary_many<C: FromIterator<Self>>(g: &mut Gen, len: usize) -> C {
                if g.drawing_few() || g.version() < 2 {
                    return (0..len).map(|_| Self::arbitrary(g)).collect();
                }
                let choices = int_choices(g, <$t>::BITS);
                // The state in a local, kept in registers over a plain loop (through an
                // iterator's closure it was stored and loaded at every value); a `Vec`
                // collects into a `Vec` in place.
                let mut rng = *g.rng();
                let mut values = Vec::with_capacity(len);
                for _ in 0..len {
                    values.push(Self::drawn(&mut rng, choices));
                }
                *g.rng() = rng;
                values.into_iter().collect()
            }
        }
    )*};
}

/// The parts of a std integer's draw, shared by one value's draw and a list's loop
/// (`arbitrary_many`), which inlines them.
trait IntLeaf: Sized {
    const SIGNED: bool;
    /// One of the type's boundary values.
    fn edge(g: &mut Rng) -> Self;
    /// A power of two or one either side of it.
    fn near_power(g: &mut Rng) -> Self;
    /// `self` negated when `negate` and the type is signed.
    fn negated(self, negate: bool) -> Self;
    /// Generator 2's value, `choices` being [`int_choices`] at the generator's size.
    fn drawn(g: &mut Rng, choices: u64) -> Self;
}

int_impl!(i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize);

// ---------------------------------------------------------------------------------------------
// Floats

macro_rules! float_impl {
    ($($t:ty),*) => {$(
        impl SubTypes for $t {
            atom_basics!(stringify!($t));
            fn shrink_value(&self) -> Vec<Self> {
                let x = *self;
                let mut out = Vec::new();
                if x == 0.0 {
                    // `-0.0` is the less simple zero.
                    if x.is_sign_negative() {
                        out.push(0.0);
                    }
                    return out;
                }
                out.push(0.0);
                if !x.is_finite() {
                    out.push(<$t>::MAX);
                    out.push(<$t>::MIN);
                    return out;
                }
                // Into the whole numbers that are exact, where `offset` bisects the rest.
                // The first power of two from which the type no longer holds every whole number.
                let exact = (1u64 << <$t>::MANTISSA_DIGITS) as $t;
                if x.abs() >= exact {
                    out.push(exact / 2.0 * x.signum());
                }
                if x < 0.0 {
                    out.push(-x);
                }
                // A fraction's whole neighbours: both are simpler than it (whole numbers come
                // before fractions), and the one away from zero may fail where the other passes.
                if x.trunc() != x {
                    out.push(x.trunc());
                    out.push(x.trunc() + x.signum());
                    // Smaller fractions, simpler by magnitude: the smallest of all, then this
                    // one scaled down by falling powers of two (exact until it underflows).
                    out.push(<$t>::from_bits(1));
                    for power in [-512, -64, -8, -1] {
                        let smaller = (f64::from(x) * 2f64.powi(power)) as $t;
                        if smaller != 0.0 && smaller.trunc() != smaller {
                            out.push(smaller);
                        }
                    }
                }
                if x.abs() >= 1.0 {
                    out.push((x / 2.0).trunc());
                    out.push(x - x.signum());
                }
                out.retain(|c: &$t| *c != x);
                out
            }
            fn edge_values() -> Vec<Self> {
                vec![
                    <$t>::NAN, <$t>::INFINITY, <$t>::NEG_INFINITY, <$t>::MAX, <$t>::MIN,
                    -0.0, <$t>::MIN_POSITIVE, <$t>::from_bits(1),
                ]
            }
            fn cmp_simplicity(&self, other: &Self) -> std::cmp::Ordering {
                float_key(*self as f64).cmp(&float_key(*other as f64))
            }
            /// The whole floats in the order of their magnitude, one step each: every whole
            /// number while exact (below 2^24 for `f32`, 2^53 for `f64`), then every float up
            /// to `MAX` (all whole there, more than 1 apart): the simplest floats after 0.0.
            /// Fractions, infinities and NaN have no number line. (Before, the line ended at
            /// 2^53, and `x >= 2^63 + 2048` stopped wherever halving passed over it.)
            fn offset(&self, delta: i128) -> Option<Self> {
                let x = *self;
                if !x.is_finite() || x.trunc() != x {
                    return None;
                }
                let exact = 1u64 << <$t>::MANTISSA_DIGITS;
                let exact_bits = u64::from((exact as $t).to_bits());
                // A whole float's place on the line, and the float at a place.
                let place = |m: $t| match m < exact as $t {
                    true => m as u128,
                    false => u128::from(exact) + u128::from(u64::from(m.to_bits()) - exact_bits),
                };
                let at = |i: u128| -> Option<$t> {
                    if i < u128::from(exact) {
                        return Some(i as $t);
                    }
                    let bits = u64::try_from(i - u128::from(exact)).ok()?.checked_add(exact_bits)?;
                    Some(<$t>::from_bits(bits.try_into().ok()?)).filter(|f| f.is_finite())
                };
                let own = i128::try_from(place(x.abs())).ok()?;
                let moved = if x.is_sign_negative() { -own } else { own }.checked_add(delta)?;
                let m = at(moved.unsigned_abs())?;
                Some(if moved < 0 { -m } else { m })
            }
        }

        /// Discovery draws, so that boundary bugs show in the default 100 tests: with
        /// probability 1/20 NaN; 1/10 one of ±0.0, ±inf, ±`MIN_POSITIVE`, the smallest and a
        /// mid subnormal, `MAX`, `MIN`, `EPSILON`, ±1.0; 1/10 an integral value within the
        /// size; 1/20 a large magnitude (a random power of two up to `MAX`'s, either sign);
        /// otherwise uniform within ±size.
        impl Arbitrary for $t {
            fn arbitrary(g: &mut Gen) -> Self {
                let scale = g.size().max(1) as $t;
                let sign: $t = if g.ratio(1, 2) { -1.0 } else { 1.0 };
                match g.below(20) {
                    0 => <$t>::NAN,
                    1 | 2 => {
                        let edges: [$t; 14] = [
                            0.0, -0.0, <$t>::INFINITY, <$t>::NEG_INFINITY, <$t>::MIN_POSITIVE,
                            -<$t>::MIN_POSITIVE, <$t>::from_bits(1), <$t>::MIN_POSITIVE / 2.0,
                            <$t>::MAX, <$t>::MIN, <$t>::EPSILON, 1.0, -1.0, -<$t>::from_bits(1),
                        ];
                        edges[g.below(edges.len() as u64) as usize]
                    }
                    3 | 4 => (g.range(0, g.size()) as $t) * sign,
                    5 => {
                        let exponent = g.range(0, <$t>::MAX_EXP as usize - 1) as i32;
                        sign * (1.0 + g.unit_f64() as $t) * (2.0 as $t).powi(exponent)
                    }
                    _ => (g.unit_f64() as $t * 2.0 - 1.0) * scale,
                }
            }
            fn min_size() -> Option<usize> {
                Some(0)
            }
        }
    )*};
}

/// Where a float stands in the order of simplicity: 0.0 first, then integral values by
/// magnitude, then other finite values by magnitude, then infinities, then NaN; at equal
/// magnitude, positive before negative.
fn float_key(x: f64) -> (u8, u64, bool) {
    const EXACT: f64 = (1u64 << 53) as f64;
    let m = x.abs();
    let class = match () {
        _ if x.is_nan() => 3,
        _ if x.is_infinite() => 2,
        _ if m.trunc() == m && m < EXACT => 0,
        _ => 1,
    };
    let magnitude = if class == 0 { m as u64 } else { m.to_bits() };
    (class, magnitude, x.is_sign_negative())
}

float_impl!(f32, f64);

// ---------------------------------------------------------------------------------------------
// bool, char, String, ()

impl SubTypes for bool {
    fn constructor(&self) -> &'static str {
        if *self {
            "true"
        } else {
            "false"
        }
    }
    fn constructors(&self) -> &'static [&'static str] {
        &["false", "true"]
    }
    fn shape(&self) -> Shape {
        Shape::Atom
    }
    fn is_opaque(&self) -> bool {
        true
    }
    fn shrink_value(&self) -> Vec<Self> {
        if *self {
            vec![false]
        } else {
            Vec::new()
        }
    }
    fn leaf_rank(&self) -> Option<u64> {
        Some(u64::from(*self))
    }
    fn from_leaf_rank(&self, rank: u64) -> Option<Self> {
        (rank < 2).then_some(rank == 1)
    }
}

impl Arbitrary for bool {
    fn arbitrary(g: &mut Gen) -> Self {
        g.ratio(1, 2)
    }
    fn min_size() -> Option<usize> {
        Some(0)
    }
}

/// The chars that come first in the order of simplicity, in order: `'a'..='z'`, `'0'..='9'`,
/// `'A'..='Z'`; every other char follows, by code point.
const FIRST_CHARS: [(char, char); 3] = [('a', 'z'), ('0', '9'), ('A', 'Z')];

/// The first char (in the order of simplicity) of each class `c` belongs to, when it comes
/// before `c`: digits `'0'`, uppercase `'A'`, whitespace `'\t'`, ASCII punctuation `'!'`,
/// controls `'\0'`, numerals `'0'`; past ASCII, letters and lowercase `'ª'`, uppercase
/// `'À'`, numerals `'²'`; and the chars of its UTF-8 width the first of that width;
/// each once, `'a'` left out (it comes first anyway). Properties often ask for a class, which
/// ranks between its members do not keep.
fn class_firsts(c: char) -> Vec<char> {
    let rank = char_rank(c);
    let mut out = Vec::new();
    for first in firsts_of_classes(c) {
        if char_rank(first) < rank && first != 'a' && !out.contains(&first) {
            out.push(first);
        }
    }
    out
}

/// True when `c` is the first char of one of its classes (see [`class_firsts`]): `'\t'`,
/// `'!'`, `'ª'`, `'\u{80}'`, ... A property that fails on it often asks for the class.
pub(crate) fn is_class_first(c: char) -> bool {
    firsts_of_classes(c).any(|first| first == c)
}

/// The first char of each class `c` belongs to (see [`class_firsts`]), simpler than `c` or
/// not, the first of its UTF-8 width last.
fn firsts_of_classes(c: char) -> impl Iterator<Item = char> {
    type Class = (fn(&char) -> bool, char);
    let classes: [Class; 10] = [
        (char::is_ascii_digit, '0'),
        (char::is_ascii_uppercase, 'A'),
        (|c| c.is_whitespace(), '\t'),
        (char::is_ascii_punctuation, '!'),
        (|c| c.is_control(), '\0'),
        (|c| c.is_numeric(), '0'),
        // Past ASCII, the first of each class there: `'ª'`, `'ª'`, `'À'`, `'²'`. Text code
        // that treats "a letter" as ASCII fails on all of them alike, and a search over
        // ranks passes them by (`'ª'` lies below `'À'` but among symbols).
        (|c| !c.is_ascii() && c.is_alphabetic(), '\u{aa}'),
        (|c| !c.is_ascii() && c.is_lowercase(), '\u{aa}'),
        (|c| !c.is_ascii() && c.is_uppercase(), '\u{c0}'),
        (|c| !c.is_ascii() && c.is_numeric(), '\u{b2}'),
    ];
    let width = first_char_of_width(c.len_utf8());
    classes.into_iter().filter_map(move |(is, first)| is(&c).then_some(first)).chain(width)
}

/// The rank of a char: its place in [`FIRST_CHARS`], else 62 plus the number of other chars
/// below it (so ranks are dense).
fn char_rank(c: char) -> u64 {
    let cp = u64::from(c);
    let mut start = 0;
    let mut below = 0; // first chars below `c`
    for (lo, hi) in FIRST_CHARS {
        let (lo, hi) = (u64::from(lo), u64::from(hi));
        if (lo..=hi).contains(&cp) {
            return start + cp - lo;
        }
        start += hi - lo + 1;
        if hi < cp {
            below += hi - lo + 1;
        }
    }
    start + cp - below
}

fn char_from_rank(rank: u64) -> Option<char> {
    let mut start = 0;
    for (lo, hi) in FIRST_CHARS {
        let (lo, hi) = (u64::from(lo), u64::from(hi));
        if rank < start + hi - lo + 1 {
            return char::from_u32(u32::try_from(lo + rank - start).ok()?);
        }
        start += hi - lo + 1;
    }
    // The `k`-th other char: skip the first chars' blocks, lowest first ('0'-'9', 'A'-'Z',
    // 'a'-'z' by code point).
    let mut cp = rank - start;
    let mut blocks: Vec<(u64, u64)> =
        FIRST_CHARS.iter().map(|&(lo, hi)| (u64::from(lo), u64::from(hi))).collect();
    blocks.sort_unstable();
    for (lo, hi) in blocks {
        if cp >= lo {
            cp += hi - lo + 1;
        }
    }
    char::from_u32(u32::try_from(cp).ok()?)
}

impl SubTypes for char {
    atom_basics!("char");
    /// `'a'`, then the first char of each class this one is in, when simpler: a property that
    /// asks for whitespace, punctuation or a control char is met by `'\t'`, `'!'` or `'\0'`,
    /// which a search over ranks passes by (`'\t'` lies between `'\0'` and `' '`).
    fn shrink_value(&self) -> Vec<Self> {
        let simplest = (*self != 'a').then_some('a');
        simplest.into_iter().chain(class_firsts(*self)).collect()
    }
    fn leaf_rank(&self) -> Option<u64> {
        Some(char_rank(*self))
    }
    fn from_leaf_rank(&self, rank: u64) -> Option<Self> {
        char_from_rank(rank)
    }
    /// A space, a capital, a digit, a quote and a backslash (where text handling is told
    /// apart by class), then the chars discovery draws at its edge (`EDGE_CHARS`: NUL, DEL,
    /// multi-byte, right-to-left, the last code point) and those that break text by what
    /// they mean (`TEXT_CHARS`: tab, carriage return, no-break space, case that does not
    /// round-trip), which a random draw meets once in 640 chars.
    fn edge_values() -> Vec<Self> {
        let text = TEXT_CHARS.into_iter();
        [' ', 'A', '0', '"', '\\'].into_iter().chain(EDGE_CHARS).chain(text).collect()
    }
}

/// Characters that break text handling, drawn now and then by `char`'s generator: NUL, DEL,
/// newline, two-, three- and four-byte UTF-8, a combining mark, right-to-left text and
/// override, the byte-order mark, the characters either side of the surrogate gap, the
/// replacement character and the last code point.
pub const EDGE_CHARS: [char; 14] = [
    '\0',
    '\u{7f}',
    '\n',
    '\u{e9}',
    '\u{20ac}',
    '\u{1f600}',
    '\u{301}',
    '\u{5d0}',
    '\u{202e}',
    '\u{feff}',
    '\u{d7ff}',
    '\u{e000}',
    '\u{fffd}',
    '\u{10ffff}',
];

/// Characters that break text handling by what they mean, drawn now and then by `char`'s
/// generator: controls and whitespace that end lines, fields or words where code expects
/// only `' '` and `'\n'` (tab, carriage return, vertical tab, form feed, escape, next line,
/// no-break space, line and paragraph separators), and chars whose case mapping is not
/// one-to-one (`'ß'` uppercases to `"SS"`, `'µ'` and `'ſ'` round-trip to other chars, `'ı'`
/// and `'İ'` are Turkish i's, `'ς'` a final sigma, `'ǅ'` a titlecase letter).
pub const TEXT_CHARS: [char; 16] = [
    '\t', '\r', '\u{b}', '\u{c}', '\u{1b}', '\u{85}', '\u{a0}', '\u{2028}', '\u{2029}', 'ß', 'µ',
    'ſ', 'ı', 'İ', 'ς', 'ǅ',
];

/// Discovery draws: with probability 1/20 one of `EDGE_CHARS`, 1/40 one of `TEXT_CHARS`,
/// 1/40 any code point, 3/10 a lowercase ASCII letter, otherwise printable ASCII. `String`s
/// are made of these chars, so a string of length n holds an edge char with probability
/// 1 - (19/20)^n, and a given one of `TEXT_CHARS` 1 - (639/640)^n (a default run's strings
/// hold about 2,500 chars in all: 98%). Generators 1 and 2 drew no `TEXT_CHARS`: any code
/// point with probability 1/20.
impl Arbitrary for char {
    fn arbitrary(g: &mut Gen) -> Self {
        match g.below(20) {
            0 => EDGE_CHARS[g.below(EDGE_CHARS.len() as u64) as usize],
            1 if g.version() >= 3 && g.ratio(1, 2) => {
                TEXT_CHARS[g.below(TEXT_CHARS.len() as u64) as usize]
            }
            1 => char::from_u32(g.below(0x11_0000) as u32).unwrap_or('\u{FFFD}'),
            2..=7 => (b'a' + g.below(26) as u8) as char,
            _ => (b' ' + g.below(95) as u8) as char,
        }
    }
    fn min_size() -> Option<usize> {
        Some(0)
    }
}

impl SubTypes for String {
    atom_basics!("String");
    fn shrink_value(&self) -> Vec<Self> {
        string_shrinks(&self.chars().collect::<Vec<char>>())
    }
    fn cmp_simplicity(&self, other: &Self) -> std::cmp::Ordering {
        // By length, then char by char: read lazily, as sorting a map's string keys compares
        // each many times.
        let (a, b) = (self.chars().map(char_rank), other.chars().map(char_rank));
        self.chars().count().cmp(&other.chars().count()).then_with(|| a.cmp(b))
    }
    /// A string of each of `char`'s edge values.
    fn edge_values() -> Vec<Self> {
        char::edge_values().into_iter().map(String::from).collect()
    }
    fn folded(&self, next: &Self) -> Option<Self> {
        Some(format!("{self}{next}"))
    }
}

/// Simpler strings than `chars`, simplest first: the empty string; `chars` without 1 to 8
/// contiguous chars anywhere (longest runs first); its chars sorted; the same bytes in fewer or
/// simpler chars (two neighbours as one char of both widths, a byte moved to the right-hand
/// neighbour); then every occurrence of one char lowered together (to 'a', half its rank, then
/// down by falling powers of two to one rank); then one char lowered at one place, the same
/// way; then, in a short string, the other neighbours that fit in one char folded, and two
/// chars that are not neighbours deleted together.
fn string_shrinks(chars: &[char]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    if chars.is_empty() {
        return out;
    }
    out.push(String::new());
    for run in [8, 4, 2, 1].into_iter().filter(|&k| k < chars.len()) {
        for start in 0..=chars.len() - run {
            out.push(chars[..start].iter().chain(&chars[start + run..]).collect());
        }
    }
    // The same chars in their simplest order, for a property that reads only which chars
    // (or how many bytes) a string holds: "𐀀a" becomes "a𐀀".
    let mut sorted = chars.to_vec();
    sorted.sort_by_key(|&c| char_rank(c));
    if sorted != chars {
        out.push(sorted.into_iter().collect());
    }
    // For a property of bytes (as `len` and byte indexes are), the same bytes in fewer chars,
    // which the order puts first: the first two neighbours that fit in one char become the
    // first char of both their widths, and the first char wider than a byte gives a byte to
    // its right-hand neighbour (each the first char of its width): "aaaaa" becomes
    // "\u{80}aaa", ..., "a\u{10000}"; "aa\u{10000}" becomes "\u{80}\u{10000}". One
    // candidate of each kind a step, so a property that reads chars rejects them in two.
    let width = |i: usize| chars[i].len_utf8();
    // `chars` with the neighbours at `i - 1` and `i` replaced by `pair`.
    let spliced = |(i, pair): (usize, Vec<char>)| -> String {
        chars[..i - 1].iter().chain(&pair).chain(&chars[i + 1..]).collect()
    };
    let fold_at = |i: usize| Some((i, vec![first_char_of_width(width(i - 1) + width(i))?]));
    let mut folds = (1..chars.len()).filter(|&i| width(i - 1) + width(i) <= 4);
    let folded = folds.next().and_then(fold_at);
    // The char that gives the byte keeps its case, for a property that reads it (a heading
    // starts with a capital): "À\u{80}" becomes "A\u{800}", not "a\u{800}".
    let giver = |c: char, w: usize| match c.is_uppercase() {
        true => first_uppercase_of_width(w),
        false => first_char_of_width(w),
    };
    let moved = (1..chars.len()).find(|&i| width(i - 1) > 1 && width(i) < 4).and_then(|i| {
        Some((i, vec![giver(chars[i - 1], width(i - 1) - 1)?, first_char_of_width(width(i) + 1)?]))
    });
    out.extend(folded.into_iter().chain(moved).map(spliced));
    // Lower ranks, furthest first: the simplest char, half the rank, then steps of falling
    // powers of two, so that a char far from where it must stay (a 4-byte char held up by a
    // byte count, at rank 10^6) gets there in O(log² rank) candidates, not one rank a step.
    // The first char of each of its classes comes right after the simplest one.
    let lower = |c: char| -> Vec<char> {
        let rank = char_rank(c);
        let steps = (0..u64::BITS).rev().map(|k| 1u64 << k).filter(|&d| d < rank / 2);
        let ranks = [0, rank / 2].into_iter().chain(steps.map(|d| rank - d));
        let mut out: Vec<char> = ranks.filter(|&r| r < rank).filter_map(char_from_rank).collect();
        let at = out.len().min(1);
        let firsts: Vec<char> = class_firsts(c).into_iter().filter(|f| !out.contains(f)).collect();
        out.splice(at..at, firsts);
        out
    };
    let mut seen = Vec::new();
    for &c in chars.iter().filter(|&&c| chars.iter().filter(|&&d| d == c).count() > 1) {
        if seen.contains(&c) {
            continue;
        }
        seen.push(c);
        for simpler in lower(c) {
            out.push(chars.iter().map(|&d| if d == c { simpler } else { d }).collect());
        }
    }
    for (i, &c) in chars.iter().enumerate() {
        for simpler in lower(c) {
            let mut changed = chars.to_vec();
            changed[i] = simpler;
            out.push(changed.into_iter().collect());
        }
    }
    // Last, for strings of up to `PAIRED` chars, and so reached only when every other
    // candidate failed: the other neighbours that fit in one char folded (where the first
    // two must stay: "Aaaa" to "A\u{80}a" when a capital must lead four bytes), then two
    // chars apart deleted together, as a list loses two elements that are not neighbours:
    // where neither can go alone ("a\ta" to "\t" for a word count that splits on spaces,
    // each `a` alone leaving one word to both counts). O(n²) candidates in all.
    const PAIRED: usize = 8;
    if chars.len() <= PAIRED {
        out.extend(folds.filter_map(fold_at).map(spliced));
        for i in 0..chars.len() {
            for j in i + 2..chars.len() {
                let kept = chars.iter().enumerate().filter(|&(k, _)| k != i && k != j);
                out.push(kept.map(|(_, &c)| c).collect());
            }
        }
    }
    // Last of all, in a string of up to `SCANNED` chars, each char lowered to every simpler
    // char of its ASCII class, in order: the chars of a class are alike to the steps above,
    // and a property that needs one of a few of them (a separator that a format must escape,
    // `;` or `\`) stops the steps at whichever it met first (`"\\"` where `";"` fails too,
    // in 14 of 30 runs of an outside audit). At most 31 candidates a char, none for a char
    // at its class's first.
    const SCANNED: usize = 2;
    if chars.len() <= SCANNED {
        for (i, &c) in chars.iter().enumerate() {
            for simpler in class_below(c) {
                let mut changed = chars.to_vec();
                changed[i] = simpler;
                out.push(changed.into_iter().collect());
            }
        }
    }
    out.dedup();
    out
}

/// The chars of `c`'s ASCII class (punctuation and space, digits, lowercase, uppercase) that
/// are simpler than `c`, simplest first; none for a char outside them.
fn class_below(c: char) -> Vec<char> {
    let punctuation = |d: &char| d.is_ascii_punctuation() || *d == ' ';
    let classes: [fn(&char) -> bool; 4] =
        [punctuation, char::is_ascii_digit, char::is_ascii_lowercase, char::is_ascii_uppercase];
    let Some(class) = classes.into_iter().find(|is| is(&c)) else { return Vec::new() };
    let mut below: Vec<char> =
        (' '..='~').filter(|d| class(d) && char_rank(*d) < char_rank(c)).collect();
    below.sort_by_key(|&d| char_rank(d));
    below
}

/// The simplest char `width` bytes long in UTF-8 (`'a'`, then the first code point of each
/// wider encoding); `None` outside 1 to 4.
fn first_char_of_width(width: usize) -> Option<char> {
    match width {
        1 => Some('a'),
        2 => Some('\u{80}'),
        3 => Some('\u{800}'),
        4 => Some('\u{10000}'),
        _ => None,
    }
}

/// The simplest uppercase char `width` bytes long in UTF-8 (`'A'`, `'À'`, `'Ⴀ'`, `'𐐀'`);
/// `None` outside 1 to 4. O(1) for one byte, up to a few thousand code points otherwise.
fn first_uppercase_of_width(width: usize) -> Option<char> {
    let first = first_char_of_width(width)?;
    match width {
        1 => Some('A'),
        _ => (first..=char::MAX).take_while(|c| c.len_utf8() == width).find(|c| c.is_uppercase()),
    }
}

impl Arbitrary for String {
    fn arbitrary(g: &mut Gen) -> Self {
        let len = g.range(0, g.size());
        (0..len).map(|_| char::arbitrary(g)).collect()
    }
    fn min_size() -> Option<usize> {
        Some(0)
    }
}

impl SubTypes for () {
    fn constructor(&self) -> &'static str {
        ""
    }
    fn constructors(&self) -> &'static [&'static str] {
        &[""]
    }
    fn shape(&self) -> Shape {
        Shape::Tuple
    }
}

impl Arbitrary for () {
    fn arbitrary(_: &mut Gen) -> Self {}
    fn min_size() -> Option<usize> {
        Some(1)
    }
}

/// `PhantomData<T>` has one value whatever `T` is, printed `PhantomData`: a generic type
/// that marks a parameter this way derives without a bound on `T`'s own impls.
impl<T: ?Sized + 'static> SubTypes for std::marker::PhantomData<T> {
    fn constructor(&self) -> &'static str {
        "PhantomData"
    }
    fn constructors(&self) -> &'static [&'static str] {
        &["PhantomData"]
    }
    fn shape(&self) -> Shape {
        Shape::Unit
    }
}

impl<T: ?Sized + 'static> Arbitrary for std::marker::PhantomData<T> {
    fn arbitrary(_: &mut Gen) -> Self {
        std::marker::PhantomData
    }
    fn min_size() -> Option<usize> {
        Some(1)
    }
}

// ---------------------------------------------------------------------------------------------
// Box, Option, Result

impl<T: SubTypes> SubTypes for Box<T> {
    fn constructor(&self) -> &'static str {
        (**self).constructor()
    }
    fn constructors(&self) -> &'static [&'static str] {
        (**self).constructors()
    }
    fn shape(&self) -> Shape {
        (**self).shape()
    }
    fn children(&self) -> Children<'_> {
        (**self).children()
    }
    fn child_mut(&mut self, k: usize) -> Option<NodeMutRef<'_>> {
        (**self).child_mut(k)
    }
    fn is_opaque(&self) -> bool {
        (**self).is_opaque()
    }
    fn shrink_value(&self) -> Vec<Self> {
        (**self).shrink_value().into_iter().map(Box::new).collect()
    }
    fn leaf_rank(&self) -> Option<u64> {
        (**self).leaf_rank()
    }
    fn from_leaf_rank(&self, rank: u64) -> Option<Self> {
        (**self).from_leaf_rank(rank).map(Box::new)
    }
    fn edge_values() -> Vec<Self> {
        T::edge_values().into_iter().map(Box::new).collect()
    }
    fn fmt_leaf(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        (**self).fmt_leaf(f)
    }
    fn node(&self) -> &dyn Node {
        (**self).node()
    }
    fn node_mut(&mut self) -> &mut dyn NodeMut {
        (**self).node_mut()
    }
}

impl<T: Arbitrary> Arbitrary for Box<T> {
    fn arbitrary(g: &mut Gen) -> Self {
        Box::new(T::arbitrary(g))
    }
    fn min_size() -> Option<usize> {
        T::min_size()
    }
}

impl<T: SubTypes> SubTypes for Option<T> {
    fn constructor(&self) -> &'static str {
        if self.is_some() {
            "Some"
        } else {
            "None"
        }
    }
    fn constructors(&self) -> &'static [&'static str] {
        &["None", "Some"]
    }
    fn shape(&self) -> Shape {
        if self.is_some() {
            Shape::Tuple
        } else {
            Shape::Unit
        }
    }
    fn children(&self) -> Children<'_> {
        self.iter().map(Child::new).collect()
    }
    /// `Some` of each of `T`'s edge values.
    fn edge_values() -> Vec<Self> {
        T::edge_values().into_iter().map(Some).collect()
    }
    fn child_mut(&mut self, k: usize) -> Option<NodeMutRef<'_>> {
        match (self, k) {
            (Some(x), 0) => Some(NodeMutRef::Value(x.node_mut())),
            _ => None,
        }
    }
}

impl<T: Arbitrary> Arbitrary for Option<T> {
    fn arbitrary(g: &mut Gen) -> Self {
        let some_fits = T::min_size().is_some_and(|m| m < g.budget());
        if some_fits && g.ratio(3, 4) {
            let budget = g.budget() - 1;
            Some(g.with_budget(budget, T::arbitrary))
        } else {
            None
        }
    }
    fn min_size() -> Option<usize> {
        Some(1)
    }
}

impl<T: SubTypes, E: SubTypes> SubTypes for Result<T, E> {
    fn constructor(&self) -> &'static str {
        if self.is_ok() {
            "Ok"
        } else {
            "Err"
        }
    }
    fn constructors(&self) -> &'static [&'static str] {
        &["Ok", "Err"]
    }
    fn shape(&self) -> Shape {
        Shape::Tuple
    }
    fn children(&self) -> Children<'_> {
        let mut out = Children::new();
        match self {
            Ok(x) => out.push(Child::new(x)),
            Err(e) => out.push(Child::new(e)),
        }
        out
    }
    fn child_mut(&mut self, k: usize) -> Option<NodeMutRef<'_>> {
        match (self, k) {
            (Ok(x), 0) => Some(NodeMutRef::Value(x.node_mut())),
            (Err(e), 0) => Some(NodeMutRef::Value(e.node_mut())),
            _ => None,
        }
    }
}

impl<T: Arbitrary, E: Arbitrary> Arbitrary for Result<T, E> {
    fn arbitrary(g: &mut Gen) -> Self {
        let budget = g.budget().saturating_sub(1);
        let fits = |m: Option<usize>| m.is_some_and(|m| m <= budget);
        let weights = [u64::from(fits(T::min_size())), u64::from(fits(E::min_size()))];
        let pick = g.weighted(&weights).unwrap_or_else(|| {
            usize::from(T::min_size().unwrap_or(usize::MAX) > E::min_size().unwrap_or(usize::MAX))
        });
        if pick == 0 {
            Ok(g.with_budget(budget, T::arbitrary))
        } else {
            Err(g.with_budget(budget, E::arbitrary))
        }
    }
    fn min_size() -> Option<usize> {
        min_size_of::<Self>(|| {
            let inner = match (T::min_size(), E::min_size()) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
            inner.map(|m| m + 1)
        })
    }
}

// ---------------------------------------------------------------------------------------------
// Arrays and tuples

impl<T: SubTypes, const N: usize> SubTypes for [T; N] {
    fn constructor(&self) -> &'static str {
        "[..]"
    }
    fn constructors(&self) -> &'static [&'static str] {
        &["[..]"]
    }
    fn shape(&self) -> Shape {
        Shape::Seq
    }
    fn children(&self) -> Children<'_> {
        self.iter().map(Child::new).collect()
    }
    fn child_mut(&mut self, k: usize) -> Option<NodeMutRef<'_>> {
        self.get_mut(k).map(|x| NodeMutRef::Value(x.node_mut()))
    }
}

impl<T: Arbitrary, const N: usize> Arbitrary for [T; N] {
    fn arbitrary(g: &mut Gen) -> Self {
        let min = T::min_size().unwrap_or(0);
        let extra = g.budget().saturating_sub(1 + N * min);
        let shares = g.split(extra, N);
        std::array::from_fn(|i| g.with_budget(min + shares[i], T::arbitrary))
    }
    fn min_size() -> Option<usize> {
        if N == 0 {
            return Some(1);
        }
        T::min_size().map(|m| 1 + N * m)
    }
}

macro_rules! tuple_impl {
    ($(($($name:ident $idx:tt),+))*) => {$(
        impl<$($name: SubTypes),+> SubTypes for ($($name,)+) {
            fn constructor(&self) -> &'static str {
                ""
            }
            fn constructors(&self) -> &'static [&'static str] {
                &[""]
            }
            fn shape(&self) -> Shape {
                Shape::Tuple
            }
            fn children(&self) -> Children<'_> {
                let mut out = Children::new();
                $(out.push(Child::new(&self.$idx));)+
                out
            }
            fn child_mut(&mut self, k: usize) -> Option<NodeMutRef<'_>> {
                match k {
                    $($idx => Some(NodeMutRef::Value(self.$idx.node_mut())),)+
                    _ => None,
                }
            }
        }

        impl<$($name: Arbitrary),+> Arbitrary for ($($name,)+) {
            fn arbitrary(g: &mut Gen) -> Self {
                let mins = [$($name::min_size().unwrap_or(0)),+];
                let cost = 1 + mins.iter().sum::<usize>();
                let shares = g.split(g.budget().saturating_sub(cost), mins.len());
                ($(g.with_budget(mins[$idx] + shares[$idx], $name::arbitrary),)+)
            }
            fn min_size() -> Option<usize> {
                sum_min_sizes([$($name::min_size()),+]).map(|m| m + 1)
            }
        }
    )*};
}

tuple_impl! {
    (A 0)
    (A 0, B 1)
    (A 0, B 1, C 2)
    (A 0, B 1, C 2, D 3)
    (A 0, B 1, C 2, D 3, E 4)
    (A 0, B 1, C 2, D 3, E 4, F 5)
    (A 0, B 1, C 2, D 3, E 4, F 5, G 6)
    (A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7)
    (A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8)
    (A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9)
    (A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10)
    (A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10, L 11)
}

#[cfg(test)]
mod tests {
    use crate::subtypes::SubTypes;

    /// An integer type's loop of draws (`arbitrary_many`) gives what as many calls of
    /// `arbitrary` give, and leaves the generator where they leave it: every generator
    /// version, inside and across the end of a dense draw, at sizes that reach every width.
    fn many_draws_as_one_at_a_time<T: crate::Arbitrary + PartialEq + std::fmt::Debug>() {
        use crate::gen::Gen;
        for version in 1..=Gen::NEWEST {
            for (seed, size) in (0..60u64).map(|s| (s, (s as usize * 7) % 130)) {
                let len = (seed as usize * 13) % 40;
                let (mut a, mut b) = (Gen::new(seed, size), Gen::new(seed, size));
                a.set_version(version);
                b.set_version(version);
                let many: Vec<T> = T::arbitrary_many(&mut a, len);
                let one: Vec<T> = (0..len).map(|_| T::arbitrary(&mut b)).collect();
                assert_eq!(many, one, "version {version}, seed {seed}, size {size}");
                assert_eq!(a.next_u64(), b.next_u64());
                // A dense draw that runs out part way through the list (`FEW_DRAWS`).
                let len = crate::gen::FEW_DRAWS as usize + 5;
                let many: Vec<T> = a.with_few(3, 1, |g| T::arbitrary_many(g, len));
                let one: Vec<T> = b.with_few(3, 1, |g| (0..len).map(|_| T::arbitrary(g)).collect());
                assert_eq!(many, one, "dense, version {version}, seed {seed}");
                assert_eq!(a.next_u64(), b.next_u64());
            }
        }
    }

    #[test]
    fn integer_lists_draw_as_their_elements_do_one_at_a_time() {
        many_draws_as_one_at_a_time::<i8>();
        many_draws_as_one_at_a_time::<u8>();
        many_draws_as_one_at_a_time::<i16>();
        many_draws_as_one_at_a_time::<u16>();
        many_draws_as_one_at_a_time::<i32>();
        many_draws_as_one_at_a_time::<u32>();
        many_draws_as_one_at_a_time::<i64>();
        many_draws_as_one_at_a_time::<u64>();
        many_draws_as_one_at_a_time::<i128>();
        many_draws_as_one_at_a_time::<u128>();
        many_draws_as_one_at_a_time::<isize>();
        many_draws_as_one_at_a_time::<usize>();
    }

    #[test]
    fn a_non_ascii_letters_firsts_are_the_first_letters_past_ascii() {
        // The firsts named are the first of their class past ASCII.
        let first = |is: fn(char) -> bool| ('\u{80}'..).find(|&c| is(c));
        assert_eq!(first(char::is_alphabetic), Some('\u{aa}'));
        assert_eq!(first(char::is_lowercase), Some('\u{aa}'));
        assert_eq!(first(char::is_uppercase), Some('\u{c0}'));
        assert_eq!(first(char::is_numeric), Some('\u{b2}'));
        assert!('ω'.shrink_value().contains(&'\u{aa}'));
        assert!('Ω'.shrink_value().contains(&'\u{c0}'));
        assert!(!'\u{aa}'.shrink_value().contains(&'\u{c0}'));
    }

    #[test]
    fn a_signed_min_is_ranked_right_after_minus_max() {
        assert_eq!(i8::MIN.leaf_rank(), Some(255));
        assert_eq!((-i8::MAX).leaf_rank(), Some(254));
        assert_eq!(i8::MAX.leaf_rank(), Some(253));
        assert_eq!(0i8.from_leaf_rank(255), Some(i8::MIN));
        assert_eq!(0i8.from_leaf_rank(256), None);
        assert_eq!(i64::MIN.leaf_rank(), Some(u64::MAX));
        assert_eq!(0i64.from_leaf_rank(u64::MAX), Some(i64::MIN));
        assert_eq!(0i64.from_leaf_rank(u64::MAX - 1), Some(-i64::MAX));
        assert_eq!(i128::MIN.leaf_rank(), None);
        // Every `i8` once, in order.
        let all: Vec<i8> = (0..256).map(|k| 0i8.from_leaf_rank(k).unwrap()).collect();
        assert!(all.iter().enumerate().all(|(k, x)| x.leaf_rank() == Some(k as u64)));
    }

    #[test]
    fn an_integers_jumps_are_its_low_parts_and_its_bits_set_lower_simplest_first() {
        // 2040: its low decimal digits (40), its low byte (248), its half (1020), it without
        // its top bit (1016), its top bit moved down (0b11111111000 to 0b1111111100, 1020),
        // its leading decimal digit lowered (1040).
        assert_eq!(2040u16.jumps(), [40, 248, 1016, 1020, 1040]);
        // With its sign, and never 0 (the leaf search tries it first) nor itself.
        assert_eq!((-2040i32).jumps(), [-40, -248, -1016, -1020, -1040]);
        // 768: 8 and 68, 256 without its top bit, 384 its half (and its bits moved down),
        // and 168 to 668, its leading digit lowered.
        assert_eq!(0x300u32.jumps(), [8, 68, 168, 0x100, 268, 368, 0x180, 468, 568, 668]);
        // 500: 100 to 400, where a leap-year rule fails on whole centuries.
        assert_eq!(500u16.jumps(), [100, 200, 244, 250, 252, 300, 400]);
        assert!(1u8.jumps().is_empty());
        // Past `i128::MAX` too.
        assert!(u128::MAX.jumps().iter().all(|&j| j < u128::MAX));
    }
}
