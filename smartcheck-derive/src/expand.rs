//! Token generation for `#[derive(SubTypes)]` and `#[derive(Arbitrary)]`.
//!
//! Generated code sits in `const _: () = { ... };`, is marked `#[automatically_derived]` and
//! names everything by absolute path (`::smartcheck::__private::...`, `::core::...`), so that
//! it compiles in any user crate, under `#![deny(warnings)]` too. The calls that need a field's
//! type to implement a trait carry that type's span, so that a missing impl is reported on the
//! field. Arbitrary's logic lives in `smartcheck::__private` (the core's `derive_support`);
//! what is generated here is only the per-type data: names, costs, weights and fields.

use std::collections::BTreeSet;

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;
use syn::visit::{self, Visit};
use syn::{DeriveInput, Generics, Ident, Type, TypePath, WherePredicate};

use crate::ast::{Constructor, Field, Input, Style};
use crate::fallback;
use crate::valid::{self, Ctxt};

/// Which derive is being expanded.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Derive {
    /// `#[derive(SubTypes)]`.
    SubTypes,
    /// `#[derive(Arbitrary)]`.
    Arbitrary,
    /// `#[derive(Enumerate)]`.
    Enumerate,
}

/// Expands one derive on `node`: the impl, or on error the errors and a stub impl.
pub fn derive(node: &DeriveInput, derive: Derive) -> TokenStream {
    let cx = Ctxt::default();
    let input = Input::from_syn(&cx, node);
    set_facade(input.as_ref().and_then(|i| i.attrs.krate.as_ref()));
    if let Some(input) = &input {
        valid::check(&cx, input, derive);
    }
    if let Err(error) = cx.check() {
        return fallback::expand(node, derive, &error);
    }
    // `from_syn` returns `None` only after recording an error, handled just above.
    let Some(input) = input else {
        return TokenStream::new();
    };
    match derive {
        Derive::SubTypes => subtypes(&input),
        Derive::Arbitrary => arbitrary(&input),
        Derive::Enumerate => crate::enumerate::enumerate(&input),
    }
}

thread_local! {
    /// The facade's path for the expansion under way (`#[smartcheck(crate = path)]`); a derive
    /// expands on one thread, start to end, and sets it first.
    static FACADE: std::cell::RefCell<TokenStream> = std::cell::RefCell::new(quote!(::smartcheck));
}

