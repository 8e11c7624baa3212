"""How every grraf command reports errors: one line on stderr and the error's exit code.

Shared by ``grraf ask`` and the loader commands, which live in another package but must
behave the same (simonw/llm style: the library raises, the CLI only translates).
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import click

from grraf.errors import GrrafError

F = TypeVar("F", bound=Callable[..., Any])


def handle_errors(func: F) -> F:
    """Map :class:`GrrafError` to ``grraf: error: ...`` and its exit code; Ctrl-C to 130."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except GrrafError as e:
            click.echo(f"grraf: error: {e}", err=True)
            sys.exit(e.exit_code)
        except KeyboardInterrupt:
            click.echo("grraf: interrupted", err=True)
            sys.exit(130)

    return wrapper  # type: ignore[return-value]
