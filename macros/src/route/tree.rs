//! Phase 3 for routes, `from_url`: the routes' decision tree (`urlkit_syntax::route::tree`)
//! written out as code that walks the path segment by segment (`__walk`) and gives the route
//! that matched, with the segments its fields stand in; `from_url` then reads that route's
//! fields and returns the value. No route list is searched at run time, and nothing is
//! collected on the way.
//!
//! At each position, static texts are a `match` on the segment's first byte, then each text
//! of that byte compared where the segment starts, with a `/` or the path's end after it
//! (`Walk::literal`: one or two word compares), so no segment of static text is searched
//! for its end; then the other groups in the order routes are tried, which need the segment's
//! end; a group that fails falls through to the next, so the walk tries the routes exactly in
//! order (`runtime/src/route/leaf.rs` shows the shape). Each route
//! appears once in the tree, so the code grows with the number of routes, not with their
//! product. The walk is written once: `to_url`'s round-trip check (`impls::round_trip`, in
//! enums whose routes overlap) calls it too, through `__which`, and only keeps the route.
//! Its leaves are plain `match`es and calls rather than `?`, and the fields are read outside
//! it, so that the tree, the largest part of the expansion, is cheap to type-check and is
//! not generic even when the route type is. In an enum compiled in parts
//! (`impls::in_parts`), subtrees written alike are one function (`Writer::static_child`),
//! and routes whose fields are read alike share their reading (`shared_read`).

use std::cell::RefCell;
use std::collections::HashMap;

use proc_macro2::{Ident, Literal, Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;
use urlkit_syntax::chars;
use urlkit_syntax::route::lower::{PathSegment, PathStyle};
use urlkit_syntax::route::owned::OwnedSegment;
use urlkit_syntax::route::tree::Node;
use urlkit_syntax::route::{Pattern, has_form_escape};

use super::ast::{Route, RouteType};
use super::check::{Capture, Valid};
use crate::root::{CORE, URLKIT};

/// Where a leaf's path ends: with its last fixed segment, or after a tail.
#[derive(Clone, Copy)]
enum Finish {
    /// `Walk::finish`: the path ends with the leaf's last segment.
    AtEnd,
    /// `Walk::finish_rest`: the rest of the path is the route's tail.
    Rest,
}

/// What the walk is written from: the routes in the order they are tried.
struct Writer<'a> {
    /// For each route in the order they are tried: its index in `input.routes`.
    tried: &'a [usize],
    input: &'a RouteType<'a>,
    valid: &'a [Valid],
    /// How many segments the walk gives with a route: the most any route's fields read.
    slots: usize,
    /// For writing a subtree that stands more than once as a function of its own
    /// (`static_child`): each node's class (nodes of one class are written alike, but for
    /// the routes they give), by the node's address.
    classes: HashMap<usize, usize>,
    /// How many static children of their parents each class has.
    counts: Vec<usize>,
    /// The functions written for shared subtrees, each once, by class.
    functions: RefCell<Vec<(usize, TokenStream)>>,
}

/// Where the code being written returns what the walk found: from the walk itself, or from a
/// function of a subtree (`__walk_K`), which returns it in a `Some` (`None`: the walk goes on
/// after the subtree) and is given the routes its leaves give (`__routes`), collected here in
/// the order they are written.
#[derive(Clone, Copy)]
enum Within<'c> {
    Walk,
    Subtree(&'c RefCell<Vec<usize>>),
}

