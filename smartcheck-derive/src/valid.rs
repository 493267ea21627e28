//! What the derives reject, as spanned errors collected and reported together (serde's Ctxt).
//!
//! Shared by both derives (their messages are identical, so that rustc shows each once when a
//! type derives both): unions, empty enums, lifetime parameters, and attribute errors (those
//! come from [`crate::attr`]). `#[derive(Arbitrary)]` alone also rejects types it could never
//! generate a value of: an enum whose variants are all skipped or of weight 0, and a type that
//! visibly contains itself in every generatable constructor. Mutual recursion without a base
//! case is not visible syntactically; generation panics on it at run time, naming the type.

use std::cell::RefCell;
use std::fmt::Display;

use quote::ToTokens;
use syn::{GenericArgument, PathArguments, Type};

use crate::ast::Input;
use crate::attr::Wide;
use crate::expand::Derive;

/// Collects errors so that all of them are reported at once.
#[derive(Default)]
pub struct Ctxt {
    errors: RefCell<Vec<syn::Error>>,
}

impl Ctxt {
    /// Records an error spanning `tokens`.
    pub fn error_spanned_by(&self, tokens: impl ToTokens, message: impl Display) {
        self.errors.borrow_mut().push(syn::Error::new_spanned(tokens, message));
    }

    /// Records a parse error.
    pub fn syn_error(&self, error: syn::Error) {
        self.errors.borrow_mut().push(error);
    }

    /// All recorded errors as one, or `Ok` when there are none.
    pub fn check(self) -> syn::Result<()> {
        let mut errors = self.errors.into_inner().into_iter();
        let Some(mut first) = errors.next() else {
            return Ok(());
        };
        for error in errors {
            first.combine(error);
        }
        Err(first)
    }
}

/// Checks `input` for what `derive` cannot handle, recording each problem in `cx`.
pub fn check(cx: &Ctxt, input: &Input, derive: Derive) {
    check_lifetimes(cx, input);
    if input.is_enum && input.constructors.is_empty() {
        let msg = format!(
            "smartcheck: enum `{}` has no variants, so it has no values to generate or reduce",
            input.name
        );
        cx.error_spanned_by(input.ident, msg);
        return;
    }
    if derive == Derive::Arbitrary {
        check_generatable(cx, input);
    }
    check_ranges(cx, input);
    check_prefixes(cx, input);
    check_shrinks(cx, input);
}

/// `shrink = path` works on a `with` field whose type names no type parameter (a field
/// whose type does reduces by its type's own impl).
fn check_shrinks(cx: &Ctxt, input: &Input) {
    let fields = input.constructors.iter().flat_map(|c| &c.fields);
    for field in fields.filter(|f| f.attrs.with.is_some()) {
        if let (Some(shrink), false) =
            (&field.attrs.shrink, crate::expand::is_foreign(input, field))
        {
            cx.error_spanned_by(
                shrink,
                "`shrink` needs a field type that names no type parameter: this field \
                 reduces by its type's own impl",
            );
        }
    }
}

/// The bounds of each `range` must fit the field's integer type, when the syntax names one
/// (`u8`, `Option<i64>`, `Vec<u16>`); other types are left to rustc, which reports at the
/// attribute too.
fn check_ranges(cx: &Ctxt, input: &Input) {
    let fields = input.constructors.iter().flat_map(|c| &c.fields);
    for (field, range) in fields.filter_map(|f| Some((f, f.attrs.range.as_ref()?))) {
        let Some((name, min, max)) = int_type(field.ty) else {
            continue;
        };
        let (lo, hi) = range.values;
        if lo < min || hi > max {
            let msg = format!(
                "the range `{}` does not fit in `{name}`, whose values are {}..={}",
                range.expr.to_token_stream().to_string().replace(' ', ""),
                show(min),
                show(max)
            );
            cx.error_spanned_by(&range.expr, msg);
        }
    }
}

/// A `prefix` condition goes on a field written `Vec<T>` (its condition reads `&[T]`): any
/// other type is one error at the word `prefix`, where rustc would report each use of the
/// field by each derive.
fn check_prefixes(cx: &Ctxt, input: &Input) {
    let fields = input.constructors.iter().flat_map(|c| &c.fields);
    for (field, prefix) in fields.filter_map(|f| Some((f, f.attrs.prefix.as_ref()?))) {
        let is_vec = match field.ty {
            Type::Path(path) => path.path.segments.last().is_some_and(|last| {
                let one_type = match &last.arguments {
                    PathArguments::AngleBracketed(args) => {
                        args.args.len() == 1
                            && matches!(args.args.first(), Some(GenericArgument::Type(_)))
                    }
                    _ => false,
                };
                last.ident == "Vec" && one_type
            }),
            _ => false,
        };
        if !is_vec {
            let msg = format!(
                "`#[smartcheck(prefix = ..)]` needs a field written `Vec<T>`, its condition a \
                 `fn(&[T]) -> bool`; `{}` is not one",
                field.ty.to_token_stream().to_string().replace(' ', "")
            );
            cx.error_spanned_by(&prefix.word, msg);
        }
    }
}

