"""The property-graph catalogue: every entry complete, with templates, readers and its own retrieval."""

from __future__ import annotations

import re

import pytest

from cypher_templates import load_templates
from grraf.bench.property.questions import all_questions
from grraf.pipeline.entities import normalise
from grraf.pipeline.property_plan import _SHAPES
from grraf.tasks import OUTPUTS, PROPERTY_TASKS, TASKS, get_task
from grraf.tasks.model import SCHEMA_KINDS
from grraf.tasks.retrieval import candidates, property_candidates


@pytest.mark.parametrize("task", PROPERTY_TASKS, ids=lambda t: t.name)
def test_every_entry_is_complete(task) -> None:
    assert re.fullmatch(r"[a-z][a-z0-9_]*", task.name) and task.property_graph
    assert task.summary and len(task.summary) < 130
    assert len(task.phrasings) >= 3 and len(set(task.phrasings)) == len(task.phrasings)
    assert task.output in OUTPUTS and task.name in _SHAPES
    for param in task.parameters:
        assert param.kind in {"entity", "value", "choice", "number", "integer"} | SCHEMA_KINDS, (task.name, param.name)
        if param.kind == "choice":
            assert param.choices and (param.required or param.default in (*param.choices, "auto"))
    if task.output == "yes/no":
        assert task.sentence.yes and task.sentence.no
    else:
        assert "{value}" in task.sentence.value
    # the sentence says which nodes (or which kind of node) the value is about
    said = task.sentence.value or task.sentence.yes
    assert any("{" + name + "}" in said for name in ("pattern", "entity", "label")), task.name


@pytest.mark.parametrize("task", PROPERTY_TASKS, ids=lambda t: t.name)
def test_every_template_exists_in_each_dialect_it_names(task) -> None:
    assert "networkx" in task.templates, "every task has a NetworkX template (the self-check's oracle)"
    for dialect, names in task.templates.items():
        files = {t.name: t for t in load_templates(dialect)}
        for name in names:
            assert files[name].task == task.name
            if dialect != "networkx":
                assert files[name].property_graph
    if task.cypher_is_weak:
        assert set(task.templates) == {"networkx"}
    else:
        assert {"ladybug", "neo4j"} <= set(task.templates)


def test_the_phrasings_are_the_products_own_not_the_benchmarks() -> None:
    benchmark = {normalise(q.text) for q in all_questions()}
    for task in PROPERTY_TASKS:
        for phrasing in task.phrasings:
            assert normalise(phrasing) not in benchmark, (task.name, phrasing)


def test_each_catalogue_has_its_own_index() -> None:
    assert all(get_task(t.name) is t for t in PROPERTY_TASKS)
    structural = {t.name for t in TASKS}
    assert not {c.task.name for c in candidates("Who directed The Matrix?", k=10)} - structural
    found = [c.task.name for c in property_candidates("Who directed The Matrix?", k=3)]
    assert found[0] == "neighbours" and all(get_task(n).property_graph for n in found)
