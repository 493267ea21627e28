//! Maps and sets as lists of entries sorted by key (issue 11 item 2).
//!
//! The paper (§4) treats maps as opaque. smartcheck does not: an opaque map was never reduced
//! and printed in iteration order, so a `HashMap` field made the same seed print different
//! reports on different runs (issues 9 and 11). A map is walked as a chain of cells, as a list
//! is (`Vec` in the parent module): the cell at position `i` has children `[key, value, tail]`
//! ([`CellKind::Entry`]), a set's `[key, tail]` ([`CellKind::Key`]), and the tail is the map of
//! the entries after `i`, a sub-value of the map's own type. So reduction deletes entries by
//! replacing a cell with a later one, shrinks keys and values as leaves, and every replacement
//! is type-checked and rebuilt into the map (a replaced key is a remove and an insert).
//!
//! Order: `BTreeMap`/`BTreeSet` in their own order; `HashMap`/`HashSet` by the keys' order of
//! simplicity (`reduce::order`: `"a"` before `"b"` before `"0"`, `-1` before `2`), so that a
//! key made simpler never moves its entry behind a key it was ahead of in simplicity; keys
//! the order does not tell apart by their `Debug` text, shorter first. Neither depends on the
//! hasher, so a seed prints the same report on every run and machine. Maps print
//! `{1: "a", 2: "b"}`.
//!
//! Invariant: position `i` means the same entry in `children`, `child_mut`, `suffix_value` and
//! `replace_suffix`. Cost: reaching entry `i` is O(i) for B-trees; a hash map's walk finds its
//! keys' order once, at the map's own node (O(n) hashing, O(n log n) sorting when the keys are
//! new: `walk_order`), and its tails ([`Walked`]) reach entry `i` in O(1) by that order, so a
//! full walk is O(n) for a map walked before and O(n log n) for new keys. Copying or printing a
//! map or a tail is O(n), and changing an entry in place (`child_mut`) O(n) at hash maps.

use std::any::{Any, TypeId};
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::convert::identity;
use std::fmt;
use std::hash::{BuildHasher, Hash, Hasher};
use std::rc::Rc;

use crate::arbitrary::{sum_min_sizes, Arbitrary};
use crate::gen::Gen;
use crate::reduce::order::Profiled;
use crate::subtypes::{
    CellKind, Children, ListNode, ListNodeMut, Node, NodeMut, NodeMutRef, NodeRef, Shape, SubTypes,
    SubValue,
};

use super::{cell_plan, list_child_mut, list_children};

/// The constructors of maps: the empty map and an entry followed by the rest.
pub const MAP_CONSTRUCTORS: &[&str] = &["{}", "{_: _, ..}"];

/// The constructors of sets: the empty set and an element followed by the rest.
pub const SET_CONSTRUCTORS: &[&str] = &["{}", "{_, ..}"];

/// Hash-map keys in walking order, as positions in `keys` (the map's iteration order):
/// simplest first (`reduce::order`), keys the order does not tell apart by their `Debug`
/// text, shorter first (each text computed once, and only then).
fn sorted_hash_keys<K: SubTypes>(keys: &[&K]) -> Vec<usize> {
    // Each key profiled once: a sort compares it with O(log n) others.
    let profiled: Vec<Profiled<'_>> =
        keys.iter().map(|key| Profiled::new(NodeRef::Value(*key))).collect();
    let simplest_first = |a: usize, b: usize| profiled[a].compare(&profiled[b]);
    let mut sorted: Vec<usize> = (0..keys.len()).collect();
    sorted.sort_by(|&a, &b| simplest_first(a, b));
    if sorted.windows(2).all(|w| simplest_first(w[0], w[1]).is_lt()) {
        return sorted;
    }
    // Keys the order finds equal (opaque keys), by their text.
    let mut keyed: Vec<(String, usize)> =
        sorted.into_iter().map(|k| (format!("{:?}", keys[k]), k)).collect();
    keyed.sort_by(|(ta, a), (tb, b)| {
        simplest_first(*a, *b).then_with(|| ta.len().cmp(&tb.len())).then_with(|| ta.cmp(tb))
    });
    keyed.into_iter().map(|(_, k)| k).collect()
}

