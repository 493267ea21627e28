//! `#[smartcheck::api]`: an inherent `impl` block becomes a *program type* whose values are
//! call programs over the block's public functions (ArtiCheck's well-typed, bottom-up
//! expressions; Irulan's property-free oracles). See `smartcheck::api` for the user's view.
//!
//! ```text
//! #[smartcheck::api(T = i32, program = TreeProgram, invariant = is_balanced, model = Model)]
//! impl<T: Ord> Tree<T> { pub fn new() -> Self; pub fn insert(self, x: T) -> Self; ... }
//! ```
//!
//! expands to the block as written (its `#[smartcheck(..)]` markers removed) and to
//! `enum TreeProgram { New, Insert(Box<TreeProgram>, i32), ... }`, deriving `SubTypes` and
//! `Arbitrary`, with an impl of `smartcheck::api::Program` that runs a program call by call.
//!
//! Invariant: every public function is either in the program type or rejected with a spanned
//! error that says how to leave it out (`#[smartcheck(skip)]`); nothing is dropped silently.
//! Cost: linear in the block's size.

use proc_macro2::{Ident, TokenStream, TokenTree};
use quote::{format_ident, quote, ToTokens};
use syn::parse::{Parse, ParseStream, Parser};
use syn::{
    FnArg, GenericArgument, GenericParam, ImplItem, ImplItemFn, ItemImpl, PathArguments,
    ReturnType, Token, Type, Visibility,
};

/// Expands the attribute with arguments `args` on the block `item`.
pub fn expand(args: TokenStream, item: TokenStream) -> TokenStream {
    let options = match Options::parse.parse2(args) {
        Ok(options) => options,
        Err(e) => return e.to_compile_error(),
    };
    let mut block: ItemImpl = match syn::parse2(item) {
        Ok(block) => block,
        Err(e) => return e.to_compile_error(),
    };
    let mut errors = Vec::new();
    let api = read_api(&options, &mut block, &mut errors);
    let generated = match (errors.is_empty(), api) {
        (true, Some(api)) => generate(&options, &api),
        _ => errors.into_iter().map(|e| e.to_compile_error()).collect(),
    };
    quote!(#block #generated)
}

/// The attribute's arguments.
struct Options {
    /// `T = i32`: the concrete type or value for each generic parameter of the block.
    fixed: Vec<(Ident, TokenStream)>,
    program: Option<Ident>,
    invariant: Option<Ident>,
    model: Option<Type>,
    facade: TokenStream,
}

impl Parse for Options {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let mut options = Options {
            fixed: Vec::new(),
            program: None,
            invariant: None,
            model: None,
            facade: quote!(::smartcheck),
        };
        while !input.is_empty() {
            if input.peek(Token![crate]) {
                input.parse::<Token![crate]>()?;
                input.parse::<Token![=]>()?;
                options.facade = input.parse::<syn::Path>()?.into_token_stream();
            } else {
                let key: Ident = input.parse()?;
                input.parse::<Token![=]>()?;
                match key.to_string().as_str() {
                    "program" => options.program = Some(input.parse()?),
                    "invariant" => options.invariant = Some(input.parse()?),
                    "model" => options.model = Some(input.parse()?),
                    _ => options.fixed.push((key, input.parse::<Type>()?.into_token_stream())),
                }
            }
            if !input.is_empty() {
                input.parse::<Token![,]>()?;
            }
        }
        Ok(options)
    }
}

/// The API as data: its type and the functions of the program type.
struct Api {
    /// The API's type with generic parameters fixed (`Tree<i32>`).
    self_ty: TokenStream,
    /// As printed in programs (`Tree::<i32>`).
    printed: String,
    program: Ident,
    invariant: Option<Ident>,
    calls: Vec<Call>,
}

/// One API function.
struct Call {
    name: Ident,
    variant: Ident,
    weight: Option<syn::LitInt>,
    /// The first input is `self`, `&self` or `&mut self`: printed as a method call.
    receiver: bool,
    inputs: Vec<Input>,
    output: Output,
}

/// One input of a call, the receiver included.
enum Input {
    /// A value of the API's type: a sub-program.
    Operand(Pass),
    /// Any other argument, generated: its owned type and how it is passed.
    Arg(TokenStream, ArgPass),
}

