package dev.ibmesh.mad;

/**
 * The 16-bit MAD status word (common MAD header bytes 4-5). Bit 0 busy, bit 1 redirect required, bits 4-2 the
 * code, bits 7-5 reserved, bits 15-8 class specific. In a directed-route SMP bit 15 is the D bit instead and the
 * status proper is bits 14-0; {@link DrSmp} splits that off before a status reaches this class.
 */
public final class MadStatus {
    public static final int BUSY = 0x0001;
    public static final int REDIRECT = 0x0002;

    /** Code 0: no invalid fields. */
    public static final int CODE_OK = 0;
    /** Code 1: bad base or class version. */
    public static final int CODE_BAD_VERSION = 1;
    /** Code 2: method not supported. */
    public static final int CODE_METHOD_UNSUPPORTED = 2;
    /** Code 3: method/attribute combination not supported. */
    public static final int CODE_METHOD_ATTRIBUTE_UNSUPPORTED = 3;
    /** Code 7: one or more fields in the attribute or attribute modifier contain an invalid value. */
    public static final int CODE_INVALID_FIELD = 7;

    private MadStatus() {}

    /** The 3-bit code in bits 4-2. */
    public static int code(int status) {
        return (status >>> 2) & 0x7;
    }

    /** The status word for a code, with no other bit set. */
    public static int ofCode(int code) {
        return (code & 0x7) << 2;
    }

    public static boolean isBusy(int status) {
        return (status & BUSY) != 0;
    }

    public static boolean isRedirect(int status) {
        return (status & REDIRECT) != 0;
    }

    /** Bits 15-8, whose meaning depends on the class (for SA: 1 no resources, 2 invalid request, 3 no records, ...). */
    public static int classSpecific(int status) {
        return (status >>> 8) & 0xFF;
    }

    public static String describe(int status) {
        StringBuilder s = new StringBuilder(String.format("0x%04X", status & 0xFFFF));
        int code = code(status);
        if (code != 0 || (status & 0xFFFF) == 0) {
            s.append(' ').append(codeName(code));
        }
        if (isBusy(status)) {
            s.append(" busy");
        }
        if (isRedirect(status)) {
            s.append(" redirect");
        }
        return s.toString();
    }

    public static String codeName(int code) {
        return switch (code) {
            case CODE_OK -> "ok";
            case CODE_BAD_VERSION -> "bad-version";
            case CODE_METHOD_UNSUPPORTED -> "method-unsupported";
            case CODE_METHOD_ATTRIBUTE_UNSUPPORTED -> "method-attribute-unsupported";
            case CODE_INVALID_FIELD -> "invalid-field";
            default -> "reserved-code-" + code;
        };
    }
}
