package dev.ibmesh.tester.generator.scenario;

import dev.ibmesh.tester.generator.CounterChange;
import java.util.List;

/**
 * What a scenario run did: the packets each entry sent, what the data sink took in, and the PortCounters of the DUT's
 * port on the link before and after. The frames themselves are in the bench's trace.
 *
 * @param sinkPackets data packets that arrived for QPs other than 0 and 1 (the DUT's answers to transport packets)
 */
public record ScenarioResult(List<Sent> sent, long sinkPackets, int dutPort, List<CounterChange> counters) {
    public ScenarioResult {
        sent = List.copyOf(sent);
        counters = List.copyOf(counters);
    }

    /** One entry of the scenario and how many packets it sent. */
    public record Sent(String name, int packets, boolean link) {}

    public int packetsSent() {
        return sent.stream().mapToInt(Sent::packets).sum();
    }
}
