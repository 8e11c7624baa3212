"""The task registry's entries: every task grraf knows, each written once.

An entry says what is computed (``summary``, shown to the LLM), how people ask for it
(``phrasings``, what retrieval matches a question against), what the answer is, which typed
parameters the LLM fills, which verified templates compute it, and how the answer is said. The
phrasings here are the product's own examples; the benchmark's everyday phrasings are written
apart from them (``grraf/bench``) so that a score on them measures understanding, not recall.

Adding a task: one entry here, its templates under ``cypher_templates/`` and their tests.
"""

from __future__ import annotations

from grraf.tasks import generators
from grraf.tasks.model import Bench, Param, Sentence, Task
from grraf.tasks.vocabulary import NEGATING_PHRASES

SOURCE = Param("source", "node", "where it starts")
TARGET = Param("target", "node", "where it ends")
NODE = Param("node", "node", "the node asked about")
K = Param("k", "integer", "the k of the k-core")
# A degree threshold is named k as the k-core's is: the summaries say "degree greater than k", and no
# reader gives the name k a meaning of its own (validate.stated_k reads only "the 3-core" and "k = 3").
DEGREE_K = Param("k", "integer", "the degree threshold")
PATTERN = Param("G_prime", "graph", "the second, smaller graph given with the question")
DAMPING = Param("damping", "number", "the damping factor", default=0.85)

NETWORKX, LADYBUG, NEO4J = "networkx", "ladybug", "neo4j"

# The parameters a benchmark question states (the keys of its generator's params).
PAIR = frozenset({"source", "target"})
AT_NODE = frozenset({"node"})

#: Two colours, two sides, a split: no 2-colouring question does without one of these words
#: (``Task.cues`` of bipartite and its negation).
TWO_COLOUR_CUES = (
    "two", "2", "both", "pair", "colour", "color", "coloured", "colored", "colours", "colors", "bipartite",
    "colouring", "coloring", "colourable", "colorable", "split", "divide", "divided", "partition", "partitioned",
    "sides", "side", "halves", "camps", "teams", "groups", "odd",
    "bipartition",
    # the two classes told as opposites: "every wire runs between opposite signs" (free batch af,
    # bipartite-112), "bunkmates on opposite watches" (batch ae, bipartite-109)
    "opposite", "opposites",
    # a colouring told as a labelling: "can every node be labelled either A or B so that each edge connects
    # an A to a B?" (free batch al, bipartite-131: a right bipartite ran unconfirmed for want of a cue)
    "labelled", "labeled", "labelling", "labeling",
)  # fmt: skip
#: More colours or groups than two: not a question of 2-colouring ("Would it take at least three
#: colours ...?" asks the negation; bipartite was confirmed on its cue "colours", batch e).
MORE_THAN_TWO_COLOURS = tuple(
    f"{count} {thing}"
    for count in ("three", "3", "third")
    for thing in ("colour", "colours", "color", "colors", "groups", "teams", "sides")
) + (
    # whatever the framing's groups are called ("Do I need more than two rooms?", batch g)
    "more than two",
    "more than 2",
    "three or more",
    "3 or more",
)
#: Words that ask whether something holds for every way of doing it, where an existence task asks
#: whether one way exists: "does every way of splitting the vertices into two groups leave an edge
#: inside a group?" is whether the graph is NOT bipartite (answered as bipartite, flagged verified,
#: free batch k). Not "whichever way": "whichever way it points" sets edge directions aside.
EVERY_WAY = ("every way of", "every possible way", "every possible split", "no matter how", "however you")
#: Words of an order of the nodes in a line, a Hamiltonian path's framing, never a 2-colouring's: "Can
#: all the guests sit in one row on a bench so that every two people side by side get along?" was
#: confirmed as bipartite on its cues "two" and "side" (free batch n, flagged verified).
IN_A_ROW = ("side by side", "in one row", "in a row", "in a line", "single file", "one after another", "line up")
#: A triangle is never asked about without a word for three nodes joined to each other.
TRIANGLE_CUES = (
    "triangle", "triangles", "three", "3", "trio", "trios", "triplet", "triplets", "triad", "triads", "clique",
    "cliques", "3-clique", "3-cliques", "threesome", "threesomes", "triple", "triples",
    # the complete graph on three nodes by its name: "heaviest K3 by summed node weight" (free batch af,
    # triplet-112)
    "k3", "k_3",
)  # fmt: skip

