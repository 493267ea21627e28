use smartcheck::{smart_check, Args};
fn main() {
    let n: u64 = std::env::args().nth(1).map(|s| s.parse().unwrap()).unwrap_or(2000);
    let mut evals = 0;
    let t = std::time::Instant::now();
    for seed in 0..n {
        let args = Args { seed: Some(seed), persist: false, ..Args::default() };
        let r = smart_check(&args, |v: &Vec<i32>| v.iter().rev().eq(v.iter()));
        evals += r.evaluations();
    }
    println!("{:?} per run, {} evals per run", t.elapsed() / n as u32, evals / n as usize);
}
