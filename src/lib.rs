//! Shared models for smartcheck's own user-level tests, examples and benches: the paper's
//! calculator and motivating example, written once and used by all (the shrinking
//! benchmarks' models are in `models/`, which the demo does not build). They use the `smartcheck`
//! facade exactly as a user crate would.

pub mod calculator {
    //! The paper's calculator (§4.3.1): division by zero slips past a precondition that only
    //! looks for a literal zero divisor.
    use smartcheck::{Arbitrary, SubTypes, Verdict};

    // demo:begin: the calculator example prints the lines from here to the end marker.
    /// Expressions: constants, addition and division.
    #[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
    pub enum Exp {
        /// A constant.
        C(i32),
        /// Addition.
        Add(Box<Exp>, Box<Exp>),
        /// Division.
        Div(Box<Exp>, Box<Exp>),
    }

    /// Evaluates `e`, `None` on division by zero; arithmetic wraps.
    pub fn eval(e: &Exp) -> Option<i32> {
        match e {
            Exp::C(i) => Some(*i),
            Exp::Add(a, b) => Some(eval(a)?.wrapping_add(eval(b)?)),
            Exp::Div(a, b) => {
                let d = eval(b)?;
                let n = eval(a)?;
                (d != 0).then(|| n.wrapping_div(d))
            }
        }
    }

    /// The paper's `divSubTerms`: no literal `Div(_, C(0))` anywhere.
    pub fn div_sub_terms(e: &Exp) -> bool {
        match e {
            Exp::C(_) => true,
            Exp::Div(_, b) if **b == Exp::C(0) => false,
            Exp::Add(a, b) | Exp::Div(a, b) => div_sub_terms(a) && div_sub_terms(b),
        }
    }

    /// The paper's `prop_div`: if no divisor is a literal zero, evaluation succeeds.
    pub fn prop_div(e: &Exp) -> Verdict {
        Verdict::implies(div_sub_terms(e), eval(e).is_some())
    }
    // demo:end

    /// Constructors in `e` (the benchmark's size metric).
    pub fn size(e: &Exp) -> usize {
        SubTypes::size(e)
    }
}

pub mod bound5 {
    //! The paper's motivating example (§2): five lists of `i16` whose sums overflow.
    use smartcheck::{Arbitrary, SubTypes, Verdict};

    /// Five lists of `i16`.
    #[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
    pub struct T(pub Vec<i16>, pub Vec<i16>, pub Vec<i16>, pub Vec<i16>, pub Vec<i16>);

    impl T {
        /// The five lists.
        pub fn lists(&self) -> [&Vec<i16>; 5] {
            [&self.0, &self.1, &self.2, &self.3, &self.4]
        }

        /// How many `i16` values it holds (the paper's size metric).
        pub fn values(&self) -> usize {
            self.lists().iter().map(|l| l.len()).sum()
        }
    }

    fn sum(xs: &[i16]) -> i16 {
        xs.iter().fold(0i16, |a, &b| a.wrapping_add(b))
    }

    /// Each list sums (with `i16` wrapping) to less than 256.
    pub fn pre(t: &T) -> bool {
        t.lists().iter().all(|l| sum(l) < 256)
    }

    /// All values together sum (wrapping) to less than 5 * 256.
    pub fn post(t: &T) -> bool {
        let all: Vec<i16> = t.lists().iter().flat_map(|l| l.iter().copied()).collect();
        sum(&all) < 5 * 256
    }

    /// The paper's `prop`: `pre ==> post`.
    pub fn prop(t: &T) -> Verdict {
        Verdict::implies(pre(t), post(t))
    }
}

/// README.md's Rust samples, compiled and run as doctests so that they cannot drift.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
