package dev.ibmesh.gateway;

import dev.ibmesh.runtime.madport.MadPort;
import java.util.concurrent.CompletableFuture;

/**
 * PortInfo.CapabilityMask.IsSM of the gateway's port (IBA 14.2.5.6), shared by its sessions: set while at least one
 * session that announced an SM lives, cleared when the last one withdraws or ends.
 */
final class SmAnnouncement {
    private final MadPort port;
    private int holders;

    SmAnnouncement(MadPort port) {
        this.port = port;
    }

    synchronized CompletableFuture<Void> hold() {
        return ++holders == 1 ? port.announceSm(true) : CompletableFuture.completedFuture(null);
    }

    synchronized CompletableFuture<Void> release() {
        return --holders == 0 ? port.announceSm(false) : CompletableFuture.completedFuture(null);
    }
}