/// A hash map's or set's keys in walking order ([`sorted_hash_keys`]): their positions in its
/// iteration order, and copies of them, by which a tail of the map's walk finds its entry
/// without walking the map ([`Walked`]).
struct WalkOrder<K> {
    /// The keys' positions in iteration order, in walking order.
    at: Vec<usize>,
    /// The keys, in walking order.
    keys: Vec<K>,
}

/// The walking order of a hash map's or set's keys ([`WalkOrder`]), `keys` being the map's keys
/// in its iteration order. Remembered for the last [`WALK_ORDERS`] key sequences walked on this
/// thread, each known by its length and a structural hash of its keys in iteration order (with
/// `K`'s type): sorting the keys again at each walk of an unchanged map made reducing a
/// `HashMap<String, u32>` of 200 entries take 48 s (a `BTreeMap`'s, 1 ms). O(n) hashing a
/// call, O(n log n) comparisons and n copies of keys when the order is not remembered.
fn walk_order<K: SubTypes>(keys: &[&K]) -> Rc<WalkOrder<K>> {
    // The keys' structure (constructors, leaves' ranks, else their `Debug` text), never
    // their own `Hash`: a `Hash` that hashes only some fields (or none) would give two key
    // sequences one order, and a report that changes from run to run.
    let mut hasher = crate::reduce::tree::FastHasher::default();
    std::any::TypeId::of::<K>().hash(&mut hasher);
    for key in keys {
        crate::reduce::tree::hash_value(NodeRef::Value(*key), &mut hasher);
    }
    let id = (hasher.finish(), keys.len());
    let known = ORDERS.with(|o| {
        let mut o = o.borrow_mut();
        let at = o.iter().position(|(k, _)| *k == id)?;
        let hit = o.remove(at);
        let order = hit.1.clone();
        o.insert(0, hit);
        Some(order)
    });
    // The id holds `K`'s type, so a remembered order is a `WalkOrder<K>`.
    if let Some(order) = known.and_then(|order| order.downcast::<WalkOrder<K>>().ok()) {
        return order;
    }
    let at = sorted_hash_keys(keys);
    let order = Rc::new(WalkOrder { keys: at.iter().map(|&k| keys[k].clone()).collect(), at });
    ORDERS.with(|o| {
        let mut o = o.borrow_mut();
        o.insert(0, (id, order.clone()));
        o.truncate(WALK_ORDERS);
    });
    order
}

/// How many hash maps' and sets' walking orders a thread remembers ([`walk_order`]).
const WALK_ORDERS: usize = 8;

/// A walking order remembered: the key sequence's hash and length, and the order (a
/// [`WalkOrder`] of the keys' type).
type KnownOrder = ((u64, usize), Rc<dyn Any>);

/// How many maps' orders their walks' tails find by the map's place in memory ([`Walked`]):
/// more than [`WALK_ORDERS`], as a walk of a map of maps meets every inner map before the
/// tails of the first.
const WALKED: usize = 32;

/// The order of a map walked by [`Walked::of`]: the map's address, its type, its order (a
/// [`WalkOrder`] of its keys' type).
type WalkedOrder = (usize, TypeId, Rc<dyn Any>);

thread_local! {
    /// The walking orders [`walk_order`] remembers, the last used first.
    static ORDERS: RefCell<Vec<KnownOrder>> = const { RefCell::new(Vec::new()) };
    /// The orders of the maps [`Walked::of`] last handed out, the last used first.
    static WALKED_ORDERS: RefCell<Vec<WalkedOrder>> = const { RefCell::new(Vec::new()) };
}

