//! Regenerates `bench/data/positions.txt`: seeded random middlegames for every variant, each
//! with its perft(2) count.
//!
//! Usage: `cargo run --release -p bench --bin make_positions [-- [--stdout] [SEED]]`.
//! Without `--stdout` the file in the crate is overwritten.

use std::path::Path;

fn main() {
    let mut to_stdout = false;
    let mut seed = bench::DEFAULT_SEED;
    for arg in std::env::args().skip(1) {
        if arg == "--stdout" {
            to_stdout = true;
        } else {
            let parsed = match arg.strip_prefix("0x") {
                Some(hex) => u64::from_str_radix(hex, 16),
                None => arg.parse(),
            };
            seed = parsed.unwrap_or_else(|e| {
                eprintln!("bad seed '{arg}': {e}");
                eprintln!("usage: make_positions [--stdout] [SEED]");
                std::process::exit(2);
            });
        }
    }
    let text = bench::generate_set(seed);
    if to_stdout {
        print!("{text}");
    } else {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(bench::POSITIONS_PATH);
        std::fs::write(&path, &text)
            .unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
        eprintln!("wrote {} lines to {}", text.lines().count(), path.display());
    }
}
