package dev.ibmesh.runtime.pma;

import dev.ibmesh.mad.MadStatus;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.pma.PortCountersExtended;
import dev.ibmesh.runtime.port.PortCounterSet;
import java.util.List;
import java.util.Optional;

/**
 * PortCountersExtended (attribute 0x001D, IBA 16.1; optional, advertised by ClassPortInfo CapabilityMask bit 9) Get and
 * Set: the eight 64-bit data and packet counters of IBA 1.2. CounterSelect bits 0-7 clear them (Linux
 * {@code IB_PMA_SELX_*}); the later 64-bit error counters are not advertised (CapabilityMask2 0) and read as 0.
 * PortSelect as for PortCounters; with 0xFF the answer is the sum over the ports (ibsim {@code pc_ext_sum}). A
 * 64-bit count of 4-octet words cannot reach all ones in the life of a fabric, so the sum needs no saturation.
 */
final class PortCountersExtendedHandler {
    private PortCountersExtendedHandler() {}

    static PmaReply handle(PmaNode node, int method, byte[] data, PmaOptions options) {
        PortCountersExtended request = PortCountersExtended.decode(data, 0);
        Optional<List<PortCounterSet>> ports = PortSelection.of(node, request.portSelect(), options);
        if (ports.isEmpty()) {
            return PmaReply.error(MadStatus.CODE_INVALID_FIELD, data);
        }
        if (method == Method.SET) {
            ports.get().forEach(p -> p.clearExtended(request.counterSelect()));
        }
        long[] sum = new long[8];
        for (PortCounterSet port : ports.get()) {
            PortCountersExtended c = port.portCountersExtended(request.portSelect());
            long[] values = {
                c.portXmitData(),
                c.portRcvData(),
                c.portXmitPkts(),
                c.portRcvPkts(),
                c.portUnicastXmitPkts(),
                c.portUnicastRcvPkts(),
                c.portMulticastXmitPkts(),
                c.portMulticastRcvPkts()
            };
            for (int i = 0; i < sum.length; i++) {
                sum[i] += values[i];
            }
        }
        // PortXmitData and PortRcvData count 4-octet words; a deviation reports octets.
        int unit = options.departs(PmaDeparture.EXTENDED_DATA_IN_OCTETS) ? 4 : 1;
        return PmaReply.ok(PortCountersExtended.of(
                request.portSelect(), sum[0] * unit, sum[1] * unit, sum[2], sum[3], sum[4], sum[5], sum[6], sum[7]));
    }
}
