"""What one Python source imports, read with ``ast`` as Pyodide's Python would run it.

Part of the trimmed standard library's build (:mod:`tools.site.stdlib`): branches for
another platform are not taken, code after ``if __name__ == "__main__"`` and command-line
entry points count only when something calls them, and a source that ``ast`` cannot read
is read as text (:func:`imports_by_text`).

>>> sorted(imports_of_source("import os.path\\nfrom json import loads"))
['json', 'json.loads', 'os.path']
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import PurePosixPath

PLATFORM = {"sys.platform": "emscripten", "os.name": "posix"}
"""Pyodide's ``sys.platform`` and ``os.name``: a branch for another platform is never
taken (``if sys.platform == "win32": from .windows_events import *``)."""

ATTRIBUTE = "@"
"""Marks a name read as an attribute (``gzip.main`` in ``gzip.main()``): it counts only if
it names a dead function (:func:`parse_imports`), never as a module (``code.co_flags``)."""

CLI_NAMES = ("main", "_main", "test", "_test")
"""Names of command-line entry points (``python -m gzip`` calls ``gzip.main()``)."""


# --- the imports of one source ------------------------------------------------------------


def module_of(path: str) -> tuple[str, bool] | None:
    """``(module name, is a package)`` of a ``.py`` or ``.pyc`` path in the zip, or None.

    >>> module_of("json/__init__.py"), module_of("json/decoder.pyc"), module_of("a/b.txt")
    (('json', True), ('json.decoder', False), None)
    """
    pure = PurePosixPath(path)
    if pure.suffix not in (".py", ".pyc"):
        return None
    parts = pure.with_suffix("").parts
    if parts[-1] == "__init__":
        return ".".join(parts[:-1]), True
    return ".".join(parts), False


def _absolute(module: str, is_package: bool, level: int, name: str | None) -> str:
    """The absolute name of ``from <level dots><name> import ...`` written in ``module``."""
    if level == 0:
        return name or ""
    parts = module.split(".") if is_package else module.split(".")[:-1]
    base = parts[: len(parts) - (level - 1)]
    return ".".join([*base, name] if name else base)


def _from_import(base: str, names: Iterable[str]) -> set[str]:
    """``from base import a, b``: base, and base.a, base.b in case they are modules."""
    found = {base} if base else set()
    found.update(f"{base}.{alias}" if base else alias for alias in names if alias != "*")
    return found


def _dotted(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = _dotted(node.value)
        return f"{base}.{node.attr}" if base else None
    return None


def _strings(node: ast.expr) -> tuple[str, ...] | None:
    """The value of a string constant, or of a tuple, list or set of them, else None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return (node.value,)
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        values = [item.value for item in node.elts if isinstance(item, ast.Constant)]
        if len(values) == len(node.elts) and all(isinstance(value, str) for value in values):
            return tuple(str(value) for value in values)
    return None


def branch(test: ast.expr) -> bool | None:
    """The value of an ``if`` test known before run time, else None: ``__name__ ==
    "__main__"`` is false (the page runs no module as a script), and tests of
    :data:`PLATFORM` get Pyodide's answer.

    >>> [branch(ast.parse(text, mode="eval").body) for text in (
    ...     "__name__ == '__main__'", "sys.platform == 'win32'", "os.name != 'nt'",
    ...     "sys.platform.startswith('win')", "sys.platform in ('linux', 'emscripten')",
    ...     "not _mswindows", "x == 'y'")]
    [False, False, True, False, True, None, None]
    """
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = branch(test.operand)
        return None if inner is None else not inner
    if isinstance(test, ast.Call) and isinstance(test.func, ast.Attribute):
        subject = _dotted(test.func.value) or ""
        prefixes = _strings(test.args[0]) if len(test.args) == 1 else None
        if subject in PLATFORM and test.func.attr == "startswith" and prefixes:
            return PLATFORM[subject].startswith(prefixes)
        return None
    if not isinstance(test, ast.Compare) or len(test.ops) != 1:
        return None
    left, op, right = test.left, test.ops[0], test.comparators[0]
    known = {"__name__": "<an imported module>", **PLATFORM}
    if (_dotted(right) or "") in known:
        left, right = right, left
    actual, values = known.get(_dotted(left) or ""), _strings(right)
    if actual is None or values is None:
        return None
    if isinstance(op, (ast.Eq, ast.NotEq)) and len(values) == 1:
        return (actual == values[0]) == isinstance(op, ast.Eq)
    if isinstance(op, (ast.In, ast.NotIn)):
        return (actual in values) == isinstance(op, ast.In)
    return None


def _reachable(tree: ast.AST, skip: frozenset[int] = frozenset()) -> Iterator[ast.AST]:
    """Every node of ``tree`` but those of a branch :func:`branch` knows is not taken and
    of the nodes whose ``id()`` is in ``skip``."""
    todo = [tree]
    while todo:
        node = todo.pop()
        if id(node) in skip:
            continue
        yield node
        if isinstance(node, (ast.If, ast.IfExp)):
            taken = branch(node.test)
            if taken is not None:
                chosen = node.body if taken else node.orelse
                todo.extend([node.test, *(chosen if isinstance(chosen, list) else [chosen])])
                continue
        todo.extend(ast.iter_child_nodes(node))


def _literal_import(node: ast.Call) -> str | None:
    """The module of ``__import__("x")`` or ``importlib.import_module("x")``, if literal."""
    func = node.func
    name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
    if name in ("__import__", "import_module") and node.args:
        first = node.args[0]
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            return None if first.value.startswith(".") else first.value
    return None


