//! Time controls and search limits: parsing (`tc=40/60+0.6`, `st=1`, `nodes=`, `depth=`), the
//! `go` command, the per-side clock and the forfeit rule.

use serde::{Deserialize, Serialize};

/// A clock time control: `moves` per period (repeating), base time, increment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimeControl {
    /// Moves per period (`None` = whole game).
    pub moves: Option<u32>,
    /// Base time per period, in milliseconds.
    pub base_ms: u64,
    /// Increment per move, in milliseconds.
    pub inc_ms: u64,
}

/// Parses seconds given as `12`, `0.5` or `1:30` (minutes:seconds) into milliseconds.
fn parse_seconds(s: &str) -> Result<u64, String> {
    let bad = || format!("bad time '{s}' (expected seconds, e.g. 10, 0.5 or 1:30)");
    let secs = if let Some((m, sec)) = s.split_once(':') {
        let m: f64 = m.trim().parse().map_err(|_| bad())?;
        let sec: f64 = sec.trim().parse().map_err(|_| bad())?;
        m * 60.0 + sec
    } else {
        s.trim().parse::<f64>().map_err(|_| bad())?
    };
    if !secs.is_finite() || secs < 0.0 {
        return Err(bad());
    }
    Ok((secs * 1000.0).round() as u64)
}

fn fmt_seconds(ms: u64) -> String {
    if ms.is_multiple_of(1000) {
        format!("{}", ms / 1000)
    } else {
        let s = format!("{:.3}", ms as f64 / 1000.0);
        s.trim_end_matches('0').to_string()
    }
}

impl std::str::FromStr for TimeControl {
    type Err = String;
    /// `[moves/]base[+inc]`, times in seconds (`min:sec` allowed for the base).
    fn from_str(s: &str) -> Result<Self, String> {
        let (moves, rest) = match s.split_once('/') {
            Some((m, rest)) => {
                let m: u32 = m
                    .trim()
                    .parse()
                    .map_err(|_| format!("bad moves count in time control '{s}'"))?;
                if m == 0 {
                    return Err(format!("moves per period must be positive in '{s}'"));
                }
                (Some(m), rest)
            }
            None => (None, s),
        };
        let (base, inc) = match rest.split_once('+') {
            Some((b, i)) => (parse_seconds(b)?, parse_seconds(i)?),
            None => (parse_seconds(rest)?, 0),
        };
        if base == 0 && inc == 0 {
            return Err(format!("time control '{s}' gives no time"));
        }
        Ok(TimeControl {
            moves,
            base_ms: base,
            inc_ms: inc,
        })
    }
}

impl std::fmt::Display for TimeControl {
    /// PGN style: `40/60+0.6`, `10+0.1`, `60`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some(m) = self.moves {
            write!(f, "{m}/")?;
        }
        write!(f, "{}", fmt_seconds(self.base_ms))?;
        if self.inc_ms > 0 {
            write!(f, "+{}", fmt_seconds(self.inc_ms))?;
        }
        Ok(())
    }
}

/// The limits under which an engine searches each move. Several may be combined (as in
/// fastchess); at least one must be set.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchLimits {
    /// Clock time control.
    pub tc: Option<TimeControl>,
    /// Fixed time per move, in milliseconds.
    pub movetime_ms: Option<u64>,
    /// Node limit per move.
    pub nodes: Option<u64>,
    /// Depth limit per move.
    pub depth: Option<u32>,
}

