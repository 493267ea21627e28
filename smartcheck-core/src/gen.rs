//! Random generation state: a portable PRNG, QuickCheck's *size*, and a constructor *budget*.
//!
//! - `size` plays QuickCheck's role: it grows during discovery and scales numbers and lengths.
//! - `budget` bounds the [`size`](crate::SubTypes::size) of the value generated: every
//!   `Arbitrary` impl returns a value of size at most the budget whenever the budget is at
//!   least the type's `min_size`. This is what makes generation terminate at any size, and what
//!   the paper's `sizedArbitrary` (a value strictly smaller than a bound) is built on.
//! - `depth` counts the nested [`Gen::with_budget`] calls under way, and [`Gen::deepest`] the
//!   most there were since the generator was seeded: how deep the value just generated nests,
//!   known without walking it (what sizes the stack for user code over it, `stack.rs`).
//!
//! The PRNG is xoshiro256** seeded through SplitMix64, written here so that the same seed gives
//! the same values on every machine and with every version of every dependency.
//!
//! What a seed generates is part of the saved-failure format: a regressions file saves an
//! input by its origin (seed, size, budget, generator) and a hash of the value (`persist.rs`),
//! so a change to how any std or derived impl draws its numbers would make users' committed
//! lines stale. Draws therefore come in *generator versions* ([`Gen::version`]): a new
//! generator may draw differently (fewer numbers, say), and every draw site it changes keeps
//! the older versions' draws behind a branch on the version, so that a line written by an
//! older generator (lines without a `gen=` field are generator 1) generates the same value.
//! A generator starts at the newest version, [`Gen::NEWEST`]; replay sets the line's.
//!
//! Generator 2 (issue 13) draws the same distributions as generator 1 with fewer numbers: an
//! integer draws its branch, sign and bit width as one number and its magnitude's bits, both
//! from one 64-bit draw for types of up to 32 bits and from two for 64 bits (generator 1 made
//! five), and a list or map draws no
//! budget shares for elements that are opaque leaves (smallest size 0, always of size 0:
//! numbers, chars, strings), which could not use them; a map whose key or value is such a
//! leaf gives the other all of its entry's share.
//!
//! Generator 3 draws a char from `TEXT_CHARS` (tab, carriage return, line separators,
//! chars whose case mapping is not one-to-one) in half the draws that took any code point.
//!
//! Cost: generation state is a few words; the budget shares of a list ([`Gen::split_into`])
//! are drawn in place, and lists take their plan from buffers the generator keeps and reuses
//! ([`Gen::take_buffer`]), so after the first values a generated value allocates only itself.

/// The generator handed to [`Arbitrary::arbitrary`](crate::Arbitrary::arbitrary).
#[derive(Clone, Debug)]
pub struct Gen {
    state: Rng,
    size: usize,
    budget: usize,
    depth: usize,
    deepest: usize,
    /// Buffers lent out by [`Gen::take_buffer`] and given back, kept for the next value.
    buffers: Vec<Vec<usize>>,
    version: u32,
    /// When not zero, the std integers draw among their type's first `few` values by rank
    /// (from `lowest` on): generalization's dense draws ([`Gen::with_few`]); with how many
    /// such draws are left.
    few: (u64, u64),
    few_left: u32,
}

/// The most integers one dense draw ([`Gen::with_few`]) draws among few values (a collection
/// of a hundred pairs); the rest are drawn as usual.
pub(crate) const FEW_DRAWS: u32 = 256;

/// How deep generation recurses before it only builds the smallest values (a guard on top of
/// the budget, which already bounds depth; see [`Gen::depth`]).
pub const MAX_GEN_DEPTH: usize = 10_000;

impl Gen {
    /// The newest generator version, which a new generator draws as (see the module doc).
    /// Version 1 is what every version of smartcheck before generator versions drew.
    pub const NEWEST: u32 = 3;

    /// A generator seeded with `seed`, at QuickCheck size `size` and a budget of `size`.
    pub fn new(seed: u64, size: usize) -> Gen {
        let state = Rng(seeded(seed));
        let buffers = Vec::new();
        Gen {
            state,
            size,
            budget: size,
            depth: 0,
            deepest: 0,
            buffers,
            version: Gen::NEWEST,
            few: (0, 0),
            few_left: 0,
        }
    }

