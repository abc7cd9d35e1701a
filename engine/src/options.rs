//! UCI options: declarations, parsing and range checks.
//!
//! `UCI_Variant` defaults to `titan`, the project's main game (a GUI or the match runner sets it
//! before each game). Besides the usual options, every evaluation weight and search tunable is a
//! `spin` option under its table name, so external tuners can set them; the placement tables are
//! settable by name but not listed by `uci` (see [`weights::Slot::is_listed_option`]). Each game
//! has its own weights ([`weights::table`]): `uci` lists those of titan, the default game, with
//! the values titan plays (its shipped set), and `d` prints the current game's.
//! `EvalFile` loads a weights file (`name = value` lines); `SaveEvalFile` writes the current
//! weights to a file. A game with a network ([`crate::nnue`]) is evaluated by it while `UseNNUE`
//! is true: its built-in one, or the file `NnueFile` names (`<builtin>` or empty: the built-in
//! one). A network file names its game and is refused for another: `NnueFile` applies to the
//! current `UCI_Variant`, and each game keeps the network loaded for it. With `UseNNUE` false, or
//! for a game without a network, the game's weights evaluate.
//!
//! Each variant plays with its own shipped weights ([`Weights::for_variant`]); weights changed
//! by `EvalFile` or by name stay changed when `UCI_Variant` switches (they are replayed, in order,
//! over the new variant's set; those the new game lacks are skipped). A weight of another game
//! than the current one is accepted and kept for when that game is chosen, so the order of
//! `setoption` lines does not matter.

use crate::eval::weights::{self, Weights};
use crate::eval::Evaluator;
use crate::nnue::{self, Network};
use crate::search::SearchParams;
use crate::uci_error::OptionError;
use movegen::Variant;
use std::sync::Arc;

/// Default hash size in megabytes.
pub const DEFAULT_HASH_MB: usize = 16;
/// Largest hash size in megabytes.
pub const MAX_HASH_MB: usize = 65_536;
/// Most search threads.
pub const MAX_THREADS: usize = 256;
/// Default move overhead in milliseconds.
pub const DEFAULT_MOVE_OVERHEAD: i64 = 30;

/// Whether a game with a network is evaluated by it unless told otherwise.
pub const USE_NNUE_DEFAULT: bool = true;

/// Every option value of the engine.
#[derive(Clone, Debug)]
pub struct EngineOptions {
    /// The game being played.
    pub variant: Variant,
    /// Transposition table size, MB.
    pub hash_mb: usize,
    /// Search threads.
    pub threads: usize,
    /// Milliseconds kept back per move.
    pub move_overhead: i64,
    /// Lines reported.
    pub multipv: usize,
    /// GUI may ask for pondering (informational).
    pub ponder: bool,
    /// Evaluation weights: the variant's shipped set with `edits` applied in order.
    pub weights: Weights,
    /// Search tunables.
    pub search: SearchParams,
    /// The networks `NnueFile` loaded, by game ([`Variant::index`]); a game without one uses
    /// its built-in network, if it has one.
    pub loaded_networks: [Option<Arc<Network>>; 5],
    /// Whether a network evaluates the games that have one (`UseNNUE`); else the weights do.
    pub use_network: bool,
    /// Weight changes asked for by `EvalFile` and by single weight options, replayed over the
    /// new variant's shipped set when `UCI_Variant` changes.
    edits: Vec<WeightEdit>,
}

/// One change to the evaluation weights.
#[derive(Clone, Debug)]
enum WeightEdit {
    /// A weights file's text (`name = value` lines), already checked.
    File(String),
    /// One weight set by name, already range-checked.
    One(String, i64),
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            variant: Variant::DEFAULT,
            hash_mb: DEFAULT_HASH_MB,
            threads: 1,
            move_overhead: DEFAULT_MOVE_OVERHEAD,
            multipv: 1,
            ponder: false,
            weights: Weights::for_variant(Variant::DEFAULT),
            search: SearchParams::default(),
            loaded_networks: Default::default(),
            use_network: USE_NNUE_DEFAULT,
            edits: Vec::new(),
        }
    }
}

