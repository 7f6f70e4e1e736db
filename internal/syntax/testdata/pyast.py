"""Print every class, def and async def of the Python files under a
directory, as Python's own ast module sees them: one JSON array per file,
[path, [[name, lineno, end_lineno], ...]]. Files ast cannot parse (written
not to, or for another Python) are left out. Used by
TestOutlineMatchesPythonAST."""
import ast
import json
import os
import sys
import warnings

warnings.simplefilter("ignore")
root = sys.argv[1]
for dirpath, dirnames, filenames in os.walk(root):
    dirnames.sort()
    if "site-packages" in dirnames:
        dirnames.remove("site-packages")
    for fn in sorted(filenames):
        if not fn.endswith(".py"):
            continue
        p = os.path.join(dirpath, fn)
        try:
            with open(p, "rb") as f:
                tree = ast.parse(f.read(), p)
        except (SyntaxError, ValueError, UnicodeDecodeError, RecursionError, MemoryError):
            continue
        defs = [
            [n.name, n.lineno, n.end_lineno]
            for n in ast.walk(tree)
            if isinstance(n, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        ]
        print(json.dumps([p, defs]))
