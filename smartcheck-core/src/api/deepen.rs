//! Iterative deepening over call depth (Irulan, ch. 4): every program of one call, then of
//! two, and so on, with small arguments, under an evaluation and time budget.
//!
//! A program's *depth* is its number of calls. Level `n` is built from lower levels: a function
//! with `k` operands of the API's type takes every split of `n - 1` calls among them, every
//! program of each operand's level, and every choice of small arguments.
//!
//! Invariant: a level is run only after every lower level ran in full, so the first failure
//! found has the fewest calls of any failing program over these arguments. No panic escapes:
//! the programs run inside the property's catch, and the rest of the search (building,
//! cloning, printing and dropping programs, which runs the argument types' own code) inside
//! another, so such a panic ends the search as [`Deepened::error`]. Cost: the levels
//! grow about as (functions × small values)^depth; each program is run once and kept in memory
//! until the search ends (the budget bounds both).

use std::cell::RefCell;
use std::fmt;
use std::time::{Duration, Instant};

use super::search::oracle;
use super::{print_program, Coverage, Printed, Program};
use crate::property::{self, Failure};

/// The limits of a deepening search.
#[derive(Clone, Debug)]
pub struct Deepening {
    /// The deepest level (calls per program) to run.
    pub max_calls: usize,
    /// Programs to run in all, at most.
    pub max_programs: usize,
    /// Wall-clock limit, if any (the search is then not reproducible at the limit).
    pub time: Option<Duration>,
    /// Small values per argument (`0, 1, 2` for integers with 3).
    pub values: usize,
}

impl Default for Deepening {
    /// Up to 8 calls, 100,000 programs, no time limit, 3 small values per argument.
    fn default() -> Self {
        Deepening { max_calls: 8, max_programs: 100_000, time: None, values: 3 }
    }
}

/// What a deepening search found.
#[derive(Clone, Debug)]
pub struct Deepened<P> {
    /// The first failing program, at the smallest depth: the program and its printed form.
    pub found: Option<(P, Printed)>,
    /// The deepest level run in full.
    pub complete_depth: usize,
    /// Programs run.
    pub programs: usize,
    /// Calls and panics per API function.
    pub coverage: Coverage,
    /// A panic outside the programs (in an argument type's `Clone`, `Debug` or `Drop`) that
    /// ended the search: where and why.
    pub error: Option<String>,
}

/// Runs every program of 1, 2, ... calls with small arguments until one fails or a limit is
/// reached; see the module doc.
pub fn deepen<P: Program>(limits: &Deepening) -> Deepened<P> {
    let coverage = RefCell::new(Coverage::new(P::FUNCTIONS));
    let mut progress = Progress { programs: 0, complete_depth: 0 };
    match property::catch(|| search::<P>(limits, &coverage, &mut progress)) {
        Ok(found) => finish(found, progress, coverage, None),
        Err(failure) => finish(None, progress, coverage, Some(outside_the_programs(&failure))),
    }
}

/// What [`Deepened::error`] says of a panic outside the programs.
fn outside_the_programs(failure: &Failure) -> String {
    let (message, location) = match failure {
        Failure::Panic { message, location } => (message.as_str(), location.as_deref()),
        other => return format!("the search stopped outside the programs: {other}"),
    };
    format!(
        "a panic outside the programs (in an argument type's Clone, Debug or Drop) at {}: \
         {message}",
        location.unwrap_or("an unknown place")
    )
}

/// How far a search got: kept outside it, so that a search cut short by a panic still says.
struct Progress {
    programs: usize,
    complete_depth: usize,
}

/// The search itself: the first failing program, if any, with its printed form.
fn search<P: Program>(
    limits: &Deepening,
    coverage: &RefCell<Coverage>,
    progress: &mut Progress,
) -> Option<(P, Printed)> {
    let started = Instant::now();
    let mut levels: Vec<Vec<P>> = vec![Vec::new()];
    for depth in 1..=limits.max_calls {
        let remaining = limits.max_programs - progress.programs;
        let (level, whole) = build_level::<P>(&levels, depth, limits.values, remaining);
        for program in &level {
            if limits.time.is_some_and(|t| started.elapsed() > t) {
                return None;
            }
            progress.programs += 1;
            if property::run(&|p: &P| oracle(p, coverage), program).is_fail() {
                return Some((program.clone(), print_program(program)));
            }
        }
        if !whole {
            break;
        }
        progress.complete_depth = depth;
        levels.push(level);
    }
    None
}

