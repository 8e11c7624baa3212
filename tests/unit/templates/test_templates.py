"""Every template against NetworkX ground truth computed another way, on seeded random graphs.

NetworkX templates run as the sandbox runs them (the code in a fresh namespace, then ``solve``).
ladybug templates are rendered with :func:`cypher_templates.render_cypher` and executed in a real
embedded database that holds all test graphs at once (one database keeps the test fast).
Neo4j templates are checked here to load, render and pass the guard; they are executed against a real
Neo4j 5 and compared with NetworkX in tests/integration/test_neo4j_templates.py.
"""

from __future__ import annotations

import itertools
import math
import random
import time
from collections.abc import Callable
from typing import Any

import networkx as nx
import pytest

from cypher_templates import (
    Template,
    TemplateError,
    cypher_literal,
    inline_shared,
    load_templates,
    parse_template,
    render_cypher,
)
from grraf.sandbox.policy import check_python
from grraf.stores.cypher_guard import check_cypher

NX = {t.name: t for t in load_templates("networkx")}
# Templates over grraf's namespaced graphs; the property-graph ones are tested on the property graphs
# (tests/integration/test_property_templates.py).
LB = {t.name: t for t in load_templates("ladybug") if not t.property_graph}
NEO = {t.name: t for t in load_templates("neo4j") if not t.property_graph}


def solver(name: str) -> Callable[..., Any]:
    """``solve`` of a NetworkX template, defined the way generated code is run."""
    namespace: dict[str, Any] = {}
    exec(compile(NX[name].code, NX[name].path, "exec"), namespace)
    return namespace["solve"]


def random_graph(seed: int, *, directed: bool, weighted: bool, n: int | None = None) -> nx.Graph:
    """A small random graph with isolated nodes and several components now and then."""
    rng = random.Random(seed)
    n = n if n is not None else rng.randint(1, 14)
    p = rng.choice([0.0, 0.1, 0.2, 0.35, 0.6])
    G = nx.gnp_random_graph(n, p, seed=seed, directed=directed)
    if weighted:
        for u, v in G.edges:
            G[u][v]["weight"] = rng.randint(1, 10)
    for u in G:
        G.nodes[u]["weight"] = rng.randint(1, 10)
    return G


KINDS = [(d, w) for d in (False, True) for w in (False, True)]
SEEDS = range(12)


def graphs(*, directed: bool | None = None, weighted: bool | None = None) -> list[nx.Graph]:
    out = []
    for d, w in KINDS:
        if directed is not None and d != directed:
            continue
        if weighted is not None and w != weighted:
            continue
        out.extend(random_graph(1000 * d + 100 * w + s, directed=d, weighted=w) for s in SEEDS)
    return out


def pairs(G: nx.Graph, k: int = 4) -> list[tuple[Any, Any]]:
    nodes = list(G)
    rng = random.Random(len(nodes))
    chosen = [(rng.choice(nodes), rng.choice(nodes)) for _ in range(k)]
    return chosen + [(nodes[0], nodes[0])]


# ------------------------------------------------------------------------------- headers
def test_every_header_parses_and_the_corpus_covers_grraf_tasks() -> None:
    tasks = {t.task for t in NX.values()}
    for task in [
        "connectivity",
        "cycle",
        "bipartite",
        "topological_sort",
        "max_flow",
        "shortest_path",
        "hamiltonian_path",
        "subgraph_matching",
        "max_triangle_weight",
        "in_degree",
        "out_degree",
    ]:
        assert task in tasks
    for t in load_templates():
        assert t.verified in {"tested", "syntax-only"}
        assert t.description and t.complexity


def test_python_templates_pass_the_sandbox_guard() -> None:
    for t in NX.values():
        check_python(t.code)
        for line in t.code.splitlines():
            if line.startswith(("import ", "from ")):
                assert line.split()[1].split(".")[0] in {"networkx", "math", "itertools", "collections", "heapq"}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("# task: x\n# colour: red\ndef solve(G):\n    return 1\n", "unknown header key 'colour'"),
        ("# task: x\ndef solve(G):\n    return 1\n", "missing header keys"),
    ],
)
def test_bad_headers_are_named(text: str, message: str) -> None:
    with pytest.raises(TemplateError, match=message) as info:
        parse_template(text, name="x", dialect="networkx", path="networkx/x.py")
    assert "networkx/x.py" in str(info.value)


