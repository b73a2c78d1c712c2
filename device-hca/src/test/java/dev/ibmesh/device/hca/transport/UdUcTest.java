package dev.ibmesh.device.hca.transport;

import static dev.ibmesh.device.hca.transport.RcTransportTest.bytes;
import static dev.ibmesh.device.hca.transport.TwoHcas.MR_VA;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.device.hca.transport.TwoHcas.Action;
import dev.ibmesh.device.hca.transport.TwoHcas.Conn;
import dev.ibmesh.device.hca.transport.TwoHcas.Path;
import dev.ibmesh.device.hca.transport.TwoHcas.Sent;
import dev.ibmesh.device.hca.verbs.AddressVector;
import dev.ibmesh.device.hca.verbs.GlobalRoute;
import dev.ibmesh.device.hca.verbs.QpAttr;
import dev.ibmesh.device.hca.verbs.QpState;
import dev.ibmesh.device.hca.verbs.QpType;
import dev.ibmesh.device.hca.verbs.SendWr;
import dev.ibmesh.device.hca.verbs.WcOpcode;
import dev.ibmesh.device.hca.verbs.WcStatus;
import dev.ibmesh.device.hca.verbs.WorkCompletion;
import dev.ibmesh.device.hca.verbs.WrOpcode;
import dev.ibmesh.wire.Deth;
import dev.ibmesh.wire.Gid;
import dev.ibmesh.wire.Grh;
import dev.ibmesh.wire.Mtu;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** UD and UC between two HCAs: datagrams with Q_Keys, unacknowledged connections, loss, and a full transmit queue. */
class UdUcTest {
    private static final int QKEY = 0x1234;
    private final TwoHcas f = new TwoHcas();

    private SendWr ud(long id, int destQpn, int qkey, byte[] data) {
        return SendWr.builder(id, WrOpcode.SEND)
                .inline(data)
                .ud(AddressVector.local(f.b.lid, 0, 1), destQpn, qkey)
                .build();
    }

    @Test
    void aSendOnAnSlWithNoDataVlIsDiscardedAtTheSenderNotSentOnVl15() {
        Conn c = f.connect(QpType.UD, new Path());
        f.b.postRecv(c.qpB(), 1, 0, 100);
        f.a.verbs.postSend(
                c.qpA(),
                List.of(SendWr.builder(1, WrOpcode.SEND)
                        .inline(new byte[] {1})
                        .ud(AddressVector.local(f.b.lid, TwoHcas.UNMAPPED_SL, 1), c.qpB(), QKEY)
                        .build()));
        f.settle();
        assertEquals(List.of(), f.sentBy(f.a), "nothing on the wire");
        assertEquals(1, f.a.unmappedSlDiscards, "counted at the sender");
        assertEquals(List.of(), f.b.pollRecv(), "nothing arrived");
    }

    @Test
    void udSendCarriesADethAndLandsAfterTheGrhSpace() {
        Conn c = f.connect(QpType.UD, new Path());
        f.b.postRecv(c.qpB(), 1, 0, 100);
        f.a.verbs.postSend(
                c.qpA(),
                List.of(SendWr.builder(1, WrOpcode.SEND_WITH_IMM)
                        .inline(new byte[] {9, 8, 7})
                        .imm(5)
                        .ud(AddressVector.local(f.b.lid, 3, 1), c.qpB(), QKEY)
                        .build()));
        f.settle();
        Sent s = f.sentBy(f.a).get(0);
        assertEquals(0x65, s.op());
        assertEquals(new Deth(QKEY, c.qpA()), s.packet().header(Deth.class));
        assertEquals(3, s.packet().lrh().sl());
        WorkCompletion r = f.b.pollRecv().get(0);
        assertEquals(WcStatus.SUCCESS, r.status());
        assertEquals(40 + 3, r.byteLen());
        assertEquals(c.qpA(), r.srcQp());
        assertEquals(f.a.lid, r.slid());
        assertEquals(3, r.sl());
        assertFalse(r.grh());
        assertEquals(5, r.immData());
        assertArrayEquals(new byte[] {9, 8, 7}, f.b.read(40, 3));
        assertEquals(WcStatus.SUCCESS, f.a.pollSend().get(0).status());
    }

    @Test
    void aWrongQkeyIsDroppedCountedAndReported() {
        Conn c = f.connect(QpType.UD, new Path());
        f.b.postRecv(c.qpB(), 1, 0, 100);
        f.a.verbs.postSend(c.qpA(), List.of(ud(1, c.qpB(), 0x4321, new byte[1])));
        f.settle();
        assertTrue(f.b.pollRecv().isEmpty());
        assertEquals(1, f.b.counters(c.qpB()).dropped());
        assertEquals(1, f.b.qKeyViolations);
    }

