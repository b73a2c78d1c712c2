package dev.ibmesh.runtime.device;

import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.mad.smp.PortPhysicalState;
import dev.ibmesh.mad.smp.PortState;
import dev.ibmesh.runtime.port.Port;
import dev.ibmesh.runtime.port.PortEvents;
import dev.ibmesh.runtime.port.TrainedLink;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Logs what an operator needs to know of a device's ports, between the ports and the device: at INFO a link coming
 * up (the peer, the width and speed it trained to), going down (why) or failing to train, and PortState reaching
 * Active or leaving it; at DEBUG the other PortState moves and each attempt to reach a peer that is not there.
 * Packets pass straight through. Event loop only.
 */
final class PortLog implements PortEvents {
    private static final Logger LOG = LoggerFactory.getLogger(PortLog.class);

    private final String device;
    private final PortEvents next;
    /** The peer each cabled port was planned to meet ("sw2/5"). */
    private final Map<Integer, String> cabledTo = new HashMap<>();

    private final int[] physicalState;
    private final int[] portState;

    PortLog(DeviceConfig config, int maxPort, PortEvents next) {
        this.device = config.name();
        this.next = next;
        for (LinkPlan link : config.links()) {
            cabledTo.put(link.localPort(), link.peerDevice() + "/" + link.peerPort());
        }
        physicalState = new int[maxPort + 1];
        portState = new int[maxPort + 1];
        Arrays.fill(physicalState, PortInfo.PHYS_STATE_POLLING);
        Arrays.fill(portState, PortInfo.PORT_STATE_DOWN);
    }

    @Override
    public void onPacket(Port port, byte[] frame) {
        next.onPacket(port, frame);
    }

    @Override
    public void onTransmitSpace(Port port) {
        next.onTransmitSpace(port);
    }

    @Override
    public void onFramesDelivered(Port port) {
        next.onFramesDelivered(port);
    }

    @Override
    public void onStateChange(Port port) {
        logChange(port);
        next.onStateChange(port);
    }

    private void logChange(Port port) {
        int n = port.number();
        int phys = port.physicalState();
        int wasPhys = physicalState[n];
        if (phys == PortInfo.PHYS_STATE_LINK_UP && wasPhys != PortInfo.PHYS_STATE_LINK_UP) {
            TrainedLink t = port.training();
            LOG.info(
                    "{}/{} LinkUp with {} [{}]: {} {}",
                    device,
                    n,
                    peerName(n),
                    port.peer(),
                    t.widthLabel(),
                    t.speedLabel());
        } else if (wasPhys == PortInfo.PHYS_STATE_LINK_UP && phys != PortInfo.PHYS_STATE_LINK_UP) {
            LOG.info(
                    "{}/{} link down ({}), was up with {}: {}",
                    device,
                    n,
                    PortPhysicalState.valueOf(phys).name(),
                    peerName(n),
                    port.downReason());
        } else if (wasPhys == PortInfo.PHYS_STATE_PORT_CONFIGURATION_TRAINING && phys == PortInfo.PHYS_STATE_POLLING) {
            if (port.peer() != null) {
                // The stream is up but the ends share no width or speed: it stays so until someone changes them.
                LOG.info("{}/{} did not train with {}: {}", device, n, peerName(n), port.downReason());
            } else {
                // The peer is not there (yet): the dialler tries again and again, so this is not news.
                LOG.debug("{}/{} no link to {}: {}", device, n, peerName(n), port.downReason());
            }
        }
        physicalState[n] = phys;

        int state = port.portState();
        int wasState = portState[n];
        if (state != wasState) {
            boolean activeOrBack = state == PortInfo.PORT_STATE_ACTIVE || wasState == PortInfo.PORT_STATE_ACTIVE;
            String message = "{}/{} PortState {} -> {}";
            Object[] args = {
                device,
                n,
                PortState.valueOf(wasState).name(),
                PortState.valueOf(state).name()
            };
            if (activeOrBack) {
                LOG.info(message, args);
            } else {
                LOG.debug(message, args);
            }
            portState[n] = state;
        }
    }

    private String peerName(int port) {
        return cabledTo.getOrDefault(port, "an uncabled peer");
    }
}
