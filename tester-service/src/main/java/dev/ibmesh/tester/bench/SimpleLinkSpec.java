package dev.ibmesh.tester.bench;

import dev.ibmesh.runtime.topology.LinkSpeed;
import dev.ibmesh.runtime.topology.LinkSpeedExt;
import dev.ibmesh.runtime.topology.LinkWidth;
import dev.ibmesh.runtime.topology.SwitchOptions;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What an embedded SimpleLink is made of: a tester and a DUT of {@code dutKind} ("switch" or "hca") started with
 * {@code deviations}, cabled port 1 to port 1, both ends enabling only this width and speed.
 *
 * @param speedExt      an extended speed (FDR and up) the link trains to instead of {@code speed}
 * @param switchOptions a switch DUT's SwitchInfo values (for instance a base port 0); empty for the defaults
 */
public record SimpleLinkSpec(
        String dutKind,
        List<String> deviations,
        LinkWidth width,
        LinkSpeed speed,
        Optional<LinkSpeedExt> speedExt,
        Optional<SwitchOptions> switchOptions) {
    public SimpleLinkSpec {
        Objects.requireNonNull(dutKind, "dutKind");
        deviations = List.copyOf(deviations);
        Objects.requireNonNull(width, "width");
        Objects.requireNonNull(speed, "speed");
        speedExt = speedExt == null ? Optional.empty() : speedExt;
        switchOptions = switchOptions == null ? Optional.empty() : switchOptions;
        if (!dutKind.equals("switch") && !dutKind.equals("hca")) {
            throw new IllegalArgumentException("an embedded DUT is a switch or an hca, not '" + dutKind + "'");
        }
    }

    /** "4x QDR" / "4x EDR". */
    public String linkLabel() {
        return width.label() + " " + speedExt.map(LinkSpeedExt::name).orElse(speed.name());
    }
}