/// A hash map or set seen from the tails of its walk (the `NodeRef::Suffix` its node's
/// `children` hands out): each tail finds entry `i` by the order found once at the map's node,
/// in O(1), where the map itself sorts or at least hashes all its keys to find it (O(n) an
/// entry, so O(n^2) a walk).
///
/// Sound because only [`Walked::of`] makes one, for the time the map is borrowed, and it
/// remembers the map's order under the map's address just before: while the borrow lasts the
/// map cannot change and no other map can live at its address, so an order found there is
/// the map's own. One forgotten since (other maps walked) is found again from the keys.
#[repr(transparent)]
struct Walked<C>(C);

impl<C: Hashed> Walked<C> {
    /// The map `c` as its walk's tails see it, its order found now and remembered.
    fn of(c: &C) -> &Walked<C> {
        let order = own_order(c);
        WALKED_ORDERS.with(|w| {
            let mut w = w.borrow_mut();
            let id = (c as *const C as usize, TypeId::of::<C>());
            w.retain(|(at, ty, _)| (*at, *ty) != id);
            w.insert(0, (id.0, id.1, order));
            w.truncate(WALKED);
        });
        // SAFETY: `Walked<C>` is `repr(transparent)` over `C`, so the two have one layout,
        // and the reference keeps `c`'s lifetime.
        unsafe { &*(c as *const C).cast::<Walked<C>>() }
    }

    /// The map's walking order, as [`Walked::of`] remembered it (else found from its keys).
    fn order(&self) -> Rc<WalkOrder<C::Key>> {
        let id = (&self.0 as *const C as usize, TypeId::of::<C>());
        let known = WALKED_ORDERS.with(|w| {
            let w = w.borrow();
            w.iter().find(|(at, ty, _)| (*at, *ty) == id).map(|(_, _, order)| order.clone())
        });
        // Remembered by `of` with the map's type, so a `WalkOrder` of its keys.
        known.and_then(|order| order.downcast().ok()).unwrap_or_else(|| own_order(&self.0))
    }
}

/// The walking order of `c` ([`Hashed::walk_order`]) with keys that are `c`'s own: the order
/// remembered for a key sequence is found by a structural hash of its keys, which for opaque
/// keys is their `Debug` text, so two maps whose keys print alike (`Tok(<redacted>)`) share
/// one. Its positions are right for either (a permutation of the same length), but its keys
/// are the first map's copies: looked up in the second, some were found, some not (then taken
/// by position), and a walk listed one entry twice and missed another, in 218 of 300 walks
/// of a review's probe. Each key is checked to find its own entry (O(n) lookups); where one
/// does not, the keys are taken from `c` at the order's positions.
fn own_order<C: Hashed>(c: &C) -> Rc<WalkOrder<C::Key>> {
    let order = c.walk_order();
    let entries = c.iteration();
    let own =
        order.keys.iter().zip(&order.at).all(|(key, &at)| {
            c.find(key).is_some_and(|(found, _)| std::ptr::eq(found, entries[at].0))
        });
    if own {
        return order;
    }
    let keys = order.at.iter().map(|&at| entries[at].0.clone()).collect();
    Rc::new(WalkOrder { at: order.at.clone(), keys })
}

