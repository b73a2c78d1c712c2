package dev.ibmesh.sm;

import dev.ibmesh.sm.sa.SubnetAdministrator;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import java.util.function.ToDoubleFunction;

/**
 * The SM and its SA as Prometheus sees them, read from the service at each scrape (nothing is counted twice):
 * {@code ibmesh_sm_*} for sweeps, SMPs, the SM state and the last subnet's size, {@code ibmesh_sa_*} for queries,
 * Reports and RMPP transfers. Every meter carries {@code sm_port}, the port the SM runs on.
 */
public final class SmMetrics {
    private SmMetrics() {}

    public static void bind(SmService sm, MeterRegistry registry, String smPort) {
        Tags tags = Tags.of("sm_port", smPort);
        SubnetAdministrator sa = sm.sa();
        counter(registry, "ibmesh_sm_sweeps", "Heavy sweeps finished as master", tags, sm, SmService::sweeps);
        counter(registry, "ibmesh_sm_smps_sent", "SMPs sent, resends included", tags, sm, SmService::smpsSent);
        counter(registry, "ibmesh_sm_smp_timeouts", "SMP sends that went unanswered", tags, sm, SmService::smpTimeouts);
        gauge(
                registry,
                "ibmesh_sm_state",
                "SMInfo.SMState: 0 NOTACTIVE, 1 DISCOVERING, 2 STANDBY, 3 MASTER",
                tags,
                sm,
                SmService::state);
        gauge(
                registry,
                "ibmesh_sm_subnet_up",
                "1 while this SM is master of a subnet that is up",
                tags,
                sm,
                s -> s.up() ? 1 : 0);
        gauge(
                registry,
                "ibmesh_sm_last_sweep_seconds",
                "How long the last heavy sweep took",
                tags,
                sm,
                s -> s.lastSweep().map(r -> r.took().toNanos() / 1e9).orElse(0.0));
        gauge(
                registry,
                "ibmesh_sm_nodes",
                "Nodes the last heavy sweep found",
                tags,
                sm,
                s -> s.lastSweep().map(r -> r.subnet().nodes().size()).orElse(0));
        gauge(
                registry,
                "ibmesh_sm_ports",
                "Ports the last heavy sweep found",
                tags,
                sm,
                s -> s.lastSweep().map(r -> r.subnet().portCount()).orElse(0));
        counter(
                registry,
                "ibmesh_sa_requests",
                "SA requests answered",
                tags.and("outcome", "answered"),
                sa,
                SubnetAdministrator::answered);
        counter(
                registry,
                "ibmesh_sa_requests",
                "SA requests dropped (the SM was not master of a subnet that was up)",
                tags.and("outcome", "ignored"),
                sa,
                SubnetAdministrator::ignored);
        counter(
                registry,
                "ibmesh_sa_reports",
                "Reports of Notices to subscribers",
                tags.and("outcome", "acknowledged"),
                sa,
                SubnetAdministrator::reportsAcknowledged);
        counter(
                registry,
                "ibmesh_sa_reports",
                "Reports of Notices to subscribers",
                tags.and("outcome", "unanswered"),
                sa,
                SubnetAdministrator::reportsUnanswered);
        counter(
                registry,
                "ibmesh_sa_rmpp_segments_resent",
                "RMPP segments of GetTableResps sent again",
                tags,
                sa,
                SubnetAdministrator::resentSegments);
        counter(
                registry,
                "ibmesh_sa_rmpp_transfers_aborted",
                "GetTableResps whose last segment was never acknowledged",
                tags,
                sa,
                SubnetAdministrator::abortedTransfers);
        gauge(
                registry,
                "ibmesh_sa_subscriptions",
                "InformInfo subscriptions in force",
                tags,
                sa,
                SubnetAdministrator::subscriptions);
        gauge(
                registry,
                "ibmesh_sa_multicast_groups",
                "Multicast groups in force, the IPoIB broadcast group included",
                tags,
                sa,
                SubnetAdministrator::multicastGroups);
        gauge(
                registry,
                "ibmesh_sa_multicast_memberships",
                "Ports joined to multicast groups, counted once per group",
                tags,
                sa,
                SubnetAdministrator::multicastMemberships);
    }

    private static <T> void counter(
            MeterRegistry r, String name, String help, Tags tags, T source, ToDoubleFunction<T> value) {
        FunctionCounter.builder(name, source, value)
                .description(help)
                .tags(tags)
                .register(r);
    }

    private static <T> void gauge(
            MeterRegistry r, String name, String help, Tags tags, T source, ToDoubleFunction<T> value) {
        Gauge.builder(name, source, value).description(help).tags(tags).register(r);
    }
}
