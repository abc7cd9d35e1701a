//! Parameter tuning: SPSA over the engine's UCI `spin` options, Texel tuning of the evaluation
//! weights, and training of the NNUE network.
//!
//! # SPSA (`shuriken tune spsa --config F [--out DIR] [--resume]`)
//! Plays game pairs of `θ + c_k Δ` against `θ − c_k Δ` (two instances of this binary, or
//! `--engine`, with different `setoption` values) through the match runner and moves `θ` with
//! the fishtest schedule ([`spsa`]). The configuration format is documented in
//! [`spsa_config`]. After every step the state is written to `DIR/checkpoint.json`
//! (`--resume` continues it exactly), together with `history.csv`, `history.svg`,
//! `final.uci` (`setoption` lines) and `final.weights` (the evaluation weights among the tuned
//! options, loadable with `setoption name EvalFile value DIR/final.weights`).
//!
//! # Texel
//! - `shuriken tune texel gen --variant V --games N --limits nodes=500 --out F` plays self-play
//!   games from random openings and keeps quiet positions labelled with the game result
//!   ([`data`]).
//! - `shuriken tune texel convert --input games.jsonl|games.pgn --out F` does the same for game
//!   files the runner wrote.
//! - `shuriken tune texel label --data F --depth 6 --blend 0.5 --out G` searches every position
//!   to a fixed depth and blends the game result with the result the score predicts, at a
//!   scale fitted to the data ([`label`]). With `--engine PATH` (and `--engine-option
//!   NAME=VALUE`), an outside UCI engine scores the positions instead, one process per core.
//! - `shuriken tune texel fit --data F --out tuned.weights` fits `K`, then the weights, with
//!   Adam on the exact gradient from the evaluation trace ([`texel`]); it prints the loss before
//!   and after (traced and with the real evaluation) and writes a complete weights file.
//!
//! A weights file is loaded with `setoption name EvalFile value <path>` (or passed to matches as
//! `option.EvalFile=<path>`). To make it the compiled-in default, copy its values into the
//! default tables of `engine/src/eval/weights.rs` (`default_material`, `default_center`,
//! `default_mobility`, `DEFAULT_HAND_NINJA` and the `Scalars` defaults); every line of the file
//! names one weight of that table, and `fit` prints the list of changed weights.
//!
//! # NNUE
//! `shuriken tune nnue train --data F --out NET [--hidden 256 --epochs 15 ...]` trains the
//! network of `engine::nnue` on `FEN|score|result` lines (score in centipawns, both from
//! White's view), with Adam on a blend of the score and the result, and writes the quantized
//! network to `NET` (and the float checkpoint to `NET.float`) after every epoch
//! ([`nnue_train`]).
//!
//! `shuriken tune nnue gen --variant V --nodes 5000 --positions N --seed S --threads T
//! [--shard I/N] --out F` plays Shuriken against itself from the variant's book and writes
//! binary training data, deterministic per seed and shard and resumable; `shuriken tune nnue
//! dump F` prints it ([`nnue_gen`]).

#![forbid(unsafe_code)]
#![warn(missing_docs, unreachable_pub)]

pub mod cli;
pub mod data;
pub mod engines;
pub mod label;
pub mod nnue_gen;
pub mod nnue_train;
pub mod plot;
pub mod rng;
pub mod spsa;
pub mod spsa_config;
pub mod spsa_match;
pub mod texel;

pub use cli::{run, TuneCommand};