/// What an option change asks of the engine ([`crate::core::Engine::set_option`] does the
/// table and evaluation work) and of its caller (a new start position after `Variant`, the text
/// of `Message`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// Nothing beyond storing the value.
    None,
    /// The variant changed: reset the position, rebuild evaluation tables, clear the hash.
    Variant,
    /// Resize the hash table.
    Hash,
    /// Clear the hash table.
    ClearHash,
    /// Evaluation weights changed: rebuild evaluation tables.
    Weights,
    /// Report this message (`info string`), e.g. after saving weights.
    Message(String),
}

fn parse_int(name: &str, value: &str, min: i64, max: i64) -> Result<i64, OptionError> {
    let v: i64 = value
        .trim()
        .parse()
        .map_err(|_| OptionError::NotAnInteger {
            name: name.to_string(),
            value: short(value),
        })?;
    if v < min || v > max {
        return Err(OptionError::OutOfRange {
            name: name.to_string(),
            value: v,
            min,
            max,
        });
    }
    Ok(v)
}

fn parse_bool(name: &str, value: &str) -> Result<bool, OptionError> {
    match value.to_ascii_lowercase().as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(OptionError::NotABool {
            name: name.into(),
            value: short(value),
        }),
    }
}

fn short(s: &str) -> String {
    crate::uci_error::printable(s)
}

impl EngineOptions {
    /// The default options for playing `variant`, with its shipped weights.
    pub fn for_variant(variant: Variant) -> EngineOptions {
        EngineOptions {
            variant,
            weights: Weights::for_variant(variant),
            ..EngineOptions::default()
        }
    }

    /// The network the current game is evaluated with: the one `NnueFile` loaded for it, else
    /// its built-in one; `None` when `UseNNUE` is false or the game has no network.
    pub fn network(&self) -> Option<Arc<Network>> {
        if !self.use_network {
            return None;
        }
        self.loaded_networks[self.variant.index()]
            .clone()
            .or_else(|| nnue::builtin::network(self.variant))
    }

    /// The evaluation these options ask for: the variant's tables from the weights, with the
    /// game's network evaluating instead when it has one and `UseNNUE` is on.
    pub fn evaluator(&self) -> Evaluator {
        Evaluator::new(&self.weights).with_network(self.network())
    }

    /// The `option ...` lines answered to `uci`: the weights of the default game (titan), with
    /// the values it plays.
    pub fn declarations() -> Vec<String> {
        EngineOptions::declarations_for(Variant::DEFAULT)
    }

    /// The `option ...` lines with the weights of `variant`'s game, with the values it plays.
    pub fn declarations_for(variant: Variant) -> Vec<String> {
        let vars: Vec<String> = Variant::ALL
            .iter()
            .map(|v| format!("var {}", v.name()))
            .collect();
        let mut d = vec![
            format!(
                "option name UCI_Variant type combo default {} {}",
                Variant::DEFAULT_NAME,
                vars.join(" ")
            ),
            format!("option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"),
            format!("option name Threads type spin default 1 min 1 max {MAX_THREADS}"),
            format!(
                "option name Move Overhead type spin default {DEFAULT_MOVE_OVERHEAD} min 0 max 5000"
            ),
            "option name MultiPV type spin default 1 min 1 max 256".to_string(),
            "option name Ponder type check default false".to_string(),
            "option name Clear Hash type button".to_string(),
            "option name EvalFile type string default <empty>".to_string(),
            "option name SaveEvalFile type string default <empty>".to_string(),
            format!("option name UseNNUE type check default {USE_NNUE_DEFAULT}"),
            "option name NnueFile type string default <builtin>".to_string(),
        ];
        for &(name, default, min, max) in SearchParams::SCALARS {
            d.push(format!(
                "option name {name} type spin default {default} min {min} max {max}"
            ));
        }
        let played = Weights::for_variant(variant);
        for (spec, slot) in played.table().iter().filter(|(_, s)| s.is_listed_option()) {
            d.push(format!(
                "option name {} type spin default {} min {} max {}",
                spec.name,
                played.get(*slot),
                spec.min,
                spec.max
            ));
        }
        d
    }

