"""Stage "generate" and its feedback: (P', C, S) -> C', repaired with error messages (GRRAF 3.3-3.4).

With a verified template whose parameters the refine stage already found, binding is
deterministic (``answer = solve(G, source=0, target=7)``): no LLM call, no chance to
mis-copy the algorithm. Otherwise the LLM writes C' (or just the call, for a verified
template), and the conversation is kept so that after an error the LLM sees its own
code and the message.
"""

from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass, field
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage

from grraf.errors import CodeError, CodeFoundNothing, CodeRepeated, CodeTimeout
from grraf.llm.calls import LLMSession
from grraf.pipeline.docs import return_notes
from grraf.pipeline.extract import extract_code
from grraf.pipeline.template import TemplateChoice, dialect_notes
from grraf.prompts import load_prompt
from grraf.sandbox.policy import graph_mutation
from grraf.types import Plan, Schema

OUTPUT_HINTS = {
    "yes/no": "yes/no: set answer to True or False",
    "number": "a number",
    "node": "one node id",
    "nodes": "a list of node ids",
    "path": "a list of node ids, in path order",
    "order": "a list of all node ids, in order",
    "list": "a list",
    "text": "a short value",
}
#: Sampling for a retry after the LLM repeated earlier code: enough freedom to write something else
#: (raised by 0.2 for each further repetition).
RETRY_TEMPERATURE = 0.8

MAX_ERROR_CHARS = 1500
#: Errors listed when the conversation starts again after a repetition (the latest ones).
MAX_FAILURES_SHOWN = 3
GRAPH_PARAMETERS = {"G", "G_prime"}


def variables_text(schema: Schema) -> str:
    """Which variables hold the graphs, for the generate prompt."""
    if "G_prime" in schema.text:
        return (
            "The graph is the variable `G` and the second graph (G') is the variable `G_prime`, both networkx graphs."
        )
    return "The graph is the networkx graph in the variable `G`."


def names_text(plan: Plan) -> str:
    """The nodes the question names, as the database holds them, for the Cypher prompt ('' when none).

    Text-to-Cypher systems show resolved entities so the model matches ``{name: 'Tom Hanks'}`` on
    the right label and property instead of guessing how a name is spelled or stored.

    >>> from grraf.types import Entity
    >>> print(names_text(Plan(question="q", entities=(Entity("tom hanks", "Person", "name", "Tom Hanks", 100.0),))))
    Names in the question, as the database holds them: 'tom hanks' is (:Person {name: 'Tom Hanks'}).
    """
    if not plan.entities:
        return ""
    shown = "; ".join(f"{e.phrase!r} is {e}" for e in plan.entities[:12])
    return f"Names in the question, as the database holds them: {shown}."


def python_call(choice: TemplateChoice, parameters: dict[str, Any]) -> str | None:
    """``answer = solve(G, ...)`` when every template parameter is known, else None.

    >>> python_call(TemplateChoice("def solve(G, source, target): ...", "retrieved", "max_flow",
    ...             ("source", "target")), {"source": 0, "target": 7})
    'answer = solve(G, source=0, target=7)'
    >>> python_call(TemplateChoice("def solve(G): ...", "retrieved", "bipartite", negated=True), {})
    'answer = not solve(G)'
    """
    args = ["G"]
    for name in choice.parameters:
        if name in GRAPH_PARAMETERS:
            args.append(name)
        elif name in parameters:
            args.append(f"{name}={parameters[name]!r}")
        else:
            return None
    return f"answer = {'not ' if choice.negated else ''}solve({', '.join(args)})"


_ALIASES = {
    "source": {"source", "s", "src", "start", "start_node", "from_node", "u", "node1", "origin"},
    "target": {"target", "t", "dst", "dest", "destination", "end", "end_node", "to_node", "sink", "v", "node2"},
    "node": {"node", "n", "vertex", "x", "node_id", "v", "u"},
}
_GRAPH_ARGS = {"g", "graph", "digraph"}
_SECOND_GRAPH_ARGS = {"g_prime", "gprime", "g2", "subgraph", "pattern", "h", "g_sub", "small_graph"}


