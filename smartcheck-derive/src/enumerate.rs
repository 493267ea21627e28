//! Token generation for `#[derive(Enumerate)]`: every value of a type up to a depth, smallest
//! first (the core's `enumerate` module says what depth and order mean).
//!
//! Each constructor's values are the combinations of its fields' values one level shallower,
//! taken from the core's per-thread cache of parts (a `#[smartcheck(range = ..)]` field's
//! from within its range: `parts_in`; a `#[smartcheck(prefix = ..)]` field's only the lists
//! whose every prefix meets its condition: `prefix_parts`), and built on demand; the
//! constructors come
//! in declaration order, `#[smartcheck(skip)]` ones never. A type with
//! `#[smartcheck(invariant = path)]` keeps only the values that meet it; since its fields'
//! parts are already filtered, no value holding a sub-value that breaks an invariant is ever
//! built. `unpruned_count` counts the values there would be without any invariant, from the
//! fields' counts, so that the values pruned can be reported.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};

use crate::ast::{Constructor, Field, Input};
use crate::attr::IntRange;
use crate::expand::{at, invariant_fn, prefix_keep, private, respan, with_bounds, wrap};

/// The `Enumerate` impl.
pub fn enumerate(input: &Input) -> TokenStream {
    let p = private();
    let ident = input.ident;
    let listed: Vec<&Constructor> = input.constructors.iter().filter(|c| !c.attrs.skip).collect();
    let variants = listed.iter().map(|c| constructor(c));
    let counts = listed.iter().map(|c| unpruned(c));
    let values = quote!(#p::variants(::std::vec![#(#variants),*]));
    let values = match invariant_fn(input) {
        Some(def) => quote!({
            #def
            #p::where_invariant(#values, __invariant)
        }),
        None => values,
    };
    let fields = listed.iter().flat_map(|c| &c.fields);
    let generics = with_bounds(input.generics, fields, &quote!(#p::Enumerate));
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    wrap(quote! {
        #[automatically_derived]
        impl #impl_generics #p::Enumerate for #ident #ty_generics #where_clause {
            fn enumerate(__depth: ::core::primitive::usize) -> #p::Values<Self> {
                let ::core::option::Option::Some(__d) = __depth.checked_sub(1) else {
                    return #p::variants(#p::Vec::new());
                };
                #values
            }
            fn unpruned_count(__depth: ::core::primitive::usize) -> ::core::primitive::usize {
                let ::core::option::Option::Some(__d) = __depth.checked_sub(1) else {
                    return 0;
                };
                #p::memo_count::<Self>(__depth, || {
                    [#(#counts),*].into_iter().fold(0, ::core::primitive::usize::saturating_add)
                })
            }
        }
    })
}

/// The values of one constructor: every combination of its fields' values at depth `__d`.
fn constructor(c: &Constructor) -> TokenStream {
    let p = private();
    let path = &c.path;
    let parts: Vec<_> = (0..c.fields.len()).map(|i| format_ident!("__v{}", i)).collect();
    let defs = c.fields.iter().zip(&parts).map(|(f, v)| {
        let ty = f.ty;
        match (prefixed_parts(f), ranged_parts(f)) {
            (Some((parts, _)), _) => quote!(let #v = #parts;),
            (None, Some(parts)) => quote!(let #v = #parts;),
            (None, None) => quote_spanned!(at(ty)=> let #v = #p::enumerate_parts::<#ty>(__d);),
        }
    });
    let n = c.fields.len();
    let members = c.fields.iter().map(|f| &f.member);
    let values = parts.iter().enumerate().map(|(i, v)| quote!(#v[__at[#i]].clone()));
    quote!({
        #(#defs)*
        let __counts: [::core::primitive::usize; #n] = [#(#parts.len()),*];
        #p::enumerate_constructor(::std::vec::Vec::from(__counts), move |__at: &[::core::primitive::usize]| {
            let _ = __at;
            #path { #(#members: #values),* }
        })
    })
}

/// How many values constructor `c` has at depth `__d + 1` when no invariant prunes any: the
/// product of its fields' unpruned counts at `__d`.
fn unpruned(c: &Constructor) -> TokenStream {
    let p = private();
    let counts = c.fields.iter().map(|f| {
        let ty = f.ty;
        match (prefixed_parts(f), ranged_parts(f)) {
            (Some((_, count)), _) => count,
            (None, Some(parts)) => quote!(#parts.len()),
            (None, None) => quote_spanned!(at(ty)=> <#ty as #p::Enumerate>::unpruned_count(__d)),
        }
    });
    quote!(#p::unpruned_product(&[#(#counts),*]))
}

/// For a `#[smartcheck(range = ..)]` field, its parts at depth `__d`: its type's own, each
/// integer moved into the range (`parts_in`); the call checking the type spanned at the word
/// `range`, where the other derives report a field that is no integer, with the same error.
fn ranged_parts(f: &Field) -> Option<TokenStream> {
    let p = private();
    let (ty, range) = (f.ty, f.attrs.range.as_ref()?);
    let parts = quote_spanned!(at(ty)=> #p::enumerate_parts::<#ty>(__d));
    Some(in_range(parts, &quote!(#ty), range))
}

/// `parts` (values of type `ty`) with each integer moved into `range` (`parts_in`), the call
/// checking the type spanned at the word `range`.
fn in_range(parts: TokenStream, ty: &TokenStream, range: &IntRange) -> TokenStream {
    let p = private();
    let (lo, hi) = (&range.lo, &range.hi);
    let in_range = quote!(|__x: &#ty| #p::RangeField::in_range(__x, #lo, #hi));
    let in_range = respan(in_range, at(&range.word));
    quote!(#p::parts_in(#parts, #in_range))
}

/// For a `#[smartcheck(prefix = ..)]` field, its parts at depth `__d` (the lists whose every
/// prefix meets the condition, of its element type's values at `__d - 1`, moved into the
/// field's range if it has one: `prefix_parts`), and how many lists there are before pruning.
/// The condition is typed as the other derives type it (`prefix_keep`), so that each
/// error comes once.
fn prefixed_parts(f: &Field) -> Option<(TokenStream, TokenStream)> {
    let p = private();
    let (ty, keep) = (f.ty, prefix_keep(f)?);
    let elem = quote!(<#ty as #p::PrefixField>::Elem);
    let own = quote!(#p::enumerate_parts::<#elem>(__d.saturating_sub(1)));
    let (elements, count) = match &f.attrs.range {
        Some(range) => {
            let elements = in_range(own, &elem, range);
            let count = quote!(#p::lists_count(#elements.len(), __d));
            (elements, count)
        }
        None => (own, quote!(<#ty as #p::Enumerate>::unpruned_count(__d))),
    };
    Some((quote!(#p::prefix_parts::<#ty>(__d, #elements, #keep)), count))
}
