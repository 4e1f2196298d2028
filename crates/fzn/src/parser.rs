//! A recursive-descent parser for FlatZinc, following the specification's
//! grammar:
//!
//! ```text
//! model      ::= { predicate-item } { decl-item | constraint-item } solve-item
//! decl-item  ::= type ":" ident annotations [ "=" expr ] ";"
//! type       ::= [ "array" "[" "1" ".." int "]" "of" ] [ "var" ] base
//! base       ::= "bool" | "int" | "float" | "set" "of" "int" | set-literal | float ".." float
//! constraint-item ::= "constraint" ident "(" expr { "," expr } ")" annotations ";"
//! solve-item ::= "solve" annotations ( "satisfy" | "minimize" expr | "maximize" expr ) ";"
//! expr       ::= "true" | "false" | int | float | set-literal | ident [ "[" int "]" ]
//!              | "[" [ expr { "," expr } ] "]" | string | annotation
//! set-literal ::= int ".." int | "{" [ int { "," int } ] "}"
//! annotations ::= { "::" annotation }
//! annotation ::= ident [ "(" expr { "," expr } ")" ]
//! ```
//!
//! Declarations may come in any order before the constraints (MiniZinc
//! interleaves parameters and variables). Nesting is bounded, so no input
//! can overflow the stack.

use crate::ast::{
    Annotation, BaseType, ConstraintItem, Decl, Expr, FlatZinc, Goal, IntSet, SolveItem, Type,
};
use crate::deadline::Deadline;
use crate::error::FznError;
use crate::lexer::{tokenize, Tok};

/// The deepest nesting of arrays and annotations accepted.
pub const MAX_NESTING: usize = 64;

/// Parses a FlatZinc file.
///
/// ```
/// let fzn = csp_fzn::parse("var 1..3: x :: output_var;\nconstraint int_ne(x, 2);\nsolve satisfy;").unwrap();
/// assert_eq!(fzn.decls[0].name, "x");
/// assert_eq!(fzn.constraints[0].line, 2);
/// let err = csp_fzn::parse("var 1..3: x\nsolve satisfy;").unwrap_err();
/// assert_eq!((err.line, err.message.as_str()), (2, "expected ';' after the declaration of x, found 'solve'"));
/// ```
pub fn parse(text: &str) -> Result<FlatZinc, FznError> {
    parse_until(text, &mut Deadline::none())
}

/// [`parse`], stopping with [`FznError::time_limit`] once `deadline`
/// passes (polled per item).
///
/// ```
/// use csp_fzn::deadline::Deadline;
/// let text = "var 1..3: x;\nsolve satisfy;";
/// let past = &mut Deadline::at(Some(std::time::Instant::now()));
/// assert!(csp_fzn::parse_until(text, past).unwrap_err().is_time_limit());
/// ```
pub fn parse_until(text: &str, deadline: &mut Deadline) -> Result<FlatZinc, FznError> {
    deadline.check()?;
    let toks = tokenize(text)?;
    let last_line = text.lines().count().max(1);
    let mut p = Parser {
        toks,
        pos: 0,
        last_line,
        deadline,
    };
    p.model()
}

struct Parser<'d> {
    toks: Vec<(Tok, usize)>,
    pos: usize,
    last_line: usize,
    deadline: &'d mut Deadline,
}

