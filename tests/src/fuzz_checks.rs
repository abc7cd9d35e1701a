//! Invariant checks shared by the cargo-fuzz targets in `fuzz/` and the stable replay test
//! `tests/tests/fuzz_replay.rs`.
//!
//! Every `check_*` function takes hostile input and panics (with a message naming the broken
//! invariant and the input) when the code under test misbehaves; returning normally means the
//! input was handled correctly, whether it was accepted or rejected with an error.
//!
//! Input layouts (the same bytes drive a fuzz target and a replay of its seed file):
//! - `fen`: one variant selector byte (see [`variant_from_byte`]), then the FEN text.
//! - `moves`: a variant selector byte, a start-position selector byte (see
//!   [`moves_start_fen`]), then move texts separated by whitespace. The same tail bytes, read as
//!   little-endian `u32` chunks, also become raw [`Move`] values for [`Position::is_legal`].
//! - `openings`: a variant selector byte, then the text of an opening file.
//! - `uci`: the command stream, one command per line (the driver lives with the target, as it
//!   depends on the engine crate).

use movegen::{FenError, Move, MoveError, Position, Role, Square, UciMove, Variant};
use std::borrow::Cow;
use std::fmt::Display;

/// Maps a selector byte to a variant: the readable letters `c`, `t`, `h`, `r`, `o` pick chess,
/// titan, hadean, raptor and octopus; any other byte picks `Variant::ALL[byte % 5]`.
pub fn variant_from_byte(b: u8) -> Variant {
    match b {
        b'c' => Variant::Chess,
        b't' => Variant::Titan,
        b'h' => Variant::Hadean,
        b'r' => Variant::Raptor,
        b'o' => Variant::Octopus,
        other => Variant::ALL[other as usize % Variant::ALL.len()],
    }
}

/// Splits `data` into its variant selector and the rest; `None` for empty input.
pub fn split_variant(data: &[u8]) -> Option<(Variant, &[u8])> {
    let (&first, rest) = data.split_first()?;
    Some((variant_from_byte(first), rest))
}

/// Lossy UTF-8 view of fuzz bytes (invalid sequences become U+FFFD, which parsers must reject).
pub fn text(bytes: &[u8]) -> Cow<'_, str> {
    String::from_utf8_lossy(bytes)
}

/// Built-in start positions of the `moves` target for `variant`: the start position first, then
/// positions with castling, en passant, promotion and drops within a move or two.
pub fn moves_fens(variant: Variant) -> &'static [&'static str] {
    match variant {
        Variant::Chess => &[
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "8/P6k/8/8/8/8/6Kp/8 w - - 0 1",
        ],
        Variant::Titan => &[
            "fragyqkugarf/jjjwnbbnwjjj/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/JJJWNBBNWJJJ/FRAGYQKUGARF w KQkq - 0 1",
            "1r4k3r1/pppppppppppp/12/12/12/12/12/12/12/12/PPPPPPPPPPPP/1R4K3R1 w KQkq - 0 1",
            "fragyqkugarf/jjjwnbbnwjjj/pppppppppppp/12/12/12/P11/12/12/1PPPPPPPPPPP/JJJWNBBNWJJJ/FRAGYQKUGARF b KQkq a4a5 0 1",
            "6k5/P11/12/12/12/12/5J6/12/12/12/11p/6K5 w - - 0 1",
        ],
        Variant::Hadean => &[
            "rzmehqklemsr/jjjjjbbjjjjj/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/JJJJJBBJJJJJ/RZMEHQKLEMSR w KQkq - 0 1",
            "r5k4r/pppppppppppp/12/12/12/12/12/12/12/12/PPPPPPPPPPPP/R5K4R w KQkq - 0 1",
            "6k5/P11/12/12/12/12/12/12/12/12/11p/6K5 w - - 0 1",
        ],
        Variant::Raptor => &[
            "****ff****/rnbaqkabnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBAQKABNR/****FF**** w KQkq - 0 1",
            "****2****/r4k3r/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/R4K3R/****2**** w KQkq - 0 1",
            "****2****/5k4/P9/10/10/10/10/10/10/9p/5K4/****2**** w - - 0 1",
        ],
        Variant::Octopus => &[
            "rlbcqkobhr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RLBCQKOBHR[JJJJJjjjjj] w KQkq - 0 1",
            "rlbcqkobhr/5ppppp/ppppp5/10/10/10/10/PPPPP5/5PPPPP/RLBCQKOBHR[JJjj] w KQkq - 0 1",
            "r4k3r/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/R4K3R[] w KQkq - 0 1",
            "5k4/P9/10/10/10/10/10/10/9p/5K4[Jj] w - - 0 1",
        ],
    }
}

