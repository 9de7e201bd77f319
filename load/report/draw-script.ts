/**
 * The page's own script: reads the chart data embedded as JSON and draws each chart with uPlot.
 * It holds no report data itself. `window.__ccCharts` tells tests and the screenshot command what
 * was drawn: per chart its id, title, how many x positions carry a measured value, and whether uPlot
 * has painted it.
 */
export const DRAW_SCRIPT = `
(function () {
  var specs = JSON.parse(document.getElementById('cc-chart-data').textContent);
  var charts = [];
  window.__ccCharts = charts;
  specs.forEach(function (spec) {
    var box = document.getElementById(spec.id);
    var measured = spec.lines.filter(function (l) { return !l.reference; });
    var entry = {
      id: spec.id,
      title: spec.title,
      points: spec.x.filter(function (_, i) { return measured.some(function (l) { return l.values[i] !== null; }); }).length,
      drawn: false,
    };
    charts.push(entry);
    var options = {
      width: Math.max(320, Math.min(1100, box.clientWidth || 900)),
      height: 260,
      scales: { x: { time: false } },
      axes: [{ label: 's after start' }, { label: spec.yLabel }],
      series: [{ label: 's' }].concat(spec.lines.map(function (l) {
        return { label: l.label, stroke: l.color, width: l.reference ? 1.5 : 2, dash: l.dash };
      })),
      hooks: { draw: [function () { entry.drawn = true; }] },
    };
    new uPlot(options, [spec.x].concat(spec.lines.map(function (l) { return l.values; })), box);
  });
})();
`;
