"""Documentation retrieval from the installed networkx (grraf.pipeline.docs)."""

from __future__ import annotations

import networkx as nx
import pytest

from grraf.pipeline.docs import DocHit, build_index, format_hits, resolve, search_networkx_docs, tokens

# GRRAF's tasks as GraphInstruct-style questions -> names any of which is a right top-3 hit.
CASES = [
    ("maximum flow from node 0 to node 5", {"networkx.maximum_flow_value", "networkx.maximum_flow"}),
    ("What is the maximum flow from node 2 to node 6?", {"networkx.maximum_flow_value", "networkx.maximum_flow"}),
    ("is there a cycle in an undirected graph", {"networkx.find_cycle", "networkx.cycle_basis"}),
    ("topological sort order", {"networkx.topological_sort"}),
    ("is the graph bipartite", {"networkx.is_bipartite"}),
    ("Is the graph two-colorable?", {"networkx.is_bipartite"}),
    (
        "shortest path weight",
        {"networkx.shortest_path_length", "networkx.dijkstra_path_length", "networkx.single_source_dijkstra"},
    ),
    (
        "subgraph monomorphism DiGraphMatcher",
        {"networkx.algorithms.isomorphism.DiGraphMatcher.subgraph_is_monomorphic"},
    ),
    ("in-degree of a node", {"networkx.DiGraph.in_degree"}),
    ("diameter", {"networkx.diameter"}),
    ("k-core", {"networkx.k_core"}),
    ("pagerank", {"networkx.pagerank"}),
    ("clustering coefficient", {"networkx.clustering", "networkx.average_clustering"}),
    ("maximum matching", {"networkx.max_weight_matching", "networkx.algorithms.bipartite.maximum_matching"}),
    ("How many triangles are in the graph?", {"networkx.triangles"}),
    ("three interconnected nodes", {"networkx.triangles", "networkx.enumerate_all_cliques"}),
    ("Is there a path between node 1 and node 4?", {"networkx.has_path"}),
    ("number of connected components", {"networkx.number_connected_components"}),
]


@pytest.mark.parametrize(("query", "expected"), CASES, ids=[q for q, _ in CASES])
def test_expected_function_in_top_three(query: str, expected: set[str]) -> None:
    hits = search_networkx_docs(query, k=3)
    assert {h.qualname for h in hits} & expected, [h.qualname for h in hits]


def test_hamiltonian_path_is_sensible_or_nothing() -> None:
    # networkx has no Hamiltonian path for general graphs; its tournament one must say so.
    for hit in search_networkx_docs("hamiltonian path", k=3):
        if "hamiltonian" in hit.qualname:
            assert "tournament" in hit.summary.lower() and "tournament" in hit.call


def test_every_hit_resolves_in_the_installed_networkx() -> None:
    for query, _ in CASES:
        for hit in search_networkx_docs(query, k=5):
            assert resolve(hit.qualname) is not None, hit.qualname


def test_index_matches_installed_version() -> None:
    index = build_index()
    assert index.version == nx.__version__
    qualnames = {e.qualname for e in index.entries}
    # every top-level public algorithm the installed networkx exports is indexed under nx.<name>
    for name in ("maximum_flow_value", "is_bipartite", "topological_sort", "k_core", "pagerank", "has_path"):
        assert f"networkx.{name}" in qualnames
    # names that do not exist are not invented
    assert not {"networkx.max_flow", "networkx.has_cycle"} & qualnames
    for entry in index.entries[::25]:  # a sample: resolve() imports, so keep it cheap
        resolve(entry.qualname)


def test_calls_are_in_nx_form() -> None:
    hit = search_networkx_docs("maximum flow value", k=1)[0]
    assert hit.call.startswith("nx.maximum_flow_value(flowG, _s, _t, capacity='capacity'")
    assert "backend" not in hit.call  # networkx's dispatcher arguments are left out
    assert hit.module == "networkx.algorithms.flow.maxflow"
    assert len(hit.summary) <= 200


def test_unrelated_or_empty_query_gives_nothing() -> None:
    assert search_networkx_docs("") == []
    assert search_networkx_docs("the of a node graph") == []
    assert search_networkx_docs("zzqx plorf", k=3) == []


def test_format_hits_is_compact() -> None:
    for query, _ in CASES:
        text = format_hits(search_networkx_docs(query, k=3))
        assert text.startswith("Relevant networkx functions:\n- ")
        assert len(text) <= 520, text
    assert format_hits([]) == ""


def test_format_hits_trims_long_summaries() -> None:
    hit = DocHit("networkx.f", "nx.f(G)", "word " * 60, "m", 1.0)
    text = format_hits([hit, hit, hit])
    assert len(text) <= 500 and text.count("...") == 3


def test_tokens_fold_synonym_phrases_and_compounds() -> None:
    assert "kcore" in tokens("the K-Core") and "indegree" in tokens("in-degree of node 3")
    assert "triangle" in tokens("three interconnected nodes")
    assert tokens("DiGraphMatcher")[:2] == ["di", "match"]


def test_return_notes_follow_a_variable_to_the_call_that_filled_it_and_name_generators() -> None:
    from grraf.pipeline.docs import return_notes

    code = (
        "import networkx as nx\n\ndef f(G):\n    paths = nx.all_pairs_shortest_path_length(G)\n"
        "    return paths[0][1]\n\nanswer = len(nx.bridges(G)) + f(G)\n"
    )
    traceback = (
        "TypeError: 'generator' object is not subscriptable\nTraceback (most recent call last):\n"
        '  File "<generated>", line 7, in <module>\n  File "<generated>", line 5, in f\n'
    )
    note = return_notes(code, traceback)
    assert note is not None and "nx.all_pairs_shortest_path_length returns" in note and "bridges" not in note
    note = return_notes(code, "TypeError: object of type 'generator' has no len() (line 7: `answer = ...`)")
    assert note is not None and "nx.bridges yields, one at a time (a generator" in note
    assert return_notes("answer = (", "TypeError: x (line 1: `x`)") is None
    assert return_notes(code, "TypeError: no line said") is None
