"""The engine is pure Python: nothing under ``cardtutor/engine`` imports Django or the site.

Two checks, because each catches what the other misses: the source scan finds an import on a
path no test runs (inside a function, behind a condition); the fresh interpreter finds Django
pulled in indirectly, through a third-party module that imports it.
"""

from __future__ import annotations

import ast
import pkgutil
import subprocess
import sys
from pathlib import Path

import cardtutor.engine

ENGINE_DIR = Path(cardtutor.engine.__file__).parent
FORBIDDEN = (
    "django",
    "django_htmx",
    "template_partials",
    "csp",
    "cardtutor.core",
    "cardtutor.replays",
    "cardtutor.settings",
    "cardtutor.urls",
)


def _imports(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
    return found


def _forbidden(module: str) -> bool:
    return any(module == f or module.startswith(f + ".") for f in FORBIDDEN)


def test_engine_sources_import_nothing_from_django_or_the_site() -> None:
    files = sorted(ENGINE_DIR.rglob("*.py"))
    assert len(files) > 5
    offences = [
        f"{path.relative_to(ENGINE_DIR.parent.parent)}:{line} imports {module}"
        for path in files
        for line, module in _imports(path)
        if _forbidden(module)
    ]
    assert offences == []


def test_the_scan_recognises_a_django_import(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("def f():\n    from django.conf import settings\n    import csp.constants\n")
    assert [m for _, m in _imports(sample) if _forbidden(m)] == ["django.conf", "csp.constants"]


def test_importing_every_engine_module_loads_no_django() -> None:
    names = sorted(
        info.name for info in pkgutil.walk_packages([str(ENGINE_DIR)], prefix="cardtutor.engine.")
    )
    assert "cardtutor.engine.contract" in names
    code = (
        "import importlib, sys\n"
        f"for name in {names!r}:\n"
        "    importlib.import_module(name)\n"
        "print(sorted(m for m in sys.modules if m == 'django' or m.startswith('django.')))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=ENGINE_DIR.parent.parent,
    )
    assert result.stdout.strip() == "[]"
