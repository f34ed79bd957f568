//! The complexity bench's calls, without criterion, for counting instructions: builds the
//! input of the case named by the second argument at the size given by the third (in units),
//! and calls the entry point on it once if the first argument is `call` (`none`: built, not
//! called). With `bench/count.sh`, which divides by its last argument, that prints the
//! instructions of the call per unit of input: about the same at `n` and `10 n` units for a
//! linear case, ten times as many for a quadratic one. Instruction counts do not move with
//! the machine's load: deterministic where the allocation-counting test cannot see (work
//! that allocates nothing) and the timed bench is not.
//!
//! ```sh
//! cargo build --release -p urlkit-bench --example complexity_count
//! bench/count.sh complexity_count call 'variables of many distinct names' 200
//! bench/count.sh complexity_count call 'variables of many distinct names' 2000
//! # every case, at both sizes (some minutes under valgrind):
//! "${CARGO_TARGET_DIR:-target}"/release/examples/complexity_count list | while read -r case; do
//!     for n in 200 2000; do bench/count.sh complexity_count call "$case" "$n"; done
//! done
//! ```
//!
//! The cases are those of `tests/tests/allocations/complexity/cases.rs`.

use std::process::ExitCode;

#[path = "../../tests/tests/allocations/complexity/cases.rs"]
mod cases;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut all = cases::GROUPS.iter().flat_map(|(_, cases)| cases());
    match args.as_slice() {
        [list] if list == "list" => {
            for case in all {
                println!("{}", case.name);
            }
            ExitCode::SUCCESS
        }
        [who, name, units] if who == "call" || who == "none" => {
            let Ok(units) = units.parse::<usize>() else {
                eprintln!("`{units}` is not a number of units");
                return ExitCode::FAILURE;
            };
            let Some(case) = all.find(|case| case.name == name) else {
                eprintln!("no case `{name}`; `list` lists them");
                return ExitCode::FAILURE;
            };
            let call = (case.prepare)(units);
            if who == "call" {
                call();
            }
            println!("{name}: {} bytes of input", units * case.unit_len);
            ExitCode::SUCCESS
        }
        _ => {
            eprintln!("usage: complexity_count call|none <case> <units> | complexity_count list");
            ExitCode::FAILURE
        }
    }
}
