"""The registry's tasks about property graphs: labelled nodes with properties, named by their values.

A database grraf did not create (people and movies, airports and routes) is asked about by names
("Who directed The Matrix?"), not node ids. These entries are the common shapes of such questions,
the ones text-to-Cypher systems keep verified queries for: a property of a named node, the
relationship between two named nodes, the neighbours of a named node over one relationship type
and direction (filtered, counted, aggregated, ranked), two steps away, shared neighbours, nodes
ranked by how many relationships they have or by one of their properties, nodes filtered by a
property (compared with a number, or between two: "born in the 1960s"), all of a label or only those
with relationships of one type ("the youngest director"), which of two named nodes
has the higher value of a property, and the shortest connection between two named nodes.
Questions that need a graph algorithm over the whole graph (connected groups) have NetworkX
templates only and run on the store's projection.

Parameters name schema elements, never node ids: ``entity`` parameters are names written in the
question and resolved in the store (:mod:`grraf.pipeline.entities`); ``label``, ``rel_type`` and
``property`` are offered to the LLM as enums read from the store's schema; ``choice`` parameters
take one of a few fixed words. What the templates need beyond that (the label and key of each
named node, the label an answer names, which end of a relationship a property is on) the plan
stage derives from the schema (:mod:`grraf.pipeline.property_plan`), so the LLM chooses as little
as possible. The phrasings are the product's own examples, written apart from the benchmark's
questions (``grraf/bench/property/questions.yaml``).
"""

from __future__ import annotations

from grraf.tasks.model import DrawKind, Output, Param, Sentence, Task

ENTITY = Param("entity", "entity", "the node the question names (a name, title or code written in it)")
OTHER = Param("other", "entity", "the second node the question names")
#: "Did Nolan write all the films he directed?" names one node for both relationships.
OTHER_OR_SAME = Param("other", "entity", "the second named node; leave out when it is the first one again", default="")
#: Two relationships of one named node compared: the far end of the second ("Is the flight from A to
#: B longer than the one from A to C?": entity A, other B, third C).
THIRD = Param("third", "entity", "the third node the question names, at the far end of the second relationship")
SOURCE = Param("source", "entity", "the named node the relationship or connection starts at")
TARGET = Param("target", "entity", "the named node it ends at")
#: A string kept on relationships that the question names (a character in the roles of ACTED_IN).
VALUE = Param("value", "value", "the name the question gives that is kept on relationships (a role, a character)")
#: The named node at the other end, when the question gives one ("Who played Neo in The Matrix?").
OTHER_END = Param("entity", "entity", "the named node at the other end of those relationships, if any", default="")
REL_TYPE = Param("rel_type", "rel_type", "the relationship type")
SECOND_REL_TYPE = Param("second_rel_type", "rel_type", "the relationship type of the second step")
#: Optional: when the schema allows one direction only, the plan stage reads it from the patterns.
DIRECTION = Param(
    "direction",
    "choice",
    "out: the relationships point away from the named node; in: they point at it",
    default="auto",
    choices=("out", "in"),
)
SECOND_DIRECTION = Param(
    "second_direction", "choice", "the direction of the second step, seen from the middle node", "auto", ("out", "in")
)
OTHER_DIRECTION = Param(
    "other_direction",
    "choice",
    "the direction of second_rel_type, seen from the second named node",
    "auto",
    ("out", "in"),
)
LABEL = Param("label", "label", "the kind of node asked about (its label)")
PROPERTY = Param("property", "property", "the property asked about or compared")
#: A difference may read another property at the second node ("How old was X when Y came out?":
#: the film's release year against the person's birth year).
OTHER_PROPERTY = Param(
    "other_property", "property", "the second named node's property, when not the same one", default=""
)
RETURNS = Param("returns", "property", "the property that names the nodes of the answer", default="")
OP = Param("op", "choice", "how the property compares with the value", choices=(">", ">=", "<", "<=", "="))
THRESHOLD = Param("threshold", "number", "the number the question compares with")
ORDER = Param("order", "choice", "highest or lowest value first", default="highest", choices=("highest", "lowest"))
#: "the three oldest films", "Singapore's two longest non-stops": how many from the top, ties kept.
LIMIT = Param(
    "limit",
    "integer",
    "how many from the top the question asks for (3 for 'the three oldest'); 1 if it says none",
    default=1,
)
COMPARISON = Param(
    "comparison",
    "choice",
    "the named node's value against the second's: higher, lower or the same",
    choices=("higher", "lower", "same"),
)
LOW = Param("low", "number", "the lower end of the range the question states, included (1950 for 'the 1950s')")
HIGH = Param("high", "number", "the upper end of the range, included (1959 for 'the 1950s')")
AGGREGATE = Param(
    "aggregate",
    "choice",
    "average, total, minimum, maximum, median, range (maximum minus minimum) or how many distinct values",
    choices=("avg", "sum", "min", "max", "median", "range", "distinct"),
    spoken=(
        ("avg", "average"),
        ("sum", "total"),
        ("min", "minimum"),
        ("max", "maximum"),
        ("range", "range (highest minus lowest)"),
        ("distinct", "number of distinct values"),
    ),
)

