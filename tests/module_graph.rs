//! No import circles: every crate of the workspace (the root package, each
//! `crates/*` library and binary) is read as a module tree, following `mod`
//! declarations (with `#[path]`), and each `use crate::`/`super::`/`self::`
//! path and each such path written inline in the code becomes an edge from
//! the module that names it to the module it reaches. Two modules under the
//! same parent that reach each other, directly or through siblings, form a
//! circle. A module using its own parent or child is not one: a folder's
//! `mod.rs` re-exports its parts and the parts share its types.
//!
//! `KNOWN` lists the circles not yet removed; the test fails on any other
//! circle and on a listed one that is gone, so the list only shrinks.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Circles still to remove, each with who removes it: the crate root, then
/// the modules of the circle (siblings, as paths from the crate root), sorted.
const KNOWN: &[(&str, &str)] = &[];

/// A module path from the crate root (`["count", "run"]`); empty for the root.
type ModPath = Vec<String>;

/// Source text with comments, strings and character literals blanked, so
/// that only code is searched for paths.
fn code_only(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.push(' ');
        } else if c == 'r' && (next == Some('"') || next == Some('#')) && !ident_before(&chars, i) {
            // A raw string: r"..." or r#"..."#.
            let mut j = i + 1;
            let mut hashes = 0;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            loop {
                if j >= chars.len() {
                    break;
                }
                if chars[j] == '"' && (0..hashes).all(|k| chars.get(j + 1 + k) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            i = j;
            out.push_str("\"\"");
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            out.push_str("\"\"");
        } else if c == '\'' && (chars.get(i + 2) == Some(&'\'') || next == Some('\\')) {
            // A character literal (a lifetime has no closing quote).
            i += 1;
            while i < chars.len() && chars[i] != '\'' {
                if chars[i] == '\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            out.push_str("' '");
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn ident_before(chars: &[char], i: usize) -> bool {
    i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_')
}

/// A module's file and its path in the crate.
struct ModFile {
    path: ModPath,
    file: PathBuf,
    /// The directory its `mod x;` children live in.
    child_dir: PathBuf,
}

/// One crate: every module's path, and the paths each module names.
#[derive(Default)]
struct Crate {
    modules: BTreeSet<ModPath>,
    /// (the naming module, the absolute path it names)
    uses: Vec<(ModPath, Vec<String>)>,
}

fn read_crate(root_file: &Path) -> Crate {
    let mut krate = Crate::default();
    let child_dir = root_file.parent().unwrap().to_path_buf();
    let mut pending = vec![ModFile {
        path: Vec::new(),
        file: root_file.to_path_buf(),
        child_dir,
    }];
    while let Some(module) = pending.pop() {
        let text = fs::read_to_string(&module.file)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", module.file.display()));
        krate.modules.insert(module.path.clone());
        read_module(&code_only(&text), &module, &mut krate, &mut pending);
    }
    krate
}

/// Reads one file: its `mod` declarations (files to read next, inline
/// modules tracked by their braces) and the paths its code names.
fn read_module(code: &str, module: &ModFile, krate: &mut Crate, pending: &mut Vec<ModFile>) {
    let tokens = tokenize(code);
    // The inline modules open at each point: (name, brace depth inside it).
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut path_attr: Option<String> = None;
    let mut i = 0;
    let current = |inline: &Vec<(String, usize)>| -> ModPath {
        let mut p = module.path.clone();
        p.extend(inline.iter().map(|(n, _)| n.clone()));
        p
    };
    while i < tokens.len() {
        let t = tokens[i].as_str();
        match t {
            "{" => depth += 1,
            "}" => {
                if inline.last().is_some_and(|&(_, d)| d == depth) {
                    inline.pop();
                }
                depth = depth.saturating_sub(1);
            }
            "#" if tokens.get(i + 1).map(String::as_str) == Some("[")
                && tokens.get(i + 2).map(String::as_str) == Some("path") =>
            {
                // #[path = "file.rs"]: the string was blanked; read it from
                // the original text instead.
                path_attr = Some(String::new());
            }
            "mod" if tokens.get(i + 1).is_some_and(|n| is_ident(n)) => {
                let name = tokens[i + 1].clone();
                match tokens.get(i + 2).map(String::as_str) {
                    Some("{") => {
                        inline.push((name, depth + 1));
                    }
                    Some(";") if inline.is_empty() => {
                        let file = match path_attr.take() {
                            Some(_) => module_path_attr(module, &name),
                            None => child_file(&module.child_dir, &name),
                        };
                        let mut path = module.path.clone();
                        path.push(name.clone());
                        let child_dir = if file.file_name().unwrap() == "mod.rs" {
                            file.parent().unwrap().to_path_buf()
                        } else {
                            file.with_extension("")
                        };
                        pending.push(ModFile {
                            path,
                            file,
                            child_dir,
                        });
                    }
                    _ => {}
                }
                path_attr = None;
            }
            "crate" | "super" | "self"
                if tokens.get(i + 1).map(String::as_str) == Some("::")
                    && (i == 0 || tokens[i - 1] != "::") =>
            {
                let here = current(&inline);
                let (paths, end) = use_tree(&tokens, i, &here);
                for p in paths {
                    krate.uses.push((here.clone(), p));
                }
                i = end;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
}

/// The file a `#[path = "..."]` attribute names, found again in the file's
/// original text (the attribute just before `mod name;`).
fn module_path_attr(module: &ModFile, name: &str) -> PathBuf {
    let text = fs::read_to_string(&module.file).unwrap();
    let decl = format!("mod {name};");
    let at = text.find(&decl).expect("the declaration is in the file");
    let before = &text[..at];
    let attr = before.rfind("#[path").expect("a #[path] attribute");
    let quoted = &before[attr..];
    let start = quoted.find('"').unwrap() + 1;
    let end = start + quoted[start..].find('"').unwrap();
    // A path attribute is relative to the directory of the declaring file
    // (for a non-mod.rs file declaring at its top level, as here).
    module.file.parent().unwrap().join(&quoted[start..end])
}

fn child_file(dir: &Path, name: &str) -> PathBuf {
    let flat = dir.join(format!("{name}.rs"));
    if flat.exists() {
        flat
    } else {
        dir.join(name).join("mod.rs")
    }
}

fn is_ident(t: &str) -> bool {
    t.chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_')
        && t.chars().all(|c| c.is_alphanumeric() || c == '_')
}

fn tokenize(code: &str) -> Vec<String> {
    let chars: Vec<char> = code.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
        } else if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            tokens.push(chars[start..i].iter().collect());
        } else if c == ':' && chars.get(i + 1) == Some(&':') {
            tokens.push("::".to_owned());
            i += 2;
        } else {
            tokens.push(c.to_string());
            i += 1;
        }
    }
    tokens
}

/// Expands the path starting at `tokens[start]` (`crate`, `super` or
/// `self`), with any `{...}` groups of a `use`, into absolute paths; returns
/// them and the index after the path.
fn use_tree(tokens: &[String], start: usize, here: &ModPath) -> (Vec<Vec<String>>, usize) {
    let mut i = start;
    let prefix = match tokens[i].as_str() {
        "crate" => {
            i += 2;
            Vec::new()
        }
        "self" => {
            i += 2;
            here.clone()
        }
        _ => {
            let mut prefix = here.clone();
            while tokens.get(i).map(String::as_str) == Some("super")
                && tokens.get(i + 1).map(String::as_str) == Some("::")
            {
                prefix.pop();
                i += 2;
            }
            prefix
        }
    };
    let mut out = Vec::new();
    let end = tree_at(tokens, i, prefix, &mut out);
    (out, end)
}

/// Reads `a::b::{c, d::e}` from `i` after `prefix`, pushing each full path.
fn tree_at(
    tokens: &[String],
    mut i: usize,
    mut prefix: Vec<String>,
    out: &mut Vec<Vec<String>>,
) -> usize {
    loop {
        match tokens.get(i).map(String::as_str) {
            Some("{") => {
                i += 1;
                loop {
                    match tokens.get(i).map(String::as_str) {
                        Some("}") => return i + 1,
                        Some(",") => i += 1,
                        None => return i,
                        _ => {
                            let before = i;
                            i = tree_at(tokens, i, prefix.clone(), out);
                            if i == before {
                                i += 1;
                            }
                        }
                    }
                }
            }
            Some("self") => {
                out.push(prefix.clone());
                return i + 1;
            }
            Some(t) if is_ident(t) => {
                prefix.push(t.to_owned());
                i += 1;
                if tokens.get(i).map(String::as_str) == Some("::") {
                    i += 1;
                } else {
                    out.push(prefix);
                    return i;
                }
            }
            _ => {
                out.push(prefix);
                return i;
            }
        }
    }
}

/// The circles of one crate, each as its sorted sibling modules.
fn circles(krate: &Crate) -> Vec<Vec<String>> {
    // Sibling edges: from and to lifted to the children of their deepest
    // common ancestor; a module reaching its ancestor or descendant is none.
    let mut edges: BTreeMap<ModPath, BTreeSet<ModPath>> = BTreeMap::new();
    for (from, named) in &krate.uses {
        // The module the path reaches: its longest prefix that is a module.
        let Some(to) = (0..=named.len())
            .rev()
            .map(|n| named[..n].to_vec())
            .find(|p| krate.modules.contains(p))
        else {
            continue;
        };
        let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
        if common == from.len() || common == to.len() {
            continue;
        }
        let a = from[..=common].to_vec();
        let b = to[..=common].to_vec();
        edges.entry(a).or_default().insert(b);
    }
    strongly_connected(&edges)
        .into_iter()
        .filter(|c| c.len() > 1)
        .map(|c| c.into_iter().map(|p| p.join("::")).collect())
        .collect()
}

/// Tarjan's strongly connected components, recursive (module graphs are small).
fn strongly_connected(edges: &BTreeMap<ModPath, BTreeSet<ModPath>>) -> Vec<BTreeSet<ModPath>> {
    struct State<'a> {
        edges: &'a BTreeMap<ModPath, BTreeSet<ModPath>>,
        index: BTreeMap<ModPath, usize>,
        low: BTreeMap<ModPath, usize>,
        stack: Vec<ModPath>,
        on_stack: BTreeSet<ModPath>,
        out: Vec<BTreeSet<ModPath>>,
    }
    fn visit(s: &mut State<'_>, v: &ModPath) {
        let n = s.index.len();
        s.index.insert(v.clone(), n);
        s.low.insert(v.clone(), n);
        s.stack.push(v.clone());
        s.on_stack.insert(v.clone());
        for w in s.edges.get(v).into_iter().flatten() {
            if !s.index.contains_key(w) {
                visit(s, w);
                let low = s.low[v].min(s.low[w]);
                s.low.insert(v.clone(), low);
            } else if s.on_stack.contains(w) {
                let low = s.low[v].min(s.index[w]);
                s.low.insert(v.clone(), low);
            }
        }
        if s.low[v] == s.index[v] {
            let mut component = BTreeSet::new();
            loop {
                let w = s.stack.pop().unwrap();
                s.on_stack.remove(&w);
                let last = &w == v;
                component.insert(w);
                if last {
                    break;
                }
            }
            s.out.push(component);
        }
    }
    let mut s = State {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in edges.keys() {
        if !s.index.contains_key(v) {
            visit(&mut s, v);
        }
    }
    s.out
}

/// Every crate root of the workspace: libraries, `main.rs` and binaries.
fn crate_roots(workspace: &Path) -> Vec<PathBuf> {
    let mut sources = vec![workspace.join("src")];
    let mut members: Vec<PathBuf> = fs::read_dir(workspace.join("crates"))
        .unwrap()
        .map(|e| e.unwrap().path().join("src"))
        .filter(|p| p.is_dir())
        .collect();
    members.sort();
    sources.extend(members);
    let mut roots = Vec::new();
    for src in sources {
        for name in ["lib.rs", "main.rs"] {
            if src.join(name).exists() {
                roots.push(src.join(name));
            }
        }
        let Ok(bins) = fs::read_dir(src.join("bin")) else {
            continue;
        };
        let mut bins: Vec<PathBuf> = bins.map(|e| e.unwrap().path()).collect();
        bins.sort();
        for bin in bins {
            if bin.is_dir() {
                roots.push(bin.join("main.rs"));
            } else if bin.extension().is_some_and(|e| e == "rs") {
                roots.push(bin);
            }
        }
    }
    roots
}

fn found_circles() -> BTreeSet<String> {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = BTreeSet::new();
    for root in crate_roots(workspace) {
        let krate = read_crate(&root);
        let name = root.strip_prefix(workspace).unwrap().display().to_string();
        for circle in circles(&krate) {
            found.insert(format!("{name}: {}", circle.join(", ")));
        }
    }
    found
}

#[test]
fn no_module_imports_a_sibling_that_imports_it_back() {
    let found = found_circles();
    let known: BTreeSet<String> = KNOWN.iter().map(|(circle, _)| circle.to_string()).collect();
    let new: Vec<&String> = found.difference(&known).collect();
    let gone: Vec<&String> = known.difference(&found).collect();
    assert!(
        new.is_empty() && gone.is_empty(),
        "import circles (crate root: modules of the circle)\n  new: {new:#?}\n  gone from KNOWN (remove them): {gone:#?}"
    );
}

/// The reader itself: a circle written in a scratch crate is found, and a
/// parent-child pair or a path in a comment or string is not one.
#[test]
fn the_reader_finds_a_circle_and_ignores_the_rest() {
    let dir = std::env::temp_dir().join(format!("module-graph-{}", std::process::id()));
    let src = dir.join("src");
    fs::create_dir_all(src.join("b")).unwrap();
    fs::write(
        src.join("lib.rs"),
        "mod a;\nmod b;\n#[path = \"other.rs\"]\nmod c;\nmod d;\n",
    )
    .unwrap();
    fs::write(
        src.join("a.rs"),
        "use crate::b::{x::{self, Y}};\npub struct A;\n",
    )
    .unwrap();
    fs::write(src.join("b/mod.rs"), "pub mod x;\npub use x::Y;\n").unwrap();
    fs::write(src.join("b/x.rs"), "pub struct Y(super::super::c::C);\n").unwrap();
    fs::write(src.join("other.rs"), "pub struct C(crate::a::A);\n").unwrap();
    fs::write(
        src.join("d.rs"),
        "// use crate::a;\nconst S: &str = \"crate::b::x\";\nmod tests { use super::*; }\n",
    )
    .unwrap();
    let krate = read_crate(&src.join("lib.rs"));
    let found = circles(&krate);
    fs::remove_dir_all(&dir).unwrap();
    assert_eq!(found, vec![vec!["a", "b", "c"]]);
}
