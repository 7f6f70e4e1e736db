// A check of scout mcp with the official TypeScript MCP SDK, a client no
// one here wrote: list the tools; grep and follow the cursor to the end,
// checking the union against one unpaged search; the same for find; read a
// long file page by page; send a bad regex and paths outside the root and
// check the errors. The SDK itself checks every structured result against
// the tool's output schema.
//
//   node client.mjs SCOUT_BINARY ROOT
//
// ROOT is a real tree, such as $(go env GOROOT)/src/net/http (it must hold
// server.go, a long file). Exit status 0 when every check passes.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const [scout, root] = process.argv.slice(2);
if (!scout || !root) {
  console.error("usage: node client.mjs SCOUT_BINARY ROOT");
  process.exit(2);
}

let failures = 0;
function check(ok, what) {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures++;
}

const state = fs.mkdtempSync(path.join(os.tmpdir(), "scout-mcp-state-"));
const transport = new StdioClientTransport({
  command: path.resolve(scout),
  args: ["mcp", "--root", root],
  env: { ...process.env, XDG_STATE_HOME: state, XDG_CACHE_HOME: fs.mkdtempSync(path.join(os.tmpdir(), "scout-mcp-cache-")) },
  stderr: "inherit",
});
const client = new Client({ name: "scout-ci-client", version: "1.0.0" });
await client.connect(transport);

const text = (r) => r.content.filter((c) => c.type === "text").map((c) => c.text).join("");

async function call(name, args) {
  const r = await client.callTool({ name, arguments: args });
  if (r.isError) throw new Error(`${name} ${JSON.stringify(args)}: ${text(r)}`);
  return r;
}

// 1. The tools.
const { tools } = await client.listTools();
const names = tools.map((t) => t.name).sort();
check(JSON.stringify(names) === JSON.stringify(["callees", "callers", "concept", "find", "grep", "implementations", "outline", "read", "refs", "related", "touch"]), `tools: ${names.join(", ")}`);
for (const t of tools) {
  check(t.outputSchema && t.inputSchema && t.description.length > 40, `${t.name}: description and both schemas`);
}
for (const n of ["grep", "find", "read", "outline", "callers", "callees", "refs", "implementations", "related", "concept"]) {
  check(tools.find((t) => t.name === n)?.annotations?.readOnlyHint === true, `${n} is marked read-only`);
}

// 2. grep: follow the cursor to the end; the union is the unpaged search.
const pattern = String.raw`func \(\w+ \*?Request\)`;
const paged = new Set();
let pages = 0;
let dup = 0;
let args = { pattern, budget: 400, per_file: 2, max_files: 3, output_mode: "content" };
let total = -1;
for (;;) {
  const r = await call("grep", args);
  const p = r.structuredContent;
  check(text(r).length <= 400 * 4, `grep page ${p.page}: ${text(r).length} bytes within 400 tokens`);
  pages++;
  total = p.total.matches;
  for (const f of p.files ?? []) {
    for (const l of f.lines ?? []) {
      if (l.context) continue;
      const k = `${f.path}:${l.line}`;
      if (paged.has(k)) dup++;
      paged.add(k);
    }
  }
  if (!p.cursor) break;
  args = { ...args, cursor: p.cursor };
}
const whole = (await call("grep", { pattern, budget: 1000000, per_file: 100000, max_files: 100000, output_mode: "content" })).structuredContent;
const unpaged = new Set();
for (const f of whole.files ?? []) for (const l of f.lines ?? []) if (!l.context) unpaged.add(`${f.path}:${l.line}`);
check(!whole.cursor && unpaged.size === total, `grep unpaged: ${unpaged.size} matches in one page, total ${total}`);
check(dup === 0 && paged.size === unpaged.size && [...unpaged].every((k) => paged.has(k)),
  `grep: ${pages} pages hold ${paged.size} matches, each once (${dup} repeats), the same as the unpaged search`);