def _scan(nodes: Iterable[ast.AST], module: str, is_package: bool) -> tuple[set[str], set[str]]:
    """What ``nodes`` import, and the names by which they may use a function (names,
    attributes, strings), in one pass."""
    imports: set[str] = set()
    names: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Name):
            names.add(node.id)
        elif isinstance(node, ast.Attribute):
            names.add(node.attr)
            dotted = _dotted(node)
            if dotted:
                imports.add(ATTRIBUTE + dotted)  # module.function: maybe a dead function
        elif isinstance(node, ast.Constant):
            if isinstance(node.value, str):
                names.add(node.value)  # __all__, getattr(module, "main")...
        elif isinstance(node, ast.Import):
            imports.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(module, is_package, node.level, node.module)
            imports |= _from_import(base, (alias.name for alias in node.names))
        elif isinstance(node, ast.Call):
            literal = _literal_import(node)
            if literal:
                imports.add(literal)
    return imports, names


_FROM = re.compile(
    r"(?:^|[;:])[ \t]*from[ \t]+(\.*)([\w.]*)[ \t]+import[ \t]*(\([^)]*\)|[^\n;#]*)", re.M
)
_IMPORT = re.compile(r"(?:^|[;:])[ \t]*import[ \t]+([^\n;#]*)", re.M)
_CALL = re.compile(r"\b(?:__import__|import_module)\(\s*[\"']([\w.]+)[\"']")
_NAME = re.compile(r"[A-Za-z_][\w.]*")


def imports_by_text(source: str, module: str = "", is_package: bool = False) -> set[str]:
    """The imports of a source that :func:`ast.parse` refuses, found line by line.

    Looser than the parser (a line of a docstring may count), never stricter: it sees
    every import statement and literal ``__import__``/``import_module`` call.

    >>> sorted(imports_by_text("try:import js\\nexcept E:pass\\nfrom a import (b,\\n c as d)"))
    ['a', 'a.b', 'a.c', 'js']
    """
    found: set[str] = set()
    source = source.replace("\\\n", " ")  # a statement continued on the next line
    for match in _FROM.finditer(source):
        dots, name, names = match.groups()
        base = _absolute(module, is_package, len(dots), name or None)
        names = re.sub(r"#[^\n]*", "", names)  # a comment between the parentheses
        aliases = (_NAME.match(part.strip()) for part in names.strip("()").split(","))
        found |= _from_import(base, (alias.group(0) for alias in aliases if alias))
        if "*" in names:
            found.add(base)
    for match in _IMPORT.finditer(source):
        for part in match.group(1).split(","):
            name_match = _NAME.match(part.strip())
            if name_match:
                found.add(name_match.group(0))
    found.update(match.group(1) for match in _CALL.finditer(source))
    return found


@dataclass(frozen=True)
class Imports:
    """What one source imports: ``always`` (as far as can be known), and ``dead``, the
    imports of each function that nothing in the module calls (see :func:`parse_imports`)."""

    always: set[str]
    dead: dict[str, set[str]] = field(default_factory=dict)

    def every(self) -> set[str]:
        return self.always.union(*self.dead.values())


def parse_imports(source: str | bytes, module: str = "", is_package: bool = False) -> Imports:
    """The imports of a source, at any depth of its code: absolute names, where
    ``from a import b`` gives both ``a`` and ``a.b`` (``b`` may be a module), and
    ``a.b.c`` in the code gives ``a.b.c`` (a module, or a function of module ``a.b``).

    Dead code apart: a branch :func:`branch` rules out, and the body of each top-level
    function, private or named as a command-line entry point (:data:`CLI_NAMES`),
    undecorated, that only dead code names (``def main(): import argparse``, called from
    ``if __name__ == "__main__":``). Its imports are in ``dead``, under its name, with
    ``module.name`` for each dead function it names.

    >>> found = parse_imports('''
    ... import os
    ... def _parse():
    ...     import argparse
    ... def main():
    ...     _parse()
    ... def helper():
    ...     import json
    ... if __name__ == "__main__":
    ...     import doctest
    ...     main()
    ... ''', "tool")
    >>> sorted(found.always), found.dead
    (['json', 'os'], {'_parse': {'argparse'}, 'main': {'tool._parse'}})
    """
    text = source.decode("utf-8") if isinstance(source, bytes) else source
    try:
        tree = ast.parse(text)
    except SyntaxError:  # newer syntax than the build's Python: scan the text
        return Imports(imports_by_text(text, module, is_package))
    functions = {
        node.name
        for node in tree.body
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        and not node.decorator_list
        and (node.name in CLI_NAMES or (node.name[:1] == "_" and node.name[:2] != "__"))
    }
    imports: dict[str, set[str]] = {"": set()}  # "" for the code outside those functions
    named: dict[str, set[str]] = {"": set()}
    for statement in tree.body:
        owner = ""
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
            owner = statement.name if statement.name in functions else ""
        found, names = _scan(_reachable(statement), module, is_package)
        imports.setdefault(owner, set()).update(found)
        named.setdefault(owner, set()).update(names)
    todo = list(named[""] & functions)
    live = set(todo)
    while todo:  # what live code names is live, and so is what that names
        new = (named[todo.pop()] & functions) - live
        live |= new
        todo.extend(new)
    return Imports(
        imports[""].union(*(imports[name] for name in live)),
        {
            name: imports[name]
            | {f"{module}.{other}" for other in (named[name] & functions) - live - {name}}
            for name in sorted(functions - live)
        },
    )


def imports_of_source(source: str | bytes, module: str = "", is_package: bool = False) -> set[str]:
    """Every name a source may import (see :func:`parse_imports`), entry points included."""
    return parse_imports(source, module, is_package).every()
