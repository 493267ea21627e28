//! Passes that shorten lists, for any list type (`Vec`, `VecDeque`, and whatever else is a
//! chain of cons cells, maps and sets among them once they are lists of entries): the
//! shortest failing prefix, runs of 1 to 8 elements deleted anywhere (and at the same place
//! in every list of one type and length), neighbouring lists of a
//! list of lists merged, an element deleted while leaves that count positions follow, and an
//! element folded into its neighbour (strings concatenated, numbers whose sum wraps added).
//!
//! Invariant: every candidate has fewer constructors than the current value (a deleted cell
//! is one constructor and its element's), so it is simpler in `order` whatever its leaves.
//!
//! Cost: `truncate` is a binary search per list, O(log n) candidates; `delete_runs` tries at
//! most 4·n candidates per list of n (each success restarts at the same place); the others
//! one candidate per cell of the first few.

use std::any::TypeId;

use crate::index::{assign_at_path, Bfs};
use crate::root::Root;
use crate::subtypes::{NodeMutRef, NodeRef, Shape, SubValue};

use super::tree::{
    self, cells, cons_parts, list_len, list_len_up_to, nested, node_at, suffix_path,
    suffix_path_at, Placed,
};
use super::{Reducer, NEAR};

/// Whole lists (not suffixes) a pass looks at, breadth-first.
const LISTS: usize = 16;

/// The longest list `delete_runs` walks (4·n candidates of O(n) each): longer lists are cut
/// by `truncate` and the sub-value hypothesis first.
const LONGEST: usize = 1024;

/// The whole lists of `root` in breadth-first order (a suffix is not a whole list), with
/// their paths: one walk, lazily.
fn whole_lists(root: NodeRef<'_>) -> impl Iterator<Item = (Vec<u32>, NodeRef<'_>)> {
    let mut bfs = Bfs::new(root);
    std::iter::from_fn(move || loop {
        let visit = bfs.next()?;
        if visit.node.shape() == Shape::List && matches!(visit.node, NodeRef::Value(_)) {
            return Some((bfs.path(visit.index), visit.node));
        }
    })
}

/// The `n`-th whole list of `root` in breadth-first order, with its path.
fn nth_list(root: NodeRef<'_>, n: usize) -> Option<(Vec<u32>, NodeRef<'_>)> {
    whole_lists(root).nth(n)
}

/// Cuts lists short: for each whole list of at least `SHORTEST` elements, the shortest prefix
/// that still fails, by binary search on where it ends (exact when failing is monotone in the
/// prefix, as for "the list contains x" or "the list is long"): O(log n) candidates.
pub fn truncate(r: &mut Reducer<'_, '_>) -> bool {
    const SHORTEST: usize = 4;
    let mut progress = false;
    let mut n = 0;
    while n < LISTS && !r.spent() {
        let cex = r.current.clone();
        let Some((path, list)) = nth_list(NodeRef::Value(cex.node()), n) else { break };
        let (len, slot) = cells(list);
        n += 1;
        if len < SHORTEST {
            continue;
        }
        let end = node_at(list, &vec![slot; len]);
        let Some(empty) = end.map(NodeRef::to_value) else { continue };
        // The shortest failing prefix is in lo..=hi; the whole list (hi) fails.
        let (mut lo, mut hi) = (0, len);
        while lo < hi && !r.spent() {
            let mid = lo + (hi - lo) / 2;
            let at = suffix_path_at(&path, mid, slot);
            let Some(candidate) = r.with_replaced(&at, empty.clone()) else {
                break;
            };
            if r.try_candidate(candidate) {
                hi = mid;
                progress = true;
            } else {
                lo = mid + 1;
            }
        }
    }
    progress
}

/// Deletes runs of 8, 4, 3, 2, then 1 contiguous elements anywhere in each list (not only at
/// its ends): `[1, 2, 3, 7, 4]` loses `[1, 2, 3]` and `[4]` where only the 7 matters. Runs of
/// three keep a list read in threes whole (records of three fields flattened, a cycle of
/// three steps), where no run of a power of two does. After a deletion the same place is
/// tried again.
pub fn delete_runs(r: &mut Reducer<'_, '_>) -> bool {
    let mut progress = false;
    for n in 0..LISTS {
        // A copy of the current value, made again only once a candidate was kept.
        let mut cex = r.current.clone();
        for run in [8, 4, 3, 2, 1] {
            let mut start = 0;
            loop {
                if r.spent() {
                    return progress;
                }
                let Some((path, list)) = nth_list(NodeRef::Value(cex.node()), n) else {
                    return progress;
                };
                let (len, slot) = cells(list);
                if start + run > len || len > LONGEST {
                    break;
                }
                let Some(rest) = node_at(list, &vec![slot; start + run]) else { break };
                let at = suffix_path_at(&path, start, slot);
                let candidate = r.with_replaced(&at, rest.to_value());
                if candidate.is_some_and(|c| r.try_candidate(c)) {
                    progress = true;
                    cex = r.current.clone();
                } else {
                    start += 1;
                }
            }
        }
    }
    progress
}

/// Deletes two elements that are not neighbours, where neither can go alone: an operation
/// and a later one it pairs with (a push and the pop that would take it), or two elements
/// that each hold up a third. `[2, 22, 23, 1, 74, 1]` of a heap's pushes loses 22 and the
/// last 1 together (where no run of neighbours can go). Pairs among the first `PAIRED` cells
/// of each list; at most `TRIES` candidates a run, O(`TRIES` · n) nodes copied.
pub fn delete_pairs(r: &mut Reducer<'_, '_>) -> bool {
    const PAIRED: usize = 12;
    const TRIES: usize = 64;
    let mut tries = 0;
    for n in 0..LISTS {
        let cex = r.current.clone();
        let Some((path, list)) = nth_list(NodeRef::Value(cex.node()), n) else { return false };
        let len = list_len(list).min(PAIRED);
        for i in 0..len {
            // The cells after i: without cell j, the new tail of cell i.
            let Some(after) = node_at(list, &vec![1; i + 1]) else { break };
            for j in i + 2..len {
                if r.spent() || tries >= TRIES {
                    return false;
                }
                let Some(rest) = node_at(list, &vec![1; j + 1]) else { break };
                let mut tail = after.to_value();
                let gap = vec![1; j - i - 1];
                if assign_at_path(tail.as_node_mut(), &gap, rest.to_value()).is_err() {
                    continue;
                }
                tries += 1;
                let candidate = r.with_replaced(&suffix_path(&path, i), tail);
                if candidate.is_some_and(|c| r.try_candidate(c)) {
                    return true;
                }
            }
        }
    }
    false
}

