//! Stand-alone `shuriken match` (the same as the `match` subcommand of `shuriken`).

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    std::process::exit(runner::cli_main(args));
}