/// The built-in position chosen by a selector byte (ASCII digits count from `'0'`).
pub fn moves_start_fen(variant: Variant, selector: u8) -> &'static str {
    let list = moves_fens(variant);
    let i = if selector.is_ascii_digit() {
        (selector - b'0') as usize
    } else {
        selector as usize
    };
    list[i % list.len()]
}

/// Parses a FEN the caller knows to be valid, panicking with the error otherwise.
fn must_parse(variant: Variant, fen: &str, what: &str) -> Position {
    match Position::from_fen(variant, fen) {
        Ok(p) => p,
        Err(e) => panic!("{variant} {what} FEN '{fen}' no longer parses: {e}"),
    }
}

/// Checks that `pos`, as written by `to_fen`, parses back to an equal position (same board,
/// hand, side, rights, en passant, clocks and hash) and writes the same text again.
pub fn check_fen_round_trip(pos: &Position, context: &str) {
    let variant = pos.variant();
    let fen = pos.to_fen();
    let again = must_parse(variant, &fen, context);
    assert!(
        again == *pos,
        "{variant} {context}: '{fen}' parses to a different position: {again:?}"
    );
    assert_eq!(
        again.to_fen(),
        fen,
        "{variant} {context}: to_fen is not stable"
    );
    assert_eq!(
        again.hash(),
        pos.hash(),
        "{variant} {context}: hash differs"
    );
}

/// Deep checks of a position that parsed (or was reached by legal moves): invariants hold, the
/// FEN round-trips, each legal move can be made (leaving a valid position whose FEN round-trips)
/// and unmade, and a perft(2) by make/unmake leaves the FEN and hash unchanged.
pub fn check_position(pos: &mut Position) {
    let variant = pos.variant();
    if let Err(e) = pos.validate() {
        panic!("{variant} position {pos:?} is invalid: {e}");
    }
    check_fen_round_trip(pos, "parsed position");
    let fen = pos.to_fen();
    let hash = pos.hash();
    let legal = pos.legal_moves();
    assert!(!legal.overflowed(), "{variant} {fen}: move list overflowed");
    let mut leaves = 0u64;
    for &m in legal.iter() {
        let text = pos.move_to_uci(m);
        match pos.parse_move(&text) {
            Ok(back) => assert_eq!(
                back, m,
                "{variant} {fen}: '{text}' parses to another move {back:?} than {m:?}"
            ),
            Err(e) => panic!("{variant} {fen}: legal move {m:?} written '{text}' is rejected: {e}"),
        }
        assert!(
            pos.is_legal(m),
            "{variant} {fen}: generated {text} is not is_legal"
        );
        pos.make_move(m);
        if let Err(e) = pos.validate() {
            panic!("{variant} {fen}: after {text}: invalid position: {e}");
        }
        check_fen_round_trip(pos, &format!("after {text} from '{fen}'"));
        leaves += pos.legal_moves().len() as u64;
        pos.unmake_move();
        assert_eq!(
            pos.to_fen(),
            fen,
            "{variant}: unmaking {text} changed the FEN"
        );
        assert_eq!(
            pos.hash(),
            hash,
            "{variant} {fen}: unmaking {text} changed the hash"
        );
    }
    let n = movegen::perft::perft(pos, 2);
    assert_eq!(
        n, leaves,
        "{variant} {fen}: perft(2) disagrees with the moves made one by one"
    );
    assert_eq!(pos.to_fen(), fen, "{variant}: perft(2) changed the FEN");
    assert_eq!(
        pos.hash(),
        hash,
        "{variant} {fen}: perft(2) changed the hash"
    );
    assert_eq!(
        pos.ply_count(),
        0,
        "{variant} {fen}: perft(2) left history behind"
    );
}