/// Deletes the elements at the same indexes from every whole list of one type and length at
/// once: the rows of a matrix lose columns, parallel arrays entries, where the property asks
/// for equal lengths and no list can lose an element alone: `[[0, 0, 0, 0], [0, 0, 1, 0]]`
/// becomes `[[0, 0, 0], [0, 0, 1]]`. Groups of two or more among the first `LISTS` whole
/// lists (none inside another of the group), of at most `LONGEST` elements; runs of 8, 4, 2,
/// then 1 columns, the last first; after a deletion the pass starts over on the new value.
pub fn delete_columns(r: &mut Reducer<'_, '_>) -> bool {
    let mut progress = false;
    while delete_a_column_run(r) {
        progress = true;
    }
    progress
}

/// One step of [`delete_columns`]: true when a run of columns went.
fn delete_a_column_run(r: &mut Reducer<'_, '_>) -> bool {
    let cex = r.current.clone();
    let root = NodeRef::Value(cex.node());
    let lists: Vec<(Vec<u32>, NodeRef<'_>)> = whole_lists(root).take(LISTS).collect();
    let mut groups: Vec<Vec<&(Vec<u32>, NodeRef<'_>)>> = Vec::new();
    for list in lists.iter().filter(|(_, l)| list_len(*l) > 0) {
        let fits = |g: &Vec<&(Vec<u32>, NodeRef<'_>)>| {
            let first = g[0].1;
            first.value_type() == list.1.value_type()
                && list_len(first) == list_len(list.1)
                && g.iter().all(|(p, _)| !nested(p, &list.0))
        };
        match groups.iter_mut().find(|g| fits(g)) {
            Some(group) => group.push(list),
            None => groups.push(vec![list]),
        }
    }
    for group in groups.into_iter().filter(|g| g.len() > 1) {
        let len = list_len(group[0].1);
        if len > LONGEST {
            continue; // left to `truncate` and the sub-value hypothesis, as in `delete_runs`
        }
        for run in [8, 4, 2, 1].into_iter().filter(|&run| run <= len) {
            for k in (0..=len - run).rev() {
                if r.spent() {
                    return false;
                }
                let (mut paths, mut rests) = (Vec::new(), Vec::new());
                for (path, list) in &group {
                    let Some(rest) = node_at(*list, &vec![1; k + run]) else { break };
                    paths.push(suffix_path(path, k));
                    rests.push(rest.to_value());
                }
                if rests.len() < group.len() {
                    continue;
                }
                let replacements = paths.iter().map(Vec::as_slice).zip(rests).collect();
                if r.with_all(replacements).is_some_and(|c| r.try_candidate(c)) {
                    return true;
                }
            }
        }
    }
    false
}

/// Evaluations one call of [`delete_across`] may spend.
const ACROSS_TRIES: usize = 32;

/// Deletes the element at one index from lists of two different types and one length at
/// once, each side a whole list or every row of a list of lists (rows of one type and that
/// length): where one length is shared by lists of different types, no list can lose an
/// element alone, nor every list of one type (`delete_columns`). A matrix product asks for
/// A's rows to be as long as B: `([[10, 0]], [[0, 13], [0, 0]])` becomes
/// `([[10]], [[0, 13]])`, A's second column gone with B's second row; parallel lists of keys
/// and counts lose an entry together. As a last resort (run only in a round in which no pass
/// made progress): pairs among the first `LISTS` whole lists and their rows, one index at a
/// time (the last first), at most `ACROSS_TRIES` evaluations a call.
pub fn delete_across(r: &mut Reducer<'_, '_>) -> bool {
    let cex = r.current.clone();
    let root = NodeRef::Value(cex.node());
    let lists: Vec<(Vec<u32>, NodeRef<'_>)> = whole_lists(root).take(LISTS).collect();
    let len = |l: NodeRef<'_>| list_len_up_to(l, LONGEST + 1);
    // Each side: its lists (one type, one length), that length.
    let mut sides: Vec<(Vec<&Listed<'_>>, usize)> = Vec::new();
    for list in lists.iter().filter(|(_, l)| (1..=LONGEST).contains(&len(*l))) {
        sides.push((vec![list], len(list.1)));
    }
    for (outer, l) in &lists {
        let rows: Vec<_> = lists.iter().filter(|(p, _)| is_element(p, outer)).collect();
        let n = rows.first().map_or(0, |(_, row)| len(*row));
        let alike = rows.iter().all(|(_, row)| row.value_type() == rows[0].1.value_type());
        if rows.len() > 1
            && rows.len() == len(*l)
            && alike
            && rows.iter().all(|(_, row)| len(*row) == n)
            && (1..=LONGEST).contains(&n)
        {
            sides.push((rows, n));
        }
    }
    let until = r.tester.evaluations + ACROSS_TRIES;
    for (i, (first, n)) in sides.iter().enumerate() {
        for (second, m) in &sides[i + 1..] {
            let apart = first.iter().all(|(p, _)| second.iter().all(|(q, _)| !nested(p, q)));
            if m != n || first[0].1.value_type() == second[0].1.value_type() || !apart {
                continue;
            }
            for k in (0..*n).rev() {
                if r.spent() || r.tester.evaluations >= until {
                    return false;
                }
                let (mut paths, mut rests) = (Vec::new(), Vec::new());
                for (path, list) in first.iter().chain(second) {
                    let Some(rest) = node_at(*list, &vec![1; k + 1]) else { break };
                    paths.push(suffix_path(path, k));
                    rests.push(rest.to_value());
                }
                if rests.len() < first.len() + second.len() {
                    continue;
                }
                let replacements = paths.iter().map(Vec::as_slice).zip(rests).collect();
                if r.with_all(replacements).is_some_and(|c| r.try_candidate(c)) {
                    return true;
                }
            }
        }
    }
    false
}

/// A whole list and its path.
type Listed<'a> = (Vec<u32>, NodeRef<'a>);

/// True when the list at `path` is an element of the list at `outer` (its head at some cell).
fn is_element(path: &[u32], outer: &[u32]) -> bool {
    path.strip_prefix(outer)
        .and_then(|rest| rest.split_last())
        .is_some_and(|(last, cells)| *last == 0 && cells.iter().all(|&c| c == 1))
}

/// Concatenates adjacent lists in a list of lists: `[[a], [b, c], d]` becomes
/// `[[a, b, c], d]` (two constructors fewer), for failures that need enough elements in all
/// but not how they are split; likewise the lists of a map's adjacent entries, under the
/// first one's key: `{0: [a], 1: [b, c]}` becomes `{0: [a, b, c]}`.
pub fn merge_lists(r: &mut Reducer<'_, '_>) -> bool {
    r.each_node(|r, node, path| {
        let Some([(end, second), (tail, rest)]) = merged_at(node, path) else { return Vec::new() };
        r.with_all(vec![(&end, second), (&tail, rest)]).into_iter().collect()
    })
}

/// The two replacements that concatenate the list at the head of the cell `node` (at `path`)
/// with the next element: the first list's end becomes the second list, and the cell's tail
/// loses the second. `None` unless `node` is a cell of a list of lists with a second element,
/// or of a map of lists with a second entry ([`merged_entries_at`]).
fn merged_at(node: NodeRef<'_>, path: &[u32]) -> Option<[Placed; 2]> {
    let Some((first, tail)) = cons_parts(node).filter(|(f, _)| f.shape() == Shape::List) else {
        return merged_entries_at(node, path);
    };
    let (second, rest) = cons_parts(tail)?;
    let mut end = path.to_vec();
    end.push(0);
    let end = suffix_path(&end, list_len(first));
    Some([(end, second.to_value()), (suffix_path(path, 1), rest.to_value())])
}

/// [`merged_at`] on a map's entry cell `node` (children: key, value, tail) whose value is a
/// list: the value becomes its list and the next entry's concatenated, and the cell's tail
/// loses the next entry. `None` unless the next entry exists.
fn merged_entries_at(node: NodeRef<'_>, path: &[u32]) -> Option<[Placed; 2]> {
    fn entry(cell: NodeRef<'_>) -> Option<(NodeRef<'_>, NodeRef<'_>)> {
        let children = cell.children();
        let is_entry = cell.shape() == Shape::List && children.len() == 3;
        is_entry.then(|| (children[1].node, children[2].node))
    }
    let (first, tail) = entry(node).filter(|(value, _)| value.shape() == Shape::List)?;
    let (second, rest) = entry(tail)?;
    let end = suffix_path(&[path, &[1]].concat(), list_len(first));
    Some([(end, second.to_value()), ([path, &[2]].concat(), rest.to_value())])
}

/// `value` with one element of one of its lists moved to another place in that list, for
/// each whole list of `value` (the first `LISTS`, outermost first), each of its first
/// `LISTS` elements and each other place among them, nearest moves first; a move that
/// leaves the list as it was (past equal elements only) is skipped. The same elements in
/// another order: a sequence of operations whose bug shows in several orders
/// (`[Write(0), Read, Write(0), ..]` and `[Write(0), Write(0), Read, ..]`) is one of them moved
/// one operation. Lazily, one clone per value given: O(`LISTS`³) values at most.
pub(crate) fn moved_one(value: &Root) -> impl Iterator<Item = Root> + '_ {
    let root = NodeRef::Value(value.node());
    let lists: Vec<(Vec<u32>, usize)> = whole_lists(root)
        .take(LISTS)
        .map(|(path, list)| (path, list_len(list).min(LISTS)))
        .collect();
    lists.into_iter().flat_map(move |(path, len)| {
        nearest_moves(len).filter_map(move |(from, to)| moved(value, &path, from, to))
    })
}

/// Every move of one of `len` places to another, as `(from, to)`, nearest first: both
/// directions at each distance, but one for neighbours, which trade places either way.
pub(crate) fn nearest_moves(len: usize) -> impl Iterator<Item = (usize, usize)> {
    (1..len).flat_map(move |d| {
        (0..len - d)
            .flat_map(move |i| [(i, i + d), (i + d, i)].into_iter().take(1 + usize::from(d > 1)))
    })
}

/// `value` with one entry of a map or a set left out, for each of the first [`LISTS`] entries
/// of each of its first `LISTS` maps and sets, lazily: where the entries are kept in key
/// order, an entry the bug does not need may stand before the one it does, which a later
/// round's reduction must keep when the entry alone is an instance of a known class.
pub(crate) fn dropped_one(value: &Root) -> impl Iterator<Item = Root> + '_ {
    // A cell of a map is its key, its value and the rest; of a set, its key and the rest:
    // the paths of the first `most` cells of the map at `path`, and of the rest after them.
    fn cells(map: NodeRef<'_>, path: Vec<u32>, most: usize) -> Vec<Vec<u32>> {
        let (mut out, mut path, mut at) = (Vec::new(), path, map);
        while out.len() < most {
            out.push(path.clone());
            let children = at.children();
            let Some(rest) = children.len().checked_sub(1) else { break };
            path.push(rest as u32);
            at = children[rest].node;
        }
        out
    }
    // Each cell with the cell after it, whose rest takes its place.
    let pairs: Vec<(Vec<u32>, Vec<u32>)> = whole_lists(NodeRef::Value(value.node()))
        .filter(|(_, list)| crate::std_impls::is_keyed(*list))
        .take(LISTS)
        .flat_map(|(path, map)| {
            let cells = cells(map, path, LISTS + 1);
            cells.windows(2).map(|w| (w[0].clone(), w[1].clone())).collect::<Vec<_>>()
        })
        .collect();
    pairs.into_iter().filter_map(move |(cell, next)| {
        let rest = node_at(NodeRef::Value(value.node()), &next)?.to_value();
        let mut candidate = value.clone();
        assign_at_path(NodeMutRef::Value(candidate.node_mut()), &cell, rest).ok()?;
        Some(candidate)
    })
}

/// `value` with the element at position `from` of the list at `path` moved to position
/// `to`, the elements between shifted one place; `None` when that changes nothing.
fn moved(value: &Root, path: &[u32], from: usize, to: usize) -> Option<Root> {
    let list = node_at(NodeRef::Value(value.node()), path)?;
    let (lo, hi) = (from.min(to), from.max(to));
    let mut heads = Vec::with_capacity(hi - lo + 1);
    let mut at = node_at(list, &suffix_path(&[], lo))?;
    for _ in lo..=hi {
        let (head, tail) = cons_parts(at)?;
        heads.push(head);
        at = tail;
    }
    let mut order: Vec<usize> = (0..heads.len()).collect();
    if from < to {
        order.rotate_left(1);
    } else {
        order.rotate_right(1);
    }
    if order.iter().enumerate().all(|(k, &o)| super::order::compare(heads[k], heads[o]).is_eq()) {
        return None;
    }
    let placed: Vec<Box<dyn SubValue>> = order.iter().map(|&o| heads[o].to_value()).collect();
    let mut candidate = value.clone();
    for (k, head) in placed.into_iter().enumerate() {
        let mut cell = suffix_path(path, lo + k);
        cell.push(0);
        assign_at_path(NodeMutRef::Value(candidate.node_mut()), &cell, head).ok()?;
    }
    Some(candidate)
}

/// `value` with the elements of each of its lists of lists moved into the last inner list,
/// the others left empty: the same leaves in the same depth-first order, as many inner
/// lists. `None` when no inner list but the last holds an element.
pub(crate) fn shifted_all(value: &Root) -> Option<Root> {
    tree::placed_repeatedly(value, shifted_at)
}

/// The two replacements that move the elements of the non-empty inner list at the head of
/// the cell `node` (at `path`) to the front of the next one: the first becomes empty, the
/// second the two concatenated. `None` unless `node` is a cell of a list of lists whose head
/// holds an element and which has a second element.
fn shifted_at(node: NodeRef<'_>, path: &[u32]) -> Option<[Placed; 2]> {
    let (first, tail) = cons_parts(node).filter(|(f, _)| f.shape() == Shape::List)?;
    let (second, _) = cons_parts(tail)?;
    let mut joined = first.to_value();
    let end = suffix_path(&[], list_len(first));
    if end.is_empty() {
        return None; // the first inner list is empty already
    }
    assign_at_path(joined.as_node_mut(), &end, second.to_value()).ok()?;
    let empty = node_at(first, &end)?.to_value();
    let mut head = path.to_vec();
    head.push(0);
    let mut next = suffix_path(path, 1);
    next.push(0);
    Some([(head, empty), (next, joined)])
}

/// `value` with the inner lists of each of its lists of lists concatenated into one, and
/// the lists of each of its maps of lists under the first key: the same leaves in the same
/// depth-first order, one inner list where there were several. `None` when no list of lists
/// or map of lists has two elements.
pub(crate) fn merged_all(value: &Root) -> Option<Root> {
    tree::placed_repeatedly(value, merged_at)
}

/// Deletes an element of a list of primitive leaves and lowers every other leaf of its type
/// by one step (one rank, or two: the next smaller magnitude of a signed number keeps its
/// sign two ranks down), for values that count positions in the list: a deletion moves what
/// follows one place down, and the leaves pointing at it must follow. `[0, 0, 3, 2]` becomes
/// `[0, 2, 1]`. Also, for a list of any elements, deletes one and moves down by one every
/// number outside the list that indexes past it (a positive whole number above its position,
/// at most the list's length): `([0, 7], 1)` becomes `([7], 0)` where the property reads the
/// element at the index. Up to three candidates per cell of the first `LISTS` cells, on values
/// of at most a few dozen leaves.
pub fn renumber(r: &mut Reducer<'_, '_>) -> bool {
    let mut progress = false;
    'restart: loop {
        let cex = r.current.clone();
        let root = NodeRef::Value(cex.node());
        let leaves = tree::leaves(root);
        if leaves.len() > NEAR {
            return progress;
        }
        let Some((path, list)) = nth_list(root, 0) else { return progress };
        let len = list_len(list);
        // Positive whole numbers outside the list, at most its length: where each points, and
        // the number one down.
        let pointers: Vec<(&tree::LeafPath, u128, Box<dyn SubValue>)> = leaves
            .iter()
            .filter(|l| !l.path.starts_with(&path))
            .filter_map(|l| {
                let node = l.node.type_node();
                let (dir, at) = super::leaves::to_simplest(node)?;
                let pointer = dir == -1 && at <= len as u128;
                Some((&l.path, at, pointer.then(|| node.node_offset(-1)).flatten()?))
            })
            .collect();
        for i in 0..len.min(LISTS) {
            let cell = suffix_path(&path, i);
            let Some((head, _)) = node_at(root, &cell).and_then(cons_parts) else { break };
            let mut head_path = cell.clone();
            head_path.push(0);
            // Numbers outside the list that index past the deleted element.
            let indexes: Vec<(&tree::LeafPath, Box<dyn SubValue>)> = pointers
                .iter()
                .filter(|&&(_, at, _)| at > i as u128)
                .map(|(path, _, down)| (*path, down.clone()))
                .collect();
            let steps: &[u64] = if head.is_opaque() { &[1, 2] } else { &[] };
            let outside = (!indexes.is_empty()).then_some(indexes);
            let changes = steps
                .iter()
                .map(|&step| {
                    let lowered = leaves.iter().filter(|l| {
                        l.node.value_type() == head.value_type() && !l.path.starts_with(&head_path)
                    });
                    lowered
                        .filter_map(|l| {
                            let rank = l.node.type_node().leaf_rank().filter(|&k| k > 0)?;
                            let lower =
                                l.node.type_node().from_leaf_rank(rank.saturating_sub(step))?;
                            Some((&l.path, lower))
                        })
                        .collect::<Vec<_>>()
                })
                .chain(outside);
            for changes in changes {
                if r.spent() {
                    return progress;
                }
                if changes.is_empty() {
                    continue;
                }
                let Some(mut candidate) = r.with_leaves(changes) else { continue };
                let rest = node_at(NodeRef::Value(candidate.node()), &suffix_path(&cell, 1))
                    .map(NodeRef::to_value);
                let Some(rest) = rest else { continue };
                let deleted = crate::index::assign_at_path(
                    crate::subtypes::NodeMutRef::Value(candidate.node_mut()),
                    &cell,
                    rest,
                );
                if deleted.is_ok() && r.try_candidate(candidate) {
                    progress = true;
                    continue 'restart;
                }
            }
        }
        return progress;
    }
}

