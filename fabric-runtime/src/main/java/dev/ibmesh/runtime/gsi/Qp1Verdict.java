package dev.ibmesh.runtime.gsi;

import dev.ibmesh.mad.smp.Notice;

/**
 * What {@link Qp1KeyCheck} decided about a packet for QP1, with what a bad P_Key or Q_Key trap reports about it
 * (Notice DataDetails of traps 257/258): the offending key, the packet's SL, its source (LID, QP, GID) as address 1
 * and its destination as address 2 (Linux qib/hfi1 {@code bad_pqkey}: lid1 = SLID, lid2 = DLID, qp1 = source QP,
 * qp2 = the receiving QP). GIDs are zero when the packet had no GRH.
 *
 * <p>{@code pKeyIndex} is the index of the port's P_Key table entry the packet's P_Key matched (what host software
 * sees as the receive completion's pkey_index and answers with), or {@link #NO_P_KEY_INDEX} when no entry matched
 * or the check did not look.
 */
public record Qp1Verdict(
        Kind kind,
        int pKeyIndex,
        long key,
        int sl,
        int slid,
        int dlid,
        int srcQp,
        int destQp,
        byte[] sgid,
        byte[] dgid) {
    public static final int NO_P_KEY_INDEX = -1;

    public enum Kind {
        ACCEPT,
        /** The BTH P_Key matches no entry of the port's P_Key table: PortInfo.P_KeyViolations, trap 257. */
        BAD_P_KEY,
        /** The DETH Q_Key is not QP1's well-known Q_Key: PortInfo.Q_KeyViolations, trap 258. */
        BAD_Q_KEY
    }

    public Qp1Verdict {
        sgid = sgid.clone();
        dgid = dgid.clone();
    }

    public boolean accepted() {
        return kind == Kind.ACCEPT;
    }

    /** Trap 257 or 258; only for a rejected packet. */
    public int trapNumber() {
        return switch (kind) {
            case BAD_P_KEY -> Notice.TRAP_BAD_P_KEY;
            case BAD_Q_KEY -> Notice.TRAP_BAD_Q_KEY;
            case ACCEPT -> throw new IllegalStateException("an accepted packet raises no trap");
        };
    }

    /** The DataDetails of trap 257 or 258. */
    public Notice.BadKeyTrap trapDetails() {
        return new Notice.BadKeyTrap(0, slid, dlid, key, sl, 0, srcQp, 0, destQp, sgid, dgid, 0);
    }

    @Override
    public byte[] sgid() {
        return sgid.clone();
    }

    @Override
    public byte[] dgid() {
        return dgid.clone();
    }
}
