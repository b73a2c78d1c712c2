package dev.ibmesh.mad;

import dev.ibmesh.wire.Bits;

/**
 * The 24-byte common MAD header.
 *
 * <pre>
 *  byte 0 BaseVersion | 1 MgmtClass | 2 ClassVersion | 3 Method (bit 7 = R)
 *  bytes 4-5 Status   | 6-7 ClassSpecific (DR SMP: 6 HopPointer, 7 HopCount)
 *  bytes 8-15 TransactionID
 *  bytes 16-17 AttributeID | 18-19 reserved
 *  bytes 20-23 AttributeModifier
 * </pre>
 *
 * In a directed-route SMP, bit 15 of Status is the D bit; {@link DrSmp} gives it a name.
 */
public record MadHeader(
        int baseVersion,
        MgmtClass mgmtClass,
        int classVersion,
        int method,
        int status,
        int classSpecific,
        long transactionId,
        int attributeId,
        int reserved,
        int attributeModifier) {
    public static final int SIZE = 24;
    public static final int BASE_VERSION = 1;

    public MadHeader {
        Bits.checkRange("BaseVersion", baseVersion, 8);
        Bits.checkRange("ClassVersion", classVersion, 8);
        Bits.checkRange("Method", method, 8);
        Bits.checkRange("Status", status, 16);
        Bits.checkRange("ClassSpecific", classSpecific, 16);
        Bits.checkRange("AttributeID", attributeId, 16);
        Bits.checkRange("reserved", reserved, 16);
    }

    /** A header with BaseVersion 1, status 0 and no class-specific bits. */
    public static MadHeader of(
            MgmtClass mgmtClass, int classVersion, int method, long tid, int attributeId, int attributeModifier) {
        return new MadHeader(
                BASE_VERSION, mgmtClass, classVersion, method, 0, 0, tid, attributeId, 0, attributeModifier);
    }

    public static MadHeader decode(byte[] b, int off) {
        return new MadHeader(
                Bits.u8(b, off),
                MgmtClass.valueOf(Bits.u8(b, off + 1)),
                Bits.u8(b, off + 2),
                Bits.u8(b, off + 3),
                Bits.u16(b, off + 4),
                Bits.u16(b, off + 6),
                Bits.u64(b, off + 8),
                Bits.u16(b, off + 16),
                Bits.u16(b, off + 18),
                Bits.u32(b, off + 20));
    }

    public void encode(byte[] b, int off) {
        Bits.put8(b, off, baseVersion);
        Bits.put8(b, off + 1, mgmtClass.code());
        Bits.put8(b, off + 2, classVersion);
        Bits.put8(b, off + 3, method);
        Bits.put16(b, off + 4, status);
        Bits.put16(b, off + 6, classSpecific);
        Bits.put64(b, off + 8, transactionId);
        Bits.put16(b, off + 16, attributeId);
        Bits.put16(b, off + 18, reserved);
        Bits.put32(b, off + 20, attributeModifier);
    }

    public boolean isResponse() {
        return Method.isResponse(method);
    }

    public MadHeader withMethod(int newMethod) {
        return new MadHeader(
                baseVersion,
                mgmtClass,
                classVersion,
                newMethod,
                status,
                classSpecific,
                transactionId,
                attributeId,
                reserved,
                attributeModifier);
    }

    public MadHeader withStatus(int newStatus) {
        return new MadHeader(
                baseVersion,
                mgmtClass,
                classVersion,
                method,
                newStatus,
                classSpecific,
                transactionId,
                attributeId,
                reserved,
                attributeModifier);
    }

    public MadHeader withTransactionId(long newTransactionId) {
        return new MadHeader(
                baseVersion,
                mgmtClass,
                classVersion,
                method,
                status,
                classSpecific,
                newTransactionId,
                attributeId,
                reserved,
                attributeModifier);
    }

    public MadHeader withClassSpecific(int newClassSpecific) {
        return new MadHeader(
                baseVersion,
                mgmtClass,
                classVersion,
                method,
                status,
                newClassSpecific,
                transactionId,
                attributeId,
                reserved,
                attributeModifier);
    }
}
