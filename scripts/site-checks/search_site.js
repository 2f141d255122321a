// Runs a built site's search as a browser would, for SearchTests: the script of search.html,
// then every index file it names, then each query given. Prints, as JSON, the index's rows and
// each query's results ([type, href, title, detail] rows, in the order the page lists them).
// Usage: node search_site.js SITE QUERY...
"use strict";
const fs = require("fs"), path = require("path"), vm = require("vm");
const [site, ...queries] = process.argv.slice(2);
const page = fs.readFileSync(path.join(site, "search.html"), "utf8");
const tag = page.match(/<script data-root="([^"]*)" data-shards="([^"]*)"[^>]*>([\s\S]*?)<\/script>/);
if (!tag) { console.error("search.html has no search script"); process.exit(3); }
const decode = (text) => text.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
const context = { parts: [] };
context.gamenightSearch = (rows) => context.parts.push(rows);
vm.createContext(context);
vm.runInContext(tag[3], context);
for (const shard of decode(tag[2]).split(" ")) {
  vm.runInContext(fs.readFileSync(path.join(site, shard), "utf8"), context, { filename: shard });
}
const rows = [].concat(...context.parts);
const results = {};
for (const query of queries) {
  results[query] = context.gamenightFind(rows, query).map((row) => row.slice(0, 4));
}
console.log(JSON.stringify({ rows: rows.map((row) => row.slice(0, 5)), results }));