check(pages >= 5, `grep: the cursor was followed over ${pages} pages`);
// And against ripgrep, an independent unpaged search of the same tree.
const rg = spawnSync("rg", ["--line-number", "--no-heading", "--hidden", "--color", "never", pattern, "."], { cwd: root, encoding: "utf8" });
if (rg.error) {
  console.log(`skip grep vs rg: ${rg.error.message}`);
} else {
  const byRg = new Set(rg.stdout.split("\n").filter(Boolean).map((l) => l.replace(/^\.\//, "").split(":").slice(0, 2).join(":")));
  check(byRg.size === paged.size && [...byRg].every((k) => paged.has(k)), `grep: the pages hold the same ${paged.size} lines as rg (${byRg.size})`);
}

// 3. find: the same, over every file.
const listed = new Set();
let fargs = { max_files: 60 };
let fpages = 0;
for (;;) {
  const p = (await call("find", fargs)).structuredContent;
  fpages++;
  for (const f of p.files ?? []) listed.add(f.path);
  if (!p.cursor) break;
  fargs = { ...fargs, cursor: p.cursor };
}
const all = (await call("find", { max_files: 100000, budget: 1000000 })).structuredContent;
check(all.files.length === listed.size && all.files.every((f) => listed.has(f.path)),
  `find: ${fpages} pages list ${listed.size} paths, the same as the unpaged listing (${all.files.length})`);
const rgFiles = spawnSync("rg", ["--files", "--hidden", "."], { cwd: root, encoding: "utf8" });
if (!rgFiles.error) {
  const files = rgFiles.stdout.split("\n").filter(Boolean).map((l) => l.replace(/^\.\//, ""));
  check(files.length === listed.size && files.every((f) => listed.has(f)), `find: the pages list the same ${listed.size} paths as rg --files --hidden (${files.length})`);
}
// 3b. outline: a file's definitions in pages of 300 tokens, each once;
// callers: the calls of a name, each under the function it sits in.
const defs = new Set();
let oargs = { path: "server.go", budget: 300 };
let opages = 0;
let odef = null;
for (;;) {
  const r = await call("outline", oargs);
  const p = r.structuredContent;
  opages++;
  check(text(r).length <= 300 * 4, `outline page ${p.page}: ${text(r).length} bytes within 300 tokens`);
  for (const f of p.files ?? []) for (const l of f.lines ?? []) {
    defs.add(`${l.line} ${l.name}`);
    if (l.name === "ServeHTTP" && l.kind === "method") odef = l;
  }
  if (!p.cursor) { check(defs.size === p.total.matches, `outline: ${opages} pages hold ${defs.size} definitions, each once (total ${p.total.matches})`); break; }
  oargs = { ...oargs, cursor: p.cursor };
}
check(opages >= 3 && odef !== null && odef.end > odef.line, `outline: a method ServeHTTP with its line range (${odef?.line}-${odef?.end})`);
const callers = (await call("callers", { symbol: "ServeHTTP", budget: 100000 })).structuredContent;
const sites = (callers.files ?? []).flatMap((f) => f.lines ?? []);
check(callers.total.matches > 10 && sites.length === callers.total.matches && sites.every((l) => l.in === undefined || l.in.line > 0),
  `callers ServeHTTP: ${sites.length} calls in ${callers.total.files} files, each with the function it sits in`);
const callees = (await call("callees", { function: "Serve", budget: 100000 })).structuredContent;
const made = (callees.files ?? []).flatMap((f) => f.lines ?? []);
check(made.length > 5 && made.length === callees.total.matches && made.every((l) => l.callee?.name && l.in?.line > 0) && made.some((l) => l.callee.at?.length > 0),
  `callees Serve: ${made.length} calls, each with what it calls and where that is defined`);
const impls = (await call("implementations", { name: "Handler", budget: 100000 })).structuredContent;
const kinds = (impls.files ?? []).flatMap((f) => (f.lines ?? []).map((l) => `${l.kind} ${l.name}`));
check(kinds.includes("methods HandlerFunc") && kinds.includes("methods ServeMux") && kinds.length === impls.total.matches && (impls.files ?? []).every((f) => f.lines.every((l) => l.line > 0 && ["base", "methods", "promoted"].includes(l.kind))),
  `implementations Handler: ${kinds.length} types, HandlerFunc and ServeMux by their methods`);

const named = (await call("find", { query: "transport" })).structuredContent;
check(named.files[0]?.path === "transport.go", `find "transport": first is ${named.files[0]?.path}`);

// 3c. concept: a description's leads in pages of 300 tokens, each once,
// the same as one large page; the second search reuses the kept index.
{
  const seen = new Set();
  let cargs = { description: "close idle connections after a timeout", budget: 300 };
  let cpages = 0;
  let dupl = 0;
  for (;;) {
    const r = await call("concept", cargs);
    const p = r.structuredContent;
    cpages++;
    check(text(r).length <= 300 * 4, `concept page ${p.page}: ${text(r).length} bytes within 300 tokens`);
    for (const l of p.leads ?? []) {
      const k = `${l.path}:${l.line}`;
      if (seen.has(k)) dupl++;
      seen.add(k);
    }
    if (!p.cursor) break;
    cargs = { ...cargs, cursor: p.cursor };
  }
  const one = await call("concept", { description: "close idle connections after a timeout", budget: 1000000 });
  const leads = one.structuredContent.leads ?? [];
  check(leads.length > 0 && dupl === 0 && leads.length === seen.size && leads.every((l) => seen.has(`${l.path}:${l.line}`)),
    `concept: ${cpages} pages hold ${seen.size} leads, each once, the same as one page (${leads.length})`);
  // "leads: 200, the best of 9120 chunks, by the words…" when more chunks
  // share a word than a page ranks; then leads_found says how many.
  const found = one.structuredContent.leads_found;
  check(/leads: \d+, (the best of \d+ chunks, )?by the words/.test(text(one)) && /kept from an earlier search/.test(text(one)) &&
    (found === undefined || found > leads.length),
    `concept: leads are labelled (of ${found ?? leads.length} chunks), and the kept index is reused`);
}

// 4. read: a long file, page by page, equals the file.
const want = fs.readFileSync(path.join(root, "server.go"), "utf8").replace(/\n$/, "").split("\n");
const got = [];
let rargs = { path: "server.go", budget: 2000 };
let rpages = 0;
let hash = "";
for (;;) {
  const p = (await call("read", rargs)).structuredContent;
  rpages++;
  if (hash && p.hash !== hash) check(false, "read: the hash changed between pages");
  hash = p.hash;
  for (const l of p.content) {
    if (l.line !== got.length + 1) throw new Error(`read: line ${l.line} after ${got.length}`);
    got.push(l.text);
  }
  if (!p.cursor) break;
  rargs = { ...rargs, cursor: p.cursor };
}
check(got.length === want.length && got.every((l, i) => l === want[i]),
  `read: ${rpages} pages give the ${got.length} lines of server.go (${want.length}), ${hash.slice(0, 19)}…`);

// 5. Errors come back as tool errors the model can read.
async function refused(name, a, needle) {
  const r = await client.callTool({ name, arguments: a });
  check(r.isError === true && text(r).includes(needle), `${name} ${JSON.stringify(a)} refused: ${text(r)}`);
}
await refused("grep", { pattern: "Request(" }, "invalid regex");
await refused("grep", { pattern: "x", path: "../" }, "outside the root");
await refused("grep", { pattern: "x", path: "/etc" }, "outside the root");
await refused("grep", { pattern: "x", glob: "../**" }, "outside the root");
await refused("read", { path: "../../../../etc/passwd" }, "outside the root");
await refused("grep", { pattern: "x", colour: true }, "grep takes: pattern");

await client.close();
fs.rmSync(state, { recursive: true, force: true });
if (failures > 0) {
  console.log(`${failures} check(s) failed`);
  process.exit(1);
}
console.log("every check passed");