    /// Makes this generator what `Gen::new(seed, size)` would be, but keeps its buffers: a
    /// loop that generates a value per seed allocates them once.
    pub fn reseed(&mut self, seed: u64, size: usize) {
        self.state = Rng(seeded(seed));
        (self.size, self.budget, self.depth, self.deepest) = (size, size, 0, 0);
        self.version = Gen::NEWEST;
        // A dense draw that panicked left its setting behind (`with_few` restores it only
        // when the draw returns); an input generated from its origin never draws dense.
        (self.few, self.few_left) = ((0, 0), 0);
    }

    /// Which generator's draws this one makes: [`Gen::NEWEST`] unless
    /// [set](Gen::set_version) to an older one, to generate again what it generated. An impl
    /// that changes how it draws keeps its older draws for the older versions.
    #[inline]
    pub fn version(&self) -> u32 {
        self.version
    }

    /// Makes this generator draw as generator `version` did (1 to [`Gen::NEWEST`]).
    ///
    /// ```
    /// # use smartcheck_core::Gen;
    /// let mut g = Gen::new(7, 20);
    /// g.set_version(1);
    /// assert_eq!(g.version(), 1);
    /// ```
    pub fn set_version(&mut self, version: u32) {
        debug_assert!((1..=Gen::NEWEST).contains(&version), "generator version {version}");
        self.version = version;
    }

    /// QuickCheck's size: scales numbers and lengths.
    #[inline]
    pub fn size(&self) -> usize {
        self.size
    }

    /// The largest [`size`](crate::SubTypes::size) the value being generated may have.
    #[inline]
    pub fn budget(&self) -> usize {
        self.budget
    }

    /// How many nested `Arbitrary` calls are under way.
    #[inline]
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// The most nested `Arbitrary` calls ([`with_budget`](Gen::with_budget)) there were at
    /// once since the generator was made or [reseeded](Gen::reseed). Every std impl and
    /// derived impl generates each part of a value one call deeper, so this is at least how
    /// deep the value nests (a `Box` counts a level of its own); a hand-written generator that
    /// builds nesting without `with_budget` is not seen.
    pub fn deepest(&self) -> usize {
        self.deepest
    }

    /// Sets the size.
    pub fn set_size(&mut self, size: usize) {
        self.size = size;
    }

    /// Sets the budget.
    pub fn set_budget(&mut self, budget: usize) {
        self.budget = budget;
    }

    /// Runs `f` with the std integers drawn among `few` values of their type, ranks `lowest`
    /// to `lowest + few - 1` in its order of simplicity (`0, 1, -1, 2, ...`), then restores
    /// the usual draws. Generalization draws some compound values so: leaves of one value
    /// that meet (two map entries naming each other, a pair repeated in a list) are rare
    /// among integers drawn from the whole type, and a claim that any value fails is refuted
    /// by exactly such values. `few == 0` draws as usual.
    ///
    /// At most [`FEW_DRAWS`] integers are drawn so: a user's generator that draws until its
    /// number is large (`loop { let p = u16::arbitrary(g); if p >= 1024 { .. } }`) would
    /// otherwise never return (a review's probe hung), and one whose invariant rejects small
    /// values would spend all its retries.
    pub(crate) fn with_few<R>(
        &mut self,
        few: u64,
        lowest: u64,
        f: impl FnOnce(&mut Gen) -> R,
    ) -> R {
        let saved = (self.few, self.few_left);
        (self.few, self.few_left) = ((few, lowest), FEW_DRAWS);
        let out = f(self);
        (self.few, self.few_left) = saved;
        out
    }

    /// True inside a dense draw ([`Gen::with_few`]), whether or not draws of it are left.
    #[inline]
    pub(crate) fn drawing_few(&self) -> bool {
        self.few.0 != 0
    }

    /// The rank a std integer takes in a dense draw ([`Gen::with_few`]); `None` outside one.
    #[inline]
    pub(crate) fn few_rank(&mut self) -> Option<u64> {
        let (few, lowest) = self.few;
        if few == 0 || self.few_left == 0 {
            return None;
        }
        self.few_left -= 1;
        Some(lowest + self.below(few))
    }

    /// Runs `f` with the budget set to `budget` and one level deeper, then restores both.
    #[inline]
    pub fn with_budget<R>(&mut self, budget: usize, f: impl FnOnce(&mut Gen) -> R) -> R {
        let saved = (self.budget, self.depth);
        self.budget = budget;
        self.depth += 1;
        self.deepest = self.deepest.max(self.depth);
        let out = f(self);
        (self.budget, self.depth) = saved;
        out
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.state.next_u64()
    }

