package dev.ibmesh.tester.catalog.c14;

import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.mad.smp.VlArbitrationTable;
import dev.ibmesh.tester.mad.MadExchange;
import java.util.ArrayList;
import java.util.List;

/**
 * What the VLArbitrationTable procedures share (IBA 14.2.5.9): a port's table comes in four parts (AttributeModifier
 * bits 31-16: 1 low-priority entries 0-31, 2 high 0-31, 3 low 32-63, 4 high 32-63; bits 15-0 the port), and the port's
 * PortInfo.VLArbitrationLowCap / HighCap say how many entries of each priority it has. A part with entries is answered;
 * one without is an invalid AttributeModifier (status 7, C13-24) - or, for a port with no table at all (both
 * capacities 0, e.g. a switch's port 0 with no data VLs to arbitrate), status 3 is accepted as well, since such a port
 * does not support the attribute. A SubnSet writes a part, which the response and a SubnGet show (C14-24).
 */
abstract class VlArbitrationProcedure extends AttributeProcedure {
    static final String GET = "v1c14-024.1.1#09.01";
    static final String SET = "v1c14-024.1.1#09.02";
    static final String NAME = "VLArbitrationTable";
    private static final int PARTS = 4;

    static int modifier(int part, int port) {
        return part << 16 | port;
    }

    /**
     * Steps 3-6: PortInfo of {@code port} (its capacities), then SubnGet of parts 1-4 with {@code portField} in bits
     * 15-0: answered where the port has entries, status 7 (or 3, see the class comment) where it has none. Returns
     * the port's PortInfo.
     */
    protected final PortInfo parts(int port, int portField) {
        MadExchange x = get(3, GET, PortInfo.ATTRIBUTE_ID, "PortInfo", port);
        status(GET, 0, x);
        PortInfo info = PortInfo.decode(x.smpData(), 0);
        note("port " + port + ": VLArbitrationLowCap " + info.vlArbitrationLowCap() + ", VLArbitrationHighCap "
                + info.vlArbitrationHighCap());
        boolean noTable = info.vlArbitrationLowCap() == 0 && info.vlArbitrationHighCap() == 0;
        for (int part = VlArbitrationTable.PART_LOW_0_31; part <= PARTS; part++) {
            MadExchange get = get(5, GET, VlArbitrationTable.ATTRIBUTE_ID, NAME, modifier(part, portField));
            if (capacity(info, part) > firstEntry(part)) {
                status(GET, 0, get);
            } else if (noTable) {
                checkThat(
                        STATUS_7 + ", " + UNSUPPORTED,
                        "MADHeader:Status.Code (a port without a VL arbitration table)",
                        get.statusCode() == CODE_INVALID || get.statusCode() == CODE_UNSUPPORTED,
                        "7 or 3",
                        String.valueOf(get.statusCode()));
            } else {
                status(STATUS_7, CODE_INVALID, get);
            }
        }
        return info;
    }

    /**
     * Steps {@code first} to {@code first + 5}: SubnGet of part 1 (low priority, entries 0-31), then a SubnSet of it
     * with other weights in the entries the port has (those beyond VLArbitrationLowCap as read), each on a VL the port
     * runs; the response and a SubnGet must show it. The part goes back in the cleanup.
     */
    protected final void writeAndReadBack(int first, PortInfo port, int portField) {
        int modifier = modifier(VlArbitrationTable.PART_LOW_0_31, portField);
        MadExchange get = get(first, GET, VlArbitrationTable.ATTRIBUTE_ID, NAME, modifier);
        status(GET, 0, get);
        VlArbitrationTable read = VlArbitrationTable.decode(get.smpData(), 0);
        int vls = port.operationalVls() >= 5 ? 15 : 1 << Math.max(0, port.operationalVls() - 1);
        List<VlArbitrationTable.Entry> entries = new ArrayList<>(read.entries());
        for (int i = 0; i < Math.min(port.vlArbitrationLowCap(), VlArbitrationTable.ENTRIES_PER_BLOCK); i++) {
            entries.set(i, new VlArbitrationTable.Entry(i % vls, (read.entry(i).weight() + 1 + i) & 0xFF));
        }
        writeAndReadBack(
                first + 2, SET, NAME, modifier, read, new VlArbitrationTable(entries), VlArbitrationTable::decode);
    }

    private static int capacity(PortInfo info, int part) {
        boolean high = part == VlArbitrationTable.PART_HIGH_0_31 || part == VlArbitrationTable.PART_HIGH_32_63;
        return high ? info.vlArbitrationHighCap() : info.vlArbitrationLowCap();
    }

    private static int firstEntry(int part) {
        return part >= VlArbitrationTable.PART_LOW_32_63 ? VlArbitrationTable.ENTRIES_PER_BLOCK : 0;
    }
}
