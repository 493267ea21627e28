pub struct Stack {
    items: Vec<u8>,
}

#[smartcheck::api]
impl Stack {
    pub fn new() -> Stack {
        Stack { items: Vec::new() }
    }

    pub fn into_vec(self) -> Vec<u8> {
        self.items
    }
}

fn main() {}
