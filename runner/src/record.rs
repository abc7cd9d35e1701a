//! What is recorded about a finished game: result, termination, moves with engine comments.
//! One `GameRecord` is one JSON line of the results file.

use crate::uci::Score;
use serde::{Deserialize, Serialize};

/// Result of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameResult {
    /// White won.
    #[serde(rename = "1-0")]
    WhiteWins,
    /// Black won.
    #[serde(rename = "0-1")]
    BlackWins,
    /// Draw.
    #[serde(rename = "1/2-1/2")]
    Draw,
}

impl GameResult {
    /// PGN text.
    pub fn pgn(&self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }

    /// The result where `white` (true) or black loses.
    pub fn loss_for(white: bool) -> GameResult {
        if white {
            GameResult::BlackWins
        } else {
            GameResult::WhiteWins
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Termination {
    /// Checkmate on the board.
    Checkmate,
    /// Stalemate on the board.
    Stalemate,
    /// Threefold repetition.
    Repetition,
    /// 100 plies without progress.
    FiftyMoves,
    /// Only kings left.
    BareKings,
    /// Draw adjudication.
    AdjudicatedDraw,
    /// Resign adjudication.
    AdjudicatedResign,
    /// Maximum game length reached.
    MaxMoves,
    /// An engine played an illegal or unreadable move.
    IllegalMove,
    /// An engine process exited (or could not be started).
    Crash,
    /// An engine did not answer in time (`readyok` or `bestmove`).
    Stall,
    /// An engine used more than its time plus the margin.
    TimeForfeit,
}

impl Termination {
    /// The standard PGN `Termination` value: `normal` (decided on the board), `adjudication`,
    /// `rules infraction` (an illegal or unreadable move), `time forfeit`, or `abandoned` (the
    /// engine crashed or stopped answering). The precise reason is [`Termination::pgn`].
    pub fn pgn_standard(&self) -> &'static str {
        match self {
            Termination::Checkmate
            | Termination::Stalemate
            | Termination::Repetition
            | Termination::FiftyMoves
            | Termination::BareKings => "normal",
            Termination::AdjudicatedDraw
            | Termination::AdjudicatedResign
            | Termination::MaxMoves => "adjudication",
            Termination::IllegalMove => "rules infraction",
            Termination::TimeForfeit => "time forfeit",
            Termination::Crash | Termination::Stall => "abandoned",
        }
    }

    /// The precise reason, as the PGN `TerminationDetails` tag and the statistics show it.
    pub fn pgn(&self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::Repetition => "threefold repetition",
            Termination::FiftyMoves => "100-ply rule",
            Termination::BareKings => "bare kings",
            Termination::AdjudicatedDraw => "adjudication draw",
            Termination::AdjudicatedResign => "adjudication resign",
            Termination::MaxMoves => "max moves",
            Termination::IllegalMove => "illegal move",
            Termination::Crash => "crash",
            Termination::Stall => "stall",
            Termination::TimeForfeit => "time forfeit",
        }
    }
}

/// One move played, with what the engine said about it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlyRecord {
    /// Move in the project's coordinate notation.
    #[serde(rename = "m")]
    pub mv: String,
    /// Engine's score, from the mover's point of view.
    #[serde(rename = "s", default, skip_serializing_if = "Option::is_none")]
    pub score: Option<Score>,
    /// Search depth.
    #[serde(rename = "d", default, skip_serializing_if = "Option::is_none")]
    pub depth: Option<u32>,
    /// Thinking time in milliseconds.
    #[serde(rename = "t")]
    pub time_ms: u64,
    /// Nodes searched.
    #[serde(rename = "n", default, skip_serializing_if = "Option::is_none")]
    pub nodes: Option<u64>,
}

/// A finished game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// Global pair index.
    pub pair: u64,
    /// Game of the pair: 0 or 1 (colours swapped).
    pub game: u8,
    /// Round (opening number) of the pair.
    pub round: u64,
    /// Index of the engine pairing; its first engine is the reference for statistics.
    pub pairing: usize,
    /// Engine indices of the pairing `[first, second]`.
    pub pairing_engines: [usize; 2],
    /// Index of the opening in the opening set.
    pub opening: usize,
    /// Variant name.
    pub variant: String,
    /// White's engine name.
    pub white: String,
    /// Black's engine name.
    pub black: String,
    /// White's engine index.
    pub white_engine: usize,
    /// Black's engine index.
    pub black_engine: usize,
    /// Start position.
    pub fen: String,
    /// Result.
    pub result: GameResult,
    /// Termination.
    pub termination: Termination,
    /// Detail of the termination (e.g. the illegal move).
    pub reason: String,
    /// Time controls (PGN text) of white and black.
    pub time_control: [String; 2],
    /// Moves.
    pub moves: Vec<PlyRecord>,
    /// `isready` latency in milliseconds of white and black at the start of the game.
    pub latency_ms: [Option<f64>; 2],
    /// Wall time of the game in milliseconds.
    pub duration_ms: u64,
    /// The day the game was played, as PGN writes it (`YYYY.MM.DD`, UTC); `None` in results
    /// files written before the date was recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
}

/// Today's date (UTC) in the PGN form `YYYY.MM.DD`.
pub fn pgn_date_today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    pgn_date_of_unix_day((secs / 86_400) as i64)
}

/// The PGN date (`YYYY.MM.DD`) of a day counted from 1970-01-01 (the proleptic Gregorian
/// calendar, by the era arithmetic of "days from civil").
pub fn pgn_date_of_unix_day(day: i64) -> String {
    let z = day + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}.{m:02}.{d:02}")
}

impl GameRecord {
    /// Half points (0, 1, 2) the pairing's first engine scored.
    pub fn first_half_points(&self) -> u8 {
        let white_is_first = self.white_engine == self.pairing_engines[0];
        match (self.result, white_is_first) {
            (GameResult::Draw, _) => 1,
            (GameResult::WhiteWins, true) | (GameResult::BlackWins, false) => 2,
            _ => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_of_known_days() {
        // 1970-01-01 is day 0; 2000-03-01 follows a leap day; 2024-12-31 is day 20088.
        assert_eq!(pgn_date_of_unix_day(0), "1970.01.01");
        assert_eq!(pgn_date_of_unix_day(11_016), "2000.02.29");
        assert_eq!(pgn_date_of_unix_day(11_017), "2000.03.01");
        assert_eq!(pgn_date_of_unix_day(20_088), "2024.12.31");
        assert_eq!(pgn_date_of_unix_day(-1), "1969.12.31");
    }

    #[test]
    fn every_termination_has_a_standard_pgn_value() {
        let standard = [
            "normal",
            "time forfeit",
            "rules infraction",
            "adjudication",
            "abandoned",
            "unterminated",
        ];
        for t in [
            Termination::Checkmate,
            Termination::Stalemate,
            Termination::Repetition,
            Termination::FiftyMoves,
            Termination::BareKings,
            Termination::AdjudicatedDraw,
            Termination::AdjudicatedResign,
            Termination::MaxMoves,
            Termination::IllegalMove,
            Termination::Crash,
            Termination::Stall,
            Termination::TimeForfeit,
        ] {
            assert!(standard.contains(&t.pgn_standard()), "{t:?}");
        }
    }
}
