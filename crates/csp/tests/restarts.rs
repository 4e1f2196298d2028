//! Restarted searches end: cutoffs grow past any search, whatever the
//! settings.

use csp::{Limits, Model, Restarts, Solver, Strategy, VarOrder};

/// Four pigeons in three holes: no solution, and proving it takes more
/// failures than a run of one or two.
fn pigeons() -> Model {
    let mut m = Model::new();
    let x = m.int_vars(4, 0..3).unwrap();
    for i in 0..4 {
        for j in i + 1..4 {
            m.not_equal(x[i], x[j]).unwrap();
        }
    }
    m
}

#[test]
fn slowly_growing_and_invalid_restarts_still_finish() {
    let model = pigeons();
    let settings = [
        Restarts::Geometric {
            first: 1,
            factor: 1.001,
        },
        Restarts::Geometric {
            first: 1,
            factor: f64::NAN,
        },
        Restarts::Geometric {
            first: 0,
            factor: 0.5,
        },
        Restarts::Luby { scale: 0 },
    ];
    for restarts in settings {
        for &strategy in Strategy::ALL {
            let (first, outcome) = Solver::new(&model)
                .strategy(strategy)
                .var_order(VarOrder::DomWDeg)
                .restarts(restarts)
                .limits(Limits {
                    nodes: Some(1_000_000),
                    ..Limits::default()
                })
                .first();
            assert!(first.is_none());
            assert!(
                outcome.status.is_complete(),
                "{restarts:?} {strategy}: {:?} after {} restarts",
                outcome.status,
                outcome.stats.restarts
            );
        }
    }
}
