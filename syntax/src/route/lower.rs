//! A checked template as a route: where each placeholder stands, in the shapes a URL can be
//! parsed back from, or why it cannot be.
//!
//! Supported: static segments; `{x}` as a whole segment or with text around it in one segment
//! (`/files/{name}.json`); `{/x}` and `{/x*}` at the end of the path; and a query made of
//! static pieces, `{?x}`/`{&x}` (with `*` for lists) and pairs written by hand (`key={x}`).
//! Everything else is refused with the reason, because its value could not be read back
//! unambiguously: reserved expansion (`{+x}` may hold `/`, `?`, `&`), prefixes (`{x:3}`
//! truncates), two placeholders in one segment (`{a}-{b}`: where does `a` end?), a comma list
//! in a segment, and fragments (browsers never send them).

use alloc::string::String;
use alloc::vec::Vec;
use core::ops::Range;

use crate::plan::{self, Context, Part, Step};
use crate::reference::Reference;
use crate::template::{Expression, Modifier, Operator};
use crate::to_uri::push_uri;

pub use super::shape_error::ShapeError;

/// A placeholder's variable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Var {
    /// The name's bytes in the template.
    pub name: Range<usize>,
    /// `*` after the name.
    pub explode: bool,
}

/// How a placeholder in a path segment writes its value (OpenAPI's path `style`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PathStyle {
    /// `{x}`: the value alone (RFC 6570 §3.2.2).
    Simple,
    /// `{.x}`: the value after a `.` (RFC 6570 §3.2.5).
    Label,
    /// `{;x}`: `;x=` and the value, `;x` alone for an empty value (RFC 6570 §3.2.7).
    Matrix,
}

/// One segment of a route's fixed path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PathSegment {
    /// Text, in URI form.
    Static(String),
    /// A placeholder, with the segment's text before and after it (in URI form).
    Value {
        /// Text before the placeholder.
        prefix: String,
        /// Text after it.
        suffix: String,
        /// The placeholder.
        var: Var,
        /// Its operator.
        style: PathStyle,
    },
}

/// A query parameter a placeholder reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueryVar {
    /// The parameter's name, in URI form.
    pub key: String,
    /// The placeholder.
    pub var: Var,
    /// Written by hand (`key={x}`), rather than `{?x}`/`{&x}`.
    pub hand: bool,
}

/// Where each placeholder of a route template stands.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Shape {
    /// The segments before any `{/x}`.
    pub segments: Vec<PathSegment>,
    /// The variables of the `{/x}` expressions that end the path, in order.
    pub tail: Vec<Var>,
    /// Static query pieces (`format=json`, `flag`), in URI form.
    pub pairs: Vec<String>,
    /// Query parameters read by placeholders, in template order.
    pub keys: Vec<QueryVar>,
}

struct Lowering<'a> {
    src: &'a str,
    exprs: &'a [Expression],
    errors: Vec<(Range<usize>, ShapeError)>,
}

/// Lowers a template that [`crate::template::lex`] and [`crate::reference::parse`] accepted
/// without errors, with the steps [`crate::plan::plan`] made of it (its verdict on whether the
/// query is made of pairs is the one `to_url` follows). Errors come with the template bytes
/// they are about, in order.
pub fn lower(
    src: &str,
    exprs: &[Expression],
    reference: &Reference,
    steps: &[Step],
) -> Result<Shape, Vec<(Range<usize>, ShapeError)>> {
    let mut l = Lowering {
        src,
        exprs,
        errors: Vec::new(),
    };
    let mut shape = Shape::default();
    let path = reference.path.clone();
    if reference.scheme.is_some() || reference.authority.is_some() {
        l.errors.push((0..path.start, ShapeError::NotOriginForm));
    } else if !src[path.clone()].starts_with('/') {
        l.errors
            .push((0..src.len().min(1), ShapeError::NoLeadingSlash));
    } else {
        l.path(path.start + 1..path.end, &mut shape);
    }
    if let Some(query) = reference.query.clone() {
        l.query(query, steps, &mut shape);
    }
    if let Some(fragment) = reference.fragment.clone() {
        l.errors
            .push((fragment.start - 1..fragment.end, ShapeError::Fragment));
    }
    l.duplicates(&shape);
    if l.errors.is_empty() {
        Ok(shape)
    } else {
        l.errors.sort_by_key(|(at, _)| at.start);
        Err(l.errors)
    }
}

