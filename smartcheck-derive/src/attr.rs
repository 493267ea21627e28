//! Parsing of the `#[smartcheck(...)]` attributes: one namespace, nine words.
//!
//! Each attribute is parsed into [`Word`]s first; then the place it sits on (a type, a variant
//! or a field) keeps the words it accepts and reports the others as misplaced, each error on
//! the offending tokens. Nothing stops at the first error: all are collected in the [`Ctxt`].

use proc_macro2::TokenStream;
use quote::ToTokens;
use syn::punctuated::Punctuated;
use syn::{Attribute, Expr, ExprLit, ExprPath, Lit, Meta, Token};

use crate::valid::Ctxt;

/// The attributes of a struct or an enum.
#[derive(Default)]
pub struct TypeAttrs {
    /// `#[smartcheck(opaque)]`: values of the type are opaque leaves.
    pub opaque: bool,
    /// `#[smartcheck(crate = path)]`: where the `smartcheck` facade is, when the crate was
    /// renamed or is re-exported (`::smartcheck` when absent).
    pub krate: Option<syn::Path>,
    /// `#[smartcheck(invariant = path)]`: `path: fn(&Self) -> bool` holds of every value.
    pub invariant: Option<ExprPath>,
}

/// The attributes of an enum variant.
pub struct VariantAttrs {
    /// `#[smartcheck(skip)]`: the variant is never generated.
    pub skip: bool,
    /// `#[smartcheck(weight = N)]`: relative frequency of the variant (1 when absent).
    pub weight: u64,
}

/// The attributes of a field.
#[derive(Default)]
pub struct FieldAttrs {
    /// `#[smartcheck(opaque)]`: the field is frozen (printed, never indexed nor changed).
    pub opaque: bool,
    /// `#[smartcheck(with = path)]`: the field's custom generator.
    pub with: Option<ExprPath>,
    /// `#[smartcheck(range = LO..=HI)]` (or `LO..HI`): the integers in the field stay within.
    pub range: Option<IntRange>,
    /// `#[smartcheck(shrink = path)]`: simpler values for a `with` field, `fn(&T) -> Vec<T>`.
    pub shrink: Option<ExprPath>,
    /// `#[smartcheck(prefix = path)]`: `path: fn(&[T]) -> bool` holds of every prefix of the
    /// field's list.
    pub prefix: Option<Prefix>,
}

/// `#[smartcheck(prefix = path)]` on a list field.
#[derive(Clone)]
pub struct Prefix {
    /// The condition, `fn(&[T]) -> bool`.
    pub path: ExprPath,
    /// The word `prefix`, where errors about the field's type point.
    pub word: syn::Path,
}

/// The bounds of `#[smartcheck(range = ..)]`, both inclusive, as the literal expressions the
/// user wrote (so their suffixes and spans stay); checked non-empty when parsed.
#[derive(Clone)]
pub struct IntRange {
    /// The low bound.
    pub lo: Expr,
    /// The high bound: the literal itself for `LO..=HI`, `(HI - 1)` for `LO..HI`.
    pub hi: TokenStream,
    /// The whole `LO..=HI` expression, for error spans.
    pub expr: Expr,
    /// The word `range`, where errors about the field's type point.
    pub word: syn::Path,
    /// The bounds' values, both inclusive, to check them against the field's type.
    pub values: (Wide, Wide),
}

/// Where an attribute sits, for what it accepts and for error messages.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// On a struct.
    Struct,
    /// On an enum.
    Enum,
    /// On an enum variant.
    Variant,
    /// On a field.
    Field,
}

impl Place {
    fn noun(self) -> &'static str {
        match self {
            Place::Struct => "a struct",
            Place::Enum => "an enum",
            Place::Variant => "a variant",
            Place::Field => "a field",
        }
    }
}

/// One parsed word of a `#[smartcheck(...)]` list, with the tokens it came from.
struct Word {
    kind: WordKind,
    meta: Meta,
}

