package dev.ibmesh.runtime.pma;

import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.mad.pma.PmaMad;
import dev.ibmesh.mad.pma.PortCounters;
import dev.ibmesh.mad.pma.PortCountersExtended;

/** PerfMgt requests as perfquery sends them. */
final class PmaRequests {
    static final long TID = 0x0123_4567_89AB_CDEFL;

    private PmaRequests() {}

    static Mad request(int method, int attributeId, int attributeModifier, byte[] data) {
        return PmaMad.of(
                        MadHeader.of(
                                MgmtClass.PERF_MGT, PmaMad.CLASS_VERSION, method, TID, attributeId, attributeModifier),
                        data)
                .encode();
    }

    /** PortCounters with PortSelect and CounterSelect set, the counters zero. */
    static Mad portCounters(int method, int portSelect, int counterSelect) {
        PortCounters pc = PortCounters.zero(portSelect);
        byte[] d = pc.toBytes();
        d[2] = (byte) (counterSelect >>> 8);
        d[3] = (byte) counterSelect;
        return request(method, PortCounters.ATTRIBUTE_ID, 0, d);
    }

    static Mad portCountersExtended(int method, int portSelect, int counterSelect) {
        return request(
                method,
                PortCountersExtended.ATTRIBUTE_ID,
                0,
                new PortCountersExtended(
                                0,
                                portSelect,
                                counterSelect,
                                0,
                                0,
                                0,
                                0,
                                0,
                                0,
                                0,
                                0,
                                0,
                                0,
                                0,
                                0,
                                0,
                                0,
                                0,
                                0,
                                0,
                                0,
                                0,
                                0,
                                0,
                                0,
                                0)
                        .toBytes());
    }
}