impl Lowering<'_> {
    fn parts(&self, range: Range<usize>) -> Vec<Part> {
        plan::parts(self.exprs, range)
    }

    fn uri_form(&self, a: usize, b: usize) -> String {
        let mut out = String::with_capacity(b - a);
        push_uri(&self.src[a..b], &mut out);
        out
    }

    fn var(&mut self, i: usize) -> Option<Var> {
        let e = &self.exprs[i];
        let spec = e.vars.first()?;
        match spec.modifier {
            Modifier::Prefix(_) => {
                self.errors.push((e.range.clone(), ShapeError::Prefix));
                None
            }
            modifier => Some(Var {
                name: spec.name.clone(),
                explode: modifier == Modifier::Explode,
            }),
        }
    }

    /// The path after its leading `/`.
    fn path(&mut self, path: Range<usize>, shape: &mut Shape) {
        let groups = plan::split(self.src, &self.parts(path), '/', |_| false);
        let segments: Vec<&[Part]> = groups.iter().collect();
        // The first `{/x}` starts the tail: only more `{/x}` may follow it, in its segment.
        let is_tail =
            |p: &Part| matches!(p, Part::Expr(i) if self.exprs[*i].operator == Operator::Path);
        let start = segments
            .iter()
            .enumerate()
            .find_map(|(n, parts)| parts.iter().position(is_tail).map(|j| (n, j)));
        let Some((n, j)) = start else {
            for parts in &segments {
                self.segment(parts, shape);
            }
            return;
        };
        let Part::Expr(first) = segments[n][j] else {
            return;
        };
        let first_range = self.exprs[first].range.clone();
        for parts in &segments[..n] {
            self.segment(parts, shape);
        }
        if j == 0 {
            self.errors
                .push((first_range.clone(), ShapeError::TailAfterSlash));
        } else {
            self.segment(&segments[n][..j], shape);
        }
        let rest = &segments[n][j..];
        if n + 1 < segments.len() || !rest.iter().all(is_tail) {
            self.errors.push((first_range, ShapeError::TailNotLast));
            return;
        }
        for part in rest {
            let Part::Expr(i) = *part else { continue };
            let e = &self.exprs[i];
            for spec in &e.vars {
                if let Modifier::Prefix(_) = spec.modifier {
                    self.errors.push((e.range.clone(), ShapeError::Prefix));
                } else {
                    shape.tail.push(Var {
                        name: spec.name.clone(),
                        explode: spec.modifier == Modifier::Explode,
                    });
                }
            }
        }
    }

    /// One segment of the fixed path.
    fn segment(&mut self, parts: &[Part], shape: &mut Shape) {
        let mut value: Option<(usize, Var, PathStyle)> = None;
        for (n, &part) in parts.iter().enumerate() {
            let Part::Expr(i) = part else { continue };
            let e = &self.exprs[i];
            if !e.is_valid() {
                continue;
            }
            let at = e.range.clone();
            let style = match e.operator {
                Operator::Simple => Some(PathStyle::Simple),
                Operator::Label => Some(PathStyle::Label),
                Operator::PathParam => Some(PathStyle::Matrix),
                _ => None,
            };
            match (e.operator, style) {
                (_, Some(_)) if e.vars.len() > 1 => {
                    self.errors.push((at, ShapeError::SeveralVars));
                }
                (_, Some(_)) if value.is_some() => {
                    self.errors.push((at, ShapeError::TwoInSegment));
                }
                (_, Some(style)) => {
                    if let Some(var) = self.var(i) {
                        value = Some((n, var, style));
                    }
                }
                (op, None) => {
                    let op = op.as_str().chars().next().unwrap_or('+');
                    self.errors
                        .push((at, ShapeError::Operator { op, query: false }));
                }
            }
        }
        let text = |parts: &[Part]| {
            let mut out = String::new();
            for part in parts {
                if let Part::Text(a, b) = *part {
                    push_uri(&self.src[a..b], &mut out);
                }
            }
            out
        };
        shape.segments.push(match value {
            Some((n, var, style)) => PathSegment::Value {
                prefix: text(&parts[..n]),
                suffix: text(&parts[n + 1..]),
                var,
                style,
            },
            None => PathSegment::Static(text(parts)),
        });
    }

    fn query(&mut self, query: Range<usize>, steps: &[Step], shape: &mut Shape) {
        let before = self.errors.len();
        // Cut as the plan cuts it (`plan::pair_unit`), so both read the same pairs.
        let units = plan::split(self.src, &self.parts(query), '&', |i| {
            plan::opens_pair(&self.exprs[i])
        });
        for unit in units.iter() {
            self.unit(unit, shape);
        }
        if self.errors.len() == before {
            // The plan decides how `to_url` writes the query; if it did not read it as pairs,
            // neither can `from_url`.
            for step in steps {
                if let Step::Expand(i, Context::Query | Context::QueryKey) = step {
                    let at = self.exprs[*i].range.clone();
                    self.errors.push((at, ShapeError::QueryShape));
                }
            }
        }
    }

    fn unit(&mut self, unit: &[Part], shape: &mut Shape) {
        match *unit {
            [] => {}
            [Part::Text(a, b)] => {
                // A static key must be there exactly once, in any spelling (see
                // `Pattern::check_query`), so a second piece with the same key could never
                // match.
                let pair = self.uri_form(a, b);
                let key = super::piece_key(&pair);
                if let Some(earlier) = shape
                    .pairs
                    .iter()
                    .map(|p| super::piece_key(p))
                    .find(|earlier| super::key_eq(earlier, key))
                {
                    let error = ShapeError::DuplicateKey {
                        key: String::from(key),
                        earlier: String::from(earlier),
                    };
                    self.errors.push((a..b, error));
                } else {
                    let key_end = self.src[a..b].find('=').map_or(b, |n| a + n);
                    self.key_decodes(key, a..key_end);
                }
                shape.pairs.push(pair);
            }
            [Part::Expr(i)]
                if matches!(
                    self.exprs[i].operator,
                    Operator::Query | Operator::QueryContinuation
                ) =>
            {
                let e = &self.exprs[i];
                let at = e.range.clone();
                for spec in &e.vars {
                    if let Modifier::Prefix(_) = spec.modifier {
                        self.errors.push((at.clone(), ShapeError::Prefix));
                        continue;
                    }
                    let key = self.uri_form(spec.name.start, spec.name.end);
                    self.key_decodes(&key, spec.name.clone());
                    shape.keys.push(QueryVar {
                        key,
                        var: Var {
                            name: spec.name.clone(),
                            explode: spec.modifier == Modifier::Explode,
                        },
                        hand: false,
                    });
                }
            }
            [Part::Text(a, b), Part::Expr(i)]
                if self.src[a..b].ends_with('=')
                    && !self.src[a..b - 1].contains('=')
                    && b - 1 > a =>
            {
                let e = &self.exprs[i];
                if !e.is_valid() {
                    return;
                }
                let at = e.range.clone();
                match e.operator {
                    Operator::Simple if e.vars.len() == 1 => {
                        if let Some(var) = self.var(i) {
                            let key = self.uri_form(a, b - 1);
                            self.key_decodes(&key, a..b - 1);
                            shape.keys.push(QueryVar {
                                key,
                                var,
                                hand: true,
                            });
                        }
                    }
                    Operator::Simple => self.errors.push((at, ShapeError::QueryShape)),
                    op => {
                        let op = op.as_str().chars().next().unwrap_or('+');
                        self.errors
                            .push((at, ShapeError::Operator { op, query: true }));
                    }
                }
            }
            _ => {
                let at = unit.iter().find_map(|p| match p {
                    Part::Expr(i) => Some(self.exprs[*i].range.clone()),
                    Part::Text(..) => None,
                });
                if let Some(at) = at {
                    self.errors.push((at, ShapeError::QueryShape));
                }
            }
        }
    }

    /// Each variable once, each query parameter once.
    fn duplicates(&mut self, shape: &Shape) {
        let mut vars: Vec<&Range<usize>> = Vec::new();
        for segment in &shape.segments {
            if let PathSegment::Value { var, .. } = segment {
                vars.push(&var.name);
            }
        }
        vars.extend(shape.tail.iter().map(|v| &v.name));
        vars.extend(shape.keys.iter().map(|k| &k.var.name));
        for (n, name) in vars.iter().enumerate() {
            let text = &self.src[(*name).clone()];
            if vars[..n]
                .iter()
                .any(|earlier| self.src[(*earlier).clone()] == *text)
            {
                let name_text = String::from(text);
                self.errors
                    .push(((*name).clone(), ShapeError::Duplicate { name: name_text }));
            }
        }
        for (n, key) in shape.keys.iter().enumerate() {
            // Keys are compared decoded (`key_eq`), so `fo%72mat={f}` names `format` again.
            let earlier = shape
                .pairs
                .iter()
                .map(|p| super::piece_key(p))
                .chain(shape.keys[..n].iter().map(|k| k.key.as_str()))
                .find(|earlier| super::key_eq(earlier, &key.key));
            let reported = self.errors.iter().any(|(at, _)| *at == key.var.name);
            if !reported && let Some(earlier) = earlier {
                let at = key.var.name.clone();
                let error = ShapeError::DuplicateKey {
                    key: key.key.clone(),
                    earlier: String::from(earlier),
                };
                self.errors.push((at, error));
            }
        }
    }

    /// Refuses a query key (in URI form, at `at` in the template) that does not decode to
    /// UTF-8: `from_url` refuses every URL with such a key, so none could match.
    fn key_decodes(&mut self, key: &str, at: Range<usize>) {
        let decoded: Vec<u8> = super::form_bytes(key).collect();
        if core::str::from_utf8(&decoded).is_err() {
            let key = String::from(key);
            self.errors.push((at, ShapeError::KeyNotUtf8 { key }));
        }
    }
}
