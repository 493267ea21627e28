use super::*;

fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("smartcheck-persist-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn entry(seed: u64) -> Entry {
    Entry {
        type_name: "Vec<u8>".into(),
        origin: Origin { seed, size: 3, budget: 4, generator: 1 },
        hash: 0xabc,
        run: Some(9),
        comment: "[1, 2]".into(),
    }
}

fn inputs(loaded: &Loaded) -> Vec<(usize, Entry)> {
    loaded.inputs.iter().map(|s| (s.line, s.record.clone())).collect()
}

#[test]
fn saves_and_loads_round_trip() {
    let dir = scratch("roundtrip");
    let store = Store::at(&dir, "tests/engine.rs");
    assert_eq!(store.path(), dir.join("smartcheck-regressions/tests/engine.txt"));
    assert_eq!(store.shown(), "smartcheck-regressions/tests/engine.txt");
    assert_eq!(store.load("Vec<u8>"), Loaded::default());
    assert!(store.save(&entry(1)).unwrap());
    assert!(store.save(&entry(2)).unwrap());
    let again = Entry { run: None, comment: "other".into(), ..entry(1) };
    assert!(!store.save(&again).unwrap(), "the same input is saved once only");
    let loaded = store.load("Vec<u8>");
    assert_eq!(inputs(&loaded), vec![(2, entry(1)), (3, entry(2))]);
    assert!(loaded.problems.is_empty());
    assert!(store.load("u8").inputs.is_empty());
    let text = std::fs::read_to_string(store.path()).unwrap();
    assert!(text.starts_with(HEADER));
    assert_eq!(
        text.lines().nth(1),
        Some("type=Vec<u8> seed=0x1 size=3 budget=4 gen=1 hash=0xabc run=0x9 # [1, 2]")
    );
}

#[test]
fn unreadable_lines_are_kept_and_reported() {
    let dir = scratch("corrupt");
    let store = Store::at(&dir, "src/lib.rs");
    store.save(&entry(7)).unwrap();
    let mut bytes = std::fs::read(store.path()).unwrap();
    bytes.extend_from_slice(b"type=Vec<u8> seed=zz size=1\ngarbage\n");
    bytes.extend_from_slice(b"type=Vec<u8> seed=0x1 size=3 budget=4 hash=0x1 # caf\xff\xfe\n");
    bytes.extend_from_slice(b"type=Vec<u8> seed=0x1 size=10000000000 budget=4 hash=0x1\n");
    bytes.extend_from_slice(
        b"type=Vec<u8> seed=0x1 size=3 budget=99999999999999999999999999999 hash=0x1",
    );
    std::fs::write(store.path(), &bytes).unwrap();
    let loaded = store.load("Vec<u8>");
    assert_eq!(inputs(&loaded), vec![(2, entry(7))]);
    let p = &loaded.problems;
    assert_eq!(p.len(), 5, "{p:#?}");
    assert!(p[0].starts_with("smartcheck-regressions/src/lib.txt:3: unreadable line kept as it is (seed=zz is not a 64-bit 0x hex number)"), "{p:#?}");
    assert!(
        p[1].contains(":4: unreadable line kept as it is (`garbage` is not key=value)"),
        "{p:#?}"
    );
    assert!(p[2].contains(":5: unreadable line kept as it is (not UTF-8"), "{p:#?}");
    assert!(
        p[3].contains(":6: unreadable line kept as it is (size=10000000000 is larger than 100000"),
        "{p:#?}"
    );
    assert!(
        p[4].contains(
            ":7: unreadable line kept as it is (budget=99999999999999999999999999999 is larger"
        ),
        "{p:#?}"
    );

    // A save keeps every byte of the file and starts its line on a line of its own.
    store.save(&entry(8)).unwrap();
    let after = std::fs::read(store.path()).unwrap();
    assert_eq!(after[..bytes.len()], bytes[..]);
    assert_eq!(
        &after[bytes.len()..],
        b"\ntype=Vec<u8> seed=0x8 size=3 budget=4 gen=1 hash=0xabc run=0x9 # [1, 2]\n"
    );
    assert_eq!(inputs(&store.load("Vec<u8>")), vec![(2, entry(7)), (8, entry(8))]);
}

