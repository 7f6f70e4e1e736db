"""Lists the documented functions and classes of a Python tree, with Python's
own parser: the query set of scout's concept evaluation
(concept_eval_test.go). Prints JSON lines: {"path", "name", "line", "end",
"doc_line", "doc_end", "doc"}, path relative to the root, for every public
class, def and async def whose docstring is a string constant; line and end
are the definition's (decorators excluded), doc_line and doc_end the
docstring's. site-packages, __pycache__ and the test packages are left out."""
import ast
import json
import os
import sys

root = sys.argv[1]
skip = {"site-packages", "__pycache__", "test", "tests", "idle_test"}
for dirpath, dirnames, filenames in os.walk(root):
    dirnames[:] = sorted(d for d in dirnames if d not in skip)
    for f in sorted(filenames):
        if not f.endswith(".py") or f.startswith("test_"):
            continue
        p = os.path.join(dirpath, f)
        try:
            with open(p, "rb") as fh:
                tree = ast.parse(fh.read())
        except (SyntaxError, ValueError, OSError):
            continue
        rel = os.path.relpath(p, root).replace(os.sep, "/")
        for n in ast.walk(tree):
            if not isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                continue
            if n.name.startswith("_") or not n.body:
                continue
            d = n.body[0]
            if not (isinstance(d, ast.Expr) and isinstance(d.value, ast.Constant) and isinstance(d.value.value, str)):
                continue
            print(json.dumps({"path": rel, "name": n.name, "line": n.lineno, "end": n.end_lineno,
                              "doc_line": d.lineno, "doc_end": d.end_lineno, "doc": d.value.value}))
