//! A user crate that depends on smartcheck as `renamed_smartcheck`: the derives and
//! `#[property]` find the facade through `crate = path`.
#![deny(warnings, missing_docs)]

/// A recursive type deriving through the renamed facade.
#[derive(Debug, Clone, PartialEq, renamed_smartcheck::SubTypes, renamed_smartcheck::Arbitrary)]
#[smartcheck(crate = renamed_smartcheck)]
pub enum Renamed {
    /// A wrapper.
    A(Box<Renamed>),
    /// The base case.
    B(u8),
}

#[cfg(test)]
mod tests {
    use super::Renamed;

    #[renamed_smartcheck::property(crate = renamed_smartcheck, tests = 20)]
    fn a_renamed_facade_works(r: Renamed) -> bool {
        renamed_smartcheck::SubTypes::size(&r) >= 1
    }

    #[test]
    fn reduction_works_through_the_renamed_facade() {
        let args = renamed_smartcheck::Args { seed: Some(1), ..Default::default() };
        let report =
            renamed_smartcheck::smart_check(&args, |r: &Renamed| !matches!(r, Renamed::A(_)));
        assert_eq!(report.counterexamples()[0].value(), &Renamed::A(Box::new(Renamed::B(0))));
    }
}