fn finish<P>(
    found: Option<(P, Printed)>,
    progress: Progress,
    coverage: RefCell<Coverage>,
    error: Option<String>,
) -> Deepened<P> {
    let Progress { programs, complete_depth } = progress;
    Deepened { found, complete_depth, programs, coverage: coverage.into_inner(), error }
}

/// Every program of exactly `depth` calls, at most `cap`; `false` when the cap cut the level.
fn build_level<P: Program>(
    levels: &[Vec<P>],
    depth: usize,
    values: usize,
    cap: usize,
) -> (Vec<P>, bool) {
    let mut out = Vec::new();
    for (f, function) in P::FUNCTIONS.iter().enumerate() {
        let choices: Vec<usize> = P::choices(f).into_iter().map(|c| c.min(values)).collect();
        for split in splits(depth - 1, function.operands) {
            for operands in product_of_levels(levels, &split) {
                for choice in product(choices.clone()) {
                    if out.len() >= cap {
                        return (out, false);
                    }
                    if let Some(p) = P::build(f, operands.clone(), &choice) {
                        out.push(p);
                    }
                }
            }
        }
    }
    (out, true)
}

/// Every way to write `total` as `parts` positive numbers, in order (none when `parts` is 0 and
/// `total` is not).
fn splits(total: usize, parts: usize) -> Vec<Vec<usize>> {
    if parts == 0 {
        return if total == 0 { vec![Vec::new()] } else { Vec::new() };
    }
    let mut out = Vec::new();
    for first in 1..=total {
        for mut rest in splits(total - first, parts - 1) {
            rest.insert(0, first);
            out.push(rest);
        }
    }
    out
}

/// Every tuple of programs, the `k`th from level `split[k]`, made one at a time.
fn product_of_levels<'a, P: Clone>(
    levels: &'a [Vec<P>],
    split: &'a [usize],
) -> impl Iterator<Item = Vec<P>> + 'a {
    let sizes: Vec<usize> = split.iter().map(|&d| levels.get(d).map_or(0, Vec::len)).collect();
    product(sizes)
        .map(move |pick| pick.iter().zip(split).map(|(&i, &d)| levels[d][i].clone()).collect())
}

/// Every tuple of indexes below `sizes`, the last varying fastest, made one at a time.
fn product(sizes: Vec<usize>) -> impl Iterator<Item = Vec<usize>> {
    let mut next = (!sizes.contains(&0)).then(|| vec![0; sizes.len()]);
    std::iter::from_fn(move || {
        let current = next.take()?;
        let mut step = current.clone();
        for k in (0..step.len()).rev() {
            step[k] += 1;
            if step[k] < sizes[k] {
                next = Some(step);
                break;
            }
            step[k] = 0;
        }
        Some(current)
    })
}

impl<P> fmt::Display for Deepened<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.found {
            Some((_, printed)) => writeln!(
                f,
                "iterative deepening: a failing program of {} calls after {} programs (every \
                 program of up to {} calls passed):",
                printed.calls(),
                self.programs,
                self.complete_depth
            )?,
            None => writeln!(
                f,
                "iterative deepening: {} programs of up to {} calls passed",
                self.programs, self.complete_depth
            )?,
        }
        if let Some((_, printed)) = &self.found {
            for line in printed.to_string().lines() {
                writeln!(f, "    {line}")?;
            }
        }
        if let Some(error) = &self.error {
            writeln!(f, "error: {error}")?;
        }
        write!(f, "{}", self.coverage)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_are_ordered_compositions() {
        assert_eq!(splits(3, 2), vec![vec![1, 2], vec![2, 1]]);
        assert_eq!(splits(0, 0), vec![Vec::<usize>::new()]);
        assert!(splits(2, 0).is_empty());
        assert_eq!(splits(2, 1), vec![vec![2]]);
    }

    #[test]
    fn product_counts_every_tuple() {
        assert_eq!(product(vec![2, 3]).count(), 6);
        assert_eq!(product(vec![]).collect::<Vec<_>>(), vec![Vec::<usize>::new()]);
        assert_eq!(product(vec![2, 0]).count(), 0);
        let all: Vec<_> = product(vec![2, 2]).collect();
        assert_eq!(all, vec![vec![0, 0], vec![0, 1], vec![1, 0], vec![1, 1]]);
    }
}
