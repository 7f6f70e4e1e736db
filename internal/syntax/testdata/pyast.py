"""Print every class, def and async def of the Python files under a
directory, as Python's own ast module sees them, and each module-level name
assigned (X = ..., X: T = ..., a = b = ...; in the module's if and try
blocks too) where it is first assigned by a statement that begins its
line: one JSON array per file,
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
                src = f.read()
            tree = ast.parse(src, p)
            lines = src.split(b"\n")
        except (SyntaxError, ValueError, UnicodeDecodeError, RecursionError, MemoryError):
            continue
        defs = [
            [n.name, n.lineno, n.end_lineno]
            for n in ast.walk(tree)
            if isinstance(n, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        ]
        seen = set()

        def assigned(body):
            for n in body:
                if isinstance(n, (ast.If, ast.Try)):
                    assigned(n.body)
                    for h in getattr(n, "handlers", []):
                        assigned(h.body)
                    assigned(n.orelse)
                    assigned(getattr(n, "finalbody", []))
                    continue
                targets = []
                if isinstance(n, ast.Assign):
                    targets = n.targets
                elif isinstance(n, ast.AnnAssign):
                    targets = [n.target]
                if lines[n.lineno - 1][: n.col_offset].strip(b" \t"):
                    continue  # not the first statement on its line
                for t in targets:
                    if isinstance(t, ast.Name) and t.id != "_" and t.id not in seen:
                        seen.add(t.id)
                        defs.append([t.id, n.lineno, n.end_lineno])

        assigned(tree.body)
        print(json.dumps([p, defs]))