impl Within<'_> {
    /// `return value`, from where the code stands.
    fn ret(self, value: &TokenStream) -> TokenStream {
        match self {
            Within::Walk => quote!(return #value;),
            Within::Subtree(_) => quote!(return #CORE::option::Option::Some(#value);),
        }
    }

    /// The place of route `n` in the order routes are tried: in a subtree's function, an item
    /// of `__routes`.
    fn route(self, n: usize) -> TokenStream {
        match self {
            Within::Walk => quote!(#n),
            Within::Subtree(routes) => {
                let mut routes = routes.borrow_mut();
                let i = routes.len();
                routes.push(n);
                let name = local("__routes");
                quote!(#name[#i])
            }
        }
    }
}

fn private() -> TokenStream {
    quote!(#URLKIT::__private::route)
}

fn local(name: &str) -> Ident {
    Ident::new(name, Span::mixed_site())
}

fn segment(k: usize) -> Ident {
    format_ident!("__s{}", k, span = Span::mixed_site())
}

/// Where segment `k` starts.
fn position(k: usize) -> Ident {
    format_ident!("__p{}", k, span = Span::mixed_site())
}

impl Writer<'_> {
    /// The code of a node at position `k`, `prev` the segment before it.
    fn node(&self, node: &Node<'_>, k: usize, prev: &Ident, within: Within<'_>) -> TokenStream {
        let t = local("__w");
        let mut out = TokenStream::new();
        if !node.end.is_empty() {
            let leaf = self.leaf(&node.end, prev, Finish::AtEnd, within);
            out.extend(quote!(if #t.ends(#prev) { #leaf }));
        }
        let (here, at) = (segment(k), position(k));
        let mut inner = TokenStream::new();
        // Static text without `%` is compared where the segment starts, before its end is
        // looked for: a `match` on the first byte, then the whole text and a `/` or the
        // path's end after it. At most one static text matches a segment, so the texts of
        // one first byte are tried as an `else if` chain.
        let mut by_first: Vec<(u8, Vec<TokenStream>)> = Vec::new();
        let mut empty = None;
        let mut escaped = Vec::new();
        for (text, child) in &node.statics {
            let child = self.static_child(child, k, within);
            let Some(&first) = text.as_bytes().first() else {
                empty = Some(child);
                continue;
            };
            if !text.bytes().all(|b| chars::is(b, chars::PCHAR)) {
                // Triplet hex may be in either case: compared as static text. (Text of
                // anything but `PCHAR` would be that too: `Walk::literal` takes no other.)
                escaped.push(quote!(if #t.is(#here, #text) { #child }));
                continue;
            }
            let bytes = Literal::byte_string(text.as_bytes());
            let test = quote!(if let #CORE::option::Option::Some(#here) = #t.literal(#at, #bytes) { #child });
            match by_first.iter_mut().find(|(b, _)| *b == first) {
                Some((_, tests)) => tests.push(test),
                None => by_first.push((first, vec![test])),
            }
        }
        if !by_first.is_empty() {
            let arms = by_first.iter().map(|(first, tests)| {
                let first = Literal::byte_character(*first);
                quote!(#first => { #(#tests)else* })
            });
            inner.extend(quote!(match #t.byte(#at) { #(#arms)* _ => {} }));
        }
        if let Some(child) = empty {
            inner.extend(quote! {
                if let #CORE::option::Option::Some(#here) = #t.literal(#at, b"") { #child }
            });
        }
        // The other groups need the segment's end.
        let mut whole_segment: TokenStream = escaped.into_iter().collect();
        for (prefix, suffix, child) in &node.affixed {
            let child = self.node(child, k + 1, &here, within);
            whole_segment.extend(quote!(if #t.affixed(#here, #prefix, #suffix) { #child }));
        }
        if let Some(whole) = &node.whole {
            let child = self.node(whole, k + 1, &here, within);
            whole_segment.extend(quote!(if !#here.is_empty() { #child }));
        }
        if let Some(any) = &node.any {
            let child = self.node(any, k + 1, &here, within);
            whole_segment.extend(quote!({ #child }));
        }
        if !whole_segment.is_empty() {
            inner.extend(quote!({
                let #here = #t.segment(#at);
                #whole_segment
            }));
        }
        if !inner.is_empty() {
            out.extend(quote! {
                if let #CORE::option::Option::Some(#at) = #t.after(#prev) { #inner }
            });
        }
        if !node.optional.is_empty() {
            let leaf = self.leaf(&node.optional, prev, Finish::Rest, within);
            out.extend(quote! {
                if #t.ends(#prev) || #t.next(#prev).is_some_and(|s| #t.ends(s)) { #leaf }
            });
        }
        if !node.rest.is_empty() {
            let leaf = self.leaf(&node.rest, prev, Finish::Rest, within);
            out.extend(quote!({ #leaf }));
        }
        out
    }

    /// The code of `child`, the node after static text at position `k` (bound to `__s{k}`):
    /// in the walk, where another static child is written alike, a call of the function
    /// they share (`__walk_K`, written the first time), given the segments bound so far and
    /// the routes its leaves give; otherwise the node itself.
    fn static_child(&self, child: &Node<'_>, k: usize, within: Within<'_>) -> TokenStream {
        let here = segment(k);
        let class = self
            .classes
            .get(&core::ptr::from_ref(child).addr())
            .copied();
        let Some(class) = class.filter(|&c| self.counts[c] > 1 && matches!(within, Within::Walk))
        else {
            return self.node(child, k + 1, &here, within);
        };
        let routes = RefCell::new(Vec::new());
        let body = self.node(child, k + 1, &here, Within::Subtree(&routes));
        let routes = routes.into_inner();
        let name = format_ident!("__walk_{}", class, span = Span::mixed_site());
        let private = private();
        let (w, miss, root, found) = (
            local("__w"),
            local("__miss"),
            local("__root"),
            local("__found"),
        );
        let segments: Vec<Ident> = (0..=k).map(segment).collect();
        let mut functions = self.functions.borrow_mut();
        if !functions.iter().any(|(c, _)| *c == class) {
            let (count, slots) = (routes.len(), self.slots);
            let names = local("__routes");
            functions.push((
                class,
                quote! {
                    #[allow(unreachable_code, unused_mut, unused_variables, clippy::needless_return,
                        clippy::too_many_arguments)]
                    #[cfg_attr(not(debug_assertions), inline(always))]
                    fn #name<'i>(
                        #w: &#private::Walk<'i>,
                        #miss: &mut #private::Miss<'i>,
                        #root: #private::SegmentSpan,
                        #(#segments: #private::SegmentSpan,)*
                        #names: [#CORE::primitive::usize; #count],
                    ) -> #CORE::option::Option<#CORE::result::Result<
                        (#CORE::primitive::usize, #private::Target<'i>, [#private::SegmentSpan; #slots]),
                        #URLKIT::RouteError,
                    >> {
                        #body
                        #CORE::option::Option::None
                    }
                },
            ));
        }
        quote! {
            if let #CORE::option::Option::Some(#found) =
                #name(#w, &mut #miss, #root, #(#segments,)* [#(#routes),*])
            {
                return #found;
            }
        }
    }

    /// Routes whose path matched (`prev` its last fixed segment), tried by their query, once
    /// the rest of the URL is checked (`finish`). The first that takes the URL is returned
    /// with the target and the segments its fields read.
    fn leaf(
        &self,
        routes: &[usize],
        prev: &Ident,
        finish: Finish,
        within: Within<'_>,
    ) -> TokenStream {
        let (t, w, miss) = (local("__t"), local("__w"), local("__miss"));
        let private = private();
        let ok = quote!(#CORE::result::Result::Ok);
        let err = quote!(#CORE::result::Result::Err);
        let error = local("__e");
        // The rest of the URL, checked once for this route and the ones after it: bound to
        // `__t` before the first route that needs it.
        let finish_call = match finish {
            Finish::AtEnd => quote!(#w.finish(#prev)),
            Finish::Rest => quote!(#w.finish_rest(#prev)),
        };
        let give_error = within.ret(&quote!(#err(#error)));
        let bind_target = quote! {
            let #t = match #finish_call { #ok(#t) => #t, #err(#error) => { #give_error } };
        };
        let mut out = TokenStream::new();
        let (mut bound, mut keys_checked) = (false, false);
        for &index in routes {
            let r = self.tried[index];
            let place = within.route(index);
            let p = &self.valid[r].pattern;
            let segments = self.segments(r, prev);
            // A route that declares methods takes the request only with one of them; if
            // not, the URL is noted as taken (for a 405) and the next route is tried.
            let methods = method_bits(&self.input.routes[r]);
            let taken = |found: TokenStream| {
                let give = within.ret(&found);
                match methods {
                    None => give,
                    Some(bits) => quote! {
                        if #w.takes(#bits) { #give }
                        #miss.refuse(#bits);
                    },
                }
            };
            // Keys are compared decoded: before the first route that compares any, a key
            // that does not decode is an error (`Target::check_keys`).
            let reads_query = !p.pairs.is_empty() || !p.keys.is_empty() || p.deny_unknown;
            let has_rule = !p.pairs.is_empty() || p.deny_unknown || p.keys.iter().any(|k| k.1);
            if !bound && !reads_query {
                let found = match finish {
                    Finish::AtEnd => quote!(#w.found(#place, #prev, #segments)),
                    Finish::Rest => quote!(#w.found_rest(#place, #prev, #segments)),
                };
                if methods.is_none() {
                    out.extend(within.ret(&found));
                    // Nothing after an unconditional return is reached.
                    return out;
                }
                out.extend(bind_target.clone());
                bound = true;
                out.extend(taken(quote!(#ok((#place, #t, #segments)))));
                continue;
            }
            if !bound {
                out.extend(bind_target.clone());
                bound = true;
            }
            if reads_query && !keys_checked {
                out.extend(quote! {
                    if let #err(#error) = #t.check_keys() { #give_error }
                });
                keys_checked = true;
            }
            if !has_rule {
                out.extend(taken(quote!(#ok((#place, #t, #segments)))));
                if methods.is_none() {
                    return out;
                }
                continue;
            }
            let rule = self.rule(r);
            let mismatch = local("__m");
            let taken_by_rule = taken(quote!(#ok((#place, #t, #segments))));
            out.extend(quote! {
                {
                    const RULE: #private::Rule = #rule;
                    match #t.check(&RULE) {
                        #ok(()) => { #taken_by_rule }
                        #err(#mismatch) => #miss.note(&RULE, #mismatch),
                    }
                }
            });
        }
        out
    }

    /// Gives `node`, at position `k`, and each node under it a class: nodes of one class
    /// are written alike but for the routes their leaves give (`Within::route`), so one
    /// function can stand for them all. A class is what the code is written from: the
    /// position, the static texts and affixes, the classes of the children, and at each leaf
    /// what is written for each route (its methods, whether it reads the query, the segments
    /// its fields read); a route with a query rule has a class of its own (the rule names the
    /// route). `keys` interns the classes' descriptions.
    fn classify(&mut self, node: &Node<'_>, k: usize, keys: &mut HashMap<String, usize>) -> usize {
        use core::fmt::Write as _;
        let mut key = format!("{k}|");
        for (text, child) in &node.statics {
            let class = self.classify(child, k + 1, keys);
            self.counts[class] += 1;
            let _ = write!(key, "s{}:{text:?}={class};", text.len());
        }
        for (prefix, suffix, child) in &node.affixed {
            let class = self.classify(child, k + 1, keys);
            let _ = write!(key, "a{prefix:?}{suffix:?}={class};");
        }
        if let Some(whole) = &node.whole {
            let class = self.classify(whole, k + 1, keys);
            let _ = write!(key, "w={class};");
        }
        if let Some(any) = &node.any {
            let class = self.classify(any, k + 1, keys);
            let _ = write!(key, "y={class};");
        }
        for (mark, routes) in [("e", &node.end), ("o", &node.optional), ("r", &node.rest)] {
            key.push_str(mark);
            for &n in routes {
                let r = self.tried[n];
                let p = &self.valid[r].pattern;
                let has_rule = !p.pairs.is_empty() || p.deny_unknown || p.keys.iter().any(|k| k.1);
                let reads_query = !p.pairs.is_empty() || !p.keys.is_empty() || p.deny_unknown;
                let methods = method_bits(&self.input.routes[r]);
                let _ = write!(key, "({methods:?},{reads_query},");
                if has_rule {
                    let _ = write!(key, "rule{r},");
                }
                for capture in self.valid[r].captures.iter().flatten() {
                    match *capture {
                        Capture::Segment(s) => {
                            let _ = write!(key, "s{s}");
                        }
                        Capture::Tail => key.push('t'),
                        Capture::Key(_) => {}
                    }
                }
                key.push(')');
            }
        }
        let next = keys.len();
        let class = *keys.entry(key).or_insert(next);
        if class == self.counts.len() {
            self.counts.push(0);
        }
        self.classes.insert(core::ptr::from_ref(node).addr(), class);
        class
    }

    /// The segments route `r`'s fields read, in the order of its fields (for a tail, `prev`,
    /// its last fixed segment, where the tail starts), the rest of the array filled with the
    /// root: an array by value, which a release build keeps in registers.
    fn segments(&self, r: usize, prev: &Ident) -> TokenStream {
        let root = local("__root");
        let mut read: Vec<TokenStream> = (self.valid[r].captures.iter().flatten())
            .filter_map(|capture| match *capture {
                Capture::Segment(k) => {
                    let s = segment(k);
                    Some(quote!(#s))
                }
                Capture::Tail => Some(quote!(#prev)),
                Capture::Key(_) => None,
            })
            .collect();
        read.resize(self.slots, quote!(#root));
        quote!([#(#read),*])
    }

    /// A route's query rule, as a constant.
    fn rule(&self, r: usize) -> TokenStream {
        let private = private();
        let p = &self.valid[r].pattern;
        let label = &self.input.routes[r].label;
        let pairs = &p.pairs;
        let keys = p
            .keys
            .iter()
            .map(|(name, required)| quote!(#private::Key { name: #name, required: #required }));
        let deny = p.deny_unknown;
        let key_fields = &self.valid[r].key_fields;
        quote! {
            #private::Rule {
                route: #label,
                query: #private::Pattern {
                    segments: &[],
                    tail: #private::Tail::None,
                    pairs: &[#(#pairs),*],
                    keys: &[#(#keys),*],
                    deny_unknown: #deny,
                },
                key_fields: &[#(#key_fields),*],
            }
        }
    }
}

/// The methods a route declares, as the bits of `urlkit::route::Methods` (a word's index in
/// `attr::METHODS` is its bit); `None` for a route that takes any method.
fn method_bits(route: &Route<'_>) -> Option<u16> {
    if route.methods.is_empty() {
        return None;
    }
    Some(route.methods.iter().fold(0, |bits, &m| bits | 1 << m))
}

/// Whether some route declares methods: then `from_url` is `from_url_for_methods` taking
/// every route, and the round-trip check walks with the route's methods.
pub(crate) fn has_methods(input: &RouteType<'_>) -> bool {
    input.routes.iter().any(|r| !r.methods.is_empty())
}

/// How many segments the walk gives with a route: the most any route's fields read (a tail
/// counts as one, the segment it starts after).
fn slots(valid: &[Valid]) -> usize {
    valid
        .iter()
        .map(|v| {
            (v.captures.iter().flatten())
                .filter(|c| !matches!(c, Capture::Key(_)))
                .count()
        })
        .max()
        .unwrap_or(0)
}

/// `__walk`: the decision tree, giving the route that takes the URL (its place in the order
/// routes are tried), the target its fields are read from, and the segments they read; or the
/// error `from_url` gives. Written once for `from_url` and `__which`.
pub(crate) fn walk(
    input: &RouteType<'_>,
    valid: &[Valid],
    tried: &[usize],
    templates: &[String],
) -> TokenStream {
    let private = private();
    let (w, miss, root) = (local("__w"), local("__miss"), local("__root"));
    let borrowed: Vec<_> = tried.iter().map(|&r| valid[r].pattern.borrow()).collect();
    let in_order: Vec<Pattern<'_>> = borrowed.iter().map(|b| b.pattern()).collect();
    let tree = Node::build(&in_order);
    let slots = slots(valid);
    let mut writer = Writer {
        tried,
        input,
        valid,
        slots,
        classes: HashMap::new(),
        counts: Vec::new(),
        functions: RefCell::new(Vec::new()),
    };
    if super::impls::in_parts(input) {
        let mut keys = HashMap::new();
        writer.classify(&tree, 0, &mut keys);
    }
    let body = writer.node(&tree, 0, &root, Within::Walk);
    let functions = writer.functions.into_inner().into_iter().map(|(_, f)| f);
    let template = if input.is_enum {
        quote!(#CORE::option::Option::None)
    } else {
        let template = &templates[0];
        quote!(#CORE::option::Option::Some(#template))
    };
    let walk = local("__walk");
    // In line where the user's crate is built without debug assertions (release): `from_url`
    // then keeps the segments in registers and jumps from each leaf straight to the reading
    // of its route's fields. A debug build compiles the walk once and calls it.
    quote! {
        #[allow(unreachable_code, unused_mut, unused_variables, clippy::needless_return)]
        #[cfg_attr(not(debug_assertions), inline(always))]
        fn #walk<'i>(
            #w: &#private::Walk<'i>,
        ) -> #CORE::result::Result<
            (#CORE::primitive::usize, #private::Target<'i>, [#private::SegmentSpan; #slots]),
            #URLKIT::RouteError,
        > {
            let mut #miss: #private::Miss<'i> = #CORE::default::Default::default();
            let #root = #w.root();
            #body
            #CORE::result::Result::Err(#w.miss(&#miss, #template))
        }
        #(#functions)*
    }
}

/// `from_url`: the walk, then the fields of the route it found; where routes are functions
/// of their own (`impls::in_parts`), each route's reading is one, pushed to `parts`.
pub(crate) fn from_url(
    input: &RouteType<'_>,
    valid: &[Valid],
    tried: &[usize],
    parts: &mut Vec<TokenStream>,
) -> TokenStream {
    let private = private();
    let (w, url, at, t, n) = (
        local("__w"),
        local("__url"),
        local("__at"),
        local("__t"),
        local("__n"),
    );
    let walk = local("__walk");
    // The last arm takes every other index too, which the walk never gives: no panic is
    // written.
    let last = tried.len().saturating_sub(1);
    let mut table = Vec::new();
    let split = super::impls::in_parts(input);
    let ident = &input.original.ident;
    let slots = slots(valid);
    let mut shared = Vec::new();
    let arms: Vec<TokenStream> = (tried.iter().enumerate())
        .map(|(n, &r)| {
            let index = if n == last { quote!(_) } else { quote!(#n) };
            let route = &input.routes[r];
            if !split {
                let value = build(route, &valid[r], &mut table);
                return quote!(#index => #CORE::result::Result::Ok(#value),);
            }
            let read = shared_read(
                route,
                &valid[r],
                &mut table,
                ident,
                n,
                slots,
                &mut shared,
                parts,
            );
            quote!(#index => #read,)
        })
        .collect();
    parts.extend(shared.into_iter().map(|(_, _, function)| function));
    let (fields, count) = (local("__FIELDS"), table.len());
    let name = input.original.ident.to_string();
    // Where routes are read in functions of their own, they share the table beside them.
    let table = quote!(static #fields: [#private::Field; #count] = [#(#table),*];);
    let (table, beside) = if split {
        (None, Some(table))
    } else {
        (Some(table), None)
    };
    parts.extend(beside);
    let body = quote! {
        match #walk(&#w) {
            #CORE::result::Result::Ok((#n, #t, #at)) => match #n { #(#arms)* },
            #CORE::result::Result::Err(e) => #CORE::result::Result::Err(e),
        }
    };
    if !has_methods(input) {
        return quote! {
            #[allow(unreachable_code, unused_mut, unused_variables, clippy::needless_return)]
            fn from_url(#url: &#CORE::primitive::str) -> #CORE::result::Result<Self, #URLKIT::RouteError> {
                #table
                let #w = #private::Walk::new(#url, #name)?;
                #body
            }
        };
    }
    let methods = local("__methods");
    quote! {
        fn from_url(#url: &#CORE::primitive::str) -> #CORE::result::Result<Self, #URLKIT::RouteError> {
            <Self as #URLKIT::Route>::from_url_for_methods(#CORE::option::Option::None, #url)
        }

        #[allow(unreachable_code, unused_mut, unused_variables, clippy::needless_return)]
        fn from_url_for_methods(
            #methods: #CORE::option::Option<#URLKIT::route::Methods>,
            #url: &#CORE::primitive::str,
        ) -> #CORE::result::Result<Self, #URLKIT::RouteError> {
            #table
            let #w = #private::Walk::for_methods(#url, #name, #methods)?;
            #body
        }
    }
}

/// `__which`: the route `from_url` gives a URL to (its place in the order routes are tried),
/// for `to_url`'s round-trip check.
pub(crate) fn which(input: &RouteType<'_>) -> TokenStream {
    let private = private();
    let (w, url, n) = (local("__w"), local("__url"), local("__n"));
    let walk = local("__walk");
    if has_methods(input) {
        let methods = local("__methods");
        return quote! {
            /// The route a request to `url` with one of `methods` goes to (its place in the
            /// order routes are tried).
            fn __which(
                #url: &#CORE::primitive::str,
                #methods: #CORE::option::Option<#URLKIT::route::Methods>,
            ) -> #CORE::option::Option<#CORE::primitive::usize> {
                let #w = #private::Walk::for_methods(#url, "", #methods).ok()?;
                match #walk(&#w) {
                    #CORE::result::Result::Ok((#n, _, _)) => #CORE::option::Option::Some(#n),
                    #CORE::result::Result::Err(_) => #CORE::option::Option::None,
                }
            }
        };
    }
    quote! {
        /// The route `from_url` gives `url` to (its place in the order routes are tried).
        fn __which(#url: &#CORE::primitive::str) -> #CORE::option::Option<#CORE::primitive::usize> {
            let #w = #private::Walk::new(#url, "").ok()?;
            match #walk(&#w) {
                #CORE::result::Result::Ok((#n, _, _)) => #CORE::option::Option::Some(#n),
                #CORE::result::Result::Err(_) => #CORE::option::Option::None,
            }
        }
    }
}

/// One field of a route as `from_url` gives it a value.
enum FieldRead {
    /// A field no placeholder reads: `Default::default()`, spanned on its type.
    Default(TokenStream, TokenStream),
    /// A field read from the URL: its member, its type, and the expression that reads it (a
    /// `Result`).
    Read(TokenStream, TokenStream, TokenStream),
}

/// The reading of route `route`'s fields from where their placeholders stand: the segments
/// the walk gave (`__at`, in the order of the fields that read them, a tail's the last fixed
/// segment, where it starts), and the query's pieces, found by `keys` (the keys' names, and
/// whether one holds a `%` or a `+`). Each field's description is pushed to `table`, and
/// `info(entry, i)` is how the `i`th field that reads refers to its entry.
fn reads(
    route: &Route<'_>,
    valid: &Valid,
    table: &mut Vec<TokenStream>,
    info: impl Fn(usize, usize) -> TokenStream,
) -> (Vec<FieldRead>, Option<(Vec<String>, bool)>) {
    let private = private();
    let (t, at) = (local("__t"), local("__at"));
    let label = &route.label;
    let keys = local("__keys");
    let mut slot = 0usize;
    let mut read_count = 0usize;
    let fields = route
        .fields
        .iter()
        .zip(&valid.captures)
        .map(|(field, capture)| {
            let member = &field.member;
            let ty = field.ty;
            let span = ty.span();
            let Some(capture) = capture else {
                let core_at = CORE.at(span);
                let default = quote_spanned!(span=> #core_at::default::Default::default());
                return FieldRead::Default(quote!(#member), default);
            };
            let name = &field.name;
            let marker = super::ast::marker(name);
            let delimiter = match *capture {
                Capture::Key(j) => super::check::joined(&valid.shape, j, field),
                Capture::Segment(k) => super::check::segment_list(&valid.shape, k, field),
                Capture::Tail => None,
            };
            let joined = if let Some(delimiter) = delimiter {
                quote!(#CORE::option::Option::Some(#delimiter))
            } else {
                quote!(#CORE::option::Option::None)
            };
            let empty_is_absent = super::check::empty_is_absent(field, Some(capture));
            let matrix = matches!(*capture, Capture::Segment(k) if matches!(
                valid.shape.segments.get(k),
                Some(PathSegment::Value { style: PathStyle::Matrix, .. })
            ));
            let (prefix, suffix, key) = match *capture {
                Capture::Segment(k) => match valid.pattern.segments.get(k) {
                    Some(OwnedSegment::Value(prefix, suffix)) => (prefix.len(), suffix.len(), ""),
                    _ => (0, 0, ""),
                },
                Capture::Tail => (0, 0, ""),
                Capture::Key(j) => (
                    0,
                    0,
                    valid.pattern.keys.get(j).map_or("", |(k, _)| k.as_str()),
                ),
            };
            // Every field's description is one entry of one `static`, rather than a
            // constant of its own that rustc would promote and check apart.
            let entry = table.len();
            table.push(quote! {
                #private::Field {
                    route: #label,
                    name: #name,
                    prefix: #prefix,
                    suffix: #suffix,
                    key: #key,
                    joined: #joined,
                    empty_is_absent: #empty_is_absent,
                    matrix: #matrix,
                }
            });
            let info = info(entry, read_count);
            read_count += 1;
            let urlkit_at = URLKIT.at(span);
            let trait_ = quote_spanned!(span=> <#ty as #urlkit_at::route::RouteField<#marker>>);
            let here = slot;
            if !matches!(capture, Capture::Key(_)) {
                slot += 1;
            }
            let read = match *capture {
                // A map in one segment: its keys and values in turn, or an entry per item.
                Capture::Segment(k) if super::check::is_object(field) => {
                    let urlkit_at = URLKIT.at(span);
                    let object = quote_spanned!(span=> <#ty as #urlkit_at::__private::route::ObjectField>);
                    let exploded = matches!(
                        valid.shape.segments.get(k),
                        Some(PathSegment::Value { var, .. }) if var.explode
                    );
                    quote!(#object::segment(&#t, #at[#here], #info, #exploded))
                }
                Capture::Segment(_) => {
                    quote_spanned!(span=> #trait_::segment(&#t, #at[#here], #info))
                }
                Capture::Tail => quote_spanned!(span=> #trait_::tail(&#t, #at[#here], #info)),
                Capture::Key(_) if field.deep_object.is_some() => {
                    let urlkit_at = URLKIT.at(span);
                    quote_spanned!(span=> <#ty as #urlkit_at::__private::route::DeepObjectField>::read(&#t, #info))
                }
                // A map: its entries in one value, or every pair nothing else names.
                Capture::Key(j) if super::check::is_object(field) => {
                    let urlkit_at = URLKIT.at(span);
                    let object = quote_spanned!(span=> <#ty as #urlkit_at::__private::route::ObjectField>);
                    if delimiter.is_some() {
                        quote!(#object::joined(&#t, #keys[#j], #info))
                    } else {
                        let claimed = super::check::claimed(route, valid, j);
                        quote!(#object::exploded(&#t, #info, #claimed))
                    }
                }
                Capture::Key(j) => {
                    quote_spanned!(span=> #trait_::key(&#t, #keys[#j], #info))
                }
            };
            FieldRead::Read(quote!(#member), quote!(#ty), read)
        });
    let fields: Vec<FieldRead> = fields.collect();
    if valid.pattern.keys.is_empty() {
        return (fields, None);
    }
    // Where each query parameter is, in one pass over the query; whether a key holds a `%`
    // or a `+` (then other spellings of it can only be told by decoding) is known here.
    let names = valid.pattern.keys.iter().map(|(name, _)| name.clone());
    let escaped = (valid.pattern.keys.iter()).any(|(name, _)| has_form_escape(name));
    (fields, Some((names.collect(), escaped)))
}

/// A field's value from its read: the value, or the read's error returned. A `match` rather
/// than `?`: no `Try` impl to find for each field.
fn value_of(read: &TokenStream) -> TokenStream {
    let (value, error) = (local("__v"), local("__e"));
    quote! {
        match #read {
            #CORE::result::Result::Ok(#value) => #value,
            #CORE::result::Result::Err(#error) => return #CORE::result::Result::Err(#error),
        }
    }
}

/// The value of route `route`, each field read from where its placeholder stands (see
/// `reads`), its fields' descriptions entries of the table `__FIELDS`.
fn build(route: &Route<'_>, valid: &Valid, table: &mut Vec<TokenStream>) -> TokenStream {
    let table_name = local("__FIELDS");
    let path = super::ast::route_path(route);
    let (fields, keys) = reads(route, valid, table, |entry, _| quote!(&#table_name[#entry]));
    let fields = fields.iter().map(|field| match field {
        FieldRead::Default(member, default) => quote!(#member: #default,),
        FieldRead::Read(member, _, read) => {
            let value = value_of(read);
            quote!(#member: #value,)
        }
    });
    let Some((names, escaped)) = keys else {
        return quote!(#path { #(#fields)* });
    };
    let (t, keys) = (local("__t"), local("__keys"));
    quote!({
        let #keys = #t.keys(&[#(#names),*], #escaped);
        #path { #(#fields)* }
    })
}

/// The reading of route `route`'s fields as a function that routes whose fields are read
/// alike share (`__read_K`, in `shared`, keyed by its text), and the construction of its
/// value from them as a function of its own (`__new_N`, `n` the route's place in the order
/// they are tried), pushed to `parts`: `__read_K` takes the target, the segments, where the
/// route's entries of `__FIELDS` start, the names of its query parameters and `__new_N`,
/// and gives the value of `ident`, the enum. What it returns is the call, a `Result`.
///
/// Its `where` bounds are those of the first route that needs it, which name the same types
/// with the same markers as every other route that shares it (they are in its text), and are
/// the impl's own (same tokens, same spans), so that a field whose type is no route field is
/// still reported once.
#[allow(clippy::too_many_arguments)]
pub(crate) fn shared_read(
    route: &Route<'_>,
    valid: &Valid,
    table: &mut Vec<TokenStream>,
    ident: &Ident,
    n: usize,
    slots: usize,
    shared: &mut Vec<(String, Ident, TokenStream)>,
    parts: &mut Vec<TokenStream>,
) -> TokenStream {
    let private = private();
    let (t, at, first_local, names_local, new_local) = (
        local("__t"),
        local("__at"),
        local("__first"),
        local("__names"),
        local("__new"),
    );
    let path = route
        .variant
        .map_or_else(|| quote!(#ident), |v| quote!(#ident::#v));
    let table_name = local("__FIELDS");
    let first = table.len();
    let (fields, keys) = reads(route, valid, table, |_, i| {
        if i == 0 {
            quote!(&#table_name[#first_local])
        } else {
            quote!(&#table_name[#first_local + #i])
        }
    });
    if fields.iter().all(|f| matches!(f, FieldRead::Default(..))) {
        // Nothing to read: the value itself.
        let members = fields.iter().filter_map(|field| match field {
            FieldRead::Default(member, default) => Some(quote!(#member: #default,)),
            FieldRead::Read(..) => None,
        });
        return quote!(#CORE::result::Result::Ok(#path { #(#members)* }));
    }
    let mut types = Vec::new();
    let mut values = Vec::new();
    for field in &fields {
        if let FieldRead::Read(_, ty, read) = field {
            types.push(ty.clone());
            values.push(value_of(read));
        }
    }
    let keys_local = local("__keys");
    let (names_param, find) = match &keys {
        Some((names, escaped)) => {
            let count = names.len();
            (
                Some(quote!(#names_local: &[&'static #CORE::primitive::str; #count],)),
                Some(quote!(let #keys_local = #t.keys(#names_local, #escaped);)),
            )
        }
        None => (None, None),
    };
    let signature = quote! {
        (
            #t: #private::Target<'_>,
            #at: [#private::SegmentSpan; #slots],
            #first_local: #CORE::primitive::usize,
            #names_param
            #new_local: fn(#(#types),*) -> #ident,
        ) -> #CORE::result::Result<#ident, #URLKIT::RouteError>
    };
    let block = quote! {
        {
            #find
            #CORE::result::Result::Ok(#new_local(#(#values),*))
        }
    };
    let text = format!("{signature}{block}");
    let name = if let Some((_, name, _)) = shared.iter().find(|(key, _, _)| *key == text) {
        name.clone()
    } else {
        let name = format_ident!("__read_{}", shared.len(), span = Span::mixed_site());
        let bounds = super::impls::route_bounds(&[], route, valid);
        let where_clause = (!bounds.is_empty()).then(|| quote!(where #(#bounds,)*));
        let function = quote! {
            // In line where the walk is (see `walk`): the leaf that found the route then
            // goes straight on to read its fields.
            #[allow(unreachable_code, unused_variables, clippy::needless_return)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn #name #signature #where_clause #block
        };
        shared.push((text, name.clone(), function));
        name
    };
    let mut k = 0usize;
    let members: Vec<TokenStream> = (fields.iter())
        .map(|field| match field {
            FieldRead::Default(member, default) => quote!(#member: #default,),
            FieldRead::Read(member, _, _) => {
                let value = format_ident!("__r{}", k, span = Span::mixed_site());
                k += 1;
                quote!(#member: #value,)
            }
        })
        .collect();
    let params = (0..k).zip(&types).map(|(i, ty)| {
        let value = format_ident!("__r{}", i, span = Span::mixed_site());
        quote!(#value: #ty)
    });
    let new = format_ident!("__new_{}", n, span = Span::mixed_site());
    parts.push(quote! {
        #[allow(clippy::too_many_arguments)]
        fn #new(#(#params),*) -> #ident {
            #path { #(#members)* }
        }
    });
    let names = keys.map(|(names, _)| quote!(&[#(#names),*],));
    quote!(#name(#t, #at, #first, #names #new))
}
