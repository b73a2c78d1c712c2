package dev.ibmesh.device.hca.verbs;

import dev.ibmesh.wire.Gid;
import dev.ibmesh.wire.Mtu;

/** What the verbs need to know about the HCA's ports (ports are numbered from 1). */
public interface HcaPortView {
    int portCount();

    /** The port's base LID. */
    int lid(int port);

    int lmc(int port);

    /** Whether the port's PortState is Active. */
    boolean isActive(int port);

    /** The port's active MTU: the largest UD message, and a bound for a connected QP's path MTU. */
    Mtu mtu(int port);

    int pkeyTableSize(int port);

    /** The P_Key table entry at {@code index} (0 for an invalid entry). */
    int pkey(int port, int index);

    /** The port's GID at {@code index} (index 0: subnet prefix and port GUID); null when there is none. */
    Gid gid(int port, int index);
}
