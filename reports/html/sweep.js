// drasim's sweep report: the variants of one scenario (from #drasim-data), each metric drawn
// with dygraphs against the parameter chosen in the x-axis control (one series per combination
// of the other parameters' values), and every variant in a sortable, filterable table.
// Every chart element is marked with the data-chart-ok attribute once drawn; .ci/check-html
// counts them against data-rendered, the number of chart elements (a rebuild after the x-axis
// control changes makes new chart elements, which mark themselves again).
(function () {
  'use strict';
  var started = performance.now();
  var data = JSON.parse(document.getElementById('drasim-data').textContent);
  var app = document.getElementById('app');
  app.textContent = '';

  var COLORS = ['#2563eb', '#ea580c', '#059669', '#7c3aed', '#0891b2', '#ca8a04', '#db2777',
    '#4b5563', '#65a30d', '#9333ea'];
  var STATUS_COLORS = {failed: '#dc2626', stopped: '#d97706'};

  var params = data.parameters || [];
  var variants = data.variants || [];
  // Metrics without a value in any variant (a pool the scenario does not have) are named in a
  // note instead of drawn, unless no metric has a value at all.
  var metrics = data.metrics || [];
  var valueless = metrics.filter(function (m) {
    return variants.every(function (v) { return metricOf(v, m.key) === null; });
  });
  if (valueless.length < metrics.length) {
    metrics = metrics.filter(function (m) { return valueless.indexOf(m) < 0; });
  } else {
    valueless = [];
  }

  var el = drasimPage.el;
  var duration = drasimPage.duration;

  // dygraphs puts axis labels and the legend in with innerHTML.
  function html(s) {
    return String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;');
  }

  // Axis labels: compact, one line ("45s", "12m", "1h05").
  function tick(s) {
    if (s < 60) { return (Math.round(s * 10) / 10) + 's'; }
    if (s < 3600) { return Math.round(s / 60) + 'm'; }
    var h = Math.floor(s / 3600), m = Math.round((s % 3600) / 60);
    if (m === 0 || m === 60) { return (h + m / 60) + 'h'; }
    return h + 'h' + two(m);
  }

  function two(n) { return (n < 10 ? '0' : '') + n; }
  // A seconds axis label as precise as its step ("1m30", "2h", "2h15").
  function secondsLabel(v, step) {
    if (step >= 60 || v < 60) { return tick(v); }
    var m = Math.floor(v / 60), r = Math.round(v % 60);
    if (v >= 3600) { return Math.floor(v / 3600) + 'h' + two(m % 60) + (r ? ':' + two(r) : ''); }
    return m + 'm' + (r ? two(r) : '');
  }

  // Ticks of a seconds axis at round durations (10s, 5m, 1h...), about one per 30 pixels.
  var STEPS = [0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200,
    10800, 21600, 43200, 86400];
  function secondsTicker(min, max, pixels) {
    var want = Math.max(2, Math.floor(pixels / 30)), span = max - min;
    var step = 86400 * Math.ceil(span / want / 86400);
    for (var i = 0; i < STEPS.length; i++) {
      if (span / STEPS[i] <= want) { step = STEPS[i]; break; }
    }
    var out = [];
    for (var v = Math.ceil(min / step) * step; v <= max + step * 1e-9 && out.length < 100; v += step) {
      var r = Math.round(v / step) * step;
      out.push({v: r, label: secondsLabel(r, step)});
    }
    return out;
  }

  function number(v) {
    if (v === null || v === undefined || isNaN(v)) { return '-'; }
    return String(Math.round(v * 100) / 100);
  }

  // A metric's value as shown (percentages are ratios in the data).
  function formatMetric(unit, v) {
    if (v === null || v === undefined) { return '-'; }
    if (unit === '%') { return (Math.round(v * 1000) / 10) + '%'; }
    if (unit === 's') { return duration(v); }
    return number(v);
  }

  function metricOf(v, key) {
    var x = v.metrics ? v.metrics[key] : null;
    return typeof x === 'number' && isFinite(x) ? x : null;
  }

  function passed(v) { return v.status === 'passed'; }

  // Short parameter names: the last path segment, longer where two would read the same.
  var shortNames = (function () {
    var parts = params.map(function (p) { return String(p).split('.'); });
    var take = params.map(function () { return 1; });
    for (var round = 0; round < 64; round++) {
      var names = parts.map(function (s, i) { return s.slice(Math.max(0, s.length - take[i])).join('.'); });
      var dup = false;
      names.forEach(function (n, i) {
        names.forEach(function (o, j) {
          if (i !== j && n === o && take[i] < parts[i].length) { take[i]++; dup = true; }
        });
      });
      if (!dup) { return names; }
    }
    return params.slice();
  })();

  // Per parameter: its distinct values in first-seen order, and whether all are numbers.
  var paramInfo = params.map(function (p, i) {
    var seen = Object.create(null), distinct = [];
    variants.forEach(function (v) {
      var s = String(v.values[i]);
      if (!(s in seen)) { seen[s] = distinct.length; distinct.push(s); }
    });
    var numeric = distinct.length > 0 && distinct.every(function (s) {
      return /\S/.test(s) && isFinite(Number(s));
    });
    var positive = numeric && distinct.every(function (s) { return Number(s) > 0; });
    return {path: p, name: shortNames[i], distinct: distinct, index: seen, numeric: numeric,
      positive: positive};
  });

  function statusText(v) { return v.status === 'passed' ? 'pass' : v.status === 'failed' ? 'fail' : String(v.status); }

  function section(title, note) {
    var s = el('section', {}, [el('h2', {text: title})]);
    if (note) { s.appendChild(el('p', {'class': 'note', text: note})); }
    app.appendChild(s);
    return s;
  }

  // Header.
  var passedCount = variants.filter(passed).length;
  var notPassed = variants.length - passedCount;
  app.appendChild(el('header', {}, [
    el('h1', {text: 'drasim sweep: ' + data.title}),
    el('p', {'class': 'note', text: variants.length + ' variant' + (variants.length === 1 ? '' : 's') +
      ' of ' + params.length + ' parameter' + (params.length === 1 ? '' : 's') + ' (' + data.mode +
      '); ' + passedCount + ' passed every expectation'}),
    el('span', {'class': 'verdict ' + (notPassed === 0 ? 'pass' : 'fail'),
      text: notPassed === 0 ? 'ALL PASS' : notPassed + ' NOT PASSED'})
  ]));
  app.appendChild(el('ul', {'class': 'sweep-params'}, paramInfo.map(function (p) {
    return el('li', {}, [el('b', {text: p.name}),
      p.name !== p.path ? el('span', {'class': 'note', text: ' ' + p.path}) : null,
      el('span', {text: ': ' + p.distinct.join(', ')})]);
  })));

  // Charts against one parameter. The layout (rows, series, which variant is in which cell) is
  // shared by every metric's chart, so a row is the same point in all of them.
  function layoutFor(p) {
    var info = paramInfo[p];
    var others = [];
    params.forEach(function (_, q) { if (q !== p) { others.push(q); } });
    var xOf = function (v) {
      var s = String(v.values[p]);
      return info.numeric ? Number(s) : info.index[s];
    };
    // A zip moves every parameter together: one series along it, unless x repeats.
    var xs = variants.map(xOf);
    var distinctX = xs.filter(function (x, i) { return xs.indexOf(x) === i; }).length === xs.length;
    var single = others.length === 0 || (data.mode === 'zip' && distinctX);
    var series = [], seriesOf = Object.create(null);
    var place = variants.map(function (v) {
      var key = single ? '' : others.map(function (q) { return String(v.values[q]); }).join('\u0001');
      if (!(key in seriesOf)) {
        var label = single ? 'all' : others.map(function (q) {
          return paramInfo[q].name + '=' + v.values[q];
        }).join(', ');
        while (series.indexOf(label) >= 0) { label += "'"; }
        seriesOf[key] = series.length;
        series.push(label);
      }
      return seriesOf[key];
    });
    // Rows by x; a second variant of one series at the same x takes a row of its own.
    var order = variants.map(function (_, i) { return i; });
    order.sort(function (a, b) { return xs[a] - xs[b] || a - b; });
    var rows = [], cells = [], where = [];
    order.forEach(function (i) {
      var r = rows.length - 1;
      while (r >= 0 && rows[r] === xs[i] && cells[r][place[i]] !== undefined) { r--; }
      if (r < 0 || rows[r] !== xs[i]) {
        rows.push(xs[i]);
        cells.push([]);
        r = rows.length - 1;
      }
      cells[r][place[i]] = variants[i];
      where[i] = {row: r, series: series[place[i]]};
    });
    // The text of each x: the parameter's value as written.
    var text = Object.create(null);
    info.distinct.forEach(function (s, k) {
      var x = info.numeric ? Number(s) : k;
      if (!(x in text)) { text[x] = s; }
    });
    var ticks = rows.filter(function (x, i) { return rows.indexOf(x) === i; });
    return {param: p, info: info, series: series, rows: rows, cells: cells, where: where,
      text: text, ticks: ticks, others: others, single: single};
  }

  // Ticks at the parameter's values only, thinned out where their labels would overlap.
  function xTicker(layout, log) {
    return function (min, max, pixels) {
      var pos = function (x) {
        if (log) { return (Math.log(x) - Math.log(min)) / (Math.log(max) - Math.log(min)) * pixels; }
        return (x - min) / (max - min) * pixels;
      };
      var out = [], lastPx = -Infinity, lastW = 0;
      layout.ticks.forEach(function (x) {
        if (x < min || x > max) { return; }
        var label = layout.text[x], w = Math.min(100, label.length * 7 + 8), px = pos(x);
        if (px - lastPx >= Math.max(24, (w + lastW) / 2)) {
          out.push({v: x, label: html(label)});
          lastPx = px;
          lastW = w;
        }
      });
      return out;
    };
  }

  function dash(color) {
    return '<span class="sweep-dash" style="border-color:' + color + '"></span>';
  }

  var charts = [];
  var grid = null;
  var logBox = null;

  function drawPoint(layout, g, name, ctx, cx, cy, color, size, row) {
    ctx.beginPath();
    ctx.fillStyle = color;
    ctx.arc(cx, cy, size, 0, 2 * Math.PI, false);
    ctx.fill();
    var v = layout.cells[row] ? layout.cells[row][layout.series.indexOf(name)] : undefined;
    if (v && !passed(v)) {
      ctx.beginPath();
      ctx.strokeStyle = STATUS_COLORS[v.status] || STATUS_COLORS.failed;
      ctx.lineWidth = 2;
      ctx.arc(cx, cy, size + 3.5, 0, 2 * Math.PI, false);
      ctx.stroke();
    }
  }

  function metricChart(parent, layout, metric, log) {
    var unit = metric.unit || '';
    var title = metric.label + (unit === 's' ? ' (seconds)' : unit === '%' ? ' (%)' : '');
    var box = el('div', {'class': 'chart', 'data-metric': metric.key});
    var legend = el('div', {'class': 'sweep-legend'});
    var none = variants.every(function (v) { return metricOf(v, metric.key) === null; });
    parent.appendChild(el('div', {'class': 'sweep-cell'}, [el('h3', {text: title}, [
      none ? el('span', {'class': 'note', text: ' (no variant has a value)'}) : null]), box, legend]));
    var rows = layout.rows.map(function (x, r) {
      return [x].concat(layout.series.map(function (_, c) {
        var v = layout.cells[r][c];
        if (v === undefined) { return null; }   // not in this series: the line goes on
        var y = metricOf(v, metric.key);
        if (y === null) { return NaN; }          // no value: a gap
        return unit === '%' ? y * 100 : y;
      }));
    });
    // From zero, unless the values bunch far from it (placements 1180 to 1230): then the axis
    // fits them, so that their differences show.
    var ys = [];
    rows.forEach(function (r) { r.slice(1).forEach(function (y) { if (y !== null && !isNaN(y)) { ys.push(y); } }); });
    var ylo = Math.min.apply(null, ys.concat([Infinity])), yhi = Math.max.apply(null, ys.concat([0]));
    var fromZero = ys.length === 0 || ylo <= 0 || yhi - ylo > 0.25 * yhi;
    var yValue = function (y) {
      return unit === '%' ? (Math.round(y * 10) / 10) + '%' : unit === 's' ? duration(y) : number(y);
    };
    var yTick = function (y) {
      return unit === '%' ? (Math.round(y * 10) / 10) + '%' : unit === 's' ? tick(y) : number(y);
    };
    var xs = layout.ticks, opts = {
      labels: ['x'].concat(layout.series),
      colors: layout.series.map(function (_, i) { return COLORS[i % COLORS.length]; }),
      drawPoints: true, pointSize: 3, highlightCircleSize: 5, strokeWidth: 1.6,
      connectSeparatedPoints: true, includeZero: fromZero, xRangePad: 28, yRangePad: 8,
      xlabel: html(layout.info.name), legend: 'always', labelsDiv: legend,
      axes: {
        x: {ticker: xTicker(layout, log), logscale: log, axisLabelWidth: 100, drawGrid: false},
        y: {axisLabelFormatter: yTick, valueFormatter: yValue, axisLabelWidth: 56}
      },
      drawPointCallback: function (g, name, ctx, cx, cy, color, size, row) {
        drawPoint(layout, g, name, ctx, cx, cy, color, size, row);
      },
      drawHighlightPointCallback: function (g, name, ctx, cx, cy, color, size, row) {
        drawPoint(layout, g, name, ctx, cx, cy, color, size, row);
      },
      legendFormatter: function (d) {
        if (d.x === undefined || d.x === null) {
          return d.series.map(function (s) {
            return '<span class="sweep-key">' + dash(s.color) + s.labelHTML + '</span>';
          }).join(' ');
        }
        var out = '<b>' + html(layout.info.name + ' = ' + layout.text[d.x]) + '</b>';
        d.series.forEach(function (s, c) {
          var v = layout.cells[d.i] ? layout.cells[d.i][c] : undefined;
          if (v === undefined) { return; }
          var y = metricOf(v, metric.key);
          var bad = !passed(v);
          out += ' <span class="sweep-key' + (s.isHighlighted ? ' hl' : '') + '">' + dash(s.color) +
            (!layout.single ? s.labelHTML + ': ' : layout.others.length === 0 ? '' :
              html(layout.others.map(function (q) { return paramInfo[q].name + '=' + v.values[q]; })
                .join(', ') + ': ')) + '<b>' + html(formatMetric(unit, y)) + '</b>' +
            ' <span class="note">#' + html(v.variant) + '</span>' +
            (bad ? ' <span class="status ' + html(v.status) + '">' + html(statusText(v)) + '</span>' : '') +
            '</span>';
        });
        return out;
      },
      highlightCallback: function (e, x, points, row) {
        charts.forEach(function (c) { if (c !== g) { c.setSelection(row); } });
      },
      unhighlightCallback: function () {
        charts.forEach(function (c) { if (c !== g) { c.clearSelection(); } });
      },
      drawCallback: function (dg, initial) { if (initial) { box.setAttribute('data-chart-ok', '1'); } }
    };
    if (unit === 's') { opts.axes.y.ticker = secondsTicker; }
    if (!layout.info.numeric) {
      opts.dateWindow = [-0.5, layout.info.distinct.length - 0.5];   // a category per slot
    } else if (xs.length === 1) {
      var pad = Math.max(Math.abs(xs[0]) * 0.5, 1);
      opts.dateWindow = [xs[0] - pad, xs[0] + pad];
      opts.axes.x.logscale = false;
    }
    var g = new Dygraph(box, rows, opts);
    charts.push(g);
    return g;
  }

  var cs = section('Metrics against a parameter', 'One line per combination of the other ' +
    'parameters\' values. Hover a point to read every chart at that value; a ringed point is a ' +
    'variant that did not pass every expectation (red: failed, amber: stopped); a gap is a ' +
    'metric without a value. A y axis starts at zero unless the values bunch far from it.' + (valueless.length === 0 ? '' : ' No variant has a value for ' +
    valueless.map(function (m) { return m.label; }).join('; ') + ' (not drawn, not in the table).'));
  var layout = null;
  if (variants.length === 0 || metrics.length === 0 || params.length === 0) {
    cs.appendChild(el('p', {'class': 'empty', text: variants.length === 0 ? 'No variant.' :
      metrics.length === 0 ? 'No metric.' : 'No parameter.'}));
  } else {
    var pick = el('select', {'aria-label': 'x axis'});
    paramInfo.forEach(function (p, i) {
      pick.appendChild(el('option', {value: String(i), text: p.name + (p.numeric ? '' : ' (text)')}));
    });
    logBox = el('input', {type: 'checkbox', 'aria-label': 'logarithmic x axis'});
    var logLabel = el('label', {}, [logBox, el('span', {text: ' logarithmic x axis'})]);
    var marks = el('span', {'class': 'legend'}, [
      el('span', {'class': 'chip'}, [el('i', {'class': 'ring', style: 'border-color:' + STATUS_COLORS.failed}),
        el('span', {text: 'failed'})]),
      el('span', {'class': 'chip'}, [el('i', {'class': 'ring', style: 'border-color:' + STATUS_COLORS.stopped}),
        el('span', {text: 'stopped'})])
    ]);
    cs.appendChild(el('div', {'class': 'tools'}, [el('label', {text: 'x axis '}, [pick]), logLabel, marks]));
    grid = el('div', {'class': 'sweep-charts'});
    cs.appendChild(grid);
    var build = function () {
      charts.forEach(function (c) { c.destroy(); });
      charts = [];
      grid.textContent = '';
      var p = Number(pick.value);
      var canLog = paramInfo[p].numeric && paramInfo[p].positive && paramInfo[p].distinct.length > 2;
      logBox.disabled = !canLog;
      logLabel.style.opacity = canLog ? '' : '0.45';
      layout = layoutFor(p);
      metrics.forEach(function (m) { metricChart(grid, layout, m, canLog && logBox.checked); });
    };
    pick.addEventListener('change', build);
    logBox.addEventListener('change', build);
    build();
  }

  // The table of variants: click a header to sort, type to filter; hovering a row marks the
  // variant in every chart.
  (function () {
    var s = section('Variants', 'Every variant with its parameters\' values, its verdict and ' +
      'its metrics. Click a header to sort, type to filter.');
    if (variants.length === 0) {
      s.appendChild(el('p', {'class': 'empty', text: 'None.'}));
      return;
    }
    var anyMessage = variants.some(function (v) { return v.message; });
    var columns = [{title: '#', num: true, get: function (v) { return v.variant; }}];
    paramInfo.forEach(function (p, i) {
      columns.push({title: p.name, tip: p.path, num: p.numeric,
        get: function (v) { return p.numeric ? Number(v.values[i]) : String(v.values[i]); },
        text: function (v) { return String(v.values[i]); }});
    });
    columns.push({title: 'status', get: function (v) { return statusText(v); }, status: true});
    columns.push({title: 'expectations', num: true,
      get: function (v) { return v.expectations > 0 ? v.expectationsPassed / v.expectations : null; },
      text: function (v) { return v.expectationsPassed + '/' + v.expectations; }});
    metrics.forEach(function (m) {
      columns.push({title: m.label + (m.unit ? ' (' + m.unit + ')' : ''), tip: m.key, num: true,
        get: function (v) { return metricOf(v, m.key); },
        text: function (v) { var x = metricOf(v, m.key); return x === null ? '' : formatMetric(m.unit, x); }});
    });
    columns.push({title: 'failed expectations', wrap: true,
      get: function (v) { return (v.failedExpectations || []).join('; '); }});
    if (anyMessage) {
      columns.push({title: 'message', wrap: true, get: function (v) { return v.message || ''; }});
    }
    var rows = variants.map(function (v, i) {
      return {i: i, v: v, raw: columns.map(function (c) { return c.get(v); }),
        text: columns.map(function (c) { return c.text ? c.text(v) : String(c.get(v)); })};
    });

    var filter = el('input', {type: 'search', placeholder: 'filter', 'aria-label': 'filter variants'});
    var count = el('span', {'class': 'note'});
    s.appendChild(el('div', {'class': 'tools'}, [filter, count]));
    var head = el('tr'), body = el('tbody');
    s.appendChild(el('div', {'class': 'tablewrap'}, [el('table', {'class': 'sweep-table'}, [
      el('thead', {}, [head]), body])]));
    var sortBy = -1, asc = true, ths = [];
    columns.forEach(function (c, i) {
      var th = el('th', {text: c.title, title: (c.tip ? c.tip + ': ' : '') + 'sort'});
      if (c.num) { th.className = 'num'; }
      th.addEventListener('click', function () {
        asc = sortBy === i ? !asc : true;
        sortBy = i;
        render();
      });
      ths.push(th);
      head.appendChild(th);
    });
    function cmp(a, b) {
      var x = a.raw[sortBy], y = b.raw[sortBy];
      if (x === y) { return a.i - b.i; }
      if (x === null || x === '') { return 1; }
      if (y === null || y === '') { return -1; }
      var r = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
      return (asc ? r : -r) || a.i - b.i;
    }
    function mark(r, on) {
      if (!layout) { return; }
      var w = layout.where[r.i];
      charts.forEach(function (c) {
        if (on) { c.setSelection(w.row, w.series); } else { c.clearSelection(); }
      });
    }
    function render() {
      var q = filter.value.toLowerCase();
      var shown = rows.filter(function (r) {
        return q === '' || r.text.some(function (t) { return t.toLowerCase().indexOf(q) >= 0; });
      });
      if (sortBy >= 0) { shown = shown.slice().sort(cmp); }
      ths.forEach(function (th, i) {
        th.classList.toggle('asc', i === sortBy && asc);
        th.classList.toggle('desc', i === sortBy && !asc);
      });
      body.textContent = '';
      shown.forEach(function (r) {
        var tr = el('tr', {'class': passed(r.v) ? '' : 'bad'}, columns.map(function (c, k) {
          if (c.status) {
            var why = (r.v.failedExpectations || []).concat(r.v.message ? [r.v.message] : []).join('; ');
            return el('td', {}, [el('span', {'class': 'status ' + r.v.status, text: r.text[k],
              title: why || r.v.status})]);
          }
          return el('td', {text: r.text[k], 'class': c.num ? 'num' : c.wrap ? 'wrap' : ''});
        }));
        tr.addEventListener('mouseenter', function () { mark(r, true); });
        tr.addEventListener('mouseleave', function () { mark(r, false); });
        body.appendChild(tr);
      });
      count.textContent = shown.length + ' of ' + rows.length + ' variants';
    }
    filter.addEventListener('input', render);
    render();
  })();

  document.documentElement.setAttribute('data-render-ms', String(Math.round(performance.now() - started)));
  document.documentElement.setAttribute('data-rendered',
    String(document.querySelectorAll('.chart').length));
})();