/// What the generic code needs of a map or a set: its entries in walking order, and edits.
trait Keyed: Sized + Clone {
    type Key: SubTypes;
    type Value: SubTypes;
    /// What each cell of the walk holds before its tail: a map's key and value, a set's key.
    const KIND: CellKind;
    fn count(&self) -> usize;
    /// The entry at position `i` in walking order.
    fn entry_at(&self, i: usize) -> Option<(&Self::Key, &Self::Value)>;
    /// The entries from position `start` on, in walking order: one walk of the map, where
    /// [`entry_at`](Keyed::entry_at) for each would walk it once an entry.
    fn entries_from(&self, start: usize) -> Vec<(&Self::Key, &Self::Value)>;
    /// The value at position `i` (maps); sets answer `None`.
    fn value_mut_at(&mut self, i: usize) -> Option<&mut Self::Value>;
    /// The keys from position `start` on, in walking order.
    fn keys_from(&self, start: usize) -> Vec<Self::Key> {
        self.entries_from(start).into_iter().map(|(key, _)| key.clone()).collect()
    }
    fn remove_key(&mut self, key: &Self::Key) -> Option<Self::Value>;
    /// True when the map or set holds `key`.
    fn contains(&self, key: &Self::Key) -> bool;
    fn insert_entry(&mut self, key: Self::Key, value: Self::Value);
    fn empty() -> Self;
    /// The map or set that inserting `entries` one by one into an empty one makes.
    fn from_entries(entries: Vec<(Self::Key, Self::Value)>) -> Self {
        let mut out = Self::empty();
        for (key, value) in entries {
            out.insert_entry(key, value);
        }
        out
    }
    /// The smallest size of an entry's value: 0 for sets, whose `()` is not printed.
    fn value_min() -> Option<usize> {
        Self::Value::min_size()
    }
}

/// The map or set holding copies of `entries`, inserted in their order.
fn copied<'c, C: Keyed + 'c>(entries: Vec<(&'c C::Key, &'c C::Value)>) -> C {
    let mut out = C::empty();
    for (k, v) in entries {
        out.insert_entry(k.clone(), v.clone());
    }
    out
}

/// Replaces the suffix at `start` with `value` (a map of the same type), or, for
/// `start > len`, the key of entry `start - len - 1` with `value` (a key). The entries
/// before `start` win over the new suffix's with the same keys, as the fields written out
/// in Rust's struct update win over the rest's: the map printed `{1: 20, ..x0}` stays an
/// instance of that pattern whatever `x0` holds.
fn replace_suffix<C: Keyed + SubTypes>(
    c: &mut C,
    start: usize,
    value: Box<dyn SubValue>,
) -> Result<(), Box<dyn SubValue>> {
    let len = c.count();
    if start > len {
        let Some(old) = c.entry_at(start - len - 1).map(|(key, _)| key.clone()) else {
            return Err(value);
        };
        let new_key = take::<C::Key>(value)?;
        let value = c.remove_key(&old).expect("key read from the map just above");
        c.insert_entry(new_key, value);
        return Ok(());
    }
    let tail = take::<C>(value)?;
    for key in c.keys_from(start) {
        c.remove_key(&key);
    }
    for (k, v) in tail.entries_from(0) {
        if !c.contains(k) {
            c.insert_entry(k.clone(), v.clone());
        }
    }
    Ok(())
}

/// `value` as a `T`, or handed back.
fn take<T: SubTypes>(value: Box<dyn SubValue>) -> Result<T, Box<dyn SubValue>> {
    if !value.as_any().is::<T>() {
        return Err(value);
    }
    Ok(*value.into_any().downcast::<T>().expect("type checked just above"))
}

/// A random map or set: a list plan of cells, each entry's share split between key and value.
/// From generator 2 on, a key or value whose smallest size is 0 (an opaque leaf, always of
/// size 0) takes no part of the share, as a derived constructor's such field takes none: the
/// other gets all of it.
fn arbitrary_keyed<C: Keyed>(g: &mut Gen) -> C
where
    C::Key: Arbitrary,
    C::Value: Arbitrary,
{
    let (Some(kmin), Some(vmin)) = (C::Key::min_size(), C::value_min()) else {
        return C::empty();
    };
    let plan = cell_plan(g, sum_min_sizes([Some(kmin), Some(vmin)]));
    let mut entries = Vec::with_capacity(plan.len());
    let leaves = (kmin == 0, vmin == 0);
    for &share in &plan {
        let extra = share - kmin - vmin;
        let parts = match leaves {
            (true, _) if g.version() >= 2 => [0, extra],
            (false, true) if g.version() >= 2 => [extra, 0],
            _ => {
                let mut parts = [0; 2];
                g.split_into(extra, &mut parts);
                parts
            }
        };
        let key = g.with_budget(kmin + parts[0], C::Key::arbitrary);
        let value = g.with_budget(vmin + parts[1], C::Value::arbitrary);
        entries.push((key, value));
    }
    g.give_back(plan);
    C::from_entries(entries)
}

