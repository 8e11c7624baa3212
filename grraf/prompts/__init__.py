"""Prompts are data: one YAML file each, with the inputs they declare.

A prompt file has ``inputs`` (the names it must be rendered with), an optional
``system`` message and a ``template`` (the user message). Both texts are
``str.format`` templates, so literal braces are written ``{{`` and ``}}``.
Loading checks that the placeholders are exactly the declared inputs, so a typo
fails when the file is read, not halfway through a question.
"""

from __future__ import annotations

import string
from dataclasses import dataclass
from functools import cache
from importlib import resources

import yaml
from langchain_core.messages import BaseMessage, HumanMessage, SystemMessage

from grraf.errors import ConfigError


@dataclass(frozen=True)
class Prompt:
    """A checked prompt template."""

    name: str
    inputs: frozenset[str]
    template: str
    system: str | None = None

    def render(self, **values: object) -> list[BaseMessage]:
        """Messages for the chat model.

        Raises:
            ConfigError: when the values do not match the declared inputs.
        """
        given = frozenset(values)
        if given != self.inputs:
            missing = sorted(self.inputs - given)
            extra = sorted(given - self.inputs)
            raise ConfigError(f"prompt {self.name!r}: missing inputs {missing}, unexpected inputs {extra}")
        messages: list[BaseMessage] = []
        if self.system:
            messages.append(SystemMessage(self.system.format(**values)))
        messages.append(HumanMessage(self.template.format(**values)))
        return messages

    def text(self, **values: object) -> str:
        """The user message alone, rendered (for fragments embedded in other prompts)."""
        return str(self.render(**values)[-1].content)


def _placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


def parse_prompt(name: str, raw: str) -> Prompt:
    """Build a :class:`Prompt` from the YAML text of a prompt file, checking its inputs."""
    try:
        data = yaml.safe_load(raw)
    except yaml.YAMLError as e:
        raise ConfigError(f"prompt {name!r} is not valid YAML: {e}") from e
    if not isinstance(data, dict) or "template" not in data:
        raise ConfigError(f"prompt {name!r} must be a mapping with a 'template'")
    inputs = frozenset(data.get("inputs") or [])
    template = str(data["template"])
    system = data.get("system")
    used = _placeholders(template) | (_placeholders(str(system)) if system else set())
    if used != inputs:
        raise ConfigError(f"prompt {name!r}: placeholders {sorted(used)} do not match declared inputs {sorted(inputs)}")
    return Prompt(name=name, inputs=inputs, template=template, system=str(system) if system else None)


def prompt_names() -> list[str]:
    """Names of every prompt file shipped with grraf."""
    return sorted(p.name[:-5] for p in resources.files(__package__).iterdir() if p.name.endswith(".yaml"))


@cache
def load_prompt(name: str) -> Prompt:
    """Load and check ``grraf/prompts/<name>.yaml``."""
    path = resources.files(__package__) / f"{name}.yaml"
    if not path.is_file():
        raise ConfigError(f"no prompt named {name!r}; known prompts: {', '.join(prompt_names())}")
    return parse_prompt(name, path.read_text(encoding="utf-8"))
