// Drives two HCAs of a running `ibmesh up` through their verbs (gRPC ibmesh.verbs.v1.Verbs, the HCA named by the
// `ibmesh-device` metadata header): connects an RC QP of each to the other, RDMA-WRITEs a message from the first
// into the second's memory, SENDs another into a receive buffer the second posted, and checks the bytes arrived.
// The second HCA's completions come from a WatchCompletions stream, the first's from PollCq.
//
//   node rc-write-send.js [HOST:PORT[,HOST:PORT]] [HCA_A] [HCA_B]      (defaults: localhost:9200 h1 h2)
//
// Two addresses when the HCAs run in different processes (shards of `ibmesh up --shard`): HCA_A's, then HCA_B's.
//
// The fabric must be configured (LIDs assigned, ports Active: run an SM first, see the README). Exits 0 when both
// messages arrived intact, 1 otherwise, printing why.
'use strict';

const path = require('path');
const grpc = require('@grpc/grpc-js');
const protoLoader = require('@grpc/proto-loader');

const [targets = 'localhost:9200', nameA = 'h1', nameB = 'h2'] = process.argv.slice(2);
const [targetA, targetB = targetA] = targets.split(',');
const PROTO_DIR = path.join(__dirname, '..', '..', 'proto', 'src', 'main', 'proto');
const TIMEOUT_MS = 20000;

const ACCESS = {LOCAL_WRITE: 1, REMOTE_WRITE: 2, REMOTE_READ: 4};
const VA = 0x10000; // where each HCA's region lives in its (emulated) address space
const RECV_OFFSET = 1024; // B's receive buffer, inside its region

const definition = protoLoader.loadSync(path.join(PROTO_DIR, 'verbs.proto'), {
  keepCase: true,
  longs: String,
  enums: String,
  defaults: true,
  includeDirs: [PROTO_DIR],
});
const {Verbs} = grpc.loadPackageDefinition(definition).ibmesh.verbs.v1;
const clients = [];

