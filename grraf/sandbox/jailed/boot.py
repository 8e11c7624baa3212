"""Entry point of a jailed worker: ``python -I -S -B -c "...boot()" ARGS_JSON``.

``ARGS_JSON`` names the runner (``"python"`` or ``"ladybug"``), the two pipe descriptors (requests in,
replies out) and the directories to put on ``sys.path`` (the libraries bound into the jail). It holds
no secret: the interpreter's environment was cleared by bubblewrap (``--clearenv``) and the process
was started fresh, not forked from the process that holds API keys.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import sys


def boot() -> None:
    """Read the arguments, extend ``sys.path`` and hand over to the runner's ``main``."""
    args = json.loads(sys.argv[1])
    for path in args["paths"]:
        if path not in sys.path:
            sys.path.append(path)
    # libseccomp's binding is loaded from its file: on the host it lives among the system's Python
    # packages, which must not all come onto the path.
    spec = importlib.util.spec_from_file_location("seccomp", args["seccomp"])
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load libseccomp's binding from {args['seccomp']}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    sys.modules["seccomp"] = module
    runners = {"python": "python_runner", "ladybug": "ladybug_runner"}
    if args["runner"] not in runners:
        raise SystemExit(f"unknown runner {args['runner']!r}")
    runner = importlib.import_module(f"{__package__}.{runners[args['runner']]}")
    runner.main(int(args["requests"]), int(args["replies"]))
