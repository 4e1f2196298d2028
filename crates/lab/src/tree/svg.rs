//! Drawing search trees side by side as one SVG document (written by hand:
//! a tree is boxes, lines and text; a chart library would add nothing).

use crate::tree::build::{NodeKind, SearchTree};
use crate::tree::layout::{leaves, tidy_layout};
use csp::Status;
use std::fmt::Write as _;
use std::io;

/// Width of one leaf slot.
const SLOT: f64 = 32.0;
/// Vertical distance between depths.
const LEVEL: f64 = 60.0;
/// A choice's box.
const BOX_W: f64 = 28.0;
const BOX_H: f64 = 30.0;
/// Space around and between panels.
const PAD: f64 = 24.0;
/// Height of a panel's caption block (title, summary, note).
const CAPTION: f64 = 64.0;
/// Height of the legend across the top.
const LEGEND: f64 = 64.0;
/// Rough width of a character of 13 px sans-serif text, for sizing.
const CHAR_W: f64 = 7.5;

/// How choices are written: the box's short label, the tooltip's
/// description and the legend's key to the labels. The default labels are
/// `i,v` (variable `i`, from 0, takes value `v`).
///
/// ```
/// use csp_lab::tree::ChoiceText;
/// struct Rows;
/// impl ChoiceText for Rows {
///     fn describe(&self, var: usize, value: i32) -> String {
///         format!("row {var}, column {value}")
///     }
///     fn legend(&self) -> String {
///         "r,c: a queen in row r, column c".into()
///     }
/// }
/// assert_eq!(Rows.label(1, 3), "1,3");
/// ```
pub trait ChoiceText {
    /// The box's label: short, boxes are 28 pixels wide.
    fn label(&self, var: usize, value: i32) -> String {
        format!("{var},{value}")
    }
    /// What the choice assigns, for its tooltip.
    fn describe(&self, var: usize, value: i32) -> String;
    /// The legend's key to the labels.
    fn legend(&self) -> String;
}

/// Choices of variables with names: labelled `i,v`, described `name = v`.
///
/// ```
/// use csp_lab::tree::{ChoiceText, Named};
/// let names = Named(vec!["x".into(), "y".into()]);
/// assert_eq!((names.label(1, 3), names.describe(1, 3)), ("1,3".into(), "y = 3".into()));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Named(pub Vec<String>);

impl ChoiceText for Named {
    fn describe(&self, var: usize, value: i32) -> String {
        match self.0.get(var) {
            Some(name) => format!("{name} = {value}"),
            None => format!("variable {var} = {value}"),
        }
    }

    fn legend(&self) -> String {
        "i,v: variable i (from 0, named in the tooltip) takes value v; \u{2212}k: values that \
         choice pruned from other variables"
            .into()
    }
}

/// One tree to draw, with its caption.
/// (Example under [`draw`].)
#[derive(Clone, Copy, Debug)]
pub struct Panel<'t> {
    /// The caption (for example the strategy's name).
    pub title: &'t str,
    /// The tree.
    pub tree: &'t SearchTree,
    /// How the search ended (a stopped search is noted under the caption).
    pub status: Status,
}

impl Panel<'_> {
    /// `26 choices: 2 solutions, 14 failed, 0 values pruned`.
    ///
    /// ```
    /// use csp_lab::tree::{grow, Panel};
    /// // 4 queens: one variable per row, its column the value.
    /// # let mut model = csp::Model::new();
    /// # let q = model.int_vars(4, 0..4).unwrap();
    /// # model.all_different(&q).unwrap();
    /// # model.all_different(q.iter().enumerate().map(|(i, &x)| x + i as i32)).unwrap();
    /// # model.all_different(q.iter().enumerate().map(|(i, &x)| x - i as i32)).unwrap();
    /// let solver = csp::Solver::new(&model).strategy(csp::Strategy::Backtracking);
    /// let (tree, outcome) = grow(&solver, csp::Limits::default(), 1000);
    /// let panel = Panel { title: "backtracking", tree: &tree, status: outcome.status };
    /// assert!(panel.summary().contains("2 solutions"));
    /// assert_eq!(panel.note(), None);
    /// ```
    pub fn summary(&self) -> String {
        let t = self.tree;
        format!(
            "{} choices: {} solutions, {} failed, {} values pruned",
            t.choices(),
            t.count(NodeKind::Solution),
            t.count(NodeKind::Failed),
            t.pruned()
        )
    }

    /// Why the tree is incomplete, if it is.
    ///
    /// ```
    /// use csp_lab::tree::{grow, Panel};
    /// // 5 queens: one variable per row, its column the value.
    /// # let mut model = csp::Model::new();
    /// # let q = model.int_vars(5, 0..5).unwrap();
    /// # model.all_different(&q).unwrap();
    /// # model.all_different(q.iter().enumerate().map(|(i, &x)| x + i as i32)).unwrap();
    /// # model.all_different(q.iter().enumerate().map(|(i, &x)| x - i as i32)).unwrap();
    /// let (tree, outcome) = grow(&csp::Solver::new(&model), csp::Limits::default(), 3);
    /// let panel = Panel { title: "forward-checking", tree: &tree, status: outcome.status };
    /// assert_eq!(panel.note().as_deref(), Some("tree truncated at 3 nodes"));
    /// ```
    pub fn note(&self) -> Option<String> {
        if self.tree.is_truncated() {
            Some(format!(
                "tree truncated at {} nodes",
                self.tree.max_choices()
            ))
        } else if let Status::Stopped(reason) = self.status {
            Some(format!("search stopped ({reason})"))
        } else {
            None
        }
    }

    fn width(&self) -> f64 {
        let text = [
            self.title.len(),
            self.summary().len(),
            self.note().map_or(0, |n| n.len()),
        ];
        let text_width = text.into_iter().max().unwrap_or(0) as f64 * CHAR_W;
        (leaves(self.tree) as f64 * SLOT).max(text_width) + 2.0 * PAD
    }

    fn height(&self) -> f64 {
        CAPTION + (self.tree.max_depth() as f64 + 1.0) * LEVEL + PAD
    }
}

