// flamediff interactive differential flame graph.
// Static code: every datum comes from the DOM (data-* attributes, <title> text), never from
// strings pasted into this script. Layout rules mirror the Java renderer (FlameLayout): children
// left to right in document order, widths from the current width mode, edges rounded to 0.01 px.
(function () {
  'use strict';
  var MARGIN = 10, PLOT = 1180, CHARW = 0.59 * 12;
  var MODES = ['union', 'head', 'base', 'sum', 'changes'];
  var svg = document.documentElement;
  var frames = [];
  var cache = {};
  var state = {
    mode: svg.getAttribute('data-width-mode'),
    color: svg.getAttribute('data-color-by'),
    zoom: 0, search: '', cur: -1
  };
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
        eli: g.classList.contains('eli'),
        styled: g.classList.contains('add') || g.classList.contains('rem') || g.classList.contains('eli'),
        u: +(g.getAttribute('data-u') || 0), c: +(g.getAttribute('data-c') || 0),
        p: -1, kids: []
      };
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
    if (cache[mode]) { return cache[mode]; }
    var w = new Array(frames.length).fill(0);
    for (var i = frames.length - 1; i >= 0; i--) {
      w[i] += own(frames[i], mode);
      if (frames[i].p >= 0) { w[frames[i].p] += w[i]; }
    }
    cache[mode] = w;
    return w;
  }

  function fit(name, width) {
    var n = Math.floor((width - 6) / CHARW);
    if (n < 3) { return ''; }
    var pts = Array.from(name);
    return pts.length <= n ? name : pts.slice(0, n - 2).join('') + '..';
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
    el('width-mode').textContent = 'Width: ' + state.mode;
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
    el('color-by').textContent = 'Color: ' + state.color + ' \u0394';
    el('legend-by').textContent = 'slower (' + state.color + ' \u0394)';
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
    show(f);
  }

  // One line fits about 165 characters: the name, total, impact, noise and status, not kind and self.
  function show(f) {
    el('details').textContent = f ? fit(f.lines.filter(function (l, k) {
      return k === 0 || !/^(kind|self|merged): /.test(l);
    }).join('  |  '), PLOT) : ' ';
  }

  function zoom(i) { state.zoom = i; layout(); }

  function search() {
    var re = window.prompt('Search frames (regular expression; empty clears)', state.search);
    if (re !== null) { state.search = re; state.cur = -1; mark(); }
  }

  function saveState() {
    var parts = ['w=' + state.mode, 'c=' + state.color];
    if (state.zoom) { parts.push('z=' + state.zoom); }
    if (state.search) { parts.push('s=' + encodeURIComponent(state.search)); }
    if (state.cur >= 0) { parts.push('m=' + state.cur); }
    var hash = '#' + parts.join('&');
    if (window.history && history.replaceState && location.hash !== hash) {
      try { history.replaceState(null, '', hash); } catch (e) { /* file: URLs in some browsers */ }
    }
  }

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
    if (state.mode !== staticMode || state.zoom !== 0) { layout(); } else { mark(); }
    if (state.cur >= 0 && state.cur < matches.length) { show(frames[matches[state.cur]]); }
    var fr = el('frames');
    fr.addEventListener('click', function (e) {
      var i = frameIndex(e.target);
      if (i >= 0) { zoom(i); }
    });
    fr.addEventListener('mouseover', function (e) {
      var i = frameIndex(e.target);
      if (i >= 0) { show(frames[i]); }
    });
    fr.addEventListener('mouseout', function () { show(null); });
    el('reset').addEventListener('click', function () { zoom(0); });
    el('search').addEventListener('click', search);
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
        state.search = ''; state.cur = -1; mark();
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
        el('width-mode').dispatchEvent(new MouseEvent('click'));
      } else if (e.key === 'c') {
        el('color-by').dispatchEvent(new MouseEvent('click'));
      } else if (e.key === '/') {
        e.preventDefault();
        search();
      }
    });
  }

  if (document.readyState === 'loading') {
    window.addEventListener('DOMContentLoaded', init);
  } else {
    init();
  }
}());
