//! Rendering values in Rust syntax and as the paper's tree (§6), with holes for generalized
//! sub-values (`x0`) and constructors (`c0(..)`).
//!
//! Values print as `Debug` would (`Div(C(7), Add(C(-5), C(5)))`, `Point { x: 1, y: x0 }`), a
//! list with a generalized tail as `[1, 2, ..x0]`; opaque values and frozen fields print with
//! their own `Debug`.
//!
//! Invariant: holes are keyed by breadth-first index, the same numbering as
//! [`SubTypes::sub_value`](crate::SubTypes::sub_value); [`render_generalized`] keys them by
//! generalization's numbering instead ([`Bfs::with_leaves`](crate::Bfs::with_leaves), primitive
//! leaves counted too). Cost: O(nodes) time and memory, no recursion.

use std::collections::{BTreeMap, VecDeque};
use std::fmt::{self, Write};

use crate::index::is_variable_leaf;
use crate::subtypes::{NodeRef, Shape};

/// What a generalized sub-value prints as.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hole {
    /// A universally quantified value: prints as its name, `x0`.
    Value(String),
    /// A quantified constructor with existential arguments: prints as `c0(..)`.
    Constructor(String),
    /// A quantified constructor whose arguments are kept: prints as `k0` in place of the
    /// constructor's name, the arguments as they are (`k0(Lit(x1), In)`).
    Renamed(String),
    /// As [`Hole::Renamed`], over struct-like variants that name their fields differently:
    /// each field prints with `fields`' name for it, the constructors' names joined
    /// (`k0 { width | x: x0, height | y: x1 }`).
    RenamedFields {
        /// The constructor variable's name, `k0`.
        name: String,
        /// Each field's names, in field order.
        fields: Vec<String>,
    },
}

impl Hole {
    /// For a constructor variable that keeps its arguments: its name and, where the
    /// constructors name their fields differently, the names to print them with.
    fn renamed(&self) -> Option<(&str, Option<&[String]>)> {
        match self {
            Hole::Renamed(name) => Some((name, None)),
            Hole::RenamedFields { name, fields } => Some((name, Some(fields))),
            _ => None,
        }
    }
}

impl fmt::Display for Hole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Hole::Value(name) | Hole::Renamed(name) | Hole::RenamedFields { name, .. } => {
                f.write_str(name)
            }
            Hole::Constructor(name) => write!(f, "{name}(..)"),
        }
    }
}

/// Holes by breadth-first index.
pub type Holes = BTreeMap<usize, Hole>;

struct Entry<'a> {
    node: NodeRef<'a>,
    /// Printed with `Debug`: opaque, or a frozen field.
    atom: bool,
    children: std::ops::Range<usize>,
    index: Option<usize>,
}

/// Every node of a value in breadth-first order, with its children as a range of entries.
struct Arena<'a> {
    entries: Vec<Entry<'a>>,
}

impl<'a> Arena<'a> {
    /// The arena of `root`; with `leaves`, primitive leaves are numbered too (as
    /// [`Bfs::with_leaves`](crate::Bfs::with_leaves) numbers them), so that they can be holes.
    fn new(root: NodeRef<'a>, leaves: bool) -> Self {
        let mut entries = Vec::new();
        let mut queue = VecDeque::new();
        queue.push_back((root, false));
        let mut next_index = 0;
        while let Some((node, frozen)) = queue.pop_front() {
            let atom = frozen || node.is_opaque();
            // The parent of this entry was indexed unless it was an atom (atoms have no
            // children here), so an entry is indexed exactly when it is not an atom (or, with
            // `leaves`, a primitive leaf of a field that is not frozen).
            let indexed = !atom || (leaves && !frozen && is_variable_leaf(node));
            let index = indexed.then(|| {
                next_index += 1;
                next_index - 1
            });
            let start = entries.len() + queue.len() + 1;
            let mut count = 0;
            if !atom {
                for child in node.children() {
                    queue.push_back((child.node, child.frozen));
                    count += 1;
                }
            }
            entries.push(Entry { node, atom, children: start..start + count, index });
        }
        Arena { entries }
    }

    fn indexed_children(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        self.entries[i].children.clone().filter(|&c| !self.entries[c].atom)
    }
}

