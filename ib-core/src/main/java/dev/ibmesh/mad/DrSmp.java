package dev.ibmesh.mad;

import dev.ibmesh.wire.Bits;
import java.util.Arrays;

/**
 * A directed-route SMP (management class 0x81).
 *
 * <pre>
 *  0-23    common MAD header; Status bit 15 = D (0 outbound, 1 returning), bits 14-0 status;
 *          ClassSpecific = HopPointer (byte 6) | HopCount (byte 7)
 *  24-31   M_Key
 *  32-33   DrSLID        34-35 DrDLID
 *  36-63   reserved (28 bytes)
 *  64-127  SMP data (64 bytes)
 *  128-191 InitialPath[0..63]   (egress port per hop; entry 0 unused)
 *  192-255 ReturnPath[0..63]    (ingress ports, filled on the way out)
 * </pre>
 *
 * Hop-pointer rules (C14-9, C14-13) live in the devices that forward SMPs; this class only carries the fields.
 */
public record DrSmp(
        MadHeader header,
        long mKey,
        int drSlid,
        int drDlid,
        byte[] reserved28,
        byte[] data,
        byte[] initialPath,
        byte[] returnPath) {
    public static final int D_BIT = 0x8000;
    public static final int MAX_HOP_COUNT = 63;
    public static final int PERMISSIVE_LID = 0xFFFF;
    /** Byte offsets in the MAD, as the layout above: the header's Status (bit 15 is D) and ClassSpecific, the paths. */
    public static final int STATUS_OFFSET = 4;

    public static final int HOP_POINTER_OFFSET = 6;
    public static final int HOP_COUNT_OFFSET = 7;
    public static final int INITIAL_PATH_OFFSET = 128;
    public static final int RETURN_PATH_OFFSET = 192;

    public DrSmp {
        Bits.checkRange("DrSLID", drSlid, 16);
        Bits.checkRange("DrDLID", drDlid, 16);
        Smp.checkLength("reserved28", reserved28, 28);
        Smp.checkLength("data", data, Smp.DATA_SIZE);
        Smp.checkLength("InitialPath", initialPath, 64);
        Smp.checkLength("ReturnPath", returnPath, 64);
    }

    /**
     * An outbound DR SMP as an originator builds it before sending: D = 0, HopPointer 0, DrSLID = DrDLID = 0xFFFF,
     * InitialPath[1..] = {@code path}.
     */
    public static DrSmp outbound(
            int method, long tid, int attributeId, int attributeModifier, long mKey, byte[] data, int... path) {
        if (path.length > MAX_HOP_COUNT) {
            throw new IllegalArgumentException("HopCount must be at most 63, was " + path.length);
        }
        byte[] initial = new byte[64];
        for (int i = 0; i < path.length; i++) {
            initial[i + 1] = (byte) Bits.checkRange("InitialPath", i + 1, path[i], 8);
        }
        MadHeader h = new MadHeader(
                MadHeader.BASE_VERSION,
                MgmtClass.SUBN_DIRECTED_ROUTE,
                1,
                method,
                0,
                path.length,
                tid,
                attributeId,
                0,
                attributeModifier);
        return new DrSmp(
                h,
                mKey,
                PERMISSIVE_LID,
                PERMISSIVE_LID,
                new byte[28],
                Arrays.copyOf(data, Smp.DATA_SIZE),
                initial,
                new byte[64]);
    }

    public static DrSmp decode(Mad mad) {
        byte[] b = mad.toBytes();
        return new DrSmp(
                MadHeader.decode(b, 0),
                Bits.u64(b, 24),
                Bits.u16(b, 32),
                Bits.u16(b, 34),
                Arrays.copyOfRange(b, 36, 64),
                Arrays.copyOfRange(b, 64, 128),
                Arrays.copyOfRange(b, INITIAL_PATH_OFFSET, RETURN_PATH_OFFSET),
                Arrays.copyOfRange(b, RETURN_PATH_OFFSET, Mad.SIZE));
    }

    public Mad encode() {
        byte[] b = new byte[Mad.SIZE];
        header.encode(b, 0);
        Bits.put64(b, 24, mKey);
        Bits.put16(b, 32, drSlid);
        Bits.put16(b, 34, drDlid);
        System.arraycopy(reserved28, 0, b, 36, 28);
        System.arraycopy(data, 0, b, 64, 64);
        System.arraycopy(initialPath, 0, b, INITIAL_PATH_OFFSET, 64);
        System.arraycopy(returnPath, 0, b, RETURN_PATH_OFFSET, 64);
        return Mad.adopt(b);
    }

    /** The D (direction) bit: true on the way back to the requester. */
    public boolean direction() {
        return (header.status() & D_BIT) != 0;
    }

    /** The status proper, without the D bit. */
    public int status() {
        return header.status() & 0x7FFF;
    }

    public int hopPointer() {
        return header.classSpecific() >>> 8;
    }

    public int hopCount() {
        return header.classSpecific() & 0xFF;
    }

    public int initialPath(int hop) {
        return initialPath[hop] & 0xFF;
    }

    public int returnPath(int hop) {
        return returnPath[hop] & 0xFF;
    }

    public DrSmp withHeader(MadHeader h) {
        return new DrSmp(h, mKey, drSlid, drDlid, reserved28, data, initialPath, returnPath);
    }

    public DrSmp withHopPointer(int hopPointer) {
        Bits.checkRange("HopPointer", hopPointer, 8);
        return withHeader(header.withClassSpecific((hopPointer << 8) | hopCount()));
    }
}
