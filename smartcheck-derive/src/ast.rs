//! The derive input as data: a type is a list of constructors (a struct has one, named after
//! the struct; an enum has its variants), each with its fields and attributes. Both derives
//! walk this one view, so structs and enums share all of their code.

use proc_macro2::{Ident, Span, TokenStream};
use quote::{format_ident, quote};
use syn::ext::IdentExt;
use syn::{Data, DeriveInput, Fields, Generics, Member, Type, Variant};

use crate::attr::{self, FieldAttrs, Place, TypeAttrs, VariantAttrs};
use crate::valid::Ctxt;

/// A struct or enum to derive for.
pub struct Input<'a> {
    /// The type's identifier.
    pub ident: &'a Ident,
    /// The type's name as users write it (no `r#`).
    pub name: String,
    /// The type's generics, as declared.
    pub generics: &'a Generics,
    /// True for an enum, false for a struct.
    pub is_enum: bool,
    /// The type's attributes.
    pub attrs: TypeAttrs,
    /// The constructors: the struct itself, or the variants in declaration order.
    pub constructors: Vec<Constructor<'a>>,
}

/// One constructor: a struct, or one variant of an enum.
pub struct Constructor<'a> {
    /// The constructor's name as users write it (no `r#`).
    pub name: String,
    /// How the constructor is written: `Self` for a struct, `Self::Variant` for a variant.
    pub path: TokenStream,
    /// Unit, tuple or named fields.
    pub style: Style,
    /// The fields, in declaration order.
    pub fields: Vec<Field<'a>>,
    /// `skip` and `weight` (a struct: never skipped, weight 1).
    pub attrs: VariantAttrs,
}

/// How a constructor's fields are written.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// `Name`.
    Unit,
    /// `Name(a, b)`.
    Tuple,
    /// `Name { x: a, y: b }`.
    Named,
}

/// One field of a constructor.
pub struct Field<'a> {
    /// The field's name or position.
    pub member: Member,
    /// The field's name as users write it (no `r#`); `None` for a tuple field.
    pub name: Option<String>,
    /// The field's type.
    pub ty: &'a Type,
    /// `opaque` and `with`.
    pub attrs: FieldAttrs,
    /// The local variable the field is bound to in generated patterns.
    pub binding: Ident,
}

impl<'a> Input<'a> {
    /// Reads `node`, recording attribute errors in `cx`; `None` (with an error) for a union.
    pub fn from_syn(cx: &Ctxt, node: &'a DeriveInput) -> Option<Input<'a>> {
        let name = node.ident.unraw().to_string();
        let place = if let Data::Enum(_) = node.data { Place::Enum } else { Place::Struct };
        let attrs = attr::type_attrs(cx, &node.attrs, place);
        let (is_enum, constructors) = match &node.data {
            Data::Struct(data) => (false, vec![struct_constructor(cx, &name, &data.fields)]),
            Data::Enum(data) => (true, data.variants.iter().map(|v| variant(cx, v)).collect()),
            Data::Union(data) => {
                let msg = format!(
                    "smartcheck: `{name}` is a union; smartcheck derives only for structs and \
                     enums, since it must know which field holds the value"
                );
                let (union_token, ident) = (data.union_token, &node.ident);
                cx.error_spanned_by(quote!(#union_token #ident), msg);
                return None;
            }
        };
        Some(Input {
            ident: &node.ident,
            name,
            generics: &node.generics,
            is_enum,
            attrs,
            constructors,
        })
    }
}

impl Constructor<'_> {
    /// True when `#[derive(Arbitrary)]` may generate this constructor.
    pub fn generatable(&self) -> bool {
        !self.attrs.skip && self.attrs.weight > 0
    }
}

/// A struct's one constructor: named after the struct, written `Self`.
fn struct_constructor<'a>(cx: &Ctxt, name: &str, fields: &'a Fields) -> Constructor<'a> {
    Constructor {
        name: name.to_owned(),
        path: quote!(Self),
        style: style(fields),
        fields: fields_from_syn(cx, fields),
        attrs: VariantAttrs { skip: false, weight: 1 },
    }
}

/// An enum variant's constructor, written `Self::Variant`.
fn variant<'a>(cx: &Ctxt, v: &'a Variant) -> Constructor<'a> {
    let ident = &v.ident;
    // The variant's attributes first, so that errors come in source order.
    let attrs = attr::variant_attrs(cx, &v.attrs);
    Constructor {
        name: ident.unraw().to_string(),
        path: quote!(Self::#ident),
        style: style(&v.fields),
        fields: fields_from_syn(cx, &v.fields),
        attrs,
    }
}

fn style(fields: &Fields) -> Style {
    match fields {
        Fields::Unit => Style::Unit,
        Fields::Unnamed(_) => Style::Tuple,
        Fields::Named(_) => Style::Named,
    }
}

fn fields_from_syn<'a>(cx: &Ctxt, fields: &'a Fields) -> Vec<Field<'a>> {
    fields
        .iter()
        .enumerate()
        .map(|(i, field)| Field {
            member: match &field.ident {
                Some(ident) => Member::Named(ident.clone()),
                None => Member::Unnamed(syn::Index { index: i as u32, span: Span::call_site() }),
            },
            name: field.ident.as_ref().map(|ident| ident.unraw().to_string()),
            ty: &field.ty,
            attrs: attr::field_attrs(cx, &field.attrs),
            binding: format_ident!("__field{}", i),
        })
        .collect()
}
