package dev.ibmesh.runtime.port;

import dev.ibmesh.runtime.topology.LinkSpeed;
import dev.ibmesh.runtime.topology.LinkSpeedExt;
import dev.ibmesh.runtime.topology.LinkWidth;

/**
 * What a link trained to: PortInfo's LinkWidthActive, LinkSpeedActive and LinkSpeedExtActive (IBA 14.2.5.6), the one
 * place ibmesh keeps a link's active width and speed. The port's {@link PhysicalLink} sets it when training ends in
 * LinkUp and puts back {@link #NONE} when the link goes down; PortInfo, the control API, the metrics, the logs and
 * the pacer all read it ({@link Port#training()}) and take words and rate from the methods here, so no two of them
 * can disagree. Immutable.
 */
public record TrainedLink(int linkWidthActive, int linkSpeedActive, int linkSpeedExtActive) {
    /** No trained link: PortInfo reports zeros. */
    public static final TrainedLink NONE = new TrainedLink(0, 0, 0);

    /** Whether a width and a speed are active (the link is up). */
    public boolean trained() {
        return linkWidthActive != 0 && linkSpeedActive != 0;
    }

    /**
     * Bits per second of data the link carries: lanes times the per-lane data rate after line coding; an extended
     * speed (FDR and up) replaces the base speed. 0 if it is not trained.
     */
    public double bitsPerSecond() {
        int lanes = LinkWidth.ofCode(linkWidthActive).map(LinkWidth::lanes).orElse(0);
        double lane = LinkSpeedExt.ofCode(linkSpeedExtActive)
                .map(LinkSpeedExt::laneBitsPerSecond)
                .or(() -> LinkSpeed.ofCode(linkSpeedActive).map(LinkSpeed::laneBitsPerSecond))
                .orElse(0.0);
        return lanes * lane;
    }

    /** LinkWidthActive in the words of the topology files: "1x" ... "12x"; "width(N)" for a code no width has. */
    public String widthLabel() {
        return LinkWidth.ofCode(linkWidthActive).map(LinkWidth::label).orElse("width(" + linkWidthActive + ")");
    }

    /** The extended speed when both ends enabled one (FDR and up), else the base speed (SDR, DDR, QDR). */
    public String speedLabel() {
        return LinkSpeedExt.ofCode(linkSpeedExtActive)
                .map(LinkSpeedExt::label)
                .or(() -> LinkSpeed.ofCode(linkSpeedActive).map(LinkSpeed::label))
                .orElse("speed(" + linkSpeedActive + ")");
    }
}
