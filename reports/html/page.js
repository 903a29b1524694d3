// What both drasim pages (the run report, report.js; the sweep page, sweep.js) draw with: a DOM
// element builder and the duration format of their tables and legends. Embedded before either.
var drasimPage = (function () {
  'use strict';

  // el('div', {'class': 'x', text: 'y'}, [children]): an element; `text` sets its text content.
  function el(tag, attrs, children) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === 'text') { e.textContent = attrs[k]; } else { e.setAttribute(k, attrs[k]); }
    });
    (children || []).forEach(function (c) { if (c) { e.appendChild(c); } });
    return e;
  }

  // Seconds as "12.5s" or "1h 2m 3s"; '-' for none.
  function duration(s) {
    if (s === null || s === undefined) { return '-'; }
    if (s < 60) { return (Math.round(s * 1000) / 1000) + 's'; }
    var h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = Math.floor(s % 60);
    return (h > 0 ? h + 'h ' : '') + (h > 0 || m > 0 ? m + 'm ' : '') + r + 's';
  }

  return {el: el, duration: duration};
})();