/// Sorts `entries` by key, stably, and keeps of equal keys the first key with the last value:
/// what inserting them one by one into a B-tree keeps (a set keeps its first key). Then no two
/// keys are equal, so a B-tree built from them in bulk (linear time, where inserting searches
/// from the root each time) is the one inserting them would have built.
fn as_inserted<K: Ord, V>(mut entries: Vec<(K, V)>) -> Vec<(K, V)> {
    entries.sort_by(|a, b| a.0.cmp(&b.0));
    entries.dedup_by(|later, kept| {
        let same = later.0.cmp(&kept.0).is_eq();
        if same {
            std::mem::swap(&mut later.1, &mut kept.1);
        }
        same
    });
    entries
}

/// Prints `entries` as a map's (`{1: "a"}`), or a set's keys (`{1}`).
fn fmt_entries<K: fmt::Debug, V: fmt::Debug>(
    entries: Vec<(&K, &V)>,
    kind: CellKind,
    f: &mut fmt::Formatter<'_>,
) -> fmt::Result {
    if kind == CellKind::Key {
        f.debug_set().entries(entries.into_iter().map(|(key, _)| key)).finish()
    } else {
        f.debug_map().entries(entries).finish()
    }
}

/// The unit value a set's entries carry, so that sets share the maps' code.
static UNIT: () = ();

impl<K: SubTypes + Ord, V: SubTypes> Keyed for BTreeMap<K, V> {
    type Key = K;
    type Value = V;
    const KIND: CellKind = CellKind::Entry;
    fn count(&self) -> usize {
        self.len()
    }
    fn entry_at(&self, i: usize) -> Option<(&K, &V)> {
        self.iter().nth(i)
    }
    fn entries_from(&self, start: usize) -> Vec<(&K, &V)> {
        self.iter().skip(start).collect()
    }
    fn value_mut_at(&mut self, i: usize) -> Option<&mut V> {
        self.values_mut().nth(i)
    }
    fn remove_key(&mut self, key: &K) -> Option<V> {
        self.remove(key)
    }
    fn contains(&self, key: &K) -> bool {
        self.contains_key(key)
    }
    fn insert_entry(&mut self, key: K, value: V) {
        self.insert(key, value);
    }
    fn empty() -> Self {
        BTreeMap::new()
    }
    fn from_entries(entries: Vec<(K, V)>) -> Self {
        as_inserted(entries).into_iter().collect()
    }
}

impl<K, V, S> Keyed for HashMap<K, V, S>
where
    K: SubTypes + Eq + Hash,
    V: SubTypes,
    S: BuildHasher + Default + Clone + 'static,
{
    type Key = K;
    type Value = V;
    const KIND: CellKind = CellKind::Entry;
    fn count(&self) -> usize {
        self.len()
    }
    fn entry_at(&self, i: usize) -> Option<(&K, &V)> {
        hashed_entries_from(self, i).into_iter().next()
    }
    fn entries_from(&self, start: usize) -> Vec<(&K, &V)> {
        hashed_entries_from(self, start)
    }
    fn value_mut_at(&mut self, i: usize) -> Option<&mut V> {
        let at = *self.walk_order().at.get(i)?;
        self.values_mut().nth(at)
    }
    fn remove_key(&mut self, key: &K) -> Option<V> {
        self.remove(key)
    }
    fn contains(&self, key: &K) -> bool {
        self.contains_key(key)
    }
    fn insert_entry(&mut self, key: K, value: V) {
        self.insert(key, value);
    }
    fn empty() -> Self {
        HashMap::default()
    }
}