def _canonical(name: str) -> str | None:
    """The canonical parameter a name stands for (source, target, node), if any.

    >>> _canonical("src"), _canonical("sink"), _canonical("weight")
    ('source', 'target', None)
    """
    lowered = name.lower()
    for canonical, names in _ALIASES.items():
        if lowered in names:
            return canonical
    return None


def call_for_function(code: str, parameters: dict[str, Any]) -> str | None:
    """``answer = f(G, ...)`` for code that defines a function but never calls it.

    Small models often return the generic function C itself instead of C'. Binding it
    deterministically by the names of its arguments (with common aliases: ``s``/``src``
    for source, ...) turns that into runnable code; when an argument cannot be bound
    the code runs as it is and the missing ``answer`` goes back as feedback.

    >>> call_for_function("def max_flow(G, s, t):\\n    return 1", {"source": 0, "target": 7})
    'answer = max_flow(G, s=0, t=7)'
    >>> call_for_function("answer = 3", {}) is None
    True
    >>> call_for_function("def solve(G):\\n    answer = 1\\n    return answer", {})
    'answer = solve(G)'
    """
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return None
    # Only a module-level `answer = ...` answers; one inside the function is a local variable
    # (the 1.5B model writes `def solve(G): answer = ...; return answer` and never calls it).
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else [getattr(node, "target", None)]
        if any(isinstance(t, ast.Name) and t.id == "answer" for t in targets if t is not None):
            return None
    functions = [n for n in tree.body if isinstance(n, ast.FunctionDef)]
    if not functions:
        return None
    function = next((f for f in functions if f.name == "solve"), functions[-1])
    by_canonical = {c: v for k, v in parameters.items() if (c := _canonical(k) or k) is not None}
    positional = function.args.args
    required = len(positional) - len(function.args.defaults)
    call: list[str] = []
    for index, argument in enumerate(positional):
        name = argument.arg
        if index == 0 or name.lower() in _GRAPH_ARGS:
            call.append("G" if index == 0 or name.lower() in _GRAPH_ARGS else name)
        elif name.lower() in _SECOND_GRAPH_ARGS:
            call.append(f"{name}=G_prime")
        elif name in parameters:
            call.append(f"{name}={parameters[name]!r}")
        elif (canonical := _canonical(name)) in by_canonical:
            call.append(f"{name}={by_canonical[canonical]!r}")
        elif index >= required:
            continue
        else:
            return None
    return f"answer = {function.name}({', '.join(call)})"


def rebind_invented_call(code: str, parameters: dict[str, Any]) -> str | None:
    """``code`` with ``answer = f(G, 0, 5)`` bound again when the call passes node ids nobody stated.

    The 1.5B model drafts ``solve(G, source=None, target=None)`` for "What is the radius of this
    graph?" and then calls ``solve(G, 0, 5)``: values it made up, which send the code down the
    wrong branch. When a call of a function the code defines passes integer literals that are
    not among the question's parameter values, the call is replaced by the deterministic
    binding (:func:`call_for_function`); None when nothing was invented or no binding exists.

    >>> code = "def solve(G, source=None, target=None):\\n    return 1\\nanswer = solve(G, 0, 5)\\n"
    >>> print(rebind_invented_call(code, {}), end="")
    def solve(G, source=None, target=None):
        return 1
    answer = solve(G)
    >>> rebind_invented_call("def solve(G, node):\\n    return 1\\nanswer = solve(G, 4)\\n", {"node": 4}) is None
    True
    """
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return None
    defined = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    stated = {v for v in parameters.values() if isinstance(v, int) and not isinstance(v, bool)}
    for statement in tree.body:
        if not (
            isinstance(statement, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == "answer" for t in statement.targets)
            and isinstance(statement.value, ast.Call)
            and isinstance(statement.value.func, ast.Name)
            and statement.value.func.id in defined
        ):
            continue
        arguments = [*statement.value.args, *(k.value for k in statement.value.keywords)]
        invented = [
            a.value for a in arguments if isinstance(a, ast.Constant) and type(a.value) is int and a.value not in stated
        ]
        function = defined[statement.value.func.id]
        if not (invented or _misplaced(statement.value, function, parameters)) or statement.end_lineno is None:
            return None
        lines = code.splitlines(keepends=True)
        rest = "".join(lines[: statement.lineno - 1] + lines[statement.end_lineno :])
        binding = call_for_function(rest, parameters)
        if binding is None:
            return None
        lines[statement.lineno - 1 : statement.end_lineno] = [binding + "\n"]
        return "".join(lines)
    return None