def test_shared_helpers_are_inlined_so_each_template_is_one_program(tmp_path) -> None:
    (tmp_path / "_helpers.py").write_text(
        "import math\nimport networkx as nx\n\n\ndef _a(x):\n    return _b(x) + 1\n\n\n"
        "def _b(x):\n    return math.floor(x)\n\n\ndef _c(G):\n    return nx.density(G)\n"
    )
    code = inline_shared(
        "import math\n\nfrom cypher_templates.networkx._helpers import _a\n\n\ndef solve(G, x):\n    return _a(x)",
        folder=tmp_path,
    )
    names = [line for line in code.splitlines() if line.startswith(("def ", "import ", "from "))]
    # _b comes with _a (it calls it), _c and networkx (used by nothing taken) stay out, math once
    assert names == ["import math", "def _a(x):", "def _b(x):", "def solve(G, x):"]
    namespace: dict = {}
    exec(compile(code, "<template>", "exec"), namespace)
    assert namespace["solve"](None, 2.5) == 3
    with pytest.raises(TemplateError, match="defines no _z"):
        inline_shared("from cypher_templates.networkx._helpers import _a, _z", folder=tmp_path)
    with pytest.raises(TemplateError, match="no shared module '_gone'"):
        inline_shared("from cypher_templates.networkx._gone import _a", folder=tmp_path)


def test_shared_modules_are_not_templates_and_no_template_imports_this_package() -> None:
    assert not any(t.name.startswith("_") for t in load_templates())
    assert all("cypher_templates" not in t.code for t in NX.values())
    assert "def _named(" in NX["property_neighbours"].code  # inlined from networkx/_property_graph.py


def test_cypher_parameters_must_match_the_header() -> None:
    header = "".join(
        f"// {k}: {v}\n"
        for k, v in [
            ("task", "degree"),
            ("aliases", "x"),
            ("parameters", "node"),
            ("directed", "any"),
            ("weighted", "any"),
            ("output", "number"),
            ("complexity", "O(1)"),
            ("description", "d"),
            ("verified", "tested"),
        ]
    )
    with pytest.raises(TemplateError, match="do not match"):
        parse_template(header + "MATCH (a:{node_label}) WHERE a.id = $source RETURN 1", name="d", dialect="ladybug")


def test_cypher_literals_are_escaped() -> None:
    assert cypher_literal("a'b\\c") == "'a\\'b\\\\c'"
    assert cypher_literal(-3) == "-3"
    with pytest.raises(TemplateError):
        cypher_literal(float("nan"))
    with pytest.raises(TemplateError):
        cypher_literal([1])
    t = LB["degree"]
    code = render_cypher(t, node_label="G_Node", edge_type="G_EDGE", directed=True, params={"node": "x' OR 1=1 //"})
    assert "'x\\' OR 1=1 //'" in code
    with pytest.raises(TemplateError):
        render_cypher(t, node_label="G_Node) DETACH DELETE (n", edge_type="G_EDGE", directed=True, params={"node": 1})
    with pytest.raises(TemplateError, match="no value"):
        render_cypher(t, node_label="G_Node", edge_type="G_EDGE", directed=True, params={})


def test_module_doctests() -> None:
    import doctest

    import cypher_templates

    assert doctest.testmod(cypher_templates).failed == 0


# ------------------------------------------------------------------------------- NetworkX
def test_connectivity() -> None:
    solve = solver("connectivity")
    for G in graphs():
        comps = [set(c) for c in (nx.weakly_connected_components(G) if G.is_directed() else nx.connected_components(G))]
        for s, t in pairs(G):
            directed_reach = G.is_directed() and (t in nx.descendants(G, s) or s == t)
            expected = directed_reach if G.is_directed() else any(s in c and t in c for c in comps)
            assert solve(G, s, t) is expected


def test_cycle_undirected_and_directed() -> None:
    und, dir_ = solver("cycle_undirected"), solver("cycle_directed")
    for G in graphs(directed=False):
        assert und(G) is (len(nx.cycle_basis(G)) > 0 or nx.number_of_selfloops(G) > 0)
    for G in graphs(directed=True):
        assert dir_(G) is (len(list(nx.simple_cycles(G))) > 0)
    assert und(nx.path_graph(5)) is False and und(nx.cycle_graph(3)) is True and und(nx.empty_graph(0)) is False
    assert dir_(nx.DiGraph([(0, 1), (1, 2), (0, 2)])) is False and dir_(nx.DiGraph([(0, 1), (1, 0)])) is True


def test_bipartite_uses_the_underlying_graph() -> None:
    solve = solver("bipartite")
    for G in graphs():
        H = G.to_undirected()
        colour: dict[Any, int] = {}
        expected = True
        for root in H:  # two-colour each component by hand, breadth first
            if root in colour:
                continue
            colour[root], queue = 0, [root]
            for u in queue:
                for v in H.adj[u]:
                    if v not in colour:
                        colour[v] = 1 - colour[u]
                        queue.append(v)
                    elif colour[v] == colour[u]:
                        expected = False
        assert solve(G) is expected
    assert solve(nx.DiGraph([(0, 1), (1, 2), (2, 0)])) is False  # a directed 3-cycle is odd underneath


