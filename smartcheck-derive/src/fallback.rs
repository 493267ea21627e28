//! What a derive emits when the input is rejected: the errors as `compile_error!`s, and a stub
//! impl of the trait, so that code using the type as a `SubTypes` or `Arbitrary` value does not
//! add a cascade of "trait not implemented" errors to the real one (thiserror's fallback).
//!
//! The stub's methods are never run: the crate does not compile. Its where clause is written
//! with a `for<'__smartcheck>` binder so that the trait's supertraits are assumed rather than
//! checked (trivial bounds are unstable, rust-lang/rust#48214).

use proc_macro2::TokenStream;
use quote::quote;
use syn::DeriveInput;

use crate::expand::Derive;

/// The errors in `error`, and a stub impl of `derive`'s trait for `input` when one can be
/// written.
pub fn expand(input: &DeriveInput, derive: Derive, error: &syn::Error) -> TokenStream {
    let error = error.to_compile_error();
    // A type with a lifetime parameter cannot be `'static`, which both traits require: a stub
    // would only add errors.
    if input.generics.lifetimes().next().is_some() {
        return error;
    }
    let p = crate::expand::private();
    let ident = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    let predicates = where_clause.into_iter().flat_map(|w| &w.predicates);
    let unimplemented = quote!(::core::unimplemented!("smartcheck: the derive failed to compile"));
    let stub = match derive {
        Derive::SubTypes => quote! {
            impl #impl_generics #p::SubTypes for #ident #ty_generics
            where
                #(#predicates,)*
                for<'__smartcheck> #ident #ty_generics:
                    #p::Arbitrary + ::core::clone::Clone + ::core::fmt::Debug,
            {
                fn constructor(&self) -> &'static ::core::primitive::str {
                    #unimplemented
                }
                fn constructors(&self) -> &'static [&'static ::core::primitive::str] {
                    #unimplemented
                }
                fn shape(&self) -> #p::Shape {
                    #unimplemented
                }
            }
        },
        Derive::Arbitrary => quote! {
            impl #impl_generics #p::Arbitrary for #ident #ty_generics
            where
                #(#predicates,)*
                for<'__smartcheck> #ident #ty_generics: 'static,
            {
                fn arbitrary(_: &mut #p::Gen) -> Self {
                    #unimplemented
                }
                fn min_size() -> ::core::option::Option<::core::primitive::usize> {
                    #unimplemented
                }
            }
        },
        Derive::Enumerate => quote! {
            impl #impl_generics #p::Enumerate for #ident #ty_generics
            where
                #(#predicates,)*
                for<'__smartcheck> #ident #ty_generics: ::core::clone::Clone + 'static,
            {
                fn enumerate(_: ::core::primitive::usize) -> #p::Values<Self> {
                    #unimplemented
                }
            }
        },
    };
    quote! {
        #error
        #[allow(unused_qualifications, clippy::all)]
        const _: () = {
            #[automatically_derived]
            #stub
        };
    }
}
