package dev.ibmesh.mad.decode;

import dev.ibmesh.mad.Attribute;
import dev.ibmesh.mad.ClassPortInfo;
import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.Smp;
import dev.ibmesh.mad.pma.PmaMad;
import dev.ibmesh.mad.pma.PortCounters;
import dev.ibmesh.mad.pma.PortCountersExtended;
import dev.ibmesh.mad.sa.InformInfo;
import dev.ibmesh.mad.sa.LinearForwardingTableRecord;
import dev.ibmesh.mad.sa.McMemberRecord;
import dev.ibmesh.mad.sa.NodeRecord;
import dev.ibmesh.mad.sa.PathRecord;
import dev.ibmesh.mad.sa.PortInfoRecord;
import dev.ibmesh.mad.sa.SaMad;
import dev.ibmesh.mad.smp.GuidInfo;
import dev.ibmesh.mad.smp.LedInfo;
import dev.ibmesh.mad.smp.LinearForwardingTable;
import dev.ibmesh.mad.smp.MulticastForwardingTable;
import dev.ibmesh.mad.smp.NodeDescription;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.mad.smp.Notice;
import dev.ibmesh.mad.smp.PKeyTable;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.mad.smp.SlToVlMappingTable;
import dev.ibmesh.mad.smp.SmInfo;
import dev.ibmesh.mad.smp.SwitchInfo;
import dev.ibmesh.mad.smp.VlArbitrationTable;
import dev.ibmesh.wire.Bits;
import java.util.Map;

/**
 * Decodes any bytes into a MAD: the 256 bytes, the layout of its class ({@link Smp}, {@link DrSmp}, {@link PmaMad},
 * {@link SaMad}; none for other classes) and, when ibmesh has a codec for the class and attribute ID, the
 * attribute. Never throws: fewer than 256 bytes is a typed rejection. An SA response with several records is
 * decoded as its first record.
 */
public final class MadDecoder {
    /** A decoder for one attribute: data bytes and the offset of the attribute in them. */
    private interface AttributeCodec {
        Attribute decode(byte[] b, int off);
    }

    private record Key(int mgmtClass, int attributeId) {}

    private static final int SMP = 0x01;
    private static final int PMA = 0x04;
    private static final int SA = 0x03;

    /** Every attribute with a codec, by management class (DR SMPs share the LID-routed table) and attribute ID. */
    private static final Map<Key, AttributeCodec> CODECS = Map.ofEntries(
            Map.entry(new Key(SMP, Notice.ATTRIBUTE_ID), Notice::decodeSmp),
            Map.entry(new Key(SMP, NodeDescription.ATTRIBUTE_ID), NodeDescription::decode),
            Map.entry(new Key(SMP, NodeInfo.ATTRIBUTE_ID), NodeInfo::decode),
            Map.entry(new Key(SMP, SwitchInfo.ATTRIBUTE_ID), SwitchInfo::decode),
            Map.entry(new Key(SMP, GuidInfo.ATTRIBUTE_ID), GuidInfo::decode),
            Map.entry(new Key(SMP, PortInfo.ATTRIBUTE_ID), PortInfo::decode),
            Map.entry(new Key(SMP, PKeyTable.ATTRIBUTE_ID), PKeyTable::decode),
            Map.entry(new Key(SMP, SlToVlMappingTable.ATTRIBUTE_ID), SlToVlMappingTable::decode),
            Map.entry(new Key(SMP, VlArbitrationTable.ATTRIBUTE_ID), VlArbitrationTable::decode),
            Map.entry(new Key(SMP, LinearForwardingTable.ATTRIBUTE_ID), LinearForwardingTable::decode),
            Map.entry(new Key(SMP, MulticastForwardingTable.ATTRIBUTE_ID), MulticastForwardingTable::decode),
            Map.entry(new Key(SMP, SmInfo.ATTRIBUTE_ID), SmInfo::decode),
            Map.entry(new Key(SMP, LedInfo.ATTRIBUTE_ID), LedInfo::decode),
            Map.entry(new Key(PMA, ClassPortInfo.ATTRIBUTE_ID), ClassPortInfo::decode),
            Map.entry(new Key(PMA, PortCounters.ATTRIBUTE_ID), PortCounters::decode),
            Map.entry(new Key(PMA, PortCountersExtended.ATTRIBUTE_ID), PortCountersExtended::decode),
            Map.entry(new Key(SA, ClassPortInfo.ATTRIBUTE_ID), ClassPortInfo::decode),
            Map.entry(new Key(SA, Notice.ATTRIBUTE_ID), Notice::decode),
            Map.entry(new Key(SA, InformInfo.ATTRIBUTE_ID), InformInfo::decode),
            Map.entry(new Key(SA, NodeRecord.ATTRIBUTE_ID), NodeRecord::decode),
            Map.entry(new Key(SA, PortInfoRecord.ATTRIBUTE_ID), PortInfoRecord::decode),
            Map.entry(new Key(SA, LinearForwardingTableRecord.ATTRIBUTE_ID), LinearForwardingTableRecord::decode),
            Map.entry(new Key(SA, PathRecord.ATTRIBUTE_ID), PathRecord::decode),
            Map.entry(new Key(SA, McMemberRecord.ATTRIBUTE_ID), McMemberRecord::decode));

    /**
     * A decoded MAD.
     *
     * @param layout    the class-specific layout, or null for a class without one
     * @param attribute the attribute, or null when no codec exists for it
     */
    public record DecodedMad(Mad mad, Record layout, Attribute attribute) {}

    /** The outcome: a MAD or a reason it could not be one. */
    public sealed interface Result {}

    public record Decoded(DecodedMad mad) implements Result {}

    public record Rejected(String reason) implements Result {}

    private MadDecoder() {}

    public static Result decode(byte[] b, int off, int len) {
        if (off < 0 || len < 0 || off > b.length - len) {
            return new Rejected("range " + off + "+" + len + " is outside a buffer of " + b.length);
        }
        if (len < Mad.SIZE) {
            return new Rejected("a MAD is " + Mad.SIZE + " bytes, only " + len + " given");
        }
        Mad mad = Mad.copyOf(b, off, len);
        int mgmtClass = mad.mgmtClass().code();
        int attributeId = Bits.u16(b, off + 16);
        Record layout;
        int dataOffset;
        switch (mgmtClass) {
            case 0x01 -> {
                layout = Smp.decode(mad);
                dataOffset = Smp.DATA_OFFSET;
            }
            case 0x81 -> {
                layout = DrSmp.decode(mad);
                dataOffset = Smp.DATA_OFFSET;
                mgmtClass = SMP;
            }
            case PMA -> {
                layout = PmaMad.decode(mad);
                dataOffset = PmaMad.DATA_OFFSET;
            }
            case SA -> {
                layout = SaMad.decode(mad);
                dataOffset = SaMad.DATA_OFFSET;
            }
            default -> {
                return new Decoded(new DecodedMad(mad, null, null));
            }
        }
        AttributeCodec codec = CODECS.get(new Key(mgmtClass, attributeId));
        return new Decoded(new DecodedMad(mad, layout, codec == null ? null : codec.decode(b, off + dataOffset)));
    }
}
