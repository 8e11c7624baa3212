"""ruff and mypy on the package, as part of the one test command (DESIGN.md, "Style")."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=600, check=False)


def test_ruff_check_and_format():
    paths = ("grraf", "loaders", "cypher_templates", "tests", "benchmarks")
    check = _run(sys.executable, "-m", "ruff", "check", *paths)
    assert check.returncode == 0, check.stdout + check.stderr
    fmt = _run(sys.executable, "-m", "ruff", "format", "--check", *paths)
    assert fmt.returncode == 0, fmt.stdout + fmt.stderr


def test_mypy_on_the_package():
    result = _run(sys.executable, "-m", "mypy")
    assert result.returncode == 0, result.stdout + result.stderr


_LINT_IMPORTS = (
    "import sys; from importlinter.cli import lint_imports; sys.exit(lint_imports(no_cache=True, no_logo=True))"
)


def _lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    # Run from ``root``: import-linter puts the working directory first on sys.path, so it reads
    # that tree's packages (not an installed copy) and that tree's .importlinter.
    return subprocess.run(
        [sys.executable, "-c", _LINT_IMPORTS], cwd=root, capture_output=True, text=True, timeout=600, check=False
    )


def test_import_contracts_hold():
    """DESIGN.md's dependency rules (.importlinter): layers, no cycles, loaders only from the CLI, ..."""
    result = _lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


def test_import_contracts_catch_a_violation(tmp_path: Path):
    """The contracts bite: a store importing the loaders, or the pipeline importing the bench, is refused."""
    import shutil

    for package in ("grraf", "loaders", "cypher_templates"):
        shutil.copytree(ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / ".importlinter", tmp_path / ".importlinter")
    with (tmp_path / "grraf" / "stores" / "base.py").open("a", encoding="utf-8") as f:
        f.write("\nimport loaders.edgelist  # noqa\n")
    with (tmp_path / "grraf" / "pipeline" / "plan.py").open("a", encoding="utf-8") as f:
        f.write("\nimport grraf.bench.runner  # noqa\n")
    result = _lint_imports(tmp_path)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "grraf.stores.base -> loaders.edgelist" in result.stdout
    assert "grraf.pipeline.plan -> grraf.bench.runner" in result.stdout


# Names of test doubles; production code must not branch on them (`if backend == "fake"`). The
# scripted chat model is a published test helper, so its own module may name itself.
_TEST_NAMES = {"fake", "scripted", "mock", "dummy", "stub"}
_PUBLISHED_TEST_HELPERS = {ROOT / "grraf" / "llm" / "scripted.py"}


def test_no_test_only_names_in_production_code():
    import ast

    found = []
    for package in ("grraf", "loaders", "cypher_templates"):
        for path in sorted((ROOT / package).rglob("*.py")):
            if path in _PUBLISHED_TEST_HELPERS:
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
                is_text = isinstance(node, ast.Constant) and isinstance(node.value, str)
                if is_text and node.value.strip().lower() in _TEST_NAMES:
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value!r}")
    assert not found, "test-only names used as values in production code:\n" + "\n".join(found)
