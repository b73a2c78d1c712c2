package dev.ibmesh.trace;

/**
 * The ERF flags byte (ERF header byte 9) and how this package stores port and direction in it.
 *
 * <pre>
 * bit 7     reserved, written 0
 * bit 6     direction: 0 = RX, 1 = TX  (see below)
 * bit 5     DS error, written 0
 * bit 4     RX error, written 0
 * bit 3     truncated, written 0
 * bit 2     varying record length, written 1 (0x04), as Mellanox ibdump does
 * bits 1-0  capture interface = the port's interface number 0..3
 * </pre>
 *
 * <p>ERF has no direction field. Wireshark's {@code erf_record.h} now names bit 6 the high bit of a 3-bit interface
 * ID (mask 0x40, interfaces 4..7); Wireshark 4.0 shows it as "Reserved" (mask 0xC0) and raises no expert info. So
 * a record is filed under ERF interface {@code port} when received and {@code port + 4} when sent: Wireshark 4.0
 * shows the port as "Capture interface" and still dissects the InfiniBand payload (checked with tshark 4.0.17),
 * and newer releases see RX and TX of a port as two capture interfaces. Mapping direction onto the interface
 * number follows libtrace, which reads the ERF interface bits as the direction; using bit 6 for it keeps all four
 * ports. Files from Mellanox ibdump (flags 0x04) read as port 0, RX. The error and truncation bits are ignored on
 * reading.
 */
final class ErfFlags {
    static final int INTERFACE_MASK = 0x03;
    static final int VARYING_LENGTH = 0x04;
    static final int TX = 0x40;

    private ErfFlags() {}

    static int encode(int interfaceNumber, Direction direction) {
        return VARYING_LENGTH | interfaceNumber | (direction == Direction.TX ? TX : 0);
    }

    static int interfaceNumber(int flags) {
        return flags & INTERFACE_MASK;
    }

    static Direction direction(int flags) {
        return (flags & TX) != 0 ? Direction.TX : Direction.RX;
    }
}
