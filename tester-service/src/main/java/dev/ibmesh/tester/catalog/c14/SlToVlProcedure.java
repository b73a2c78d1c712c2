package dev.ibmesh.tester.catalog.c14;

import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.mad.smp.SlToVlMappingTable;
import dev.ibmesh.tester.mad.MadExchange;
import java.util.ArrayList;
import java.util.List;

/**
 * What the SLtoVLMappingTable procedures share (IBA 14.2.5.8): whether the DUT supports the attribute (its end port's
 * CapabilityMask.IsSLMappingSupported), the AttributeModifier of a switch's table (input port in bits 15-8, output
 * port in bits 7-0; a CA port has one table and ignores it), and a table to write that maps every SL to a VL the
 * output port runs.
 */
abstract class SlToVlProcedure extends AttributeProcedure {
    static final String GET = "v1c14-024.1.1#08.01";
    static final String SET = "v1c14-024.1.1#08.02";
    static final String NAME = "SLtoVLMappingTable";

    /** Steps 1-2: SubnGet(PortInfo) of the end port; whether it advertises IsSLMappingSupported. */
    protected final boolean slMappingSupported() {
        MadExchange x = get(1, GET, PortInfo.ATTRIBUTE_ID, "PortInfo", endPort());
        status(GET, 0, x);
        boolean supported = PortInfo.decode(x.smpData(), 0).hasCapability(PortInfo.CAP_IS_SL_MAPPING_SUPPORTED);
        note("PortInfo:CapabilityMask.IsSLMappingSupported = " + (supported ? 1 : 0));
        return supported;
    }

    /** A switch's AttributeModifier for the table from {@code inPort} to {@code outPort}. */
    static int modifier(int inPort, int outPort) {
        return inPort << 8 | outPort;
    }

    /**
     * Steps {@code first} to {@code first + 5}: SubnGet of the table, then a SubnSet of another table, which the
     * response and a SubnGet must show (C14-24); the table goes back in the cleanup.
     */
    protected final void writeAndReadBack(int first, int modifier, int outPort) {
        MadExchange get = get(first, GET, SlToVlMappingTable.ATTRIBUTE_ID, NAME, modifier);
        status(GET, 0, get);
        SlToVlMappingTable read = SlToVlMappingTable.decode(get.smpData(), 0);
        PortInfo out = PortInfo.decode(
                mad().subnGet(PortInfo.ATTRIBUTE_ID, outPort).requireOk().smpData(), 0);
        writeAndReadBack(
                first + 2, SET, NAME, modifier, read, another(read, out.operationalVls()), SlToVlMappingTable::decode);
    }

    /**
     * A table other than {@code read}: SL i to data VL (n - 1 - i mod n) for the n data VLs OperationalVLs gives,
     * SL 15 to VL15 (the packet is dropped, IBA 7.6.6), or to VL0 should that make it {@code read} again.
     */
    static SlToVlMappingTable another(SlToVlMappingTable read, int operationalVls) {
        int n = operationalVls >= 5 ? 15 : 1 << Math.max(0, operationalVls - 1);
        List<Integer> vls = new ArrayList<>();
        for (int sl = 0; sl < SlToVlMappingTable.NUM_SLS - 1; sl++) {
            vls.add(n - 1 - sl % n);
        }
        vls.add(SlToVlMappingTable.VL_DROP);
        if (vls.equals(read.vls())) {
            vls.set(SlToVlMappingTable.NUM_SLS - 1, 0);
        }
        return new SlToVlMappingTable(vls);
    }
}