/// Fill and stroke of each kind of node: the engine's palette, shared
/// with the replay page.
fn colours(kind: NodeKind) -> (&'static str, &'static str) {
    csp_front::replay::node_colours(kind.name()).unwrap_or(("#ffffff", "#000000"))
}

/// The trees side by side under a legend. Each choice is a box
/// (`class="choice KIND"`) labelled as `text` says, with the number of
/// values its propagation pruned under the label (`−k`); a tooltip spells
/// it out.
///
/// ```
/// use csp_lab::tree::{draw, grow, Named, Panel};
/// // 4 queens: one variable per row, its column the value.
/// # let mut model = csp::Model::new();
/// # let q = model.int_vars(4, 0..4).unwrap();
/// # model.all_different(&q).unwrap();
/// # model.all_different(q.iter().enumerate().map(|(i, &x)| x + i as i32)).unwrap();
/// # model.all_different(q.iter().enumerate().map(|(i, &x)| x - i as i32)).unwrap();
/// let solver = csp::Solver::new(&model);
/// let (tree, outcome) = grow(&solver, csp::Limits::default(), 1000);
/// let svg = draw(&[Panel { title: "forward-checking", tree: &tree, status: outcome.status }], &Named::default());
/// assert!(svg.starts_with("<svg"));
/// assert_eq!(svg.matches("class=\"choice ").count(), tree.choices());
/// ```
pub fn draw(panels: &[Panel<'_>], text: &dyn ChoiceText) -> String {
    let mut svg = Vec::new();
    draw_to(&mut svg, panels, text).expect("writing to a Vec cannot fail");
    String::from_utf8(svg).expect("the drawing is UTF-8")
}

/// Writes the drawing of [`draw`] to `out` as it goes (a large tree's
/// document is never held in memory whole).
///
/// ```
/// use csp_lab::tree::{draw, draw_to, grow, Named, Panel};
/// // 4 queens: one variable per row, its column the value.
/// # let mut model = csp::Model::new();
/// # let q = model.int_vars(4, 0..4).unwrap();
/// # model.all_different(&q).unwrap();
/// # model.all_different(q.iter().enumerate().map(|(i, &x)| x + i as i32)).unwrap();
/// # model.all_different(q.iter().enumerate().map(|(i, &x)| x - i as i32)).unwrap();
/// let (tree, outcome) = grow(&csp::Solver::new(&model), csp::Limits::default(), 1000);
/// let panels = [Panel { title: "forward-checking", tree: &tree, status: outcome.status }];
/// let mut streamed = Vec::new();
/// draw_to(&mut streamed, &panels, &Named::default())?;
/// assert_eq!(String::from_utf8(streamed).unwrap(), draw(&panels, &Named::default()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn draw_to(
    out: &mut dyn io::Write,
    panels: &[Panel<'_>],
    text: &dyn ChoiceText,
) -> io::Result<()> {
    let widths: Vec<f64> = panels.iter().map(Panel::width).collect();
    let width = (widths.iter().sum::<f64>() + PAD).max(760.0);
    let height = LEGEND + panels.iter().map(Panel::height).fold(0.0, f64::max);
    let names: Vec<&str> = panels.iter().map(|p| p.title).collect();
    writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" \
         viewBox=\"0 0 {width:.0} {height:.0}\" font-family=\"sans-serif\">"
    )?;
    writeln!(
        out,
        "<title>Search trees: {}</title>",
        escape(&names.join(", "))
    )?;
    writeln!(
        out,
        "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>"
    )?;
    legend(out, text)?;
    let mut left = PAD;
    for (panel, w) in panels.iter().zip(&widths) {
        draw_panel(out, panel, text, left, LEGEND)?;
        left += w;
    }
    out.write_all(b"</svg>\n")
}

