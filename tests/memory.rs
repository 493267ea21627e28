//! Memory stays bounded (issue 12, item 2, "Done when"): types recursive through a map are
//! generated and checked at default sizes within 100 MiB of heap, and a flat list of 10^6
//! elements reduces within 4 GiB of address space (stacks included: stack size follows a
//! value's nesting, not its size).
//!
//! The heap is measured by a counting global allocator (this binary's own); the address space
//! by running the reduction in a child process under `ulimit -v` (Linux).

use std::alloc::{GlobalAlloc, Layout, System};
use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use smartcheck::{smart_check, Arbitrary, Args, Gen, SubTypes};

/// The system allocator, counting the bytes in use and their peak.
struct Counting;

static IN_USE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let now = IN_USE.fetch_add(layout.size(), Ordering::SeqCst) + layout.size();
            PEAK.fetch_max(now, Ordering::SeqCst);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        IN_USE.fetch_sub(layout.size(), Ordering::SeqCst);
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// One measurement at a time, and no other test of this binary during one: the counts are
/// the whole process's.
static MEASURING: Mutex<()> = Mutex::new(());

const MIB: usize = 1 << 20;

/// The peak heap `f` used above what was in use when it started, in bytes.
fn peak_heap_of(f: impl FnOnce()) -> usize {
    let _one = MEASURING.lock().unwrap_or_else(|e| e.into_inner());
    let before = IN_USE.load(Ordering::SeqCst);
    PEAK.store(before, Ordering::SeqCst);
    f();
    PEAK.load(Ordering::SeqCst) - before
}

/// A JSON-like value: recursive through a `BTreeMap` and a `Vec`.
#[derive(Debug, Clone, SubTypes, Arbitrary)]
enum Value {
    Nothing,
    Flag(bool),
    Text(String),
    List(Vec<Value>),
    Object(BTreeMap<String, Value>),
}

/// A folder tree: recursive through a `HashMap`.
#[derive(Debug, Clone, SubTypes, Arbitrary)]
struct Folder {
    children: HashMap<String, Folder>,
    bytes: u32,
}

fn objects_are_small(v: &Value) -> bool {
    !matches!(v, Value::Object(m) if m.len() > 2)
}

fn folders_are_small(f: &Folder) -> bool {
    f.children.len() < 3
}

#[test]
fn map_recursive_types_generate_and_check_at_default_sizes_within_100_mib() {
    let one_mib = peak_heap_of(|| drop(std::hint::black_box(vec![1u8; MIB])));
    // Within 64 KiB: the counts are process-wide, and the test harness's own threads (which
    // the lock does not hold back) may free a little memory during the measurement.
    assert!(one_mib >= MIB - 64 * 1024, "the allocator counts: {one_mib}");
    let generating = peak_heap_of(|| {
        for seed in 0..200 {
            let mut g = Gen::new(seed, Args::default().max_gen_size);
            drop((Value::arbitrary(&mut g), Folder::arbitrary(&mut g)));
        }
    });
    let args = Args { seed: Some(3), persist: false, ..Args::default() };
    let checking_values = peak_heap_of(|| assert!(smart_check(&args, objects_are_small).failed()));
    let checking_folders = peak_heap_of(|| assert!(smart_check(&args, folders_are_small).failed()));
    println!(
        "peak heap: generating {} KiB, checking Value {} KiB, checking Folder {} KiB",
        generating >> 10,
        checking_values >> 10,
        checking_folders >> 10
    );
    for peak in [generating, checking_values, checking_folders] {
        assert!(peak < 100 * MIB, "{peak} bytes");
    }
}

/// The child: reduces a flat list of 10^6 elements, under the parent's `ulimit -v`.
#[test]
#[ignore = "run by a_flat_million_element_list_reduces_within_4_gib_of_address_space"]
fn reduce_a_flat_million() {
    let long: Vec<u8> = (0..1_000_000).map(|i| (i % 251) as u8).collect();
    let args = Args { seed: Some(1), persist: false, ..Args::default() };
    let cex = smartcheck::reduce(&args, |v: &Vec<u8>| v.len() < 10, long).expect("it fails");
    assert_eq!(cex.value(), &vec![0; 10]);
    println!("reduced 10^6 elements to {:?}", cex.value());
}

#[test]
#[cfg(target_os = "linux")]
fn a_flat_million_element_list_reduces_within_4_gib_of_address_space() {
    // Not while the other test measures: this thread's own allocations and frees (the child's
    // output) would move the process-wide counts under it.
    let _one = MEASURING.lock().unwrap_or_else(|e| e.into_inner());
    const LIMIT_KIB: u64 = 4 * 1024 * 1024;
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {LIMIT_KIB} && exec \"$0\" \"$@\""))
        .arg(std::env::current_exe().unwrap())
        .args(["--ignored", "--exact", "reduce_a_flat_million", "--nocapture"])
        .env("RUST_BACKTRACE", "0")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout) + String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("reduced 10^6 elements to [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]"), "{text}");
}
