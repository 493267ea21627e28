#[smartcheck::property]
fn no_arguments() -> bool {
    true
}

#[smartcheck::property(tests)]
fn not_name_value(x: u8) -> bool {
    x == x
}

#[smartcheck::property]
fn generic<T: Clone>(x: T) -> bool {
    let _ = x;
    true
}

#[smartcheck::property]
fn mutable(v: &mut Vec<u8>) -> bool {
    v.push(1);
    true
}

#[smartcheck::property]
fn lifetime(v: &'static Vec<u8>) -> bool {
    v.is_empty() || !v.is_empty()
}

#[smartcheck::property]
fn lifetime_parameter<'a>(v: &'a Vec<u8>) -> bool {
    v.is_empty() || !v.is_empty()
}

#[smartcheck::property]
fn trait_object(v: &dyn std::fmt::Debug) -> bool {
    format!("{v:?}").len() < 1000
}

#[smartcheck::property(tets = 10)]
fn misspelled_key(x: u8) -> bool {
    x == x
}

#[smartcheck::property(shrink = false)]
fn unknown_key(x: u8) -> bool {
    x == x
}

fn main() {}