    /// A fresh seed drawn from this generator, for a generator of its own.
    pub fn fork_seed(&mut self) -> u64 {
        self.next_u64()
    }

    /// A uniform number in `0..n` (`0` when `n` is 0).
    #[inline]
    pub fn below(&mut self, n: u64) -> u64 {
        self.state.below(n)
    }

    /// The PRNG, for draws that need nothing else of the generator.
    #[inline]
    pub(crate) fn rng(&mut self) -> &mut Rng {
        &mut self.state
    }

    /// A uniform `usize` in `lo..=hi` (`lo` when `hi < lo`).
    #[inline]
    pub fn range(&mut self, lo: usize, hi: usize) -> usize {
        if hi <= lo {
            return lo;
        }
        let span = (hi - lo) as u64;
        if span == u64::MAX {
            return self.next_u64() as usize;
        }
        lo + self.below(span + 1) as usize
    }

    /// True with probability `numerator / denominator`.
    #[inline]
    pub fn ratio(&mut self, numerator: u64, denominator: u64) -> bool {
        self.below(denominator) < numerator
    }

    /// A uniform `f64` in `[0, 1)`.
    #[inline]
    pub fn unit_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// An index into `weights` drawn with probability proportional to its weight; `None` when
    /// every weight is zero.
    pub fn weighted(&mut self, weights: &[u64]) -> Option<usize> {
        self.weighted_by(weights, |&w| w)
    }

    /// [`weighted`](Gen::weighted) with the weights worked out from `items` by `weight` (called
    /// twice an item), not gathered in a list first: the same draw.
    #[inline]
    pub(crate) fn weighted_by<I>(
        &mut self,
        items: &[I],
        weight: impl Fn(&I) -> u64,
    ) -> Option<usize> {
        let total: u64 = items.iter().map(&weight).sum();
        if total == 0 {
            return None;
        }
        let mut pick = self.below(total);
        for (i, item) in items.iter().enumerate() {
            let w = weight(item);
            if pick < w {
                return Some(i);
            }
            pick -= w;
        }
        unreachable!("pick < total")
    }

    /// Splits `extra` budget among `parts` parts at random (a uniform composition).
    pub fn split(&mut self, extra: usize, parts: usize) -> Vec<usize> {
        let mut shares = vec![0; parts];
        self.split_into(extra, &mut shares);
        shares
    }

    /// [`split`](Gen::split) into `shares` (one per part, overwritten), without allocating:
    /// the same draws, so the same values for the same seed.
    pub fn split_into(&mut self, extra: usize, shares: &mut [usize]) {
        shares.fill(0);
        let Some((last, cuts)) = shares.split_last_mut() else { return };
        if extra == 0 {
            return;
        }
        // The cuts, sorted, then the extra as the last one; each share is the gap below it.
        for cut in cuts.iter_mut() {
            *cut = self.range(0, extra);
        }
        cuts.sort_unstable();
        *last = extra;
        for i in (1..shares.len()).rev() {
            shares[i] -= shares[i - 1];
        }
    }

    /// [`split_into`](Gen::split_into) for a list's or map's plan, a share a cell: the same
    /// draws and shares, but with two cuts or more and an `extra` below [`COUNTED`] and at
    /// most 8 a cut, the cuts are counted (`gaps_counted`), not sorted: sorting them cost a
    /// `Vec<Vec<u8>>` 14% of its generation. Only plans count, as the few parts of a
    /// constructor's fields or a tuple sort at once (a struct's generation took 5% longer
    /// when `split_into` itself chose).
    pub(crate) fn split_cells(&mut self, extra: usize, shares: &mut [usize]) {
        let cuts = shares.len().saturating_sub(1);
        let counted = (2..=usize::from(u16::MAX)).contains(&cuts) && extra < COUNTED;
        if !counted || extra == 0 || extra > 8 * cuts {
            return self.split_into(extra, shares);
        }
        for cut in &mut shares[..cuts] {
            *cut = self.range(0, extra);
        }
        gaps_counted(shares, extra);
    }