impl<K: SubTypes + Ord> Keyed for BTreeSet<K> {
    type Key = K;
    type Value = ();
    const KIND: CellKind = CellKind::Key;
    fn count(&self) -> usize {
        self.len()
    }
    fn entry_at(&self, i: usize) -> Option<(&K, &())> {
        self.iter().nth(i).map(|k| (k, &UNIT))
    }
    fn entries_from(&self, start: usize) -> Vec<(&K, &())> {
        self.iter().skip(start).map(|k| (k, &UNIT)).collect()
    }
    fn value_mut_at(&mut self, _: usize) -> Option<&mut ()> {
        None
    }
    fn remove_key(&mut self, key: &K) -> Option<()> {
        self.remove(key).then_some(())
    }
    fn contains(&self, key: &K) -> bool {
        BTreeSet::contains(self, key)
    }
    fn insert_entry(&mut self, key: K, _: ()) {
        self.insert(key);
    }
    fn empty() -> Self {
        BTreeSet::new()
    }
    fn from_entries(entries: Vec<(K, ())>) -> Self {
        as_inserted(entries).into_iter().map(|(key, ())| key).collect()
    }
    fn value_min() -> Option<usize> {
        Some(0)
    }
}

impl<K, S> Keyed for HashSet<K, S>
where
    K: SubTypes + Eq + Hash,
    S: BuildHasher + Default + Clone + 'static,
{
    type Key = K;
    type Value = ();
    const KIND: CellKind = CellKind::Key;
    fn count(&self) -> usize {
        self.len()
    }
    fn entry_at(&self, i: usize) -> Option<(&K, &())> {
        hashed_entries_from(self, i).into_iter().next()
    }
    fn entries_from(&self, start: usize) -> Vec<(&K, &())> {
        hashed_entries_from(self, start)
    }
    fn value_mut_at(&mut self, _: usize) -> Option<&mut ()> {
        None
    }
    fn remove_key(&mut self, key: &K) -> Option<()> {
        self.remove(key).then_some(())
    }
    fn contains(&self, key: &K) -> bool {
        HashSet::contains(self, key)
    }
    fn insert_entry(&mut self, key: K, _: ()) {
        self.insert(key);
    }
    fn empty() -> Self {
        HashSet::default()
    }
    fn value_min() -> Option<usize> {
        Some(0)
    }
}

/// What a hash map's or set's walk needs beyond [`Keyed`]: its entries in iteration order,
/// and an entry found by its key.
trait Hashed: Keyed + 'static {
    /// The entries in the map's iteration order.
    fn iteration(&self) -> Vec<(&Self::Key, &Self::Value)>;
    /// The entry whose key equals `key` (by the key's own `Eq`).
    fn find(&self, key: &Self::Key) -> Option<(&Self::Key, &Self::Value)>;
    /// The keys' walking order ([`walk_order`]).
    fn walk_order(&self) -> Rc<WalkOrder<Self::Key>> {
        walk_order(&self.iteration().into_iter().map(|(key, _)| key).collect::<Vec<_>>())
    }
}

/// [`Keyed::entries_from`] for a hash map or set: O(n) hashing, and O(n log n) sorting when
/// its keys are new ([`walk_order`]).
fn hashed_entries_from<C: Hashed>(c: &C, start: usize) -> Vec<(&C::Key, &C::Value)> {
    let entries = c.iteration();
    let order = walk_order(&entries.iter().map(|&(key, _)| key).collect::<Vec<_>>());
    order.at.get(start..).unwrap_or_default().iter().map(|&at| entries[at]).collect()
}

impl<K, V, S> Hashed for HashMap<K, V, S>
where
    K: SubTypes + Eq + Hash,
    V: SubTypes,
    S: BuildHasher + Default + Clone + 'static,
{
    fn iteration(&self) -> Vec<(&K, &V)> {
        self.iter().collect()
    }
    fn find(&self, key: &K) -> Option<(&K, &V)> {
        self.get_key_value(key)
    }
}