#[derive(Clone, Copy, PartialEq)]
enum Pass {
    Value,
    Ref,
    RefMut,
}

#[derive(Clone, Copy, PartialEq)]
enum ArgPass {
    Owned,
    Ref,
    Str,
    Slice,
}

/// What a call returns.
#[derive(Clone, Copy, PartialEq)]
enum Output {
    /// A value of the API's type.
    Api,
    /// `Option<Self>`.
    Option,
    /// `Result<Self, E>`.
    Result,
    /// `()`.
    Unit,
    /// Anything else: an observer's result (`Result` when `must_use`).
    Observed { result: bool },
}

/// The block's type, generic parameters fixed, the program's name, and every function.
fn read_api(options: &Options, block: &mut ItemImpl, errors: &mut Vec<syn::Error>) -> Option<Api> {
    if let Some((_, path, _)) = &block.trait_ {
        errors.push(syn::Error::new_spanned(
            path,
            "#[smartcheck::api] goes on an inherent `impl Type { .. }` block, not a trait impl",
        ));
        return None;
    }
    check_generics(options, block, errors);
    let self_ty = substitute(block.self_ty.to_token_stream(), &options.fixed);
    let type_ident = type_ident(&block.self_ty)?;
    let program = options.program.clone().unwrap_or_else(|| format_ident!("{type_ident}Program"));
    let mut invariant = options.invariant.clone();
    let mut calls = Vec::new();
    for item in &mut block.items {
        let ImplItem::Fn(f) = item else { continue };
        let marks = take_marks(f, errors);
        if marks.invariant {
            invariant = Some(f.sig.ident.clone());
        }
        let is_invariant = marks.invariant || options.invariant.as_ref() == Some(&f.sig.ident);
        if marks.skip || is_invariant || matches!(f.vis, Visibility::Inherited) {
            continue;
        }
        let reader = Reader { self_ty: &self_ty, fixed: &options.fixed };
        if let Some(call) = reader.call(f, marks.weight, errors) {
            calls.push(call);
        }
    }
    if !calls.iter().any(|c| c.inputs.iter().all(|i| matches!(i, Input::Arg(..)))) {
        errors.push(syn::Error::new_spanned(
            &block.self_ty,
            "#[smartcheck::api] needs a public constructor: a function with no argument of the \
             API's type that returns `Self` (like `pub fn new() -> Self`)",
        ));
    }
    let printed = printed_type(&self_ty);
    Some(Api { self_ty, printed, program, invariant, calls })
}

/// Every generic type or const parameter of the block must be fixed; lifetimes cannot be.
fn check_generics(options: &Options, block: &ItemImpl, errors: &mut Vec<syn::Error>) {
    for param in &block.generics.params {
        let (ident, what) = match param {
            GenericParam::Type(t) => (&t.ident, "type"),
            GenericParam::Const(c) => (&c.ident, "const"),
            GenericParam::Lifetime(l) => {
                errors.push(syn::Error::new_spanned(
                    l,
                    "#[smartcheck::api] cannot test a type that borrows: its values must be \
                     built and kept by the test",
                ));
                continue;
            }
        };
        if !options.fixed.iter().any(|(k, _)| k == ident) {
            errors.push(syn::Error::new_spanned(
                ident,
                format!(
                    "fix the {what} parameter `{ident}` for testing: \
                     #[smartcheck::api({ident} = ...)]"
                ),
            ));
        }
    }
}

fn type_ident(ty: &Type) -> Option<Ident> {
    match ty {
        Type::Path(p) => p.path.segments.last().map(|s| s.ident.clone()),
        _ => None,
    }
}