def test_topological_sort_is_a_valid_order() -> None:
    solve = solver("topological_sort")
    for seed in range(30):
        G = nx.gnp_random_graph(12, 0.3, seed=seed, directed=True)
        G = nx.DiGraph([(u, v) for u, v in G.edges if u < v])  # acyclic by construction
        G.add_nodes_from(range(12))
        order = solve(G)
        assert sorted(order) == sorted(G.nodes)
        position = {u: i for i, u in enumerate(order)}
        assert all(position[u] < position[v] for u, v in G.edges)
    assert solve(nx.DiGraph([(0, 1), (1, 0)])) is None


def test_max_flow_needs_residual_edges() -> None:
    solve = solver("max_flow")
    # Greedy path s->a->b->t (capacity 1 each) blocks a second path unless the flow on a->b is
    # pushed back through the residual edge b->a: the maximum is 2, greedy finds 1.
    G = nx.DiGraph()
    G.add_weighted_edges_from([("s", "a", 1), ("s", "b", 1), ("a", "b", 1), ("a", "t", 1), ("b", "t", 1)])
    assert solve(G, "s", "t") == 2
    G = nx.DiGraph()
    G.add_weighted_edges_from([(0, 1, 1), (1, 2, 1), (2, 3, 1), (0, 2, 1), (1, 3, 1)])
    assert solve(G, 0, 3) == 2
    for G in graphs(weighted=True):
        for s, t in pairs(G):
            if s == t:
                assert solve(G, s, t) == 0
                continue
            cut, _ = nx.minimum_cut(G, s, t, capacity="weight")  # max-flow = min-cut
            value = solve(G, s, t)
            assert value == cut and isinstance(value, int)


def test_shortest_path_weight_and_nodes() -> None:
    weight, nodes = solver("shortest_path_weight"), solver("shortest_path_nodes")
    for G in graphs():
        lengths = dict(nx.all_pairs_bellman_ford_path_length(G, weight="weight"))
        for s, t in pairs(G):
            expected = lengths[s].get(t)
            assert weight(G, s, t) == expected
            path = nodes(G, s, t)
            if expected is None:
                assert path is None
                continue
            assert path[0] == s and path[-1] == t
            assert sum(G[u][v].get("weight", 1) for u, v in itertools.pairwise(path)) == expected


def test_shortest_path_hops_ignores_weights() -> None:
    hops = solver("shortest_path_hops")
    for G in graphs():
        # breadth-first levels computed by hand, weights never read
        for s, t in pairs(G):
            level, frontier, seen = 0, {s}, {s}
            while frontier and t not in frontier:
                nxt = {v for u in frontier for v in G.adj[u]} - seen
                seen |= nxt
                frontier, level = nxt, level + 1
            assert hops(G, s, t) == (level if t in frontier else None)


def test_certificates_accept_right_answers_and_say_what_is_wrong_with_others() -> None:
    order, path, hamilton = (
        solver("certify_topological_order"),
        solver("certify_shortest_path"),
        solver("certify_hamiltonian_path"),
    )
    dag = nx.DiGraph([(0, 1), (1, 2), (0, 2)])
    assert order(dag, [0, 1, 2]) is True
    assert "points backwards" in order(dag, [1, 0, 2]) and "twice" in order(dag, [0, 0, 1])
    assert "has 2 nodes" in order(dag, [0, 1]) and "no cycle" in order(dag, None)
    assert order(nx.DiGraph([(0, 1), (1, 0)]), None) is True
    for G in graphs():
        for s, t in pairs(G):
            expected = solver("shortest_path_weight")(G, s, t)
            best = solver("shortest_path_nodes")(G, s, t)
            assert path(G, best, s, t) is True
            if expected is not None and len(G) > 2:
                detour = [s, *[n for n in G if n not in (s, t)], t]
                verdict = path(G, detour, s, t)
                walk_ok = all(G.has_edge(u, v) for u, v in itertools.pairwise(detour))
                weight = sum(G[u][v].get("weight", 1) for u, v in itertools.pairwise(detour)) if walk_ok else None
                assert verdict is True if weight == expected else isinstance(verdict, str)
        if len(G) <= 7:
            found = [p for p in itertools.permutations(G) if all(G.has_edge(u, v) for u, v in itertools.pairwise(p))]
            for candidate in found[:3]:
                assert hamilton(G, list(candidate)) is True
            assert hamilton(G, None) is None
            if len(G) > 1:
                assert isinstance(hamilton(G, list(G)[:-1]), str)


def brute_hamilton(G: nx.Graph) -> bool:
    nodes = list(G)
    if len(nodes) <= 1:
        return True
    return any(all(G.has_edge(u, v) for u, v in itertools.pairwise(p)) for p in itertools.permutations(nodes))


def test_hamiltonian_path_against_brute_force() -> None:
    solve = solver("hamiltonian_path")
    rng = random.Random(7)
    for seed in range(400):
        directed = seed % 2 == 1
        G = nx.gnp_random_graph(rng.randint(1, 8), rng.random(), seed=seed, directed=directed)
        assert solve(G) is brute_hamilton(G), (directed, list(G.edges))
    star = nx.star_graph(3)  # three leaves: no path
    assert solve(star) is False and solve(nx.path_graph(6)) is True
    assert solve(nx.Graph([(0, 1), (2, 3)])) is False  # disconnected


