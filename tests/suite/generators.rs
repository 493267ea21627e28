//! Generator versions (issue 13): what a seed generates is part of the saved-failure format
//! (a regressions line saves an input by its seed, size and budget, and a hash of the value),
//! so a generator that draws differently must leave the values of the generator before it
//! exactly as they were. These are values generator 1 (the only one before regressions lines
//! said which generator wrote them) gave for fixed seeds, written down from its output.

use std::collections::BTreeMap;
use std::fmt::Debug;

use smartcheck::{Arbitrary, Gen, Origin, SubTypes};

/// A derived enum with a leaf, a number and a list in it.
#[derive(Debug, Clone, PartialEq, SubTypes, Arbitrary)]
enum Shape {
    Dot,
    Line(u8),
    Poly(Vec<i16>, bool),
}

/// The values generator 1 gives `T` for seeds 0 to 3 at size `size`, as `Debug` prints them:
/// through a saved line's [`Origin`] (replay's path), and through a [`Gen`] set to version 1.
fn generator_1<T: Arbitrary + Debug>(size: usize) -> Vec<String> {
    let values: Vec<String> = (0..4)
        .map(|seed| {
            let origin = Origin { seed, size, budget: size, generator: 1 };
            format!("{:?}", origin.generate::<T>())
        })
        .collect();
    for (seed, value) in values.iter().enumerate() {
        let mut g = Gen::new(seed as u64, size);
        g.set_version(1);
        assert_eq!(&format!("{:?}", T::arbitrary(&mut g)), value);
    }
    values
}

#[track_caller]
fn pinned<T: Arbitrary + Debug>(size: usize, expected: [&str; 4]) {
    assert_eq!(generator_1::<T>(size), expected, "{}", std::any::type_name::<T>());
}

#[test]
fn generator_1_gives_the_values_it_always_gave() {
    pinned::<Vec<i32>>(
        10,
        [
            r#"[-1, 0, 0, 0, 111, 95]"#,
            r#"[16, -23, 0, -2, 47, -4, -1]"#,
            r#"[-1]"#,
            r#"[25, -8, 9, 15, -4, -2147483647]"#,
        ],
    );
    pinned::<BTreeMap<u32, Vec<u8>>>(
        40,
        [
            r#"{0: [], 10: [], 61: [], 2744: [], 15262: [], 107916: [], 875562: [], 1770274: [], 6495189: [], 47598417: []}"#,
            r#"{0: [], 29: [], 68: [], 282: [50], 425: [], 657: [5], 956: [89], 1579: [], 7162: [], 45429: [], 556167: [], 2151301: [], 2417399: [], 3424054: []}"#,
            r#"{61648: [25, 14, 0, 17, 0], 1669896: [3, 2]}"#,
            r#"{2: [], 3: [], 437: [], 1359: [], 17417: [], 47237: [], 209749: [], 2692809: [], 3814696: [], 5836465: [], 11762354: [], 52860482: []}"#,
        ],
    );
    pinned::<Shape>(
        12,
        [
            r#"Line(0)"#,
            r#"Poly([32767, 1, -1, 0, -1], true)"#,
            r#"Dot"#,
            r#"Poly([0, -1, 5, -1, 0, -32767, 0], false)"#,
        ],
    );
    pinned::<String>(10, [r#"")eHq*𝀿""#, r#""VsbwxxX""#, r#""1""#, r#""4Hfyy]a""#]);
    pinned::<i64>(
        50,
        [r#"145811072870112"#, r#"136987924"#, r#"70368744177663"#, r#"-1078878403921"#],
    );
    pinned::<u8>(50, [r#"32"#, r#"4"#, r#"31"#, r#"17"#]);
}