/// The `fen` check for one variant and text: when it parses, [`check_position`] must pass; when
/// it does not, the error must be consistent with the text: a field-count error only for a count
/// outside 4..=6 (an over-long FEN is `TooLong`, whatever its fields), `TooLong` only for a text
/// over the limit, and every message says it is about the FEN (and which field, where one).
pub fn check_fen(variant: Variant, fen: &str) {
    match Position::from_fen(variant, fen) {
        Ok(mut pos) => check_position(&mut pos),
        Err(FenError::FieldCount(n)) => {
            assert!(
                !(4..=6).contains(&n),
                "{variant}: field-count error with {n} fields for '{fen}'"
            );
            assert_eq!(n, fen.split_whitespace().count(), "{variant}: '{fen}'");
        }
        Err(FenError::TooLong { len, max }) => {
            assert!(
                len == fen.len() && len > max,
                "{variant}: TooLong for '{fen}'"
            );
        }
        Err(e) => assert!(
            e.to_string().starts_with("FEN"),
            "{variant}: FEN error message that does not say it is about the FEN: {e}"
        ),
    }
}

/// The `fen` target: selector byte, then FEN text.
pub fn check_fen_input(data: &[u8]) {
    if let Some((variant, rest)) = split_variant(data) {
        check_fen(variant, &text(rest));
    }
}

/// Reads `bytes` as little-endian `u32` chunks (a short tail is zero-padded).
pub fn raw_words(bytes: &[u8]) -> impl Iterator<Item = u32> + '_ {
    bytes.chunks(4).map(|c| {
        let mut w = [0u8; 4];
        w[..c.len()].copy_from_slice(c);
        u32::from_le_bytes(w)
    })
}

/// Folds an arbitrary word into the bit layout of a [`Move`] (from and to below 144, a valid
/// kind, a promotion role exactly for promotions), so most values reach the legality test.
pub fn shaped_raw(word: u32) -> u32 {
    let [a, b, c, d] = word.to_le_bytes();
    let from = a as u32 % Square::COUNT as u32;
    let to = b as u32 % Square::COUNT as u32;
    let kind = c as u32 % 5;
    let promo = if kind == 1 {
        1 + d as u32 % Role::COUNT as u32
    } else {
        0
    };
    from | to << 8 | kind << 16 | promo << 19
}

/// Feeds an arbitrary raw value, as is and folded by [`shaped_raw`], to [`Move::from_raw`] and
/// [`Position::is_legal`]; a move that is legal must be among the generated moves and be
/// makeable and unmakeable.
pub fn check_raw_move(pos: &mut Position, word: u32) {
    for raw in [word, shaped_raw(word)] {
        let Some(m) = Move::from_raw(raw) else {
            continue;
        };
        assert_eq!(m.raw(), raw, "Move::from_raw({raw:#x}) changed the bits");
        if pos.is_legal(m) {
            let fen = pos.to_fen();
            let hash = pos.hash();
            assert!(pos.legal_moves().contains(m));
            let text = pos.move_to_uci(m);
            pos.make_move(m);
            if let Err(e) = pos.validate() {
                panic!("{fen}: after raw move {raw:#x} ({text}): {e}");
            }
            pos.unmake_move();
            assert_eq!(
                pos.to_fen(),
                fen,
                "raw move {raw:#x} ({text}) did not unmake"
            );
            assert_eq!(
                pos.hash(),
                hash,
                "raw move {raw:#x} ({text}) changed the hash"
            );
        }
    }
}

/// Most move tokens the `moves` check reads from one input (more are ignored).
pub const MAX_MOVE_TOKENS: usize = 4096;

/// Most raw words the `moves` check tests with `is_legal` per input.
pub const MAX_RAW_WORDS: usize = 64;

