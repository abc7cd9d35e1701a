//! The `shuriken` command-line binary: it wires the rules core, the search, the match runner, the
//! tuner, the XBoard protocol and the diagrams together. Without a subcommand it is an engine on
//! stdin/stdout: UCI, or XBoard's CECP when the first line is `xboard`. The subcommands are
//! perft, divide, bench, match (and `match report`), svg, tune and serve.

#![forbid(unsafe_code)]
#![warn(missing_docs, unreachable_pub)]

use clap::{Parser, Subcommand};
use engine::perft_cmd;
use movegen::{Position, Variant};
use std::io::Write;
use std::process::ExitCode;

#[cfg(not(target_env = "msvc"))]
#[global_allocator]
static GLOBAL: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

#[derive(Parser)]
#[command(
    name = "shuriken",
    version,
    about = "Engine for Titan, Hadean, Raptor and Octopus chess (and chess)",
    after_help = "Without a subcommand, shuriken is an engine on stdin/stdout: UCI, or XBoard's \
                  protocol when the first line is `xboard`.\n\
                  Every command's default variant is titan.\n\
                  The match example runs from the repository root after `cargo build --release`: \
                  the engine is target/release/shuriken (./shuriken is the crate's folder, not \
                  the program).\n\n\
                  Examples:\n  \
                  shuriken perft --variant titan --depth 4\n  \
                  shuriken divide --variant raptor --depth 2\n  \
                  shuriken bench\n  \
                  shuriken match -engine cmd=target/release/shuriken name=a \
                  -engine cmd=target/release/shuriken name=b -each tc=2+0.02 -games 100"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(clap::Args, Clone)]
struct PerftArgs {
    /// Variant: titan, hadean, raptor, octopus or chess.
    #[arg(long, default_value = Variant::DEFAULT_NAME)]
    variant: String,
    /// Position (FEN of the variant); the start position when omitted.
    #[arg(long)]
    fen: Option<String>,
    /// Depth in plies (at most 12).
    #[arg(long, default_value_t = 4)]
    depth: u32,
    /// Threads (root moves are split between them).
    #[arg(long, default_value_t = 1, value_parser = threads_value)]
    threads: usize,
}

#[derive(clap::Args, Clone)]
struct SvgArgs {
    /// Variant: titan, hadean, raptor, octopus or chess.
    #[arg(long, default_value = Variant::DEFAULT_NAME)]
    variant: String,
    /// Position (FEN of the variant); the start position when omitted.
    #[arg(long)]
    fen: Option<String>,
    /// Tint the squares of the move that led to the position: `e2e4` (UCI move text, `J@e4` for
    /// a drop). For several moves use --arrows.
    #[arg(long)]
    lastmove: Option<String>,
    /// Arrows, comma-separated: `e2e4,g1f3`.
    #[arg(long)]
    arrows: Option<String>,
    /// Show the legal moves of the piece on this square (`J@`: the drops from hand).
    #[arg(long)]
    highlight: Option<String>,
    /// Black at the bottom.
    #[arg(long)]
    flip: bool,
    /// Pixels per square.
    #[arg(long, default_value_t = 40.0)]
    size: f64,
    /// How pieces are drawn: `figures` (drawn pieces) or `letters` (lettered emblems).
    #[arg(long, default_value = "figures")]
    pieces: view::PieceStyle,
    /// Output file (default: standard output).
    #[arg(short, long)]
    output: Option<std::path::PathBuf>,
}