/// Sets the facade's path for this expansion.
pub fn set_facade(path: Option<&syn::Path>) {
    let path = path.map_or_else(|| quote!(::smartcheck), |p| quote!(#p));
    FACADE.with(|f| *f.borrow_mut() = path);
}

/// The path of the facade's private module.
pub fn private() -> TokenStream {
    let facade = FACADE.with(|f| f.borrow().clone());
    quote!(#facade::__private)
}

/// Wraps impls in the `const _` block every derive emits.
pub(crate) fn wrap(impls: TokenStream) -> TokenStream {
    quote! {
        const _: () = {
            #impls
        };
    }
}

/// `tokens` with every token at `span`, so that any error in them points there once: the
/// checks of a `range` field (its type, its bounds' types, their overflow), in both derives,
/// are reported at the word `range`, and rustc shows identical errors once.
pub fn respan(tokens: TokenStream, span: Span) -> TokenStream {
    tokens
        .into_iter()
        .map(|mut token| {
            if let proc_macro2::TokenTree::Group(group) = &token {
                let mut inner =
                    proc_macro2::Group::new(group.delimiter(), respan(group.stream(), span));
                inner.set_span(span);
                token = proc_macro2::TokenTree::Group(inner);
            } else {
                token.set_span(span);
            }
            token
        })
        .collect()
}

/// A span at `tokens`' place that resolves names as the macro does: errors point at the
/// field's type, and the user's lints do not look into the generated paths.
pub(crate) fn at(tokens: &impl Spanned) -> Span {
    Span::call_site().located_at(tokens.span())
}

// -------------------------------------------------------------------------------------------
// SubTypes

/// The `SubTypes` impl: constructor names and shape, then one child per field. A type marked
/// `#[smartcheck(opaque)]` is an atom instead: no children, `is_opaque` true.
fn subtypes(input: &Input) -> TokenStream {
    let p = private();
    let ident = input.ident;
    let names = input.constructors.iter().map(|c| &c.name);
    let all_fields = input.constructors.iter().flat_map(|c| &c.fields);
    let (methods, bound) = if input.attrs.opaque {
        let methods = quote! {
            fn shape(&self) -> #p::Shape {
                #p::Shape::Atom
            }
            fn is_opaque(&self) -> ::core::primitive::bool {
                true
            }
        };
        let methods = [methods, within_constraints(input)];
        let methods = quote!(#(#methods)*);
        (methods, quote!(#p::Arbitrary + ::core::clone::Clone + ::core::fmt::Debug))
    } else {
        let methods = [
            shape(input),
            children(input),
            child_mut(input),
            within_constraints(input),
            edge_values(input),
            field_range(input),
        ];
        (quote!(#(#methods)*), quote!(#p::SubTypes))
    };
    let generics = with_bounds(input.generics, all_fields, &bound);
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    let constructor = dispatch(input, |c| {
        let name = &c.name;
        (Bind::Nothing, quote!(#name))
    });
    let markers = if input.attrs.opaque { TokenStream::new() } else { foreign_markers(input) };
    // The variants generation never builds, so that generalization knows the others whole.
    let never = input.constructors.iter().filter(|c| !c.generatable()).map(|c| &c.name);
    let never: Vec<_> = never.collect();
    let never_generated = match never.is_empty() {
        true => TokenStream::new(),
        false => quote! {
            fn never_generated(&self) -> &'static [&'static ::core::primitive::str] {
                &[#(#never),*]
            }
        },
    };
    wrap(quote! {
        #markers
        #[automatically_derived]
        impl #impl_generics #p::SubTypes for #ident #ty_generics #where_clause {
            fn constructor(&self) -> &'static ::core::primitive::str {
                #constructor
            }
            fn constructors(&self) -> &'static [&'static ::core::primitive::str] {
                &[#(#names),*]
            }
            #never_generated
            fn small_values(
                &self,
                n: ::core::primitive::usize,
            ) -> ::std::vec::Vec<Self> {
                #[allow(unused_imports)]
                use #p::{ViaEnumerate as _, ViaNotEnumerated as _};
                (&&#p::Probe::<Self>::new()).first_values(n)
            }
            #methods
        }
    })
}

/// `edge_values`: for each constructor of one field (not skipped; the field neither opaque
/// nor generated `with` a path nor ranged nor under a `prefix` condition), that constructor
/// around each of the field type's edge values (`Add(i32::MAX)`, `Type(' ')`); a recursive
/// type's own edges are not wrapped again (`edge_values_of`). Left to the trait's default
/// (none) when no constructor qualifies.
fn edge_values(input: &Input) -> TokenStream {
    let p = private();
    let wraps = input.constructors.iter().filter_map(|c| match c.fields.as_slice() {
        [f] if !c.attrs.skip && !f.attrs.opaque && f.attrs.with.is_none() => {
            (f.attrs.range.is_none() && f.attrs.prefix.is_none()).then_some((c, f))
        }
        _ => None,
    });
    let parts: Vec<TokenStream> = wraps
        .map(|(c, f)| {
            let (path, member, ty) = (&c.path, &f.member, f.ty);
            quote! {
                out.extend(
                    <#ty as #p::SubTypes>::edge_values()
                        .into_iter()
                        .map(|edge| #path { #member: edge }),
                );
            }
        })
        .collect();
    if parts.is_empty() {
        return TokenStream::new();
    }
    quote! {
        fn edge_values() -> ::std::vec::Vec<Self> {
            #p::edge_values_of(|| {
                let mut out = ::std::vec::Vec::new();
                #(#parts)*
                out
            })
        }
    }
}

/// `field_range`: for child `k` of a constructor that is a `#[smartcheck(range = ..)]` field,
/// its range (`RangeField::range_of`). Left to the trait's default (none) when no field is
/// ranged.
fn field_range(input: &Input) -> TokenStream {
    let ranged = |c: &Constructor| c.fields.iter().any(|f| f.attrs.range.is_some());
    if !input.constructors.iter().any(ranged) {
        return TokenStream::new();
    }
    let p = private();
    let arms = input.constructors.iter().filter(|c| ranged(c)).map(|c| {
        let path = &c.path;
        let ranged_fields = c.fields.iter().enumerate().filter(|(_, f)| f.attrs.range.is_some());
        let bound = ranged_fields.clone().map(|(_, f)| {
            let (member, binding) = (&f.member, &f.binding);
            quote!(#member: #binding)
        });
        let fields = ranged_fields.filter_map(|(i, f)| {
            let range = f.attrs.range.as_ref()?;
            let (binding, lo, hi) = (&f.binding, &range.lo, &range.hi);
            // Spanned and called as `within` is, so that a field that is no integer gets the
            // one error `within` gets.
            let range = respan(quote!(#p::RangeField::range_of(#binding, #lo, #hi)), at(&range.word));
            Some(quote!(#i => ::core::option::Option::Some(#range),))
        });
        quote!(#path { #(#bound,)* .. } => match k { #(#fields)* _ => ::core::option::Option::None },)
    });
    quote! {
        fn field_range(
            &self,
            k: ::core::primitive::usize,
        ) -> ::core::option::Option<::std::boxed::Box<dyn #p::FieldRange>> {
            #[allow(unreachable_patterns)]
            match self {
                #(#arms)*
                _ => ::core::option::Option::None,
            }
        }
    }
}

/// `shape`: unit, tuple, or named with the fields' names as written (without `r#`).
fn shape(input: &Input) -> TokenStream {
    let p = private();
    let body = dispatch(input, |c| {
        let shape = match c.style {
            Style::Unit => quote!(#p::Shape::Unit),
            Style::Tuple => quote!(#p::Shape::Tuple),
            Style::Named => {
                let names = c.fields.iter().filter_map(|f| f.name.as_ref());
                quote!(#p::Shape::Struct(&[#(#names),*]))
            }
        };
        (Bind::Nothing, shape)
    });
    quote! {
        fn shape(&self) -> #p::Shape {
            #body
        }
    }
}

/// `children`: one `Child` per field, frozen for `#[smartcheck(opaque)]` fields. Left to the
/// trait's default when no constructor has a field.
fn children(input: &Input) -> TokenStream {
    if !has_fields(input) {
        return TokenStream::new();
    }
    let p = private();
    let body = dispatch(input, |c| {
        if c.fields.is_empty() {
            return (Bind::Nothing, quote!(#p::Children::new()));
        }
        let children = c.fields.iter().enumerate().map(|(i, f)| {
            let frozen = f.attrs.opaque;
            // `Child::new` / `Child::frozen`, spelled out so that a field type without
            // `SubTypes` fails the same `<F as SubTypes>` path as in `child_mut`, and rustc
            // reports it once.
            let node = field_node(input, c, i, Access::Shared);
            quote!(#p::Child { node: #p::NodeRef::Value(#node), frozen: #frozen })
        });
        (Bind::Fields, quote!(::core::iter::FromIterator::from_iter([#(#children),*])))
    });
    // A type with range or prefix fields or an invariant says so before any of its values is
    // reduced.
    let checked = input.constructors.iter().flat_map(|c| &c.fields).any(checked_field);
    let constrained = checked || input.attrs.invariant.is_some();
    let note = constrained.then(|| quote!(#p::note_constraints();));
    quote! {
        fn children(&self) -> #p::Children<'_> {
            #note
            #body
        }
    }
}

/// `child_mut`: the k-th field, numbered as in `children` (frozen fields included).
fn child_mut(input: &Input) -> TokenStream {
    if !has_fields(input) {
        return TokenStream::new();
    }
    let p = private();
    let none = quote!(::core::option::Option::None);
    let body = dispatch(input, |c| {
        if c.fields.is_empty() {
            return (Bind::Nothing, none.clone());
        }
        let arms = (0..c.fields.len()).map(|k| {
            let node = field_node(input, c, k, Access::Mutable);
            quote!(#k => ::core::option::Option::Some(#p::NodeMutRef::Value(#node)),)
        });
        (Bind::Fields, quote!(match __k { #(#arms)* _ => #none, }))
    });
    quote! {
        fn child_mut(
            &mut self,
            __k: ::core::primitive::usize,
        ) -> ::core::option::Option<#p::NodeMutRef<'_>> {
            #body
        }
    }
}

/// `within_constraints`: the type's `#[smartcheck(invariant = path)]` holds, every
/// `#[smartcheck(range = ..)]` field of the value's constructor holds integers within its
/// bounds, and every `#[smartcheck(prefix = path)]` field meets its condition. Left to the
/// trait's default (`true`) when there is none of them.
fn within_constraints(input: &Input) -> TokenStream {
    let fields = field_checks(input);
    let invariant = input.attrs.invariant.as_ref().map(|path| {
        let p = private();
        let (text, name) = (tokens_text(path), &input.name);
        let def = invariant_fn(input);
        quote!({
            #def
            #p::invariant_holds(self, __invariant, #text, #name)
        })
    });
    if fields.is_none() && invariant.is_none() {
        return TokenStream::new();
    }
    // Each check in parentheses: a block first in a function body is a statement, so
    // `{ .. } && fields` would parse as a block followed by `&&fields`.
    let checks = invariant.into_iter().chain(fields);
    quote! {
        fn within_constraints(&self) -> ::core::primitive::bool {
            #((#checks))&&*
        }
    }
}

/// A `#[smartcheck(prefix = path)]` field's condition as `fn(&[Elem]) -> bool`, one block the
/// three derives spell alike: a function of the wrong type is reported at its path once; a
/// field that is no list at the word `prefix`, by each derive (as a `range` is).
pub(crate) fn prefix_keep(f: &Field) -> Option<TokenStream> {
    let prefix = f.attrs.prefix.as_ref()?;
    let (p, ty, path) = (private(), f.ty, &prefix.path);
    let elem = respan(quote!(<#ty as #p::PrefixField>::Elem), at(&prefix.word));
    Some(quote_spanned!(at(path)=> {
        let __keep: fn(&[#elem]) -> ::core::primitive::bool = #path;
        __keep
    }))
}

/// True when a field carries a check of its own: a `range` or a `prefix` condition.
fn checked_field(f: &Field) -> bool {
    f.attrs.range.is_some() || f.attrs.prefix.is_some()
}

/// The `#[smartcheck(range = ..)]` and `#[smartcheck(prefix = ..)]` checks of the value's
/// constructor, as one expression; `None` when no field has either.
fn field_checks(input: &Input) -> Option<TokenStream> {
    let checked = |c: &Constructor| c.fields.iter().any(checked_field);
    if !input.constructors.iter().any(checked) {
        return None;
    }
    let p = private();
    let name = &input.name;
    let checks = |c: &Constructor| {
        let checks = c.fields.iter().flat_map(|f| {
            let binding = &f.binding;
            let range = f.attrs.range.as_ref().map(|range| {
                let (lo, hi) = (&range.lo, &range.hi);
                let within = quote!(#p::RangeField::within(#binding, #lo, #hi));
                respan(within, at(&range.word))
            });
            let prefix = f.attrs.prefix.as_ref().zip(prefix_keep(f)).map(|(prefix, keep)| {
                let text = tokens_text(&prefix.path);
                quote!(#p::prefix_holds(#binding, #keep, #text, #name))
            });
            range.into_iter().chain(prefix)
        });
        quote!(true #(&& #checks)*)
    };
    let arms = input.constructors.iter().map(|c| {
        let path = &c.path;
        let fields = c.fields.iter().filter(|f| checked_field(f)).map(|f| {
            let (member, binding) = (&f.member, &f.binding);
            quote!(#member: #binding)
        });
        let body = checks(c);
        quote!(#path { #(#fields,)* .. } => #body,)
    });
    Some(quote! {
        {
            #[allow(unreachable_patterns)]
            match self { #(#arms)* }
        }
    })
}

/// `let __invariant: fn(&Self) -> bool = path;` for a type with
/// `#[smartcheck(invariant = path)]`, spanned at the path, so that a function of the wrong type
/// is reported there, once (every derive emits the same tokens).
pub(crate) fn invariant_fn(input: &Input) -> Option<TokenStream> {
    let path = input.attrs.invariant.as_ref()?;
    Some(quote_spanned!(at(path)=> let __invariant: fn(&Self) -> ::core::primitive::bool = #path;))
}

/// The tokens of `t` as written, without spaces (`is_sorted`, `heap::leftist`).
fn tokens_text(t: &impl quote::ToTokens) -> String {
    t.to_token_stream().to_string().replace(' ', "")
}

fn has_fields(input: &Input) -> bool {
    input.constructors.iter().any(|c| !c.fields.is_empty())
}

// -------------------------------------------------------------------------------------------
// Arbitrary

/// The `Arbitrary` impl: pick a generatable constructor that fits the budget, by weight, then
/// split what the budget leaves among its fields (`derive_support` holds the logic; this emits
/// the per-type data). A type with one generatable constructor skips the pick, but still
/// panics, naming the type, when that constructor has no finite value.
///
/// `min_size` counts constructors as if the type were not opaque, even when it is (an opaque
/// value's own size is 0): an overestimate that keeps the budget decreasing, and so generation
/// terminating, through recursive opaque types.
fn arbitrary(input: &Input) -> TokenStream {
    let p = private();
    let ident = input.ident;
    let generatable: Vec<&Constructor> =
        input.constructors.iter().filter(|c| c.generatable()).collect();
    let mins: Vec<Ident> = (0..generatable.len()).map(|i| format_ident!("__mins{}", i)).collect();
    let min_defs = generatable.iter().zip(&mins).map(|(c, m)| {
        let n = c.fields.len();
        let field_mins = field_min_sizes(input, c);
        quote!(let #m: [::core::option::Option<::core::primitive::usize>; #n] = [#(#field_mins),*];)
    });
    let choose = choose(input, &generatable, &mins);
    let min_costs = generatable.iter().map(|c| {
        let field_mins = field_min_sizes(input, c);
        quote!(#p::constructor_cost(&[#(#field_mins),*]))
    });
    let draw = quote!({
        #(#min_defs)*
        #choose
    });
    // A type with an invariant draws again while it fails (within the draw's retries).
    let draw = match invariant_fn(input) {
        Some(def) => quote!({
            #def
            #p::generate_valid(__g, __invariant, |__g: &mut #p::Gen| #draw)
        }),
        None => draw,
    };
    // A `static` in a generic impl would be shared by every instantiation: only a type
    // without parameters remembers its smallest size there.
    let min_size = if input.generics.params.is_empty() {
        quote! {
            static __MIN_SIZE: ::core::sync::atomic::AtomicUsize =
                ::core::sync::atomic::AtomicUsize::new(0);
            #p::type_min_size_cached::<Self, _>(&__MIN_SIZE, || [#(#min_costs),*])
        }
    } else {
        quote!(#p::type_min_size::<Self, _>(|| [#(#min_costs),*]))
    };
    let fields = generatable.iter().flat_map(|c| &c.fields);
    let generics = with_bounds(input.generics, fields, &quote!(#p::Arbitrary));
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    wrap(quote! {
        #[automatically_derived]
        impl #impl_generics #p::Arbitrary for #ident #ty_generics #where_clause {
            fn arbitrary(__g: &mut #p::Gen) -> Self {
                #p::grow(|| #draw)
            }
            fn min_size() -> ::core::option::Option<::core::primitive::usize> {
                #min_size
            }
        }
    })
}

/// Picks one of the `generatable` constructors and builds it; `mins` names the locals that
/// hold each one's fields' smallest sizes.
fn choose(input: &Input, generatable: &[&Constructor], mins: &[Ident]) -> TokenStream {
    let type_name = &input.name;
    let p = private();
    let costs = mins.iter().map(|m| quote!(#p::constructor_cost(&#m)));
    let builds: Vec<TokenStream> = generatable.iter().zip(mins).map(|(c, m)| build(c, m)).collect();
    let Some((last, rest)) = builds.split_last() else {
        return TokenStream::new(); // valid::check rejects a type with nothing to generate
    };
    if rest.is_empty() {
        let mins = &mins[0];
        return quote! {
            #p::require_finite(#type_name, #p::constructor_cost(&#mins));
            #last
        };
    }
    let variants = generatable.iter().zip(costs).map(|(c, cost)| {
        let weight = c.attrs.weight;
        let recursive = c.fields.iter().any(|f| mentions_itself(input, f.ty));
        quote!(#p::Variant { weight: #weight, cost: #cost, recursive: #recursive })
    });
    let indexes = 0..rest.len();
    quote! {
        match #p::pick_variant(__g, #type_name, &[#(#variants),*]) {
            #(#indexes => #rest,)*
            _ => #last,
        }
    }
}

/// `<F as Arbitrary>::min_size()` for each field, spanned at the field's type.
fn field_min_sizes<'a>(
    input: &'a Input,
    c: &'a Constructor,
) -> impl Iterator<Item = TokenStream> + 'a {
    let p = private();
    c.fields.iter().map(move |f| {
        let ty = f.ty;
        if is_foreign(input, f) {
            // The type's own `min_size` when it implements `Arbitrary`, else 0 (a leaf).
            return quote!({
                use #p::{ViaAnything as _, ViaArbitrary as _};
                (&&#p::Probe::<#ty>::new()).min_size()
            });
        }
        quote_spanned!(at(ty)=> <#ty as #p::Arbitrary>::min_size())
    })
}

/// Builds constructor `c`: each field from its share of the budget, the shares of a
/// constructor whose fields' smallest sizes are in the local `mins`.
fn build(c: &Constructor, mins: &Ident) -> TokenStream {
    let p = private();
    let path = &c.path;
    if c.fields.is_empty() {
        return quote!(#path {});
    }
    let fields = c.fields.iter().enumerate().map(|(i, f)| {
        let member = &f.member;
        (member, generate_field(f, i))
    });
    let (members, values): (Vec<_>, Vec<_>) = fields.unzip();
    quote!({
        let __budgets = #p::field_budgets(__g, &#mins);
        #path { #(#members: #values),* }
    })
}

/// Generates field `i` from its budget: with its type's `Arbitrary` impl (an error on the type
/// when there is none), with its `with` function (an error on the path when the function does
/// not fit), or within its `range` (an error on the range when the type holds no integers).
///
/// The calls take the attribute's place but the derive's hygiene ([`at`]): with the
/// attribute's own span, the locals (`__g`, `__budgets`) would not resolve when the attribute
/// comes through `macro_rules!`.
fn generate_field(f: &Field, i: usize) -> TokenStream {
    let p = private();
    let ty = f.ty;
    if let (None, Some(keep)) = (&f.attrs.with, prefix_keep(f)) {
        // Element by element within the condition (and the range, if any).
        return match &f.attrs.range {
            Some(range) => {
                let (lo, hi) = (&range.lo, &range.hi);
                let draw = quote!(#p::field_where_in(__g, __budgets[#i], #keep, #lo, #hi));
                respan(draw, at(&range.word))
            }
            None => quote!(#p::field_where(__g, __budgets[#i], #keep)),
        };
    }
    match (&f.attrs.with, &f.attrs.range) {
        (Some(with), _) => {
            // The call at the derive, the function at the attribute: a function of the wrong
            // type is reported on its path, "required by" this call.
            quote!(#p::field_with::<#ty>(__g, __budgets[#i], #with))
        }
        (None, Some(range)) => {
            // The field's type is inferred, so that a type without integers is one error, at
            // the attribute, the same as `within_constraints`'s.
            let (lo, hi) = (&range.lo, &range.hi);
            let draw = respan(quote!(#p::RangeField::arbitrary_in(__g, #lo, #hi)), at(&range.word));
            quote!(#p::field_with(__g, __budgets[#i], |__g| #draw))
        }
        (None, None) => quote_spanned!(at(ty)=> #p::field::<#ty>(__g, __budgets[#i])),
    }
}

// -------------------------------------------------------------------------------------------
// Shared

/// True when `ty` names the input's type anywhere (`Box<Self>`, `Vec<Tree>`, `(u8, Tree)`):
/// the constructor holding it is recursive, and generation lets it grow (`pick_variant`).
/// Syntactic: recursion through another type (`A` holds a `B` that holds an `A`) is not seen.
fn mentions_itself(input: &Input, ty: &Type) -> bool {
    struct Finds<'a> {
        ident: &'a Ident,
        found: bool,
    }
    impl<'ast> Visit<'ast> for Finds<'_> {
        fn visit_path(&mut self, path: &'ast syn::Path) {
            let single = path.leading_colon.is_none() && path.segments.len() == 1;
            if let (true, Some(first)) = (single, path.segments.first()) {
                self.found |= first.ident == *self.ident || first.ident == "Self";
            }
            visit::visit_path(self, path);
        }
        fn visit_macro(&mut self, _: &'ast syn::Macro) {}
    }
    let mut finds = Finds { ident: input.ident, found: false };
    finds.visit_type(ty);
    finds.found
}

/// True when field `f` is generated `with` a function and its type names no type parameter
/// and not the type itself: then it needs no impl of either trait. With a `shrink` function
/// its node is a `Foreign` leaf, reduced only by that function, whatever its type; without
/// one, its type's own node when the type implements `SubTypes`, else a `Foreign` leaf,
/// chosen by autoref specialization on a marker type per field ([`foreign_markers`]). (A field whose type
/// names a parameter keeps the trait bounds, as any other field.)
pub fn is_foreign(input: &Input, f: &Field) -> bool {
    if f.attrs.with.is_none() || mentions_itself(input, f.ty) {
        return false;
    }
    let params: BTreeSet<Ident> = input.generics.type_params().map(|t| t.ident.clone()).collect();
    let uses = TypeParamUses::new(&params);
    !uses.mentions_param(f.ty)
}

/// The marker type of field `i` of constructor `c`, which names its `with` and `shrink`.
fn marker(c: &Constructor, i: usize) -> Ident {
    format_ident!("__SmartcheckField_{}_{}", c.name, i)
}

/// Which view of a field [`field_node`] builds.
#[derive(Clone, Copy)]
enum Access {
    /// `&dyn Node`, for `children`.
    Shared,
    /// `&mut dyn NodeMut`, for `child_mut`.
    Mutable,
}

/// Field `i` of constructor `c` (bound to its binding) as a node: a `Foreign` leaf when it has
/// a `shrink` function (reduced only by that); through the probe when it is generated `with`
/// a function (its type's own node if it has one, else a `Foreign` leaf); else its type's own
/// node, spanned at the type so that a missing `SubTypes` impl is reported there.
fn field_node(input: &Input, c: &Constructor, i: usize, access: Access) -> TokenStream {
    let p = private();
    let f = &c.fields[i];
    let (ty, binding) = (f.ty, &f.binding);
    let (from, method) = match access {
        Access::Shared => (quote!(from_ref), quote!(node)),
        Access::Mutable => (quote!(from_mut), quote!(node_mut)),
    };
    match (is_foreign(input, f), f.attrs.shrink.is_some()) {
        (true, true) => {
            let marker = marker(c, i);
            quote!(#p::Foreign::<#marker>::#from(#binding))
        }
        (true, false) => via_probe(c, i, quote!(#method(#binding))),
        (false, _) => quote_spanned!(at(ty)=> <#ty as #p::SubTypes>::#method(#binding)),
    }
}

/// `(&&Probe::<Marker>::new()).call`, with both ways in scope.
fn via_probe(c: &Constructor, i: usize, call: TokenStream) -> TokenStream {
    let p = private();
    let marker = marker(c, i);
    quote!({
        use #p::{ViaForeign as _, ViaSubTypes as _};
        (&&#p::Probe::<#marker>::new()).#call
    })
}

/// One marker type per foreign field ([`is_foreign`]): `ForeignField` with the field's type,
/// its `with` generator and its `shrink` function (a wrong signature is reported on the
/// path).
fn foreign_markers(input: &Input) -> TokenStream {
    let markers = input.constructors.iter().flat_map(|c| {
        c.fields.iter().enumerate().filter(|(_, f)| is_foreign(input, f)).map(move |(i, f)| {
            let p = private();
            let (marker, ty) = (marker(c, i), f.ty);
            let with = &f.attrs.with;
            let shrink = f.attrs.shrink.as_ref().map(|shrink| {
                quote! {
                    fn shrink(__v: &#ty) -> ::std::vec::Vec<#ty> {
                        #p::shrink_with::<#ty>(__v, #shrink)
                    }
                }
            });
            quote! {
                #[allow(non_camel_case_types)]
                struct #marker;
                #[automatically_derived]
                impl #p::ForeignField for #marker {
                    type Value = #ty;
                    fn generate(__g: &mut #p::Gen) -> #ty {
                        #p::field_with::<#ty>(__g, __g.budget(), #with)
                    }
                    #shrink
                }
            }
        })
    });
    quote!(#(#markers)*)
}

/// What an arm of [`dispatch`] needs from the value.
enum Bind {
    /// Nothing: the arm only looks at which constructor it is.
    Nothing,
    /// Every field, each bound to its `binding`.
    Fields,
}

/// `match self { Constructor { .. } => body, ... }` for an enum; for a struct, the one body,
/// after a `let` binding the fields when it needs them.
fn dispatch(input: &Input, arm: impl Fn(&Constructor) -> (Bind, TokenStream)) -> TokenStream {
    let arms = input.constructors.iter().map(|c| (c, arm(c)));
    if input.is_enum {
        let arms = arms.map(|(c, (bind, body))| {
            let pattern = pattern(c, bind);
            quote!(#pattern => #body,)
        });
        return quote!(match self { #(#arms)* });
    }
    let arms: Vec<_> = arms.collect();
    match &arms[..] {
        [(c, (Bind::Fields, body))] => {
            let pattern = pattern(c, Bind::Fields);
            quote!({
                let #pattern = self;
                #body
            })
        }
        [(_, (Bind::Nothing, body))] => body.clone(),
        _ => TokenStream::new(),
    }
}

/// A pattern for constructor `c`, binding its fields or not (`Name { .. }` matches unit, tuple
/// and named constructors alike; so does `Name { 0: a, 1: b }` for a tuple one).
fn pattern(c: &Constructor, bind: Bind) -> TokenStream {
    let path = &c.path;
    match bind {
        Bind::Nothing => quote!(#path { .. }),
        Bind::Fields => {
            let fields = c.fields.iter().map(|f| {
                let (member, binding) = (&f.member, &f.binding);
                quote!(#member: #binding)
            });
            quote!(#path { #(#fields),* })
        }
    }
}

/// `generics` with `bound` on each type parameter the fields use, and on each associated type
/// (`T::Item`) they name, as serde does: parameters the fields do not mention get no bound.
pub(crate) fn with_bounds<'a>(
    generics: &Generics,
    fields: impl IntoIterator<Item = &'a Field<'a>>,
    bound: &TokenStream,
) -> Generics {
    let params: BTreeSet<Ident> = generics.type_params().map(|t| t.ident.clone()).collect();
    let mut uses = TypeParamUses::new(&params);
    for field in fields {
        uses.visit_type(field.ty);
    }
    let mut generics = generics.clone();
    let all: Vec<Ident> = generics.type_params().map(|t| t.ident.clone()).collect();
    let predicates = generics.make_where_clause();
    for param in all {
        if uses.used.contains(&param) {
            predicates.predicates.push(syn::parse_quote!(#param: #bound));
        } else if uses.phantom.contains(&param) {
            // Only in `PhantomData<T>`, which has one value whatever `T` is: what std's
            // derives of `Debug` and `Clone` ask of it, which the traits ask of the type.
            predicates.predicates.push(syn::parse_quote!(
                #param: ::core::fmt::Debug + ::core::clone::Clone + 'static
            ));
        }
    }
    for ty in uses.associated {
        let predicate: WherePredicate = syn::parse_quote!(#ty: #bound);
        predicates.predicates.push(predicate);
    }
    generics
}

/// Which type parameters a field type uses: bare (`T`, in `Box<T>`) or through an associated
/// type (`T::Item`, `<T as Tr>::Item`), which is bounded as a whole.
struct TypeParamUses<'p> {
    params: &'p BTreeSet<Ident>,
    used: BTreeSet<Ident>,
    associated: Vec<Type>,
    /// Parameters met inside `PhantomData<..>`, which needs nothing of them but `'static`.
    phantom: BTreeSet<Ident>,
}

impl<'p> TypeParamUses<'p> {
    fn new(params: &'p BTreeSet<Ident>) -> Self {
        TypeParamUses {
            params,
            used: BTreeSet::new(),
            associated: Vec::new(),
            phantom: BTreeSet::new(),
        }
    }

    /// Records an associated type to bound, once (compared as tokens: syn's `PartialEq` impls
    /// need its `extra-traits` feature, which costs every build of this crate).
    fn associate(&mut self, ty: &TypePath) {
        let text = quote!(#ty).to_string();
        if !self.associated.iter().any(|seen| quote!(#seen).to_string() == text) {
            self.associated.push(Type::Path(ty.clone()));
        }
    }

    fn mentions_param(&self, ty: &Type) -> bool {
        let mut inner = TypeParamUses::new(self.params);
        inner.visit_type(ty);
        !inner.used.is_empty() || !inner.associated.is_empty()
    }
}

impl<'ast> Visit<'ast> for TypeParamUses<'_> {
    fn visit_type_path(&mut self, ty: &'ast TypePath) {
        if let Some(qself) = &ty.qself {
            if self.mentions_param(&qself.ty) {
                self.associate(ty);
                return;
            }
        } else if ty.path.segments.last().is_some_and(|last| last.ident == "PhantomData") {
            // `PhantomData<T>` (however it is named): its parameters need no impls.
            let mut inner = TypeParamUses::new(self.params);
            visit::visit_type_path(&mut inner, ty);
            self.phantom.extend(inner.used.into_iter().chain(inner.phantom));
            return;
        } else if ty.path.leading_colon.is_none() {
            if let Some(first) = ty.path.segments.first() {
                if self.params.contains(&first.ident) {
                    if ty.path.segments.len() == 1 {
                        self.used.insert(first.ident.clone());
                    } else {
                        self.associate(ty);
                    }
                    return;
                }
            }
        }
        visit::visit_type_path(self, ty);
    }

    fn visit_macro(&mut self, _: &'ast syn::Macro) {}
}

#[cfg(test)]
mod tests {
    use quote::ToTokens;

    use super::*;

    fn bounds(src: &str) -> String {
        let node: DeriveInput = syn::parse_str(src).expect("test input parses");
        let cx = Ctxt::default();
        let input = Input::from_syn(&cx, &node).expect("a struct or enum");
        let fields = input.constructors.iter().flat_map(|c| &c.fields);
        let generics = with_bounds(input.generics, fields, &quote!(Tr));
        let where_clause = generics.where_clause.expect("a where clause");
        where_clause.predicates.to_token_stream().to_string().replace(' ', "")
    }

    #[test]
    fn bounds_only_the_parameters_fields_use() {
        let src = "struct S<A, B, C: Family> where A: Clone { a: Box<A>, c: Vec<C::Item>, \
                   d: Option<C::Item>, e: <A as Family>::Item, m: std::marker::PhantomData<u8> }";
        assert_eq!(bounds(src), "A:Clone,A:Tr,C::Item:Tr,<AasFamily>::Item:Tr");
    }

    #[test]
    fn a_parameter_only_in_phantom_data_needs_only_static() {
        let src = "struct S<U, V> { a: V, u: std::marker::PhantomData<U>, v: PhantomData<V> }";
        assert_eq!(bounds(src), "U:::core::fmt::Debug+::core::clone::Clone+'static,V:Tr");
    }

    #[test]
    fn recursive_fields_bound_the_parameter_not_the_type() {
        assert_eq!(bounds("enum T<A> { L(A), B(Box<T<A>>, Box<T<A>>) }"), "A:Tr");
        assert_eq!(bounds("struct P<A, B> { a: u8, b: other::A }"), "");
    }
}