/// A refused move text is classified in two steps: a syntax error exactly when
/// [`UciMove::parse`] rejects the text (with the same reason); otherwise the shape names a square
/// or letter the variant lacks, or it is not legal here, and then no legal move prints as it.
fn check_move_error(pos: &Position, token: &str, e: &MoveError) {
    let variant = pos.variant();
    match (UciMove::parse(token), e) {
        (Err(reason), MoveError::Syntax { reason: got, .. }) => {
            assert_eq!(&reason, got, "{variant}: '{token}'")
        }
        (Err(reason), other) => {
            panic!("{variant}: '{token}' fails its syntax ({reason}) but was refused as {other:?}")
        }
        (Ok(_), MoveError::Syntax { reason, .. }) => {
            panic!("{variant}: '{token}' is well shaped but was refused as syntax: {reason}")
        }
        (Ok(_), MoveError::Illegal(_)) => {
            let t = token.trim();
            assert!(
                !pos.legal_moves().iter().any(|m| pos.move_to_uci(*m) == t),
                "{variant} {}: '{token}' is legal but was refused",
                pos.to_fen()
            );
        }
        (Ok(_), MoveError::NotInVariant { .. }) => {}
    }
}

/// The `moves` check: from `start_fen`, each whitespace-separated token of `moves` goes through
/// `parse_move`; accepted moves must be legal, round-trip through `move_to_uci`, and be made
/// leaving a valid position. Then raw words are tried with `is_legal`, and unmaking everything
/// must restore every intermediate and the start FEN and hash.
pub fn check_moves(variant: Variant, start_fen: &str, moves: &str, raw: &[u8]) {
    let mut pos = must_parse(variant, start_fen, "built-in start");
    let start = (pos.to_fen(), pos.hash());
    let mut trail: Vec<(String, u64)> = Vec::new();
    for token in moves.split_whitespace().take(MAX_MOVE_TOKENS) {
        let before = (pos.to_fen(), pos.hash());
        let m = match pos.parse_move(token) {
            Ok(m) => m,
            Err(e) => {
                check_move_error(&pos, token, &e);
                continue;
            }
        };
        assert!(
            pos.is_legal(m),
            "{variant} {}: parse_move('{token}') returned an illegal move {m:?}",
            before.0
        );
        assert_eq!(
            pos.move_to_uci(m),
            token.trim(),
            "{variant} {}: parse_move('{token}') names another move",
            before.0
        );
        pos.make_move(m);
        if let Err(e) = pos.validate() {
            panic!(
                "{variant}: after '{token}' from '{}': invalid position: {e}",
                before.0
            );
        }
        check_fen_round_trip(&pos, &format!("after '{token}' from '{}'", before.0));
        trail.push(before);
    }
    for word in raw_words(raw).take(MAX_RAW_WORDS) {
        check_raw_move(&mut pos, word);
    }
    while let Some((fen, hash)) = trail.pop() {
        pos.unmake_move();
        assert_eq!(
            pos.to_fen(),
            fen,
            "{variant}: unmake did not restore the FEN"
        );
        assert_eq!(
            pos.hash(),
            hash,
            "{variant} {fen}: unmake did not restore the hash"
        );
    }
    assert_eq!(pos.ply_count(), 0);
    assert_eq!(
        (pos.to_fen(), pos.hash()),
        start,
        "{variant}: unmaking all moves did not restore the start"
    );
}

/// The `moves` target: variant selector, start-position selector, then move texts.
pub fn check_moves_input(data: &[u8]) {
    let Some((variant, rest)) = split_variant(data) else {
        return;
    };
    let Some((&sel, tail)) = rest.split_first() else {
        return;
    };
    check_moves(variant, moves_start_fen(variant, sel), &text(tail), tail);
}

/// The `openings` check on what `runner::openings::parse_set(variant, text, OPENINGS_ORIGIN)`
/// returned: an error must name the set; every accepted position must be a FEN of `variant` whose game is
/// not over and that round-trips through movegen. (The call itself is the caller's, so that this
/// crate does not depend on the runner.)
pub fn check_openings_result<E: Display>(variant: Variant, result: Result<Vec<String>, E>) {
    match result {
        Err(e) => {
            let message = e.to_string();
            assert!(
                message.starts_with(&format!("{OPENINGS_ORIGIN}:")),
                "an opening-set error must name the set (and the line): {message}"
            );
        }
        Ok(fens) => {
            assert!(!fens.is_empty(), "parse_set accepted an empty set");
            for fen in fens {
                let pos = must_parse(variant, &fen, "accepted opening");
                assert!(
                    pos.outcome().is_none(),
                    "{variant}: accepted opening '{fen}' is already over"
                );
                check_fen_round_trip(&pos, "accepted opening");
            }
        }
    }
}

