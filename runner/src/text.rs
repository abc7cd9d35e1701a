//! Text helpers for messages shown to a user: control characters escaped so that an argument
//! cannot move the cursor or recolour the terminal when it is echoed back in an error, and the
//! closest names to a misspelt one.

/// `s` with every control character (C0, DEL and C1) written as an escape: `\t`, `\r`, `\n`
/// (unless `keep_newlines`), else `\x1b` or `\u{9b}`. Other characters are unchanged.
pub fn escape_controls(s: &str, keep_newlines: bool) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\n' if keep_newlines => out.push('\n'),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if (c as u32) < 0x80 && c.is_control() => {
                out.push_str(&format!("\\x{:02x}", c as u32));
            }
            c if c.is_control() => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// Edit distance (insertions, deletions, substitutions) between `a` and `b`, by characters.
fn levenshtein(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (diagonal + usize::from(ca != cb))
                .min(above + 1)
                .min(row[j] + 1);
            diagonal = above;
        }
    }
    row[b.len()]
}

/// Up to `n` of `names` closest to `wanted`, closest first, ignoring case: names that contain
/// `wanted` (or are contained in it) first, then by edit distance; ties in the given order.
pub fn closest<'a>(wanted: &str, names: &[&'a str], n: usize) -> Vec<&'a str> {
    let w = wanted.to_lowercase();
    let mut ranked: Vec<(usize, usize, &str)> = names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let l = name.to_lowercase();
            let contained = !w.is_empty() && (l.contains(&w) || w.contains(&l));
            let d = if contained {
                0
            } else {
                1 + levenshtein(&w, &l)
            };
            (d, i, *name)
        })
        .collect();
    ranked.sort();
    ranked
        .into_iter()
        .take(n)
        .map(|(_, _, name)| name)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_are_escaped_and_the_rest_kept() {
        assert_eq!(
            escape_controls("a\u{1b}[31mb\tc\u{7f}\u{9b}é", false),
            "a\\x1b[31mb\\tc\\x7f\\u{9b}é"
        );
        assert_eq!(escape_controls("x\ny\r", false), "x\\ny\\r");
        assert_eq!(escape_controls("x\ny", true), "x\ny");
    }

    #[test]
    fn closest_names_come_first() {
        let names = ["Hash", "Threads", "MultiPV", "Move Overhead", "UCI_Variant"];
        let two = closest("hsah", &names, 2);
        assert_eq!((two.len(), two[0]), (2, "Hash"));
        assert_eq!(closest("Thread", &names, 1), ["Threads"]);
        assert_eq!(closest("overhead", &names, 1), ["Move Overhead"]);
        assert_eq!(closest("x", &[], 3), Vec::<&str>::new());
        assert_eq!(levenshtein("kitten", "sitting"), 3);
    }
}