#[test]
fn fields_are_checked() {
    for (line, why) in [
        ("type=A seed=0x1 size=1 budget=1 hash=0x1 seed=0x2", "`seed` given twice"),
        ("type=A seed=0x1 size=1 budget=1", "no `hash`"),
        ("type=A seed=0x1 size=1 budget=1 hash=0x1 color=red", "unknown field `color`"),
        (
            "type=A seed=0x10000000000000000 size=1 budget=1 hash=0x1",
            "seed=0x10000000000000000 is not a 64-bit 0x hex number",
        ),
        ("type=A seed=0x1 size=-1 budget=1 hash=0x1", "size=-1 is not a number"),
        ("type= seed=0x1 size=1 budget=1 hash=0x1", "an empty `type`"),
        ("crash seed=0x1", "no `type`"),
        ("type=A seed=0x1 size=1 budget=1 gen=1 gen=1 hash=0x1", "`gen` given twice"),
        (
            "type=A seed=0x1 size=1 budget=1 gen=0 hash=0x1",
            "gen=0 is not a generator this version knows (1 to NEWEST)",
        ),
        (
            "type=A seed=0x1 size=1 budget=1 gen=99 hash=0x1",
            "gen=99 is not a generator this version knows (1 to NEWEST)",
        ),
    ] {
        let why = why.replace("NEWEST", &Gen::NEWEST.to_string());
        assert_eq!(parse(line), Err(why.to_string()), "{line}");
    }
    // A line written before generator versions: generator 1 drew it.
    let Ok(Record::Input(old)) = parse("type=A seed=0x1 size=2 budget=3 hash=0x4") else {
        panic!("a line without `gen` reads")
    };
    assert_eq!(old.origin, Origin { seed: 1, size: 2, budget: 3, generator: 1 });
    let long = format!("type={} seed=0x1", "a".repeat(MAX_LINE));
    assert_eq!(read_line(long.as_bytes()), Err(format!("longer than {MAX_LINE} bytes")));
    assert_eq!(
        parse("crash type=A seed=0x5 # at x"),
        Ok(Record::Crash(Crash { type_name: "A".into(), seed: 5, comment: "at x".into() }))
    );
}

#[test]
fn old_temporary_files_are_removed_by_the_next_save() {
    let dir = scratch("tmp");
    let store = Store::at(&dir, "tests/a.rs");
    let folder = dir.join("smartcheck-regressions/tests");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("a.txt.tmp1234"), "half a file").unwrap();
    std::fs::write(folder.join("b.txt.tmp1234"), "another test's").unwrap();
    store.save(&entry(1)).unwrap();
    let mut names: Vec<String> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["a.txt", "b.txt.tmp1234"]);
}

#[test]
fn in_flight_records_of_dead_runs_become_crash_lines() {
    let dir = scratch("inflight");
    let store = Store::at(&dir, "tests/a.rs");
    let live = store.in_flight("T", 0x5eed, "tests/a.rs:3:5").unwrap();
    let text = std::fs::read_to_string(live.path()).unwrap();
    assert!(
        text.starts_with("crash type=T seed=0x5eed # tests/a.rs:3:5, started at unix time"),
        "{text}"
    );
    assert!(store.collect_crashes().is_empty(), "a live record is locked");
    // A dead process's record: the same text, no lock held.
    let dead = live.path().with_file_name("a.txt.running-1-0");
    std::fs::write(&dead, text.replace("0x5eed", "0xdead")).unwrap();
    std::fs::write(live.path().with_file_name("a.txt.running-1-1"), "").unwrap(); // not yet written
    let crashes = store.collect_crashes();
    assert_eq!(crashes.len(), 1);
    assert_eq!((crashes[0].type_name.as_str(), crashes[0].seed), ("T", 0xdead));
    assert!(!dead.exists());
    let loaded = store.load("T");
    assert_eq!(loaded.crashes.len(), 1);
    assert_eq!((loaded.crashes[0].line, loaded.crashes[0].record.seed), (2, 0xdead));
    let path = live.path().to_path_buf();
    drop(live);
    assert!(!path.exists(), "a clean end removes the record");
    assert!(dir.join("smartcheck-regressions/tests").exists(), "a folder in use is kept");

    let fresh = scratch("inflight-fresh");
    std::fs::create_dir_all(&fresh).unwrap();
    let store = Store::at(&fresh, "tests/deep/b.rs");
    drop(store.in_flight("T", 1, "here"));
    assert!(fresh.exists(), "the crate's own folder stays");
    assert!(!fresh.join("smartcheck-regressions").exists(), "empty folders go");
}

