package dev.ibmesh.runtime.topology;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The "4xQDR" text ibnetdiscover prints after a port's remote LID: the link's active width and speed
 * (infiniband-diags ibnetdiscover.c, out_switch_port/out_ca_port; an extended speed replaces the QDR).
 */
final class NetRate {
    private static final Pattern RATE = Pattern.compile("(\\d+x)(\\S+)");

    private NetRate() {}

    /** What a link prints, empty when its ends have no width or speed in common (it would not come up). */
    static Optional<String> of(LinkSpec link) {
        Optional<String> speed = link.activeSpeedExt()
                .map(Coded::label)
                .or(() -> link.activeSpeed().map(Coded::label));
        return link.activeWidth().flatMap(w -> speed.map(s -> w.label() + s));
    }

    /**
     * The enabled values of a port whose link runs at {@code text}, as ibsim reads them (sim_net.c,
     * parse_port_link_width_and_speed): 4x enables 1x and 4x, 12x enables 1x, 4x and 12x; a speed enables the
     * slower ones too; FDR10 (Mellanox-only) counts as QDR.
     */
    static PortParams enabledBy(String text) {
        Matcher m = RATE.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException("link rate '" + text + "' is not a width and speed like 4xQDR");
        }
        LinkWidth width = LinkWidth.CHOICES.parse(m.group(1));
        Set<LinkWidth> widths = switch (width) {
            case W4X -> EnumSet.of(LinkWidth.W1X, LinkWidth.W4X);
            case W12X -> EnumSet.of(LinkWidth.W1X, LinkWidth.W4X, LinkWidth.W12X);
            default -> EnumSet.of(width);
        };
        String speedText = m.group(2).equalsIgnoreCase("FDR10") ? "QDR" : m.group(2);
        boolean extended =
                Arrays.stream(LinkSpeedExt.values()).anyMatch(e -> e.label().equalsIgnoreCase(speedText));
        Set<LinkSpeed> speeds =
                extended ? EnumSet.allOf(LinkSpeed.class) : upTo(LinkSpeed.CHOICES.parse(speedText), LinkSpeed.class);
        Set<LinkSpeedExt> ext = extended ? upTo(LinkSpeedExt.CHOICES.parse(speedText), LinkSpeedExt.class) : Set.of();
        return new PortParams(
                widths, widths, speeds, speeds, ext, ext, PortParams.DEFAULT.vlCap(), PortParams.DEFAULT.mtuCap());
    }

    private static <E extends Enum<E>> Set<E> upTo(E last, Class<E> type) {
        return EnumSet.range(type.getEnumConstants()[0], last);
    }
}
