package dev.ibmesh.wire;

/**
 * A decoded data packet: an IBA transport packet (LNH 2 or 3) or a raw packet (LNH 0 or 1).
 * {@link #encode()} writes exactly the fields it holds, CRCs and length included, so a decoded packet re-encodes
 * to its original bytes even when those bytes were wrong. {@link PacketBuilder} computes the fields instead.
 */
public sealed interface Packet permits IbaPacket, RawPacket {
    Lrh lrh();

    /** The VCRC register value as carried by the packet. */
    int vcrc();

    /** The frame, LRH through VCRC. */
    byte[] encode();
}
