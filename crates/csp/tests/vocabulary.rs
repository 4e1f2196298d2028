//! The README's vocabulary snippet builds, and its solutions are solutions.

use csp::{Cmp, Condition, Model, ModelError, Solver, Strategy};

fn readme_model() -> Result<Model, ModelError> {
    let mut m = Model::new();
    let x = m.int_vars(4, 0..8)?;
    m.equal(x[0], x[1] + 1)?;
    m.less(x[1] - x[2], 3)?;
    m.assign(x[3], 5)?;
    m.linear([(2, x[0]), (1, x[1])], Cmp::Le, 12)?;
    m.all_different((1..4).map(|i| x[i] - x[i - 1]))?;
    let z = m.int_var(0..64)?;
    m.distance(x[0], x[2], z)?;
    m.times(x[0], x[1], z)?;
    m.maximum(&x, z)?;
    m.element([3, 1, 4, 1, 5, 9, 2, 6], x[0], x[2])?;
    let b = m.bool_vars(2)?;
    m.clause([b[0]], [b[1]])?;
    m.reify(b[0], Condition::less(x[0], x[1]))?;
    m.implies(b[1], Condition::member(x[2], [1, 3, 5]))?;
    Ok(m)
}

#[test]
fn the_readme_vocabulary_model_solves_the_same_under_every_strategy() {
    let model = readme_model().unwrap();
    let mut counts = Vec::new();
    // Generate-and-test would enumerate billions of leaves here.
    let strategies = [
        Strategy::Backtracking,
        Strategy::ForwardChecking,
        Strategy::ArcConsistency,
    ];
    for strategy in strategies {
        let solver = Solver::new(&model).strategy(strategy);
        let mut n = 0;
        for s in solver.search() {
            assert!(model.is_solution(s.values()));
            n += 1;
        }
        counts.push(n);
    }
    assert!(counts.windows(2).all(|w| w[0] == w[1]), "{counts:?}");
}
