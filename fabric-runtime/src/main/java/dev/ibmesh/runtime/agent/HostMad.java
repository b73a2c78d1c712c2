package dev.ibmesh.runtime.agent;

import dev.ibmesh.mad.Mad;
import dev.ibmesh.runtime.sma.GmpPackets;

/**
 * One MAD as host software on a port sends or receives it, with the UD addressing of the packet that carries it
 * (what a libibumad program puts in and reads from its {@code ib_mad_addr}).
 *
 * @param remoteLid the DLID of a MAD sent, the SLID of a MAD received; 0xFFFF for a directed-route SMP
 * @param sl        the service level of its packet (SMPs always travel on VL15 whatever the SL)
 * @param remoteQp  the destination QP of a MAD sent, the source QP of a MAD received (0 for SMPs, 1 for the GSI)
 * @param qKey      the DETH Q_Key (0x80010000 to and from QP1; SMAs ignore it on QP0)
 * @param pKeyIndex the index in the port's P_Key table of the packet's P_Key
 */
public record HostMad(int remoteLid, int sl, int remoteQp, int qKey, int pKeyIndex, Mad mad) {
    public HostMad {
        if (remoteLid < 0 || remoteLid > 0xFFFF) {
            throw new IllegalArgumentException("LID must be 0..0xFFFF, was " + remoteLid);
        }
        if (sl < 0 || sl > 15) {
            throw new IllegalArgumentException("SL must be 0..15, was " + sl);
        }
        if (remoteQp < 0 || remoteQp > 0xFFFFFF) {
            throw new IllegalArgumentException("QP number must be 24 bits, was " + remoteQp);
        }
        if (pKeyIndex < 0 || pKeyIndex > 0xFFFF) {
            throw new IllegalArgumentException("P_Key index must be 0..65535, was " + pKeyIndex);
        }
    }

    /** {@code response} addressed back to where this MAD came from (same LID, SL, QP, Q_Key and P_Key index). */
    public HostMad reply(Mad response) {
        return new HostMad(remoteLid, sl, remoteQp, qKey, pKeyIndex, response);
    }

    /** This MAD with TransactionID {@code tid}, the addressing and the rest of the MAD unchanged. */
    public HostMad withTransactionId(long tid) {
        byte[] b = mad.toBytes();
        mad.header().withTransactionId(tid).encode(b, 0);
        return reply(Mad.copyOf(b));
    }

    /** An SMP: QP0, SL 0, P_Key index 0. */
    public static HostMad smp(int remoteLid, Mad mad) {
        return new HostMad(remoteLid, 0, 0, 0, 0, mad);
    }

    /** The UD packet that carries this GMP from QP1 of the port with LID {@code slid}, on {@code vl} with {@code pKey}. */
    public byte[] gmpFrame(int vl, int slid, int pKey) {
        return GmpPackets.frame(vl, sl, remoteLid, slid, pKey, remoteQp, qKey, mad);
    }

    public boolean isSmp() {
        return mad.mgmtClass().isSubnetManagement();
    }
}
