package dev.ibmesh.runtime.topology;

import java.util.Objects;

/** One end of a link: the port and the parameters it starts with (link-level values merged with its override). */
public record LinkEnd(PortRef port, PortParams params) {
    public LinkEnd {
        Objects.requireNonNull(port, "port");
        Objects.requireNonNull(params, "params");
    }
}