impl<K, S> Hashed for HashSet<K, S>
where
    K: SubTypes + Eq + Hash,
    S: BuildHasher + Default + Clone + 'static,
{
    fn iteration(&self) -> Vec<(&K, &())> {
        self.iter().map(|key| (key, &UNIT)).collect()
    }
    fn find(&self, key: &K) -> Option<(&K, &())> {
        self.get(key).map(|key| (key, &UNIT))
    }
}

/// The node a cell of the walk shows before its tail, besides the key: a map's value, a set's
/// key.
fn cell_element<'c, C: Keyed>((key, value): (&'c C::Key, &'c C::Value)) -> &'c dyn Node {
    if C::KIND == CellKind::Key {
        key.node()
    } else {
        value.node()
    }
}

/// A map or set as its walk reads it: the map itself, or a hash map's [`Walked`] view; one
/// `ListNode` impl serves both.
trait Cells {
    type Map: Keyed + SubTypes;
    /// The map or set.
    fn map(&self) -> &Self::Map;
    /// The entry at position `i` in walking order; `None` past the last.
    fn cell(&self, i: usize) -> Option<Entry<'_, Self::Map>>;
    /// The entries from position `start` on, in walking order.
    fn cells_from(&self, start: usize) -> Vec<Entry<'_, Self::Map>>;
}

/// A map's or set's entry, as references.
type Entry<'c, C> = (&'c <C as Keyed>::Key, &'c <C as Keyed>::Value);

impl<C: Hashed + SubTypes> Cells for Walked<C> {
    type Map = C;
    fn map(&self) -> &C {
        &self.0
    }
    /// By its key, in O(1), or (a key its own `Hash` or `Eq` does not find again) as the map
    /// finds it.
    fn cell(&self, i: usize) -> Option<Entry<'_, C>> {
        let order = self.order();
        let found = order.keys.get(i).and_then(|key| self.0.find(key));
        found.or_else(|| self.0.entry_at(i))
    }
    fn cells_from(&self, start: usize) -> Vec<Entry<'_, C>> {
        let order = self.order();
        let keys = order.keys.get(start..).unwrap_or_default();
        let found: Option<Vec<_>> = keys.iter().map(|key| self.0.find(key)).collect();
        found.unwrap_or_else(|| self.0.entries_from(start))
    }
}

impl<W: Cells> ListNode for W {
    fn len(&self) -> usize {
        self.map().count()
    }
    fn element(&self, i: usize) -> &dyn Node {
        let cell = self.cell(i).expect("list walk: entry position below the map's length");
        cell_element::<W::Map>(cell)
    }
    fn whole(&self) -> &dyn Node {
        self.map()
    }
    fn suffix_value(&self, start: usize) -> Box<dyn SubValue> {
        Box::new(copied::<W::Map>(self.cells_from(start)))
    }
    fn fmt_suffix(&self, start: usize, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt_entries(self.cells_from(start), W::Map::KIND, f)
    }
    fn cell_kind(&self) -> CellKind {
        W::Map::KIND
    }
    fn key(&self, i: usize) -> Option<&dyn Node> {
        self.cell(i).map(|(key, _)| key.node())
    }
}

