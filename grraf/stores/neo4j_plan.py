"""The Neo4j plan gate: walk the ``EXPLAIN`` plan of a generated query before it runs.

Why the plan and not the text: the planner has already resolved what the text only spells —
backtick-quoted names (``CALL `apoc`.`load`.`json`(...)``), comments, Unicode look-alikes and
subqueries all come out as plain operators and canonical procedure and function names. And
``LOAD CSV``, ``apoc.load.*`` and ``apoc.cypher.run`` plan as *read* queries (query type
``"r"``), so the query-type check alone lets them through.

What is refused (a :class:`~grraf.errors.CodeRejected`, fed back to the LLM):

* the ``LoadCSV`` operator, ``CALL {...} IN TRANSACTIONS`` (``TransactionApply``/``TransactionForeach``),
  every writing operator, and administration or listing operators other than
  ``SHOW PROCEDURES|FUNCTIONS|INDEXES|CONSTRAINTS``;
* any procedure not on :data:`ALLOWED_PROCEDURES` — the schema procedures, and Graph Data
  Science's read-only ``stream``/``stats``/``estimate`` procedures and catalog listings;
* any namespaced function not on the allowlist — Cypher's own namespaced functions
  (``point.*``, temporal, ``vector.similarity.*``), pure APOC functions listed one by one in
  :data:`APOC_FUNCTIONS`, and GDS's read-only helpers. Un-namespaced names are Cypher's built-in
  functions (a user-defined function always has a namespace).

Function calls are read from each operator's ``Details``: the planner prints every expression
it evaluates there, with literals replaced by ``$auto...`` parameters and names canonical, so a
string literal cannot smuggle a call in or out. Backtick-quoted parts of ``Details`` are column
aliases (the query's own text) and are skipped.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from grraf.errors import CodeRejected

# ---------------------------------------------------------------------------------- operators
#: Operators refused wherever they appear in a plan.
REFUSED_OPERATORS: frozenset[str] = frozenset(
    {"loadcsv", "transactionapply", "transactionforeach", "foreach", "foreachapply"}
)
#: Operator name prefixes that write or administer (case-insensitive).
_WRITE_PREFIXES: tuple[str, ...] = (
    "create",
    "merge",
    "delete",
    "detachdelete",
    "set",
    "remove",
    "lockingmerge",
    "assert",
    "drop",
    "alter",
    "grant",
    "deny",
    "revoke",
    "start",
    "stop",
    "terminate",
    "enable",
    "waitforcompletion",
    "ensure",
    "system",
    "administration",
)
_SHOW_ALLOWED: frozenset[str] = frozenset({"showprocedures", "showfunctions", "showindexes", "showconstraints"})

# ---------------------------------------------------------------------------------- procedures
_SCHEMA_PROCEDURES: frozenset[str] = frozenset(
    {
        "db.labels",
        "db.relationshiptypes",
        "db.propertykeys",
        "db.schema.nodetypeproperties",
        "db.schema.reltypeproperties",
        "db.schema.visualization",
    }
)
# GDS: algorithms in stream/stats mode (they read an in-memory projection and return rows),
# estimates, and catalog listings. Never write/mutate/drop/project/train.
_GDS_READ_RE = re.compile(r"^gds(\.[a-z0-9_]+)+\.(stream|stats)(\.estimate)?$|^gds(\.[a-z0-9_]+)+\.estimate$")
_GDS_CATALOG: frozenset[str] = frozenset({"gds.graph.list", "gds.graph.exists", "gds.list", "gds.version"})
_GDS_REFUSED_PARTS: frozenset[str] = frozenset({"write", "mutate", "drop", "train", "store", "load", "publish"})

# ---------------------------------------------------------------------------------- functions
#: Namespaced functions that are part of Cypher itself (pure).
CYPHER_FUNCTION_PREFIXES: tuple[str, ...] = (
    "point.",
    "date.",
    "datetime.",
    "localdatetime.",
    "time.",
    "localtime.",
    "duration.",
    "vector.similarity.",
)
CYPHER_FUNCTIONS: frozenset[str] = frozenset({"db.nameFromElementId".lower()})
#: APOC functions that only compute a value from their arguments or read the graph (no writes,
#: no files, no network, no Cypher of their own). Listed one by one on purpose.
APOC_FUNCTIONS: frozenset[str] = frozenset(
    name.lower()
    for name in (
        # collections
        "apoc.coll.sum",
        "apoc.coll.avg",
        "apoc.coll.min",
        "apoc.coll.max",
        "apoc.coll.sort",
        "apoc.coll.sortMaps",
        "apoc.coll.sortNodes",
        "apoc.coll.toSet",
        "apoc.coll.flatten",
        "apoc.coll.contains",
        "apoc.coll.containsAll",
        "apoc.coll.indexOf",
        "apoc.coll.frequencies",
        "apoc.coll.frequenciesAsMap",
        "apoc.coll.occurrences",
        "apoc.coll.union",
        "apoc.coll.unionAll",
        "apoc.coll.intersection",
        "apoc.coll.subtract",
        "apoc.coll.disjunction",
        "apoc.coll.zip",
        "apoc.coll.pairs",
        "apoc.coll.pairsMin",
        "apoc.coll.partition",
        "apoc.coll.duplicates",
        "apoc.coll.duplicatesWithCount",
        "apoc.coll.different",
        "apoc.coll.reverse",
        "apoc.coll.combinations",
        "apoc.coll.stdev",
        # text
        "apoc.text.join",
        "apoc.text.split",
        "apoc.text.replace",
        "apoc.text.regreplace",
        "apoc.text.clean",
        "apoc.text.compareCleaned",
        "apoc.text.distance",
        "apoc.text.levenshteinDistance",
        "apoc.text.levenshteinSimilarity",
        "apoc.text.hammingDistance",
        "apoc.text.jaroWinklerDistance",
        "apoc.text.sorensenDiceSimilarity",
        "apoc.text.fuzzyMatch",
        "apoc.text.capitalize",
        "apoc.text.capitalizeAll",
        "apoc.text.decapitalize",
        "apoc.text.camelCase",
        "apoc.text.snakeCase",
        "apoc.text.upperCamelCase",
        "apoc.text.lpad",
        "apoc.text.rpad",
        "apoc.text.format",
        "apoc.text.indexOf",
        "apoc.text.indexesOf",
        "apoc.text.repeat",
        "apoc.text.slug",
        # maps
        "apoc.map.fromPairs",
        "apoc.map.fromLists",
        "apoc.map.fromValues",
        "apoc.map.merge",
        "apoc.map.mergeList",
        "apoc.map.get",
        "apoc.map.mget",
        "apoc.map.submap",
        "apoc.map.values",
        "apoc.map.removeKey",
        "apoc.map.removeKeys",
        "apoc.map.setKey",
        "apoc.map.clean",
        "apoc.map.flatten",
        "apoc.map.sortedProperties",
        "apoc.map.groupBy",
        "apoc.map.groupByMulti",
        # conversion, maths, numbers, dates, hashes
        "apoc.convert.toJson",
        "apoc.convert.fromJsonMap",
        "apoc.convert.fromJsonList",
        "apoc.convert.toList",
        "apoc.convert.toMap",
        "apoc.convert.toSet",
        "apoc.convert.toBoolean",
        "apoc.convert.toInteger",
        "apoc.convert.toFloat",
        "apoc.math.round",
        "apoc.math.maxLong",
        "apoc.math.minLong",
        "apoc.math.maxDouble",
        "apoc.math.minDouble",
        "apoc.math.maxInt",
        "apoc.math.minInt",
        "apoc.math.sigmoid",
        "apoc.math.tanh",
        "apoc.number.format",
        "apoc.number.parseInt",
        "apoc.number.parseFloat",
        "apoc.date.format",
        "apoc.date.parse",
        "apoc.date.convert",
        "apoc.date.currentTimestamp",
        "apoc.util.md5",
        "apoc.util.sha1",
        "apoc.util.sha256",
        # reading the graph
        "apoc.node.degree",
        "apoc.node.degree.in",
        "apoc.node.degree.out",
        "apoc.node.labels",
        "apoc.node.relationship.exists",
        "apoc.node.relationship.types",
        "apoc.nodes.connected",
        "apoc.label.exists",
        "apoc.rel.type",
        "apoc.any.properties",
        "apoc.any.property",
        "apoc.meta.cypher.type",
        "apoc.meta.cypher.types",
        # aggregations
        "apoc.agg.first",
        "apoc.agg.last",
        "apoc.agg.nth",
        "apoc.agg.median",
        "apoc.agg.percentiles",
        "apoc.agg.statistics",
        "apoc.agg.maxItems",
        "apoc.agg.minItems",
        "apoc.agg.product",
        "apoc.agg.slice",
        "apoc.version",
    )
)
#: GDS functions that read a projection or compute a value (``gds.graph.project``, the
#: aggregation that CREATES a projection, is not here: grraf owns projections).
GDS_FUNCTIONS: frozenset[str] = frozenset(
    name.lower()
    for name in (
        "gds.util.asNode",
        "gds.util.asNodes",
        "gds.util.nodeProperty",
        "gds.util.isFinite",
        "gds.util.isInfinite",
        "gds.util.infinity",
        "gds.util.NaN",
        "gds.similarity.cosine",
        "gds.similarity.euclidean",
        "gds.similarity.euclideanDistance",
        "gds.similarity.jaccard",
        "gds.similarity.overlap",
        "gds.similarity.pearson",
        "gds.graph.exists",
        "gds.version",
    )
)

_BACKTICKED = re.compile(r"`(?:[^`]|``)*`")
_QUOTED = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"")
_CALL_RE = re.compile(r"(?<![\w.$])([A-Za-z_][A-Za-z0-9_]*(?:\s*\.\s*[A-Za-z_][A-Za-z0-9_]*)+)\s*\(")


@dataclass(frozen=True)
class PlanFacts:
    """What a plan does, for the store (e.g. whether it calls GDS algorithms).

    Attributes:
        operators: operator names in the plan (without the ``@neo4j`` suffix), root first.
        procedures: canonical names of the procedures it calls.
        functions: namespaced functions it calls (lower case).
    """

    operators: tuple[str, ...]
    procedures: tuple[str, ...]
    functions: tuple[str, ...]

    @property
    def gds_algorithms(self) -> tuple[str, ...]:
        """GDS procedures that read an in-memory projection (``stream``/``stats`` modes)."""
        return tuple(p for p in self.procedures if p.lower().startswith("gds.") and _GDS_READ_RE.match(p.lower()))


def procedure_allowed(name: str) -> bool:
    """Whether a procedure may be called by generated Cypher.

    >>> procedure_allowed("db.labels"), procedure_allowed("gds.pageRank.stream"), procedure_allowed("apoc.load.json")
    (True, True, False)
    >>> procedure_allowed("gds.pageRank.write"), procedure_allowed("gds.graph.drop"), procedure_allowed("dbms.info")
    (False, False, False)
    >>> procedure_allowed("gds.pageRank.write.estimate"), procedure_allowed("gds.graph.project")
    (True, False)
    """
    low = name.lower()
    if low in _SCHEMA_PROCEDURES or low in _GDS_CATALOG:
        return True
    if not low.startswith("gds."):
        return False
    parts = low.split(".")
    if low.endswith(".estimate"):
        return True  # an estimate only computes memory needs, whatever the mode
    return bool(_GDS_READ_RE.match(low)) and not (_GDS_REFUSED_PARTS & set(parts)) and "project" not in parts


def function_allowed(name: str) -> bool:
    """Whether a namespaced function may be called by generated Cypher.

    >>> function_allowed("point.distance"), function_allowed("apoc.text.join"), function_allowed("gds.util.asNode")
    (True, True, True)
    >>> function_allowed("apoc.cypher.runFirstColumnSingle"), function_allowed("gds.graph.project")
    (False, False)
    """
    low = name.lower()
    if low in CYPHER_FUNCTIONS or low in APOC_FUNCTIONS or low in GDS_FUNCTIONS:
        return True
    return low.startswith(CYPHER_FUNCTION_PREFIXES)


def operator_refused(operator: str) -> bool:
    """Whether an operator (``LoadCSV@neo4j`` or ``LoadCSV``) is refused.

    >>> [operator_refused(o) for o in ("LoadCSV@neo4j", "Expand(All)", "Create", "ShowProcedures", "ShowUsers")]
    [True, False, True, False, True]
    """
    name = operator.split("@", 1)[0].lower()
    base = re.sub(r"\(.*\)$", "", name)
    if base in REFUSED_OPERATORS:
        return True
    if base.startswith("show"):
        return base not in _SHOW_ALLOWED
    return base.startswith(_WRITE_PREFIXES)


def _nodes(plan: Mapping[str, Any]) -> Iterator[Mapping[str, Any]]:
    stack = [plan]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(list(node.get("children") or [])))


def function_calls(details: str) -> list[str]:
    """Namespaced function (or procedure) names called in an operator's ``Details`` text.

    >>> function_calls("apoc.text.join($autolist_0, $autostring_1) AS x")
    ['apoc.text.join']
    >>> function_calls("count(n) AS `apoc.x.y(1)`")
    []
    """
    text = _QUOTED.sub("''", _BACKTICKED.sub("``", details))
    return [re.sub(r"\s+", "", m) for m in _CALL_RE.findall(text)]


def check_plan(plan: Mapping[str, Any] | None) -> PlanFacts:
    """Refuse a plan that loads files, runs transactions of its own, writes, administers, or
    calls a procedure or function not on the read-only allowlists.

    Args:
        plan: ``ResultSummary.plan`` of ``EXPLAIN <query>`` (nested ``operatorType``/``args``/``children``).

    Returns:
        What the plan does.

    Raises:
        CodeRejected: the first thing refused, named so the LLM can write the query another way.

    >>> plan = {"operatorType": "ProduceResults@neo4j", "args": {"Details": "row"},
    ...         "children": [{"operatorType": "LoadCSV@neo4j", "args": {"Details": "row"}}]}
    >>> check_plan(plan)
    Traceback (most recent call last):
    ...
    grraf.errors.CodeRejected: LOAD CSV is not allowed: generated queries may only read the graph
    """
    if not plan:
        raise CodeRejected("Neo4j returned no plan for the query, so it cannot be checked")
    operators: list[str] = []
    procedures: list[str] = []
    functions: list[str] = []
    for node in _nodes(plan):
        operator = str(node.get("operatorType") or node.get("operator_type") or "")
        base = operator.split("@", 1)[0]
        operators.append(base)
        if base.lower() == "loadcsv":
            raise CodeRejected("LOAD CSV is not allowed: generated queries may only read the graph")
        if base.lower() in {"transactionapply", "transactionforeach"}:
            raise CodeRejected("CALL { ... } IN TRANSACTIONS is not allowed: write one read query")
        if operator_refused(base):
            raise CodeRejected(f"the plan contains the operator {base}, which is not a read; only read queries run")
        args = node.get("args") or node.get("arguments") or {}
        details = str(args.get("Details") or "")
        if base.lower().startswith("procedurecall"):
            name = re.sub(r"\s+", "", details.split("(", 1)[0]).strip("`")
            if not procedure_allowed(name):
                raise CodeRejected(
                    f"procedure {name} is not allowed; allowed: db.labels, db.relationshipTypes, "
                    "db.propertyKeys, db.schema.*, and gds.<algorithm>.stream/.stats/.estimate"
                )
            procedures.append(name)
            details = details.split("(", 1)[1] if "(" in details else ""
        for name in function_calls(details):
            if not function_allowed(name):
                raise CodeRejected(
                    f"function {name} is not allowed in generated queries (only Cypher's own functions and "
                    "a list of read-only APOC/GDS functions)"
                )
            functions.append(name.lower())
    return PlanFacts(tuple(operators), tuple(procedures), tuple(dict.fromkeys(functions)))