/// `shuriken match report`: the HTML match report of a results file.
#[derive(Parser)]
#[command(
    name = "shuriken match report",
    after_help = "Examples:\n  \
                  shuriken match report new-vs-old.jsonl -o new-vs-old.html\n  \
                  shuriken match report merged.jsonl --sprt 0 5 0.05 0.05 --first-games 50"
)]
struct ReportArgs {
    /// Results file (JSON lines) written by `shuriken match`.
    results: std::path::PathBuf,
    /// Output HTML file.
    #[arg(short, long, default_value = "report.html")]
    output: std::path::PathBuf,
    /// SPRT to test: `elo0 elo1 [alpha beta [model]]` or elo0= elo1= alpha= beta= model= (none by
    /// default: no SPRT column or chart).
    #[arg(long, num_args = 1..)]
    sprt: Option<Vec<String>>,
    /// Games embedded in the viewer from the start of the file.
    #[arg(long, default_value_t = 200)]
    first_games: usize,
    /// How the viewer draws pieces: `figures` (drawn pieces) or `letters` (lettered emblems).
    #[arg(long, default_value = "figures")]
    pieces: view::PieceStyle,
}

#[derive(Subcommand)]
enum Command {
    /// Speak UCI on stdin/stdout (without a subcommand: UCI, or CECP if the first line is
    /// `xboard`).
    #[command(after_help = "Examples:\n  \
        printf 'uci\\nposition startpos moves g3g6\\ngo depth 6\\n' | shuriken uci\n  \
        printf 'uci\\nsetoption name UCI_Variant value chess\\nposition startpos\\ngo depth 8\\n' \
        | shuriken uci")]
    Uci,
    /// Count leaf nodes of the legal move tree; prints nodes, time and nodes per second.
    #[command(after_help = "Examples:\n  \
        shuriken perft --variant titan --depth 4\n  \
        shuriken perft --variant chess --depth 6 --threads 2\n  \
        shuriken perft --variant chess --fen '8/8/8/8/8/8/8/K6k w - - 0 1' --depth 3")]
    Perft(PerftArgs),
    /// Like perft, with one `move: count` line per root move (Stockfish `go perft` format).
    #[command(after_help = "Examples:\n  \
        shuriken divide --variant octopus --depth 2\n  \
        shuriken divide --variant chess --fen '8/8/8/8/8/8/8/K6k w - - 0 1' --depth 2")]
    Divide(PerftArgs),
    /// Search a fixed set of positions to a fixed depth; prints a node signature and speed.
    #[command(after_help = "Examples:\n  \
        shuriken bench\n  \
        shuriken bench --depth 9 --threads 2")]
    Bench {
        /// Depth, 1 to 64 (default: the built-in bench depth).
        #[arg(long, value_parser = clap::value_parser!(i32).range(1..=64))]
        depth: Option<i32>,
        /// Threads.
        #[arg(long, default_value_t = 1, value_parser = threads_value)]
        threads: usize,
        /// Hash size in MB (part of the node signature).
        #[arg(long, default_value_t = 16, value_parser = hash_value)]
        hash: usize,
    },
    /// Parameter tuning: `tune spsa`, `tune texel gen|convert|label|fit`, `tune nnue train`.
    #[command(after_help = "Examples:\n  \
        shuriken tune spsa --config engine/tuned/spsa-smoke.conf --out spsa-out\n  \
        shuriken tune texel gen --variant titan --games 200 --out titan.data\n  \
        shuriken tune texel label --data titan.data --depth 6 --out titan.labelled\n  \
        shuriken tune texel fit --data titan.data --out titan.weights\n  \
        shuriken tune nnue train --data chess.txt --out chess.nnue")]
    Tune {
        /// What to tune.
        #[command(subcommand)]
        command: tuner::TuneCommand,
    },
    /// A board diagram as SVG (written to stdout, or to `-o FILE`).
    #[command(after_help = "Examples:\n  \
        shuriken svg --variant raptor -o raptor.svg\n  \
        shuriken svg --variant chess --fen \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\" --lastmove e2e4 -o e4.svg\n  \
        shuriken svg --variant octopus --highlight J@ --flip -o drops.svg\n  \
        shuriken svg --variant hadean --pieces letters -o hadean-letters.svg")]
    Svg(SvgArgs),
    /// Engine-vs-engine matches (`shuriken match --help` lists the options); `match report
    /// RESULTS.jsonl [-o report.html]` writes the HTML match report.
    #[command(disable_help_flag = true)]
    Match {
        /// Arguments for the match runner.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// Play and analyse the five games in a browser: serves a page on the loopback address.
    #[command(after_help = "Examples:\n  \
        shuriken serve\n  \
        shuriken serve --port 9000\n  \
        shuriken serve --bind 0.0.0.0   # reachable from other machines: no authentication")]
    Serve {
        /// Address to listen on (loopback unless told otherwise).
        #[arg(long, default_value = "127.0.0.1")]
        bind: std::net::IpAddr,
        /// Port (0 picks a free one).
        #[arg(long, default_value_t = 8080)]
        port: u16,
    },
}

