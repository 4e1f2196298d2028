"""The public API is documented and typed: a docstring on every public
name, and every name of the extension module in its stub."""

import ast
import inspect
import pathlib

import csp_engine
from csp_engine import _native, constraint, nqueens

STUB = pathlib.Path(csp_engine.__file__).with_name("_native.pyi")


def public(obj):
    return [n for n in dir(obj) if not n.startswith("_")]


def stub_names():
    tree = ast.parse(STUB.read_text())
    names = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            names[node.name] = {
                n.name for n in node.body if isinstance(n, (ast.FunctionDef, ast.AnnAssign)) and hasattr(n, "name")
            } | {n.target.id for n in node.body if isinstance(n, ast.AnnAssign)}
        elif isinstance(node, ast.FunctionDef):
            names[node.name] = set()
        elif isinstance(node, ast.AnnAssign):
            names[node.target.id] = set()
        elif isinstance(node, ast.Assign):
            for t in node.targets:
                names[t.id] = set()
    return names


def test_every_public_name_has_a_docstring():
    missing = []
    for module in (csp_engine, constraint, nqueens):
        for name in module.__all__:
            obj = getattr(module, name)
            if isinstance(obj, (int, str)) or obj is constraint.Unassigned:
                continue
            if not (obj.__doc__ or "").strip():
                missing.append("%s.%s" % (module.__name__, name))
            if inspect.isclass(obj):
                for member in public(obj):
                    attr = getattr(obj, member)
                    if issubclass(obj, (str, int)) and member in dir(str) + dir(int):
                        continue  # the enums' inherited str methods
                    if issubclass(obj, BaseException) and member in dir(BaseException):
                        continue
                    if callable(attr) or isinstance(attr, property) or type(attr).__name__ == "getset_descriptor":
                        # inspect.getdoc: an override shows its base's docstring, as help() does.
                        if not (inspect.getdoc(attr) or "").strip():
                            missing.append("%s.%s.%s" % (module.__name__, name, member))
    assert missing == []


def test_the_stub_names_every_public_name_of_the_extension():
    stub = stub_names()
    missing = []
    for name in public(_native):
        obj = getattr(_native, name)
        if name not in stub:
            missing.append(name)
            continue
        if inspect.isclass(obj) and not issubclass(obj, BaseException):
            for member in public(obj):
                if member not in stub[name]:
                    missing.append("%s.%s" % (name, member))
    assert missing == []
