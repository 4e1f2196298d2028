//! Unary resources hidden in pairwise no-overlap decompositions. A model
//! that writes `s[i] + d[i] <= s[j] \/ s[j] + d[j] <= s[i]` for every
//! pair of tasks on a machine (MiniZinc's job-shop model does, and the
//! RCPSP model for pairs that exceed a capacity) reaches FlatZinc as a
//! clause `b1 \/ b2` over two (half-)reified `int_lin_le`s, which no
//! `mznlib/` mapping can see. This finds them, groups the pairs into
//! cliques (every two tasks of a clique exclude each other) and returns
//! each clique of three or more as a `disjunctive` over its starts, which
//! the builder posts beside the pairs: implied by them, so the solutions
//! stay the same, while the unary rules see the whole machine.
//!
//! A clique whose tasks all belong to one cumulative of the model (the
//! RCPSP model's pairs) is left out: the cumulative already reasons over
//! the whole resource, and the unary rules' extra propagations and
//! explanations cost clause learning more than they save there (rcpsp/01
//! proved in 0.7 s without them, 17 s with; BENCHMARKS.md, "Implied
//! unary resources only beside no cumulative").

use crate::builtins::Mode;
use crate::instance::{Instance, Term};
use std::collections::{BTreeMap, HashMap, HashSet};

/// Cliques are looked for only below this many pairs (the cover is
/// quadratic in a task's neighbours).
const MAX_PAIRS: usize = 200_000;

/// One implied unary resource: FlatZinc variable indices and durations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unary {
    /// The start variables.
    pub starts: Vec<usize>,
    /// Their constant durations, all positive.
    pub durations: Vec<i64>,
}

/// The unary resources the pairwise no-overlaps of `inst` imply, each of
/// at least three tasks, and not all in one cumulative's tasks.
///
/// ```
/// let src = "var 0..9: a;\nvar 0..9: b;\nvar 0..9: c;\n\
///     var bool: p;\nvar bool: q;\nvar bool: r;\nvar bool: s;\nvar bool: t;\nvar bool: u;\n\
///     constraint int_lin_le_imp([1,-1],[a,b],-2,p);\nconstraint int_lin_le_imp([1,-1],[b,a],-3,q);\n\
///     constraint int_lin_le_imp([1,-1],[a,c],-2,r);\nconstraint int_lin_le_imp([1,-1],[c,a],-4,s);\n\
///     constraint int_lin_le_imp([1,-1],[b,c],-3,t);\nconstraint int_lin_le_imp([1,-1],[c,b],-4,u);\n\
///     constraint array_bool_or([p,q],true);\nconstraint bool_clause([r,s],[]);\n\
///     constraint array_bool_or([t,u],true);\nsolve satisfy;";
/// let inst = csp_fzn::resolve(&csp_fzn::parse(src).unwrap()).unwrap();
/// let found = csp_fzn::no_overlap::implied_unary(&inst);
/// assert_eq!(found.len(), 1);
/// assert_eq!(found[0].starts, vec![0, 1, 2]);
/// assert_eq!(found[0].durations, vec![2, 3, 4]);
/// ```
pub fn implied_unary(inst: &Instance) -> Vec<Unary> {
    let implies = precedences(inst);
    if implies.is_empty() {
        return Vec::new();
    }
    // Tasks are (start, duration) pairs; edges join tasks that exclude
    // each other.
    let mut task_of: BTreeMap<(usize, i64), usize> = BTreeMap::new();
    let mut edges: HashSet<(usize, usize)> = HashSet::new();
    for (a, b) in clauses(inst) {
        let (Some(&(x1, y1, c1)), Some(&(x2, y2, c2))) = (implies.get(&a), implies.get(&b)) else {
            continue;
        };
        // a: x1 + d1 <= y1 and b: x2 + d2 <= x1 with y1 = x2.
        if x1 != y2 || y1 != x2 || x1 == y1 || c1 >= 0 || c2 >= 0 {
            continue;
        }
        let mut task = |key| {
            let next = task_of.len();
            *task_of.entry(key).or_insert(next)
        };
        let (u, v) = (task((x1, -c1)), task((y1, -c2)));
        edges.insert((u.min(v), u.max(v)));
        if edges.len() > MAX_PAIRS {
            return Vec::new();
        }
    }
    let mut tasks = vec![(0, 0); task_of.len()];
    for (&key, &t) in &task_of {
        tasks[t] = key;
    }
    let resources = cumulative_starts(inst);
    cliques(tasks.len(), &edges)
        .into_iter()
        .map(|clique| Unary {
            starts: clique.iter().map(|&t| tasks[t].0).collect(),
            durations: clique.iter().map(|&t| tasks[t].1).collect(),
        })
        .filter(|u| {
            !resources
                .iter()
                .any(|r| u.starts.iter().all(|x| r.contains(x)))
        })
        .collect()
}

/// The start variables of each cumulative of `inst` (`csp_cumulative`,
/// which the disjunctive forms reach too, and `csp_cumulative_vars`).
fn cumulative_starts(inst: &Instance) -> Vec<HashSet<usize>> {
    (inst.constraints.iter())
        .filter(|con| matches!(con.entry.name, "csp_cumulative" | "csp_cumulative_vars"))
        .map(|con| {
            (con.args[0].terms().iter())
                .filter_map(|&t| match t {
                    Term::Var(x) => Some(x),
                    Term::Const(_) => None,
                })
                .collect()
        })
        .collect()
}

