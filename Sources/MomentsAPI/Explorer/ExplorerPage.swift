import JSON

/// The explorer at `GET /graphql` (for browsers): one self-contained page,
/// HTML, CSS and script inline, nothing fetched but `/graphql` itself, so it
/// works with no network and under `HTMLPage.contentSecurityPolicy`.
///
/// It opens on the app's timeline request for user 0 (`AppDocuments`, the
/// documents the iOS app sends), with the like mutation one click away; the
/// schema's documentation comes from introspection.
enum ExplorerPage {
    static let bytes: [UInt8] = Array(html.utf8)

    static let html = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Moments BFF · GraphQL explorer</title>
<link rel="icon" href="data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 viewBox=%220 0 32 32%22%3E%3Crect width=%2232%22 height=%2232%22 rx=%228%22 fill=%22%2307c160%22/%3E%3Ctext x=%2216%22 y=%2223%22 font-size=%2220%22 font-family=%22sans-serif%22 font-weight=%22bold%22 text-anchor=%22middle%22 fill=%22white%22%3EM%3C/text%3E%3C/svg%3E">
<style>
:root {
  --bg: #f4f5f7; --panel: #ffffff; --ink: #1d2330; --muted: #677083; --line: #e2e5eb;
  --accent: #07c160; --accent-ink: #ffffff; --accent-soft: #e6f8ee; --bar: #161b24; --bar-ink: #e9edf3;
  --code-bg: #fbfcfd; --err: #d93b3b; --warn: #b7791f;
  --key: #2f5bd3; --str: #0a7f4f; --num: #b45309; --lit: #9333ea; --kw: #c2410c;
  --mono: ui-monospace, "SF Mono", "JetBrains Mono", Menlo, Consolas, "DejaVu Sans Mono", monospace;
  --sans: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #0f131a; --panel: #161b24; --ink: #e6e9ef; --muted: #98a2b3; --line: #273040;
    --accent-soft: #11321f; --code-bg: #121720; --bar: #0b0e13;
    --key: #8ab4ff; --str: #5fd49a; --num: #f5b063; --lit: #d5a6ff; --kw: #ff9b6a;
  }
}
* { box-sizing: border-box; }
[hidden] { display: none !important; }
html, body { height: 100%; margin: 0; }
body { font: 14px/1.45 var(--sans); color: var(--ink); background: var(--bg); display: flex; flex-direction: column; }
button { font: inherit; cursor: pointer; }
header.bar { display: flex; align-items: center; gap: 12px; padding: 10px 16px; background: var(--bar); color: var(--bar-ink); flex-wrap: wrap; }
.brand { display: flex; align-items: center; gap: 10px; font-weight: 650; letter-spacing: .2px; }
.logo { width: 28px; height: 28px; border-radius: 8px; background: var(--accent); display: grid; place-items: center; color: #fff; font-weight: 800; }
.brand small { display: block; font-weight: 400; color: #9aa4b5; font-size: 12px; }
.spacer { flex: 1; }
.examples { display: flex; gap: 4px; background: #232a36; padding: 3px; border-radius: 9px; }
.examples button { background: transparent; color: #c9d1dd; border: 0; padding: 5px 12px; border-radius: 7px; }
.examples button[aria-pressed="true"] { background: #3a4456; color: #fff; }
.btn { border: 1px solid var(--line); background: var(--panel); color: var(--ink); padding: 6px 12px; border-radius: 8px; }
.bar .btn { background: #232a36; color: #e9edf3; border-color: #2f3847; }
.run { background: var(--accent); color: var(--accent-ink); border: 0; padding: 7px 16px; border-radius: 8px; font-weight: 650; display: inline-flex; align-items: center; gap: 8px; box-shadow: 0 1px 0 rgba(0,0,0,.15); }
.run:hover { filter: brightness(1.05); }
.run kbd { font: 11px var(--mono); background: rgba(255,255,255,.22); padding: 1px 5px; border-radius: 4px; }
main { flex: 1; display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 12px; padding: 12px; min-height: 0; }
main.with-docs { grid-template-columns: minmax(0, 1.1fr) minmax(0, 1fr) 320px; }
.panel { background: var(--panel); border: 1px solid var(--line); border-radius: 12px; display: flex; flex-direction: column; min-height: 0; overflow: hidden; }
.panel-head { display: flex; align-items: center; gap: 8px; padding: 8px 12px; border-bottom: 1px solid var(--line); font-size: 12px; color: var(--muted); text-transform: uppercase; letter-spacing: .6px; font-weight: 600; min-height: 40px; }
.panel-head .spacer { flex: 1; }
.panel-head select { font: 12px var(--sans); text-transform: none; }
.editor { flex: 1; display: flex; min-height: 0; background: var(--code-bg); }
.gutter { padding: 10px 8px 10px 12px; text-align: right; color: #a3abb9; font: 13px/1.55 var(--mono); user-select: none; overflow: hidden; white-space: pre; min-width: 40px; }
textarea.code { flex: 1; border: 0; outline: none; resize: none; padding: 10px 12px 10px 6px; font: 13px/1.55 var(--mono); color: var(--ink); background: transparent; tab-size: 2; white-space: pre; overflow: auto; min-height: 0; }
.tabs { display: flex; gap: 2px; }
.tabs button { background: none; border: 0; padding: 4px 10px; border-radius: 6px; color: var(--muted); font: 600 12px var(--sans); text-transform: uppercase; letter-spacing: .6px; }
.tabs button[aria-selected="true"] { background: var(--accent-soft); color: var(--ink); }
.sub { height: 34%; min-height: 120px; border-top: 1px solid var(--line); display: flex; flex-direction: column; }
.sub .code { padding-left: 12px; }
.sub-body { flex: 1; display: flex; min-height: 0; background: var(--code-bg); }
.status { display: inline-flex; align-items: center; gap: 6px; text-transform: none; letter-spacing: 0; font: 600 12px var(--sans); padding: 2px 8px; border-radius: 999px; background: var(--line); color: var(--ink); }
.status.ok { background: var(--accent-soft); color: var(--str); }
.status.bad { background: #fde8e8; color: var(--err); }
.metric { text-transform: none; letter-spacing: 0; font: 12px var(--mono); color: var(--muted); }
pre.out { flex: 1; margin: 0; padding: 12px 14px; overflow: auto; font: 13px/1.55 var(--mono); background: var(--code-bg); white-space: pre; tab-size: 2; }
.placeholder { color: var(--muted); font-family: var(--sans); }
.j-key { color: var(--key); } .j-str { color: var(--str); } .j-num { color: var(--num); } .j-lit { color: var(--lit); }
.note { color: var(--err); font-family: var(--sans); }
/* Documentation */
.docs { display: none; }
main.with-docs .docs { display: flex; }
.docs-body { flex: 1; overflow: auto; padding: 12px 14px; }
.docs input[type=search] { width: 100%; padding: 7px 10px; border: 1px solid var(--line); border-radius: 8px; background: var(--code-bg); color: var(--ink); font: inherit; margin-bottom: 10px; }
.crumbs { font-size: 12px; color: var(--muted); margin-bottom: 8px; }
.crumbs a, a.type, a.nav { color: var(--key); text-decoration: none; cursor: pointer; }
.crumbs a:hover, a.type:hover, a.nav:hover { text-decoration: underline; }
.docs h2 { font-size: 18px; margin: 4px 0 6px; display: flex; align-items: center; gap: 8px; }
.docs h3 { font-size: 11px; text-transform: uppercase; letter-spacing: .7px; color: var(--muted); margin: 16px 0 6px; }
.kind { font: 600 10px var(--sans); letter-spacing: .6px; padding: 2px 6px; border-radius: 5px; background: var(--accent-soft); color: var(--str); }
.desc { color: var(--muted); margin: 2px 0 0; white-space: pre-wrap; }
.desc.none { font-style: italic; opacity: .7; }
.field { padding: 8px 0; border-bottom: 1px dashed var(--line); }
.field:last-child { border-bottom: 0; }
.sig { font: 13px var(--mono); word-break: break-word; }
.sig .name { color: var(--kw); font-weight: 600; }
.args { margin: 4px 0 0 14px; font: 12px var(--mono); }
.args .desc { font-family: var(--sans); }
.type-list a { display: block; padding: 3px 0; }
.hint { color: var(--muted); font-size: 12px; }
footer.hints { padding: 0 14px 10px; color: var(--muted); font-size: 12px; }
footer.hints kbd { font: 11px var(--mono); border: 1px solid var(--line); border-bottom-width: 2px; padding: 0 4px; border-radius: 4px; background: var(--panel); }
@media (max-width: 820px) {
  header.bar { padding: 8px 10px; gap: 8px; }
  .brand small { display: none; }
  main, main.with-docs { grid-template-columns: 1fr; padding: 8px; gap: 8px; overflow: auto; }
  .panel.query { min-height: 360px; }
  .panel.result { min-height: 320px; }
  main.with-docs .docs { position: fixed; inset: 0; z-index: 5; border-radius: 0; }
  footer.hints { display: none; }
  .run kbd, #copy-curl { display: none; }
}
</style>
</head>
<body>
<header class="bar">
  <div class="brand"><div class="logo">M</div><div>Moments BFF<small>GraphQL explorer · <span id="endpoint"></span></small></div></div>
  <div class="examples" role="group" aria-label="Examples">
    <button id="example-timeline" aria-pressed="true" title="The app's timeline request">Timeline</button>
    <button id="example-like" aria-pressed="false" title="The app's like request">Like</button>
    <button id="example-live" aria-pressed="false" title="Likes as they happen (a subscription)">Live</button>
  </div>
  <div class="spacer"></div>
  <button class="btn" id="copy-curl" title="Copy this request as a curl command">Copy curl</button>
  <button class="btn" id="toggle-docs" aria-pressed="false">Docs</button>
  <button class="run" id="run" title="Run (Ctrl+Enter or Cmd+Enter)">&#9654; Run <kbd>Ctrl ↵</kbd></button>
</header>
<main id="main">
  <section class="panel query">
    <div class="panel-head">Query<span class="spacer"></span><label class="metric" title="Send queries as GET, which a cache can revalidate (ETag)"><input type="checkbox" id="use-get"> GET</label><select id="operation" hidden aria-label="Operation"></select></div>
    <div class="editor"><div class="gutter" id="gutter">1</div><textarea class="code" id="query" spellcheck="false" autocomplete="off" autocapitalize="off" aria-label="GraphQL document"></textarea></div>
    <div class="sub">
      <div class="panel-head"><div class="tabs" role="tablist">
        <button role="tab" id="tab-variables" aria-selected="true">Variables</button>
        <button role="tab" id="tab-headers" aria-selected="false">Headers</button>
      </div></div>
      <div class="sub-body"><textarea class="code" id="variables" spellcheck="false" aria-label="Variables (JSON)"></textarea><textarea class="code" id="headers" spellcheck="false" aria-label="Request headers (JSON)" hidden></textarea></div>
    </div>
  </section>
  <section class="panel result">
    <div class="panel-head">Response<span class="spacer"></span><span class="status" id="status" hidden></span><span class="metric" id="timing"></span></div>
    <pre class="out" id="response"><span class="placeholder">Press Run or Ctrl+Enter to send the request.</span></pre>
  </section>
  <aside class="panel docs" id="docs" aria-label="Schema documentation">
    <div class="panel-head">Documentation<span class="spacer"></span><button class="btn" id="close-docs" title="Close">✕</button></div>
    <div class="docs-body"><input type="search" id="docs-search" placeholder="Search types and fields" aria-label="Search the schema"><div id="docs-content"><p class="hint">Loading the schema…</p></div></div>
  </aside>
</main>
<footer class="hints"><kbd>Ctrl</kbd>/<kbd>⌘</kbd> + <kbd>Enter</kbd> runs · <kbd>Tab</kbd> indents · requests go to <code>POST /graphql</code> (queries to <code>GET</code> with the box ticked) with the headers above</footer>
<script>
"use strict";
const EXAMPLES = {
  timeline: {
    query: \#(javaScriptString(AppDocuments.timeline + "\n")),
    variables: { userID: "0", withLikes: true }
  },
  like: {
    query: \#(javaScriptString(AppDocuments.updateLike + "\n")),
    variables: { momentID: "0", userID: "0", isLiked: true }
  },
  live: {
    query: "subscription momentLikesChanged($userID: ID!) {\n  momentLikesChanged(userID: $userID) {\n    id\n    isLiked\n    likesCount\n    likes { id name }\n  }\n}\n",
    variables: { userID: "0" }
  }
};
const APP_HEADERS = { "x-app-platform": "iOS", "x-app-version": "1.0.0", "x-os-version": "17.0" };
const $ = (id) => document.getElementById(id);
const endpoint = location.pathname;
$("endpoint").textContent = location.host + endpoint;

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") node.className = v; else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v); else node.setAttribute(k, v);
  }
  for (const c of children) if (c != null) node.append(c);
  return node;
}

// Editor
const query = $("query"), gutter = $("gutter"), variables = $("variables"), headers = $("headers");
function updateGutter() {
  const lines = query.value.split("\n").length;
  let text = "";
  for (let i = 1; i <= lines; i++) text += i + "\n";
  gutter.textContent = text;
  gutter.scrollTop = query.scrollTop;
  updateOperations();
}
query.addEventListener("input", updateGutter);
query.addEventListener("scroll", () => { gutter.scrollTop = query.scrollTop; });
for (const area of [query, variables, headers]) {
  area.addEventListener("keydown", (e) => {
    if (e.key === "Tab" && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      const s = area.selectionStart, t = area.selectionEnd;
      area.setRangeText("  ", s, t, "end");
      area.dispatchEvent(new Event("input"));
    }
  });
}
function operationNames(text) {
  const names = [];
  const stripped = text.replace(/#[^\n]*/g, "").replace(/"""[\s\S]*?"""|"(?:\\.|[^"\\])*"/g, '""');
  for (const m of stripped.matchAll(/\b(query|mutation|subscription)\s+([_A-Za-z][_0-9A-Za-z]*)/g)) names.push(m[2]);
  return names;
}
function updateOperations() {
  const select = $("operation"), names = operationNames(query.value);
  const previous = select.value;
  select.hidden = names.length < 2;
  select.replaceChildren(...names.map((n) => el("option", { value: n, text: n })));
  if (names.includes(previous)) select.value = previous;
}
function load(name) {
  const example = EXAMPLES[name];
  query.value = example.query;
  variables.value = JSON.stringify(example.variables, null, 2);
  $("example-timeline").setAttribute("aria-pressed", String(name === "timeline"));
  $("example-like").setAttribute("aria-pressed", String(name === "like"));
  $("example-live").setAttribute("aria-pressed", String(name === "live"));
  updateGutter();
  query.scrollTop = 0;
}
$("example-timeline").addEventListener("click", () => { load("timeline"); query.focus(); });
$("example-like").addEventListener("click", () => { load("like"); query.focus(); });
$("example-live").addEventListener("click", () => { load("live"); query.focus(); });
headers.value = JSON.stringify(APP_HEADERS, null, 2);

function showTab(which) {
  $("tab-variables").setAttribute("aria-selected", String(which === "variables"));
  $("tab-headers").setAttribute("aria-selected", String(which === "headers"));
  variables.hidden = which !== "variables";
  headers.hidden = which !== "headers";
}
$("tab-variables").addEventListener("click", () => showTab("variables"));
$("tab-headers").addEventListener("click", () => showTab("headers"));

// Running
function escapeHTML(s) { return s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c])); }
function highlight(json) {
  return escapeHTML(json).replace(/(&quot;(?:\\.|[^&\\]|&(?!quot;))*?&quot;)(\s*:)?|\b(true|false|null)\b|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g,
    (m, str, colon, lit) => str ? (colon ? `<span class="j-key">${str}</span>${colon}` : `<span class="j-str">${str}</span>`)
      : lit ? `<span class="j-lit">${m}</span>` : `<span class="j-num">${m}</span>`);
}
function parseObject(text, what) {
  if (!text.trim()) return null;
  const value = JSON.parse(text);
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw new Error(what + " must be a JSON object.");
  return value;
}
function requestParts() {
  let vars, extra;
  try { vars = parseObject(variables.value, "Variables"); } catch (e) { throw new Error("Variables are not valid JSON: " + e.message); }
  try { extra = parseObject(headers.value, "Headers") || {}; } catch (e) { throw new Error("Headers are not valid JSON: " + e.message); }
  const names = operationNames(query.value);
  const body = { query: query.value, variables: vars };
  if (names.length > 1) body.operationName = $("operation").value; else if (names.length === 1) body.operationName = names[0];
  return { body, headers: Object.assign({ "Content-Type": "application/json", "Accept": "application/graphql-response+json, application/json" }, extra) };
}
let running = 0, stream = null;
/// Whether the operation to run is of `kind` (`subscription`: its results are streamed).
function isOperation(parts, kind) {
  const text = parts.body.query.replace(/#[^\n]*/g, "");
  const name = parts.body.operationName;
  return name ? new RegExp("\\b" + kind + "\\s+" + name + "\\b").test(text) : new RegExp("^\\s*" + kind + "\\b").test(text);
}
function isSubscription(parts) { return isOperation(parts, "subscription"); }
/// A size for people: bytes, or kilobytes with one decimal.
function size(bytes) { return bytes < 1024 ? bytes + " B" : (bytes / 1024).toFixed(1) + " KB"; }
/// A subscription's results as they arrive (graphql-sse over fetch), newest first; another run ends it.
\#(HTMLPage.eventStreamReader)
async function runStream(parts, ticket) {
  const out = $("response"), status = $("status"), timing = $("timing");
  const controller = new AbortController();
  stream = controller;
  const events = [];
  out.innerHTML = `<span class="note">Listening… like a moment (another tab, the Like example, curl) to see it here.</span>`;
  try {
    const response = await fetch(endpoint, { method: "POST", headers: { ...parts.headers, Accept: "text/event-stream" }, body: JSON.stringify(parts.body), signal: controller.signal });
    status.hidden = false;
    status.textContent = `${response.status} ${response.statusText || ""}`.trim() + " · streaming";
    status.className = "status " + (response.ok ? "ok" : "bad");
    out.dataset.status = String(response.status);
    out.dataset.events = "0";
    await readNextEvents(response, (data) => {
      let pretty = data;
      try { pretty = JSON.stringify(JSON.parse(data), null, 2); } catch {}
      events.unshift(`<span class="note">${new Date().toLocaleTimeString()}</span>\n` + highlight(pretty));
      out.innerHTML = events.slice(0, 50).join("\n\n");
      out.dataset.events = String(events.length);
      timing.textContent = `${events.length} event${events.length === 1 ? "" : "s"}`;
    }, () => ticket === running);
    if (ticket === running) status.textContent = status.textContent.replace(" · streaming", " · ended");
  } catch (e) {
    if (ticket !== running || controller.signal.aborted) return;
    status.hidden = false; status.textContent = "network error"; status.className = "status bad";
    out.innerHTML = `<span class="note">${escapeHTML(String(e))}</span>`;
  }
}
async function run() {
  const out = $("response"), status = $("status"), timing = $("timing");
  let parts;
  try { parts = requestParts(); } catch (e) {
    out.innerHTML = `<span class="note">${escapeHTML(e.message)}</span>`; status.hidden = true; timing.textContent = ""; return;
  }
  const ticket = ++running;
  if (stream) { stream.abort(); stream = null; }
  if (isSubscription(parts)) return runStream(parts, ticket);
  timing.textContent = "running…";
  const started = performance.now();
  try {
    // GET for queries when asked: the answer then carries an ETag the browser's cache revalidates with.
    let url = endpoint, init = { method: "POST", headers: parts.headers, body: JSON.stringify(parts.body) };
    if ($("use-get").checked && !isOperation(parts, "mutation")) {
      const search = new URLSearchParams({ query: parts.body.query });
      if (parts.body.variables) search.set("variables", JSON.stringify(parts.body.variables));
      if (parts.body.operationName) search.set("operationName", parts.body.operationName);
      const { "Content-Type": _, ...rest } = parts.headers;
      // A document too long for a request line (the server's bound is 8 KiB) still goes by POST.
      if (search.toString().length <= 4000) { url = endpoint + "?" + search.toString(); init = { method: "GET", headers: rest }; }
    }
    performance.clearResourceTimings();
    const response = await fetch(url, init);
    const text = await response.text();
    if (ticket !== running) return;
    const elapsed = performance.now() - started;
    status.hidden = false;
    status.textContent = `${response.status} ${response.statusText || ""}`.trim();
    status.className = "status " + (response.ok ? "ok" : "bad");
    const bytes = new TextEncoder().encode(text).length;
    // What went over the wire: the coding and its size (Resource Timing), and the answer's tag.
    const coding = response.headers.get("content-encoding") || "identity", tag = response.headers.get("etag");
    const sent = performance.getEntriesByType("resource").filter((e) => e.name.startsWith(new URL(endpoint, location.href).href)).pop();
    const wire = coding !== "identity" ? ` · ${coding}${sent && sent.encodedBodySize ? " " + size(sent.encodedBodySize) : ""}` : "";
    timing.textContent = `${elapsed < 10 ? elapsed.toFixed(1) : Math.round(elapsed)} ms · ${size(bytes)}${wire}${tag ? " · ETag " + tag : ""}`;
    out.dataset.encoding = coding;
    out.dataset.etag = tag || "";
    let pretty = text;
    try { pretty = JSON.stringify(JSON.parse(text), null, 2); out.innerHTML = highlight(pretty); }
    catch { out.textContent = text; }
    out.scrollTop = 0;
    out.dataset.status = String(response.status);
  } catch (e) {
    if (ticket !== running) return;
    status.hidden = false; status.textContent = "network error"; status.className = "status bad";
    timing.textContent = "";
    out.innerHTML = `<span class="note">${escapeHTML(String(e))}</span>`;
  }
}
$("run").addEventListener("click", run);
document.addEventListener("keydown", (e) => {
  if ((e.ctrlKey || e.metaKey) && e.key === "Enter") { e.preventDefault(); run(); }
});

$("copy-curl").addEventListener("click", async () => {
  let parts;
  try { parts = requestParts(); } catch (e) { $("response").innerHTML = `<span class="note">${escapeHTML(e.message)}</span>`; return; }
  const quote = (s) => "'" + s.replace(/'/g, "'\\''") + "'";
  const lines = [`curl -s ${quote(location.origin + endpoint)}`];
  for (const [k, v] of Object.entries(parts.headers)) lines.push(`  -H ${quote(k + ": " + v)}`);
  lines.push(`  -d ${quote(JSON.stringify(parts.body))}`);
  const command = lines.join(" \\\n");
  const button = $("copy-curl");
  try { await navigator.clipboard.writeText(command); button.textContent = "Copied"; }
  catch { $("response").textContent = command; button.textContent = "Shown below"; }
  setTimeout(() => { button.textContent = "Copy curl"; }, 1500);
});

// Documentation, from introspection
const INTROSPECTION = `query IntrospectionQuery {
  __schema {
    description
    queryType { name } mutationType { name } subscriptionType { name }
    types {
      kind name description
      fields(includeDeprecated: true) { name description args { name description type { ...TypeRef } defaultValue } type { ...TypeRef } isDeprecated deprecationReason }
      inputFields { name description type { ...TypeRef } defaultValue }
      interfaces { ...TypeRef }
      enumValues(includeDeprecated: true) { name description isDeprecated deprecationReason }
      possibleTypes { ...TypeRef }
    }
  }
}
fragment TypeRef on __Type { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } } }`;
let schema = null;
const trail = [];
function typeName(ref) {
  if (!ref) return "";
  if (ref.kind === "NON_NULL") return typeName(ref.ofType) + "!";
  if (ref.kind === "LIST") return "[" + typeName(ref.ofType) + "]";
  return ref.name;
}
function namedType(ref) { while (ref && ref.ofType) ref = ref.ofType; return ref && ref.name; }
function typeLink(ref) {
  const text = typeName(ref), name = namedType(ref);
  const link = el("a", { class: "type", "data-type": name, text });
  link.addEventListener("click", () => showType(name));
  return link;
}
function description(text) {
  return text ? el("p", { class: "desc", text }) : el("p", { class: "desc none", text: "No description." });
}
function fieldBlock(owner, field) {
  const sig = el("div", { class: "sig" }, el("span", { class: "name", text: field.name }));
  if (field.args && field.args.length) {
    sig.append("(");
    field.args.forEach((arg, i) => { if (i) sig.append(", "); sig.append(arg.name + ": ", typeLink(arg.type)); });
    sig.append(")");
  }
  if (field.type) sig.append(": ", typeLink(field.type));
  const block = el("div", { class: "field", "data-field": owner + "." + field.name }, sig, description(field.description));
  if (field.isDeprecated) block.append(el("p", { class: "desc", text: "Deprecated: " + (field.deprecationReason || "") }));
  if (field.args && field.args.length) {
    const args = el("div", { class: "args" });
    for (const arg of field.args) {
      args.append(el("div", { "data-arg": owner + "." + field.name + "(" + arg.name + ")" },
        el("span", { text: arg.name + ": " }), typeLink(arg.type),
        arg.defaultValue != null ? el("span", { text: " = " + arg.defaultValue }) : null,
        arg.description ? el("div", { class: "desc", text: arg.description }) : null));
    }
    block.append(args);
  }
  return block;
}
function crumbs() {
  const bar = el("div", { class: "crumbs" });
  const home = el("a", { text: "Schema" });
  home.addEventListener("click", () => { trail.length = 0; showRoot(); });
  bar.append(home);
  for (const name of trail) bar.append(" › ", el("span", { text: name }));
  return bar;
}
function showRoot() {
  const content = $("docs-content");
  if (!schema) return;
  const filter = $("docs-search").value.trim().toLowerCase();
  const nodes = [crumbs()];
  if (schema.description) nodes.push(description(schema.description));
  if (!filter) {
    nodes.push(el("h3", { text: "Root types" }));
    for (const [label, root] of [["query", schema.queryType], ["mutation", schema.mutationType]]) {
      if (!root) continue;
      const link = el("a", { class: "type", "data-type": root.name, text: root.name });
      link.addEventListener("click", () => showType(root.name));
      nodes.push(el("div", { class: "sig" }, el("span", { class: "name", text: label }), ": ", link));
    }
  }
  const types = schema.types.filter((t) => !t.name.startsWith("__"));
  if (filter) {
    nodes.push(el("h3", { text: "Matches" }));
    const list = el("div", { class: "type-list" });
    for (const t of types) {
      if (t.name.toLowerCase().includes(filter)) list.append(typeAnchor(t.name, t.name));
      for (const f of t.fields || []) if (f.name.toLowerCase().includes(filter)) list.append(typeAnchor(t.name, t.name + "." + f.name));
    }
    if (!list.childNodes.length) list.append(el("p", { class: "hint", text: "Nothing matches." }));
    nodes.push(list);
  } else {
    const groups = [["Objects", "OBJECT"], ["Enums", "ENUM"], ["Input objects", "INPUT_OBJECT"], ["Interfaces", "INTERFACE"], ["Unions", "UNION"], ["Scalars", "SCALAR"]];
    for (const [label, kind] of groups) {
      const members = types.filter((t) => t.kind === kind);
      if (!members.length) continue;
      nodes.push(el("h3", { text: label }));
      const list = el("div", { class: "type-list" });
      for (const t of members) list.append(typeAnchor(t.name, t.name));
      nodes.push(list);
    }
  }
  content.replaceChildren(...nodes);
}
function typeAnchor(name, text) {
  const link = el("a", { class: "type", "data-type": name, text });
  link.addEventListener("click", () => showType(name));
  return link;
}
function showType(name) {
  const type = schema && schema.types.find((t) => t.name === name);
  if (!type) return;
  if (trail[trail.length - 1] !== name) trail.push(name);
  if (trail.length > 6) trail.splice(0, trail.length - 6);
  const nodes = [crumbs(), el("h2", { "data-type-title": name }, el("span", { text: type.name }), el("span", { class: "kind", text: type.kind.replace("_", " ") })), description(type.description)];
  if (type.fields && type.fields.length) {
    nodes.push(el("h3", { text: "Fields" }));
    for (const f of type.fields) nodes.push(fieldBlock(type.name, f));
  }
  if (type.inputFields && type.inputFields.length) {
    nodes.push(el("h3", { text: "Input fields" }));
    for (const f of type.inputFields) nodes.push(fieldBlock(type.name, f));
  }
  if (type.enumValues && type.enumValues.length) {
    nodes.push(el("h3", { text: "Values" }));
    for (const v of type.enumValues) nodes.push(fieldBlock(type.name, { name: v.name, description: v.description, isDeprecated: v.isDeprecated, deprecationReason: v.deprecationReason }));
  }
  if (type.possibleTypes && type.possibleTypes.length) {
    nodes.push(el("h3", { text: "Possible types" }));
    for (const p of type.possibleTypes) nodes.push(el("div", {}, typeLink(p)));
  }
  $("docs-content").replaceChildren(...nodes);
  $("docs").querySelector(".docs-body").scrollTop = 0;
}
async function loadSchema() {
  try {
    const response = await fetch(endpoint, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ query: INTROSPECTION }) });
    const result = await response.json();
    if (!result.data) throw new Error((result.errors || []).map((e) => e.message).join("; ") || "no data");
    schema = result.data.__schema;
    showRoot();
    $("docs").dataset.ready = "true";
  } catch (e) {
    $("docs-content").replaceChildren(el("p", { class: "note", text: "Could not load the schema: " + e.message }));
  }
}
function setDocs(open) {
  $("main").classList.toggle("with-docs", open);
  $("toggle-docs").setAttribute("aria-pressed", String(open));
}
$("toggle-docs").addEventListener("click", () => setDocs(!$("main").classList.contains("with-docs")));
$("close-docs").addEventListener("click", () => setDocs(false));
$("docs-search").addEventListener("input", () => { trail.length = 0; showRoot(); });

load("timeline");
if (window.matchMedia("(min-width: 1400px)").matches) setDocs(true);
loadSchema();
</script>
</body>
</html>
"""#
}

extension ExplorerPage {
    /// A JSON string literal, which is also a JavaScript one; `<` escaped so
    /// that no document can close the page's `<script>`.
    static func javaScriptString(_ text: String) -> String {
        var bytes: [UInt8] = []
        JSONWriter.writeString(text, into: &bytes)
        var escaped: [UInt8] = []
        for byte in bytes {
            if byte == UInt8(ascii: "<") { escaped += Array(#"\u003c"#.utf8) } else { escaped.append(byte) }
        }
        return String(decoding: escaped, as: UTF8.self)
    }
}
