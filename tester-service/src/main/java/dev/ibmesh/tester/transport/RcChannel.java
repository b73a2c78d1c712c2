package dev.ibmesh.tester.transport;

import dev.ibmesh.proto.verbs.v1.AhAttr;
import dev.ibmesh.proto.verbs.v1.Mtu;
import dev.ibmesh.proto.verbs.v1.QpAttr;
import dev.ibmesh.proto.verbs.v1.QpState;
import dev.ibmesh.proto.verbs.v1.QpType;
import dev.ibmesh.wire.Aeth;
import dev.ibmesh.wire.AtomicAckEth;
import dev.ibmesh.wire.Bth;
import dev.ibmesh.wire.ExtHeader;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.OpCode;
import dev.ibmesh.wire.PacketBuilder;

/**
 * One connection between the Transport Tester and the DUT (the CTS's {@code ChannelContext_t}): the DUT's QP, RC or
 * (through {@link TransportTester#openUcChannel}) UC, created and connected through its verbs, and the tester's end,
 * which is no QP at all but a QP number and the PSN bookkeeping the procedure does itself, so it can answer each
 * packet as it likes.
 *
 * <p>Packets the tester builds carry the channel's addressing (LRH tester LID to DUT LID on SL 0 / VL 0, BTH P_Key
 * 0xFFFF to the DUT's QP) and correct CRCs; procedures that want a broken one use {@link PacketBuilder} directly.
 */
public final class RcChannel extends DutQp {
    /** The PSN the DUT's requester starts at (its sq_psn) and the tester's requests start at (the DUT's rq_psn). */
    public static final int DUT_START_PSN = 0x00_10_00;

    public static final int TESTER_START_PSN = 0x00_20_00;

    private final Mtu pmtu;

    private RcChannel(DutVerbs dut, int testerLid, int dutLid, Mtu pmtu, QpType type) {
        super(dut, testerLid, dutLid, type);
        this.pmtu = pmtu;
    }

    /**
     * OpenRcChannel: a PD, a CQ and a QP of {@code type} (RC or UC) on the DUT's port 1, moved through INIT and RTR
     * to RTS towards the tester's QP number; an RC QP with {@code options} (a UC QP has no ACKs, retries or RDMA
     * reads and atomics to set).
     */
    static RcChannel open(DutVerbs dut, int testerLid, int dutLid, Mtu pmtu, RcChannelOptions options, QpType type) {
        boolean rc = type == QpType.RC;
        RcChannel c = new RcChannel(dut, testerLid, dutLid, pmtu, type);
        c.modify(
                "to INIT",
                QpAttr.newBuilder()
                        .setQpState(QpState.INIT)
                        .setPkeyIndex(0)
                        .setPortNum(1)
                        .setQpAccessFlags(ALL_ACCESS));
        QpAttr.Builder rtr = QpAttr.newBuilder()
                .setQpState(QpState.RTR)
                .setPathMtu(pmtu)
                .setDestQpNum(TESTER_QPN)
                .setRqPsn(TESTER_START_PSN)
                .setAhAttr(AhAttr.newBuilder().setDlid(testerLid).setPortNum(1));
        QpAttr.Builder rts = QpAttr.newBuilder().setQpState(QpState.RTS).setSqPsn(DUT_START_PSN);
        if (rc) {
            rtr.setMaxDestRdAtomic(options.maxDestRdAtomic()).setMinRnrTimer(options.minRnrTimer());
            rts.setTimeout(options.ackTimeout())
                    .setRetryCnt(options.retryCount())
                    .setRnrRetry(options.rnrRetry())
                    .setMaxRdAtomic(options.maxRdAtomic());
        }
        c.modify("to RTR", rtr);
        c.modify("to RTS", rts);
        return c;
    }

    /** The path MTU in bytes (CC.PMTU). */
    public int pmtuBytes() {
        return 128 << pmtu.getNumber();
    }

    // ---- packets from the tester to the DUT ----

    /** An ACK for {@code psn} with {@code msn} and an invalid credit count (no end-to-end credits advertised). */
    public byte[] ack(int psn, int msn) {
        return packet(OpCode.RC_ACKNOWLEDGE, psn, false, new byte[0], Aeth.ack(Aeth.CREDIT_CODE_INVALID, msn));
    }

    /** An RNR NAK for {@code psn} asking the requester to wait at least the time of {@code timerCode}. */
    public byte[] rnrNak(int psn, int msn, int timerCode) {
        return packet(OpCode.RC_ACKNOWLEDGE, psn, false, new byte[0], Aeth.rnrNak(timerCode, msn));
    }

    /** A NAK for {@code psn} with NAK code {@code code} (Aeth.NAK_*). */
    public byte[] nak(int psn, int msn, int code) {
        return packet(OpCode.RC_ACKNOWLEDGE, psn, false, new byte[0], Aeth.nak(code, msn));
    }

    /** An Atomic ACK for {@code psn} carrying the original remote data. */
    public byte[] atomicAck(int psn, int msn, long original) {
        return packet(
                OpCode.RC_ATOMIC_ACKNOWLEDGE,
                psn,
                false,
                new byte[0],
                Aeth.ack(Aeth.CREDIT_CODE_INVALID, msn),
                new AtomicAckEth(original));
    }

    /** A request or response of any opcode from the tester's QP, with these extended headers and payload. */
    public byte[] packet(OpCode op, int psn, boolean ackReq, byte[] payload, ExtHeader... headers) {
        return PacketBuilder.iba(
                        Lrh.of(0, 0, Lrh.LNH_IBA_LOCAL, dutLid, testerLid), Bth.of(op, PKEY, dutQpn(), ackReq, psn))
                .headers(headers)
                .payload(payload)
                .build();
    }
}
