package dev.ibmesh.device.hca.transport;

import dev.ibmesh.device.hca.verbs.MemoryRegion;
import dev.ibmesh.device.hca.verbs.QueuePair;
import dev.ibmesh.device.hca.verbs.RecvWr;
import dev.ibmesh.device.hca.verbs.WcOpcode;
import dev.ibmesh.device.hca.verbs.WcStatus;
import dev.ibmesh.device.hca.verbs.WorkCompletion;
import dev.ibmesh.wire.IbaFrame;
import dev.ibmesh.wire.Ieth;
import dev.ibmesh.wire.ImmDt;

/**
 * A SEND or RDMA WRITE message being received packet by packet (RC responder, UC receiver): a SEND fills the receive
 * WQE it took at its first packet; an RDMA WRITE fills the region its RETH named, up to the RETH's DMA length.
 */
public final class InboundMessage {
    private final RecvWr recv;
    private final MemoryRegion target;
    private final long va;
    private final long dmaLength;
    private long received;

    private InboundMessage(RecvWr recv, MemoryRegion target, long va, long dmaLength) {
        this.recv = recv;
        this.target = target;
        this.va = va;
        this.dmaLength = dmaLength;
    }

    public static InboundMessage send(RecvWr recv) {
        return new InboundMessage(recv, null, 0, 0);
    }

    /** An RDMA WRITE into {@code target} (null for a zero-length write, which names no region). */
    public static InboundMessage write(MemoryRegion target, long va, long dmaLength) {
        return new InboundMessage(null, target, va, dmaLength);
    }

    public boolean isSend() {
        return recv != null;
    }

    /** The receive WQE a SEND fills. */
    public RecvWr recv() {
        return recv;
    }

    /**
     * Places a packet's payload: SUCCESS; LOC_LEN_ERR when it goes past the receive buffer or the RETH's DMA length;
     * LOC_PROT_ERR when the receive buffer's key or range fails.
     */
    public WcStatus append(LocalMemory memory, QueuePair qp, IbaFrame packet) {
        byte[] frame = packet.frame();
        int off = packet.payloadOffset();
        int len = packet.payloadLength();
        WcStatus status;
        if (isSend()) {
            status = memory.scatter(qp, recv.sgList(), received, frame, off, len);
        } else if (received + len > dmaLength) {
            status = WcStatus.LOC_LEN_ERR;
        } else {
            if (len > 0) {
                target.write(va + received, frame, off, len);
            }
            status = WcStatus.SUCCESS;
        }
        received += len;
        return status;
    }

    /** Whether a WRITE received exactly its DMA length (checked at its last packet). */
    public boolean writeComplete() {
        return received == dmaLength;
    }

    /**
     * The receive completion at the end of the message ({@code wr}: the SEND's WQE, or the one a WRITE with
     * immediate consumed).
     */
    public WorkCompletion completion(QueuePair qp, IbaFrame last, RecvWr wr) {
        ImmDt imm = last.header(ImmDt.class);
        Ieth inv = last.header(Ieth.class);
        return new WorkCompletion(
                wr.wrId(),
                WcStatus.SUCCESS,
                isSend() ? WcOpcode.RECV : WcOpcode.RECV_RDMA_WITH_IMM,
                qp.qpn(),
                received,
                imm != null,
                imm == null ? 0 : imm.data(),
                inv != null,
                inv == null ? 0 : inv.rKey(),
                qp.destQpn(),
                last.slid(),
                last.sl(),
                qp.pkeyIndex(),
                last.hasGrh());
    }

    /**
     * IBA 9.7.1.1: First and Middle packets carry exactly the PMTU, Last and Only at most the PMTU (Linux
     * qib_rc_rcv checks the same).
     */
    public static boolean payloadFits(int op, int length, int pmtu) {
        return Ops.endsMessage(op) ? length <= pmtu : length == pmtu;
    }
}