/// `tokens` with each fixed generic parameter replaced by its value.
fn substitute(tokens: TokenStream, fixed: &[(Ident, TokenStream)]) -> TokenStream {
    tokens
        .into_iter()
        .map(|tree| match tree {
            TokenTree::Ident(ident) => match fixed.iter().find(|(k, _)| *k == ident) {
                Some((_, value)) => quote!(#value),
                None => TokenTree::Ident(ident).into_token_stream(),
            },
            TokenTree::Group(group) => {
                let inner = substitute(group.stream(), fixed);
                let mut out = proc_macro2::Group::new(group.delimiter(), inner);
                out.set_span(group.span());
                TokenTree::Group(out).into_token_stream()
            }
            other => other.into_token_stream(),
        })
        .collect()
}

/// `Tree<i32>` as a printed program writes it in a call: `Tree::<i32>`.
fn printed_type(self_ty: &TokenStream) -> String {
    let text = compact(self_ty);
    match text.find('<') {
        Some(at) => format!("{}::{}", &text[..at], &text[at..]),
        None => text,
    }
}

/// Tokens as source without the spaces `to_string` puts around punctuation.
fn compact(tokens: &TokenStream) -> String {
    let text = tokens.to_string();
    let mut out = text.replace(" < ", "<").replace("< ", "<").replace(" >", ">").replace(" ,", ",");
    out = out.replace(" :: ", "::").replace(":: ", "::").replace(" ::", "::");
    out.replace(" <", "<")
}

/// The `#[smartcheck(..)]` markers on one function.
#[derive(Default)]
struct Marks {
    skip: bool,
    invariant: bool,
    weight: Option<syn::LitInt>,
}

/// Removes the function's `#[smartcheck(..)]` attributes and reads them.
fn take_marks(f: &mut ImplItemFn, errors: &mut Vec<syn::Error>) -> Marks {
    let mut marks = Marks::default();
    let mut kept = Vec::new();
    for attr in std::mem::take(&mut f.attrs) {
        if !attr.path().is_ident("smartcheck") {
            kept.push(attr);
            continue;
        }
        let parsed = attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("skip") {
                marks.skip = true;
            } else if meta.path.is_ident("invariant") {
                marks.invariant = true;
            } else if meta.path.is_ident("weight") {
                marks.weight = Some(meta.value()?.parse()?);
            } else {
                return Err(meta.error(
                    "expected `skip`, `invariant` or `weight = N` on a function of a \
                     #[smartcheck::api] block",
                ));
            }
            Ok(())
        });
        if let Err(e) = parsed {
            errors.push(e);
        }
    }
    f.attrs = kept;
    marks
}

/// Reads signatures against the API's type.
struct Reader<'a> {
    self_ty: &'a TokenStream,
    fixed: &'a [(Ident, TokenStream)],
}

const SKIP_HINT: &str = "; mark it #[smartcheck(skip)] to leave it out of the tested API";

fn unsupported(tokens: impl ToTokens, why: &str) -> syn::Error {
    syn::Error::new_spanned(
        tokens,
        format!("#[smartcheck::api] cannot call this: {why}{SKIP_HINT}"),
    )
}

