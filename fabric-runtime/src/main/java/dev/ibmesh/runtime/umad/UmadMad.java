package dev.ibmesh.runtime.umad;

import dev.ibmesh.mad.AttributeNames;
import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.Method;
import dev.ibmesh.wire.Bits;
import java.util.Objects;

/**
 * A MAD between host software and a {@link UmadPort}, with the addressing ibsim's data message carries
 * ({@link SimRequest}). The same record goes both ways:
 *
 * <ul>
 *   <li>Leaving the port ({@link UmadPort#send}): {@code dlid} and {@code dqp} address the destination; {@code slid}
 *       is 0 for "this port's own LID" (ibsim's "auto", {@code sim_mad.c decode_sim_MAD}) or 0xFFFF with a
 *       permissive DLID (a directed-route SMP); {@code sqp} is the sending agent's QP, 0 (SMPs: VL15) or 1 (GMPs).
 *       The wire format has no SL, P_Key index or Q_Key: use SL 0, P_Key index 0 (the default P_Key) and, for QP1,
 *       the well-known Q_Key 0x80010000 (IBA 13.5.1). {@code status} is 0.</li>
 *   <li>Arriving for host software ({@link UmadSink#receive}): {@code slid} and {@code sqp} are the sender's (the
 *       client answers to them), {@code dlid} and {@code dqp} this port's; {@code status} is 0, or 110 (ETIMEDOUT)
 *       for a request the port gives back undelivered.</li>
 * </ul>
 *
 * Immutable (the {@link Mad} is too); safe to hand between threads.
 *
 * @param dlid 16 bits
 * @param slid 16 bits
 * @param dqp  24 bits
 * @param sqp  24 bits
 */
public record UmadMad(int dlid, int slid, int dqp, int sqp, int status, Mad mad) {
    /** ETIMEDOUT, what ibsim puts in {@code status} of a request it could not deliver. */
    public static final int STATUS_TIMEOUT = SimRequest.STATUS_TIMEOUT;

    public UmadMad {
        Bits.checkRange("DLID", dlid, 16);
        Bits.checkRange("SLID", slid, 16);
        Bits.checkRange("DQP", dqp, 24);
        Bits.checkRange("SQP", sqp, 24);
        Objects.requireNonNull(mad, "mad");
    }

    /** The record of a data message (QPs cut to 24 bits, the rest of the 256 bytes as they are). */
    public static UmadMad of(SimRequest r) {
        return new UmadMad(r.dlid(), r.slid(), r.dqp() & 0xFFFFFF, r.sqp() & 0xFFFFFF, r.status(), Mad.copyOf(r.mad()));
    }

    /**
     * The data message for a client. {@code length} is what the client's read returns as the MAD's length: 256 for a
     * MAD (they are 256 bytes on the wire), less for an RMPP answer that used less of its one segment.
     */
    public SimRequest toRequest(long length) {
        return new SimRequest(dlid, slid, dqp, sqp, status, length, mad.toBytes());
    }

    /** One line for logs: class, method, attribute and modifier, status, TID, then the addressing. */
    public String summary() {
        MadHeader h = mad.header();
        return String.format(
                "%s %s %s(0x%x) status 0x%04x tid 0x%016x; slid 0x%04x dlid 0x%04x, qp %d -> %d",
                h.mgmtClass(),
                Method.name(h.method()),
                AttributeNames.name(h.mgmtClass(), h.attributeId()),
                h.attributeModifier(),
                h.status(),
                h.transactionId(),
                slid,
                dlid,
                sqp,
                dqp);
    }

    /** True when the Method's R bit is set (a response: GetResp, ReportResp, ...). */
    public boolean isResponse() {
        return mad.header().isResponse();
    }
}
