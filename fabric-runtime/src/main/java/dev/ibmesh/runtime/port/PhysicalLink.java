package dev.ibmesh.runtime.port;

import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.proto.link.v1.LinkMessage;
import dev.ibmesh.proto.link.v1.PhyState;
import dev.ibmesh.runtime.transport.LinkConnection;

/**
 * A port's physical link (IBA 7.2, PortInfo.PortPhysicalState): Polling with no peer, PortConfigurationTraining while
 * the two ends of a link stream exchange their {@link PhyState}, LinkUp once they share a width and a speed
 * ({@link LinkTraining}), Disabled when told. It owns the link stream, the {@link TrainedLink} (set on LinkUp,
 * {@link TrainedLink#NONE} otherwise), the peer's name, why the link last went down, and LinkWidthEnabled as the SMA
 * last set it (what this end offers at the next training). It only keeps the state: {@link Port} says what a change
 * does to the rest of the port.
 *
 * <p>Threading: changed on the device's event loop only. The state and the trained link are volatile, so the metrics
 * scrape reads them from its own thread.
 */
final class PhysicalLink {
    private final long nodeGuid;
    private final PortConfig config;
    private volatile int state = PortInfo.PHYS_STATE_POLLING;
    private volatile TrainedLink trained = TrainedLink.NONE;
    private LinkConnection connection;
    private String peer;
    private String downReason = "no link yet";
    private int linkWidthEnabled;

    PhysicalLink(long nodeGuid, PortConfig config) {
        this.nodeGuid = nodeGuid;
        this.config = config;
        this.linkWidthEnabled = config.linkWidthEnabled();
    }

    /** PortPhysicalState. Any thread. */
    int state() {
        return state;
    }

    boolean up() {
        return state == PortInfo.PHYS_STATE_LINK_UP;
    }

    /** The trained link while up, {@link TrainedLink#NONE} otherwise. Any thread. */
    TrainedLink trained() {
        return trained;
    }

    /** The link stream, or null. */
    LinkConnection connection() {
        return connection;
    }

    String peer() {
        return peer;
    }

    String downReason() {
        return downReason;
    }

    int linkWidthEnabled() {
        return linkWidthEnabled;
    }

    void linkWidthEnabled(int widthEnabled) {
        this.linkWidthEnabled = widthEnabled;
    }

    /** A link stream came up: training starts. False, and nothing changes, if the port has one or is disabled. */
    boolean connect(LinkConnection stream) {
        if (connection != null || state == PortInfo.PHYS_STATE_DISABLED) {
            return false;
        }
        connection = stream;
        peer = stream.peer();
        state = PortInfo.PHYS_STATE_PORT_CONFIGURATION_TRAINING;
        stream.send(LinkMessage.newBuilder().setPhy(localPhy()).build());
        return true;
    }

    /**
     * Trains with what the peer sent: LinkUp with the widest width and fastest speed both ends enable, or back to
     * Polling when they share none. Returns whether the link is up.
     */
    boolean train(PhyState remote) {
        TrainedLink result = LinkTraining.negotiate(localPhy(), remote);
        if (!result.trained()) {
            downReason = "no width or speed enabled at both ends";
            state = PortInfo.PHYS_STATE_POLLING;
            return false;
        }
        trained = result;
        peer = String.format("0x%016x/%d", remote.getNodeGuid(), remote.getPortNum());
        state = PortInfo.PHYS_STATE_LINK_UP;
        return true;
    }

    /** The link goes down to {@code newState} (Polling or Disabled). Returns whether it was up. */
    boolean down(int newState, String reason) {
        downReason = reason;
        boolean wasUp = up();
        trained = TrainedLink.NONE;
        state = newState;
        return wasUp;
    }

    /** The stream ended. */
    void disconnected() {
        connection = null;
        peer = null;
    }

    boolean disabled() {
        return state == PortInfo.PHYS_STATE_DISABLED;
    }

    /** Disabled to Polling; false if the port was not disabled. */
    boolean enable() {
        if (!disabled()) {
            return false;
        }
        state = PortInfo.PHYS_STATE_POLLING;
        return true;
    }

    /** What this end tells the peer while training: its identity and what it supports and enables. */
    private PhyState localPhy() {
        return PhyState.newBuilder()
                .setNodeGuid(nodeGuid)
                .setPortNum(config.number())
                .setLinkWidthSupported(config.linkWidthSupported())
                .setLinkWidthEnabled(linkWidthEnabled)
                .setLinkSpeedSupported(config.linkSpeedSupported())
                .setLinkSpeedEnabled(config.linkSpeedEnabled())
                .setLinkSpeedExtSupported(config.linkSpeedExtSupported())
                .setLinkSpeedExtEnabled(config.linkSpeedExtEnabled())
                .setLinkUp(true)
                .build();
    }
}
