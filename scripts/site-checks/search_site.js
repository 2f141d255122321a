// Runs a built site's search as a browser would, for SearchTests.
//   node search_site.js SITE QUERY...
//     loads search.html's script and every index file it names, and prints, as JSON, the index's
//     rows and each query's results ([type, href, title, detail] rows, in the page's order);
//   node search_site.js --page SITE QUERY ORDER [BROKEN]
//     runs the whole page on a small stand-in for the DOM, opened at search.html?q=QUERY: the
//     index files load in ORDER (their indices, comma-separated), and file BROKEN (an index)
//     loads without handing over its rows; prints the status line and the listed results.
"use strict";
const fs = require("fs"), path = require("path"), vm = require("vm");
const args = process.argv.slice(2);
const pageMode = args[0] === "--page";
const [site, ...rest] = pageMode ? args.slice(1) : args;
const page = fs.readFileSync(path.join(site, "search.html"), "utf8");
const tag = page.match(/<script (data-root="[^"]*"[^>]*)>([\s\S]*?)<\/script>/);
if (!tag) { console.error("search.html has no search script"); process.exit(3); }
const decode = (text) => text.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
const dataset = {};
for (const [, name, value] of tag[1].matchAll(/data-([a-z0-9-]+)="([^"]*)"/g)) {
  dataset[name.replace(/-([a-z])/g, (_, c) => c.toUpperCase())] = decode(value);
}
const shards = dataset.shards.split(" ");
// An address carries its version (`search/2026.js?v=…`); the file is its path.
const file = (address) => path.join(site, address.split("?")[0]);

if (!pageMode) {
  const context = { parts: [] };
  context.gamenightSearch = (rows) => context.parts.push(rows);
  vm.createContext(context);
  vm.runInContext(tag[2], context);
  for (const shard of shards) vm.runInContext(fs.readFileSync(file(shard), "utf8"), context, { filename: shard });
  const rows = [].concat(...context.parts);
  const results = {};
  for (const query of rest) results[query] = context.gamenightFind(rows, query).map((row) => row.slice(0, 4));
  console.log(JSON.stringify({ rows: rows.map((row) => row.slice(0, 5)), results }));
} else {
  const [query, order, broken] = rest;
  const element = (tagName) => ({
    tagName, dataset: {}, className: "", href: "", value: "", children: [], listeners: {},
    set textContent(text) { this.text = String(text); this.children = []; },
    get textContent() { return this.text ?? ""; },
    append(...nodes) { this.children.push(...nodes); },
    addEventListener(type, listener) { this.listeners[type] = listener; },
  });
  const byId = { "search-query": element("input"), "search-status": element("p"), "search-results": element("ol") };
  const loading = [];
  const context = {
    URLSearchParams, location: { search: "?q=" + encodeURIComponent(query) },
    document: {
      currentScript: { dataset }, getElementById: (id) => byId[id], createElement: element,
      head: { append: (node) => loading.push(node) },
    },
  };
  context.window = context;
  vm.createContext(context);
  vm.runInContext(tag[2], context);
  for (const index of order.split(",").map(Number)) {
    const node = loading[index];
    context.document.currentScript = node;
    const shardFile = file(node.src.slice(dataset.root.length));
    if (String(index) === broken) { node.onload(); continue; }
    if (!fs.existsSync(shardFile)) { node.onerror(); continue; }
    vm.runInContext(fs.readFileSync(shardFile, "utf8"), context, { filename: shardFile });
    node.onload();
  }
  const items = byId["search-results"].children.map((item) => [item.children[0].href, item.children[0].textContent, item.children[2].textContent]);
  console.log(JSON.stringify({ status: byId["search-status"].textContent, items }));
}
