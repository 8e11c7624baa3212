"""The committed Cypher scripts, run as a person would run them, build exactly what the loaders build."""

from __future__ import annotations

import ladybug
import pytest

from grraf.bench.property.graphs import GRAPHS, cypher_script, load_into_neo4j, split_script
from grraf.config import Settings
from grraf.stores.ladybug import LadybugStore


def ladybug_snapshot(path) -> tuple[list, list]:
    # Every row: the default row cap (1000) would cut the ~1,200 flights routes at a different row each run.
    with LadybugStore(path, settings=Settings(row_cap=100_000)) as store:
        nodes = store.run_unguarded("MATCH (n) RETURN label(n) AS l, n AS n", 60).value
        rels = store.run_unguarded(
            "MATCH (a)-[r]->(b) RETURN label(r) AS t, coalesce(a.name, a.title, a.code) AS a, "
            "coalesce(b.name, b.title, b.code) AS b, r AS r",
            60,
        ).value
    clean = [{k: v for k, v in row["n"].items() if not k.startswith("_")} | {"l": row["l"]} for row in nodes]
    rel_rows = [
        (row["t"], row["a"], row["b"], repr(row["r"].get("roles", row["r"].get("distance_km")))) for row in rels
    ]
    return sorted(map(repr, clean)), sorted(rel_rows)


def test_ladybug_scripts_equal_the_loader(tmp_path, property_ladybug):
    path = tmp_path / "by-script.lbug"
    db = ladybug.Database(str(path))
    conn = ladybug.Connection(db)
    statements = [s for name in GRAPHS for s in split_script(cypher_script(name, "ladybug"))]
    # Each script declares its own tables first; run the declarations before any data.
    for statement in sorted(statements, key=lambda s: not s.startswith("CREATE NODE TABLE")):
        if statement.startswith("CREATE NODE TABLE"):
            conn.execute(statement)
    for statement in statements:
        if statement.startswith("CREATE REL TABLE"):
            conn.execute(statement)
    for statement in statements:
        if not statement.startswith(("CREATE NODE TABLE", "CREATE REL TABLE")):
            conn.execute(statement)
    conn.close()
    db.close()
    assert ladybug_snapshot(path) == ladybug_snapshot(property_ladybug)


def neo4j_snapshot(driver) -> tuple[list, list]:
    with driver.session() as s:
        nodes = sorted(repr((r[0], sorted(r[1].items()))) for r in s.run("MATCH (n) RETURN labels(n), properties(n)"))
        rels = sorted(
            repr((r[0], r[1], r[2], sorted(r[3].items())))
            for r in s.run(
                "MATCH (a)-[r]->(b) RETURN type(r), coalesce(a.name, a.title, a.code), "
                "coalesce(b.name, b.title, b.code), properties(r)"
            )
        )
    return nodes, rels


@pytest.mark.neo4j
def test_neo4j_scripts_equal_the_batched_loader(property_neo4j_driver):
    driver = property_neo4j_driver
    loaded = neo4j_snapshot(driver)
    try:
        with driver.session() as s:
            s.run("MATCH (n) DETACH DELETE n").consume()
            for name in GRAPHS:
                statements = split_script(cypher_script(name, "neo4j"))
                for statement in statements:
                    if statement.startswith("CREATE CONSTRAINT"):
                        s.run(statement).consume()
                with s.begin_transaction() as tx:
                    for statement in statements:
                        if not statement.startswith("CREATE CONSTRAINT"):
                            tx.run(statement).consume()
                    tx.commit()
        assert neo4j_snapshot(driver) == loaded
    finally:
        load_into_neo4j(driver, replace=True)
