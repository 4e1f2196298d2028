//! `--plot`: search nodes (log scale) against the subject (board size),
//! one line per strategy (and order pair); or, for one model, against the
//! order pairs, one line per strategy. Drawn with `plotters` into an SVG
//! string.

use crate::study::matrix::{Label, Mode, Run};
use crate::study::table::group;
use plotters::prelude::*;
use std::fmt;

/// Drawing the chart failed (the backend could not write its output).
///
/// ```
/// let e = csp_lab::study::PlotError("backend failed".into());
/// assert_eq!(e.to_string(), "cannot draw the chart: backend failed");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlotError(pub String);

impl fmt::Display for PlotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot draw the chart: {}", self.0)
    }
}

impl std::error::Error for PlotError {}

/// Chart size in pixels.
const SIZE: (u32, u32) = (960, 640);

/// Line colours (Tableau 10): distinct in colour and in brightness.
const COLOURS: [RGBColor; 10] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
    RGBColor(188, 189, 34),
    RGBColor(23, 190, 207),
];

/// What the chart's x axis shows.
///
/// ```
/// let axis = csp_lab::study::Axis::Subject("n (board size)");
/// assert_eq!(axis.description(), "n (board size)");
/// assert_eq!(csp_lab::study::Axis::Orders.description(), "variable order / value order");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Axis {
    /// The subjects' numbers (described as given); one line per
    /// strategy and order pair. Runs on a named subject are left out.
    Subject(&'static str),
    /// The order pairs, in the study's order; one line per strategy (and
    /// subject, when there are several).
    Orders,
}

impl Axis {
    /// The axis's caption.
    pub fn description(self) -> &'static str {
        match self {
            Axis::Subject(text) => text,
            Axis::Orders => "variable order / value order",
        }
    }
}

/// One line of the chart: its runs, each with its x position.
struct Series<'r> {
    label: String,
    points: Vec<(u32, &'r Run)>,
}

/// Every distinct key of `runs`, in order of first appearance.
fn distinct<K: PartialEq>(runs: &[Run], key: impl Fn(&Run) -> K) -> Vec<K> {
    let mut keys = Vec::new();
    for r in runs {
        let k = key(r);
        if !keys.contains(&k) {
            keys.push(k);
        }
    }
    keys
}

/// The lines of the chart and the x axis's positions (with the labels of
/// the order pairs).
fn series(runs: &[Run], axis: Axis) -> (Vec<Series<'_>>, Vec<(u32, String)>) {
    match axis {
        Axis::Subject(_) => {
            let number = |r: &Run| match r.subject {
                Label::Number(n) => Some(u32::try_from(n).unwrap_or(u32::MAX)),
                Label::Name(_) => None,
            };
            let key = |r: &Run| (r.strategy, r.var_order, r.value_order);
            let keys = distinct(runs, key);
            // Labels name the orders only when the study compared more than one.
            let several_var_orders = keys.iter().any(|k| k.1 != keys[0].1);
            let several_value_orders = keys.iter().any(|k| k.2 != keys[0].2);
            let lines = keys
                .iter()
                .map(|&(strategy, var_order, value_order)| {
                    let mut label = strategy.to_string();
                    if several_var_orders {
                        label.push_str(&format!(", {var_order}"));
                    }
                    if several_value_orders {
                        label.push_str(&format!(", {value_order}"));
                    }
                    let mut points: Vec<(u32, &Run)> = runs
                        .iter()
                        .filter(|r| key(r) == (strategy, var_order, value_order))
                        .filter_map(|r| Some((number(r)?, r)))
                        .collect();
                    points.sort_by_key(|p| p.0);
                    Series { label, points }
                })
                .collect();
            let ticks = distinct(runs, number)
                .into_iter()
                .flatten()
                .map(|x| (x, String::new()))
                .collect();
            (lines, ticks)
        }
        Axis::Orders => {
            let pairs = distinct(runs, |r| (r.var_order, r.value_order));
            let x = |r: &Run| {
                let at = pairs
                    .iter()
                    .position(|p| *p == (r.var_order, r.value_order));
                at.unwrap_or(0) as u32
            };
            let key = |r: &Run| (r.strategy, r.subject.clone());
            let keys = distinct(runs, key);
            let several_subjects = keys.iter().any(|k| k.1 != keys[0].1);
            let lines = keys
                .iter()
                .map(|(strategy, subject)| {
                    let mut label = strategy.to_string();
                    if several_subjects {
                        label.push_str(&format!(", {subject}"));
                    }
                    let points = runs
                        .iter()
                        .filter(|r| r.strategy == *strategy && r.subject == *subject)
                        .map(|r| (x(r), r))
                        .collect();
                    Series { label, points }
                })
                .collect();
            let ticks = pairs
                .iter()
                .enumerate()
                .map(|(i, (var, value))| (i as u32, format!("{var} / {value}")))
                .collect();
            (lines, ticks)
        }
    }
}

