package dev.ibmesh.tester.generator;

import dev.ibmesh.wire.FlowControlPacket;
import java.util.Arrays;
import java.util.List;

/**
 * A link flow-control packet (IBA 7.9.4) with any Op, FCTBS, VL and FCCL: 4 bits, 12 bits, 4 bits and 12 bits, all
 * values allowed (reserved Ops and VL15 included, for testing how the DUT treats them). The LPCRC is computed unless
 * a {@link Fault.Kind#BAD_LPCRC} fault says otherwise; {@link Fault.Kind#TRUNCATE} and {@link Fault.Kind#EXCESS}
 * change its 6-byte length.
 */
public record LinkPacketSpec(int op, int fctbs, int vl, int fccl, List<Fault> faults) implements PacketSpec {
    public LinkPacketSpec {
        // The record checks the ranges of every field.
        FlowControlPacket.of(op, fctbs, vl, fccl);
        faults = List.copyOf(faults);
        Faults.check(faults, true, false, false);
        faults.stream().filter(f -> f.kind() == Fault.Kind.TRUNCATE).forEach(f -> {
            if (f.valueOr(Faults.DEFAULT_LENGTH_CHANGE) > FlowControlPacket.SIZE) {
                throw new IllegalArgumentException("a flow-control packet has only " + FlowControlPacket.SIZE
                        + " bytes to truncate, not " + f.value().getAsInt());
            }
        });
    }

    /** A flow-control packet with these fields and no fault. */
    public static LinkPacketSpec of(int op, int fctbs, int vl, int fccl) {
        return new LinkPacketSpec(op, fctbs, vl, fccl, List.of());
    }

    /** The same packet with these faults instead. */
    public LinkPacketSpec withFaults(Fault... newFaults) {
        return new LinkPacketSpec(op, fctbs, vl, fccl, List.of(newFaults));
    }

    @Override
    public byte[] frame() {
        FlowControlPacket fc = FlowControlPacket.of(op, fctbs, vl, fccl);
        if (Faults.has(faults, Fault.Kind.BAD_LPCRC)) {
            fc = new FlowControlPacket(op, fctbs, vl, fccl, fc.lpcrc() ^ 0xFFFF);
        }
        byte[] b = fc.encode();
        int length = b.length
                - Faults.value(faults, Fault.Kind.TRUNCATE, 0, Faults.DEFAULT_LENGTH_CHANGE)
                + Faults.value(faults, Fault.Kind.EXCESS, 0, Faults.DEFAULT_LENGTH_CHANGE);
        return Arrays.copyOf(b, length);
    }

    @Override
    public boolean link() {
        return true;
    }

    @Override
    public boolean direct() {
        return true;
    }

    @Override
    public boolean endBad() {
        return false;
    }
}
