use smartcheck::{smart_check, Args};
use smartcheck_models::challenge::replacement;
use std::cell::Cell;
thread_local!(static N: Cell<usize> = const { Cell::new(0) });
fn main() {
    let seed: u64 = std::env::args().nth(1).map(|s| s.parse().unwrap()).unwrap_or(0);
    let args = Args {
        seed: Some(seed),
        tests: 10000,
        max_discard_ratio: 10,
        run_forall: false,
        run_exists: false,
        rounds: 1,
        persist: false,
        ..Args::default()
    };
    let log = std::cell::RefCell::new(Vec::new());
    let (r, _acc) = smartcheck::reduce::record_accepted(|| {
        smart_check(&args, |v: &replacement::Input| {
            let ok = replacement::prop(v);
            log.borrow_mut().push(format!("{:?} {}", v, if ok { "pass" } else { "FAIL" }));
            ok
        })
    });
    let c = r.counterexamples().first().unwrap();
    let l = log.borrow();
    let start = l.iter().position(|s| s.ends_with("FAIL")).unwrap();
    for s in &l[start..] {
        println!("{s}");
    }
    println!("seed {seed}: {:?} evals {}", c.value(), c.evaluations());
}
