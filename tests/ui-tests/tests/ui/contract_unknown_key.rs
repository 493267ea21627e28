// Keys a contract does not know: each is an error on the key, naming it and the nearest valid
// one. (A misspelled `ensures` was taken for a field of `smartcheck::Args`, which only the
// generated test reads: with `test = false` the clause was silently never checked.)

struct Account {
    balance: u32,
}

impl Account {
    #[smartcheck::contract(requires = amount > 0, ensure = self.balance >= 1_000_000, test = false)]
    fn deposit(&mut self, amount: u32) {
        self.balance += amount;
    }
}

// The typo is the only clause: named, not "needs at least one clause".
#[smartcheck::contract(ensure = result > 0)]
fn one(x: u8) -> u8 {
    x.saturating_add(1)
}

// A misspelled field of `smartcheck::Args`.
#[smartcheck::contract(ensures = result > 0, tets = 10)]
fn two(x: u8) -> u8 {
    x.saturating_add(2)
}

// Nothing near: the valid keys are listed.
#[smartcheck::contract(ensures = result > 0, frobnicate = 1)]
fn three(x: u8) -> u8 {
    x.saturating_add(3)
}

fn main() {
    let mut a = Account { balance: 0 };
    a.deposit(1);
}