    /// A buffer for a list's plan (its elements' budgets), empty, from those given back by
    /// [`give_back`](Gen::give_back): generation nested inside takes another, so a value nested
    /// `d` lists deep keeps `d` of them.
    pub fn take_buffer(&mut self) -> Vec<usize> {
        self.buffers.pop().unwrap_or_default()
    }

    /// Returns a buffer from [`take_buffer`](Gen::take_buffer), to be lent again.
    pub fn give_back(&mut self, mut buffer: Vec<usize>) {
        buffer.clear();
        self.buffers.push(buffer);
    }
}

/// The xoshiro256** state of a [`Gen`], and the draws that need nothing else. A loop that
/// draws many values copies it out of its generator and back ([`Gen::rng`]), so that the
/// state stays in registers: a draw through `&mut Gen` in a loop stored and loaded it every
/// time. The same draws either way.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Rng([u64; 4]);

impl Rng {
    /// The next 64 random bits.
    #[inline]
    pub(crate) fn next_u64(&mut self) -> u64 {
        let s = &mut self.0;
        let result = s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    /// A uniform number in `0..n` (`0` when `n` is 0).
    #[inline]
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        // Lemire's nearly-divisionless method, unbiased.
        let mut m = (self.next_u64() as u128) * (n as u128);
        if (m as u64) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u64) < threshold {
                m = (self.next_u64() as u128) * (n as u128);
            }
        }
        (m >> 64) as u64
    }

    /// A uniform number in `0..n` (`0` when `n` is 0) and 32 more random bits independent of
    /// it, from one 64-bit draw (rarely more): the number from the high half by Lemire's
    /// method, unbiased, the bits the low half.
    #[inline]
    pub(crate) fn below_with_bits(&mut self, n: u32) -> (u32, u32) {
        loop {
            let draw = self.next_u64();
            let (high, low) = ((draw >> 32) as u32, draw as u32);
            let m = u64::from(high) * u64::from(n);
            if (m as u32) < n && (m as u32) < n.wrapping_neg() % n.max(1) {
                continue;
            }
            return ((m >> 32) as u32, low);
        }
    }
}

/// The largest extra budget below which [`Gen::split_cells`] counts its cuts, not sorts them.
const COUNTED: usize = 128;

/// `shares` (its cuts in all but the last, each in `0..=extra`) made the gaps between the
/// cuts sorted and `extra` after them, as sorting would make them, by counting the cuts at
/// each value: O(n + extra), with no branch on the cuts' order (a sort mispredicts one branch
/// a cut). `extra` below [`COUNTED`].
fn gaps_counted(shares: &mut [usize], extra: usize) {
    let n = shares.len();
    let mut counts = [0u16; COUNTED];
    for &cut in &shares[..n - 1] {
        counts[cut] += 1;
    }
    shares.fill(0);
    // Each value's gap is written where its first cut lands, then overwritten by the next
    // value's unless a cut is there; a second cut at one value keeps its 0.
    let (mut at, mut below) = (0, 0);
    for (value, &count) in counts[..=extra].iter().enumerate() {
        shares[at] = value - below;
        if count > 0 {
            below = value;
        }
        at += usize::from(count);
    }
    shares[n - 1] = extra - below;
}