    @Test
    void aQkeyWithTheHighBitSetSendsTheQpsOwnQkey() {
        Conn c = f.connect(QpType.UD, new Path());
        f.b.postRecv(c.qpB(), 1, 0, 100);
        f.a.verbs.postSend(c.qpA(), List.of(ud(1, c.qpB(), 0x80000000, new byte[1])));
        f.settle();
        assertEquals(QKEY, f.sentBy(f.a).get(0).packet().header(Deth.class).qKey());
        assertEquals(1, f.b.pollRecv().size());
    }

    @Test
    void aUdMessageLongerThanTheMtuFailsAndTheQpGoesToSqe() {
        f.a.portMtu = Mtu.MTU_256;
        Conn c = f.connect(QpType.UD, new Path());
        f.a.verbs.postSend(c.qpA(), List.of(ud(1, c.qpB(), QKEY, new byte[0]), ud(2, c.qpB(), QKEY, new byte[0])));
        f.settle();
        f.a.pollSend();
        f.a.verbs.postSend(
                c.qpA(),
                List.of(
                        SendWr.builder(3, WrOpcode.SEND)
                                .sge(f.a.sge(0, 257))
                                .ud(AddressVector.local(f.b.lid, 0, 1), c.qpB(), QKEY)
                                .build(),
                        ud(4, c.qpB(), QKEY, new byte[0])));
        f.settle();
        assertEquals(
                List.of(WcStatus.LOC_LEN_ERR, WcStatus.WR_FLUSH_ERR),
                f.a.pollSend().stream().map(WorkCompletion::status).toList());
        assertEquals(QpState.SQE, f.a.verbs.queryQp(c.qpA()).state());
    }

    @Test
    void udLossIsNotRecovered() {
        Conn c = f.connect(QpType.UD, new Path());
        for (int i = 0; i < 3; i++) {
            f.b.postRecv(c.qpB(), i, 100L * i, 100);
        }
        AtomicInteger n = new AtomicInteger();
        f.filter(s -> n.incrementAndGet() == 2 ? Action.DROP : Action.PASS);
        f.a.verbs.postSend(
                c.qpA(),
                List.of(
                        ud(1, c.qpB(), QKEY, new byte[] {1}),
                        ud(2, c.qpB(), QKEY, new byte[] {2}),
                        ud(3, c.qpB(), QKEY, new byte[] {3})));
        f.run(1_000_000_000L);
        assertEquals(3, f.sentBy(f.a).size());
        assertEquals(3, f.a.pollSend().size());
        List<WorkCompletion> r = f.b.pollRecv();
        assertEquals(2, r.size());
        assertEquals(3, f.b.read(140, 1)[0], "the third datagram took the second receive");
    }

    @Test
    void ucLosesTheMessageWithAGapAndReusesItsReceiveForTheNext() {
        Path p = new Path();
        Conn c = f.connect(QpType.UC, p);
        byte[] m1 = bytes(600, 1);
        byte[] m2 = bytes(600, 2);
        byte[] m3 = bytes(600, 3);
        f.a.write(0, m1);
        f.a.write(1000, m2);
        f.a.write(2000, m3);
        f.b.postRecv(c.qpB(), 1, 10000, 600);
        f.b.postRecv(c.qpB(), 2, 20000, 600);
        AtomicInteger n = new AtomicInteger();
        f.filter(s -> n.incrementAndGet() == 5 ? Action.DROP : Action.PASS);
        f.a.verbs.postSend(
                c.qpA(),
                List.of(
                        SendWr.builder(1, WrOpcode.SEND).sge(f.a.sge(0, 600)).build(),
                        SendWr.builder(2, WrOpcode.SEND).sge(f.a.sge(1000, 600)).build(),
                        SendWr.builder(3, WrOpcode.SEND).sge(f.a.sge(2000, 600)).build()));
        f.run(1_000_000_000L);
        assertEquals(
                List.of(0x20, 0x21, 0x22, 0x20, 0x21, 0x22, 0x20, 0x21, 0x22),
                f.sentBy(f.a).stream().map(Sent::op).toList());
        assertTrue(f.sentBy(f.b).isEmpty(), "UC sends no ACKs");
        assertEquals(3, f.a.pollSend().size());
        List<WorkCompletion> r = f.b.pollRecv();
        assertEquals(List.of(1L, 2L), r.stream().map(WorkCompletion::wrId).toList());
        assertArrayEquals(m1, f.b.read(10000, 600));
        assertArrayEquals(m3, f.b.read(20000, 600));
        assertTrue(f.b.counters(c.qpB()).dropped() >= 1);
    }

