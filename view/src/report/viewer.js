// Shuriken match report: the game viewer (vanilla JS, no network). The board is the SVG that
// Rust's view::svg wrote for the variant's start position; this script only moves the glyphs.
(function () {
  'use strict';
  var SVGNS = 'http://www.w3.org/2000/svg';
  var games = JSON.parse(document.getElementById('games').textContent);
  var select = document.getElementById('game-select');
  var holder = document.getElementById('board-holder');
  var info = document.getElementById('game-info');
  var label = document.getElementById('ply-label');
  var list = document.getElementById('move-list');
  var graph = document.getElementById('eval-graph');
  var state = { game: 0, ply: 0, svg: null };

  games.forEach(function (g, i) {
    var o = document.createElement('option');
    o.value = String(i);
    o.textContent = '#' + (g.index + 1) + ' ' + g.variant + ': ' + g.white + ' – ' + g.black +
      ' ' + g.result + ' (' + g.termination + ', ' + g.plies.length + ' plies)';
    select.appendChild(o);
  });

  function board(variant) {
    var t = document.querySelector('.board-template[data-variant="' + variant + '"] svg');
    return t ? t.cloneNode(true) : null;
  }

  function squareName(file, rank) {
    return String.fromCharCode(97 + file) + String(rank);
  }

  // Piece letters by square name, from a FEN board field (holes '*' and the hand '[...]').
  function parseField(field, svg) {
    var hand = '';
    var cut = field.indexOf('[');
    if (cut >= 0) { hand = field.slice(cut + 1, field.indexOf(']')); field = field.slice(0, cut); }
    var rows = field.split('/');
    var rankTop = Number(svg.dataset.rows) - 1 + Number(svg.dataset.rankBase);
    var pieces = {};
    rows.forEach(function (row, i) {
      var file = 0, j = 0, rank = rankTop - i;
      while (j < row.length) {
        var c = row[j];
        if (c >= '0' && c <= '9') {
          var n = c;
          if (j + 1 < row.length && row[j + 1] >= '0' && row[j + 1] <= '9') { n += row[j + 1]; j++; }
          file += parseInt(n, 10);
        } else if (c === '*') {
          file++;
        } else {
          pieces[squareName(file, rank)] = c;
          file++;
        }
        j++;
      }
    });
    return { pieces: pieces, hand: hand };
  }

  function rectOf(svg, name) {
    return svg.querySelector('rect.sq[data-square="' + name + '"]');
  }

  function draw() {
    var g = games[state.game];
    var svg = state.svg;
    if (!g || !svg) return;
    var prefix = g.variant + '-';
    var field = state.ply === 0 ? g.f0 : g.plies[state.ply - 1].f;
    var parsed = parseField(field, svg);
    var layer = svg.querySelector('g.pieces');
    while (layer.firstChild) layer.removeChild(layer.firstChild);
    var kingSquare = {};
    Object.keys(parsed.pieces).forEach(function (name) {
      var letter = parsed.pieces[name];
      var r = rectOf(svg, name);
      if (!r) return;
      var size = Number(r.getAttribute('width'));
      var u = document.createElementNS(SVGNS, 'use');
      var white = letter === letter.toUpperCase();
      u.setAttribute('class', 'piece');
      u.setAttribute('data-square', name);
      u.setAttribute('data-piece', letter);
      u.setAttribute('href', '#' + prefix + 'g-' + (white ? 'w' : 'b') + letter.toUpperCase());
      u.setAttribute('x', String(Number(r.getAttribute('x')) + size * 0.04));
      u.setAttribute('y', String(Number(r.getAttribute('y')) + size * 0.04));
      u.setAttribute('width', String(size * 0.92));
      u.setAttribute('height', String(size * 0.92));
      layer.appendChild(u);
      if (letter === 'K') kingSquare.w = name;
      if (letter === 'k') kingSquare.b = name;
    });
    svg.querySelectorAll('use.hand').forEach(function (h) {
      var c = h.dataset.color === 'w' ? 'J' : 'j';
      var count = parsed.hand.split('').filter(function (x) { return x === c; }).length;
      h.setAttribute('data-count', String(count));
      if (h.nextSibling) h.nextSibling.textContent = '\u00d7' + count;
    });
    var marks = svg.querySelector('g.marks');
    while (marks.firstChild) marks.removeChild(marks.firstChild);
    if (state.ply > 0) {
      var p = g.plies[state.ply - 1];
      p.l.forEach(function (name) {
        var r = rectOf(svg, name);
        if (!r) return;
        var m = r.cloneNode(false);
        m.setAttribute('class', 'lastmove');
        m.setAttribute('fill', '#f6e94a');
        m.setAttribute('opacity', '0.55');
        marks.appendChild(m);
      });
      if (p.c) {
        var startWhite = g.fen.split(' ')[1] !== 'b';
        var whiteToMove = (state.ply % 2 === 0) === startWhite;
        var k = rectOf(svg, whiteToMove ? kingSquare.w : kingSquare.b);
        if (k) {
          var s = Number(k.getAttribute('width'));
          var c = document.createElementNS(SVGNS, 'circle');
          c.setAttribute('class', 'check');
          c.setAttribute('data-square', k.dataset.square);
          c.setAttribute('cx', String(Number(k.getAttribute('x')) + s / 2));
          c.setAttribute('cy', String(Number(k.getAttribute('y')) + s / 2));
          c.setAttribute('r', String(s * 0.55));
          c.setAttribute('fill', 'url(#' + prefix + 'check)');
          marks.appendChild(c);
        }
      }
    }
    holder.setAttribute('data-position', field);
    holder.setAttribute('data-ply', String(state.ply));
    holder.setAttribute('data-game', String(g.index + 1));
    label.textContent = 'ply ' + state.ply + ' / ' + g.plies.length;
    list.querySelectorAll('span.current').forEach(function (s) { s.classList.remove('current'); });
    var cur = list.querySelector('span[data-ply="' + state.ply + '"]');
    if (cur) { cur.classList.add('current'); }
    drawGraph(g);
    history.replaceState(null, '', '#game=' + (g.index + 1) + '&ply=' + state.ply);
  }

  function drawGraph(g) {
    var w = 360, h = 140, pad = 4;
    var n = Math.max(g.plies.length, 1);
    var clip = 1000;
    var y = function (cp) { return h / 2 - (Math.max(-clip, Math.min(clip, cp)) / clip) * (h / 2 - pad); };
    var x = function (i) { return pad + (i / n) * (w - 2 * pad); };
    var pts = [];
    g.plies.forEach(function (p, i) { if (p.e !== null && p.e !== undefined) pts.push(x(i + 1).toFixed(1) + ',' + y(p.e).toFixed(1)); });
    var s = '<svg xmlns="' + SVGNS + '" width="' + w + '" height="' + h + '" class="eval">' +
      '<line x1="0" x2="' + w + '" y1="' + h / 2 + '" y2="' + h / 2 + '" stroke="#999"/>' +
      '<polyline fill="none" stroke="#1f77b4" stroke-width="1.5" points="' + pts.join(' ') + '"/>' +
      '<line class="ply-marker" x1="' + x(state.ply) + '" x2="' + x(state.ply) + '" y1="0" y2="' + h + '" stroke="#d62728"/>' +
      '<text x="4" y="12" font-size="10" fill="#555">white +10</text>' +
      '<text x="4" y="' + (h - 4) + '" font-size="10" fill="#555">black +10</text></svg>';
    graph.innerHTML = s;
    graph.title = 'evaluation from white\u2019s point of view (engine scores, clipped at 10 pawns)';
  }

  function showGame(i, ply) {
    state.game = Math.max(0, Math.min(games.length - 1, i));
    var g = games[state.game];
    if (!g) { info.textContent = 'No games embedded.'; return; }
    select.value = String(state.game);
    holder.innerHTML = '';
    state.svg = board(g.variant);
    if (state.svg) holder.appendChild(state.svg);
    info.textContent = g.white + ' (white) – ' + g.black + ' (black): ' + g.result + ', ' +
      g.termination + (g.reason ? ' (' + g.reason + ')' : '') + (g.note ? ' — replay stopped: ' + g.note : '') +
      ' — start: ' + g.fen;
    list.innerHTML = '';
    // Numbered from the start FEN's move number; a game that black starts opens with "n. …".
    list.start = g.n0 || 1;
    var first = g.b0 ? 1 : 0;
    if (g.b0 && g.plies.length) {
      var li0 = document.createElement('li');
      li0.appendChild(document.createTextNode('\u2026 '));
      list.appendChild(li0);
    }
    g.plies.forEach(function (p, k) {
      if ((k + first) % 2 === 0) { var li = document.createElement('li'); list.appendChild(li); }
      var span = document.createElement('span');
      span.textContent = p.s;
      span.title = p.u + (p.e !== null && p.e !== undefined ? ' eval ' + (p.e / 100).toFixed(2) : '') + ', ' + p.t + ' ms';
      span.dataset.ply = String(k + 1);
      span.addEventListener('click', function () { state.ply = k + 1; draw(); });
      list.lastChild.appendChild(span);
      list.lastChild.appendChild(document.createTextNode(' '));
    });
    state.ply = Math.max(0, Math.min(g.plies.length, ply || 0));
    draw();
  }

  function step(d) {
    var g = games[state.game];
    if (!g) return;
    state.ply = Math.max(0, Math.min(g.plies.length, state.ply + d));
    draw();
  }

  document.getElementById('first').addEventListener('click', function () { step(-1e9); });
  document.getElementById('prev').addEventListener('click', function () { step(-1); });
  document.getElementById('next').addEventListener('click', function () { step(1); });
  document.getElementById('last').addEventListener('click', function () { step(1e9); });
  select.addEventListener('change', function () { showGame(Number(select.value), 0); });
  document.addEventListener('keydown', function (e) {
    if (e.target && e.target.tagName === 'SELECT') return;
    if (e.key === 'ArrowLeft') { step(-1); e.preventDefault(); }
    if (e.key === 'ArrowRight') { step(1); e.preventDefault(); }
    if (e.key === 'Home') { step(-1e9); e.preventDefault(); }
    if (e.key === 'End') { step(1e9); e.preventDefault(); }
  });

  // #game=N&ply=M opens game N of the results file (1-based) at ply M; &click=next|prev|first|last
  // then presses that button once (used by scripts/report-screenshots.sh to test the buttons).
  var params = {};
  location.hash.replace(/^#/, '').split('&').forEach(function (kv) {
    var p = kv.split('=');
    if (p[0]) params[p[0]] = decodeURIComponent(p[1] || '');
  });
  var wanted = 0;
  if (params.game) {
    games.forEach(function (g, i) { if (g.index + 1 === Number(params.game)) wanted = i; });
  }
  showGame(wanted, Number(params.ply || 0));
  if (params.click && document.getElementById(params.click)) {
    document.getElementById(params.click).click();
  }
  // #...&view=game shows only the viewer (for screenshots of a game).
  if (params.view === 'game') {
    document.body.classList.add('game-only');
  }
})();
