package dev.ibmesh.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

class CrcTest {
    @Test
    void vcrcCatalogueCheckValue() {
        byte[] check = "123456789".getBytes(StandardCharsets.US_ASCII);
        assertEquals(0x0A3D, Vcrc.compute(check, 0, check.length));
        assertEquals(0x0000, Vcrc.compute(new byte[0], 0, 0));
    }

    /** The sliced VCRC must equal the bit-serial definition for every length and alignment. */
    @Test
    void slicedVcrcEqualsBitwiseDefinition() {
        Random r = new Random(7);
        for (int len = 0; len < 300; len++) {
            byte[] b = new byte[len + 5];
            r.nextBytes(b);
            int off = len % 5;
            assertEquals(bitwiseVcrc(b, off, len), Vcrc.compute(b, off, len), "length " + len);
        }
    }

    /** Long frames run as two streams joined at the end: every length a frame can have, and far beyond. */
    @Test
    void twoStreamVcrcEqualsBitwiseDefinition() {
        Random r = new Random(11);
        for (int len = 300; len <= 4300; len += 1 + r.nextInt(7)) {
            byte[] b = new byte[len + 16];
            r.nextBytes(b);
            int off = r.nextInt(16);
            assertEquals(bitwiseVcrc(b, off, len), Vcrc.compute(b, off, len), "length " + len + " at " + off);
        }
        byte[] huge = new byte[300_001];
        r.nextBytes(huge);
        assertEquals(bitwiseVcrc(huge, 1, 300_000), Vcrc.compute(huge, 1, 300_000), "300,000 bytes");
    }

    @Test
    void vcrcResidueOverFrameAndCrcIsConstant() {
        // docs/test-vectors.md: the CRC over LRH..ICRC plus the two wire VCRC bytes is always 0xAA90.
        for (KnownFrames.KnownFrame f : KnownFrames.ALL) {
            byte[] b = f.bytes();
            assertEquals(0xAA90, Vcrc.compute(b, 0, b.length), f.name());
        }
    }

    @Test
    void icrcAndVcrcOfEveryKnownFrame() {
        for (KnownFrames.KnownFrame f : KnownFrames.ALL) {
            byte[] b = f.bytes();
            assertEquals(f.vcrcRegister(), Vcrc.compute(b, 0, b.length - 2), f + " VCRC");
            assertEquals(f.vcrcRegister(), Vcrc.read(b, b.length - 2), f + " VCRC wire order");
            assertEquals(f.icrc(), Icrc.compute(b, 0, b.length - 6), f + " ICRC");
            assertEquals(f.icrc(), Icrc.read(b, b.length - 6), f + " ICRC wire order");
        }
    }

    @Test
    void icrcIgnoresVariantFieldsOnly() {
        byte[] local = KnownFrames.S8.bytes();
        int icrc = Icrc.compute(local, 0, local.length - 6);
        local[0] ^= (byte) 0xF0; // VL: variant
        local[12] ^= (byte) 0xC0; // BTH byte 4 (FECN/BECN): variant
        assertEquals(icrc, Icrc.compute(local, 0, local.length - 6));
        local[0] ^= 0x01; // LVer: invariant in a local packet
        assertEquals(false, icrc == Icrc.compute(local, 0, local.length - 6));

        byte[] global = KnownFrames.S17.bytes();
        int g = Icrc.compute(global, 0, global.length - 6);
        for (int i : new int[] {0, 2, 3, 4, 5, 6, 7, 9, 10, 11, 15, 52}) {
            global[i] ^= 0x5A; // whole LRH, FlowLabel, HopLmt, BTH byte 4: variant in a global packet
        }
        global[1] ^= (byte) 0xF0; // SL too; the LNH bits stay, they say which mask applies
        global[8] ^= 0x0F; // low nibble of byte 8: TClass
        assertEquals(g, Icrc.compute(global, 0, global.length - 6));
        global[8] ^= (byte) 0x10; // IPVer: invariant
        assertEquals(false, g == Icrc.compute(global, 0, global.length - 6));
    }

    private static int bitwiseVcrc(byte[] b, int off, int len) {
        int c = 0xFFFF;
        for (int i = off; i < off + len; i++) {
            c ^= b[i] & 0xFF;
            for (int k = 0; k < 8; k++) {
                c = (c & 1) != 0 ? (c >>> 1) ^ 0xD008 : c >>> 1;
            }
        }
        return c ^ 0xFFFF;
    }
}
