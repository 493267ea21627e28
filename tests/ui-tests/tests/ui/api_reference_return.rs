pub struct Stack {
    items: Vec<u8>,
}

#[smartcheck::api]
impl Stack {
    pub fn new() -> Stack {
        Stack { items: Vec::new() }
    }

    pub fn peek(&self) -> Option<&u8> {
        self.items.last()
    }
}

fn main() {}
