//! Breadth-first indexing of sub-values (paper §3: `index`, `replace`, `subVals`).
//!
//! Index 0 is the value itself; then its non-opaque children, level by level, left to right.
//! Opaque nodes (numbers, strings, `#[smartcheck(opaque)]` types) and frozen fields
//! (`#[smartcheck(opaque)]` fields) are not indexed and neither is anything under them.
//!
//! Cost: walking to index `i` visits at most the first `i` nodes plus their children; a path
//! is kept as parent links, so memory is O(nodes visited) whatever the depth. No recursion.

use std::collections::VecDeque;

use crate::subtypes::{NodeMutRef, NodeRef, SubValue};

/// A breadth-first walk over the indexed (non-opaque) nodes of a value.
pub struct Bfs<'a> {
    queue: VecDeque<(NodeRef<'a>, u32, u32)>,
    /// For each node handed out: (parent id, child slot in the parent, depth).
    links: Vec<(u32, u32, u32)>,
    /// Also hand out the primitive leaves that generalization may turn into variables.
    leaves: bool,
}

/// True for a primitive leaf that generalization may turn into a variable (§5.1 beyond the
/// paper): a number, `bool`, `char` or `String` in a field that is not marked
/// `#[smartcheck(opaque)]`. Types marked `#[smartcheck(opaque)]`, maps and sets are not.
pub fn is_variable_leaf(node: NodeRef<'_>) -> bool {
    let NodeRef::Value(value) = node else { return false };
    if !value.is_opaque() {
        return false;
    }
    let name = value.type_name();
    value.from_leaf_rank(0).is_some() || ["alloc::string::String", "f32", "f64"].contains(&name)
}

/// One node of a [`Bfs`] walk.
#[derive(Clone, Copy)]
pub struct Visit<'a> {
    /// The node.
    pub node: NodeRef<'a>,
    /// Its breadth-first index.
    pub index: usize,
    /// Its depth: 0 for the root.
    pub depth: usize,
}

const ROOT: u32 = u32::MAX;

/// Nodes a walk has room for before its first reallocation.
const ROOM: usize = 16;

impl<'a> Bfs<'a> {
    /// A walk starting at `root` (index 0). An opaque root yields only itself.
    pub fn new(root: NodeRef<'a>) -> Self {
        // Room from the start for a small value's nodes: grown from one, the queue and the
        // links were reallocated three times each in a walk of a dozen nodes.
        let mut queue = VecDeque::with_capacity(ROOM);
        queue.push_back((root, ROOT, 0));
        Bfs { queue, links: Vec::with_capacity(ROOM), leaves: false }
    }

    /// A walk that also hands out the primitive leaves of non-frozen fields that
    /// [`is_variable_leaf`] accepts, each in its breadth-first place. The other nodes come
    /// in the same relative order as in [`Bfs::new`]'s walk (which generalization relies on
    /// to map one numbering to the other); reduction's numbering is [`Bfs::new`]'s.
    pub fn with_leaves(root: NodeRef<'a>) -> Self {
        Bfs { leaves: true, ..Bfs::new(root) }
    }

    /// The child slots leading from the root to the node with breadth-first index `index`.
    pub fn path(&self, index: usize) -> Vec<u32> {
        let mut path: Vec<u32> = self.slots_up(index).collect();
        path.reverse();
        path
    }

    /// The child slots from visited node `index` up to the root: its [`path`](Self::path)
    /// in reverse, for a caller that keeps it without allocating.
    pub(crate) fn slots_up(&self, index: usize) -> impl Iterator<Item = u32> + '_ {
        let mut at = index as u32;
        std::iter::from_fn(move || {
            let &(parent, slot, _) = self.links.get(at as usize)?;
            if parent == ROOT {
                return None;
            }
            at = parent;
            Some(slot)
        })
    }

    /// The breadth-first index of the parent of node `index` (`None` for the root).
    pub fn parent(&self, index: usize) -> Option<usize> {
        match self.links.get(index) {
            Some(&(parent, _, _)) if parent != ROOT => Some(parent as usize),
            _ => None,
        }
    }

    /// The parent of node `index` and the child slot `index` has in it (`None` for the
    /// root): the last step of its [`path`](Self::path), without walking it.
    pub(crate) fn parent_slot(&self, index: usize) -> Option<(usize, u32)> {
        match self.links.get(index) {
            Some(&(parent, slot, _)) if parent != ROOT => Some((parent as usize, slot)),
            _ => None,
        }
    }

    /// True when node `index` lies strictly under node `ancestor` (the paper's `subTree`).
    pub fn is_under(&self, index: usize, ancestor: usize) -> bool {
        let mut at = self.parent(index);
        while let Some(p) = at {
            if p == ancestor {
                return true;
            }
            at = self.parent(p);
        }
        false
    }
}

