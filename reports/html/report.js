// drasim's HTML report: draws the run from the JSON in #drasim-data with dygraphs (time
// series), a canvas (the GPU occupancy grid), SVG (the wait histogram) and plain tables.
// Every chart element is marked with the data-chart-ok attribute once drawn; .ci/check-html
// counts them against data-rendered, the number of chart elements.
(function () {
  'use strict';
  var started = performance.now();
  var data = JSON.parse(document.getElementById('drasim-data').textContent);
  var app = document.getElementById('app');
  app.textContent = '';

  var KIND_COLORS = {
    'migration-wave': '#2563eb', 'drain': '#f59e0b', 'cordon': '#9ca3af', 'uncordon': '#d1d5db',
    'remove-nodes': '#dc2626', 'driver-restart': '#7c3aed', 'device-taint': '#db2777',
    'remove-devices': '#be185d', 'apply': '#059669', 'delete': '#6b7280'
  };

  var el = drasimPage.el;
  var duration = drasimPage.duration;

  // Axis labels: compact, one line ("45s", "12m", "1h05").
  function tick(s) {
    if (s < 60) { return Math.round(s) + 's'; }
    if (s < 3600) { return Math.round(s / 60) + 'm'; }
    var h = Math.floor(s / 3600), m = Math.round((s % 3600) / 60);
    return m === 60 ? (h + 1) + 'h' : h + 'h' + (m < 10 ? '0' : '') + m;
  }

  // A step series holds its last values to the end of the run.
  function toEnd(rows) {
    var last = rows[rows.length - 1];
    return last[0] < data.endSeconds ? rows.concat([[data.endSeconds].concat(last.slice(1))]) : rows;
  }

  function section(title, note) {
    var s = el('section', {}, [el('h2', {text: title})]);
    if (note) { s.appendChild(el('p', {'class': 'note', text: note})); }
    app.appendChild(s);
    return s;
  }

  // Header and summary cards.
  var sum = data.summary;
  var failed = sum.expectationsFailed;
  app.appendChild(el('header', {}, [
    el('h1', {text: 'drasim: ' + data.scenario}),
    el('p', {'class': 'note', text: 'profile ' + data.profile + ', seed ' + data.seed +
      ', simulated ' + duration(data.endSeconds) + ' (' + sum.events + ' events, ' + sum.cycles +
      ' scheduling cycles)'}),
    el('span', {'class': 'verdict ' + (failed === 0 ? 'pass' : 'fail'),
      text: failed === 0 ? 'PASS' : 'FAIL'})
  ]));
  var cards = [
    ['pods', sum.pods, sum.running + ' running, ' + sum.completed + ' completed'],
    ['pending at the end', sum.pending, sum.failed + ' failed, ' + sum.evicted + ' evicted'],
    ['placements', sum.placements, sum.failedBinds + ' failed binds'],
    ['evictions', sum.schedulerEvictions + sum.eventEvictions,
      sum.schedulerEvictions + ' by the scheduler, ' + sum.eventEvictions + ' by events'],
    ['anomalies', sum.anomalies, sum.anomalies === 0 ? 'none' : 'see the timeline and table'],
    ['expectations', sum.expectationsPassed + ' / ' + (sum.expectationsPassed + failed),
      failed === 0 ? 'all held' : failed + ' failed'],
    ['wait p50 / p95', duration(sum.waitP50) + ' / ' + duration(sum.waitP95), 'over every bind']
  ];
  app.appendChild(el('div', {'class': 'cards'}, cards.map(function (c) {
    return el('div', {'class': 'card' + (c[0] === 'expectations' && failed > 0 ? ' bad' : '')}, [
      el('div', {'class': 'label', text: c[0]}), el('div', {'class': 'value', text: String(c[1])}),
      el('div', {'class': 'note', text: c[2]})]);
  })));
  if (data.expectations.length > 0) {
    var list = el('ul', {'class': 'expectations'});
    data.expectations.forEach(function (e) {
      list.appendChild(el('li', {'class': e[0] ? 'pass' : 'fail'}, [
        el('b', {text: (e[0] ? 'PASS ' : 'FAIL ') + e[1] + ': '}), el('span', {text: e[2]})]));
    });
    section('Expectations').appendChild(list);
  }

  // Time charts: the timeline's events as bands, anomalies as red ticks at the bottom.
  var charts = [];
  function drawMarks(ctx, area, g) {
    data.marks.forEach(function (m) {
      var x1 = g.toDomXCoord(m[0]), x2 = Math.max(g.toDomXCoord(m[1]), x1 + 2);
      ctx.fillStyle = (KIND_COLORS[m[2]] || '#888') + '33';
      ctx.fillRect(x1, area.y, x2 - x1, area.h);
    });
    ctx.fillStyle = '#dc2626';
    data.anomalyMarks.forEach(function (a) {
      ctx.fillRect(g.toDomXCoord(a[0]) - 1, area.y + area.h - 8, 2, 8);
    });
  }
  function syncZoom(source, min, max) {
    charts.forEach(function (c) { if (c !== source) { c.updateOptions({dateWindow: [min, max]}); } });
  }
  function timeChart(parent, series, options) {
    if (series.rows.length === 0) {
      parent.appendChild(el('p', {'class': 'empty', text: options.empty || 'Nothing to plot.'}));
      return null;
    }
    var box = el('div', {'class': 'chart'});
    parent.appendChild(box);
    var opts = {
      labels: series.columns, stepPlot: true, legend: 'follow', labelsSeparateLines: true,
      xlabel: 'simulated time', ylabel: options.ylabel || '', underlayCallback: drawMarks,
      dateWindow: [0, data.endSeconds],
      axes: {x: {valueFormatter: duration, axisLabelFormatter: tick}},
      drawCallback: function (g, initial) { if (initial) { box.setAttribute('data-chart-ok', '1'); } }
    };
    Object.keys(options.dygraph || {}).forEach(function (k) { opts[k] = options.dygraph[k]; });
    var g = new Dygraph(box, toEnd(series.rows), opts);
    g.updateOptions({zoomCallback: function (min, max) { syncZoom(g, min, max); }}, true);
    charts.push(g);
    return g;
  }

  var kinds = {};
  data.marks.forEach(function (m) { kinds[m[2]] = (kinds[m[2]] || 0) + 1; });
  var legend = el('div', {'class': 'legend'});
  Object.keys(kinds).sort().forEach(function (k) {
    legend.appendChild(el('span', {'class': 'chip'}, [
      el('i', {style: 'background:' + (KIND_COLORS[k] || '#888')}),
      el('span', {text: k + ' x' + kinds[k]})]));
  });
  if (data.anomalyMarks.length > 0) {
    legend.appendChild(el('span', {'class': 'chip'}, [el('i', {style: 'background:#dc2626'}),
      el('span', {text: 'anomaly'})]));
  }
  var over = section('Over simulated time',
    'Drag to zoom (every chart follows), double-click to reset. Bands mark the timeline\'s ' +
    'events (a drain or a driver\'s downtime lasts as long as its band); red ticks are anomalies.');
  over.appendChild(legend);
  over.appendChild(el('h3', {text: 'Pods running and pending, GPUs offline'}));
  timeChart(over, data.pods, {ylabel: 'pods / GPUs'});
  over.appendChild(el('h3', {text: 'GPUs used and present per pool (device plugin, DRA)'}));
  timeChart(over, data.gpus, {ylabel: 'GPUs', dygraph: {colors: ['#ea580c', '#fdba74', '#2563eb', '#93c5fd']}});
  over.appendChild(el('h3', {text: 'Wait percentiles of the binds so far'}));
  timeChart(over, data.waits, {ylabel: 'seconds', empty: 'No pod was bound.',
    dygraph: {axes: {x: {valueFormatter: duration, axisLabelFormatter: tick},
      y: {valueFormatter: duration}}}});
  over.appendChild(el('h3', {text: 'Anomalies so far, by kind'}));
  timeChart(over, data.anomalyCounts, {ylabel: 'anomalies', empty: 'No anomalies.'});

  // Per queue: accounted against fair share, quota and what its pods hold (the drift).
  var qs = section('Queues', 'Accounted is what KAI charges the queue; actual is what its bound ' +
    'pods hold (the difference is quota drift); the fair share is what the last cycle divided.');
  if (data.queues.length === 0) {
    qs.appendChild(el('p', {'class': 'empty', text: 'No queues.'}));
  } else {
    var pick = el('select', {'aria-label': 'queue'});
    data.queues.forEach(function (q, i) {
      pick.appendChild(el('option', {value: String(i), text: q.queue + ' (' + q.resource + ')'}));
    });
    qs.appendChild(el('label', {text: 'queue '}, [pick]));
    var queueFile = function (q) {
      var columns = q.columns.slice(), rows = q.rows;
      if (q.quota !== null) {
        columns.push('quota');
        rows = rows.map(function (r) { return r.concat([q.quota]); });
        if (rows.length === 0) { rows = [[0, 0, 0, 0, q.quota]]; }
      }
      return {columns: columns, rows: rows.length > 0 ? rows : [[0, 0, 0, 0]]};
    };
    var qg = timeChart(qs, queueFile(data.queues[0]), {ylabel: data.queues[0].resource});
    pick.addEventListener('change', function () {
      var f = queueFile(data.queues[Number(pick.value)]);
      qg.updateOptions({file: toEnd(f.rows), labels: f.columns});
    });
  }

  // Node x time GPU occupancy.
  var hs = section('GPU occupancy by node and time', 'Each cell is the share of a node group\'s ' +
    'GPUs in use over ' + duration(data.heatmap.bucketSeconds) + ' of simulated time (grey: no ' +
    'GPU present). Drains show as columns going pale, fragmentation as rows that stay part-full.');
  (function () {
    var rows = data.heatmap.rows;
    if (rows.length === 0) {
      hs.appendChild(el('p', {'class': 'empty', text: 'No GPU nodes.'}));
      return;
    }
    var cols = rows[0].percent.length, label = 170;
    var cw = Math.max(2, Math.floor((Math.min(window.innerWidth, 1400) - 80 - label) / cols));
    var ch = Math.max(3, Math.min(14, Math.floor(600 / rows.length)));
    var canvas = el('canvas', {'class': 'heatmap', width: String(label + cols * cw),
      height: String(rows.length * ch + 18)});
    var tip = el('div', {'class': 'tip'});
    hs.appendChild(el('div', {'class': 'heatbox'}, [canvas, tip]));
    var ctx = canvas.getContext('2d');
    ctx.font = Math.min(11, ch) + 'px sans-serif';
    ctx.textBaseline = 'middle';
    rows.forEach(function (r, y) {
      if (ch >= 8 || y % Math.ceil(8 / ch) === 0) {
        ctx.fillStyle = '#374151';
        ctx.fillText(r.name, 2, y * ch + ch / 2, label - 6);
      }
      r.percent.forEach(function (p, x) {
        if (p < 0) {
          ctx.fillStyle = '#9ca3af';
        } else {
          var l = 96 - p * 0.66;
          ctx.fillStyle = 'hsl(215, 80%, ' + l + '%)';
        }
        ctx.fillRect(label + x * cw, y * ch, cw, ch);
      });
    });
    ctx.fillStyle = '#374151';
    ctx.fillText('0', label, rows.length * ch + 9);
    ctx.textAlign = 'right';
    ctx.fillText(duration(data.endSeconds), label + cols * cw, rows.length * ch + 9);
    canvas.addEventListener('mousemove', function (e) {
      var b = canvas.getBoundingClientRect();
      var x = Math.floor((e.clientX - b.left - label) / cw), y = Math.floor((e.clientY - b.top) / ch);
      if (x < 0 || x >= cols || y < 0 || y >= rows.length) { tip.style.display = 'none'; return; }
      var p = rows[y].percent[x], w = data.heatmap.bucketSeconds;
      tip.textContent = rows[y].name + ' (' + rows[y].nodes + ' nodes), ' + duration(x * w) +
        ' - ' + duration((x + 1) * w) + ': ' + (p < 0 ? 'no GPU present' : p + '% in use');
      tip.style.display = 'block';
      tip.style.left = (e.clientX - b.left + 12) + 'px';
      tip.style.top = (e.clientY - b.top + 12) + 'px';
    });
    canvas.setAttribute('data-chart-ok', '1');
    canvas.classList.add('chart');
  })();

  // The wait-time distribution.
  var ws = section('How long pods waited', 'Binds per wait, from (re)submission to bind.');
  (function () {
    var h = data.waitHistogram;
    if (!h.labels || h.labels.length === 0) {
      ws.appendChild(el('p', {'class': 'empty', text: 'No pod was bound.'}));
      return;
    }
    var pick = el('select', {'aria-label': 'queue'}, [el('option', {value: '-1', text: 'all queues'})]);
    h.byQueue.forEach(function (q, i) { pick.appendChild(el('option', {value: String(i), text: q[0]})); });
    ws.appendChild(el('label', {text: 'queue '}, [pick]));
    var NS = 'http://www.w3.org/2000/svg';
    var svg = document.createElementNS(NS, 'svg');
    var W = 900, H = 240, pad = 30, bw = (W - 2 * pad) / h.labels.length;
    svg.setAttribute('viewBox', '0 0 ' + W + ' ' + (H + 40));
    svg.setAttribute('class', 'histogram chart');
    ws.appendChild(svg);
    function draw(counts) {
      while (svg.firstChild) { svg.removeChild(svg.firstChild); }
      var max = Math.max.apply(null, counts.concat([1]));
      counts.forEach(function (c, i) {
        var bh = (H - 20) * c / max, x = pad + i * bw;
        var r = document.createElementNS(NS, 'rect');
        r.setAttribute('x', String(x + 2)); r.setAttribute('width', String(bw - 4));
        r.setAttribute('y', String(H - bh)); r.setAttribute('height', String(bh));
        r.setAttribute('fill', '#2563eb');
        var t = document.createElementNS(NS, 'title');
        t.textContent = h.labels[i] + ': ' + c + ' binds';
        r.appendChild(t);
        svg.appendChild(r);
        [[String(c), H - bh - 4], [h.labels[i], H + 16]].forEach(function (s) {
          var tx = document.createElementNS(NS, 'text');
          tx.setAttribute('x', String(x + bw / 2)); tx.setAttribute('y', String(s[1]));
          tx.setAttribute('text-anchor', 'middle'); tx.textContent = s[0];
          svg.appendChild(tx);
        });
      });
      svg.setAttribute('data-chart-ok', '1');
    }
    draw(h.all);
    pick.addEventListener('change', function () {
      var i = Number(pick.value);
      draw(i < 0 ? h.all : h.byQueue[i].slice(1));
    });
  })();

  // Tables: click a header to sort, type to filter.
  function table(title, t, note) {
    var s = section(title, note);
    if (t.total === 0) {
      s.appendChild(el('p', {'class': 'empty', text: 'None.'}));
      return;
    }
    var filter = el('input', {type: 'search', placeholder: 'filter', 'aria-label': 'filter ' + title});
    var count = el('span', {'class': 'note'});
    s.appendChild(el('div', {'class': 'tools'}, [filter, count]));
    var head = el('tr'), body = el('tbody');
    var wrap = el('div', {'class': 'tablewrap'}, [el('table', {}, [el('thead', {}, [head]), body])]);
    s.appendChild(wrap);
    var more = el('button', {type: 'button', text: 'show every row'});
    s.appendChild(more);
    var sortBy = -1, asc = true, limit = 200, rows = t.rows;
    t.columns.forEach(function (c, i) {
      var th = el('th', {text: c, title: 'sort'});
      th.addEventListener('click', function () {
        asc = sortBy === i ? !asc : true;
        sortBy = i;
        render();
      });
      head.appendChild(th);
    });
    function cmp(a, b) {
      var x = a[sortBy], y = b[sortBy];
      if (x === y) { return 0; }
      if (x === null) { return 1; }
      if (y === null) { return -1; }
      var r = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
      return asc ? r : -r;
    }
    function render() {
      var q = filter.value.toLowerCase();
      var shown = rows.filter(function (r) {
        return q === '' || r.some(function (v) { return v !== null && String(v).toLowerCase().indexOf(q) >= 0; });
      });
      if (sortBy >= 0) { shown = shown.slice().sort(cmp); }
      body.textContent = '';
      shown.slice(0, limit).forEach(function (r) {
        body.appendChild(el('tr', {}, r.map(function (v) {
          return el('td', {text: v === null ? '' : String(v), 'class': typeof v === 'number' ? 'num' : ''});
        })));
      });
      count.textContent = shown.length + ' matching' + (t.total > rows.length ?
        ' (this page keeps the first ' + rows.length + ' of ' + t.total + '; every row is in the JSON and CSV reports)' : '');
      more.style.display = shown.length > limit ? '' : 'none';
    }
    filter.addEventListener('input', render);
    more.addEventListener('click', function () { limit = Infinity; render(); });
    render();
  }
  table('Pending pods', data.tables.pending, 'Pods still pending at the end, with the scheduler\'s reason.');
  table('Anomalies', data.tables.anomalies);
  table('Quota', data.tables.quota, 'Per queue and resource at the end of the run.');
  table('Evictions', data.tables.evictions, 'Every pod taken off its node: by the scheduler, a timeline event, or deleted.');
  table('Timeline events', data.tables.events);

  document.documentElement.setAttribute('data-render-ms', String(Math.round(performance.now() - started)));
  document.documentElement.setAttribute('data-rendered',
    String(document.querySelectorAll('.chart').length));
})();
