//! The formula of a generalization (paper §5.1, §5.2): the counterexample with holes, under
//! its quantifiers.
//!
//! ```text
//! forall values x0: forall constructors c0: there exist arguments such that
//!   Div(x0, c0(..))
//! ```
//!
//! Invariant: variables are numbered in breadth-first order, `x0, x1, ...` for universal
//! sub-values and `c0, c1, ...` for constructors, the same numbering notes use. Cost: one
//! rendering, O(n) in the counterexample's nodes.

use crate::args::Format;
use crate::render::{render_format, Hole, Holes};
use crate::subtypes::{NodeRef, SubTypes};

/// Renders `value` with holes at `universal` and `existential` (breadth-first indexes, in
/// order) under their quantifiers; without any, the value alone.
pub(super) fn formula<T: SubTypes>(
    value: &T,
    universal: &[usize],
    existential: &[usize],
    format: Format,
) -> String {
    let mut holes = Holes::new();
    let mut quantifiers = Vec::new();
    if !universal.is_empty() {
        let names = names("x", universal.len());
        for (&index, name) in universal.iter().zip(&names) {
            holes.insert(index, Hole::Value(name.clone()));
        }
        quantifiers.push(format!("forall values {}:", names.join(" ")));
    }
    if !existential.is_empty() {
        let names = names("c", existential.len());
        for (&index, name) in existential.iter().zip(&names) {
            holes.insert(index, Hole::Constructor(name.clone()));
        }
        quantifiers.push(format!(
            "forall constructors {}: there exist arguments such that",
            names.join(" ")
        ));
    }
    let body = render_format(NodeRef::Value(value.node()), &holes, format);
    if quantifiers.is_empty() {
        return body;
    }
    let body: Vec<String> = body.lines().map(|line| format!("  {line}")).collect();
    format!("{}\n{}", quantifiers.join(" "), body.join("\n"))
}

fn names(prefix: &str, count: usize) -> Vec<String> {
    (0..count).map(|k| format!("{prefix}{k}")).collect()
}
