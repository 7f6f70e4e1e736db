// The oracle of TestCallsModulesMatchTypeScript: the TypeScript
// compiler's own reading of the JavaScript files under <root>/<dir>
// (allowJs). Of every call whose callee is a name, or a name's property
// (x.name), it takes those where the name (or x) is bound by an import or
// a require of a module, as the compiler's checker finds the binding
// (scope by scope: a local that shadows an import is none):
//
// - x.name(...): x bound to the module itself (import * as x, import x
//   from, const x = require(m));
// - name(...): name bound to one of the module's exports (import {name},
//   const {name} = require(m), const name = require(m).name).
//
// The module is the file ts.resolveModuleName resolves the specifier to
// (relative to root), else the specifier itself; when that file only
// re-exports the name, the file that defines it: the checker follows the
// called name's symbol (through aliases: export {a} from, import and
// require bindings) to its declarations, and takes the file of the first
// that is a definition (a function, a class, a method, a variable),
// else the file where the value's type (a function's, a class's) is
// declared. Node's modules are parsed (maxNodeModuleJsDepth) so that it
// can follow into them. It samples 100 callee
// names (fixed seed) among those with such calls and prints one JSON
// object: {"names", "parsed", "sites": [[name, file, line, module]]}.
// Usage: node jsmodules.js <typescript module dir> <root> <dir>
"use strict";
const ts = require(process.argv[2]);
const path = require("path");
const fs = require("fs");
const root = path.resolve(process.argv[3]);
const dir = process.argv[4];

const files = [];
(function walk(d) {
  for (const e of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const p = path.join(d, e.name);
    if (e.isDirectory()) {
      if (e.name !== "node_modules") walk(p);
    } else if (/\.(js|cjs|mjs)$/.test(e.name)) files.push(p);
  }
})(path.join(root, dir));

const options = { allowJs: true, checkJs: false, noEmit: true, module: ts.ModuleKind.CommonJS, moduleResolution: ts.ModuleResolutionKind.Node10, target: ts.ScriptTarget.ES2022, maxNodeModuleJsDepth: 3, types: [] };
const program = ts.createProgram(files, options);
const checker = program.getTypeChecker();
const rel = (p) => path.relative(root, p).split(path.sep).join("/");

function moduleOf(spec, from) {
  const r = ts.resolveModuleName(spec, from, options, ts.sys).resolvedModule;
  if (r && !r.isExternalLibraryImport === false && r.resolvedFileName.endsWith(".d.ts")) return spec;
  return r && !r.resolvedFileName.endsWith(".d.ts") ? rel(r.resolvedFileName) : spec;
}

function requireSpec(e) {
  // require("m") -> "m"; else undefined
  if (e && ts.isCallExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === "require" && e.arguments.length === 1 && ts.isStringLiteral(e.arguments[0])) return e.arguments[0].text;
  return undefined;
}

// binding returns [spec, whole] for an identifier bound by an import or a
// require: whole when it is the module itself (or its default export).
function binding(id) {
  const sym = checker.getSymbolAtLocation(id);
  const d = sym && sym.declarations && sym.declarations[0];
  if (!d) return undefined;
  if (ts.isNamespaceImport(d)) return [d.parent.parent.moduleSpecifier.text, true];
  if (ts.isImportClause(d)) return [d.parent.moduleSpecifier.text, true];
  if (ts.isImportSpecifier(d)) return [d.parent.parent.parent.moduleSpecifier.text, false];
  if (ts.isVariableDeclaration(d) && ts.isIdentifier(d.name)) {
    const s = requireSpec(d.initializer);
    if (s !== undefined) return [s, true];
    if (d.initializer && ts.isPropertyAccessExpression(d.initializer) && requireSpec(d.initializer.expression) !== undefined) return [requireSpec(d.initializer.expression), false];
  }
  if (ts.isBindingElement(d) && ts.isObjectBindingPattern(d.parent) && ts.isVariableDeclaration(d.parent.parent)) {
    const s = requireSpec(d.parent.parent.initializer);
    if (s !== undefined) return [s, false];
  }
  return undefined;
}

