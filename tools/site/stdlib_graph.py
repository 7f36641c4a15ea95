"""The standard library's import graph, and its closure from the page's roots.

Each module of the stdlib zip names the modules it imports (:func:`read_graph`, with the
hidden imports of :data:`tools.site.stdlib_rules.HIDDEN`); the page can reach the closure of
that graph from the roots (:func:`roots`: what our code, PyScript and Pyodide's start-up
import). :mod:`tools.site.stdlib` keeps those modules in the trimmed zip.

The closure on a small tree (``b`` is imported by ``a``, maybe lazily; ``c`` by nobody):

>>> graph = {"a": {"b", "os"}, "b": {"pkg.sub"}, "c": set(), "pkg": set(), "pkg.sub": set()}
>>> sorted(closure(["a"], graph))
['a', 'b', 'pkg', 'pkg.sub']
"""

from __future__ import annotations

import zipfile
from collections.abc import Iterable, Iterator, Mapping

from tools.site.imports import ATTRIBUTE, module_of, parse_imports
from tools.site.stdlib_rules import HIDDEN, KEEP_PACKAGES, STARTUP, Cut


def parents(name: str) -> Iterator[str]:
    """``a.b.c`` -> ``a``, ``a.b``, ``a.b.c``: importing a module imports its packages."""
    parts = name.split(".")
    for end in range(1, len(parts) + 1):
        yield ".".join(parts[:end])


def closure(
    roots: Iterable[str], graph: Mapping[str, Iterable[str]], cuts: Iterable[Cut] = ()
) -> set[str]:
    """The modules of ``graph`` (module -> the names it imports) reachable from ``roots``.

    Names that are not modules of ``graph`` (built-in modules, attributes named by a
    ``from`` import, our own packages) are dropped; a reached module brings its parent
    packages. An import that one of ``cuts`` names is not followed.
    """
    skip = tuple(cuts)
    reached: set[str] = set()
    todo = list(roots)
    while todo:
        name = todo.pop()
        for part in parents(name):
            if part in graph and part not in reached:
                reached.add(part)
                todo.extend(n for n in graph[part] if not any(c.cuts(part, n) for c in skip))
    return reached


def read_graph(sources: Mapping[str, tuple[bytes, bool]]) -> dict[str, set[str]]:
    """Each module (name -> (source, is a package)) -> the names it imports, with the
    hidden imports of :data:`HIDDEN`. A dead function ``f`` of module ``m`` (see
    :func:`parse_imports`) is a node of its own, ``m.f``: reached only if a reached module
    names it (as ``from zipfile import main`` in zipfile/__main__.py, which only
    ``python -m`` runs), and then its imports are followed."""
    graph: dict[str, set[str]] = {}
    for name, (source, is_package) in sources.items():
        imports = parse_imports(source, name, is_package)
        graph.setdefault(name, set()).update(imports.always)
        for function, found in imports.dead.items():
            graph.setdefault(f"{name}.{function}", set()).update(found)
    for hidden in HIDDEN:
        if hidden.importer in graph:
            graph[hidden.importer].add(hidden.module)
    functions = graph.keys() - sources.keys()
    return {name: resolve(names, functions) for name, names in graph.items()}


def resolve(names: Iterable[str], functions: Iterable[str]) -> set[str]:
    """``names`` without the :data:`ATTRIBUTE` mark: a marked name stays only if it is
    one of ``functions``.

    >>> sorted(resolve({"os", "@gzip.main", "@code.co_flags"}, {"gzip.main"}))
    ['gzip.main', 'os']
    """
    wanted = set(functions)
    return {
        name.removeprefix(ATTRIBUTE)
        for name in names
        if not name.startswith(ATTRIBUTE) or name.removeprefix(ATTRIBUTE) in wanted
    }


def zip_sources(archive: zipfile.ZipFile) -> dict[str, tuple[bytes, bool]]:
    """The modules of a stdlib zip: name -> (source, is a package)."""
    sources: dict[str, tuple[bytes, bool]] = {}
    for info in archive.infolist():
        found = module_of(info.filename)
        if found is not None:
            sources[found[0]] = (archive.read(info), found[1])
    return sources


def roots(
    graph: Mapping[str, object], ours: Iterable[str], pyscript_imports: Iterable[str]
) -> set[str]:
    """Where the closure starts (see the module docstring): what our code imports
    (``ours``), what PyScript's own Python imports, and Pyodide's start-up."""
    start = set(ours) | set(pyscript_imports) | set(STARTUP)
    start |= {hidden.module for hidden in HIDDEN if not hidden.importer}
    start |= {name for name in graph if name.split(".")[0] in KEEP_PACKAGES}
    return resolve(start, graph.keys())