/// Folds an element of a list into the next one where their type has a fold
/// ([`SubTypes::folded`](crate::SubTypes::folded)), deleting it: `["aaaa", "aaaaaa"]`
/// becomes `["aaaaaaaaaa"]` where only the total length matters, `[-1, 1, 127]` of `i8`
/// becomes `[-1, -128]` where only the wrapping sum does. Such a fold is beyond the other
/// passes: strings are leaves, which `merge_lists` does not concatenate, and a sum's middle
/// step often has the larger rank sum (`[-1, 0, -128]` for a wrapped one; `[0, 2, x]` from
/// `[1, 1, x]` of a signed type), so moving size cannot reach it.
/// One candidate per foldable pair among the first `LISTS` cells of the first `LISTS`
/// lists; one constructor fewer each.
pub fn fold_neighbours(r: &mut Reducer<'_, '_>) -> bool {
    for n in 0..LISTS {
        let mut i = 0;
        loop {
            if r.spent() {
                return false;
            }
            let cex = r.current.clone();
            let Some((path, list)) = nth_list(NodeRef::Value(cex.node()), n) else {
                return false;
            };
            if i + 1 >= list_len(list).min(LISTS) {
                break;
            }
            let cell = suffix_path(&path, i);
            i += 1;
            let Some((a, tail)) = node_at(list, &vec![1; i - 1]).and_then(cons_parts) else {
                break;
            };
            let Some((b, _)) = cons_parts(tail) else { break };
            let Some(both) = a.type_node().node_folded(b.type_node()) else { continue };
            // The tail with its head folded in, in place of cell i.
            let mut rest = tail.to_value();
            if assign_at_path(rest.as_node_mut(), &[0], both).is_err() {
                continue;
            }
            if r.with_replaced(&cell, rest).is_some_and(|c| r.try_candidate(c)) {
                return true;
            }
        }
    }
    false
}

