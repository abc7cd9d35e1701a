//! The `shuriken` command-line binary: UCI or XBoard engine (default), perft, divide, bench,
//! match.

use clap::{Parser, Subcommand};
use engine::perft_cmd;
use movegen::{Position, Variant};
use std::process::ExitCode;

#[cfg(not(target_env = "msvc"))]
#[global_allocator]
static GLOBAL: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

#[derive(Parser)]
#[command(
    name = "shuriken",
    version,
    about = "Engine for Titan, Hadean, Raptor and Octopus chess"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(clap::Args, Clone)]
struct PerftArgs {
    /// Variant: titan, hadean, raptor, octopus or chess.
    #[arg(long, default_value = "titan")]
    variant: String,
    /// Position (FEN of the variant); the start position when omitted.
    #[arg(long)]
    fen: Option<String>,
    /// Depth in plies.
    #[arg(long, default_value_t = 4)]
    depth: u32,
    /// Threads (root moves are split between them).
    #[arg(long, default_value_t = 1)]
    threads: usize,
}

#[derive(Subcommand)]
enum Command {
    /// Speak UCI on stdin/stdout (without a subcommand: UCI, or CECP if the first line is
    /// `xboard`).
    Uci,
    /// Count leaf nodes of the legal move tree; prints nodes, time and nodes per second.
    Perft(PerftArgs),
    /// Like perft, with one `move: count` line per root move (Stockfish `go perft` format).
    Divide(PerftArgs),
    /// Search a fixed set of positions to a fixed depth; prints a node signature and speed.
    Bench {
        /// Depth (default: the built-in bench depth).
        #[arg(long)]
        depth: Option<i32>,
        /// Threads.
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Hash size in MB.
        #[arg(long, default_value_t = 16)]
        hash: usize,
    },
    /// Parameter tuning: `tune spsa --config F`, `tune texel gen|convert|fit ...`.
    Tune {
        /// What to tune.
        #[command(subcommand)]
        command: tuner::TuneCommand,
    },
    /// Engine-vs-engine matches (see `shuriken match --help`).
    #[command(disable_help_flag = true)]
    Match {
        /// Arguments for the match runner.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
}

fn setup(args: &PerftArgs) -> Result<Position, String> {
    let variant = Variant::from_name(&args.variant).map_err(|e| e.to_string())?;
    match &args.fen {
        Some(f) => Position::from_fen(variant, f).map_err(|e| e.to_string()),
        None => Ok(Position::startpos(variant)),
    }
}

fn perft(args: &PerftArgs, divide: bool) -> ExitCode {
    let mut pos = match setup(args) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    if args.depth > 12 {
        eprintln!("error: depth {} is too deep (at most 12)", args.depth);
        return ExitCode::from(2);
    }
    let report = perft_cmd::run(&mut pos, args.depth, args.threads, divide);
    print!("{}", perft_cmd::stockfish_text(&report));
    println!("Time: {:.3} s", report.seconds);
    println!("Nodes/second: {:.0}", report.nps());
    ExitCode::SUCCESS
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        // Without a subcommand the first line chooses the protocol: `xboard` starts CECP.
        None => xboard::run_stdio_auto(),
        Some(Command::Uci) => engine::uci::run_stdio(),
        Some(Command::Perft(a)) => perft(&a, false),
        Some(Command::Divide(a)) => perft(&a, true),
        Some(Command::Bench {
            depth,
            threads,
            hash,
        }) => engine::bench::run_cli(depth, threads, hash),
        Some(Command::Tune { command }) => match tuner::run(command) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: {e:#}");
                ExitCode::FAILURE
            }
        },
        Some(Command::Match { args }) => ExitCode::from(runner::cli_main(args).clamp(0, 255) as u8),
    }
}
