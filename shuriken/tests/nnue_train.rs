//! `shuriken tune nnue train` as a user runs it: text data converted, a held-out validation
//! file, a warm start widened into output buckets, the refusal of impossible choices, and a
//! titan network trained on generated data that the engine then plays with.

use std::path::PathBuf;
use std::process::Command;

fn shuriken() -> Command {
    Command::new(env!("CARGO_BIN_EXE_shuriken"))
}

const FENS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "8/5k2/8/8/3Q4/8/5K2/8 w - - 0 1",
    "8/5k2/8/3q4/8/8/5K2/8 b - - 0 1",
];

/// A scratch folder for one test, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("shuriken-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    /// The path of `name` in the folder.
    fn path(&self, name: &str) -> String {
        self.0
            .join(name)
            .to_str()
            .expect("a UTF-8 temporary folder")
            .to_string()
    }

    /// Writes `lines` lines of text data to `name`, starting at `FENS[offset]`, and converts
    /// them with `tune nnue convert`; returns the binary file's path.
    fn file(&self, name: &str, lines: usize, offset: usize) -> String {
        let text: String = (0..lines)
            .map(|i| {
                let k = (i + offset) % FENS.len();
                let (score, result) = [(20, "0.5"), (35, "1"), (900, "1"), (-900, "0")][k];
                format!("{}|{score}|{result}\n", FENS[k])
            })
            .collect();
        let path = self.path(name);
        std::fs::write(&path, text).unwrap();
        let data = format!("{path}.data");
        let out = shuriken()
            .args([
                "tune",
                "nnue",
                "convert",
                "--variant",
                "chess",
                "--out",
                &data,
                &path,
            ])
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        data
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.0).ok();
    }
}

/// Runs `tune nnue train` with these (option, value) pairs, on one thread, in batches of 16.
fn train(options: &[(&str, &str)]) -> (bool, String) {
    let args: Vec<&str> = options
        .iter()
        .flat_map(|&(option, value)| [option, value])
        .collect();
    train_with(&args)
}

/// [`train`] with its arguments as given (for a flag without a value).
fn train_with(args: &[&str]) -> (bool, String) {
    let out = shuriken()
        .args(["tune", "nnue", "train", "--threads", "1", "--batch", "16"])
        .args(args)
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    (out.status.success(), text)
}

