package dev.ibmesh.tester.engine;

import dev.ibmesh.runtime.topology.LinkSpeed;
import dev.ibmesh.runtime.topology.LinkSpeedExt;
import java.util.Optional;

/** A SimpleLink speed of the configuration matrix: SDR, DDR, QDR (LinkSpeed) or FDR and up (LinkSpeedExt). */
public enum Speed {
    SDR(LinkSpeed.SDR, null),
    DDR(LinkSpeed.DDR, null),
    QDR(LinkSpeed.QDR, null),
    FDR(LinkSpeed.QDR, LinkSpeedExt.FDR),
    EDR(LinkSpeed.QDR, LinkSpeedExt.EDR),
    HDR(LinkSpeed.QDR, LinkSpeedExt.HDR);

    private final LinkSpeed speed;
    private final LinkSpeedExt ext;

    Speed(LinkSpeed speed, LinkSpeedExt ext) {
        this.speed = speed;
        this.ext = ext;
    }

    /** The LinkSpeed a port enables for it (QDR under the extended speeds, as real FDR+ ports do). */
    public LinkSpeed linkSpeed() {
        return speed;
    }

    /** The extended speed, for FDR and up. */
    public Optional<LinkSpeedExt> linkSpeedExt() {
        return Optional.ofNullable(ext);
    }
}
