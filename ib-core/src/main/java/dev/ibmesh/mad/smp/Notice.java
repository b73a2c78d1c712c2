package dev.ibmesh.mad.smp;

import dev.ibmesh.mad.Attribute;
import dev.ibmesh.wire.Bits;
import java.util.Arrays;

/**
 * Notice (attribute 0x0002, 80 bytes): the payload of Trap, TrapRepress and SA Report MADs.
 *
 * <pre>
 *  bit   0 IsGeneric (1) | 1 Type (7) | 8 ProducerType (generic) / VendorID (vendor) (24)
 *  bit  32 TrapNumber (generic) / DeviceID (vendor) (16) | 48 IssuerLID (16)
 *  bit  64 NoticeToggle (1) | 65 NoticeCount (15)
 *  bytes 10-63 DataDetails (54 bytes; layout depends on the trap number, see {@link Details})
 *  bytes 64-79 IssuerGID (16 bytes)
 * </pre>
 *
 * <b>Size.</b> The IBA Notice is 80 bytes, but an SMP's data area is only 64: a Trap SMP carries bytes 0-63 and has
 * no IssuerGID (Wireshark: "IssuerGID only defined for GMPs, not SMPs"; opensm's trap receiver fills
 * {@code issuer_gid} itself from the GRH or the port GUID before reporting). Use {@link #decodeSmp}/{@link #encodeSmp}
 * for the SMP form; {@link #decode}/{@link #encode} handle all 80 bytes (SA Report, InformInfo delivery).
 *
 * <p>Sources: opensm {@code ib_mad_notice_attr_t} (generic_type, g_or_v, issuer_lid, toggle_count,
 * data_details[54], issuer_gid: 80 bytes) with its trap-number and trap-144 mask constants; rdma-core
 * {@code libibmad/fields.c} Notice fields (bit offsets 0/1/8/32/48/64/65/80); Wireshark
 * {@code parse_NoticeDataDetails}, which agrees on every DataDetails layout below.
 */
