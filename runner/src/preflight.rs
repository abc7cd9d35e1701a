//! The pre-flight check of a match: before the first game, every engine is started once and
//! must pass the strict start-up of [`UciEngine::launch`] (it runs, answers `uciok`, declares
//! every option it is given, accepts each `setoption` without an error report, and answers
//! `readyok`). A failure stops the run before anything is played or written.

use crate::config::MatchConfig;
use crate::engine_process::Watch;
use crate::uci::{StartError, UciEngine};

/// An engine that failed the pre-flight check.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("engine '{engine}' (cmd={cmd}) failed the pre-flight check: {reason}")]
pub struct PreflightError {
    /// The engine's name.
    pub engine: String,
    /// Its program.
    pub cmd: String,
    /// What went wrong.
    pub reason: Box<StartError>,
}

/// Starts and quits every engine of `config` once; the first failure is returned.
pub fn check_engines(config: &MatchConfig, watch: &Watch) -> Result<(), PreflightError> {
    for e in &config.engines {
        let engine = UciEngine::launch(
            &e.launch,
            &e.name,
            config.variant.name(),
            &e.options,
            &config.timeouts,
            watch,
        )
        .map_err(|reason| PreflightError {
            engine: e.name.clone(),
            cmd: e.launch.cmd.clone(),
            reason: Box::new(reason),
        })?;
        engine.quit();
    }
    Ok(())
}
