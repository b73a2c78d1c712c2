package dev.ibmesh.runtime.pma;

import dev.ibmesh.mad.MadStatus;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.pma.PortCounters;
import dev.ibmesh.mad.pma.PortCounters.Counter;
import dev.ibmesh.runtime.port.PortCounterSet;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * PortCounters (attribute 0x0012, IBA 16.1.3.5) Get and Set. A Set clears the counters whose CounterSelect bits are
 * set on every selected port, then answers like a Get. With PortSelect 0xFF the answer is the sum over the ports,
 * as ibsim {@code pc_sum} does. Each counter is fitted to its width by {@link CounterOverflow}: it stops at all ones
 * (IBA 16.1.3.5: counters do not wrap) unless a deviation makes it wrap; another deviation clears every counter
 * whatever CounterSelect says ({@link PmaOptions}).
 * The answer's CounterSelect is 0 (Linux qib {@code pma_get_portcounters} rebuilds the data the same way).
 */
final class PortCountersHandler {
    /**
     * The counters this PMA reports. PortXmitWait and QP1Dropped are left out (read as 0): ClassPortInfo does not
     * advertise them (CapabilityMask bits 12 and 15 clear), so they are reserved.
     */
    private static final Set<Counter> REPORTED =
            EnumSet.complementOf(EnumSet.of(Counter.PORT_XMIT_WAIT, Counter.QP1_DROPPED));

    private PortCountersHandler() {}

    static PmaReply handle(PmaNode node, int method, byte[] data, PmaOptions options) {
        PortCounters request = PortCounters.decode(data, 0);
        Optional<List<PortCounterSet>> ports = PortSelection.of(node, request.portSelect(), options);
        if (ports.isEmpty()) {
            return PmaReply.error(MadStatus.CODE_INVALID_FIELD, data);
        }
        if (method == Method.SET) {
            int select = options.honourCounterSelect() ? request.counterSelect() : PortCounters.SELECT_ALL;
            ports.get().forEach(p -> p.clear(select));
        }
        PortCounters answer = PortCounters.zero(request.portSelect());
        for (Counter counter : REPORTED) {
            long count = 0;
            for (PortCounterSet port : ports.get()) {
                count += port.value(counter);
            }
            answer = answer.with(counter, options.overflow().fit(counter, count));
        }
        return PmaReply.ok(answer);
    }
}
