package dev.ibmesh.device.hca;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Publishes an HCA's own drops to Micrometer: {@code ibmesh_hca_drops_total{device, reason}}, one series per
 * {@link HcaDrop} (lower case). The counters are read on the scrape thread, as the HCA publishes them. Removed with
 * the device's other meters when it stops.
 */
final class HcaDropMetrics {
    private HcaDropMetrics() {}

    static List<Meter> bind(MeterRegistry registry, HcaDevice device) {
        List<Meter> meters = new ArrayList<>();
        for (HcaDrop reason : HcaDrop.values()) {
            meters.add(FunctionCounter.builder("ibmesh_hca_drops", device, d -> d.drops(reason))
                    .description("Packets and MADs the HCA dropped above its ports' link layer, by reason")
                    .tags(Tags.of(
                            "device", device.name(), "reason", reason.name().toLowerCase(Locale.ROOT)))
                    .register(registry));
        }
        return meters;
    }
}
