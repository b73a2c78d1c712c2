package dev.ibmesh.device.hca.transport;

import dev.ibmesh.device.hca.verbs.SendWr;
import dev.ibmesh.wire.ExtHeader;
import dev.ibmesh.wire.ExtHeaderType;
import dev.ibmesh.wire.FrameWriter;
import dev.ibmesh.wire.Ieth;
import dev.ibmesh.wire.ImmDt;
import dev.ibmesh.wire.OpCode;
import dev.ibmesh.wire.Reth;

/**
 * Segmentation of a SEND or RDMA WRITE message into packets of the path MTU (IBA 9.7.1.1: First and Middle
 * packets carry exactly PMTU bytes, the Last or Only one the rest; Linux qib_rc_rcv rejects a Middle packet of
 * another size), with the headers each packet's opcode carries.
 */
public final class Segments {
    private Segments() {}

    /** How many packets a message of {@code length} bytes takes; a zero-length message is one packet. */
    public static int count(long length, int pmtu) {
        return (int) Math.max(1, (length + pmtu - 1) / pmtu);
    }

    /**
     * The payload of packet {@code index} of a send request's message, read from memory when the frame is written
     * (straight into it).
     */
    public static FrameWriter.Payload payload(LocalMemory memory, SendWr wr, int index, int pmtu) {
        long from = (long) index * pmtu;
        int len = (int) Math.min(pmtu, wr.length() - from);
        return new FrameWriter.Payload() {
            @Override
            public int length() {
                return len;
            }

            @Override
            public void copyTo(byte[] frame, int off) {
                memory.gather(wr, from, frame, off, len);
            }
        };
    }

    /** The RETH, ImmDt and IETH {@code op} carries, filled from the request (RETH's DMA length: the message's). */
    public static ExtHeader[] headers(OpCode op, SendWr wr, long messageLength) {
        ExtHeader[] hs = new ExtHeader[op.headers().size()];
        for (int i = 0; i < hs.length; i++) {
            ExtHeaderType t = op.headers().get(i);
            hs[i] = switch (t) {
                case RETH -> new Reth(wr.remoteAddr(), wr.rkey(), (int) messageLength);
                case IMM_DT -> new ImmDt(wr.immData());
                case IETH -> new Ieth(wr.invalidateRkey());
                default -> throw new IllegalArgumentException(op.name() + " is not a SEND or RDMA WRITE segment");
            };
        }
        return hs;
    }
}
