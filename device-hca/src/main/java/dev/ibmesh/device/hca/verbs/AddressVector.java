package dev.ibmesh.device.hca.verbs;

/**
 * Where packets go (libibverbs {@code struct ibv_ah_attr}): the destination LID, the SL, the source path bits (added
 * to the port's base LID), the port, and an optional GRH ({@code grh} null for a local route).
 */
public record AddressVector(int dlid, int sl, int srcPathBits, int port, GlobalRoute grh) {
    public AddressVector {
        VerbsException.range("ah_attr.dlid", dlid, 1, 0xFFFF);
        VerbsException.range("ah_attr.sl", sl, 0, 15);
        VerbsException.range("ah_attr.src_path_bits", srcPathBits, 0, 127);
        VerbsException.range("ah_attr.port_num", port, 1, 254);
    }

    public static AddressVector local(int dlid, int sl, int port) {
        return new AddressVector(dlid, sl, 0, port, null);
    }
}