@pytest.mark.parametrize(("p", "directed"), [(0.8, False), (0.3, False), (0.1, False), (0.05, False), (0.6, True)])
def test_hamiltonian_path_50_nodes_is_fast(p: float, directed: bool) -> None:
    solve = solver("hamiltonian_path")
    for seed in range(3):
        G = nx.gnp_random_graph(50, p, seed=seed, directed=directed)
        start = time.perf_counter()
        result = solve(G)
        assert time.perf_counter() - start < 5
        if p >= 0.3:
            assert result is True  # dense random graphs have one; the search must find it
    # Sparse, no leaves, no Hamiltonian path: three cycles sharing node 0 (removing it leaves
    # three components, and a path can only leave two).
    flower = nx.Graph()
    for petal in range(3):
        nx.add_cycle(flower, [0, *range(1 + 17 * petal, 18 + 17 * petal)])
    ring = nx.cycle_graph(50)  # sparse and Hamiltonian, with a few chords to mislead the search
    ring.add_edges_from([(0, 25), (10, 40), (5, 30)])
    for G, expected in [(flower, False), (ring, True)]:
        start = time.perf_counter()
        assert solve(G) is expected
        assert time.perf_counter() - start < 5


def test_subgraph_matching_is_monomorphism() -> None:
    solve = solver("subgraph_matching")
    rng = random.Random(3)
    for seed in range(40):
        directed = seed % 2 == 0
        G = nx.gnp_random_graph(7, 0.4, seed=seed, directed=directed)
        P = nx.gnp_random_graph(rng.randint(1, 4), 0.6, seed=seed + 99, directed=directed)
        expected = any(
            all(G.has_edge(m[u], m[v]) for u, v in P.edges)
            for image in itertools.permutations(G.nodes, P.number_of_nodes())
            for m in [dict(zip(P.nodes, image, strict=True))]
        )
        assert solve(G, P) is expected
    # a path a->b->c is present in a transitive triangle although the triangle has an extra edge
    assert solve(nx.DiGraph([(0, 1), (1, 2), (0, 2)]), nx.DiGraph([("a", "b"), ("b", "c")])) is True


def test_isomorphism() -> None:
    solve = solver("isomorphism")
    G = nx.gnp_random_graph(8, 0.4, seed=1)
    H = nx.relabel_nodes(G, {u: f"n{u}" for u in G})
    assert solve(G, H) is True
    H.add_edge("extra", "n0")
    assert solve(G, H) is False


def brute_triangle(G: nx.Graph) -> int:
    H = G.to_undirected()
    best = 0
    for a, b, c in itertools.combinations(H.nodes, 3):
        if H.has_edge(a, b) and H.has_edge(b, c) and H.has_edge(a, c):
            best = max(best, sum(H.nodes[x]["weight"] for x in (a, b, c)))
    return best


def test_max_triangle_weight_and_triangle_count() -> None:
    weight, count = solver("max_triangle_weight"), solver("triangle_count")
    for G in graphs():
        assert weight(G) == brute_triangle(G)
        H = G.to_undirected()
        expected = sum(
            1
            for a, b, c in itertools.combinations(H.nodes, 3)
            if H.has_edge(a, b) and H.has_edge(b, c) and H.has_edge(a, c)
        )
        assert count(G) == expected
    assert weight(nx.path_graph(4)) == 0 and weight(nx.empty_graph(3)) == 0


def test_degrees_neighbours_and_counts() -> None:
    ind, outd, deg = solver("in_degree"), solver("out_degree"), solver("degree")
    nbrs, preds, common = solver("neighbors"), solver("predecessors"), solver("common_neighbors")
    reach, nodes, edges = solver("reachable_count"), solver("node_count"), solver("edge_count")
    for G in graphs():
        assert nodes(G) == len(list(G)) and edges(G) == len(list(G.edges))
        for u in G:
            if G.is_directed():
                assert ind(G, u) == sum(1 for _, v in G.edges if v == u)
                assert outd(G, u) == sum(1 for v, _ in G.edges if v == u)
                assert preds(G, u) == sorted({a for a, b in G.edges if b == u})
            assert deg(G, u) == sum((a == u) + (b == u) for a, b in G.edges)
            assert nbrs(G, u) == sorted(set(G.adj[u]))
            seen, stack = {u}, [u]
            while stack:
                for v in G.adj[stack.pop()]:
                    if v not in seen:
                        seen.add(v)
                        stack.append(v)
            assert reach(G, u) == len(seen - {u}) + (u in nx.descendants(G, u))
        for s, t in pairs(G):
            H = G.to_undirected()
            assert common(G, s, t) == sorted(v for v in H if H.has_edge(s, v) and H.has_edge(t, v))


