"""Everyday words for the parts of a graph, folded onto the graph's own words for retrieval.

People ask about roads between towns, pipes between junctions, flights between airports and
friends in a network; the registry's summaries speak of nodes, edges and paths. Retrieval
(:mod:`grraf.tasks.retrieval`) adds the graph word next to each everyday word it finds, in the
question and in the registry alike, so "How many roads meet at town 3?" shares words with "the
number of edges at the node". These are words about graphs, not about any one task: the tasks
themselves stay in the registry.
"""

from __future__ import annotations

import re

#: graph word -> everyday words (singular and plural forms, lower case).
SYNONYMS: dict[str, tuple[str, ...]] = {
    "edge": (
        "road",
        "roads",
        "street",
        "streets",
        "link",
        "links",
        "connection",
        "connections",
        "pipe",
        "pipes",
        "cable",
        "cables",
        "wire",
        "wires",
        "flight",
        "flights",
        "arrow",
        "arrows",
        "line",
        "lines",
        "rail",
        "rails",
        "channel",
        "channels",
        "tie",
        "ties",
        "friendship",
        "friendships",
        "dependency",
        "dependencies",
        "prerequisite",
        "prerequisites",
        "relationship",
        "relationships",
        "hyperlink",
        "hyperlinks",
        "connector",
        "bond",
        "bonds",
    ),
    "node": (
        "town",
        "towns",
        "city",
        "cities",
        "station",
        "stations",
        "airport",
        "airports",
        "person",
        "people",
        "user",
        "users",
        "computer",
        "computers",
        "machine",
        "machines",
        "junction",
        "junctions",
        "page",
        "pages",
        "stop",
        "stops",
        "vertex",
        "vertices",
        "server",
        "servers",
        "router",
        "routers",
        "member",
        "members",
        "account",
        "accounts",
        "site",
        "sites",
        "place",
        "places",
        "location",
        "locations",
        "point",
        "points",
        "task",
        "tasks",
        "job",
        "jobs",
        "course",
        "courses",
        "step",
        "steps",
        "building",
        "buildings",
        "atom",
        "atoms",
    ),
    "path": ("route", "routes", "way", "ways", "trip", "trips", "journey", "journeys", "walk", "itinerary", "travel"),
    "cycle": ("loop", "loops", "circle", "circular", "cyclic", "round"),
    "reach": ("reachable", "get", "arrive", "travel", "go"),
    "weight": (
        "cost",
        "costs",
        "distance",
        "distances",
        "length",
        "lengths",
        "price",
        "capacity",
        "capacities",
        "heavy",
        "cheap",
        "cheapest",
        "lightest",
        "costly",
        "far",
    ),  # fmt: skip
    "neighbor": ("friend", "friends", "adjacent", "neighbour", "neighbours", "neighbors"),
    "hop": ("hops", "steps", "jumps", "segments", "legs", "separation"),
    "distance": ("far", "farthest", "furthest", "distant", "remote", "apart", "away"),
    "maximum": ("worst", "largest", "biggest", "greatest", "highest", "max", "longest"),
    "minimum": ("fewest", "least", "smallest", "lowest", "min", "shortest"),
    "incoming": ("into", "arrive", "arrives", "arriving", "enter", "enters", "destination", "land", "lands"),
    "outgoing": ("leave", "leaves", "leaving", "depart", "departs", "out"),
}

_LOOKUP: dict[str, str] = {word: graph_word for graph_word, words in SYNONYMS.items() for word in words}
_WORD = re.compile(r"[a-z]+")


def expand(text: str) -> str:
    """``text`` with the graph word added after each everyday word (lower-cased input expected).

    >>> expand("how many roads meet at town 3?")
    'how many roads edge meet at town node 3?'
    """
    return _WORD.sub(lambda m: f"{m.group(0)} {_LOOKUP[m.group(0)]}" if m.group(0) in _LOOKUP else m.group(0), text)


#: Everyday ways to ask whether something does NOT hold, beyond "not" and "no": every negative
#: task's ``negation_words`` and the readers' negation check include them ("Is such a route out of
#: the question?", "Can we rule out that the scheme appears?", "Are two cabinets too few?"; "Count the
#: occurrences of the pattern. Is that count zero?", free batch k).
NEGATING_PHRASES: tuple[str, ...] = (
    "out of the question", "rule out", "ruled out", "too few", "insufficient", "unable", "infeasible",
    "unachievable", "unattainable", "no way", "no chance", "count zero", "zero times", "zero occurrences",
    # "Is my piece permanently barred from ever landing on square 9?" (free batch m, confirmed as
    # connectivity and flagged verified: the negation was never offered)
    "barred from", "blocked from", "prevented from", "kept from", "forbidden from",
    # "Is our call graph clean of this signature?" (free batch s, substructure-74, flagged verified
    # as whether the signature occurs)
    "clean of", "clear of", "devoid of",
)  # fmt: skip
