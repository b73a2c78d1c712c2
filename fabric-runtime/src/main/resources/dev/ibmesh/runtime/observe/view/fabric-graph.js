// The fabric drawn with cytoscape.js, shared by the live view (/view/) and `ibmesh graph --format html`.
// The document is the live view's /api/fabric: {devices: [{name, kind, ports: [{number, width, speed, ...}]}],
// links: [{a: {device, port, local, physicalState, portState}, b: {...}, state}]}; a link without a state (the
// standalone file, drawn from the topology alone) is "planned" and carries its rate ("4x QDR") itself.
'use strict';

const IBMESH_STYLE = [
  { selector: 'node', style: {
      'label': 'data(label)', 'text-valign': 'center', 'text-halign': 'center', 'font-size': 11,
      'text-wrap': 'wrap', 'color': '#fff', 'text-outline-width': 0, 'width': 70, 'height': 40 } },
  { selector: 'node.switch', style: { 'shape': 'round-rectangle', 'background-color': '#3461a8', 'width': 90 } },
  { selector: 'node.hca', style: { 'shape': 'ellipse', 'background-color': '#2f8f83' } },
  { selector: 'node.tester', style: { 'shape': 'diamond', 'background-color': '#7b4fa6', 'width': 80, 'height': 60 } },
  { selector: 'node.remote', style: { 'shape': 'round-rectangle', 'background-color': '#bbb', 'color': '#333',
      'border-style': 'dashed', 'border-width': 2, 'border-color': '#888' } },
  { selector: 'node:selected', style: { 'border-width': 4, 'border-color': '#f5c518' } },
  { selector: 'edge', style: {
      'label': 'data(label)', 'font-size': 9, 'text-rotation': 'autorotate', 'text-background-color': '#fff',
      'text-background-opacity': 0.85, 'text-background-padding': 2, 'curve-style': 'bezier',
      'width': 'data(weight)', 'line-color': '#5b7bb5' } },
  { selector: 'edge.active', style: { 'line-color': '#2e9e44' } },
  { selector: 'edge.training', style: { 'line-color': '#e0a100' } },
  { selector: 'edge.down', style: { 'line-color': '#9e9e9e', 'line-style': 'dashed' } },
  { selector: 'edge.cut', style: { 'line-color': '#d62728', 'line-style': 'dashed' } },
  { selector: 'edge:selected', style: { 'overlay-color': '#f5c518', 'overlay-opacity': 0.35, 'overlay-padding': 4 } },
];

// The colours the edge classes draw in, for the legend and for a test that reads an edge's colour.
const IBMESH_LINK_COLOURS = { active: '#2e9e44', training: '#e0a100', down: '#9e9e9e', cut: '#d62728',
  planned: '#5b7bb5' };

function ibmeshShortState(s) {
  return (s || '').replace(/^(PHYSICAL_STATE_|PORT_STATE_|LINK_STATE_)/, '');
}

function ibmeshEdgeId(link) {
  return link.a.device + '/' + link.a.port + '--' + link.b.device + '/' + link.b.port;
}

// The link's class: cut while an end is Disabled (SetLinkState DOWN, PortPhysicalState 3: the cable pulled),
// active when both ends are LinkUp and Active, training while LinkUp but Init or Armed, down otherwise (Polling).
function ibmeshLinkClass(link) {
  if (!link.state) return 'planned';
  const ends = [link.a, link.b].filter(e => e.local);
  if (ends.some(e => e.physicalState === 'PHYSICAL_STATE_DISABLED')) return 'cut';
  if (link.state !== 'LINK_STATE_UP') return 'down';
  return ends.every(e => e.portState === 'PORT_STATE_ACTIVE') ? 'active' : 'training';
}

function ibmeshPort(doc, device, number) {
  const d = doc.devices.find(x => x.name === device);
  return d && (d.ports || []).find(p => p.number === number);
}

// What the link trained to ("4x QDR"), or what it will (the standalone file's rate); the edge is wider the faster
// the link: its width grows with the log of lanes times the lane's signalling rate.
function ibmeshRate(doc, link) {
  if (link.rate) return { label: link.rate, weight: ibmeshWeight(link.rate) };
  const p = ibmeshPort(doc, link.a.device, link.a.port);
  if (!p || !p.width) return { label: '', weight: 2 };
  const label = p.width + ' ' + p.speed;
  return { label: label, weight: ibmeshWeight(label) };
}

const IBMESH_LANES = { '1x': 1, '2x': 2, '4x': 4, '8x': 8, '12x': 12 };
const IBMESH_LANE_GBPS = { SDR: 2.5, DDR: 5, QDR: 10, FDR10: 10, FDR: 14, EDR: 25, HDR: 50, NDR: 100 };

function ibmeshWeight(rate) {
  const [width, speed] = rate.split(' ');
  const gbps = (IBMESH_LANES[width] || 1) * (IBMESH_LANE_GBPS[speed] || 2.5);
  return Math.max(1.5, Math.log2(gbps));
}

function ibmeshElements(doc) {
  const nodes = doc.devices.map(d => ({ group: 'nodes', classes: d.kind,
    data: { id: d.name, label: d.name + '\n' + d.kind, kind: d.kind } }));
  const known = new Set(doc.devices.map(d => d.name));
  const edges = [];
  for (const l of doc.links) {
    for (const end of [l.a, l.b]) {
      if (!known.has(end.device)) {
        known.add(end.device);
        nodes.push({ group: 'nodes', classes: 'remote',
          data: { id: end.device, label: end.device + '\n(elsewhere)', kind: 'remote' } });
      }
    }
    edges.push({ group: 'edges', classes: ibmeshLinkClass(l), data: ibmeshEdgeData(doc, l) });
  }
  return nodes.concat(edges);
}

function ibmeshEdgeData(doc, l) {
  const rate = ibmeshRate(doc, l);
  return { id: ibmeshEdgeId(l), source: l.a.device, target: l.b.device, aPort: l.a.port, bPort: l.b.port,
    ends: [l.a, l.b].filter(e => e.local).map(e => ({ device: e.device, port: e.port,
      disabled: e.physicalState === 'PHYSICAL_STATE_DISABLED' })),
    state: l.state || 'planned', label: l.a.port + '-' + l.b.port + (rate.label ? ' ' + rate.label : ''),
    weight: rate.weight };
}

// Draws the document in the container; the layout is cytoscape's breadthfirst, from the top switches: those cabled
// to switches only (a fat tree's spines) when some switches are not, else every switch.
function ibmeshDraw(container, doc) {
  const cy = cytoscape({ container: container, elements: ibmeshElements(doc), style: IBMESH_STYLE,
    wheelSensitivity: 0.3 });
  const switches = cy.nodes('.switch');
  const spines = switches.filter(n => n.neighborhood('node').every(m => m.hasClass('switch')));
  const roots = spines.nonempty() && spines.length < switches.length ? spines : switches;
  cy.layout({ name: 'breadthfirst', roots: roots, spacingFactor: 1.2, animate: false }).run();
  return cy;
}

// Brings an existing drawing up to date with a newer document, keeping where the nodes are.
function ibmeshUpdate(cy, doc) {
  for (const l of doc.links) {
    const e = cy.getElementById(ibmeshEdgeId(l));
    if (e.nonempty()) {
      e.data(ibmeshEdgeData(doc, l));
      e.classes(ibmeshLinkClass(l));
    }
  }
}