/// `SubTypes`, `Arbitrary`, `ListNode` and `ListNodeMut` for one map or set type, all through
/// its [`Keyed`] impl; `$walk` is what the tails of its walk see (the map itself, or its
/// [`Walked`] view).
macro_rules! keyed_impl {
    ($ty:ty, [$($bound:tt)*], $names:expr, $walk:expr) => {
        impl<$($bound)*> SubTypes for $ty {
            fn constructor(&self) -> &'static str {
                $names[usize::from(!self.is_empty())]
            }
            fn constructors(&self) -> &'static [&'static str] {
                $names
            }
            fn shape(&self) -> Shape {
                Shape::List
            }
            fn children(&self) -> Children<'_> {
                list_children($walk(self), 0)
            }
            fn child_mut(&mut self, k: usize) -> Option<NodeMutRef<'_>> {
                list_child_mut(self, 0, k)
            }
            /// In walking order, not iteration order: the node's `Debug` text tells values
            /// apart in generalization, so two equal hash maps must print alike.
            fn fmt_leaf(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt_entries(self.entries_from(0), Self::KIND, f)
            }
        }

        impl<$($bound)*> Arbitrary for $ty {
            fn arbitrary(g: &mut Gen) -> Self {
                arbitrary_keyed(g)
            }
            fn min_size() -> Option<usize> {
                Some(1)
            }
        }

        impl<$($bound)*> Cells for $ty {
            type Map = Self;
            fn map(&self) -> &Self {
                self
            }
            fn cell(&self, i: usize) -> Option<Entry<'_, Self>> {
                self.entry_at(i)
            }
            fn cells_from(&self, start: usize) -> Vec<Entry<'_, Self>> {
                self.entries_from(start)
            }
        }

        impl<$($bound)*> ListNodeMut for $ty {
            fn len(&self) -> usize {
                self.count()
            }
            fn element_mut(&mut self, i: usize) -> &mut dyn NodeMut {
                self.value_mut_at(i)
                    .expect("list walk: only map values are changed in place")
                    .node_mut()
            }
            fn replace_suffix(
                &mut self,
                start: usize,
                value: Box<dyn SubValue>,
            ) -> Result<(), Box<dyn SubValue>> {
                replace_suffix(self, start, value)
            }
            fn cell_kind(&self) -> CellKind {
                Self::KIND
            }
            fn key_value(&self, i: usize) -> Option<Box<dyn SubValue>> {
                self.entry_at(i).map(|(key, _)| Box::new(key.clone()) as Box<dyn SubValue>)
            }
        }
    };
}

keyed_impl!(BTreeMap<K, V>, [K: SubTypes + Ord, V: SubTypes], MAP_CONSTRUCTORS, identity);
keyed_impl!(HashMap<K, V, S>,
    [K: SubTypes + Eq + Hash, V: SubTypes, S: BuildHasher + Default + Clone + 'static],
    MAP_CONSTRUCTORS, Walked::of);
keyed_impl!(BTreeSet<K>, [K: SubTypes + Ord], SET_CONSTRUCTORS, identity);
keyed_impl!(HashSet<K, S>,
    [K: SubTypes + Eq + Hash, S: BuildHasher + Default + Clone + 'static],
    SET_CONSTRUCTORS, Walked::of);

#[cfg(test)]
mod tests {
    use super::*;

    /// A key whose order sees only its number, so that equal keys can differ.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    struct Key(u8, char);
    impl PartialOrd for Key {
        fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
            Some(self.cmp(other))
        }
    }
    impl Ord for Key {
        fn cmp(&self, other: &Self) -> std::cmp::Ordering {
            self.0.cmp(&other.0)
        }
    }

    #[test]
    fn built_in_bulk_as_inserting_one_by_one_builds() {
        let keys = [(3, 'a'), (1, 'b'), (3, 'c'), (2, 'd'), (1, 'e'), (3, 'f')];
        let entries: Vec<(Key, usize)> =
            keys.iter().enumerate().map(|(i, &(n, c))| (Key(n, c), i)).collect();
        let mut inserted = BTreeMap::new();
        let mut set = BTreeSet::new();
        for &(key, value) in &entries {
            inserted.insert(key, value);
            set.insert(key);
        }
        let bulk: Vec<(Key, usize)> = as_inserted(entries.clone());
        assert_eq!(bulk, inserted.into_iter().collect::<Vec<_>>());
        assert_eq!(bulk, vec![(Key(1, 'b'), 4), (Key(2, 'd'), 3), (Key(3, 'a'), 5)]);
        let keys: Vec<(Key, ())> = entries.iter().map(|&(k, _)| (k, ())).collect();
        let bulk_set: Vec<Key> = as_inserted(keys).into_iter().map(|(k, ())| k).collect();
        assert_eq!(bulk_set, set.into_iter().collect::<Vec<_>>());
    }
}
