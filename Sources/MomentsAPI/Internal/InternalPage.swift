/// The QA page at `GET /internal` (the app's hidden menu, on the server):
/// the timeline as the app shows it, for any viewer, with the app's likes
/// toggle (`isLikeButtonForMomentEnabled`, sent as `$withLikes`) and likes
/// sent through `/graphql` like the app's; beside it what the server runs
/// with, from `GET /internal/facts`. Self-contained like `ExplorerPage`.
enum InternalPage {
    static let bytes: [UInt8] = Array(html.utf8)

    static let html = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Moments BFF · internal</title>
<link rel="icon" href="data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 viewBox=%220 0 32 32%22%3E%3Crect width=%2232%22 height=%2232%22 rx=%228%22 fill=%22%23576b95%22/%3E%3Ctext x=%2216%22 y=%2223%22 font-size=%2220%22 font-family=%22sans-serif%22 font-weight=%22bold%22 text-anchor=%22middle%22 fill=%22white%22%3EM%3C/text%3E%3C/svg%3E">
<style>
:root {
  --bg: #ededed; --panel: #ffffff; --ink: #191919; --muted: #7f7f7f; --line: #e5e5e5;
  --name: #576b95; --accent: #07c160; --accent-soft: #e6f8ee; --bar: #161b24; --bar-ink: #e9edf3;
  --like: #e64340; --chip: #f7f7f7; --err: #d93b3b;
  --mono: ui-monospace, "SF Mono", Menlo, Consolas, "DejaVu Sans Mono", monospace;
  --sans: system-ui, -apple-system, "PingFang SC", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
}
@media (prefers-color-scheme: dark) {
  :root { --bg: #0f1115; --panel: #191c22; --ink: #e8e8e8; --muted: #9a9a9a; --line: #2a2e36; --name: #8fa6d9; --accent-soft: #11321f; --chip: #22262e; }
}
* { box-sizing: border-box; }
[hidden] { display: none !important; }
body { margin: 0; font: 15px/1.45 var(--sans); color: var(--ink); background: var(--bg); }
button, select, input { font: inherit; }
header.bar { position: sticky; top: 0; z-index: 3; display: flex; align-items: center; gap: 12px; padding: 10px 16px; background: var(--bar); color: var(--bar-ink); }
.brand { display: flex; align-items: center; gap: 10px; font-weight: 650; }
.logo { width: 28px; height: 28px; border-radius: 8px; background: var(--name); display: grid; place-items: center; color: #fff; font-weight: 800; }
.brand small { display: block; font-weight: 400; color: #9aa4b5; font-size: 12px; }
.spacer { flex: 1; }
header a { color: #c9d1dd; text-decoration: none; font-size: 14px; padding: 6px 10px; border-radius: 8px; background: #232a36; }
.layout { display: grid; grid-template-columns: minmax(0, 440px) minmax(0, 1fr); gap: 20px; padding: 20px; max-width: 1280px; margin: 0 auto; align-items: start; }
.controls { display: flex; flex-wrap: wrap; align-items: center; gap: 10px; background: var(--panel); border-radius: 12px; padding: 10px 12px; margin-bottom: 12px; border: 1px solid var(--line); }
.controls label { font-size: 13px; color: var(--muted); }
.controls select, .controls input[type=text] { border: 1px solid var(--line); border-radius: 8px; padding: 5px 8px; background: var(--panel); color: var(--ink); }
.controls input[type=text] { width: 90px; }
.switch { display: inline-flex; align-items: center; gap: 8px; cursor: pointer; user-select: none; }
.switch input { position: absolute; opacity: 0; width: 1px; height: 1px; }
.track { width: 40px; height: 24px; border-radius: 12px; background: #c7c7cc; position: relative; transition: background .15s; flex: none; }
.track::after { content: ""; position: absolute; top: 2px; left: 2px; width: 20px; height: 20px; border-radius: 50%; background: #fff; box-shadow: 0 1px 2px rgba(0,0,0,.3); transition: transform .15s; }
.switch input:checked + .track { background: var(--accent); }
.switch input:checked + .track::after { transform: translateX(16px); }
.switch input:focus-visible + .track { outline: 2px solid var(--name); outline-offset: 2px; }
.switch code { font: 12px var(--mono); color: var(--muted); }
.phone { background: var(--panel); border-radius: 16px; overflow: hidden; border: 1px solid var(--line); box-shadow: 0 6px 24px rgba(0,0,0,.06); }
.cover { position: relative; height: 190px; background: linear-gradient(135deg, #3a4a6b, #7a8fb8) center/cover; margin-bottom: 36px; }
.cover img.bg { width: 100%; height: 100%; object-fit: cover; display: block; }
.cover .me { position: absolute; right: 14px; bottom: -26px; display: flex; align-items: flex-end; gap: 12px; }
.cover .me .who { color: #fff; font-weight: 650; font-size: 17px; text-shadow: 0 1px 3px rgba(0,0,0,.6); padding-bottom: 32px; }
.avatar, .photo { position: relative; overflow: hidden; display: grid; place-items: center; }
.avatar img, .photo img { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: cover; }
.avatar { width: 44px; height: 44px; border-radius: 6px; background: #c9d3e6; color: #fff; font-weight: 700; flex: none; }
.avatar.big { width: 68px; height: 68px; border-radius: 10px; border: 2px solid var(--panel); font-size: 26px; }
.avatar.tiny { width: 22px; height: 22px; border-radius: 4px; font-size: 10px; }
.moment { display: flex; gap: 10px; padding: 14px 14px 12px; border-top: 1px solid var(--line); }
.moment:first-of-type { border-top: 0; }
.body { flex: 1; min-width: 0; }
.author { color: var(--name); font-weight: 650; }
.title { margin: 3px 0 6px; white-space: pre-wrap; word-break: break-word; }
.link { display: flex; gap: 10px; align-items: center; background: var(--chip); padding: 8px; border-radius: 6px; color: var(--ink); text-decoration: none; margin: 4px 0 6px; }
.link .glyph { width: 40px; height: 40px; border-radius: 4px; background: var(--name); color: #fff; display: grid; place-items: center; font-weight: 700; flex: none; }
.link .url { color: var(--muted); font-size: 12px; word-break: break-all; }
.photos { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 4px; margin: 4px 0 6px; max-width: 300px; }
.photos.one { grid-template-columns: minmax(0, 200px); }
.photo { aspect-ratio: 1; width: 100%; border-radius: 4px; background: var(--chip); color: var(--muted); font-size: 12px; text-decoration: none; }
.meta { display: flex; align-items: center; gap: 8px; color: var(--muted); font-size: 13px; }
.like { margin-left: auto; border: 1px solid var(--line); background: var(--panel); color: var(--ink); border-radius: 16px; padding: 3px 12px; cursor: pointer; display: inline-flex; align-items: center; gap: 6px; font-size: 13px; }
.like[aria-pressed="true"] { color: var(--like); border-color: #f5c2c1; background: #fdf0f0; }
.like:disabled { opacity: .6; cursor: progress; }
.likers { margin-top: 8px; background: var(--chip); border-radius: 6px; padding: 6px 8px; display: flex; flex-wrap: wrap; align-items: center; gap: 6px; font-size: 13px; }
.likers .heart { color: var(--like); }
.liker { display: inline-flex; align-items: center; gap: 4px; color: var(--name); }
.empty, .error { padding: 24px; text-align: center; color: var(--muted); }
.error { color: var(--err); }
.facts { display: grid; grid-template-columns: repeat(auto-fill, minmax(280px, 1fr)); gap: 14px; }
.card { background: var(--panel); border: 1px solid var(--line); border-radius: 12px; padding: 12px 14px; }
.card h2 { font-size: 12px; text-transform: uppercase; letter-spacing: .7px; color: var(--muted); margin: 0 0 8px; display: flex; align-items: center; gap: 8px; }
.card.wide { grid-column: 1 / -1; }
dl { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 4px 12px; margin: 0; font-size: 13px; }
dt { color: var(--muted); }
dd { margin: 0; font-family: var(--mono); font-size: 12.5px; word-break: break-all; }
table { border-collapse: collapse; width: 100%; font-size: 12.5px; }
td { padding: 3px 6px; border-top: 1px solid var(--line); vertical-align: top; }
td:first-child { font-family: var(--mono); color: var(--name); white-space: nowrap; }
td:last-child { font-family: var(--mono); word-break: break-all; }
.config { columns: 2 340px; column-gap: 20px; }
.config div { display: flex; justify-content: space-between; gap: 12px; padding: 2px 0; border-bottom: 1px dashed var(--line); font-size: 12.5px; break-inside: avoid; }
.config span:first-child { font-family: var(--mono); color: var(--name); white-space: nowrap; }
.config span:last-child { font-family: var(--mono); text-align: right; word-break: break-all; }
.btn { border: 1px solid var(--line); background: var(--panel); color: var(--ink); padding: 5px 12px; border-radius: 8px; cursor: pointer; }
.btn.danger { color: #fff; background: var(--err); border-color: var(--err); }
.hint { color: var(--muted); font-size: 13px; margin: 6px 0 0; }
.toast { position: fixed; left: 50%; bottom: 20px; transform: translateX(-50%); background: #222; color: #fff; padding: 8px 14px; border-radius: 8px; font-size: 14px; z-index: 9; }
@media (max-width: 820px) {
  header.bar { padding: 8px 10px; }
  .brand small { display: none; }
  .layout { grid-template-columns: 1fr; padding: 10px; gap: 14px; }
  .switch code { display: none; }
}
</style>
</head>
<body>
<header class="bar">
  <div class="brand"><div class="logo">M</div><div>Moments BFF<small>internal QA page · not for production</small></div></div>
  <div class="spacer"></div>
  <a href="/graphql">Explorer</a>
</header>
<div class="layout">
  <section aria-label="Timeline">
    <div class="controls">
      <label for="viewer">Viewer</label>
      <select id="viewer"></select>
      <input type="text" id="viewer-id" placeholder="other id" aria-label="Viewer id">
      <span class="spacer"></span>
      <label class="switch" title="The app's isLikeButtonForMomentEnabled toggle, sent as $withLikes">
        <input type="checkbox" id="likes-toggle" checked>
        <span class="track"></span><span>Likes <code>isLikeButtonForMomentEnabled</code></span>
      </label>
      <input type="password" id="token" placeholder="bearer token" aria-label="Bearer token" title="With --auth-secret: a token from `moments-bff token`, sent with every call of this page">
    </div>
    <div class="phone" id="timeline" aria-live="polite"><div class="empty">Loading the timeline…</div></div>
  </section>
  <section class="facts" id="facts" aria-label="Server facts">
    <div class="card"><h2>Server</h2><dl id="server"></dl></div>
    <div class="card"><h2>Requests &amp; caches</h2><dl id="counters"></dl></div>
    <div class="card"><h2>Database</h2><dl id="database"></dl><table id="rows"></table></div>
    <div class="card" id="reset-card"><h2>Demo data</h2><div id="reset"></div></div>
    <div class="card wide"><h2>Remote toggles for the viewer</h2><dl id="toggles"></dl><table id="toggle-list"></table></div>
    <div class="card wide"><h2>Configuration and limits <span class="spacer"></span><button class="btn" id="refresh">Refresh</button></h2><div class="config" id="config"></div></div>
  </section>
</div>
<div class="toast" id="toast" hidden></div>
<script>
"use strict";
const $ = (id) => document.getElementById(id);
const TIMELINE = `query internalTimeline($userID: ID!, $withLikes: Boolean!) {
  getMomentsDetailsByUserID(userID: $userID) {
    userDetails { id name avatar backgroundImage }
    moments { id userDetails { id name avatar } type title url photos createdDate
      isLiked @include(if: $withLikes) likes @include(if: $withLikes) { id name avatar } }
  }
}`;
const LIKE = `mutation updateMomentLike($momentID: ID!, $userID: ID!, $isLiked: Boolean!) {
  updateMomentLike(momentID: $momentID, userID: $userID, isLiked: $isLiked) {
    userDetails { id name avatar backgroundImage }
    moments { id userDetails { id name avatar } type title url photos createdDate isLiked likes { id name avatar } }
  }
}`;
// Likes made anywhere (another tab, curl, another instance) show as they happen.
const LIVE = `subscription internalLive($userID: ID!) {
  momentLikesChanged(userID: $userID) { id isLiked likes { id name avatar } }
}`;
const APP_HEADERS = { "Content-Type": "application/json", "x-app-platform": "iOS", "x-app-version": "1.0.0", "x-os-version": "17.0" };
let viewer = "0", withLikes = true, facts = null, loadTicket = 0, live = null;
/// The shown moments by id, so that a live event can redraw one card.
const shown = new Map();
// With --auth-secret every call of the page carries the token typed here (kept for this tab only).
let token = sessionStorage.getItem("moments.token") || "";
function authorized(headers) { return token ? { ...headers, Authorization: "Bearer " + token } : headers; }

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") node.className = v; else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v); else node.setAttribute(k, v);
  }
  for (const c of children) if (c != null) node.append(c);
  return node;
}
function toast(text) {
  const t = $("toast"); t.textContent = text; t.hidden = false;
  clearTimeout(toast.timer); toast.timer = setTimeout(() => { t.hidden = true; }, 2500);
}
function initials(name) { return (name || "?").split(/\s+/).map((w) => w[0]).join("").slice(0, 2).toUpperCase(); }
const PALETTE = ["#576b95", "#07c160", "#fa9d3b", "#10aeff", "#e64340", "#8e6bd1", "#1aad19"];
// Initials under the picture: shown while it loads, and for good if it
// cannot (no network, a dead link).
function avatar(user, size) {
  const box = el("div", { class: "avatar " + (size || ""), title: user.name || "" }, el("span", { text: initials(user.name) }));
  let h = 0; for (const c of user.id || user.name || "") h = (h * 31 + c.charCodeAt(0)) >>> 0;
  box.style.background = PALETTE[h % PALETTE.length];
  if (user.avatar) box.append(picture(user.avatar));
  return box;
}
function picture(url) {
  const img = el("img", { alt: "", src: url, referrerpolicy: "no-referrer", loading: "lazy" });
  img.addEventListener("error", () => img.remove(), { once: true });
  return img;
}
function photo(url) {
  return el("a", { class: "photo", href: url, target: "_blank", rel: "noreferrer" }, el("span", { text: "photo" }), picture(url));
}
function relative(seconds) {
  const diff = Math.max(0, Date.now() / 1000 - Number(seconds));
  if (diff < 60) return "just now";
  if (diff < 3600) { const m = Math.floor(diff / 60); return m + (m === 1 ? " minute ago" : " minutes ago"); }
  if (diff < 86400) { const h = Math.floor(diff / 3600); return h + (h === 1 ? " hour ago" : " hours ago"); }
  const d = Math.floor(diff / 86400);
  if (d === 1) return "yesterday";
  if (d < 30) return d + " days ago";
  return new Date(Number(seconds) * 1000).toLocaleDateString();
}
async function graphql(query, variables, operationName) {
  const response = await fetch("/graphql", { method: "POST", headers: authorized(APP_HEADERS), body: JSON.stringify({ query, variables, operationName }) });
  const result = await response.json();
  if (result.errors && result.errors.length) throw new Error(result.errors.map((e) => e.message).join("; "));
  return result.data;
}
function render(details) {
  const box = $("timeline");
  const me = details.userDetails;
  const cover = el("div", { class: "cover" });
  if (me.backgroundImage) {
    const bg = picture(me.backgroundImage);
    bg.className = "bg";
    cover.append(bg);
  }
  cover.append(el("div", { class: "me" }, el("div", { class: "who", id: "viewer-name", text: me.name }), avatar(me, "big")));
  const nodes = [cover];
  if (!details.moments.length) nodes.push(el("div", { class: "empty", text: "No moments yet." }));
  shown.clear();
  for (const m of details.moments) {
    shown.set(m.id, m);
    nodes.push(momentCard(m));
  }
  box.replaceChildren(...nodes);
  box.dataset.viewer = me.id;
  box.dataset.withLikes = String(withLikes);
  if (!live || live.viewer !== me.id || !withLikes) watchLikes(me.id);
}
// An EventSource on GET /graphql (graphql-sse); with a token, which EventSource cannot send, a fetch read as it arrives.
function watchLikes(userID) {
  if (live) live.close();
  live = null;
  $("timeline").dataset.live = "off";
  if (!withLikes) return;
  const url = "/graphql?" + new URLSearchParams({ query: LIVE, variables: JSON.stringify({ userID }), operationName: "internalLive" });
  const opened = () => { $("timeline").dataset.live = "open"; };
  if (!token) {
    const source = new EventSource(url);
    source.onopen = opened;
    source.addEventListener("next", (e) => applyLive(JSON.parse(e.data)));
    source.addEventListener("complete", () => source.close());
    live = { viewer: userID, close: () => source.close() };
    return;
  }
  const controller = new AbortController();
  live = { viewer: userID, close: () => controller.abort() };
  (async () => {
    const response = await fetch(url, { headers: authorized({ Accept: "text/event-stream" }), signal: controller.signal });
    opened();
    await readNextEvents(response, (data) => applyLive(JSON.parse(data)));
  })().catch(() => {});
}
\#(HTMLPage.eventStreamReader)
function applyLive(result) {
  const change = result.data && result.data.momentLikesChanged;
  const known = change && shown.get(change.id);
  const card = change && document.querySelector(`article.moment[data-moment-id="${CSS.escape(change.id)}"]`);
  if (!known || !card || !withLikes) return;
  const moment = { ...known, isLiked: change.isLiked, likes: change.likes };
  shown.set(moment.id, moment);
  card.replaceWith(momentCard(moment));
}
function momentCard(m) {
  const body = el("div", { class: "body" }, el("div", { class: "author", text: m.userDetails.name }));
  if (m.type === "URL") {
    if (m.title) body.append(el("div", { class: "title", text: m.title }));
    if (m.url) body.append(el("a", { class: "link", href: m.url, target: "_blank", rel: "noreferrer" },
      el("span", { class: "glyph", text: "🔗" }), el("span", {}, el("div", { text: m.title || m.url }), el("div", { class: "url", text: m.url }))));
  } else if (m.title) body.append(el("div", { class: "title", text: m.title }));
  if (m.photos.length) body.append(el("div", { class: "photos" + (m.photos.length === 1 ? " one" : "") }, ...m.photos.slice(0, 9).map(photo)));
  const meta = el("div", { class: "meta" }, el("time", { datetime: new Date(Number(m.createdDate) * 1000).toISOString(), title: new Date(Number(m.createdDate) * 1000).toLocaleString(), text: relative(m.createdDate) }));
  if (withLikes) {
    const button = el("button", { class: "like", "data-like-button": m.id, "aria-pressed": String(!!m.isLiked), title: m.isLiked ? "Unlike" : "Like" },
      el("span", { text: m.isLiked ? "♥" : "♡" }), el("span", { text: m.isLiked ? "Liked" : "Like" }));
    button.addEventListener("click", () => like(m.id, !m.isLiked, button));
    meta.append(button);
  }
  body.append(meta);
  if (withLikes && m.likes && m.likes.length) {
    body.append(el("div", { class: "likers", "data-likers": m.id }, el("span", { class: "heart", text: "♥" }),
      ...m.likes.map((u) => el("span", { class: "liker", "data-liker-id": u.id }, avatar(u, "tiny"), el("span", { text: u.name })))));
  }
  return el("article", { class: "moment", "data-moment-id": m.id }, avatar(m.userDetails), body);
}
async function loadTimeline() {
  loadToggles();
  const ticket = ++loadTicket;
  try {
    const data = await graphql(TIMELINE, { userID: viewer, withLikes }, "internalTimeline");
    if (ticket === loadTicket) render(data.getMomentsDetailsByUserID);
  } catch (e) {
    if (ticket === loadTicket) $("timeline").replaceChildren(el("div", { class: "error", text: e.message }));
  }
}
async function like(momentID, isLiked, button) {
  button.disabled = true;
  try {
    const data = await graphql(LIKE, { momentID, userID: viewer, isLiked }, "updateMomentLike");
    ++loadTicket;
    render(data.updateMomentLike);
    loadFacts();
  } catch (e) { toast(e.message); button.disabled = false; }
}

// Facts
function dl(id, pairs) { $(id).replaceChildren(...pairs.flatMap(([k, v]) => [el("dt", { text: k }), el("dd", { text: v == null ? "—" : String(v) })])); }
function bytes(n) { if (n == null) return "—"; if (n < 1024) return n + " B"; if (n < 1048576) return (n / 1024).toFixed(1) + " KiB"; return (n / 1048576).toFixed(1) + " MiB"; }
function duration(s) { const d = Math.floor(s / 86400), h = Math.floor(s % 86400 / 3600), m = Math.floor(s % 3600 / 60); return (d ? d + "d " : "") + (h ? h + "h " : "") + m + "m " + (s % 60) + "s"; }
function renderFacts() {
  const f = facts, s = f.server, db = f.database, c = f.caches, r = f.requests;
  dl("server", [["version", s.version], ["build", s.build + " · " + s.compiler], ["built", s.builtAt ? new Date(s.builtAt * 1000).toLocaleString() : null],
    ["started", new Date(s.startedAt * 1000).toLocaleString()], ["uptime", duration(s.uptimeSeconds)], ["pid", s.pid],
    ["access", s.access]]);
  dl("counters", [...(r ? [["requests", r.total], ["from response cache", r.fromResponseCache], ["2xx / 3xx", r["2xx"] + " / " + r["3xx"]], ["4xx / 5xx", r["4xx"] + " / " + r["5xx"]]] : [["requests", "not counted (--metrics off)"]]),
    ["read cache", c.readCache ? `${c.readCache.timelines} / ${c.readCache.timelineCapacity} timelines, ${c.readCache.momentLikes} / ${c.readCache.momentLikesCapacity} likers` : "off"],
    ["response cache", c.responseCache ? `${c.responseCache.entries} answers, ${bytes(c.responseCache.bytes)} / ${bytes(c.responseCache.capacityBytes)}` : "off"]]);
  dl("database", [["path", db.path], ["size", bytes(db.fileBytes) + " + WAL " + bytes(db.walBytes)], ["pages", `${db.pageCount} × ${db.pageSize} B (${db.freePages} free)`],
    ["schema version", db.schemaVersion + " (this binary: " + db.supportedSchemaVersion + ")"], ["journal", db.journalMode], ["SQLite", db.sqliteVersion]]);
  $("rows").replaceChildren(...Object.entries(db.rows).map(([table, row]) =>
    el("tr", { "data-table": table }, el("td", { text: table }), el("td", { text: (row.atLeast ? "≥ " : "") + row.count.toLocaleString() }))));
  $("config").replaceChildren(...f.configuration.map((e) => el("div", {}, el("span", { text: e.option }), el("span", { text: e.value }))));
  renderToggleFacts(f.toggles);
  renderReset();
  renderViewers();
}
// Remote toggles: the state's source, age and last fetch (facts), and every
// toggle as featureToggles answers it for the viewer with the app's headers.
const TOGGLES = "query internalToggles($userID: ID) { featureToggles(userID: $userID) { name enabled variant { name payload } } }";
function renderToggleFacts(t) {
  if (!t) return;
  const last = t.lastFetch ? (t.lastFetch.succeeded ? "ok: " : "failed: ") + t.lastFetch.outcome + " (" + duration(t.lastFetch.ageSeconds) + " ago)" : null;
  dl("toggles", [["source", t.source], ["state age", duration(t.ageSeconds)], ["toggles", t.features], ["last fetch", last]]);
}
async function loadToggles() {
  try {
    const data = await graphql(TOGGLES, { userID: viewer }, "internalToggles");
    $("toggle-list").replaceChildren(...data.featureToggles.map((t) => el("tr", { "data-toggle": t.name },
      el("td", { text: t.name }), el("td", { text: t.enabled ? "on" : "off" }),
      el("td", { text: t.variant ? t.variant.name + (t.variant.payload != null ? " · " + t.variant.payload : "") : "—" }))));
  } catch (e) { $("toggle-list").replaceChildren(el("tr", {}, el("td", { class: "error", text: e.message }))); }
}
function renderReset() {
  const box = $("reset");
  if (!facts.reset.available) {
    box.replaceChildren(el("p", { class: "hint", text: "Resetting to the demo data is offered only when the server runs with an explicit --internal-page on." }));
    return;
  }
  const start = el("button", { class: "btn", id: "reset-start", text: "Reset to demo data…" });
  start.addEventListener("click", () => {
    const confirm = el("button", { class: "btn danger", id: "reset-confirm", text: "Replace all data" });
    const cancel = el("button", { class: "btn", text: "Cancel" });
    cancel.addEventListener("click", renderReset);
    confirm.addEventListener("click", async () => {
      confirm.disabled = true;
      try {
        const response = await fetch("/internal/reset", { method: "POST", headers: authorized({ "Content-Type": "application/json" }), body: JSON.stringify({ confirm: facts.reset.token }) });
        const result = await response.json();
        if (!response.ok) throw new Error(result.error || response.statusText);
        toast("The demo data is back.");
        await loadFacts(); loadTimeline();
      } catch (e) { toast(e.message); renderReset(); }
    });
    box.replaceChildren(el("p", { class: "hint", text: "Every user, moment and like in " + facts.database.path + " is replaced by the demo data. This cannot be undone." }), el("div", { class: "controls" }, confirm, cancel));
  });
  box.replaceChildren(el("p", { class: "hint", text: "Puts the demo data of the contract back (users 0–4 and 100–105, five moments for Jake Lin)." }), start);
}
function renderViewers() {
  const select = $("viewer");
  const options = facts.viewers.map((u) => el("option", { value: u.id, text: `${u.name} (${u.id})` }));
  if (!facts.viewers.some((u) => u.id === viewer)) options.unshift(el("option", { value: viewer, text: viewer }));
  select.replaceChildren(...options);
  select.value = viewer;
}
async function loadFacts() {
  try {
    const response = await fetch("/internal/facts", { headers: authorized({ Accept: "application/json" }) });
    facts = await response.json();
    if (!response.ok) throw new Error(facts.error || response.statusText);
    renderFacts();
    $("facts").dataset.ready = "true";
  } catch (e) { toast("Facts: " + e.message); }
}

$("viewer").addEventListener("change", (e) => { viewer = e.target.value; $("viewer-id").value = ""; loadTimeline(); });
$("viewer-id").addEventListener("keydown", (e) => { if (e.key === "Enter" && e.target.value.trim()) { viewer = e.target.value.trim(); if (facts) renderViewers(); loadTimeline(); } });
$("likes-toggle").addEventListener("change", (e) => { withLikes = e.target.checked; loadTimeline(); });
$("refresh").addEventListener("click", () => { loadFacts(); loadTimeline(); });
$("token").value = token;
$("token").addEventListener("change", (e) => { token = e.target.value.trim(); sessionStorage.setItem("moments.token", token); if (live) live.close(); live = null; loadFacts(); loadTimeline(); });
loadFacts();
loadTimeline();
</script>
</body>
</html>
"""#
}
