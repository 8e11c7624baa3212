"""Each attempt sees the graph unchanged; an attempt that changed it (or tried) is rejected.

Before, ``H = G; H.add_edge(...)`` passed the static check and the attempt answered on the changed
graph. Now the graphs are read-only inside the jail, each attempt is a copy-on-write fork, and the
child checks the graph's storage after the run.
"""

from __future__ import annotations

import pytest

from grraf.errors import CodeRejected
from tests.security.conftest import ESCAPE, attempt, graph_state


@pytest.fixture
def baseline(store):
    return graph_state(store)


@pytest.mark.parametrize(
    "code",
    [
        "H = G\nH.add_edge(0, 99)\nanswer = nx.shortest_path_length(H, 0, 99)",
        "H = G\nH.remove_node(3)\nanswer = H.number_of_nodes()",
        "alias = [G][0]\nalias.add_weighted_edges_from([(0, 3, 0.1)])\nanswer = nx.dijkstra_path_length(alias, 0, 3)",
        "nx.set_edge_attributes(G, 100.0, 'weight')\nanswer = G[0][1]['weight']",
        "nx.set_node_attributes(G, 'x', 'label')\nanswer = G.nodes[0]['label']",
        "H = G\nH.nodes[0]['label'] = 'sink'\nanswer = H.nodes[0]['label']",
        "H = G\nH[0][1]['weight'] = -5\nanswer = nx.dijkstra_path_length(H, 0, 3)",
        "H = G\nH.graph['name'] = 'other'\nanswer = H.graph['name']",
        "H = G\nH.clear()\nanswer = len(H)",
        "H = G\ntry:\n    H.add_edge(3, 0)\nexcept Exception:\n    pass\nanswer = nx.is_directed_acyclic_graph(H)",
        "H = G\nH.name = 'renamed'\nanswer = H.name",
        "H = G\nnx.relabel_nodes(H, {0: 'a'}, copy=False)\nanswer = list(H)",
    ],
)
def test_changing_the_graph_through_an_alias_is_rejected_and_has_no_effect(store, baseline, code: str) -> None:
    outcome = attempt(store, code)
    assert isinstance(outcome.error, CodeRejected), outcome.text
    assert "read-only" in outcome.text
    assert graph_state(store) == baseline


def test_copies_may_be_changed(store, baseline) -> None:
    code = (
        "import copy\n"
        "H = G.copy()\nH.add_edge(0, 99)\n"
        "D = copy.deepcopy(G)\nD[0][1]['weight'] = 0.5\nD.nodes[0]['label'] = 'x'\n"
        "U = G.to_undirected()\nU.remove_node(0)\n"
        "answer = [H.number_of_edges(), D[0][1]['weight'], G[0][1]['weight'], U.number_of_nodes()]"
    )
    outcome = attempt(store, code)
    assert outcome.error is None, outcome.text
    assert outcome.value == [6, 0.5, 3.0, 3]
    assert graph_state(store) == baseline


def test_bypassing_the_read_only_storage_is_caught_after_the_run(store, baseline) -> None:
    """Escaped code adds a node through ``dict.__setitem__`` on the storage itself: the change stays
    in the attempt's own copy-on-write copy, and the size check after the run rejects the attempt."""
    code = ESCAPE + (
        "u = '_' * 2\n"
        "setitem = operator.attrgetter(u + 'setitem' + u)(dict)\n"
        "setitem(operator.attrgetter('_adj')(G), 99, {})\n"
        "setitem(operator.attrgetter('_node')(G), 99, {})\n"
        "answer = G.number_of_nodes()\n"
    )
    outcome = attempt(store, code)
    assert isinstance(outcome.error, CodeRejected), outcome.text
    assert "changed the loaded graph G" in outcome.text
    assert graph_state(store) == baseline


def test_a_bypass_inside_the_storage_stays_in_the_attempts_own_copy(store, baseline) -> None:
    """Writing into an inner dict behind the guards' back is not detected (an O(n) walk per attempt
    would cost more than the attempt), but it only changes that attempt's own copy-on-write copy:
    the next attempt sees the original graph."""
    code = ESCAPE + (
        "u = '_' * 2\n"
        "setitem = operator.attrgetter(u + 'setitem' + u)(dict)\n"
        "setitem(operator.attrgetter('_adj')(G)[0], 3, {'weight': 0.01})\n"
        "answer = nx.dijkstra_path_length(G, 0, 3)\n"
    )
    attempt(store, code)
    assert graph_state(store) == baseline
    assert attempt(store, "answer = nx.dijkstra_path_length(G, 0, 3)").value == 5.0


def test_rebinding_the_storage_is_caught_after_the_run(store, baseline) -> None:
    code = ESCAPE + "operator.attrgetter('_' + '_dict_' + '_')(G)['_node'] = {}\nanswer = len(G)\n"
    outcome = attempt(store, code)
    assert isinstance(outcome.error, CodeRejected), outcome.text
    assert graph_state(store) == baseline


def test_each_attempt_sees_the_original_graph(store, baseline) -> None:
    for _ in range(3):
        attempt(store, "H = G\nH.add_edge(7, 8)\nanswer = 1")
        assert attempt(store, "answer = [G.number_of_nodes(), G.number_of_edges()]").value == [4, 5]
    assert graph_state(store) == baseline