enum Task {
    Node(usize),
    Text(&'static str),
    Owned(String),
}

/// Renders `root` in Rust syntax with `holes` in place of generalized sub-values.
pub fn render(root: NodeRef<'_>, holes: &Holes) -> String {
    let arena = Arena::new(root, false);
    let mut out = String::new();
    render_entry(&arena, 0, holes, &mut out);
    out
}

fn render_entry(arena: &Arena<'_>, at: usize, holes: &Holes, out: &mut String) {
    let mut stack = vec![Task::Node(at)];
    while let Some(task) = stack.pop() {
        match task {
            Task::Text(s) => out.push_str(s),
            Task::Owned(s) => out.push_str(&s),
            Task::Node(i) => expand(arena, i, holes, out, &mut stack),
        }
    }
}

/// Writes the start of node `i` and pushes the rest (children and punctuation) on `stack`.
fn expand(arena: &Arena<'_>, i: usize, holes: &Holes, out: &mut String, stack: &mut Vec<Task>) {
    let e = &arena.entries[i];
    let mut name: &str = e.node.constructor();
    // Field names a renamed constructor prints its fields with, in place of the node's own.
    let mut renamed_fields: Option<&[String]> = None;
    if let Some(hole) = e.index.and_then(|ix| holes.get(&ix)) {
        match hole.renamed() {
            Some((renamed, fields)) => (name, renamed_fields) = (renamed, fields),
            None => {
                let _ = write!(out, "{hole}");
                return;
            }
        }
    }
    if e.atom {
        let _ = write!(out, "{:?}", e.node);
        return;
    }
    let children: Vec<usize> = e.children.clone().collect();
    let mut tasks: Vec<Task> = Vec::new();
    match e.node.shape() {
        Shape::Atom => {
            let _ = write!(out, "{:?}", e.node);
        }
        Shape::Unit => out.push_str(name),
        Shape::Tuple if children.is_empty() && !name.is_empty() => out.push_str(name),
        Shape::Tuple => {
            out.push_str(name);
            out.push('(');
            separated(&mut tasks, children.iter().map(|&c| vec![Task::Node(c)]));
            if name.is_empty() && children.len() == 1 {
                tasks.push(Task::Text(","));
            }
            tasks.push(Task::Text(")"));
        }
        Shape::Struct(_) if children.is_empty() => out.push_str(name),
        Shape::Struct(fields) => {
            out.push_str(name);
            out.push_str(" { ");
            let labels = field_labels(fields, renamed_fields);
            separated(
                &mut tasks,
                labels
                    .into_iter()
                    .zip(&children)
                    .map(|(f, &c)| vec![Task::Owned(format!("{f}: ")), Task::Node(c)]),
            );
            tasks.push(Task::Text(" }"));
        }
        Shape::Seq => {
            out.push('[');
            separated(&mut tasks, children.iter().map(|&c| vec![Task::Node(c)]));
            tasks.push(Task::Text("]"));
        }
        Shape::List => {
            let (open, close) = crate::std_impls::list_brackets(e.node.constructors());
            out.push_str(open);
            let (elements, tail) = list_elements(arena, i, holes);
            let mut items: Vec<Vec<Task>> = elements.into_iter().map(entry_tasks).collect();
            if let Some(hole) = tail {
                items.push(vec![Task::Owned(format!("..{hole}"))]);
            }
            separated(&mut tasks, items.into_iter());
            tasks.push(Task::Text(close));
        }
    }
    stack.extend(tasks.into_iter().rev());
}

fn separated(tasks: &mut Vec<Task>, items: impl Iterator<Item = Vec<Task>>) {
    for (k, item) in items.enumerate() {
        if k > 0 {
            tasks.push(Task::Text(", "));
        }
        tasks.extend(item);
    }
}

/// A list element's parts as printed: `x`, or a map entry's `k: v`.
fn entry_tasks(parts: Vec<usize>) -> Vec<Task> {
    let mut tasks = Vec::new();
    for (k, part) in parts.into_iter().enumerate() {
        if k > 0 {
            tasks.push(Task::Text(": "));
        }
        tasks.push(Task::Node(part));
    }
    tasks
}

/// The elements of the list starting at entry `i` (each its cell's children but the tail: the
/// element, or a map entry's key and value), and the hole its tail ends in, if a suffix was
/// generalized.
fn list_elements<'h>(
    arena: &Arena<'_>,
    i: usize,
    holes: &'h Holes,
) -> (Vec<Vec<usize>>, Option<&'h Hole>) {
    let mut elements = Vec::new();
    let mut at = i;
    loop {
        let e = &arena.entries[at];
        if at != i {
            if let Some(hole) = e.index.and_then(|ix| holes.get(&ix)) {
                return (elements, Some(hole));
            }
        }
        let mut kids: Vec<usize> = e.children.clone().collect();
        match kids.pop() {
            Some(tail) if !kids.is_empty() => {
                elements.push(kids);
                at = tail;
            }
            _ => return (elements, None),
        }
    }
}

