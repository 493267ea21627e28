//! A bounded ring buffer with an off-by-one, found through panics alone: no property is
//! written, only `#[smartcheck::api]` on its `impl` block (Irulan's property-free testing).
//!
//! Run: `cargo run --example api_ring`.

/// A first-in first-out queue of at most `capacity` bytes.
#[derive(Debug)]
pub struct Ring {
    buf: Vec<u8>,
    head: usize,
    len: usize,
}

#[smartcheck::api]
impl Ring {
    /// An empty ring holding at most `capacity` values.
    pub fn new(capacity: u8) -> Ring {
        Ring { buf: vec![0; usize::from(capacity)], head: 0, len: 0 }
    }

    /// Appends `x`; `false` when the ring is full.
    pub fn push(&mut self, x: u8) -> bool {
        if self.len == self.buf.len() {
            return false;
        }
        let mut tail = self.head + self.len;
        if tail > self.buf.len() {
            // The bug: `>=`. A tail that lands exactly on the end is not wrapped.
            tail -= self.buf.len();
        }
        self.buf[tail] = x;
        self.len += 1;
        true
    }

    /// Removes the oldest value.
    pub fn pop(&mut self) -> Option<u8> {
        if self.len == 0 {
            return None;
        }
        let x = self.buf[self.head];
        self.head = (self.head + 1) % self.buf.len();
        self.len -= 1;
        Some(x)
    }

    /// How many values it holds.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when it holds nothing.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

fn main() {
    // Small capacities make the bug reachable; 5,000 programs find one in every seed we tried.
    let args = smartcheck::Args { seed: Some(1), tests: 5000, ..smartcheck::Args::default() };
    println!("{}", smartcheck::api::test_api::<RingProgram>(&args));
    let deepening = smartcheck::api::Deepening::default();
    println!("\n{}", smartcheck::api::deepen::<RingProgram>(&deepening));
}