def test_components_and_structure_checks() -> None:
    cc, scc = solver("connected_components"), solver("strongly_connected_components")
    tree, acyclic, euler = solver("is_tree"), solver("is_acyclic"), solver("euler_path")
    has_cycle = {True: solver("cycle_directed"), False: solver("cycle_undirected")}
    for G in graphs():
        H = G.to_undirected()
        parent = {u: u for u in H}

        def find(u: Any, parent: dict[Any, Any] = parent) -> Any:
            while parent[u] != u:
                u = parent[u]
            return u

        for a, b in H.edges:
            parent[find(a)] = find(b)
        components = len({find(u) for u in H})
        assert cc(G) == components
        assert tree(G) is (H.number_of_nodes() > 0 and components == 1 and H.number_of_edges() == len(H) - 1)
        if G.is_directed():
            assert scc(G) == len(
                {frozenset(nx.descendants(G, u) | {u}) & frozenset(nx.ancestors(G, u) | {u}) for u in G}
            )
            assert acyclic(G) is (not list(nx.simple_cycles(G)))
        else:
            assert acyclic(G) is (components == len(H) - H.number_of_edges() and nx.number_of_selfloops(H) == 0)
        # the two yes/no tasks of the registry about cycles always answer opposite ways
        assert acyclic(G) is (not has_cycle[G.is_directed()](G)) or len(G) == 0
        odd = [u for u in H if H.degree(u) % 2]
        with_edges = [u for u in H if H.degree(u)]
        if not G.is_directed():
            expected = not with_edges or (len(odd) in (0, 2) and nx.is_connected(H.subgraph(with_edges)))
            assert euler(G) is expected


def test_radius_eccentricity_average_path_bridges_articulation_points() -> None:
    radius, ecc, avg = solver("radius"), solver("eccentricity"), solver("average_shortest_path_length")
    bridges, cut = solver("bridge_count"), solver("articulation_point_count")
    for G in graphs(directed=False):
        connected = len(G) > 0 and nx.is_connected(G)
        hops = dict(nx.all_pairs_shortest_path_length(G))
        eccentricities = {u: max(hops[u].values()) for u in G} if connected else {}
        assert radius(G) == (min(eccentricities.values()) if connected else None)
        for u in list(G)[:3]:
            assert ecc(G, u) == (eccentricities[u] if connected else None)
        pairs_ = [(u, v) for u in G for v in G if u != v]
        if connected and pairs_:
            assert math.isclose(avg(G), sum(hops[u][v] for u, v in pairs_) / len(pairs_))
        # a bridge: an edge whose removal adds a component; a cut vertex likewise, by brute force
        base = nx.number_connected_components(G) if len(G) else 0
        expected_bridges = 0
        for u, v in list(G.edges()):
            H = G.copy()
            H.remove_edge(u, v)
            expected_bridges += nx.number_connected_components(H) > base
        expected_cut = 0
        for u in list(G):
            H = G.copy()
            H.remove_node(u)
            expected_cut += len(H) > 0 and nx.number_connected_components(H) > base
        assert bridges(G) == expected_bridges and cut(G) == expected_cut
    multi = nx.MultiGraph([(0, 1), (0, 1), (1, 2)])
    assert bridges(multi) == 1  # the doubled edge is no bridge


def test_diameter_plain_and_weighted() -> None:
    plain, weighted = solver("diameter"), solver("diameter_weighted")
    for G in graphs(directed=False):
        lengths = dict(nx.all_pairs_bellman_ford_path_length(G, weight="weight"))
        hops = dict(nx.all_pairs_shortest_path_length(G))
        connected = all(len(v) == len(G) for v in lengths.values()) and len(G) > 0
        assert plain(G) == (max(max(v.values()) for v in hops.values()) if connected else None)
        assert weighted(G) == (max(max(v.values()) for v in lengths.values()) if connected else None)


def test_mst_matching_core_clustering_centrality() -> None:
    mst, matching = solver("mst_weight"), solver("maximum_matching")
    core, clust, avg = solver("k_core"), solver("clustering_coefficient"), solver("average_clustering")
    pr, bt = solver("pagerank_top"), solver("betweenness_top")
    for G in graphs(directed=False):
        expected = sum(d.get("weight", 1) for _, _, d in nx.maximum_spanning_edges(G, weight="neg", data=True))
        neg = G.copy()
        for u, v in neg.edges:
            neg[u][v]["neg"] = -neg[u][v].get("weight", 1)
        expected = -sum(d["neg"] for _, _, d in nx.maximum_spanning_edges(neg, weight="neg", data=True))
        assert mst(G) == expected
        edges = list(G.edges)
        best = 0
        for r in range(len(edges) + 1):
            if r > len(G) // 2:
                break
            if any(len({x for e in m for x in e}) == 2 * r for m in itertools.combinations(edges, r)):
                best = r
        if len(edges) <= 14:
            assert matching(G) == best
        for k in (1, 2, 3):
            H = G.copy()
            while low := [u for u in H if H.degree(u) < k]:
                H.remove_nodes_from(low)
            assert core(G, k) == sorted(H)
        for u in G:
            nb = list(G.adj[u])
            links = sum(1 for a, b in itertools.combinations(nb, 2) if G.has_edge(a, b))
            assert math.isclose(clust(G, u), 0 if len(nb) < 2 else 2 * links / (len(nb) * (len(nb) - 1)))
        assert math.isclose(avg(G), sum(nx.clustering(G).values()) / len(G))
        assert pr(G) in G and bt(G) in G
    star = nx.star_graph(5)
    assert pr(star) == 0 and bt(star) == 0
    assert matching(nx.complete_bipartite_graph(3, 5)) == 3


