pub struct Stack {
    items: Vec<u8>,
}

#[smartcheck::api]
impl Stack {
    pub fn new() -> Stack {
        Stack { items: Vec::new() }
    }

    pub fn map(&mut self, f: impl Fn(u8) -> u8) {
        self.items = self.items.iter().map(|x| f(*x)).collect();
    }
}

fn main() {}
