package dev.ibmesh.bench;

import dev.ibmesh.runtime.device.Fabric;
import dev.ibmesh.runtime.device.FabricPlan;
import dev.ibmesh.runtime.topology.Topology;
import dev.ibmesh.runtime.transport.InProcessLinkTransport;
import dev.ibmesh.tester.bench.DeviceKinds;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import java.util.concurrent.TimeUnit;

/**
 * A topology started as {@code ibmesh up} starts it: every device in this JVM on {@code eventLoops} event loops (1 by
 * default there), linked in-process, and ready (every link trained) when {@link #start} returns.
 */
record UpFabric(Vertx vertx, Fabric fabric) implements AutoCloseable {
    static UpFabric start(Topology topology, MeterRegistry registry, int eventLoops) throws Exception {
        Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(eventLoops));
        Fabric fabric = Fabric.start(
                        vertx,
                        FabricPlan.embedded(topology),
                        new DeviceKinds(),
                        new InProcessLinkTransport("bench-" + System.nanoTime()),
                        registry)
                .await(120, TimeUnit.SECONDS);
        fabric.ready().await(120, TimeUnit.SECONDS);
        return new UpFabric(vertx, fabric);
    }

    @Override
    public void close() throws Exception {
        fabric.stop().await(60, TimeUnit.SECONDS);
        vertx.close().await(60, TimeUnit.SECONDS);
    }
}
