pub struct Stack {
    items: Vec<u8>,
}

#[smartcheck::api]
impl Stack {
    pub fn push(&mut self, x: u8) {
        self.items.push(x);
    }
}

fn main() {}