def _misplaced(call: ast.Call, function: ast.FunctionDef, parameters: dict[str, Any]) -> bool:
    """Whether a stated value is passed positionally to a parameter named for something else.

    ``solve(G, 8)`` for "the eccentricity of node 8" with ``def solve(G, source=None, target=None,
    node=None)`` puts the node into ``source``.
    """
    names = [a.arg for a in function.args.args]
    for position, argument in enumerate(call.args):
        if position >= len(names) or not isinstance(argument, ast.Constant):
            continue
        receiving = _canonical(names[position]) or names[position]
        for name, value in parameters.items():
            same = type(value) is type(argument.value) and value == argument.value
            if same and (_canonical(name) or name) != receiving and receiving not in parameters:
                return True
    return False


def drop_graph_rebuild(code: str, names: frozenset[str] = frozenset({"G", "G_prime"})) -> str | None:
    """``code`` without the top-level lines that build a stand-in graph, or None when there are none.

    The 1.5B model writes a correct ``solve(G)`` and then, below it, ``G = networkx.Graph()`` and
    ``G.add_edges_from([...])`` with edges it made up as a "test", and repeats that after being
    told not to. Those statements are scaffolding around a function, so they are dropped (the
    function and the call stay, and the guard checks the result again). Only when the code
    defines a function: a script that builds its own graph is refused as before.

    >>> code = "def solve(G):\\n    return 1\\nG = nx.Graph()\\nG.add_edge(0, 1)\\nanswer = solve(G)\\n"
    >>> print(drop_graph_rebuild(code), end="")
    def solve(G):
        return 1
    answer = solve(G)
    >>> drop_graph_rebuild("G = nx.Graph()\\nanswer = 1\\n") is None
    True
    """
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return None
    if not any(isinstance(n, ast.FunctionDef) for n in tree.body):
        return None

    def rebuilds(statement: ast.stmt) -> bool:
        if isinstance(statement, ast.Assign | ast.AnnAssign):
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            return any(isinstance(t, ast.Name) and t.id in names for t in targets)
        return isinstance(statement, ast.Expr) and graph_mutation(statement.value, names) is not None

    dropped = [st for st in tree.body if rebuilds(st)]
    if not dropped:
        return None
    lines = code.splitlines(keepends=True)
    for statement in reversed(dropped):
        end = statement.end_lineno or statement.lineno
        del lines[statement.lineno - 1 : end]
    return "".join(lines)


def _defines_solve(code: str) -> bool:
    return re.search(r"^\s*def\s+solve\s*\(", code, re.MULTILINE) is not None


