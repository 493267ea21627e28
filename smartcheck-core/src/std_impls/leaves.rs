//! std leaves a domain type holds (issue 14 item 2): `Duration`, `SystemTime`, IP and socket
//! addresses, `PathBuf`, `OsString`, `Cow<'static, str>`, `Box<str>`, `Range`,
//! `RangeInclusive`.
//!
//! Each is an opaque leaf (the paper's primitive types, §4.2) seen through *parts* of a type
//! smartcheck already knows ([`Mirror`]): `Ipv4Addr` is a `u32`, `Duration` a `u128` of
//! nanoseconds, `SystemTime` an offset from the epoch, a path its text. Shrinking
//! and leaf ranks are those of the parts, so the order of simplicity is theirs (`0.0.0.0`,
//! `Duration::ZERO` and the epoch are simplest), and each prints in Rust syntax
//! (`Ipv4Addr::new(10, 0, 0, 1)`, `Duration::from_millis(1500)`, `UNIX_EPOCH +
//! Duration::from_secs(3)`, `1..=5`); string-like types print as their `Debug` text, as
//! `String` does. `IpAddr` and `SocketAddr` are enums with one constructor per family.
//!
//! Invariant: `from_parts(x.parts())` is `x`. Cost: one conversion per candidate.

use std::borrow::Cow;
use std::ffi::OsString;
use std::fmt;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV4, SocketAddrV6};
use std::ops::{Range, RangeInclusive};
use std::path::PathBuf;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::arbitrary::Arbitrary;
use crate::gen::Gen;
use crate::render::{render, Holes};
use crate::subtypes::{Child, Children, NodeMutRef, NodeRef, Shape, SubTypes};

/// Simpler values of `p`: a leaf's own candidates, or for a tuple of leaves, each component's
/// candidates with the others kept.
pub(crate) fn shrink_parts<P: SubTypes>(p: &P) -> Vec<P> {
    if p.is_opaque() {
        return p.shrink_value();
    }
    let mut out = Vec::new();
    for (k, child) in p.children().iter().enumerate() {
        for candidate in child.node.type_node().shrink_value() {
            let mut simpler = p.clone();
            let assigned = simpler.child_mut(k).map(|slot| slot.assign(candidate).is_ok());
            if assigned == Some(true) {
                out.push(simpler);
            }
        }
    }
    out
}

/// Compares two values' parts in their order of simplicity: a leaf by its own order, a tuple of
/// leaves component by component, the first difference deciding.
pub(crate) fn cmp_parts<P: SubTypes>(p: &P, q: &P) -> std::cmp::Ordering {
    if p.is_opaque() {
        return p.cmp_simplicity(q);
    }
    let (ps, qs) = (p.children(), q.children());
    for (a, b) in ps.iter().zip(qs.iter()) {
        let order = a.node.type_node().node_cmp_simplicity(b.node.type_node());
        if order.is_ne() {
            return order;
        }
    }
    std::cmp::Ordering::Equal
}

/// `x` as a report prints it.
pub(crate) fn rendered<T: SubTypes>(x: &T) -> String {
    render(NodeRef::Value(x.node()), &Holes::new())
}

