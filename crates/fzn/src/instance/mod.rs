//! Name resolution: turns a parsed file into variables with finite domains
//! and constraints whose arguments are typed terms (a constant or a
//! variable), checked against each builtin's signature. Aliases
//! (`var 1..5: y = x;`) share the variable they name, with the domains
//! intersected; a variable assigned a constant becomes that constant.
//! The output annotations are read in `outputs.rs`, the solve item's
//! search and restart annotations in `search_ann.rs`.

use crate::ast::{Annotation, BaseType, Decl, Expr, FlatZinc, Goal, IntSet};
use crate::builtins::{self, Entry, Param};
use crate::deadline::Deadline;
use crate::error::FznError;
pub use crate::term::{Arg, Term};
use outputs::output_of;
pub use outputs::Output;
pub use search_ann::SearchAnn;
use std::collections::HashMap;

mod outputs;
mod search_ann;

/// The widest integer domain a variable may have (the engine's
/// [`csp::MAX_DOMAIN_WIDTH`]: every 32-bit value but `i32::MIN`).
pub const MAX_WIDTH: u64 = csp::MAX_DOMAIN_WIDTH;

/// The domain of a `var int` declared without bounds (MiniZinc emits them
/// for intermediate variables it could not bound): Gecode's integer range,
/// `-2147483646..=2147483646` (one inside the engine's `-i32::MAX..=i32::MAX`
/// on each side, so `x + 1` stays a 32-bit value; MiniZinc's tests expect
/// these ends). The engine reasons on such a range by its bounds, and its
/// linear, product and division arithmetic works in 128 bits, so no sum or
/// product of these values overflows.
///
/// ```
/// let fzn = csp_fzn::parse("var int: x;\nsolve satisfy;").unwrap();
/// let inst = csp_fzn::resolve(&fzn).unwrap();
/// assert_eq!(inst.vars[0].domain.bounds(), Some(csp_fzn::instance::UNBOUNDED));
/// ```
pub const UNBOUNDED: (i64, i64) = (-(i32::MAX as i64 - 1), i32::MAX as i64 - 1);

/// A FlatZinc variable.
#[derive(Clone, Debug)]
pub struct Var {
    /// Its declared name.
    pub name: String,
    /// Declared `var bool`.
    pub is_bool: bool,
    /// Its values (finite).
    pub domain: IntSet,
    /// Declared with `var_is_introduced` or `is_defined_var`: branched on last.
    pub introduced: bool,
}

/// A constraint ready to post: its table entry, typed arguments and line.
#[derive(Clone, Debug)]
pub struct Constraint {
    /// The builtin.
    pub entry: &'static Entry,
    /// Arguments matching the entry's signature.
    pub args: Vec<Arg>,
    /// The variable its `defines_var(x)` annotation names (MiniZinc's
    /// functional definition of `x`), if any.
    pub defines: Option<usize>,
    /// Annotated `:: domain` (domain consistency asked for).
    pub domain: bool,
    /// Where it is.
    pub line: usize,
}

/// The objective.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Objective {
    /// Satisfaction.
    Satisfy,
    /// Minimise this term.
    Minimize(Term),
    /// Maximise this term.
    Maximize(Term),
}

/// A resolved FlatZinc model: variables with finite domains, constraints
/// with their builtins, outputs, the goal and the search annotations.
///
/// ```
/// use csp_fzn::instance::Objective;
/// let fzn = csp_fzn::parse("var bool: b :: output_var;\nvar 0..5: x :: var_is_introduced;\nconstraint bool2int(b, x);\nsolve maximize x;").unwrap();
/// let inst = csp_fzn::resolve(&fzn).unwrap();
/// assert!(inst.vars[0].is_bool && inst.vars[1].introduced);
/// assert_eq!(inst.outputs[0].name, "b");
/// assert_eq!(inst.objective, Objective::Maximize(csp_fzn::Term::Var(1)));
/// ```
#[derive(Clone, Debug)]
pub struct Instance {
    /// The variables, in declaration order.
    pub vars: Vec<Var>,
    /// The constraints, in file order.
    pub constraints: Vec<Constraint>,
    /// What to print for a solution, in declaration order.
    pub outputs: Vec<Output>,
    /// The goal.
    pub objective: Objective,
    /// The solve item's annotations, with names resolved to terms.
    pub search: Vec<SearchAnn>,
    /// A declaration contradicted itself (`var 1..3: x = 5;`): no solution.
    pub inconsistent: bool,
}