def test_degree_top_average_degree_and_has_edge_by_hand() -> None:
    top, average, edge = solver("degree_top"), solver("average_degree"), solver("has_edge")
    # A star with a tail: node 1 meets four edges, everyone else fewer.
    star = nx.Graph([(1, 0), (1, 2), (1, 3), (1, 4), (4, 5)])
    assert top(star) == 1 and average(star) == 10 / 6
    assert edge(star, 1, 4) is True and edge(star, 4, 1) is True and edge(star, 0, 2) is False
    # Ties go to the first node in node order, as pagerank_top and betweenness_top break them;
    # node order is insertion order, not the ids' order.
    path = nx.Graph()
    path.add_nodes_from([3, 2, 1, 0])
    path.add_edges_from([(0, 1), (1, 2), (2, 3)])
    assert top(path) == 2
    assert top(nx.cycle_graph(5)) == 0
    # Directed: in plus out. Node 0 has three edges out, node 2 two in and one out: a tie, 0 first;
    # one more edge out of 2 makes it 2. Edges into a node count as much as edges out of it.
    dig = nx.DiGraph([(0, 1), (0, 2), (0, 3), (1, 2), (2, 3)])
    assert top(dig) == 0
    dig.add_edge(2, 4)
    assert top(dig) == 2 and top(nx.DiGraph([(0, 1), (2, 1), (3, 1)])) == 1
    assert average(dig) == 2 * 6 / 5  # the mean of in plus out, twice the mean out-degree
    assert edge(dig, 0, 1) is True and edge(dig, 1, 0) is False and edge(dig, 2, 4) is True
    # A self-loop counts twice in a degree, as networkx counts it, and is an edge from a node to itself.
    loop = nx.Graph([(0, 0), (1, 2)])
    assert top(loop) == 0 and average(loop) == 4 / 3
    assert edge(loop, 0, 0) is True and edge(loop, 1, 1) is False
    # Isolated nodes count in the average and have degree 0; no nodes, no answer.
    lonely = nx.empty_graph(4)
    assert top(lonely) == 0 and average(lonely) == 0 and edge(lonely, 0, 1) is False
    assert top(nx.empty_graph(0)) is None and average(nx.empty_graph(0)) is None
    karate = nx.karate_club_graph()
    assert top(karate) == 33 and math.isclose(average(karate), 156 / 34)
    assert edge(karate, 0, 33) is False and edge(karate, 0, 31) is True


def test_degree_top_average_degree_and_has_edge_on_random_graphs() -> None:
    top, average, edge = solver("degree_top"), solver("average_degree"), solver("has_edge")
    for G in graphs():
        ends = [x for e in G.edges for x in e]  # every edge has two ends: in plus out when directed
        degree = {u: ends.count(u) for u in G}
        best = max(degree.values())
        assert top(G) == next(u for u in G if degree[u] == best)
        assert math.isclose(average(G), sum(degree.values()) / len(G))
        for s, t in pairs(G, 6):
            joined = (s, t) in set(G.edges) or (not G.is_directed() and (t, s) in set(G.edges))
            assert edge(G, s, t) is joined


