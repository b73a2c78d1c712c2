package dev.ibmesh.device.sw;

import dev.ibmesh.runtime.device.Device;
import dev.ibmesh.runtime.device.DeviceConfig;
import dev.ibmesh.runtime.link.SlToVl;
import dev.ibmesh.runtime.port.Port;
import dev.ibmesh.runtime.topology.SwitchOptions;
import dev.ibmesh.runtime.transport.LinkTransport;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import java.util.Set;

/**
 * An InfiniBand switch: external ports 1..N whose packets the {@link SwitchRelay} relays by DLID (IBA 18.2.4), and
 * the management port 0 ({@link ManagementPort}: SMA, PMA, directed routes, traps) that takes the packets for the
 * switch itself. Started with the named {@link SwitchDeviation}s of its configuration.
 *
 * <p>Threading: everything runs on the switch's event loop (see {@link Device}).
 */
public class SwitchDevice extends Device {
    private final SwitchOptions options;
    private final Set<SwitchDeviation> deviations;
    private final ForwardingTables tables;
    private final SlToVl[][] slToVl;
    private SwitchRelay relay;
    private ManagementPort port0;

    public SwitchDevice(DeviceConfig config, LinkTransport transport, MeterRegistry registry) {
        super(config, transport, registry);
        this.options = config.switchOptions().orElse(SwitchOptions.DEFAULT);
        this.deviations = SwitchDeviation.of(config.deviations());
        int n = config.ports().size();
        this.tables = new ForwardingTables(options.linearFdbCap(), options.multicastFdbCap(), n);
        if (deviations.contains(SwitchDeviation.FORWARD_BEYOND_LFT_TOP)) {
            tables.ignoreLinearFdbTop();
        }
        this.slToVl = new SlToVl[n + 1][n + 1];
        for (SlToVl[] row : slToVl) {
            for (int out = 0; out <= n; out++) {
                row[out] = new SlToVl();
            }
        }
    }

    /** The switch's forwarding tables (the SMA programs them). */
    ForwardingTables tables() {
        return tables;
    }

    /** The SL-to-VL table used from {@code in} to {@code out}. */
    SlToVl slToVl(int in, int out) {
        return slToVl[in][out];
    }

    /** What port 0's SMA sees (for tests). */
    SwitchSmaNode smaNode() {
        return port0.smaNode();
    }

    /** Packets relayed out of some port (for tests and metrics). */
    public long relayed() {
        return relay.relayed();
    }

    /** SMPs dropped by the directed-route rules or for a bad ICRC at port 0. */
    public long droppedSmps() {
        return port0.droppedSmps();
    }

    /** Packets for port 0 that it had no agent for, rejected, or could not answer. */
    public long droppedForPort0() {
        return port0.droppedForPort0();
    }

    /** Traps sent to the master SM, repeats included. */
    public long trapsSent() {
        return port0.trapsSent();
    }

    /** External ports relay: they skip the end-node checks (ICRC, DLID, SLID) that port 0 and CAs make. */
    @Override
    public Future<?> start() throws Exception {
        Future<?> started = super.start();
        for (Port p : ports()) {
            p.receivePolicy().endNode(false);
        }
        relay = new SwitchRelay(this, tables, slToVl,
                () -> SwitchLifetime.nanos(port0.smaNode().switchInfo().lifeTimeValue()));
        port0 = new ManagementPort(this, relay, options, deviations);
        return started;
    }

    @Override
    public void onPacket(Port in, byte[] frame) {
        if (!port0.receive(in, frame)) {
            relay.relay(in, frame);
        }
    }

    @Override
    public void onTransmitSpace(Port output) {
        relay.onTransmitSpace(output);
    }

    /** See {@link ManagementPort#onStateChange} and {@link SwitchRelay#onStateChange}. */
    @Override
    public void onStateChange(Port port) {
        if (port0 != null) {
            port0.onStateChange(port);
        }
        if (relay != null) {
            relay.onStateChange(port);
        }
    }
}
