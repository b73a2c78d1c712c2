package dev.ibmesh.wire;

/**
 * An extended transport header: one of the headers an opcode carries between the BTH and the payload
 * (IBA 9.3; docs/wire-format.md, Extended transport headers). {@link OpCode#headers()} says which ones, in wire order.
 */
public sealed interface ExtHeader permits Rdeth, Deth, Reth, AtomicEth, Aeth, AtomicAckEth, ImmDt, Ieth {
    ExtHeaderType type();

    void encode(byte[] b, int off);

    default int size() {
        return type().size();
    }
}