/// Renders `root` as the paper's tree: the whole value on the first line, then one line per
/// indexed sub-value, with `+-` and `` `- `` branches.
pub fn render_tree(root: NodeRef<'_>, holes: &Holes) -> String {
    tree(&Arena::new(root, false), holes)
}

fn tree(arena: &Arena<'_>, holes: &Holes) -> String {
    let mut out = String::new();
    render_entry(arena, 0, holes, &mut out);
    let root_is_hole = holes.contains_key(&0);
    let mut stack: Vec<(usize, String, bool)> = Vec::new();
    if !root_is_hole {
        push_children(arena, 0, "", &mut stack);
    }
    while let Some((i, prefix, last)) = stack.pop() {
        out.push('\n');
        out.push_str(&prefix);
        out.push_str(if last { "`- " } else { "+- " });
        let is_hole = arena.entries[i].index.is_some_and(|ix| holes.contains_key(&ix));
        tree_label(arena, i, holes, &mut out);
        if !is_hole {
            let child_prefix = format!("{prefix}{}", if last { "   " } else { "|  " });
            push_children(arena, i, &child_prefix, &mut stack);
        }
    }
    out
}

fn push_children(
    arena: &Arena<'_>,
    i: usize,
    prefix: &str,
    stack: &mut Vec<(usize, String, bool)>,
) {
    let kids: Vec<usize> = arena.indexed_children(i).collect();
    for (k, &c) in kids.iter().enumerate().rev() {
        stack.push((c, prefix.to_string(), k + 1 == kids.len()));
    }
}

/// A tree line: the whole sub-value when nothing is drawn under it (or it is a list), else its
/// constructor with its opaque fields shown and `_` for the sub-values drawn below.
fn tree_label(arena: &Arena<'_>, i: usize, holes: &Holes, out: &mut String) {
    let e = &arena.entries[i];
    let has_indexed = arena.indexed_children(i).next().is_some();
    let hole = e.index.and_then(|ix| holes.get(&ix));
    let renamed = hole.and_then(Hole::renamed);
    let is_hole = hole.is_some() && renamed.is_none();
    if is_hole || !has_indexed || e.node.shape() == Shape::List {
        render_entry(arena, i, holes, out);
        return;
    }
    let (name, renamed_fields) = renamed.unwrap_or((e.node.constructor(), None));
    let all_indexed = e.children.clone().all(|c| !arena.entries[c].atom);
    if all_indexed {
        out.push_str(if name.is_empty() { "(..)" } else { name });
        return;
    }
    let parts: Vec<String> = e
        .children
        .clone()
        .map(|c| {
            if arena.entries[c].atom {
                let mut s = String::new();
                render_entry(arena, c, holes, &mut s);
                s
            } else {
                "_".to_string()
            }
        })
        .collect();
    match e.node.shape() {
        Shape::Struct(fields) => {
            let labels = field_labels(fields, renamed_fields);
            let fields: Vec<String> =
                labels.into_iter().zip(parts).map(|(f, p)| format!("{f}: {p}")).collect();
            let _ = write!(out, "{name} {{ {} }}", fields.join(", "));
        }
        _ => {
            let _ = write!(out, "{name}({})", parts.join(", "));
        }
    }
}

/// The labels a struct's fields print with: `renamed`'s where a renamed constructor gives
/// them (`width | x`), else the node's own names.
fn field_labels<'a>(own: &'a [&'static str], renamed: Option<&'a [String]>) -> Vec<&'a str> {
    match renamed {
        Some(names) if names.len() == own.len() => names.iter().map(String::as_str).collect(),
        _ => own.to_vec(),
    }
}

/// Renders a generalization's formula body: `holes` are keyed by generalization's numbering
/// ([`Bfs::with_leaves`](crate::Bfs::with_leaves)), so a primitive leaf can print as `x0`; two
/// holes may share a name (`Pair(x0, x0)`).
pub fn render_generalized(root: NodeRef<'_>, holes: &Holes, format: crate::args::Format) -> String {
    let arena = Arena::new(root, true);
    match format {
        crate::args::Format::Value => {
            let mut out = String::new();
            render_entry(&arena, 0, holes, &mut out);
            out
        }
        crate::args::Format::Tree => tree(&arena, holes),
    }
}

