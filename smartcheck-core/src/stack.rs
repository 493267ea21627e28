//! Room on the stack for user code that recurses over deep values (`Clone`, `Drop`, `Debug`,
//! the property itself), so deep values cannot overflow it.
//!
//! Invariant: the stack asked for follows a value's *nesting* (how many values are inside one
//! another: a `Vec`'s elements are one level below it, whatever its length, as Rust code
//! recurses over them in a loop) and never exceeds [`MAX_STACK`], whatever `Args` say.
//! Values get their room as they come: a run asks only for what its own work needs
//! ([`run_depth`]); discovery sizes each input from how deep its generation went, and moves
//! the rest of a round to a stack grown for the round's deepest inputs ([`round_depth`]) the
//! first time one does not fit; a counterexample gets room for its nesting ([`nesting_of`])
//! before it is reduced.
//!
//! Cost: [`with_stack_for`] costs a look at the stack pointer when the current stack has room
//! (the common case: shallow values, or a test thread's 2 MiB with the default sizes), else
//! one new stack mapped for the call; [`nesting_of`] walks a value once (O(n)), and is only
//! called on counterexamples, never per generated input.

use crate::args::Args;
use crate::subtypes::{Node, NodeRef};

// How the stack grows: our own switch on x86-64 Linux (no build script; see `switch`), the
// `stacker` crate everywhere else.
#[cfg(all(target_arch = "x86_64", target_os = "linux"))]
mod switch;
#[cfg(all(target_arch = "x86_64", target_os = "linux"))]
use switch::{grow, remaining_stack};

#[cfg(not(all(target_arch = "x86_64", target_os = "linux")))]
use stacker::{grow, remaining_stack};

/// Runs `f` on the current stack when at least `red_zone` bytes of it are left, else on a
/// new stack of `size` bytes (an unknown stack counts as too short).
#[inline]
pub(crate) fn maybe_grow<R>(red_zone: usize, size: usize, f: impl FnOnce() -> R) -> R {
    if remaining_stack().is_some_and(|left| left >= red_zone) {
        f()
    } else {
        grow(size, f)
    }
}

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
    let need = need(depth);
    maybe_grow(need, need.saturating_mul(2).clamp(MIN_NEW_STACK, MAX_STACK), f)
}

/// The stack [`with_stack_for`] keeps free for values nested `depth` levels.
fn need(depth: usize) -> usize {
    STACK_BASE.saturating_add(depth.saturating_mul(STACK_PER_LEVEL)).min(MAX_STACK / 2)
}

/// True when [`with_stack_for`]`(depth, ..)` would run on the current stack.
pub(crate) fn has_room_for(depth: usize) -> bool {
    remaining_stack().is_some_and(|left| left >= need(depth))
}

/// How many values deep `value` nests (0 for a leaf). The cells of a list do not nest: its
/// elements are one level below the list, as for the loops that `Vec`'s own `Clone`, `Drop`
/// and `Debug` run. Walked iteratively, so safe at any depth.
pub(crate) fn nesting_of(value: &dyn Node) -> usize {
    let mut deepest = 0;
    let mut stack = vec![(NodeRef::Value(value), 0usize)];
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

/// The room a whole run asks for before it has any value: what replacements of at most
/// `max_size` constructors need. Deeper values get theirs as they come (see the module doc),
/// so that a run with a large `max_gen_size` in a 2 MiB test thread maps no stack of its own.
pub(crate) fn run_depth(args: &Args) -> usize {
    args.max_size
}

/// How deep a round's inputs can nest with `args`: discovery's budget bounds them (for
/// generators that keep to it), and strengthening adds replacements of at most `max_size`.
pub(crate) fn round_depth(args: &Args) -> usize {
    args.max_gen_size.saturating_add(args.max_size)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::subtypes::SubTypes;

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
    fn generation_goes_at_least_as_deep_as_the_value_nests() {
        use crate::{Arbitrary, Gen};
        use std::collections::BTreeMap;
        fn check<T: Arbitrary + SubTypes>() {
            let mut g = Gen::new(0, 0);
            for seed in 0..200 {
                g.reseed(seed, (seed % 50) as usize);
                let value = T::arbitrary(&mut g);
                assert!(g.deepest() >= nesting_of(&value), "seed {seed}");
            }
        }
        check::<Vec<Vec<Option<u8>>>>();
        check::<BTreeMap<u8, (Option<Box<u16>>, Vec<bool>)>>();
    }

    /// The most stack left that the property saw, run in a 2 MiB thread (a test thread's
    /// size) with `max_gen_size` 1000: more than the thread has means a stack was mapped.
    fn most_room_seen<T: crate::Arbitrary + SubTypes>() -> usize {
        let run = || {
            let seen = std::cell::Cell::new(0);
            let args =
                Args { seed: Some(3), max_gen_size: 1000, persist: false, ..Args::default() };
            let report = crate::run::smart_check(&args, |_: &T| {
                seen.set(seen.get().max(remaining_stack().unwrap_or(0)));
                true
            });
            assert!(report.passed());
            seen.get()
        };
        let thread = std::thread::Builder::new().stack_size(2 << 20).spawn(run);
        thread.and_then(|t| t.join().map_err(|_| std::io::Error::other("panicked"))).unwrap()
    }

    #[test]
    fn shallow_values_run_on_the_threads_own_stack_at_any_max_gen_size() {
        assert!(most_room_seen::<Vec<u8>>() < 2 << 20);
        assert!(most_room_seen::<std::collections::BTreeMap<u8, Vec<Option<u16>>>>() < 2 << 20);
    }

    #[test]
    fn absurd_depths_ask_for_at_most_the_cap() {
        assert_eq!(with_stack_for(usize::MAX, || 7), 7);
    }
}