#[test]
fn a_validation_file_is_held_out_whole_and_a_warm_start_reports_its_loss() {
    let dir = Scratch::new("valid-data");
    let data = dir.file("train.txt", 40, 0);
    let valid = dir.file("valid.txt", 12, 1);
    let first = dir.path("first.nnue");
    let (ok, text) = train(&[
        ("--data", &data),
        ("--valid-data", &valid),
        ("--hidden", "8"),
        ("--epochs", "2"),
        ("--out", &first),
    ]);
    assert!(ok, "{text}");
    assert!(std::path::Path::new(&first).exists());

    let last_loss = text
        .lines()
        .find(|l| l.starts_with("epoch   2/2"))
        .and_then(|l| l.split("valid ").nth(1))
        .and_then(|v| v.split_whitespace().next())
        .expect("a validation loss after epoch 2")
        .to_string();

    // Widened into 8 output buckets, copies of the one, the float checkpoint starts exactly
    // where the first run ended.
    let float = format!("{first}.float");
    let second = dir.path("second.nnue");
    let (ok, text) = train(&[
        ("--data", &data),
        ("--valid-data", &valid),
        ("--resume-from", &float),
        ("--output-buckets", "8"),
        ("--epochs", "1"),
        ("--out", &second),
    ]);
    assert!(ok, "{text}");
    assert!(
        text.contains(&format!("epoch   0/1  valid {last_loss}")),
        "{last_loss}: {text}"
    );
    let bytes = std::fs::read(&second).unwrap();
    assert_eq!(&bytes[..8], b"SHKNNUE5");
    assert_eq!(&bytes[8..14], b"chess\0");
    assert_eq!(u32::from_le_bytes(bytes[44..48].try_into().unwrap()), 8);

    // Widened into 4 king buckets: it trains, the engine reads the file and evaluates with it.
    let kings = dir.path("kings.nnue");
    let (ok, text) = train(&[
        ("--data", &data),
        ("--valid-data", &valid),
        ("--resume-from", &second),
        ("--king-buckets", "4"),
        ("--epochs", "1"),
        ("--out", &kings),
    ]);
    assert!(ok, "{text}");
    let bytes = std::fs::read(&kings).unwrap();
    assert_eq!(u32::from_le_bytes(bytes[48..52].try_into().unwrap()), 4);
    let script = format!(
        "uci\nsetoption name UCI_Variant value chess\nsetoption name NnueFile value {kings}\nposition startpos moves e2e4\ngo depth 3\n"
    );
    // The search answers before `quit` arrives: the move comes from the king-bucket network.
    let said = play(&script);
    assert!(
        said.contains("bestmove") && !said.contains("error"),
        "{said}"
    );
    // Mirroring is refused with king buckets; so is a count without a layout.
    let unused = dir.path("unused.nnue");
    for (extra, why) in [
        (
            &["--mirror"][..],
            "mirroring is for networks of one king bucket",
        ),
        (
            &["--king-buckets", "3"][..],
            "--king-buckets must be one of",
        ),
    ] {
        let mut args = vec!["--data", &data, "--resume-from", &kings, "--out", &unused];
        args.extend_from_slice(extra);
        let (ok, text) = train_with(&args);
        assert!(!ok && text.contains(why), "{text}");
    }

    // An 8-bucket network does not narrow or re-widen.
    let (ok, text) = train(&[
        ("--data", &data),
        ("--resume-from", &second),
        ("--output-buckets", "4"),
        ("--out", &dir.path("third.nnue")),
    ]);
    assert!(!ok);
    assert!(text.contains("only a one-bucket network widens"), "{text}");

    // Widened from 8 to 12 hidden neurons, the new ones silent, the network starts where the
    // first run ended too.
    let wide = dir.path("wide.nnue");
    let (ok, text) = train(&[
        ("--data", &data),
        ("--valid-data", &valid),
        ("--resume-from", &float),
        ("--hidden", "12"),
        ("--epochs", "1"),
        ("--out", &wide),
    ]);
    assert!(ok, "{text}");
    assert!(
        text.contains(&format!("epoch   0/1  valid {last_loss}")),
        "{last_loss}: {text}"
    );
    let bytes = std::fs::read(&wide).unwrap();
    assert_eq!(u32::from_le_bytes(bytes[40..44].try_into().unwrap()), 12);

    // It never narrows.
    let (ok, text) = train(&[
        ("--data", &data),
        ("--resume-from", &float),
        ("--hidden", "4"),
        ("--out", &dir.path("narrow.nnue")),
    ]);
    assert!(!ok);
    assert!(text.contains("never narrows"), "{text}");
}

#[test]
fn a_split_and_a_validation_file_at_once_are_refused() {
    let dir = Scratch::new("valid-conflict");
    let data = dir.file("train.txt", 8, 0);
    let (ok, text) = train(&[
        ("--data", &data),
        ("--valid-data", &data),
        ("--validation", "0.1"),
        ("--out", &dir.path("x.nnue")),
    ]);
    assert!(!ok);
    assert!(text.contains("cannot be used with"), "{text}");
}

/// The engine's answer to `script` (up to its `bestmove`).
fn play(script: &str) -> String {
    use std::io::{BufRead, Write};
    let mut engine = shuriken()
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = engine.stdin.take().unwrap();
    stdin.write_all(script.as_bytes()).unwrap();
    let mut said = String::new();
    for line in std::io::BufReader::new(engine.stdout.take().unwrap()).lines() {
        let line = line.unwrap();
        said.push_str(&line);
        said.push('\n');
        if line.starts_with("bestmove") {
            break;
        }
    }
    stdin.write_all(b"quit\n").unwrap();
    assert!(engine.wait().unwrap().success());
    said
}

/// Titan searches with the network file `net` without an error.
fn assert_titan_plays_with(net: &str) {
    let titan = play(&format!(
        "uci\nsetoption name NnueFile value {net}\nposition startpos\ngo depth 2\n"
    ));
    assert!(
        titan.contains("bestmove") && !titan.contains("error"),
        "{titan}"
    );
}