public record Notice(
        int isGeneric,
        int type,
        int producerTypeVendorId,
        int trapNumberDeviceId,
        int issuerLid,
        int noticeToggle,
        int noticeCount,
        byte[] dataDetails,
        byte[] issuerGid)
        implements Attribute {
    public static final int ATTRIBUTE_ID = 0x0002;
    public static final int SIZE = 80;
    /** The part of a Notice that fits an SMP's 64-byte data area (no IssuerGID). */
    public static final int SMP_SIZE = 64;

    public static final int DATA_DETAILS_OFFSET = 10;
    public static final int DATA_DETAILS_SIZE = 54;
    public static final int ISSUER_GID_OFFSET = 64;

    /** Generic notice types. */
    public static final int TYPE_FATAL = 0;

    public static final int TYPE_URGENT = 1;
    public static final int TYPE_SECURITY = 2;
    public static final int TYPE_SUBNET_MANAGEMENT = 3;
    public static final int TYPE_INFO = 4;
    public static final int TYPE_EMPTY = 0x7F;

    /** ProducerType values of generic notices. */
    public static final int PRODUCER_CA = 1;

    public static final int PRODUCER_SWITCH = 2;
    public static final int PRODUCER_ROUTER = 3;
    public static final int PRODUCER_CLASS_MANAGER = 4;

    public static final int TRAP_GID_IN_SERVICE = 64;
    public static final int TRAP_GID_OUT_OF_SERVICE = 65;
    public static final int TRAP_MCAST_GROUP_CREATED = 66;
    public static final int TRAP_MCAST_GROUP_DELETED = 67;
    public static final int TRAP_LINK_STATE_CHANGE = 128;
    public static final int TRAP_LINK_INTEGRITY_THRESHOLD = 129;
    public static final int TRAP_BUFFER_OVERRUN_THRESHOLD = 130;
    public static final int TRAP_FLOW_CONTROL_WATCHDOG = 131;
    public static final int TRAP_LOCAL_CHANGES = 144;
    public static final int TRAP_SYSTEM_IMAGE_GUID_CHANGE = 145;
    public static final int TRAP_BAD_M_KEY = 256;
    public static final int TRAP_BAD_P_KEY = 257;
    public static final int TRAP_BAD_Q_KEY = 258;
    public static final int TRAP_SWITCH_BAD_P_KEY = 259;

    public Notice {
        Bits.checkRange("IsGeneric", isGeneric, 1);
        Bits.checkRange("Type", type, 7);
        Bits.checkRange(isGeneric != 0 ? "ProducerType" : "VendorID", producerTypeVendorId, 24);
        Bits.checkRange(isGeneric != 0 ? "TrapNumber" : "DeviceID", trapNumberDeviceId, 16);
        Bits.checkRange("IssuerLID", issuerLid, 16);
        Bits.checkRange("NoticeToggle", noticeToggle, 1);
        Bits.checkRange("NoticeCount", noticeCount, 15);
        dataDetails = copy("DataDetails", dataDetails, DATA_DETAILS_SIZE);
        issuerGid = issuerGid == null ? null : copy("IssuerGID", issuerGid, 16);
    }

    /** A generic notice carrying {@code details}; the IssuerGID is zero (an SMP trap has none). */
    public static Notice generic(
            int type,
            int producerType,
            int trapNumber,
            int issuerLid,
            int noticeToggle,
            int noticeCount,
            Details details) {
        return new Notice(
                1,
                type,
                producerType,
                trapNumber,
                issuerLid,
                noticeToggle,
                noticeCount,
                details.toBytes(),
                new byte[16]);
    }

    public static Notice decode(byte[] b, int off) {
        return new Notice(
                Bits.getInt(b, off, 0, 1),
                Bits.getInt(b, off, 1, 7),
                Bits.u24(b, off + 1),
                Bits.u16(b, off + 4),
                Bits.u16(b, off + 6),
                Bits.getInt(b, off, 64, 1),
                Bits.getInt(b, off, 65, 15),
                Arrays.copyOfRange(b, off + DATA_DETAILS_OFFSET, off + DATA_DETAILS_OFFSET + DATA_DETAILS_SIZE),
                Arrays.copyOfRange(b, off + ISSUER_GID_OFFSET, off + SIZE));
    }

    /** Decodes the 64-byte SMP form (SMP data area): a notice without IssuerGID, whose {@link #size()} is 64. */
    public static Notice decodeSmp(byte[] b, int off) {
        Notice full = decode(Arrays.copyOf(Arrays.copyOfRange(b, off, off + SMP_SIZE), SIZE), 0);
        return new Notice(
                full.isGeneric,
                full.type,
                full.producerTypeVendorId,
                full.trapNumberDeviceId,
                full.issuerLid,
                full.noticeToggle,
                full.noticeCount,
                full.dataDetails,
                null);
    }

    /** Writes {@link #size()} bytes: all 80, or the 64 of the SMP form when there is no IssuerGID. */
    @Override
    public void encode(byte[] b, int off) {
        encodeSmp(b, off);
        if (issuerGid != null) {
            System.arraycopy(issuerGid, 0, b, off + ISSUER_GID_OFFSET, 16);
        }
    }

    /** Writes the first 64 bytes (everything but IssuerGID), the form an SMP carries. */
    public void encodeSmp(byte[] b, int off) {
        Bits.put(b, off, 0, 1, isGeneric);
        Bits.put(b, off, 1, 7, type);
        Bits.put24(b, off + 1, producerTypeVendorId);
        Bits.put16(b, off + 4, trapNumberDeviceId);
        Bits.put16(b, off + 6, issuerLid);
        Bits.put(b, off, 64, 1, noticeToggle);
        Bits.put(b, off, 65, 15, noticeCount);
        System.arraycopy(dataDetails, 0, b, off + DATA_DETAILS_OFFSET, DATA_DETAILS_SIZE);
    }

    public boolean genericForm() {
        return isGeneric != 0;
    }

    /** TrapNumber of a generic notice. */
    public int trapNumber() {
        requireForm(true, "TrapNumber");
        return trapNumberDeviceId;
    }

    /** ProducerType of a generic notice. */
    public int producerType() {
        requireForm(true, "ProducerType");
        return producerTypeVendorId;
    }

    /** DeviceID of a vendor notice. */
    public int deviceId() {
        requireForm(false, "DeviceID");
        return trapNumberDeviceId;
    }

    /** VendorID of a vendor notice. */
    public int vendorId() {
        requireForm(false, "VendorID");
        return producerTypeVendorId;
    }

    /**
     * The DataDetails as a typed record for the generic traps this package models (64-67, 128, 129-131, 144, 256,
     * 257/258, 259); {@link Raw} for any other trap number and for every vendor notice.
     */
    public Details details() {
        return genericForm() ? details(trapNumberDeviceId, dataDetails, 0) : new Raw(dataDetails);
    }

    /** Decodes 54 DataDetails bytes at {@code off} for generic trap {@code trapNumber}. */
    public static Details details(int trapNumber, byte[] b, int off) {
        return switch (trapNumber) {
            case TRAP_GID_IN_SERVICE, TRAP_GID_OUT_OF_SERVICE, TRAP_MCAST_GROUP_CREATED, TRAP_MCAST_GROUP_DELETED ->
                GidTrap.decode(b, off);
            case TRAP_LINK_STATE_CHANGE -> LinkStateTrap.decode(b, off);
            case TRAP_LINK_INTEGRITY_THRESHOLD, TRAP_BUFFER_OVERRUN_THRESHOLD, TRAP_FLOW_CONTROL_WATCHDOG ->
                PortTrap.decode(b, off);
            case TRAP_LOCAL_CHANGES -> LocalChangesTrap.decode(b, off);
            case TRAP_BAD_M_KEY -> BadMKeyTrap.decode(b, off);
            case TRAP_BAD_P_KEY, TRAP_BAD_Q_KEY -> BadKeyTrap.decode(b, off);
            case TRAP_SWITCH_BAD_P_KEY -> SwitchBadPKeyTrap.decode(b, off);
            default -> Raw.decode(b, off);
        };
    }

    /** A copy with IssuerGID {@code gid} (the SA form of a Notice carries it; an SMP trap has none). */
    public Notice withIssuerGid(byte[] gid) {
        return with(dataDetails, gid);
    }

    /** A copy with DataDetails replaced by {@code details}. */
    public Notice withDetails(Details details) {
        return with(details.toBytes(), issuerGid);
    }

    private Notice with(byte[] details, byte[] gid) {
        return new Notice(
                isGeneric,
                type,
                producerTypeVendorId,
                trapNumberDeviceId,
                issuerLid,
                noticeToggle,
                noticeCount,
                details,
                gid);
    }

    @Override
    public byte[] dataDetails() {
        return dataDetails.clone();
    }

    /** The IssuerGID, or null in the SMP form. */
    @Override
    public byte[] issuerGid() {
        return issuerGid == null ? null : issuerGid.clone();
    }

    @Override
    public int attributeId() {
        return ATTRIBUTE_ID;
    }

    @Override
    public int size() {
        return issuerGid == null ? SMP_SIZE : SIZE;
    }

    @Override
    public boolean equals(Object o) {
        return ByteArrayRecords.equal(this, o, Notice::toBytes);
    }

    @Override
    public int hashCode() {
        return ByteArrayRecords.hash(this, Notice::toBytes);
    }

    @Override
    public String toString() {
        return ByteArrayRecords.toString(this);
    }

    private void requireForm(boolean wantGeneric, String field) {
        if (genericForm() != wantGeneric) {
            throw new IllegalStateException(field + " exists only in a " + (wantGeneric ? "generic" : "vendor")
                    + " notice (IsGeneric=" + isGeneric + ")");
        }
    }

    private static byte[] copy(String field, byte[] a, int length) {
        if (a == null || a.length != length) {
            throw new IllegalArgumentException(
                    field + " must be " + length + " bytes, was " + (a == null ? "null" : a.length));
        }
        return a.clone();
    }

    /** Bit offset of DataDetails inside the Notice: the details records name fields by Notice bit offset. */
    private static final int D = 80;

    /**
     * A trap's DataDetails: exactly 54 bytes, every bit a component, so {@code decode(x).encode()} gives {@code x}.
     * Reserved components are named after their bit offset in the Notice (DataDetails starts at bit 80).
     */
    public sealed interface Details
            permits GidTrap,
                    LinkStateTrap,
                    PortTrap,
                    LocalChangesTrap,
                    BadMKeyTrap,
                    BadKeyTrap,
                    SwitchBadPKeyTrap,
                    Raw {
        /** Writes the 54 DataDetails bytes at {@code off}. */
        void encode(byte[] b, int off);

        default byte[] toBytes() {
            byte[] b = new byte[DATA_DETAILS_SIZE];
            encode(b, 0);
            return b;
        }
    }

    /**
     * Traps 64/65 (GID in/out of service) and 66/67 (multicast group created/deleted).
     * <pre>bit 80 reserved (48) | 128 GIDADDR (128) | 256-511 reserved (32 bytes)</pre>
     */
    public record GidTrap(long reserved80, byte[] gidAddr, byte[] reserved256) implements Details {
        public GidTrap {
            Bits.checkRange("reserved80", reserved80, 48);
            gidAddr = copy("GIDADDR", gidAddr, 16);
            reserved256 = copy("reserved256", reserved256, 32);
        }

        public GidTrap(byte[] gidAddr) {
            this(0, gidAddr, new byte[32]);
        }

        public static GidTrap decode(byte[] b, int off) {
            return new GidTrap(
                    Bits.get(b, off, 80 - D, 48),
                    Arrays.copyOfRange(b, off + 6, off + 22),
                    Arrays.copyOfRange(b, off + 22, off + 54));
        }

        @Override
        public void encode(byte[] b, int off) {
            Bits.put(b, off, 80 - D, 48, reserved80);
            System.arraycopy(gidAddr, 0, b, off + 6, 16);
            System.arraycopy(reserved256, 0, b, off + 22, 32);
        }

        @Override
        public byte[] gidAddr() {
            return gidAddr.clone();
        }

        @Override
        public byte[] reserved256() {
            return reserved256.clone();
        }

        @Override
        public boolean equals(Object o) {
            return ByteArrayRecords.equal(this, o, Details::toBytes);
        }

        @Override
        public int hashCode() {
            return ByteArrayRecords.hash(this, Details::toBytes);
        }

        @Override
        public String toString() {
            return ByteArrayRecords.toString(this);
        }
    }

    /**
     * Trap 128: link state of a switch port changed.
     * <pre>bit 80 LIDADDR (16, the switch) | 96-511 reserved (52 bytes)</pre>
     */
    public record LinkStateTrap(int lidAddr, byte[] reserved96) implements Details {
        public LinkStateTrap {
            Bits.checkRange("LIDADDR", lidAddr, 16);
            reserved96 = copy("reserved96", reserved96, 52);
        }

        public LinkStateTrap(int lidAddr) {
            this(lidAddr, new byte[52]);
        }

        public static LinkStateTrap decode(byte[] b, int off) {
            return new LinkStateTrap(Bits.u16(b, off), Arrays.copyOfRange(b, off + 2, off + 54));
        }

        @Override
        public void encode(byte[] b, int off) {
            Bits.put16(b, off, lidAddr);
            System.arraycopy(reserved96, 0, b, off + 2, 52);
        }

        @Override
        public byte[] reserved96() {
            return reserved96.clone();
        }

        @Override
        public boolean equals(Object o) {
            return ByteArrayRecords.equal(this, o, Details::toBytes);
        }

        @Override
        public int hashCode() {
            return ByteArrayRecords.hash(this, Details::toBytes);
        }

        @Override
        public String toString() {
            return ByteArrayRecords.toString(this);
        }
    }

    /**
     * Traps 129 (local link integrity threshold), 130 (excessive buffer overrun threshold), 131 (flow control update
     * watchdog timer expired).
     * <pre>bit 80 reserved (16) | 96 LIDADDR (16) | 112 PORTNO (8) | 120-511 reserved (49 bytes)</pre>
     */
    public record PortTrap(int reserved80, int lidAddr, int portNo, byte[] reserved120) implements Details {
        public PortTrap {
            Bits.checkRange("reserved80", reserved80, 16);
            Bits.checkRange("LIDADDR", lidAddr, 16);
            Bits.checkRange("PORTNO", portNo, 8);
            reserved120 = copy("reserved120", reserved120, 49);
        }

        public PortTrap(int lidAddr, int portNo) {
            this(0, lidAddr, portNo, new byte[49]);
        }

        public static PortTrap decode(byte[] b, int off) {
            return new PortTrap(
                    Bits.u16(b, off),
                    Bits.u16(b, off + 2),
                    Bits.u8(b, off + 4),
                    Arrays.copyOfRange(b, off + 5, off + 54));
        }

        @Override
        public void encode(byte[] b, int off) {
            Bits.put16(b, off, reserved80);
            Bits.put16(b, off + 2, lidAddr);
            Bits.put8(b, off + 4, portNo);
            System.arraycopy(reserved120, 0, b, off + 5, 49);
        }

        @Override
        public byte[] reserved120() {
            return reserved120.clone();
        }

        @Override
        public boolean equals(Object o) {
            return ByteArrayRecords.equal(this, o, Details::toBytes);
        }

        @Override
        public int hashCode() {
            return ByteArrayRecords.hash(this, Details::toBytes);
        }

        @Override
        public String toString() {
            return ByteArrayRecords.toString(this);
        }
    }

    /**
     * Trap 144: CapabilityMask, CapabilityMask2 or another local attribute of a port changed.
     * <pre>
     *  bit  80 reserved (16) | 96 LIDADDR (16) | 112 reserved (15) | 127 OtherLocalChanges (1)
     *  bit 128 CAPABILITYMASK (32)
     *  bit 160 reserved (10) | 170 change flags (6: see CHANGE_*) | 176 CapabilityMask2 (16)
     *  bit 192-511 reserved (40 bytes)
     * </pre>
     * Flags and CapabilityMask2 follow opensm {@code ntc_144} / {@code TRAP_144_MASK_*}; IBA 1.2 had only the low
     * three flags and no CapabilityMask2 (those bits were reserved), as in Wireshark.
     */
    public record LocalChangesTrap(
            int reserved80,
            int lidAddr,
            int reserved112,
            int otherLocalChanges,
            long capabilityMask,
            int reserved160,
            int changeFlags,
            int capabilityMask2,
            byte[] reserved192)
            implements Details {
        public static final int CHANGE_NODE_DESCRIPTION = 0x01;
        public static final int CHANGE_LINK_WIDTH_ENABLED = 0x02;
        public static final int CHANGE_LINK_SPEED_ENABLED = 0x04;
        public static final int CHANGE_SM_PRIORITY = 0x08;
        public static final int CHANGE_HIERARCHY_INFO = 0x10;
        public static final int CHANGE_CAPABILITY_MASK2 = 0x20;

        public LocalChangesTrap {
            Bits.checkRange("reserved80", reserved80, 16);
            Bits.checkRange("LIDADDR", lidAddr, 16);
            Bits.checkRange("reserved112", reserved112, 15);
            Bits.checkRange("OtherLocalChanges", otherLocalChanges, 1);
            Bits.checkRange("CAPABILITYMASK", capabilityMask, 32);
            Bits.checkRange("reserved160", reserved160, 10);
            Bits.checkRange("ChangeFlags", changeFlags, 6);
            Bits.checkRange("CapabilityMask2", capabilityMask2, 16);
            reserved192 = copy("reserved192", reserved192, 40);
        }

        public LocalChangesTrap(
                int lidAddr, boolean otherLocalChanges, long capabilityMask, int changeFlags, int capabilityMask2) {
            this(
                    0,
                    lidAddr,
                    0,
                    otherLocalChanges ? 1 : 0,
                    capabilityMask,
                    0,
                    changeFlags,
                    capabilityMask2,
                    new byte[40]);
        }

        public static LocalChangesTrap decode(byte[] b, int off) {
            return new LocalChangesTrap(
                    Bits.u16(b, off),
                    Bits.u16(b, off + 2),
                    Bits.getInt(b, off, 112 - D, 15),
                    Bits.getInt(b, off, 127 - D, 1),
                    Bits.get(b, off, 128 - D, 32),
                    Bits.getInt(b, off, 160 - D, 10),
                    Bits.getInt(b, off, 170 - D, 6),
                    Bits.u16(b, off + 12),
                    Arrays.copyOfRange(b, off + 14, off + 54));
        }

        @Override
        public void encode(byte[] b, int off) {
            Bits.put16(b, off, reserved80);
            Bits.put16(b, off + 2, lidAddr);
            Bits.put(b, off, 112 - D, 15, reserved112);
            Bits.put(b, off, 127 - D, 1, otherLocalChanges);
            Bits.put32(b, off + 6, (int) capabilityMask);
            Bits.put(b, off, 160 - D, 10, reserved160);
            Bits.put(b, off, 170 - D, 6, changeFlags);
            Bits.put16(b, off + 12, capabilityMask2);
            System.arraycopy(reserved192, 0, b, off + 14, 40);
        }

        public boolean changed(int changeFlag) {
            return (changeFlags & changeFlag) != 0;
        }

        @Override
        public byte[] reserved192() {
            return reserved192.clone();
        }

        @Override
        public boolean equals(Object o) {
            return ByteArrayRecords.equal(this, o, Details::toBytes);
        }

        @Override
        public int hashCode() {
            return ByteArrayRecords.hash(this, Details::toBytes);
        }

        @Override
        public String toString() {
            return ByteArrayRecords.toString(this);
        }
    }

    /**
     * Trap 256: bad M_Key.
     * <pre>
     *  bit  80 reserved (16) | 96 LIDADDR (16) | 112 DRSLID (16)
     *  bit 128 METHOD (8) | 136 reserved (8) | 144 ATTRIBUTEID (16) | 160 ATTRIBUTEMODIFIER (32)
     *  bit 192 MKEY (64)
     *  bit 256 reserved (8) | 264 DRNotice (1) | 265 DRPathTruncated (1) | 266 DRHopCount (6)
     *  bit 272-511 DRNoticeReturnPath (30 bytes)
     * </pre>
     * opensm {@code ntc_256} and Wireshark both skip one byte before the DR bits.
     */
    public record BadMKeyTrap(
            int reserved80,
            int lidAddr,
            int drSlid,
            int method,
            int reserved136,
            int attributeId,
            long attributeModifier,
            long mKey,
            int reserved256,
            int drNotice,
            int drPathTruncated,
            int drHopCount,
            byte[] drNoticeReturnPath)
            implements Details {
        public BadMKeyTrap {
            Bits.checkRange("reserved80", reserved80, 16);
            Bits.checkRange("LIDADDR", lidAddr, 16);
            Bits.checkRange("DRSLID", drSlid, 16);
            Bits.checkRange("METHOD", method, 8);
            Bits.checkRange("reserved136", reserved136, 8);
            Bits.checkRange("ATTRIBUTEID", attributeId, 16);
            Bits.checkRange("ATTRIBUTEMODIFIER", attributeModifier, 32);
            Bits.checkRange("reserved256", reserved256, 8);
            Bits.checkRange("DRNotice", drNotice, 1);
            Bits.checkRange("DRPathTruncated", drPathTruncated, 1);
            Bits.checkRange("DRHopCount", drHopCount, 6);
            drNoticeReturnPath = copy("DRNoticeReturnPath", drNoticeReturnPath, 30);
        }

        public static BadMKeyTrap decode(byte[] b, int off) {
            return new BadMKeyTrap(
                    Bits.u16(b, off),
                    Bits.u16(b, off + 2),
                    Bits.u16(b, off + 4),
                    Bits.u8(b, off + 6),
                    Bits.u8(b, off + 7),
                    Bits.u16(b, off + 8),
                    Bits.get(b, off, 160 - D, 32),
                    Bits.u64(b, off + 14),
                    Bits.u8(b, off + 22),
                    Bits.getInt(b, off, 264 - D, 1),
                    Bits.getInt(b, off, 265 - D, 1),
                    Bits.getInt(b, off, 266 - D, 6),
                    Arrays.copyOfRange(b, off + 24, off + 54));
        }

        @Override
        public void encode(byte[] b, int off) {
            Bits.put16(b, off, reserved80);
            Bits.put16(b, off + 2, lidAddr);
            Bits.put16(b, off + 4, drSlid);
            Bits.put8(b, off + 6, method);
            Bits.put8(b, off + 7, reserved136);
            Bits.put16(b, off + 8, attributeId);
            Bits.put32(b, off + 10, (int) attributeModifier);
            Bits.put64(b, off + 14, mKey);
            Bits.put8(b, off + 22, reserved256);
            Bits.put(b, off, 264 - D, 1, drNotice);
            Bits.put(b, off, 265 - D, 1, drPathTruncated);
            Bits.put(b, off, 266 - D, 6, drHopCount);
            System.arraycopy(drNoticeReturnPath, 0, b, off + 24, 30);
        }

        @Override
        public byte[] drNoticeReturnPath() {
            return drNoticeReturnPath.clone();
        }

        @Override
        public boolean equals(Object o) {
            return ByteArrayRecords.equal(this, o, Details::toBytes);
        }

        @Override
        public int hashCode() {
            return ByteArrayRecords.hash(this, Details::toBytes);
        }

        @Override
        public String toString() {
            return ByteArrayRecords.toString(this);
        }
    }

    /**
     * Traps 257 (bad P_Key) and 258 (bad Q_Key).
     * <pre>
     *  bit  80 reserved (16) | 96 LIDADDR1 (16) | 112 LIDADDR2 (16) | 128 KEY (32)
     *  bit 160 SL (4) | 164 reserved (4) | 168 QP1 (24) | 192 reserved (8) | 200 QP2 (24)
     *  bit 224 GIDADDR1 (128) | 352 GIDADDR2 (128) | 480 reserved (32)
     * </pre>
     */
    public record BadKeyTrap(
            int reserved80,
            int lidAddr1,
            int lidAddr2,
            long key,
            int sl,
            int reserved164,
            int qp1,
            int reserved192,
            int qp2,
            byte[] gidAddr1,
            byte[] gidAddr2,
            long reserved480)
            implements Details {
        public BadKeyTrap {
            Bits.checkRange("reserved80", reserved80, 16);
            Bits.checkRange("LIDADDR1", lidAddr1, 16);
            Bits.checkRange("LIDADDR2", lidAddr2, 16);
            Bits.checkRange("KEY", key, 32);
            Bits.checkRange("SL", sl, 4);
            Bits.checkRange("reserved164", reserved164, 4);
            Bits.checkRange("QP1", qp1, 24);
            Bits.checkRange("reserved192", reserved192, 8);
            Bits.checkRange("QP2", qp2, 24);
            gidAddr1 = copy("GIDADDR1", gidAddr1, 16);
            gidAddr2 = copy("GIDADDR2", gidAddr2, 16);
            Bits.checkRange("reserved480", reserved480, 32);
        }

        public static BadKeyTrap decode(byte[] b, int off) {
            return new BadKeyTrap(
                    Bits.u16(b, off),
                    Bits.u16(b, off + 2),
                    Bits.u16(b, off + 4),
                    Bits.get(b, off, 128 - D, 32),
                    Bits.getInt(b, off, 160 - D, 4),
                    Bits.getInt(b, off, 164 - D, 4),
                    Bits.u24(b, off + 11),
                    Bits.u8(b, off + 14),
                    Bits.u24(b, off + 15),
                    Arrays.copyOfRange(b, off + 18, off + 34),
                    Arrays.copyOfRange(b, off + 34, off + 50),
                    Bits.get(b, off, 480 - D, 32));
        }

        @Override
        public void encode(byte[] b, int off) {
            Bits.put16(b, off, reserved80);
            Bits.put16(b, off + 2, lidAddr1);
            Bits.put16(b, off + 4, lidAddr2);
            Bits.put32(b, off + 6, (int) key);
            Bits.put(b, off, 160 - D, 4, sl);
            Bits.put(b, off, 164 - D, 4, reserved164);
            Bits.put24(b, off + 11, qp1);
            Bits.put8(b, off + 14, reserved192);
            Bits.put24(b, off + 15, qp2);
            System.arraycopy(gidAddr1, 0, b, off + 18, 16);
            System.arraycopy(gidAddr2, 0, b, off + 34, 16);
            Bits.put32(b, off + 50, (int) reserved480);
        }

        @Override
        public byte[] gidAddr1() {
            return gidAddr1.clone();
        }

        @Override
        public byte[] gidAddr2() {
            return gidAddr2.clone();
        }

        @Override
        public boolean equals(Object o) {
            return ByteArrayRecords.equal(this, o, Details::toBytes);
        }

        @Override
        public int hashCode() {
            return ByteArrayRecords.hash(this, Details::toBytes);
        }

        @Override
        public String toString() {
            return ByteArrayRecords.toString(this);
        }
    }

    /**
     * Trap 259: bad P_Key at a switch external port.
     * <pre>
     *  bit  80 DataValid (16) | 96 LIDADDR1 (16) | 112 LIDADDR2 (16) | 128 PKEY (16)
     *  bit 144 SL (4) | 148 reserved (4) | 152 QP1 (24) | 176 reserved (8) | 184 QP2 (24)
     *  bit 208 GIDADDR1 (128) | 336 GIDADDR2 (128) | 464 SWLIDADDR (16) | 480 PORTNO (8) | 488 reserved (24)
     * </pre>
     * DataValid flags which of the following fields hold valid data; it is kept as the raw 16 bits.
     */
    public record SwitchBadPKeyTrap(
            int dataValid,
            int lidAddr1,
            int lidAddr2,
            int pKey,
            int sl,
            int reserved148,
            int qp1,
            int reserved176,
            int qp2,
            byte[] gidAddr1,
            byte[] gidAddr2,
            int swLidAddr,
            int portNo,
            int reserved488)
            implements Details {
        public SwitchBadPKeyTrap {
            Bits.checkRange("DataValid", dataValid, 16);
            Bits.checkRange("LIDADDR1", lidAddr1, 16);
            Bits.checkRange("LIDADDR2", lidAddr2, 16);
            Bits.checkRange("PKEY", pKey, 16);
            Bits.checkRange("SL", sl, 4);
            Bits.checkRange("reserved148", reserved148, 4);
            Bits.checkRange("QP1", qp1, 24);
            Bits.checkRange("reserved176", reserved176, 8);
            Bits.checkRange("QP2", qp2, 24);
            gidAddr1 = copy("GIDADDR1", gidAddr1, 16);
            gidAddr2 = copy("GIDADDR2", gidAddr2, 16);
            Bits.checkRange("SWLIDADDR", swLidAddr, 16);
            Bits.checkRange("PORTNO", portNo, 8);
            Bits.checkRange("reserved488", reserved488, 24);
        }

        public static SwitchBadPKeyTrap decode(byte[] b, int off) {
            return new SwitchBadPKeyTrap(
                    Bits.u16(b, off),
                    Bits.u16(b, off + 2),
                    Bits.u16(b, off + 4),
                    Bits.u16(b, off + 6),
                    Bits.getInt(b, off, 144 - D, 4),
                    Bits.getInt(b, off, 148 - D, 4),
                    Bits.u24(b, off + 9),
                    Bits.u8(b, off + 12),
                    Bits.u24(b, off + 13),
                    Arrays.copyOfRange(b, off + 16, off + 32),
                    Arrays.copyOfRange(b, off + 32, off + 48),
                    Bits.u16(b, off + 48),
                    Bits.u8(b, off + 50),
                    Bits.u24(b, off + 51));
        }

        @Override
        public void encode(byte[] b, int off) {
            Bits.put16(b, off, dataValid);
            Bits.put16(b, off + 2, lidAddr1);
            Bits.put16(b, off + 4, lidAddr2);
            Bits.put16(b, off + 6, pKey);
            Bits.put(b, off, 144 - D, 4, sl);
            Bits.put(b, off, 148 - D, 4, reserved148);
            Bits.put24(b, off + 9, qp1);
            Bits.put8(b, off + 12, reserved176);
            Bits.put24(b, off + 13, qp2);
            System.arraycopy(gidAddr1, 0, b, off + 16, 16);
            System.arraycopy(gidAddr2, 0, b, off + 32, 16);
            Bits.put16(b, off + 48, swLidAddr);
            Bits.put8(b, off + 50, portNo);
            Bits.put24(b, off + 51, reserved488);
        }

        @Override
        public byte[] gidAddr1() {
            return gidAddr1.clone();
        }

        @Override
        public byte[] gidAddr2() {
            return gidAddr2.clone();
        }

        @Override
        public boolean equals(Object o) {
            return ByteArrayRecords.equal(this, o, Details::toBytes);
        }

        @Override
        public int hashCode() {
            return ByteArrayRecords.hash(this, Details::toBytes);
        }

        @Override
        public String toString() {
            return ByteArrayRecords.toString(this);
        }
    }

    /** DataDetails of a trap this package has no typed record for (or of a vendor notice), as 54 raw bytes. */
    public record Raw(byte[] bytes) implements Details {
        public Raw {
            bytes = copy("DataDetails", bytes, DATA_DETAILS_SIZE);
        }

        public static Raw decode(byte[] b, int off) {
            return new Raw(Arrays.copyOfRange(b, off, off + DATA_DETAILS_SIZE));
        }

        @Override
        public void encode(byte[] b, int off) {
            System.arraycopy(bytes, 0, b, off, DATA_DETAILS_SIZE);
        }

        @Override
        public byte[] bytes() {
            return bytes.clone();
        }

        @Override
        public boolean equals(Object o) {
            return ByteArrayRecords.equal(this, o, Details::toBytes);
        }

        @Override
        public int hashCode() {
            return ByteArrayRecords.hash(this, Details::toBytes);
        }

        @Override
        public String toString() {
            return ByteArrayRecords.toString(this);
        }
    }
}
