"""Deterministic readers that check the LLM's plan against the question's own words.

The LLM decides which task a question asks for and fills its parameters; these readers only
check that decision — that every value it filled in is one the question states, that the
direction of "from A to B" is kept, that the values the question states are all used, and that
the kind of answer fits the ask ("how many" wants a number, "is there" a yes or no). A finding
goes back to the LLM as a sentence; nothing here ever replaces the LLM's choice.

Pure functions of text: no store, no model (node existence is checked by the plan stage).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, Literal

from grraf.parse.graphtext import PLACEHOLDER
from grraf.tasks.model import NodeRole, Reach
from grraf.tasks.vocabulary import NEGATING_PHRASES

#: The kind of answer a question's wording asks for; ``None`` when the words leave it open.
AskForm = Literal["yes/no", "number", "node", "list"]

# "i.e." and "e.g." end no sentence: "How many cables are single points of failure, i.e. removing one
# would disconnect the network?" is one ask, not a statement and an ask about removing. Nor do a
# name's initials ("J.T. Walsh", "O. R. Tambo") or a title ("Dr.", "St. Louis"): "How many steps does it
# take to get from J.T. Walsh to Stephen Rea?" was read as the ask "Walsh to Stephen Rea ...?", which asks
# for no number, and its path was flagged verified (property batch 17, movies-400). A single capital
# ends a sentence ("... means A depends on B. How many ...?"): two initials in a row are needed.
_SENTENCES = re.compile(
    r"(?<=[.?!])(?<!\bi\.e\.)(?<!\be\.g\.)(?<!\bcf\.)(?<!\bvs\.)"
    r"(?<!(?-i:[A-Z])\.(?-i:[A-Z])\.)(?<!(?-i:[A-Z])\.\s(?-i:[A-Z])\.)(?<!\b(?-i:Mr|Ms|Dr|St|Jr)\.)(?<!\bMrs\.)\s+(?!(?-i:[A-Z])\.\s*(?-i:[A-Z]))",
    re.IGNORECASE,
)
_YES_NO_START = re.compile(
    # lead-ins may come several at once and with a comma ("Please I want to know, exist a way ...?")
    r"^\s*(?:(?:and|so|then|also|tell me|i (?:want|need) to know|please)[\s,]+)*"
    # a short label set off by a dash or a colon: "Quick check - is Tom Hanks older than Meg Ryan?"
    # (read as no yes/no, property batch 5), "Yes or no: is ...?"
    r"(?:[a-z']+(?:\s+[a-z']+){0,3}(?:\s+[-–—]|\s*:)\s+)?"
    # "exist(s) a way from 3 to 8?": how people who learnt English later often ask whether one exists
    # "Am I stuck, meaning every way of shelving the books breaks the rule?" (free batch ac, bipartite-104)
    r"(am|is|are|does|do|did|can|could|has|have|was|were|will|would|should|shall|may|might|must|exists?)\b"
    # "Can you give me one full ordering?" is a polite request for the ordering, not a yes or no.
    r"(?!\s+(?:you|u)\s+(?:please\s+)?(?:give|list|show|name|tell|compute|calculate|count|return|provide|"
    r"write|print|output|report|produce|work out|figure out|find|determine|estimate|identify|get me|"
    # "Could you please run PageRank ... and tell me which single node ends up with the largest score?"
    # (free batch ak, pagerank-128: read as yes/no, only yes/no tasks were offered)
    r"run|perform|apply|execute|"
    # "Would you say the links contain no loop?" asks yes or no; "Can you say how many ...?" does not.
    r"say\s+(?:how|what|which|who|whom|where|when)"
    r")\b)",
    re.IGNORECASE,
)
#: Words of the ask sentence that make it a yes/no ask (a form stated outright is _YES_NO_STATED's).
_YES_NO_WORDS = re.compile(
    r"\b(whether or not|or not)\b|\btell me whether\b|"
    r"\bcheck (?:whether|if)\b|\bdetermine (?:whether|if)\b|\bfind out (?:whether|if)\b|"
    # "Compute whether a path exists ...", "Tell me if a closed circuit exists ...": read as no form,
    # the yes/no tasks were not offered (free batch t, connectivity-78, cycle-77)
    r"\b(?:tell|let) (?:me|us) (?:know )?if\b|"
    r"\b(?:compute|decide|verify|confirm|establish|work out|figure out|see|test|report|say|answer|judge|"
    r"assess|state|indicate) (?:whether|if)\b|"
    # "I need to know if node 3 and node 9 are connected at all" (connectivity-12: read as no form, so no
    # yes/no task could be offered), "Find whether ...", "I wonder if ..."
    r"\b(?:find|examine|ascertain|evaluate|investigate|explore|know|wonder(?:ing)?) whether\b|"
    r"\b(?:to know|wonder(?:ing)?) if\b|"
    # a question after a lead-in: "If I leave town 3, is there ...?", "Look for the motif: does it ...?",
    # "halle berry and keanu reeves - were they ever in a film together?" (property batch 25, movies-549:
    # read as no yes/no ask, a list of shared films was flagged verified)
    # Not a request to list or give: "I need all the nodes ... of the 3-core, can you list them?" (free
    # test half, seed 2079, k_core-46: read as yes/no, only yes/no tasks were offered). "In this graph,
    # can you find three people who form a closed chain ...?" still asks whether there are.
    r"(?:[,:;]|\s[-–—])\s*(is|are|was|were|does|do|did|can|could|has|have|will|would)"
    r"(?!\s+(?:you|u)\s+(?:please\s+)?(?:give|list|show|name|return|provide|print|output|write)\b)"
    r"\s+(?:it|there|this|that|"
    r"they|the|a|an|we|i|you|"
    # "Treating every edge as two-way, are 3 and 5 in the same connected component?"
    r"every|each|all|any|some|its|my|our|your|their|these|those|nodes?|vertex|vertices|\d+)\b|"
    # ... and cut short after the lead-in: "gene hackman and robin williams, ever in the same movie?"
    # (property batch 26, movies-567: read as no form, the shared films were flagged verified)
    r"(?:[,:;]|\s[-–—])\s*(ever|never|(?:the\s+)?same)\b[^.?!]*\?\s*$",
    re.IGNORECASE,
)
#: An answer form the question states outright, wherever it says it: "cycle present? yes or no".
#: The answer words of a stated case ("yes if ...", "no otherwise"), shared by the readers of the
#: "yes if X, no if Y" ask: its form (_YES_NO_STATED), its main clause (_FRAME), its other case (_OTHER_CASE).
_YES_IF = r"(?:yes|true)['\"]?\s+(?:if|when)"
_NO_IF_OR_ELSE = r"(?:no|false)['\"]?\s+(?:if|when|otherwise)"
_YES_NO_STATED = re.compile(
    # "y/n - can every vertex be painted ...?" (free batch t, bipartite-77: no form read, no yes/no task offered)
    r"\b(yes or no|no or yes|true or false|yes/no|y/n|answer (?:with )?(?:a )?yes)\b"
    # "Tell me yes if that can't be done, no if it can." (free batch y, hamilton-91: a path task was
    # confirmed for it): an answer word for each case is a yes/no ask however the sentence starts
    rf"|\b{_YES_IF}\b[^.?!]*\b{_NO_IF_OR_ELSE}\b"
    # A closing sentence that says what "yes" means: "... will paddy 9 stay dry? Yes means it stays
    # dry.", "... Am I stuck ...? Yes if stuck." (free batch ac, connectivity-105 and bipartite-104: no
    # form read, no yes/no task offered)
    r"|(?:^|[.?!]\s+)(?:answer\s+|say\s+)?['\"]?(?:yes|true)['\"]?\s+(?:means|if|when)\b"
    r"|\b(?:no|false)['\"]?\s+(?:if|when)\b[^.?!]*\b(?:yes|true)['\"]?\s+(?:if|when|otherwise)\b",
    re.IGNORECASE,
)
#: A number asked for outright after the ask: "Who points to 5? Just give me how many."
_NUMBER_STATED = re.compile(
    r"\b(?:just|only|simply)\s+(?:(?:give|tell|send)\s+(?:me|us)\s+)?(?:how many|the count|the total)\b"
    # "len(list(G.successors(4)))?": a length asked in code (answered with the list, free batch k)
    r"|\blen\s*\("
    # "... what's the furthest it would ever have to go? Give that number." (free batch ab, radius-99:
    # read as a closing request for things, only a path task was offered)
    r"|\b(?:give|tell|report|send)\s+(?:me\s+|us\s+)?(?:just\s+)?(?:that|the|this)\s+(?:number|count|figure)\b",
    re.IGNORECASE,
)
#: A closing request for things, after the ask ("... ? List the airports.").
_LIST_STATED = re.compile(r"^\s*(?:please\s+)?(?:list|name|show|give)\b", re.IGNORECASE)
_NUMBER_ASK = re.compile(
    r"\bhow (many|much|far|long|heavy|big|large|often|deep|wide|tightly|old|tall|high)\b|\bnumber of\b|\bcount\b|"
    # "Give a number between 0 and 1." closing a question made it ask for a list (free batch y, clustering-92)
    r"\b(?:as |give |return |answer with )?a (?:single |decimal |real )?number\b|"
    r"^\s*(what|what's|give|find|compute|calculate|report|tell me)\b[^?]*\b(weight|length|distance|cost|sum|total|"
    r"value|size|degree|in-degree|out-degree|indegree|outdegree|diameter|radius|eccentricity|coefficient|average|"
    r"mean|capacity|flow|score|fraction|share|proportion|ratio|percentage|index|density|girth|centrality|"
    r"cardinality|probability|kilometres|kilometers|km|miles|metres|meters|hours|minutes|age)\b",
    re.IGNORECASE,
)
#: A bare count of steps heading the ask: "fewest steps through the films ...?", "least hops?".
_FEWEST_COUNT = re.compile(
    r"\s*(?:the\s+)?(?:fewest|least|most|min(?:imum)?|max(?:imum)?)\s+(?:number\s+of\s+)?"
    r"(?:steps|hops|flights|stops|changes|edges|links|legs|moves|jumps|transfers)\b"
    # unless what it asks for follows: "fewest flights milan malpensa to kona pls, airport codes"
    r"(?![^?]*\b(?:which|what|list|route|routing|path|codes?|names?|airports)\b)",
    re.IGNORECASE,
)
# A bare noun phrase asks for the number it names: "Weighted distance 2-5?", "Maximum matching size?".
_NUMBER_NOUN = re.compile(
    r"\b(distance|weight|cost|length|diameter|radius|eccentricity|coefficient|size|value|count|total|sum|"
    r"in-?degree|out-?degree|degree|flow|capacity)\b",
    re.IGNORECASE,
)
# An ask with no verb before its object: "a→b, b→c in G?", "Odd cycle present?" — "is it ...?" cut short.
# Not with a superlative or a quantity: "Shortest path 2-5 in G?" asks for the path.
_ELLIPTIC_YES_NO = re.compile(
    r"(?:\b(?:in|inside|within|part of)\s+(?:G|the graph|this graph|it|the network|this network)|"
    r"\b(?:present|exists?|possible|there|found|contained|occurs?))\s*\?\s*$",
    re.IGNORECASE,
)
_SUPERLATIVE = re.compile(
    r"\b(?:\w+est|most|least|fewest|max(?:imum)?|min(?:imum)?|which|what|who|how)\b", re.IGNORECASE
)
_WH_OR_IMPERATIVE = re.compile(r"^\s*(which|what|who|how|where|when|list|give|show|name|find|return)\b", re.IGNORECASE)
_NODE_ASK = re.compile(
    r"^\s*(which|what|who)(?:\s+is|'s)?(?:\s+the)?\s+(?:single\s+|one\s+)?(node|vertex|person|page|town|city|"
    r"station|airport|user|computer|machine|player|member|account|site|one)\b(?!s)|^\s*who\b|"
    # "Find the node with the maximum PageRank value." asks for the node, not for the value.
    r"^\s*(?:find|give|name|tell|return|show|identify)(?: me| us)?\s+the\s+(?:single\s+|one\s+)?(?:node|vertex|"
    r"person|page|town|city|station|airport|user|computer|machine|member|account|site)\b(?!s)|"
    # ... and after a request to tell: "Compute PageRank ... and tell me which node gets the highest
    # score." asks for a node; read as a number ("compute ... score"), the PageRank task was never
    # offered (free batch t, pagerank-77).
    r"\b(?:tell|show|say|report|determine|identify|name)(?: me| us)?\s+(?:which|what)\s+(?:single\s+|one\s+)?"
    r"(?:node|vertex|person|page|town|city|station|airport|user|computer|machine|member|account|site)\b(?!s)",
    re.IGNORECASE,
)
_LIST_ASK = re.compile(
    r"^\s*(which|what)\s+(?:\w+\s+)?(nodes|vertices|people|pages|towns|cities|stations|airports|users|computers|"
    r"members|ones)\b|"
    # "if you list every two of their friends, in what share ...": a step of the ask, not a request
    # (free batch x, clustering-89: no number task was offered)
    # ... nor is a list someone keeps ("everyone in 6's contact list: what fraction ...", free batch
    # ag, clustering-115: only k_core was offered)
    r"(?<!if you )(?<!when you )(?<!once you )(?<!as you )"
    r"(?<!'s )(?<!\bthe )(?<!\bmy )(?<!\byour )(?<!\btheir )(?<!\bhis )(?<!\bher )(?<!\bour )"
    r"(?<!\bcontact )(?<!\bguest )(?<!\bwaiting )(?<!\bmailing )(?<!\bfriend )(?<!\bfriends )(?<!\badjacency )"
    r"\blist\b|"
    r"\b(give|show|name|return|trace|print|output|write down)\b[^?]*\b(path|route|order|"
    r"ordering|sequence|schedule|nodes|vertices|members|way|list)\b|\bin (?:what|which) order\b|\bwhat are the\b|"
    # "How do I get from Hoffa to Million Dollar Baby in the fewest steps?" asks for the way itself
    r"^\s*how (?:do|can|could|would|should|might) (?:i|we|you|one|they) (?:get|go|travel|drive|fly|walk|ride)\b|"
    # "Return V(H), where H is ...": the vertex set of a graph, in graph theory's own notation
    r"\bV\([A-Za-z]\w*\)|"
    # ... and after a request to tell: "Could you tell me which vertices make up the maximal subgraph
    # whose minimum degree is 2 or more?" was read as a number by its "degree", and a count of those
    # vertices was flagged verified (free batch x, k_core-89).
    r"\b(?:tell|show|say|report|determine|identify|name)(?: me| us)?\s+(?:which|what)\s+(?:\w+\s+)?(?:nodes|"
    r"vertices|people|pages|towns|cities|stations|airports|users|computers|members|ones)\b",
    re.IGNORECASE,
)
# A number glued to a word by a hyphen is part of that word ("2-colourable", "3-core"), not a value.
# A digit after a hyphen is a value when the hyphen joins two numbers ("a maximum 1-9 flow").
_VALUE = re.compile(r"(?<![\w.'’])(?<![A-Za-z]-)(?<!^-)(\d+(?:\.\d+)?)(?![\w'’]|\.\d|-[A-Za-z])")
# "the 3-core" and "k = 3" state k; "G'" and "k-core" are notation, not values.
_K_NOTATION = re.compile(r"\b(\d+)[- ]core\b|\bk\s*=\s*(\d+)\b", re.IGNORECASE)


def sentences(text: str) -> list[str]:
    """Sentences of ``text`` (split after ``.``, ``?`` or ``!``).

    >>> sentences("Edges are given. Is there a cycle? Answer quickly.")
    ['Edges are given.', 'Is there a cycle?', 'Answer quickly.']
    >>> sentences("How many cables are weak points, i.e. removing one splits the network?")
    ['How many cables are weak points, i.e. removing one splits the network?']
    >>> sentences("How many steps from J.T. Walsh to O. R. Tambo?"), sentences("A edge means A uses B. How many?")
    (['How many steps from J.T. Walsh to O. R. Tambo?'], ['A edge means A uses B.', 'How many?'])
    """
    return [s for s in _SENTENCES.split(text.strip()) if s]


def sentence_ends(text: str) -> list[int]:
    """Where in ``text`` one sentence ends and the next begins (the offsets :func:`sentences` splits at).

    >>> sentence_ends("She plays two parts in Joe Versus the Volcano. How many?"), sentence_ends("From J.T. Walsh?")
    ([46], [])
    """
    return [found.start() for found in _SENTENCES.finditer(text)]


def ask_sentence(question: str) -> str:
    """The sentence that asks: the last one ending in '?', else the last sentence.

    >>> ask_sentence("Edges: (0, 1) (1, 2). Is there a cycle? The graph is undirected.")
    'Is there a cycle?'
    >>> ask_sentence("Give one topological order of this graph.")
    'Give one topological order of this graph.'
    >>> ask_sentence("Tell me if a cycle exists. Edges are undirected.")
    'Tell me if a cycle exists.'

    An ask that refers back to the sentence before it takes that sentence too:

    >>> ask_sentence("Edges are given. Bob says the graph is loop-free. Is he right?")
    'Bob says the graph is loop-free. Is he right?'
    >>> ask_sentence("We need the number of cut vertices. What's that number here?")
    "We need the number of cut vertices. What's that number here?"
    >>> ask_sentence("Rule: the layout must contain no ring of pipes. Does it pass?")
    'Rule: the layout must contain no ring of pipes. Does it pass?'
    >>> ask_sentence("Edges are given. HR claims there is no circle. Is HR right?")
    'HR claims there is no circle. Is HR right?'
    """
    parts = sentences(question)
    asks = [i for i, s in enumerate(parts) if s.endswith("?")]
    if not asks:
        # Without a question mark, the last request: "Tell me if a closed circuit exists in the
        # graph: .... Edges are undirected." asks in its first sentence (free batch t, cycle-77).
        requests = [s for s in parts if _REQUEST.match(s)]
        return requests[-1] if requests else parts[-1] if parts else question
    last = asks[-1]
    if last > 0 and _ASKS_FOR_THE_ABOVE.match(parts[last]):
        return parts[last - 1]
    if last > 0 and _REFERS_BACK.search(parts[last]):
        return f"{parts[last - 1]} {parts[last]}"
    return parts[last]


_REQUEST_VERBS = (
    r"tell|compute|calculate|find|give|list|show|name|count|return|determine|decide|report|check|say|work out|"
    r"figure out|identify|output|print|state|provide|let me know"
)
#: A sentence that asks without a question mark: a request, or a question left unmarked.
_REQUEST = re.compile(
    r"^\s*(?:please\s+|so\s+|now\s+|and\s+)?(?:" + _REQUEST_VERBS + r"|"
    r"which|what|who|how|where|when|is|are|does|do|can|could|would)\b",
    re.IGNORECASE,
)
#: A request in the imperative, which may follow a question and say what is asked of it.
_IMPERATIVE = re.compile(r"^\s*(?:please\s+|so\s+|now\s+|and\s+)?(?:" + _REQUEST_VERBS + r")\b", re.IGNORECASE)


#: How to count, said after the ask: "Count people, not credits."
_HOW_TO_COUNT = re.compile(r"^\s*count\b[^.?!]*,\s*not\b", re.IGNORECASE)


#: A request for what the sentence before it asks for, which is then the ask: "I need the average
#: number of hand-offs ... Can you work that out?" (free batch z, average_path-95: read as a yes/no
#: ask, a path task was confirmed).
_ASKS_FOR_THE_ABOVE = re.compile(
    r"^\s*(?:(?:so|and|now)\s+)?(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+)?"
    r"(?:(?:work|figure|sort)\s+(?:that|this|it)\s+out|(?:compute|calculate|find|do|answer|get|give me|tell me)"
    r"\s+(?:that|this|it)(?:\s+for\s+me)?)\s*(?:please\s*)?\?$",
    re.IGNORECASE,
)


# An ask whose content is the sentence before it: "My engineer says the graph is loop-free. Is she
# right?", "... the number of nodes whose failure splits the network. What's that number here?"
_REFERS_BACK = re.compile(
    # "HR claims the links form no circle. Is HR right?" (free batch s, cycle-74): a name as well
    r"^(?:(?:is|was|are)\s+(?:(?:the|my|our|your|their|his|her)\s+)?[\w.'’-]+\s+(?:right|correct|true|so)"
    # "The survey team claims there are no loops ... Is their claim correct?", "I bet ... that you can't
    # draw one line through every vertex. Do I win the pizza?" (free batch z, cycle-95 and hamilton-95:
    # the positive task was confirmed and flagged verified)
    r"|(?:do|did|would|will)\s+(?:i|we)\s+win\b"
    r"|(?:am i|are we)\s+(?:right|correct)|(?:true|right|correct)\s*(?:or not)?\s*\?"
    # "... the layout must contain no ring of pipes anywhere. Does it pass?" (free batch p, cycle-65)
    r"|(?:does|do|would|will|can)\s+(?:it|this|that|they|(?:the|this|that|my|our|your|their)\s+[a-z]+)\s+"
    # "... must never appear. Does this layout obey the rule?" (free batch z, substructure-95)
    r"(?:pass|hold|qualify|comply|conform|obey|satisfy|meet|follow|respect)"
    r"(?:\s+(?:the|this|that|our|my)\s+(?:test|check|inspection|audit|rule|requirement|standard|policy|spec))?"
    r"\s*\?$"
    r"|(?:is|are)\s+(?:it|this|that|(?:the|my|our|your)\s+[a-z]+)\s+(?:ok|okay|fine|acceptable|allowed|valid|compliant)\s*\?$)"
    r"|\b(?:that|this|the said)\s+(?:number|count|value|figure|amount|claim|statement)\b",
    re.IGNORECASE,
)


def ask_form(question: str) -> AskForm | None:
    """The kind of answer the question's words ask for, or None when they leave it open.

    >>> [ask_form(q) for q in ("Is the graph bipartite?", "How many edges leave node 1?",
    ...  "Which node has the highest PageRank?", "Give a valid build order.", "Show the route from 0 to 5.")]
    ['yes/no', 'number', 'node', 'list', 'list']
    >>> ask_form("What is the shortest path from 0 to 5?") is None
    True
    >>> ask_form("Find the cheapest route from 3 to 9.") is None, ask_form("How heavy is the lightest route?")
    (True, 'number')
    >>> ask_form("What is the node with the highest PageRank score?"), ask_form("What is the degree of node 3?")
    ('node', 'number')
    >>> ask_form("If I leave town 3, is there some way to drive to town 5?"), ask_form("Weighted distance 2-5?")
    ('yes/no', 'number')
    >>> ask_form("Treating edges as undirected, does every cycle have an even number of edges?")
    'yes/no'
    >>> ask_form("Can you give me one full ordering of all the steps that works?")
    'list'
    >>> ask_form("What's the fewest kilometres I need to drive to get from town 1 to town 4?")
    'number'
    >>> ask_form("Find the node with the maximum PageRank value.")
    'node'
    >>> ask_form("Compute PageRank with damping 0.85 and tell me which node gets the highest score.")
    'node'
    >>> ask_form("Could you please run PageRank with damping 0.85 and tell me which single node ends up on top?")
    'node'
    >>> ask_form("cycle present? yes or no"), ask_form("Who points to 5? Just give me how many.")
    ('yes/no', 'number')
    >>> ask_form("How far apart, in edges, are the farthest pair of nodes?")
    'number'
    >>> ask_form("Could you work out the most water that can get from junction 1 to junction 4?") is None
    True
    >>> ask_form("a→b, a→c, b→c in G? directions matter"), ask_form("Shortest path 2-5 in G?") is None
    ('yes/no', True)
    >>> ask_form("My professor claims the graph has no Hamiltonian path. Is the professor correct?")
    'yes/no'
    >>> ask_form("Would you say the links contain no loop?"), ask_form("Can you say how many edges there are?")
    ('yes/no', 'number')
    >>> ask_form("How do I get from the film Hoffa to the film Heat in the fewest steps?")
    'list'
    >>> ask_form("What's the routing with the fewest flights from Kahului to Tiree? List the airports.")
    'list'
    >>> ask_form("About how old was Tom Hanks when Forrest Gump came out?")
    'number'
    >>> ask_form("What age was Meg Ryan when Sleepless in Seattle came out?")
    'number'
    >>> ask_form("Please I want to know, exist a way going from vertex 3 until vertex 8?")
    'yes/no'
    >>> ask_form("Return V(H), where H is the maximal induced subgraph of G with minimum degree at least 2.")
    'list'
    >>> ask_form("len(list(G.successors(4)))?")
    'number'
    >>> ask_form("Quick check - is Tom Hanks older than Meg Ryan?"), ask_form("Yes or no: is 4 reachable from 2?")
    ('yes/no', 'yes/no')
    >>> ask_form("Compute whether a path exists between 3 and 7."), ask_form("Tell me if a closed circuit exists.")
    ('yes/no', 'yes/no')
    >>> ask_form("Find whether a→b, b→c appears in it."), ask_form("I'd like to know if 3 reaches 7.")
    ('yes/no', 'yes/no')
    >>> ask_form("john hurt to jan de bont - fewest steps through the films and the people on them?")
    'number'
    >>> ask_form("nice to campbeltown, fewest flights - which airports do i go through?") is None
    True
    >>> ask_form("Triangle check: how many triangles are there?")
    'number'
    >>> ask_form("Treating every edge as two-way, are 3 and 5 in the same connected component?")
    'yes/no'
    >>> ask_form("Which node is the centre? Tell me how many edges away its farthest node is. Edges are undirected.")
    'number'
    >>> ask_form("Are 2's collaborators also collaborators of each other? Give the share of pairs who have.")
    'number'
    >>> ask_form("Find the largest subgraph where every vertex has degree at least 3, and give me its vertices.")
    'list'
    >>> ask_form("Plan Kahului to Cairo with the minimum number of flights and list the airport codes.")
    'list'
    >>> ask_form("Could you tell me which vertices make up the maximal subgraph whose minimum degree is 2 or more?")
    'list'
    >>> ask_form("Take pupil 3: if you list every two of their friends, in what share of those pairs are both friends?")
    >>> ask_form("Can you list the nodes of the 3-core?")
    'list'
    >>> ask_form("I need all the nodes what belong to the 3-core, can you list them?")
    'list'
    >>> ask_form("Look at everyone in 6's contact list: what fraction of the pairs among them are linked?") is None
    True
    >>> ask_form("Of the pairs of friends of 3, what share are friends? Give a number between 0 and 1.")
    'number'
    >>> ask_form("A trip visits each city once. Tell me yes if that can't be done, no if it can.")
    'yes/no'
    >>> ask_form("halle berry and keanu reeves - were they ever in a film together?")
    'yes/no'
    >>> ask_form("gene hackman and robin williams, ever in the same movie?"), ask_form("A and B - same birth year?")
    ('yes/no', 'yes/no')
    >>> ask_form("Where should the station go? How far is its farthest town then? Give that number.")
    'number'
    >>> ask_form("If I open the sluice at 3, will paddy 9 stay dry? Yes means it stays dry."), ask_form("Am I stuck?")
    ('yes/no', 'yes/no')
    """
    ask = ask_sentence(question)
    # The ask sentence alone misses a form stated after it ("cycle present? yes or no").
    lead_in = _YES_NO_WORDS.search(ask)
    # "How far apart, in edges, are the farthest pair?": an aside inside a wh-question leads into nothing;
    # nor inside a wh-question after a colon ("Take the pair ...: how many hand-offs, one per edge, does
    # the shortest chain need?", free batch z, diameter-95: read as yes/no, a path task was confirmed).
    if lead_in and (lead_in.group(2) or lead_in.group(3)):
        before = ask[: lead_in.start()]
        if _WH_OR_IMPERATIVE.search(before) or _WH_OR_IMPERATIVE.search(_last_part(before)):
            lead_in = None
    # "Bob says the graph is loop-free. Is he right?" refers back: the form is its last sentence's.
    final = sentences(ask)[-1] if ask.strip() else ask
    after = question[question.rfind(ask) + len(ask) :] if ask in question else ""
    # A number asked for after the ask: "Which node is the best centre ...? Tell me how many edges away
    # its farthest node is." (free batch u, radius-78: only node tasks were offered), also after a
    # yes/no ask: "Are 2's collaborators also collaborators of each other? Give the share of pairs of
    # them who have worked together." (free test half, seed 2079, clustering-19: only yes/no tasks).
    number_after = any(_IMPERATIVE.match(s) and _NUMBER_ASK.search(s) for s in sentences(after))
    if _YES_NO_STATED.search(question):
        return "yes/no"
    # Saying how to count is no request for the count: "Are there more screenwriters than producers?
    # Count people, not credits." (property batch 28, movies-598) asks yes or no.
    asked_after = number_after and not any(_HOW_TO_COUNT.match(s) for s in sentences(after))
    if (lead_in or _YES_NO_START.search(ask) or _YES_NO_START.search(final)) and not asked_after:
        return "yes/no"
    if _ELLIPTIC_YES_NO.search(ask) and not (
        _SUPERLATIVE.search(ask) or _NUMBER_ASK.search(ask) or _NUMBER_NOUN.search(ask) or _LIST_ASK.search(ask)
    ):
        return "yes/no"
    # "Who points to 5? Just give me how many." asks for a number, though its ask sentence names nodes.
    if _NUMBER_STATED.search(question):
        return "number"
    if number_after:
        return "number"
    # "What's the routing with the fewest flights from A to B? List the airports." asks for the
    # airports, in a sentence after the ask (a route's length was flagged verified, property batch 9).
    closing = sentences(question)[-1] if question.strip() else question
    if closing.strip() != ask.strip() and _LIST_STATED.search(closing) and not _NUMBER_ASK.search(closing):
        return "list"
    # A list asked for in the ask's last clause: "Find the maximal subgraph in which every vertex has
    # degree at least 4, and give me its vertices" (a count of them was flagged verified, free batch w,
    # k_core-84).
    clause = _CLOSING_REQUEST.split(ask)[-1]
    if clause != ask and _LIST_ASK.search(clause) and not _NUMBER_ASK.search(clause):
        return "list"
    # "john hurt to jan de bont - fewest steps through the films and the people on them?" asks for how
    # many steps (a path was flagged verified, property batch 31, movies-642); "..., fewest flights -
    # which airports do i go through?" asks on after the dash, for the airports.
    if _FEWEST_COUNT.match(_last_part(ask)):
        return "number"
    # "What is the node with the highest PageRank score?" names a node before any number word.
    if _NODE_ASK.search(ask):
        return "node"
    if _NUMBER_ASK.search(ask):
        return "number"
    if _LIST_ASK.search(ask):
        return "list"
    if not _WH_OR_IMPERATIVE.search(ask) and _NUMBER_NOUN.search(ask):
        return "number"
    return None


def _last_part(text: str) -> str:
    """What follows the last colon, semicolon or spaced dash of ``text`` (all of it when there is none)."""
    return re.split(r"[:;]|\s[-–—]\s", text)[-1]


#: Where a request closes the ask: ", and give me ...", "; list ...".
_CLOSING_REQUEST = re.compile(
    r"(?:[,;]\s*(?:and\s+)?|\s+and\s+)(?:then\s+)?(?=(?:please\s+)?(?:list|name|show|give|return)\b)", re.I
)


#: Which task outputs answer which ask forms.
_COMPATIBLE: dict[str, frozenset[str]] = {
    "yes/no": frozenset({"yes/no"}),
    "number": frozenset({"number"}),
    "node": frozenset({"node", "nodes"}),
    "list": frozenset({"node", "nodes", "path", "order"}),
}


def form_fits(task_output: str, form: AskForm | None) -> bool:
    """Whether a task's output answers an ask of this form (an open ask takes anything but yes/no).

    >>> form_fits("yes/no", "yes/no"), form_fits("number", "yes/no"), form_fits("path", None)
    (True, False, True)
    >>> form_fits("yes/no", None)
    False
    """
    if form is None:
        return task_output != "yes/no"
    return task_output in _COMPATIBLE[form]


def stated_values(question: str, *, whole: bool = False) -> list[str]:
    """The numbers the question's ask states, as written (node ids, k, thresholds); with
    ``whole``, the numbers of every sentence of ``question``.

    >>> stated_values("Can you get from node 3 to node 11 in this graph?")
    ['3', '11']
    >>> stated_values("Which nodes are in the k-core for k = 3? Edges: (0,1).")
    ['3']
    >>> stated_values("Is the graph 2-colourable?")
    []
    >>> stated_values("Is there a path from 0 to 4? The edges are [graph G: 5 nodes, 3 edges].", whole=True)
    ['0', '4']
    """
    text = PLACEHOLDER.sub(" ", question if whole else ask_sentence(question))
    return [m.group(1) for m in _VALUE.finditer(text)]


def mentions(question: str, value: Any) -> bool:
    """Whether ``value`` is written in the question as a whole word.

    >>> mentions("from node 12 to node 3", 3), mentions("from node 12 to node 3", 1), mentions("k = 3", 3.0)
    (True, False, True)
    >>> mentions("a maximum 1-9 flow", 9), mentions("the 3-core", 3), mentions("a k-3 thing", 3)
    (True, True, False)
    """
    forms = {str(value)}
    if isinstance(value, float) and value.is_integer():
        forms.add(str(int(value)))
    return any(
        text and re.search(r"(?<![\w.])(?<![A-Za-z]-)" + re.escape(text) + r"(?![\w]|\.\d)", question, re.IGNORECASE)
        for text in forms
    )


#: "to" after a word of being together is no end: "linked to substation 3", "adjacent to 5".
_SYMMETRIC_TO = r"(?<!adjacent )(?<!connected )(?<!linked )(?<!attached )(?<!next )(?<!joined )(?<!close )"


def direction_issue(question: str, parameters: Mapping[str, Any]) -> str | None:
    """A sentence when "from A" / "to B" in the ask contradicts the source and target chosen.

    >>> direction_issue("Can node 25 be reached from node 26?", {"source": 26, "target": 25}) is None
    True
    >>> direction_issue("What is the max flow from 2 to 6?", {"source": 6, "target": 2})
    'The question goes from 2, but source is 6.'
    >>> direction_issue("How much can reach the lake at 1 from the summit basin at 0?", {"source": 1, "target": 0})
    'The question goes from 0, but source is 1.'
    >>> direction_issue("Value of a minimum 35-41 cut?", {"source": 41, "target": 35})
    'The question goes from 35, but source is 41.'
    >>> direction_issue("How much can hospital 29 receive from the bank at 9?", {"source": 29, "target": 9})
    'The question goes from 9, but source is 29.'
    >>> direction_issue("Farm 12 has stock. How much can get to farm 19?", {"source": 19, "target": 12})
    'The question goes to 19, but source is 19.'
    >>> direction_issue("I need to know if node 3 and node 9 are connected.", {"source": 3, "target": 9}) is None
    True
    >>> direction_issue("Is substation 11 linked to substation 3 by some chain?", {"source": 3, "target": 11}) is None
    True
    """
    if "source" not in parameters or "target" not in parameters:
        return None
    source, target = str(parameters["source"]), str(parameters["target"])
    ask = ask_sentence(question)
    values = {source, target}
    # "from A ... to B", "A reach B", "B be reached from A": a direction is stated only when the ask
    # names both an end ("to", "into", "reach") and a start ("from", "starting at"); a lone "from"
    # ("separating 4 from 8") states none.
    # A few words may name the place first ("from the summit basin at 0", "reach the lake at 1": the
    # flow from 1 to 0 was flagged verified, free batch k); not the other end's word.
    starts = re.findall(
        r"\b(?:from|starting (?:at|from)|leaving|out of|source)\s+((?:(?!to\b|into\b)[A-Za-z]+\s+){0,4})([\w-]+)", ask
    )
    # "Is substation 11 linked to substation 3 ...?" names no end: "linked to" is symmetric (free batch
    # al, connectivity-131: a right pair was held back as going to 3).
    ends = re.findall(
        r"(?:"
        + _SYMMETRIC_TO
        + r"\bto|\b(?:into|reach|reaches|arrive at|get to|sink|target))\s+((?:(?!from\b)[A-Za-z]+\s+){0,4})([\w-]+)",
        ask,
    )
    starts = [value for _, value in starts]
    ends = [value for _, value in ends]
    # "a minimum 35-41 cut", "the 2→6 flow": the pair written first to last (free batch z, flow-95: the
    # flow from 41 to 35 was flagged verified)
    for first, last in re.findall(r"(?<![\w.])(\w+)\s*(?:-|–|->|→)\s*(\w+)(?![\w.])", ask):
        if {first, last} == values and first != last:
            starts, ends = [first, *starts], [last, *ends]
    # What a node "can receive from" the start is the end too ("the most blood per day that hospital 29
    # can receive from the blood bank at 9": the flow from 29 to 9 was flagged verified, seed 2079, flow-27).
    end_verb = re.search(r"\breach(?:ed|able)?\b|\breceiv(?:e|es|ed|ing)\b", ask, re.IGNORECASE) is not None
    start = next((v for v in starts if v in values), None)
    end = next((v for v in ends if v in values and v != start), None)
    if start is None:
        # Only the end said, and no start of any kind: "Farm 12 has unlimited stock ... what's the
        # most crates per week that can get to 19?" (free phrasing, seed 2073, flow-104: the flow
        # from 19 to 12 was flagged verified). Only an end word right before the value counts
        # here: "I need to know if node 3 ..." and "dye poured into manhole 3" name no end.
        near = [v for v in _NEAR_END.findall(ask) if v in values]
        if not starts and near and near[0] == source and target not in near:
            return f"The question goes to {source}, but source is {source}."
        return None
    if end is None and not end_verb:
        return None
    if start != source:
        return f"The question goes from {start}, but source is {source}."
    return None


#: An end word right before a value, with at most an article and one word between ("get to 19", "to
#: farm 19", "reach the depot 4"): close enough to name the end when the ask names no start.
_NEAR_END = re.compile(
    r"(?:"
    + _SYMMETRIC_TO
    + r"\bto|\b(?:reach|reaches|arrive at|sink|target))\s+(?:(?:the|a|an)\s+)?(?:[A-Za-z]+\s+)?(\w+)",
    re.IGNORECASE,
)


#: A number stated as the length of every edge ("each edge = 1", "every link counts as 1"): it says
#: how distances are counted, and no parameter takes it.
_EDGE_LENGTH = re.compile(
    r"\b(?:each|every|all|any)\s+(?:edges?|links?|hops?|steps?|roads?|connections?)\b[^.?!,;()]{0,16}?"
    r"(?:=|\bcounts?\s+(?:as|for)\b|\bis\b|\bas\b|\blength\b|\bweight\b|\bcosts?\b)\s*(\d+(?:\.\d+)?)\b",
    re.IGNORECASE,
)


#: Arithmetic on an index or a count written as a letter ("vi and vi+1 are adjacent", "p[i+1]", "d(d-1)/2"):
#: notation, not a value ("the question states 1" held a right hamiltonian_path back, free test half,
#: seed 2079, hamilton-52). One or two letters only, so that no word's number is taken.
_INDEX_ARITHMETIC = re.compile(r"(?<![\w])[A-Za-z]{1,2}\s*[+\-]\s*(\d+)(?![\w.])")


#: Where the counting starts, another convention of counting: "with the root at level 0", "the start
#: counts as step 0" (free batch af, eccentricity-112: the 0 held a right eccentricity back).
_COUNT_ORIGIN = re.compile(
    r"\b(?:root|start|starting\s+(?:node|point)|source|first\s+node)\s+(?:node\s+)?(?:is\s+|being\s+|sits\s+)?"
    r"(?:at|on|as|counts?\s+as)\s+(?:level|depth|distance|step|hop|layer|generation|round)\s+(\d+)\b",
    re.IGNORECASE,
)


def unused_values(question: str, used: Iterable[Any], own: Iterable[str] = ()) -> list[str]:
    """Numbers the ask states that no chosen parameter takes, leaving out ``own`` (numbers that are
    words of the task's definition: the 2 of "2 colours" for bipartite) and an edge length that says
    how distances are counted ("each edge = 1").

    >>> unused_values("How many nodes have degree greater than 10?", [])
    ['10']
    >>> unused_values("Which nodes are in the k-core for k = 3?", [3])
    []
    >>> unused_values("Need the radius of this graph (each edge = 1).", [])
    []
    >>> unused_values("2 colours: yes/no?", [], own={"2"})
    []
    >>> unused_values("How many levels deep does the BFS tree go, with the root at level 0?", [])
    []
    >>> unused_values("Is there an ordering v1, ..., vn such that vi and vi+1 are adjacent for every i?", [])
    []
    """
    taken = {str(v) for v in used} | set(own)
    taken |= {m.group(1) for m in _EDGE_LENGTH.finditer(question)}
    taken |= {m.group(1) for m in _INDEX_ARITHMETIC.finditer(question)}
    taken |= {m.group(1) for m in _COUNT_ORIGIN.finditer(question)}
    return [v for v in dict.fromkeys(stated_values(question)) if v not in taken]


#: "with no link used twice", "no node visited more than once", "no stop repeated": a limit on how a
#: walk may repeat itself, which says what is asked for and negates nothing. Also without a verb or
#: with one of appearing: "passing at least three different tanks and no pipe twice", "no vertex
#: shows up twice" (free test half, seed 2073: cycle-56 and hamilton-100 read as negated).
_REPETITION_LIMIT = re.compile(
    r"\b(?:with\s+)?no\s+(?:[a-z-]+\s+){1,2}?(?:is\s+|being\s+)?(?:(?:used|visited|crossed|traversed|taken|"
    r"passed|walked|ridden|travelled|traveled|seen|shows?\s+up|appears?|occurs?|comes?\s+up)\s+(?:twice|again|more\s+"
    r"than\s+once)|repeated|reused|revisited|twice)\b",
    re.IGNORECASE,
)


#: A clause saying what one edge stands for ("an arrow from position A to position B means B is
#: reached from A by one book move"): its words describe a single edge, not what is asked.
_EDGE_DEFINITION = re.compile(
    r"\b(?:an?|each|every|one)\s+(?:directed\s+)?(?:arrow|edge|link|line|connection)\s+from\s+[^,.;:?!]{1,40}?\s+"
    r"to\s+[^,.;:?!]{1,40}?\s+(?:means|indicates|shows|says|represents|denotes|stands\s+for)\b[^.;?!]*",
    re.IGNORECASE,
)


def without_edge_meanings(question: str) -> str:
    """``question`` without the clauses that say what one edge stands for.

    >>> without_edge_meanings("An arrow from A to B means B is reached from A by one move. How many moves from 4?")
    ' . How many moves from 4?'
    """
    return _EDGE_DEFINITION.sub(" ", question)


def without_repetition_limits(question: str) -> str:
    """``question`` without the limits it puts on repeating ("with no link used twice").

    "Is there a set of at least three papers linked in a closed ring ..., with no link used twice?"
    asks whether there is a cycle; its "no" was read as asking the opposite (free batch r, cycle-69).

    >>> without_repetition_limits("Is there a closed ring, with no link used twice?")
    'Is there a closed ring,  ?'
    >>> without_repetition_limits("Is there no cycle?")
    'Is there no cycle?'
    """
    return _REPETITION_LIMIT.sub(" ", question)


def without_purposes(question: str) -> str:
    """``question`` without the clauses that say what something is done for ("so that no edge
    joins two nodes of the same colour"): a negation there is part of the condition, not the ask.

    "Can you colour every node red or blue so that no edge joins two nodes of the same colour?"
    was held back as maybe asking the opposite (not_bipartite's "no"): the 18 such wordings of
    two-colouring among the 2,438, and none of the negated ones changes.

    >>> without_purposes("Can you colour it red or blue so that no edge joins two of a colour?")
    'Can you colour it red or blue  ?'
    >>> without_purposes("Is it impossible to seat them so that rivals sit apart?")
    'Is it impossible to seat them  ?'
    """
    return _PURPOSE.sub(" ", question)


_PURPOSE = re.compile(r"\b(?:so that|such that|in such a way that|so as to)\b[^,.;:?!]*", re.IGNORECASE)


def without_other_case(question: str) -> str:
    """``question`` without the case that gets the other answer word ("..., no if it isn't"): after
    "yes if X", the ask is X.

    "Say yes if that is possible, no if it isn't." asks whether it is possible; its "no" and "isn't"
    were read as asking the opposite (free batch y, hamilton-91, which asked "yes if that can't be
    done, no if it can").

    >>> without_other_case("Say yes if that is possible, no if it isn't.")
    'Say yes if that is possible.'
    >>> without_other_case("Is there no cycle? Answer no if there is one.")
    'Is there no cycle? Answer no if there is one.'
    """
    return _OTHER_CASE.sub(r"\1", question)


_OTHER_CASE = re.compile(
    rf"(\b{_YES_IF}\b[^.?!]*?)\s*[,;]\s*(?:and\s+|but\s+)?['\"]?{_NO_IF_OR_ELSE}\b[^.?!]*",
    re.IGNORECASE,
)


# Words that make a yes/no question ask whether something does NOT hold. Deliberately few and
# strong: "without" or "not necessarily" are common in positive questions ("visit every town once
# without repeating any") and would only cost confirmations.
_NEGATION = re.compile(
    r"\b(not|no|non|never|none|impossible|hopeless|cannot|can't|isn't|aren't|doesn't|don't|won't|unreachable|"
    r"cut off|sealed off|free of|[a-z]+-free|different (?:connected )?components?|separated|"
    + "|".join(re.escape(p) for p in NEGATING_PHRASES)
    + r")\b(?! necessarily| only| matter)",
    re.IGNORECASE,
)


#: Negation words every negative question may use; a negative task's other words mark it alone.
PLAIN_NEGATIONS = frozenset(
    {"not", "no", "non", "never", "none", "cannot", "can't", "impossible", "hopeless", "without", *NEGATING_PHRASES}
)


def negation_cue(question: str) -> str | None:
    """The word that makes the ask a negative question ("Is the graph free of cycles?"), or None.

    >>> negation_cue("Are 3 and 8 cut off from each other?"), negation_cue("Is there a path from 1 to 4?")
    ('cut off', None)
    >>> negation_cue("Is such a route out of the question?"), negation_cue("Are two colours too few?")
    ('out of the question', 'too few')
    >>> negation_cue("Can a tour visit every node once, not necessarily returning?") is None
    True
    >>> negation_cue("Can every node be visited once in one trip (no need to return)?") is None
    True
    >>> negation_cue("My data engineer says this graph is loop-free. Is she right?")
    'loop-free'
    >>> negation_cue("Would nx.cycle_basis(G) come back non-empty?") is None
    True
    """
    found = _NEGATION.search(_waived(ask_sentence(question)))
    return found.group(1).lower() if found else None


# Where the main clause of an ask ends: a negation after these belongs to a description ("a route
# that returns home without using a road twice", "colour the nodes so that no edge joins ..."), not
# to what is asked.
_SUBORDINATE = re.compile(
    r",|;|:|\b(?:so that|such that|that|which|where|in which|whose|while|with no|with none|having no)\b", re.IGNORECASE
)


def main_clause(question: str) -> str:
    """The ask's main clause: the ask sentence up to its first comma or subordinate clause.

    >>> main_clause("Can you colour every node red or blue so that no edge joins two nodes of the same colour?")
    'Can you colour every node red or blue'
    >>> main_clause("Is it impossible to 2-colour the graph so that neighbours differ?")
    'Is it impossible to 2-colour the graph'
    >>> main_clause("Can the nodes be cut into two halves with no edge inside either half?")
    'Can the nodes be cut into two halves'
    >>> main_clause("Treating each edge as two-way, does this graph manage to avoid cycles?")
    'does this graph manage to avoid cycles?'
    >>> main_clause("true or false: if you ignore which way the edges point, this graph is a forest, with no loops.")
    'this graph is a forest'
    >>> main_clause("Edges are two-way. Would you confirm that no path passes through every vertex?")
    'no path passes through every vertex?'
    >>> main_clause("Tell me yes or no: does some chain of edges lead from 36 to 3?")
    'does some chain of edges lead from 36 to 3?'
    >>> main_clause("Circuit board check: is it true that pad 7 is cut off from pad 3, with no trace between?")
    'pad 7 is cut off from pad 3'
    >>> main_clause("Is the pattern a→b, b→c, a→c absent from this graph, that is, no choice gives its arrows?")
    "Is the pattern G' absent from this graph"
    >>> main_clause("A trip visits each city once. Tell me yes if that can't be done, no if it can.")
    "can't be done"
    >>> main_clause("I bet my flatmate a pizza that you can't draw one line through all of it. Do I win?")
    "you can't draw one line through all of it. Do I win?"
    >>> main_clause("Please verify that a→b, b→c can not be embedded: no choice gives its arrows. Is that so?")
    "G' can not be embedded"
    """
    ask = _FRAME.sub("", _LEADING.sub("", _ARROWS.sub("G'", ask_sentence(question))))
    # "Can I stop worrying about tank 7, i.e. is there no chain linking the two tanks?": the ask said
    # again, precisely, after "i.e." is the one to read (free batch z, connectivity-96: cut at the comma,
    # its "no" went unread and the negation was not offered).
    restated = _RESTATED.search(ask)
    if restated and len(ask[restated.end() :].split()) >= 3:
        ask = ask[restated.end() :]
    return _SUBORDINATE.split(ask, maxsplit=1)[0].strip()


#: Where an ask is said again in other words: "..., i.e. ...", "..., in other words, ...".
#: Only a question said again counts ("i.e. is there ...?"); "bridges, i.e. edges whose removal ..." defines
#: a word, and the ask stays before it.
_RESTATED = re.compile(
    r"(?:\bi\.\s?e\.|,\s*(?:that is to say|that is|in other words|put differently))\s*[,:]?\s*"
    r"(?=(?:is|are|does|do|can|could|will|would|has|have)\s)",
    re.I,
)


#: A frame around a claim ("Is it true that ...", "am I right that ...", "would you say ..."): the
#: claim is the main clause. Cut at the frame, a negation in the claim went unread and no negated
#: task was offered (free batches i to v).
_FRAME = re.compile(
    r"^(?:is it (?:true|the case|correct|right|so)|am i right|(?:can|could|would|will) you (?:confirm|check)|"
    r"would you say|do you agree"
    # "Please verify that the pattern can not be embedded: ... Is that so?" asks whether it cannot (free
    # batch ag, substructure-116: the negation was not offered)
    r"|(?:please\s+)?(?:verify|confirm)(?!\s+or\b)"
    # "I bet my flatmate a pizza that you can't draw one line through every vertex. Do I win?" asks
    # whether you can't (free batch z, hamilton-95)
    r"|i (?:bet|wager)(?:\s+(?!that\b)[\w'’]+){0,5}\s+that"
    # "Tell me yes if that can't be done, no if it can." asks whether it can't (free batch y, hamilton-91)
    r"|(?:(?:please\s+)?(?:tell me|say|answer|reply|return|print|output|write)\s+)?"
    rf"['\"]?{_YES_IF}"
    r")(?:\s+that)?\b[,:]?\s*",
    re.IGNORECASE,
)

#: A small graph written as arrows ("a→b, b→c, a→c"): its commas do not end the clause, which read
#: "Is the pattern a→b, b→c absent from this graph?" as "Is the pattern a→b" and left the negation
#: out, so no negated task was offered (free batches u and v).
_ARROWS = re.compile(r"\w+\s*(?:→|->)\s*\w+(?:\s*,\s*\w+\s*(?:→|->)\s*\w+)*")


#: A phrase before the ask proper ("Treating each edge as two-way, does this graph ...?"): the main
#: clause starts after it (batch h: the "avoid" of the ask was cut off with the rest).
# A stated answer form ("true or false: ...") and a condition set before a claim ("if you ignore which
# way the edges point, this graph is a forest") lead in as well: the claim was cut off with the rest,
# its "forest" unread, and no negated task offered (free batch t, cycle-76).
_LEADING = re.compile(
    r"^(?:\s*(?:(?:please\s+)?(?:tell me|answer|reply|say)(?:\s+(?:with|just))?\s+)?"
    r"(?:true or false|yes or no|yes/no|y/n)\s*[:\-–—]\s*)?"
    # A short label before a colon leads in too ("Circuit board check: is pad 7 cut off ...?"), not
    # a statement the ask refers back to ("nx.is_forest(G) on this graph: would that return True?").
    # A label is no request ("Check whether a→b, b→c occurs: ..."), nor is what follows it only the
    # answer's form ("Hamiltonian path: yes or no?").
    r"(?:(?!\s*(?:check|tell|find|give|list|say|determine|decide|count|compute|verify|confirm|please|is|are|can|"
    r"could|does|do|would|will|how|what|which|who|whether)\b)[^:?]{1,60}:\s*"
    r"(?!\w+\s+(?:that|this|they)\b|(?:yes|true)\b)(?=\w))?"
    r"(?:[^,?]*,\s*(?=(?:is|are|was|were|does|do|did|can|could|would|will|has|have|had|should|must|might|may)\b)"
    r"|(?:if|when|ignoring|treating|assuming|considering|disregarding)\b[^,?]*,\s*)?",
    re.IGNORECASE,
)


def said(question: str, words: Iterable[str], *, main: bool = False) -> str | None:
    """The first of ``words`` (whole words or phrases) the question's ask uses, or None;
    with ``main``, only words of the ask's main clause count (:func:`main_clause`).

    >>> said("Are 3 and 8 cut off from each other?", ("not", "cut off")), said("Is 3 near 4?", ("not",))
    ('cut off', None)
    >>> said("Does it have a route that returns home without using a road twice?", ("without",), main=True) is None
    True
    >>> said("Could a packet go round in a loop without using any link twice?", ("without",)) is None
    True
    >>> said("Can the jobs run in order without running into a loop?", ("without",))
    'without'
    >>> said("Is there a route that ends where it starts and never repeats an edge?", ("never",)) is None
    True
    >>> said("Is it true that a walk which never reuses an edge can never get back to its start?", ("never",))
    'never'
    >>> said("Can every node be visited exactly once (no need to return)?", ("no",), main=True) is None
    True
    >>> said("Yes or no first, no explanation needed: can you go from 3 to 9?", ("no",)) is None
    True
    """
    text = main_clause(_waived(ask_sentence(question))) if main else ask_sentence(question)
    condition = yes_condition(question)
    if condition:
        text = f"{text} {condition}"
    return uses(_waived(_OR_NOT.sub(" ", _MANNER.sub(" ", text))), words)


def yes_condition(question: str) -> str | None:
    """What "yes" means, when a sentence after the ask says it ("Is his fear justified? Answer yes if 9
    really is cut off from 3."), or None: an ask that refers back ("his fear", "clean in that sense")
    is asked in its yes condition, negation included.

    Said after a question that names no negation, "Answer yes if 9 really is cut off from 3" was
    confirmed as reachability, "Is our data clean in that sense? Yes if no such closed chain exists"
    as whether there is a cycle (free batch ah, connectivity-119 and cycle-118: wrong answers flagged
    verified).

    >>> yes_condition("Is his fear justified? Answer yes if 9 really is cut off from 3.")
    '9 really is cut off from 3.'
    >>> yes_condition("Is there a cycle? yes/no") is None, yes_condition("Say yes if 3 reaches 9, no if not.")
    (True, None)
    """
    ask = ask_sentence(question)
    after = question[question.rfind(ask) + len(ask) :] if ask and ask in question else ""
    found = _YES_CONDITION.search(after)
    return found.group(1).strip() if found else None


#: "Yes if X." or "Answer yes if X." after the ask: X, up to the end of its sentence.
_YES_CONDITION = re.compile(rf"\b{_YES_IF}\s+([^.?!]*[.?!]?)", re.IGNORECASE)


# "reachable or not?" offers both answers, "(not necessarily induced)" relaxes a condition: neither
# "not" asks a negative question.
_OR_NOT = re.compile(
    # nor does the answer's form ("Tell me yes or no: ...", free batch w, connectivity-86: its "no" made
    # not_connected confirmed)
    r"\bor not\b|\bnot (?:necessarily|only)\b|\byes\s*(?:or|/)\s*no\b|\bno\s*(?:or|/)\s*yes\b",
    re.IGNORECASE,
)

# How a walk goes ("without using any link twice", "without repeating a node") restricts the walk;
# its "without" negates nothing the ask is about. Only verbs of walking: "without running into a
# loop" does negate the loop.
# "... and never repeats an edge" says the same of a walk (free batch t, cycle-77: has_cycle held back
# as maybe asking the opposite).
_MANNER = re.compile(
    r"\bwithout\s+(?:using|reusing|repeating|revisiting|visiting|traversing|travell?ing|crossing|taking|passing|"
    r"going|walking|driving|riding|following)\b[^,;:?.!]*|"
    # (only the verb and its object: "a walk which never reuses an edge can never get back" still negates)
    r"\bnever\s+(?:uses?|reuses?|repeats?|revisits?|visits?|traverses?|crosses?|passes|takes?|"
    r"using|reusing|repeating|revisiting|visiting|traversing|crossing|passing)"
    r"(?:\s+(?:the\s+same|an?|any|one|a\s+single))?\s+\w+(?:\s+(?:twice|again|more\s+than\s+once))?",
    re.IGNORECASE,
)


# What the asker waives or sets aside negates nothing asked: "(no need to return)", "you don't have to
# end where you started", "(ignore directions)". An aside in brackets only adds a condition.
# A negated emptiness is no negation either: "Would nx.cycle_basis(G) come back non-empty?" asks
# whether a cycle exists (read as "free of cycles" and flagged verified: free batch l, cycle-52).
# Nor does an instruction about the answer: "Yes or no first, no explanation needed: can you go from 88
# to 82 ...?" (free batch ac, connectivity-103: held back as maybe asking the opposite).
_WAIVED = re.compile(
    r"\([^()]*\)|\bno need to\b[^,;:?.!]*|"
    r"\bno (?:explanations?|working|details|reasoning|justification|proof|code|commentary)"
    r"(?:\s+(?:needed|required|necessary|wanted|please))?\b|"
    r"\b(?:do|does|did)(?:n't|\s+not)\s+(?:have|need)\s+to\b[^,;:?.!]*|"
    r"\bneed(?:n't|\s+not)\b[^,;:?.!]*|\bnon-?(?:empty|zero)\b|\bnot (?:be )?(?:empty|zero)\b",
    re.IGNORECASE,
)


def _waived(text: str) -> str:
    return _WAIVED.sub(" ", text)


def uses(text: str, words: Iterable[str]) -> str | None:
    """The first of ``words`` (whole words or phrases, any case) anywhere in ``text``, or None.

    A possessive counts as the word ("the 3-core's nodes"); other contractions do not ("don't" is
    not "don").

    >>> uses("How big is the maximum matching?", ("matching",)), uses("Is it bipartite?", ("part",))
    ('matching', None)
    >>> uses("Return the 3-core's nodes.", ("core",)), uses("I don't know.", ("don",))
    ('core', None)
    """
    for word in words:
        if next(occurrences(text, word), None) is not None:
            return word
    return None


def occurrences(text: str, word: str) -> Iterator[re.Match[str]]:
    """Where ``word`` (a whole word or phrase, any case; a possessive counts) stands in ``text``.
    A symbol needs no word boundary: "degree >3" uses ">". An underscore parts words: code pasted
    into a question ("nx.is_bipartite(G)") says "bipartite".

    >>> [m.group() for m in occurrences("Nodes with degree >3 or ≥ 5?", ">")], uses("the core's nodes", ("core",))
    (['>'], 'core')
    >>> uses("nx.k_core(G, 3)?", ("core",)), uses("nx.is_bipartite(G)", ("bipartite",))
    ('core', 'bipartite')
    """
    before = r"(?<![^\W_])(?<!')" if word[:1].isalnum() else ""
    after = r"(?![^\W_]|'(?!s\b))" if word[-1:].isalnum() else ""
    return re.finditer(before + re.escape(word) + after, text, re.IGNORECASE)


def stated_k(question: str) -> int | None:
    """A k the question states as "the 3-core" or "k = 3" (used only to check the LLM's k).

    >>> stated_k("List the 4-core."), stated_k("the k-core for k = 2"), stated_k("a path from 1 to 2")
    (4, 2, None)
    """
    found = [int(a or b) for a, b in _K_NOTATION.findall(question)]
    return found[-1] if found else None


# Where a node stands to the edges the ask is about. One optional word may sit between the
# preposition and the value ("into town 5", "from airport 44"). "at" alone states no direction
# ("edges at node 5"), only after a verb of arriving; "to" after "adjacent", "connected" and the like
# is symmetric (_SYMMETRIC_TO).
_NAMED = r"(?:[A-Za-z]+\s+)?"
_END_BEFORE = (
    r"(?:\b(?:into|towards?|onto)\s+|" + _SYMMETRIC_TO + r"\bto\s+|"
    r"\b(?:arriv\w*|land\w*|end\w*|point\w*|terminat\w*)\s+at\s+|\b(?:reach|reaches|reaching)\s+|"
    # a citation goes from the citing paper to the cited one: "papers cite paper 5" ends at 5
    r"\b(?:cite|cites|citing)\s+)" + _NAMED
)
# "how many edges originate at 30?" (free batch af, out_degree-112: read as nothing, in_degree was chosen)
_START_BEFORE = (
    r"\b(?:from|out of|leav\w*|depart\w*|exit\w*|(?:originat|emanat|start|begin)\w*\s+(?:at|in))\s+" + _NAMED
)
_START_AFTER = (
    r"\s+(?:sends?|points?|links?|leads?|goes|feeds?|flows?|reaches|can reach|could reach|cites?|calls?|"
    r"follows?|depends? on|has (?:an? )?(?:edges?|links?|arcs?|roads?) (?:to|into))\b"
)
# "How many citations does paper 5 receive?": what a node receives comes in (free batch t, in_degree-75,
# where the contrast then held a right in_degree back for out_degree).
# "How many letters did 7 get?" (the arrows go from sender to recipient) is what 7 receives too (free
# batch af, in_degree-111: read as nothing, the out-degree was confirmed and flagged verified). Only "get"
# that ends the ask or takes "from": "When station 7 gets an alert, to how many stations does it forward
# it?" asks the out-degree, and "get to", "get through" is moving, not receiving.
_END_AFTER = (
    r"\s+(?:(?:be|is|are|gets?|was|were)\s+(?:directly\s+)?reached\b|(?:\w+ly\s+)?receiv(?:e|es|ed|ing)\b|"
    r"(?:gets?|got)(?=\s*(?:\?|$|from\b|in total\b|altogether\b)))"
)
# An ask that opens with its preposition, the node the subject of a plain active verb after it.
_HOW_MANY_DOES = (
    r"^\W*(into|to|onto|towards?|from)\s+how\s+many\b[^?]*?\b(?:does|do|did|can|could|will|would)\s+"
    r"(?:the\s+)?(?:[A-Za-z]+\s+)?"
)
_ARROW_LEFT, _ARROW_RIGHT = r"\s*(?:<-+|←)\s*", r"\s*(?:-+>|→)\s*"
# NetworkX's own names too, pasted as code: "len(G.pred[5])" counts 5's predecessors (free batch aa,
# in_degree-98: read as nothing, the out-degree was confirmed and flagged verified).
_END_WORDS = re.compile(
    r"\b(incoming|inbound|in-?degree|in degree|arriving|predecessors?|in-neighbou?rs?|targets?|pred|in_edges|"
    r"in_degree)\b",
    re.IGNORECASE,
)
_START_WORDS = re.compile(
    r"\b(outgoing|outbound|out-?degree|out degree|departing|successors?|out-neighbou?rs?|sources?|succ|out_edges|"
    r"out_degree)\b",
    re.IGNORECASE,
)


# What the question says an edge means: "an edge from A to B means A depends on B" (A at the start),
# "an arrow from X to Y means Y waits for X" (Y at the start of the relation, at the end of the edge).
_EDGE_MEANING = re.compile(
    # The ends may be lower-case letters: "an edge from a to b means a lent money to b" (free batch al,
    # out_degree-129: no role read, the contrast with in_degree left a right out_degree unconfirmed).
    r"\b(?:edge|arrow|link|arc|line)\s+(?:from|going from|pointing from)\s+(?:[a-z]+\s+)?([A-Za-z])\s+to\s+"
    r"(?:[a-z]+\s+)?([A-Za-z])\s+"
    r"(?:means|indicates|shows|says|represents|signals|signifies|stands for)\s+(?:that\s+)?"
    # the doer and the done-to are the two ends, one each: an article ("a duplicate of B", "a lent a
    # book to b") is neither
    r"(\1|\2)\s+([a-z][a-z' ]{1,40}?)\s+(?!\3\b)(\1|\2)\b"
)


# The same said of the framing's nouns: "each arrow goes from a predator to a species it eats" (the
# first noun, "it", does the eating: the edge starts at the eater).
_EDGE_GOES = re.compile(
    r"\b(?:edge|arrow|link|arc|line)s?\s+(?:goes\s+|go\s+|points?\s+|runs?\s+|leads?\s+)?from\s+"
    r"(?:a|an|the|each|every)\s+[a-z]+\s+to\s+(?:a|an|the|each|every|one)?\s*[a-z]+\s+(?:that\s+|which\s+|whom\s+)?"
    r"(?:it|they|he|she)\s+([a-z]+(?:\s+(?:on|to|for|from|with|of|at))?)\b",
    re.IGNORECASE,
)


#: Modal verbs in a defined relation ("A can buzz B"): the ask says "able to buzz" or "buzzes".
_MODALS = frozenset({"can", "could", "may", "might", "will", "would", "shall", "should", "must"})
#: The auxiliaries of a perfect or a passive ("has sent", "was copied"), and the endings of the
#: participles they take.
_AUXILIARIES = frozenset({"has", "have", "had", "is", "are", "was", "were", "be", "been", "being"})
_PARTICIPLE = re.compile(r"[a-z]{2,}(?:ed|en|wn|t)$", re.IGNORECASE)
_ADVERB = re.compile(r"[a-z]{3,}ly", re.IGNORECASE)
#: Verbs that end like an adverb: the relation itself ("A can supply B"), never left out.
_LY_VERBS = frozenset({"supply", "apply", "reply", "rely", "comply", "imply", "multiply", "ally", "rally", "tally"})
#: The prepositions that close a relation of several words ("ships seeds to", "depends on").
_RELATION_PREPOSITIONS = frozenset({"to", "on", "onto", "into", "from", "at", "for", "with", "of"})


def _defined_relation(question: str) -> tuple[str, bool] | None:
    """The verb the question defines an edge by, and whether its subject is the edge's start."""
    meaning = _EDGE_MEANING.search(question)
    if meaning is not None:
        start, end, subject, verb, obj = meaning.groups()
        if {subject, obj} == {start, end} and subject != obj:
            return verb, subject == start
    goes = _EDGE_GOES.search(question)
    if goes is not None:
        return goes.group(1), True
    done_by_end = _EDGE_GOES_TO_DOER.search(question)
    if done_by_end is not None:
        return done_by_end.group(1), False
    return None


# The same with the far end doing it: "every arrow goes from a prey species to the predator that eats
# it" (free batch ah, in_degree-118: "How many prey species does predator 4 eat?" was confirmed as the
# out-degree and flagged verified).
_EDGE_GOES_TO_DOER = re.compile(
    r"\b(?:edge|arrow|link|arc|line)s?\s+(?:goes\s+|go\s+|points?\s+|runs?\s+|leads?\s+)?from\s+"
    r"(?:a|an|the|each|every)\s+(?:[a-z]+\s+){1,2}to\s+(?:a|an|the|each|every|one)?\s*[a-z]+\s+"
    r"(?:that|which|who)\s+([a-z]+(?:\s+(?:on|to|for|from|with|of|at))?)\s+(?:it|them|him|her)\b",
    re.IGNORECASE,
)


_ARTICLES = frozenset({"a", "an", "the", "some", "any"})


def _defined_role(question: str, number: str) -> NodeRole | None:
    """The node's role by the edge meaning the question defines, where the ask uses that relation."""
    relation = _defined_relation(question)
    if relation is None:
        return None
    verb, subject_starts = relation
    # "A upvoted one of B's answers" is asked as "How many users has 7 upvoted?": the part of B the
    # relation reaches is left out of the ask (free batch ag, out_degree-116: the in-degree was chosen).
    verb = re.sub(r"\s+(?:one|some|all|each|several|many|most|any|a few)\s+of$", "", verb, flags=re.IGNORECASE) or verb
    # "A can buzz B" is asked as "able to buzz flat 7": the modal says nothing of the direction, nor
    # does an auxiliary before a participle ("A has sent mail to B" asked as "has 7 sent mail", free
    # batch x; "B was copied from A" as "was 4 copied", free batch aa), nor an adverb, which the ask
    # may move or leave out ("copied directly from" asked as "was 4 directly copied").
    written = verb.split()
    words = [
        w
        for i, w in enumerate(written)
        if w.lower() not in _MODALS
        and not (w.lower() in _AUXILIARIES and i + 1 < len(written) and _PARTICIPLE.search(written[i + 1]))
        and not (_ADVERB.fullmatch(w) and w.lower() not in _LY_VERBS)
    ] or written
    # "depends on" also matches "depend directly on": the first word by its stem, an adverb anywhere.
    words[0] = re.escape(re.sub(r"(?:ies|es|s|ed)$", "", words[0])) + r"\w*"
    phrase = r"\b" + words[0]
    for i, word in enumerate(words[1:], start=1):
        # "A ships seeds to B" is asked as "ships directly to how many farms": the words between the
        # verb and its closing preposition may be left out, and are asked in other numbers ("A
        # recommended a book to B" as "has 7 recommended books to").
        between = i < len(words) - 1 and words[-1].lower() in _RELATION_PREPOSITIONS
        if between and word.lower() in _ARTICLES:
            said = r"(?:a|an|the|some|any)"
        elif between:
            said = re.escape(re.sub(r"(?:es|s)$", "", word)) + r"\w*"
        else:
            said = re.escape(word)
        step = r"\s+(?:\w+ly\s+)?" + said
        phrase += f"(?:{step})?" if between else step
    ask = ask_sentence(question)
    as_object = re.search(phrase + r"\s+(?:\w+ly\s+)?" + _NAMED + number, ask, re.IGNORECASE)
    as_subject = re.search(number + r"\s+(?:\w+\s+)?" + phrase, ask, re.IGNORECASE)
    if not as_object and not as_subject and len(words) > 1 and words[-1].lower() in _RELATION_PREPOSITIONS:
        # The relation asked with its preposition in front: "X can be turned into Y" as "Into how many
        # compounds can 8 be turned?" (free batch u, out_degree-78: read by "into" as the in-degree,
        # flagged verified). The words before the preposition must all be there, after the node.
        fronted = re.match(r"\W*" + re.escape(words[-1]) + r"\s+(?:how\s+many|which|what)\b", ask, re.IGNORECASE)
        if fronted:
            rest = r"\s+(?:\w+ly\s+)?".join([words[0], *(re.escape(w) for w in words[1:-1])])
            as_subject = re.search(number + r"\s+(?:\w+\s+)?" + rest + r"\b", ask[fronted.end() :], re.IGNORECASE)
    subject_role: NodeRole = "start" if subject_starts else "end"
    object_role: NodeRole = "end" if subject_starts else "start"
    if not as_object and not as_subject and len(words) == 1:
        # The doer of the verb as a noun ("X supplies Y": "the suppliers of company 7", "how many
        # suppliers does 7 have"): the node is what is done to, the relation's object.
        doers = re.search(r"\b" + words[0] + r"(?:ers?|ors?)\b", ask, re.IGNORECASE)
        if doers and re.search(number, ask):
            return object_role
    if bool(as_object) == bool(as_subject):
        return None
    return subject_role if as_subject else object_role


def node_role(question: str, value: Any) -> NodeRole | None:
    """Whether the ask has the node ``value`` at the end of the edges it is about ("lead into town
    5", "send traffic to server 15", "incoming links of page 1") or at their start ("depart from
    airport 44", "junction 6 sends"); None when it says neither or both.

    >>> [node_role(q, v) for q, v in (("How many one-way roads lead into town 0?", 0),
    ...  ("How many direct flights depart from airport 44?", 44), ("Count the incoming links of page 1.", 1),
    ...  ("Into how many pipes does junction 6 send water directly?", 6), ("How many nodes can reach 5?", 5))]
    ['end', 'start', 'end', 'start', 'end']
    >>> node_role("How many nodes are adjacent to 5?", 5) is None, node_role("What is the degree of 3?", 3)
    (True, None)
    >>> node_role("Can node 25 be reached from node 26?", 25), node_role("Can node 25 be reached from node 26?", 26)
    ('end', 'start')
    >>> node_role("In how many edges is 5 the target?", 5), node_role("How many papers cite paper 5?", 5)
    ('end', 'end')
    >>> node_role("How many papers does paper 5 cite?", 5), node_role("How many citations does paper 5 receive?", 5)
    ('start', 'end')
    >>> defined = "An edge from A to B means A depends on B. How many packages depend directly on {}?"
    >>> node_role(defined.format(7), 7), node_role(defined.replace("A depends on B", "B depends on A").format(7), 7)
    ('end', 'start')
    >>> node_role("Each arrow goes from a predator to a species it eats. How many kinds does species 4 eat?", 4)
    'start'
    >>> supplies = "An edge from company X to company Y means X supplies Y. How many suppliers does company 7 have?"
    >>> node_role(supplies, 7), node_role(supplies.replace("X supplies Y", "Y supplies X"), 7)
    ('end', 'start')
    >>> node_role("len(G.pred[5]) for this directed graph?", 5), node_role("len(G.succ[5])?", 5)
    ('end', 'start')
    >>> node_role("4 <- how many arrows?", 4), node_role("how many arrows -> 4?", 4), node_role("4 -> how many?", 4)
    ('end', 'end', 'start')
    >>> copied = "An arrow from A to B means B was copied directly from A. From how many was 4 directly copied?"
    >>> node_role(copied, 4)
    'end'
    >>> node_role("An arrow from A to B means A can supply B. How many companies can 7 supply?", 7)
    'start'
    >>> sent = "An arrow from A to B means A has sent mail to B. To how many mailboxes has 7 sent mail?"
    >>> node_role(sent, 7), node_role(sent.replace("A has sent mail to B", "B has sent mail to A"), 7)
    ('start', 'end')
    >>> node_role("Into how many pipes does manhole 4 drain directly?", 4), node_role("From how many does 4 hear?", 4)
    ('start', 'end')
    >>> eaten = "Every arrow goes from a prey species to the predator that eats it. How many does predator 4 eat?"
    >>> node_role(eaten, 4)
    'end'
    >>> upvoted = "An arrow from user A to user B means A upvoted one of B's answers. How many users has 7 upvoted?"
    >>> node_role(upvoted, 7)
    'start'
    >>> turned = "An arrow from X to Y means X can be turned into Y. Into how many compounds can 8 be turned?"
    >>> node_role(turned, 8), node_role(turned.replace("X can be turned into Y", "Y can be turned into X"), 8)
    ('start', 'end')
    """
    ask = ask_sentence(question)
    number = r"(?<![\w.])" + re.escape(str(value)) + r"(?![\w]|\.\d)"
    # A relation the question defines outweighs what its verb usually means.
    defined = _defined_role(question, number)
    if defined:
        return defined
    roles: set[NodeRole] = set()
    if re.search(_END_BEFORE + number, ask, re.IGNORECASE) or re.search(number + _END_AFTER, ask, re.IGNORECASE):
        roles.add("end")
    if re.search(_START_BEFORE + number, ask, re.IGNORECASE) or re.search(number + _START_AFTER, ask, re.IGNORECASE):
        roles.add("start")
    # An arrow drawn at the node in a terse ask: "4 <- how many arrows?" points into 4 (free batch s,
    # in_degree-73, answered as the out-degree and flagged verified), "4 -> ?" out of it.
    if re.search(number + _ARROW_LEFT, ask) or re.search(_ARROW_RIGHT + number, ask):
        roles.add("end")
    if re.search(number + _ARROW_RIGHT, ask) or re.search(_ARROW_LEFT + number, ask):
        roles.add("start")
    # "Into how many pipes does manhole 4 drain?": the node does what the ask counts the far ends of,
    # whatever the verb (free batch ae, out_degree-109: read as nothing, the in-degree was confirmed and
    # flagged verified); "From how many ... does 4 ...?" the other way.
    opened = re.search(_HOW_MANY_DOES + number + r"\s+(?!be\b|been\b|being\b)[a-z]+", ask, re.IGNORECASE)
    if opened is not None:
        roles.add("end" if opened.group(1).lower() == "from" else "start")
    if not roles:
        if _END_WORDS.search(ask):
            roles.add("end")
        if _START_WORDS.search(ask):
            roles.add("start")
    return roles.pop() if len(roles) == 1 else None


_DIRECT = re.compile(
    r"\b(directly|direct|immediate|immediately|adjacent|one step|one hop|single (?:edge|hop|step)|"
    r"neighbou?rs?|in-?degree|out-?degree|degree)\b",
    re.IGNORECASE,
)
_EITHER_REACH = re.compile(
    r"\bdirect(?:ly)?\s+or\s+(?:indirectly|via|through|by way of)\b|"
    r"\b(?:indirectly|via \w+(?: \w+)?|through \w+(?: \w+)?)\s+or\s+direct(?:ly)?\b",
    re.IGNORECASE,
)
_PATHS = re.compile(
    r"\b(eventually|indirectly|ultimately|any number of|reachable|reach|reached|via|through (?:other|intermediate|"
    r"any|some)|chains?|paths?|routes?|walks?)\b",
    re.IGNORECASE,
)


def reach_asked(question: str) -> tuple[Reach, str] | None:
    """Whether the ask is about a node's own edges ("directly", "neighbours") or about what paths
    lead to ("eventually", "reachable"), with the word that says so; None when it says neither or both.

    >>> reach_asked("How many machines send traffic directly to server 15?"), reach_asked("How many nodes can 3 reach?")
    (('direct', 'directly'), ('paths', 'reach'))
    >>> reach_asked("How many edges leave node 1?") is None, reach_asked("Which nodes can 2 reach directly?") is None
    (True, True)
    >>> reach_asked("Does 4 connect to 7 somehow, directly or via other nodes?")
    ('paths', 'directly or via')
    """
    ask = ask_sentence(question)
    either = _EITHER_REACH.search(ask)
    if either:
        # "directly or via other nodes": one edge or many, which is what a path is.
        return "paths", either.group(0).lower()
    direct, paths = _DIRECT.search(ask), _PATHS.search(ask)
    if direct and not paths:
        return "direct", direct.group(1).lower()
    if paths and not direct:
        return "paths", paths.group(1).lower()
    return None


_EDGE_NOUNS = (
    r"edges?|links?|roads?|streets?|connections?|cables?|wires?|pipes?|lines?|bridges?|arcs?|flights?|"
    r"friendships?|relationships?|ties?|channels?|corridors?|tracks?|routes?|bonds?|"
    # "How many passages are there such that, if that one passage collapsed, ...?" (free batch ah,
    # bridges-117: the cut vertices were counted and flagged verified)
    r"passages?|trails?|tunnels?|doorways?|lanes?|highways?|"
    # "How many walkways are there whose collapse, on its own, would leave some platforms unable to
    # reach others?" (free test half, seed 2073, bridges-48: the cut vertices were counted)
    r"walkways?|culverts?"
)
_NODE_NOUNS = (
    r"nodes?|vertices|vertex|towns?|cities|city|stations?|junctions?|people|persons?|computers?|servers?|"
    r"machines?|hubs?|airports?|members?|users?|pages?|accounts?|sites?|points?|cut vertices|places?|"
    r"intersections?|routers?|devices?|atoms?"
)
_COUNTED = re.compile(
    # lazy: the first noun counts ("How many edges leave node 1?" counts edges, not nodes)
    r"\b(?:how many|number of|count(?: the| all)?|total of)\s+(?:[A-Za-z-]+\s+)??(?:[A-Za-z-]+\s+)??"
    r"(?:(" + _EDGE_NOUNS + r")|(" + _NODE_NOUNS + r"))\b",
    re.IGNORECASE,
)
Counted = Literal["nodes", "edges"]


def counted(question: str) -> Counted | None:
    """Whether the ask counts edges ("How many roads ...") or nodes ("How many towns ..."), by the
    first noun after "how many" / "number of" (up to two words in between); None when neither.

    >>> counted("How many roads would cut the network if closed?"), counted("How many single points of failure?")
    ('edges', 'nodes')
    >>> counted("What is the number of connected pieces?") is None
    True
    >>> counted("Habitat patches are nodes, corridors are edges. How many patches, if destroyed, split it?")
    'nodes'
    >>> counted("Translators are linked if they review each other's work. How many translators, if one quit, split it?")
    'nodes'
    >>> counted("Skyways connect office towers. How many skyways are there whose closure cuts a tower off?")
    'edges'
    >>> counted("Huts are joined by rope bridges. How many huts, if burnt, would split the camp?")
    'nodes'
    >>> counted("An arrow from host X to host Y means X opens connections to Y. How many hosts connect directly to 4?")
    """
    ask = ask_sentence(question)
    found = _COUNTED.search(ask)
    if found is not None:
        return "edges" if found.group(1) else "nodes"
    # The framing's own nouns: "Habitat patches are nodes ... How many patches ...?"
    asked = _COUNT_ASK.search(ask)
    declared = _declared_nouns(question)
    for word in asked.group(1).split()[:3] if asked else ():
        kind = declared.get(_singular(word.strip("'?.,!").lower()))
        if kind:
            return kind
    return None


# A count of every node or edge is asked plainly: "How many roads are there in total?". Any other word
# after the counted noun, or a bound before it, says which ones count ("edges not on any cycle", "at
# most how many edges can you choose so that ..."), and that is another task's question. Closed lists
# by design: a plain count is worded from few words, and an unknown word costs only a confirmation.
_BOUND = re.compile(
    r"\b(at most|at least|maximum|max|largest|biggest|greatest|most|minimum|min|smallest|fewest|least)\b", re.IGNORECASE
)
_PLAIN_COUNT_WORDS = frozenset(
    {
        "a",
        "all",
        "altogether",
        "an",
        "are",
        "can",
        "combined",
        "computer",
        "contain",
        "contains",
        "diagram",
        "do",
        "does",
        "drawing",
        "drawn",
        "entire",
        "exist",
        "exists",
        "given",
        "graph",
        "has",
        "have",
        "here",
        "i",
        "in",
        "is",
        "it",
        "its",
        "listed",
        "map",
        "my",
        "network",
        "of",
        "on",
        "our",
        "overall",
        "picture",
        "please",
        "present",
        "road",
        "same",
        "see",
        "shown",
        "social",
        "system",
        "that",
        "the",
        "there",
        "this",
        "together",
        "total",
        "we",
        "whole",
        "you",
        "your",
    }
)
_COUNTED_NOUN = re.compile(r"^(?:" + _EDGE_NOUNS + r"|" + _NODE_NOUNS + r")$", re.IGNORECASE)


def count_qualifier(question: str) -> str | None:
    """The words that say which nodes or edges a count counts ("not on any cycle"), or None when
    the ask counts them all ("How many roads are there in total?") or counts nothing.

    >>> count_qualifier("How many edges does the graph have?") is None, count_qualifier("Count all the links.") is None
    (True, True)
    >>> count_qualifier("How many edges are not on any cycle?")
    'not on any cycle'
    >>> count_qualifier("At most how many edges can you choose so that they have no endpoint in common?")
    'At most'
    """
    ask = ask_sentence(question)
    found = _COUNTED.search(ask)
    if found is None:
        return None
    bound = _BOUND.search(ask[: found.end()])
    if bound:
        return bound.group(1)
    rest = ask[found.end() :].strip(" ?.!")
    for word in re.finditer(r"[A-Za-z][A-Za-z'-]*", rest):
        if word.group().lower() not in _PLAIN_COUNT_WORDS and not _COUNTED_NOUN.match(word.group()):
            return rest[word.start() :]
    return None


# The steps of a trip, counted: "the most flights anyone would need to get from the hub to any other
# airport", "how many hops away is 9 from 2". Counting nodes or edges of the graph is another question.
_STEP_UNITS = (
    r"hops?|steps?|moves?|jumps?|legs?|flights?|edges?|links?|roads?|connections?|transfers?|changes?|"
    r"rides?|handshakes?|introductions?|clicks?|stops?|streets?"
)
_TRIP = re.compile(
    r"\b(?:how many|number of|the (?:most|fewest|least|largest|smallest|greatest|max(?:imum)?|min(?:imum)?))\s+"
    r"(?:[a-z-]+\s+)??(" + _STEP_UNITS + r")\b[^?.!]*?"
    r"\b(to (?:get|travel|reach|fly|drive|walk|ride|move|hop|arrive|be reached)|away|apart)\b",
    re.IGNORECASE,
)
# Time counted until something spreads or arrives is a hop distance too ("How many ticks until the
# last pad receives it?" from one node is its eccentricity; reachable_count, which counts the pads,
# was flagged verified: free batch l, eccentricity-53). Time units are never the nodes counted.
_TIME_UNITS = r"ticks?|rounds?|minutes?|hours?|days?|seconds?|weeks?|cycles?|turns?|generations?|time ?steps?"
_UNTIL = re.compile(
    r"\bhow many\s+(?:[a-z-]+\s+)??(" + _TIME_UNITS + r")\b[^?.!]*?"
    r"\b(until|till|before|(?:does|would|will|did) it take)\b",
    re.IGNORECASE,
)
# Counting what a trip would remove or cut is not counting its steps: "How many roads must close to
# stop anyone getting from 1 to 9?"
_CUTTING = re.compile(r"\b(?:remov\w*|cut\w*|delet\w*|clos\w*|block\w*|destroy\w*|fail\w*|break\w*)\b", re.I)


def trip_asked(question: str) -> str | None:
    """The words by which the ask counts the steps of a trip (a hop distance), or None.

    >>> trip_asked("What's the most flights anyone would need to get from the hub to any other airport?")
    'flights ... to get'
    >>> trip_asked("How many hops away is 9 from 2?"), trip_asked("How many roads leave town 3?")
    ('hops ... away', None)
    >>> trip_asked("How many roads must close to stop anyone getting from town 1 to town 9?") is None
    True
    >>> trip_asked("A pulse starts at pad 3. How many ticks until the last pad receives it?")
    'ticks ... until'
    """
    ask = ask_sentence(question)
    found = _TRIP.search(ask) or _UNTIL.search(ask)
    if found is None or _CUTTING.search(ask):
        return None
    return f"{found.group(1)} ... {found.group(2)}"


# What a question calls the graph's nodes and edges in its own framing: "Songs are nodes", "each
# node is a song", "an edge means two songs blend".
_DECLARED_NODES = re.compile(
    r"\b([a-z]+s)\s+are\s+(?:the\s+)?(?:nodes|vertices)\b|"
    # "translators are linked if they review each other's work" (free batch p, articulation_points-63)
    r"\b([a-z]+s)\s+are\s+(?:linked|connected|joined)\b|"
    r"\b(?:each|every|a)\s+(?:node|vertex)\s+(?:is|represents|stands for)\s+(?:an?\s+|one\s+)?([a-z]+)\b|"
    r"\b(?:nodes|vertices)\s+(?:are|represent|stand for)\s+([a-z]+?)s?\b|"
    r"\b(?:each|every)\s+([a-z]+)\s+is\s+(?:a|one)\s+(?:node|vertex)\b",  # "each fragment is a node"
    re.IGNORECASE,
)
_DECLARED_EDGES = re.compile(
    r"\b([a-z]+s)\s+are\s+(?:the\s+)?(?:edges|links|arcs)\b|"
    r"\b(?:each|every|an?)\s+(?:edge|link|arc)\s+(?:is|represents|stands for)\s+(?:an?\s+|one\s+)?([a-z]+)\b|"
    r"\b(?:edges|links|arcs)\s+(?:are|represent|stand for)\s+([a-z]+?)s?\b|"
    r"\b(?:each|every)\s+([a-z]+)\s+is\s+(?:an?|one)\s+(?:edge|link|arc)\b|"
    # what connects the nodes is an edge: "Skyways connect office towers", "towers joined by skyways"
    # (free batch u, bridges-78: counted as towers, articulation points, verified)
    r"\b([a-z]+s)\s+(?:connect|join|link)\s+(?!each\b|one\b|to\b|with\b|[a-z]+ly\b)[a-z]+|"
    r"\b(?:connected|joined|linked)\s+(?:up\s+)?by\s+([a-z]+s)\b",
    re.IGNORECASE,
)
_EVERY_ONCE = re.compile(
    r"\b(?:every|each|all(?:\s+(?:of\s+)?the)?)\s+(?:single\s+|one\s+of\s+the\s+)?([a-z-]+)"
    r"(?:\s+[a-z-]+)?\s+(?:exactly\s+|just\s+|only\s+)?(?:once|one time)\b",
    re.IGNORECASE,
)


def _singular(word: str) -> str:
    word = word.lower()
    for plural, single in (("ies", "y"), ("ices", "ex"), ("ches", "ch"), ("shes", "sh"), ("sses", "ss")):
        if word.endswith(plural):
            return word[: -len(plural)] + single
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def _declared_nouns(question: str) -> dict[str, Counted]:
    """The framing's own nouns, singular, and what they name: {"song": "nodes"} for "Songs are nodes"."""
    declared: dict[str, Counted] = {}
    named: tuple[tuple[re.Pattern[str], Counted], ...] = ((_DECLARED_EDGES, "edges"), (_DECLARED_NODES, "nodes"))
    for pattern, kind in named:  # nodes last: a noun declared both ways counts as nodes
        declared.update({_singular(n): kind for m in pattern.finditer(question) for n in m.groups() if n})
    return declared


def covered(question: str) -> Counted | None:
    """What a tour must cover exactly once — "every song once" (nodes), "each road exactly once"
    (edges) — by the noun, read in the question's own framing ("Songs are nodes"); None when it
    says neither.

    >>> covered("Songs are nodes, and an edge means two songs blend. Can I play every song once?")
    'nodes'
    >>> covered("Can the snow plough drive every street exactly once?"), covered("Is it connected?")
    ('edges', None)
    >>> covered("Each fragment is a node. Can they be chained, using each fragment exactly once?")
    'nodes'
    """
    ask = ask_sentence(question)
    found = _EVERY_ONCE.search(ask)
    if found is None:
        return None
    noun = _singular(found.group(1))
    declared = _declared_nouns(question)
    if noun in declared:
        return declared[noun]
    if re.fullmatch(_EDGE_NOUNS, noun, re.IGNORECASE) or re.fullmatch(_EDGE_NOUNS, noun + "s", re.IGNORECASE):
        return "edges"
    if re.fullmatch(_NODE_NOUNS, noun, re.IGNORECASE) or re.fullmatch(_NODE_NOUNS, noun + "s", re.IGNORECASE):
        return "nodes"
    return None


_COUNT_ASK = re.compile(
    r"\b(?:how many|number of|count(?: the| all)?|total of)\s+((?:[A-Za-z'-]+\s*){1,3})", re.IGNORECASE
)


#: What a count of connected pieces counts: groups of nodes, by any of their everyday names.
_GROUP_NOUN = re.compile(
    r"components?|pieces?|islands?|groups?|clusters?|parts?|regions?|fragments?|clumps?|subnetworks?|subgraphs?|"
    r"blobs?|chunks?|sections?|networks?|graphs?|communities|community|camps?|factions?|cliques?|circles?|"
    r"worlds?|sets?|blocks?|zones?|areas?|bubbles?|pockets?|enclaves?|colonies|colony|archipelagos?",
    re.IGNORECASE,
)


def counted_besides_groups(question: str) -> str | None:
    """The words after "how many" / "number of" when none of the next three names groups of nodes,
    or None (groups counted, or no count asked).

    A count of connected pieces is asked by naming the pieces; "how many researchers hold things
    together, in the sense that without them the rest would fall into more clusters?" counts
    researchers (free batch ae, articulation_points-109: counted as components, flagged verified).

    >>> counted_besides_groups("How many researchers hold things together?")
    'researchers hold things'
    >>> counted_besides_groups("Into how many separate pieces does it fall?"), counted_besides_groups("Connected?")
    (None, None)
    """
    found = _COUNT_ASK.search(ask_sentence(question))
    if found is None:
        return None
    words = found.group(1).split()
    if any(_GROUP_NOUN.fullmatch(word.strip("'?.,!")) for word in words):
        return None
    return " ".join(words).strip(" ?.,!")


def counted_unknown(question: str) -> str | None:
    """The words after "how many" / "number of" when none of the next three is a noun for nodes or
    edges, in general words or in the question's own framing ("Songs are nodes"); None when they
    name one, or the ask counts nothing.

    A count of every node or every edge is asked by naming them; "Number of isthmuses in the graph"
    counts something else, whatever task the words fail to name.

    >>> counted_unknown("Number of isthmuses in the graph"), counted_unknown("How many roads are there?")
    ('isthmuses in the', None)
    >>> counted_unknown("Songs are nodes. How many songs are on the list?") is None
    True
    """
    ask = ask_sentence(question)
    found = _COUNT_ASK.search(ask)
    if found is None:
        return None
    words = found.group(1).split()
    declared = _declared_nouns(question)
    for word in words:
        bare = word.strip("'?.,!").lower()
        if _COUNTED_NOUN.match(bare) or _singular(bare) in declared:
            return None
    return " ".join(words).strip(" ?.,!")