/// The `openings` check on `runner::openings::line_to_fen(line)`: `None` only for blank and
/// comment lines, otherwise a single line without `#`.
pub fn check_opening_line(line: &str, result: Option<String>) {
    let content = line.split('#').next().unwrap_or("").trim();
    match result {
        None => assert!(content.is_empty(), "line_to_fen dropped the line '{line}'"),
        Some(fen) => {
            assert!(
                !content.is_empty(),
                "line_to_fen invented a FEN for '{line}'"
            );
            assert!(!fen.contains('#') && !fen.contains('\n'), "bad FEN '{fen}'");
        }
    }
}

/// The name the `openings` check gives the set it parses; every error must start with it.
pub const OPENINGS_ORIGIN: &str = "fuzz-input";

/// Most bytes of opening-file text the `openings` check passes on (longer input is cut).
pub const MAX_OPENINGS_BYTES: usize = 64 * 1024;

/// The `openings` target: a variant selector byte, then opening-file text (cut to
/// [`MAX_OPENINGS_BYTES`]). `parse_set` and `line_to_fen` are the runner's functions (passed in
/// so that this crate does not depend on the runner); each line goes through
/// [`check_opening_line`], the whole text through [`check_openings_result`].
pub fn check_openings_input<E: Display>(
    data: &[u8],
    parse_set: impl FnOnce(Variant, &str) -> Result<Vec<String>, E>,
    line_to_fen: impl Fn(&str) -> Option<String>,
) {
    let Some((variant, rest)) = split_variant(data) else {
        return;
    };
    let rest = &rest[..rest.len().min(MAX_OPENINGS_BYTES)];
    let body = text(rest);
    for line in body.lines() {
        check_opening_line(line, line_to_fen(line));
    }
    check_openings_result(variant, parse_set(variant, &body));
}

/// Most command lines the `uci` check sends per input.
pub const UCI_MAX_LINES: usize = 48;
/// Deepest search a fuzzed `go` may start.
pub const UCI_MAX_DEPTH: i64 = 2;
/// Most nodes a fuzzed `go` may search.
pub const UCI_MAX_NODES: i64 = 400;
/// Deepest fuzzed `go perft`.
pub const UCI_MAX_PERFT: u32 = 2;
/// Largest fuzzed `Hash` option, in MB.
pub const UCI_MAX_HASH_MB: i64 = 8;
/// Most fuzzed `Threads`.
pub const UCI_MAX_THREADS: i64 = 2;

/// Rewrites one fuzzed UCI line so that it runs in bounded time and memory and touches no file:
/// `go` gets its depth and node counts capped and `depth`/`nodes` limits appended (`infinite`
/// and `ponder` dropped), `go perft` is capped at [`UCI_MAX_PERFT`], `Hash` and `Threads` values
/// are capped, and options that read or write files (`EvalFile`, `SaveEvalFile`) are skipped
/// (`None`). Every other line is passed on unchanged.
pub fn uci_cap_line(line: &str) -> Option<String> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    match tokens.first() {
        Some(&"go") => {
            let args = &tokens[1..];
            if args.first() == Some(&"perft") {
                return Some(match args.get(1).and_then(|d| d.parse::<u32>().ok()) {
                    Some(d) => format!("go perft {}", d.min(UCI_MAX_PERFT)),
                    None => line.to_string(),
                });
            }
            let mut out = vec!["go".to_string()];
            let mut i = 0;
            while i < args.len() {
                let cap = match args[i] {
                    "infinite" | "ponder" => {
                        i += 1;
                        continue;
                    }
                    "depth" => Some(UCI_MAX_DEPTH),
                    "nodes" => Some(UCI_MAX_NODES),
                    _ => None,
                };
                out.push(args[i].to_string());
                if let (Some(cap), Some(v)) = (cap, args.get(i + 1)) {
                    out.push(match v.parse::<i64>() {
                        Ok(n) if n > cap => cap.to_string(),
                        _ => v.to_string(),
                    });
                    i += 1;
                }
                i += 1;
            }
            out.push(format!("depth {UCI_MAX_DEPTH} nodes {UCI_MAX_NODES}"));
            Some(out.join(" "))
        }
        Some(&"setoption") => {
            let value_at = tokens.iter().position(|t| *t == "value");
            let name = tokens[1.min(tokens.len())..value_at.unwrap_or(tokens.len())]
                .iter()
                .skip_while(|t| **t == "name")
                .copied()
                .collect::<Vec<_>>()
                .join(" ")
                .to_ascii_lowercase();
            if name.contains("evalfile") {
                return None;
            }
            let cap = match name.as_str() {
                "hash" => UCI_MAX_HASH_MB,
                "threads" => UCI_MAX_THREADS,
                _ => return Some(line.to_string()),
            };
            let Some(at) = value_at else {
                return Some(line.to_string());
            };
            let value = tokens[at + 1..].join(" ");
            match value.trim().parse::<i64>() {
                Ok(n) if n > cap => Some(format!("setoption name {name} value {cap}")),
                _ => Some(line.to_string()),
            }
        }
        _ => Some(line.to_string()),
    }
}

