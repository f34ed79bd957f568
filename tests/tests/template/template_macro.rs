//! `template!`: a `Template` built at compile time, in a `const`, a `static` or an
//! expression, is the same template as `Template::parse` of the same text: the same parsed
//! form (expressions and plan, compared field by field), and the same answers from every
//! method of the API.

use std::collections::BTreeMap;
use std::hash::{BuildHasher, RandomState};

use urlkit::value::Value;
use urlkit::{__private::compiled, Template, template};

const ISSUES: Template =
    template!("https://api.github.com/repos/{owner}/{repo}/issues{?state,labels,page}");
static FILES: Template = template!("/files{/path*}/{name}{.ext}?v={v}&raw=1#{+anchor}");

/// A variable set for `vars`: a name and a value of any kind.
type Vars<'a> = BTreeMap<&'a str, &'a dyn Value>;

/// Values for every name the templates below use, in three flavours: ordinary, hostile
/// (refused by a guard somewhere), and undefined.
fn var_sets() -> Vec<Vars<'static>> {
    let ordinary: Vars<'static> = BTreeMap::from([
        ("owner", &"rust-lang" as &dyn Value),
        ("repo", &"rust"),
        ("state", &Some("open")),
        ("labels", &["A-macros", "C-bug"]),
        ("page", &2),
        ("path", &["a", "b c"]),
        ("name", &"report.pdf"),
        ("ext", &"gz"),
        ("v", &None::<u8>),
        ("anchor", &"p/1"),
        ("host", &"example.com"),
        ("port", &8080_u16),
        ("user", &"ada:pw"),
        ("keys", &[("k", "1"), ("l", "2 3")]),
        ("x", &"é/?"),
        ("base", &"https://h/a/"),
    ]);
    let hostile: Vars<'static> = BTreeMap::from([
        ("owner", &".." as &dyn Value),
        ("repo", &""),
        ("path", &["ok", "%2e%2e"]),
        ("name", &"."),
        ("anchor", &"a#b"),
        ("host", &"exa mple"),
        ("port", &"99999"),
        ("x", &"a/b"),
        ("base", &"1http:"),
    ]);
    vec![ordinary, hostile, BTreeMap::new()]
}

/// `template!` and `Template::parse` of each literal agree on everything.
macro_rules! same_as_parsed {
    ($($t:literal),* $(,)?) => {{
        let mut compared = 0;
        $(
            let constant: Template = template!($t);
            let parsed = Template::parse($t).expect($t);
            assert_same(&constant, &parsed);
            compared += 1;
        )*
        compared
    }};
}

fn assert_same(constant: &Template, parsed: &Template) {
    let t = parsed.as_str();
    assert_eq!(compiled(constant), compiled(parsed), "{t}: parsed forms");
    assert_eq!(constant.as_str(), t);
    assert_eq!(constant.to_string(), parsed.to_string());
    assert_eq!(format!("{constant:?}"), format!("{parsed:?}"));
    assert_eq!(constant, parsed);
    assert_eq!(constant.clone(), *constant);
    assert_eq!(t.parse::<Template>().as_ref(), Ok(constant));
    let hasher = RandomState::new();
    assert_eq!(
        hasher.hash_one(constant),
        hasher.hash_one(parsed),
        "{t}: hash"
    );
    assert!(
        constant.variables().eq(parsed.variables()),
        "{t}: variables"
    );
    for vars in var_sets() {
        let expanded = parsed.expand(&vars);
        assert_eq!(constant.expand(&vars), expanded, "{t}: expand");
        let (mut a, mut b) = (String::from(">"), String::from(">"));
        assert_eq!(
            constant.expand_into(&vars, &mut a),
            parsed.expand_into(&vars, &mut b)
        );
        assert_eq!(a, b, "{t}: expand_into");
        let (mut a, mut b) = (String::new(), String::new());
        assert_eq!(
            constant.expand_to(&vars, &mut a),
            parsed.expand_to(&vars, &mut b)
        );
        assert_eq!(a, b, "{t}: expand_to");
    }
}

