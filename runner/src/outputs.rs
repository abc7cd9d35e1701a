//! Checks of a run's output files before the first game: each one's directory exists, it is not
//! a directory, no two outputs name the same file, and it can be opened for writing. The check
//! leaves nothing behind: an existing file is opened for appending (not changed), a missing one
//! is created and removed again. So a run refused here can be corrected and rerun.

use std::fs::OpenOptions;
use std::path::{Path, PathBuf};

/// An output file that cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    /// Its directory does not exist.
    #[error("{what} file {path}: directory {dir} does not exist")]
    NoDirectory {
        /// Which output (`-results`, `-pgnout`, ...).
        what: String,
        /// The file.
        path: PathBuf,
        /// Its directory.
        dir: PathBuf,
    },
    /// It names a directory.
    #[error("{what} file {path} is a directory")]
    IsDirectory {
        /// Which output.
        what: String,
        /// The path.
        path: PathBuf,
    },
    /// Two outputs name the same file.
    #[error("{what} and {other} name the same file {path}")]
    SameFile {
        /// One output.
        what: String,
        /// The other.
        other: String,
        /// The file.
        path: PathBuf,
    },
    /// It cannot be created or opened for writing. The system's reason is part of the message
    /// and deliberately not an error source, so that a printed error chain says it once.
    #[error("{what} file {path} cannot be {action}: {reason}")]
    NotWritable {
        /// Which output.
        what: String,
        /// The file.
        path: PathBuf,
        /// `created` (a new file) or `opened for writing` (an existing one).
        action: &'static str,
        /// The system's reason.
        reason: std::io::Error,
    },
}

fn absolute(p: &Path) -> PathBuf {
    std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf())
}

/// Checks the outputs, each given as `(option name, path)`; see the module documentation.
pub fn check(outputs: &[(&str, &Path)]) -> Result<(), OutputError> {
    for (i, (what, path)) in outputs.iter().enumerate() {
        if let Some((other, _)) = outputs[..i]
            .iter()
            .find(|(_, p)| absolute(p) == absolute(path))
        {
            return Err(OutputError::SameFile {
                what: other.to_string(),
                other: what.to_string(),
                path: path.to_path_buf(),
            });
        }
        check_one(what, path)?;
    }
    Ok(())
}

fn check_one(what: &str, path: &Path) -> Result<(), OutputError> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if !dir.is_dir() {
        return Err(OutputError::NoDirectory {
            what: what.into(),
            path: path.into(),
            dir,
        });
    }
    if path.is_dir() {
        return Err(OutputError::IsDirectory {
            what: what.into(),
            path: path.into(),
        });
    }
    let not_writable = |action| {
        move |reason| OutputError::NotWritable {
            what: what.into(),
            path: path.into(),
            action,
            reason,
        }
    };
    if path.exists() {
        OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(not_writable("opened for writing"))?;
    } else {
        OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(path)
            .map_err(not_writable("created"))?;
        std::fs::remove_file(path).map_err(not_writable("created"))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checks_leave_nothing_behind() {
        let dir = tempfile::tempdir().unwrap();
        let ok = dir.path().join("a.jsonl");
        let existing = dir.path().join("b.pgn");
        std::fs::write(&existing, "kept").unwrap();
        check(&[("-results", &ok), ("-pgnout", &existing)]).unwrap();
        assert!(!ok.exists(), "the probe file is removed");
        assert_eq!(std::fs::read_to_string(&existing).unwrap(), "kept");

        let missing_dir = dir.path().join("nope").join("a.pgn");
        let e = check(&[("-results", &ok), ("-pgnout", &missing_dir)]).unwrap_err();
        assert!(matches!(e, OutputError::NoDirectory { .. }), "{e}");
        assert!(!ok.exists());
        let e = check(&[("-log", dir.path())]).unwrap_err();
        assert!(matches!(e, OutputError::IsDirectory { .. }), "{e}");
        let e = check(&[("-results", &ok), ("-pgnout", &ok)]).unwrap_err();
        assert!(matches!(e, OutputError::SameFile { .. }), "{e}");
    }
}