# The words below are positive evidence (``Task.cues``): a question asking the task uses at least
# one of them, in any domain, because the computation cannot be asked without saying it (a flow
# without "how much" or a capacity, a shortest path without a word for short, cheap or far). They
# are deliberately broad: their job is to catch a choice whose task the question never mentions
# ("Count the successors of 4" as reachable_count), not to tell close tasks apart.
#: Lightest, cheapest, closest: a shortest path is asked as the least of something.
LEAST_CUES = (
    "shortest", "short", "shorter", "cheapest", "cheaper", "cheap", "least", "lowest", "minimum", "minimal",
    "minimum-weight", "minimise", "minimize", "min", "smallest", "lightest", "fewest", "quickest", "fastest",
    "best", "optimal", "distance", "distances", "far", "apart", "closest", "nearest", "how long", "geodesic",
    "cost", "costs", "weighted", "time",
    "dist", "safest",
    # "if i only care about paying as little as possible, how much do i pay?" (free batch z, shortest-94)
    "as little as", "as few as", "as low as",
    # "If my hero rides from A to B as fast as possible, how many days ...?" (free batch aa, shortest-97)
    "as fast as", "as quickly as", "as cheaply as",
)  # fmt: skip
#: A path measured in edges, not weight: hops, steps, legs or changes.
HOP_WORDS = (
    "hop", "hops", "step", "steps", "jump", "jumps", "leg", "legs", "separation", "separated", "separate",
    "change", "changes", "transfer", "transfers", "stops", "degrees",
)  # fmt: skip
#: The fewest edges on a path: asked as the least of something, or in hops, steps, legs or changes.
HOPS_CUES = LEAST_CUES + HOP_WORDS
#: What tells the fewest edges from the lightest path (``Task.telling``): hop words, or weights set aside.
HOPS_TELLING = HOP_WORDS + (
    "unweighted", "ignoring weights", "ignoring the weights", "ignore the weights", "ignore weights",
    "weights ignored", "regardless of weight", "regardless of weights", "number of edges", "how many edges",
)  # fmt: skip
#: What tells the lightest path from the fewest edges (``Task.telling``): its weights.
WEIGHT_TELLING = ("weight", "weights", "weighted")
#: How much gets through: a flow is asked as an amount, a capacity or a cut.
FLOW_CUES = (
    "flow", "flows", "capacity", "capacities", "throughput", "bandwidth", "rate", "how much", "most", "maximum",
    "max", "maximal", "largest", "greatest", "total", "cut", "sink", "ship", "shipped", "send", "sent", "carry",
    "carried", "transport", "transported", "move", "moved", "push", "pushed", "pump", "pumped", "deliver",
    "delivered", "supply", "route", "routed",
)  # fmt: skip
#: Reaching further than one step: the nodes a node can get to along paths.
REACH_CUES = (
    "reach", "reachable", "reached", "reaches", "reaching", "get", "gets", "getting", "arrive", "arrives", "travel",
    "spread", "spreads", "spreading", "eventually", "indirectly", "ultimately", "path", "paths", "route", "routes",
    "chain", "chains", "via", "through", "follow", "following", "downstream", "descendant", "descendants",
    "access", "accessible", "visit", "visited", "affected", "infect", "infected", "propagate", "propagates",
    "cascade", "transitively", "any number", "steps", "hops",
)  # fmt: skip
#: Pairs that share no node: a matching is asked as pairs, partners or no overlap.
PAIRING_CUES = (
    "matching", "matchings", "matched", "match", "pair", "pairs", "paired", "pairing", "couple", "couples",
    "partner", "partners", "twin", "twins", "buddy", "buddies", "disjoint", "share", "shares", "sharing", "common",
    "overlap", "overlapping", "twice", "more than one", "at most one", "only one", "independent", "assign",
    "assigned", "assignment", "marry", "married", "marriage", "marriages", "teams", "duos",
    "shared", "no two", "endpoints",
    # "How many playdates can run at the same time, at most?": no dog in two at once (free batch aa,
    # max_matching-97)
    "at the same time",
)  # fmt: skip
#: What breaks when one thing goes: bridges and cut vertices are asked through their removal.
REMOVAL_CUES = (
    "bridge", "bridges", "cut", "cuts", "cutting", "isthmus", "isthmuses", "articulation", "separating",
    "separator", "separators", "remove", "removed", "removing", "removal", "delete", "deleted", "deleting",
    "deletion", "close", "closed", "closing", "closure", "break", "breaks", "broken", "breaking", "fail",
    "fails", "failed", "failure", "failing", "lose", "loses", "losing", "loss", "lost", "end", "ending", "ended",
    "shut", "down", "disconnect", "disconnects", "disconnected", "disconnecting", "split", "splits", "splitting",
    "separate", "separates", "backup", "redundancy", "redundant", "critical", "crucial", "vital", "essential",
    "single point", "single points", "only link", "only way", "every path", "not on any cycle", "fragile",
    "sever", "severed", "destroy", "destroyed", "knock", "knocked", "take out", "taken out", "went",
    "go", "goes", "gone", "crash", "crashed", "crashes", "outage", "without", "load-bearing", "weak", "strand",
    "stranded", "isolate", "isolated", "islands", "pieces", "components", "broke", "fall apart", "falls apart",
    "fell apart", "no longer", "seal", "sealed", "seals", "disappear", "disappears", "disappeared", "vanish",
    "vanishes", "vanished",
    "shutdown", "shutdowns",  # "airports whose shutdown alone would leave ..." (free batch ab, articulation_points-99)
    # "rooms that, if bricked up completely, would leave some of the other rooms unable to reach each
    # other", "single-node chokepoints" (free test half, seed 2073: articulation_points-90, -64 unconfirmed)
    "unable", "bricked", "chokepoint", "chokepoints", "choke point", "choke points",
    # "how many single edges hold the graph together, like if you snip one of them a piece falls off?"
    # (free test half, seed 2079, bridges-56: a right bridge_count ran unconfirmed)
    "snip", "snips", "snipped", "snipping", "falls off", "fall off", "fell off", "falling off",
)  # fmt: skip
#: A core is what remains when everything with fewer than k ties is dropped.
CORE_CUES = (
    "core", "cores", "at least", "or more", "no fewer", "not fewer", "fewer", "minimum", "peel", "peeling",
    "prune", "pruning", "drop", "dropping", "remove", "removing", "strip", "degree", "degrees",
    "discard", "discarding", "remain", "remaining", "left", "survive", "under", "below", "less than",
)  # fmt: skip
#: Which node matters most: PageRank is asked as a rank, importance or influence.
RANK_CUES = (
    "pagerank", "page rank", "rank", "ranks", "ranked", "ranking", "important", "importance", "influential",
    "influence", "authority", "authoritative", "prestige", "prestigious", "prominent", "central", "centrality",
    "surfer", "google", "score", "popular", "popularity", "link analysis", "random walk", "random walker",
    # the random surfer told as a story: "follows a link chosen at random ... where do they end up most
    # often in the long run?" (free batch z, pagerank-93 and -94)
    "in the long run", "long-run", "damping",
    # "Which flower does it visit most often over time?" (free batch aa, pagerank-97)
    "over time",
    # PageRank by its abbreviation and its damping factor's name in networkx and the literature: "PR
    # with alpha = .85: which vertex maximises it?" (free batch af, pagerank-112)
    "pr", "alpha",
)  # fmt: skip
#: The most of something: the node with the highest degree is asked as the most, the highest, a hub.
MOST_CUES = (
    "most", "highest", "largest", "greatest", "biggest", "maximum", "max", "top", "hub", "hubs", "busiest",
    "best-connected", "well-connected", "popular", "degree", "more",
)  # fmt: skip
#: A count above a threshold: "more than 5 friends" is said with a word for strictly more. No bare "more",
#: which "5 or more" also uses.
ABOVE_CUES = (
    "more than", "greater than", "larger than", "bigger than", "higher than", "over", "above", "exceed",
    "exceeds", "exceeded", "exceeding", "in excess of", "beyond", "upwards of", "strictly", ">",
)  # fmt: skip
#: A count from a threshold up: "at least 3 flights" is said with a word that lets the threshold count.
AT_LEAST_CUES = (
    "at least", "or more", "no fewer than", "no less than", "not fewer than", "not less than", "or higher",
    "or greater", "or above", "or over", "minimum of", "a minimum", "or equal", "or equal to", "≥", ">=",
)  # fmt: skip
#: A count from a threshold down: what neither threshold task counts (``Task.contrary`` of both).
AT_MOST_WORDS = (
    "at most", "no more than", "not more than", "fewer than", "less than", "or fewer", "or less", "up to",
    "no greater than", "not greater than", "not over", "not above", "under", "below", "smaller than",
    "lower than", "≤", "<=", "<",
)  # fmt: skip
#: The farthest something is: eccentricity and diameter are the largest of shortest distances.
FARTHEST_CUES = (
    "eccentricity", "diameter", "farthest", "furthest", "longest", "largest", "maximum", "max", "most", "worst",
    "greatest", "biggest", "widest", "remote", "remotest", "distant", "every", "everyone", "everybody", "any",
    "anyone", "anybody", "all", "whole", "entire", "covered", "ever", "extreme",
    "hardest", "hard", "layer", "layers",
    # "the worst-placed pair": holds the "placed" of a least worst case (LEAST_WORST) without being one
    "worst-placed",
    "diam",  # "diam(G), unweighted?" (free batch aa, diameter-98)
    # "How many weeks until the last village is infected?", "ecc(4)?" (free test half, seed 2073:
    # eccentricity-35, -69, -107 and -18 ran unconfirmed)
    "last", "ecc",
    # "the smallest D for which the D-th power of this graph is a complete graph": every pair within D
    "complete graph",
)  # fmt: skip
#: The best place to stand: a radius is a least worst case.
CENTRE_CUES = (
    "radius", "center", "centre", "central", "best", "optimal", "ideal", "smallest", "minimum", "minimise",
    "minimize", "min", "least", "fewest", "as few", "as well as", "best-placed", "well-placed", "pick", "picks",
    "choose", "chooses", "place", "placed", "put", "hub", "where", "which node",
    "as possible", "close", "closest",
)  # fmt: skip
#: Every pair of nodes: what a diameter bounds and a radius does not ("Smallest h such that every pair
#: of nodes is within h hops of each other?" ran radius, flagged verified: free batch p, diameter-64).
EVERY_PAIR = (
    "every pair", "each pair", "any pair", "all pairs", "any two", "every two", "between any", "each other",
    # "no region may be more than N moves from any other region" ran radius, flagged verified (free test
    # half, seed 2079, diameter-50). A radius is measured from one place to the others; none of the 262
    # free wordings of radius and eccentricity says "from any other" or "from every other".
    "from any other", "from every other",
)  # fmt: skip
#: A pair of nodes at all: a radius is about one node (where to stand), never a pair ("For the worst-placed
#: pair of castles, how many roads ...?" confirmed radius by "placed", flagged verified: free batch y,
#: diameter-90). None of the 1,934 free wordings of radius or eccentricity says "pair"; 28 of diameter do.
#: A complete graph has every pair linked ("the smallest D for which the D-th power of this graph is a
#: complete graph" ran radius, flagged verified: free batch z, diameter-94).
ANY_PAIR = (*EVERY_PAIR, "pair", "pairs", "pairwise", "complete graph")
#: Three at a time: a matching pairs nodes off, a group of three all linked is a triangle's ("Three hikers
#: can share the tent only if each pair gets along" ran maximum_matching, flagged verified: free batch p,
#: triplet-65).
IN_THREES = ("three", "trio", "trios", "triple", "triples", "triangle", "triangles", "triplet", "triplets")
#: A worst case made as small as it can be, by where one stands: a radius, not the diameter ("Put the
#: server on the machine whose worst-case hop count ... is smallest" was answered with the diameter,
#: flagged verified: free batch l, radius-51). Not "best" or "smallest" alone: "even taking the best
#: route, ..." and "the smallest k such that every pair is within k hops" may ask a diameter.
LEAST_WORST = (
    "radius", "center", "centre", "central", "optimal", "ideal", "minimise", "minimize", "minimises",
    "minimizes", "minimising", "minimizing", "best-placed", "well-placed", "as well as it can",
    "as well as possible", "is smallest", "is the smallest", "is lowest", "is the lowest", "is shortest",
    "is the shortest", "as small as possible",
    "as close as possible", "as low as possible", "placed", "put a", "put the", "whose worst", "whose farthest",
    "whose most distant", "whose longest", "as short as possible", "as few",
)  # fmt: skip
#: An average over all pairs.
AVERAGE_CUES = (
    "average", "averaged", "averaging", "mean", "typical", "typically", "expected", "characteristic", "avg",
    "on average", "per pair",
    "divide", "divided", "sum",
)  # fmt: skip
#: One order of everything: a topological order is asked as an order, a schedule or a sequence.
ORDER_CUES = (
    "order", "ordering", "orders", "ordered", "sequence", "sequences", "schedule", "scheduling", "sort",
    "sorted", "sorting", "arrange", "arrangement", "before", "after", "first", "line up", "list", "topological",
    "topologically", "plan", "queue", "forward", "precede", "precedes", "preceding", "prerequisite",
    "prerequisites", "depends", "depend", "dependency", "dependencies", "sequencing", "lineup", "rank",
    "line-up",  # "every vertex in a single line-up where no arc points back" (free batch aa, topology-98)
    # "Provide a linearization of the DAG: ... u placed earlier than v" (free batch ag, topology-116)
    "linearization", "linearisation", "linearize", "linearise", "earlier than",
    # "Give a timeline listing every stage that agrees with all the arrows" (free test half, seed 2073, topology-56)
    "timeline", "timelines", "chronology", "chronological", "chronologically",
)  # fmt: skip
#: Every one exactly once: a Hamiltonian or Eulerian tour is asked with a word for once, a repeat or the
#: tour's name, or with a word for all (EVERY_CUES) beside a word for a walk or a row (WALK_WORDS).
EVERY_ONCE_CUES = (
    "once", "exactly", "hamilton", "hamiltonian", "euler", "eulerian", "twice", "repeat", "repeating", "repeated",
    "salesman", "without missing",
)  # fmt: skip
#: Words for all: a cue of a tour only beside a word for a walk or a row ("visit every node"), since alone
#: they ask as much for a 2-colouring or a count (free batch ai, bipartite-121, was confirmed as a
#: Hamiltonian path on "every" and "all").
EVERY_CUES = ("every", "each", "all", "whole", "entire", "single", "complete")
#: Words for a walk, a row or an order, that make a word for all ask a tour. Of the 122 Hamilton wordings
#: of the free phrasings, the 120 that held a cue before still hold one with them; the other tasks' wordings
#: holding a cue of hamiltonian_path fall from 1,124 to 566.
WALK_WORDS = (
    "path", "paths", "row", "rows", "line", "lined", "lineup", "line-up", "order", "ordering", "orderings",
    "arrange", "arranged", "arrangement", "visit", "visits", "visiting", "visited", "walk", "walks", "walking",
    "route", "routes", "tour", "tours", "trip", "sequence", "consecutive", "next", "side by side", "number",
    "numbered", "cover", "covers", "covering", "covered", "through", "spanning", "travel", "chain", "sit",
    "seat", "seated", "one go", "traverse", "trail", "circuit", "draw", "drive", "cross", "crosses",
    "crossing", "pass", "passes",
)  # fmt: skip
#: A cycle is asked as a loop, a ring or a way back to the start.
LOOP_CUES = (
    "cycle", "cycles", "cyclic", "acyclic", "loop", "loops", "looping", "circle", "circles", "circular",
    "round", "ring", "rings", "closed", "back", "return", "returns", "returning", "revisit", "circuit",
    "circuits", "dag", "tree", "trees", "forest", "feedback", "circularity", "again", "itself", "themselves",
)  # fmt: skip
#: What a question says about the cycles it takes as given (their parity, all of them): whether
#: every cycle is even is 2-colourability, not whether a cycle exists. "Treating edges as
#: undirected, does every cycle of the graph have an even number of edges?" was confirmed as
#: has_cycle (dev bipartite-26, seed 1).
CYCLE_QUALITIES = (
    "even number", "even length", "even-length", "odd number", "odd length", "odd-length", "every cycle",
    "each cycle", "all cycles", "all the cycles", "all of its cycles",
)  # fmt: skip
#: A share of possible links among a node's neighbours.
SHARE_CUES = (
    "clustering", "coefficient", "fraction", "proportion", "share", "ratio", "percentage", "percent", "probability",
    "likely", "likelihood", "chance", "density", "dense", "tightly", "tight", "knit", "cliquey", "cliquish",
    "clique", "cliques", "each other", "one another", "themselves", "triangle", "triangles", "how many of",
    "what part", "portion", "rate",
    "divide", "divided", "possible", "out of", "transitivity", "local",
    "clustered", "clusters", "cluster", "cliquishness", "knitted",
)  # fmt: skip
#: What two nodes have in common.
COMMON_CUES = (
    "common", "both", "shared", "share", "shares", "sharing", "mutual", "mutually", "each of", "two of",
    "either", "together",
)  # fmt: skip
#: Which node lies between the others.
BETWEEN_CUES = (
    "betweenness", "between", "broker", "brokers", "brokerage", "bottleneck", "gatekeeper", "intermediary",
    "middle", "middleman", "through", "pass", "passes", "via", "central", "centrality", "bridge", "go-between",
)  # fmt: skip
#: Separate pieces of the graph.
PIECES_CUES = (
    "component", "components", "piece", "pieces", "island", "islands", "group", "groups", "cluster", "clusters",
    "separate", "part", "parts", "region", "regions", "isolated", "disconnected", "fragment", "fragments",
    "clump", "clumps", "subnetwork", "subnetworks", "blob", "blobs", "connected", "chunk", "chunks", "cut off",
    "sections", "networks", "graphs",
)  # fmt: skip

