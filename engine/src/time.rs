//! Search limits from `go` and the time manager's soft and hard limits.
//!
//! The soft limit decides whether another iteration starts; the hard limit aborts a running
//! search (checked every 1024 nodes). Both leave `Move Overhead` for the GUI and the pipe.

use movegen::{Color, Move};
use std::time::Duration;

/// Everything `go` can ask for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoLimits {
    /// Remaining clock time per side, milliseconds (index [`Color::index`]).
    pub time: [Option<i64>; 2],
    /// Increment per side, milliseconds.
    pub inc: [Option<i64>; 2],
    /// Moves to the next time control.
    pub movestogo: Option<u32>,
    /// Maximum depth.
    pub depth: Option<i32>,
    /// Maximum nodes.
    pub nodes: Option<u64>,
    /// Search for a mate in this many moves.
    pub mate: Option<i32>,
    /// Fixed time for this move, milliseconds.
    pub movetime: Option<i64>,
    /// Search until `stop`.
    pub infinite: bool,
    /// Ponder: search until `ponderhit` (then the clock applies) or `stop`.
    pub ponder: bool,
    /// Only these root moves.
    pub searchmoves: Vec<Move>,
}

/// A limit of [`GoLimits`] that no search can keep.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LimitError {
    /// `depth`, `nodes`, `mate` or `movetime` below one.
    #[error("{key} {value}: must be at least 1")]
    NotPositive {
        /// The limit (`depth`, `nodes`, `mate`, `movetime`).
        key: &'static str,
        /// The value given.
        value: i64,
    },
    /// A negative increment or `movestogo`.
    #[error("{key} {value}: must not be negative")]
    Negative {
        /// `winc`, `binc` or `movestogo`.
        key: &'static str,
        /// The value given.
        value: i64,
    },
}

impl GoLimits {
    /// Searches to `depth` plies.
    pub fn depth(depth: i32) -> GoLimits {
        GoLimits {
            depth: Some(depth),
            ..GoLimits::default()
        }
    }

    /// Searches for `ms` milliseconds.
    pub fn movetime(ms: i64) -> GoLimits {
        GoLimits {
            movetime: Some(ms),
            ..GoLimits::default()
        }
    }

    /// Searches `nodes` nodes (at least the first iteration).
    pub fn nodes(nodes: u64) -> GoLimits {
        GoLimits {
            nodes: Some(nodes),
            ..GoLimits::default()
        }
    }

    /// Searches until stopped.
    pub fn infinite() -> GoLimits {
        GoLimits {
            infinite: true,
            ..GoLimits::default()
        }
    }

    /// Checks that a search can keep these limits: `depth`, `nodes`, `mate` and `movetime`
    /// at least 1, increments not negative. A negative remaining clock time is accepted (GUIs
    /// send one when the engine has overstepped its time): the search then moves at once.
    pub fn validate(&self) -> Result<(), LimitError> {
        let positive = |key: &'static str, value: Option<i64>| match value {
            Some(value) if value < 1 => Err(LimitError::NotPositive { key, value }),
            _ => Ok(()),
        };
        positive("depth", self.depth.map(i64::from))?;
        positive(
            "nodes",
            self.nodes.map(|n| i64::try_from(n).unwrap_or(i64::MAX)),
        )?;
        positive("mate", self.mate.map(i64::from))?;
        positive("movetime", self.movetime)?;
        for (key, c) in [("winc", Color::White), ("binc", Color::Black)] {
            let inc = self.inc[c.index()];
            if let Some(value) = inc.filter(|v| *v < 0) {
                return Err(LimitError::Negative { key, value });
            }
        }
        Ok(())
    }

    /// Does the clock (rather than `depth`, `nodes`, `mate` or nothing) bound this search?
    pub fn is_timed(&self) -> bool {
        self.movetime.is_some() || self.time.iter().any(Option::is_some)
    }

    /// No limit at all: search until `stop`.
    pub fn is_unbounded(&self) -> bool {
        !self.is_timed() && self.depth.is_none() && self.nodes.is_none() && self.mate.is_none()
    }
}

/// Soft and hard time limits of one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeLimits {
    /// Do not start another iteration after this.
    pub soft: Duration,
    /// Abort the search at this point.
    pub hard: Duration,
}

/// Moves assumed left when the GUI does not say. The share it gives is an upper bound: no
/// iteration starts after 0.6 of it (more or less with the best move's stability and the
/// score's fall, [`soft_stop_share`]), so a move takes about half of it on average. At 35,
/// chess games at 5+0.05 against Stockfish ended with 1.6 to 3.1 s of the 5 s base unused,
/// while Stockfish used all but 0.1 to 0.5 s of it; at 25, with 1.4 s.
const DEFAULT_MOVES_TO_GO: i64 = 20;