/// The integer type a field holds, alone or in an `Option` or `Vec`, with its bounds, when
/// the syntax names a primitive integer (`isize` and `usize` taken as 64 bits).
fn int_type(ty: &Type) -> Option<(String, Wide, Wide)> {
    let Type::Path(path) = ty else {
        return None;
    };
    let last = path.path.segments.last()?;
    if last.ident == "Option" || last.ident == "Vec" {
        let PathArguments::AngleBracketed(args) = &last.arguments else {
            return None;
        };
        return match args.args.first()? {
            GenericArgument::Type(inner) if args.args.len() == 1 => int_type(inner),
            _ => None,
        };
    }
    let name = last.ident.to_string();
    let (signed, bits) = match name.as_str() {
        "i8" => (true, 8),
        "i16" => (true, 16),
        "i32" => (true, 32),
        "i64" | "isize" => (true, 64),
        "i128" => (true, 128),
        "u8" => (false, 8),
        "u16" => (false, 16),
        "u32" => (false, 32),
        "u64" | "usize" => (false, 64),
        "u128" => (false, 128),
        _ => return None,
    };
    let wide = |negative, magnitude| Wide { negative, magnitude };
    let bounds = if signed {
        (wide(true, 1u128 << (bits - 1)), wide(false, (1u128 << (bits - 1)) - 1))
    } else {
        (wide(false, 0), wide(false, u128::MAX >> (128 - bits)))
    };
    Some((name, bounds.0, bounds.1))
}

fn show(w: Wide) -> String {
    format!("{}{}", if w.negative { "-" } else { "" }, w.magnitude)
}

fn check_lifetimes(cx: &Ctxt, input: &Input) {
    for param in input.generics.lifetimes() {
        let msg = format!(
            "smartcheck: `{}` has a lifetime parameter `{}`, but smartcheck values must be \
             `'static` (they are cloned, boxed and stored as `dyn Any`); use owned data instead",
            input.name, param.lifetime
        );
        cx.error_spanned_by(param, msg);
    }
}

/// An enum needs a variant that can be generated, and some generatable constructor must not
/// contain the type itself.
fn check_generatable(cx: &Ctxt, input: &Input) {
    let generatable: Vec<_> = input.constructors.iter().filter(|c| c.generatable()).collect();
    if generatable.is_empty() {
        let msg = format!(
            "smartcheck: every variant of `{}` is skipped or has weight 0, so \
             `#[derive(Arbitrary)]` cannot generate any value",
            input.name
        );
        cx.error_spanned_by(input.ident, msg);
        return;
    }
    let mut weights = generatable.iter().map(|c| c.attrs.weight);
    if weights.try_fold(0u64, u64::checked_add).is_none() {
        let msg = format!(
            "smartcheck: the weights of `{}`'s variants add up to more than u64::MAX",
            input.name
        );
        cx.error_spanned_by(input.ident, msg);
    }
    let all_recursive =
        generatable.iter().all(|c| c.fields.iter().any(|f| names_itself(input, f.ty)));
    if all_recursive {
        let (what, fix) = if input.is_enum {
            ("every generatable variant", "add a variant without one, or put the recursion")
        } else {
            ("the struct", "put the recursion")
        };
        let msg = format!(
            "smartcheck: `{name}` has no finite value: {what} contains a `{name}` again; {fix} \
             inside an `Option` or a `Vec`",
            name = input.name
        );
        cx.error_spanned_by(input.ident, msg);
    }
}

