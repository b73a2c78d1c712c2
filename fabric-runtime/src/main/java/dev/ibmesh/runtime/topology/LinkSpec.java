package dev.ibmesh.runtime.topology;

import java.util.Collection;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/** A cable between two ports. */
public record LinkSpec(LinkEnd a, LinkEnd b) {

    public LinkSpec {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(b, "b");
    }

    /** The end at this port; throws if the link does not touch it. */
    public LinkEnd end(PortRef port) {
        if (a.port().equals(port)) {
            return a;
        }
        if (b.port().equals(port)) {
            return b;
        }
        throw new IllegalArgumentException(port + " is not an end of " + this);
    }

    /** The end opposite this port. */
    public LinkEnd otherEnd(PortRef port) {
        return end(port) == a ? b : a;
    }

    /** The width the link trains to: the widest both ends enable; empty when they have none in common. */
    public Optional<LinkWidth> activeWidth() {
        return common(a.params().linkWidthEnabled(), b.params().linkWidthEnabled()).stream()
                .max((x, y) -> Integer.compare(x.lanes(), y.lanes()));
    }

    /** The fastest extended speed both ends enable, if any; when present it replaces {@link #activeSpeed()}. */
    public Optional<LinkSpeedExt> activeSpeedExt() {
        return common(a.params().linkSpeedExtEnabled(), b.params().linkSpeedExtEnabled()).stream()
                .max(Enum::compareTo);
    }

    /** The fastest of SDR, DDR, QDR both ends enable. */
    public Optional<LinkSpeed> activeSpeed() {
        return common(a.params().linkSpeedEnabled(), b.params().linkSpeedEnabled()).stream()
                .max(Enum::compareTo);
    }

    private static <E extends Enum<E>> Set<E> common(Collection<E> x, Collection<E> y) {
        if (x.isEmpty()) {
            return Set.of();
        }
        EnumSet<E> both = EnumSet.copyOf(x);
        both.retainAll(y);
        return both;
    }

    @Override
    public String toString() {
        return a.port() + " - " + b.port();
    }
}
