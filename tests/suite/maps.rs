//! Maps and sets are lists of entries sorted by key (issue 11 item 2): reduced entry by entry,
//! printed sorted, byte-identical reports for a seed whatever the hasher, and generation
//! within the size budget even for types recursive through a map (issue 12 item 2).

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use smartcheck::{smart_check, Arbitrary, Args, Gen, SubTypes};

fn seeded(seed: u64) -> Args {
    Args { seed: Some(seed), ..Args::default() }
}

fn reduce_only(seed: u64) -> Args {
    Args { run_forall: false, run_exists: false, rounds: 1, ..seeded(seed) }
}

#[derive(Debug, Clone, SubTypes, Arbitrary)]
struct Config {
    name: String,
    limits: HashMap<u8, u16>,
    tags: HashSet<char>,
}

#[test]
fn maps_and_sets_print_sorted_in_rust_syntax() {
    let m: HashMap<i32, &str> = [(10, "c"), (2, "b"), (-1, "a")].into_iter().collect();
    let m: HashMap<i32, String> = m.into_iter().map(|(k, v)| (k, v.to_string())).collect();
    let render = |v: &dyn smartcheck::Node| {
        smartcheck::render::render(smartcheck::NodeRef::Value(v), &Default::default())
    };
    assert_eq!(render(&m), r#"{-1: "a", 2: "b", 10: "c"}"#);
    let b: BTreeMap<i32, bool> = [(3, true), (1, false)].into_iter().collect();
    assert_eq!(render(&b), "{1: false, 3: true}");
    let s: HashSet<u32> = [30, 4, 100, 7].into_iter().collect();
    assert_eq!(render(&s), "{4, 7, 30, 100}");
    let t: BTreeSet<char> = ['z', 'a'].into_iter().collect();
    assert_eq!(render(&t), "{'a', 'z'}");
    let empty: BTreeMap<u8, u8> = BTreeMap::new();
    assert_eq!(render(&empty), "{}");
}

#[test]
fn a_map_is_a_list_of_cells() {
    let b: BTreeMap<u8, Option<bool>> = [(1, Some(true)), (2, None)].into_iter().collect();
    // Two cells, the empty map, Some and None.
    assert_eq!(b.size(), 5);
    assert_eq!(b.constructor(), "{_: _, ..}");
    assert_eq!(b.sub_value(1).map(|v| v.constructor()), Some("Some"));
    let tail = b.sub_value(2).expect("the second cell");
    assert_eq!(format!("{tail:?}"), "{2: None}");
    let s: BTreeSet<u8> = [5, 6].into_iter().collect();
    assert_eq!(s.size(), 3);
    assert_eq!(s.constructors(), &["{}", "{_, ..}"]);
}

#[test]
fn replacing_a_cell_deletes_entries_and_checks_the_type() {
    let mut b: BTreeMap<u8, Option<bool>> =
        [(1, Some(true)), (2, None), (3, None)].into_iter().collect();
    // Index 2 is the second cell (after the root's value `Some(true)`).
    let later = b.sub_value(4).expect("a later cell");
    b.replace_sub_value(2, later).expect("a map replaces a map cell");
    assert_eq!(b.keys().copied().collect::<Vec<_>>(), vec![1, 3]);
    let wrong = Box::new(7u8);
    assert!(b.replace_sub_value(2, wrong).is_err());
    assert_eq!(b.len(), 2);
}

/// A rest of the map put in after an entry keeps that entry: `{1: 20, ..x0}` reads as Rust's
/// struct update, the entries written out over the rest's. A rest holding key 1 used to
/// overwrite it, so that `forall values x0` was refuted by a value no reader takes for an
/// instance of `{1: 20, ..x0}`.
#[test]
fn a_rest_put_in_keeps_the_entries_before_it() {
    let mut b: BTreeMap<u8, u8> = [(1, 20)].into_iter().collect();
    let rest: BTreeMap<u8, u8> = [(0, 5), (1, 0), (2, 7)].into_iter().collect();
    // Index 1 is the first cell's rest (its key and value are primitive leaves, unindexed).
    assert_eq!(b.sub_value(1).map(|v| format!("{v:?}")), Some("{}".to_string()));
    b.replace_sub_value(1, Box::new(rest)).expect("a map replaces a map's rest");
    assert_eq!(b, [(0, 5), (1, 20), (2, 7)].into_iter().collect());
    let mut h: HashMap<String, u8> = [("a".to_string(), 20)].into_iter().collect();
    let rest: HashMap<String, u8> =
        [("a".to_string(), 0), ("b".to_string(), 1)].into_iter().collect();
    h.replace_sub_value(1, Box::new(rest)).expect("a map replaces a map's rest");
    assert_eq!(h, [("a".to_string(), 20), ("b".to_string(), 1)].into_iter().collect());
    let mut s: BTreeSet<u8> = [3].into_iter().collect();
    s.replace_sub_value(1, Box::new(BTreeSet::from([3u8, 4]))).expect("a set's rest");
    assert_eq!(s, BTreeSet::from([3, 4]));
}

#[test]
fn one_bad_entry_reduces_to_one_entry() {
    let prop = |m: &HashMap<u8, String>| !m.values().any(|v| v.contains('!'));
    let mut found = 0;
    for seed in 0..30 {
        let report = smart_check(&reduce_only(seed), prop);
        if !report.failed() {
            continue;
        }
        found += 1;
        let value = report.counterexamples()[0].value();
        assert_eq!(value.len(), 1, "seed {seed}:\n{report}");
        assert!(!prop(value), "seed {seed}: reported value passes");
    }
    assert!(found >= 20, "found in {found} of 30 seeds");
}

#[test]
fn one_bad_key_reduces_to_one_entry_in_a_btree_set() {
    for seed in 0..30 {
        let report =
            smart_check(&reduce_only(seed), |s: &BTreeSet<u16>| s.iter().all(|&x| x < 1000));
        assert!(report.failed(), "seed {seed}: not found\n{report}");
        let value = report.counterexamples()[0].value();
        assert_eq!(value.len(), 1, "seed {seed}:\n{report}");
        assert!(value.iter().all(|&x| x >= 1000));
    }
}

/// Run by `same_seed_same_report_in_two_processes` in a child process: prints one report.
#[test]
fn print_a_hash_map_report() {
    if std::env::var("SMARTCHECK_MAPS_CHILD").is_err() {
        return;
    }
    let report = smart_check(&seeded(0x5eed), |c: &Config| c.limits.len() + c.tags.len() < 4);
    println!("REPORT-START\n{report}\nREPORT-END");
}

fn child_report() -> String {
    let exe = std::env::current_exe().expect("the test binary's own path");
    let out = std::process::Command::new(exe)
        .args([
            "--exact",
            crate::test_name(module_path!(), "print_a_hash_map_report").as_str(),
            "--nocapture",
            "--test-threads=1",
        ])
        .env("SMARTCHECK_MAPS_CHILD", "1")
        .output()
        .expect("the test binary runs again");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let start = text.find("REPORT-START").expect("the child printed its report");
    let end = text.find("REPORT-END").expect("the child finished its report");
    text[start..end].to_string()
}

#[test]
fn same_seed_same_report_in_two_processes() {
    let a = child_report();
    let b = child_report();
    assert!(a.contains("counterexample"), "{a}");
    assert_eq!(a, b, "two processes (two hashers) printed different reports");
}

#[derive(Debug, Clone, SubTypes, Arbitrary)]
enum Json {
    Null,
    Num(i64),
    Arr(Vec<Json>),
    Obj(BTreeMap<String, Json>),
}

#[derive(Debug, Clone, SubTypes, Arbitrary)]
struct Dir {
    dirs: BTreeMap<String, Dir>,
    files: HashSet<String>,
}

fn generates_within_budget<T: SubTypes>(what: &str) {
    let mut total = 0;
    for i in 0..1000u64 {
        let size = (i % 101) as usize;
        let mut g = Gen::new(i, size);
        let value = T::arbitrary(&mut g);
        let n = value.size();
        assert!(n <= size.max(T::min_size().unwrap_or(0)), "{what}: size {n} > budget {size}");
        total += n;
    }
    assert!(total > 1000, "{what}: values too small to mean anything ({total} in all)");
}

#[test]
fn types_recursive_through_maps_generate_within_budget() {
    generates_within_budget::<Json>("Json");
    generates_within_budget::<Dir>("Dir");
    generates_within_budget::<HashMap<String, Vec<u8>>>("HashMap<String, Vec<u8>>");
    generates_within_budget::<BTreeSet<(u8, Option<bool>)>>("BTreeSet<(u8, Option<bool>)>");
}

#[test]
fn a_type_recursive_through_a_map_is_checked_at_default_sizes() {
    let report = smart_check(&seeded(3), |j: &Json| !matches!(j, Json::Obj(m) if m.len() > 2));
    assert!(report.failed(), "{report}");
    let report = smart_check(&seeded(3), |d: &Dir| d.dirs.len() < 3);
    assert!(report.failed(), "{report}");
}

#[derive(Debug, Clone, SubTypes, Arbitrary)]
struct Shelf {
    counts: HashMap<u8, u8>,
    labels: HashSet<char>,
}

#[derive(Debug, Clone, SubTypes, Arbitrary)]
struct Store {
    shelves: Vec<Shelf>,
    n: u8,
}

/// Every hash map built in a process has hash keys of its own, so running a seed five
/// times in one process iterates its maps in five orders: the report must not change.
/// (Generalization told sampled maps apart by their `Debug` text, which was in iteration
/// order: some seeds printed another third counterexample on another run.)
#[test]
fn one_seed_one_report_however_hash_maps_iterate() {
    let prop =
        |s: &Store| s.shelves.iter().map(|x| x.counts.len() + x.labels.len()).sum::<usize>() < 5;
    for seed in 0..20 {
        let first = smart_check(&seeded(seed), prop).to_string();
        for _ in 0..4 {
            assert_eq!(smart_check(&seeded(seed), prop).to_string(), first, "seed {seed}");
        }
    }
}

/// The bug: two entries whose key is as long in bytes as their non-empty value. Minimum
/// `{"a": [0], "b": [0]}`.
fn lengths_differ(m: &HashMap<String, Vec<u8>>) -> bool {
    m.iter().filter(|(k, v)| k.len() == v.len() && !v.is_empty()).count() < 2
}

#[test]
fn the_keys_of_a_hash_map_fall_to_the_simplest_distinct_ones() {
    // A hash map walks its keys simplest first, as the order compares them: by `Debug` text,
    // `"\0"` came after `"a"` and every simpler key but `"a"` itself (`"5"`, `"K"`) moved
    // its entry first and made the value compare worse. 6 of 40 probe runs ended there.
    let args = |seed| Args { seed: Some(seed), ..Args::default() };
    let start: HashMap<String, Vec<u8>> =
        [("\0".to_string(), vec![0]), ("a".to_string(), vec![0])].into_iter().collect();
    let minimum: HashMap<String, Vec<u8>> =
        [("a".to_string(), vec![0]), ("b".to_string(), vec![0])].into_iter().collect();
    let chars: HashSet<char> = ['\0', 'a'].into_iter().collect();
    for seed in 0..10 {
        let cex = smartcheck::reduce(&args(seed), lengths_differ, start.clone()).expect("fails");
        assert_eq!(cex.value(), &minimum, "seed {seed}");
        let two = |s: &HashSet<char>| s.len() < 2;
        let cex = smartcheck::reduce(&args(seed), two, chars.clone()).expect("fails");
        assert_eq!(cex.value(), &['a', 'b'].into_iter().collect::<HashSet<char>>(), "seed {seed}");
    }
}

/// A package of a workspace.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, SubTypes, Arbitrary)]
enum Pkg {
    Core,
    Util,
    Net,
    Ui,
    App,
}

/// A depth-first cycle search with one visited set for all roots: a package reached twice
/// (`Net` needs `Util`, already visited) looks cyclic.
fn looks_cyclic(deps: &BTreeMap<Pkg, Vec<Pkg>>) -> bool {
    fn visit(p: Pkg, deps: &BTreeMap<Pkg, Vec<Pkg>>, seen: &mut BTreeSet<Pkg>) -> bool {
        !seen.insert(p) || deps.get(&p).into_iter().flatten().any(|&q| visit(q, deps, seen))
    }
    let mut seen = BTreeSet::new();
    deps.keys().any(|&p| !seen.contains(&p) && visit(p, deps, &mut seen))
}

/// The search agrees with the truth: some package reaches itself.
fn cycle_search_agrees(deps: &BTreeMap<Pkg, Vec<Pkg>>) -> bool {
    let reaches_itself = |from: Pkg| {
        let mut todo: Vec<Pkg> = deps.get(&from).cloned().unwrap_or_default();
        let mut seen = BTreeSet::new();
        while let Some(p) = todo.pop() {
            if p == from {
                return true;
            }
            if seen.insert(p) {
                todo.extend(deps.get(&p).into_iter().flatten());
            }
        }
        false
    };
    looks_cyclic(deps) == deps.keys().any(|&p| reaches_itself(p))
}

/// A rest that merges into nothing (every key of it already written out) makes the
/// counterexample again: no evidence that the rest may be anything. Such tries were most of
/// the evidence for `{Util: c0(..), Net: [Util, ..c1(..)], ..x0}`, which a rest holding a
/// cycle of its own passes.
#[test]
fn a_rest_that_merges_into_nothing_is_no_evidence() {
    for seed in 0..30 {
        let report = smart_check(&seeded(seed), cycle_search_agrees);
        let Some(cex) = report.counterexamples().first() else { continue };
        let Some(g) = cex.generalization() else { continue };
        if !g.formula().contains("..x") {
            continue;
        }
        // A rest may be anything: one holding a cycle of its own, on a key not written out.
        for extra in [Pkg::Core, Pkg::Util, Pkg::Net, Pkg::Ui, Pkg::App] {
            if cex.value().contains_key(&extra) {
                continue;
            }
            let mut with_cycle = cex.value().clone();
            with_cycle.insert(extra, vec![extra]);
            assert!(
                !cycle_search_agrees(&with_cycle),
                "seed {seed}: {}\nrefuted by {with_cycle:?}",
                g.formula()
            );
            break;
        }
    }
}

/// The two shapes of the search's bug reduce to their simplest packages: a shared dependency
/// `{Core: [], Util: [Core]}` (a key and a dependency that name one package lowered
/// together) and a dependency listed twice `{Core: [Util, Util]}`. Each seed ended on its
/// own packages before (`{Net: [], Ui: [Net]}`, `{Core: [Ui, Ui]}`, `{Core: [App, App]}`):
/// lowering one of two equal parts alone passes.
#[test]
fn equal_parts_are_lowered_together() {
    let reduce = |start: BTreeMap<Pkg, Vec<Pkg>>| {
        smartcheck::reduce(&reduce_only(1), cycle_search_agrees, start)
            .expect("a counterexample")
            .value()
            .clone()
    };
    let map = |entries: &[(Pkg, &[Pkg])]| -> BTreeMap<Pkg, Vec<Pkg>> {
        entries.iter().map(|(k, v)| (*k, v.to_vec())).collect()
    };
    let shared = map(&[(Pkg::Core, &[]), (Pkg::Util, &[Pkg::Core])]);
    assert_eq!(reduce(map(&[(Pkg::Net, &[]), (Pkg::Ui, &[Pkg::Net])])), shared);
    let twice = map(&[(Pkg::Core, &[Pkg::Util, Pkg::Util])]);
    assert_eq!(reduce(map(&[(Pkg::Core, &[Pkg::Ui, Pkg::Ui])])), twice);
    assert_eq!(reduce(map(&[(Pkg::Ui, &[Pkg::App, Pkg::App])])), twice);
}

/// A key whose `Hash` says nothing about it (legal: equal keys still hash alike).
#[derive(Debug, Clone, PartialEq, Eq, SubTypes, Arbitrary)]
struct Blind(u8);

impl std::hash::Hash for Blind {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

/// Two equal hash sets built in different orders walk and print alike whatever their keys'
/// `Hash` does: a walking order remembered by the keys' own hash gave two sets of one length
/// one order, and `(x0, x0)` became four variables (a reviewer's case).
#[test]
fn equal_hash_sets_walk_alike_whatever_their_keys_hash() {
    let a: HashSet<Blind> = [1, 2, 3].map(Blind).into_iter().collect();
    let b: HashSet<Blind> = [3, 2, 1].map(Blind).into_iter().collect();
    let g = smartcheck::generalize(
        &seeded(1),
        |p: &(HashSet<Blind>, HashSet<Blind>)| p.0 != p.1,
        &(a, b),
    )
    .expect("generalized");
    assert_eq!(g.formula(), "forall values x0:\n  (x0, x0)");
}

/// A token whose `Debug` hides its value, as a secret's might.
#[derive(Clone, PartialEq, Eq, Hash, SubTypes, Arbitrary)]
#[smartcheck(opaque)]
struct Token(u8);

impl std::fmt::Debug for Token {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Token(<redacted>)")
    }
}

/// The keys a walk of `root` (a set) reaches, cell by cell.
fn walked(root: smartcheck::NodeRef<'_>) -> Vec<u8> {
    let (mut out, mut at) = (Vec::new(), root);
    loop {
        let cells = at.children();
        let [head, tail] = cells.as_slice() else { return out };
        let key = head.node.to_value();
        out.push(key.as_any().downcast_ref::<Token>().expect("a token").0);
        at = tail.node;
    }
}

/// A hash set's walk reaches each of its entries once. Two sets whose keys print alike share
/// a remembered walking order, whose keys were the first set's: looked up in the second, a
/// walk listed one entry twice and missed another in 218 of 300 walks of a review's probe.
#[test]
fn a_hash_sets_walk_reaches_each_entry_once_whatever_its_keys_print() {
    let mut state = 0x1234_5678u64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % 8) as u8
    };
    for trial in 0..300 {
        let (mut a, mut b) = (HashSet::new(), HashSet::new());
        while a.len() < 4 {
            a.insert(Token(next()));
        }
        while b.len() < 4 {
            b.insert(Token(next()));
        }
        let _ = walked(smartcheck::NodeRef::Value(a.node()));
        let mut got = walked(smartcheck::NodeRef::Value(b.node()));
        got.sort_unstable();
        let mut want: Vec<u8> = b.iter().map(|t| t.0).collect();
        want.sort_unstable();
        assert_eq!(got, want, "trial {trial}");
    }
}

/// A variable that stands as a map's key beside other keys ranges over the keys unlike
/// theirs (an instance that repeats one is a map of fewer entries, no instance of the formula,
/// and never run), and the report says so: `{1: [0, 0, x0], x0: [0]}` read with `x0 = 1` is
/// one entry, which passes.
#[test]
fn a_key_variable_is_said_to_be_none_of_the_other_keys() {
    for seed in 0..10 {
        let args = Args { seed: Some(seed), ..Args::default() };
        let report = smart_check(&args, |m: &BTreeMap<u8, u8>| m.len() < 2);
        let g = report.counterexamples()[0].generalization().expect("generalized");
        // `{x1: x2, x3: x4, ..x0} with x1 != x3`: the rest's keys are none of them either.
        assert!(g.formula().contains("{x1: x2, x3: x4, ..x0}"), "seed {seed}: {g}");
        let note = "x1, x3 are keys: any but their map's or set's other keys";
        assert!(g.notes().iter().any(|n| n == note), "seed {seed}: {g}");
    }
}
