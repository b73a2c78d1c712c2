package dev.ibmesh.runtime.port;

import dev.ibmesh.wire.Mtu;
import dev.ibmesh.wire.RejectReason;
import java.util.EnumSet;
import java.util.Set;

/**
 * What a port's receiver checks incoming data packets against: values the SMA sets through PortInfo.
 * Owned by one port and used from its event loop only.
 */
public final class ReceivePolicy {
    private Mtu mtuCap = Mtu.MTU_4096;
    private int operationalVls = 8;
    private int lid;
    private int lmc;
    private boolean endNode = true;
    private final Set<ReceiveDeparture> departures = EnumSet.noneOf(ReceiveDeparture.class);
    private final Set<RejectReason> unchecked = EnumSet.noneOf(RejectReason.class);

    /** PortInfo.MTUCap: the largest packet this port accepts. */
    public Mtu mtuCap() {
        return mtuCap;
    }

    public ReceivePolicy mtuCap(Mtu mtu) {
        this.mtuCap = mtu;
        return this;
    }

    /** The number of data VLs in use (1, 2, 4, 8 or 15): VL0 .. operationalVls - 1. */
    public int operationalVls() {
        return operationalVls;
    }

    /** Sets the data VLs from a PortInfo.OperationalVLs (or VLCap) code: 1 VL0, 2 VL0-1, 3 VL0-3, 4 VL0-7, 5 VL0-14. */
    public ReceivePolicy operationalVlsCode(int code) {
        this.operationalVls = dataVls(code);
        return this;
    }

    /** The number of data VLs a PortInfo.OperationalVLs (or VLCap) code stands for (IBA 14.2.5.6). */
    public static int dataVls(int code) {
        if (code < 1 || code > 5) {
            throw new IllegalArgumentException("OperationalVLs code must be 1..5, was " + code);
        }
        return code == 5 ? 15 : 1 << (code - 1);
    }

    /** The base LID (0 until the SM assigns one). */
    public int lid() {
        return lid;
    }

    public int lmc() {
        return lmc;
    }

    public ReceivePolicy lid(int lid, int lmc) {
        this.lid = lid;
        this.lmc = lmc;
        return this;
    }

    /**
     * True where this port is the packet's destination (a CA or router port, or a switch's management port 0):
     * the ICRC, DLID and SLID are checked. A switch's external port relaying a packet skips them.
     */
    public boolean endNode() {
        return endNode;
    }

    public ReceivePolicy endNode(boolean endNode) {
        this.endNode = endNode;
        return this;
    }

    /** Leaves out the checks {@code left} names (a device started with deviations); none by default. */
    public ReceivePolicy depart(Set<ReceiveDeparture> left) {
        departures.addAll(left);
        for (ReceiveDeparture d : left) {
            if (d.unchecked() != RejectReason.NONE) {
                unchecked.add(d.unchecked());
            }
        }
        return this;
    }

    /** Whether this port leaves {@code departure}'s check out. */
    public boolean departs(ReceiveDeparture departure) {
        return departures.contains(departure);
    }

    /** The failures of the port-independent check this port does not look for. */
    Set<RejectReason> unchecked() {
        return unchecked;
    }
}
