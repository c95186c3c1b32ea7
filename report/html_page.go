package report

// pageHTML is the template of the HTML report (html/template: every value
// is escaped for its context). Styles and scripts are inline so that the
// page works from a file, offline.
//
// The first script records script errors in the attribute data-js-errors
// of the html element; the last one makes tables sortable, switches the
// variant codecs on and off, counts the charts that were drawn
// (data-charts-ok of data-charts-total) and, when the page is opened with
// #selftest, exercises sorting and the toggle and writes the outcome to
// data-selftest. Tests read these attributes from a headless browser.
const pageHTML = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="serbench">
<title>{{.Title}}</title>
<script>
(function () {
  var errs = [];
  function note(m) {
    errs.push(String(m));
    document.documentElement.setAttribute("data-js-errors", errs.join(" | "));
  }
  window.addEventListener("error", function (e) { note(e.message || "error"); });
  window.addEventListener("unhandledrejection", function (e) { note("unhandled rejection: " + e.reason); });
  var orig = console.error;
  console.error = function () {
    note(Array.prototype.join.call(arguments, " "));
    return orig.apply(console, arguments);
  };
})();
</script>
<style>
:root {
  --fg: #1f2328; --muted: #59636e; --line: #d8dee4; --bg: #ffffff; --soft: #f6f8fa;
  --accent: #2f6fb3; --ok: #1a7f37; --lossy: #9a6700; --fail: #c62828; --other: #6e7781;
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body {
  margin: 0; color: var(--fg); background: var(--bg);
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
}
header.top { background: var(--soft); border-bottom: 1px solid var(--line); }
.wrap { max-width: 1240px; margin: 0 auto; padding: 0 16px; }
header.top .wrap { padding-top: 18px; padding-bottom: 14px; }
h1 { font-size: 1.55rem; margin: 0 0 2px; line-height: 1.25; word-break: break-word; }
h2 { font-size: 1.3rem; margin: 36px 0 8px; padding-bottom: 4px; border-bottom: 1px solid var(--line); word-break: break-word; }
h3 { font-size: 1.15rem; margin: 32px 0 10px; }
h4 { font-size: 1rem; margin: 22px 0 6px; }
p { margin: 6px 0; }
.sub { color: var(--muted); margin: 0; }
.controls { display: flex; flex-wrap: wrap; gap: 8px 20px; align-items: center; margin-top: 10px; }
.toggle { display: inline-flex; gap: 8px; align-items: center; cursor: pointer; user-select: none;
  background: var(--bg); border: 1px solid var(--line); border-radius: 6px; padding: 4px 10px; }
.toggle input { width: 1.1em; height: 1.1em; margin: 0; }
nav.toc { display: flex; flex-wrap: wrap; gap: 4px 14px; font-size: .95rem; }
a { color: var(--accent); text-decoration: none; }
a:hover { text-decoration: underline; }
code, pre, .mono { font-family: ui-monospace, SFMono-Regular, "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: .86em; }
pre { background: var(--soft); border: 1px solid var(--line); border-radius: 6px; padding: 10px 12px; overflow-x: auto; line-height: 1.4; }
.env { display: grid; grid-template-columns: repeat(auto-fill, minmax(240px, 1fr)); gap: 4px 18px; margin: 8px 0 0; padding: 10px 12px;
  background: var(--soft); border: 1px solid var(--line); border-radius: 6px; font-size: .92rem; }
.env div { display: flex; gap: 8px; min-width: 0; }
.env dt { color: var(--muted); flex: none; }
.env dd { margin: 0; overflow-wrap: anywhere; }
.charts { display: grid; align-items: start; grid-template-columns: repeat(auto-fit, minmax(min(100%, 520px), 1fr)); gap: 14px; margin: 10px 0 16px; }
figure { margin: 0; background: #fff; border: 1px solid var(--line); border-radius: 6px; padding: 6px; }
figure img { display: block; width: 100%; height: auto; }
.scroll { overflow-x: auto; -webkit-overflow-scrolling: touch; border: 1px solid var(--line); border-radius: 6px; margin: 8px 0; }
table { border-collapse: collapse; width: 100%; font-size: .9rem; font-variant-numeric: tabular-nums; }
th, td { padding: 5px 10px; text-align: right; white-space: nowrap; border-bottom: 1px solid var(--line); }
th { background: var(--soft); font-weight: 600; position: sticky; top: 0; }
th.l, td.l { text-align: left; }
tbody tr:last-child td { border-bottom: 0; }
tbody tr:nth-child(even) td { background: #fbfcfd; }
th:first-child, td:first-child { position: sticky; left: 0; background: #fff; z-index: 1; box-shadow: 1px 0 0 var(--line); }
tbody tr:nth-child(even) td:first-child { background: #fbfcfd; }
th:first-child { background: var(--soft); z-index: 2; }
table.sortable th { cursor: pointer; user-select: none; }
table.sortable th::after { content: "\2195"; color: #b0b7be; font-size: .8em; margin-left: 4px; }
table.sortable th[aria-sort="ascending"]::after { content: "\25B2"; color: var(--accent); }
table.sortable th[aria-sort="descending"]::after { content: "\25BC"; color: var(--accent); }
td small { color: var(--muted); margin-left: 3px; }
td.lib { color: var(--muted); font-size: .85em; }
tr.failed td { color: var(--muted); }
.mark { display: inline-block; padding: 0 7px; border-radius: 10px; font-size: .82em; font-weight: 600; line-height: 1.6; }
.mark.ok { background: #dafbe1; color: var(--ok); }
.mark.lossy { background: #fff8c5; color: var(--lossy); }
.mark.fail { background: #ffebe9; color: var(--fail); }
.mark.other { background: #eaeef2; color: var(--other); }
ul.notes { margin: 6px 0; padding-left: 20px; font-size: .92rem; color: var(--muted); }
ul.notes li { overflow-wrap: anywhere; }
.warn { border-left: 4px solid #d4a72c; background: #fff8c5; padding: 8px 12px; border-radius: 0 6px 6px 0; margin: 14px 0; font-size: .92rem; }
.warn ul { margin: 4px 0 0; padding-left: 20px; }
.warn li { overflow-wrap: anywhere; }
.set-all { display: none; }
body.show-all .set-all { display: block; }
body.show-all .set-plain { display: none; }
.legend { color: var(--muted); font-size: .9rem; border-top: 1px solid var(--line); margin-top: 36px; padding: 12px 0 28px; }
@media (max-width: 600px) {
  body { font-size: 15px; }
  .env { grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); }
  figure { padding: 2px; }
  h1 { font-size: 1.3rem; }
  th, td { padding: 4px 7px; }
  .wrap { padding: 0 10px; }
}
@media print {
  .controls { display: none; }
  .scroll { overflow: visible; }
}
</style>
</head>
<body{{if .ShowAll}} class="show-all"{{end}}>
<header class="top"><div class="wrap">
<h1>{{.Title}}</h1>
{{- if .Subtitle}}
<p class="sub">{{.Subtitle}}</p>
{{- end}}
<div class="controls">
{{- if .Toggle}}
<label class="toggle"><input type="checkbox" id="variants"{{if .ShowAll}} checked{{end}}> show variant codecs (buffer reuse, unsafe, generated types only, aliasing)</label>
{{- end}}
<nav class="toc">{{range .Nav}}<a href="{{.Href}}">{{.Text}}</a> {{end}}</nav>
</div>
</div></header>
<main class="wrap">
{{- if gt (len .Runs) 1}}
<h2>Runs</h2>
<div class="scroll"><table class="sortable">
<thead><tr><th class="l">run</th><th class="l">date</th><th class="l">state</th><th class="l">machine</th><th class="l">go</th><th class="l">commit</th></tr></thead>
<tbody>
{{- range .Runs}}
<tr><td class="l"><a href="#{{.Anchor}}">{{.ID}}</a></td><td class="l">{{.Date}}</td><td class="l">{{.State}}</td><td class="l">{{.Machine}}</td><td class="l">{{.Go}}</td><td class="l mono">{{.Commit}}</td></tr>
{{- end}}
</tbody></table></div>
{{- end}}
{{- range $run := .Runs}}
<section class="run" id="{{.Anchor}}">
{{- if $.Subtitle}}
<h2>Environment</h2>
{{- else}}
<h2>Run {{.ID}}</h2>
<p class="sub">{{.Date}} · {{.State}}{{if .Duration}} · took {{.Duration}}{{end}}</p>
{{- end}}
<dl class="env" id="{{.Anchor}}-env">
{{- range .Env}}
<div><dt>{{.Key}}</dt><dd>{{.Value}}</dd></div>
{{- end}}
{{- if .Command}}
<div><dt>command</dt><dd class="mono">{{.Command}}</dd></div>
{{- end}}
</dl>
{{- range .Workloads}}
<section class="workload" id="{{.Anchor}}">
<h3>{{.Name}}</h3>
{{- range .Sets}}
<div class="set {{.Class}}">
{{- if .Charts}}
<div class="charts">
{{- range .Charts}}
<figure><img class="chart" id="{{.ID}}" src="{{.Src}}" alt="{{.Title}}" width="{{.Width}}" height="{{.Height}}"></figure>
{{- end}}
</div>
{{- end}}
{{- if .Generic}}
<div class="scroll"><table class="sortable codecs">
<thead><tr><th>tier</th><th class="l">codec</th><th class="l">check</th><th>encode</th><th>decode</th><th>bytes</th><th>allocs e/d</th><th>B/op e/d</th><th>MB/s e/d</th><th>GC/1k e/d</th><th>GC% e/d</th><th>vs best</th><th class="l">format</th><th class="l">library</th><th class="l">api</th><th class="l">flags</th></tr></thead>
<tbody>
{{- range .Rows}}
<tr{{if .Failed}} class="failed"{{end}}><td data-v="{{.Tier.Key}}">{{.Tier.Text}}</td><td class="l">{{.Codec}}</td><td class="l"><span class="mark {{.MarkClass}}">{{.Mark}}</span></td>
{{- range .Vals}}<td data-v="{{.Key}}">{{.Text}}{{if .Small}}<small>{{.Small}}</small>{{end}}</td>{{end -}}
<td class="l">{{.Format}}</td><td class="l lib">{{.Library}}</td><td class="l">{{.API}}</td><td class="l">{{.Flags}}</td></tr>
{{- end}}
</tbody></table></div>
{{- end}}
{{- with $bw := .Bandwidth}}
<p class="sub">{{.Intro}}</p>
<div class="scroll"><table class="sortable bandwidth">
<thead><tr><th>tier</th><th class="l">name</th>{{if .MultiOp}}<th class="l">op</th>{{end}}<th class="l">role</th><th class="l">check</th><th>time</th><th>MB/s</th>{{range .RefHeads}}<th>{{.}}</th>{{end}}<th>size</th><th>B/op</th><th>allocs/op</th><th>GC/1k</th><th>GC%</th><th>n</th></tr></thead>
<tbody>
{{- range .Rows}}
<tr{{if .Failed}} class="failed"{{end}}><td data-v="{{.Tier.Key}}">{{.Tier.Text}}</td><td class="l">{{.Name}}</td>{{if $bw.MultiOp}}<td class="l">{{.Op}}</td>{{end}}<td class="l">{{.Role}}</td><td class="l"><span class="mark {{.MarkClass}}">{{.Mark}}</span></td>
{{- range .Vals}}<td data-v="{{.Key}}">{{.Text}}{{if .Small}}<small>{{.Small}}</small>{{end}}</td>{{end}}</tr>
{{- end}}
</tbody></table></div>
{{- end}}
{{- if .Floor}}
<p class="sub floor">{{.Floor}}</p>
{{- end}}
{{- if .Precision}}
<p class="sub precision">Precision: {{.Precision}}.</p>
{{- end}}
{{- if .Notes}}
<ul class="notes">
{{- range .Notes}}
<li>{{.}}</li>
{{- end}}
</ul>
{{- end}}
{{- if .Sizes}}
<h4>Compressed size</h4>
<p class="sub">Mean bytes of one message compressed alone (percentage of the encoded size), and the time zstd takes to compress one.</p>
<div class="scroll"><table class="sortable">
<thead><tr><th class="l">codec</th><th class="l">check</th><th>bytes</th><th>zstd</th><th>gzip</th><th>s2</th><th>lz4</th><th>zstd time</th></tr></thead>
<tbody>
{{- range .Sizes}}
<tr><td class="l">{{.Codec}}</td><td class="l"><span class="mark {{.MarkClass}}">{{.Mark}}</span></td>
{{- range .Vals}}<td data-v="{{.Key}}">{{.Text}}{{if .Small}}<small>{{.Small}}</small>{{end}}</td>{{end}}</tr>
{{- end}}
</tbody></table></div>
{{- end}}
{{- if .Access}}
<h4>Access without decoding</h4>
<p class="sub">Zero-copy codecs: read {{.AccessFields}} from the encoded bytes without a full decode.</p>
<div class="scroll"><table class="sortable">
<thead><tr><th>tier</th><th class="l">codec</th><th>access</th><th>ops/s</th><th>allocs</th><th>decode</th><th>decode/access</th></tr></thead>
<tbody>
{{- range .Access}}
<tr><td data-v="{{.Tier.Key}}">{{.Tier.Text}}</td><td class="l">{{.Codec}}</td>
{{- range .Vals}}<td data-v="{{.Key}}">{{.Text}}{{if .Small}}<small>{{.Small}}</small>{{end}}</td>{{end}}</tr>
{{- end}}
</tbody></table></div>
{{- end}}
{{- if .Scaling}}
<h4>Parallel throughput</h4>
<p class="sub">Operations per second over all goroutines; efficiency is the speed-up divided by the number of goroutines.</p>
<div class="scroll"><table class="sortable">
<thead><tr><th class="l">codec</th><th class="l">op</th>{{range .ScalingHead}}<th>{{.}}</th>{{end}}</tr></thead>
<tbody>
{{- range .Scaling}}
<tr><td class="l">{{.Codec}}</td><td class="l">{{.Op}}</td>
{{- range .Vals}}<td data-v="{{.Key}}">{{.Text}}{{if .Small}}<small>{{.Small}}</small>{{end}}</td>{{end}}</tr>
{{- end}}
</tbody></table></div>
{{- end}}
</div>
{{- end}}
</section>
{{- end}}
{{- .Fidelity}}
{{- range .Warnings}}
<div class="warn {{.Class}}"><strong>Warnings</strong>
<ul>
{{- range .Warnings}}
<li>{{.}}</li>
{{- end}}
</ul></div>
{{- end}}
</section>
{{- end}}
{{- if .History}}
<section id="history">
<h2>History across these runs</h2>
<p class="sub">Median time per operation of every codec in each run, oldest run first.</p>
{{- range .History}}
<div class="set {{.Class}}">
<div class="charts">
{{- range .Charts}}
<figure><img class="chart" id="{{.ID}}" src="{{.Src}}" alt="{{.Title}}" width="{{.Width}}" height="{{.Height}}"></figure>
{{- end}}
</div>
</div>
{{- end}}
</section>
{{- end}}
<div class="legend">
<p><strong>check</strong>: <span class="mark ok">ok</span> every value round-trips exactly;
<span class="mark lossy">lossy</span> only declared losses were seen;
<span class="mark fail">FAIL</span> undeclared data loss, or an input the codec changed (see the notes);
<span class="mark other">error</span> / timeout / crash / memory / unsupported: not timed;
<span class="mark other">ref</span> a reference measurement, never ranked nor charted: the floor is the time per
operation of a codec that does nothing (the harness's own overhead), and bandwidth references (a read-only pass over
the data, a memcpy) are limits that every other row of their table is a percentage of.
Charts name lossy and failing codecs with their mark and draw them in its colour.</p>
<p>Times are per operation on one value: medians of the samples with 95% confidence intervals (the whiskers of the bars)
that cover the variation between worker processes (forks) as well as within one.
bytes is the mean encoded size; vs best compares encode+decode medians with the fastest exact codec.
MB/s is each codec's own encoded bytes per second (mean encoded size ÷ median time), so a verbose format scores more
MB/s than a compact one for the same work: compare times, not MB/s, across formats.
Click a column heading to sort a table.</p>
<p><strong>Like for like</strong>: every plain row takes your Go value in and gives your Go value back; code-generated
codecs are shown as <code>+convert</code>, with the conversion between your type and the generated one timed.
A row marked <code>[gen-types]</code> (shown with all variants) stops at the library's generated types: its time leaves
that conversion out. A row marked <code>[aliases input]</code> decoded values that changed when their input bytes were
overwritten, on this workload. Exact codecs are ranked first; lossy and failing ones follow, unranked, with their
time relative to the fastest exact codec.</p>
<p><strong>tier</strong>: rows are ranked fastest first; a row starts a new tier when it is significantly slower than the
first row of the current tier (p ≤ 0.05: Mann-Whitney U test of the samples, or Welch's t-test of the fork medians when
forks differ), so a tier's rows are within noise of its first. <strong>~</strong> before a ratio: not significantly
different from the row above, whose order is not established. Ratios have only the digits their interval supports:
they are rounded where the uncertainty of the ratio begins (2 to 4 significant digits; at most 2 at ±10% or wider,
at most 3 at ±1% or wider).
<strong>GC/1k</strong>: garbage collections per 1,000 operations; <strong>GC%</strong>: the collector's CPU time as a
percentage of the samples' wall time (it runs on several cores, so it can pass 100%); – = not recorded.
Precision: a cell that missed the run's precision target says why: (budget) the time budget ran out first, (noise)
more samples and forks stopped narrowing its interval.</p>
</div>
</main>
<script>
(function () {
  var root = document.documentElement;

  function key(cell) {
    if (!cell) return null;
    var v = cell.getAttribute("data-v");
    if (v !== null) return v === "" ? null : parseFloat(v);
    return cell.textContent.trim().toLowerCase();
  }
  function compare(a, b) {
    if (a === null && b === null) return 0;
    if (a === null) return 1;
    if (b === null) return -1;
    if (typeof a === "number" && typeof b === "number") return a - b;
    return String(a).localeCompare(String(b));
  }
  function sortBy(table, col, th) {
    var dir = th.getAttribute("aria-sort") === "ascending" ? -1 : 1;
    var heads = table.tHead.rows[0].cells;
    for (var i = 0; i < heads.length; i++) heads[i].removeAttribute("aria-sort");
    th.setAttribute("aria-sort", dir > 0 ? "ascending" : "descending");
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    rows.forEach(function (r, i) { r._i = i; });
    rows.sort(function (x, y) {
      var a = key(x.cells[col]), b = key(y.cells[col]);
      if (a === null || b === null) return compare(a, b) || x._i - y._i; // blanks last
      return dir * compare(a, b) || x._i - y._i;
    });
    rows.forEach(function (r) { body.appendChild(r); });
  }
  Array.prototype.forEach.call(document.querySelectorAll("table.sortable"), function (table) {
    var heads = table.tHead.rows[0].cells;
    Array.prototype.forEach.call(heads, function (th, col) {
      th.tabIndex = 0;
      th.title = "sort";
      th.addEventListener("click", function () { sortBy(table, col, th); });
      th.addEventListener("keydown", function (e) {
        if (e.key === "Enter" || e.key === " ") { e.preventDefault(); sortBy(table, col, th); }
      });
    });
  });

  var box = document.getElementById("variants");
  function applyToggle() { document.body.classList.toggle("show-all", !!(box && box.checked)); }
  if (box) { box.addEventListener("change", applyToggle); applyToggle(); }

  function countCharts() {
    var imgs = document.querySelectorAll("img.chart"), ok = 0;
    for (var i = 0; i < imgs.length; i++) {
      if (imgs[i].complete && imgs[i].naturalWidth > 0) ok++;
    }
    root.setAttribute("data-charts-total", String(imgs.length));
    root.setAttribute("data-charts-ok", String(ok));
  }

  function selftest() {
    var problems = [];
    var table = document.querySelector(".set:not(.set-all) table.codecs, table.codecs");
    if (!table) problems.push("no codec table");
    else {
      var th = table.tHead.rows[0].cells[2]; // encode
      var read = function () {
        return Array.prototype.map.call(table.tBodies[0].rows, function (r) { return key(r.cells[2]); })
          .filter(function (v) { return v !== null; });
      };
      th.click();
      var up = read();
      th.click();
      var down = read();
      for (var i = 1; i < up.length; i++) if (up[i - 1] > up[i]) problems.push("ascending sort out of order");
      for (var j = 1; j < down.length; j++) if (down[j - 1] < down[j]) problems.push("descending sort out of order");
      if (th.getAttribute("aria-sort") !== "descending") problems.push("aria-sort not set");
    }
    if (box) {
      var before = box.checked;
      box.click();
      var all = document.querySelector(".set-all"), plain = document.querySelector(".set-plain");
      var shown = box.checked ? all : plain, hidden = box.checked ? plain : all;
      if (!shown || shown.offsetParent === null) problems.push("toggle did not show its set");
      if (hidden && hidden.offsetParent !== null) problems.push("toggle did not hide the other set");
      box.click();
      if (box.checked !== before) problems.push("toggle did not switch back");
    }
    root.setAttribute("data-selftest", problems.length ? "fail: " + problems.join("; ") : "ok");
  }

  function loaded() {
    countCharts();
    if (location.hash === "#selftest") selftest();
  }
  if (document.readyState === "complete") loaded();
  else window.addEventListener("load", loaded);
})();
</script>
</body>
</html>
`
