// Every negative case of the uritemplate-test suite (tests/data, negative-tests.json)
// is a compile error. `{keys:1}` and `{+keys:1}` are valid syntax whose value is a map, so
// they are type errors (see the end of the file).
use urlkit::url;

fn main() {
    let (id, hello, var, path, empty, query, x, y) = ("", "", "", "", "", "", "", "");
    let keys = [("semi", ";"), ("dot", ".")];
    let _ = url!("{/id*");
    let _ = url!("/id*}");
    let _ = url!("{/?id}");
    let _ = url!("{var:prefix}");
    let _ = url!("{hello:2*}");
    let _ = url!("{??hello}");
    let _ = url!("{!hello}");
    let _ = url!("{with space}");
    let _ = url!("{ leading_space}");
    let _ = url!("{trailing_space }");
    let _ = url!("{=path}");
    let _ = url!("{$var}");
    let _ = url!("{|var*}");
    let _ = url!("{*keys?}");
    let _ = url!("{?empty=default,var}");
    let _ = url!("{var}{-prefix|/-/|var}");
    let _ = url!("?q={searchTerms}&amp;c={example:color?}");
    let _ = url!("x{?empty|foo=none}");
    let _ = url!("/h{#hello+}");
    let _ = url!("/h#{hello+}");
    let _ = url!("{;keys:1*}");
    let _ = url!("?{-join|&|var,list}");
    let _ = url!("/people/{~thing}");
    let _ = url!("/{default-graph-uri}");
    let _ = url!("/sparql{?query,default-graph-uri}");
    let _ = url!("/sparql{?query){&default-graph-uri*}");
    let _ = url!("/resolution{?x, y}");
    let _ = url!("{var:0}");
    let _ = url!("{var:01}");
    let _ = url!("{var:10000}");
    let _ = url!("{var:}");
    let _ = url!("{x.}");
    let _ = url!("{x..y}");
    let _ = url!("{%2x}");
    let _ = url!("{keys:1}");
    let _ = url!("{+keys:1}");
    let _ = (id, hello, var, path, empty, query, x, y, keys);
}
