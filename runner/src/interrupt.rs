//! Ctrl-C (SIGINT, and SIGTERM) during `shuriken match`: the signal only sets a flag; the match
//! loop sees it between two writes, drops the games still being played (their engines got the
//! signal too, so their ends say nothing), and the process exits with status 130 after saying
//! how many games the results file keeps and the exact command that continues the run.
//!
//! Only the command line installs the handler ([`install`]); a library caller of
//! [`crate::play_match`] is never interrupted this way.

use std::sync::atomic::{AtomicBool, Ordering};

/// Exit status after an interrupt (128 + SIGINT, as a shell reports it).
pub const EXIT_INTERRUPTED: i32 = 130;

static REQUESTED: AtomicBool = AtomicBool::new(false);
static INSTALLED: AtomicBool = AtomicBool::new(false);

/// Installs the handler; false when it cannot be (another one is installed).
pub fn install() -> bool {
    let ok = ctrlc::set_handler(|| REQUESTED.store(true, Ordering::SeqCst)).is_ok();
    INSTALLED.fetch_or(ok, Ordering::SeqCst);
    ok
}

/// Is the handler installed (by this process's command line)?
pub fn installed() -> bool {
    INSTALLED.load(Ordering::SeqCst)
}

/// Has an interrupt arrived?
pub fn requested() -> bool {
    REQUESTED.load(Ordering::SeqCst)
}

/// A word for a shell: kept as it is when it is plain, else in single quotes.
fn shell_word(w: &str) -> String {
    let plain = !w.is_empty()
        && w.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:+,@%".contains(c));
    if plain {
        w.to_string()
    } else {
        format!("'{}'", w.replace('\'', "'\\''"))
    }
}

/// The command that continues the run: this process's own command line, with `-resume` added
/// when it is not there (and `-overwrite`, which would start afresh, left out).
pub fn resume_command(args: &[String]) -> String {
    let resumes = args.iter().any(|a| a == "-resume" || a == "--resume");
    let mut words: Vec<String> = args
        .iter()
        .filter(|a| *a != "-overwrite" && *a != "--overwrite")
        .map(|a| shell_word(a))
        .collect();
    if !resumes {
        words.push("-resume".into());
    }
    words.join(" ")
}

/// What to print after an interrupt: the games kept and how to continue.
pub fn message(kept: u64, results: &std::path::Path) -> String {
    let args: Vec<String> = std::env::args().collect();
    format!(
        "interrupted: {kept} finished games are kept in {} (the games in progress are \
         dropped); continue the run with:\n  {}",
        results.display(),
        resume_command(&args)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resume_command_adds_resume_once_and_quotes() {
        let a = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            resume_command(&a(&[
                "shuriken",
                "match",
                "-each",
                "tc=1+0.01",
                "-overwrite"
            ])),
            "shuriken match -each tc=1+0.01 -resume"
        );
        assert_eq!(
            resume_command(&a(&["s", "-engine", "args=a b", "--resume"])),
            "s -engine 'args=a b' --resume"
        );
        assert_eq!(resume_command(&a(&["s", "it's"])), "s 'it'\\''s' -resume");
    }
}