#[test]
fn a_titan_network_trains_on_generated_data_and_plays_titan_only() {
    let dir = Scratch::new("titan-net");
    let data = dir.path("titan.data");
    // 900 positions make about seven games, so the by-game split is very likely to put games on
    // both sides (300 made two, both held out, with round 10's titan network).
    let positions = "900";
    let out = shuriken()
        .args(["tune", "nnue", "gen", "--variant", "titan", "--nodes", "60"])
        .args(["--positions", positions, "--seed", "3", "--out", &data])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let net = dir.path("titan.nnue");
    let (ok, text) = train(&[
        ("--data", &data),
        ("--hidden", "8"),
        ("--output-buckets", "2"),
        ("--epochs", "2"),
        ("--validation", "0.2"),
        ("--out", &net),
    ]);
    assert!(ok, "{text}");
    assert!(text.contains("logistic scale fitted"), "{text}");
    // With --keep-best the files are written exactly after the epochs that lower the held-out
    // loss.
    let best = dir.path("best.nnue");
    let (ok, text) = train_with(&[
        "--data",
        &data,
        "--hidden",
        "8",
        "--epochs",
        "6",
        "--lr",
        "0.05",
        "--validation",
        "0.2",
        "--out",
        &best,
        "--keep-best",
    ]);
    assert!(ok, "{text}");
    let mut lowest = f64::INFINITY;
    let lines: Vec<&str> = text.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        let Some(v) = line.split("valid ").nth(1) else {
            continue;
        };
        if !line.starts_with("epoch") {
            continue;
        }
        let loss: f64 = v.split_whitespace().next().unwrap().parse().unwrap();
        let written = lines[i + 1].contains("loss lowered");
        assert_eq!(written, loss < lowest, "{text}");
        lowest = lowest.min(loss);
    }
    assert!(text.contains("written"), "{text}");
    assert!(
        text.contains(&format!("titan: {positions} positions")),
        "{text}"
    );
    let bytes = std::fs::read(&net).unwrap();
    assert_eq!(&bytes[8..14], b"titan\0");
    // Titan plays with it; chess refuses it and names both games.
    assert_titan_plays_with(&net);
    let chess = play(&format!(
        "uci\nsetoption name UCI_Variant value chess\nsetoption name NnueFile value {net}\nposition startpos\ngo depth 1\n"
    ));
    assert!(chess.contains("for titan, not for chess"), "{chess}");
    // A network over the tables: the run reports the tables' own loss, and titan plays with
    // tables plus network.
    let over = dir.path("over.nnue");
    let (ok, text) = train(&[
        ("--data", &data),
        ("--hidden", "8"),
        ("--epochs", "1"),
        ("--validation", "0.2"),
        ("--base", "tables"),
        ("--out", &over),
    ]);
    assert!(ok, "{text}");
    assert!(text.contains("base tables"), "{text}");
    assert!(
        text.contains("the tables alone on the held-out positions"),
        "{text}"
    );
    assert_titan_plays_with(&over);
    // Its base stays when it is resumed, and a checkpoint over other tables is refused.
    let float = format!("{over}.float");
    let (ok, text) = train(&[
        ("--data", &data),
        ("--resume-from", &float),
        ("--base", "none"),
        ("--out", &dir.path("again.nnue")),
    ]);
    assert!(
        !ok && text.contains("which a resumed network keeps"),
        "{text}"
    );
    let mut bytes = std::fs::read(&float).unwrap();
    bytes[44] ^= 1; // the tables' fingerprint
    let stale = dir.path("stale.nnue.float");
    std::fs::write(&stale, bytes).unwrap();
    let (ok, text) = train(&[
        ("--data", &data),
        ("--resume-from", &stale),
        ("--out", &dir.path("again.nnue")),
    ]);
    assert!(
        !ok && text.contains("train a new network over the current tables"),
        "{text}"
    );
    // Chess data cannot extend a titan network.
    let chess_data = dir.file("chess.txt", 8, 0);
    let (ok, text) = train(&[
        ("--data", &chess_data),
        ("--resume-from", &net),
        ("--out", &dir.path("mixed.nnue")),
    ]);
    assert!(
        !ok && text.contains("is a titan network, the data is chess's"),
        "{text}"
    );
}