LADYBUG, NEO4J, NETWORKX = "ladybug", "neo4j", "networkx"


#: The parameters several shapes share: a named node's relationships of one type in one direction;
#: the two named ends of a relationship or connection; a comparison with a stated number; the
#: relationships of one type of every node of a label.
HOP: tuple[Param, ...] = (ENTITY, REL_TYPE, DIRECTION)
ENDS: tuple[Param, ...] = (SOURCE, TARGET)
COMPARE: tuple[Param, ...] = (OP, THRESHOLD)
RANGE: tuple[Param, ...] = (LOW, HIGH)
DEGREE: tuple[Param, ...] = (LABEL, REL_TYPE, DIRECTION)


def _task(
    *,
    name: str,
    summary: str,
    phrasings: tuple[str, ...],
    output: Output,
    parameters: tuple[Param, ...],
    template: str,
    sentence: Sentence,
    draw: DrawKind = "graph",
    networkx_only: bool = False,
) -> Task:
    """A property-graph task whose template has one file of the same name per dialect; ``networkx_only``
    for a graph algorithm that runs on the store's projection (Cypher handles it badly)."""
    dialects = (NETWORKX,) if networkx_only else (LADYBUG, NEO4J, NETWORKX)
    return Task(
        name=name,
        summary=summary,
        phrasings=phrasings,
        output=output,
        parameters=parameters,
        templates={dialect: (template,) for dialect in dialects},
        sentence=sentence,
        draw=draw,
        cypher_is_weak=networkx_only,
        property_graph=True,
    )


