// app.js — the page's script: the forms as scenario JSON (each field names its key), the API asked,
// its report drawn as tables and the chart; the whole state in the URL's fragment, so a link reproduces
// it — filled in, not run: a link is anyone's text, and runs only when its button is pressed.
"use strict";

const $ = (id) => document.getElementById(id);
const GAMES = ["xwing", "legion", "armada"];
const MAX_COMPARE = 4;
let tab = "xwing";
let base = {};          // per game: the scenario last loaded, so keys the form has no field for are kept
let compareInputs = []; // [{scenario, label}]
let view = "run";       // what the fragment replays: run, compare, squad, matchup

// ---- scenario JSON from and to a form ----
function setPath(obj, path, value) {
  const keys = path.split(".");
  let o = obj;
  for (const k of keys.slice(0, -1)) {
    if (typeof o[k] !== "object" || o[k] === null || Array.isArray(o[k])) {
      if (value === undefined) return;
      o[k] = {};
    }
    o = o[k];
  }
  const last = keys[keys.length - 1];
  if (value === undefined) delete o[last]; else o[last] = value;
}
function getPath(obj, path) {
  return path.split(".").reduce((o, k) => (o && typeof o === "object" ? o[k] : undefined), obj);
}
function prune(o) { // objects the form emptied are left out
  for (const k of Object.keys(o)) {
    if (o[k] && typeof o[k] === "object" && !Array.isArray(o[k])) {
      prune(o[k]);
      if (Object.keys(o[k]).length === 0) delete o[k];
    }
  }
  return o;
}
const form = (t) => $("form-" + t);

function buildScenario(t) {
  const s = JSON.parse(JSON.stringify(base[t] || {}));
  s.game = t;
  const f = form(t);
  for (const el of f.querySelectorAll("[data-key]")) setPath(s, el.dataset.key, undefined);
  for (const el of f.querySelectorAll("[data-token]")) setPath(s, el.dataset.token, undefined);
  for (const el of f.querySelectorAll("[data-key]")) {
    let v;
    if (el.type === "checkbox") { // unticked: left out, or false where the scenario wrote false
      if (!el.checked && getPath(base[t] || {}, el.dataset.key) !== false) continue;
      v = el.checked;
    } else {
      v = el.value.trim();
      if (v === "") continue;
      if (el.type === "number" || el.dataset.number) v = Number(v);
      else if (el.dataset.list) v = v.split(",").map((x) => x.trim()).filter(Boolean);
    }
    setPath(s, el.dataset.key, v);
  }
  // token lists (Armada's defense tokens): those the scenario gave kept as it wrote them (with
  // their state) and in its order unless unticked, the newly ticked after them
  const name = (x) => (typeof x === "string" ? x : x && x.type);
  const groups = {};
  for (const el of f.querySelectorAll("[data-token]")) (groups[el.dataset.token] ||= []).push(el);
  for (const [key, boxes] of Object.entries(groups)) {
    const old = getPath(base[t] || {}, key) || [];
    const list = old.filter((x) => { const b = boxes.find((e) => e.value === name(x)); return !b || b.checked; });
    for (const b of boxes) if (b.checked && !old.some((x) => name(x) === b.value)) list.push(b.value);
    if (list.length) setPath(s, key, list);
  }
  return prune(s);
}

function fillForm(t, s) {
  base[t] = s;
  const f = form(t);
  for (const el of f.querySelectorAll("[data-key]")) {
    const v = getPath(s, el.dataset.key);
    if (el.type === "checkbox") {
      el.checked = v === true;
      continue;
    }
    const text = v === undefined || v === null ? "" : Array.isArray(v) ? v.join(",") : String(v);
    if (el.tagName === "SELECT" && ![...el.options].some((o) => o.value === text)) {
      el.add(new Option(text, text)); // a value the form does not list is kept, not dropped
    }
    el.value = text;
  }
  for (const el of f.querySelectorAll("[data-token]")) {
    const list = getPath(s, el.dataset.token) || [];
    el.checked = list.some((x) => (typeof x === "string" ? x : x && x.type) === el.value);
  }
}

