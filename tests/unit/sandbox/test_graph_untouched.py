from __future__ import annotations

import networkx as nx
import pytest

from grraf.errors import CodeRejected
from grraf.sandbox.policy import check_graph_untouched
from grraf.stores.networkx import NetworkXStore

NAMES = frozenset({"G", "G_prime"})


@pytest.mark.parametrize(
    "code",
    [
        "G = nx.Graph()\nanswer = 1",
        "G, H = H, G\nanswer = 1",
        "G.add_edges_from([(0, 1)])\nanswer = 1",
        "G_prime.remove_node(3)\nanswer = 1",
        "for G in []:\n    pass\nanswer = 1",
        "G += 1\nanswer = 1",
    ],
)
def test_rebinding_or_editing_the_graph_is_rejected(code):
    with pytest.raises(CodeRejected, match="line 1"):
        check_graph_untouched(code, NAMES)


@pytest.mark.parametrize(
    "code",
    [
        "H = G.copy()\nH.add_edge(0, 9)\nanswer = H.number_of_edges()",
        "answer = nx.has_path(G, 0, 1)",
        "def f(G):\n    return len(G)\nanswer = f(G)",
    ],
)
def test_reading_and_copying_are_fine(code):
    check_graph_untouched(code, NAMES)


def test_networkx_store_guards_its_graph_variables(settings):
    store = NetworkXStore({"G": nx.path_graph(3)}, settings=settings)
    with pytest.raises(CodeRejected, match="already loaded"):
        store.check("G = nx.Graph()\nG.add_edge(0, 1)\nanswer = nx.has_path(G, 0, 1)")
