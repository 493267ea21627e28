pub struct Stack<T> {
    items: Vec<T>,
}

#[smartcheck::api]
impl<T: Clone> Stack<T> {
    pub fn new() -> Self {
        Stack { items: Vec::new() }
    }

    pub fn push(&mut self, x: T) {
        self.items.push(x);
    }
}

fn main() {}
