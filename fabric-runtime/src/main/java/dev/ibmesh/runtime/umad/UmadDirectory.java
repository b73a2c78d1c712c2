package dev.ibmesh.runtime.umad;

import java.util.List;
import java.util.Optional;

/**
 * Resolves the name a client connects with ({@code SIM_HOST}, sent in CONNECT's nodeid) to the port it attaches to.
 * ibsim ({@code ibsim.c sim_ctl_new_client}) accepts a node's id from the net file, then a NodeDescription, and
 * attaches to the node's first port (switch port 0, CA port 1); an empty name means the default port (the first
 * port of the first node in the net file). {@link StaticUmadDirectory} does the same for ibmesh devices.
 *
 * <p>Threading: called on the server's context only; must not block.
 */
@FunctionalInterface
public interface UmadDirectory {
    /**
     * @param name the SIM_HOST text, at most 31 bytes; "" when the client gave none
     * @return the port, or empty when nothing answers to that name (the client gets an ERROR reply)
     */
    Optional<UmadPort> resolve(String name);

    /** The names a client may give, for the message that refuses an unknown one; empty when not listed. */
    default List<String> names() {
        return List.of();
    }
}
