//! The README's pattern for library types with smartcheck as a dev-dependency: the derive and
//! every `smartcheck` attribute behind `cfg_attr(test, ..)`. This is the README's type, as a
//! user's crate would hold it.

#[cfg_attr(test, derive(smartcheck::SubTypes, smartcheck::Arbitrary))]
#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    pub name: String,
    pub retries: Option<u8>,
    /// Frozen: reduction and generalization never change it.
    #[cfg_attr(test, smartcheck(opaque))]
    pub id: u64,
}

#[test]
fn the_cfg_attr_pattern_derives_and_runs() {
    let args = smartcheck::Args { seed: Some(5), persist: false, ..smartcheck::Args::default() };
    let report = smartcheck::smart_check(&args, |c: &Config| c.retries.is_none_or(|r| r < 3));
    assert!(report.failed());
    let cex = report.counterexamples()[0].value();
    assert_eq!(cex.retries, Some(3));
    // The frozen field keeps the value it was generated with.
    assert_eq!(cex.id, report.counterexamples()[0].original().id);
}
