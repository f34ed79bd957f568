//! Runs `examples/server.rs` as a user would (`cargo run --example server`), reads the URL it
//! prints, sends it requests over TCP, and checks that it stops by itself after the number of
//! requests it was given.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Kills the server if the test fails before it stops.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `GET target` over a fresh connection: the status line and the body.
fn get(address: &str, target: &str) -> (String, String) {
    let mut stream = TcpStream::connect(address).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    write!(
        stream,
        "GET {target} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let (head, body) = response.split_once("\r\n\r\n").unwrap_or((&response, ""));
    let status = head.lines().next().unwrap_or("").to_string();
    (status, body.to_string())
}

#[test]
fn the_example_server_serves_its_routes_and_stops() {
    let child = Command::new(env!("CARGO"))
        .args([
            "run",
            "--quiet",
            "-p",
            "urlkit-axum",
            "--example",
            "server",
            "--",
        ])
        .args(["--port", "0", "--requests", "5"])
        // Read at run time, not with `env!`: the binary is not rebuilt when the checkout moves.
        .current_dir(
            std::env::var_os("CARGO_MANIFEST_DIR")
                .unwrap_or_else(|| env!("CARGO_MANIFEST_DIR").into()),
        )
        .stdout(Stdio::piped())
        .spawn()
        .expect("cargo runs");
    let mut server = Server(child);
    let mut stdout = BufReader::new(server.0.stdout.take().unwrap());
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    let url = first
        .trim()
        .strip_prefix("listening on http://")
        .unwrap_or_else(|| panic!("the example printed {first:?}"));
    let address = url.trim_end_matches('/').to_string();
    // The links it prints are built with `to_url_on`.
    let mut links = Vec::new();
    for _ in 0..4 {
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        links.push(line.trim().to_string());
    }
    assert_eq!(
        links[2],
        format!("http://{address}/users/7/posts?page=2&tag=rust%20%26%20url&tag=c%2B%2B")
    );

    let (status, body) = get(
        &address,
        "/users/7/posts?page=2&tag=rust%20%26%20url&tag=c%2B%2B",
    );
    assert_eq!(status, "HTTP/1.1 200 OK");
    assert_eq!(
        body,
        "posts of user 7, page 2, tags [\"rust & url\", \"c++\"]\n"
    );
    let (status, body) = get(&address, "/files/docs/read%20me.txt");
    assert_eq!(
        (status.as_str(), body.as_str()),
        ("HTTP/1.1 200 OK", "file [\"docs\", \"read me.txt\"]\n")
    );
    let (status, _) = get(&address, "/users/me");
    assert_eq!(status, "HTTP/1.1 303 See Other");
    let (status, body) = get(&address, "/users/seven");
    assert_eq!(status, "HTTP/1.1 400 Bad Request");
    assert_eq!(
        body,
        "`Api::User.id`: `seven` is not an integer from 0 to 18446744073709551615"
    );
    let (status, body) = get(&address, "/");
    assert_eq!(status, "HTTP/1.1 200 OK");
    assert_eq!(
        body,
        "/users/7\n/users/me\n/users/7/posts?page=2&tag=rust%20%26%20url&tag=c%2B%2B\n/files/docs/read%20me.txt"
    );

    // Five requests answered: it stops by itself.
    let start = Instant::now();
    loop {
        if let Some(status) = server.0.try_wait().unwrap() {
            assert!(status.success(), "the example exited with {status}");
            break;
        }
        assert!(
            start.elapsed() < Duration::from_mins(1),
            "the example did not stop after its five requests"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}
