"""No two modules of ``straights`` import each other, directly or through others.

The layers themselves are import-linter's contract in ``pyproject.toml`` (``lint-imports``,
run by ``make lint``); import-linter has no contract against cycles among all modules,
so this test builds the import graph with grimp (import-linter's own) and looks for
one.  Every import counts: at module level, inside functions and under
``TYPE_CHECKING``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import grimp
import pytest


def cycles(graph: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """The import cycles of ``graph`` (module → the modules it imports): every strongly
    connected group of two or more modules, or a module that imports itself, sorted.

    >>> cycles({"a": ["b"], "b": ["c"], "c": ["a"], "d": ["a"]})
    [['a', 'b', 'c']]
    >>> cycles({"a": ["b"], "b": [], "c": ["c"]})
    [['c']]
    """
    # Tarjan's algorithm, iterative (a deep package would overflow the recursion).
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1 or node in graph.get(node, ()):
                    found.append(sorted(group))
    return sorted(found)


@pytest.fixture(scope="module")
def imports() -> dict[str, set[str]]:
    graph = grimp.build_graph("straights", cache_dir=None)
    return {m: graph.find_modules_directly_imported_by(m) for m in graph.modules}


def test_type_only_and_function_imports_are_in_the_graph(imports: dict[str, set[str]]) -> None:
    # bots/equity_moves.py imports the engine under TYPE_CHECKING only; bots/registry.py
    # imports each bot inside a function: both are edges, so both would count in a cycle.
    assert "straights.poker.engine" in imports["straights.bots.equity_moves"]
    assert "straights.bots.cfr" in imports["straights.bots.registry"]


def test_no_module_imports_itself_through_others(imports: dict[str, set[str]]) -> None:
    assert cycles(imports) == []