#[test]
fn template_macro_builds_what_parse_builds() {
    let compared = same_as_parsed!(
        "https://api.github.com/repos/{owner}/{repo}/issues{?state,labels,page}",
        "/files{/path*}/{name}{.ext}?v={v}&raw=1#{+anchor}",
        "https://{host}:{port}/",
        "https://{user}@{host}/x",
        "http://[{x}]:8080/",
        "https://api.{host}.example/{x}",
        "https://www{.path*}/",
        "{+base}index{?keys*}",
        "/m{;keys*}/{x:2}{&labels}",
        "?a=1{&keys*}",
        "/caf\u{e9}/%7e{x}?\u{e9}={x}",
        "mailto:{user}",
        "urn:x:{x}",
        "rel/{x}",
        "{x}",
        "https://example.com/",
        "",
        "{#x,path}",
        "/s?q={+x}&page={page}#f{+anchor}",
        // Names no Rust variable can have, which `url!` needs as named arguments.
        "/people{?last.name,Some%20Thing,42}",
        // The fast lane's templates around the room `Template::parse` holds parts in (three
        // expressions, eight steps): filled, over, and declined after parts were placed
        // (`b{y}` is text and an expression in one segment).
        "https://h.example/a/{b}/c{?d,e}{&f}",
        "/a/{b}/c/{d}/e/{f}/g",
        "/{a}/{b}/{c}/{d}/{e}{?f}{&g}",
        "/a/{x}/b{y}",
    );
    assert_eq!(compared, 24);
}

#[test]
fn usable_in_const_and_static() {
    const ALSO: Template = ISSUES;
    // An array of them, as a route table might hold.
    const ROUTES: [Template; 2] = [template!("/"), template!("/users/{id}")];
    let vars = &var_sets()[0];
    assert_eq!(
        ALSO.expand(vars).unwrap(),
        "https://api.github.com/repos/rust-lang/rust/issues?state=open&labels=A-macros,C-bug&page=2"
    );
    assert_eq!(
        FILES.expand(vars).unwrap(),
        "/files/a/b%20c/report.pdf.gz?raw=1#p/1"
    );
    assert_eq!(
        FILES.variables().collect::<Vec<_>>(),
        ["path", "name", "ext", "v", "anchor"]
    );
    assert_eq!(
        ROUTES[1].expand(&BTreeMap::from([("id", 7)])).unwrap(),
        "/users/7"
    );
}

/// A type's routes as associated constants.
struct Api;

impl Api {
    const USER: Template = template!("/users/{id}");
}

#[test]
fn usable_as_an_associated_constant() {
    let vars = BTreeMap::from([("id", "ada")]);
    assert_eq!(Api::USER.expand(&vars).unwrap(), "/users/ada");
    assert_eq!(Api::USER.variables().collect::<Vec<_>>(), ["id"]);
}

#[test]
fn clones_share_the_static_data() {
    // Each use of the `const` and each clone points at the one `static` the macro wrote.
    let at = |t: &Template| compiled(t).source().as_ptr();
    let (a, b) = (ISSUES, ISSUES.clone());
    assert!(std::ptr::eq(at(&a), at(&b)));
    assert!(std::ptr::eq(at(&FILES), at(&FILES.clone())));
    // Parsing builds a new one; its clones share it.
    let parsed = Template::parse(ISSUES.as_str()).unwrap();
    assert!(!std::ptr::eq(at(&a), at(&parsed)));
    assert!(std::ptr::eq(at(&parsed), at(&parsed.clone())));
}

#[test]
fn a_static_template_serves_many_threads() {
    let urls: Vec<String> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..4)
            .map(|i| {
                s.spawn(move || {
                    let vars = BTreeMap::from([("name", i)]);
                    FILES.expand(&vars).unwrap().into_string()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert_eq!(
        urls,
        [
            "/files/0?raw=1#",
            "/files/1?raw=1#",
            "/files/2?raw=1#",
            "/files/3?raw=1#"
        ]
    );
}
