// The replay page's script: reads the recorded events (the JSON above),
// prepares each run once (steps, counters, tree, what each event undoes),
// then moves every run to the same step by applying events forward or
// undoing them backward, so stepping back restores the earlier state exactly.
'use strict';
(function () {
  const CHOOSE = 0, UNCHOOSE = 1, PRUNE = 2, FAIL = 3, SOLUTION = 4, RESTART = 5;
  const BACKJUMP = 6, LEARN = 7; // look-back: [6, from depth, to depth], [7, first, length]
  const SPEEDS = [1, 2, 4, 8, 15, 30, 60, 120, 240]; // steps per second
  const SLOT = 12, LEVEL = 26, PAD = 10, RADIUS = 4.5; // tree geometry (px)

  const data = JSON.parse(document.getElementById('replay-data').textContent);
  const style = data.style;
  const $ = (id) => document.getElementById(id);

  function make(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function escapeXml(text) {
    return String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
  }

  // One pass over a run's events: where each step stops, the counters after
  // every event, the tree's nodes, and what each event takes back (for undo).
  function prepare(run) {
    const ev = run.events, n = ev.length;
    const colOf = new Map(run.columns.map((v, i) => [v, i]));
    const stops = [];
    let first = ev.findIndex((e) => e[0] === CHOOSE);
    if (first < 0) first = n;
    stops.push(first);
    for (let i = first; i < n;) {
      if (ev[i][0] === CHOOSE) {
        i++;
        while (i < n && (ev[i][0] === PRUNE || ev[i][0] === FAIL || ev[i][0] === SOLUTION)) i++;
        stops.push(i);
      } else if (ev[i][0] === LEARN || ev[i][0] === BACKJUMP) {
        // A dead end: its nogood and its jump, before the skipped levels are undone.
        i++;
        while (i < n && ev[i][0] === BACKJUMP) i++;
        stops.push(i);
      } else {
        i++;
      }
    }
    if (stops[stops.length - 1] !== n) stops.push(n);

    const nodes = [{ parent: -1, depth: 0, x: 0, label: 'root', children: [] }];
    const nodeOf = new Int32Array(n).fill(-1);   // the node a choose, fail or solution concerns
    const pruneDepth = new Int32Array(n);
    const counts = { nodes: new Int32Array(n + 1), failures: new Int32Array(n + 1),
      pruned: new Int32Array(n + 1), solutions: new Int32Array(n + 1), depth: new Int32Array(n + 1),
      backjumps: new Int32Array(n + 1), nogoods: new Int32Array(n + 1) };
    const skipped = [];  // per backjump event: the variables of the levels it skips
    const jumpMark = new Int32Array(n + 1).fill(-1); // the backjump shown, or -1
    const lookBack = ev.some((e) => e[0] === BACKJUMP || e[0] === LEARN);
    const current = new Int32Array(n + 1);       // the node at the end of the branch
    const failMark = new Int32Array(n + 1).fill(-1); // the fail event shown, or -1
    const popped = [];   // per event: [var, column] taken off the branch
    const restored = []; // per event: prune events undone
    const path = [0];    // node indices; path[0] is the root
    const pathVars = []; // [var, column] of each assignment on the branch
    const trail = [];    // [prune event, depth]
    let c = { nodes: 1, failures: 0, pruned: 0, solutions: 0, backjumps: 0, nogoods: 0 };
    let mark = -1, jump = -1;
    counts.nodes[0] = 1;
    function backTo(depth, i) {
      while (pathVars.length > depth) {
        path.pop();
        (popped[i] = popped[i] || []).push(pathVars.pop());
      }
      while (trail.length && trail[trail.length - 1][1] > depth) {
        (restored[i] = restored[i] || []).push(trail.pop()[0]);
      }
    }
    for (let i = 0; i < n; i++) {
      const e = ev[i];
      if (e[0] !== LEARN) jump = -1;
      switch (e[0]) {
        case CHOOSE: {
          backTo(Math.max(0, e[3] - 1), i);
          const parent = path[path.length - 1];
          const k = nodes.length;
          nodes.push({ parent, depth: pathVars.length + 1, x: 0, children: [],
            label: run.vars[e[1]] + ' = ' + e[2] });
          nodes[parent].children.push(k);
          path.push(k);
          pathVars.push([e[1], colOf.has(e[2]) ? colOf.get(e[2]) : -1]);
          nodeOf[i] = k;
          c.nodes++;
          mark = -1;
          break;
        }
        case UNCHOOSE:
          backTo(Math.max(0, e[3] - 1), i);
          break;
        case PRUNE:
          pruneDepth[i] = pathVars.length;
          trail.push([i, pathVars.length]);
          c.pruned++;
          break;
        case FAIL:
          nodeOf[i] = path[path.length - 1];
          c.failures++;
          c.nodes--;
          mark = i;
          break;
        case SOLUTION:
          nodeOf[i] = path[path.length - 1];
          c.solutions++;
          break;
        case RESTART:
          backTo(0, i);
          mark = -1;
          break;
        case BACKJUMP:
          // Depths to + 1 .. from - 1 are on the branch still: pathVars[to .. from - 2].
          skipped[i] = pathVars.slice(e[2], Math.max(e[2], e[1] - 1)).map((pv) => pv[0]);
          c.backjumps++;
          jump = i;
          break;
        case LEARN:
          c.nogoods++;
          break;
        default:
          throw new Error('unknown event kind ' + e[0] + ' at event ' + i);
      }
      counts.nodes[i + 1] = c.nodes;
      counts.failures[i + 1] = c.failures;
      counts.pruned[i + 1] = c.pruned;
      counts.solutions[i + 1] = c.solutions;
      counts.depth[i + 1] = pathVars.length;
      counts.backjumps[i + 1] = c.backjumps;
      counts.nogoods[i + 1] = c.nogoods;
      jumpMark[i + 1] = jump;
      current[i + 1] = path[path.length - 1];
      failMark[i + 1] = mark;
    }
    // Tidy layout: leaves one slot apart in the order reached (nodes are
    // in pre-order), each parent centred over its first and last child.
    let slot = 0, maxDepth = 0;
    for (const node of nodes) {
      if (!node.children.length) node.x = slot++;
      maxDepth = Math.max(maxDepth, node.depth);
    }
    for (let k = nodes.length - 1; k >= 0; k--) {
      const ch = nodes[k].children;
      if (ch.length) nodes[k].x = (nodes[ch[0]].x + nodes[ch[ch.length - 1]].x) / 2;
    }
    return { stops, nodes, nodeOf, pruneDepth, counts, current, failMark, popped, restored,
      colOf, skipped, jumpMark, lookBack, leaves: Math.max(slot, 1), maxDepth };
  }

  // The view of one run: its panel, grid cells, tree, and the state that
  // applying and undoing events change.
  function Run(run, index) {
    const p = prepare(run);
    Object.assign(this, p);
    this.run = run;
    this.pos = 0;
    const nVars = run.vars.length, nCols = run.columns.length;
    this.nCols = nCols;
    this.assigned = new Int32Array(nVars).fill(-1); // column of each variable's value
    this.prunedBy = new Int32Array(nVars * nCols).fill(-1); // prune event per cell
    this.inDomain = new Uint8Array(nVars * nCols).fill(1);
    run.domains.forEach((d, v) => {
      if (d === null) return;
      this.inDomain.fill(0, v * nCols, (v + 1) * nCols);
      for (const col of d) this.inDomain[v * nCols + col] = 1;
    });

    const panel = make('section', 'run');
    panel.dataset.run = index;
    panel.appendChild(make('h2', '', run.title));
    if (run.summary) panel.appendChild(make('p', 'summary', run.summary));
    if (run.truncation) panel.appendChild(make('p', 'truncation', 'Truncated: ' + run.truncation.text));
    const dl = make('dl', 'counters');
    this.counterCells = {};
    const shown = [['nodes', 'nodes'], ['failures', 'failures'], ['pruned', 'values pruned'],
      ['solutions', 'solutions'], ['depth', 'depth']];
    if (this.lookBack) shown.push(['backjumps', 'backjumps'], ['nogoods', 'nogoods']);
    for (const [key, label] of shown) {
      dl.appendChild(make('dt', '', label));
      const dd = make('dd', '', '0');
      dd.dataset.counter = key;
      dl.appendChild(dd);
      this.counterCells[key] = dd;
    }
    panel.appendChild(dl);
    this.eventLine = make('p', 'event');
    panel.appendChild(this.eventLine);

    // The grid: variables as rows (or columns, transposed), values across.
    const box = make('div', 'grid-box');
    const table = make('table', 'grid' + (style.board ? ' board' : ''));
    const rows = style.transpose ? nCols : nVars, cols = style.transpose ? nVars : nCols;
    const rowName = (r) => style.transpose ? String(run.columns[r]) : run.vars[r];
    const colName = (k) => style.transpose ? run.vars[k] : String(run.columns[k]);
    const head = make('tr');
    head.appendChild(make('th'));
    for (let k = 0; k < cols; k++) head.appendChild(make('th', '', colName(k)));
    table.appendChild(head);
    this.cells = new Array(nVars * nCols);
    this.cellState = new Array(nVars * nCols).fill('');
    for (let r = 0; r < rows; r++) {
      const tr = make('tr');
      tr.appendChild(make('th', '', rowName(r)));
      for (let k = 0; k < cols; k++) {
        const v = style.transpose ? k : r, col = style.transpose ? r : k;
        const td = make('td', 'cell');
        td.dataset.var = v;
        td.dataset.value = run.columns[col];
        td.dataset.shade = (r + k) % 2 ? 'dark' : 'light';
        tr.appendChild(td);
        this.cells[v * nCols + col] = td;
      }
      table.appendChild(tr);
    }
    box.appendChild(table);
    panel.appendChild(box);

    // The tree: every recorded node laid out once, shown as it is reached.
    const treeBox = make('div', 'tree-box');
    const width = 2 * PAD + (this.leaves - 1) * SLOT, height = 2 * PAD + this.maxDepth * LEVEL;
    const at = (k) => [PAD + this.nodes[k].x * SLOT, PAD + this.nodes[k].depth * LEVEL];
    const parts = ['<svg class="tree" width="' + width + '" height="' + height + '">'];
    for (let k = 1; k < this.nodes.length; k++) {
      const [x1, y1] = at(this.nodes[k].parent), [x2, y2] = at(k);
      parts.push('<line class="edge hidden" x1="' + x1 + '" y1="' + y1 + '" x2="' + x2 + '" y2="' + y2 + '"/>');
    }
    for (let k = 0; k < this.nodes.length; k++) {
      const [x, y] = at(k);
      parts.push('<circle class="node' + (k ? ' hidden' : ' root') + '" data-node="' + k + '" cx="' + x +
        '" cy="' + y + '" r="' + RADIUS + '"><title>' + escapeXml(this.nodes[k].label) + '</title></circle>');
    }
    parts.push('</svg>');
    treeBox.innerHTML = parts.join('');
    this.edges = [null].concat(Array.from(treeBox.querySelectorAll('line')));
    this.circles = Array.from(treeBox.querySelectorAll('circle'));
    this.treeBox = treeBox;
    this.currentNode = 0;
    panel.appendChild(treeBox);
    this.panel = panel;
  }

  Run.prototype.cellOf = function (e) {
    const col = this.colOf.get(e[2]);
    return col === undefined ? -1 : e[1] * this.nCols + col;
  };

  Run.prototype.showNode = function (k, shown) {
    this.circles[k].classList.toggle('hidden', !shown);
    this.edges[k].classList.toggle('hidden', !shown);
  };

  Run.prototype.apply = function (i) {
    const e = this.run.events[i];
    for (const [v] of this.popped[i] || []) this.assigned[v] = -1;
    for (const pe of this.restored[i] || []) this.prunedBy[this.cellOf(this.run.events[pe])] = -1;
    switch (e[0]) {
      case CHOOSE:
        this.assigned[e[1]] = this.colOf.has(e[2]) ? this.colOf.get(e[2]) : -1;
        this.showNode(this.nodeOf[i], true);
        break;
      case PRUNE: {
        const cell = this.cellOf(e);
        if (cell >= 0) this.prunedBy[cell] = i;
        break;
      }
      case FAIL: this.circles[this.nodeOf[i]].classList.add('failed'); break;
      case SOLUTION: this.circles[this.nodeOf[i]].classList.add('solution'); break;
    }
  };

  Run.prototype.undo = function (i) {
    const e = this.run.events[i];
    switch (e[0]) {
      case CHOOSE:
        this.assigned[e[1]] = -1;
        this.showNode(this.nodeOf[i], false);
        break;
      case PRUNE: {
        const cell = this.cellOf(e);
        if (cell >= 0) this.prunedBy[cell] = -1;
        break;
      }
      case FAIL: this.circles[this.nodeOf[i]].classList.remove('failed'); break;
      case SOLUTION: this.circles[this.nodeOf[i]].classList.remove('solution'); break;
    }
    for (const pe of this.restored[i] || []) this.prunedBy[this.cellOf(this.run.events[pe])] = pe;
    for (const [v, col] of this.popped[i] || []) this.assigned[v] = col;
  };

  // The event position this run shows at global step t.
  Run.prototype.positionAt = function (t) {
    return this.stops[Math.min(t, this.stops.length - 1)];
  };

  Run.prototype.moveTo = function (target) {
    while (this.pos < target) this.apply(this.pos++);
    while (this.pos > target) this.undo(--this.pos);
  };

  Run.prototype.describe = function () {
    const p = this.pos, ev = this.run.events;
    if (p === 0) return 'start';
    if (p === ev.length && this.run.truncation) return 'end of the recording (truncated)';
    if (p === ev.length && (ev.length === 0 || ev[p - 1][0] !== CHOOSE && ev[p - 1][0] !== PRUNE &&
      ev[p - 1][0] !== FAIL && ev[p - 1][0] !== SOLUTION)) return 'end of the search';
    const last = ev[p - 1][0];
    if (last === BACKJUMP || last === LEARN) return this.describeDeadEnd(p);
    let k = p - 1;
    while (k > 0 && ev[k][0] !== CHOOSE) k--;
    if (ev[k][0] !== CHOOSE) return 'root propagation';
    let text = style.varNoun + ' ' + this.run.vars[ev[k][1]] + ' = ' + ev[k][2];
    if (last === FAIL) text += ': failed';
    else if (last === SOLUTION) text += ': solution ' + this.counts.solutions[p];
    return text;
  };

  // A look-back dead end (the step ends with its learn and backjump events):
  // the nogood learned and the levels the jump skips.
  Run.prototype.describeDeadEnd = function (p) {
    const ev = this.run.events, vars = this.run.vars;
    const parts = [];
    let k = p - 1;
    while (k > 0 && (ev[k - 1][0] === LEARN || ev[k - 1][0] === BACKJUMP)) k--;
    for (let i = k; i < p; i++) {
      const e = ev[i];
      if (e[0] === LEARN) {
        const lits = (this.run.learned || []).slice(e[1], e[1] + e[2]);
        parts.push('learned the nogood {' + lits.map(([v, value]) => vars[v] + ' = ' + value).join(', ') + '}');
      } else {
        const names = this.skipped[i].map((v) => vars[v]);
        parts.push(e[2] === 0
          ? 'no level to go back to: the search ends (skipping ' + names.join(', ') + ')'
          : 'backjump from depth ' + e[1] + ' to depth ' + e[2] + ', skipping ' + names.join(', '));
      }
    }
    return 'dead end: ' + parts.join('; ');
  };

  Run.prototype.render = function () {
    const p = this.pos, run = this.run;
    for (const key of Object.keys(this.counterCells)) {
      this.counterCells[key].textContent = String(this.counts[key][p]);
    }
    this.eventLine.textContent = this.describe();
    const fail = this.failMark[p] >= 0 ? this.run.events[this.failMark[p]] : null;
    const failCell = fail ? this.cellOf(fail) : -1;
    const nCols = this.nCols;
    const jump = this.jumpMark[p];
    const skipping = new Set(jump >= 0 ? this.skipped[jump] : []);
    for (let cell = 0; cell < this.cells.length; cell++) {
      const v = Math.floor(cell / nCols), col = cell % nCols;
      let state;
      if (!this.inDomain[cell]) state = 'absent';
      else if (cell === failCell) state = 'failed';
      else if (this.assigned[v] === col) state = skipping.has(v) ? 'skipped' : 'assigned';
      else if (this.prunedBy[cell] >= 0) state = 'pruned';
      else if (this.assigned[v] >= 0) state = 'taken';
      else state = 'free';
      const key = state + (state === 'pruned' ? this.prunedBy[cell] : '');
      if (this.cellState[cell] === key) continue;
      this.cellState[cell] = key;
      const td = this.cells[cell];
      td.className = 'cell ' + state + ' ' + td.dataset.shade;
      td.dataset.state = state;
      td.textContent = state === 'assigned' || state === 'failed' || state === 'skipped' ? style.assignedMark : state === 'pruned' ? '×' : '';
      let title = style.varNoun + ' ' + run.vars[v] + ', ' + style.valueNoun + ' ' + run.columns[col] + ': ';
      if (state === 'pruned') {
        const pe = this.prunedBy[cell];
        title += 'pruned by ' + run.constraints[run.events[pe][3]] + ' at depth ' + this.pruneDepth[pe];
        td.dataset.constraint = run.events[pe][3];
      } else {
        title += { absent: 'not in the domain', failed: 'tried and failed', assigned: 'assigned',
          taken: 'another value is assigned', free: 'in the domain',
          skipped: 'assigned, undone by the backjump without trying its other values' }[state];
        delete td.dataset.constraint;
      }
      td.title = title;
    }
    const node = this.current[p];
    if (node !== this.currentNode) {
      this.circles[this.currentNode].classList.remove('current');
      this.currentNode = node;
    }
    this.circles[node].classList.add('current');
    this.panel.dataset.node = node;
    this.panel.dataset.position = p;
  };

  // Keeps the current node in view inside the tree's scrolling box.
  Run.prototype.follow = function () {
    const box = this.treeBox, n = this.nodes[this.currentNode];
    const x = PAD + n.x * SLOT, y = PAD + n.depth * LEVEL;
    if (x < box.scrollLeft + 20 || x > box.scrollLeft + box.clientWidth - 20) {
      box.scrollLeft = x - box.clientWidth / 2;
    }
    if (y < box.scrollTop + 20 || y > box.scrollTop + box.clientHeight - 20) {
      box.scrollTop = y - box.clientHeight / 2;
    }
  };

  // --- The page: every run at the same step. ---
  document.title = data.title;
  $('title').textContent = data.title;
  const runs = data.runs.map((run, i) => new Run(run, i));
  const container = $('runs');
  for (const r of runs) container.appendChild(r.panel);
  const last = runs.reduce((m, r) => Math.max(m, r.stops.length - 1), 0);
  const scrubber = $('scrubber');
  scrubber.max = String(last);
  let step = 0, speed = 3, timer = null;

  function notice(text) { $('notice').textContent = text; }

  function goTo(t) {
    step = Math.max(0, Math.min(last, t));
    for (const r of runs) {
      r.moveTo(r.positionAt(step));
      r.render();
      r.follow();
    }
    scrubber.value = String(step);
    $('step-text').textContent = 'step ' + step + ' of ' + last;
    document.body.dataset.step = step;
  }

  // The next step at which some run's `counter` grows.
  function nextWhere(counter, what) {
    for (let t = step + 1; t <= last; t++) {
      if (runs.some((r) => r.counts[counter][r.positionAt(t)] > r.counts[counter][r.positionAt(t - 1)])) {
        notice('');
        goTo(t);
        return;
      }
    }
    notice('No ' + what + ' after step ' + step + '.');
  }

  function setSpeed(s) {
    speed = Math.max(0, Math.min(SPEEDS.length - 1, s));
    $('speed').value = String(speed);
    $('speed-text').textContent = SPEEDS[speed] + '/s';
  }

  function pause() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    $('play').textContent = '▶ play';
  }

  function play() {
    if (step >= last) goTo(0);
    $('play').textContent = '⏸ pause';
    const tick = () => {
      if (step >= last) { pause(); return; }
      goTo(step + 1);
      timer = setTimeout(tick, 1000 / SPEEDS[speed]);
    };
    timer = setTimeout(tick, 1000 / SPEEDS[speed]);
  }

  const actions = {
    start: () => { pause(); goTo(0); },
    back: () => { pause(); goTo(step - 1); },
    play: () => { if (timer === null) play(); else pause(); },
    forward: () => { pause(); goTo(step + 1); },
    end: () => { pause(); goTo(last); },
    'next-solution': () => { pause(); nextWhere('solutions', 'solution'); },
    'next-failure': () => { pause(); nextWhere('failures', 'failure'); },
  };
  for (const [id, action] of Object.entries(actions)) {
    // Blurred after a click, so a later space or arrow key is not also
    // taken by the focused button.
    $(id).addEventListener('click', (e) => { action(); e.currentTarget.blur(); });
  }
  scrubber.addEventListener('input', () => { pause(); goTo(Number(scrubber.value)); });
  $('speed').addEventListener('input', () => setSpeed(Number($('speed').value)));

  const keys = {
    ' ': 'play', ArrowRight: 'forward', '.': 'forward', ArrowLeft: 'back', ',': 'back',
    s: 'next-solution', f: 'next-failure', Home: 'start', End: 'end',
  };
  document.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const tenth = Math.max(1, Math.round(last / 10));
    if (keys[e.key]) actions[keys[e.key]]();
    else if (e.key === 'PageDown') { pause(); goTo(step + tenth); }
    else if (e.key === 'PageUp') { pause(); goTo(step - tenth); }
    else if (e.key === '+' || e.key === '=') setSpeed(speed + 1);
    else if (e.key === '-') setSpeed(speed - 1);
    else return;
    e.preventDefault();
  });

  setSpeed(speed);
  // A step can be asked for in the address: replay.html#step=40.
  const asked = /step=(\d+)/.exec(location.hash);
  goTo(asked ? Number(asked[1]) : 0);
  document.body.dataset.ready = 'true';
})();
