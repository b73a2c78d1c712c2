package dev.ibmesh.runtime.madport;

import dev.ibmesh.runtime.agent.HostMad;

/** Sees the MADs a {@link MadPort} sends and receives, on the port's thread. Must not block. */
public interface MadWatcher {
    /** A MAD left the port. */
    void sent(HostMad mad);

    /** A MAD arrived for the port's host software (a response, matched or late, or an unsolicited MAD). */
    void received(HostMad mad);
}
