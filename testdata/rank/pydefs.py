"""Lists the classes, functions and methods a Python tree defines, with
Python's own parser: the ground truth of scout's Python ranking evaluation
(rank_eval_python_test.go). Prints JSON: [[name, kind, path, line, top],
...], path relative to the root, for every class, def and async def; top
is true for top-level definitions and the methods of top-level classes (the
ones sampled: a name must be defined once in all, nested ones included).
site-packages and __pycache__ are not the library."""
import ast
import json
import os
import sys

root = sys.argv[1]
out = []
for dirpath, dirnames, filenames in os.walk(root):
    dirnames[:] = sorted(d for d in dirnames if d not in ("site-packages", "__pycache__"))
    for f in sorted(filenames):
        if not f.endswith(".py"):
            continue
        p = os.path.join(dirpath, f)
        try:
            with open(p, "rb") as fh:
                tree = ast.parse(fh.read())
        except (SyntaxError, ValueError, OSError):
            continue
        rel = os.path.relpath(p, root).replace(os.sep, "/")

        top = set()
        for n in tree.body:
            top.add(n)
            if isinstance(n, ast.ClassDef):
                top.update(n.body)
        for n in ast.walk(tree):
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                out.append([n.name, type(n).__name__, rel, n.lineno, n in top])
json.dump(out, sys.stdout)
