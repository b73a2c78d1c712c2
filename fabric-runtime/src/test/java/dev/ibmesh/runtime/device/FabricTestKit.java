package dev.ibmesh.runtime.device;

import static org.junit.jupiter.api.Assertions.fail;

import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.runtime.port.Port;
import dev.ibmesh.runtime.port.PortConfig;
import dev.ibmesh.runtime.time.ManualScheduler;
import dev.ibmesh.wire.Bth;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.OpCode;
import dev.ibmesh.wire.PacketBuilder;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/** Helpers for tests that run devices: reading their state on their event loop, and waiting for conditions. */
public final class FabricTestKit {
    private FabricTestKit() {}

    /** Runs {@code s} on the device's event loop ({@link Device#call}) and returns its result. */
    public static <T> T onLoop(Device d, Supplier<T> s) {
        try {
            return d.call(s::get).await(10, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            throw new AssertionError("device " + d.name() + " did not answer", e);
        }
    }

    public static void await(String what, long timeoutMillis, BooleanSupplier condition) {
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
        while (System.nanoTime() < deadline) {
            if (condition.getAsBoolean()) {
                return;
            }
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                fail("interrupted waiting for " + what);
            }
        }
        fail("timed out after " + timeoutMillis + " ms waiting for " + what);
    }

    /** Moves a device's hand-driven clock by {@code nanos} on the device's event loop, where its timers run. */
    public static void advance(Device d, ManualScheduler clock, long nanos) {
        onLoop(d, () -> {
            clock.advance(nanos);
            return null;
        });
    }

    static void awaitPortState(Device d, int port, int portState) {
        await(
                d.name() + "/" + port + " PortState " + portState,
                10_000,
                () -> onLoop(d, () -> d.port(port).portState()) == portState);
    }

    /** Waits for Init on both ends, then gives them LIDs 1 and 2 and arms and activates both, as an SM would. */
    static void activate(Device a, int pa, Device b, int pb) {
        awaitPortState(a, pa, PortInfo.PORT_STATE_INIT);
        awaitPortState(b, pb, PortInfo.PORT_STATE_INIT);
        int lid = 1;
        for (Object[] end : new Object[][] {{a, pa}, {b, pb}}) {
            Device d = (Device) end[0];
            Port p = d.port((Integer) end[1]);
            int assigned = lid++;
            onLoop(d, () -> {
                p.receivePolicy().lid(assigned, 0);
                return p.arm() && p.activate();
            });
        }
        awaitPortState(a, pa, PortInfo.PORT_STATE_ACTIVE);
        awaitPortState(b, pb, PortInfo.PORT_STATE_ACTIVE);
    }

    static DeviceConfig config(String name, long guid, String listen, List<LinkPlan> links) {
        return new DeviceConfig(
                name, "hca", guid, guid, name, List.of(PortConfig.defaults(1)), links, listen, List.of());
    }

    /** An RC SEND Only of {@code payload} bytes on VL {@code vl} with the sequence number {@code psn}. */
    static byte[] send(int vl, int dlid, int slid, int psn, int payload) {
        return PacketBuilder.iba(
                        Lrh.of(vl, 0, Lrh.LNH_IBA_LOCAL, dlid, slid),
                        Bth.of(OpCode.RC_SEND_ONLY, 0xFFFF, 0x11, false, psn))
                .payload(new byte[payload])
                .build();
    }
}
