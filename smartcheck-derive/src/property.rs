//! `#[smartcheck::property]`: a property function becomes a plain `#[test]` that runs
//! `smartcheck::check_with` on it, or, under `exhaustive = N` (`Args::exhaustive`, or
//! `SMARTCHECK_EXHAUSTIVE`), the exhaustive check of its argument types when they enumerate
//! (found at the expansion site, where the types are known).
//!
//! ```text
//! #[smartcheck::property(tests = 1000, rounds = 5)]
//! fn div_is_total(e: Exp) -> Verdict { ... }
//! ```
//!
//! expands to a `#[test] fn div_is_total()` holding the original function, whose arguments
//! (several become a tuple) are generated, reduced and generalized by smartcheck. Each
//! `name = value` sets that field of `smartcheck::Args` (`exhaustive = 4` is the depth,
//! `Some(4)`, as in `#[smartcheck::contract]`); `crate = path` names the facade when
//! it is renamed or re-exported. The function's other attributes (`#[ignore]`, docs, ...) stay
//! on the test.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::parse::Parser;
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::{Expr, FnArg, ItemFn, Meta, Token};

use crate::contract::{stands_for_some, unknown_key, ARGS_FIELDS};

/// Expands the attribute on `item` with arguments `args`.
pub fn expand(args: TokenStream, item: TokenStream) -> TokenStream {
    let mut function: ItemFn = match syn::parse2(item) {
        Ok(f) => f,
        Err(e) => return e.to_compile_error(),
    };
    let metas = match Punctuated::<Meta, Token![,]>::parse_terminated.parse2(args) {
        Ok(metas) => metas,
        Err(e) => return e.to_compile_error(),
    };
    let mut facade = quote!(::smartcheck);
    let mut fields = Vec::new();
    let mut errors = Vec::new();
    for meta in metas {
        match meta {
            Meta::NameValue(nv) if nv.path.is_ident("crate") => match &nv.value {
                Expr::Path(p) => facade = quote!(#p),
                other => errors.push(syn::Error::new_spanned(
                    other,
                    "expected the path of the smartcheck crate, like `crate = my::smartcheck`",
                )),
            },
            Meta::NameValue(nv) => match nv.path.get_ident() {
                // `exhaustive = 4` as in `#[smartcheck::contract]`: the depth; `seed = 7` and
                // `max_depth = 3` for the `Option` fields, as `Some(7)` reads.
                Some(name) if stands_for_some(&name.to_string(), &nv.value) => {
                    let value = &nv.value;
                    fields.push(
                        quote_spanned!(nv.span()=> #name: ::core::option::Option::Some(#value)),
                    );
                }
                // A key that is no field of `Args` is refused here, by name, with the nearest
                // one: rustc's own error (E0560 on the generated `Args { .. }`) named no
                // alternative.
                Some(name) if !ARGS_FIELDS.contains(&name.to_string().as_str()) => {
                    let message = unknown_key(&name.to_string(), &["crate"], "`crate = <path>`");
                    errors.push(syn::Error::new_spanned(name, message));
                }
                Some(name) => {
                    let value = &nv.value;
                    fields.push(quote_spanned!(nv.span()=> #name: #value));
                }
                None => errors.push(syn::Error::new_spanned(&nv.path, "expected a field of Args")),
            },
            other => errors.push(syn::Error::new_spanned(
                other,
                "expected `name = value` for a field of smartcheck::Args, like `tests = 1000`",
            )),
        }
    }
    let sig = &function.sig;
    if sig.inputs.is_empty() {
        errors.push(syn::Error::new_spanned(
            &sig.ident,
            "a smartcheck property takes the values to test as arguments, like `fn p(e: Exp)`",
        ));
    }
    for input in &sig.inputs {
        match input {
            FnArg::Receiver(r) => {
                errors.push(syn::Error::new_spanned(r, "a smartcheck property cannot take `self`"));
            }
            FnArg::Typed(t) => {
                if let syn::Type::Reference(r) = &*t.ty {
                    if let Some(m) = &r.mutability {
                        errors.push(syn::Error::new_spanned(
                            m,
                            "a smartcheck property cannot take `&mut`: take the value (`v: T`) \
                             or a shared reference (`v: &T`)",
                        ));
                    }
                    if matches!(&*r.elem, syn::Type::TraitObject(_) | syn::Type::ImplTrait(_)) {
                        errors.push(syn::Error::new_spanned(
                            &r.elem,
                            "a smartcheck property draws its arguments, and a trait object or \
                             `impl Trait` has no values to draw: take a concrete type",
                        ));
                    }
                    if let Some(l) = &r.lifetime {
                        errors.push(syn::Error::new_spanned(
                            l,
                            "a smartcheck property's reference argument takes no lifetime: \
                             write `&T` (the value is lent for one call)",
                        ));
                    }
                }
            }
        }
    }
    if let Some(bad) = sig.asyncness.as_ref() {
        errors.push(syn::Error::new_spanned(bad, "a smartcheck property cannot be async"));
    }
    if !sig.generics.params.is_empty() {
        let lifetimes_only =
            sig.generics.params.iter().all(|p| matches!(p, syn::GenericParam::Lifetime(_)));
        let message = match lifetimes_only {
            true => {
                "a smartcheck property takes no lifetime parameters: write `&T` for a \
                     reference argument (the value is lent for one call)"
            }
            false => {
                "a smartcheck property cannot be generic: its argument types are what is \
                      tested"
            }
        };
        errors.push(syn::Error::new_spanned(&sig.generics, message));
    }
    if !errors.is_empty() {
        return errors.into_iter().map(|e| e.to_compile_error()).collect();
    }
    // An argument taken by shared reference (`v: &Vec<u8>`) tests its referent, lent as is
    // (`&str` tests a `String`, `&[T]` a `Vec<T>`, lent through deref); one taken by value
    // gets a clone.
    let (types, by_ref): (Vec<syn::Type>, Vec<bool>) = sig
        .inputs
        .iter()
        .filter_map(|a| match a {
            FnArg::Typed(t) => Some(match &*t.ty {
                syn::Type::Reference(r) => (owned_referent(&r.elem), true),
                ty => (ty.clone(), false),
            }),
            FnArg::Receiver(_) => None,
        })
        .unzip();
    let names: Vec<_> = (0..types.len()).map(|i| format_ident!("__smartcheck_arg{i}")).collect();
    let passed: Vec<TokenStream> = names
        .iter()
        .zip(&by_ref)
        .map(|(n, &lent)| if lent { quote!(#n) } else { quote!(::core::clone::Clone::clone(#n)) })
        .collect();
    let ident = &sig.ident;
    let (pattern, ty) = if types.len() == 1 {
        let (n, t) = (&names[0], &types[0]);
        (quote!(#n), quote!(#t))
    } else {
        (quote!((#(#names),*)), quote!((#(#types,)*)))
    };
    let outer_attrs = std::mem::take(&mut function.attrs);
    let vis = &function.vis;
    quote! {
        #(#outer_attrs)*
        #[test]
        #vis fn #ident() {
            #[allow(clippy::needless_pass_by_value)]
            #function
            let __smartcheck_args = #facade::Args {
                #(#fields,)*
                ..::core::default::Default::default()
            };
            let __smartcheck_exhaustive = {
                #[allow(unused_imports)]
                use #facade::__private::{ViaEnumerate as _, ViaNotEnumerated as _};
                (&&#facade::__private::Probe::<#ty>::new()).exhaustive_run()
            };
            #facade::__private::check_enumerated(
                &__smartcheck_args,
                |#pattern: &#ty| #ident(#(#passed),*),
                __smartcheck_exhaustive,
            );
        }
    }
}

/// The type drawn for an argument that borrows `referent`: the referent itself, but a
/// `Vec<T>` for `[T]` and a `String` for `str` (lent as the slice through deref). Contracts
/// draw their reference arguments the same way.
pub(crate) fn owned_referent(referent: &syn::Type) -> syn::Type {
    match referent {
        syn::Type::Slice(s) => {
            let e = &s.elem;
            syn::parse_quote!(::std::vec::Vec<#e>)
        }
        syn::Type::Path(p) if p.path.is_ident("str") => syn::parse_quote!(::std::string::String),
        other => other.clone(),
    }
}