// ---- the API ----
function options() {
  const p = new URLSearchParams();
  if ($("trials").value) p.set("trials", $("trials").value);
  if ($("seed").value) p.set("seed", $("seed").value);
  return p;
}
async function api(path, body, params) {
  const q = params && params.toString() ? "?" + params : "";
  const r = await fetch("/api/" + path + q, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const j = await r.json();
  if (!r.ok) throw new Error(j.error || "HTTP " + r.status);
  return j;
}
function status(text, error) {
  $("status").textContent = text;
  $("status").className = error ? "error" : "";
}

// ---- the report ----
const fmt = (x) => (typeof x === "number" ? x.toFixed(6) : "");
function cell(x, se, id) {
  const td = document.createElement("td");
  td.textContent = fmt(x) + (se ? " ± " + se.toFixed(6) : "");
  if (id) td.id = id;
  if (typeof x === "number") td.dataset.value = String(x);
  return td;
}
function table(head, rows) {
  const t = document.createElement("table");
  const tr = t.createTHead().insertRow();
  for (const h of head) {
    const th = document.createElement("th");
    th.textContent = h;
    tr.appendChild(th);
  }
  const body = t.createTBody();
  for (const r of rows) {
    const row = body.insertRow();
    for (const c of r) row.appendChild(c instanceof Node ? c : Object.assign(document.createElement("td"), { textContent: c }));
  }
  return t;
}
function showChart(svg) {
  const img = $("chart");
  if (img.src.startsWith("blob:")) URL.revokeObjectURL(img.src);
  if (svg) img.src = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
  img.hidden = !svg;
}
function begin(title, method) {
  $("result").hidden = false;
  $("result-title").textContent = title;
  $("result-method").textContent = method;
  $("tables").replaceChildren();
}
function methodText(r) {
  if (r.method === "exact") return "exact";
  return r.trials ? "Monte Carlo, " + r.trials + " trials, seed " + r.seed + " (± one standard error)"
    : "Monte Carlo (± one standard error)";
}
const word = (r) => (r.game === "legion" ? "wounds" : "damage");
const killWord = (r) => (r.game === "legion" ? "P(unit wiped)" : "P(kill)");

function showRun(r) {
  begin(r.scenario, methodText(r) + " · rules " + r.rules);
  const d = r.damage;
  const summary = [["mean " + word(r), cell(d.mean, d.stderr, "mean")], ["standard deviation", cell(d.sd, 0, "sd")]];
  if (r.kill) summary.push([killWord(r), cell(r.kill.probability, r.kill.stderr, "p-kill")]);
  $("tables").appendChild(table(["", "value"], summary));
  const rows = d.pmf.map((p, k) => [String(k), cell(p, d.pmf_stderr[k]), cell(d.at_least[k], d.at_least_stderr[k])]);
  $("tables").appendChild(table([word(r), "P(= k)", "P(≥ k)"], rows));
  showChart(r.svg);
}

function showCompare(r) {
  const res = r.results;
  begin("Compare: " + res.map((x) => x.label || x.scenario).join(" · "), methodText(res[0]));
  const head = [""].concat(res.map((x, i) => "#" + (i + 1) + " " + (x.label || x.scenario)));
  const rows = [["mean"].concat(res.map((x, i) => cell(x.damage.mean, x.damage.stderr, "mean-" + (i + 1)))),
    ["standard deviation"].concat(res.map((x) => cell(x.damage.sd))),
    ["P(kill)"].concat(res.map((x) => (x.kill ? cell(x.kill.probability, x.kill.stderr) : "")))];
  const most = Math.max(...res.map((x) => x.damage.at_least.length));
  for (let k = 1; k < most; k++) {
    rows.push(["P(≥ " + k + ")"].concat(res.map((x) => cell(x.damage.at_least[k] || 0))));
  }
  $("tables").appendChild(table(head, rows));
  showChart(r.svg);
}

function showSquad(r) {
  begin("Squad: " + (r.name || "squad A"), "each ship as the dice see it");
  const rows = r.ships.map((s) => [s.name, s.ship, String(s.initiative), String(s.attack), String(s.agility),
    String(s.hull), String(s.shields), String(s.force)]);
  $("tables").appendChild(table(["pilot", "ship", "initiative", "attack", "agility", "hull", "shields", "force"], rows));
  showChart(null);
}

function showMatchup(r) {
  if (r.game === "legion") return showArmyMatchup(r);
  if (r.game === "armada") return showFleetMatchup(r);
  begin("Matchup", "mean damage of one attack at range 1, 2 and 3 (exact)");
  const rows = r.cells.map((c, i) => [c.direction, c.attacker, c.defender]
    .concat(c.mean_damage_by_range.map((m, range) => cell(m, 0, "cell-" + i + "-" + (range + 1)))));
  $("tables").appendChild(table(["", "attacker", "defender", "range 1", "range 2", "range 3"], rows));
  showChart(r.svg);
}

// Two Legion armies: each cell one attack at a band in a cover, with the weapons that did best.
function showArmyMatchup(r) {
  begin("Legion matchup", methodText(r) + " · rules " + r.rules + " · tokens " + r.tokens);
  const rows = r.cells.filter((c) => c.computed).map((c, i) => [c.direction, c.attacker, c.defender, c.band, c.cover,
    cell(c.mean_wounds, c.mean_wounds_stderr, "cell-" + i), cell(c.p_wiped, c.p_wiped_stderr),
    cell(c.defeated_mean, c.defeated_mean_stderr), c.weapons]);
  $("tables").appendChild(table(["", "attacker", "defender", "band", "cover", "mean wounds", "P(unit wiped)",
    "defeated", "weapons"], rows));
  showChart(r.svg);
}

// Two Armada fleets: each cell one attack of a hull zone (or a squadron) on a zone, by range.
function showFleetMatchup(r) {
  begin("Armada matchup", methodText(r));
  const rows = [];
  for (const [dir, list] of [["A attacks B", r.a_attacks_b], ["B attacks A", r.b_attacks_a]]) {
    for (const c of list) {
      for (const range of Object.keys(c.mean_damage)) {
        rows.push([dir, c.attacker + (c.attacker_zone ? " " + c.attacker_zone : ""),
          c.defender + (c.defender_zone ? " " + c.defender_zone : ""), range,
          cell(c.mean_damage[range], c.mean_damage_stderr[range]), cell(c.p_kill[range], c.p_kill_stderr[range])]);
      }
    }
  }
  $("tables").appendChild(table(["", "attacker", "defender", "range", "mean damage", "P(kill)"], rows));
  showChart(r.svg);
}

// A list as pasted: XWS or Legion TTS JSON goes as JSON, anything else (a Legion HQ link or text
// export, an Armada fleet's text) as the text itself; the command tells them apart.
function pastedList(id) {
  const text = $(id).value.trim();
  try {
    return JSON.parse(text);
  } catch (e) {
    return text;
  }
}

// ---- the state in the fragment ----
function state() {
  const p = new URLSearchParams();
  p.set("tab", tab);
  if (GAMES.includes(tab)) p.set("s", JSON.stringify(buildScenario(tab)));
  if (tab === "squads") {
    if ($("squad-a").value.trim()) p.set("a", $("squad-a").value.trim());
    if ($("squad-b").value.trim()) p.set("b", $("squad-b").value.trim());
    if ($("squad-tokens").value.trim()) p.set("tokens", $("squad-tokens").value.trim());
  }
  for (const [k, v] of options()) p.set(k, v);
  if (compareInputs.length) p.set("cmp", JSON.stringify(compareInputs));
  p.set("view", view);
  return "#" + p.toString();
}
function remember() {
  const h = state();
  history.replaceState(null, "", h);
  $("share").href = h;
  $("json").value = GAMES.includes(tab) ? JSON.stringify(buildScenario(tab), null, 2) : "";
}
function showTab(t) {
  tab = t;
  for (const b of document.querySelectorAll("#tabs button")) b.classList.toggle("active", b.dataset.tab === t);
  for (const f of document.querySelectorAll("form.game")) f.hidden = f.dataset.game !== t;
  for (const b of document.querySelectorAll("[data-for]")) b.hidden = (b.dataset.for === "squads") !== (t === "squads");
  document.querySelector(".quick").hidden = t === "squads";
  $("run").hidden = t === "squads";
  $("copy").hidden = t === "squads";
}
function showCompareList() {
  $("compare-list").textContent = compareInputs.length
    ? "To compare: " + compareInputs.map((x, i) => "#" + (i + 1) + " " + x.label).join(", ")
    : "";
}

async function act(what) {
  view = what;
  remember();
  status("computing…");
  try {
    if (what === "run") showRun(await api("run", buildScenario(tab), withPlot()));
    else if (what === "compare") showCompare(await api("compare", { inputs: compareInputs }, withPlot()));
    else if (what === "squad") showSquad(await api("squad", JSON.parse($("squad-a").value)));
    else if (what === "matchup") {
      const body = { a: pastedList("squad-a"), b: pastedList("squad-b") };
      if ($("squad-tokens").value.trim()) body.tokens = $("squad-tokens").value.trim();
      showMatchup(await api("matchup", body, withPlot()));
    }
    status("");
  } catch (e) {
    $("result").hidden = true;
    status(e.message, true);
  }
}
function withPlot() {
  const p = options();
  p.set("plot", "1");
  return p;
}

// What a link asks for, and the button that does it. A link (opened, or the fragment changed) only
// fills the page: whoever wrote it chose every text in it (a chart's title, a scenario's name), and
// nothing is sent to the server until the reader has seen the form and pressed that button.
const BUTTONS = { run: "run", compare: "compare", squad: "squad", matchup: "matchup", quick: "quick-use" };
function loaded(what) {
  $("result").hidden = true;
  status("Loaded from a link — check the form, then press " + $(BUTTONS[what]).textContent + ".");
}

function load() {
  const p = new URLSearchParams(location.hash.slice(1));
  if (p.get("trials")) $("trials").value = p.get("trials");
  if (p.get("seed")) $("seed").value = p.get("seed");
  try {
    if (p.get("cmp")) compareInputs = JSON.parse(p.get("cmp")).slice(0, MAX_COMPARE);
    showCompareList();
    if (p.get("q")) { // quick notation: "Fill the form" asks for the scenario it prints, then runs it
      $("quick").value = p.get("q");
      showTab(tab);
      loaded("quick");
      return;
    }
    const t = p.get("tab");
    if (p.get("s") && GAMES.includes(t)) fillForm(t, JSON.parse(p.get("s")));
    if (t === "squads") {
      $("squad-a").value = p.get("a") || "";
      $("squad-b").value = p.get("b") || "";
      $("squad-tokens").value = p.get("tokens") || "";
    }
    showTab(GAMES.includes(t) || t === "squads" ? t : "xwing");
    const asked = p.get("view") || (p.get("s") ? "run" : "");
    if (BUTTONS[asked] && asked !== "quick") view = asked;
    remember();
    if (asked) loaded(view);
  } catch (e) {
    showTab(tab);
    status("the link's scenario cannot be read: " + e.message, true);
  }
}

async function useQuick() {
  const text = $("quick").value.trim();
  const colon = text.indexOf(":");
  const game = colon > 0 ? text.slice(0, colon) : tab;
  const notation = colon > 0 ? text.slice(colon + 1) : text;
  try {
    const s = await api("quick", { game: game, notation: notation.trim(), print_scenario: true });
    const t = s.game;
    fillForm(t, s);
    showTab(t);
    await act("run");
  } catch (e) {
    status(e.message, true);
  }
}

// pilots, upgrades, units and ships by a piece of their name: the library's ids
let searchTimer = null;
function search(el) {
  clearTimeout(searchTimer);
  searchTimer = setTimeout(async () => {
    const [kind, game] = el.dataset.search.split(":");
    const last = el.value.split(",").pop().trim();
    if (last.length < 2) return;
    const p = new URLSearchParams({ q: last });
    if (game) p.set("game", game);
    try {
      const r = await fetch("/api/list/" + kind + "?" + p);
      const j = await r.json();
      const list = $(el.getAttribute("list"));
      list.replaceChildren(...(j.entries || []).slice(0, 30).map((e) => new Option(e.name, e.id)));
    } catch (e) { /* no suggestions */ }
  }, 200);
}

async function copyJSON() {
  const text = JSON.stringify(buildScenario(tab), null, 2);
  $("json").value = text;
  try {
    await navigator.clipboard.writeText(text);
    status("scenario JSON copied: save it as a file and run neverodds run FILE");
  } catch (e) {
    $("json").closest("details").open = true;
    $("json").select();
    status("select and copy the scenario JSON below");
  }
}

document.addEventListener("DOMContentLoaded", () => {
  for (const b of document.querySelectorAll("#tabs button")) {
    b.addEventListener("click", () => { showTab(b.dataset.tab); remember(); });
  }
  for (const el of document.querySelectorAll("[data-search]")) el.addEventListener("input", () => search(el));
  for (const f of document.querySelectorAll("form.game")) {
    f.addEventListener("change", remember);
    f.addEventListener("submit", (e) => { e.preventDefault(); act("run"); });
  }
  $("run").addEventListener("click", () => act("run"));
  $("quick-use").addEventListener("click", useQuick);
  $("add-compare").addEventListener("click", () => {
    if (compareInputs.length === MAX_COMPARE) compareInputs.shift();
    const s = buildScenario(tab);
        // the command line parts an input at its commas: none in a label
    const label = (s.name || "scenario " + (compareInputs.length + 1)).replace(/,/g, "");
    compareInputs.push({ scenario: s, label: label });
    showCompareList();
    remember();
  });
  $("compare").addEventListener("click", () => (compareInputs.length ? act("compare") : status("add scenarios to compare first", true)));
  $("clear-compare").addEventListener("click", () => { compareInputs = []; showCompareList(); remember(); });
  $("squad").addEventListener("click", () => act("squad"));
  $("matchup").addEventListener("click", () => act("matchup"));
  $("copy").addEventListener("click", copyJSON);
  window.addEventListener("hashchange", () => { if (location.hash !== state()) load(); });
  load();
});