#[test]
fn hash_is_stable_and_ignores_map_order() {
    assert_eq!(value_hash(""), 0xcbf2_9ce4_8422_2325);
    assert_eq!(value_hash("a"), 0xaf63_dc4c_8601_ec8c);
    assert_eq!(value_hash("Some({\"x\", \"y\"})"), value_hash("Some({\"y\", \"x\"})"));
}

#[test]
fn canonical_debug_sorts_maps_and_sets_only() {
    for (text, canonical) in [
        ("{3, 1, 2}", "{1, 2, 3}"),
        ("[{2: [9, 8]}, {}]", "[{2: [9, 8]}, {}]"),
        ("S { b: 1, a: {\"y\": 'x', \"x\": '}'} }", "S { b: 1, a: {\"x\": '}', \"y\": 'x'} }"),
        ("{\"a, b\": 1, \"\\\"{\": 2}", "{\"\\\"{\": 2, \"a, b\": 1}"),
        ("T('x, {2, 1})", "T('x, {1, 2})"),
        ("{{2, 1}, {0}}", "{{0}, {1, 2}}"),
        ("unbalanced {2, 1", "unbalanced {2, 1"),
        ("closed ] } ) early", "closed ] } ) early"),
        ("(1, (2, [3]))", "(1, (2, [3]))"),
    ] {
        assert_eq!(canonical_debug(text), canonical, "{text}");
    }
}

#[test]
fn enumerated_inputs_save_load_and_bound_their_fields() {
    let dir = scratch("enumerated");
    let store = Store::at(&dir, "tests/a.rs");
    let found = Enumerated {
        type_name: "(Vec<u8>,u8)".into(),
        depth: 4,
        index: 937,
        hash: 0xabc,
        comment: "([0, 1], 1)".into(),
    };
    assert!(store.save_enumerated(&found).unwrap());
    let again = Enumerated { comment: "other".into(), ..found.clone() };
    assert!(!store.save_enumerated(&again).unwrap(), "the same input is saved once only");
    assert!(store.save(&Entry { type_name: "(Vec<u8>,u8)".into(), ..entry(1) }).unwrap());
    let loaded = store.load("(Vec<u8>,u8)");
    assert_eq!(loaded.enumerated, [Saved { line: 2, record: found }]);
    assert_eq!(loaded.inputs.len(), 1, "a drawn input of the type is loaded beside it");
    assert!(store.load("u8").enumerated.is_empty());
    let text = std::fs::read_to_string(store.path()).unwrap();
    assert_eq!(
        text.lines().nth(1),
        Some("enumerated type=(Vec<u8>,u8) depth=4 index=937 hash=0xabc # ([0, 1], 1)")
    );
    for (line, why) in [
        ("enumerated type=A depth=4 hash=0x1", "no `index`"),
        ("enumerated type=A index=4 hash=0x1", "no `depth`"),
        ("enumerated type=A depth=4 index=1", "no `hash`"),
        (
            "enumerated type=A depth=4 index=1099511627777 hash=0x1",
            "index=1099511627777 is larger than 1099511627776, the largest a saved line may have",
        ),
        ("enumerated type=A depth=4 index=-1 hash=0x1", "index=-1 is not a number"),
    ] {
        assert_eq!(parse(line), Err(why.to_string()), "{line}");
    }
}
