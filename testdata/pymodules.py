"""The oracle of TestCallsModulesMatchPythonAST: sample 40 names of
functions defined at the top of more than one module under a directory
(fixed seed) and print, as one JSON object, the files ast parses and each
call of a name that ast ties to a module by the file's imports:

- a.b.name(...) or x.name(...), where the first name is bound by an import
  ("import a.b", "import m as x", "from p import m"): the module is the
  dotted name so reached, cut to its longest part that is a module file of
  the tree;
- name(...), bound by "from m import name" (no submodule of m so named):
  module m;
- name(...), not bound by an import, in a file that defines name at its
  top (in its if and try blocks too): that file.

A module of the tree that does not define the name at its top but
imports it follows that import, to the module that defines it (asyncio's
__init__.py has "from .tasks import *": asyncio.sleep is asyncio/tasks.py's;
a name starting with _ is not brought by a "*"); when no module on the way
defines it, the module named stays.

Each site is [name, file, line of the name, module], the module as its
file when it is in the tree, else its dotted name. Imports anywhere in the
file count, the last of a name winning, as a reader of import lines sees
them."""
import ast
import gc
import json
import os
import random
import sys
import warnings

warnings.simplefilter("ignore")
gc.disable()  # trees hold no cycles (see pycalls.py)
root = sys.argv[1]
trees = {}
for dirpath, dirnames, filenames in os.walk(root):
    dirnames[:] = sorted(d for d in dirnames if d not in ("site-packages", "__pycache__"))
    for fn in sorted(filenames):
        if fn.endswith(".py"):
            p = os.path.join(dirpath, fn)
            try:
                with open(p, "rb") as f:
                    trees[os.path.relpath(p, root)] = ast.parse(f.read(), p)
            except (SyntaxError, ValueError, UnicodeDecodeError, RecursionError, MemoryError):
                pass


def module_of(rel):
    m = rel[:-3].replace(os.sep, ".")
    return m[: -len(".__init__")] if m.endswith(".__init__") else m


modfile = {module_of(rel): rel for rel in trees}
# A module file ast refused still resolves an import.
for dirpath, dirnames, filenames in os.walk(root):
    dirnames[:] = [d for d in dirnames if d not in ("site-packages", "__pycache__")]
    for fn in filenames:
        if fn.endswith(".py"):
            rel = os.path.relpath(os.path.join(dirpath, fn), root)
            modfile.setdefault(module_of(rel), rel)

top = {}
for rel, tree in trees.items():
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            top.setdefault(node.name, set()).add(rel)
names = sorted(n for n, files in top.items() if len(files) > 1 and not n.startswith("__"))
random.Random(7).shuffle(names)
names = set(names[:40])


def absolute(rel, level, module):
    if level == 0:
        return module or ""
    pkg = module_of(rel).split(".")
    if not rel.endswith("__init__.py"):
        pkg = pkg[:-1]
    base = pkg[: len(pkg) - (level - 1)] if level > 1 else pkg
    return ".".join(base + ([module] if module else []))


def where(dotted):
    m = dotted
    while m:
        if m in modfile:
            return modfile[m]
        if "." not in m:
            break
        m = m.rsplit(".", 1)[0]
    return dotted


def chain(node):
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    return list(reversed(parts))


def bindings(rel, tree):
    """The names the file's imports bind (anywhere in it), the last of a
    name winning: name -> (module, name in it or None)."""
    binds = {}
    imports = [n for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))]
    for n in sorted(imports, key=lambda n: (n.lineno, n.col_offset)):
        if isinstance(n, ast.Import):
            for a in n.names:
                if a.asname:
                    binds[a.asname] = (a.name, None)
                else:
                    first = a.name.split(".")[0]
                    binds[first] = (first, None)
        else:
            mod = absolute(rel, n.level, n.module)
            for a in n.names:
                if a.name != "*":
                    binds[a.asname or a.name] = (mod, a.name)
    return binds


def top_of(rel, tree):
    """What a module's top defines (its if, try and with blocks too:
    functions, classes, names assigned) and the modules of its
    "from m import *" there, in order."""
    defs, stars = set(), []

    def visit(body):
        for n in body:
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                defs.add(n.name)
            elif isinstance(n, ast.Assign):
                defs.update(t.id for t in n.targets if isinstance(t, ast.Name))
            elif isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name):
                defs.add(n.target.id)
            elif isinstance(n, ast.ImportFrom) and any(a.name == "*" for a in n.names):
                stars.append(absolute(rel, n.level, n.module))
            elif isinstance(n, (ast.If, ast.Try, ast.With)):
                visit(n.body + getattr(n, "orelse", []) + [s for h in getattr(n, "handlers", []) for s in h.body] + getattr(n, "finalbody", []))

    visit(tree.body)
    return defs, stars


tops = {}


def definer(f, name, depth=0, seen=None):
    """The module file that defines name, seen from module file f through
    its imports; None when none on the way does."""
    seen = set() if seen is None else seen
    if f in seen or depth > 8 or f not in trees:
        return None
    seen.add(f)
    if f not in tops:
        tops[f] = (top_of(f, trees[f]), bindings(f, trees[f]))
    (defs, stars), binds = tops[f]
    if name in defs:
        return f
    if name in binds:
        mod, attr = binds[name]
        if attr is None or (mod + "." + attr if mod else attr) in modfile or mod not in modfile:
            return None
        return definer(modfile[mod], attr, depth + 1, seen)
    if name.startswith("_"):
        return None
    for m in stars:
        if m in modfile:
            d = definer(modfile[m], name, depth + 1, seen)
            if d:
                return d
    return None


def module_for(dotted, name):
    """where(dotted), or the module that defines name when the whole of
    dotted is a module of the tree that imports it."""
    if dotted in modfile:
        return definer(modfile[dotted], name) or modfile[dotted]
    return where(dotted)


sites = []
for rel, tree in sorted(trees.items()):
    binds = bindings(rel, tree)
    own = set()  # defined at the module's top, in its if and try blocks too
    todo = list(tree.body)
    while todo:
        n = todo.pop()
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            own.add(n.name)
        elif isinstance(n, (ast.If, ast.Try)):
            todo += n.body + n.orelse + getattr(n, "finalbody", []) + [s for h in getattr(n, "handlers", []) for s in h.body]
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        fn = node.func
        if isinstance(fn, ast.Name) and fn.id in names:
            b = binds.get(fn.id)
            if b and b[1] is not None:
                mod, attr = b
                if (mod + "." + attr if mod else attr) not in modfile:
                    sites.append([fn.id, rel, fn.lineno, module_for(mod, attr)])
            elif not b and fn.id in own:
                sites.append([fn.id, rel, fn.lineno, rel])
        elif isinstance(fn, ast.Attribute) and fn.attr in names:
            c = chain(fn.value)
            if not c or c[0] not in binds:
                continue
            mod, attr = binds[c[0]]
            full = ".".join([mod] + ([attr] if attr else []) + c[1:])
            sites.append([fn.attr, rel, fn.end_lineno, module_for(full, fn.attr)])

json.dump({"names": sorted(names), "parsed": sorted(trees), "sites": sites}, sys.stdout)