/// Checks one step of the `uci` check: `line` was handled (and any search it started has ended)
/// with `output` printed, taking the engine from position `before` to `after` (`None`: no
/// position, because the last `position` command was refused). The position must stay valid; a
/// refused `position` must leave no position behind (never the previous one); any other refused
/// command (an `info string error:` line) must leave the state unchanged; with no position, `go`
/// must answer `bestmove 0000` after an error line; a search must end with one `bestmove` naming a
/// legal move (and a legal ponder move), or `(none)` only when there is no legal move or the game
/// is over; `isready` and `uci` must be answered.
pub fn check_uci_step(
    before: Option<&Position>,
    after: Option<&Position>,
    line: &str,
    output: &[String],
) {
    let failed = output.iter().any(|l| l.starts_with("info string error"));
    let cmd = line.split_whitespace().next().unwrap_or("");
    let Some(after) = after else {
        // No position: only a refused `position` gets here, and only a valid one leaves.
        assert!(
            (cmd == "position" && failed) || before.is_none(),
            "UCI line '{line}' lost the position without refusing a position command: {output:?}"
        );
        if cmd == "go" && line.split_whitespace().nth(1) != Some("perft") && before.is_none() {
            assert!(failed, "go without a position printed no error: {output:?}");
            assert_eq!(
                output
                    .iter()
                    .filter(|l| l.starts_with("bestmove"))
                    .collect::<Vec<_>>(),
                ["bestmove 0000"],
                "go without a position must answer bestmove 0000"
            );
        }
        return;
    };
    if let Err(e) = after.validate() {
        panic!("after UCI line '{line}': invalid position {after:?}: {e}");
    }
    if failed {
        assert!(
            cmd != "position",
            "UCI line '{line}' was refused but left a position behind: {after:?}"
        );
        let before = before.expect("a refused command other than position keeps the state");
        assert!(
            after == before && after.to_fen() == before.to_fen(),
            "UCI line '{line}' failed but changed the position from {before:?} to {after:?}"
        );
        return;
    }
    match cmd {
        "isready" => assert!(
            output.iter().any(|l| l == "readyok"),
            "no readyok: {output:?}"
        ),
        "uci" => assert_eq!(output.last().map(String::as_str), Some("uciok")),
        "go" if line.split_whitespace().nth(1) != Some("perft") => {
            let best: Vec<&String> = output
                .iter()
                .filter(|l| l.starts_with("bestmove"))
                .collect();
            assert_eq!(
                best.len(),
                1,
                "UCI line '{line}' in {after:?}: expected one bestmove, output {output:?}"
            );
            let words: Vec<&str> = best[0].split_whitespace().collect();
            match words.get(1) {
                Some(&"(none)") => assert!(
                    after.legal_moves().is_empty() || after.outcome().is_some(),
                    "bestmove (none) with legal moves in {after:?}"
                ),
                Some(text) => {
                    let m = after.parse_move(text).unwrap_or_else(|e| {
                        panic!("'{line}' in {after:?}: illegal bestmove {text}: {e}")
                    });
                    if let (Some(&"ponder"), Some(p)) = (words.get(2), words.get(3)) {
                        let mut next = after.clone();
                        next.make_move(m);
                        if let Err(e) = next.parse_move(p) {
                            panic!("'{line}' in {after:?}: illegal ponder move {p}: {e}");
                        }
                    }
                }
                None => panic!("empty bestmove line after '{line}'"),
            }
        }
        _ => {}
    }
}
