//! Room on the stack for user code that recurses over deep values (`Clone`, `Drop`, `Debug`,
//! the property itself), so deep values cannot overflow it.
//!
//! Invariant: the stack asked for follows a value's *nesting* (how many values are inside one
//! another: a `Vec`'s elements are one level below it, whatever its length, as Rust code
//! recurses over them in a loop) and never exceeds [`MAX_STACK`], whatever `Args` say.
//!
//! Cost: [`nesting_of`] walks the value once (O(n), one allocation); [`with_stack_for`] costs
//! nothing when the current stack has room, else maps one new stack for the call.

use crate::args::Args;
use crate::subtypes::{NodeRef, SubTypes};

/// Stack assumed for each level of a value's nesting, for user code that recurses over it:
/// generous, as unoptimised builds use big frames.
const STACK_PER_LEVEL: usize = 4 * 1024;

/// Stack kept free besides, for smartcheck's own (iterative) work and shallow user code.
const STACK_BASE: usize = 1 << 20;

/// The smallest stack a run moves to when the current one is too short; pages are only
/// touched as deep values need them.
const MIN_NEW_STACK: usize = 256 << 20;

/// The largest stack ever asked for (1 GiB of address space): values nested deeper than
/// about 250,000 levels are beyond what recursive user code can walk anyway.
pub const MAX_STACK: usize = 1 << 30;

/// Runs `f` with room on the stack for recursion over values nested `depth` levels: on the
/// current stack when enough of it remains (the common case, which costs nothing), else on a
/// new one of at most [`MAX_STACK`] bytes.
pub(crate) fn with_stack_for<R>(depth: usize, f: impl FnOnce() -> R) -> R {
    let need = STACK_BASE.saturating_add(depth.saturating_mul(STACK_PER_LEVEL)).min(MAX_STACK / 2);
    stacker::maybe_grow(need, need.saturating_mul(2).clamp(MIN_NEW_STACK, MAX_STACK), f)
}

/// How many values deep `value` nests (0 for a leaf). The cells of a list do not nest: its
/// elements are one level below the list, as for the loops that `Vec`'s own `Clone`, `Drop`
/// and `Debug` run. Walked iteratively, so safe at any depth.
pub(crate) fn nesting_of<T: SubTypes>(value: &T) -> usize {
    let mut deepest = 0;
    let mut stack = vec![(NodeRef::Value(value.node()), 0usize)];
    while let Some((node, depth)) = stack.pop() {
        deepest = deepest.max(depth);
        if node.is_opaque() {
            continue;
        }
        for child in node.children() {
            let below = match child.node {
                NodeRef::Value(_) => depth + 1,
                NodeRef::Suffix(..) => depth,
            };
            stack.push((child.node, below));
        }
    }
    deepest
}

/// How deep values can nest in a run with `args`: discovery's budget bounds them, and
/// reduction and generalization add replacements of at most `max_size` constructors.
pub(crate) fn run_depth(args: &Args) -> usize {
    args.max_gen_size.saturating_add(args.max_size)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flat_list_nests_one_level_whatever_its_length() {
        assert_eq!(nesting_of(&vec![1u8; 100_000]), 1);
        assert_eq!(nesting_of(&String::from("abc")), 0);
    }

    #[test]
    fn nested_values_nest_by_their_values() {
        assert_eq!(nesting_of(&vec![vec![Some(1u8)]]), 3);
        assert_eq!(nesting_of(&(Some(Some(())), vec![0u8; 50])), 3);
    }

    #[test]
    fn absurd_depths_ask_for_at_most_the_cap() {
        assert_eq!(with_stack_for(usize::MAX, || 7), 7);
    }
}