/// A leaf seen through parts smartcheck already knows.
trait Mirror: Sized {
    type Parts: SubTypes;
    fn parts(&self) -> Self::Parts;
    /// The value of these parts, `None` when they describe no value.
    fn from_parts(parts: Self::Parts) -> Option<Self>;
    /// The value in Rust syntax.
    fn fmt_rust(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
    /// A random value; by default from random parts, `fallback` when they describe none.
    fn generate(g: &mut Gen) -> Self;
}

macro_rules! mirror_impl {
    ($ty:ty, $name:expr, [$($bound:tt)*]) => {
        impl<$($bound)*> SubTypes for $ty {
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
            fn shrink_value(&self) -> Vec<Self> {
                shrink_parts(&self.parts()).into_iter().filter_map(Self::from_parts).collect()
            }
            fn leaf_rank(&self) -> Option<u64> {
                self.parts().leaf_rank()
            }
            fn from_leaf_rank(&self, rank: u64) -> Option<Self> {
                Self::from_parts(self.parts().from_leaf_rank(rank)?)
            }
            fn cmp_simplicity(&self, other: &Self) -> std::cmp::Ordering {
                cmp_parts(&self.parts(), &other.parts())
            }
            fn fmt_leaf(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.fmt_rust(f)
            }
        }

        impl<$($bound)*> Arbitrary for $ty {
            fn arbitrary(g: &mut Gen) -> Self {
                <$ty as Mirror>::generate(g)
            }
            fn min_size() -> Option<usize> {
                Some(0)
            }
        }
    };
}

/// One of `edges` with probability 1/4, else `other(g)`.
fn edge_or<T: Clone>(g: &mut Gen, edges: &[T], other: impl FnOnce(&mut Gen) -> T) -> T {
    if !edges.is_empty() && g.ratio(1, 4) {
        return edges[g.below(edges.len() as u64) as usize].clone();
    }
    other(g)
}

// ---------------------------------------------------------------------------------------------
// Time

/// Writes `d` in the coarsest unit that holds it exactly: `Duration::from_secs(3)`,
/// `Duration::from_millis(1500)`, ..., `Duration::new(secs, nanos)` past `u64` nanoseconds.
fn fmt_duration(d: &Duration, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let nanos = d.as_nanos();
    let units = [(1_000_000_000, "secs"), (1_000_000, "millis"), (1_000, "micros"), (1, "nanos")];
    for (per, unit) in units {
        if nanos.is_multiple_of(per) {
            if let Ok(n) = u64::try_from(nanos / per) {
                return write!(f, "Duration::from_{unit}({n})");
            }
        }
    }
    write!(f, "Duration::new({}, {})", d.as_secs(), d.subsec_nanos())
}

/// `secs` seconds and `nanos` nanoseconds, `None` past `Duration::MAX`.
fn duration(secs: u64, nanos: u32) -> Option<Duration> {
    Duration::from_secs(secs).checked_add(Duration::from_nanos(u64::from(nanos)))
}

impl Mirror for Duration {
    /// Nanoseconds in all: shorter is simpler, whatever the unit.
    type Parts = u128;
    fn parts(&self) -> u128 {
        self.as_nanos()
    }
    fn from_parts(nanos: u128) -> Option<Self> {
        let secs = u64::try_from(nanos / 1_000_000_000).ok()?;
        duration(secs, (nanos % 1_000_000_000) as u32)
    }
    fn fmt_rust(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt_duration(self, f)
    }
    /// 1/4 an edge (`ZERO`, one nanosecond, one second, `MAX`); else seconds as a `u64` is
    /// drawn (so with its edges), whole seconds half the time.
    fn generate(g: &mut Gen) -> Self {
        let edges =
            [Duration::ZERO, Duration::from_nanos(1), Duration::from_secs(1), Duration::MAX];
        edge_or(g, &edges, |g| {
            let secs = u64::arbitrary(g);
            let nanos = if g.ratio(1, 2) { 0 } else { g.below(1_000_000_000) as u32 };
            duration(secs, nanos).unwrap_or(Duration::MAX)
        })
    }
}
mirror_impl!(Duration, "Duration", []);

/// Offsets from the epoch are drawn within this many seconds (about 544 years) either side,
/// which every platform's `SystemTime` holds.
const SYSTEM_TIME_SPAN: u64 = 1 << 34;

/// Whether `t` is before the epoch, and how far from it.
fn offset_from_epoch(t: &SystemTime) -> (bool, Duration) {
    match t.duration_since(UNIX_EPOCH) {
        Ok(after) => (false, after),
        Err(before) => (true, before.duration()),
    }
}

impl Mirror for SystemTime {
    /// Nanoseconds from the epoch, negative before it: nearer the epoch is simpler.
    type Parts = i128;
    fn parts(&self) -> i128 {
        let (before, offset) = offset_from_epoch(self);
        let nanos = i128::try_from(offset.as_nanos()).unwrap_or(i128::MAX);
        if before {
            -nanos
        } else {
            nanos
        }
    }
    fn from_parts(nanos: i128) -> Option<Self> {
        let offset = Duration::from_parts(nanos.unsigned_abs())?;
        if nanos < 0 {
            UNIX_EPOCH.checked_sub(offset)
        } else {
            UNIX_EPOCH.checked_add(offset)
        }
    }
    fn fmt_rust(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (before, offset) = offset_from_epoch(self);
        if offset.is_zero() {
            return f.write_str("UNIX_EPOCH");
        }
        f.write_str(if before { "UNIX_EPOCH - " } else { "UNIX_EPOCH + " })?;
        fmt_duration(&offset, f)
    }
    /// 1/4 the epoch itself; else an offset within [`SYSTEM_TIME_SPAN`] seconds, before the
    /// epoch one time in four.
    fn generate(g: &mut Gen) -> Self {
        edge_or(g, &[UNIX_EPOCH], |g| {
            let secs = g.below(SYSTEM_TIME_SPAN);
            let nanos = if g.ratio(1, 2) { 0 } else { g.below(1_000_000_000) as u32 };
            let offset = duration(secs, nanos).unwrap_or(Duration::ZERO);
            let moved = if g.ratio(1, 4) {
                UNIX_EPOCH.checked_sub(offset)
            } else {
                UNIX_EPOCH.checked_add(offset)
            };
            moved.unwrap_or(UNIX_EPOCH)
        })
    }
}
mirror_impl!(SystemTime, "SystemTime", []);

// ---------------------------------------------------------------------------------------------
// Addresses

impl Mirror for Ipv4Addr {
    type Parts = u32;
    fn parts(&self) -> u32 {
        u32::from(*self)
    }
    fn from_parts(bits: u32) -> Option<Self> {
        Some(Ipv4Addr::from(bits))
    }
    fn fmt_rust(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b, c, d] = self.octets();
        write!(f, "Ipv4Addr::new({a}, {b}, {c}, {d})")
    }
    /// 1/4 a notable address (unspecified, loopback, broadcast, private, link-local,
    /// multicast); else the bits of a `u32`.
    fn generate(g: &mut Gen) -> Self {
        let edges = [
            Ipv4Addr::UNSPECIFIED,
            Ipv4Addr::LOCALHOST,
            Ipv4Addr::BROADCAST,
            Ipv4Addr::new(10, 0, 0, 1),
            Ipv4Addr::new(192, 168, 0, 1),
            Ipv4Addr::new(169, 254, 0, 1),
            Ipv4Addr::new(224, 0, 0, 1),
        ];
        edge_or(g, &edges, |g| Ipv4Addr::from(u32::arbitrary(g)))
    }
}
mirror_impl!(Ipv4Addr, "Ipv4Addr", []);