/// `Display` for a value rendered with no holes, in the given format.
pub fn render_format(root: NodeRef<'_>, holes: &Holes, format: crate::args::Format) -> String {
    match format {
        crate::args::Format::Value => render(root, holes),
        crate::args::Format::Tree => render_tree(root, holes),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SubTypes;

    fn show<T: SubTypes>(v: &T) -> String {
        render(NodeRef::Value(v.node()), &Holes::new())
    }

    #[test]
    fn std_values_render_like_debug() {
        assert_eq!(show(&vec![1, 2, 3]), "[1, 2, 3]");
        assert_eq!(show(&Vec::<i32>::new()), "[]");
        assert_eq!(show(&(1, "a".to_string())), "(1, \"a\")");
        assert_eq!(show(&(5u8,)), "(5,)");
        assert_eq!(show(&Some(Box::new(-3i64))), "Some(-3)");
        assert_eq!(show(&Option::<u8>::None), "None");
        assert_eq!(show(&[true, false]), "[true, false]");
        assert_eq!(show(&Ok::<u8, ()>(1)), "Ok(1)");
        assert_eq!(show(&()), "()");
    }

    #[test]
    fn generalized_list_tail_renders_as_rest() {
        let v = vec![vec![1], vec![2], vec![3]];
        // Index 0 is the list, 1 its first element, 2 the tail [[2], [3]].
        let mut holes = Holes::new();
        holes.insert(2, Hole::Value("x0".into()));
        assert_eq!(render(NodeRef::Value(v.node()), &holes), "[[1], ..x0]");
        let mut holes = Holes::new();
        holes.insert(1, Hole::Constructor("c0".into()));
        assert_eq!(render(NodeRef::Value(v.node()), &holes), "[c0(..), [2], [3]]");
    }

    #[test]
    fn tree_format_draws_branches() {
        let v = (Some(1), vec![2]);
        let tree = render_tree(NodeRef::Value(v.node()), &Holes::new());
        assert_eq!(tree, "(Some(1), [2])\n+- Some(1)\n`- [2]\n   `- []");
    }

    #[test]
    fn generalized_rendering_numbers_primitive_leaves() {
        // With leaves: 0 the tuple, 1 the u16, 2 the String, 3 Some, 4 the list, 5 the bool
        // inside Some, 6 the list's element 7, 7 the empty tail.
        let v = (8u16, "k".to_string(), Some(true), vec![7u8]);
        let mut holes = Holes::new();
        holes.insert(1, Hole::Value("x0".into()));
        holes.insert(2, Hole::Value("x1".into()));
        holes.insert(5, Hole::Value("x2".into()));
        holes.insert(6, Hole::Value("x2".into()));
        let text = render_generalized(NodeRef::Value(v.node()), &holes, crate::args::Format::Value);
        assert_eq!(text, "(x0, x1, Some(x2), [x2])");
        let tree = render_generalized(NodeRef::Value(v.node()), &holes, crate::args::Format::Tree);
        assert_eq!(tree, "(x0, x1, Some(x2), [x2])\n+- Some(x2)\n`- [x2]\n   `- []");
    }

    #[test]
    fn a_renamed_constructor_keeps_its_arguments() {
        // With leaves: 0 the tuple, 1 `Ok`, 2 the list, 3 the u8 under `Ok`, 4 `Some`, 5 the
        // tail, 6 the u8 under `Some`.
        let v = (Ok::<u8, u8>(3), vec![Some(4u8)]);
        let mut holes = Holes::new();
        holes.insert(1, Hole::Renamed("k0".into()));
        holes.insert(3, Hole::Value("x0".into()));
        holes.insert(4, Hole::Renamed("k1".into()));
        let text = render_generalized(NodeRef::Value(v.node()), &holes, crate::args::Format::Value);
        assert_eq!(text, "(k0(x0), [k1(4)])");
        let tree = render_generalized(NodeRef::Value(v.node()), &holes, crate::args::Format::Tree);
        assert_eq!(tree, "(k0(x0), [k1(4)])\n+- k0(x0)\n`- [k1(4)]\n   +- k1(4)\n   `- []");
    }
}
