//! The `shuriken` command-line binary: UCI engine (default), perft, divide, bench, match, match
//! report, board diagrams (svg) and tuning.

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

#[derive(clap::Args, Clone)]
struct SvgArgs {
    /// Variant: titan, hadean, raptor, octopus or chess.
    #[arg(long, default_value = "titan")]
    variant: String,
    /// Position (FEN of the variant); the start position when omitted.
    #[arg(long)]
    fen: Option<String>,
    /// Tint the last move's squares: `e2e4` (a UCI move text also works).
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
    /// Output file (default: standard output).
    #[arg(short, long)]
    output: Option<std::path::PathBuf>,
}

/// `shuriken match report`: the HTML match report of a results file.
#[derive(Parser)]
#[command(name = "shuriken match report")]
struct ReportArgs {
    /// Results file (JSON lines) written by `shuriken match`.
    results: std::path::PathBuf,
    /// Output HTML file.
    #[arg(short, long, default_value = "report.html")]
    output: std::path::PathBuf,
    /// SPRT: `elo0 elo1 [alpha beta [model]]` or elo0= elo1= alpha= beta= model= (default: nElo 0 5).
    #[arg(long, num_args = 1..)]
    sprt: Option<Vec<String>>,
    /// Games embedded in the viewer from the start of the file.
    #[arg(long, default_value_t = 200)]
    first_games: usize,
}

#[derive(Subcommand)]
enum Command {
    /// Speak UCI on stdin/stdout (the default without a subcommand).
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
    /// A board diagram as SVG (written to stdout, or to `-o FILE`).
    Svg(SvgArgs),
    /// Engine-vs-engine matches (see `shuriken match --help`); `match report RESULTS.jsonl
    /// [-o report.html]` writes the HTML match report.
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

fn svg(a: &SvgArgs) -> ExitCode {
    let req = view::svg::SvgRequest {
        variant: a.variant.clone(),
        fen: a.fen.clone(),
        last_move: a.lastmove.clone(),
        arrows: a.arrows.clone(),
        highlight: a.highlight.clone(),
        flip: a.flip,
        square_px: a.size,
    };
    let text = match view::svg::render_request(&req) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {e}");
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
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn match_report(args: &[String]) -> ExitCode {
    let words = std::iter::once("shuriken match report".to_string()).chain(args.iter().cloned());
    let a = match ReportArgs::try_parse_from(words) {
        Ok(a) => a,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(2);
        }
    };
    let sprt = match a.sprt.as_deref().map(runner::cli::parse_sprt).transpose() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e:#}");
            return ExitCode::from(2);
        }
    };
    let opts = view::report::ReportOptions {
        sprt,
        first_games: a.first_games,
        ..view::report::ReportOptions::default()
    };
    match view::report::report_from_file(&a.results, &opts) {
        Ok(html) => {
            let code = write_output(Some(&a.output), &html);
            if code == ExitCode::SUCCESS {
                println!("wrote {} ({} bytes)", a.output.display(), html.len());
            }
            code
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        None | Some(Command::Uci) => engine::uci::run_stdio(),
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
        Some(Command::Svg(a)) => svg(&a),
        Some(Command::Match { args }) if args.first().map(String::as_str) == Some("report") => {
            match_report(&args[1..])
        }
        Some(Command::Match { args }) => ExitCode::from(runner::cli_main(args).clamp(0, 255) as u8),
    }
}
