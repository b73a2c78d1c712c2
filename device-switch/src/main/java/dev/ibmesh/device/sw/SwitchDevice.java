package dev.ibmesh.device.sw;

import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.runtime.agent.MadAgents;
import dev.ibmesh.runtime.device.Device;
import dev.ibmesh.runtime.device.DeviceConfig;
import dev.ibmesh.runtime.link.SlToVl;
import dev.ibmesh.runtime.port.Port;
import dev.ibmesh.runtime.topology.SwitchOptions;
import dev.ibmesh.runtime.transport.LinkTransport;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * An InfiniBand switch: external ports 1..N whose packets the {@link SwitchRelay} relays by DLID (IBA 18.2.4), and
 * the management port 0 ({@link ManagementPort}: SMA, PMA, directed routes, traps) that takes the packets for the
 * switch itself, and where host software (a managed switch's SM, diag tools) attaches. Started with the named {@link SwitchDeviation}s of its configuration.
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

    /**
     * Attaches host software to port 0 (a managed switch's SM, a diag tool): it gets the responses to the MADs it
     * sends and the unsolicited MADs (requests, traps) of the given classes. Event loop only.
     */
    public MadAgents.Agent attach(List<Integer> unsolicitedClasses, Consumer<HostMad> sink) {
        return port0.attach(unsolicitedClasses, sink);
    }

    /**
     * Host software sends a MAD from port 0: an SMP through QP0, any other class through QP1. Returns false when it
     * could not leave (dropped by the directed-route rules, no route or VL, a full queue). Event loop only.
     */
    public boolean send(MadAgents.Agent agent, HostMad mad) {
        return port0.send(agent, mad);
    }

    /** A SubnGet of the switch's own SMA from port 0 (with port 0's M_Key): the attribute data. Event loop only. */
    public byte[] localGet(int attributeId, int attributeModifier) {
        return port0.localGet(attributeId, attributeModifier);
    }

    /** Host software says whether an SM runs on port 0 (PortInfo.CapabilityMask.IsSM). Event loop only. */
    public void smPresent(boolean present) {
        port0.smPresent(present);
    }

    /** Port 0's LID, the switch's (0 before the SM assigns one). Event loop only. */
    public int lid() {
        return port0.smaNode().lid();
    }

    /** Every port of a switch answers to port 0's LID. Event loop only. */
    @Override
    public int lid(int port) {
        return lid();
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
            p.receivePolicy().endNode(false).depart(SwitchDeviation.receiveDepartures(deviations));
        }
        relay = new SwitchRelay(
                this,
                tables,
                slToVl,
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