impl Reader<'_> {
    fn call(
        &self,
        f: &ImplItemFn,
        weight: Option<syn::LitInt>,
        errors: &mut Vec<syn::Error>,
    ) -> Option<Call> {
        let sig = &f.sig;
        if let Some(param) =
            sig.generics.params.iter().find(|p| !matches!(p, GenericParam::Lifetime(_)))
        {
            errors.push(unsupported(param, "a generic function has no one type to test it at"));
            return None;
        }
        if let Some(token) = sig
            .asyncness
            .as_ref()
            .map(ToTokens::to_token_stream)
            .or(sig.unsafety.as_ref().map(ToTokens::to_token_stream))
        {
            errors.push(unsupported(token, "async and unsafe functions are not called"));
            return None;
        }
        let mut inputs = Vec::new();
        for input in &sig.inputs {
            match self.input(input) {
                Ok(i) => inputs.push(i),
                Err(e) => errors.push(e),
            }
        }
        let output = match self.output(&sig.output) {
            Ok(o) => o,
            Err(e) => {
                errors.push(e);
                return None;
            }
        };
        let builds = matches!(output, Output::Api | Output::Option | Output::Result);
        let receiver = matches!(inputs.first(), Some(Input::Operand(Pass::Ref | Pass::RefMut)));
        if !builds && !receiver {
            let why = "it neither returns the API's type nor borrows one first (`&self`, \
                       `&mut self`), so no later call could use what it did";
            errors.push(unsupported(&sig.ident, why));
            return None;
        }
        let variant =
            format_ident!("{}", upper_camel(&sig.ident.to_string()), span = sig.ident.span());
        let receiver = sig.receiver().is_some();
        Some(Call { name: sig.ident.clone(), variant, weight, receiver, inputs, output })
    }

    fn is_self(&self, ty: &Type) -> bool {
        let tokens = substitute(ty.to_token_stream(), self.fixed);
        let text = compact(&tokens);
        text == "Self" || text == compact(self.self_ty)
    }

    fn input(&self, input: &FnArg) -> syn::Result<Input> {
        let ty = match input {
            FnArg::Receiver(r) => {
                return Ok(Input::Operand(match (&r.reference, r.mutability) {
                    (None, _) => Pass::Value,
                    (Some(_), None) => Pass::Ref,
                    (Some(_), Some(_)) => Pass::RefMut,
                }));
            }
            FnArg::Typed(t) => &*t.ty,
        };
        if self.is_self(ty) {
            return Ok(Input::Operand(Pass::Value));
        }
        match ty {
            Type::Reference(r) if self.is_self(&r.elem) => {
                Ok(Input::Operand(if r.mutability.is_some() { Pass::RefMut } else { Pass::Ref }))
            }
            Type::Reference(r) if r.mutability.is_some() => {
                Err(unsupported(ty, "a `&mut` argument of another type is never looked at again"))
            }
            Type::Reference(r) => self.borrowed_arg(&r.elem),
            Type::ImplTrait(_) | Type::TraitObject(_) | Type::BareFn(_) => {
                Err(unsupported(ty, "closures and trait objects cannot be generated"))
            }
            _ => self.owned_arg(ty, ArgPass::Owned),
        }
    }

    fn borrowed_arg(&self, elem: &Type) -> syn::Result<Input> {
        match elem {
            Type::Path(p) if p.path.is_ident("str") => {
                Ok(Input::Arg(quote!(::std::string::String), ArgPass::Str))
            }
            Type::Slice(s) => {
                let inner = substitute(s.elem.to_token_stream(), self.fixed);
                Ok(Input::Arg(quote!(::std::vec::Vec<#inner>), ArgPass::Slice))
            }
            other => self.owned_arg(other, ArgPass::Ref),
        }
    }

    fn owned_arg(&self, ty: &Type, pass: ArgPass) -> syn::Result<Input> {
        let tokens = substitute(ty.to_token_stream(), self.fixed);
        if has_borrow(&tokens) || matches!(ty, Type::ImplTrait(_) | Type::TraitObject(_)) {
            return Err(unsupported(ty, "an argument that borrows cannot be generated"));
        }
        Ok(Input::Arg(tokens, pass))
    }

    fn output(&self, output: &ReturnType) -> syn::Result<Output> {
        let ty = match output {
            ReturnType::Default => return Ok(Output::Unit),
            ReturnType::Type(_, ty) => &**ty,
        };
        if has_borrow(&ty.to_token_stream()) || matches!(ty, Type::ImplTrait(_)) {
            return Err(unsupported(
                ty,
                "it returns a reference or an `impl Trait`, which a test cannot keep",
            ));
        }
        if self.is_self(ty) {
            return Ok(Output::Api);
        }
        if let Some((wrapper, first)) = wrapped(ty) {
            if self.is_self(first) && wrapper == "Option" {
                return Ok(Output::Option);
            }
            if self.is_self(first) && wrapper == "Result" {
                return Ok(Output::Result);
            }
            return Ok(Output::Observed { result: wrapper == "Result" });
        }
        match ty {
            Type::Tuple(t) if t.elems.is_empty() => Ok(Output::Unit),
            _ => Ok(Output::Observed { result: false }),
        }
    }
}

/// `Option<X>` or `Result<X, E>` (by last segment): the wrapper's name and `X`.
fn wrapped(ty: &Type) -> Option<(String, &Type)> {
    let Type::Path(p) = ty else { return None };
    let last = p.path.segments.last()?;
    let PathArguments::AngleBracketed(args) = &last.arguments else { return None };
    match args.args.first()? {
        GenericArgument::Type(first) => Some((last.ident.to_string(), first)),
        _ => None,
    }
}

/// True when the tokens hold a reference or a lifetime.
fn has_borrow(tokens: &TokenStream) -> bool {
    tokens.clone().into_iter().any(|t| match t {
        TokenTree::Punct(p) => p.as_char() == '&' || p.as_char() == '\'',
        TokenTree::Group(g) => has_borrow(&g.stream()),
        _ => false,
    })
}

fn upper_camel(name: &str) -> String {
    name.split('_')
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut chars = w.chars();
            chars
                .next()
                .map(|c| c.to_uppercase().chain(chars).collect::<String>())
                .unwrap_or_default()
        })
        .collect()
}

