//! The replay page on n-queens: everything inlined, truncation noted, and
//! a model too large for the grid refused.

use csp::replay::record;
use csp::{Model, Solver, VarId};
use csp_front::replay::{Page, PageRun};
use queens::queens;

/// The engine's tests' n-queens model.
#[path = "../../csp/tests/common/queens.rs"]
mod queens;

#[test]
fn the_page_inlines_everything_and_notes_truncation() {
    let (model, _) = queens(6);
    let solver = Solver::new(&model);
    let (recording, outcome) = record(&solver, 100);
    let html = Page::new("six </script> queens")
        .run(
            PageRun::new("cut", &model, &recording)
                .unwrap()
                .outcome(&outcome),
        )
        .to_html();
    // One script element of data and one of code besides the error
    // collector; nothing loaded from elsewhere.
    assert_eq!(html.matches("<script").count(), 3);
    assert!(!html.contains("src="));
    assert!(!html.contains("http"));
    // The title is escaped in the HTML and in the data.
    assert!(html.contains("<title>six &lt;/script&gt; queens</title>"));
    assert_eq!(html.matches("</script>").count(), 3);
    assert!(html.contains("recording stopped at its cap of 100 events"));
}

#[test]
fn a_model_too_large_for_a_grid_is_refused() {
    let (model, _) = queens(101);
    let recording = Default::default();
    let err = PageRun::new("big", &model, &recording).unwrap_err();
    assert!(err.to_string().contains("at most 10000 cells"), "{err}");
    let (model, _) = queens(100);
    assert!(PageRun::new("fits", &model, &recording).is_ok());
}