TASKS: tuple[Task, ...] = (
    # ------------------------------------------------------------------ paths and reachability
    Task(
        name="connectivity",
        summary="whether source can reach target: some path leads from source to target (yes or no)",
        phrasings=(
            "Is there a path between node 1 and node 4?",
            "Can you get from 3 to 11?",
            "Is town 5 reachable from town 2 by road?",
            "Are nodes 7 and 9 connected?",
            "Starting at 0, can I eventually arrive at 6?",
            "Does any route join station 4 to station 8?",
            "Can a message sent by computer 2 reach computer 5?",
            "Is 12 in the same piece of the network as 3?",
            "Can node 25 be reached from node 26 by walking along edges?",
            "Is there any way to travel from A to B?",
            "Are 2 and 8 in the same component?",
            "Do nodes 4 and 6 belong to the same connected piece?",
            "Reachable or not: from 1 to 9?",
        ),
        output="yes/no",
        parameters=(SOURCE, TARGET),
        templates={NETWORKX: ("connectivity",), LADYBUG: ("connectivity",), NEO4J: ("connectivity",)},
        sentence=Sentence(
            yes="Yes: a path leads from {source} to {target}.", no="No: no path leads from {source} to {target}."
        ),
        draw="path",
        bench=Bench("connectivity", "yes/no", generators.connectivity, slots=PAIR),
    ),
    Task(
        name="not_connected",
        summary="the opposite of connectivity: whether NO path at all leads from source to target",
        phrasings=(
            "Are node 3 and node 8 cut off from each other?",
            "Is town 5 unreachable from town 2?",
            "Are 4 and 9 in different connected components?",
            "Is it impossible to get from 1 to 6?",
            "Is there no route at all between station 2 and station 7?",
        ),
        output="yes/no",
        parameters=(SOURCE, TARGET),
        templates={NETWORKX: ("connectivity",)},
        sentence=Sentence(
            yes="Yes: no path leads from {source} to {target}.", no="No: a path leads from {source} to {target}."
        ),
        draw="path",
        inverts=True,
        negates="connectivity",
        negation_words=(
            "not",
            "no",
            "non",
            "never",
            "cut off",
            "out of reach",
            "beyond reach",
            "sealed off",
            "shut off",
            "walled off",
            "unreachable",
            "impossible",
            "cannot",
            "can't",
            "different",
            "separate",
            "separated",
            "disconnected",
            "isolated",
            "fail to reach",
            "fails to reach",
            "stranded",
            # "My token sits on space 51. Am I stuck, meaning there is no way at all for it to ever get
            # to space 20?" (free test half, seed 2079, connectivity-53: not_connected was not offered)
            "stuck",
            # "Are 3 and 9 completely unrelated in our files?" (free batch ag, connectivity-116)
            "unrelated",
            "unconnected",
        )
        + NEGATING_PHRASES,  # fmt: skip
    ),
    Task(
        name="has_edge",
        reach="direct",
        summary=(
            "whether source and target are neighbours: a single edge between them (from source to target when directed)"
        ),
        phrasings=(
            "Is there an edge between node 3 and node 5?",
            "Are nodes 2 and 8 adjacent?",
            "Is town 4 linked to town 9 by a single road?",
            "Does a direct flight go from airport 1 to airport 6?",
            "Are users 4 and 9 friends with each other?",
            "Are stations 2 and 6 directly connected by a line?",
            "Does a cable run straight from computer 3 to computer 10?",
        ),
        output="yes/no",
        parameters=(SOURCE, TARGET),
        templates={NETWORKX: ("has_edge",), LADYBUG: ("has_edge",), NEO4J: ("has_edge",)},
        sentence=Sentence(
            yes="Yes: an edge leads directly from {source} to {target}.",
            no="No: no edge leads directly from {source} to {target}.",
        ),
        draw="path",
    ),
    Task(
        name="shortest_path_weight",
        cues=LEAST_CUES,
        telling=WEIGHT_TELLING,
        distance=True,
        summary="the total edge weight of a lightest path from source to target (each edge counts 1 when unweighted)",
        phrasings=(
            "What is the weight of the shortest path from node 2 to node 7?",
            "Find the cheapest route from 3 to 9.",
            "How heavy is the lightest route between 1 and 4?",
            "What is the shortest distance from town 0 to town 5, adding up road lengths?",
            "What does the least costly trip from A to B cost?",
            "Minimum total distance to drive from city 3 to city 8?",
            "How far is 6 from 2 if I always take the shortest roads?",
            "Sum of the weights along the best path from 4 to 10?",
            "Give the length of the shortest weighted path between node 1 and node 9.",
        ),
        output="number",
        parameters=(SOURCE, TARGET),
        templates={
            NETWORKX: ("shortest_path_weight",),
            LADYBUG: ("shortest_path_weight", "shortest_path_length"),
            NEO4J: ("shortest_path_weight_gds", "shortest_path_length"),
        },
        sentence=Sentence(
            value="The lightest path from {source} to {target} has total weight {value}.",
            missing="No path leads from {source} to {target}.",
        ),
        draw="path",
        bench=Bench("shortest", "number", generators.shortest, slots=PAIR),
    ),
    Task(
        name="shortest_path_hops",
        cues=HOPS_CUES,
        telling=HOPS_TELLING,
        distance=True,
        summary="the fewest edges on a path from source to target (weights ignored)",
        phrasings=(
            "How many hops does it take to get from node 1 to node 8?",
            "What is the fewest number of links on a route from 3 to 7?",
            "How many edges are on the shortest path between 2 and 5, ignoring weights?",
            "Minimum number of flights needed to get from airport 4 to airport 9?",
            "How many steps apart are 0 and 6?",
            "What is the hop distance between station 3 and station 12?",
            "Through how many connections at least must a message pass from 1 to 10?",
        ),
        output="number",
        parameters=(SOURCE, TARGET),
        templates={
            NETWORKX: ("shortest_path_hops",),
            LADYBUG: ("shortest_path_length",),
            NEO4J: ("shortest_path_length",),
        },
        sentence=Sentence(
            value="The shortest path from {source} to {target} has {value} edge(s).",
            missing="No path leads from {source} to {target}.",
        ),
        draw="path",
    ),
    Task(
        name="shortest_path",
        summary="the nodes, in order, of one shortest path from source to target (weights respected)",
        phrasings=(
            "What is the shortest path from node 0 to node 5?",
            "Give me the route from 3 to 9 with the least total distance.",
            "List the nodes on a shortest path between 1 and 6.",
            "Which way should I go from town 2 to town 8?",
            "Show the sequence of stops on the quickest route from 4 to 7.",
            "Trace a shortest path from A to B.",
        ),
        output="path",
        parameters=(SOURCE, TARGET),
        templates={
            NETWORKX: ("shortest_path_nodes",),
            LADYBUG: ("shortest_path_weighted_nodes", "shortest_path_nodes"),
            NEO4J: ("shortest_path_weighted_nodes_gds", "shortest_path_nodes"),
        },
        sentence=Sentence(
            value="A shortest path from {source} to {target} is {value}.",
            missing="No path leads from {source} to {target}.",
        ),
        draw="path",
        certificate="certify_shortest_path",
    ),
    Task(
        name="reachable_count",
        cues=REACH_CUES,
        summary="how many other nodes can be reached from the node (following edge directions)",
        phrasings=(
            "How many nodes can be reached from node 3?",
            "How many places can I get to starting from 5?",
            "To how many other computers can machine 2 send data?",
            "How many descendants does node 7 have?",
            "Count the towns reachable from town 1.",
        ),
        output="number",
        parameters=(NODE,),
        node_role="start",
        reach="paths",
        templates={NETWORKX: ("reachable_count",), LADYBUG: ("reachable_count",), NEO4J: ("reachable_count",)},
        sentence=Sentence(value="{value} other node(s) can be reached from {node}."),
        draw="node",
    ),
    Task(
        name="max_flow",
        cues=FLOW_CUES,
        terms=("maximum flow", "max flow", "max-flow", "maximum-flow"),
        summary="the value of a maximum flow (= a minimum cut) from source to target, edge weights as capacities",
        phrasings=(
            "What is the maximum flow from node 0 to node 7?",
            "How much water can the pipes carry from junction 2 to junction 6?",
            "What is the most traffic that can go from 1 to 5 given the road capacities?",
            "Find the max flow between source 3 and sink 8.",
            "How many units per hour can be shipped from depot 4 to depot 9?",
            "What is the capacity of the network between 0 and 4?",
            "What is the value of a minimum cut separating 2 from 7?",
            "How much can be pushed through from A to B at most?",
            # "What's the greatest total throughput achievable from server 7 to server 48?" was offered
            # shortest_path_weight first and answered with it (free batch al, flow-130)
            "What is the greatest throughput from server 1 to server 6, each link's bandwidth as its weight?",
        ),
        output="number",
        parameters=(SOURCE, TARGET),
        templates={NETWORKX: ("max_flow",)},
        sentence=Sentence(value="The maximum flow from {source} to {target} is {value}."),
        draw="flow",
        cypher_is_weak=True,
        bench=Bench("flow", "number", generators.flow, slots=PAIR),
    ),
    # ------------------------------------------------------------------ cycles, orders, trees
    Task(
        name="has_cycle",
        cues=LOOP_CUES,
        contrary=CYCLE_QUALITIES,
        terms=("cycle", "cycles"),
        summary="whether the graph contains a cycle (a directed cycle when the graph is directed)",
        phrasings=(
            "Is there a cycle in this graph?",
            "Does the network contain a loop?",
            "Can you walk around and come back to where you started without reusing an edge?",
            "Is there a circular dependency among these tasks?",
            "Does any road route lead back to its starting town?",
            "Is the graph cyclic?",
            "Do the prerequisites go round in a circle anywhere?",
        ),
        output="yes/no",
        templates={
            NETWORKX: ("cycle_directed", "cycle_undirected"),
            LADYBUG: ("cycle_directed", "cycle_undirected"),
            NEO4J: ("cycle_directed", "cycle_undirected"),
        },
        sentence=Sentence(yes="Yes: the graph contains a cycle.", no="No: the graph contains no cycle."),
        draw="cycle",
        bench=Bench("cycle", "yes/no", generators.cycle, balanced=True),
    ),
    Task(
        name="is_acyclic",
        cues=LOOP_CUES,
        contrary=CYCLE_QUALITIES,
        terms=("acyclic", "cycle", "cycles"),
        summary="whether the graph has NO cycle (a DAG when directed, a forest when undirected)",
        phrasings=(
            "Is this graph free of cycles?",
            "Is the graph acyclic?",
            "Is it a DAG?",
            "Are there no loops at all in the network?",
            "Can these tasks be scheduled without a circular dependency?",
            "Is the graph a forest?",
            "Does the graph have no cycle?",
            "Does the network look like a tree or a set of trees?",
        ),
        output="yes/no",
        templates={NETWORKX: ("is_acyclic",), LADYBUG: ("is_dag",), NEO4J: ("is_dag",)},
        sentence=Sentence(yes="Yes: the graph has no cycle.", no="No: the graph contains a cycle."),
        draw="cycle",
        negates="has_cycle",
        negation_words=(
            "acyclic",
            "avoid",
            "avoids",
            "avoiding",
            "free of",
            "cycle-free",
            "loop-free",
            "cycle free",
            "loop free",
            "loopless",
            "no",
            "non",
            "not",
            "without",
            "never",
            "forest",
            "tree",
            "trees",
            "dag",
        )
        + NEGATING_PHRASES,
    ),
    Task(
        name="topological_sort",
        cues=ORDER_CUES,
        terms=("topological", "topologically"),
        summary="one order of all nodes in which every edge points forward (a topological order)",
        phrasings=(
            "Give a topological ordering of this graph.",
            "Give a valid build order for these tasks.",
            "In what order can I take the courses so that prerequisites come first?",
            "Sort the nodes so that every edge goes from earlier to later.",
            "List the steps in an order that respects all dependencies.",
            "What is a possible schedule of the jobs given which must come before which?",
        ),
        output="order",
        directed=True,
        templates={NETWORKX: ("topological_sort",)},
        sentence=Sentence(
            value="One order in which every edge points forward is {value}.",
            missing="No such order exists: the graph has a cycle.",
        ),
        draw="order",
        bench=Bench("topology", "list", generators.topology),
        certificate="certify_topological_order",
    ),
    Task(
        name="is_tree",
        terms=("tree",),
        summary="whether the graph is a tree (connected and without cycles)",
        phrasings=("Is this graph a tree?", "Is the network connected with no cycles?", "Does it form a single tree?"),
        output="yes/no",
        templates={NETWORKX: ("is_tree",)},
        sentence=Sentence(yes="Yes: the graph is a tree.", no="No: the graph is not a tree."),
    ),
    Task(
        name="euler_path",
        cues=EVERY_ONCE_CUES,
        weak_cues=EVERY_CUES,
        weak_cue_partners=WALK_WORDS,
        covers="edges",
        terms=("euler", "eulerian"),
        summary="whether some walk uses every edge exactly once",
        phrasings=(
            "Is there an Eulerian path?",
            "Can I draw the graph without lifting the pen, using every edge once?",
            "Can the snow plough drive every street exactly once?",
            "Is there a trail that crosses each bridge exactly once?",
        ),
        output="yes/no",
        templates={NETWORKX: ("euler_path",)},
        sentence=Sentence(
            yes="Yes: a walk uses every edge exactly once.", no="No: no walk uses every edge exactly once."
        ),
    ),
    Task(
        name="hamiltonian_path",
        cues=EVERY_ONCE_CUES,
        weak_cues=EVERY_CUES,
        weak_cue_partners=WALK_WORDS,
        contrary=EVERY_WAY,
        covers="nodes",
        terms=("hamiltonian", "hamilton"),
        summary="whether some path visits every node exactly once (yes or no)",
        phrasings=(
            "Is there a Hamiltonian path in this graph?",
            "Can I visit every town exactly once without repeating any?",
            "Is there a route through all the stations that stops at each one once?",
            "Can a tour visit every node once, not necessarily returning?",
            "Is it possible to walk through all nodes, each exactly one time?",
            "Does a Hamilton path exist?",
            "Can all the nodes be put in a row so that neighbours in the row are joined by an edge?",
        ),
        output="yes/no",
        templates={NETWORKX: ("hamiltonian_path",)},
        sentence=Sentence(
            yes="Yes: a path visits every node exactly once.", no="No: no path visits every node exactly once."
        ),
        cypher_is_weak=True,
        bench=Bench("hamilton", "yes/no", generators.hamilton),
    ),
    Task(
        name="no_hamiltonian_path",
        cues=EVERY_ONCE_CUES,
        weak_cues=EVERY_CUES,
        weak_cue_partners=WALK_WORDS,
        covers="nodes",
        terms=("hamiltonian", "hamilton"),
        summary="the opposite of hamiltonian_path: whether NO path visits every node exactly once",
        phrasings=(
            "Is it impossible to visit every town exactly once along the roads?",
            "Does every path in the graph leave out at least one node?",
            "Is there no Hamiltonian path?",
        ),
        output="yes/no",
        templates={NETWORKX: ("hamiltonian_path",)},
        sentence=Sentence(
            yes="Yes: no path visits every node exactly once.", no="No: a path visits every node exactly once."
        ),
        cypher_is_weak=True,
        inverts=True,
        negates="hamiltonian_path",
        negation_words=(
            "no",
            "non",
            "not",
            "never",
            "impossible",
            "hopeless",
            "cannot",
            "can't",
            "miss",
            "misses",
            "missing",
            "leave out",
            "leaves out",
            "skip",
            "skips",
            "lack",
            "lacks",
            "out of reach",
            "fail",
            "fails",
        )
        + NEGATING_PHRASES,  # fmt: skip
    ),
    Task(
        name="hamiltonian_path_nodes",
        cues=EVERY_ONCE_CUES,
        weak_cues=EVERY_CUES,
        weak_cue_partners=WALK_WORDS,
        covers="nodes",
        terms=("hamiltonian", "hamilton"),
        summary="the nodes, in order, of a path that visits every node exactly once",
        phrasings=(
            "Give a Hamiltonian path of this graph.",
            "List an order to visit every town exactly once along roads.",
            "Show me a route that goes through each node exactly one time.",
        ),
        output="path",
        sentence=Sentence(
            value="A path visiting every node exactly once is {value}.",
            missing="No path visits every node exactly once.",
        ),
        draw="path",
        cypher_is_weak=True,
        certificate="certify_hamiltonian_path",
    ),
    # ------------------------------------------------------------------ structure of the whole graph
    Task(
        name="bipartite",
        cues=TWO_COLOUR_CUES,
        contrary=MORE_THAN_TWO_COLOURS + EVERY_WAY + IN_A_ROW,
        terms=("bipartite", "two-colourable", "2-colourable", "two-colorable", "2-colorable"),
        summary="whether the nodes can be split into two groups with no edge inside a group (2-colourable)",
        phrasings=(
            "Is this graph bipartite?",
            "Is the graph 2-colourable?",
            "Can the people be split into two teams so that no two friends are on the same team?",
            "Can I colour the nodes with two colours so that neighbours differ?",
            "Do the nodes divide into two sides with edges only going across?",
            # "different" is also not_connected's negation word ("in different components"); without
            # it among bipartite's own words, "every cable connects machines in different racks" was
            # held against bipartite as a question about disconnection (dev bipartite, seed 1)
            "With only two colours, can neighbours always get different colours?",
        ),
        output="yes/no",
        templates={NETWORKX: ("bipartite",)},
        sentence=Sentence(yes="Yes: the graph is bipartite.", no="No: the graph is not bipartite."),
        cypher_is_weak=True,
        bench=Bench("bipartite", "yes/no", generators.bipartite),
    ),
    Task(
        name="not_bipartite",
        cues=TWO_COLOUR_CUES,
        terms=("bipartite", "two-colourable", "2-colourable", "two-colorable", "2-colorable"),
        summary="the opposite of bipartite: whether the graph has an odd cycle, so two colours are not enough",
        phrasings=(
            "Does the graph contain an odd cycle?",
            "Is it impossible to split the nodes into two groups with edges only between the groups?",
            "Is the graph not bipartite?",
            "Do some neighbours necessarily get the same colour if only two colours are used?",
        ),
        output="yes/no",
        templates={NETWORKX: ("bipartite",)},
        sentence=Sentence(yes="Yes: the graph is not bipartite.", no="No: the graph is bipartite."),
        cypher_is_weak=True,
        inverts=True,
        negates="bipartite",
        negation_words=("not", "no", "non", "odd", "impossible", "cannot", "can't", "never", "fail", "fails")
        # "Is it hopeless, meaning any split ... leaves some quarrelling pair together?" (free batch ah,
        # bipartite-119: confirmed as bipartite, a wrong answer flagged verified)
        + ("hopeless", "unsolvable")
        + NEGATING_PHRASES,
    ),
    Task(
        name="connected_components",
        cues=PIECES_CUES,
        terms=("connected component", "connected components"),
        summary="the number of connected components (separate pieces; weakly connected when directed)",
        phrasings=(
            "How many connected components does this graph have?",
            "Into how many separate pieces does the network fall?",
            "How many islands of towns are there, unreachable from one another?",
            "How many groups of friends are there that do not know anyone outside the group?",
        ),
        output="number",
        counts="components",
        templates={
            NETWORKX: ("connected_components",),
            LADYBUG: ("connected_components",),
            NEO4J: ("connected_components_gds", "connected_components"),
        },
        sentence=Sentence(value="The graph has {value} connected component(s)."),
    ),
    Task(
        name="strongly_connected_components",
        terms=("strongly connected",),
        summary="the number of strongly connected components of a directed graph",
        phrasings=(
            "How many strongly connected components are there?",
            "How many groups are there in which everyone can reach everyone else following the arrows?",
        ),
        output="number",
        directed=True,
        counts="components",
        templates={NETWORKX: ("strongly_connected_components",)},
        sentence=Sentence(value="The graph has {value} strongly connected component(s)."),
    ),
    Task(
        name="node_count",
        summary="the number of nodes in the graph",
        phrasings=("How many nodes are there?", "How many towns are in the map?", "What is the order of the graph?"),
        output="number",
        counts="nodes",
        counts_all=True,
        templates={NETWORKX: ("node_count",), LADYBUG: ("node_count",), NEO4J: ("node_count",)},
        sentence=Sentence(value="The graph has {value} node(s)."),
    ),
    Task(
        name="edge_count",
        summary="the number of edges in the whole graph",
        phrasings=(
            "How many edges does the graph have?",
            "How many roads are there in total?",
            "Count all the links in the network.",
        ),
        output="number",
        counts="edges",
        counts_all=True,
        templates={NETWORKX: ("edge_count",), LADYBUG: ("edge_count",), NEO4J: ("edge_count",)},
        sentence=Sentence(value="The graph has {value} edge(s)."),
    ),
    Task(
        name="average_degree",
        cues=AVERAGE_CUES,
        terms=("average degree", "mean degree"),
        summary="the average number of edges per node: 2 * edges / nodes (mean of in plus out degree when directed)",
        phrasings=(
            "What is the average degree of the graph?",
            "On average, how many edges does a node have?",
            "How many roads meet at a town, on average?",
            "What is the mean number of connections per computer?",
            "Typically how many friends does a person in the network have, taking the mean?",
        ),
        output="number",
        templates={NETWORKX: ("average_degree",), LADYBUG: ("average_degree",), NEO4J: ("average_degree",)},
        sentence=Sentence(value="The average degree is {value}.", missing="The graph has no nodes: no average degree."),
    ),
    Task(
        name="diameter",
        cues=FARTHEST_CUES,
        contrary=LEAST_WORST,
        distance=True,
        terms=("diameter",),
        summary=(
            "the diameter: how far apart the two farthest nodes are "
            "(the largest shortest-path distance between any two nodes)"
        ),
        phrasings=(
            "What is the diameter of this graph?",
            "What is the longest shortest path in the network?",
            "How far apart are the two most distant towns, going the short way?",
            "What is the greatest distance between any pair of nodes?",
            "How many hops separate the two nodes that are farthest apart?",
            "In the worst case, how many edges does a shortest route between two nodes need?",
            "What is the maximum eccentricity over all nodes?",
        ),
        output="number",
        templates={NETWORKX: ("diameter", "diameter_weighted")},
        sentence=Sentence(
            value="The diameter of the graph is {value}.", missing="The graph is not connected: no finite diameter."
        ),
        cypher_is_weak=True,
        bench=Bench("diameter", "number", generators.diameter),
    ),
    Task(
        name="radius",
        cues=CENTRE_CUES,
        contrary=ANY_PAIR,
        distance=True,
        terms=("radius",),
        summary=(
            "the radius: how far the farthest node is from the best-placed node "
            "(the smallest eccentricity over all nodes)"
        ),
        phrasings=(
            "What is the radius of this graph?",
            "What is the smallest eccentricity of any node?",
            "From the most central town, how far away is the farthest town?",
            "If a facility is placed at the best node, how many hops away is the farthest node from it?",
            "Which placement minimises the worst distance, and what is that distance in edges?",
            "What is the minimum over all nodes of the distance to their farthest node?",
        ),
        output="number",
        templates={NETWORKX: ("radius",)},
        sentence=Sentence(
            value="The radius of the graph is {value}.", missing="The graph is not connected: no finite radius."
        ),
        cypher_is_weak=True,
        bench=Bench("radius", "number", generators.radius),
    ),
    Task(
        name="eccentricity",
        cues=FARTHEST_CUES,
        distance=True,
        terms=("eccentricity",),
        summary="the eccentricity of the node: its largest shortest-path distance to any other node",
        phrasings=(
            "What is the eccentricity of node 3?",
            "How far is the farthest node from node 5?",
            "From town 2, what is the distance to the most remote town?",
            "What is the greatest shortest-path distance from 7 to any other node?",
            "Starting at node 4, how many hops does it take to reach the most distant node?",
            "What is the worst-case separation between person 6 and anyone else?",
        ),
        output="number",
        templates={NETWORKX: ("eccentricity",)},
        parameters=(NODE,),
        sentence=Sentence(value="The eccentricity of {node} is {value}."),
        draw="node",
        cypher_is_weak=True,
        bench=Bench("eccentricity", "number", generators.eccentricity, slots=AT_NODE),
    ),
    Task(
        name="average_shortest_path_length",
        cues=AVERAGE_CUES,
        distance=True,
        terms=("average shortest path", "average distance", "mean distance", "average path length"),
        summary="the average shortest-path length over all pairs of nodes",
        phrasings=(
            "What is the average shortest path length of this graph?",
            "On average, how many steps separate two nodes?",
            "What is the mean distance between pairs of towns?",
            "How many hops apart are two random nodes on average?",
        ),
        output="number",
        templates={NETWORKX: ("average_shortest_path_length",)},
        sentence=Sentence(value="The average shortest path length is {value}."),
        cypher_is_weak=True,
        bench=Bench("average_path", "float", generators.average_path),
    ),
    Task(
        name="bridge_count",
        cues=REMOVAL_CUES,
        terms=("bridge", "bridges", "cut edge", "cut edges", "cut-edge", "cut-edges"),
        summary="the number of bridges: edges whose removal disconnects part of the graph",
        phrasings=(
            "How many bridges does this graph have?",
            "How many roads would each cut some towns off if closed?",
            "How many edges, if removed, split the network into more pieces?",
            "Count the critical links of the network.",
            "How many links have no backup route between their two ends?",
            "How many edges are not on any cycle?",
        ),
        output="number",
        counts="edges",
        templates={NETWORKX: ("bridge_count",)},
        sentence=Sentence(value="The graph has {value} bridge(s)."),
        cypher_is_weak=True,
        bench=Bench("bridges", "number", generators.bridges),
    ),
    Task(
        name="articulation_point_count",
        cues=REMOVAL_CUES,
        terms=(
            "articulation point",
            "articulation points",
            "cut vertex",
            "cut vertices",
            "cut-vertex",
            "cut-vertices",
            "cut node",
            "cut nodes",
        ),
        summary="the number of articulation points: nodes whose removal disconnects the graph",
        phrasings=(
            "How many articulation points does this graph have?",
            "How many cut vertices are there?",
            "How many towns would split the road network if they were closed?",
            "Count the nodes whose failure would break the network apart.",
            "How many nodes lie on every path between some pair of other nodes?",
            "How many stations, if closed, would leave other stations unable to reach each other?",
            "How many single points of failure does the network have?",
        ),
        output="number",
        counts="nodes",
        templates={NETWORKX: ("articulation_point_count",)},
        sentence=Sentence(value="The graph has {value} articulation point(s)."),
        cypher_is_weak=True,
        bench=Bench("articulation_points", "number", generators.articulation_points),
    ),
    Task(
        name="mst_weight",
        terms=("spanning tree", "spanning-tree", "mst"),
        summary="the total weight of a minimum spanning tree (forest when disconnected)",
        phrasings=(
            "What is the weight of the minimum spanning tree?",
            "What is the cheapest total cost of cables connecting all the buildings?",
            "How much road must be paved at least so that every town is connected?",
        ),
        output="number",
        directed=False,
        templates={NETWORKX: ("mst_weight",)},
        sentence=Sentence(value="A minimum spanning tree has total weight {value}."),
        cypher_is_weak=True,
    ),
    Task(
        name="maximum_matching",
        cues=PAIRING_CUES,
        contrary=IN_THREES,
        terms=("matching", "matchings"),
        summary="the size of a maximum matching: the most edges with no node shared",
        phrasings=(
            "What is the size of a maximum matching?",
            "How many pairs can be formed at most, each pair joined by an edge and nobody in two pairs?",
            "At most how many applicants can each get a different job they applied for?",
            "How many disjoint edges can be chosen at once?",
        ),
        output="number",
        templates={NETWORKX: ("maximum_matching",)},
        sentence=Sentence(value="A maximum matching has {value} edge(s)."),
        cypher_is_weak=True,
        bench=Bench("max_matching", "number", generators.max_matching),
    ),
    Task(
        name="k_core",
        cues=CORE_CUES,
        terms=("k-core", "core number"),
        summary="the nodes of the k-core: the largest subgraph in which every node has degree at least k",
        phrasings=(
            "Which nodes are in the 3-core of this graph?",
            "List the nodes of the k-core for k = 2.",
            "Which people remain if we keep removing anyone with fewer than 3 friends left?",
            "Find the sub-network where everyone has at least 4 connections.",
            "Which nodes have core number at least 3?",
            "Peel off nodes of degree below 2 repeatedly; which nodes remain?",
        ),
        output="nodes",
        parameters=(K,),
        templates={NETWORKX: ("k_core",)},
        sentence=Sentence(value="The {k}-core consists of the nodes {value}."),
        cypher_is_weak=True,
        bench=Bench("k_core", "set", generators.k_core, slots=frozenset({"k"})),
    ),
    Task(
        name="max_triangle_weight",
        cues=TRIANGLE_CUES,
        terms=("triangle", "triangles"),
        summary="the largest sum of node weights over three mutually connected nodes (a triangle)",
        phrasings=(
            "What is the maximum sum of the weights of three interconnected nodes?",
            "Which triangle of friends has the highest total score, and what is that total?",
            "What is the heaviest triangle, adding up the node weights?",
            "Among groups of three nodes all linked to each other, what is the largest weight total?",
        ),
        output="number",
        templates={
            NETWORKX: ("max_triangle_weight",),
            LADYBUG: ("max_triangle_weight",),
            NEO4J: ("max_triangle_weight",),
        },
        sentence=Sentence(value="The heaviest triangle has total node weight {value}."),
        bench=Bench("triplet", "number", generators.triplet),
    ),
    Task(
        name="triangle_count",
        cues=TRIANGLE_CUES,
        terms=("triangle", "triangles"),
        summary="the number of triangles: groups of three nodes all connected to each other",
        phrasings=(
            "How many triangles are in this graph?",
            "Count the groups of three that are all connected to each other.",
            "How many trios of mutual friends are there?",
        ),
        output="number",
        templates={NETWORKX: ("triangle_count",), LADYBUG: ("triangle_count",), NEO4J: ("triangle_count",)},
        sentence=Sentence(value="The graph has {value} triangle(s)."),
    ),
    Task(
        name="average_clustering",
        cues=SHARE_CUES,
        terms=("clustering",),
        summary="the average clustering coefficient over all nodes",
        phrasings=(
            "What is the average clustering coefficient of the graph?",
            "How clustered is the network on average?",
        ),
        output="number",
        templates={NETWORKX: ("average_clustering",)},
        sentence=Sentence(value="The average clustering coefficient is {value}."),
        cypher_is_weak=True,
    ),
    # ------------------------------------------------------------------ one node
    Task(
        name="degree",
        summary="the number of edges at the node (incoming plus outgoing when directed)",
        phrasings=(
            "What is the degree of node 4?",
            "How many connections does node 2 have?",
            "How many roads meet at town 3?",
            "How many friends does person 6 have?",
            "How many edges touch 9?",
        ),
        output="number",
        parameters=(NODE,),
        reach="direct",
        templates={NETWORKX: ("degree",), LADYBUG: ("degree",), NEO4J: ("degree",)},
        sentence=Sentence(value="{node} has degree {value}."),
        draw="node",
    ),
    Task(
        name="in_degree",
        terms=("in-degree", "indegree", "in degree"),
        summary="the number of edges that point INTO the node (directed graph)",
        phrasings=(
            "What is the in-degree of node 4?",
            "How many edges point into node 5?",
            "How many nodes point to 3?",
            "How many arrows arrive at 7?",
            "How many tasks must finish directly before task 2?",
            "How many people follow user 8?",
            "How many flights land at airport 6?",
            "How many incoming edges does node 3 have?",
            "How many one-way streets lead into town 5?",
            "Count the edges whose head is node 2.",
        ),
        output="number",
        parameters=(NODE,),
        directed=True,
        node_role="end",
        reach="direct",
        templates={NETWORKX: ("in_degree",), LADYBUG: ("in_degree",), NEO4J: ("in_degree",)},
        sentence=Sentence(value="{value} edge(s) point into {node}."),
        draw="node",
        bench=Bench("in_degree", "number", generators.in_degree, slots=AT_NODE),
    ),
    Task(
        name="out_degree",
        terms=("out-degree", "outdegree", "out degree"),
        summary="the number of edges that leave the node (directed graph)",
        phrasings=(
            "What is the out-degree of node 4?",
            "How many edges leave node 1?",
            "How many nodes does 3 point to?",
            "How many arrows start at 7?",
            "How many tasks directly depend on task 2?",
            "How many people does user 8 follow?",
            "How many flights depart from airport 6?",
            "How many outgoing edges does node 3 have?",
            "How many one-way streets lead out of town 5?",
            "Count the edges whose tail is node 2.",
        ),
        output="number",
        parameters=(NODE,),
        directed=True,
        node_role="start",
        reach="direct",
        templates={NETWORKX: ("out_degree",), LADYBUG: ("out_degree",), NEO4J: ("out_degree",)},
        sentence=Sentence(value="{value} edge(s) leave {node}."),
        draw="node",
        bench=Bench("out_degree", "number", generators.out_degree, slots=AT_NODE),
    ),
    Task(
        name="neighbors",
        terms=("successor", "successors"),
        summary="the nodes the node has an edge to (its successors when directed)",
        phrasings=(
            "What are the neighbours of node 3?",
            "Which towns are directly connected to town 5?",
            "Who are the friends of person 2?",
            "Which nodes can 4 reach in one step?",
        ),
        output="nodes",
        parameters=(NODE,),
        node_role="start",
        reach="direct",
        templates={NETWORKX: ("neighbors",), LADYBUG: ("neighbors",), NEO4J: ("neighbors",)},
        sentence=Sentence(value="The neighbours of {node} are {value}."),
        draw="node",
    ),
    Task(
        name="predecessors",
        terms=("predecessor", "predecessors"),
        summary="the nodes that have an edge pointing to the node (directed graph)",
        phrasings=(
            "Which nodes point into node 4?",
            "What are the predecessors of node 3?",
            "Which tasks come directly before task 6?",
            "Who follows user 2?",
        ),
        output="nodes",
        parameters=(NODE,),
        directed=True,
        node_role="end",
        reach="direct",
        templates={NETWORKX: ("predecessors",), LADYBUG: ("predecessors",), NEO4J: ("predecessors",)},
        sentence=Sentence(value="The nodes with an edge into {node} are {value}."),
        draw="node",
    ),
    Task(
        name="common_neighbors",
        cues=COMMON_CUES,
        terms=("common neighbour", "common neighbours", "common neighbor", "common neighbors"),
        summary="the nodes adjacent to both source and target",
        phrasings=(
            "What are the common neighbours of node 2 and node 5?",
            "Which friends do 3 and 7 have in common?",
            "Which towns are directly linked to both town 1 and town 4?",
        ),
        output="nodes",
        parameters=(SOURCE, TARGET),
        templates={NETWORKX: ("common_neighbors",), LADYBUG: ("common_neighbors",), NEO4J: ("common_neighbors",)},
        sentence=Sentence(value="The nodes adjacent to both {source} and {target} are {value}."),
        draw="path",
    ),
    Task(
        name="clustering_coefficient",
        cues=SHARE_CUES,
        terms=("clustering",),
        summary="the local clustering coefficient of the node (share of its neighbour pairs that are linked)",
        phrasings=(
            "What is the clustering coefficient of node 3?",
            "What fraction of node 5's neighbours are connected to each other?",
            "How tightly knit are the friends of person 2?",
            "What share of the pairs of 4's neighbours are themselves neighbours?",
        ),
        output="number",
        parameters=(NODE,),
        templates={NETWORKX: ("clustering_coefficient",)},
        sentence=Sentence(value="The clustering coefficient of {node} is {value}."),
        draw="node",
        cypher_is_weak=True,
        bench=Bench("clustering", "float", generators.clustering, slots=AT_NODE),
    ),
    Task(
        name="degree_top",
        cues=MOST_CUES,
        reach="direct",
        terms=("highest degree", "maximum degree", "max degree", "largest degree"),
        summary="the node with the most edges, the highest degree (incoming plus outgoing when directed)",
        phrasings=(
            "Which node has the highest degree?",
            "Which town has the most roads meeting at it?",
            "Who is the best-connected person, with the largest number of friends?",
            "Which airport has the most flights in and out?",
            "Which computer is wired to the most other machines?",
        ),
        output="node",
        templates={NETWORKX: ("degree_top",), LADYBUG: ("degree_top",), NEO4J: ("degree_top",)},
        sentence=Sentence(value="Node {value} has the most edges (the highest degree)."),
        draw="node",
    ),
    Task(
        name="degree_above_count",
        cues=ABOVE_CUES,
        contrary=AT_MOST_WORDS,
        reach="direct",
        counts="nodes",
        summary="how many nodes have degree greater than k: nodes with more than k edges (in plus out when directed)",
        phrasings=(
            "How many nodes have a degree above 4?",
            "How many people have more than 5 friends?",
            "In how many towns do over 3 roads meet?",
            "How many actors have shared a film with over 20 other actors?",
            "How many stations are served by more than 6 lines?",
        ),
        output="number",
        parameters=(DEGREE_K,),
        templates={
            NETWORKX: ("degree_above_count",),
            LADYBUG: ("degree_above_count",),
            NEO4J: ("degree_above_count",),
        },
        sentence=Sentence(value="The number of nodes with degree greater than {k} is {value}."),
    ),
    Task(
        name="degree_at_least_count",
        cues=AT_LEAST_CUES,
        contrary=AT_MOST_WORDS,
        reach="direct",
        counts="nodes",
        # "greater than or equal to" holds the strict task's cue "greater than": the term sends a
        # choice of degree_above_count for such a question back to the LLM (plan.term_finding).
        terms=("or equal to", "≥", ">="),
        summary="how many nodes have degree k or more: nodes with at least k edges (in plus out when directed)",
        phrasings=(
            "How many nodes have degree at least 3?",
            "How many airports have at least 3 flights?",
            "How many members have 10 or more friends?",
            "How many towns have 4 or more roads meeting there?",
            "How many atoms are bonded to no fewer than 4 other atoms?",
            "How many proteins interact with a minimum of 2 other proteins?",
        ),
        output="number",
        parameters=(DEGREE_K,),
        templates={
            NETWORKX: ("degree_at_least_count",),
            LADYBUG: ("degree_at_least_count",),
            NEO4J: ("degree_at_least_count",),
        },
        sentence=Sentence(value="The number of nodes with degree {k} or more is {value}."),
    ),
    Task(
        name="pagerank_top",
        cues=RANK_CUES,
        terms=("pagerank", "page rank"),
        summary="the node with the highest PageRank",
        phrasings=(
            "Which node has the highest PageRank?",
            "What is the most important page according to PageRank?",
            "Who is the most influential person in this follower network?",
            "Which node would a random surfer visit most often?",
        ),
        output="node",
        parameters=(DAMPING,),
        templates={NETWORKX: ("pagerank_top",)},
        sentence=Sentence(value="Node {value} has the highest PageRank (damping factor {damping})."),
        cypher_is_weak=True,
        bench=Bench("pagerank", "number", generators.pagerank),
    ),
    Task(
        name="betweenness_top",
        cues=BETWEEN_CUES,
        terms=("betweenness",),
        summary="the node with the highest betweenness centrality (on the most shortest paths)",
        phrasings=(
            "Which node has the highest betweenness centrality?",
            "Which town lies on the most shortest routes?",
            "Who is the biggest broker between groups in this network?",
        ),
        output="node",
        templates={NETWORKX: ("betweenness_top",)},
        sentence=Sentence(value="Node {value} has the highest betweenness centrality."),
        cypher_is_weak=True,
    ),
    # ------------------------------------------------------------------ two graphs
    Task(
        name="subgraph_match",
        terms=("subgraph", "sub-graph", "isomorphic"),
        summary="whether the second graph G' occurs inside the graph (its edges map onto edges of the graph)",
        phrasings=(
            "Is subgraph G' present within graph G?",
            "Does the pattern a->b, b->c, a->c appear somewhere in the network?",
            "Can the small graph be found inside the big one as an exact match?",
            "Is there a copy of this motif in the graph?",
            "Can the pattern a->b, b->c be embedded in the network, each letter a different node?",
            "Does the graph contain the layout a->b, a->c as a subgraph?",
        ),
        output="yes/no",
        parameters=(PATTERN,),
        templates={NETWORKX: ("subgraph_matching",)},
        sentence=Sentence(yes="Yes: G' occurs inside the graph.", no="No: G' does not occur inside the graph."),
        draw="match",
        cypher_is_weak=True,
        bench=Bench("substructure", "yes/no", generators.substructure, slots=frozenset({"pattern"}), balanced=True),
    ),
    Task(
        name="no_subgraph_match",
        terms=("subgraph", "sub-graph", "isomorphic"),
        summary="whether the second graph G' does NOT occur anywhere inside the graph",
        phrasings=("Is the pattern a->b, b->c absent from the graph?", "Does the motif never appear in the network?"),
        output="yes/no",
        parameters=(PATTERN,),
        templates={NETWORKX: ("subgraph_matching",)},
        sentence=Sentence(yes="Yes: G' does not occur inside the graph.", no="No: G' occurs inside the graph."),
        draw="match",
        cypher_is_weak=True,
        inverts=True,
        negates="subgraph_match",
        negation_words=(
            "not",
            "no",
            "non",
            "absent",
            "never",
            "missing",
            "nowhere",
            "lacks",
            "lack",
            "free of",
            "fail",
            "fails",
        )
        + NEGATING_PHRASES,
    ),
    Task(
        name="isomorphism",
        terms=("isomorphic", "isomorphism"),
        summary="whether the graph and the second graph G' have the same structure (are isomorphic)",
        phrasings=("Are G and G' isomorphic?", "Do the two graphs have exactly the same shape?"),
        # "Does the graph have a subgraph isomorphic to ...?" holds this task's term and asks for
        # subgraph_match (confirmed as isomorphism on dev seed 1).
        contrary=("subgraph", "sub-graph", "inside", "within", "embedded", "somewhere"),
        output="yes/no",
        parameters=(PATTERN,),
        templates={NETWORKX: ("isomorphism",)},
        sentence=Sentence(yes="Yes: the two graphs are isomorphic.", no="No: the two graphs are not isomorphic."),
        draw="match",
        cypher_is_weak=True,
    ),
)


#: Tasks a small model confuses with each other although their answers differ: one asks about the
#: edges into a node and the other about the edges out of it, one about edges and the other about
#: nodes whose removal splits the graph. The plan stage contrasts a choice with the other members
#: of its group first (:func:`grraf.pipeline.plan.rivals`). Found on the dev phrasings.
CONFUSABLE: tuple[tuple[str, ...], ...] = (
    ("in_degree", "out_degree", "reachable_count", "degree"),
    ("bridge_count", "articulation_point_count", "connected_components"),
    ("shortest_path_weight", "shortest_path_hops"),
    # the largest, the smallest and the mean of the same distances ("the longest of all the
    # shortest paths" was taken for the radius on dev)
    ("diameter", "radius", "average_shortest_path_length"),
)