/// The program type and its `Program` impl.
fn generate(options: &Options, api: &Api) -> TokenStream {
    let facade = &options.facade;
    let facade_text = compact(facade);
    let program = &api.program;
    let variants = api.calls.iter().map(|c| variant(c, program));
    let doc =
        format!("Call programs over `{}`'s API, generated by `#[smartcheck::api]`.", api.printed);
    let gen = Gen { api, facade, model: options.model.as_ref() };
    let arms = api.calls.iter().enumerate().map(|(k, c)| gen.arm(k, c));
    let builds = api.calls.iter().enumerate().map(|(k, c)| gen.build_arm(k, c));
    let choices = api.calls.iter().enumerate().map(|(k, c)| gen.choices_arm(k, c));
    let functions = api.calls.iter().map(|c| {
        let name = c.name.to_string();
        let operands = c.inputs.iter().filter(|i| matches!(i, Input::Operand(_))).count();
        quote!(#facade::api::Function { name: #name, operands: #operands })
    });
    let self_ty = &api.self_ty;
    let model_ty = options.model.as_ref().map(|m| quote!(#m)).unwrap_or(quote!(()));
    let printed = &api.printed;
    quote! {
        #[doc = #doc]
        #[derive(::core::clone::Clone, ::core::fmt::Debug, #facade::SubTypes, #facade::Arbitrary)]
        #[smartcheck(crate = #facade_text)]
        pub enum #program {
            #(#variants,)*
        }

        #[automatically_derived]
        impl #program {
            #[allow(clippy::let_unit_value, clippy::unit_arg, unused_mut, unused_variables)]
            fn __smartcheck_eval(
                &self,
                cx: &mut #facade::api::Exec<'_>,
            ) -> ::core::result::Result<(#self_ty, #model_ty, #facade::api::Var), #facade::api::Halt> {
                #facade::__private::grow(move || match self {
                    #(#arms)*
                })
            }
        }

        #[automatically_derived]
        impl #facade::api::Program for #program {
            const API: &'static str = #printed;
            const FUNCTIONS: &'static [#facade::api::Function] = &[#(#functions),*];

            fn execute(
                &self,
                cx: &mut #facade::api::Exec<'_>,
            ) -> ::core::result::Result<(), #facade::api::Halt> {
                self.__smartcheck_eval(cx).map(|_| ())
            }

            fn build(
                function: usize,
                operands: ::std::vec::Vec<Self>,
                choice: &[usize],
            ) -> ::core::option::Option<Self> {
                let mut operands = operands.into_iter();
                match function {
                    #(#builds)*
                    _ => ::core::option::Option::None,
                }
            }

            fn choices(function: usize) -> ::std::vec::Vec<usize> {
                match function {
                    #(#choices)*
                    _ => ::std::vec::Vec::new(),
                }
            }
        }
    }
}

