package dev.ibmesh.tester.transport;

import dev.ibmesh.proto.verbs.v1.AhAttr;
import dev.ibmesh.proto.verbs.v1.QpAttr;
import dev.ibmesh.proto.verbs.v1.QpState;
import dev.ibmesh.proto.verbs.v1.QpType;
import dev.ibmesh.proto.verbs.v1.SendWr;
import dev.ibmesh.proto.verbs.v1.WrOpcode;
import dev.ibmesh.wire.Bth;
import dev.ibmesh.wire.Deth;
import dev.ibmesh.wire.Gid;
import dev.ibmesh.wire.Grh;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.OpCode;
import dev.ibmesh.wire.PacketBuilder;

/**
 * A UD QP on the DUT and the tester's datagrams to it (the CTS's UD channel): the DUT's QP takes datagrams whose
 * DETH carries its {@link #Q_KEY}; the tester sends from {@link #TESTER_QPN}, with or without a GRH.
 */
public final class UdChannel extends DutQp {
    /** The DUT's QP's Q_Key: an ordinary one (bit 31 clear, IBA 10.2.4). */
    public static final int Q_KEY = 0x1234_5678;

    /** The DUT's UD QP's sq_psn; a UD receiver checks no PSN, so the tester's datagrams carry this one too. */
    public static final int DUT_START_PSN = 0x00_30_00;

    private final long dutPortGuid;

    private UdChannel(DutVerbs dut, int testerLid, int dutLid, long dutPortGuid) {
        super(dut, testerLid, dutLid, QpType.UD);
        this.dutPortGuid = dutPortGuid;
    }

    /** A UD QP on the DUT's port 1 with {@link #Q_KEY}, through INIT and RTR to RTS. */
    static UdChannel open(DutVerbs dut, int testerLid, int dutLid, long dutPortGuid) {
        UdChannel c = new UdChannel(dut, testerLid, dutLid, dutPortGuid);
        c.modify(
                "to INIT",
                QpAttr.newBuilder()
                        .setQpState(QpState.INIT)
                        .setPkeyIndex(0)
                        .setPortNum(1)
                        .setQkey(Q_KEY));
        c.modify("to RTR", QpAttr.newBuilder().setQpState(QpState.RTR));
        c.modify("to RTS", QpAttr.newBuilder().setQpState(QpState.RTS).setSqPsn(DUT_START_PSN));
        return c;
    }

    /** The DUT's port GID at index 0: the default subnet prefix and its port GUID. */
    public Gid dutGid() {
        return new Gid(Gid.DEFAULT_SUBNET_PREFIX, dutPortGuid);
    }

    /** A UD SEND WR of the DUT to the tester's QP with {@code length} bytes at {@code offset} of its region. */
    public SendWr udSend(long wrId, int offset, int length) {
        return sendWr(wrId, offset, length)
                .setOpcode(WrOpcode.SEND)
                .setAh(AhAttr.newBuilder().setDlid(testerLid).setPortNum(1))
                .setRemoteQpn(TESTER_QPN)
                .setRemoteQkey(Q_KEY)
                .build();
    }

    /** A UD SEND Only from the tester's QP carrying {@code qKey} in its DETH, without a GRH. */
    public byte[] send(int psn, int qKey, byte[] payload) {
        return builder(psn, qKey, payload).build();
    }

    /** A UD SEND Only with {@code grh} (the builder fills in its PayLen and the LRH's LNH), carrying {@code qKey}. */
    public byte[] sendWithGrh(int psn, int qKey, byte[] payload, Grh grh) {
        return builder(psn, qKey, payload).grh(grh).build();
    }

    private PacketBuilder builder(int psn, int qKey, byte[] payload) {
        return PacketBuilder.iba(
                        Lrh.of(0, 0, Lrh.LNH_IBA_LOCAL, dutLid, testerLid),
                        Bth.of(OpCode.UD_SEND_ONLY, PKEY, dutQpn(), false, psn))
                .headers(new Deth(qKey, TESTER_QPN))
                .payload(payload);
    }
}