enum WordKind {
    Crate(syn::Path),
    Opaque,
    Skip,
    Weight(u64),
    With(ExprPath),
    Shrink(ExprPath),
    Range(Box<IntRange>),
    Invariant(ExprPath),
    Prefix(Prefix),
}

impl WordKind {
    fn name(&self) -> &'static str {
        match self {
            WordKind::Crate(_) => "crate",
            WordKind::Opaque => "opaque",
            WordKind::Skip => "skip",
            WordKind::Weight(_) => "weight",
            WordKind::With(_) => "with",
            WordKind::Shrink(_) => "shrink",
            WordKind::Range(_) => "range",
            WordKind::Invariant(_) => "invariant",
            WordKind::Prefix(_) => "prefix",
        }
    }

    /// Where the word belongs, as said in the error for a misplaced one.
    fn home(&self) -> &'static str {
        match self {
            WordKind::Crate(_) | WordKind::Invariant(_) => "a struct or enum",
            WordKind::Opaque => "a field or to a struct or enum",
            WordKind::Skip | WordKind::Weight(_) => "an enum variant",
            WordKind::With(_) | WordKind::Shrink(_) | WordKind::Range(_) => "a field",
            WordKind::Prefix(_) => "a list field",
        }
    }

    fn allowed(&self, place: Place) -> bool {
        match self {
            WordKind::Crate(_) | WordKind::Invariant(_) => {
                matches!(place, Place::Struct | Place::Enum)
            }
            WordKind::Opaque => place != Place::Variant,
            WordKind::Skip | WordKind::Weight(_) => place == Place::Variant,
            WordKind::With(_) | WordKind::Shrink(_) | WordKind::Range(_) | WordKind::Prefix(_) => {
                place == Place::Field
            }
        }
    }

    fn spelled(&self) -> &'static str {
        match self {
            WordKind::Crate(_) => "#[smartcheck(crate = path)]",
            WordKind::Opaque => "#[smartcheck(opaque)]",
            WordKind::Skip => "#[smartcheck(skip)]",
            WordKind::Weight(_) => "#[smartcheck(weight = N)]",
            WordKind::With(_) => "#[smartcheck(with = path)]",
            WordKind::Shrink(_) => "#[smartcheck(shrink = path)]",
            WordKind::Range(_) => "#[smartcheck(range = LO..=HI)]",
            WordKind::Invariant(_) => "#[smartcheck(invariant = path)]",
            WordKind::Prefix(_) => "#[smartcheck(prefix = path)]",
        }
    }
}

/// Parses the attributes of a struct or enum.
pub fn type_attrs(cx: &Ctxt, attrs: &[Attribute], place: Place) -> TypeAttrs {
    let mut out = TypeAttrs::default();
    for word in words(cx, attrs, place) {
        match word.kind {
            WordKind::Opaque => set_once(cx, &mut out.opaque, &word),
            WordKind::Crate(path) => {
                if out.krate.is_some() {
                    cx.error_spanned_by(&word.meta, "duplicate `crate` attribute");
                }
                out.krate = Some(path);
            }
            WordKind::Invariant(path) => {
                if out.invariant.is_some() {
                    cx.error_spanned_by(&word.meta, "duplicate `invariant` attribute");
                }
                out.invariant = Some(path);
            }
            WordKind::Skip
            | WordKind::Weight(_)
            | WordKind::With(_)
            | WordKind::Shrink(_)
            | WordKind::Range(_)
            | WordKind::Prefix(_) => {}
        }
    }
    out
}

/// Parses the attributes of an enum variant.
pub fn variant_attrs(cx: &Ctxt, attrs: &[Attribute]) -> VariantAttrs {
    let mut skip = false;
    let mut weight: Option<u64> = None;
    let mut weight_meta = None;
    for word in words(cx, attrs, Place::Variant) {
        match word.kind {
            WordKind::Skip => set_once(cx, &mut skip, &word),
            WordKind::Weight(w) => {
                if weight.is_some() {
                    cx.error_spanned_by(&word.meta, "duplicate `weight` attribute");
                }
                weight = Some(w);
                weight_meta = Some(word.meta);
            }
            WordKind::Opaque
            | WordKind::With(_)
            | WordKind::Shrink(_)
            | WordKind::Crate(_)
            | WordKind::Range(_)
            | WordKind::Invariant(_)
            | WordKind::Prefix(_) => {}
        }
    }
    if let (true, Some(meta)) = (skip, &weight_meta) {
        cx.error_spanned_by(
            meta,
            "a `skip`ped variant is never generated: its `weight` would have no effect",
        );
    }
    VariantAttrs { skip, weight: weight.unwrap_or(1) }
}

