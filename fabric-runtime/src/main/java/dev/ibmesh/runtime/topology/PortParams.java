package dev.ibmesh.runtime.topology;

import dev.ibmesh.wire.Mtu;
import java.util.Objects;
import java.util.Set;

/** The PortInfo capabilities one end of a link starts with. Sets are immutable; names follow PortInfo. */
public record PortParams(
        Set<LinkWidth> linkWidthSupported,
        Set<LinkWidth> linkWidthEnabled,
        Set<LinkSpeed> linkSpeedSupported,
        Set<LinkSpeed> linkSpeedEnabled,
        Set<LinkSpeedExt> linkSpeedExtSupported,
        Set<LinkSpeedExt> linkSpeedExtEnabled,
        VlCap vlCap,
        Mtu mtuCap) {

    /**
     * The defaults, in one place: a 4x QDR port without extended speeds, VL0-7, MTU 4096. Like real 4x QDR ports
     * (and ibsim reading "4xQDR") it also supports the narrower and slower values; Enabled = Supported.
     */
    public static final PortParams DEFAULT = new PortParams(
            Set.of(LinkWidth.W1X, LinkWidth.W4X),
            Set.of(LinkWidth.W1X, LinkWidth.W4X),
            Set.of(LinkSpeed.SDR, LinkSpeed.DDR, LinkSpeed.QDR),
            Set.of(LinkSpeed.SDR, LinkSpeed.DDR, LinkSpeed.QDR),
            Set.of(),
            Set.of(),
            VlCap.VL0_7,
            Mtu.MTU_4096);

    public PortParams {
        linkWidthSupported = LinkWidth.CHOICES.copy(linkWidthSupported);
        linkWidthEnabled = LinkWidth.CHOICES.copy(linkWidthEnabled);
        linkSpeedSupported = LinkSpeed.CHOICES.copy(linkSpeedSupported);
        linkSpeedEnabled = LinkSpeed.CHOICES.copy(linkSpeedEnabled);
        linkSpeedExtSupported = LinkSpeedExt.CHOICES.copy(linkSpeedExtSupported);
        linkSpeedExtEnabled = LinkSpeedExt.CHOICES.copy(linkSpeedExtEnabled);
        Objects.requireNonNull(vlCap, "vlCap");
        Objects.requireNonNull(mtuCap, "mtuCap");
    }

    /** These parameters with Supported set to Enabled (what the net format can say about a port). */
    public PortParams supportingOnlyEnabled() {
        return new PortParams(
                linkWidthEnabled,
                linkWidthEnabled,
                linkSpeedEnabled,
                linkSpeedEnabled,
                linkSpeedExtEnabled,
                linkSpeedExtEnabled,
                vlCap,
                mtuCap);
    }

    /** The PortInfo bit masks of these sets, in the order PortInfo lists them. */
    public int linkWidthSupportedMask() {
        return Choices.mask(linkWidthSupported);
    }

    public int linkWidthEnabledMask() {
        return Choices.mask(linkWidthEnabled);
    }

    public int linkSpeedSupportedMask() {
        return Choices.mask(linkSpeedSupported);
    }

    public int linkSpeedEnabledMask() {
        return Choices.mask(linkSpeedEnabled);
    }

    public int linkSpeedExtSupportedMask() {
        return Choices.mask(linkSpeedExtSupported);
    }

    public int linkSpeedExtEnabledMask() {
        return Choices.mask(linkSpeedExtEnabled);
    }
}
