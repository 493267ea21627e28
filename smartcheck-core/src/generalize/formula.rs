//! The formula of a generalization (paper §5.1, §5.2): the counterexample with holes, under
//! its quantifiers, the side conditions after the variables.
//!
//! ```text
//! forall values x0: forall constructors c0: there exist arguments such that
//!   Div(x0, c0(..))
//! forall constructors c0 in {Name, DotDot}: there exist arguments such that
//!   [Dot, c0(..)]
//! forall constructors c0 in {Low, Normal}, c1 in {High, Urgent}:
//!   Job { a: c0, b: c1 }
//! forall values x0 x1 with x0 != x1:
//!   Pair(x0, x1)
//! forall values x0 x1 with x0 != x1: forall constructors k0 in {Add, Sub}:
//!   (k0(Lit(x1), In), x0)
//! ```
//!
//! Invariant: variables are named in the scheme's order, `x0, x1, ...`, constructor variables
//! `c0, c1, ...` and those that keep their arguments `k0, k1, ...` in breadth-first order, the same names notes use; a repeated variable prints
//! its name at each of its places. Cost: one rendering, O(n) in the counterexample's nodes.

use super::existential::Claimed;
use super::interchange::Interchange;
use super::Scheme;
use crate::args::Format;
use crate::render::{render_generalized, Hole, Holes};
use crate::root::node_of;
use crate::subtypes::{NodeRef, Shape, SubValue};

/// Renders `value` with the holes of `scheme` and `existential` (places in generalization's
/// numbering) under their quantifiers; without any, the value alone.
pub(super) fn formula(
    value: &dyn SubValue,
    scheme: &Scheme,
    (kept, orders): (&[Interchange], &[String]),
    existential: &[Claimed],
    format: Format,
) -> String {
    let mut holes = Holes::new();
    let mut quantifiers: Vec<String> = orders.to_vec();
    if !scheme.vars.is_empty() {
        let names = names("x", scheme.vars.len());
        for (var, name) in scheme.vars.iter().zip(&names) {
            for &place in &var.places {
                holes.insert(place, Hole::Value(name.clone()));
            }
        }
        let conditions: Vec<String> = scheme
            .conditions
            .iter()
            .map(|c| format!("{} {} {}", names[c.left], c.relation.symbol(), names[c.right]))
            .collect();
        let with = if conditions.is_empty() {
            String::new()
        } else {
            format!(" with {}", conditions.join(", "))
        };
        quantifiers.push(format!("forall values {}{with}:", names.join(" ")));
    }
    if !kept.is_empty() {
        let names = names("k", kept.len());
        let mut listed = Vec::new();
        for (kept, name) in kept.iter().zip(&names) {
            let hole = match kept.field_names() {
                None => Hole::Renamed(name.clone()),
                Some(fields) => Hole::RenamedFields { name: name.clone(), fields },
            };
            holes.insert(kept.place, hole);
            listed.push(format!("{name} in {{{}}}", kept.constructors.join(", ")));
        }
        quantifiers.push(format!("forall constructors {}:", listed.join(", ")));
    }
    if !existential.is_empty() {
        let names = names("c", existential.len());
        for (claim, name) in existential.iter().zip(&names) {
            let hole = match claim.fieldless {
                true => Hole::Value(name.clone()),
                false => Hole::Constructor(name.clone()),
            };
            holes.insert(claim.place, hole);
        }
        // `c0 c1`, or, where one ranges over some constructors only, `c0 in {A, B}, c1`.
        let listed = match existential.iter().all(|c| c.only.is_empty()) {
            true => names.join(" "),
            false => {
                let named = existential.iter().zip(&names).map(|(claim, name)| {
                    match claim.only.is_empty() {
                        true => name.clone(),
                        false => format!("{name} in {{{}}}", claim.only.join(", ")),
                    }
                });
                named.collect::<Vec<_>>().join(", ")
            }
        };
        // Fieldless variants take no arguments: none is said to exist.
        match existential.iter().all(|c| c.fieldless) {
            true => quantifiers.push(format!("forall constructors {listed}:")),
            false => quantifiers
                .push(format!("forall constructors {listed}: there exist arguments such that")),
        }
    }
    let body = render_generalized(NodeRef::Value(node_of(value)), &holes, format);
    if quantifiers.is_empty() {
        return body;
    }
    let body: Vec<String> = body.lines().map(|line| format!("  {line}")).collect();
    format!("{}\n{}", quantifiers.join(" "), body.join("\n"))
}

fn names(prefix: &str, count: usize) -> Vec<String> {
    (0..count).map(|k| format!("{prefix}{k}")).collect()
}

/// The quantifier of fields of one type in any order: `forall orders of the tuple's fields:`,
/// or, for some of a struct's fields, `forall orders of Shipment's fields front, back:`
/// (slot numbers for a tuple's).
pub(super) fn any_order(node: NodeRef<'_>, slots: &[u32]) -> String {
    let owner = match node.constructor() {
        "" => "the tuple".to_string(),
        name => name.to_string(),
    };
    if slots.len() == node.children().len() {
        return format!("forall orders of {owner}'s fields:");
    }
    let names: Vec<String> = match node.shape() {
        Shape::Struct(fields) => {
            slots.iter().filter_map(|&s| fields.get(s as usize)).map(|f| f.to_string()).collect()
        }
        _ => slots.iter().map(u32::to_string).collect(),
    };
    format!("forall orders of {owner}'s fields {}:", names.join(", "))
}
