package dev.ibmesh.wire;

/**
 * ACK ETH (4 bytes): byte 0 Syndrome, bytes 1-3 MSN.
 *
 * <p>Syndrome: bit 7 reserved; bits 6-5 the type (00 ACK, 01 RNR NAK, 10 reserved, 11 NAK); bits 4-0 the value:
 * a credit count code for an ACK, an RNR timer code for an RNR NAK, a NAK code for a NAK (docs/wire-format.md, AETH).
 */
public record Aeth(int syndrome, int msn) implements ExtHeader {
    public static final int TYPE_ACK = 0;
    public static final int TYPE_RNR_NAK = 1;
    public static final int TYPE_RESERVED = 2;
    public static final int TYPE_NAK = 3;

    public static final int NAK_PSN_SEQUENCE_ERROR = 0;
    public static final int NAK_INVALID_REQUEST = 1;
    public static final int NAK_REMOTE_ACCESS_ERROR = 2;
    public static final int NAK_REMOTE_OPERATIONAL_ERROR = 3;
    public static final int NAK_INVALID_RD_REQUEST = 4;

    /** Credit code 31: no end-to-end credits are advertised (Linux IB_AETH_CREDIT_INVAL). */
    public static final int CREDIT_CODE_INVALID = 31;

    private static final int[] CREDITS = {
        0, 1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024, 1536, 2048, 3072, 4096,
        6144, 8192, 12288, 16384, 24576, 32768
    };

    /** Minimum RNR NAK delay per timer code, in units of 10 microseconds; code 0 is the longest, 655.36 ms. */
    private static final int[] RNR_TIMER_10US = {
        65536, 1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024, 1536, 2048, 3072, 4096,
        6144, 8192, 12288, 16384, 24576, 32768, 49152
    };

    public Aeth {
        Bits.checkRange("Syndrome", syndrome, 8);
        Bits.checkRange("MSN", msn, 24);
    }

    public static Aeth ack(int creditCode, int msn) {
        return new Aeth((TYPE_ACK << 5) | Bits.checkRange("credit code", creditCode, 5), msn);
    }

    public static Aeth rnrNak(int timerCode, int msn) {
        return new Aeth((TYPE_RNR_NAK << 5) | Bits.checkRange("RNR timer code", timerCode, 5), msn);
    }

    public static Aeth nak(int nakCode, int msn) {
        return new Aeth((TYPE_NAK << 5) | Bits.checkRange("NAK code", nakCode, 5), msn);
    }

    public static Aeth decode(byte[] b, int off) {
        return new Aeth(Bits.u8(b, off), Bits.u24(b, off + 1));
    }

    @Override
    public void encode(byte[] b, int off) {
        Bits.put8(b, off, syndrome);
        Bits.put24(b, off + 1, msn);
    }

    @Override
    public ExtHeaderType type() {
        return ExtHeaderType.AETH;
    }

    /** Bits 6-5 of the syndrome: {@link #TYPE_ACK}, {@link #TYPE_RNR_NAK}, {@link #TYPE_RESERVED} or {@link #TYPE_NAK}. */
    public int syndromeType() {
        return (syndrome >>> 5) & 0x3;
    }

    /** Bits 4-0 of the syndrome. */
    public int syndromeValue() {
        return syndrome & 0x1F;
    }

    /** The number of credits a credit count code stands for; -1 for code 31 (invalid: no credits advertised). */
    public static int credits(int creditCode) {
        return creditCode == CREDIT_CODE_INVALID ? -1 : CREDITS[Bits.checkRange("credit code", creditCode, 5)];
    }

    /** The minimum delay an RNR NAK timer code asks for, in nanoseconds (Linux enum ib_rnr_timeout). */
    public static long rnrTimerNanos(int timerCode) {
        return RNR_TIMER_10US[Bits.checkRange("RNR timer code", timerCode, 5)] * 10_000L;
    }

    public static String nakName(int nakCode) {
        return switch (nakCode) {
            case NAK_PSN_SEQUENCE_ERROR -> "PSN sequence error";
            case NAK_INVALID_REQUEST -> "invalid request";
            case NAK_REMOTE_ACCESS_ERROR -> "remote access error";
            case NAK_REMOTE_OPERATIONAL_ERROR -> "remote operational error";
            case NAK_INVALID_RD_REQUEST -> "invalid RD request";
            default -> "reserved NAK code " + nakCode;
        };
    }

    /** A short human description: "ACK credits=32", "RNR NAK 1.28ms", "NAK remote access error". */
    public String describe() {
        int v = syndromeValue();
        return switch (syndromeType()) {
            case TYPE_ACK -> v == CREDIT_CODE_INVALID ? "ACK credits=invalid" : "ACK credits=" + credits(v);
            case TYPE_RNR_NAK -> String.format("RNR NAK timer=%d (%.2fms)", v, rnrTimerNanos(v) / 1e6);
            case TYPE_NAK -> "NAK " + nakName(v);
            default -> String.format("reserved syndrome 0x%02X", syndrome);
        };
    }
}
