//! `#[smartcheck::contract]`: one statement of a function's contract serves as run-time checks
//! and as a test (LPtest's assertions as generators; Target's postconditions checked on every
//! valid input).
//!
//! ```text
//! #[smartcheck::contract(requires = sorted(list), ensures = sorted(&result))]
//! pub fn insert(list: &[u8], x: u8) -> Vec<u8> { ... }
//! ```
//!
//! expands to
//! - the function, checking each `requires` clause on entry and each `ensures` clause (with the
//!   return value as `result` and the arguments in scope, a by-value one as it was on entry:
//!   cloned before the call when a clause names it, so its type must be `Clone`) on exit,
//!   panicking with a message that names the broken clause, in builds with debug assertions; in builds without them, the
//!   function exactly as written, at no cost (the `release-contracts` feature of `smartcheck`
//!   keeps the checks in every build);
//! - in the same checks, the type invariants (`#[smartcheck(invariant = path)]`, and `range`s)
//!   of every argument and `self` on entry, of the result and of `&mut` arguments on exit,
//!   wherever the value's type implements `SubTypes` (a slice, each element); a broken one is
//!   named in the message. Cost, in checking builds only: a walk of each such value, O(n);
//! - a `#[test] fn smartcheck_contract_<name>()` (unless `test = false`) that draws arguments
//!   meeting `requires` and their types' invariants (a reference argument `&T` is drawn as `T`, `&[T]` as `Vec<T>`, `&str`
//!   as `String`), calls the function and checks `ensures`, through `smartcheck`'s random
//!   discovery, reduction and generalization; with `exhaustive = N` it also checks every
//!   argument tuple up to depth `N`, which finds what random discovery gives up on when valid
//!   inputs are rare (the argument types must implement `Enumerate`); `ignore = true` marks the
//!   test `#[ignore]`, and other `name = value` pairs set fields of `smartcheck::Args`. Any
//!   other key is a compile error naming the nearest valid one (`ensure`: did you mean
//!   `ensures`?): passed on as a field of `Args`, a misspelled clause was never checked where
//!   no test is generated.
//!
//! A contract may state no clause (`#[smartcheck::contract]`): it checks the type invariants
//! alone, and its test calls the function on drawn arguments, which finds the panics.
//!
//! A broken clause is named as written (its source text, on one line), and so is a clause
//! that panics while it is checked, with the panic's message. Methods and associated
//! functions (anything in an `impl` block), generic functions (type or const parameters,
//! `impl Trait` arguments included) and `unsafe fn`s get the run-time checks; write
//! `test = false` for them (a `#[test]` cannot sit in an `impl` block, a generic function has
//! no one type to test, and drawn arguments need not meet an `unsafe fn`'s conditions). The
//! attribute cannot see the `impl` block: an associated function is refused as such when its
//! signature names `Self`, and is otherwise rustc's error that `#[test]` may only be used on a
//! free function, at the attribute. Lifetime parameters alone get a test: it lends
//! the drawn values for the call, which a `&'static` argument or a lifetime bounded by
//! `'static` cannot take (refused, on that lifetime). A lifetime inside an argument's type
//! (`Cow<'a, str>`) is drawn as `'static` (a `Cow<'static, str>`); a type with no such value to
//! draw (`Words<'a>` around a `&'a str`) is rustc's error that `Words<'static>: SubTypes` is
//! not satisfied, at the attribute: write `test = false` for it. A type that hides its
//! lifetime (`Name` for a `Name<'a>`) is a compile error at the type, where a test is
//! generated (rustc's `elided_lifetimes_in_paths`, denied): write `Name<'_>`, drawn as
//! `Name<'static>`. A value whose type borrows
//! (a lifetime but `'static`, an elided reference, a `Cow<str>`) has its type invariants
//! left unchecked, as `SubTypes` needs `'static` (see `Found::borrows`: the check asked
//! `'a: 'static`, E0521). A `const fn` is refused: the checks are not `const`. A result holding a
//! `&mut` (`fn first_mut(&mut self) -> &mut u8`) may borrow the `&mut` arguments, which are
//! then checked on entry only. The body runs in a closure (so that its `return`s and `?`s
//! end the body, not the checks), which `#[track_caller]` does not reach. A `#[track_caller]`
//! function has its body inlined instead, in a labelled block whose own `return v`s become
//! `break`s out of it and whose `e?`s a `match` that breaks out with what `?` would return
//! (`__private::Question`), and keeps its caller. Where an exit cannot be seen or rewritten,
//! the body still runs in a closure: a macro but std's own that cannot leave it (`assert!`,
//! `format!`, ...: a `bail!` expands to a `return`, unseen here), a `return` or `?` in a
//! macro's arguments, a `?` in a body whose type is `impl Trait` (nothing to convert into);
//! there, in builds that check, `Location::caller()` and panics in the body point into the
//! function, not to its caller.
//! Where the body keeps its caller, so do its panics, and the generated test is the caller of
//! every call: each bug in the body panicked at that one call, one class. So the test of a
//! `#[track_caller]` function calls a copy of it without the attribute, declared inside the
//! test: each panic in the body is located where it is raised, and each broken clause at the
//! clause, while every other call keeps its caller. What still holds: a property of the
//! user's own that calls the function sees all its panics at its call, one site (as without a
//! contract); in the test, `Location::caller()` in the body names the body, and items the body
//! declares (a `static`) are the copy's own.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, ToTokens};
use syn::parse::Parser;
use syn::punctuated::Punctuated;
use syn::{Expr, FnArg, ItemFn, Meta, Pat, ReturnType, Token, Type};

/// The contract's clauses and options, as written.
#[derive(Default)]
struct Contract {
    requires: Vec<Expr>,
    ensures: Vec<Expr>,
    exhaustive: Option<Expr>,
    test: bool,
    ignore: bool,
    facade: Option<syn::Path>,
    args: Vec<TokenStream>,
}