def test_degree_above_and_at_least_count_by_hand() -> None:
    above, least = solver("degree_above_count"), solver("degree_at_least_count")
    # A star with a tail: node 1 has degree 4, node 4 degree 2, the other four degree 1.
    star = nx.Graph([(1, 0), (1, 2), (1, 3), (1, 4), (4, 5)])
    assert [above(star, k) for k in range(6)] == [6, 2, 1, 1, 0, 0]  # strictly greater
    assert [least(star, k) for k in range(6)] == [6, 6, 2, 1, 1, 0]  # degree k itself counts
    # k larger than every degree: none; k = 0 with isolated nodes: they have degree 0, which is not
    # greater than 0 but is at least 0.
    assert above(star, 100) == 0 and least(star, 100) == 0
    lonely = nx.empty_graph(4)
    lonely.add_edge(0, 1)
    assert above(lonely, 0) == 2 and least(lonely, 0) == 4 and least(lonely, 1) == 2
    # Directed: in plus out. Degrees 0: 3 (all out), 1: 2, 2: 3, 3: 2 (all in); out-degree alone
    # would put only node 0 above 2, in-degree alone only node 2.
    dig = nx.DiGraph([(0, 1), (0, 2), (0, 3), (1, 2), (2, 3)])
    assert above(dig, 2) == 2 and least(dig, 3) == 2 and least(dig, 2) == 4 and above(dig, 3) == 0
    # A self-loop counts twice, as networkx counts degree, directed or not.
    loop = nx.Graph([(0, 0), (1, 2)])
    assert above(loop, 1) == 1 and least(loop, 2) == 1 and above(loop, 2) == 0
    assert above(nx.DiGraph([(0, 0), (1, 2)]), 1) == 1 and least(nx.DiGraph([(0, 0)]), 2) == 1
    # No nodes: no node has any degree, the count is 0 (not "no answer").
    assert above(nx.empty_graph(0), 0) == 0 and least(nx.empty_graph(0), 0) == 0
    # README's example: members 33, 0 and 32 have more than 10 friends (17, 16, 12); member 2 has 10.
    karate = nx.karate_club_graph()
    assert above(karate, 10) == 3 and least(karate, 10) == 4


def test_degree_above_and_at_least_count_on_random_graphs() -> None:
    above, least = solver("degree_above_count"), solver("degree_at_least_count")
    for G in graphs():
        ends = [x for e in G.edges for x in e]  # every edge has two ends: in plus out when directed
        degree = [ends.count(u) for u in G]
        for k in range(max(degree) + 2):
            assert above(G, k) == sum(d > k for d in degree)
            assert least(G, k) == sum(d >= k for d in degree)


# ------------------------------------------------------------------------------- ladybug
def _lb_graphs() -> dict[str, nx.Graph]:
    out = {}
    for i, (d, w) in enumerate(KINDS):
        for s in range(8):
            out[f"g{i}_{s}"] = random_graph(5000 + 100 * i + s, directed=d, weighted=w)
    return out


@pytest.fixture(scope="module")
def ladybug_store() -> Any:
    from grraf.stores.ladybug import LadybugStore

    graphs_ = _lb_graphs()
    store = LadybugStore.from_networkx(graphs_)
    yield store, graphs_
    store.close()


def run_lb(store: Any, name: str, gname: str, G: nx.Graph, **params: Any) -> Any:
    code = render_cypher(
        LB[name], node_label=f"{gname}_Node", edge_type=f"{gname}_EDGE", directed=G.is_directed(), params=params
    )
    return store.execute(code, 20).value


NODE_TEMPLATES = {
    "degree": "degree",
    "in_degree": "in_degree",
    "out_degree": "out_degree",
    "neighbors": "neighbors",
    "predecessors": "predecessors",
    "reachable_count": "reachable_count",
}
PAIR_TEMPLATES = {
    "connectivity": "connectivity",
    "has_edge": "has_edge",
    "common_neighbors": "common_neighbors",
    "shortest_path_length": "shortest_path_weight",
    "shortest_path_weight": "shortest_path_weight",
}
GRAPH_TEMPLATES = {
    "connected_components": "connected_components",
    "cycle_directed": "cycle_directed",
    "cycle_undirected": "cycle_undirected",
    "is_dag": "is_acyclic",
    "node_count": "node_count",
    "edge_count": "edge_count",
    "average_degree": "average_degree",
    "degree_top": "degree_top",
    "max_triangle_weight": "max_triangle_weight",
    "triangle_count": "triangle_count",
}
THRESHOLD_TEMPLATES = {
    "degree_above_count": "degree_above_count",
    "degree_at_least_count": "degree_at_least_count",
}


def thresholds(G: nx.Graph) -> list[int]:
    """The k worth asking a degree threshold with: 0, 1, and the highest degree, one below and one above it."""
    top = max((d for _, d in G.degree), default=0)
    return sorted({0, 1, max(top - 1, 0), top, top + 1})


def test_every_ladybug_template_is_exercised() -> None:
    covered = set(NODE_TEMPLATES) | set(PAIR_TEMPLATES) | set(GRAPH_TEMPLATES) | set(THRESHOLD_TEMPLATES)
    covered |= {"shortest_path_nodes", "shortest_path_weighted_nodes"}
    assert covered == set(LB)


def same(a: Any, b: Any) -> bool:
    if isinstance(a, int | float) and isinstance(b, int | float) and not isinstance(a, bool):
        return math.isclose(a, b)
    return a == b


