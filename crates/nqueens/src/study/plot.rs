//! `--plot`: search nodes (log scale) against board size, one line per
//! strategy (and order pair), drawn with `plotters` into an SVG string.

use crate::study::matrix::{Mode, Run};
use crate::study::table::group;
use csp::{Strategy, ValueOrder, VarOrder};
use plotters::prelude::*;
use std::fmt;

/// Drawing the chart failed (the backend could not write its output).
///
/// ```
/// let e = nqueens::study::PlotError("backend failed".into());
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

/// One line of the chart: the runs of one strategy and order pair.
struct Series<'r> {
    label: String,
    runs: Vec<&'r Run>,
}

/// Groups runs by (strategy, variable order, value order), in order of
/// first appearance, each group sorted by size. Labels name the orders only
/// when the study compared more than one.
fn series(runs: &[Run]) -> Vec<Series<'_>> {
    let key = |r: &Run| (r.strategy, r.var_order, r.value_order);
    let mut keys: Vec<(Strategy, VarOrder, ValueOrder)> = Vec::new();
    for r in runs {
        if !keys.contains(&key(r)) {
            keys.push(key(r));
        }
    }
    let several_var_orders = keys.iter().any(|k| k.1 != keys[0].1);
    let several_value_orders = keys.iter().any(|k| k.2 != keys[0].2);
    keys.iter()
        .map(|&(strategy, var_order, value_order)| {
            let mut label = strategy.to_string();
            if several_var_orders {
                label.push_str(&format!(", {var_order}"));
            }
            if several_value_orders {
                label.push_str(&format!(", {value_order}"));
            }
            let mut members: Vec<&Run> = runs
                .iter()
                .filter(|r| key(r) == (strategy, var_order, value_order))
                .collect();
            members.sort_by_key(|r| r.n);
            Series {
                label,
                runs: members,
            }
        })
        .collect()
}

/// The chart as an SVG document: nodes (log scale) against n, one line per
/// series with a legend entry each. Runs stopped by their limit are drawn
/// as hollow markers off the line (their node count is a lower bound).
///
/// ```
/// use nqueens::study::{plot_svg, Mode, Study};
/// let study = Study::new(Mode::All, "4..=6".parse()?, csp::Limits::default());
/// let runs: Vec<_> = study.runs().collect();
/// let svg = plot_svg(&runs, Mode::All).unwrap();
/// assert!(svg.starts_with("<svg"));
/// assert!(svg.contains("arc-consistency"));
/// assert!(svg.contains("nodes (log scale)"));
/// # Ok::<(), String>(())
/// ```
pub fn plot_svg(runs: &[Run], mode: Mode) -> Result<String, PlotError> {
    let mut svg = String::new();
    draw(&mut svg, runs, mode).map_err(|e| PlotError(e.to_string()))?;
    Ok(svg)
}

fn draw(svg: &mut String, runs: &[Run], mode: Mode) -> Result<(), Box<dyn std::error::Error>> {
    let root = SVGBackend::with_string(svg, SIZE).into_drawing_area();
    root.fill(&WHITE)?;
    let lo = runs.iter().map(|r| r.n).min().unwrap_or(1) as u32;
    let hi = runs.iter().map(|r| r.n).max().unwrap_or(1) as u32;
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
        .x_desc("n (board size)")
        .y_desc("nodes (log scale)")
        .axis_desc_style(("sans-serif", 18))
        .label_style(("sans-serif", 14))
        .x_labels(((hi - lo + 1) as usize).min(20))
        .x_label_formatter(&|x| match x {
            SegmentValue::CenterOf(n) | SegmentValue::Exact(n) => n.to_string(),
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
    for (i, line) in series(runs).iter().enumerate() {
        let colour = COLOURS[i % COLOURS.len()];
        let point = |r: &Run| (SegmentValue::CenterOf(r.n as u32), r.nodes as f64);
        let finished = line.runs.iter().filter(|r| r.status.is_finished());
        chart
            .draw_series(LineSeries::new(
                finished.clone().map(|r| point(r)),
                colour.stroke_width(2),
            ))?
            .label(line.label.as_str())
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 24, y)], colour.stroke_width(2))
            });
        chart.draw_series(finished.map(|r| Circle::new(point(r), 4, colour.filled())))?;
        chart.draw_series(
            line.runs
                .iter()
                .filter(|r| !r.status.is_finished())
                .map(|r| Circle::new(point(r), 5, colour.stroke_width(2))),
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