/** One HCA, served at target: every unary verb as a promise, with the header that names the HCA. */
function hca(name, target) {
  const client = new Verbs(target, grpc.credentials.createInsecure());
  clients.push(client);
  const metadata = new grpc.Metadata();
  metadata.set('ibmesh-device', name);
  const verb = (method) => (request = {}) =>
    new Promise((resolve, reject) =>
      client[method](request, metadata, {deadline: Date.now() + 5000}, (err, reply) =>
        err ? reject(new Error(`${name} ${method}: ${err.details || err.message}`)) : resolve(reply)));
  const h = {name, metadata, client};
  for (const m of ['queryPort', 'queryGid', 'allocPd', 'regMr', 'createCq', 'createQp', 'modifyQp', 'queryQp',
    'postSend', 'postRecv', 'pollCq', 'readMemory', 'writeMemory']) {
    h[m] = verb(m);
  }
  return h;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Port 1 once it is Active (the SM has configured it). */
async function activePort(h) {
  for (;;) {
    const port = await h.queryPort({port_num: 1});
    if (port.state === 'PORT_ACTIVE') {
      return port;
    }
    console.log(`${h.name}/1 is ${port.state}, waiting for the SM to make it Active`);
    await sleep(200);
  }
}

/** A PD, a CQ, a 4 KiB region and an RC QP. */
async function open(h) {
  const {pd_handle: pd} = await h.allocPd();
  const {cq_handle: cq} = await h.createCq({cqe: 16});
  const mr = await h.regMr({
    pd_handle: pd,
    addr: VA,
    length: 4096,
    access_flags: ACCESS.LOCAL_WRITE | ACCESS.REMOTE_WRITE | ACCESS.REMOTE_READ,
  });
  const {qp_num: qpn} = await h.createQp({
    pd_handle: pd,
    send_cq_handle: cq,
    recv_cq_handle: cq,
    qp_type: 'RC',
    cap: {max_send_wr: 8, max_recv_wr: 8, max_send_sge: 1, max_recv_sge: 1},
  });
  return {cq, lkey: mr.lkey, rkey: mr.rkey, qpn};
}

/** RESET -> INIT -> RTR -> RTS towards the peer's QP, as an application does after exchanging LIDs, QPNs, PSNs. */
async function connect(h, local, port, remote, sqPsn, rqPsn) {
  const modify = (attr) => h.modifyQp({qp_num: local.qpn, attr});
  await modify({qp_state: 'INIT', pkey_index: 0, port_num: 1, qp_access_flags: ACCESS.REMOTE_WRITE});
  await modify({
    qp_state: 'RTR',
    ah_attr: {dlid: remote.lid, port_num: 1},
    path_mtu: port.active_mtu,
    dest_qp_num: remote.qpn,
    rq_psn: rqPsn,
    max_dest_rd_atomic: 1,
    min_rnr_timer: 12,
  });
  await modify({qp_state: 'RTS', timeout: 14, retry_cnt: 7, rnr_retry: 7, sq_psn: sqPsn, max_rd_atomic: 1});
}

/** The next completion of a CQ, by PollCq. */
async function pollOne(h, cq) {
  for (;;) {
    const {wc} = await h.pollCq({cq_handle: cq, num_entries: 1});
    if (wc.length > 0) {
      return wc[0];
    }
    await sleep(5);
  }
}

/** Completions of a CQ as they arrive, by WatchCompletions: next() resolves with the next one. */
function watch(h, cq) {
  const waiting = [];
  const arrived = [];
  let failure = null;
  const call = h.client.watchCompletions({cq_handle: cq}, h.metadata);
  call.on('data', (wc) => (waiting.length > 0 ? waiting.shift().resolve(wc) : arrived.push(wc)));
  call.on('error', (err) => {
    if (err.code !== grpc.status.CANCELLED) {
      failure = new Error(`${h.name} WatchCompletions: ${err.details || err.message}`);
      waiting.splice(0).forEach((w) => w.reject(failure));
    }
  });
  return {
    next: () => (arrived.length > 0 ? Promise.resolve(arrived.shift())
      : failure ? Promise.reject(failure) : new Promise((resolve, reject) => waiting.push({resolve, reject}))),
    cancel: () => call.cancel(),
  };
}

function expectSuccess(wc, what) {
  if (wc.status !== 'SUCCESS') {
    throw new Error(`${what} completed with ${wc.status}`);
  }
}

function expectBytes(got, want, what) {
  if (!Buffer.from(got).equals(want)) {
    throw new Error(`${what}: expected "${want}", found "${Buffer.from(got)}"`);
  }
  console.log(`${what}: "${want}" arrived`);
}

async function main() {
  const a = hca(nameA, targetA);
  const b = hca(nameB, targetB);
  const portA = await activePort(a);
  const portB = await activePort(b);
  const gid = await a.queryGid({port_num: 1, index: 0});
  console.log(`${a.name}: LID ${portA.lid}, GID ${gid.raw.toString('hex').replace(/(.{4})(?!$)/g, '$1:')}`);
  console.log(`${b.name}: LID ${portB.lid}`);

  const qa = await open(a);
  const qb = await open(b);
  await connect(a, qa, portA, {lid: portB.lid, qpn: qb.qpn}, 100, 500);
  await connect(b, qb, portB, {lid: portA.lid, qpn: qa.qpn}, 500, 100);
  console.log(`RC ${a.name} QP ${qa.qpn} <-> ${b.name} QP ${qb.qpn} in RTS`);
  const completionsB = watch(b, qb.cq);

  // RDMA WRITE: A's bytes land in B's region; B's CPU (and CQ) sees nothing.
  const written = Buffer.from(`RDMA WRITE from ${a.name} to ${b.name}`);
  await a.writeMemory({lkey: qa.lkey, addr: VA, data: written});
  await a.postSend({
    qp_num: qa.qpn,
    wr: [{
      wr_id: 1,
      opcode: 'RDMA_WRITE',
      sg_list: [{addr: VA, length: written.length, lkey: qa.lkey}],
      remote_addr: VA,
      rkey: qb.rkey,
      signaled: true,
    }],
  });
  expectSuccess(await pollOne(a, qa.cq), 'the RDMA WRITE');
  expectBytes((await b.readMemory({lkey: qb.lkey, addr: VA, length: written.length})).data, written, 'RDMA WRITE');

  // SEND: B posts a receive buffer, A sends into it; B's completion comes down the stream.
  const sent = Buffer.from(`SEND from ${a.name} to ${b.name}`);
  await b.postRecv({
    qp_num: qb.qpn,
    wr: [{wr_id: 2, sg_list: [{addr: VA + RECV_OFFSET, length: 256, lkey: qb.lkey}]}],
  });
  await a.writeMemory({lkey: qa.lkey, addr: VA + 2048, data: sent});
  await a.postSend({
    qp_num: qa.qpn,
    wr: [{
      wr_id: 3,
      opcode: 'SEND',
      sg_list: [{addr: VA + 2048, length: sent.length, lkey: qa.lkey}],
      signaled: true,
    }],
  });
  expectSuccess(await pollOne(a, qa.cq), 'the SEND');
  const recv = await completionsB.next();
  expectSuccess(recv, 'the receive');
  if (recv.opcode !== 'WC_RECV' || recv.byte_len !== sent.length || Number(recv.wr_id) !== 2) {
    throw new Error(`unexpected receive completion ${JSON.stringify(recv)}`);
  }
  completionsB.cancel();
  expectBytes(
    (await b.readMemory({lkey: qb.lkey, addr: VA + RECV_OFFSET, length: sent.length})).data, sent, 'SEND');

  const qpA = await a.queryQp({qp_num: qa.qpn});
  const qpB = await b.queryQp({qp_num: qb.qpn});
  console.log(`PSNs now: ${a.name} sq_psn ${qpA.sq_psn}, ${b.name} rq_psn ${qpB.rq_psn} (both started at 100)`);
  if (qpA.sq_psn !== 102 || qpB.rq_psn !== 102) {
    throw new Error('expected both PSNs at 102 after two single-packet messages');
  }
  console.log('OK');
}

const timer = setTimeout(() => {
  console.error(`FAILED: no result within ${TIMEOUT_MS / 1000} s`);
  process.exit(1);
}, TIMEOUT_MS);

main().then(
  () => {
    clearTimeout(timer);
    clients.forEach((c) => c.close());
    process.exit(0);
  },
  (err) => {
    console.error(`FAILED: ${err.message}`);
    process.exit(1);
  });
