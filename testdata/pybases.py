"""The oracle of TestImplementationsMatchPythonAST: sample 60 class names
that other classes of the Python files under a directory name as a base
(fixed seed), and print, as one JSON object, the names, every file ast
parses, and each class that names one as a base: a base that is the Name
or an Attribute ending in it (pkg.Name), or either subscripted
(Generic[T] is a base of Generic; T is not), or a name that the file's
"from ... import Name as Alias" binds to it, never a keyword (metaclass=),
with the class's file and line."""
import ast
import json
import os
import random
import sys
import warnings

warnings.simplefilter("ignore")
root = sys.argv[1]
parsed, sites = [], []


def base_name(b):
    if isinstance(b, ast.Subscript):
        b = b.value
    if isinstance(b, ast.Name):
        return b.id
    if isinstance(b, ast.Attribute):
        return b.attr
    return None


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
        except (SyntaxError, ValueError):
            continue
        rel = os.path.relpath(p, root)
        parsed.append(rel)
        # "from m import Base as B": a class whose base is B names Base.
        aliases = {}
        for n in ast.walk(tree):
            if isinstance(n, ast.ImportFrom):
                for a in n.names:
                    if a.asname and a.asname != a.name:
                        aliases[a.asname] = a.name
        for n in ast.walk(tree):
            if isinstance(n, ast.ClassDef):
                for b in n.bases:
                    name = base_name(b)
                    plain = b.value if isinstance(b, ast.Subscript) else b
                    if name and isinstance(plain, ast.Name):
                        name = aliases.get(name, name)
                    if name:
                        sites.append([name, rel, n.lineno, n.name])
bases = sorted({s[0] for s in sites if s[0] not in ("object",)})
random.seed(7)
names = sorted(random.sample(bases, 60))
want = set(names)
print(json.dumps({"names": names, "parsed": parsed, "sites": [s for s in sites if s[0] in want]}))