impl<'a> Iterator for Bfs<'a> {
    type Item = Visit<'a>;

    fn next(&mut self) -> Option<Visit<'a>> {
        let (node, parent, slot) = self.queue.pop_front()?;
        let index = self.links.len() as u32;
        let depth = if parent == ROOT { 0 } else { self.links[parent as usize].2 + 1 };
        self.links.push((parent, slot, depth));
        if !node.is_opaque() {
            for (slot, child) in node.children().iter().enumerate() {
                let leaf = self.leaves && is_variable_leaf(child.node);
                if !child.frozen && (leaf || !child.node.is_opaque()) {
                    self.queue.push_back((child.node, index, slot as u32));
                }
            }
        }
        Some(Visit { node, index: index as usize, depth: depth as usize })
    }
}

/// A sub-value found by [`locate`]: the node and the child slots leading to it.
pub struct Located<'a> {
    /// The node at the index.
    pub node: NodeRef<'a>,
    /// Child slots from the root to the node.
    pub path: Vec<u32>,
    /// Depth of the node (0 for the root).
    pub depth: usize,
}

/// The node at breadth-first index `i` under `root`, with its path.
pub fn locate(root: NodeRef<'_>, i: usize) -> Option<Located<'_>> {
    let mut bfs = Bfs::new(root);
    let found = bfs.by_ref().find(|v| v.index == i)?;
    Some(Located { node: found.node, path: bfs.path(i), depth: found.depth })
}

/// Overwrites the node at `path` under `root` with `value`; hands `value` back when the path
/// does not exist or the type differs.
pub fn assign_at_path(
    root: NodeMutRef<'_>,
    path: &[u32],
    value: Box<dyn SubValue>,
) -> Result<(), Box<dyn SubValue>> {
    root.assign_along(&mut path.iter().map(|&slot| slot as usize), value)
}

/// [`assign_at_path`] from a value's mutable node, with a typed error.
pub fn replace_at_path(
    root: &mut dyn crate::subtypes::NodeMut,
    path: &[u32],
    value: Box<dyn SubValue>,
) -> Result<(), crate::subtypes::ReplaceError> {
    let found = value.type_name();
    assign_at_path(NodeMutRef::Value(root), path, value).map_err(|_| {
        crate::subtypes::ReplaceError::WrongType { expected: "the sub-value's type", found }
    })
}

/// The tree of a value's indexed sub-values (the paper's `subVals`), flat and in breadth-first
/// order, so that it is safe at any depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SubTree {
    nodes: Vec<SubTreeNode>,
}

/// One node of a [`SubTree`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SubTreeNode {
    /// The constructor at this node.
    pub constructor: &'static str,
    /// Breadth-first index of the parent (`None` at the root).
    pub parent: Option<usize>,
    /// Breadth-first indexes of the children.
    pub children: Vec<usize>,
    /// Depth (0 at the root).
    pub depth: usize,
}

impl SubTree {
    /// The tree of `root`.
    pub fn of(root: NodeRef<'_>) -> SubTree {
        let mut bfs = Bfs::new(root);
        let mut nodes: Vec<SubTreeNode> = Vec::new();
        while let Some(v) = bfs.next() {
            let parent = bfs.parent(v.index);
            if let Some(p) = parent {
                nodes[p].children.push(v.index);
            }
            nodes.push(SubTreeNode {
                constructor: v.node.constructor(),
                parent,
                children: Vec::new(),
                depth: v.depth,
            });
        }
        SubTree { nodes }
    }

    /// The number of indexed sub-values (the value's index count).
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// True for an opaque value (nothing indexed but the root) — never empty otherwise.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The node at breadth-first index `i`.
    pub fn get(&self, i: usize) -> Option<&SubTreeNode> {
        self.nodes.get(i)
    }

    /// All nodes in breadth-first order.
    pub fn nodes(&self) -> &[SubTreeNode] {
        &self.nodes
    }

    /// True when `index` lies strictly under `ancestor`.
    pub fn is_under(&self, index: usize, ancestor: usize) -> bool {
        let mut at = self.nodes.get(index).and_then(|n| n.parent);
        while let Some(p) = at {
            if p == ancestor {
                return true;
            }
            at = self.nodes[p].parent;
        }
        false
    }
}
