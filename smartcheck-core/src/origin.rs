//! Where a discovered input came from: the shared record that discovery writes, and that the
//! report and persistence read, so that an input can be generated again.
//!
//! Invariant: `origin.generate::<T>()` gives the same value on every run and machine, and in
//! every later version of smartcheck, for the same `T` (its origin names the generator version
//! whose draws made it). Cost: one generation.

use crate::gen::Gen;

/// Where a discovered input came from: enough to generate exactly that input again (each
/// random test draws its own seed from the run's generator).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Origin {
    /// The seed of the test's own generator.
    pub seed: u64,
    /// The QuickCheck size it was generated at.
    pub size: usize,
    /// The constructor budget it was generated with.
    pub budget: usize,
    /// The generator version whose draws made it ([`Gen::version`]).
    pub generator: u32,
}

impl Origin {
    /// Generates the input again.
    pub fn generate<T: crate::Arbitrary>(&self) -> T {
        self.generate_in(&mut Gen::new(self.seed, self.size))
    }

    /// [`generate`](Origin::generate) with `g` reseeded, so that its buffers are reused; after
    /// the call, [`g.deepest()`](Gen::deepest) says how deep generation went.
    pub(crate) fn generate_in<T: crate::Arbitrary>(&self, g: &mut Gen) -> T {
        g.reseed(self.seed, self.size);
        g.set_budget(self.budget);
        g.set_version(self.generator);
        T::arbitrary(g)
    }
}
