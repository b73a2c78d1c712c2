package dev.ibmesh.device.hca.transport;

import dev.ibmesh.runtime.time.Scheduler;
import java.util.Set;

/** What every QP engine of one HCA shares: ports, clock, deviations, memory, frame building and the outboxes. */
public final class TransportContext {
    private final HcaPorts ports;
    private final Scheduler scheduler;
    private final Set<HcaDeviation> deviations;
    private final LocalMemory memory;
    private final FrameFactory frames;
    private final Outbox[] outboxes;

    TransportContext(HcaPorts ports, Scheduler scheduler, Set<HcaDeviation> deviations, LocalMemory memory) {
        this.ports = ports;
        this.scheduler = scheduler;
        this.deviations = Set.copyOf(deviations);
        this.memory = memory;
        this.frames = new FrameFactory(ports);
        this.outboxes = new Outbox[ports.portCount() + 1];
        for (int p = 1; p <= ports.portCount(); p++) {
            outboxes[p] = new Outbox(p, ports);
        }
    }

    public HcaPorts ports() {
        return ports;
    }

    public Scheduler scheduler() {
        return scheduler;
    }

    public boolean deviates(HcaDeviation d) {
        return deviations.contains(d);
    }

    public LocalMemory memory() {
        return memory;
    }

    public FrameFactory frames() {
        return frames;
    }

    public Outbox outbox(int port) {
        return outboxes[port];
    }
}
