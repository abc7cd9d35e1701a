//! SVG charts drawn with `plotters` (its SVG backend writes `<text>` elements, so no font file is
//! needed): line charts with reference lines, bar charts of counts, histograms, and stacked
//! panels (the SPSA parameter history).

use plotters::prelude::*;

/// A chart could not be drawn.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("chart '{title}': {reason}")]
pub struct ChartError {
    /// The chart's title.
    pub title: String,
    /// What plotters reported.
    pub reason: String,
}

/// One named line of `(x, y)` points.
#[derive(Clone, Debug)]
pub struct Line {
    /// Legend text.
    pub name: String,
    /// The points, in x order.
    pub points: Vec<(f64, f64)>,
}

/// A horizontal reference line (an SPRT bound, zero).
#[derive(Clone, Debug)]
pub struct Level {
    /// Legend text.
    pub name: String,
    /// Its y value.
    pub y: f64,
}

const PALETTE: [RGBColor; 6] = [
    RGBColor(31, 119, 180),
    RGBColor(214, 39, 40),
    RGBColor(44, 160, 44),
    RGBColor(148, 103, 189),
    RGBColor(255, 127, 14),
    RGBColor(140, 86, 75),
];

fn err<E: std::fmt::Debug>(title: &str) -> impl Fn(E) -> ChartError + '_ {
    move |e| ChartError {
        title: title.to_string(),
        reason: format!("{e:?}"),
    }
}

/// The range of `values` with a margin; a flat or empty range is widened to a unit span.
fn span(values: impl Iterator<Item = f64>) -> (f64, f64) {
    let (lo, hi) = values
        .filter(|v| v.is_finite())
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| {
            (a.min(v), b.max(v))
        });
    if !lo.is_finite() {
        return (0.0, 1.0);
    }
    if hi - lo < 1e-9 {
        return (lo - 1.0, hi + 1.0);
    }
    let m = (hi - lo) * 0.05;
    (lo - m, hi + m)
}

/// The most x-axis labels of a line chart.
const X_LABELS: usize = 10;

/// How many labels the x axis from `x0` to `x1` may have: with whole-number x values, no more
/// than the whole numbers in the range, so that plotters' steps (1, 2 or 5 times a power of
/// ten) are never below 1.
fn x_label_count(x0: f64, x1: f64, integers: bool) -> usize {
    if !integers {
        return X_LABELS;
    }
    let whole = (x1.floor() - x0.ceil() + 1.0).max(1.0) as usize;
    whole.min(X_LABELS)
}

/// Lines with fewer points than this also get a dot at each point (a one-point line is
/// otherwise invisible).
const DOTS_BELOW: usize = 20;

/// A line chart of `lines` against x, with horizontal `levels` drawn dashed. When every x is a
/// whole number (games, steps), the x axis has whole-number ticks only.
pub fn line_chart(
    title: &str,
    x_label: &str,
    y_label: &str,
    lines: &[Line],
    levels: &[Level],
    size: (u32, u32),
) -> Result<String, ChartError> {
    let e = err(title);
    let (x0, x1) = span(lines.iter().flat_map(|l| l.points.iter().map(|p| p.0)));
    let integers = lines
        .iter()
        .flat_map(|l| l.points.iter())
        .all(|p| p.0.fract() == 0.0);
    let labels = x_label_count(x0, x1, integers);
    let (y0, y1) = span(
        lines
            .iter()
            .flat_map(|l| l.points.iter().map(|p| p.1))
            .chain(levels.iter().map(|l| l.y)),
    );
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, size).into_drawing_area();
        root.fill(&WHITE).map_err(&e)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 16))
            .margin(8)
            .x_label_area_size(32)
            .y_label_area_size(52)
            .build_cartesian_2d(x0..x1, y0..y1)
            .map_err(&e)?;
        let whole = |v: &f64| format!("{}", v.round() as i64);
        let mut mesh = chart.configure_mesh();
        mesh.x_desc(x_label).y_desc(y_label).x_labels(labels);
        if integers {
            mesh.x_label_formatter(&whole);
        }
        mesh.light_line_style(RGBColor(235, 235, 235))
            .draw()
            .map_err(&e)?;
        for (i, l) in lines.iter().enumerate() {
            let c = PALETTE[i % PALETTE.len()];
            chart
                .draw_series(LineSeries::new(l.points.iter().copied(), c.stroke_width(2)))
                .map_err(&e)?
                .label(l.name.as_str())
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], c));
            if l.points.len() < DOTS_BELOW {
                chart
                    .draw_series(l.points.iter().map(|&p| Circle::new(p, 3, c.filled())))
                    .map_err(&e)?;
            }
        }
        for (i, lv) in levels.iter().enumerate() {
            let c = PALETTE[(lines.len() + i) % PALETTE.len()];
            let dashes = dashed(x0, x1, lv.y, 60);
            chart
                .draw_series(dashes.into_iter().map(|seg| PathElement::new(seg, c)))
                .map_err(&e)?
                .label(lv.name.as_str())
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], c));
        }
        if lines.len() + levels.len() > 1 {
            chart
                .configure_series_labels()
                .background_style(WHITE.mix(0.8))
                .border_style(BLACK)
                .position(SeriesLabelPosition::UpperLeft)
                .draw()
                .map_err(&e)?;
        }
        root.present().map_err(&e)?;
    }
    Ok(out)
}

