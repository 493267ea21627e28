//! `#[derive(SubTypes)]` and `#[derive(Arbitrary)]` for smartcheck.

use proc_macro::TokenStream;

/// Derives `smartcheck::SubTypes`.
#[proc_macro_derive(SubTypes, attributes(smartcheck))]
pub fn derive_subtypes(_input: TokenStream) -> TokenStream {
    TokenStream::new()
}

/// Derives `smartcheck::Arbitrary`.
#[proc_macro_derive(Arbitrary, attributes(smartcheck))]
pub fn derive_arbitrary(_input: TokenStream) -> TokenStream {
    TokenStream::new()
}