    /// The weights the current game evaluates with, for `d`: a heading and `name = value`
    /// lines of the listed weights (the placement and passed-pawn tables left out), several
    /// to a line.
    pub fn weights_listing(&self) -> Vec<String> {
        let w = &self.weights;
        let mut lines = vec![format!(
            "Evaluation weights of {} ({}):",
            self.variant.name(),
            if self.network().is_some() {
                "a network evaluates; the tables stand by"
            } else {
                "the tables evaluate"
            }
        )];
        let items: Vec<String> = w
            .table()
            .iter()
            .filter(|(_, s)| s.is_listed_option())
            .map(|(spec, slot)| format!("{}={}", spec.name, w.get(*slot)))
            .collect();
        lines.extend(items.chunks(8).map(|c| format!("  {}", c.join(" "))));
        lines
    }

    /// Sets an option; on error nothing changes.
    pub fn set(&mut self, name: &str, value: &str) -> Result<Change, OptionError> {
        let key = name.trim().to_ascii_lowercase();
        let value = value.trim();
        match key.as_str() {
            "uci_variant" => {
                let v = Variant::from_name(value)?;
                self.variant = v;
                self.weights = self.edits.iter().fold(Weights::for_variant(v), |w, e| {
                    // Every edit was checked when it was made, against the same table.
                    match e {
                        WeightEdit::File(text) => w.parse_text(text).unwrap_or(w),
                        WeightEdit::One(name, value) => {
                            // A weight the new game lacks is skipped.
                            let mut w = w;
                            let _ = w.set(name, *value);
                            w
                        }
                    }
                });
                Ok(Change::Variant)
            }
            "hash" => {
                self.hash_mb = parse_int("Hash", value, 1, MAX_HASH_MB as i64)? as usize;
                Ok(Change::Hash)
            }
            "threads" => {
                self.threads = parse_int("Threads", value, 1, MAX_THREADS as i64)? as usize;
                Ok(Change::None)
            }
            "move overhead" => {
                self.move_overhead = parse_int("Move Overhead", value, 0, 5000)?;
                Ok(Change::None)
            }
            "multipv" => {
                self.multipv = parse_int("MultiPV", value, 1, 256)? as usize;
                Ok(Change::None)
            }
            "ponder" => {
                self.ponder = parse_bool("Ponder", value)?;
                Ok(Change::None)
            }
            "clear hash" => Ok(Change::ClearHash),
            "evalfile" => {
                if value.is_empty() || value == "<empty>" {
                    return Ok(Change::None);
                }
                let text = weights::read_file(value)?;
                self.weights = self.weights.parse_text(&text)?;
                self.edits.push(WeightEdit::File(text));
                Ok(Change::Weights)
            }
            "usennue" => {
                self.use_network = parse_bool("UseNNUE", value)?;
                Ok(Change::Weights)
            }
            "nnuefile" => {
                let game = self.variant.index();
                if value.is_empty() || value == "<empty>" || value == "<builtin>" {
                    self.loaded_networks[game] = None;
                    return Ok(Change::Weights);
                }
                let failed = |reason: String| OptionError::Network {
                    path: short(value),
                    reason,
                };
                let bytes = std::fs::read(value).map_err(|e| failed(e.to_string()))?;
                let net = Network::from_bytes_for(&bytes, self.variant)
                    .map_err(|e| failed(e.to_string()))?;
                self.loaded_networks[game] = Some(Arc::new(net));
                Ok(Change::Weights)
            }
            "saveevalfile" => {
                if value.is_empty() || value == "<empty>" {
                    return Ok(Change::None);
                }
                self.weights.save(value)?;
                Ok(Change::Message(format!(
                    "weights saved to {}",
                    short(value)
                )))
            }
            _ => {
                if let Some(i) = SearchParams::SCALARS
                    .iter()
                    .position(|s| s.0.eq_ignore_ascii_case(&key))
                {
                    let (n, _, min, max) = SearchParams::SCALARS[i];
                    let v = parse_int(n, value, min as i64, max as i64)? as i32;
                    if let Some(slot) = self.search.scalar_slots_mut().into_iter().nth(i) {
                        *slot = v;
                    }
                    return Ok(Change::None);
                }
                if let Some(spec) = weights::find_in_any_game(&key) {
                    let v = parse_int(&spec.name, value, spec.min as i64, spec.max as i64)?;
                    if self.weights.find(&key).is_none() {
                        // Another game's weight: kept for when that game is chosen.
                        self.edits.push(WeightEdit::One(key, v));
                        return Ok(Change::None);
                    }
                    self.weights.set(&key, v)?;
                    self.edits.push(WeightEdit::One(key, v));
                    return Ok(Change::Weights);
                }
                Err(OptionError::Unknown(short(name)))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_set_and_reject() {
        let mut o = EngineOptions::default();
        assert_eq!(o.set("UCI_Variant", "raptor"), Ok(Change::Variant));
        assert_eq!(o.variant, Variant::Raptor);
        assert!(matches!(
            o.set("UCI_Variant", "shogi"),
            Err(OptionError::Variant(_))
        ));
        assert_eq!(o.variant, Variant::Raptor);
        assert_eq!(
            o.set("Hash", "0"),
            Err(OptionError::OutOfRange {
                name: "Hash".into(),
                value: 0,
                min: 1,
                max: MAX_HASH_MB as i64
            })
        );
        assert_eq!(
            o.set("Hash", "abc"),
            Err(OptionError::NotAnInteger {
                name: "Hash".into(),
                value: "abc".into()
            })
        );
        assert_eq!(o.set("hash", "32"), Ok(Change::Hash));
        assert_eq!(o.set("LmrDiv", "300"), Ok(Change::None));
        assert_eq!(o.search.lmr_div, 300);
        assert!(o.set("LmrDiv", "1").is_err());
        assert_eq!(o.set("MatRaptorQueen", "1300"), Ok(Change::Weights));
        assert_eq!(o.weights.material[movegen::Role::Queen.index()], 1300);
        assert_eq!(
            o.set("NoSuchOption", "1"),
            Err(OptionError::Unknown("NoSuchOption".into()))
        );
        let decl = EngineOptions::declarations_for(Variant::Octopus);
        assert!(decl
            .iter()
            .any(|l| l.starts_with("option name MatOctopusOctopus type spin")));
    }

    #[test]
    fn the_listing_shows_the_current_games_weights() {
        let mut o = EngineOptions::default();
        let titan = o.weights_listing().join("\n");
        assert!(titan.contains("of titan"), "{titan}");
        assert!(titan.contains("MatTitanQueen=1611"), "{titan}");
        o.set("UCI_Variant", "raptor").unwrap();
        let raptor = o.weights_listing().join("\n");
        assert!(raptor.contains("MatRaptorQueen=1602"), "{raptor}");
        assert!(!raptor.contains("MatTitan"), "{raptor}");
    }

    #[test]
    fn uci_lists_the_weights_titan_plays() {
        let decl = EngineOptions::declarations();
        let played = Weights::for_variant(Variant::Titan);
        // The shipped titan set has a queen of 1611 and a tempo of 27, not the built-in 1200
        // and 12.
        assert_eq!(played.material[movegen::Role::Queen.index()], 1611);
        assert!(decl
            .iter()
            .any(|l| l.starts_with("option name MatTitanQueen type spin default 1611 ")));
        assert!(decl
            .iter()
            .any(|l| l.starts_with("option name Tempo type spin default 27 ")));
        // No other game's weights.
        assert!(!decl.iter().any(|l| l.contains("MatChess")));
    }

    #[test]
    fn weight_changes_survive_a_variant_switch() {
        let mut o = EngineOptions::default();
        assert_eq!(o.weights, Weights::for_variant(Variant::DEFAULT));
        // A chess weight while titan is chosen: kept for chess, titan's weights unchanged.
        assert_eq!(o.set("MatChessQueen", "990"), Ok(Change::None));
        assert_eq!(o.weights, Weights::for_variant(Variant::DEFAULT));
        assert!(o.set("MatChessQueen", "99999").is_err());
        assert_eq!(o.set("Tempo", "40"), Ok(Change::Weights));
        assert_eq!(o.set("UCI_Variant", "chess"), Ok(Change::Variant));
        let mut expected = Weights::for_variant(Variant::Chess);
        expected.set("MatChessQueen", 990).unwrap();
        expected.set("Tempo", 40).unwrap();
        assert_eq!(o.weights, expected);
        assert_eq!(o.set("UCI_Variant", "raptor"), Ok(Change::Variant));
        let mut expected = Weights::for_variant(Variant::Raptor);
        expected.set("Tempo", 40).unwrap();
        assert_eq!(o.weights, expected);
    }
}
