package dev.ibmesh.tester.transport;

import dev.ibmesh.wire.Aeth;
import dev.ibmesh.wire.AtomicAckEth;
import dev.ibmesh.wire.IbaPacket;
import dev.ibmesh.wire.OpCode;

/**
 * A packet the DUT sent to the Transport Tester, decoded, with its time and frame number in the run's trace.
 *
 * @param nanos nanoseconds since the run began (the trace's clock)
 */
public record InboundPacket(IbaPacket packet, long nanos, int frame) {
    public OpCode opCode() {
        return packet.bth().opCode();
    }

    public int psn() {
        return packet.bth().psn();
    }

    public boolean ackReq() {
        return packet.bth().ackReq();
    }

    public Aeth aeth() {
        return packet.header(Aeth.class);
    }

    public AtomicAckEth atomicAck() {
        return packet.header(AtomicAckEth.class);
    }

    /** The AETH's kind: "ACK", "RNR NAK", "NAK PSN sequence error"..., or "no AETH". */
    public String ackKind() {
        Aeth aeth = aeth();
        if (aeth == null) {
            return "no AETH";
        }
        return switch (aeth.syndromeType()) {
            case Aeth.TYPE_ACK -> "ACK";
            case Aeth.TYPE_RNR_NAK -> "RNR NAK";
            case Aeth.TYPE_NAK -> "NAK " + Aeth.nakName(aeth.syndromeValue());
            default -> "reserved syndrome " + aeth.syndrome();
        };
    }

    public byte[] payload() {
        return packet.payload();
    }

    @Override
    public String toString() {
        return opCode().name() + " PSN " + psn() + " (frame " + frame + ")";
    }
}