@dataclass
class CodeWriter:
    """Turns the template into runnable code, and holds the conversation across feedback rounds.

    Attributes:
        language: ``"python"`` or ``"cypher"``.
        messages: the generate conversation so far.
        prefix: code the LLM's reply is appended to (a verified template it only has to call).
        bound: code produced without the LLM for the first attempt, if binding was deterministic.
        tried: every code run so far, so a repetition is caught before it runs again.
        repeats: how many times the LLM sent code it had already sent.
        seed: the session's seed; a retry after a repetition samples with ``seed + repeats``.
        failures: what went wrong with each code that ran and failed, for a fresh start.
    """

    language: str
    messages: list[BaseMessage] = field(default_factory=list)
    prefix: str = ""
    bound: str | None = None
    parameters: dict[str, Any] = field(default_factory=dict)
    tried: list[str] = field(default_factory=list)
    repeats: int = 0
    seed: int = 0
    failures: list[str] = field(default_factory=list)
    _temperature: float | None = None
    _opening: int = field(default=0, init=False)  # how many messages the first prompt has
    _restart: bool = field(default=False, init=False)

    def __post_init__(self) -> None:
        self._opening = len(self.messages)

    @classmethod
    def start(
        cls,
        plan: Plan,
        template: TemplateChoice,
        schema: Schema,
        language: str,
        dialect: str,
        *,
        render_cypher: Any = None,
        seed: int = 0,
        examples: str = "",
    ) -> CodeWriter:
        """Prepare the conversation; bind deterministically when possible.

        ``render_cypher(template, parameters) -> str | None`` renders a retrieved Cypher template
        for this store (labels, arrows, literal parameters); None when it cannot. ``examples``
        (worked question/query pairs, :func:`grraf.pipeline.examples.examples_text`) stand where a
        Cypher template would when there is none.
        """
        fmt = OUTPUT_HINTS.get(plan.output, "a short value")
        if language == "python":
            if template.retrieved:
                messages = load_prompt("generate_bind").render(
                    question=plan.question,
                    output_format=fmt,
                    schema=schema.text,
                    template=template.code,
                    variables=variables_text(schema),
                )
                call = python_call(template, plan.parameters)
                bound = f"{template.code.rstrip()}\n\n{call}\n" if call else None
                return cls(
                    language=language,
                    messages=messages,
                    prefix=template.code.rstrip(),
                    bound=bound,
                    parameters=plan.parameters,
                    seed=seed,
                )
            messages = load_prompt("generate_python").render(
                question=plan.question,
                output_format=fmt,
                schema=schema.text,
                template=_template_or_docs(template),
                variables=variables_text(schema),
            )
            return cls(language=language, messages=messages, parameters=plan.parameters, seed=seed)
        bound = None
        if template.retrieved and render_cypher is not None:
            bound = render_cypher(template, plan.parameters)
        messages = load_prompt("generate_cypher").render(
            question=plan.question,
            output_format=fmt,
            schema=schema.text,
            names=names_text(plan),
            template=_cypher_template_or_examples(template, examples),
            dialect_notes=dialect_notes(dialect),
        )
        return cls(language=language, messages=messages, bound=bound, seed=seed)

    def write(self, llm: LLMSession, stage: str = "generate") -> str:
        """The next code to run: the bound template first, then LLM replies.

        Raises:
            CodeRejected: the LLM's reply held no code (fed back like any code error).
            CodeRepeated: the LLM sent code that already ran; it is not run again (the next call
                samples with more freedom).
        """
        if self.bound is not None:
            code, self.bound = self.bound, None
            # The LLM sees the bound call as its own first answer, so feedback reads naturally.
            self.messages.append(AIMessage(f"```{self.language}\n{self._shown(code)}\n```"))
            self.tried.append(code)
            return code
        if self._restart:
            self._start_again()
        if self._temperature is None:
            reply = llm.chat(stage, self.messages)
        else:
            reply = llm.chat(stage, self.messages, temperature=self._temperature, seed=self.seed + self.repeats)
        try:
            code = extract_code(reply, self.language)
        except CodeError:
            self.messages.append(AIMessage(reply))
            raise
        # Keep only the code in the history: shorter prompts, and no prose to imitate.
        self.messages.append(AIMessage(f"```{self.language}\n{code}\n```"))
        if self.prefix and not _defines_solve(code):
            code = f"{self.prefix}\n\n{code}"
        if self.language == "python":
            code = drop_graph_rebuild(code) or code
            call = call_for_function(code, self.parameters)
            if call is not None:
                code = f"{code.rstrip()}\n\n{call}\n"
            code = rebind_invented_call(code, self.parameters) or code
        if same_code(code, self.tried):
            self.repeats += 1
            other = "another algorithm or another networkx function" if self.language == "python" else "another query"
            raise CodeRepeated(
                f"This is the same code as an earlier attempt, which already failed; it was not run again. "
                f"Write different code: {other}.",
                code=code,
            )
        self.tried.append(code)
        return code

    def amend(self, code: str) -> str:
        """Put ``code``, a deterministic correction of the last reply, in that reply's place: the
        LLM's history shows what ran, and the uncorrected reply still counts as tried."""
        self.messages[-1] = AIMessage(f"```{self.language}\n{self._shown(code)}\n```")
        self.tried.append(code)
        return code

    def _shown(self, code: str) -> str:
        """What the LLM is shown of bound code: just the call when it extends the template."""
        if self.prefix and code.startswith(self.prefix):
            return code[len(self.prefix) :].strip()
        return code

    def _start_again(self) -> None:
        """The first prompt again, with what went wrong so far in words and none of the code.

        After a repetition the small model copies the code it sees in the conversation: of 132
        benchmark answers that repeated themselves, 75 repeated twice or more although each retry
        sampled at a higher temperature (a copied token keeps nearly all the probability). Without
        the code in view there is nothing to copy; the errors still say what to avoid.
        """
        self._restart = False
        del self.messages[self._opening :]
        if self.failures:
            errors = "\n".join(f"- {e}" for e in self.failures[-MAX_FAILURES_SHOWN:])
            self.messages.extend(load_prompt("feedback_restart").render(errors=errors, language=self.language))

    def feedback(self, error: CodeError, size: str) -> None:
        """Tell the LLM what went wrong with its last code."""
        if isinstance(error, CodeRepeated):
            # Greedy decoding would only send the same code again: sample for the next reply, with
            # more freedom after each repetition, from a conversation without the code to copy.
            self._temperature = RETRY_TEMPERATURE + 0.2 * (self.repeats - 1)
            self._restart = True
            return
        self.failures.append(_first_lines(str(error)))
        if isinstance(error, CodeFoundNothing):
            # Greedy decoding sent the same query back in every dev try: sample the next one.
            self._temperature = RETRY_TEMPERATURE
            notes = "".join(f"\nIn your query: {note}." for note in error.notes)
            messages = load_prompt("feedback_nothing").render(
                value=json.dumps(error.value, default=str), notes=notes, language=self.language
            )
        elif isinstance(error, CodeTimeout):
            messages = load_prompt("feedback_timeout").render(
                seconds=f"{error.seconds:g}", size=size, language=self.language
            )
        else:
            text = str(error)
            # What the networkx calls behind the failing line return: the small model misreads
            # return values (indexes an iterator) and repeats the mistake without being told.
            note = None
            if self.language == "python" and self.tried and not isinstance(error, CodeRepeated):
                note = return_notes(self.tried[-1], text)
            if len(text) > MAX_ERROR_CHARS:
                text = text[: MAX_ERROR_CHARS // 2] + "\n...\n" + text[-MAX_ERROR_CHARS // 2 :]
            if note:
                text = f"{text}\n\n{note}"
            messages = load_prompt("feedback_error").render(error=text, language=self.language)
        self.messages.extend(messages)


def _cypher_template_or_examples(template: TemplateChoice, examples: str) -> str:
    """What the Cypher prompt shows under its question: the template, else the worked examples."""
    if template.code:
        return f"A generic template you may adapt:\n```cypher\n{template.code}\n```"
    return examples or "(No template fits this question: write the query from the schema.)"


def _template_or_docs(template: TemplateChoice) -> str:
    """What the generate prompt shows as a starting point: the drafted template, else the
    documentation of the networkx functions retrieval found for the question."""
    if template.code:
        return f"A generic template you may adapt:\n```python\n{template.code}\n```"
    if template.docs_text:
        return template.docs_text
    return ""


def _first_lines(error: str, limit: int = 300) -> str:
    """An error in one short line, for the list of what went wrong.

    >>> _first_lines("Binder exception: Variable m is not in scope.\\nMore detail")
    'Binder exception: Variable m is not in scope. More detail'
    """
    text = " ".join(line.strip() for line in error.strip().splitlines() if line.strip())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def same_code(code: str, tried: list[str]) -> bool:
    """Whether ``code`` is one already tried, up to blank lines and trailing spaces."""

    def folded(text: str) -> str:
        return "\n".join(line.rstrip() for line in text.strip().splitlines() if line.strip())

    return folded(code) in {folded(t) for t in tried}
