package dev.ibmesh.tester.generator;

import java.util.List;

/**
 * A packet the generator can send: a data packet described field by field ({@link DataPacketSpec}) or a link
 * flow-control packet ({@link LinkPacketSpec}), each with the {@link Fault}s to put into it.
 */
public sealed interface PacketSpec permits DataPacketSpec, LinkPacketSpec {
    /** The bytes to send, every fault applied: a new array on each call (a port keeps the array it is given). */
    byte[] frame();

    /** True for a link (flow-control) packet. */
    boolean link();

    /**
     * True when the packet goes straight onto the link ({@code Exerciser.inject}: no queue, no VL arbitration, no
     * credits, not counted in the tester's FCTBS): link packets, packets ending with EBP, and packets on a VL the
     * tester's own port would refuse to queue.
     */
    boolean direct();

    /** True when the packet ends with EBP instead of EGP. */
    boolean endBad();

    List<Fault> faults();
}
