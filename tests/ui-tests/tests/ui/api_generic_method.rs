pub struct Stack {
    items: Vec<u8>,
}

#[smartcheck::api]
impl Stack {
    pub fn new() -> Stack {
        Stack { items: Vec::new() }
    }

    pub fn extend<I: IntoIterator<Item = u8>>(&mut self, items: I) {
        self.items.extend(items);
    }
}

fn main() {}
