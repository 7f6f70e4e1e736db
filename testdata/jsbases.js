// The oracle of TestImplementationsMatchTypeScript: the TypeScript
// compiler's parse (no checker) of every JavaScript and TypeScript file
// under <root> (node_modules too; no .d.ts). For each class (declared, or
// a class expression with a name of its own or of what it is the value
// of: const A = class …, {A: class …}, exports.A = class …) and
// interface, each type its extends or implements clauses name by an
// identifier or a property (pkg.Base): that name, and, when the file's
// imports bind the identifier to another name, that one too: import
// {Base as B} from, const {Base: B} = require(), const B =
// require("m").Base, and const B = require("./m") (or import B from
// "./m") of a relative module whose export is a class itself
// (module.exports = Base, export default class Base). It samples 60 base
// names (fixed seed) and prints one JSON object: {"names", "parsed",
// "sites": [[name, file, line, class]]}, the line being the class's
// name's (an anonymous class expression's: its class keyword's).
// Usage: node jsbases.js <typescript module dir> <root>
"use strict";
const ts = require(process.argv[2]);
const path = require("path");
const fs = require("fs");
const root = path.resolve(process.argv[3]);

const files = [];
(function walk(d) {
  for (const e of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const p = path.join(d, e.name);
    if (e.isDirectory()) walk(p);
    else if (/\.(js|cjs|mjs|ts|mts|cts)$/.test(e.name) && !/\.d\.[mc]?ts$/.test(e.name)) files.push(p);
  }
})(root);
const rel = (p) => path.relative(root, p).split(path.sep).join("/");

function parse(p) {
  let text;
  try {
    text = fs.readFileSync(p, "utf8");
  } catch {
    return undefined;
  }
  if (text.length > 4 << 20) return undefined;
  return ts.createSourceFile(p, text, ts.ScriptTarget.Latest, true, /\.[mc]?ts$/.test(p) ? ts.ScriptKind.TS : ts.ScriptKind.JS);
}

// exportedClass returns the class a module exports as itself, if any.
const exported = new Map();
function exportedClass(p) {
  if (exported.has(p)) return exported.get(p);
  let name;
  const sf = fs.existsSync(p) ? parse(p) : undefined;
  for (const s of sf ? sf.statements : []) {
    if (ts.isExpressionStatement(s) && ts.isBinaryExpression(s.expression) && s.expression.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      s.expression.left.getText(sf) === "module.exports" && ts.isIdentifier(s.expression.right)) name = s.expression.right.text;
    if (ts.isExportAssignment(s) && ts.isIdentifier(s.expression)) name = s.expression.text;
    if (ts.isClassDeclaration(s) && s.name && (ts.getCombinedModifierFlags(s) & ts.ModifierFlags.Default)) name = s.name.text;
  }
  exported.set(p, name);
  return name;
}

function resolveRelative(from, spec) {
  if (!spec.startsWith(".")) return undefined;
  const base = path.resolve(path.dirname(from), spec);
  for (const c of [base, base + ".js", base + ".ts", base + ".cjs", base + ".mjs", path.join(base, "index.js"), path.join(base, "index.ts")]) {
    if (fs.existsSync(c) && fs.statSync(c).isFile()) return c;
  }
  return undefined;
}

function requireSpec(e) {
  if (e && ts.isCallExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === "require" && e.arguments.length === 1 && ts.isStringLiteral(e.arguments[0])) return e.arguments[0].text;
  return undefined;
}

const parsed = [];
const sites = [];
for (const p of files) {
  const sf = parse(p);
  if (!sf) continue;
  if (sf.parseDiagnostics && sf.parseDiagnostics.length) continue;
  parsed.push(rel(p));
  const alias = new Map(); // local name -> the name it stands for
  for (const s of sf.statements) {
    if (ts.isImportDeclaration(s) && s.importClause && ts.isStringLiteral(s.moduleSpecifier)) {
      const c = s.importClause;
      if (c.name) {
        const m = resolveRelative(p, s.moduleSpecifier.text);
        const cls = m && exportedClass(m);
        if (cls && cls !== c.name.text) alias.set(c.name.text, cls);
      }
      if (c.namedBindings && ts.isNamedImports(c.namedBindings)) {
        for (const e of c.namedBindings.elements) if (e.propertyName && e.propertyName.text !== e.name.text) alias.set(e.name.text, e.propertyName.text);
      }
    }
    if (ts.isVariableStatement(s)) {
      for (const d of s.declarationList.declarations) {
        const init = d.initializer;
        if (init && ts.isPropertyAccessExpression(init) && requireSpec(init.expression) && ts.isIdentifier(d.name)) {
          // const B = require("m").Base
          if (init.name.text !== d.name.text) alias.set(d.name.text, init.name.text);
          continue;
        }
        const spec = requireSpec(init);
        if (!spec) continue;
        if (ts.isIdentifier(d.name)) {
          const m = resolveRelative(p, spec);
          const cls = m && exportedClass(m);
          if (cls && cls !== d.name.text) alias.set(d.name.text, cls);
        } else if (ts.isObjectBindingPattern(d.name)) {
          for (const e of d.name.elements) {
            if (e.propertyName && ts.isIdentifier(e.propertyName) && ts.isIdentifier(e.name) && e.propertyName.text !== e.name.text) alias.set(e.name.text, e.propertyName.text);
          }
        }
      }
    }
  }
  // The name of a class: its own, else what an anonymous class
  // expression is the value of (const A = class …, {A: class …},
  // exports.A = class …).
  function className(n) {
    if (n.name) return n.name.text;
    if (!ts.isClassExpression(n)) return undefined;
    const p = n.parent;
    if (ts.isVariableDeclaration(p) && ts.isIdentifier(p.name)) return p.name.text;
    if (ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))) return p.name.text;
    if (ts.isBinaryExpression(p) && p.operatorToken.kind === ts.SyntaxKind.EqualsToken && p.right === n) {
      if (ts.isIdentifier(p.left)) return p.left.text;
      if (ts.isPropertyAccessExpression(p.left)) return p.left.name.text;
    }
    return undefined;
  }
  (function visit(n) {
    const cls = (ts.isClassDeclaration(n) || ts.isClassExpression(n) || ts.isInterfaceDeclaration(n)) && n.heritageClauses ? className(n) : undefined;
    if (cls) {
      const line = sf.getLineAndCharacterOfPosition((n.name || n).getStart(sf)).line + 1;
      for (const h of n.heritageClauses) {
        for (const t of h.types) {
          if (ts.isIdentifier(t.expression)) {
            sites.push([t.expression.text, rel(p), line, cls]);
            const a = alias.get(t.expression.text);
            if (a) sites.push([a, rel(p), line, cls]);
          } else if (ts.isPropertyAccessExpression(t.expression)) sites.push([t.expression.name.text, rel(p), line, cls]);
        }
      }
    }
    ts.forEachChild(n, visit);
  })(sf);
}

// A fixed-seed sample (mulberry32) of the names that are bases.
let seed = 7;
function rand() {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const bases = [...new Set(sites.map((s) => s[0]))].sort();
const names = [];
while (names.length < Math.min(60, bases.length)) {
  const n = bases[Math.floor(rand() * bases.length)];
  if (!names.includes(n)) names.push(n);
}
names.sort();
const want = new Set(names);
process.stdout.write(JSON.stringify({ names, parsed, sites: sites.filter((s) => want.has(s[0])) }));
