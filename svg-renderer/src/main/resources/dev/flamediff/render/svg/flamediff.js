// flamediff interactive differential flame graph.
// Static code: every datum comes from the DOM (data-* attributes, <title> text), never from
// strings pasted into this script. Layout rules mirror the Java renderer (FlameLayout): children
// left to right in document order, widths from the current width mode, edges rounded to 0.01 px.
(function () {
  'use strict';
  var WIDTH = 1200, MARGIN = 10, PLOT = 1180, CHARW = 0.59 * 12, ROW = 16, VISIBLE = 4;
  var MODES = ['union', 'head', 'base', 'sum', 'changes'];
  // The words the Java renderer writes for each mode (WidthLabels).
  var LABELS = { union: 'larger of base and head', head: 'head', base: 'base', sum: 'base + head',
    changes: 'changed part only' };
  var svg = document.documentElement;
  var inverted = svg.getAttribute('data-inverted') !== 'false';
  var TOP = +svg.getAttribute('data-top'), BAR = +svg.getAttribute('data-bar');
  var frames = [];
  var cache = {};
  var state = {
    mode: svg.getAttribute('data-width-mode'),
    color: svg.getAttribute('data-color-by'),
    zoom: 0, search: '', cur: -1, view: 'diff', grey: false, hideSys: false, diffMode: null,
    fn: +(svg.getAttribute('data-fn') || -1)
  };
  var defaultFn = state.fn;
  var staticMode = state.mode;
  var matches = [];
  var el = function (id) { return document.getElementById(id); };

  function load() {
    var gs = el('frames').children;
    var stack = [];
    for (var i = 0; i < gs.length; i++) {
      var g = gs[i];
      var d = +g.getAttribute('data-d');
      var title = g.getElementsByTagName('title')[0].textContent;
      var f = {
        g: g, rect: g.getElementsByTagName('rect')[0], text: g.getElementsByTagName('text')[0],
        lines: title.split('\n'), name: title.split('\n')[0], d: d,
        b: +g.getAttribute('data-b'), h: +g.getAttribute('data-h'),
        eli: g.classList.contains('eli'), sys: g.classList.contains('sys'),
        styled: g.classList.contains('add') || g.classList.contains('rem') || g.classList.contains('eli'),
        u: +(g.getAttribute('data-u') || 0), c: +(g.getAttribute('data-c') || 0),
        p: -1, kids: [], visible: true, fn: +(g.getAttribute('data-fn') || -1)
      };
      f.wide = +f.rect.getAttribute('width') >= VISIBLE;
      stack.length = d;
      if (d > 0) { f.p = stack[d - 1]; frames[f.p].kids.push(i); }
      stack[d] = i;
      frames.push(f);
    }
    frames.forEach(function (f) {
      var bs = f.b, hs = f.h;
      f.kids.forEach(function (k) { bs -= frames[k].b; hs -= frames[k].h; });
      f.bs = Math.max(0, bs); f.hs = Math.max(0, hs);
    });
  }

  function own(f, mode) {
    if (f.sys && state.hideSys) { return 0; }
    if (f.eli) {
      return mode === 'union' ? f.u : mode === 'changes' ? f.c : mode === 'base' ? f.b
        : mode === 'head' ? f.h : f.b + f.h;
    }
    switch (mode) {
      case 'base': return f.bs;
      case 'head': return f.hs;
      case 'sum': return f.bs + f.hs;
      case 'changes': return Math.abs(f.hs - f.bs);
      default: return Math.max(f.bs, f.hs);
    }
  }

  function weights(mode) {
    var key = mode + (state.hideSys ? '-x' : '');
    if (cache[key]) { return cache[key]; }
    var w = new Array(frames.length).fill(0);
    for (var i = frames.length - 1; i >= 0; i--) {
      w[i] += own(frames[i], mode);
      if (frames[i].p >= 0) { w[frames[i].p] += w[i]; }
    }
    cache[key] = w;
    return w;
  }

  // Cut from the left, as the Java renderer does (SafeText.fit): the method name survives.
  function fit(name, width) {
    var n = Math.floor((width - 6) / CHARW);
    if (n < 3) { return ''; }
    var pts = Array.from(name);
    return pts.length <= n ? name : '\u2026' + pts.slice(pts.length - (n - 1)).join('');
  }

  // The name on up to `most` lines of the width; a longer one loses its start, as labels do.
  function wrap(name, width, most) {
    var n = Math.max(3, Math.floor((width - 6) / CHARW));
    var pts = Array.from(name), out = [];
    if (pts.length > n * most) { pts = ['\u2026'].concat(pts.slice(pts.length - (n * most - 1))); }
    for (var i = 0; i < pts.length; i += n) { out.push(pts.slice(i, i + n).join('')); }
    return out.length ? out : [''];
  }

  function edge(x) { return Math.round((MARGIN + x) * 100); }

  function place(f, left, right) {
    var l = edge(left), r = edge(right);
    f.rect.setAttribute('x', l / 100);
    f.rect.setAttribute('width', (r - l) / 100);
    f.text.setAttribute('x', (l + 300) / 100);
    f.text.textContent = fit(f.name, (r - l) / 100);
    f.g.classList.toggle('o', r - l >= 400 && f.styled);
    f.visible = true;
    f.wide = r - l >= VISIBLE * 100;
  }

  // The height follows the deepest row with a frame wide enough to see (the Java renderer cuts
  // the static picture the same way); rows below it would be slivers on an empty page.
  function cutHeight() {
    var last = 0;
    frames.forEach(function (f) { if (f.visible && f.wide && f.d > last) { last = f.d; } });
    frames.forEach(function (f) {
      if (!f.visible) { return; }
      var y = TOP + (inverted ? f.d : last - f.d) * ROW;
      f.rect.setAttribute('y', y);
      f.text.setAttribute('y', y + 11.5);
    });
    var bottom = TOP + (last + 1) * ROW, list = el('fn-list');
    if (list) { list.setAttribute('y', bottom + 10); }
    var h = Math.round(bottom + 8 + (list ? 10 + +list.getAttribute('height') : 0));
    svg.setAttribute('height', h);
    svg.setAttribute('viewBox', '0 0 ' + WIDTH + ' ' + h);
    stick();
  }

  function layout() {
    var w = weights(state.mode), z = state.zoom, n = frames.length;
    var anc = {}, inSub = new Array(n), cur = new Array(n);
    for (var a = frames[z].p; a >= 0; a = frames[a].p) { anc[a] = true; }
    var scale = w[z] > 0 ? PLOT / w[z] : 0;
    for (var i = 0; i < n; i++) {
      var f = frames[i];
      f.g.classList.remove('hide', 'anc');
      if (i === z || anc[i]) {
        place(f, 0, PLOT);
        cur[i] = 0;
        inSub[i] = i === z;
        if (anc[i]) { f.g.classList.add('anc'); }
      } else if (f.p >= 0 && inSub[f.p]) {
        var left = cur[f.p], right = left + w[i] * scale;
        cur[f.p] = right;
        cur[i] = left;
        inSub[i] = true;
        place(f, left, right);
      } else {
        f.g.classList.add('hide');
        f.visible = false;
      }
    }
    el('reset').classList.toggle('off', z === 0);
    el('width-mode').textContent = 'Width: ' + LABELS[state.mode];
    cutHeight();
    mark();
  }

  function luminance(hex) {
    var v = parseInt(hex.substring(1), 16);
    return [v >> 16, (v >> 8) & 255, v & 255].map(function (c, k) {
      c /= 255;
      c = c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
      return c * [0.2126, 0.7152, 0.0722][k];
    }).reduce(function (s, x) { return s + x; }, 0);
  }

  function swapColors() {
    frames.forEach(function (f) {
      var alt = f.g.getAttribute('data-f2');
      if (!alt) { return; }
      f.g.setAttribute('data-f2', f.rect.getAttribute('fill'));
      f.rect.setAttribute('fill', alt);
      f.g.classList.toggle('w', luminance(alt) < 0.179);
    });
    state.color = state.color === 'total' ? 'self' : 'total';
    svg.classList.toggle('by-self', state.color === 'self');
    svg.classList.toggle('by-total', state.color === 'total');
    el('color-by').textContent = 'Color: ' + state.color + ' \u0394';
    el('legend-by').textContent = 'slower (' + state.color + ' \u0394)';
  }

  // Base and Head views: each side's own flame graph, widths from that side, warm colours from the
  // name (as flamegraph.pl draws), so the eye reads sizes, not changes.
  function warm(name) {
    var h = 0;
    for (var i = 0; i < name.length; i++) { h = (h * 31 + name.charCodeAt(i)) | 0; }
    var v1 = ((h >>> 8) & 255) / 255, v2 = (h & 255) / 255;
    var r = 205 + Math.round(50 * v2), g = Math.round(90 + 140 * v1), b = Math.round(55 * v2);
    return '#' + ((1 << 24) | (r << 16) | (g << 8) | b).toString(16).substring(1);
  }

  function setView(v) {
    if (v === state.view) { return; }
    if (state.view === 'diff') { state.diffMode = state.mode; }
    state.view = v;
    var plain = v !== 'diff';
    svg.classList.toggle('plain', plain);
    frames.forEach(function (f) {
      if (plain) {
        if (f.fill === undefined) { f.fill = f.rect.getAttribute('fill'); f.white = f.g.classList.contains('w'); }
        f.rect.setAttribute('fill', f.eli ? '#e6e6e6' : warm(f.name));
        f.g.classList.remove('w');
      } else if (f.fill !== undefined) {
        f.rect.setAttribute('fill', f.fill);
        f.g.classList.toggle('w', f.white);
        f.fill = undefined;
      }
    });
    ['base', 'head', 'diff'].forEach(function (k) { el('view-' + k).classList.toggle('on', k === v); });
    state.mode = plain ? v : (state.diffMode || staticMode);
    layout();
  }

  function setGrey(on) {
    if (!el('noise-btn')) { return; }
    state.grey = on;
    svg.classList.toggle('grey-noise', on);
    el('noise-btn').textContent = 'Noise: ' + (on ? 'grey' : 'pale');
    saveState();
  }

  function setHideSys(on) {
    if (!el('sys-btn')) { return; }
    state.hideSys = on;
    el('sys-btn').textContent = 'JVM internals: ' + (on ? 'hidden' : 'shown');
    layout();
  }

  // The function list: a clicked row highlights all frames of its function, as one change.
  function highlightFn(k) {
    state.fn = k;
    frames.forEach(function (f) { f.g.classList.toggle('fh', k >= 0 && f.fn === k); });
    var rows = el('fn-table') ? el('fn-table').tBodies[0].rows : [];
    var label = el('fn-label');
    for (var i = 0; i < rows.length; i++) {
      var on = +rows[i].getAttribute('data-fn') === k;
      rows[i].classList.toggle('sel', on);
      if (on && label) {
        var c = rows[i].cells;
        label.textContent = 'Highlighted: ' + c[0].textContent + ' (' + c[3].textContent + ' of the profile with its callees, '
          + c[6].textContent + ' in its own code, ' + c[7].textContent + ' call paths, outlined)';
      }
    }
    if (k < 0 && label) { label.textContent = 'No function highlighted; click one in the list below the graph'; }
    saveState();
  }

  function sortList(key) {
    var body = el('fn-table').tBodies[0], rows = Array.from(body.rows);
    var col = Array.from(el('fn-table').tHead.rows[0].cells).findIndex(function (c) { return c.getAttribute('data-k') === key; });
    var dir = sortKey === key ? -sortDir : (key === 'name' || key === 'c' ? 1 : -1);
    sortKey = key; sortDir = dir;
    rows.sort(function (a, b) {
      var x = a.cells[col], y = b.cells[col];
      if (key === 'name') { return dir * (x.textContent < y.textContent ? -1 : x.textContent > y.textContent ? 1 : 0); }
      // Numbers by size: the largest change first, whichever its direction, for the impacts.
      var u = +x.getAttribute('data-v'), v = +y.getAttribute('data-v');
      if (key === 'ii' || key === 'si') { u = Math.abs(u); v = Math.abs(v); }
      return dir * (u - v);
    });
    rows.forEach(function (r) { body.appendChild(r); });
  }
  var sortKey = null, sortDir = 1;

  function filterList(text) {
    var rows = el('fn-table').tBodies[0].rows, t = text.toLowerCase();
    for (var i = 0; i < rows.length; i++) {
      rows[i].style.display = rows[i].cells[0].textContent.toLowerCase().indexOf(t) >= 0 ? '' : 'none';
    }
  }

  function pct(x) { return (100 * x).toFixed(2) + '%'; }

  function mark() {
    var re = null;
    matches = [];
    if (state.search) {
      try { re = new RegExp(state.search); } catch (e) { el('matched').textContent = 'Invalid regex'; }
    }
    var w = weights(state.mode), under = new Array(frames.length);
    var sw = 0, sb = 0, sh = 0;
    frames.forEach(function (f, i) {
      var hit = re !== null && !f.eli && re.test(f.name);
      f.g.classList.toggle('hl', hit);
      f.g.classList.toggle('cur', false);
      if (hit) { matches.push(i); }
      var above = f.p >= 0 && under[f.p];
      if (hit && !above) { sw += w[i]; sb += f.b; sh += f.h; }
      under[i] = hit || above;
    });
    if (re !== null) {
      var root = frames[0];
      el('matched').textContent = 'Matched: ' + pct(w[0] > 0 ? sw / w[0] : 0) + ' (base '
        + pct(root.b > 0 ? sb / root.b : 0) + ' \u2192 head ' + pct(root.h > 0 ? sh / root.h : 0) + ')';
    } else if (!state.search) {
      el('matched').textContent = ' ';
    }
    if (state.cur >= matches.length) { state.cur = -1; }
    if (state.cur >= 0) { frames[matches[state.cur]].g.classList.add('cur'); }
    el('prev').classList.toggle('off', matches.length === 0);
    el('next').classList.toggle('off', matches.length === 0);
    saveState();
  }

  function step(dir) {
    if (matches.length === 0) { return; }
    state.cur = state.cur < 0 ? (dir > 0 ? 0 : matches.length - 1)
      : (state.cur + dir + matches.length) % matches.length;
    var f = frames[matches[state.cur]];
    if (!f.visible) { state.zoom = 0; layout(); } else { mark(); }
    if (f.rect.scrollIntoView) { f.rect.scrollIntoView({ block: 'nearest' }); }
    show(f);
  }

  // The tooltip next to the pointer: every line of the frame's <title>, each cut to fit.
  var TIPW = 560;
  function show(f, ev) {
    var tip = el('tip'), text = el('details');
    while (text.firstChild) { text.removeChild(text.firstChild); }
    if (!f) { tip.classList.remove('on'); text.textContent = ' '; return; }
    var title = f.g.getElementsByTagName('title')[0];
    if (title) {
      // The browser's own tooltip would repeat this one a second later.
      var desc = document.createElementNS('http://www.w3.org/2000/svg', 'desc');
      desc.textContent = title.textContent;
      f.g.replaceChild(desc, title);
    }
    var rows = wrap(f.name, TIPW - 10, 3).concat(f.lines.slice(1).map(function (l) { return fit(l, TIPW - 10); }));
    rows.forEach(function (line, k) {
      var t = document.createElementNS('http://www.w3.org/2000/svg', 'tspan');
      t.setAttribute('x', 8);
      t.setAttribute('dy', k === 0 ? 16 : 15);
      if (k < rows.length - f.lines.length + 1) { t.setAttribute('class', 'name'); }
      t.textContent = line;
      text.appendChild(t);
    });
    tip.classList.add('on');
    var box = text.getBBox();
    var rect = tip.getElementsByTagName('rect')[0];
    rect.setAttribute('width', Math.ceil(box.width + 16));
    rect.setAttribute('height', Math.ceil(box.height + 10));
    if (ev) {
      moveTip(ev);
    } else {
      // Stepping through matches: under the frame, the way the pointer would put it.
      var x = Math.min(+f.rect.getAttribute('x'), WIDTH - rect.getAttribute('width'));
      tip.setAttribute('transform', 'translate(' + Math.max(0, Math.round(x)) + ','
        + Math.round(+f.rect.getAttribute('y') + ROW + 2) + ')');
    }
  }

  function toUser(ev) {
    var m = svg.getScreenCTM();
    if (!m) { return { x: 0, y: 0 }; }
    var p = svg.createSVGPoint();
    p.x = ev.clientX; p.y = ev.clientY;
    return p.matrixTransform(m.inverse());
  }

  // Right of and below the pointer, flipped to the other side where it would leave the window.
  function moveTip(ev) {
    var tip = el('tip');
    if (!tip.classList.contains('on')) { return; }
    var rect = tip.getElementsByTagName('rect')[0];
    var w = +rect.getAttribute('width'), h = +rect.getAttribute('height');
    var p = toUser(ev), scale = userScale();
    var x = p.x + 14, y = p.y + 18;
    if (x + w > WIDTH) { x = Math.max(0, p.x - 14 - w); }
    var bottom = (window.scrollY + window.innerHeight) / scale;
    if (y + h > bottom) { y = Math.max(window.scrollY / scale, p.y - 10 - h); }
    tip.setAttribute('transform', 'translate(' + Math.round(x) + ',' + Math.round(y) + ')');
  }

  function userScale() {
    var r = svg.getBoundingClientRect();
    return r.width > 0 ? r.width / WIDTH : 1;
  }

  // Keeps the control bar and legend at the top of the window once the page scrolls past them.
  function stick() {
    var dy = Math.max(0, window.scrollY / userScale() - BAR);
    el('bar').setAttribute('transform', dy > 0 ? 'translate(0,' + dy.toFixed(1) + ')' : '');
  }

  function zoom(i) { state.zoom = i; layout(); }

  function search() {
    var box = el('search');
    box.focus();
    box.select();
  }

  function setSearch(re) {
    state.search = re;
    state.cur = -1;
    el('search').value = re;
    mark();
  }

  function toggleHelp(open) {
    svg.classList.toggle('help-open', open === undefined ? !svg.classList.contains('help-open') : open);
  }

  function saveState() {
    var parts = ['w=' + (state.view === 'diff' ? state.mode : state.diffMode || staticMode), 'c=' + state.color];
    if (state.view !== 'diff') { parts.push('v=' + state.view); }
    if (state.grey) { parts.push('g=1'); }
    if (state.hideSys) { parts.push('x=1'); }
    if (state.fn !== defaultFn) { parts.push('f=' + state.fn); }
    if (state.zoom) { parts.push('z=' + state.zoom); }
    if (state.search) { parts.push('s=' + encodeURIComponent(state.search)); }
    if (state.cur >= 0) { parts.push('m=' + state.cur); }
    var hash = '#' + parts.join('&');
    if (window.history && history.replaceState && location.hash !== hash) {
      try { history.replaceState(null, '', hash); } catch (e) { /* file: URLs in some browsers */ }
    }
  }

  var wantView = null, wantFn = null;

  function restoreState() {
    var h = (location.hash || '').replace(/^#/, '');
    var want = {};
    h.split('&').forEach(function (kv) {
      var k = kv.indexOf('=');
      if (k > 0) {
        try { want[kv.substring(0, k)] = decodeURIComponent(kv.substring(k + 1)); } catch (e) { /* ignore */ }
      }
    });
    if (MODES.indexOf(want.w) >= 0) { state.mode = want.w; }
    if (want.g === '1') { setGrey(true); }
    if (want.f !== undefined && /^-?[0-9]+$/.test(want.f)) { wantFn = +want.f; }
    if (want.x === '1' && el('sys-btn')) { state.hideSys = true; el('sys-btn').textContent = 'JVM internals: hidden'; }
    if (want.v === 'base' || want.v === 'head') { wantView = want.v; }
    if ((want.c === 'self' || want.c === 'total') && want.c !== state.color) { swapColors(); }
    var z = parseInt(want.z, 10);
    if (z > 0 && z < frames.length) { state.zoom = z; }
    if (want.s) { state.search = want.s; }
    var m = parseInt(want.m, 10);
    if (m >= 0) { state.cur = m; }
  }

  function frameIndex(target) {
    var g = target && target.closest ? target.closest('#frames > g') : null;
    return g ? parseInt(g.id.substring(1), 10) : -1;
  }

  function init() {
    load();
    svg.classList.add('js');
    restoreState();
    svg.classList.add(state.color === 'self' ? 'by-self' : 'by-total');
    var layoutDone = state.mode !== staticMode || state.zoom !== 0 || state.hideSys;
    if (layoutDone) { layout(); } else { mark(); }
    if (wantView) { setView(wantView); layoutDone = true; }
    if (wantFn !== null) { highlightFn(wantFn); }
    if (el('fn-table')) {
      el('fn-table').addEventListener('click', function (e) {
        var th = e.target.closest('th'), tr = e.target.closest('tbody tr');
        if (th) { sortList(th.getAttribute('data-k')); }
        if (tr) { var k = +tr.getAttribute('data-fn'); highlightFn(state.fn === k ? -1 : k); }
      });
      var filter = el('fn-filter');
      filter.addEventListener('input', function () { filterList(filter.value); });
      filter.addEventListener('keydown', function (e) { e.stopPropagation(); });
    }
    el('search').value = state.search;
    if (!layoutDone) { cutHeight(); }
    if (!inverted && !location.hash) {
      // A flame graph's root is at the bottom: open the view there.
      window.scrollTo(0, document.documentElement.scrollHeight);
    }
    if (state.cur >= 0 && state.cur < matches.length) { show(frames[matches[state.cur]]); }
    var fr = el('frames');
    fr.addEventListener('click', function (e) {
      var i = frameIndex(e.target);
      if (i >= 0) { zoom(i); }
    });
    fr.addEventListener('mouseover', function (e) {
      var i = frameIndex(e.target);
      if (i >= 0) { show(frames[i], e); }
    });
    fr.addEventListener('mousemove', moveTip);
    fr.addEventListener('mouseout', function () { show(null); });
    window.addEventListener('scroll', stick);
    window.addEventListener('resize', stick);
    el('reset').addEventListener('click', function () { zoom(0); });
    var box = el('search');
    box.addEventListener('input', function () { setSearch(box.value); });
    box.addEventListener('keydown', function (e) {
      if (e.key === 'Enter') {
        e.preventDefault();
        step(e.shiftKey ? -1 : 1);
      } else if (e.key === 'Escape') {
        setSearch('');
        box.blur();
      }
      e.stopPropagation();
    });
    el('help-btn').addEventListener('click', function () { toggleHelp(); });
    ['base', 'head', 'diff'].forEach(function (k) {
      el('view-' + k).addEventListener('click', function () { setView(k); });
    });
    if (el('noise-btn')) { el('noise-btn').addEventListener('click', function () { setGrey(!state.grey); }); }
    if (el('sys-btn')) { el('sys-btn').addEventListener('click', function () { setHideSys(!state.hideSys); }); }
    el('method-btn').addEventListener('click', function () { svg.classList.toggle('method-open'); });
    el('help').addEventListener('click', function () { toggleHelp(false); });
    el('next').addEventListener('click', function () { step(1); });
    el('prev').addEventListener('click', function () { step(-1); });
    el('width-mode').addEventListener('click', function () {
      state.mode = MODES[(MODES.indexOf(state.mode) + 1) % MODES.length];
      layout();
    });
    el('color-by').addEventListener('click', function () { swapColors(); saveState(); });
    window.addEventListener('keydown', function (e) {
      if ((e.ctrlKey || e.metaKey) && (e.key === 'f' || e.key === 'F')) {
        e.preventDefault();
        search();
      } else if (e.key === 'Escape') {
        toggleHelp(false);
        setSearch('');
      } else if (e.ctrlKey || e.metaKey || e.altKey) {
        return;
      } else if (e.key === 'n' || e.key === 'N') {
        step(e.key === 'n' ? 1 : -1);
      } else if (e.key === 'Enter' && state.cur >= 0 && state.cur < matches.length) {
        zoom(matches[state.cur]);
      } else if (e.key === 'Backspace' || e.key === 'u') {
        zoom(Math.max(0, frames[state.zoom].p));
      } else if (e.key === 'r') {
        zoom(0);
      } else if (e.key === 'w') {
        if (state.view === 'diff') { el('width-mode').dispatchEvent(new MouseEvent('click')); }
      } else if (e.key === 'c') {
        if (state.view === 'diff') { el('color-by').dispatchEvent(new MouseEvent('click')); }
      } else if (e.key === 'b' || e.key === 'h' || e.key === 'd') {
        setView({ b: 'base', h: 'head', d: 'diff' }[e.key]);
      } else if (e.key === 'g') {
        setGrey(!state.grey);
      } else if (e.key === 'j') {
        setHideSys(!state.hideSys);
      } else if (e.key === '/') {
        e.preventDefault();
        search();
      } else if (e.key === '?') {
        toggleHelp();
      }
    });
  }

  if (document.readyState === 'loading') {
    window.addEventListener('DOMContentLoaded', init);
  } else {
    init();
  }
}());
