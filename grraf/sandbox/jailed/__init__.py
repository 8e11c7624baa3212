"""Code that runs INSIDE the jail (bubblewrap + seccomp).

Everything in this package is bound read-only into the jail at ``/grraf-jail/jailed`` and imported
there as the top-level package ``jailed``: it may import only the standard library, the graph
libraries the jail exposes (networkx, numpy, scipy; ladybug for the Cypher runner) and its own
modules, relatively. It never imports ``grraf`` (grraf and its dependencies are not in the jail).
"""
