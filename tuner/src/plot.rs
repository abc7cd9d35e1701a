//! A minimal SVG line plot (no dependencies): one panel per series, stacked vertically, each
//! with its own y range, sharing the x axis.

use std::fmt::Write as _;

/// One named series of y values over shared x values.
pub struct Series<'a> {
    /// Legend text.
    pub name: &'a str,
    /// y values (same length as the x values).
    pub values: Vec<f64>,
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// An SVG document plotting every series against `x`.
pub fn svg(title: &str, x_label: &str, x: &[f64], series: &[Series]) -> String {
    let (w, panel_h, left, right, top) = (720.0, 160.0, 70.0, 20.0, 40.0);
    let h = top + panel_h * series.len().max(1) as f64 + 30.0;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
         font-family=\"sans-serif\" font-size=\"11\">"
    );
    let _ = writeln!(
        s,
        "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\
         <text x=\"{}\" y=\"20\" text-anchor=\"middle\" font-size=\"14\">{}</text>",
        w / 2.0,
        esc(title)
    );
    let x_min = x.iter().copied().fold(f64::INFINITY, f64::min);
    let x_max = x.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let x_span = if x_max > x_min { x_max - x_min } else { 1.0 };
    let plot_w = w - left - right;
    let colours = [
        "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b",
    ];
    for (k, ser) in series.iter().enumerate() {
        let y0 = top + panel_h * k as f64;
        let inner_h = panel_h - 30.0;
        let lo = ser.values.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = ser.values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let (lo, hi) = if hi > lo {
            (lo, hi)
        } else {
            (lo - 1.0, lo + 1.0)
        };
        let px = |v: f64| left + (v - x_min) / x_span * plot_w;
        let py = |v: f64| y0 + 10.0 + (hi - v) / (hi - lo) * inner_h;
        let _ = writeln!(
            s,
            "<rect x=\"{left}\" y=\"{}\" width=\"{plot_w}\" height=\"{inner_h}\" fill=\"none\" stroke=\"#999\"/>",
            y0 + 10.0
        );
        let _ = writeln!(
            s,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{hi:.1}</text>\
             <text x=\"{}\" y=\"{}\" text-anchor=\"end\">{lo:.1}</text>\
             <text x=\"{}\" y=\"{}\">{}</text>",
            left - 4.0,
            y0 + 14.0,
            left - 4.0,
            y0 + 10.0 + inner_h,
            left + 6.0,
            y0 + 24.0,
            esc(ser.name)
        );
        let pts: Vec<String> = x
            .iter()
            .zip(&ser.values)
            .map(|(a, b)| format!("{:.1},{:.1}", px(*a), py(*b)))
            .collect();
        let _ = writeln!(
            s,
            "<polyline fill=\"none\" stroke=\"{}\" stroke-width=\"1.5\" points=\"{}\"/>",
            colours[k % colours.len()],
            pts.join(" ")
        );
    }
    let yb = h - 10.0;
    let _ = writeln!(
        s,
        "<text x=\"{left}\" y=\"{yb}\">{x_min:.0}</text>\
         <text x=\"{}\" y=\"{yb}\" text-anchor=\"middle\">{}</text>\
         <text x=\"{}\" y=\"{yb}\" text-anchor=\"end\">{x_max:.0}</text>",
        left + plot_w / 2.0,
        esc(x_label),
        w - right
    );
    s.push_str("</svg>\n");
    s
}