impl Parser<'_> {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos).map(|(t, _)| t)
    }

    fn line(&self) -> usize {
        self.toks.get(self.pos).map_or(self.last_line, |&(_, l)| l)
    }

    fn err(&self, what: &str) -> FznError {
        let found = self
            .peek()
            .map_or_else(|| "the end of the file".to_owned(), Tok::describe);
        FznError::new(self.line(), format!("expected {what}, found {found}"))
    }

    fn next(&mut self) -> Option<Tok> {
        let t = self.toks.get(self.pos).map(|(t, _)| t.clone());
        self.pos += 1;
        t
    }

    fn is_punct(&self, p: &str) -> bool {
        matches!(self.peek(), Some(Tok::Punct(q)) if *q == p)
    }

    fn is_word(&self, w: &str) -> bool {
        matches!(self.peek(), Some(Tok::Ident(s)) if s == w)
    }

    fn eat_punct(&mut self, p: &str) -> bool {
        let yes = self.is_punct(p);
        if yes {
            self.pos += 1;
        }
        yes
    }

    fn expect_punct(&mut self, p: &str, context: &str) -> Result<(), FznError> {
        if self.eat_punct(p) {
            Ok(())
        } else {
            Err(self.err(&format!("'{p}'{context}")))
        }
    }

    fn expect_word(&mut self, w: &str) -> Result<(), FznError> {
        if self.is_word(w) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.err(&format!("'{w}'")))
        }
    }

    fn ident(&mut self, what: &str) -> Result<String, FznError> {
        match self.peek() {
            Some(Tok::Ident(s)) => {
                let s = s.clone();
                self.pos += 1;
                Ok(s)
            }
            _ => Err(self.err(what)),
        }
    }

    fn int(&mut self) -> Result<i64, FznError> {
        match self.peek() {
            Some(&Tok::Int(v)) => {
                self.pos += 1;
                Ok(v)
            }
            _ => Err(self.err("an integer")),
        }
    }

    fn model(&mut self) -> Result<FlatZinc, FznError> {
        let mut decls = Vec::new();
        let mut constraints = Vec::new();
        loop {
            self.deadline.check()?;
            if self.is_word("predicate") {
                self.skip_predicate()?;
            } else if self.is_word("constraint") {
                constraints.push(self.constraint()?);
            } else if self.is_word("solve") {
                let solve = self.solve()?;
                if self.peek().is_some() {
                    return Err(self.err("nothing after the solve item"));
                }
                return Ok(FlatZinc {
                    decls,
                    constraints,
                    solve,
                });
            } else if self.peek().is_none() {
                return Err(FznError::new(self.last_line, "missing solve item"));
            } else {
                if !constraints.is_empty() {
                    return Err(self.err("a constraint or the solve item"));
                }
                decls.push(self.decl()?);
            }
        }
    }

    /// Predicate items declare solver-specific builtins; the mapping table
    /// decides what is supported, so their signatures are skipped.
    fn skip_predicate(&mut self) -> Result<(), FznError> {
        while let Some(t) = self.next() {
            if t == Tok::Punct(";") {
                return Ok(());
            }
        }
        Err(self.err("';' ending the predicate item"))
    }

    fn decl(&mut self) -> Result<Decl, FznError> {
        let line = self.line();
        let ty = self.ty()?;
        self.expect_punct(":", " after the type")?;
        let name = self.ident("the declared name")?;
        let anns = self.annotations()?;
        let value = if self.eat_punct("=") {
            Some(self.expr(0)?)
        } else {
            None
        };
        self.expect_punct(";", &format!(" after the declaration of {name}"))?;
        if !ty.var && value.is_none() {
            return Err(FznError::new(
                line,
                format!("parameter {name} has no value"),
            ));
        }
        Ok(Decl {
            name,
            ty,
            anns,
            value,
            line,
        })
    }

    fn ty(&mut self) -> Result<Type, FznError> {
        let mut array = None;
        if self.is_word("array") {
            self.pos += 1;
            self.expect_punct("[", " after 'array'")?;
            let (lo, hi) = if self.is_word("int") {
                // Predicate parameters only; not in declarations.
                return Err(self.err("an index set 1..n"));
            } else {
                let lo = self.int()?;
                self.expect_punct("..", " in the index set")?;
                (lo, self.int()?)
            };
            if lo != 1 || hi < 0 {
                return Err(FznError::new(
                    self.line(),
                    format!("array index sets must be 1..n, not {lo}..{hi}"),
                ));
            }
            array = Some(usize::try_from(hi).map_err(|_| self.err("a smaller array"))?);
            self.expect_punct("]", " after the index set")?;
            self.expect_word("of")?;
        }
        let var = self.is_word("var");
        if var {
            self.pos += 1;
        }
        let (base, domain) = match self.peek() {
            Some(Tok::Ident(w)) if w == "bool" => {
                self.pos += 1;
                (BaseType::Bool, None)
            }
            Some(Tok::Ident(w)) if w == "int" => {
                self.pos += 1;
                (BaseType::Int, None)
            }
            Some(Tok::Ident(w)) if w == "float" => {
                self.pos += 1;
                (BaseType::Float, None)
            }
            Some(Tok::Ident(w)) if w == "set" => {
                self.pos += 1;
                self.expect_word("of")?;
                if self.is_word("int") {
                    self.pos += 1;
                } else {
                    self.set_literal()?;
                }
                (BaseType::SetOfInt, None)
            }
            Some(Tok::Float(_)) => {
                self.pos += 1;
                self.expect_punct("..", " in the float range")?;
                match self.next() {
                    Some(Tok::Float(_)) | Some(Tok::Int(_)) => {}
                    _ => return Err(self.err("a float")),
                }
                (BaseType::Float, None)
            }
            Some(Tok::Int(_)) | Some(Tok::Punct("{")) => (BaseType::Int, Some(self.set_literal()?)),
            _ => return Err(self.err("a type")),
        };
        Ok(Type {
            var,
            base,
            domain,
            array,
        })
    }

    fn set_literal(&mut self) -> Result<IntSet, FznError> {
        if self.eat_punct("{") {
            let mut values = Vec::new();
            if !self.eat_punct("}") {
                loop {
                    values.push(self.int()?);
                    if self.eat_punct("}") {
                        break;
                    }
                    self.expect_punct(",", " or '}' in the set")?;
                }
            }
            return Ok(IntSet::from_values(values));
        }
        let lo = self.int()?;
        self.expect_punct("..", " in the range")?;
        let hi = self.int()?;
        Ok(IntSet::range(lo, hi))
    }

    fn constraint(&mut self) -> Result<ConstraintItem, FznError> {
        let line = self.line();
        self.expect_word("constraint")?;
        let name = self.ident("the constraint's name")?;
        self.expect_punct("(", &format!(" after {name}"))?;
        let mut args = Vec::new();
        if !self.eat_punct(")") {
            loop {
                args.push(self.expr(0)?);
                if self.eat_punct(")") {
                    break;
                }
                self.expect_punct(",", " or ')' between the arguments")?;
            }
        }
        let anns = self.annotations()?;
        self.expect_punct(";", &format!(" after the {name} constraint"))?;
        Ok(ConstraintItem {
            name,
            args,
            anns,
            line,
        })
    }

    fn solve(&mut self) -> Result<SolveItem, FznError> {
        let line = self.line();
        self.expect_word("solve")?;
        let anns = self.annotations()?;
        let goal = if self.is_word("satisfy") {
            self.pos += 1;
            Goal::Satisfy
        } else if self.is_word("minimize") {
            self.pos += 1;
            Goal::Minimize(self.expr(0)?)
        } else if self.is_word("maximize") {
            self.pos += 1;
            Goal::Maximize(self.expr(0)?)
        } else {
            return Err(self.err("'satisfy', 'minimize' or 'maximize'"));
        };
        self.expect_punct(";", " after the solve item")?;
        Ok(SolveItem { goal, anns, line })
    }

    fn annotations(&mut self) -> Result<Vec<Annotation>, FznError> {
        let mut anns = Vec::new();
        while self.eat_punct("::") {
            anns.push(self.annotation(0)?);
        }
        Ok(anns)
    }

    fn annotation(&mut self, depth: usize) -> Result<Annotation, FznError> {
        let name = self.ident("an annotation")?;
        let mut args = Vec::new();
        if self.eat_punct("(") {
            loop {
                args.push(self.expr(depth + 1)?);
                if self.eat_punct(")") {
                    break;
                }
                self.expect_punct(",", " or ')' in the annotation")?;
            }
        }
        Ok(Annotation { name, args })
    }

    fn expr(&mut self, depth: usize) -> Result<Expr, FznError> {
        if depth > MAX_NESTING {
            return Err(FznError::new(
                self.line(),
                format!("nesting deeper than {MAX_NESTING} levels"),
            ));
        }
        match self.peek().cloned() {
            Some(Tok::Int(v)) => {
                self.pos += 1;
                if self.eat_punct("..") {
                    let hi = self.int()?;
                    return Ok(Expr::Set(IntSet::range(v, hi)));
                }
                Ok(Expr::Int(v))
            }
            Some(Tok::Float(v)) => {
                self.pos += 1;
                if self.eat_punct("..") {
                    return Err(self.err("no float range in an expression"));
                }
                Ok(Expr::Float(v))
            }
            Some(Tok::Str(s)) => {
                self.pos += 1;
                Ok(Expr::Str(s))
            }
            Some(Tok::Punct("{")) => Ok(Expr::Set(self.set_literal()?)),
            Some(Tok::Punct("[")) => {
                self.pos += 1;
                let mut items = Vec::new();
                if !self.eat_punct("]") {
                    loop {
                        items.push(self.expr(depth + 1)?);
                        if self.eat_punct("]") {
                            break;
                        }
                        self.expect_punct(",", " or ']' in the array")?;
                    }
                }
                Ok(Expr::Array(items))
            }
            Some(Tok::Ident(name)) => {
                self.pos += 1;
                match name.as_str() {
                    "true" => return Ok(Expr::Bool(true)),
                    "false" => return Ok(Expr::Bool(false)),
                    _ => {}
                }
                if self.eat_punct("[") {
                    let i = self.int()?;
                    self.expect_punct("]", " after the index")?;
                    return Ok(Expr::Access(name, i));
                }
                if self.is_punct("(") {
                    self.pos -= 1;
                    return Ok(Expr::Ann(self.annotation(depth + 1)?));
                }
                Ok(Expr::Ident(name))
            }
            _ => Err(self.err("an expression")),
        }
    }
}
