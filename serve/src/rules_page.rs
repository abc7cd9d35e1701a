//! The rules reference (`docs/rules.md`, compiled in) as a plain HTML page at `/rules`, so that
//! the legend's links reach each piece's rule without anything outside the binary. A small
//! converter for the Markdown that file uses: headings, tables, paragraphs, bold, code, links and
//! the `<a id>` anchors; diagrams are named, not drawn (`shuriken svg` draws them).

use std::fmt::Write as _;

/// The rules reference as Markdown.
pub const RULES_MD: &str = include_str!("../../docs/rules.md");

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// `[text](target)` at the start of `s`: (text, target, length).
fn link_at(s: &str) -> Option<(&str, &str, usize)> {
    let close = s.find("](")?;
    let end = close + s[close..].find(')')?;
    Some((&s[1..close], &s[close + 2..end], end + 1))
}

/// One line of Markdown text as HTML.
fn inline(s: &str) -> String {
    let mut out = String::new();
    let mut rest = s;
    let mut bold = false;
    while let Some(c) = rest.chars().next() {
        if let Some(r) = rest.strip_prefix("<a id=\"") {
            if let Some(end) = r.find("\"></a>") {
                let id = &r[..end];
                if id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
                    let _ = write!(out, "<a id=\"{id}\"></a>");
                    rest = &r[end + 6..];
                    continue;
                }
            }
        }
        if let Some(r) = rest.strip_prefix("**") {
            out.push_str(if bold { "</b>" } else { "<b>" });
            bold = !bold;
            rest = r;
            continue;
        }
        if let Some(r) = rest.strip_prefix('`') {
            if let Some(end) = r.find('`') {
                let _ = write!(out, "<code>{}</code>", escape(&r[..end]));
                rest = &r[end + 1..];
                continue;
            }
        }
        if rest.starts_with("![") {
            if let Some((text, _, n)) = link_at(&rest[1..]) {
                let _ = write!(out, "<em>[diagram: {}]</em>", escape(text));
                rest = &rest[n + 1..];
                continue;
            }
        }
        if rest.starts_with('[') {
            if let Some((text, target, n)) = link_at(rest) {
                if let Some(anchor) = target.strip_prefix('#') {
                    let _ = write!(out, "<a href=\"#{}\">{}</a>", escape(anchor), inline(text));
                } else {
                    out.push_str(&inline(text));
                }
                rest = &rest[n..];
                continue;
            }
        }
        out.push_str(&escape(&c.to_string()));
        rest = &rest[c.len_utf8()..];
    }
    if bold {
        out.push_str("</b>");
    }
    out
}

/// The whole page.
pub fn html() -> String {
    let mut out = String::from(
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" \
         content=\"width=device-width, initial-scale=1\"><title>Shuriken rules</title><style>\
         body{font:15px/1.5 system-ui,sans-serif;max-width:980px;margin:auto;padding:8px 14px}\
         table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #ccc;padding:3px 6px;\
         vertical-align:top}:target+b,a:target{background:#fff3a0}</style></head><body>\n",
    );
    let mut para = false;
    let mut in_table = false;
    for line in RULES_MD.lines() {
        let t = line.trim_end();
        let is_row = t.starts_with('|');
        if in_table && !is_row {
            out.push_str("</table>\n");
            in_table = false;
        }
        if t.is_empty() || t.starts_with("<!--") {
            if para {
                out.push_str("</p>\n");
                para = false;
            }
            continue;
        }
        if is_row {
            if para {
                out.push_str("</p>\n");
                para = false;
            }
            let cells: Vec<&str> = t.trim_matches('|').split('|').map(str::trim).collect();
            if cells
                .iter()
                .all(|c| c.chars().all(|ch| ch == '-' || ch == ':'))
            {
                continue;
            }
            let tag = if in_table { "td" } else { "th" };
            if !in_table {
                out.push_str("<table>");
                in_table = true;
            }
            out.push_str("<tr>");
            for c in cells {
                let _ = write!(out, "<{tag}>{}</{tag}>", inline(c));
            }
            out.push_str("</tr>\n");
            continue;
        }
        let level = t.chars().take_while(|&c| c == '#').count();
        if (1..=6).contains(&level) && t[level..].starts_with(' ') {
            if para {
                out.push_str("</p>\n");
                para = false;
            }
            let _ = writeln!(out, "<h{level}>{}</h{level}>", inline(t[level..].trim()));
            continue;
        }
        if !para {
            out.push_str("<p>");
            para = true;
        } else {
            out.push(' ');
        }
        out.push_str(&inline(t));
    }
    if para {
        out.push_str("</p>");
    }
    if in_table {
        out.push_str("</table>");
    }
    out.push_str("\n</body></html>\n");
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn anchors_of_the_legend_are_in_the_page() {
        let page = super::html();
        for v in movegen::Variant::ALL {
            for e in view::legend::legend(v) {
                if let Some(a) = e.anchor {
                    assert!(page.contains(&format!("<a id=\"{a}\"></a>")), "{a}");
                }
            }
        }
        assert!(!page.contains("<script"));
    }
}
