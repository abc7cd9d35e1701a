//! How much memory the machine can give the engine now: Linux's `MemAvailable`, lowered to what
//! the process's cgroup (a container's limit) still allows. Elsewhere nothing is known and
//! every size is tried (the allocation itself may still fail, and is checked).

/// Bytes the engine can still allocate and touch without swapping, if known.
pub fn available_bytes() -> Option<u64> {
    let machine = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|t| meminfo_available(&t));
    let cgroup = cgroup_room(
        std::fs::read_to_string("/sys/fs/cgroup/memory.max").ok(),
        std::fs::read_to_string("/sys/fs/cgroup/memory.current").ok(),
    );
    match (machine, cgroup) {
        (Some(m), Some(c)) => Some(m.min(c)),
        (m, c) => m.or(c),
    }
}

/// `MemAvailable` (else `MemFree`) of a `/proc/meminfo` text, in bytes.
pub fn meminfo_available(text: &str) -> Option<u64> {
    let field = |name: &str| {
        text.lines().find_map(|l| {
            let rest = l.strip_prefix(name)?.strip_prefix(':')?;
            let mut words = rest.split_whitespace();
            let n: u64 = words.next()?.parse().ok()?;
            match words.next() {
                Some("kB") => n.checked_mul(1024),
                None => Some(n),
                Some(_) => None,
            }
        })
    };
    field("MemAvailable").or_else(|| field("MemFree"))
}

/// What a cgroup v2 limit (`memory.max`, `max` when unlimited) leaves beyond its current use.
fn cgroup_room(max: Option<String>, current: Option<String>) -> Option<u64> {
    let max: u64 = max?.trim().parse().ok()?;
    let current: u64 = current.and_then(|c| c.trim().parse().ok()).unwrap_or(0);
    Some(max.saturating_sub(current))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_meminfo_and_cgroup_limits() {
        let text = "MemTotal:       24683784 kB\nMemFree:        19540488 kB\n\
                    MemAvailable:   23186284 kB\n";
        assert_eq!(meminfo_available(text), Some(23_186_284 * 1024));
        assert_eq!(
            meminfo_available("MemFree: 100 kB\n"),
            Some(100 * 1024),
            "old kernels have no MemAvailable"
        );
        assert_eq!(meminfo_available("nothing here"), None);
        assert_eq!(
            cgroup_room(Some("1000\n".into()), Some("400\n".into())),
            Some(600)
        );
        assert_eq!(cgroup_room(Some("max\n".into()), Some("400".into())), None);
        assert_eq!(cgroup_room(None, None), None);
    }
}
