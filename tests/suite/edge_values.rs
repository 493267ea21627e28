//! Edge values in generation (issue 11 item 3) and no overflow inside the library on them
//! (issue 12 item 4): boundary bugs are found in the default 100 tests.

use smartcheck::{smart_check, Arbitrary, Args, Gen};

/// Discovery only: the default 100 tests, no generalization, one round.
fn discovery(seed: u64) -> Args {
    Args { seed: Some(seed), run_forall: false, run_exists: false, rounds: 1, ..Args::default() }
}

fn found_in(seeds: u64, prop: impl Fn(u64) -> bool) -> u64 {
    (0..seeds).filter(|&seed| prop(seed)).count() as u64
}

#[test]
fn float_reflexivity_fails_on_nan_in_at_least_90_percent_of_seeds() {
    let hits = found_in(100, |seed| {
        let report = smart_check(&discovery(seed), |x: &f64| x <= x);
        report.failed() && report.counterexamples()[0].value().is_nan()
    });
    eprintln!("f64 NaN found in {hits} of 100 seeds");
    assert!(hits >= 90, "NaN found in {hits} of 100 seeds");
    let hits = found_in(100, |seed| smart_check(&discovery(seed), |x: &f32| x <= x).failed());
    eprintln!("f32 NaN found in {hits} of 100 seeds");
    assert!(hits >= 90, "f32 NaN found in {hits} of 100 seeds");
}

#[test]
fn infinities_and_negative_zero_are_generated() {
    let inf = found_in(50, |s| smart_check(&discovery(s), |x: &f64| x.is_finite()).failed());
    assert!(inf >= 45, "non-finite found in {inf} of 50 seeds");
    let neg_zero = found_in(50, |s| {
        smart_check(&discovery(s), |x: &f64| !(*x == 0.0 && x.is_sign_negative())).failed()
    });
    assert!(neg_zero >= 25, "-0.0 found in {neg_zero} of 50 seeds");
    let huge = found_in(50, |s| smart_check(&discovery(s), |x: &f64| x.abs() < 1e30).failed());
    assert!(huge >= 40, "|x| >= 1e30 found in {huge} of 50 seeds");
}

#[test]
fn an_integer_bug_only_at_i32_max_is_found_in_most_seeds() {
    let hits = found_in(100, |seed| {
        let report = smart_check(&discovery(seed), |x: &i32| *x != i32::MAX);
        report.failed() && *report.counterexamples()[0].value() == i32::MAX
    });
    eprintln!("i32::MAX found in {hits} of 100 seeds");
    assert!(hits > 50, "i32::MAX found in {hits} of 100 seeds");
}

#[test]
fn powers_of_two_and_their_neighbours_are_generated() {
    // The 1/20 branch picks one of 16 powers of u16 and one of three neighbours; the uniform
    // branch adds a few more. Stated: at least 20000 / 20 = 1000 such draws.
    let mut g = Gen::new(7, 100);
    let near_pow = (0..20_000)
        .map(|_| u16::arbitrary(&mut g))
        .filter(|&x| {
            (2..u16::MAX).contains(&x) && [x - 1, x, x + 1].iter().any(|v| v.is_power_of_two())
        })
        .count();
    assert!(near_pow >= 1000, "{near_pow} of 20000 near a power of two");
    let pow40 = found_in(100, |seed| {
        smart_check(&discovery(seed), |x: &u64| !(((1 << 40) - 1)..=(1 << 40) + 1).contains(x))
            .failed()
    });
    eprintln!("2^40 +- 1 found in {pow40} of 100 seeds");
    assert!(pow40 >= 3, "2^40 +- 1 found in {pow40} of 100 seeds");
}

/// Edge chars and strings holding them are found in the default tests.
#[test]
fn chars_and_strings_hit_their_edges() {
    let nul = found_in(100, |s| smart_check(&discovery(s), |c: &char| *c != '\0').failed());
    assert!(nul >= 25, "'\\0' found in {nul} of 100 seeds");
    let combining = found_in(50, |s| {
        smart_check(&discovery(s), |t: &String| {
            !t.chars().any(|c| ('\u{300}'..'\u{370}').contains(&c))
        })
        .failed()
    });
    assert!(combining >= 40, "a combining mark found in {combining} of 50 seeds");
    let rtl = found_in(50, |s| {
        smart_check(&discovery(s), |t: &String| !t.contains(['\u{202e}', '\u{5d0}'])).failed()
    });
    assert!(rtl >= 40, "right-to-left text found in {rtl} of 50 seeds");
    let gap = found_in(50, |s| {
        smart_check(&discovery(s), |t: &String| !t.contains(['\u{d7ff}', '\u{e000}'])).failed()
    });
    assert!(gap >= 40, "a char beside the surrogate gap found in {gap} of 50 seeds");
    let wide = found_in(50, |s| {
        smart_check(&discovery(s), |t: &String| t.chars().all(|c| c.len_utf8() < 4)).failed()
    });
    assert!(wide >= 40, "a four-byte char found in {wide} of 50 seeds");
}

