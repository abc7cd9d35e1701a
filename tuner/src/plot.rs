//! The SPSA parameter history chart: one panel per parameter, sharing the x axis, drawn by the
//! `view` crate's chart code (plotters' SVG backend).

/// One named series of y values over shared x values.
pub struct Series<'a> {
    /// Legend text.
    pub name: &'a str,
    /// y values (same length as the x values).
    pub values: Vec<f64>,
}

/// An SVG document plotting every series against `x`, one panel each.
pub fn svg(
    title: &str,
    x_label: &str,
    x: &[f64],
    series: &[Series],
) -> Result<String, view::chart::ChartError> {
    let named: Vec<(String, Vec<f64>)> = series
        .iter()
        .map(|s| (s.name.to_string(), s.values.clone()))
        .collect();
    view::chart::panels(title, x_label, x, &named)
}
