package dev.ibmesh.device.hca.transport.rc;

import dev.ibmesh.device.hca.transport.Psn;
import dev.ibmesh.device.hca.verbs.SendWr;
import dev.ibmesh.device.hca.verbs.WcStatus;

/**
 * A send request the RC requester has started: the PSNs it occupies (one per request packet; an RDMA READ one per
 * response packet, IBA 9.7.1 [unverified]) and what is known of its fate.
 */
final class RcWqe {
    final SendWr wr;
    final int firstPsn;
    final int packets;
    /** Null while outstanding; SUCCESS once an ACK or response covers it, or the error it ends with. */
    WcStatus status;
    /** Every packet went out at least once. */
    boolean sent;
    /** Its completion was already reported (only under the complete-before-ack deviation). */
    boolean reported;

    RcWqe(SendWr wr, int firstPsn, int packets) {
        this.wr = wr;
        this.firstPsn = firstPsn;
        this.packets = packets;
    }

    int lastPsn() {
        return Psn.add(firstPsn, packets - 1);
    }

    boolean contains(int psn) {
        int d = Psn.diff(psn, firstPsn);
        return d >= 0 && d < packets;
    }
}