/// Expands the attribute on `item` with arguments `args`.
pub fn expand(args: TokenStream, item: TokenStream) -> TokenStream {
    let function: ItemFn = match syn::parse2(item) {
        Ok(f) => f,
        Err(e) => return e.to_compile_error(),
    };
    // On an error the function is kept as written, so that its callers do not add errors of
    // their own ("no function named ...").
    let contract = match parse(args) {
        Ok(c) => c,
        Err(e) => {
            let error = e.to_compile_error();
            return quote!(#error #function);
        }
    };
    // The checks call functions that are not `const` (invariant walks, formatting); checking
    // nothing instead would leave a contract the user believes in unchecked.
    if let Some(constness) = &function.sig.constness {
        let error = syn::Error::new_spanned(
            constness,
            "smartcheck: a contract cannot check a `const fn` (its checks call functions that \
             are not `const`); remove `const`, or state the contract on a non-const function \
             that calls this one",
        )
        .to_compile_error();
        return quote!(#error #function);
    }
    let test = if contract.test {
        match test(&function, &contract) {
            Ok(t) => t,
            Err(e) => e.to_compile_error(),
        }
    } else {
        TokenStream::new()
    };
    // The test of a `#[track_caller]` function calls a copy of it ([`untracked_copy`]), which
    // is the function's use in a test build: without this, `cargo test --release` warned that
    // a function only its test calls was never used (the checked copy was not warned of).
    let mut function = function;
    if contract.test && tracks_caller(&function) {
        function.attrs.push(syn::parse_quote!(#[cfg_attr(test, allow(dead_code))]));
    }
    let function = checked_and_plain(&function, &contract);
    quote! {
        #function
        #test
    }
}

/// The function with its checks where they are kept (builds with debug assertions, or every
/// build under the `release-contracts` feature), and exactly as written elsewhere.
fn checked_and_plain(function: &ItemFn, contract: &Contract) -> TokenStream {
    let checked = checked(function, contract);
    if cfg!(feature = "release-contracts") {
        return checked;
    }
    let mut plain = function.clone();
    plain.attrs.push(syn::parse_quote!(#[cfg(not(debug_assertions))]));
    quote! {
        #[cfg(debug_assertions)]
        #checked
        #plain
    }
}

/// True when the function is `#[track_caller]`.
fn tracks_caller(function: &ItemFn) -> bool {
    function.attrs.iter().any(|a| a.path().is_ident("track_caller"))
}

/// For the test of a `#[track_caller]` function: the function again, without the attribute
/// (nor any other but lint levels, nor its visibility), to be declared inside the test, where
/// it shadows the function. Panics in its body are then located where they are raised, not
/// at its caller: the caller is the test's one call, where every bug in the body was one
/// panic site, so one class (the second bug was counted among the first's instances).
fn untracked_copy(function: &ItemFn, contract: &Contract) -> Option<TokenStream> {
    if !tracks_caller(function) {
        return None;
    }
    let mut copy = function.clone();
    let lint = |a: &syn::Attribute| {
        ["allow", "expect", "warn", "deny"].iter().any(|level| a.path().is_ident(level))
    };
    copy.attrs.retain(lint);
    copy.vis = syn::Visibility::Inherited;
    Some(checked_and_plain(&copy, contract))
}

fn parse(args: TokenStream) -> syn::Result<Contract> {
    let metas = Punctuated::<Meta, Token![,]>::parse_terminated.parse2(args)?;
    let mut contract = Contract { test: true, ..Contract::default() };
    for meta in metas {
        let Meta::NameValue(nv) = meta else {
            return Err(syn::Error::new_spanned(
                meta,
                "expected `requires = <condition>`, `ensures = <condition>`, `exhaustive = <depth>`, \
                 `test = false`, `ignore = true`, or a field of smartcheck::Args like \
                 `tests = 1000`",
            ));
        };
        let name = nv.path.get_ident().map(ToString::to_string).unwrap_or_default();
        match name.as_str() {
            "requires" => contract.requires.push(nv.value),
            "ensures" => contract.ensures.push(nv.value),
            "exhaustive" => contract.exhaustive = Some(nv.value),
            "test" => contract.test = nv.value.to_token_stream().to_string() != "false",
            "ignore" => contract.ignore = nv.value.to_token_stream().to_string() == "true",
            "crate" => match nv.value {
                Expr::Path(p) => contract.facade = Some(p.path),
                other => return Err(syn::Error::new_spanned(other, "expected a path")),
            },
            "" => return Err(syn::Error::new_spanned(nv.path, "expected a name")),
            field if ARGS_FIELDS.contains(&field) => {
                let (ident, value) = (&nv.path, &nv.value);
                match stands_for_some(field, value) {
                    true => {
                        contract.args.push(quote!(#ident: ::core::option::Option::Some(#value)))
                    }
                    false => contract.args.push(quote!(#ident: #value)),
                }
            }
            unknown => {
                let message = unknown_key(unknown, CONTRACT_KEYS, CONTRACT_EXPECTED);
                return Err(syn::Error::new_spanned(nv.path, message));
            }
        }
    }
    Ok(contract)
}

/// The contract's own keys: its clauses, then its options.
const CONTRACT_KEYS: &[&str] = &["requires", "ensures", "exhaustive", "test", "ignore", "crate"];

/// The public fields of `smartcheck::Args`, which the generated test's `name = value` keys
/// set. The macro cannot see the type, and a key it does not know is refused (a misspelled
/// `ensure` passed on as a field was never checked where no test is generated), so this list
/// must be `Args`' fields exactly: `args_fields` (`smartcheck::__private::args_fields!`)
/// builds an `Args` from it with no `..`, and a test in the workspace fails to build when the
/// two disagree.
pub(crate) const ARGS_FIELDS: &[&str] = &[
    "seed",
    "tests",
    "max_discard_ratio",
    "max_gen_size",
    "max_size",
    "max_depth",
    "max_reduce",
    "run_forall",
    "max_forall",
    "min_forall",
    "run_exists",
    "max_exists",
    "exists_assignments",
    "rounds",
    "shrink_values",
    "max_reduce_evaluations",
    "format",
    "interactive",
    "verbose",
    "persist",
    "timeout_ms",
    "fork",
    "exhaustive",
];

/// The fields of [`ARGS_FIELDS`] that are `Option`s of a number.
const OPTIONAL: &[&str] = &["seed", "max_depth", "exhaustive"];

/// True when `value`, given for `field` of `Args`, stands for `Some` of it: an integer literal
/// (`4`, `6usize`) for an `Option` of a number (`seed = 7`; rustc's error for the bare
/// number named no fix). Shared by `#[smartcheck::contract]` and `#[smartcheck::property]`.
pub(crate) fn stands_for_some(field: &str, value: &Expr) -> bool {
    OPTIONAL.contains(&field)
        && matches!(value, Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(_), .. }))
}

/// `smartcheck::Args` rebuilt from the value `tokens` evaluates to, one field of
/// [`ARGS_FIELDS`] at a time and without `..`: it builds only while the list is `Args`' fields.
pub fn args_fields(tokens: TokenStream) -> TokenStream {
    let fields = ARGS_FIELDS.iter().map(|f| format_ident!("{}", f));
    quote! {{
        let __args: &::smartcheck::Args = &(#tokens);
        ::smartcheck::Args { #(#fields: ::core::clone::Clone::clone(&__args.#fields),)* }
    }}
}

/// The message for a key that is neither one of `own` (the macro's own keys, written out in
/// `expected`) nor a field of `Args`: the nearest valid key when one is close (a typo), else
/// the valid keys. Shared by `#[smartcheck::contract]` and `#[smartcheck::property]`.
pub(crate) fn unknown_key(key: &str, own: &[&str], expected: &str) -> String {
    let nearest = own
        .iter()
        .chain(ARGS_FIELDS)
        .map(|valid| (edit_distance(key, valid), *valid))
        .min()
        .filter(|&(distance, _)| distance * 3 <= key.len().max(3));
    match nearest {
        Some((_, valid)) => format!("unknown key `{key}`: did you mean `{valid}`?"),
        None => format!(
            "unknown key `{key}`: expected {expected} or a field of smartcheck::Args (`{}`)",
            ARGS_FIELDS.join("`, `")
        ),
    }
}

/// What the contract's own keys look like, for [`unknown_key`] (a list: its last comma
/// leads on to `Args`' fields).
const CONTRACT_EXPECTED: &str = "`requires = <condition>`, `ensures = <condition>`, \
                                 `exhaustive = <depth>`, `test = false`, `ignore = true`, \
                                 `crate = <path>`,";

/// Levenshtein distance between `a` and `b` (characters inserted, deleted or replaced).
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let replaced = diagonal + usize::from(ca != cb);
            diagonal = row[j + 1];
            row[j + 1] = replaced.min(row[j] + 1).min(diagonal + 1);
        }
    }
    row[b.len()]
}

/// A panic naming `clause` of the contract of `name` when it does not hold.
fn clause_check(p: &TokenStream, name: &str, kind: &str, clause: &Expr) -> TokenStream {
    clause_check_as(p, name, kind, clause, clause.to_token_stream())
}

/// [`clause_check`] with `condition` checked in place of the clause, named as written.
fn clause_check_as(
    p: &TokenStream,
    name: &str,
    kind: &str,
    clause: &Expr,
    condition: TokenStream,
) -> TokenStream {
    let text = clause_text(clause);
    let message = format!("smartcheck: the contract of `{name}` is broken: {kind} `{text}`");
    // The panic is located at the clause, not at the attribute: each clause is a panic site
    // of its own, so two broken clauses of one contract are two classes of failure, not one
    // (the second was counted among the first's instances and never reported).
    let span = syn::spanned::Spanned::span(clause);
    let panic = quote::quote_spanned! {span=> ::core::panic!("{}", #message) };
    // A clause that panics while it is checked (an index out of range in `v[result]`) is named
    // too, with the panic's message: it was the bare message, the clause unnamed. Where panics
    // abort, the first one ends the program as before.
    let panicked = format!("{message} panicked: ");
    let rethrow = quote::quote_spanned! {span=> ::core::panic!("{}{}", #panicked, __why) };
    quote! {
        match ::std::panic::catch_unwind(::std::panic::AssertUnwindSafe(|| !(#condition))) {
            ::core::result::Result::Ok(false) => {}
            ::core::result::Result::Ok(true) => #panic,
            ::core::result::Result::Err(__payload) => {
                let __why = #p::__private::panic_text(&*__payload).unwrap_or_default();
                #rethrow
            }
        }
    }
}

/// The clause as the user wrote it (`sorted(&result)`), on one line: the source text of each
/// top-level token (a bracketed group whole, as written inside), spaced as in the source. Where
/// the source is not known (tokens made by another macro, or outside a compiler run), the
/// token string, tidied around `.`, `,` and brackets.
fn clause_text(clause: &Expr) -> String {
    let tokens = clause.to_token_stream();
    let text = written(tokens.clone()).unwrap_or_else(|| tidied(&tokens.to_string()));
    // Several lines become one: each run of white space that holds a line break, one space.
    let mut out = String::with_capacity(text.len());
    for (i, line) in text.lines().enumerate() {
        match i {
            0 => out.push_str(line.trim_end()),
            _ => {
                out.push(' ');
                out.push_str(line.trim());
            }
        }
    }
    out
}

/// `tokens` as written, from their source text and positions (`proc_macro::Span`'s line and
/// column are stable since Rust 1.88; `join`, which would give the whole clause's span, is
/// not); `None` where either is not known or the tokens are not in source order.
fn written(tokens: TokenStream) -> Option<String> {
    if !proc_macro::is_available() {
        return None;
    }
    let mut out = String::new();
    let mut last_end: Option<(usize, usize)> = None;
    for tree in tokens {
        let text = tree.span().source_text()?;
        let span = tree.span().unwrap();
        let (start, end) = (span.start(), span.end());
        match last_end {
            None => {}
            Some((line, _)) if start.line() > line => out.push(' '),
            Some((line, column)) if start.line() == line && start.column() >= column => {
                out.extend(std::iter::repeat_n(' ', start.column() - column));
            }
            Some(_) => return None,
        }
        out.push_str(&text);
        last_end = Some((end.line(), end.column()));
    }
    Some(out)
}

/// `text`, a token string (`result . starts_with (& s)`), without the spaces `to_string` puts
/// around `.`, `,`, `::` and inside brackets.
fn tidied(text: &str) -> String {
    let mut out = text.to_owned();
    for (from, to) in [
        (" . ", "."),
        (" , ", ", "),
        (" :: ", "::"),
        ("( ", "("),
        (" )", ")"),
        ("[ ", "["),
        (" ]", "]"),
    ] {
        out = out.replace(from, to);
    }
    out
}

/// `tokens` with every `self` read as `entry` (groups included).
fn self_replaced(tokens: TokenStream, entry: &syn::Ident) -> TokenStream {
    use proc_macro2::{Group, TokenTree};
    tokens
        .into_iter()
        .map(|tree| match tree {
            TokenTree::Ident(i) if i == "self" => TokenTree::Ident(entry.clone()),
            TokenTree::Group(g) => {
                let mut inner = Group::new(g.delimiter(), self_replaced(g.stream(), entry));
                inner.set_span(g.span());
                TokenTree::Group(inner)
            }
            other => other,
        })
        .collect()
}

/// The names a pattern binds (`x`; `a`, `b` in `(a, b)`; fields of a struct pattern).
fn bindings(pat: &Pat, out: &mut Vec<syn::Ident>) {
    match pat {
        Pat::Ident(p) => out.push(p.ident.clone()),
        Pat::Tuple(t) => t.elems.iter().for_each(|p| bindings(p, out)),
        Pat::TupleStruct(t) => t.elems.iter().for_each(|p| bindings(p, out)),
        Pat::Struct(s) => s.fields.iter().for_each(|f| bindings(&f.pat, out)),
        Pat::Paren(p) => bindings(&p.pat, out),
        Pat::Type(t) => bindings(&t.pat, out),
        _ => {}
    }
}

/// True when `tokens` hold the identifier `ident` anywhere, groups included, but right after
/// a `.` (a method or a field of that name: `result.len()` names no argument `len`).
fn mentions(tokens: TokenStream, ident: &syn::Ident) -> bool {
    let mut after_dot = false;
    tokens.into_iter().any(|tree| {
        let found = match &tree {
            proc_macro2::TokenTree::Ident(i) => !after_dot && i == ident,
            proc_macro2::TokenTree::Group(g) => mentions(g.stream(), ident),
            _ => false,
        };
        after_dot = matches!(&tree, proc_macro2::TokenTree::Punct(p) if p.as_char() == '.');
        found
    })
}

/// The function with its clauses and its values' invariants checked (for builds with debug
/// assertions, or every build under the `release-contracts` feature).
fn checked(function: &ItemFn, contract: &Contract) -> TokenStream {
    let name = function.sig.ident.to_string();
    let p = facade(contract);
    let requires = contract.requires.iter().map(|c| clause_check(&p, &name, "requires", c));
    let values = checked_values(&function.sig);
    let on_entry = values.iter().map(|v| invariant_check(&p, &name, &v.value, &v.what));
    // A result holding a `&mut` may borrow a `&mut` argument, which cannot be read again
    // while the result lives: those arguments are checked on entry only.
    let result_borrows_mut = match &function.sig.output {
        ReturnType::Type(_, ty) => found_in(ty).mut_ref.is_some(),
        ReturnType::Default => false,
    };
    let on_return = values
        .iter()
        .filter(|v| v.mutable && !result_borrows_mut)
        .map(|v| invariant_check(&p, &name, &v.value, &format!("on return, {}", v.what)));
    let result = result_check(&p, &function.sig);
    // A by-value argument that an `ensures` clause names is its value on entry: cloned before
    // the body (which may move it), and bound again under its name for the clauses. (It was
    // E0382, "value moved into closure here", about a closure the user never wrote.)
    let named = |ident: &syn::Ident| {
        let mut found = false;
        for clause in &contract.ensures {
            found |= mentions(clause.to_token_stream(), ident);
        }
        found
    };
    // Each binding of a by-value argument's pattern (`x`, or `a` and `b` in `(a, b): (..)`),
    // with its type when the pattern is the name alone.
    let mut kept: Vec<(syn::Ident, Option<TokenStream>)> = Vec::new();
    for input in &function.sig.inputs {
        let FnArg::Typed(t) = input else { continue };
        if matches!(&*t.ty, Type::Reference(_)) {
            continue;
        }
        let mut bound = Vec::new();
        bindings(&t.pat, &mut bound);
        let alone = matches!(&*t.pat, Pat::Ident(_));
        // An `impl Trait` type cannot annotate a `let` (E0562): the clone's type is inferred.
        let typed = alone && found_in(&t.ty).impl_trait.is_none();
        for ident in bound.into_iter().filter(|i| named(i)) {
            kept.push((ident, typed.then(|| t.ty.to_token_stream())));
        }
    }
    let saved = kept.iter().map(|(ident, ty)| {
        let old = format_ident!("__smartcheck_entry_{}", ident);
        let ty = ty.as_ref().map(|ty| quote!(: #ty));
        quote!(let #old #ty = ::core::clone::Clone::clone(&#ident);)
    });
    let restored = kept.iter().map(|(ident, _)| {
        let old = format_ident!("__smartcheck_entry_{}", ident);
        quote!(#[allow(unused_variables)] let #ident = #old;)
    });
    // `self` taken by value and named in a clause: cloned too, and read from the clone (a
    // `let self` is no Rust).
    let own_self = function
        .sig
        .inputs
        .iter()
        .any(|input| matches!(input, FnArg::Receiver(r) if r.reference.is_none()))
        && contract.ensures.iter().any(|c| mentions(c.to_token_stream(), &format_ident!("self")));
    let entry_self = format_ident!("__smartcheck_entry_self");
    let saved_self =
        own_self.then(|| quote!(let #entry_self = ::core::clone::Clone::clone(&self);));
    let ensures: Vec<TokenStream> = contract
        .ensures
        .iter()
        .map(|c| match own_self {
            true => {
                let condition = self_replaced(c.to_token_stream(), &entry_self);
                clause_check_as(&p, &name, "ensures", c, condition)
            }
            false => clause_check(&p, &name, "ensures", c),
        })
        .collect();
    let body = &function.block;
    // The body's type, written where it can be (so that `?` and `.into()` in it infer as in
    // the function); an `impl Trait` result cannot be written on a closure or a `let` (E0562),
    // and is inferred from the body.
    let output = match &function.sig.output {
        ReturnType::Default => Some(quote!(())),
        ReturnType::Type(_, ty) if found_in(ty).impl_trait.is_some() => None,
        ReturnType::Type(_, ty) => Some(quote!(#ty)),
    };
    // A `#[track_caller]` function's body is inlined where it can be, so that
    // `Location::caller()` and panics in it still name the caller: a closure is a call of its
    // own, which the attribute does not reach (on stable).
    let inlined = match tracks_caller(function) {
        true => inlined_body(body, &p, output.is_some()),
        false => None,
    };
    let typed = output.as_ref().map(|output| quote!(: #output));
    let run_body = match &output {
        _ if inlined.is_some() => {
            quote!(#[allow(unused_braces, unused_labels)] let result #typed = #inlined;)
        }
        Some(output) => {
            quote!(let result: #output = #p::__private::call_once(|| -> #output #body);)
        }
        None => quote!(let result = #p::__private::call_once(|| #body);),
    };
    let (attrs, vis, sig) = (&function.attrs, &function.vis, &function.sig);
    quote! {
        #(#attrs)*
        #vis #sig {
            #(#requires)*
            #(#on_entry)*
            #(#saved)*
            #saved_self
            #run_body
            #result
            #(#on_return)*
            #(#restored)*
            #(#ensures)*
            result
        }
    }
}

/// A `#[track_caller]` function's body as an expression to run in place (not in a closure),
/// so that it keeps its caller; `None` where it must run in a closure. A body that cannot
/// leave early is itself. In one that can, each `return v` becomes `break 'body v` and each
/// `e?` a `match` that breaks out with what `?` would return ([`EarlyExits`]), inside a block
/// labelled `'body`, so that leaving early still reaches the checks after it; closures, async
/// blocks and items in the body keep theirs. That needs no exit that is not seen (none in a
/// macro's arguments, and no macro but std's own that cannot leave: a `bail!` expands to a
/// `return`, unseen here), and for a `?`, the body's type written (`typed`: not an
/// `impl Trait`), for the `?` to convert into.
fn inlined_body(body: &syn::Block, p: &TokenStream, typed: bool) -> Option<TokenStream> {
    let tokens = body.to_token_stream();
    if !exits_early(tokens.clone()) {
        return Some(tokens);
    }
    if exits_in_macro(tokens) {
        return None;
    }
    let label = syn::Lifetime::new("'__smartcheck_body", proc_macro2::Span::call_site());
    let mut block = body.clone();
    let mut exits = EarlyExits { label: &label, p, tries: 0 };
    syn::visit_mut::VisitMut::visit_block_mut(&mut exits, &mut block);
    (typed || exits.tries == 0).then(|| quote!(#label: #block))
}

/// Rewrites a body's own `return`s and `?`s into breaks out of the block labelled `label`
/// (see [`inlined_body`]); `p` is the facade.
struct EarlyExits<'a> {
    label: &'a syn::Lifetime,
    p: &'a TokenStream,
    /// How many `?`s were rewritten.
    tries: usize,
}

impl syn::visit_mut::VisitMut for EarlyExits<'_> {
    fn visit_expr_mut(&mut self, e: &mut Expr) {
        match e {
            // Their `return`s and `?`s are their own.
            Expr::Closure(_) | Expr::Async(_) => {}
            Expr::Return(r) => {
                if let Some(value) = &mut r.expr {
                    self.visit_expr_mut(value);
                }
                let exit = Expr::Break(syn::ExprBreak {
                    attrs: std::mem::take(&mut r.attrs),
                    break_token: syn::token::Break(r.return_token.span),
                    label: Some(self.label.clone()),
                    expr: r.expr.take(),
                });
                *e = exit;
            }
            Expr::Try(t) => {
                self.tries += 1;
                self.visit_expr_mut(&mut t.expr);
                let (inner, label, p) = (&t.expr, self.label, self.p);
                // The value is bound first: `break 'body ::smartcheck::...` reads as `'body:`.
                let exit: Expr = syn::parse_quote! {
                    match #p::__private::Question::branch(#inner) {
                        ::core::ops::ControlFlow::Continue(__smartcheck_value) => __smartcheck_value,
                        ::core::ops::ControlFlow::Break(__smartcheck_residual) => {
                            let __smartcheck_left =
                                #p::__private::FromResidual::from_residual(__smartcheck_residual);
                            break #label __smartcheck_left
                        }
                    }
                };
                *e = exit;
            }
            _ => syn::visit_mut::visit_expr_mut(self, e),
        }
    }

    /// A function, `impl` or other item declared in the body: its exits are its own.
    fn visit_item_mut(&mut self, _: &mut syn::Item) {}
}

/// True when `tokens` invoke a macro that may leave the body unseen: any but std's own that
/// cannot ([`STAYS`]), or one whose arguments hold a `return` or a `?`.
fn exits_in_macro(tokens: TokenStream) -> bool {
    let trees: Vec<proc_macro2::TokenTree> = tokens.into_iter().collect();
    trees.iter().enumerate().any(|(i, tree)| match tree {
        proc_macro2::TokenTree::Ident(name) if invokes(trees.get(i + 1)) => {
            let arguments = match trees.get(i + 2) {
                Some(proc_macro2::TokenTree::Group(g)) => exits_early(g.stream()),
                _ => false,
            };
            !STAYS.contains(&name.to_string().as_str()) || arguments
        }
        proc_macro2::TokenTree::Group(g) => exits_in_macro(g.stream()),
        _ => false,
    })
}

/// True when `next`, the token after a name, makes it a macro invocation: a `!` alone (the
/// `!` of `x != y` is joint with its `=`).
fn invokes(next: Option<&proc_macro2::TokenTree>) -> bool {
    matches!(next, Some(proc_macro2::TokenTree::Punct(p))
        if p.as_char() == '!' && p.spacing() == proc_macro2::Spacing::Alone)
}

/// True when `tokens` hold a `return` or a `?` anywhere (groups and macro arguments included,
/// closures too: erring on the side of the closure, which keeps them within the body).
fn exits_early(tokens: TokenStream) -> bool {
    let mut trees = tokens.into_iter().peekable();
    while let Some(tree) = trees.next() {
        let exits = match tree {
            proc_macro2::TokenTree::Ident(i) => {
                // A macro may expand to a `return` (`bail!`, `ensure!`): any but std's own
                // that cannot, whose arguments are read here like any tokens.
                let invoked = invokes(trees.peek());
                i == "return" || (invoked && !STAYS.contains(&i.to_string().as_str()))
            }
            proc_macro2::TokenTree::Punct(p) => p.as_char() == '?',
            proc_macro2::TokenTree::Group(g) => exits_early(g.stream()),
            proc_macro2::TokenTree::Literal(_) => false,
        };
        if exits {
            return true;
        }
    }
    false
}

/// std's macros that never leave the function they are written in (but by panicking).
const STAYS: &[&str] = &[
    "assert",
    "assert_eq",
    "assert_ne",
    "debug_assert",
    "debug_assert_eq",
    "debug_assert_ne",
    "panic",
    "unreachable",
    "todo",
    "unimplemented",
    "format",
    "format_args",
    "print",
    "println",
    "eprint",
    "eprintln",
    "write",
    "writeln",
    "vec",
    "matches",
    "dbg",
    "concat",
    "stringify",
    "line",
    "column",
    "file",
    "module_path",
    "cfg",
    "env",
    "option_env",
    "include_str",
    "include_bytes",
];

/// What a type holds that a contract treats apart: an `impl Trait`, a trait object, a `&mut`,
/// a borrow.
#[derive(Default)]
struct Found<'t> {
    impl_trait: Option<&'t syn::TypeImplTrait>,
    trait_object: Option<&'t syn::TypeTraitObject>,
    mut_ref: Option<&'t syn::TypeReference>,
    /// A lifetime but `'static`, named or `'_`; a reference whose lifetime is elided; or a
    /// `Cow` whose lifetime is (`Cow<str>`). Such a value's type invariants are not checked:
    /// the check chooses its checker by the type with its lifetimes ignored, so for a
    /// `Cow<'a, str>` it chose that of `Cow<'static, str>` (the one `SubTypes` impl) and asked
    /// `'a: 'static`, E0521 (and `SubTypes` needs `'static`, so such a type has no invariant
    /// to check). A type that hides its lifetime entirely (`Name` for a `Name<'_>` that
    /// implements `SubTypes` as `Name<'static>`) is not seen: [`lifetimes_shown`] asks for
    /// `Name<'_>`.
    borrows: bool,
    /// `Self`: the function is an associated one, in an `impl` block.
    self_type: Option<&'t syn::Ident>,
}

impl<'t> syn::visit::Visit<'t> for Found<'t> {
    fn visit_type_impl_trait(&mut self, t: &'t syn::TypeImplTrait) {
        self.impl_trait.get_or_insert(t);
        syn::visit::visit_type_impl_trait(self, t);
    }
    fn visit_type_trait_object(&mut self, t: &'t syn::TypeTraitObject) {
        self.trait_object.get_or_insert(t);
        syn::visit::visit_type_trait_object(self, t);
    }
    fn visit_type_reference(&mut self, t: &'t syn::TypeReference) {
        if t.mutability.is_some() {
            self.mut_ref.get_or_insert(t);
        }
        self.borrows |= t.lifetime.is_none();
        syn::visit::visit_type_reference(self, t);
    }
    fn visit_lifetime(&mut self, l: &'t syn::Lifetime) {
        self.borrows |= l.ident != "static";
    }
    fn visit_path_segment(&mut self, segment: &'t syn::PathSegment) {
        if segment.ident == "Cow" {
            let lifetime = match &segment.arguments {
                syn::PathArguments::AngleBracketed(a) => {
                    a.args.iter().any(|arg| matches!(arg, syn::GenericArgument::Lifetime(_)))
                }
                _ => false,
            };
            self.borrows |= !lifetime;
        }
        if segment.ident == "Self" {
            self.self_type.get_or_insert(&segment.ident);
        }
        syn::visit::visit_path_segment(self, segment);
    }
}

/// The first `impl Trait`, trait object and `&mut` anywhere in `ty`.
fn found_in(ty: &Type) -> Found<'_> {
    let mut found = Found::default();
    syn::visit::Visit::visit_type(&mut found, ty);
    found
}

/// A value whose type invariants a contract checks: how to borrow it, how the message names
/// it, and whether the function may change it (then it is checked on return too).
struct CheckedValue {
    value: TokenStream,
    what: String,
    mutable: bool,
}

/// `self` and every argument bound to a plain name, each borrowed as the value itself (`&*x`
/// for a reference argument, so that `&[T]` is checked as a slice), but one whose type
/// borrows (see [`Found::borrows`]).
fn checked_values(sig: &syn::Signature) -> Vec<CheckedValue> {
    sig.inputs
        .iter()
        .filter_map(|input| match input {
            FnArg::Receiver(r) if r.colon_token.is_none() => Some(CheckedValue {
                value: if r.reference.is_some() { quote!(&*self) } else { quote!(&self) },
                what: "`self`".to_owned(),
                mutable: r.reference.is_some() && r.mutability.is_some(),
            }),
            FnArg::Receiver(_) => None,
            FnArg::Typed(typed) => {
                let Pat::Ident(pat) = &*typed.pat else {
                    return None;
                };
                let name = &pat.ident;
                let (value, mutable, referent) = match &*typed.ty {
                    Type::Reference(r) => (quote!(&*#name), r.mutability.is_some(), &*r.elem),
                    other => (quote!(&#name), false, other),
                };
                if found_in(referent).borrows {
                    return None; // no invariant to check (see `Found::borrows`)
                }
                Some(CheckedValue { value, what: format!("argument `{name}`"), mutable })
            }
        })
        .collect()
}

/// A panic naming the invariant `value` (a `&T`) breaks, if it breaks one; nothing happens
/// for a type that does not implement `SubTypes` (autoref specialization, see the core's
/// `derive_support::Checked`).
fn invariant_check(p: &TokenStream, name: &str, value: &TokenStream, what: &str) -> TokenStream {
    let prefix = format!("smartcheck: the contract of `{name}` is broken: {what} breaks ");
    quote! {
        {
            #[allow(unused_imports)]
            use #p::__private::{CheckNothing as _, CheckSlice as _, CheckTree as _};
            if let ::core::option::Option::Some(__broken) =
                (&&&#p::__private::Checked(#value)).broken_constraint()
            {
                ::core::panic!("{}{}", #prefix, __broken);
            }
        }
    }
}

/// The check of the result's type invariants, unless its type borrows (see
/// [`Found::borrows`]).
fn result_check(p: &TokenStream, sig: &syn::Signature) -> TokenStream {
    match &sig.output {
        ReturnType::Type(_, ty) if found_in(ty).borrows => TokenStream::new(),
        _ => invariant_check(p, &sig.ident.to_string(), &quote!(&result), "the result"),
    }
}

/// The facade's path: `crate = path` or `::smartcheck`.
fn facade(contract: &Contract) -> TokenStream {
    match &contract.facade {
        Some(path) => quote!(#path),
        None => quote!(::smartcheck),
    }
}

/// One argument of the function, as the generated test draws and passes it.
struct Arg {
    name: syn::Ident,
    /// The type drawn (owned).
    drawn: TokenStream,
    /// How the argument is bound from the drawn value `__v`.
    bind: TokenStream,
    /// How it is passed to the function.
    pass: TokenStream,
}

/// The owned type drawn for an argument of type `ty`, and whether it is passed by reference,
/// by mutable reference or by value.
fn arg(name: syn::Ident, ty: &Type, field: TokenStream) -> Arg {
    let owned = |inner: &Type| {
        let owned = crate::property::owned_referent(&with_lifetimes(inner, "'static"));
        quote!(#owned)
    };
    let ty = &with_lifetimes(ty, "'_");
    match ty {
        Type::Reference(r) if r.mutability.is_some() => {
            let drawn = owned(&r.elem);
            let owned_name = format_ident!("__owned_{}", name);
            Arg {
                bind: quote! {
                    let mut #owned_name = ::core::clone::Clone::clone(&#field);
                    let #name: #ty = &mut #owned_name;
                },
                pass: quote!(&mut *#name),
                drawn,
                name,
            }
        }
        Type::Reference(r) => Arg {
            drawn: owned(&r.elem),
            bind: quote!(let #name: #ty = &#field;),
            pass: quote!(#name),
            name,
        },
        other => Arg {
            drawn: owned(other),
            bind: quote!(let #name: #other = ::core::clone::Clone::clone(&#field);),
            pass: quote!(::core::clone::Clone::clone(&#name)),
            name,
        },
    }
}

/// Why a contract test cannot lend a drawn argument for `'static`.
const ONE_CALL: &str = "(the test draws each argument and lends it for the one call only)";

/// `ty` with each lifetime but `'static` (named or `'_`) read as `lifetime`: the test, which
/// declares none of the function's lifetime parameters, draws owned values (`'static`) and
/// lends them for the call (`'_`).
fn with_lifetimes(ty: &Type, lifetime: &str) -> Type {
    struct Replace<'l>(&'l str);
    impl syn::visit_mut::VisitMut for Replace<'_> {
        fn visit_lifetime_mut(&mut self, l: &mut syn::Lifetime) {
            if l.ident != "static" {
                *l = syn::Lifetime::new(self.0, l.span());
            }
        }
    }
    let mut ty = ty.clone();
    syn::visit_mut::VisitMut::visit_type_mut(&mut Replace(lifetime), &mut ty);
    ty
}

/// A compile error at each argument or result type that hides a lifetime (`Name` for a
/// `Name<'a>`), with its fix (`Name<'_>`), in every build of a contract with a test: the
/// run-time check of the type's invariants would ask `'a: 'static` (E0521, "borrowed data
/// escapes", at the attribute: such a type is not seen to borrow, see [`Found::borrows`]), and
/// the test could draw it only as `Name<'static>`. Written so, it borrows, and is drawn so.
/// rustc's own lint finds the hidden lifetimes: the types, as the check sees them, are
/// restated in a function that denies `elided_lifetimes_in_paths` (each behind a `&`, as
/// `[u8]` and `str` are no argument types).
fn lifetimes_shown(sig: &syn::Signature) -> TokenStream {
    let arguments = sig.inputs.iter().filter_map(|input| match input {
        FnArg::Typed(typed) => match &*typed.ty {
            Type::Reference(r) => Some(&*r.elem),
            other => Some(other),
        },
        FnArg::Receiver(_) => None,
    });
    let result = match &sig.output {
        ReturnType::Type(_, ty) => Some(&**ty),
        ReturnType::Default => None,
    };
    // (`!` is no argument type on stable Rust, and hides nothing.)
    let shown =
        arguments.chain(result).filter(|ty| !matches!(ty, Type::Never(_)) && !found_in(ty).borrows);
    quote! {
        const _: () = {
            #[allow(dead_code)]
            #[deny(elided_lifetimes_in_paths)]
            fn __smartcheck_lifetimes_shown(#(_: &#shown),*) {}
        };
    }
}

/// The generated `#[test]`.
fn test(function: &ItemFn, contract: &Contract) -> syn::Result<TokenStream> {
    let sig = &function.sig;
    let ident = &sig.ident;
    let refuse = |tokens: &dyn ToTokens, what: &str| {
        syn::Error::new_spanned(
            tokens,
            format!(
                "smartcheck: a contract test cannot be generated for {what}; write \
                 `test = false` to check the contract at run time only"
            ),
        )
    };
    // Lifetime parameters alone are served: the test draws owned values and lends them for
    // the one call, for whatever lifetimes the call chooses; a type or const parameter has no
    // one type to draw.
    for param in &sig.generics.params {
        match param {
            syn::GenericParam::Lifetime(l) => {
                if let Some(bound) = l.bounds.iter().find(|b| b.ident == "static") {
                    let what = format!("a lifetime that must outlive `'static` {ONE_CALL}");
                    return Err(refuse(bound, &what));
                }
            }
            other => return Err(refuse(other, "a generic function")),
        }
    }
    if let Some(a) = &sig.asyncness {
        return Err(refuse(a, "an async function"));
    }
    // The test would call it on whatever it draws, in an `unsafe` block it has no right to
    // write (it was E0133 at the attribute under `cargo test`).
    if let Some(u) = &sig.unsafety {
        let why = "drawn arguments need not meet the conditions its callers must uphold";
        return Err(refuse(u, &format!("an `unsafe fn` ({why})")));
    }
    let mut inputs = Vec::new();
    for (i, input) in sig.inputs.iter().enumerate() {
        let FnArg::Typed(typed) = input else {
            return Err(refuse(input, "a method (it takes `self`)"));
        };
        let Pat::Ident(pat) = &*typed.pat else {
            return Err(refuse(&typed.pat, "an argument that is a pattern"));
        };
        if let Type::Reference(syn::TypeReference { lifetime: Some(l), .. }) = &*typed.ty {
            if l.ident == "static" {
                return Err(refuse(l, &format!("an argument borrowed for `'static` {ONE_CALL}")));
            }
        }
        let found = found_in(&typed.ty);
        if let Some(t) = found.impl_trait {
            return Err(refuse(t, "a generic function (an `impl Trait` argument)"));
        }
        if let Some(t) = found.trait_object {
            return Err(refuse(t, "a trait-object argument (it has no one type to draw)"));
        }
        // One argument is drawn as itself, as a one-argument property's is, so that its
        // counterexample reads as the argument (`Budget { .. }`), not a 1-tuple; several
        // are drawn as a tuple.
        let field = match sig.inputs.len() {
            1 => quote!(*__v),
            _ => {
                let index = syn::Index::from(i);
                quote!(__v.#index)
            }
        };
        inputs.push(arg(pat.ident.clone(), &typed.ty, field));
    }
    // An associated function is seen only by the `Self` in its signature: the attribute does
    // not see the `impl` block, where the test cannot sit (it was three rustc errors at the
    // attribute, none of them saying so).
    let result = match &sig.output {
        ReturnType::Type(_, ty) => Some(&**ty),
        ReturnType::Default => None,
    };
    let typed = sig.inputs.iter().filter_map(|input| match input {
        FnArg::Typed(typed) => Some(&*typed.ty),
        FnArg::Receiver(_) => None,
    });
    if let Some(s) = typed.chain(result).find_map(|ty| found_in(ty).self_type) {
        let what = "an associated function (it names `Self`, and a `#[test]` cannot sit in an \
                    `impl` block)";
        return Err(refuse(s, what));
    }
    let p = facade(contract);
    let result_check = result_check(&p, sig);
    let drawn_types: Vec<&TokenStream> = inputs.iter().map(|a| &a.drawn).collect();
    let drawn = match drawn_types.as_slice() {
        [one] => quote!(#one),
        several => quote!((#(#several,)*)),
    };
    let binds = inputs.iter().map(|a| &a.bind);
    let passes = inputs.iter().map(|a| &a.pass);
    let names = inputs.iter().map(|a| &a.name);
    let requires = &contract.requires;
    // Each `ensures` checked on its own, so that the test names the one broken in every
    // build (where debug assertions are off the function itself checks nothing).
    let name = ident.to_string();
    let ensures = contract.ensures.iter().map(|c| clause_check(&p, &name, "ensures", c));
    let test_name = format_ident!("smartcheck_contract_{}", ident);
    let fields = &contract.args;
    let run = match &contract.exhaustive {
        Some(depth) => quote!(#p::__private::contract_test_exhaustive(&__args, #depth, __property)),
        None => quote!({
            #[allow(unused_imports)]
            use #p::__private::{ViaEnumerate as _, ViaNotEnumerated as _};
            let __probe = #p::__private::Probe::<#drawn>::new();
            let __exhaustive = (&&__probe).exhaustive_run();
            #p::__private::contract_test(&__args, __property, __exhaustive)
        }),
    };
    let ignore = contract.ignore.then(|| quote!(#[ignore]));
    let untracked = untracked_copy(function, contract);
    let lifetimes_shown = lifetimes_shown(sig);
    Ok(quote! {
        #lifetimes_shown
        #[cfg(test)]
        #[test]
        #ignore
        fn #test_name() {
            #untracked
            let __property = |__v: &#drawn| -> #p::Verdict {
                #(#binds)*
                if !(true #(&& (#requires))*) {
                    return #p::Verdict::Discard;
                }
                let result = #ident(#(#passes),*);
                let _ = (&result, #(&#names),*);
                #result_check
                #(#ensures)*
                #p::Verdict::Pass
            };
            let __args = #p::Args { #(#fields,)* ..::core::default::Default::default() };
            #run;
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expanded(args: &str, function: &str) -> String {
        let args: TokenStream = args.parse().expect("the arguments parse");
        let function: TokenStream = function.parse().expect("the function parses");
        expand(args, function).to_string()
    }

    const FUNCTION: &str = "fn halve(x: u8) -> u8 { x / 2 }";

    /// Without the `release-contracts` feature the checks are in the copy for builds with debug
    /// assertions; builds without them get the function exactly as written, so the contract
    /// costs nothing there.
    /// The test of a `#[track_caller]` function calls a copy of it, so in a test build the
    /// function may have no caller of its own: `cargo test --release` warned that it was never
    /// used (the plain copy is the function there; the checked one was not warned of). Its
    /// dead-code lint is off in test builds only, where the test is its use.
    #[test]
    #[cfg(not(feature = "release-contracts"))]
    fn a_track_caller_function_only_its_test_calls_is_not_dead_code() {
        let tracked = "#[track_caller] fn halve(x: u8) -> u8 { x / 2 }";
        let allowed = "# [cfg_attr (test , allow (dead_code))]";
        let out = expanded("ensures = result < 200", tracked);
        let plain = format!("{allowed} # [cfg (not (debug_assertions))] fn halve");
        assert!(out.contains(&plain), "{out}");
        // Without a test, or without `#[track_caller]`, the test calls no copy: the lint is
        // the user's.
        let out = expanded("ensures = result < 200, test = false", tracked);
        assert!(!out.contains(allowed), "{out}");
        assert!(!expanded("ensures = result < 200", FUNCTION).contains(allowed));
    }

    #[test]
    #[cfg(not(feature = "release-contracts"))]
    fn checks_compile_to_nothing_without_debug_assertions() {
        let out = expanded("requires = x > 1, test = false", FUNCTION);
        let plain = "# [cfg (not (debug_assertions))] fn halve (x : u8) -> u8 { x / 2 }";
        assert!(out.contains(plain), "{out}");
        let checked = out.find("# [cfg (debug_assertions)] fn halve").expect("a checked copy");
        let check = out.find("! (x > 1)").expect("the check");
        let plain = out.find(plain).expect("the plain copy");
        // The one check in the whole expansion is in the checked copy, before the plain one.
        assert!(checked < check && check < plain, "{out}");
        assert_eq!(out.matches("! (x > 1)").count(), 1);
    }

    /// With the feature, the one function checks its contract in every build.
    #[test]
    #[cfg(feature = "release-contracts")]
    fn checks_stay_in_every_build_with_the_feature() {
        let out = expanded("requires = x > 1, test = false", FUNCTION);
        assert!(!out.contains("debug_assertions"), "{out}");
        assert_eq!(out.matches("fn halve").count(), 1);
        assert_eq!(out.matches("! (x > 1)").count(), 1);
    }
}