impl Mirror for Ipv6Addr {
    type Parts = u128;
    fn parts(&self) -> u128 {
        u128::from(*self)
    }
    fn from_parts(bits: u128) -> Option<Self> {
        Some(Ipv6Addr::from(bits))
    }
    /// `Ipv6Addr::new(0x2001, 0xdb8, 0, 0, 0, 0, 0, 0x1)`: segments in hex, zero as `0`.
    fn fmt_rust(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Ipv6Addr::new(")?;
        for (k, seg) in self.segments().iter().enumerate() {
            let sep = if k == 0 { "" } else { ", " };
            if *seg == 0 {
                write!(f, "{sep}0")?;
            } else {
                write!(f, "{sep}{seg:#x}")?;
            }
        }
        f.write_str(")")
    }
    /// 1/4 a notable address (unspecified, loopback, IPv4-mapped, link-local, multicast,
    /// documentation); else the bits of a `u128`.
    fn generate(g: &mut Gen) -> Self {
        let edges = [
            Ipv6Addr::UNSPECIFIED,
            Ipv6Addr::LOCALHOST,
            Ipv4Addr::LOCALHOST.to_ipv6_mapped(),
            Ipv6Addr::new(0xfe80, 0, 0, 0, 0, 0, 0, 1),
            Ipv6Addr::new(0xff02, 0, 0, 0, 0, 0, 0, 1),
            Ipv6Addr::new(0x2001, 0xdb8, 0, 0, 0, 0, 0, 1),
        ];
        edge_or(g, &edges, |g| Ipv6Addr::from(u128::arbitrary(g)))
    }
}
mirror_impl!(Ipv6Addr, "Ipv6Addr", []);

impl Mirror for SocketAddrV4 {
    type Parts = (Ipv4Addr, u16);
    fn parts(&self) -> (Ipv4Addr, u16) {
        (*self.ip(), self.port())
    }
    fn from_parts((ip, port): (Ipv4Addr, u16)) -> Option<Self> {
        Some(SocketAddrV4::new(ip, port))
    }
    fn fmt_rust(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SocketAddrV4::new({}, {})", rendered(self.ip()), self.port())
    }
    fn generate(g: &mut Gen) -> Self {
        SocketAddrV4::new(Ipv4Addr::arbitrary(g), u16::arbitrary(g))
    }
}
mirror_impl!(SocketAddrV4, "SocketAddrV4", []);

impl Mirror for SocketAddrV6 {
    /// Address, port, flow info, scope id.
    type Parts = (Ipv6Addr, u16, u32, u32);
    fn parts(&self) -> Self::Parts {
        (*self.ip(), self.port(), self.flowinfo(), self.scope_id())
    }
    fn from_parts((ip, port, flow, scope): Self::Parts) -> Option<Self> {
        Some(SocketAddrV6::new(ip, port, flow, scope))
    }
    fn fmt_rust(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (ip, port, flow, scope) = self.parts();
        write!(f, "SocketAddrV6::new({}, {port}, {flow}, {scope})", rendered(&ip))
    }
    /// Flow info and scope id are 0 but one time in ten.
    fn generate(g: &mut Gen) -> Self {
        let (ip, port) = (Ipv6Addr::arbitrary(g), u16::arbitrary(g));
        let (flow, scope) =
            if g.ratio(1, 10) { (u32::arbitrary(g), u32::arbitrary(g)) } else { (0, 0) };
        SocketAddrV6::new(ip, port, flow, scope)
    }
}
mirror_impl!(SocketAddrV6, "SocketAddrV6", []);

/// An enum of two address families, each a constructor around its address (`IpAddr::V4(..)`).
macro_rules! family_impl {
    ($ty:ident, $v4:ident, $v6:ident) => {
        impl SubTypes for $ty {
            fn constructor(&self) -> &'static str {
                self.constructors()[usize::from(matches!(self, $ty::V6(_)))]
            }
            fn constructors(&self) -> &'static [&'static str] {
                &[concat!(stringify!($ty), "::V4"), concat!(stringify!($ty), "::V6")]
            }
            fn shape(&self) -> Shape {
                Shape::Tuple
            }
            fn children(&self) -> Children<'_> {
                let mut out = Children::new();
                match self {
                    $ty::V4(a) => out.push(Child::new(a)),
                    $ty::V6(a) => out.push(Child::new(a)),
                }
                out
            }
            fn child_mut(&mut self, k: usize) -> Option<NodeMutRef<'_>> {
                match (self, k) {
                    ($ty::V4(a), 0) => Some(NodeMutRef::Value(a.node_mut())),
                    ($ty::V6(a), 0) => Some(NodeMutRef::Value(a.node_mut())),
                    _ => None,
                }
            }
        }

        /// V4 and V6 equally often.
        impl Arbitrary for $ty {
            fn arbitrary(g: &mut Gen) -> Self {
                if g.ratio(1, 2) {
                    $ty::V4($v4::arbitrary(g))
                } else {
                    $ty::V6($v6::arbitrary(g))
                }
            }
            fn min_size() -> Option<usize> {
                Some(1)
            }
        }
    };
}

