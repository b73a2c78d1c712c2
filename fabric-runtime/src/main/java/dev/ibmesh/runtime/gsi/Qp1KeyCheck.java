package dev.ibmesh.runtime.gsi;

import dev.ibmesh.mad.smp.PKeys;
import dev.ibmesh.wire.Bth;
import dev.ibmesh.wire.Deth;
import dev.ibmesh.wire.Grh;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.OpCode;
import dev.ibmesh.wire.Transport;
import java.util.Arrays;
import java.util.List;

/**
 * The key checks of a General Services Interface (QP1) on a packet that reached it, for any device (a switch's port
 * 0, a CA port). In order:
 * <ol>
 *   <li>The BTH P_Key must match an entry of the receiving port's P_Key table (IBA 10.9.3: QP1 accepts every
 *       partition the port is a member of). Otherwise the packet is dropped, P_KeyViolations counts it and trap 257
 *       may be sent (IBA 10.9.4 makes the trap optional; Linux hfi1 {@code hfi1_ud_rcv}).</li>
 *   <li>The DETH Q_Key must be QP1's well-known 0x80010000 (IBA 9.6.1.5.1, as Linux hfi1 {@code hfi1_ud_rcv}
 *       cites it; qib {@code qib_ud_rcv}). Otherwise it is dropped, Q_KeyViolations counts it and trap 258 is
 *       sent.</li>
 * </ol>
 * Neither is a PMA counter: PortRcvConstraintErrors counts only a switch's inbound partition enforcement and raw
 * packet filtering (IBA 16.1.3.5), not the keys of an end port's QP. The caller counts and raises the trap; this
 * class only decides. Stateless.
 */
public final class Qp1KeyCheck {
    private static final int GID_SIZE = 16;

    private Qp1KeyCheck() {}

    /**
     * @param frame     a UD packet to QP1 (LRH, optional GRH, BTH, DETH ...), already through the link checks
     * @param pKeyTable every P_Key entry of the receiving port
     * @return the verdict, with the index of the table entry the P_Key matched
     */
    public static Qp1Verdict check(byte[] frame, List<Integer> pKeyTable) {
        int bth = bthOffset(frame);
        int pKey = Bth.pKey(frame, bth);
        long qKey = Deth.decode(frame, bth + Bth.SIZE).qKey() & 0xFFFF_FFFFL;
        int pKeyIndex = PKeys.indexIn(pKey, pKeyTable);
        Qp1Verdict.Kind kind = pKeyIndex < 0
                ? Qp1Verdict.Kind.BAD_P_KEY
                : qKey != (Deth.GSI_Q_KEY & 0xFFFF_FFFFL) ? Qp1Verdict.Kind.BAD_Q_KEY : Qp1Verdict.Kind.ACCEPT;
        return describe(frame, kind, pKeyIndex);
    }

    /**
     * The verdict {@code kind} for any IBA packet a receiver rejected for its key (QP1's check above, or a data QP's
     * own P_Key or Q_Key check), with the addresses a trap 257/258 reports. The source QP is the DETH's on UD
     * packets and 0 otherwise (a connected packet does not carry it); the key is the BTH P_Key, or the DETH Q_Key
     * for {@link Qp1Verdict.Kind#BAD_Q_KEY}.
     */
    public static Qp1Verdict describe(byte[] frame, Qp1Verdict.Kind kind) {
        return describe(frame, kind, Qp1Verdict.NO_P_KEY_INDEX);
    }

    private static Qp1Verdict describe(byte[] frame, Qp1Verdict.Kind kind, int pKeyIndex) {
        boolean global = Lrh.lnh(frame, 0) == Lrh.LNH_IBA_GLOBAL;
        int bth = bthOffset(frame);
        boolean ud = OpCode.valueOf(Bth.opCode(frame, bth)).transport() == Transport.UD;
        Deth deth = ud ? Deth.decode(frame, bth + Bth.SIZE) : null;
        long key =
                kind == Qp1Verdict.Kind.BAD_Q_KEY && deth != null ? deth.qKey() & 0xFFFF_FFFFL : Bth.pKey(frame, bth);
        // GRH bytes 8-23 are the SGID, 24-39 the DGID.
        byte[] sgid = global ? Arrays.copyOfRange(frame, Lrh.SIZE + 8, Lrh.SIZE + 24) : new byte[GID_SIZE];
        byte[] dgid = global ? Arrays.copyOfRange(frame, Lrh.SIZE + 24, Lrh.SIZE + 40) : new byte[GID_SIZE];
        return new Qp1Verdict(
                kind,
                pKeyIndex,
                key,
                Lrh.sl(frame, 0),
                Lrh.slid(frame, 0),
                Lrh.dlid(frame, 0),
                deth == null ? 0 : deth.srcQp(),
                Bth.destQp(frame, bth),
                sgid,
                dgid);
    }

    private static int bthOffset(byte[] frame) {
        return Lrh.SIZE + (Lrh.lnh(frame, 0) == Lrh.LNH_IBA_GLOBAL ? Grh.SIZE : 0);
    }
}