/// The share of the soft limit after which no new iteration starts, given how many iterations
/// in a row the best move stayed the same (`stable`) and how far the best score fell in the
/// last one (`drop`, centipawns; negative when it rose). An unsettled best move or a falling
/// score earns more time, a settled one less.
pub fn soft_stop_share(stable: u32, drop: i32) -> f64 {
    let stability = match stable {
        0 => 1.3,
        1..=3 => 1.0,
        _ => 0.7,
    };
    let falling = (1.0 + f64::from(drop) / 100.0).clamp(1.0, 1.5);
    0.6 * stability * falling
}

/// Computes the limits for `us`, or `None` when the search is not bounded by time.
pub fn limits(go: &GoLimits, us: Color, overhead_ms: i64) -> Option<TimeLimits> {
    let ms = |v: i64| Duration::from_millis(v.max(1) as u64);
    if let Some(mt) = go.movetime {
        // A fixed move time is no clock that can run out: keep at most a tenth of it for the
        // overhead, so that `go movetime 20` searches about 18 ms, not 20 - 30 ms.
        let t = (mt - overhead_ms.min(mt / 10)).max(1);
        return Some(TimeLimits {
            soft: ms(t),
            hard: ms(t),
        });
    }
    let time = go.time[us.index()]?;
    let inc = go.inc[us.index()].unwrap_or(0).max(0);
    let avail = (time - overhead_ms).max(1);
    let mtg = go
        .movestogo
        .map_or(DEFAULT_MOVES_TO_GO, |m| (m as i64).clamp(1, 200));
    // Spend most of the increment only while the clock is comfortable: each move also costs
    // the GUI/pipe overhead, so spending 3/4 of the increment on a nearly empty clock drains it
    // whenever that overhead exceeds the last quarter. Scaling the increment's share with the
    // clock (full share from twenty increments up) gives a stable clock above zero instead.
    let inc_share = if inc > 0 && avail < 20 * inc {
        inc * 3 / 4 * avail / (20 * inc)
    } else {
        inc * 3 / 4
    };
    let share = avail / mtg + inc_share;
    let hard_cap = if mtg == 1 {
        avail * 4 / 5
    } else {
        avail * 2 / 5
    };
    let hard = (share * 4).min(hard_cap).max(1);
    let soft = share.min(hard).max(1);
    Some(TimeLimits {
        soft: ms(soft),
        hard: ms(hard),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unsettled_or_falling_search_gets_more_time() {
        assert_eq!(soft_stop_share(2, 0), 0.6);
        assert!(soft_stop_share(0, 0) > soft_stop_share(2, 0));
        assert!(soft_stop_share(5, 0) < soft_stop_share(2, 0));
        // A rising score changes nothing; a fall adds up to half.
        assert_eq!(soft_stop_share(2, -80), 0.6);
        assert!((soft_stop_share(2, 30) - 0.78).abs() < 1e-9);
        assert!((soft_stop_share(2, 500) - 0.9).abs() < 1e-9);
    }

    fn go(time: i64, inc: i64) -> GoLimits {
        GoLimits {
            time: [Some(time), Some(time)],
            inc: [Some(inc), Some(inc)],
            ..Default::default()
        }
    }

    #[test]
    fn limits_stay_within_the_clock() {
        for t in [1, 5, 30, 100, 1000, 60_000] {
            let l = limits(&go(t, 10), Color::White, 30).unwrap();
            assert!(l.soft <= l.hard);
            assert!(l.hard.as_millis() as i64 <= (t - 30).max(1), "{t}: {l:?}");
        }
        let l = limits(&go(1000, 10), Color::Black, 30).unwrap();
        assert!(
            l.hard.as_millis() < 400 && l.soft.as_millis() >= 20,
            "{l:?}"
        );
        let fixed = GoLimits {
            movetime: Some(500),
            ..Default::default()
        };
        assert_eq!(
            limits(&fixed, Color::White, 50).unwrap().hard,
            Duration::from_millis(450)
        );
        // A short move time is used almost whole, however large the overhead.
        for (mt, overhead, want) in [(20, 30, 18), (100, 30, 90), (1000, 30, 970), (1, 30, 1)] {
            let l = limits(
                &GoLimits {
                    movetime: Some(mt),
                    ..Default::default()
                },
                Color::White,
                overhead,
            )
            .unwrap();
            assert_eq!(l.hard, Duration::from_millis(want), "movetime {mt}");
            assert_eq!(l.soft, l.hard);
        }
        assert!(limits(&GoLimits::default(), Color::White, 0).is_none());
        // A nearly empty clock spends far less than the increment.
        let low = limits(&go(40, 10), Color::White, 30).unwrap();
        assert!(low.soft.as_millis() <= 2, "{low:?}");
    }
}