family_impl!(IpAddr, Ipv4Addr, Ipv6Addr);
family_impl!(SocketAddr, SocketAddrV4, SocketAddrV6);

// ---------------------------------------------------------------------------------------------
// Text

/// Path components drawn by `PathBuf`'s generator besides random strings.
const PATH_PARTS: [&str; 8] =
    ["a", "src", "..", ".", "a b", "\u{e9}t\u{e9}", ".hidden", "x.tar.gz"];

macro_rules! text_mirror {
    ($ty:ty, $name:expr, |$s:ident| $from:expr, |$v:ident| $text:expr, |$g:ident| $gen:expr) => {
        impl Mirror for $ty {
            type Parts = String;
            fn parts(&self) -> String {
                let $v = self;
                $text
            }
            fn from_parts($s: String) -> Option<Self> {
                Some($from)
            }
            fn fmt_rust(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Debug::fmt(self, f)
            }
            fn generate($g: &mut Gen) -> Self {
                $gen
            }
        }
        mirror_impl!($ty, $name, []);
    };
}

text_mirror!(PathBuf, "PathBuf", |s| PathBuf::from(s), |p| p.to_string_lossy().into_owned(), |g| {
    let parts = g.range(0, g.size() / 10 + 1);
    let mut path = PathBuf::from(if g.ratio(1, 4) { "/" } else { "" });
    for _ in 0..parts {
        let part = edge_or(g, &PATH_PARTS.map(String::from), |g| {
            (0..g.range(1, 8)).map(|_| (b'a' + g.below(26) as u8) as char).collect()
        });
        path.push(part);
    }
    path
});
text_mirror!(
    OsString,
    "OsString",
    |s| OsString::from(s),
    |o| o.to_string_lossy().into_owned(),
    |g| OsString::from(String::arbitrary(g))
);
text_mirror!(Box<str>, "Box<str>", |s| s.into_boxed_str(), |b| b.to_string(), |g| {
    String::arbitrary(g).into_boxed_str()
});
text_mirror!(Cow<'static, str>, "Cow<str>", |s| Cow::Owned(s), |c| c.to_string(), |g| Cow::Owned(
    String::arbitrary(g)
));

