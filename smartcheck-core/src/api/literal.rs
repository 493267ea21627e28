//! Arguments as Rust source, and the small values iterative deepening tries.
//!
//! Invariant: `literal` prints what `Debug` prints, except where `Debug` is not an expression of
//! the type (`String`: `"a".to_string()`; `Vec`: `vec![..]`). Cost: one `Debug` format.

use std::fmt::Debug;

use crate::gen::Gen;
use crate::subtypes::SubTypes;

/// `value` as a Rust expression of its type, for a printed program.
///
/// ```
/// use smartcheck_core::api::literal;
/// assert_eq!(literal(&-3i32), "-3");
/// assert_eq!(literal(&String::from("a")), "\"a\".to_string()");
/// assert_eq!(literal(&vec![1u8, 2]), "vec![1, 2]");
/// ```
pub fn literal<T: Debug + 'static>(value: &T) -> String {
    let text = format!("{value:?}");
    let type_name = std::any::type_name::<T>();
    if type_name == "alloc::string::String" {
        format!("{text}.to_string()")
    } else if type_name.starts_with("alloc::vec::Vec<") {
        format!("vec!{text}")
    } else {
        text
    }
}

/// How many values of each size iterative deepening draws from, for a type without ranks.
const DRAWS_PER_SIZE: u64 = 16;

/// Up to `count` distinct small values of `T`, simplest first. A type with a
/// [`SubTypes::leaf_rank`] order (integers, chars, bools) gives its first `count` values in that
/// order (`0, 1, 2` or `0, 1, -1`); any other type gives distinct values drawn at sizes 0 to 3,
/// smallest first.
///
/// ```
/// use smartcheck_core::api::small_values;
/// assert_eq!(small_values::<u8>(3), vec![0, 1, 2]);
/// assert_eq!(small_values::<i32>(3), vec![0, 1, -1]);
/// assert_eq!(small_values::<bool>(3), vec![false, true]);
/// assert_eq!(small_values::<Option<bool>>(2), vec![None, Some(false)]);
/// ```
pub fn small_values<T: SubTypes>(count: usize) -> Vec<T> {
    let first = T::arbitrary(&mut Gen::new(0, 0));
    if first.leaf_rank().is_some() {
        return (0..count as u64).map_while(|rank| first.from_leaf_rank(rank)).collect();
    }
    let mut found: Vec<(usize, String, T)> = Vec::new();
    for size in 0..4 {
        for seed in 0..DRAWS_PER_SIZE {
            let value = T::arbitrary(&mut Gen::new(seed, size));
            let text = format!("{value:?}");
            if found.iter().all(|(_, t, _)| *t != text) {
                found.push((value.size(), text, value));
            }
        }
    }
    found.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
    found.into_iter().take(count).map(|(_, _, v)| v).collect()
}