/// A count between 1 and `max`, for clap.
fn count_value(s: &str, max: usize) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if (1..=max).contains(&n) => Ok(n),
        Ok(_) => Err(format!("must be between 1 and {max}")),
        Err(e) => Err(e.to_string()),
    }
}

/// `--threads`: 1 to the engine's maximum.
fn threads_value(s: &str) -> Result<usize, String> {
    count_value(s, engine::options::MAX_THREADS)
}

/// `--hash`: 1 MB to the engine's maximum.
fn hash_value(s: &str) -> Result<usize, String> {
    count_value(s, engine::options::MAX_HASH_MB)
}

/// Why a perft command could not start.
#[derive(Debug, thiserror::Error)]
enum SetupError {
    #[error(transparent)]
    Variant(#[from] movegen::VariantError),
    #[error(transparent)]
    Fen(#[from] movegen::FenError),
    #[error("depth {0} is too deep (at most 12)")]
    TooDeep(u32),
}

fn setup(args: &PerftArgs) -> Result<Position, SetupError> {
    let variant = Variant::from_name(&args.variant)?;
    if args.depth > 12 {
        return Err(SetupError::TooDeep(args.depth));
    }
    Ok(match &args.fen {
        Some(f) => Position::from_fen(variant, f)?,
        None => Position::startpos(variant),
    })
}

fn perft(args: &PerftArgs, divide: bool) -> ExitCode {
    let mut pos = match setup(args) {
        Ok(p) => p,
        Err(e) => {
            print_error(e);
            return ExitCode::from(2);
        }
    };
    let report = perft_cmd::run(&mut pos, args.depth, args.threads, divide);
    let mut out = std::io::stdout().lock();
    let written = write!(out, "{}", perft_cmd::stockfish_text(&report))
        .and_then(|()| writeln!(out, "Time: {:.3} s", report.seconds))
        .and_then(|()| writeln!(out, "Nodes/second: {:.0}", report.nps()))
        .and_then(|()| out.flush());
    finish_output(written)
}

/// A reader that closed the pipe early (`| head`) is not an error; other write errors are.
fn finish_output(written: std::io::Result<()>) -> ExitCode {
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            print_error(format!("cannot write the output: {e}"));
            ExitCode::FAILURE
        }
    }
}

/// Checks `--lastmove`: one move, the move that led to the position, so a piece of the side
/// that just moved stands on its destination. Variant and FEN errors are left to the diagram
/// request, which reports them.
fn check_last_move(a: &SvgArgs) -> Result<(), String> {
    let Some(text) = a.lastmove.as_deref() else {
        return Ok(());
    };
    if text.contains([',', ' ']) {
        return Err(format!(
            "--lastmove takes one move, got '{text}' (draw more moves with --arrows)"
        ));
    }
    let Ok(variant) = Variant::from_name(&a.variant) else {
        return Ok(());
    };
    let pos = match &a.fen {
        Some(f) => match Position::from_fen(variant, f) {
            Ok(p) => p,
            Err(_) => return Ok(()),
        },
        None => Position::startpos(variant),
    };
    let (_, to) =
        view::svg::parse_square_pair(pos.rules(), text).map_err(|e| format!("--lastmove: {e}"))?;
    let mover = pos.side_to_move().opposite();
    match pos.piece_at(to) {
        Some(p) if p.color == mover => Ok(()),
        _ => Err(format!(
            "--lastmove {text}: no piece of the side that just moved stands on its destination; \
             it is the move that led to the position (give the FEN after it)"
        )),
    }
}

