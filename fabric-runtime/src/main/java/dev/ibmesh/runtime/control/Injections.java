package dev.ibmesh.runtime.control;

import dev.ibmesh.proto.fabric.v1.InjectFrameRequest;
import dev.ibmesh.wire.FrameCrcs;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.Mtu;

/** The frame an InjectFrame request sends, checked and finished as it asks (fabric.proto). Stateless. */
final class Injections {
    private Injections() {}

    /**
     * The bytes to put on the link: a copy of the request's frame with its VL set and its CRCs computed if asked;
     * INVALID_ARGUMENT naming the field for an empty frame, one longer than {@code mtuCap} allows (IBA 7.7.8: MTU
     * plus 126 bytes of headers and CRCs), a VL above 15 or one for a link packet, or CRCs asked for where they do
     * not fit.
     */
    static byte[] frame(InjectFrameRequest r, Mtu mtuCap) {
        byte[] b = r.getFrame().toByteArray();
        if (b.length == 0) {
            throw ControlErrors.invalid("frame: empty; give the bytes of a data packet (LRH through VCRC) or of a"
                    + " link packet (6 bytes)");
        }
        if (b.length > mtuCap.maxFrameBytes()) {
            throw ControlErrors.invalid("frame: " + b.length + " bytes is longer than the port's MTUCap of "
                    + mtuCap.bytes() + " allows (" + mtuCap.maxFrameBytes() + " bytes with headers and CRCs)");
        }
        if (r.hasVl()) {
            if (r.getLinkPacket()) {
                throw ControlErrors.invalid("vl: a link packet has no LRH; leave vl unset");
            }
            if (r.getVl() > Lrh.VL15) {
                throw ControlErrors.invalid("vl: " + r.getVl() + " is not a VL; give 0-15");
            }
            if (b.length < Lrh.SIZE) {
                throw ControlErrors.invalid("vl: the frame of " + b.length + " bytes has no LRH to set it in");
            }
            Lrh.setVl(b, 0, r.getVl());
        }
        if (r.getComputeCrcs()) {
            try {
                if (r.getLinkPacket()) {
                    FrameCrcs.sealLinkPacket(b);
                } else {
                    FrameCrcs.sealDataPacket(b);
                }
            } catch (IllegalArgumentException e) {
                throw ControlErrors.invalid("compute_crcs: " + e.getMessage());
            }
        }
        return b;
    }
}
