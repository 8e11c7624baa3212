from __future__ import annotations

import pytest

from grraf.config import Settings


@pytest.fixture
def settings(tmp_path) -> Settings:
    """Fast settings for unit tests: short time-outs, no explanation call, LLM-drafted templates and
    no self-check (tests that want them turn them on), isolated home."""
    return Settings(
        model="scripted",
        timeout=5.0,
        explain=False,
        templates=False,
        self_check=False,
        home=tmp_path / "home",
        memory_limit_mb=2048,
    )