fn variant(call: &Call, program: &Ident) -> TokenStream {
    let name = &call.variant;
    let weight = call.weight.as_ref().map(|w| quote!(#[smartcheck(weight = #w)]));
    let doc = format!("A call to `{}`.", call.name);
    let fields: Vec<TokenStream> = call
        .inputs
        .iter()
        .map(|i| match i {
            Input::Operand(_) => quote!(::std::boxed::Box<#program>),
            Input::Arg(ty, _) => quote!(#ty),
        })
        .collect();
    if fields.is_empty() {
        quote!(#[doc = #doc] #weight #name)
    } else {
        quote!(#[doc = #doc] #weight #name(#(#fields),*))
    }
}

/// Token generation for one API.
struct Gen<'a> {
    api: &'a Api,
    facade: &'a TokenStream,
    model: Option<&'a Type>,
}

fn field(k: usize) -> Ident {
    format_ident!("f{k}")
}

impl Gen<'_> {
    /// The match arm running call `k`.
    fn arm(&self, k: usize, call: &Call) -> TokenStream {
        let program = &self.api.program;
        let variant = &call.variant;
        let fields: Vec<Ident> = (0..call.inputs.len()).map(field).collect();
        let pattern = if fields.is_empty() {
            quote!(#program::#variant)
        } else {
            quote!(#program::#variant(#(#fields),*))
        };
        let operands =
            call.inputs.iter().enumerate().filter(|(_, i)| matches!(i, Input::Operand(_)));
        let evals = operands.clone().map(|(j, _)| {
            let (f, v, m, var) =
                (field(j), format_ident!("v{j}"), format_ident!("m{j}"), format_ident!("var{j}"));
            quote!(let (mut #v, mut #m, #var) = #f.__smartcheck_eval(cx)?;)
        });
        let var = match operands.clone().next() {
            Some((j, _)) => format_ident!("var{j}").into_token_stream(),
            None => quote!(cx.fresh()),
        };
        let statement = self.statement(call);
        let api_call = self.invocation(call, false);
        let model_call = self.invocation(call, true);
        let after = self.after(call);
        quote! {
            #pattern => {
                #(#evals)*
                let var = #var;
                cx.call(#k, |cx| #statement);
                let r = #api_call;
                let rm = #model_call;
                cx.done();
                #after
            }
        }
    }

    /// The statement a call prints as, built at run time from the argument values.
    fn statement(&self, call: &Call) -> TokenStream {
        let facade = self.facade;
        let name = call.name.to_string();
        let mut pieces = Vec::new();
        for (j, input) in call.inputs.iter().enumerate() {
            let f = field(j);
            let var = format_ident!("var{j}");
            pieces.push(match input {
                Input::Operand(Pass::Value) => quote!(cx.name(#var)),
                Input::Operand(Pass::Ref) => quote!(::std::format!("&{}", cx.name(#var))),
                Input::Operand(Pass::RefMut) => quote!(::std::format!("&mut {}", cx.name(#var))),
                Input::Arg(_, ArgPass::Owned) => quote!(#facade::api::literal(#f)),
                Input::Arg(_, ArgPass::Str) => quote!(::std::format!("{:?}", #f)),
                Input::Arg(_, ArgPass::Ref) => {
                    quote!(::std::format!("&{}", #facade::api::literal(#f)))
                }
                Input::Arg(_, ArgPass::Slice) => quote!(::std::format!("&{:?}", #f)),
            });
        }
        let head = if call.receiver {
            let rest = &pieces[1..];
            quote!(::std::format!(
                "{}.{}({})",
                cx.name(var0),
                #name,
                <[::std::string::String]>::join(&[#(#rest),*], ", ")
            ))
        } else {
            let api = &self.api.printed;
            quote!(::std::format!(
                "{}::{}({})",
                #api,
                #name,
                <[::std::string::String]>::join(&[#(#pieces),*], ", ")
            ))
        };
        match call.output {
            Output::Api => quote!(::std::format!("let mut {} = {};", cx.name(var), #head)),
            Output::Option | Output::Result => {
                quote!(::std::format!("let mut {} = {}.unwrap();", cx.name(var), #head))
            }
            Output::Observed { result: true } => quote!(::std::format!("let _ = {};", #head)),
            Output::Unit | Output::Observed { result: false } => {
                quote!(::std::format!("{};", #head))
            }
        }
    }

    /// The call itself, on the API's values (`model`: on the model's, or `()` without one).
    fn invocation(&self, call: &Call, model: bool) -> TokenStream {
        let ty = match (model, self.model) {
            (false, _) => self.api.self_ty.clone(),
            (true, Some(m)) => m.to_token_stream(),
            (true, None) => return quote!(()),
        };
        let name = &call.name;
        let inputs = call.inputs.iter().enumerate().map(|(j, input)| {
            let f = field(j);
            let v = if model { format_ident!("m{j}") } else { format_ident!("v{j}") };
            match input {
                Input::Operand(Pass::Value) => quote!(#v),
                Input::Operand(Pass::Ref) => quote!(&#v),
                Input::Operand(Pass::RefMut) => quote!(&mut #v),
                Input::Arg(_, ArgPass::Owned) => quote!(::core::clone::Clone::clone(#f)),
                Input::Arg(_, ArgPass::Ref) => quote!(#f),
                Input::Arg(_, ArgPass::Str) => quote!(#f.as_str()),
                Input::Arg(_, ArgPass::Slice) => quote!(#f.as_slice()),
            }
        });
        quote!(<#ty>::#name(#(#inputs),*))
    }

    /// What follows a call: the value it leaves, the model's check, the invariant's.
    fn after(&self, call: &Call) -> TokenStream {
        let facade = self.facade;
        let name = call.name.to_string();
        let stopped = quote!(return ::core::result::Result::Err(#facade::api::Halt::Stopped));
        let (value, model_value, check) = match call.output {
            Output::Api => (quote!(r), quote!(rm), quote!()),
            Output::Option | Output::Result => {
                let unwrap = |x: TokenStream| match call.output {
                    Output::Option => x,
                    _ => quote!(#x.ok()),
                };
                let (r, rm) = (unwrap(quote!(r)), unwrap(quote!(rm)));
                let model = if self.model.is_some() {
                    quote!(let rm = match #rm { ::core::option::Option::Some(m) => m, ::core::option::Option::None => {
                        return ::core::result::Result::Err(cx.disagree(#name, "Some(..)".into(), "None".into()));
                    } };)
                } else {
                    quote!(let rm = ();)
                };
                let take = quote! {
                    let r = match #r { ::core::option::Option::Some(r) => r, ::core::option::Option::None => { #stopped } };
                    #model
                };
                (quote!(r), quote!(rm), take)
            }
            Output::Unit => (quote!(v0), quote!(m0), quote!(let _ = (r, rm);)),
            Output::Observed { .. } => {
                let compare = if self.model.is_some() {
                    quote! {
                        if r != rm {
                            return ::core::result::Result::Err(cx.disagree(
                                #name,
                                ::std::format!("{:?}", r),
                                #facade::api::literal(&rm),
                            ));
                        }
                    }
                } else {
                    quote!(let _ = (r, rm);)
                };
                (quote!(v0), quote!(m0), compare)
            }
        };
        let invariant = self.api.invariant.as_ref().map(|inv| {
            let ty = &self.api.self_ty;
            let inv_name = inv.to_string();
            quote! {
                if !<#ty>::#inv(&value) {
                    return ::core::result::Result::Err(cx.invariant_broken(#inv_name, #name, var));
                }
            }
        });
        quote! {
            #check
            let value = #value;
            #invariant
            ::core::result::Result::Ok((value, #model_value, var))
        }
    }

    /// The `build` arm for call `k`: operands in order, arguments from small values.
    fn build_arm(&self, k: usize, call: &Call) -> TokenStream {
        let facade = self.facade;
        let program = &self.api.program;
        let variant = &call.variant;
        let mut arg = 0usize;
        let fields: Vec<TokenStream> = call
            .inputs
            .iter()
            .map(|input| match input {
                Input::Operand(_) => quote!(::std::boxed::Box::new(operands.next()?)),
                Input::Arg(ty, _) => {
                    let at = arg;
                    arg += 1;
                    quote!({
                        let at = *choice.get(#at)?;
                        #facade::api::small_values::<#ty>(at + 1).into_iter().nth(at)?
                    })
                }
            })
            .collect();
        if fields.is_empty() {
            quote!(#k => ::core::option::Option::Some(#program::#variant),)
        } else {
            quote!(#k => ::core::option::Option::Some(#program::#variant(#(#fields),*)),)
        }
    }

    /// The `choices` arm for call `k`: how many small values each argument has.
    fn choices_arm(&self, k: usize, call: &Call) -> TokenStream {
        let facade = self.facade;
        let counts = call.inputs.iter().filter_map(|input| match input {
            Input::Arg(ty, _) => {
                Some(quote!(#facade::api::small_values::<#ty>(#facade::api::SMALL_VALUES).len()))
            }
            Input::Operand(_) => None,
        });
        quote!(#k => ::std::vec![#(#counts),*],)
    }
}