/// The stated probabilities hold: 1/20 NaN, 1/20 edge chars, 1/40 text chars.
#[test]
fn stated_probabilities_hold() {
    let mut g = Gen::new(11, 50);
    let nans = (0..20_000).filter(|_| f64::arbitrary(&mut g).is_nan()).count();
    assert!((800..1200).contains(&nans), "{nans} NaN in 20000 (stated 1000)");
    let nuls = (0..20_000).filter(|_| char::arbitrary(&mut g) == '\0').count();
    // 1/20 edge chars, 14 of them: 20000 / 280 = 71.
    assert!((40..110).contains(&nuls), "{nuls} NUL in 20000 (stated 71)");
    let crs = (0..20_000).filter(|_| char::arbitrary(&mut g) == '\r').count();
    // 1/40 text chars, 16 of them: 20000 / 640 = 31.
    assert!((15..50).contains(&crs), "{crs} '\\r' in 20000 (stated 31)");
    let maxes = (0..20_000).filter(|_| i32::arbitrary(&mut g) == i32::MAX).count();
    // 1/10 boundary values, 7 of them: 20000 / 70 = 286.
    assert!((220..350).contains(&maxes), "{maxes} i32::MAX in 20000 (stated 286)");
}

/// No panic inside the library for properties failing only at an integer type's bounds, in a
/// debug build (`attempt to multiply with overflow` was issue 12's).
macro_rules! bounds_do_not_overflow {
    ($($name:ident: $t:ty),* $(,)?) => {$(
        #[test]
        fn $name() {
            for seed in 0..5 {
                let args = Args { seed: Some(seed), ..Args::default() };
                for bound in [<$t>::MIN, <$t>::MAX] {
                    let report = smart_check(&args, |x: &$t| *x != bound);
                    if report.failed() {
                        assert_eq!(*report.counterexamples()[0].value(), bound, "{report}");
                    }
                    let report = smart_check(&args, |x: &($t, $t)| x.0 != bound && x.1 != bound);
                    let _ = report.to_string();
                }
            }
        }
    )*};
}

bounds_do_not_overflow! {
    i8_bounds: i8, i16_bounds: i16, i32_bounds: i32, i64_bounds: i64, i128_bounds: i128,
    isize_bounds: isize, u8_bounds: u8, u16_bounds: u16, u32_bounds: u32, u64_bounds: u64,
    u128_bounds: u128, usize_bounds: usize,
}

#[test]
fn i128_min_is_found_and_reported() {
    let report =
        smart_check(&Args { seed: Some(1), ..Args::default() }, |x: &i128| *x != i128::MIN);
    assert!(report.failed(), "{report}");
    assert!(report.to_string().contains("-170141183460469231731687303715884105728"), "{report}");
}

/// Text bugs that only a control or whitespace char or a char whose case mapping is not
/// one-to-one shows, each found in most of 30 seeds of the default 100 tests (an outside
/// audit found the `'\r'` one in 0 of 20, the case round trip in 1 of 20).
#[test]
fn text_breaking_chars_are_found_in_most_seeds() {
    fn escape(s: &str) -> String {
        let mut out = String::new();
        for c in s.chars() {
            match c {
                '\\' => out.push_str("\\\\"),
                '\n' => out.push_str("\\n"),
                '\r' => out.push_str("\\r"),
                c => out.push(c),
            }
        }
        out
    }
    // Knows `\\n` but not `\\r`.
    fn unescape(s: &str) -> String {
        s.replace("\\n", "\n").replace("\\\\", "\\")
    }
    type Prop = fn(&String) -> bool;
    let props: [(&str, Prop); 4] = [
        ("'\\r' escape round trip", |s| !s.contains('\r') || unescape(&escape(s)) == *s),
        ("case round trip", |s| s.to_uppercase().to_lowercase() == s.to_lowercase()),
        ("words split on ' ' and '\\n' only", |s| {
            s.split_whitespace().count() == s.split([' ', '\n']).filter(|w| !w.is_empty()).count()
        }),
        ("uppercase keeps the char count", |s| {
            s.to_uppercase().chars().count() == s.chars().count()
        }),
    ];
    let found = props.map(|(name, prop)| {
        let hits = found_in(30, |seed| smart_check(&discovery(seed), prop).failed());
        eprintln!("{name}: found in {hits} of 30 seeds");
        (name, hits)
    });
    for (name, hits) in found {
        assert!(hits >= 20, "{name}: found in {hits} of 30 seeds");
    }
}