// definer returns the file (relative to root) where the name the call
// at id names is defined, as the checker follows it; undefined when it
// cannot tell, or where that is not a source file of the tree.
function definer(id) {
  let sym = checker.getSymbolAtLocation(id);
  if (sym && sym.flags & ts.SymbolFlags.Alias) sym = checker.getAliasedSymbol(sym);
  if (!sym || !sym.declarations || sym.declarations.length === 0) return undefined;
  const inTree = (d) => {
    const f = d.getSourceFile().fileName;
    return f.endsWith(".d.ts") || !path.resolve(f).startsWith(root + path.sep) ? undefined : rel(f);
  };
  for (const d of sym.declarations) {
    if (ts.isFunctionDeclaration(d) || ts.isClassDeclaration(d) || ts.isMethodDeclaration(d) || (ts.isVariableDeclaration(d) && !requireSpec(d.initializer))) return inTree(d);
  }
  const t = checker.getTypeOfSymbolAtLocation(sym, id);
  const ds = t && t.symbol && t.symbol.declarations;
  if (ds && ds.length > 0 && (ts.isFunctionLike(ds[0]) || ts.isClassLike(ds[0]))) return inTree(ds[0]);
  return undefined;
}

const sites = [];
const libSites = []; // calls of JavaScript's built-ins: JSON.parse (module JSON), parseInt (globalThis)
const parsed = [];
// lib reports whether the checker binds id to a declaration of
// JavaScript's default library (lib.*.d.ts), and to no other.
function lib(id) {
  const sym = checker.getSymbolAtLocation(id);
  const ds = (sym && sym.declarations) || [];
  return ds.length > 0 && ds.every((d) => program.isSourceFileDefaultLibrary(d.getSourceFile()));
}
for (const sf of program.getSourceFiles()) {
  if (!files.includes(sf.fileName) && !files.includes(path.resolve(sf.fileName))) continue;
  parsed.push(rel(sf.fileName));
  (function visit(n) {
    if (ts.isCallExpression(n)) {
      const c = n.expression;
      let name, b;
      if (ts.isIdentifier(c)) {
        name = c;
        b = binding(c);
        if (b && b[1]) b = undefined; // the module or its default export, called itself
      } else if (ts.isPropertyAccessExpression(c) && ts.isIdentifier(c.expression) && ts.isIdentifier(c.name)) {
        name = c.name;
        b = binding(c.expression);
        if (b && !b[1]) b = undefined; // an export's property: not a module's name
      }
      if (name && !b) {
        // A built-in: a global object's property, or a global function.
        const line = sf.getLineAndCharacterOfPosition(name.getStart(sf)).line + 1;
        if (ts.isIdentifier(c) && lib(c)) libSites.push([name.text, rel(sf.fileName), line, "globalThis"]);
        else if (!ts.isIdentifier(c) && binding(c.expression) === undefined && lib(c.expression)) libSites.push([name.text, rel(sf.fileName), line, c.expression.text]);
      }
      if (b) {
        const line = sf.getLineAndCharacterOfPosition(name.getStart(sf)).line + 1;
        let m = moduleOf(b[0], sf.fileName);
        if (m !== b[0]) m = definer(name) || m;
        sites.push([name.text, rel(sf.fileName), line, m]);
      }
    }
    ts.forEachChild(n, visit);
  })(sf);
}

// A fixed sample of 100 names (a small LCG: the same on every machine).
const names = [...new Set(sites.map((s) => s[0]))].sort();
let seed = 7;
for (let i = names.length - 1; i > 0; i--) {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  const j = seed % (i + 1);
  [names[i], names[j]] = [names[j], names[i]];
}
const chosen = new Set(names.slice(0, 100));
// The sample is drawn from the calls tied to an import alone; the calls
// of built-ins of the names drawn are sites too.
const all = sites.concat(libSites).filter((s) => chosen.has(s[0]));
process.stdout.write(JSON.stringify({ names: [...chosen].sort(), parsed: parsed.sort(), sites: all }));