PROPERTY_TASKS: tuple[Task, ...] = (
    # ------------------------------------------------------------------ one named node
    _task(
        name="entity_property",
        summary="the value of one property of the node the question names (a year, a city, a code)",
        phrasings=(
            "When was Ada Lovelace born?",
            "What is the population of Springfield?",
            "Which country is the Eiffel Tower in, according to its country property?",
            "What genre is the book Dune?",
            "What is the email address of the customer Jane Doe?",
            "How tall is Mount Fuji?",
            "What year did the film Casablanca come out?",
            "Which city is station KGX located in?",
        ),
        output="value",
        parameters=(ENTITY, PROPERTY),
        template="property_entity_property",
        sentence=Sentence(value="The {property} of {entity}: {value}."),
    ),
    _task(
        name="neighbours",
        summary="the nodes linked to the named node by one relationship type in one direction (who/which ...)",
        phrasings=(
            "Who wrote the novel Emma?",
            "Which books did Jane Austen write?",
            "Which cities can you take a train to from Leeds?",
            "Who are the employees of the company Acme?",
            "Which songs are on the album Abbey Road?",
            "Who does Alice follow?",
            "Which courses is the student Bob enrolled in?",
            "Who produced the film Vertigo?",
        ),
        output="nodes",
        parameters=(*HOP, RETURNS),
        template="property_neighbours",
        sentence=Sentence(value="x in {pattern}: {value}."),
        draw="node",
    ),
    _task(
        name="neighbour_count",
        summary="how many nodes are linked to the named node by one relationship type in one direction",
        phrasings=(
            "How many books did Charles Dickens write?",
            "How many employees work at Acme?",
            "How many stations are on the Circle line?",
            "How many followers does Alice have?",
            "How many films has Hitchcock directed?",
            "Count the students enrolled in Algebra 101.",
        ),
        output="number",
        parameters=HOP,
        template="property_neighbour_count",
        sentence=Sentence(value="The number of x in {pattern}: {value}."),
        draw="node",
    ),
    _task(
        name="neighbours_where",
        summary="the nodes linked to the named node whose relationship (or own) property is above/below a number",
        phrasings=(
            "Which trains from Leeds take more than 120 minutes?",
            "Which books by Dickens have more than 500 pages?",
            "Which roads out of Springfield are shorter than 10 miles?",
            "Which of Alice's friends are older than 40?",
            "Which orders of customer Bob were above 100 dollars?",
        ),
        output="nodes",
        parameters=(*HOP, PROPERTY, *COMPARE, RETURNS),
        template="property_neighbours_where",
        sentence=Sentence(value="x in {pattern} with {property} {op} {threshold}: {value}."),
        draw="node",
    ),
    _task(
        name="neighbour_count_where",
        summary="how many nodes linked to the named node have a relationship (or own) property above/below a number",
        phrasings=(
            "How many trains from Leeds take more than 120 minutes?",
            "How many of Dickens's books have more than 500 pages?",
            "How many of Alice's friends are older than 40?",
            "How many roads out of Springfield are shorter than 10 miles?",
            "Count the orders of customer Bob above 100 dollars.",
        ),
        output="number",
        parameters=(*HOP, PROPERTY, *COMPARE),
        template="property_neighbour_count_where",
        sentence=Sentence(value="The number of x in {pattern} with {property} {op} {threshold}: {value}."),
        draw="node",
    ),
    _task(
        name="all_neighbours_where",
        summary="whether every node linked to the named node has a relationship (or own) property above/below a number",
        phrasings=(
            "Are all the trains from Leeds longer than 60 minutes?",
            "Were all of Dickens's books longer than 300 pages?",
            "Is every one of Alice's friends older than 30?",
            "Do all roads out of Springfield run under 10 miles?",
            "Were all the orders of customer Bob above 100 dollars?",
        ),
        output="yes/no",
        parameters=(*HOP, PROPERTY, *COMPARE),
        template="property_all_neighbours_where",
        sentence=Sentence(
            yes="Yes: every x in {pattern} has {property} {op} {threshold}.",
            no="No: not every x in {pattern} has {property} {op} {threshold}.",
        ),
        draw="node",
    ),
    _task(
        name="neighbour_aggregate",
        summary="the average, total, minimum, maximum, median, range or distinct values of a property over "
        "the named node's relationships",
        phrasings=(
            "What is the average length of the roads out of Springfield?",
            "What is the total price of the orders of customer Bob?",
            "What is the longest trip departing from Leeds?",
            "What is the mean rating of the reviews of the film Vertigo?",
            "What is the shortest train ride leaving Paris?",
            "What is the median salary in the sales team?",
            "How far apart are the shortest and the longest train ride leaving Paris?",
            "How many years apart were the oldest and the youngest players of the team born?",
        ),
        output="number",
        parameters=(*HOP, PROPERTY, AGGREGATE),
        template="property_neighbour_aggregate",
        sentence=Sentence(value="The {aggregate} of {property} over {pattern}: {value}."),
    ),
    _task(
        name="top_neighbour_by_property",
        summary="among the nodes linked to the named node, the one(s) with the highest or lowest property value "
        "(or the top few)",
        phrasings=(
            "Who is the youngest employee of Acme?",
            "Which book by Dickens has the most pages?",
            "What is the farthest destination you can reach directly from Leeds?",
            "Which of Alice's friends was born first?",
            "What is the most recent album of the band Queen?",
            "What are the two longest trips departing from Leeds?",
        ),
        output="nodes",
        parameters=(*HOP, PROPERTY, ORDER, LIMIT, RETURNS),
        template="property_top_neighbour",
        sentence=Sentence(value="x in {pattern}, the top {limit} by {property} ({order} first, ties kept): {value}."),
        draw="node",
    ),
    _task(
        name="top_neighbour_by_degree",
        summary="among the nodes linked to the named node, the one(s) with the most (or fewest) relationships "
        "of a second type",
        phrasings=(
            "Which airport in Spain has the most departing flights?",
            "Which of Dickens's novels has the most characters?",
            "Which of Alice's friends has the most followers?",
            "Which album by Queen has the fewest songs?",
            "Which station on the Northern line has the most connections?",
        ),
        output="nodes",
        parameters=(*HOP, SECOND_REL_TYPE, SECOND_DIRECTION, ORDER, RETURNS),
        template="property_top_neighbour_by_degree",
        sentence=Sentence(value="x in {pattern}, with the {order} number of them: {value}."),
        draw="node",
    ),
    # ------------------------------------------------------------------ two steps, shared neighbours
    _task(
        name="two_hop_neighbours",
        summary="the nodes two steps from the named node: one relationship type, then another",
        phrasings=(
            "Who has starred in a film written by Nora Smith?",
            "Who has played in a film made by Ridley Scott?",
            "Who has worked at a company founded by Bob?",
            "Which countries can you reach by train from Leeds?",
            "Which authors are published by the publisher of Dune?",
            "Which companies employ friends of Alice?",
            "Which genres does the author of Emma write in?",
        ),
        output="nodes",
        parameters=(*HOP, SECOND_REL_TYPE, SECOND_DIRECTION, RETURNS),
        template="property_two_hop",
        sentence=Sentence(value="x in {pattern}: {value}."),
        draw="node",
    ),
    _task(
        name="two_hop_count",
        summary="how many different nodes are two steps from the named node: one relationship type, then another",
        phrasings=(
            "How many different people have starred in films written by Nora Smith?",
            "How many countries can you reach by train from Leeds?",
            "How many authors are published by the publisher of Dune?",
            "How many companies employ friends of Alice?",
            "How many genres does the author of Emma write in?",
            "How many distinct students attend the courses taught by Professor Lee?",
        ),
        output="number",
        parameters=(*HOP, SECOND_REL_TYPE, SECOND_DIRECTION),
        template="property_two_hop_count",
        sentence=Sentence(value="The number of x in {pattern}: {value}."),
        draw="node",
    ),
    _task(
        name="co_neighbours",
        summary="the other nodes that share a neighbour with the named node over one relationship type (co-actors)",
        phrasings=(
            "Who has worked on a project together with Alice?",
            "Which actors have been in a film with Grace Kelly?",
            "Who are the co-authors of Marie Curie?",
            "Which students share a class with Bob?",
            "Which players have played on a team with Pele?",
        ),
        output="nodes",
        parameters=(*HOP, RETURNS),
        template="property_co_neighbours",
        sentence=Sentence(value="x in {pattern}: {value}."),
        draw="node",
    ),
    _task(
        name="top_two_hop",
        summary="the nodes two steps from the named node through the most different middles (worked with "
        "most often), ties kept",
        phrasings=(
            "Who has Alice co-authored the most papers with?",
            "Which professor has Bob taken the most courses with?",
            "Which author has Penguin published most often?",
            "Which singer has Quincy Jones produced the most albums for?",
            "Who is Bob's most frequent collaborator?",
            "Whose songs has Metallica covered most often?",
            "Which player has Pele shared a pitch with the most times?",
        ),
        output="nodes",
        parameters=(*HOP, SECOND_REL_TYPE, SECOND_DIRECTION, RETURNS),
        template="property_top_two_hop",
        sentence=Sentence(value="x in {pattern}, through the most different m: {value}."),
        draw="node",
    ),
    _task(
        name="common_neighbours",
        summary="the nodes linked to both named nodes by the same relationship type and direction",
        phrasings=(
            "Which stations have trains to both Leeds and York?",
            "Who is friends with both Alice and Bob?",
            "Which films did both Cary Grant and Grace Kelly star in?",
            "Which suppliers deliver to both Acme and Globex?",
        ),
        output="nodes",
        parameters=(ENTITY, OTHER, REL_TYPE, DIRECTION, RETURNS),
        template="property_common_neighbours",
        sentence=Sentence(value="x in {pattern}: {value}."),
        draw="node",
    ),
    _task(
        name="common_neighbour_count",
        summary="how many nodes are linked to both named nodes by the same relationship type and direction",
        phrasings=(
            "How many stations have trains to both Leeds and York?",
            "How many friends do Alice and Bob have in common?",
            "In how many films did Cary Grant and Grace Kelly both star?",
            "How many suppliers deliver to both Acme and Globex?",
        ),
        output="number",
        parameters=(ENTITY, OTHER, REL_TYPE, DIRECTION),
        template="property_common_neighbour_count",
        sentence=Sentence(value="The number of x in {pattern}: {value}."),
        draw="node",
    ),
    _task(
        name="linked_to_both",
        summary="the nodes linked to one named node by one relationship type and to a second named node by another",
        phrasings=(
            "Which airports in France have flights to Rome?",
            "Which of Cary Grant's films did Alfred Hitchcock direct?",
            "Which employees of Acme live in Paris?",
            "Which players born in Brazil play for Ajax?",
            "Which stations in Yorkshire have trains to London?",
        ),
        output="nodes",
        parameters=(*HOP, OTHER, SECOND_REL_TYPE, OTHER_DIRECTION, RETURNS),
        template="property_linked_to_both",
        sentence=Sentence(value="x in {pattern}: {value}."),
        draw="node",
    ),
    _task(
        name="linked_but_not",
        summary="the nodes linked to one named node by one relationship type but NOT to a second named node by "
        "another (or the same) type",
        phrasings=(
            "Which of Cary Grant's films did Alfred Hitchcock not direct?",
            "Which cities can you take a train to from Leeds but not from York?",
            "Which employees of Acme don't live in Paris?",
            "Which stations outside Yorkshire have trains to London?",
            "Which of Bob's friends does Alice not follow?",
        ),
        output="nodes",
        parameters=(*HOP, OTHER, SECOND_REL_TYPE, OTHER_DIRECTION, RETURNS),
        template="property_linked_but_not",
        sentence=Sentence(value="x in {pattern}: {value}."),
        draw="node",
    ),
    _task(
        name="linked_to_both_count",
        summary="how many nodes are linked to one named node by one relationship type and to a second named "
        "node by another",
        phrasings=(
            "How many airports in France have flights to Rome?",
            "How many of Cary Grant's films did Alfred Hitchcock direct?",
            "How many employees of Acme live in Paris?",
            "How many players born in Brazil play for Ajax?",
            "Count the stations in Yorkshire that have trains to London.",
        ),
        output="number",
        parameters=(*HOP, OTHER, SECOND_REL_TYPE, OTHER_DIRECTION),
        template="property_linked_to_both_count",
        sentence=Sentence(value="The number of x in {pattern}: {value}."),
        draw="node",
    ),
    _task(
        name="linked_through",
        summary="whether some node is linked to one named node by one relationship type and to a second by another",
        phrasings=(
            "Did Alfred Hitchcock ever direct Cary Grant?",
            "Has Alice ever worked at a company Bob founded?",
            "Is there a film both Cary Grant and Grace Kelly starred in?",
            "Does any airport in Spain have flights to Oslo?",
            "Has Bob ever taken a course Alice teaches?",
        ),
        output="yes/no",
        parameters=(*HOP, OTHER, SECOND_REL_TYPE, OTHER_DIRECTION),
        template="property_linked_through",
        sentence=Sentence(yes="Yes: {pattern}.", no="No: the graph has no {pattern}."),
    ),
    _task(
        name="all_linked_through",
        summary="whether every node linked to the named node by one type is also linked by another type to a second "
        "named node (or itself)",
        phrasings=(
            "Did Alice review every paper she edited?",
            "Was every book Bob published also illustrated by Carol?",
            "Has Alice taught all of the courses she designed?",
            "Does Carol sing on every album Bob produced?",
        ),
        output="yes/no",
        parameters=(*HOP, OTHER_OR_SAME, SECOND_REL_TYPE, OTHER_DIRECTION),
        template="property_all_linked_through",
        sentence=Sentence(yes="Yes: for every x, {pattern}.", no="No: not for every x, {pattern}."),
    ),
    _task(
        name="both_relationships",
        summary="the nodes that have relationships of two types to one and the same node (wrote and directed it)",
        phrasings=(
            "Which people both wrote and produced the same film?",
            "Who both founded and managed the same company?",
            "Which authors both wrote and illustrated the same book?",
        ),
        output="nodes",
        parameters=(REL_TYPE, SECOND_REL_TYPE, RETURNS),
        template="property_both_relationships",
        sentence=Sentence(value="x in {pattern}: {value}."),
    ),
    # ------------------------------------------------------------------ all nodes of a label
    _task(
        name="top_by_degree",
        summary="the node(s) of a label with the most (or fewest) relationships of one type (or the top few)",
        phrasings=(
            "Which author wrote the most books?",
            "Which station has the most outgoing trains?",
            "Who has the most followers?",
            "Which customer placed the fewest orders?",
            "Which director made the most films?",
            "Which five customers placed the most orders?",
        ),
        output="nodes",
        parameters=(*DEGREE, ORDER, LIMIT, RETURNS),
        template="property_top_by_degree",
        sentence=Sentence(
            value="The top {limit} {label} by the number of {pattern} ({order} first, ties kept): {value}."
        ),
    ),
    _task(
        name="top_by_property",
        summary="the node(s) of a label with the highest or lowest value of one of its own properties (the oldest, "
        "or the three oldest)",
        phrasings=(
            "Which mountain is the highest?",
            "Who is the oldest employee?",
            "Which book was published first?",
            "Which city lies furthest north?",
            "Who is the youngest member of the club?",
            "Which product is the cheapest?",
            "Which station is the westernmost?",
            "Name the three tallest mountains.",
        ),
        output="nodes",
        parameters=(LABEL, PROPERTY, ORDER, LIMIT, RETURNS),
        template="property_top_by_property",
        sentence=Sentence(value="The top {limit} {label} by {property} ({order} first, ties kept): {value}."),
    ),
    _task(
        name="top_among_linked",
        summary="among the nodes of a label with relationships of one type (directors), those with the highest "
        "or lowest property (the oldest)",
        phrasings=(
            "Who is the youngest author?",
            "Which of the customers who placed an order joined first?",
            "Which employee who manages someone earns the most?",
            "Who is the oldest player to have scored a goal?",
            "Name the two most recently founded companies that sponsor a team.",
            "Which supplier that ships to us was founded earliest?",
        ),
        output="nodes",
        parameters=(*DEGREE, PROPERTY, ORDER, LIMIT, RETURNS),
        template="property_top_among_linked",
        sentence=Sentence(
            value="The top {limit} {label} with {pattern} by {property} ({order} first, ties kept): {value}."
        ),
    ),
    _task(
        name="count_by_degree",
        summary="how many nodes of a label have more (or fewer) than a number of relationships of one type",
        phrasings=(
            "How many authors wrote more than three books?",
            "How many customers have placed at least 2 orders?",
            "How many stations have fewer than 5 departing trains?",
            "How many people follow more than 100 accounts?",
        ),
        output="number",
        parameters=(*DEGREE, *COMPARE),
        template="property_count_by_degree",
        sentence=Sentence(value="The number of {label} nodes with {op} {threshold} of {pattern}: {value}."),
    ),
    _task(
        name="filter_nodes",
        summary="the nodes of a label whose property is above, below or equal to a number",
        phrasings=(
            "Which books were published after 2010?",
            "Which cities have more than a million inhabitants?",
            "Which employees earn less than 30000?",
            "List the mountains higher than 8000 metres.",
            "Show me the books published in 2010 or later.",
        ),
        output="nodes",
        parameters=(LABEL, PROPERTY, *COMPARE, RETURNS),
        template="property_filter_nodes",
        sentence=Sentence(value="The {label} nodes with {property} {op} {threshold}: {value}."),
    ),
    _task(
        name="filter_among_linked",
        summary="the nodes of a label with relationships of one type (directors, actors) whose property is above, "
        "below or equal to a number",
        phrasings=(
            "Which authors were born after 1980?",
            "List the customers who placed an order and joined before 2015.",
            "Which employees who manage someone earn more than 90000?",
            "Which players who scored a goal are younger than 20?",
        ),
        output="nodes",
        parameters=(*DEGREE, PROPERTY, *COMPARE, RETURNS),
        template="property_filter_among_linked",
        sentence=Sentence(value="The {label} nodes with {pattern} and {property} {op} {threshold}: {value}."),
    ),
    _task(
        name="count_among_linked",
        summary="how many nodes of a label with relationships of one type (directors, actors) have a property "
        "above, below or equal to a number",
        phrasings=(
            "How many authors were born after 1980?",
            "How many customers who placed an order joined before 2015?",
            "How many of the employees who manage someone earn more than 90000?",
            "How many goal scorers are younger than 20?",
        ),
        output="number",
        parameters=(*DEGREE, PROPERTY, *COMPARE),
        template="property_count_among_linked",
        sentence=Sentence(value="The number of {label} nodes with {pattern} and {property} {op} {threshold}: {value}."),
    ),
    _task(
        name="count_where",
        summary="how many nodes of a label have a property above, below or equal to a number",
        phrasings=(
            "How many books were published before 1900?",
            "How many employees earn more than 50000?",
            "How many cities have more than a million inhabitants?",
            "How many employees were hired in 2015 or earlier?",
        ),
        output="number",
        parameters=(LABEL, PROPERTY, *COMPARE),
        template="property_count_where",
        sentence=Sentence(value="The number of {label} nodes with {property} {op} {threshold}: {value}."),
    ),
    _task(
        name="filter_in_range",
        summary="the nodes of a label whose property lies between two numbers, both included (born in the 1960s)",
        phrasings=(
            "Which books were published between 1990 and 1999?",
            "Which employees were born in the 1970s?",
            "List the mountains between 4000 and 5000 metres high.",
            "Which cities have from 1 to 2 million inhabitants?",
        ),
        output="nodes",
        parameters=(LABEL, PROPERTY, *RANGE, RETURNS),
        template="property_filter_in_range",
        sentence=Sentence(value="The {label} nodes with {property} from {low} to {high}: {value}."),
    ),
    _task(
        name="count_in_range",
        summary="how many nodes of a label have a property between two numbers, both included (films of the 1990s)",
        phrasings=(
            "How many books were published between 1990 and 1999?",
            "How many employees were born in the 1980s?",
            "How many cities have between 1 and 2 million inhabitants?",
        ),
        output="number",
        parameters=(LABEL, PROPERTY, *RANGE),
        template="property_count_in_range",
        sentence=Sentence(value="The number of {label} nodes with {property} from {low} to {high}: {value}."),
    ),
    _task(
        name="count_label",
        summary="how many nodes of one label (kind) the graph holds",
        phrasings=(
            "How many books are in the catalogue?",
            "How many customers are there?",
            "How many stations does the network have?",
        ),
        output="number",
        parameters=(LABEL,),
        template="property_count_label",
        sentence=Sentence(value="The number of {label} nodes: {value}."),
    ),
    _task(
        name="aggregate_property",
        summary="the average, total, minimum, maximum, median, range or distinct values of a property over all "
        "nodes of a label",
        phrasings=(
            "What is the average price of the books?",
            "What is the total salary of all employees?",
            "What is the earliest founding year of the companies?",
            "What is the highest mountain's height?",
            "What is the median price of the books?",
            "How many years separate the oldest and the newest building?",
        ),
        output="number",
        parameters=(LABEL, PROPERTY, AGGREGATE),
        template="property_aggregate",
        sentence=Sentence(value="The {aggregate} of {property} over the {label} nodes: {value}."),
    ),
    _task(
        name="most_common_value",
        summary="the value of a property that the most (or fewest) nodes of a label share (the commonest year)",
        phrasings=(
            "Which genre has the most books?",
            "What is the most common job title among the employees?",
            "In which year were the most albums released?",
            "Which blood type is the rarest among the patients?",
            "Which city do the most customers come from, by their city property?",
            "Which colour do most of the cars have?",
        ),
        output="value",
        parameters=(LABEL, PROPERTY, ORDER),
        template="property_most_common_value",
        sentence=Sentence(value="The {property} that the {order} number of {label} nodes share: {value}."),
    ),
    _task(
        name="by_relationship_value",
        summary="the nodes linked by relationships holding a name no node holds (who played a role, which film has it)",
        phrasings=(
            "Who played Hamlet?",
            "Which actor played Rick Blaine in Casablanca?",
            "In which film is there a character called Ellen Ripley?",
            "Who voiced Woody?",
            "Which singer sang the part of Carmen?",
            "Who was cast as Gandalf?",
        ),
        output="nodes",
        parameters=(VALUE, LABEL, OTHER_END, RETURNS),
        template="property_by_relationship_value",
        sentence=Sentence(value="x in {pattern}: {value}."),
        draw="node",
    ),
    # ------------------------------------------------------------------ two named nodes
    _task(
        name="relationship_property",
        summary="the value of a property of the relationship from one named node to another (distance, role)",
        phrasings=(
            "How far is the train ride from Leeds to York?",
            "What role did Grace Kelly play in Rear Window?",
            "What was Bogart's character called in Casablanca?",
            "How much did customer Bob pay for order 17?",
            "Since when has Alice been friends with Bob?",
        ),
        output="value",
        parameters=(*ENDS, REL_TYPE, PROPERTY),
        template="property_relationship_property",
        sentence=Sentence(value="The {property} of {pattern}: {value}."),
    ),
    _task(
        name="compare_entities",
        summary="of two named nodes of one kind, the one with the higher or lower value of a property (who is older)",
        phrasings=(
            "Who is older, Alice or Bob?",
            "Which book came out first, Emma or Dune?",
            "Which is further north, Leeds or York?",
            "Which mountain is higher, Everest or Kilimanjaro?",
            "Which album is more recent, Abbey Road or Revolver?",
            "Of Paris and Rome, which city has the larger population?",
        ),
        output="nodes",
        parameters=(ENTITY, OTHER, PROPERTY, ORDER, RETURNS),
        template="property_compare_entities",
        sentence=Sentence(
            value="Of {entity} and {other}, the one with the {order} {property} (none if either has no {property}): "
            "{value}."
        ),
    ),
    _task(
        name="compare_values",
        summary="whether a property of one named node is higher, lower or the same as a second's (yes or no)",
        phrasings=(
            "Is Alice older than Bob?",
            "Did Emma come out before Persuasion?",
            "Is Leeds further north than York?",
            "Were Alice and Bob born in the same year?",
            "Is Everest higher than K2?",
        ),
        output="yes/no",
        parameters=(ENTITY, OTHER, PROPERTY, COMPARISON),
        template="property_compare_values",
        sentence=Sentence(yes="Yes: {pattern}.", no="No: it is not so that {pattern}."),
    ),
    _task(
        name="compare_degrees",
        summary="of two named nodes of one kind, the one with more (or fewer) relationships of one type (more films)",
        phrasings=(
            "Who has written more books, Austen or Dickens?",
            "Which station has more train lines, Leeds or York?",
            "Who has more followers, Alice or Bob?",
            "Which album has fewer songs, Abbey Road or Revolver?",
            "Of Acme and Globex, which company employs more people?",
        ),
        output="nodes",
        parameters=(ENTITY, OTHER, REL_TYPE, DIRECTION, ORDER, RETURNS),
        template="property_compare_degrees",
        sentence=Sentence(value="Of {entity} and {other}, the one with the {order} number of {pattern}: {value}."),
    ),
    _task(
        name="compare_degree_values",
        summary="whether one named node has more, fewer or as many relationships of one type as a second (yes or no)",
        phrasings=(
            "Has Dickens written more books than Austen?",
            "Does Leeds have more train lines than York?",
            "Does Alice have fewer followers than Bob?",
            "Do Acme and Globex employ the same number of people?",
        ),
        output="yes/no",
        parameters=(ENTITY, OTHER, REL_TYPE, DIRECTION, COMPARISON),
        template="property_compare_degree_values",
        sentence=Sentence(yes="Yes: {pattern}.", no="No: it is not so that {pattern}."),
    ),
    _task(
        name="compare_relationships",
        summary="of a named node's relationships with two other named ones, the far end with the higher or lower "
        "value (the longer trip)",
        phrasings=(
            "From Leeds, which is the longer train ride: to York or to Hull?",
            "Which road out of Paris is shorter, the one to Lyon or the one to Lille?",
            "Which flight into Rome is longer, the one from Oslo or the one from Riga?",
            "Did Alice pay more for order 17 or for order 18?",
        ),
        output="nodes",
        parameters=(ENTITY, REL_TYPE, DIRECTION, OTHER, THIRD, PROPERTY, ORDER, RETURNS),
        template="property_compare_relationships",
        sentence=Sentence(
            value="Of the :{rel_type} relationships of {entity} with {other} and {third}, the one with the {order} "
            "{property} goes to: {value}."
        ),
    ),
    _task(
        name="compare_relationship_values",
        summary="whether a named node's relationship with a second named node has a higher, lower or the same "
        "value as with a third (yes or no)",
        phrasings=(
            "Is the train ride from Leeds to York shorter than the one from Leeds to Hull?",
            "Is the road from Lyon to Paris longer than the road from Lille to Paris?",
            "Did Alice pay more for order 17 than for order 18?",
            "Is the flight from Oslo to Rome as long as the one from Oslo to Riga?",
        ),
        output="yes/no",
        parameters=(ENTITY, REL_TYPE, DIRECTION, OTHER, THIRD, PROPERTY, COMPARISON),
        template="property_compare_relationship_values",
        sentence=Sentence(yes="Yes: {pattern}.", no="No: it is not so that {pattern}."),
    ),
    _task(
        name="value_difference",
        summary="how far apart a value of each of two named nodes is: years older or younger, later or earlier, "
        "how much more, higher, further",
        phrasings=(
            "How many years older is Alice than Bob?",
            "How old was Grace Kelly when Rear Window came out?",
            "How many years after Alien did Aliens come out?",
            "How much higher is Everest than K2?",
            "What is the difference in population between Leeds and York?",
            "How much further north is Leeds than York?",
            "How many years apart were Emma and Persuasion published?",
        ),
        output="value",
        parameters=(ENTITY, PROPERTY, OTHER, OTHER_PROPERTY),
        template="property_value_difference",
        sentence=Sentence(
            value="The difference between the {property} of {entity} and the {other_property} of {other}: {value}."
        ),
    ),
    _task(
        name="relationship_exists",
        summary="whether a relationship of one type goes from one named node to the other (yes or no)",
        phrasings=(
            "Did Jane Austen write Emma?",
            "Is there a direct train from Leeds to York?",
            "Does Alice follow Bob?",
            "Did Grace Kelly star in Rear Window?",
            "Is Bob enrolled in Algebra 101?",
        ),
        output="yes/no",
        parameters=(*ENDS, REL_TYPE),
        template="property_relationship_exists",
        sentence=Sentence(yes="Yes: {pattern}.", no="No: the graph has no {pattern}."),
    ),
    _task(
        name="connection_length",
        summary="the fewest relationships on a path between two named nodes (degrees of separation, stops)",
        phrasings=(
            "How many steps is Alice away from Bob in the network?",
            "What is the degree of separation between Grace Kelly and Cary Grant?",
            "How many trains do I need at least to get from Leeds to Paris?",
            "How many handshakes separate Ada from Alan?",
            "How many trains make up the shortest journey from York to Bath?",
        ),
        output="number",
        parameters=ENDS,
        template="property_connection_length",
        sentence=Sentence(
            value="The shortest connection {pattern} has {value} relationship(s).",
            missing="No connection {pattern} exists.",
        ),
        draw="path",
    ),
    _task(
        name="connection_path",
        summary="the nodes, in order, of a shortest connection between two named nodes (a route)",
        phrasings=(
            "What is the shortest chain of acquaintances from Alice to Bob?",
            "Show a route with the fewest changes from Leeds to Paris.",
            "How is Grace Kelly connected to Cary Grant?",
            "List the stops on the quickest way from York to Bath.",
        ),
        output="path",
        parameters=(*ENDS, RETURNS),
        template="property_connection_path",
        sentence=Sentence(value="A shortest connection {pattern}: {value}.", missing="No connection {pattern} exists."),
        draw="path",
    ),
    _task(
        name="connection_weight",
        summary=(
            "the smallest total of a relationship property (distance, cost, time) along a path between two named nodes"
        ),
        phrasings=(
            "What is the shortest total distance by road from Leeds to Bath, in miles?",
            "How many minutes does the quickest train journey from York to Paris take, changes included?",
            "What is the cheapest total fare from Oslo to Rome, however many legs?",
            "Going from Ada to Alan through the network, what is the least total cost?",
        ),
        output="number",
        parameters=(*ENDS, PROPERTY),
        template="property_connection_weight",
        sentence=Sentence(
            value="The smallest total {property} of a connection {pattern}: {value}.",
            missing="No connection {pattern} exists.",
        ),
        draw="path",
        networkx_only=True,
    ),
    _task(
        name="connected",
        summary="whether some chain of relationships leads from one named node to the other (reachable, yes or no)",
        phrasings=(
            "Can I get from Leeds to Paris by train, changing as often as needed?",
            "Is Alice connected to Bob at all through friends of friends?",
            "Is there any route from York to Bath?",
            "Can a message from Ada ever reach Alan?",
        ),
        output="yes/no",
        parameters=ENDS,
        template="property_connected",
        sentence=Sentence(yes="Yes: a connection {pattern} exists.", no="No: no connection {pattern} exists."),
        draw="path",
    ),
    # ------------------------------------------------------------------ graph algorithms (NetworkX projection)
    _task(
        name="component_members",
        summary="the nodes of a label in the same connected group as the named node (relationships either way)",
        phrasings=(
            "Which people are in the same connected cluster as Alice?",
            "Which stations are in the same part of the network as Leeds?",
            "Which books are linked, however indirectly, to Dune?",
        ),
        output="nodes",
        parameters=(ENTITY, LABEL, RETURNS),
        template="property_component_members",
        sentence=Sentence(value="The {label} nodes in the connected group of {entity}: {value}."),
        networkx_only=True,
    ),
    _task(
        name="largest_mutual_group",
        summary="the size of the largest group of nodes of a label that can all reach each other over one type",
        phrasings=(
            "How many stations are in the largest set of stations that can all reach one another by train?",
            "What is the size of the biggest group of users who can all reach each other through follows?",
            "How big is the largest strongly connected group of web pages?",
        ),
        output="number",
        parameters=(LABEL, REL_TYPE),
        template="property_largest_mutual_group",
        sentence=Sentence(
            value="The largest group of {label} nodes that all reach each other over {rel_type}: {value}."
        ),
        networkx_only=True,
    ),
)
