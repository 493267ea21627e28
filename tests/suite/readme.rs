//! Every sample report in README.md and the crate guide is produced by a real run: each block
//! marked `<!-- report: NAME seed=SEED -->` is compared with what the named example prints for
//! that seed, and the test fails when they differ. `SMARTCHECK_BLESS=1 cargo test --test
//! suite readme::` rewrites the blocks from fresh runs (then read the diff before committing it).

use smartcheck::Args;

use crate::examples::{api_ring, calculator, sparse, xmonad};

/// What the example `name` prints as its report for `args`.
fn produce(name: &str, args: &Args) -> Option<String> {
    match name {
        "calculator" => Some(calculator::report(args)),
        "xmonad" => Some(smartcheck::smart_check(args, xmonad::prop_delete).to_string()),
        "api-ring" => {
            let args = Args { tests: 5000, ..args.clone() };
            Some(smartcheck::api::test_api::<api_ring::RingProgram>(&args).to_string())
        }
        "sparse-insert" => {
            let seed = args.seed.unwrap_or(0);
            Some(sparse::sorted_insert(seed).0)
        }
        _ => None,
    }
}

/// One marked block: the example, its seed, and where its text sits in the file.
struct Block {
    name: String,
    seed: u64,
    /// Byte range of the block's text (between the fence lines).
    text: std::ops::Range<usize>,
    /// What each line of the block starts with in the file (`//! ` in a doc comment).
    prefix: String,
}

fn parse_seed(text: &str) -> u64 {
    let t = text.trim();
    match t.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16).expect("a hex seed in the marker"),
        None => t.parse().expect("a decimal seed in the marker"),
    }
}

/// The marked blocks of `source`.
fn blocks(source: &str) -> Vec<Block> {
    let mut found = Vec::new();
    let mut offset = 0;
    let lines: Vec<&str> = source.split_inclusive('\n').collect();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if let Some(at) = line.find("<!-- report: ") {
            let prefix = line[..at].to_string();
            let spec = line[at + "<!-- report: ".len()..].trim_end().trim_end_matches("-->");
            let mut words = spec.split_whitespace();
            let name = words.next().expect("an example name in the marker").to_string();
            let seed = words
                .find_map(|w| w.strip_prefix("seed="))
                .map(parse_seed)
                .expect("seed= in the marker");
            // The fence opens on a following line; the text runs to the closing fence.
            let mut j = i + 1;
            let mut start = offset + line.len();
            while !lines[j].trim_start_matches(prefix.trim_end()).trim().starts_with("```") {
                start += lines[j].len();
                j += 1;
            }
            start += lines[j].len();
            let mut end = start;
            j += 1;
            while !lines[j].trim_start_matches(prefix.trim_end()).trim().starts_with("```") {
                end += lines[j].len();
                j += 1;
            }
            found.push(Block { name, seed, text: start..end, prefix });
            offset = end;
            i = j;
            continue;
        }
        offset += line.len();
        i += 1;
    }
    found
}

/// The text a block should hold: the example's report, each line behind the block's prefix.
fn expected(block: &Block) -> String {
    let args = Args { seed: Some(block.seed), ..Args::default() };
    let report = produce(&block.name, &args)
        .unwrap_or_else(|| panic!("no example named {:?} in tests/suite/readme.rs", block.name))
        // The examples are included by `#[path]` (`examples.rs`): their panics' locations read as the
        // example's own run prints them.
        .replace("tests/suite/../../examples/", "examples/");
    report
        .trim_end()
        .lines()
        .map(|l| format!("{}{}\n", block.prefix, l).replace(" \n", "\n"))
        .collect::<String>()
        .replace(&format!("{}\n", block.prefix), &format!("{}\n", block.prefix.trim_end()))
}

fn check_file(path: &str) {
    let full = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
    let source = std::fs::read_to_string(&full).expect("the file is readable");
    let found = blocks(&source);
    let bless = std::env::var("SMARTCHECK_BLESS").is_ok_and(|v| v == "1");
    let mut updated = source.clone();
    let mut stale = Vec::new();
    // `serde-json` is produced and checked by `tests/real-crates` (it needs serde_json).
    for block in found.iter().rev().filter(|b| b.name != "serde-json") {
        let want = expected(block);
        if source[block.text.clone()] != want {
            stale.push(format!(
                "{path}: the `{}` report for seed {:#x} is out of date; it is now:\n{want}",
                block.name, block.seed
            ));
            updated.replace_range(block.text.clone(), &want);
        }
    }
    if bless && !stale.is_empty() {
        std::fs::write(&full, updated).expect("the file is writable");
        return;
    }
    assert!(stale.is_empty(), "{}\n(SMARTCHECK_BLESS=1 rewrites them)", stale.join("\n"));
}

#[test]
fn readme_reports_are_real() {
    check_file("README.md");
}

#[test]
fn guide_reports_are_real() {
    check_file("smartcheck/src/lib.rs");
}

#[test]
fn the_readme_has_marked_reports() {
    let source = include_str!("../../README.md");
    assert!(!blocks(source).is_empty(), "README.md has no marked report");
}

#[test]
fn the_guide_has_marked_reports() {
    let source = include_str!("../../smartcheck/src/lib.rs");
    assert!(!blocks(source).is_empty(), "the crate guide has no marked report");
}
