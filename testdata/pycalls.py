"""The oracle of TestCallersMatchPythonAST: sample 100 function names from
the Python files under a directory (fixed seed; no test methods or dunder
methods, which nothing calls by name) and print, as one JSON
object, the names, every file ast parses, and each call of a name
(ast.Call whose func is that Name or an Attribute of it) with its line and
the innermost function it sits in (else the innermost class, else "").
Decorators belong to the scope around the definition they decorate."""
import ast
import gc
import json
import os
import random
import sys
import warnings

warnings.simplefilter("ignore")
# Every tree is kept until the names are sampled: millions of nodes, which
# the cyclic collector would scan again and again as more are made (the
# oracle took 50 s, most of it in ast.parse; 17 s without the collector,
# printing the same bytes).
# Trees hold no cycles, so counting references frees them all the same.
gc.disable()
root = sys.argv[1]
trees, texts = {}, {}
for dirpath, dirnames, filenames in os.walk(root):
    dirnames.sort()
    if "site-packages" in dirnames:
        dirnames.remove("site-packages")
    for fn in sorted(filenames):
        if fn.endswith(".py"):
            p = os.path.join(dirpath, fn)
            try:
                with open(p, "rb") as f:
                    data = f.read()
                rel = os.path.relpath(p, root)
                trees[rel] = ast.parse(data, p)
                texts[rel] = data
            except (SyntaxError, ValueError, UnicodeDecodeError, RecursionError, MemoryError):
                pass

# Test methods are run by the framework, not called: leave them out, and
# the dunder methods that Python calls for you.
names = sorted({n.name for t in trees.values() for n in ast.walk(t)
                if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
                and not n.name.startswith("test") and not n.name.startswith("__")})
random.Random(11).shuffle(names)
names = names[:100]
wanted = set(names)
sites = []


def visit(node, path, func, cls):
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        for d in node.decorator_list:
            visit(d, path, func, cls)
        inner_func = node.name if not isinstance(node, ast.ClassDef) else func
        inner_cls = node.name if isinstance(node, ast.ClassDef) else cls
        if isinstance(node, ast.ClassDef):
            inner_func = None  # a class body is the class's, not the function's around it
        for field, value in ast.iter_fields(node):
            if field == "decorator_list":
                continue
            for child in value if isinstance(value, list) else [value]:
                if isinstance(child, ast.AST):
                    visit(child, path, inner_func, inner_cls)
        return
    if isinstance(node, ast.Call):
        f = node.func
        name, line = None, None
        if isinstance(f, ast.Name):
            name, line = f.id, f.lineno
        elif isinstance(f, ast.Attribute):
            name, line = f.attr, f.end_lineno
        if name in wanted:
            sites.append([name, path, line, func or cls or ""])
    for child in ast.iter_child_nodes(node):
        visit(child, path, func, cls)


sys.setrecursionlimit(10000)
wanted_bytes = [n.encode() for n in names]
for path, tree in trees.items():
    if any(n in texts[path] for n in wanted_bytes):  # no call of a name the text does not hold
        visit(tree, path, None, None)
print(json.dumps({"names": names, "parsed": sorted(trees), "sites": sites}))