/// Parses the attributes of a field.
pub fn field_attrs(cx: &Ctxt, attrs: &[Attribute]) -> FieldAttrs {
    let mut out = FieldAttrs::default();
    for word in words(cx, attrs, Place::Field) {
        match word.kind {
            WordKind::Opaque => set_once(cx, &mut out.opaque, &word),
            WordKind::With(path) => {
                if out.with.is_some() {
                    cx.error_spanned_by(&word.meta, "duplicate `with` attribute");
                }
                out.with = Some(path);
            }
            WordKind::Shrink(path) => {
                if out.shrink.is_some() {
                    cx.error_spanned_by(&word.meta, "duplicate `shrink` attribute");
                }
                out.shrink = Some(path);
            }
            WordKind::Range(range) => {
                if out.range.is_some() {
                    cx.error_spanned_by(&word.meta, "duplicate `range` attribute");
                }
                out.range = Some(*range);
            }
            WordKind::Prefix(prefix) => {
                if out.prefix.is_some() {
                    cx.error_spanned_by(&word.meta, "duplicate `prefix` attribute");
                }
                out.prefix = Some(prefix);
            }
            WordKind::Skip | WordKind::Weight(_) | WordKind::Crate(_) | WordKind::Invariant(_) => {}
        }
    }
    if let (None, Some(shrink)) = (&out.with, &out.shrink) {
        cx.error_spanned_by(
            shrink,
            "`shrink` goes with `with = path`: it gives simpler values of a field that function \
             generates (a field without it shrinks by its type's own impl)",
        );
    }
    if let (Some(_), Some(range)) = (&out.with, &out.range) {
        cx.error_spanned_by(
            &range.expr,
            "a field generated `with` a function cannot also have a `range`: let the function \
             draw within the range",
        );
    }
    if let (Some(_), Some(prefix)) = (&out.with, &out.prefix) {
        cx.error_spanned_by(
            &prefix.path,
            "a field generated `with` a function cannot also have a `prefix` condition: let the \
             function draw lists that meet it",
        );
    }
    out
}

fn set_once(cx: &Ctxt, flag: &mut bool, word: &Word) {
    if *flag {
        let msg = format!("duplicate `{}` attribute", word.kind.name());
        cx.error_spanned_by(&word.meta, msg);
    }
    *flag = true;
}

/// The words of every `#[smartcheck(...)]` attribute in `attrs` that belong at `place`;
/// unknown, malformed and misplaced words are reported and left out.
fn words(cx: &Ctxt, attrs: &[Attribute], place: Place) -> Vec<Word> {
    let mut out = Vec::new();
    for attr in attrs.iter().filter(|a| a.path().is_ident("smartcheck")) {
        let list = match &attr.meta {
            Meta::List(list) => list,
            other => {
                cx.error_spanned_by(
                    other,
                    "expected `#[smartcheck(...)]`, like `#[smartcheck(opaque)]`",
                );
                continue;
            }
        };
        let metas = match list.parse_args_with(Punctuated::<Meta, Token![,]>::parse_terminated) {
            Ok(metas) => metas,
            Err(err) => {
                cx.syn_error(err);
                continue;
            }
        };
        for meta in metas {
            let Some(kind) = word(cx, &meta) else {
                continue;
            };
            if kind.allowed(place) {
                out.push(Word { kind, meta });
            } else {
                let msg = format!(
                    "`{}` applies to {}, not to {}",
                    kind.spelled(),
                    kind.home(),
                    place.noun()
                );
                cx.error_spanned_by(&meta, msg);
            }
        }
    }
    out
}

