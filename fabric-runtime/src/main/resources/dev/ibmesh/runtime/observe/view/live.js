// The live view: draws /api/fabric once, then polls it every second and recolours the links; a click on a device
// shows its ports (/api/devices/NAME, polled with the fabric while shown), a click on a link offers to cut or restore it (POST
// /api/links/DEVICE/PORT/state?up=...). The drawing is window.ibmeshGraph (a cytoscape instance).
'use strict';

const POLL_MS = 1000;
let selected = null; // {kind: 'device', name} or {kind: 'link', id}

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  Object.entries(attrs || {}).forEach(([k, v]) => e.setAttribute(k, v));
  children.forEach(c => e.append(c));
  return e;
}

function table(head, rows) {
  return el('table', {}, el('tr', {}, ...head.map(h => el('th', {}, h))),
    ...rows.map(r => el('tr', {}, ...r.map((c, i) => el('td', i > 0 && /^\d+$/.test(String(c)) ? { class: 'n' } : {},
      String(c))))));
}

async function json(url, options) {
  const r = await fetch(url, options);
  const body = await r.json();
  if (!r.ok) throw new Error(body.error || r.status);
  return body;
}

function showSubnet(doc) {
  const sm = document.getElementById('sm');
  if (!doc.subnet) {
    sm.textContent = 'SM: none in this process';
    sm.className = '';
    return;
  }
  const s = doc.subnet;
  sm.textContent = 'SM: ' + s.smState + ', ' + s.sweeps + ' sweeps, ' + (s.up ? 'SUBNET UP' : 'subnet not up');
  sm.className = s.up ? 'sm-up' : 'sm-down';
}

// The tester's verdicts so far, when this process runs the tester service.
function showVerdicts(doc) {
  const v = document.getElementById('verdicts');
  v.textContent = doc.verdicts
    ? 'tester: ' + Object.entries(doc.verdicts).map(([kind, n]) => kind + ' ' + n).join(', ')
    : '';
}

async function showDevice(name) {
  const panel = document.getElementById('panel');
  const d = await json('/api/devices/' + encodeURIComponent(name));
  if (!selected || selected.kind !== 'device' || selected.name !== name) return; // another click came meanwhile
  const ports = table(['port', 'LID', 'state', 'physical', 'width', 'speed', 'cabled to'],
    d.ports.map(p => [p.number, p.lid, ibmeshShortState(p.portState), ibmeshShortState(p.physicalState),
      p.width || '-', p.speed || '-', p.cabledTo || '-']));
  ports.id = 'ports';
  const counters = d.ports.map(p => el('div', {},
    el('h4', {}, 'port ' + p.number + ' PortCounters'),
    table(['counter', 'value'], Object.entries(p.pma).filter(([, v]) => v !== 0).map(([k, v]) => [k, v]))));
  panel.replaceChildren(el('h3', {}, d.name + ' (' + d.kind + ')'),
    el('div', {}, 'NodeGUID ' + d.nodeGuid + ', "' + d.description + '"'), ports,
    el('p', {}, 'Non-zero counters:'), ...counters);
}

function showLink(edge) {
  const d = edge.data();
  const panel = document.getElementById('panel');
  const cut = el('button', { id: 'cut' }, 'Cut');
  const restore = el('button', { id: 'restore' }, 'Restore');
  const result = el('p', { id: 'link-result' });
  // SetLinkState changes one end: a cut disables the first end this process runs, a restore enables every end
  // that is disabled (whichever end the cut named, here or through the control API).
  const post = (end, up) => json('/api/links/' + encodeURIComponent(end.device) + '/' + end.port + '/state?up=' + up,
    { method: 'POST' });
  const change = up => {
    const ends = up ? d.ends.filter(e => e.disabled) : d.ends.slice(0, 1);
    return Promise.all(ends.map(e => post(e, up)))
      .then(links => {
        result.textContent = links.length ? 'now ' + ibmeshShortState(links[links.length - 1].state) : 'not cut';
        result.className = '';
        poll();
      })
      .catch(e => { result.textContent = e.message; result.className = 'error'; });
  };
  cut.onclick = () => change(false);
  restore.onclick = () => change(true);
  panel.replaceChildren(el('h3', {}, d.source + '/' + d.aPort + ' - ' + d.target + '/' + d.bPort),
    el('p', { id: 'link-state' }, linkState(edge)), cut, restore, result);
}

function linkState(edge) {
  const d = edge.data();
  return 'state: ' + ibmeshShortState(d.state) + ' (' + edge.classes().join(' ') + ')' +
    (d.label ? ', ' + d.label : '');
}

async function poll() {
  try {
    const doc = await json('/api/fabric');
    if (!window.ibmeshGraph) {
      const cy = ibmeshDraw(document.getElementById('graph'), doc);
      cy.on('tap', 'node', e => {
        selected = { kind: 'device', name: e.target.id() };
        showDevice(e.target.id()).catch(err => { document.getElementById('panel').textContent = err.message; });
      });
      cy.on('tap', 'edge', e => { selected = { kind: 'link', id: e.target.id() }; showLink(e.target); });
      window.ibmeshGraph = cy;
    } else {
      ibmeshUpdate(window.ibmeshGraph, doc);
      const shown = document.getElementById('link-state');
      if (shown && selected && selected.kind === 'link') {
        shown.textContent = linkState(window.ibmeshGraph.getElementById(selected.id));
      }
      if (selected && selected.kind === 'device') {
        await showDevice(selected.name); // its states and counters as they are now
      }
    }
    showSubnet(doc);
    showVerdicts(doc);
    document.getElementById('status').textContent = 'updated ' + new Date().toLocaleTimeString();
  } catch (e) {
    document.getElementById('status').textContent = 'fabric unreachable: ' + e.message;
  }
}

// One poll at a time: the next starts a second after the last ended.
async function loop() {
  await poll();
  setTimeout(loop, POLL_MS);
}

loop();
