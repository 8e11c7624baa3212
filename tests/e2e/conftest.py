"""The real local model, loaded once for all end-to-end tests."""

from __future__ import annotations

import os

import pytest

from grraf.config import Settings
from grraf.errors import ConfigError


@pytest.fixture(scope="session")
def local_model():
    """The offline default model. In CI setup.sh installs it, so a missing model fails there."""
    from grraf.llm.local import local_chat_model

    try:
        return local_chat_model(Settings.from_env(model="local"))
    except ConfigError as e:
        if os.environ.get("CI"):
            pytest.fail(f"local model unavailable in CI: {e}")
        pytest.skip(f"local model unavailable (run bash scripts/setup.sh): {e}")


@pytest.fixture(scope="session")
def e2e_settings() -> Settings:
    """Fast settings: no one-sentence explanation call, short time-outs."""
    return Settings.from_env(model="local", explain=False, timeout=30.0)
