package dev.ibmesh.tester.generator;

import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Collectors;

/**
 * A deliberate error the generator puts into a packet, as a hardware exerciser injects it: one field or CRC made
 * wrong while everything else stays right, so that the DUT's receiver sees exactly one defect (the link layer's data
 * packet check, IBA figure 25-20, reports only the first in its precedence). Which kinds apply to data packets and
 * which to link (flow-control) packets is part of each kind.
 *
 * @param value the kind's number (a field value, a byte count), or empty for the kind's default
 */
public record Fault(Kind kind, OptionalInt value) {
    /** What can be made wrong, with the name scenario files use and what the value means. */
    public enum Kind {
        /** The VCRC does not match the packet (a local physical error: PortRcvErrors). */
        BAD_VCRC(Applies.ANY_DATA),
        /** The ICRC does not match (checked by the packet's destination only). */
        BAD_ICRC(Applies.IBA),
        /** LRH.PktLen says this many 4-byte words instead of the right number; default the right number + 1. */
        PKTLEN(Applies.ANY_DATA, "PktLen in words", 0, 2047),
        /** GRH.PayLen says this many bytes; default the right number + 4. */
        PAYLEN(Applies.GLOBAL, "PayLen in bytes", 0, 65535),
        /** BTH.PadCnt says this; default the right one + 1 (mod 4). The pad bytes stay as computed. */
        PADCNT(Applies.IBA, "PadCnt", 0, 3),
        /** LRH.LVer is this link version (IBA knows only 0); default 1. */
        LVER(Applies.ANY_DATA, "LVer", 1, 15),
        /**
         * LRH.VL is this VL: one the DUT's port does not operate (at or above its OperationalVLs), or 15 for a packet
         * that is not an SMP. The packet goes straight onto the link, since the tester's own port would refuse it. A
         * data packet needs the value (which VL is beyond depends on the DUT; a scenario reads it from the DUT).
         */
        VL(Applies.ANY_DATA, "VL", 0, 15),
        /** LRH.DLID is this LID (0 is reserved); default 0. */
        DLID(Applies.ANY_DATA, "DLID", 0, 65535),
        /** LRH.SLID is this LID (0 and multicast LIDs are not source LIDs); default 0. */
        SLID(Applies.ANY_DATA, "SLID", 0, 65535),
        /** The frame ends this many bytes early; default 4. */
        TRUNCATE(Applies.ANY, "bytes cut off the end", 1, 4096),
        /** This many zero bytes follow the packet's last CRC; default 4. */
        EXCESS(Applies.ANY, "bytes appended", 1, 4096),
        /**
         * The packet ends with EBP (end bad packet) instead of EGP, as a switch marks a packet it found bad while
         * relaying it (PortRcvRemotePhysicalErrors); it goes straight onto the link.
         */
        EBP(Applies.ANY_DATA),
        /** The LPCRC of a flow-control packet does not match. */
        BAD_LPCRC(Applies.LINK);

        private final Applies applies;
        private final String valueMeaning;
        private final int min;
        private final int max;

        Kind(Applies applies) {
            this(applies, "", 0, -1);
        }

        Kind(Applies applies, String valueMeaning, int min, int max) {
            this.applies = applies;
            this.valueMeaning = valueMeaning;
            this.min = min;
            this.max = max;
        }

        /** The name scenario files use: {@code bad-vcrc}, {@code pktlen}. */
        public String label() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        public boolean takesValue() {
            return max >= min;
        }

        /** What the value of a fault of this kind means and its range, for messages. */
        public String valueMeaning() {
            return takesValue() ? valueMeaning + ", " + min + ".." + max : "no value";
        }

        public int min() {
            return min;
        }

        public int max() {
            return max;
        }

        boolean appliesTo(boolean link, boolean iba, boolean global) {
            return applies.test(link, iba, global);
        }

        /** The kind named {@code label} ({@link #label()} spelling, any case). */
        public static Optional<Kind> parse(String label) {
            return Arrays.stream(values())
                    .filter(k -> k.label().equalsIgnoreCase(label.strip()))
                    .findFirst();
        }

        /** Every label, comma-separated, for messages. */
        public static String labels() {
            return Arrays.stream(values()).map(Kind::label).collect(Collectors.joining(", "));
        }
    }

    /** Which packets a kind can damage. */
    private enum Applies {
        /** Any data packet, IBA transport or raw. */
        ANY_DATA,
        /** IBA transport packets (they have a BTH and an ICRC). */
        IBA,
        /** IBA packets with a GRH. */
        GLOBAL,
        /** Flow-control packets. */
        LINK,
        /** Data and flow-control packets. */
        ANY;

        boolean test(boolean link, boolean iba, boolean global) {
            return switch (this) {
                case ANY_DATA -> !link;
                case IBA -> !link && iba;
                case GLOBAL -> !link && global;
                case LINK -> link;
                case ANY -> true;
            };
        }
    }

    public Fault {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(value, "value");
        if (value.isPresent() && !kind.takesValue()) {
            throw new IllegalArgumentException(kind.label() + " takes no value, given " + value.getAsInt());
        }
        if (value.isPresent() && (value.getAsInt() < kind.min() || value.getAsInt() > kind.max())) {
            throw new IllegalArgumentException(
                    kind.label() + " must be " + kind.valueMeaning() + ", not " + value.getAsInt());
        }
    }

    /** A fault of {@code kind} with its default value (or none). */
    public static Fault of(Kind kind) {
        return new Fault(kind, OptionalInt.empty());
    }

    /** A fault of {@code kind} with this value. */
    public static Fault of(Kind kind, int value) {
        return new Fault(kind, OptionalInt.of(value));
    }

    /** The value given, or {@code otherwise}. */
    int valueOr(int otherwise) {
        return value.orElse(otherwise);
    }

    /** Throws when this fault cannot be put into such a packet. */
    void checkAppliesTo(boolean link, boolean iba, boolean global) {
        if (!kind.appliesTo(link, iba, global)) {
            String packet = link
                    ? "a flow-control packet"
                    : iba ? (global ? "a global packet" : "a local packet") : "a raw packet";
            throw new IllegalArgumentException("error " + kind.label() + " cannot be put into " + packet);
        }
    }

    @Override
    public String toString() {
        return kind.label() + (value.isPresent() ? "=" + value.getAsInt() : "");
    }
}
