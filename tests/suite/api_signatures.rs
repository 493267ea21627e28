//! Every signature form `#[smartcheck::api]` supports, on a generic type fixed to `i16`: the
//! program type builds, and a printed program compiles and runs when pasted.

use smartcheck::api;
use smartcheck::Args;

/// A multiset kept as a sorted vector.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Bag<T> {
    items: Vec<T>,
    labels: Vec<String>,
}

#[smartcheck::api(T = i16, program = BagProgram)]
impl<T: Clone + Ord + std::fmt::Debug> Bag<T> {
    /// The empty bag.
    pub fn new() -> Self {
        Bag { items: Vec::new(), labels: Vec::new() }
    }

    /// A bag of `items` (a slice argument).
    pub fn of(items: &[T]) -> Self {
        let mut items = items.to_vec();
        items.sort();
        Bag { items, labels: Vec::new() }
    }

    /// With `x` added (consumes and returns the API's type).
    pub fn with(mut self, x: T) -> Self {
        let at = self.items.partition_point(|y| *y < x);
        self.items.insert(at, x);
        self
    }

    /// Adds a label (a `&str` argument, an observer on `&mut self`).
    pub fn label(&mut self, name: &str) -> usize {
        self.labels.push(name.to_string());
        self.labels.len()
    }

    /// The first `n` items, or `None` when there are fewer (`Option<Self>`).
    pub fn take(self, n: u8) -> Option<Self> {
        let n = usize::from(n);
        (n <= self.items.len())
            .then(|| Bag { items: self.items[..n].to_vec(), labels: self.labels })
    }

    /// Itself, or an error when it holds more than 100 items (`Result<Self, E>`).
    pub fn checked(self) -> Result<Self, String> {
        if self.items.len() > 100 {
            Err("too many".to_string())
        } else {
            Ok(self)
        }
    }

    /// Both bags' items (a function with two borrowed operands).
    pub fn join(a: &Self, b: &Self) -> Self {
        let mut items = [a.items.clone(), b.items.clone()].concat();
        items.sort();
        Bag { items, labels: Vec::new() }
    }

    /// Moves `other`'s items in (`&mut self` and an owned operand).
    pub fn absorb(&mut self, other: Self) {
        for x in other.items {
            let at = self.items.partition_point(|y| *y < x);
            self.items.insert(at, x);
        }
    }

    /// The smallest item: returns a reference, so it is left out.
    #[smartcheck(skip)]
    pub fn peek(&self) -> Option<&T> {
        self.items.first()
    }

    /// The invariant: sorted.
    #[smartcheck(invariant)]
    fn sorted(&self) -> bool {
        self.items.windows(2).all(|w| w[0] <= w[1])
    }
}

fn every_call() -> BagProgram {
    use BagProgram::*;
    let left = With(Box::new(Of(vec![2, -1])), 3);
    let right = Take(Box::new(Join(Box::new(New), Box::new(Checked(Box::new(New))))), 0);
    Label(Box::new(Absorb(Box::new(left), Box::new(right))), "a".to_string())
}

#[test]
fn the_program_type_has_one_variant_per_public_function_but_the_skipped() {
    use api::Program;
    let names: Vec<&str> = BagProgram::FUNCTIONS.iter().map(|f| f.name).collect();
    assert_eq!(names, ["new", "of", "with", "label", "take", "checked", "join", "absorb"]);
    let operands: Vec<usize> = BagProgram::FUNCTIONS.iter().map(|f| f.operands).collect();
    assert_eq!(operands, [0, 0, 1, 1, 1, 1, 2, 2]);
    assert_eq!(BagProgram::API, "Bag::<i16>");
}

#[test]
fn every_form_prints_as_rust() {
    let printed = api::print_program(&every_call());
    let expected = "let mut s0 = Bag::<i16>::of(&[2, -1]);\n\
                    let mut s0 = s0.with(3);\n\
                    let mut s1 = Bag::<i16>::new();\n\
                    let mut s2 = Bag::<i16>::new();\n\
                    let mut s2 = s2.checked().unwrap();\n\
                    let mut s1 = Bag::<i16>::join(&s1, &s2);\n\
                    let mut s1 = s1.take(0).unwrap();\n\
                    s0.absorb(s1);\n\
                    s0.label(\"a\");";
    assert_eq!(printed.to_string(), expected);
    assert_eq!(printed.calls(), 9);
    assert_eq!(printed.failure(), None);
}

/// The program printed above, pasted: it compiles and runs.
#[test]
#[allow(unused_mut)]
fn the_printed_program_compiles_when_pasted() {
    let mut s0 = Bag::<i16>::of(&[2, -1]);
    let mut s0 = s0.with(3);
    let mut s1 = Bag::<i16>::new();
    let mut s2 = Bag::<i16>::new();
    let mut s2 = s2.checked().unwrap();
    let mut s1 = Bag::<i16>::join(&s1, &s2);
    let mut s1 = s1.take(0).unwrap();
    s0.absorb(s1);
    s0.label("a");
    assert_eq!(s0.items, [-1, 2, 3]);
}

#[test]
fn a_none_where_a_value_was_needed_ends_the_program_without_failing() {
    use BagProgram::*;
    let program = With(Box::new(Take(Box::new(New), 5)), 1);
    let printed = api::print_program(&program);
    assert_eq!(printed.calls(), 2, "with is never called");
    assert_eq!(printed.failure(), None);
}

#[test]
fn a_correct_generic_api_passes_and_every_function_is_called() {
    let args = Args { seed: Some(3), tests: 300, ..Args::default() };
    api::check_api::<BagProgram>(&args);
    let report = api::test_api::<BagProgram>(&args);
    assert_eq!(report.coverage().never_called(), Vec::<&str>::new());
}