#[derive(Clone, Debug)]
enum Value {
    Scalar(Term, bool),
    Set(IntSet),
    Array(Vec<(Term, bool)>),
    SetArray,
    Float,
}

/// Resolves a parsed file.
///
/// ```
/// let fzn = csp_fzn::parse("var 1..3: x :: output_var;\nvar 2..9: y = x;\nconstraint int_ne(y, 2);\nsolve satisfy;").unwrap();
/// let inst = csp_fzn::resolve(&fzn).unwrap();
/// assert_eq!(inst.vars.len(), 1); // y is x
/// assert_eq!(inst.vars[0].domain.ranges(), &[(2, 3)]);
/// let bad = csp_fzn::parse("var 1..3: x;\nconstraint no_such_thing(x);\nsolve satisfy;").unwrap();
/// assert_eq!(csp_fzn::resolve(&bad).unwrap_err().to_string(), "line 2: unsupported builtin 'no_such_thing'");
/// ```
pub fn resolve(fzn: &FlatZinc) -> Result<Instance, FznError> {
    resolve_until(fzn, &mut Deadline::none())
}

/// [`resolve`], stopping with [`FznError::time_limit`] once `deadline`
/// passes (polled per item).
///
/// ```
/// use csp_fzn::deadline::Deadline;
/// let fzn = csp_fzn::parse("var 1..3: x;\nsolve satisfy;").unwrap();
/// let past = &mut Deadline::at(Some(std::time::Instant::now()));
/// assert!(csp_fzn::resolve_until(&fzn, past).unwrap_err().is_time_limit());
/// ```
pub fn resolve_until(fzn: &FlatZinc, deadline: &mut Deadline) -> Result<Instance, FznError> {
    deadline.check()?;
    let mut r = Resolver {
        names: HashMap::new(),
        vars: Vec::new(),
        inconsistent: false,
    };
    let mut outputs = Vec::new();
    for decl in &fzn.decls {
        deadline.check()?;
        r.decl(decl, &mut outputs)?;
    }
    let mut constraints = Vec::with_capacity(fzn.constraints.len());
    for c in &fzn.constraints {
        deadline.check()?;
        let entry = builtins::lookup(&c.name, c.args.len()).ok_or_else(|| {
            let known = builtins::lookup_name(&c.name);
            FznError::new(
                c.line,
                match known {
                    Some(arity) => format!(
                        "builtin '{}' takes {arity} arguments, not {}",
                        c.name,
                        c.args.len()
                    ),
                    None => format!("unsupported builtin '{}'", c.name),
                },
            )
        })?;
        let args = entry
            .params
            .iter()
            .zip(&c.args)
            .enumerate()
            .map(|(i, (&p, e))| {
                r.arg(e, p, c.line).map_err(|m| {
                    FznError::new(c.line, format!("argument {} of {}: {m}", i + 1, c.name))
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        // (An annotation naming no variable says nothing: ignored.)
        let defines = c
            .anns
            .iter()
            .find(|a| a.name == "defines_var")
            .and_then(|a| match a.args.first().map(|e| r.value(e, c.line)) {
                Some(Ok(Value::Scalar(Term::Var(x), _))) => Some(x),
                _ => None,
            });
        constraints.push(Constraint {
            entry,
            args,
            defines,
            domain: has_ann(&c.anns, "domain"),
            line: c.line,
        });
    }
    let line = fzn.solve.line;
    let objective = match &fzn.solve.goal {
        Goal::Satisfy => Objective::Satisfy,
        Goal::Minimize(e) | Goal::Maximize(e) => {
            let t = match r.value(e, line).map_err(|m| FznError::new(line, m))? {
                Value::Scalar(t, _) => t,
                Value::Float => {
                    return Err(FznError::new(line, "float objectives are not supported"))
                }
                _ => return Err(FznError::new(line, "the objective must be an integer")),
            };
            if matches!(fzn.solve.goal, Goal::Minimize(_)) {
                Objective::Minimize(t)
            } else {
                Objective::Maximize(t)
            }
        }
    };
    let search = fzn
        .solve
        .anns
        .iter()
        .map(|a| r.search_ann(a, line))
        .collect::<Result<_, _>>()?;
    Ok(Instance {
        vars: r.vars,
        constraints,
        outputs,
        objective,
        search,
        inconsistent: r.inconsistent,
    })
}

struct Resolver {
    names: HashMap<String, Value>,
    vars: Vec<Var>,
    inconsistent: bool,
}

fn has_ann(anns: &[Annotation], name: &str) -> bool {
    anns.iter().any(|a| a.name == name)
}

impl Resolver {
    fn decl(&mut self, d: &Decl, outputs: &mut Vec<Output>) -> Result<(), FznError> {
        let err = |m: String| FznError::new(d.line, m);
        if self.names.contains_key(&d.name) {
            return Err(err(format!("{} is declared twice", d.name)));
        }
        let is_bool = d.ty.base == BaseType::Bool;
        let value = match (d.ty.base, d.ty.var, d.ty.array) {
            (BaseType::Float, true, _) => {
                return Err(err(format!(
                    "var float is not supported ({}: integers, booleans and sets only)",
                    d.name
                )))
            }
            // (An empty array of set variables holds none: nothing to refuse.)
            (BaseType::SetOfInt, true, len) if len != Some(0) => {
                return Err(err(format!(
                    "set variable {} is not supported (integers and booleans only)",
                    d.name
                )))
            }
            (BaseType::Float, false, _) => Value::Float,
            (_, false, _) => {
                let v = d.value.as_ref().expect("the parser requires a value");
                let v = self.value(v, d.line).map_err(err)?;
                match (&v, d.ty.array) {
                    (Value::Scalar(Term::Var(_), _), _) => {
                        return Err(err(format!("parameter {} is given a variable", d.name)))
                    }
                    (Value::Array(items), _)
                        if items.iter().any(|(t, _)| matches!(t, Term::Var(_))) =>
                    {
                        return Err(err(format!("parameter {} is given a variable", d.name)))
                    }
                    _ => {}
                }
                v
            }
            (_, true, None) => {
                let domain = self.declared_domain(d)?;
                match &d.value {
                    None => Value::Scalar(Term::Var(self.new_var(d, domain)?), is_bool),
                    Some(e) => match self.value(e, d.line).map_err(err)? {
                        Value::Scalar(Term::Var(x), _) => {
                            if let Some(dom) = domain {
                                let cut = self.vars[x].domain.intersect(&dom);
                                self.vars[x].domain = cut;
                                if self.vars[x].domain.is_empty() {
                                    self.inconsistent = true;
                                }
                            }
                            Value::Scalar(Term::Var(x), is_bool)
                        }
                        Value::Scalar(Term::Const(c), _) => {
                            if domain.as_ref().is_some_and(|s| !s.contains(c)) {
                                self.inconsistent = true;
                            }
                            Value::Scalar(Term::Const(c), is_bool)
                        }
                        _ => {
                            return Err(err(format!(
                                "{} is given a value of the wrong type",
                                d.name
                            )))
                        }
                    },
                }
            }
            (_, true, Some(len)) => {
                let Some(e) = &d.value else {
                    // No elements given: fresh variables of the declared type.
                    let domain = self.declared_domain(d)?;
                    let mut items = Vec::with_capacity(len);
                    for i in 1..=len {
                        let element = Decl {
                            name: format!("{}[{i}]", d.name),
                            ..d.clone()
                        };
                        items.push((Term::Var(self.new_var(&element, domain.clone())?), is_bool));
                    }
                    let value = Value::Array(items);
                    if let Some(out) = output_of(d, &value).map_err(err)? {
                        outputs.push(out);
                    }
                    self.names.insert(d.name.clone(), value);
                    return Ok(());
                };
                let items = match self.value(e, d.line).map_err(err)? {
                    Value::Array(items) => items,
                    _ => return Err(err(format!("{} must be an array", d.name))),
                };
                if items.len() != len {
                    return Err(err(format!(
                        "{} declares {len} elements but has {}",
                        d.name,
                        items.len()
                    )));
                }
                Value::Array(items)
            }
        };
        if d.ty.var
            && let Some(out) = output_of(d, &value).map_err(err)?
        {
            outputs.push(out);
        }
        self.names.insert(d.name.clone(), value);
        Ok(())
    }

    fn declared_domain(&self, d: &Decl) -> Result<Option<IntSet>, FznError> {
        Ok(match d.ty.base {
            BaseType::Bool => Some(IntSet::range(0, 1)),
            _ => d.ty.domain.clone(),
        })
    }

    fn new_var(&mut self, d: &Decl, domain: Option<IntSet>) -> Result<usize, FznError> {
        let domain = domain.unwrap_or(IntSet::range(UNBOUNDED.0, UNBOUNDED.1));
        let (lo, hi) = domain.bounds().unwrap_or((0, 0));
        let width = (hi as i128 - lo as i128 + 1) as u128;
        if lo < i32::MIN as i64 || hi > i32::MAX as i64 || width > MAX_WIDTH as u128 {
            return Err(FznError::new(
                d.line,
                format!(
                    "variable {} has the domain {lo}..{hi}; the engine supports 32-bit values ({}..{})",
                    d.name,
                    -i32::MAX,
                    i32::MAX
                ),
            ));
        }
        if domain.is_empty() {
            self.inconsistent = true;
        }
        self.vars.push(Var {
            name: d.name.clone(),
            is_bool: d.ty.base == BaseType::Bool,
            domain,
            introduced: has_ann(&d.anns, "var_is_introduced") || has_ann(&d.anns, "is_defined_var"),
        });
        Ok(self.vars.len() - 1)
    }

    /// The value of an expression, with names resolved.
    fn value(&self, e: &Expr, line: usize) -> Result<Value, String> {
        let _ = line;
        Ok(match e {
            Expr::Bool(b) => Value::Scalar(Term::Const(*b as i64), true),
            Expr::Int(v) => Value::Scalar(Term::Const(*v), false),
            Expr::Float(_) => Value::Float,
            Expr::Set(s) => Value::Set(s.clone()),
            Expr::Ident(name) => self
                .names
                .get(name)
                .cloned()
                .ok_or_else(|| format!("unknown name '{name}'"))?,
            Expr::Access(name, i) => match self.names.get(name) {
                Some(Value::Array(items)) => {
                    let k = usize::try_from(*i - 1)
                        .ok()
                        .filter(|&k| k < items.len())
                        .ok_or_else(|| format!("index {i} is outside {name}"))?;
                    let (t, b) = items[k];
                    Value::Scalar(t, b)
                }
                Some(_) => return Err(format!("{name} is not an array")),
                None => return Err(format!("unknown name '{name}'")),
            },
            Expr::Array(items) => {
                let mut out = Vec::with_capacity(items.len());
                for item in items {
                    match self.value(item, line)? {
                        Value::Scalar(t, b) => out.push((t, b)),
                        Value::Set(_) | Value::SetArray => return Ok(Value::SetArray),
                        Value::Float => return Ok(Value::Float),
                        Value::Array(_) => return Err("nested arrays are not FlatZinc".to_owned()),
                    }
                }
                Value::Array(out)
            }
            Expr::Str(_) => return Err("a string is not a value".to_owned()),
            Expr::Ann(a) => return Err(format!("'{}(...)' is not a value", a.name)),
        })
    }

    /// A constraint argument, checked against its parameter type.
    fn arg(&self, e: &Expr, p: Param, line: usize) -> Result<Arg, String> {
        let v = self.value(e, line)?;
        let kind = |b: bool| if b { "a boolean" } else { "an integer" };
        let scalar_ok = |t: &Term, b: bool, want_bool: bool, par: bool| -> Result<(), String> {
            if b != want_bool {
                return Err(format!("expected {}, found {}", kind(want_bool), kind(b)));
            }
            if par && matches!(t, Term::Var(_)) {
                return Err("expected a constant, found a variable".to_owned());
            }
            Ok(())
        };
        match (p, v) {
            (Param::Set, Value::Set(s)) => Ok(Arg::Set(s)),
            (Param::Set, _) => Err("expected a set of integers".to_owned()),
            (_, Value::Float) => Err("floats are not supported".to_owned()),
            (p, Value::Scalar(t, b)) if !p.is_array() => {
                scalar_ok(&t, b, p.is_bool(), p.is_par())?;
                Ok(Arg::Term(t))
            }
            (p, Value::Array(items)) if p.is_array() => {
                for (t, b) in &items {
                    scalar_ok(t, *b, p.is_bool(), p.is_par())?;
                }
                Ok(Arg::Array(items.into_iter().map(|(t, _)| t).collect()))
            }
            (p, _) if p.is_array() => Err("expected an array".to_owned()),
            _ => Err(format!("expected {}", kind(p.is_bool()))),
        }
    }
}