const EXPECTED: &str = "expected `opaque`, `skip`, `weight = N`, `with = path`, \
                        `shrink = path`, `range = LO..=HI`, `prefix = path`, `invariant = path` \
                        or `crate = path`";

/// Parses one word; reports and returns `None` when it is unknown or malformed.
fn word(cx: &Ctxt, meta: &Meta) -> Option<WordKind> {
    let path = meta.path();
    let Some(name) = path.get_ident().map(|i| i.to_string()) else {
        let msg = format!("unknown smartcheck attribute `{}`: {EXPECTED}", tokens(path));
        cx.error_spanned_by(path, msg);
        return None;
    };
    match name.as_str() {
        "opaque" | "skip" => {
            if let Meta::Path(_) = meta {
                Some(if name == "opaque" { WordKind::Opaque } else { WordKind::Skip })
            } else {
                cx.error_spanned_by(meta, format!("`{name}` takes no value: write `{name}`"));
                None
            }
        }
        "weight" => match value(cx, meta, "weight = 3")? {
            Expr::Lit(ExprLit { lit: Lit::Int(lit), .. }) => match lit.base10_parse::<u64>() {
                Ok(w) => Some(WordKind::Weight(w)),
                Err(_) => {
                    cx.error_spanned_by(lit, "a weight is a whole number from 0 to u64::MAX");
                    None
                }
            },
            other => {
                cx.error_spanned_by(other, "expected a whole number, like `weight = 3`");
                None
            }
        },
        "crate" => match value(cx, meta, "crate = my_reexport::smartcheck")? {
            Expr::Path(path) => Some(WordKind::Crate(path.path.clone())),
            Expr::Lit(ExprLit { lit: Lit::Str(text), .. }) => match text.parse::<syn::Path>() {
                Ok(path) => Some(WordKind::Crate(path)),
                Err(_) => {
                    cx.error_spanned_by(text, "expected the path of the smartcheck crate");
                    None
                }
            },
            other => {
                cx.error_spanned_by(other, "expected the path of the smartcheck crate");
                None
            }
        },
        "with" => match value(cx, meta, "with = my_generator")? {
            Expr::Path(path) => Some(WordKind::With(path.clone())),
            other => {
                cx.error_spanned_by(
                    other,
                    "expected the path of a function `fn(&mut Gen) -> FieldType`, like \
                     `with = my_generator`",
                );
                None
            }
        },
        "shrink" => match value(cx, meta, "shrink = my_shrinker")? {
            Expr::Path(path) => Some(WordKind::Shrink(path.clone())),
            other => {
                cx.error_spanned_by(
                    other,
                    "expected the path of a function `fn(&FieldType) -> Vec<FieldType>`, like \
                     `shrink = my_shrinker`",
                );
                None
            }
        },
        "invariant" => match value(cx, meta, "invariant = is_valid")? {
            Expr::Path(path) => Some(WordKind::Invariant(path.clone())),
            other => {
                cx.error_spanned_by(
                    other,
                    "expected the path of a function `fn(&Self) -> bool`, like \
                     `invariant = is_valid`",
                );
                None
            }
        },
        "prefix" => match value(cx, meta, "prefix = is_sorted")? {
            Expr::Path(path) => {
                Some(WordKind::Prefix(Prefix { path: path.clone(), word: meta.path().clone() }))
            }
            other => {
                cx.error_spanned_by(
                    other,
                    "expected the path of a function `fn(&[T]) -> bool` that holds of every \
                     prefix of the list, like `prefix = is_sorted`",
                );
                None
            }
        },
        "range" => {
            let range = int_range(cx, meta.path(), value(cx, meta, "range = 0..=100")?)?;
            Some(WordKind::Range(Box::new(range)))
        }
        _ => {
            cx.error_spanned_by(path, format!("unknown smartcheck attribute `{name}`: {EXPECTED}"));
            None
        }
    }
}