/// True when every value of type `ty` contains a value of the input's type, as far as the
/// syntax shows: the type itself (by name or `Self`), possibly inside `Box`, `Rc`, `Arc`, a
/// tuple, or an array of literal non-zero length. `Vec`, `Option` and anything else count as a
/// way out.
fn names_itself(input: &Input, ty: &Type) -> bool {
    match ty {
        Type::Paren(inner) => names_itself(input, &inner.elem),
        Type::Group(inner) => names_itself(input, &inner.elem),
        Type::Tuple(tuple) => tuple.elems.iter().any(|t| names_itself(input, t)),
        Type::Array(array) => {
            let nonempty = match &array.len {
                syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(n), .. }) => {
                    n.base10_parse::<u64>().is_ok_and(|n| n > 0)
                }
                _ => false,
            };
            nonempty && names_itself(input, &array.elem)
        }
        Type::Path(path) if path.qself.is_none() && path.path.leading_colon.is_none() => {
            let segments = &path.path.segments;
            let Some(last) = segments.last() else {
                return false;
            };
            if segments.len() == 1 && (last.ident == "Self" || last.ident == *input.ident) {
                return true;
            }
            const WRAPPERS: [&str; 3] = ["Box", "Rc", "Arc"];
            if !WRAPPERS.iter().any(|w| last.ident == w) {
                return false;
            }
            match &last.arguments {
                PathArguments::AngleBracketed(args) if args.args.len() == 1 => {
                    match &args.args[0] {
                        GenericArgument::Type(inner) => names_itself(input, inner),
                        _ => false,
                    }
                }
                _ => false,
            }
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use syn::DeriveInput;

    use super::*;

    /// The messages of every error `derive` reports on `src`.
    fn errors(src: &str, derive: Derive) -> Vec<String> {
        let node: DeriveInput = syn::parse_str(src).expect("test input parses");
        let cx = Ctxt::default();
        if let Some(input) = Input::from_syn(&cx, &node) {
            check(&cx, &input, derive);
        }
        match cx.check() {
            Ok(()) => Vec::new(),
            Err(error) => error.into_iter().map(|e| e.to_string()).collect(),
        }
    }

    fn no_finite_value(src: &str) -> bool {
        let errors = errors(src, Derive::Arbitrary);
        errors.iter().any(|e| e.contains("has no finite value"))
    }

    #[test]
    fn recursion_without_a_way_out_is_rejected() {
        assert!(no_finite_value("enum S { A(Box<S>), B(u8, Box<Self>) }"));
        assert!(no_finite_value("struct S { next: std::rc::Rc<S> }"));
        assert!(no_finite_value("struct S { pair: (u8, Box<Box<S>>) }"));
        assert!(no_finite_value("struct S { two: [Box<S>; 2] }"));
        assert!(no_finite_value("enum S { A(Box<S>), #[smartcheck(skip)] B }"));
    }

    #[test]
    fn any_way_out_is_accepted() {
        assert!(!no_finite_value("enum S { A(Box<S>), B }"));
        assert!(!no_finite_value("struct S { kids: Vec<S> }"));
        assert!(!no_finite_value("struct S { next: Option<Box<S>> }"));
        assert!(!no_finite_value("struct S { none: [Box<S>; 0] }"));
        assert!(!no_finite_value("struct S { other: other::S }"));
        // `#[derive(SubTypes)]` does not generate, so it does not care.
        assert!(errors("struct S { next: Box<S> }", Derive::SubTypes).is_empty());
    }

    #[test]
    fn all_errors_are_reported_at_once() {
        let src = "#[smartcheck(skip)] enum E<'a> { #[smartcheck(weight = \"x\")] A(&'a u8), \
                   B(#[smartcheck(weight = 2, nonsense)] u8) }";
        let errors = errors(src, Derive::SubTypes);
        assert_eq!(errors.len(), 5, "{errors:#?}");
        assert!(errors[0].contains("applies to an enum variant, not to an enum"));
        assert!(errors[1].contains("expected a whole number"));
        assert!(errors[2].contains("applies to an enum variant, not to a field"));
        assert!(errors[3].contains("unknown smartcheck attribute `nonsense`"));
        assert!(errors[4].contains("lifetime parameter `'a`"));
    }

    #[test]
    fn ranges_must_fit_the_named_integer_type() {
        let src = "struct S { #[smartcheck(range = 0..=300)] a: u8, \
                   #[smartcheck(range = -1..=3)] b: Option<u32>, \
                   #[smartcheck(range = -128..128)] c: Vec<i8>, \
                   #[smartcheck(range = -128..=128)] d: i8, \
                   #[smartcheck(range = -9..=300)] e: Alias }";
        let errors = errors(src, Derive::SubTypes);
        assert_eq!(errors.len(), 3, "{errors:#?}");
        assert_eq!(errors[0], "the range `0..=300` does not fit in `u8`, whose values are 0..=255");
        assert!(errors[1].contains("`-1..=3` does not fit in `u32`"));
        assert!(
            errors[2].contains("`-128..=128` does not fit in `i8`, whose values are -128..=127")
        );
    }

    #[test]
    fn unions_empty_enums_and_unbuildable_enums_are_rejected() {
        assert!(errors("union U { a: u8 }", Derive::SubTypes)[0].contains("`U` is a union"));
        assert!(errors("enum E {}", Derive::SubTypes)[0].contains("has no variants"));
        let skipped = "enum E { #[smartcheck(skip)] A, #[smartcheck(weight = 0)] B }";
        assert!(errors(skipped, Derive::SubTypes).is_empty());
        assert!(errors(skipped, Derive::Arbitrary)[0].contains("every variant of `E` is skipped"));
        let heavy = "enum E { #[smartcheck(weight = 18446744073709551615)] A, B }";
        assert!(errors(heavy, Derive::Arbitrary)[0].contains("add up to more than u64::MAX"));
    }
}
