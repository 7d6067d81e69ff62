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
  // Colours as the Java renderer computes them (DiffColors, FrameStrength), for the frames the
  // script paints itself: a function highlighted from the list, and the merged view of its calls.
  var NEUTRAL = 0xe6e6e6, NOISE_DIM = 0.3, NEW_FULL = 0.05, NEW_MIN = 0.25, CARRIED_FLOOR = 0.35;
  var REG = 0xcb181d, IMP = 0x2171b5;
  // The merged view: at most this many rows, and shown only when no one call path of the
  // highlighted function holds this share of it (one wide frame already reads as the change).
  var MERGED_ROWS = 12, MERGED_WHEN = 0.5;
  var merged = { height: 0, nodes: [] };

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
        add: g.classList.contains('add'), rem: g.classList.contains('rem'),
        nz: g.classList.contains('nz'), nzs: g.classList.contains('nzs'),
        u: +(g.getAttribute('data-u') || 0), c: +(g.getAttribute('data-c') || 0),
        p: -1, kids: [], visible: true, fn: +(g.getAttribute('data-fn') || -1)
      };
      f.wide = +f.rect.getAttribute('width') >= VISIBLE;
      // Each colour mode's fill when the frame's function is not the highlighted one: the default
      // culprit's frames carry it in data-n / data-n2, since they are drawn highlighted.
      var other = state.color === 'total' ? 'self' : 'total', drawn = f.rect.getAttribute('fill');
      f.normal = {};
      if (g.hasAttribute('data-n')) {
        f.normal[state.color] = g.getAttribute('data-n');
        f.normal[other] = g.getAttribute('data-n2') || f.normal[state.color];
      } else {
        f.normal[state.color] = drawn;
        f.normal[other] = g.getAttribute('data-f2') || drawn;
      }
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
    buildMerged();
    var top = TOP + merged.height;
    var last = 0;
    frames.forEach(function (f) { if (f.visible && f.wide && f.d > last) { last = f.d; } });
    frames.forEach(function (f) {
      if (!f.visible) { return; }
      var y = top + (inverted ? f.d : last - f.d) * ROW;
      f.rect.setAttribute('y', y);
      f.text.setAttribute('y', y + 11.5);
    });
    var bottom = top + (last + 1) * ROW, list = el('fn-list');
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

  function hexColor(v) { return '#' + ((1 << 24) | v).toString(16).substring(1); }

  function mix(from, to, t) {
    var out = 0;
    [16, 8, 0].forEach(function (shift) {
      var a = (from >> shift) & 255, b = (to >> shift) & 255;
      out |= Math.round(a + (b - a) * t) << shift;
    });
    return out;
  }

  // DiffColors.fill: new and gone code by its cost, changed code by its change relative to it.
  function fillOf(add, rem, before, after, significant, strength, total) {
    var intensity, end;
    if (add || rem) {
      var cost = Math.abs(after - before);
      intensity = total > 0 ? Math.max(NEW_MIN, Math.sqrt(Math.min(1, cost / (NEW_FULL * total)))) : 1;
      end = add ? REG : IMP;
    } else {
      var max = Math.max(Math.abs(before), Math.abs(after));
      if (!(max > 0) || before === after) { return hexColor(NEUTRAL); }
      intensity = Math.min(1, Math.sqrt(Math.abs(after - before) / max));
      end = after > before ? REG : IMP;
    }
    return hexColor(mix(NEUTRAL, end, intensity * strength * (significant ? 1 : NOISE_DIM)));
  }

  function profileTotal() { return Math.max(frames[0].b, frames[0].h); }

  // A highlighted function's frames at full strength, as the Java renderer draws the top culprit's.
  function strongFill(f, by) {
    return by === 'total' ? fillOf(f.add, f.rem, f.b, f.h, !f.nz, 1, profileTotal())
      : fillOf(f.add, f.rem, f.bs, f.hs, true, 1, profileTotal());
  }

  function paint(f, fill) {
    f.rect.setAttribute('fill', fill);
    f.g.classList.toggle('w', luminance(fill) < 0.179);
  }

  // Every frame's fill for the view, the colour mode and the highlighted function.
  function paintAll() {
    var plain = state.view !== 'diff';
    frames.forEach(function (f) {
      if (plain) {
        f.rect.setAttribute('fill', f.eli ? '#e6e6e6' : warm(f.name));
        f.g.classList.remove('w');
      } else {
        paint(f, !f.eli && state.fn >= 0 && f.fn === state.fn ? strongFill(f, state.color) : f.normal[state.color]);
      }
    });
  }

  function swapColors() {
    state.color = state.color === 'total' ? 'self' : 'total';
    paintAll();
    drawMerged();
    svg.classList.toggle('by-self', state.color === 'self');
    svg.classList.toggle('by-total', state.color === 'total');
    el('color-by').textContent = 'Color: ' + state.color + ' \u0394';
    var by = el('legend-by');
    // The word before the bracket is the value type's ("slower", or "more" for memory).
    by.textContent = by.textContent.split(' (')[0] + ' (' + state.color + ' \u0394)';
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
    paintAll();
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

  // The function list: a clicked row highlights all frames of its function, as one change: drawn
  // as the graph draws the top culprit (full strength, outlined), and merged over its call paths
  // above the graph when they are many and narrow.
  var LABEL_MAX = 160;
  function highlightFn(k) {
    state.fn = k;
    frames.forEach(function (f) { f.g.classList.toggle('fh', k >= 0 && f.fn === k); });
    paintAll();
    var rows = el('fn-table') ? el('fn-table').tBodies[0].rows : [];
    var label = el('fn-label');
    for (var i = 0; i < rows.length; i++) {
      var on = +rows[i].getAttribute('data-fn') === k;
      rows[i].classList.toggle('sel', on);
      if (on && label) {
        var c = rows[i].cells;
        var rest = ' (' + c[3].textContent + ' of the profile with its callees, ' + c[6].textContent
          + ' in its own code, ' + c[7].textContent + ' call paths, outlined)';
        // Cut from the left, as labels are: the method name survives and the line fits the header.
        var name = Array.from(c[0].textContent), room = Math.max(24, LABEL_MAX - 13 - rest.length);
        if (name.length > room) { name = ['\u2026'].concat(name.slice(name.length - (room - 1))); }
        label.textContent = 'Highlighted: ' + name.join('') + rest;
      }
    }
    if (k < 0 && label) { label.textContent = 'No function highlighted; click one in the list below the graph'; }
    cutHeight();
    saveState();
  }

  // The merged view of the highlighted function: its frames on every call path summed into one
  // frame the graph's width, its callees merged by name below it (pprof's focus, speedscope's
  // sandwich). A method slowed over 65 call paths is 65 slivers in the graph; merged, one frame.
  function mergedNode(f) {
    return { name: f.name, eli: f.eli, sys: f.sys, fn: f.fn, b: 0, h: 0, bs: 0, hs: 0, u: 0, c: 0,
      paths: 0, sig: false, ssig: false, kids: [], byKey: {} };
  }

  function mergeInto(n, i) {
    var f = frames[i];
    n.b += f.b; n.h += f.h; n.bs += f.bs; n.hs += f.hs; n.u += f.u; n.c += f.c; n.paths++;
    // Drawn as real where any of its call paths is part of a significant change (the graph's classes).
    if (f.b !== f.h && !f.nz) { n.sig = true; }
    if (f.bs !== f.hs && !f.nzs) { n.ssig = true; }
    f.kids.forEach(function (c) {
      var key = (frames[c].eli ? '\u0000' : '') + frames[c].name;
      var kid = n.byKey[key];
      if (!kid) { kid = n.byKey[key] = mergedNode(frames[c]); n.kids.push(kid); }
      mergeInto(kid, c);
    });
  }

  function buildMerged() {
    var old = document.getElementById('merged'); // made by this function, not by the renderer
    if (old) { old.parentNode.removeChild(old); }
    merged = { height: 0, nodes: [] };
    var k = state.fn;
    if (k < 0 || state.view !== 'diff' || !frames.length) { return; }
    var w = weights(state.mode), outer = [], sum = 0, widest = 0;
    frames.forEach(function (f, i) {
      if (f.fn !== k) { return; }
      for (var a = f.p; a >= 0; a = frames[a].p) { if (frames[a].fn === k) { return; } }
      outer.push(i);
      sum += w[i];
      widest = Math.max(widest, w[i]);
    });
    if (outer.length < 2 || !(sum > 0) || widest >= MERGED_WHEN * sum) { return; }
    var root = mergedNode(frames[outer[0]]);
    outer.forEach(function (i) { mergeInto(root, i); });
    // Weights under the width mode, then the strength of each change as FrameStrength has it.
    var list = [];
    (function walk(n, d, parent) {
      n.d = d; n.parent = parent; list.push(n);
      n.kids.sort(function (a, b) { return a.name < b.name ? -1 : a.name > b.name ? 1 : (a.eli ? 1 : 0) - (b.eli ? 1 : 0); });
      n.kids.forEach(function (c) { walk(c, d + 1, n); });
    }(root, 0, null));
    for (var i = list.length - 1; i >= 0; i--) {
      var n = list[i];
      n.w = own(n, state.mode) + n.kids.reduce(function (s, c) { return s + c.w; }, 0);
      n.carried = n.carried || 0;
      if (n.parent) {
        var dp = n.parent.h - n.parent.b, dc = n.h - n.b;
        if (dp !== 0 && Math.sign(dp) === Math.sign(dc)) {
          n.parent.carried = Math.max(n.parent.carried || 0, Math.min(1, dc / dp));
        }
      }
    }
    var scale = root.w > 0 ? PLOT / root.w : 0;
    var rows = 0;
    (function place(n, x) {
      n.left = x; n.right = x + n.w * scale;
      if (n.right - n.left >= VISIBLE && n.d + 1 > rows) { rows = n.d + 1; }
      var cx = x;
      n.kids.forEach(function (c) { place(c, cx); cx += c.w * scale; });
    }(root, 0));
    rows = Math.min(rows, MERGED_ROWS);
    var NS = 'http://www.w3.org/2000/svg';
    var g = document.createElementNS(NS, 'g');
    g.setAttribute('id', 'merged');
    var label = document.createElementNS(NS, 'text');
    label.setAttribute('class', 'mg-label');
    label.setAttribute('x', MARGIN);
    label.setAttribute('y', TOP + 12);
    label.textContent = fit(root.name, 700) + ' merged over its ' + outer.length
      + ' call paths, with its callees; the whole graph below';
    g.appendChild(label);
    list.forEach(function (n) {
      var l = edge(n.left), r = edge(n.right);
      if (n.d >= rows || r - l < 50) { return; }
      var fg = document.createElementNS(NS, 'g');
      var rect = document.createElementNS(NS, 'rect');
      var y = TOP + 18 + n.d * ROW;
      rect.setAttribute('x', l / 100);
      rect.setAttribute('y', y);
      rect.setAttribute('width', (r - l) / 100);
      rect.setAttribute('height', ROW - 1);
      var text = document.createElementNS(NS, 'text');
      text.setAttribute('x', (l + 300) / 100);
      text.setAttribute('y', y + 11.5);
      text.textContent = fit(n.name, (r - l) / 100);
      fg.appendChild(rect);
      fg.appendChild(text);
      var add = !n.eli && n.b === 0 && n.h !== 0, rem = !n.eli && n.h === 0 && n.b !== 0;
      var cls = ['mf'];
      if (n.eli) { cls.push('eli'); } else if (add) { cls.push('add'); } else if (rem) { cls.push('rem'); }
      if ((n.eli || add || rem) && r - l >= 400) { cls.push('o'); }
      if (n.fn === k && !n.eli) { cls.push('fh'); }
      if (!n.eli && n.b !== n.h && !n.sig) { cls.push('nz'); }
      if (!n.eli && n.bs !== n.hs && !n.ssig) { cls.push('nzs'); }
      fg.setAttribute('class', cls.join(' '));
      fg.setAttribute('data-name', n.name);
      n.add = add; n.rem = rem; n.g = fg; n.rect = rect; n.text = text;
      n.lines = mergedLines(n);
      merged.nodes.push(n);
      g.appendChild(fg);
    });
    var rule = document.createElementNS(NS, 'rect');
    rule.setAttribute('class', 'mg-rule');
    rule.setAttribute('x', MARGIN);
    rule.setAttribute('y', TOP + 18 + rows * ROW + 5);
    rule.setAttribute('width', PLOT);
    rule.setAttribute('height', 1);
    g.appendChild(rule);
    g.addEventListener('mouseover', function (e) {
      var n = mergedAt(e.target);
      if (n) { show(n, e); }
    });
    g.addEventListener('mousemove', moveTip);
    g.addEventListener('mouseout', function () { show(null); });
    g.addEventListener('click', function (e) {
      // A callee's frame highlights that function in turn (and merges its call paths).
      var n = mergedAt(e.target);
      if (n && !n.eli && n.fn >= 0 && n.fn !== state.fn) { highlightFn(n.fn); }
    });
    el('frames').parentNode.insertBefore(g, el('frames').nextSibling);
    merged.height = 18 + rows * ROW + 14;
    drawMerged();
  }

  function mergedAt(target) {
    var g = target && target.closest ? target.closest('#merged > g.mf') : null;
    for (var i = 0; g && i < merged.nodes.length; i++) { if (merged.nodes[i].g === g) { return merged.nodes[i]; } }
    return null;
  }

  function num(v) { return Math.abs(v - Math.round(v)) < 1e-9 ? String(Math.round(v)) : v.toFixed(2); }

  function mergedLines(n) {
    var base = frames[0].b, change = n.b > 0 ? ' (' + (n.h >= n.b ? '+' : '\u2212') + pct(Math.abs(n.h - n.b) / n.b) + ')'
      : n.h > 0 ? ' (new)' : '';
    return [n.name, 'base \u2192 head: ' + num(n.b) + ' \u2192 ' + num(n.h) + change + ', own code '
      + num(n.bs) + ' \u2192 ' + num(n.hs),
      'impact on the whole profile: ' + (n.h >= n.b ? '+' : '\u2212') + pct(base > 0 ? Math.abs(n.h - n.b) / base : 0),
      'merged over ' + n.paths + (n.paths === 1 ? ' call path, ' : ' call paths, ')
        + (n.b === n.h ? 'unchanged' : n.sig ? 'likely real' : 'could be noise')];
  }

  // The merged frames' fills for the colour mode: the highlighted function at full strength, its
  // callees by how much of their change they pass on, as the graph draws its frames.
  function drawMerged() {
    var total = profileTotal();
    merged.nodes.forEach(function (n) {
      var fill, top = n.fn === state.fn;
      if (n.eli) {
        fill = fillOf(n.b === 0 && n.h !== 0, n.h === 0 && n.b !== 0, n.b, n.h, true, 1, total);
      } else if (state.color === 'total') {
        fill = fillOf(n.add, n.rem, n.b, n.h, n.sig, top ? 1 : 1 - (1 - CARRIED_FLOOR) * (n.carried || 0), total);
      } else {
        fill = fillOf(n.add, n.rem, n.bs, n.hs, top || n.ssig, 1, total);
      }
      n.rect.setAttribute('fill', fill);
      n.g.classList.toggle('w', luminance(fill) < 0.179);
    });
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
    var swatch = function (cls) {
      var r = document.querySelector('#legend .' + cls + ' rect');
      return r ? parseInt(r.getAttribute('fill').substring(1), 16) : null;
    };
    REG = swatch('add') === null ? REG : swatch('add');
    IMP = swatch('rem') === null ? IMP : swatch('rem');
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