/// Parses `LO..=HI` or `LO..HI` with integer literal bounds (`-` allowed); reports and returns
/// `None` for anything else, and for an empty range.
fn int_range(cx: &Ctxt, word: &syn::Path, expr: &Expr) -> Option<IntRange> {
    const FORM: &str = "expected a range of integer literals, like `range = 0..=100` or \
                        `range = -5..5`";
    let Expr::Range(range) = expr else {
        cx.error_spanned_by(expr, FORM);
        return None;
    };
    let (Some(lo), Some(hi)) = (&range.start, &range.end) else {
        cx.error_spanned_by(expr, "a range needs both bounds, like `range = 0..=100`");
        return None;
    };
    let (lo_value, hi_value) = (int_literal(cx, lo, FORM)?, int_literal(cx, hi, FORM)?);
    let inclusive = matches!(range.limits, syn::RangeLimits::Closed(_));
    let empty = if inclusive { lo_value > hi_value } else { lo_value >= hi_value };
    if empty {
        let msg = format!(
            "the range `{}` is empty: the low bound must be below the high one",
            tokens(expr)
        );
        cx.error_spanned_by(expr, msg);
        return None;
    }
    let hi = if inclusive { quote::quote!(#hi) } else { quote::quote!((#hi - 1)) };
    let values = (lo_value, if inclusive { hi_value } else { hi_value.pred() });
    Some(IntRange { lo: (**lo).clone(), hi, expr: expr.clone(), word: word.clone(), values })
}

/// The value of an integer literal, possibly negated (`-5`, `(-5)`); reports and returns
/// `None` for anything else (consts, arithmetic, floats).
fn int_literal(cx: &Ctxt, expr: &Expr, form: &str) -> Option<Wide> {
    let (negative, lit) = match expr {
        Expr::Lit(ExprLit { lit: Lit::Int(lit), .. }) => (false, lit),
        Expr::Unary(syn::ExprUnary { op: syn::UnOp::Neg(_), expr: inner, .. }) => match &**inner {
            Expr::Lit(ExprLit { lit: Lit::Int(lit), .. }) => (true, lit),
            _ => {
                cx.error_spanned_by(expr, form);
                return None;
            }
        },
        Expr::Paren(inner) => return int_literal(cx, &inner.expr, form),
        _ => {
            cx.error_spanned_by(expr, form);
            return None;
        }
    };
    match lit.base10_parse::<u128>() {
        Ok(magnitude) => Some(Wide { negative: negative && magnitude != 0, magnitude }),
        Err(_) => {
            cx.error_spanned_by(lit, "an integer bound is at most u128::MAX");
            None
        }
    }
}

/// An integer of any type's range: a sign and a magnitude, ordered as the numbers are.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Wide {
    /// True below zero (never for zero).
    pub negative: bool,
    /// The absolute value.
    pub magnitude: u128,
}

impl Wide {
    /// The number one below; `self` must be above the smallest `Wide` a literal can give.
    fn pred(self) -> Wide {
        match (self.negative, self.magnitude) {
            (false, 0) => Wide { negative: true, magnitude: 1 },
            (false, m) => Wide { negative: false, magnitude: m - 1 },
            (true, m) => Wide { negative: true, magnitude: m.saturating_add(1) },
        }
    }
}

impl Ord for Wide {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        match (self.negative, other.negative) {
            (false, false) => self.magnitude.cmp(&other.magnitude),
            (true, true) => other.magnitude.cmp(&self.magnitude),
            (false, true) => std::cmp::Ordering::Greater,
            (true, false) => std::cmp::Ordering::Less,
        }
    }
}

impl PartialOrd for Wide {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// The value of `name = value`; reports and returns `None` for any other form.
fn value<'m>(cx: &Ctxt, meta: &'m Meta, example: &str) -> Option<&'m Expr> {
    match meta {
        Meta::NameValue(nv) => Some(&nv.value),
        _ => {
            let name = tokens(meta.path());
            cx.error_spanned_by(meta, format!("`{name}` takes a value: write `{example}`"));
            None
        }
    }
}

fn tokens(t: &impl ToTokens) -> String {
    t.to_token_stream().to_string().replace(' ', "")
}