/// The chart as an SVG document: nodes (log scale) against the `axis`,
/// one line per series with a legend entry each. Runs stopped by their
/// limit are drawn as hollow markers off the line (their node count is a
/// lower bound).
///
/// ```
/// use csp_lab::study::{plot_svg, Axis, Label, Matrix, Mode, Subjects};
/// let mut model = csp::Model::new();
/// let x = model.int_vars(4, 0..4).unwrap();
/// model.all_different(&x).unwrap();
/// let mut matrix = Matrix::new(Mode::All, csp::Limits::default());
/// matrix.value_orders = "ascending,descending".parse()?;
/// let subjects = Subjects::new("model", vec![Label::Name("perm".into())]);
/// let runs: Vec<_> = matrix.runs(&subjects, |_| &model).collect();
/// let svg = plot_svg(&runs, Mode::All, Axis::Orders).unwrap();
/// assert!(svg.starts_with("<svg"));
/// assert!(svg.contains("arc-consistency") && svg.contains("input / descending"));
/// assert!(svg.contains("nodes (log scale)"));
/// # Ok::<(), String>(())
/// ```
pub fn plot_svg(runs: &[Run], mode: Mode, axis: Axis) -> Result<String, PlotError> {
    let mut svg = String::new();
    draw(&mut svg, runs, mode, axis).map_err(|e| PlotError(e.to_string()))?;
    Ok(svg)
}

fn draw(
    svg: &mut String,
    runs: &[Run],
    mode: Mode,
    axis: Axis,
) -> Result<(), Box<dyn std::error::Error>> {
    let root = SVGBackend::with_string(svg, SIZE).into_drawing_area();
    root.fill(&WHITE)?;
    let (lines, ticks) = series(runs, axis);
    let lo = ticks.iter().map(|t| t.0).min().unwrap_or(0);
    let hi = ticks.iter().map(|t| t.0).max().unwrap_or(0);
    let top = runs.iter().map(|r| r.nodes).max().unwrap_or(1).max(1) as f64;
    let goal = match mode {
        Mode::All => "all solutions",
        Mode::First => "the first solution",
    };
    let mut caption = format!("Search nodes to find {goal}");
    if runs.iter().any(|r| !r.status.is_finished()) {
        caption.push_str(" (hollow: limit reached)");
    }
    let mut chart = ChartBuilder::on(&root)
        .caption(caption, ("sans-serif", 24))
        .margin(20)
        .x_label_area_size(50)
        .y_label_area_size(100)
        .build_cartesian_2d((lo..hi).into_segmented(), (0.5..top * 3.0).log_scale())?;
    chart
        .configure_mesh()
        .x_desc(axis.description())
        .y_desc("nodes (log scale)")
        .axis_desc_style(("sans-serif", 18))
        .label_style(("sans-serif", 14))
        .x_labels(((hi - lo + 1) as usize).min(20))
        .x_label_formatter(&|x| match x {
            SegmentValue::CenterOf(n) | SegmentValue::Exact(n) => match axis {
                // Every number on a numeric axis, in the study or not.
                Axis::Subject(_) => n.to_string(),
                Axis::Orders => ticks
                    .iter()
                    .find(|t| t.0 == *n)
                    .map(|t| t.1.clone())
                    .unwrap_or_default(),
            },
            SegmentValue::Last => String::new(),
        })
        .y_label_formatter(&|y| {
            if *y >= 1.0 {
                group(y.round() as u64)
            } else {
                String::new()
            }
        })
        .draw()?;
    for (i, line) in lines.iter().enumerate() {
        let colour = COLOURS[i % COLOURS.len()];
        let point = |&(x, r): &(u32, &Run)| (SegmentValue::CenterOf(x), r.nodes as f64);
        let finished = line.points.iter().filter(|p| p.1.status.is_finished());
        chart
            .draw_series(LineSeries::new(
                finished.clone().map(point),
                colour.stroke_width(2),
            ))?
            .label(line.label.as_str())
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 24, y)], colour.stroke_width(2))
            });
        chart.draw_series(finished.map(|p| Circle::new(point(p), 4, colour.filled())))?;
        chart.draw_series(
            line.points
                .iter()
                .filter(|p| !p.1.status.is_finished())
                .map(|p| Circle::new(point(p), 5, colour.stroke_width(2))),
        )?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .label_font(("sans-serif", 16))
        .draw()?;
    root.present()?;
    Ok(())
}
