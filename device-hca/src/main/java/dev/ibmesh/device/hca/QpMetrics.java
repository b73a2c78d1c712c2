package dev.ibmesh.device.hca;

import dev.ibmesh.device.hca.transport.HcaTransport;
import dev.ibmesh.device.hca.transport.QpCountersView;
import dev.ibmesh.wire.Aeth;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;

/**
 * Per-QP transport counters of one HCA as Prometheus meters ({@code ibmesh_qp_*_total{device, qp}}): packets,
 * retries, ACK timeouts, RNR NAKs and NAKs by code, both ways. QPs come and go through the verbs, so the meters
 * follow them: whenever a QP is created or destroyed, the device's loop registers meters for new QPs and removes those
 * of destroyed ones (nothing runs while the QPs stay as they are). The counters are read on the scrape thread, as the transport publishes them (release stores, see
 * {@link dev.ibmesh.device.hca.transport.QpCounters}).
 */
final class QpMetrics {
    private static final Map<Integer, String> NAK_CODES = Map.of(
            Aeth.NAK_PSN_SEQUENCE_ERROR,
            "psn_sequence_error",
            Aeth.NAK_INVALID_REQUEST,
            "invalid_request",
            Aeth.NAK_REMOTE_ACCESS_ERROR,
            "remote_access_error",
            Aeth.NAK_REMOTE_OPERATIONAL_ERROR,
            "remote_operational_error");

    private final MeterRegistry registry;
    private final String device;
    private final HcaTransport transport;
    private final Map<Integer, List<Meter>> meters = new HashMap<>();
    private boolean running = true;

    QpMetrics(MeterRegistry registry, String device, HcaTransport transport) {
        this.registry = registry;
        this.device = device;
        this.transport = transport;
    }

    /** Starts following the QPs (event loop). */
    void start() {
        transport.onQpsChanged(this::sync);
        sync();
    }

    /** Stops following and removes every QP meter (event loop). */
    void stop() {
        running = false;
        meters.keySet().forEach(this::removeQp);
        meters.clear();
    }

    private void sync() {
        if (!running) {
            return;
        }
        Map<Integer, QpCountersView> now = transport.allCounters();
        for (Map.Entry<Integer, QpCountersView> e : now.entrySet()) {
            meters.computeIfAbsent(e.getKey(), qpn -> register(qpn, e.getValue()));
        }
        new ArrayList<>(meters.keySet())
                .stream().filter(qpn -> !now.containsKey(qpn)).forEach(qpn -> {
                    removeQp(qpn);
                    meters.remove(qpn);
                });
    }

    private List<Meter> register(int qpn, QpCountersView c) {
        Tags tags = Tags.of("device", device, "qp", Integer.toString(qpn));
        List<Meter> list = new ArrayList<>();
        list.add(counter("ibmesh_qp_packets_sent", "Packets the QP sent", tags, c, QpCountersView::packetsSent));
        list.add(
                counter("ibmesh_qp_packets_received", "Packets the QP took", tags, c, QpCountersView::packetsReceived));
        list.add(counter("ibmesh_qp_retries", "Retransmissions started", tags, c, QpCountersView::retries));
        list.add(counter(
                "ibmesh_qp_ack_timeouts", "Local ACK timeouts that expired", tags, c, QpCountersView::timeouts));
        list.add(counter("ibmesh_qp_rnr_naks_sent", "RNR NAKs sent", tags, c, QpCountersView::rnrNaksSent));
        list.add(counter("ibmesh_qp_rnr_naks_received", "RNR NAKs received", tags, c, QpCountersView::rnrNaksReceived));
        list.add(counter(
                "ibmesh_qp_duplicates", "Duplicate requests and responses", tags, c, QpCountersView::duplicates));
        list.add(counter("ibmesh_qp_dropped", "Packets the transport dropped", tags, c, QpCountersView::dropped));
        NAK_CODES.forEach((code, name) -> {
            Tags withCode = tags.and("code", name);
            list.add(counter("ibmesh_qp_naks_sent", "NAKs sent, by code", withCode, c, v -> v.naksSent(code)));
            list.add(counter(
                    "ibmesh_qp_naks_received", "NAKs received, by code", withCode, c, v -> v.naksReceived(code)));
        });
        return list;
    }

    private Meter counter(
            String name, String description, Tags tags, QpCountersView c, ToLongFunction<QpCountersView> value) {
        return FunctionCounter.builder(name, c, v -> value.applyAsLong(v))
                .description(description)
                .tags(tags)
                .register(registry);
    }

    private void removeQp(int qpn) {
        meters.getOrDefault(qpn, List.of()).forEach(registry::remove);
    }
}
