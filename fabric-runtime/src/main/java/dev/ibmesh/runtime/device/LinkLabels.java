package dev.ibmesh.runtime.device;

import dev.ibmesh.runtime.port.LinkTraining;
import dev.ibmesh.runtime.topology.LinkSpeed;
import dev.ibmesh.runtime.topology.LinkSpeedExt;
import dev.ibmesh.runtime.topology.LinkWidth;

/**
 * A trained link's PortInfo active width and speed in the words of the topology files ("4x", "EDR"), for logs and
 * the control API. Stateless.
 */
public final class LinkLabels {
    private LinkLabels() {}

    /** LinkWidthActive as "1x" ... "12x"; "width(N)" for a code no width has. */
    public static String width(LinkTraining.Result t) {
        for (LinkWidth w : LinkWidth.values()) {
            if (w.code() == t.linkWidthActive()) {
                return w.label();
            }
        }
        return "width(" + t.linkWidthActive() + ")";
    }

    /** The extended speed when both ends enabled one (FDR and up), else the base speed (SDR, DDR, QDR). */
    public static String speed(LinkTraining.Result t) {
        for (LinkSpeedExt s : LinkSpeedExt.values()) {
            if (s.code() == t.linkSpeedExtActive()) {
                return s.label();
            }
        }
        for (LinkSpeed s : LinkSpeed.values()) {
            if (s.code() == t.linkSpeedActive()) {
                return s.label();
            }
        }
        return "speed(" + t.linkSpeedActive() + ")";
    }
}