/// Dashes of a horizontal line at `y` from `x0` to `x1`.
fn dashed(x0: f64, x1: f64, y: f64, n: usize) -> Vec<Vec<(f64, f64)>> {
    let step = (x1 - x0) / (2 * n) as f64;
    (0..n)
        .map(|i| {
            let a = x0 + step * (2 * i) as f64;
            vec![(a, y), (a + step, y)]
        })
        .collect()
}

/// A bar chart of labelled counts.
pub fn bar_chart(
    title: &str,
    y_label: &str,
    bars: &[(String, u64)],
    size: (u32, u32),
) -> Result<String, ChartError> {
    let e = err(title);
    let top = bars.iter().map(|b| b.1).max().unwrap_or(0).max(1);
    let n = bars.len().max(1) as u32;
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, size).into_drawing_area();
        root.fill(&WHITE).map_err(&e)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 16))
            .margin(8)
            .x_label_area_size(32)
            .y_label_area_size(52)
            .build_cartesian_2d((0u32..n).into_segmented(), 0u64..top + top / 10 + 1)
            .map_err(&e)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .y_desc(y_label)
            .x_labels(n as usize)
            .x_label_formatter(&|v| match v {
                SegmentValue::CenterOf(i) => bars
                    .get(*i as usize)
                    .map(|b| b.0.clone())
                    .unwrap_or_default(),
                _ => String::new(),
            })
            .draw()
            .map_err(&e)?;
        chart
            .draw_series(
                Histogram::vertical(&chart)
                    .style(PALETTE[0].filled())
                    .margin(6)
                    .data(bars.iter().enumerate().map(|(i, b)| (i as u32, b.1))),
            )
            .map_err(&e)?;
        root.present().map_err(&e)?;
    }
    Ok(out)
}

/// A histogram of `values` in `bins` equal bins.
pub fn histogram(
    title: &str,
    x_label: &str,
    values: &[f64],
    bins: usize,
    size: (u32, u32),
) -> Result<String, ChartError> {
    let finite: Vec<f64> = values.iter().copied().filter(|v| v.is_finite()).collect();
    let lo = finite.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = finite.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let bins = bins.max(1);
    let (lo, width) = if finite.is_empty() {
        (0.0, 1.0)
    } else {
        (lo, ((hi - lo) / bins as f64).max(1.0))
    };
    let mut counts = vec![0u64; bins];
    for v in &finite {
        let i = (((v - lo) / width) as usize).min(bins - 1);
        counts[i] += 1;
    }
    let bars: Vec<(String, u64)> = counts
        .iter()
        .enumerate()
        .map(|(i, &c)| (format!("{:.0}", lo + width * i as f64), c))
        .collect();
    let title_full = format!("{title} ({x_label}, bin starts)");
    bar_chart(&title_full, "count", &bars, size)
}

/// One line chart per series, stacked, sharing x (the SPSA parameter history).
pub fn panels(
    title: &str,
    x_label: &str,
    x: &[f64],
    series: &[(String, Vec<f64>)],
) -> Result<String, ChartError> {
    let e = err(title);
    let panel_h = 170u32;
    let h = 40 + panel_h * series.len().max(1) as u32;
    let (x0, x1) = span(x.iter().copied());
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, (760, h)).into_drawing_area();
        root.fill(&WHITE).map_err(&e)?;
        let root = root.titled(title, ("sans-serif", 18)).map_err(&e)?;
        let areas = root.split_evenly((series.len().max(1), 1));
        for (k, ((name, values), area)) in series.iter().zip(areas).enumerate() {
            let (y0, y1) = span(values.iter().copied());
            let mut chart = ChartBuilder::on(&area)
                .caption(name, ("sans-serif", 13))
                .margin(6)
                .x_label_area_size(28)
                .y_label_area_size(56)
                .build_cartesian_2d(x0..x1, y0..y1)
                .map_err(&e)?;
            chart
                .configure_mesh()
                .x_desc(x_label)
                .light_line_style(RGBColor(235, 235, 235))
                .draw()
                .map_err(&e)?;
            let c = PALETTE[k % PALETTE.len()];
            chart
                .draw_series(LineSeries::new(
                    x.iter().copied().zip(values.iter().copied()),
                    c.stroke_width(2),
                ))
                .map_err(&e)?;
        }
        root.present().map_err(&e)?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn charts_are_svg_even_when_empty_or_flat() {
        let flat = Line {
            name: "flat".into(),
            points: vec![(1.0, 3.0), (2.0, 3.0)],
        };
        let lv = Level {
            name: "bound".into(),
            y: 2.94,
        };
        for svg in [
            line_chart("t", "x", "y", &[flat], &[lv], (400, 300)).unwrap(),
            line_chart("t", "x", "y", &[], &[], (400, 300)).unwrap(),
            bar_chart("b", "n", &[("a".into(), 3), ("b".into(), 0)], (400, 300)).unwrap(),
            bar_chart("b", "n", &[], (400, 300)).unwrap(),
            histogram("h", "plies", &[1.0, 2.0, 2.0, 9.0, f64::NAN], 4, (400, 300)).unwrap(),
            panels("p", "x", &[0.0, 1.0], &[("a".into(), vec![1.0, 2.0])]).unwrap(),
        ] {
            assert!(svg.starts_with("<svg"), "{svg}");
            assert!(svg.trim_end().ends_with("</svg>"));
        }
    }
}
