(function () {
  "use strict";
  var t0 = performance.now();
  // Sequential blue scale (light to dark) on a log axis: a cell a
  // thousand times smaller than the busiest is still visible.
  function colour(v, top) {
    if (!(v > 0)) return "#ffffff";
    var r = Math.log(v / top * 1000 + 1) / Math.log(1001);
    r = Math.max(0.08, Math.min(1, r));
    var a = [222, 235, 247], b = [8, 48, 107], c = [];
    for (var i = 0; i < 3; i++) c.push(Math.round(a[i] + (b[i] - a[i]) * r));
    return "rgb(" + c.join(",") + ")";
  }
  function fmt(v) { return String(Math.round(v)).replace(/\B(?=(\d{3})+(?!\d))/g, ","); }
  var ms = Array.prototype.map.call(document.querySelectorAll("script.matrix"), function (el) {
    return {el: el, m: JSON.parse(el.textContent), g: el.getAttribute("data-group") || el.getAttribute("data-id")};
  });
  var tops = {}; // per group and column (2: operations, 3: bytes)
  ms.forEach(function (x) {
    var t = tops[x.g] || (tops[x.g] = [0, 0, 0, 0]);
    x.m.p.forEach(function (p) { t[2] = Math.max(t[2], p[2]); t[3] = Math.max(t[3], p[3]); });
  });
  ms.forEach(function (x) {
    var el = x.el, id = el.getAttribute("data-id"), m = x.m, T = m.t;
    var tip = document.getElementById(id + "-tip"), cells = {};
    m.p.forEach(function (p) { cells[p[0] * T + p[1]] = p; });
    [["-ops", 2], ["-bytes", 3]].forEach(function (d) {
      var cv = document.getElementById(id + d[0]), ctx = cv.getContext("2d");
      var size = Math.max(1, Math.floor(cv.width / T)), top = tops[x.g][d[1]];
      cv.width = cv.height = size * T;
      ctx.fillStyle = "#ffffff";
      ctx.fillRect(0, 0, cv.width, cv.height);
      m.p.forEach(function (p) {
        ctx.fillStyle = colour(p[d[1]], top);
        ctx.fillRect(p[1] * size, p[0] * size, size, size);
      });
      cv.addEventListener("mousemove", function (e) {
        var r = cv.getBoundingClientRect();
        var to = Math.floor((e.clientX - r.left) / r.width * T), from = Math.floor((e.clientY - r.top) / r.height * T);
        var p = cells[from * T + to];
        tip.textContent = "thread " + from + " \u2192 thread " + to + ": " +
          (p ? fmt(p[2]) + " remote operations, " + fmt(p[3]) + " bytes" : "none");
      });
    });
  });
  document.documentElement.setAttribute("data-script-ms", (performance.now() - t0).toFixed(1));
  document.documentElement.setAttribute("data-render-ms", performance.now().toFixed(1));
  document.documentElement.setAttribute("data-ready", "1");
})();
(function () {
  "use strict";
  // Where the first heatmap and the first shaded source line are drawn,
  // in page coordinates, for tests that read the pixels of a screenshot.
  var d = document.documentElement;
  function rect(e) {
    if (!e) return "";
    var r = e.getBoundingClientRect();
    return [r.left + window.scrollX, r.top + window.scrollY, r.width, r.height].map(Math.round).join(",");
  }
  d.setAttribute("data-heatmap-rect", rect(document.querySelector("canvas")));
  d.setAttribute("data-shade-rect", rect(document.querySelector("pre.src .s8") ||
    document.querySelector("pre.src .s1, pre.src .s2, pre.src .s3, pre.src .s4, pre.src .s5, pre.src .s6, pre.src .s7")));
})();