def test_ladybug_templates_agree_with_networkx(ladybug_store: Any) -> None:
    store, graphs_ = ladybug_store
    checked = 0
    for gname, G in graphs_.items():
        for name, nx_name in GRAPH_TEMPLATES.items():
            if not LB[name].fits(directed=G.is_directed(), weighted=nx.is_weighted(G) or None):
                continue
            expected = solver(nx_name)(G)
            assert same(run_lb(store, name, gname, G), expected), (name, gname)
            checked += 1
        for k in thresholds(G):
            for name, nx_name in THRESHOLD_TEMPLATES.items():
                assert same(run_lb(store, name, gname, G, k=k), solver(nx_name)(G, k)), (name, gname, k)
                checked += 1
        for u in list(G)[:4]:
            for name, nx_name in NODE_TEMPLATES.items():
                if LB[name].fits(directed=G.is_directed()):
                    assert same(run_lb(store, name, gname, G, node=u), solver(nx_name)(G, u)), (name, gname, u)
                    checked += 1
        for s, t in pairs(G, 3):
            for name, nx_name in PAIR_TEMPLATES.items():
                weighted = nx.is_weighted(G) and G.number_of_edges() > 0
                if not LB[name].fits(directed=G.is_directed(), weighted=weighted):
                    continue
                got = run_lb(store, name, gname, G, source=s, target=t)
                assert same(got, solver(nx_name)(G, s, t)), (name, gname, s, t, got)
                checked += 1
            path_name = "shortest_path_weighted_nodes" if nx.is_weighted(G) else "shortest_path_nodes"
            path = run_lb(store, path_name, gname, G, source=s, target=t)
            expected = solver("shortest_path_weight")(G, s, t)
            if expected is None:
                assert path is None
            else:
                assert path[0] == s and path[-1] == t
                assert sum(G[a][b].get("weight", 1) for a, b in itertools.pairwise(path)) == expected
            checked += 1
    assert checked > 300


def test_ladybug_degree_templates_count_self_loops_twice_and_break_ties_by_id() -> None:
    """Shapes the random graphs lack: self-loops (an undirected one is stored once and matched once
    by an arrowless pattern, so the templates count its two ends through both arrows), ties, no nodes."""
    from grraf.stores.ladybug import LadybugStore

    shapes = {
        "uloop": nx.Graph([(0, 0), (1, 2), (2, 3)]),
        "dloop": nx.DiGraph([(0, 0), (1, 2), (3, 2)]),
        "tie": nx.Graph([(0, 1), (1, 2), (2, 3), (3, 0), (4, 4)]),
    }
    store = LadybugStore.from_networkx({**shapes, "empty": nx.Graph()})
    try:
        # no nodes: no node passes a degree threshold, not even k = 0
        for name in THRESHOLD_TEMPLATES:
            assert run_lb(store, name, "empty", nx.Graph(), k=0) == 0, name
        for gname, G in shapes.items():
            for name in ("degree_top", "average_degree"):
                assert same(run_lb(store, name, gname, G), solver(name)(G)), (name, gname)
            for name, k in itertools.product(THRESHOLD_TEMPLATES, range(4)):
                assert run_lb(store, name, gname, G, k=k) == solver(name)(G, k), (name, gname, k)
            for s, t in itertools.product(G, repeat=2):
                assert run_lb(store, "has_edge", gname, G, source=s, target=t) is G.has_edge(s, t), (gname, s, t)
        assert run_lb(store, "degree_top", "tie", shapes["tie"]) == 0
        # the undirected self-loop gives node 0 degree 2: at least 2, not more than 2
        assert run_lb(store, "degree_at_least_count", "uloop", shapes["uloop"], k=2) == 2
        assert run_lb(store, "degree_above_count", "uloop", shapes["uloop"], k=1) == 2
    finally:
        store.close()


def test_ladybug_bounded_paths_are_skipped_for_big_graphs() -> None:
    from grraf.pipeline.template import verified_template
    from grraf.tasks import get_task

    task = get_task("connectivity")
    assert verified_template(task, "ladybug", directed=False, weighted=False, node_count=31, max_hops=30)
    assert verified_template(task, "ladybug", directed=False, weighted=False, node_count=100, max_hops=30) is None
    assert verified_template(task, "ladybug", directed=False, weighted=False, node_count=100, max_hops=200)


# ------------------------------------------------------------------------------- Neo4j
@pytest.mark.parametrize("name", sorted(NEO))
def test_neo4j_templates_render_and_pass_the_guard(name: str) -> None:
    t: Template = NEO[name]
    for directed in (False, True):
        code = render_cypher(
            t, node_label="G_Node", edge_type="G_EDGE", directed=directed, params={p: 3 for p in t.parameters}
        )
        check_cypher(code, dialect="neo4j")
        assert "{" + "node_label}" not in code and "$" not in code


@pytest.mark.parametrize("name", ["title", "a`b", "release year", "``"])
def test_template_identifiers_are_quoted_as_the_guard_quotes_them(name):
    from cypher_templates import _identifier
    from grraf.stores.cypher_guard import quote_identifier

    assert _identifier(name, "t") == quote_identifier(name)
