"""No function of sprague longer than 80 lines of code without a reason in its docstring (issue 34).

A function's length is counted from the first statement after its docstring to its last line. One that needs
more (a compiled kernel whose phases share their state in locals, a parser that declares every command) says why
in a paragraph of its docstring that starts with "One function:".
"""

from __future__ import annotations

import ast
from pathlib import Path

SOURCE = Path(__file__).resolve().parent.parent / "src" / "sprague"
MOST = 80
REASON = "One function:"


def code_lines(node: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """The lines of ``node`` after its docstring."""
    body = node.body
    first = body[0]
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
        if len(body) == 1:
            return 0
        first = body[1]
    assert node.end_lineno is not None
    return node.end_lineno - first.lineno + 1


def long_functions(source: str) -> list[tuple[str, int, int]]:
    """``(name, line, length)`` of each function of ``source`` over :data:`MOST` lines without a stated reason."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            length = code_lines(node)
            if length > MOST and REASON not in (ast.get_docstring(node) or ""):
                found.append((node.name, node.lineno, length))
    return found


def test_the_count_sees_a_long_function_and_its_reason() -> None:
    body = "".join(f"    x{i} = {i}\n" for i in range(MOST + 1))
    assert long_functions(f'def f():\n    """Docstring."""\n{body}') == [("f", 1, MOST + 1)]
    assert long_functions(f'def f():\n    """Docstring.\n\n    {REASON} it must be."""\n{body}') == []
    assert long_functions(f'def f():\n    """Docstring."""\n{body[: -len("    x80 = 80") - 1]}') == []


def test_no_function_over_80_lines_without_a_reason() -> None:
    offenders = [
        f"{path.relative_to(SOURCE)}:{line} {name} ({length} lines)"
        for path in sorted(SOURCE.rglob("*.py"))
        for name, line, length in long_functions(path.read_text())
    ]
    assert not offenders, (
        f"functions over {MOST} lines of code; split them, or say why in a docstring paragraph "
        f"starting {REASON!r}:\n  " + "\n  ".join(offenders)
    )