fn legend(out: &mut dyn io::Write, text: &dyn ChoiceText) -> io::Result<()> {
    let items = [
        (NodeKind::Inner, "choice"),
        (
            NodeKind::Failed,
            "failed (rejected by check or propagation)",
        ),
        (NodeKind::Solution, "solution"),
        (NodeKind::Unexplored, "not explored (search stopped)"),
    ];
    writeln!(out, "<g class=\"legend\" font-size=\"13\">")?;
    let mut x = PAD;
    for (kind, text) in items {
        let (fill, stroke) = colours(kind);
        writeln!(
            out,
            "<rect x=\"{x}\" y=\"14\" width=\"16\" height=\"16\" rx=\"4\" fill=\"{fill}\" stroke=\"{stroke}\"/>\
             <text x=\"{}\" y=\"27\">{text}</text>",
            x + 22.0
        )?;
        x += 22.0 + text.len() as f64 * CHAR_W + 24.0;
    }
    writeln!(
        out,
        "<text x=\"{PAD}\" y=\"50\" fill=\"#555555\">{}</text>\n</g>",
        escape(&text.legend())
    )
}

fn draw_panel(
    out: &mut dyn io::Write,
    panel: &Panel<'_>,
    text: &dyn ChoiceText,
    left: f64,
    top: f64,
) -> io::Result<()> {
    let tree = panel.tree;
    let slots = tidy_layout(tree);
    let tree_width = leaves(tree) as f64 * SLOT;
    // Centre the tree under a caption wider than itself.
    let inner_left = left + PAD + ((panel.width() - 2.0 * PAD - tree_width) / 2.0).max(0.0);
    let at = |i: usize| {
        let x = inner_left + (slots[i] + 0.5) * SLOT;
        let y = top + CAPTION + tree.nodes()[i].depth as f64 * LEVEL + BOX_H / 2.0;
        (x, y)
    };
    writeln!(
        out,
        "<g class=\"tree\" data-title=\"{}\">",
        escape(panel.title)
    )?;
    writeln!(
        out,
        "<text class=\"caption\" x=\"{:.1}\" y=\"{:.1}\" font-size=\"16\" font-weight=\"bold\">{}</text>",
        left + PAD,
        top + 18.0,
        escape(panel.title)
    )?;
    writeln!(
        out,
        "<text class=\"summary\" x=\"{:.1}\" y=\"{:.1}\" font-size=\"13\">{}</text>",
        left + PAD,
        top + 36.0,
        panel.summary()
    )?;
    if let Some(note) = panel.note() {
        writeln!(
            out,
            "<text class=\"note\" x=\"{:.1}\" y=\"{:.1}\" font-size=\"13\" fill=\"#c0392b\">{note}</text>",
            left + PAD,
            top + 52.0
        )?;
    }
    // Edges first, so boxes cover their ends.
    for (i, node) in tree.nodes().iter().enumerate() {
        if let Some(parent) = node.parent {
            let ((px, py), (cx, cy)) = (at(parent), at(i));
            writeln!(
                out,
                "<line x1=\"{px:.1}\" y1=\"{:.1}\" x2=\"{cx:.1}\" y2=\"{:.1}\" stroke=\"#9aa5b1\"/>",
                py + BOX_H / 2.0,
                cy - BOX_H / 2.0
            )?;
        }
    }
    for (i, node) in tree.nodes().iter().enumerate() {
        let (x, y) = at(i);
        let kind = node.kind();
        let (fill, stroke) = colours(kind);
        let Some((var, value)) = node.choice else {
            writeln!(
                out,
                "<circle class=\"root\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"7\" fill=\"{fill}\"><title>root</title></circle>"
            )?;
            continue;
        };
        let mut tip = format!("{}: {}", text.describe(var, value), kind.name());
        if node.pruned > 0 {
            let _ = write!(tip, "; {} values pruned", node.pruned);
        }
        if node.backjump.is_some() {
            tip.push_str("; a backjump from below returned here");
        }
        if node.learned > 0 {
            let _ = write!(tip, "; {} nogoods learned right below", node.learned);
        }
        let dash = if kind == NodeKind::Unexplored {
            " stroke-dasharray=\"3,2\""
        } else {
            ""
        };
        writeln!(
            out,
            "<g><title>{}</title><rect class=\"choice {}\" x=\"{:.1}\" y=\"{:.1}\" width=\"{BOX_W}\" height=\"{BOX_H}\" rx=\"6\" \
             fill=\"{fill}\" stroke=\"{stroke}\"{dash}/>\
             <text x=\"{x:.1}\" y=\"{:.1}\" font-size=\"10\" text-anchor=\"middle\">{}</text>",
            escape(&tip),
            kind.name(),
            x - BOX_W / 2.0,
            y - BOX_H / 2.0,
            y - 2.0,
            escape(&text.label(var, value))
        )?;
        if node.pruned > 0 {
            write!(
                out,
                "<text class=\"pruned\" x=\"{x:.1}\" y=\"{:.1}\" font-size=\"9\" text-anchor=\"middle\" fill=\"#555555\">\u{2212}{}</text>",
                y + 10.0,
                node.pruned
            )?;
        }
        out.write_all(b"</g>\n")?;
    }
    out.write_all(b"</g>\n")
}

/// Escapes text for SVG content and attribute values.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
