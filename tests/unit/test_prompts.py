"""Every prompt file loads, declares exactly the inputs it uses, and renders."""

from __future__ import annotations

import pytest

from grraf.errors import ConfigError
from grraf.prompts import load_prompt, parse_prompt, prompt_names


def test_all_prompts_render():
    names = prompt_names()
    assert {
        "plan",
        "plan_feedback",
        "template_python",
        "generate_python",
        "generate_bind",
        "feedback_error",
        "direct",
    } <= set(names)
    for name in names:
        prompt = load_prompt(name)
        messages = prompt.render(**{key: f"<{key}>" for key in prompt.inputs})
        text = "\n".join(str(m.content) for m in messages)
        assert all(f"<{key}>" in text for key in prompt.inputs), name
        assert "{" not in text.replace("{{", "") or name == "parse_unknown", name


def test_undeclared_placeholder_fails_when_loaded():
    with pytest.raises(ConfigError, match="do not match declared inputs"):
        parse_prompt("bad", "inputs: [a]\ntemplate: 'uses {a} and {b}'")


def test_render_checks_inputs():
    with pytest.raises(ConfigError, match="missing inputs"):
        load_prompt("plan").render(question="q")