// ---------------------------------------------------------------------------------------------
// Ranges

impl<T: SubTypes> Mirror for Range<T> {
    type Parts = (T, T);
    fn parts(&self) -> (T, T) {
        (self.start.clone(), self.end.clone())
    }
    fn from_parts((start, end): (T, T)) -> Option<Self> {
        Some(start..end)
    }
    fn fmt_rust(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", rendered(&self.start), rendered(&self.end))
    }
    /// Both bounds drawn independently, so empty and reversed ranges are drawn too.
    fn generate(g: &mut Gen) -> Self {
        T::arbitrary(g)..T::arbitrary(g)
    }
}
mirror_impl!(Range<T>, "Range", [T: SubTypes]);

impl<T: SubTypes> Mirror for RangeInclusive<T> {
    type Parts = (T, T);
    fn parts(&self) -> (T, T) {
        (self.start().clone(), self.end().clone())
    }
    fn from_parts((start, end): (T, T)) -> Option<Self> {
        Some(start..=end)
    }
    fn fmt_rust(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..={}", rendered(self.start()), rendered(self.end()))
    }
    /// Both bounds drawn independently, so empty and reversed ranges are drawn too.
    fn generate(g: &mut Gen) -> Self {
        T::arbitrary(g)..=T::arbitrary(g)
    }
}
mirror_impl!(RangeInclusive<T>, "RangeInclusive", [T: SubTypes]);
