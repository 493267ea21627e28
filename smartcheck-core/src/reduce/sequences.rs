//! Passes that shorten lists, for any list type (`Vec`, `VecDeque`, and whatever else is a
//! chain of cons cells, maps and sets among them once they are lists of entries): the
//! shortest failing prefix, runs of 1 to 8 elements deleted anywhere, neighbouring lists of a
//! list of lists merged, and an element deleted while leaves that count positions follow.
//!
//! Invariant: every candidate has fewer constructors than the current value (a deleted cell
//! is one constructor and its element's), so it is simpler in `order` whatever its leaves.
//!
//! Cost: `truncate` is a binary search per list, O(log n) candidates; `delete_runs` tries at
//! most 4·n candidates per list of n (each success restarts at the same place); the others
//! one candidate per cell of the first few.

use crate::index::Bfs;
use crate::subtypes::{NodeRef, Shape, SubValue};

use super::tree::{self, cons_parts, list_len, node_at, suffix_path};
use super::{Reducer, NEAR};

/// Whole lists (not suffixes) a pass looks at, breadth-first.
const LISTS: usize = 16;

/// The longest list `delete_runs` walks (4·n candidates of O(n) each): longer lists are cut
/// by `truncate` and the sub-value hypothesis first.
const LONGEST: usize = 1024;

/// The `n`-th whole list of `root` in breadth-first order (a suffix is not a whole list), with
/// its path.
fn nth_list(root: NodeRef<'_>, n: usize) -> Option<(Vec<u32>, NodeRef<'_>)> {
    let mut bfs = Bfs::new(root);
    let mut seen = 0;
    while let Some(visit) = bfs.next() {
        if visit.node.shape() == Shape::List && matches!(visit.node, NodeRef::Value(_)) {
            if seen == n {
                return Some((bfs.path(visit.index), visit.node));
            }
            seen += 1;
        }
    }
    None
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
        let len = list_len(list);
        n += 1;
        if len < SHORTEST {
            continue;
        }
        let Some(empty) = node_at(list, &vec![1; len]).map(NodeRef::to_value) else { continue };
        // The shortest failing prefix is in lo..=hi; the whole list (hi) fails.
        let (mut lo, mut hi) = (0, len);
        while lo < hi && !r.spent() {
            let mid = lo + (hi - lo) / 2;
            let Some(candidate) = r.with_replaced(&suffix_path(&path, mid), empty.clone()) else {
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

/// Deletes runs of 8, 4, 2, then 1 contiguous elements anywhere in each list (not only at
/// its ends): `[1, 2, 3, 7, 4]` loses `[1, 2, 3]` and `[4]` where only the 7 matters. After a
/// deletion the same place is tried again.
pub fn delete_runs(r: &mut Reducer<'_, '_>) -> bool {
    let mut progress = false;
    for n in 0..LISTS {
        for run in [8, 4, 2, 1] {
            let mut start = 0;
            loop {
                if r.spent() {
                    return progress;
                }
                let cex = r.current.clone();
                let Some((path, list)) = nth_list(NodeRef::Value(cex.node()), n) else {
                    return progress;
                };
                let len = list_len(list);
                if start + run > len || len > LONGEST {
                    break;
                }
                let Some(rest) = node_at(list, &vec![1; start + run]) else { break };
                let candidate = r.with_replaced(&suffix_path(&path, start), rest.to_value());
                if candidate.is_some_and(|c| r.try_candidate(c)) {
                    progress = true;
                } else {
                    start += 1;
                }
            }
        }
    }
    progress
}

/// Concatenates adjacent lists in a list of lists: `[[a], [b, c], d]` becomes
/// `[[a, b, c], d]` (two constructors fewer), for failures that need enough elements in all
/// but not how they are split.
pub fn merge_lists(r: &mut Reducer<'_, '_>) -> bool {
    r.each_node(|r, node, path| {
        let Some((first, tail)) = cons_parts(node).filter(|(f, _)| f.shape() == Shape::List) else {
            return Vec::new();
        };
        let Some((second, rest)) = cons_parts(tail) else { return Vec::new() };
        let mut end = path.to_vec();
        end.push(0);
        let end = suffix_path(&end, list_len(first));
        let tail_path = suffix_path(path, 1);
        r.with_all(vec![(&end, second.to_value()), (&tail_path, rest.to_value())])
            .into_iter()
            .collect()
    })
}

/// Deletes an element of a list of primitive leaves and lowers every other leaf of its type
/// by one step (one rank, or two: the next smaller magnitude of a signed number keeps its
/// sign two ranks down), for values that count positions in the list: a deletion moves what
/// follows one place down, and the leaves pointing at it must follow. `[0, 0, 3, 2]` becomes
/// `[0, 2, 1]`. One or two candidates per cell of the first `LISTS` cells, on values of at
/// most a few dozen leaves.
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
        for i in 0..list_len(list).min(LISTS) {
            let cell = suffix_path(&path, i);
            let Some((head, _)) = node_at(root, &cell).and_then(cons_parts) else { break };
            if !head.is_opaque() {
                return progress;
            }
            for step in [1, 2] {
                if r.spent() {
                    return progress;
                }
                let mut head_path = cell.clone();
                head_path.push(0);
                let lowered = leaves.iter().filter(|l| {
                    l.node.value_type() == head.value_type() && !l.path.starts_with(&head_path)
                });
                let changes: Vec<(&tree::LeafPath, Box<dyn SubValue>)> = lowered
                    .filter_map(|l| {
                        let rank = l.node.type_node().leaf_rank().filter(|&k| k > 0)?;
                        let lower = l.node.type_node().from_leaf_rank(rank.saturating_sub(step))?;
                        Some((&l.path, lower))
                    })
                    .collect();
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reduce::testing::one_pass;

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

    #[test]
    fn merge_lists_concatenates_neighbours() {
        let prop = |v: &Vec<Vec<u8>>| v.iter().map(Vec::len).sum::<usize>() < 5;
        let got = one_pass(prop, vec![vec![1, 2], vec![3], vec![4, 5, 6]], merge_lists);
        assert_eq!(got, vec![vec![1, 2, 3, 4, 5, 6]]);
        let prop = |p: &(u8, Vec<Vec<bool>>)| p.1.iter().map(Vec::len).sum::<usize>() < 3;
        let got = one_pass(prop, (1, vec![vec![true], vec![false, true]]), merge_lists);
        assert_eq!(got, (1, vec![vec![true, false, true]]));
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
}