fn svg(a: &SvgArgs) -> ExitCode {
    if let Err(e) = check_last_move(a) {
        print_error(e);
        return ExitCode::from(2);
    }
    let req = view::svg::SvgRequest {
        variant: a.variant.clone(),
        fen: a.fen.clone(),
        last_move: a.lastmove.clone(),
        arrows: a.arrows.clone(),
        highlight: a.highlight.clone(),
        flip: a.flip,
        square_px: a.size,
        pieces: a.pieces,
    };
    let text = match view::svg::render_request(&req) {
        Ok(t) => t,
        Err(e) => {
            print_error(e);
            return ExitCode::from(2);
        }
    };
    write_output(a.output.as_deref(), &text)
}

/// Writes `text` to `path`, or to standard output without one.
fn write_output(path: Option<&std::path::Path>, text: &str) -> ExitCode {
    let result = match path {
        Some(p) => {
            std::fs::write(p, text).map_err(|e| format!("cannot write {}: {e}", p.display()))
        }
        None => {
            use std::io::Write as _;
            std::io::stdout()
                .write_all(text.as_bytes())
                .map_err(|e| format!("cannot write to standard output: {e}"))
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            print_error(e);
            ExitCode::FAILURE
        }
    }
}

fn match_report(args: &[String]) -> ExitCode {
    let words = std::iter::once("shuriken match report".to_string()).chain(args.iter().cloned());
    let a = match ReportArgs::try_parse_from(words) {
        Ok(a) => a,
        Err(e) => return clap_exit(&e),
    };
    let sprt = match a.sprt.as_deref().map(runner::cli::parse_sprt).transpose() {
        Ok(s) => s,
        Err(e) => {
            print_error(format!("{e:#}"));
            return ExitCode::from(2);
        }
    };
    let opts = view::report::ReportOptions {
        sprt,
        first_games: a.first_games,
        pieces: a.pieces,
        ..view::report::ReportOptions::default()
    };
    match view::report::report_with_warnings(&a.results, &opts) {
        Ok(report) => {
            for w in &report.warnings {
                eprintln!("warning: {}", runner::text::escape_controls(w, false));
            }
            let code = write_output(Some(&a.output), &report.html);
            if code == ExitCode::SUCCESS {
                println!("wrote {} ({} bytes)", a.output.display(), report.html.len());
            }
            code
        }
        Err(e) => {
            print_error(e);
            ExitCode::FAILURE
        }
    }
}

/// Prints `error: MESSAGE` on stderr with its control characters escaped (a message may echo an
/// argument).
fn print_error(message: impl std::fmt::Display) {
    eprintln!(
        "error: {}",
        runner::text::escape_controls(&message.to_string(), true)
    );
}

/// Prints a clap outcome: help and version on stdout (exit 0), errors on stderr with their
/// control characters escaped (exit 2).
fn clap_exit(e: &clap::Error) -> ExitCode {
    if !e.use_stderr() {
        let _ = e.print();
        return ExitCode::SUCCESS;
    }
    eprint!(
        "{}",
        runner::text::escape_controls(&e.render().to_string(), true)
    );
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => return clap_exit(&e),
    };
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
        }) => engine::bench::run_cli(depth, threads, hash, &mut std::io::stdout().lock()),
        Some(Command::Tune { command }) => match tuner::run(command) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                print_error(format!("{e:#}"));
                ExitCode::FAILURE
            }
        },
        Some(Command::Svg(a)) => svg(&a),
        Some(Command::Match { args }) if args.first().map(String::as_str) == Some("report") => {
            match_report(&args[1..])
        }
        Some(Command::Match { args }) => ExitCode::from(runner::cli_main(args).clamp(0, 255) as u8),
        Some(Command::Serve { bind, port }) => {
            match serve::run(&serve::ServeOptions { bind, port }) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::FAILURE
                }
            }
        }
    }
}