/// The xoshiro256** state for `seed`, by SplitMix64.
fn seeded(seed: u64) -> [u64; 4] {
    let mut sm = seed;
    let mut next = || {
        sm = sm.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = sm;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    [next(), next(), next(), next()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream() {
        let mut a = Gen::new(42, 10);
        let mut b = Gen::new(42, 10);
        let xs: Vec<u64> = (0..8).map(|_| a.next_u64()).collect();
        let ys: Vec<u64> = (0..8).map(|_| b.next_u64()).collect();
        assert_eq!(xs, ys);
        // Pinned so that a change of algorithm, which would change every report, is noticed.
        assert_eq!(Gen::new(0, 0).next_u64(), 0x99EC_5F36_CB75_F2B4);
    }

    #[test]
    fn below_and_range_stay_in_bounds() {
        let mut g = Gen::new(1, 10);
        for n in 1..50 {
            assert!(g.below(n) < n);
            let r = g.range(3, 3 + n as usize);
            assert!((3..=3 + n as usize).contains(&r));
        }
        assert_eq!(g.range(5, 2), 5);
    }

    #[test]
    fn split_sums_to_extra() {
        let mut g = Gen::new(3, 10);
        for parts in 0..6 {
            for extra in 0..20 {
                let s = g.split(extra, parts);
                assert_eq!(s.len(), parts);
                if parts > 0 {
                    assert_eq!(s.iter().sum::<usize>(), extra);
                }
            }
        }
    }

    #[test]
    fn split_into_draws_as_sorted_cuts_do() {
        // The composition as first written: `parts - 1` cuts drawn in order, sorted, and the
        // gaps between them; the in-place version must give the same shares from the same
        // draws, or every seed's values would change.
        fn by_cuts(g: &mut Gen, extra: usize, parts: usize) -> Vec<usize> {
            if parts == 0 || extra == 0 {
                return vec![0; parts];
            }
            let mut cuts: Vec<usize> = (1..parts).map(|_| g.range(0, extra)).collect();
            cuts.sort_unstable();
            cuts.push(extra);
            let mut out = Vec::new();
            let mut prev = 0;
            for c in cuts {
                out.push(c - prev);
                prev = c;
            }
            out
        }
        let (mut a, mut b) = (Gen::new(7, 10), Gen::new(7, 10));
        for parts in 0..40 {
            // A plan's cuts counted for extras below 128 and at most 8 a cut, else sorted.
            for extra in [0, 1, 2, 5, 17, 99, 127, 128, 1_000] {
                let mut shares = vec![9; parts];
                a.split_into(extra, &mut shares);
                assert_eq!(shares, by_cuts(&mut b, extra, parts), "{extra} into {parts}");
                let mut cells = vec![9; parts];
                a.split_cells(extra, &mut cells);
                assert_eq!(cells, by_cuts(&mut b, extra, parts), "{extra} into {parts} cells");
            }
        }
        assert_eq!(a.next_u64(), b.next_u64());
    }

    #[test]
    fn a_reseeded_generator_is_a_new_one() {
        let mut g = Gen::new(1, 30);
        let _: Vec<Vec<u8>> = crate::Arbitrary::arbitrary(&mut g);
        // Even one left drawing dense by a draw that panicked.
        let unwound = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            g.with_few(2, 0, |_| panic!("a generator panics"));
        }));
        assert!(unwound.is_err() && g.few_rank().is_some());
        g.reseed(5, 20);
        let mut fresh = Gen::new(5, 20);
        assert_eq!((g.size(), g.budget(), g.depth(), g.deepest()), (20, 20, 0, 0));
        let (x, y): (Vec<Vec<u8>>, Vec<Vec<u8>>) =
            (crate::Arbitrary::arbitrary(&mut g), crate::Arbitrary::arbitrary(&mut fresh));
        assert_eq!(x, y);
        assert_eq!(g.next_u64(), fresh.next_u64());
    }

    #[test]
    fn deepest_counts_the_nested_calls_at_their_deepest() {
        let mut g = Gen::new(1, 10);
        g.with_budget(3, |g| {
            g.with_budget(2, |g| g.with_budget(1, |_| ()));
            g.with_budget(2, |_| ())
        });
        assert_eq!((g.depth(), g.deepest(), g.budget()), (0, 3, 10));
    }

    #[test]
    fn buffers_are_lent_and_reused() {
        let mut g = Gen::new(1, 10);
        let mut a = g.take_buffer();
        a.extend([1, 2, 3]);
        let capacity = a.capacity();
        g.give_back(a);
        let b = g.take_buffer();
        assert!(b.is_empty());
        assert_eq!(b.capacity(), capacity);
    }

    #[test]
    fn below_with_bits_is_in_bounds_and_uses_both_halves() {
        let mut g = Gen::new(4, 10);
        let mut seen = [0u32; 40];
        let mut ones = 0u32;
        for _ in 0..40_000 {
            let (pick, bits) = g.rng().below_with_bits(40);
            seen[pick as usize] += 1;
            ones += bits.count_ones();
        }
        // Each value about 1,000 times, each of the 32 bits set about half the time.
        assert!(seen.iter().all(|&n| (850..1150).contains(&n)), "{seen:?}");
        assert!((620_000..660_000).contains(&ones), "{ones}");
        assert_eq!(g.rng().below_with_bits(1).0, 0);
    }

    #[test]
    fn weighted_respects_zero_weights() {
        let mut g = Gen::new(9, 10);
        for _ in 0..100 {
            assert_eq!(g.weighted(&[0, 3, 0]), Some(1));
        }
        assert_eq!(g.weighted(&[0, 0]), None);
    }
}