/// Moves a sub-value out of a list element into another list of its type, deleting the
/// element: `([Some(7)], [])` becomes `([], [7])`, a statement `Return(e)` in a body becomes
/// `e` among the arguments. For failures that need the sub-value somewhere but not in the
/// wrapper it was drawn in. Each element of the first `LISTS` cells of each of the first
/// `LISTS` whole lists offers its `NEAREST` nearest sub-values of each type (primitive
/// leaves included); each goes to the front of every whole list of its type that neither
/// holds the element nor lies in it (a one-element list of that type is drawn for it, up to
/// `DRAWS` times, since an empty list does not show its element type). A candidate has one
/// cell and the element's own constructors fewer. O(`LISTS` · `DRAWS`) draws and at most
/// `TRIES` candidates per run (a list of lists offers a move for every pair of its lists),
/// nearest elements first.
pub fn relocate(r: &mut Reducer<'_, '_>) -> bool {
    const NEAREST: usize = 2;
    const LOOK: usize = 16;
    const DRAWS: usize = 16;
    const TRIES: usize = 64;
    let mut tries = 0;
    let cex = r.current.clone();
    let root = NodeRef::Value(cex.node());
    // Every whole list, with a one-element list of its type whose head shows the element type.
    let mut lists: Vec<(Vec<u32>, NodeRef<'_>, Box<dyn SubValue>)> = Vec::new();
    for (path, list) in whole_lists(root).take(LISTS) {
        let bound = list.type_node().min_size().unwrap_or(0) + 4;
        let one = (0..DRAWS).find_map(|_| {
            let v = tree::generate_below(list, bound, r.gen, r.args.max_size)?;
            (list_len(v.as_node()) == 1).then_some(v)
        });
        if let Some(one) = one {
            lists.push((path, list, one));
        }
    }
    let element_type = |one: &dyn SubValue| cons_parts(one.as_node()).map(|(h, _)| h.value_type());
    for (list_path, list, _) in &lists {
        for i in 0..list_len(*list).min(LISTS) {
            let cell = suffix_path(list_path, i);
            let Some((element, tail)) = node_at(root, &cell).and_then(cons_parts) else { break };
            let mut taken: Vec<(TypeId, usize)> = Vec::new();
            for d in Bfs::with_leaves(element).skip(1).take(LOOK) {
                let ty = d.node.value_type();
                if ty == element.value_type() {
                    continue;
                }
                match taken.iter_mut().find(|(t, _)| *t == ty) {
                    Some((_, n)) if *n >= NEAREST => continue,
                    Some((_, n)) => *n += 1,
                    None => taken.push((ty, 1)),
                }
                for (to_path, to, one) in &lists {
                    if r.spent() || tries >= TRIES {
                        return false;
                    }
                    // Neither list inside the other: the paths stay valid through both steps.
                    if nested(to_path, &cell) || element_type(&**one) != Some(ty) {
                        continue;
                    }
                    // `[d] ++ to` in place of `to`, then the element's cell replaced by its tail.
                    let mut front = one.clone();
                    let head = assign_at_path(front.as_node_mut(), &[0], d.node.to_value());
                    let rest = assign_at_path(front.as_node_mut(), &[1], to.to_value());
                    if head.is_err() || rest.is_err() {
                        continue;
                    }
                    let mut candidate = cex.clone();
                    let moved =
                        assign_at_path(NodeMutRef::Value(candidate.node_mut()), to_path, front);
                    let deleted = assign_at_path(
                        NodeMutRef::Value(candidate.node_mut()),
                        &cell,
                        tail.to_value(),
                    );
                    tries += 1;
                    if moved.is_ok() && deleted.is_ok() && r.try_candidate(candidate) {
                        return true;
                    }
                }
            }
        }
    }
    false
}

/// Lifts an element out of a list nested in an element of a list of the same type, to stand
/// just before that element: `Arr([Arr([Num(11)])])` becomes `Arr([Num(11), Arr([])])`, and
/// a menu's only submenu hands its action to the menu (`[Sub([Action('b')])]` becomes
/// `[Action('b'), Sub([])]`). The size stays; the value is simpler when the lifted element's
/// constructor comes before the one it now stands in front of. For failures that need the
/// nesting, but not what is nested where. The first `NEAREST` elements of the `NEAREST`
/// nearest nested lists of each element among the first `LISTS` cells of the first `LISTS`
/// whole lists; at most `TRIES` candidates a run, one clone each.
pub fn lift(r: &mut Reducer<'_, '_>) -> bool {
    const NEAREST: usize = 2;
    const TRIES: usize = 32;
    let mut tries = 0;
    let cex = r.current.clone();
    for (cell, inner) in nested_lists(NodeRef::Value(cex.node()), NEAREST) {
        for (at, inner) in inner {
            for j in 0..list_len(inner).min(NEAREST) {
                if r.spent() || tries >= TRIES {
                    return false;
                }
                tries += 1;
                let candidate = lifted(&cex, &cell, &suffix_path(&at, j));
                if candidate.is_some_and(|c| r.try_candidate(c)) {
                    return true;
                }
            }
        }
    }
    false
}

/// The cells of `root`'s lists (the first `LISTS` of its first `LISTS` whole lists), each
/// with the first `nearest` non-empty lists of the list's own type in its element, and their
/// paths: where [`lift`] takes elements from.
fn nested_lists(
    root: NodeRef<'_>,
    nearest: usize,
) -> impl Iterator<Item = (Vec<u32>, Vec<(Vec<u32>, NodeRef<'_>)>)> {
    whole_lists(root).take(LISTS).flat_map(move |(list_path, list)| {
        let ty = list.value_type();
        (0..list_len(list).min(LISTS)).map_while(move |i| {
            let cell = suffix_path(&list_path, i);
            let (element, _) = node_at(root, &cell).and_then(cons_parts)?;
            let inner = whole_lists(element)
                .filter(|(_, l)| l.value_type() == ty && list_len(*l) > 0)
                .take(nearest)
                .map(|(path, l)| (cell.iter().copied().chain([0]).chain(path).collect(), l))
                .collect();
            Some((cell, inner))
        })
    })
}

/// `value` with the elements of lists nested in an element of a list of their type lifted
/// out, each to stand before that element ([`lift`]'s step, on the first such element each
/// time, at most `NEAR` times): `Arr([Arr([Num(11)])])` becomes `Arr([Num(11), Arr([])])`.
/// The same leaves in nearly the same depth-first order, nested lists left empty. `None`
/// when nothing nested lifts.
pub(crate) fn lifted_all(value: &Root) -> Option<Root> {
    tree::repeated(value, |current| {
        let mut nested = nested_lists(NodeRef::Value(current.node()), 1);
        let (cell, from) =
            nested.find_map(|(cell, inner)| Some((cell, inner.into_iter().next()?.0)))?;
        Some(lifted(current, &cell, &from))
    })
}

/// `value` with the element of the cell at `from` taken out of its list and put in front of
/// the cell at `cell` (which holds `from`'s list in its element).
fn lifted(value: &Root, cell: &[u32], from: &[u32]) -> Option<Root> {
    let (element, tail) = node_at(NodeRef::Value(value.node()), from).and_then(cons_parts)?;
    let element = element.to_value();
    let mut candidate = value.clone();
    assign_at_path(NodeMutRef::Value(candidate.node_mut()), from, tail.to_value()).ok()?;
    let rest = node_at(NodeRef::Value(candidate.node()), cell)?.to_value();
    // A cell of the list's type to hold the element: a copy of the one it goes in front of.
    let mut front = rest.clone();
    assign_at_path(front.as_node_mut(), &[0], element).ok()?;
    assign_at_path(front.as_node_mut(), &[1], rest).ok()?;
    assign_at_path(NodeMutRef::Value(candidate.node_mut()), cell, front).ok()?;
    Some(candidate)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reduce::testing::one_pass;

    #[test]
    fn lift_moves_an_element_of_a_nested_list_out_before_its_holder() {
        use crate::reduce::testing::Tree::{self, Arr, Leaf};
        fn arrs(t: &Tree) -> usize {
            match t {
                Arr(v) => 1 + v.iter().map(arrs).sum::<usize>(),
                _ => 0,
            }
        }
        fn has(t: &Tree, x: u8) -> bool {
            match t {
                Leaf(y) => *y == x,
                Arr(v) => v.iter().any(|t| has(t, x)),
                Tree::Node(a, _, b) => has(a, x) || has(b, x),
            }
        }
        // Two lists and an 11, wherever they are.
        let prop = |t: &Tree| arrs(t) < 2 || !has(t, 11);
        let got = one_pass(prop, Arr(vec![Arr(vec![Leaf(11)])]), lift);
        assert_eq!(got, Arr(vec![Leaf(11), Arr(vec![])]));
        // A list of trees: a list among them and a 3.
        let prop =
            |v: &Vec<Tree>| v.iter().map(arrs).sum::<usize>() < 1 || !v.iter().any(|t| has(t, 3));
        let got = one_pass(prop, vec![Arr(vec![Leaf(3)])], lift);
        assert_eq!(got, vec![Leaf(3), Arr(vec![])]);
    }

    #[test]
    fn delete_columns_deletes_one_index_from_every_list_of_one_length() {
        // Rows must be as long as each other and hold a 1: no row can lose an element alone.
        let prop = |m: &Vec<Vec<i16>>| {
            m.len() != 2 || m[0].len() != m[1].len() || !m.iter().flatten().any(|&x| x == 1)
        };
        let got = one_pass(prop, vec![vec![0, 0, 0, 0, 0], vec![0, 0, 1, 0, 0]], delete_columns);
        assert_eq!(got, vec![vec![0], vec![1]]);
        // Parallel arrays in a pair, the same.
        let prop = |p: &(Vec<u8>, Vec<u8>)| p.0.len() != p.1.len() || !p.1.contains(&1);
        let got = one_pass(prop, (vec![0; 5], vec![0, 0, 1, 0, 0]), delete_columns);
        assert_eq!(got, (vec![0], vec![1]));
    }

    #[test]
    fn delete_across_deletes_one_index_from_lists_of_two_types() {
        // Keys and counts as long as each other, a 255 among the counts.
        let prop = |p: &(Vec<char>, Vec<u8>)| p.0.len() != p.1.len() || !p.1.contains(&255);
        let got = one_pass(prop, (vec!['a'; 3], vec![0, 1, 255]), delete_across);
        assert_eq!(got.0.len(), 1);
        assert_eq!(got.1, vec![255]);
        // A's rows as long as B, whose rows are bytes: A's column goes with B's row.
        let prop = |p: &(Vec<Vec<i32>>, Vec<Vec<u8>>)| {
            p.0.iter().any(|row| row.len() != p.1.len()) || !p.0.iter().flatten().any(|&x| x == 10)
        };
        let got = one_pass(prop, (vec![vec![10, 0]], vec![vec![0, 13], vec![0, 0]]), delete_across);
        assert_eq!(got, (vec![vec![10]], vec![vec![0, 13]]));
    }

    #[test]
    fn truncate_finds_the_shortest_failing_prefix() {
        let got = one_pass(|v: &Vec<u8>| !v.contains(&7), vec![1, 2, 7, 3, 4, 5, 6, 8], truncate);
        assert_eq!(got, vec![1, 2, 7]);
        let got = one_pass(
            |p: &(bool, Vec<char>)| p.1.len() < 5,
            (true, "abcdefghij".chars().collect()),
            truncate,
        );
        assert_eq!(got.1, vec!['a', 'b', 'c', 'd', 'e']);
    }

    #[test]
    fn delete_runs_deletes_in_the_middle() {
        let got = one_pass(|v: &Vec<u8>| !v.contains(&7), vec![1, 2, 3, 7, 4, 5], delete_runs);
        assert_eq!(got, vec![7]);
        let prop =
            |v: &Vec<Option<bool>>| !v.windows(2).any(|w| w[0] == Some(true) && w[1].is_none());
        let v = vec![None, Some(false), Some(true), None, Some(true), None];
        assert_eq!(one_pass(prop, v, delete_runs), vec![Some(true), None]);
    }

    /// A map's or set's entries (cells of three children, or two) are cut and deleted as a
    /// list's elements: they were left to `hoist`, one evaluation an entry (a `HashMap` of
    /// 1,000 entries took about 1,000).
    #[test]
    fn maps_and_sets_lose_entries_as_lists_do() {
        use std::collections::{BTreeMap, BTreeSet, HashMap};
        let map: BTreeMap<u8, u8> = (0..20).map(|k| (k, k)).collect();
        let got = one_pass(|m: &BTreeMap<u8, u8>| !m.contains_key(&7), map.clone(), truncate);
        assert_eq!(got, (0..=7).map(|k| (k, k)).collect());
        let got = one_pass(|m: &BTreeMap<u8, u8>| !m.contains_key(&7), map, delete_runs);
        assert_eq!(got, BTreeMap::from([(7, 7)]));
        let set: BTreeSet<u16> = (0..20).collect();
        let got = one_pass(|s: &BTreeSet<u16>| !s.contains(&7), set, delete_runs);
        assert_eq!(got, BTreeSet::from([7]));
        let map: HashMap<String, u8> = (0..20).map(|k| (format!("k{k:02}"), k)).collect();
        let prop = |m: &HashMap<String, u8>| !m.contains_key("k07");
        assert_eq!(one_pass(prop, map, delete_runs), HashMap::from([("k07".into(), 7)]));
    }

    #[test]
    fn delete_pairs_deletes_two_apart_where_neither_goes_alone() {
        // Fails on two or more numbers whose sum is 3 modulo 4: no one number can go, nor two
        // neighbours, but 1 and 3 together can.
        let prop = |v: &Vec<u8>| v.len() < 2 || v.iter().sum::<u8>() % 4 != 3;
        assert_eq!(one_pass(prop, vec![1, 5, 2, 3], delete_pairs), vec![5, 2]);
        let prop = |p: &(bool, Vec<i64>)| p.1.len() < 2 || p.1.iter().sum::<i64>() % 4 != -3;
        let got = one_pass(prop, (false, vec![-1, -5, -2, -3]), delete_pairs);
        assert_eq!(got, (false, vec![-5, -2]));
        // Neighbours are `delete_runs`'s: [1, 2, 5] keeps its 1 and 2.
        let prop = |v: &Vec<u8>| v.len() < 2 || v.iter().sum::<u8>() % 4 != 0;
        assert_eq!(one_pass(prop, vec![1, 2, 5], delete_pairs), vec![1, 2, 5]);
    }

    #[test]
    fn merge_lists_concatenates_neighbours() {
        let prop = |v: &Vec<Vec<u8>>| v.iter().map(Vec::len).sum::<usize>() < 5;
        let got = one_pass(prop, vec![vec![1, 2], vec![3], vec![4, 5, 6]], merge_lists);
        assert_eq!(got, vec![vec![1, 2, 3, 4, 5, 6]]);
        let prop = |p: &(u8, Vec<Vec<bool>>)| p.1.iter().map(Vec::len).sum::<usize>() < 3;
        let got = one_pass(prop, (1, vec![vec![true], vec![false, true]]), merge_lists);
        assert_eq!(got, (1, vec![vec![true, false, true]]));
    }

    #[test]
    fn moved_one_moves_one_element_within_each_list_once() {
        let moves = |v: &(Vec<u8>, Vec<char>)| -> Vec<(Vec<u8>, Vec<char>)> {
            let root = Root::new(v.clone());
            moved_one(&root).map(|m| m.downcast::<(Vec<u8>, Vec<char>)>()).collect()
        };
        let got = moves(&(vec![1, 2, 3], vec!['a', 'a']));
        let lists: Vec<Vec<u8>> = got.iter().map(|m| m.0.clone()).collect();
        assert_eq!(lists, [vec![2, 1, 3], vec![1, 3, 2], vec![2, 3, 1], vec![3, 1, 2]]);
        assert!(got.iter().all(|m| m.1 == ['a', 'a']), "{got:?}");
        // The second list's moves: none between equal elements; one between two that differ.
        let got = moves(&(vec![], vec!['a', 'b']));
        assert_eq!(got, [(vec![], vec!['b', 'a'])]);
    }

    #[test]
    fn relocate_moves_a_sub_value_out_of_its_wrapper_into_another_list() {
        // Fails when a 7 is anywhere: an `Option` wrapper, then a pair, around it. Each
        // element leaves its wrapper (the 1 too: it costs a constructor there as well).
        let prop = |p: &(Vec<Option<u8>>, Vec<u8>)| !p.0.contains(&Some(7)) && !p.1.contains(&7);
        let got = one_pass(prop, (vec![Some(1), Some(7)], vec![2]), relocate);
        assert_eq!(got, (vec![], vec![7, 1, 2]));
        let prop = |p: &(Vec<u16>, Vec<(u16, bool)>)| {
            p.0.iter().chain(p.1.iter().map(|x| &x.0)).all(|&x| x != 300)
        };
        let got = one_pass(prop, (vec![], vec![(300, true)]), relocate);
        assert_eq!(got, (vec![300], vec![]));
    }

    #[test]
    fn relocate_tries_a_bounded_number_of_moves() {
        thread_local! {
            static CALLS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
        }
        // Ten lists of three: every move deletes one, and only ten lists fail. Each list may
        // move two numbers into each earlier list: 90 candidates, of which 64 are tried.
        let prop = |v: &Vec<Vec<u8>>| {
            CALLS.with(|c| c.set(c.get() + 1));
            v.len() != 10
        };
        let start: Vec<Vec<u8>> = (0..10).map(|i| vec![i, i + 1, i + 2]).collect();
        let got = one_pass(prop, start.clone(), relocate);
        assert_eq!(got, start);
        let calls = CALLS.with(|c| c.get());
        assert!((2..=65).contains(&calls), "{calls} calls (the first is the check it fails)");
    }

    fn sum(v: &[i8]) -> i8 {
        v.iter().fold(0, |a, &b| a.wrapping_add(b))
    }

    #[test]
    fn fold_neighbours_keeps_a_wrapping_sum_or_a_total_length() {
        let got = one_pass(|v: &Vec<i8>| sum(v) != -128, vec![0, 1, 127, -1, 1], fold_neighbours);
        assert_eq!(got, vec![-128]);
        let prop = |p: &(bool, Vec<u8>)| p.1.iter().fold(0u8, |a, &b| a.wrapping_add(b)) != 44;
        assert_eq!(one_pass(prop, (true, vec![200, 100]), fold_neighbours), (true, vec![44]));
        // A sum that does not wrap folds too: moving size from one to the other and deleting
        // it cannot always get there (`[1, 1]` to `[0, 2]` raises a signed rank sum).
        let got = one_pass(|v: &Vec<i8>| sum(v) != 8, vec![3, 5], fold_neighbours);
        assert_eq!(got, vec![8]);
        let chars = |v: &Vec<String>| v.iter().map(String::len).sum::<usize>() < 4;
        let got = one_pass(chars, vec!["ab".into(), "c".into(), "d".into()], fold_neighbours);
        assert_eq!(got, vec!["abcd".to_string()]);
    }

    /// Values are indexes into the list; fails when two elements point at each other.
    fn coupled<X: Copy + TryInto<usize>>(v: &[X]) -> bool {
        let at = |x: X| x.try_into().ok().filter(|&i| i < v.len());
        let indexes: Option<Vec<usize>> = v.iter().map(|&x| at(x)).collect();
        let Some(ix) = indexes else { return true };
        !ix.iter().enumerate().any(|(i, &j)| j != i && ix[j] == i)
    }

    #[test]
    fn renumber_keeps_indexes_pointing_at_their_elements() {
        let got = one_pass(|v: &Vec<u8>| coupled(v), vec![0, 0, 3, 2], renumber);
        assert_eq!(got, vec![1, 0]);
        let got = one_pass(|v: &Vec<i64>| coupled(v), vec![0, 0, 3, 2], renumber);
        assert_eq!(got, vec![1, 0]);
    }

    #[test]
    fn dropped_one_leaves_out_each_entry_of_each_map_and_set() {
        type V = (std::collections::BTreeMap<u8, char>, Vec<u8>, std::collections::BTreeSet<u8>);
        let value: V = ([(1, 'a'), (2, 'b')].into(), vec![5, 6], [7, 8, 9].into());
        let root = Root::new(value);
        let got: Vec<V> = dropped_one(&root).map(|r| r.downcast::<V>()).collect();
        let want: Vec<V> = vec![
            ([(2, 'b')].into(), vec![5, 6], [7, 8, 9].into()),
            ([(1, 'a')].into(), vec![5, 6], [7, 8, 9].into()),
            ([(1, 'a'), (2, 'b')].into(), vec![5, 6], [8, 9].into()),
            ([(1, 'a'), (2, 'b')].into(), vec![5, 6], [7, 9].into()),
            ([(1, 'a'), (2, 'b')].into(), vec![5, 6], [7, 8].into()),
        ];
        assert_eq!(got, want);
    }
}