/// Each boolean variable `b` that implies `x - y <= c` (from
/// `int_lin_le_imp` or `int_lin_le_reif` over `[1, -1]` or `[-1, 1]`).
fn precedences(inst: &Instance) -> HashMap<usize, (usize, usize, i64)> {
    let mut out = HashMap::new();
    for con in &inst.constraints {
        let e = con.entry;
        if e.name != "int_lin_le_imp" && e.name != "int_lin_le_reif" {
            continue;
        }
        debug_assert!(matches!(e.mode, Mode::Imp | Mode::Reif));
        let coefs: Vec<i64> = con.args[0].ints().collect();
        let (vars, c, b) = (con.args[1].terms(), con.args[2].int(), con.args[3].term());
        let (&[Term::Var(p), Term::Var(q)], Term::Var(b)) = (vars, b) else {
            continue;
        };
        let (x, y) = match coefs[..] {
            [1, -1] => (p, q),
            [-1, 1] => (q, p),
            _ => continue,
        };
        out.insert(b, (x, y, c));
    }
    out
}

/// The two-literal positive clauses: `array_bool_or([a, b], true)` and
/// `bool_clause([a, b], [])`.
fn clauses(inst: &Instance) -> impl Iterator<Item = (usize, usize)> + '_ {
    inst.constraints.iter().filter_map(|con| {
        let lits = match con.entry.name {
            "array_bool_or" if con.args[1].term() == Term::Const(1) => con.args[0].terms(),
            "bool_clause" if con.args[1].terms().is_empty() => con.args[0].terms(),
            _ => return None,
        };
        match lits {
            &[Term::Var(a), Term::Var(b)] => Some((a, b)),
            _ => None,
        }
    })
}

/// A greedy cover of the edges by cliques: from each task in order of
/// degree, grow a clique along each uncovered edge, adding the common
/// neighbours that join every member. Cliques of three or more.
fn cliques(n: usize, edges: &HashSet<(usize, usize)>) -> Vec<Vec<usize>> {
    let mut adj = vec![Vec::new(); n];
    for &(u, v) in edges {
        adj[u].push(v);
        adj[v].push(u);
    }
    for a in &mut adj {
        a.sort_unstable();
    }
    let linked = |u: usize, v: usize| edges.contains(&(u.min(v), u.max(v)));
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&u| (std::cmp::Reverse(adj[u].len()), u));
    let mut covered: HashSet<(usize, usize)> = HashSet::new();
    let mut out = Vec::new();
    for &u in &order {
        for &v in &adj[u] {
            if covered.contains(&(u.min(v), u.max(v))) {
                continue;
            }
            let mut clique = vec![u, v];
            let mut candidates: Vec<usize> = adj[u]
                .iter()
                .copied()
                .filter(|&w| w != v && linked(v, w))
                .collect();
            candidates.sort_by_key(|&w| (std::cmp::Reverse(adj[w].len()), w));
            for w in candidates {
                if clique.iter().all(|&m| linked(m, w)) {
                    clique.push(w);
                }
            }
            for (i, &a) in clique.iter().enumerate() {
                for &b in &clique[i + 1..] {
                    covered.insert((a.min(b), a.max(b)));
                }
            }
            if clique.len() >= 3 {
                clique.sort_unstable();
                out.push(clique);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Three tasks that pairwise exclude each other, and `extra`.
    fn three_tasks(extra: &str) -> Vec<Unary> {
        let src = format!(
            "var 0..9: a;\nvar 0..9: b;\nvar 0..9: c;\nvar 0..9: e;\n\
             var bool: p;\nvar bool: q;\nvar bool: r;\nvar bool: s;\nvar bool: t;\nvar bool: u;\n\
             constraint int_lin_le_imp([1,-1],[a,b],-2,p);\nconstraint int_lin_le_imp([1,-1],[b,a],-3,q);\n\
             constraint int_lin_le_imp([1,-1],[a,c],-2,r);\nconstraint int_lin_le_imp([1,-1],[c,a],-4,s);\n\
             constraint int_lin_le_imp([1,-1],[b,c],-3,t);\nconstraint int_lin_le_imp([1,-1],[c,b],-4,u);\n\
             constraint array_bool_or([p,q],true);\nconstraint array_bool_or([r,s],true);\n\
             constraint array_bool_or([t,u],true);\n{extra}solve satisfy;"
        );
        let inst = crate::resolve(&crate::parse(&src).unwrap()).unwrap();
        implied_unary(&inst)
    }

    #[test]
    fn a_clique_inside_one_cumulative_is_left_out() {
        assert_eq!(three_tasks("").len(), 1);
        let all = "constraint csp_cumulative([a,b,c],[2,3,4],[2,2,2],3);\n";
        assert_eq!(three_tasks(all), vec![]);
        // A cumulative over only some of the tasks leaves the clique in.
        let some = "constraint csp_cumulative([a,b,e],[2,3,1],[2,2,2],3);\n";
        assert_eq!(three_tasks(some).len(), 1);
    }

    #[test]
    fn two_machines_give_two_cliques() {
        // Tasks 0..3 exclude each other, and tasks 3..6; 2 and 3 too.
        let mut edges = HashSet::new();
        for group in [[0, 1, 2], [3, 4, 5]] {
            for i in 0..3 {
                for j in i + 1..3 {
                    edges.insert((group[i], group[j]));
                }
            }
        }
        edges.insert((2, 3));
        let mut found = cliques(6, &edges);
        found.sort();
        assert_eq!(found, vec![vec![0, 1, 2], vec![3, 4, 5]]);
    }
}