    @Test
    void ucRdmaWriteWithImmediate() {
        Conn c = f.connect(QpType.UC, new Path());
        byte[] data = bytes(300, 9);
        f.a.write(0, data);
        f.b.postRecv(c.qpB(), 1, 0, 8);
        f.a.verbs.postSend(
                c.qpA(),
                List.of(SendWr.builder(1, WrOpcode.RDMA_WRITE_WITH_IMM)
                        .sge(f.a.sge(0, 300))
                        .remote(MR_VA + 5000, f.b.mr.rkey())
                        .imm(3)
                        .build()));
        f.settle();
        assertEquals(List.of(0x26, 0x29), f.sentBy(f.a).stream().map(Sent::op).toList());
        assertArrayEquals(data, f.b.read(5000, 300));
        WorkCompletion r = f.b.pollRecv().get(0);
        assertEquals(WcOpcode.RECV_RDMA_WITH_IMM, r.opcode());
        assertEquals(300, r.byteLen());
    }

    @Test
    void aFullTransmitQueueDelaysUdAndUcButLosesNothing() {
        Conn ud = f.connect(QpType.UD, new Path());
        Conn uc = f.connect(QpType.UC, new Path());
        f.b.postRecv(ud.qpB(), 1, 0, 100);
        f.b.postRecv(uc.qpB(), 2, 1000, 1000);
        f.a.full = true;
        f.a.verbs.postSend(ud.qpA(), List.of(ud(1, ud.qpB(), QKEY, new byte[] {1})));
        f.a.verbs.postSend(
                uc.qpA(),
                List.of(SendWr.builder(2, WrOpcode.SEND).sge(f.a.sge(0, 600)).build()));
        f.settle();
        assertTrue(f.log.isEmpty());
        assertTrue(f.b.pollRecv().isEmpty());
        f.a.full = false;
        f.a.transport.onTransmitSpace(1);
        f.settle();
        assertEquals(
                List.of(0x64, 0x20, 0x21, 0x22),
                f.sentBy(f.a).stream().map(Sent::op).toList());
        assertEquals(2, f.a.pollSend().size());
        assertEquals(2, f.b.pollRecv().size());
    }

    @Test
    void aWrongPkeyIsDroppedAndReported() {
        Conn c = f.connect(QpType.UD, new Path());
        // P_Key index 1 holds 0x8002, not A's 0xFFFF; SQD is where a UD QP's P_Key index may change.
        f.b.verbs.modifyQp(c.qpB(), new QpAttr().state(QpState.SQD));
        f.b.verbs.modifyQp(c.qpB(), new QpAttr().state(QpState.SQD).pkeyIndex(1));
        f.b.verbs.modifyQp(c.qpB(), new QpAttr().state(QpState.RTS));
        f.b.postRecv(c.qpB(), 1, 0, 100);
        f.a.verbs.postSend(c.qpA(), List.of(ud(1, c.qpB(), QKEY, new byte[1])));
        f.settle();
        assertTrue(f.b.pollRecv().isEmpty());
        assertEquals(1, f.b.pKeyViolations);
    }

    @Test
    void aGlobalRouteAddsAGrhThatLandsInTheFirst40Bytes() {
        Conn c = f.connect(QpType.UD, new Path());
        f.b.postRecv(c.qpB(), 1, 0, 100);
        Gid dgid = new Gid(Gid.DEFAULT_SUBNET_PREFIX, 0xA002);
        AddressVector av = new AddressVector(f.b.lid, 0, 0, 1, new GlobalRoute(dgid, 0x12345, 0, 64, 7));
        f.a.verbs.postSend(
                c.qpA(),
                List.of(SendWr.builder(1, WrOpcode.SEND)
                        .inline(new byte[] {4})
                        .ud(av, c.qpB(), QKEY)
                        .build()));
        f.settle();
        Grh grh = f.sentBy(f.a).get(0).packet().grh();
        assertEquals(dgid, grh.dgid());
        assertEquals(new Gid(Gid.DEFAULT_SUBNET_PREFIX, 0xA001), grh.sgid());
        assertEquals(0x12345, grh.flowLabel());
        WorkCompletion r = f.b.pollRecv().get(0);
        assertTrue(r.grh());
        assertEquals(41, r.byteLen());
        assertEquals(dgid, Gid.decode(f.b.read(0, 40), 24));
        assertEquals(4, f.b.read(40, 1)[0]);
    }
}
