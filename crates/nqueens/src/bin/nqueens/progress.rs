//! A spinner (or, for a count split into parts, a bar) on stderr for long
//! searches, shown only when stderr is a
//! terminal (so pipes and logs stay clean).

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::time::Duration;

/// Solutions between two updates of the spinner's message.
const UPDATE_EVERY: u64 = 4096;

pub struct Progress {
    bar: Option<ProgressBar>,
}

impl Progress {
    /// A spinner if `wanted` and stderr is a terminal; otherwise nothing.
    pub fn new(wanted: bool) -> Progress {
        let bar = (wanted && std::io::stderr().is_terminal()).then(|| {
            let bar = ProgressBar::new_spinner();
            bar.set_style(
                ProgressStyle::with_template("{spinner} {elapsed} {msg}  (Ctrl-C stops)")
                    .unwrap_or_else(|_| ProgressStyle::default_spinner()),
            );
            bar.set_message("0 solutions so far");
            bar.enable_steady_tick(Duration::from_millis(120));
            bar
        });
        Progress { bar }
    }

    /// Notes that `solutions` have been found.
    pub fn solutions(&self, solutions: u64) {
        if let Some(bar) = &self.bar
            && solutions.is_multiple_of(UPDATE_EVERY)
        {
            bar.set_message(format!("{solutions} solutions so far"));
        }
    }

    /// Notes that `done` of `total` units of a split count are done: the
    /// spinner becomes a bar of parts.
    pub fn units(&self, done: usize, total: usize) {
        if let Some(bar) = &self.bar {
            if bar.length() != Some(total as u64) {
                bar.set_style(
                    ProgressStyle::with_template(
                        "{elapsed} [{wide_bar}] {pos}/{len} parts  (Ctrl-C stops)",
                    )
                    .unwrap_or_else(|_| ProgressStyle::default_bar()),
                );
                bar.set_length(total as u64);
            }
            bar.set_position(done as u64);
        }
    }

    /// Removes the spinner before the summary is printed.
    pub fn clear(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
