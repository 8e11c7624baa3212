"""Store specs: the one parser of ``networkx``, ``ladybug[:PATH]`` and ``neo4j[:DATABASE]``.

``grraf ask --store``, ``grraf load --into``, ``grraf graphs --store``, ``grraf drop --store``,
the ``%grraf --store`` magic and :func:`grraf.stores.factory.open_store` all read a spec here,
so they accept the same forms and refuse a bad one with the same message.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from grraf.config import Settings
from grraf.errors import ConfigError

StoreKind = Literal["networkx", "ladybug", "neo4j"]

#: The accepted forms, as the error message and the help texts list them.
STORE_SPECS: tuple[str, ...] = ("networkx", "ladybug", "ladybug:PATH", "neo4j", "neo4j:DATABASE")

#: Where ``grraf load --into ladybug`` (no path) writes, under ``settings.home``.
DEFAULT_LADYBUG_FILE = "graphs.lbug"


@dataclass(frozen=True)
class StoreSpec:
    """A parsed store spec.

    Attributes:
        kind: which store.
        path: the ladybug database file (the default one when the spec names none); None otherwise.
        database: the Neo4j database the spec names; None means the one of ``NEO4J_DATABASE`` or
            the server's default.
        text: the spec as given, for messages.
    """

    kind: StoreKind
    text: str
    path: Path | None = None
    database: str | None = None


def default_ladybug_path(settings: Settings) -> Path:
    """Where ``--into ladybug`` (no path) keeps its database: ``settings.home / "graphs.lbug"``."""
    return Path(settings.home) / DEFAULT_LADYBUG_FILE


def parse_store_spec(spec: str, settings: Settings | None = None) -> StoreSpec:
    """Read a store spec.

    Args:
        spec: ``"networkx"``, ``"ladybug"``, ``"ladybug:PATH"``, ``"neo4j"`` or ``"neo4j:DATABASE"``;
            the kind is case-insensitive.
        settings: where the default ladybug database lives; defaults from the environment.

    Raises:
        ConfigError: any other spec (an unknown kind, or an argument to ``networkx``).

    >>> parse_store_spec("neo4j:movies").database
    'movies'
    >>> parse_store_spec("ladybug:/tmp/g.lbug").path
    PosixPath('/tmp/g.lbug')
    >>> parse_store_spec("postgres")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    grraf.errors.ConfigError: unknown store 'postgres'; use one of: networkx, ladybug, ladybug:PATH, ...
    """
    kind, colon, arg = spec.partition(":")
    kind, arg = kind.strip().lower(), arg.strip()
    if kind == "networkx" and not colon:
        return StoreSpec("networkx", spec)
    if kind == "ladybug":
        path = Path(arg) if arg else default_ladybug_path(settings or Settings.from_env())
        return StoreSpec("ladybug", spec, path=path)
    if kind == "neo4j":
        return StoreSpec("neo4j", spec, database=arg or None)
    raise ConfigError(f"unknown store {spec!r}; use one of: {', '.join(STORE_SPECS)}")