impl SearchLimits {
    /// Applies one `key=value` setting (`tc`, `st`, `nodes`, `depth`); `Ok(false)` when the key
    /// is not a search limit.
    pub fn apply(&mut self, key: &str, value: &str) -> Result<bool, String> {
        match key {
            "tc" => self.tc = Some(value.parse()?),
            "st" | "movetime" => {
                let ms = parse_seconds(value)?;
                if ms == 0 {
                    return Err("st= must be positive".into());
                }
                self.movetime_ms = Some(ms);
            }
            "nodes" => {
                let n: u64 = value
                    .parse()
                    .map_err(|_| format!("bad nodes= value '{value}'"))?;
                if n == 0 {
                    return Err("nodes= must be positive".into());
                }
                self.nodes = Some(n);
            }
            "depth" => {
                let d: u32 = value
                    .parse()
                    .map_err(|_| format!("bad depth= value '{value}'"))?;
                if d == 0 {
                    return Err("depth= must be positive".into());
                }
                self.depth = Some(d);
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// True when no limit is set.
    pub fn is_empty(&self) -> bool {
        self.tc.is_none()
            && self.movetime_ms.is_none()
            && self.nodes.is_none()
            && self.depth.is_none()
    }

    /// True when the engine's thinking time is bounded by a clock or a fixed move time.
    pub fn is_timed(&self) -> bool {
        self.tc.is_some() || self.movetime_ms.is_some()
    }

    /// The description of the limits stored in results files: the clock (`40/60+0.6`), the
    /// move time (`1/move`), `nodes=N`, `depth=N`, separated by spaces; `-` without limits.
    /// [`pgn_time_tags`] turns it into PGN tags.
    pub fn pgn_tag(&self) -> String {
        let mut parts = Vec::new();
        if let Some(tc) = &self.tc {
            parts.push(tc.to_string());
        }
        if let Some(st) = self.movetime_ms {
            parts.push(format!("{}/move", fmt_seconds(st)));
        }
        if let Some(n) = self.nodes {
            parts.push(format!("nodes={n}"));
        }
        if let Some(d) = self.depth {
            parts.push(format!("depth={d}"));
        }
        if parts.is_empty() {
            "-".into()
        } else {
            parts.join(" ")
        }
    }
}

/// The PGN tags of a side's search limits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnTimeTags {
    /// The `TimeControl` value: the PGN standard's forms where they fit (`300+5`, `40/9000`,
    /// `60`), the form cutechess writes where they do not (`40/60+0.6`, `10+0.1`, `1/move`),
    /// `-` when no clock or move time bounds the game.
    pub time_control: String,
    /// The limits `TimeControl` cannot hold (`nodes=1000`, `depth=8`, a second time limit),
    /// for a `SearchLimit` tag.
    pub search_limit: Option<String>,
}

/// Splits a limits description written by [`SearchLimits::pgn_tag`] (also by older versions)
/// into the `TimeControl` value and the rest.
pub fn pgn_time_tags(description: &str) -> PgnTimeTags {
    let mut time_control = None;
    let mut rest = Vec::new();
    for token in description.split_whitespace() {
        let is_limit = token.contains('=');
        if !is_limit && token != "-" && time_control.is_none() {
            time_control = Some(token.to_string());
        } else if token != "-" {
            rest.push(token);
        }
    }
    PgnTimeTags {
        time_control: time_control.unwrap_or_else(|| "-".into()),
        search_limit: (!rest.is_empty()).then(|| rest.join(" ")),
    }
}

/// One side's clock during a game.
#[derive(Clone, Debug)]
pub struct Clock {
    tc: Option<TimeControl>,
    /// Time left, in milliseconds (may go below zero within the margin).
    pub remaining_ms: i64,
    moves_made: u32,
}

impl Clock {
    /// A fresh clock for the given limits.
    pub fn new(limits: &SearchLimits) -> Clock {
        Clock {
            tc: limits.tc,
            remaining_ms: limits.tc.map(|t| t.base_ms as i64).unwrap_or(0),
            moves_made: 0,
        }
    }

    /// Moves to go until the next time control, if the control has periods.
    pub fn moves_to_go(&self) -> Option<u32> {
        let m = self.tc?.moves?;
        Some(m - self.moves_made % m)
    }

    /// Increment in milliseconds (0 without a clock).
    pub fn inc_ms(&self) -> u64 {
        self.tc.map(|t| t.inc_ms).unwrap_or(0)
    }

    /// Time the engine may use for this move before it forfeits, margin excluded; `None` when
    /// neither a clock nor a move time bounds it.
    pub fn allowance_ms(&self, limits: &SearchLimits) -> Option<i64> {
        match (self.tc, limits.movetime_ms) {
            (Some(_), Some(st)) => Some(self.remaining_ms.min(st as i64)),
            (Some(_), None) => Some(self.remaining_ms),
            (None, Some(st)) => Some(st as i64),
            (None, None) => None,
        }
    }

    /// Charges a move that took `elapsed_ms`; returns false (time forfeit) when it exceeded the
    /// allowance plus `margin_ms`.
    pub fn charge(&mut self, limits: &SearchLimits, elapsed_ms: u64, margin_ms: u64) -> bool {
        let ok = match self.allowance_ms(limits) {
            Some(a) => (elapsed_ms as i64) <= a + margin_ms as i64,
            None => true,
        };
        if let Some(tc) = self.tc {
            self.remaining_ms -= elapsed_ms as i64;
            if self.remaining_ms < 0 && ok {
                // Within the margin: the engine keeps playing with an empty clock.
                self.remaining_ms = 0;
            }
            self.remaining_ms += tc.inc_ms as i64;
            self.moves_made += 1;
            if let Some(m) = tc.moves {
                if self.moves_made.is_multiple_of(m) {
                    self.remaining_ms += tc.base_ms as i64;
                }
            }
        }
        ok
    }
}

/// Builds the `go` command for the side to move. `white_to_move` selects which clock is "ours".
pub fn go_command(
    limits: &SearchLimits,
    white_to_move: bool,
    own: &Clock,
    other: &Clock,
    other_limits: &SearchLimits,
) -> String {
    let mut cmd = String::from("go");
    if limits.tc.is_some() {
        let (w, b) = if white_to_move {
            (own, other)
        } else {
            (other, own)
        };
        // A side whose opponent has no clock is shown its own time for both.
        let other_has_clock = other_limits.tc.is_some();
        let wt = if white_to_move || other_has_clock {
            w.remaining_ms
        } else {
            own.remaining_ms
        };
        let bt = if !white_to_move || other_has_clock {
            b.remaining_ms
        } else {
            own.remaining_ms
        };
        let (wi, bi) = if other_has_clock {
            (w.inc_ms(), b.inc_ms())
        } else {
            (own.inc_ms(), own.inc_ms())
        };
        cmd.push_str(&format!(
            " wtime {} btime {} winc {} binc {}",
            wt.max(1),
            bt.max(1),
            wi,
            bi
        ));
        if let Some(mtg) = own.moves_to_go() {
            cmd.push_str(&format!(" movestogo {mtg}"));
        }
    }
    if let Some(st) = limits.movetime_ms {
        cmd.push_str(&format!(" movetime {st}"));
    }
    if let Some(n) = limits.nodes {
        cmd.push_str(&format!(" nodes {n}"));
    }
    if let Some(d) = limits.depth {
        cmd.push_str(&format!(" depth {d}"));
    }
    cmd
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_tc() {
        let t: TimeControl = "40/60+0.6".parse().unwrap();
        assert_eq!((t.moves, t.base_ms, t.inc_ms), (Some(40), 60_000, 600));
        assert_eq!(t.to_string(), "40/60+0.6");
        let t: TimeControl = "10+0.1".parse().unwrap();
        assert_eq!(t.to_string(), "10+0.1");
        let t: TimeControl = "1:30".parse().unwrap();
        assert_eq!(t.base_ms, 90_000);
        assert!("x+1".parse::<TimeControl>().is_err());
        assert!("0/10".parse::<TimeControl>().is_err());
        assert!("0+0".parse::<TimeControl>().is_err());
        assert!("-5".parse::<TimeControl>().is_err());
    }

    #[test]
    fn clock_and_forfeit() {
        let mut l = SearchLimits::default();
        l.apply("tc", "2/1+0.1").unwrap();
        let mut c = Clock::new(&l);
        assert_eq!(c.moves_to_go(), Some(2));
        assert!(c.charge(&l, 500, 0));
        assert_eq!(c.remaining_ms, 600);
        assert_eq!(c.moves_to_go(), Some(1));
        assert!(c.charge(&l, 600, 0));
        assert_eq!(c.remaining_ms, 1100);
        assert!(!c.charge(&l, 1200, 50));
        let mut st = SearchLimits::default();
        st.apply("st", "0.1").unwrap();
        let mut c = Clock::new(&st);
        assert!(c.charge(&st, 120, 50));
        assert!(!c.charge(&st, 151, 50));
        let go = go_command(&st, true, &c, &c, &st);
        assert_eq!(go, "go movetime 100");
    }

    #[test]
    fn pgn_time_tags_use_standard_forms() {
        let tags = |settings: &[(&str, &str)]| {
            let mut l = SearchLimits::default();
            for (k, v) in settings {
                l.apply(k, v).unwrap();
            }
            pgn_time_tags(&l.pgn_tag())
        };
        let t = tags(&[("tc", "300+5")]);
        assert_eq!((t.time_control.as_str(), t.search_limit), ("300+5", None));
        assert_eq!(tags(&[("tc", "40/9000")]).time_control, "40/9000");
        assert_eq!(tags(&[("tc", "60")]).time_control, "60");
        assert_eq!(tags(&[("tc", "40/60+0.6")]).time_control, "40/60+0.6");
        assert_eq!(tags(&[("st", "1")]).time_control, "1/move");
        let t = tags(&[("nodes", "1000"), ("depth", "8")]);
        assert_eq!(t.time_control, "-");
        assert_eq!(t.search_limit.as_deref(), Some("nodes=1000 depth=8"));
        let t = tags(&[("tc", "10+0.1"), ("nodes", "5000")]);
        assert_eq!(t.time_control, "10+0.1");
        assert_eq!(t.search_limit.as_deref(), Some("nodes=5000"));
        assert_eq!(pgn_time_tags("-").time_control, "-");
    }

    #[test]
    fn go_with_clock() {
        let mut l = SearchLimits::default();
        l.apply("tc", "10+0.1").unwrap();
        l.apply("nodes", "1000").unwrap();
        let w = Clock::new(&l);
        let b = Clock::new(&l);
        assert_eq!(
            go_command(&l, false, &b, &w, &l),
            "go wtime 10000 btime 10000 winc 100 binc 100 nodes 1000"
        );
    }
}
