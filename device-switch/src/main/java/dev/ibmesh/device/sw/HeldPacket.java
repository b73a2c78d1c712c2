package dev.ibmesh.device.sw;

import dev.ibmesh.runtime.port.Port;

/**
 * A packet waiting for room in an output queue, still holding its input port's buffer.
 *
 * @param in      the port it arrived on, whose buffer it holds
 * @param inVl    the VL it arrived on (its buffer's VL)
 * @param inBytes its size on arrival (the blocks to release)
 * @param frame   the packet, already retagged for the output
 * @param since   when it started waiting (scheduler nanoseconds)
 */
record HeldPacket(Port in, int inVl, int inBytes, byte[] frame, long since) {
    /** Gives the input buffer back (the packet left, or was discarded). */
    void release() {
        in.release(inVl, inBytes);
    }
}
