package dev.ibmesh.sm.partition;

import dev.ibmesh.sm.partition.Partitions.Member;
import dev.ibmesh.sm.partition.Partitions.Membership;
import dev.ibmesh.sm.partition.Partitions.Partition;
import dev.ibmesh.sm.partition.Partitions.Who;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;

/**
 * OpenSM's partitions file ({@code partitions.conf}), the part of it that says who is in which partition:
 *
 * <pre>
 * # a comment
 * Default=0x7fff, ipoib : ALL=limited, SELF=full ;
 * storage=0x0002 : 0x0002c90300001234=full, 0x0002c90300005678 ;
 * </pre>
 *
 * Each definition, ended by {@code ;}, is {@code NAME[=PKEY][,FLAG[=VALUE]]... : MEMBER[=full|limited|both], ...};
 * a member is {@code ALL}, {@code ALL_CAS}, {@code ALL_SWITCHES}, {@code SELF} (the SM's port) or a port GUID. A
 * member without a membership gets the partition's {@code defmember} flag, else limited, as in OpenSM. Other flags
 * (ipoib, mtu, rate, sl, scope) are for multicast groups, which this SM does not yet make per partition: they are
 * logged and passed over. A file without a default partition gets {@code Default=0x7fff : ALL=full}, which OpenSM
 * also uses when it has no file. Anything else it cannot read is an error naming the line.
 */
public final class PartitionsFile {
    private PartitionsFile() {}

    /** Reads {@code file}; {@code notes} gets what was passed over. An error names the file and line. */
    public static Partitions read(Path file, Consumer<String> notes) {
        try {
            return parse(Files.readString(file), file.toString(), notes);
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": cannot read it (" + e + ")", e);
        }
    }

    /** Parses the text of a partitions file called {@code name} in errors. */
    public static Partitions parse(String text, String name, Consumer<String> notes) {
        List<Partition> found = new ArrayList<>();
        StringBuilder definition = new StringBuilder();
        boolean started = false; // the definition has text, which began on startLine
        int startLine = 0;
        int line = 1;
        for (String raw : text.split("\n", -1)) {
            String content = raw.contains("#") ? raw.substring(0, raw.indexOf('#')) : raw;
            for (char c : content.toCharArray()) {
                if (c == ';') {
                    found.add(definition(definition.toString().trim(), name + ":" + startLine, notes));
                    definition.setLength(0);
                    started = false;
                } else {
                    if (!started && !Character.isWhitespace(c)) {
                        started = true;
                        startLine = line;
                    }
                    definition.append(c);
                }
            }
            definition.append(' ');
            line++;
        }
        if (started) {
            throw new IllegalArgumentException(name + ":" + startLine + ": a partition definition must end with ';'");
        }
        return ordered(found, name);
    }

    /** The default partition first (added when missing), and no P_Key defined twice. */
    private static Partitions ordered(List<Partition> found, String name) {
        List<Partition> ordered = new ArrayList<>();
        found.stream().filter(p -> p.base() == Partitions.DEFAULT_BASE).forEach(ordered::add);
        if (ordered.size() > 1) {
            throw new IllegalArgumentException(name + ": the default partition 0x7fff is defined twice");
        }
        if (ordered.isEmpty()) {
            ordered.add(new Partition(
                    "Default", Partitions.DEFAULT_BASE, List.of(new Member(Who.ALL, 0, Membership.FULL))));
        }
        Set<Integer> bases = new HashSet<>();
        for (Partition p : found) {
            if (p.base() != Partitions.DEFAULT_BASE) {
                if (!bases.add(p.base())) {
                    throw new IllegalArgumentException(
                            String.format("%s: P_Key 0x%04x is defined twice (%s)", name, p.base(), p.name()));
                }
                ordered.add(p);
            }
        }
        return new Partitions(ordered);
    }

    private static Partition definition(String text, String where, Consumer<String> notes) {
        int colon = text.indexOf(':');
        if (colon < 0) {
            throw new IllegalArgumentException(where + ": '" + text + "' has no ':' before its members");
        }
        String[] head = text.substring(0, colon).split(",");
        String[] nameAndKey = head[0].split("=", 2);
        String partitionName = nameAndKey[0].trim();
        if (partitionName.isEmpty()) {
            throw new IllegalArgumentException(where + ": a partition needs a name");
        }
        boolean isDefault = partitionName.equalsIgnoreCase("Default");
        if (nameAndKey.length < 2 && !isDefault) {
            throw new IllegalArgumentException(where + ": partition " + partitionName + " needs a P_Key (NAME=0xKEY)");
        }
        int base = nameAndKey.length < 2 ? Partitions.DEFAULT_BASE : base(nameAndKey[1].trim(), where);
        Membership byDefault = Membership.LIMITED;
        for (int i = 1; i < head.length; i++) {
            String[] flag = head[i].trim().split("=", 2);
            if (flag[0].equalsIgnoreCase("defmember") && flag.length == 2) {
                byDefault = membership(flag[1].trim(), where);
            } else {
                notes.accept(where + ": flag '" + head[i].trim() + "' of partition " + partitionName + " passed over");
            }
        }
        List<Member> members = new ArrayList<>();
        for (String m : text.substring(colon + 1).split(",")) {
            if (!m.isBlank()) {
                members.add(member(m.trim(), byDefault, where));
            }
        }
        try {
            return new Partition(partitionName, base, members);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
        }
    }

    private static Member member(String text, Membership byDefault, String where) {
        String[] parts = text.split("=", 2);
        String who = parts[0].trim();
        Membership membership = parts.length == 2 ? membership(parts[1].trim(), where) : byDefault;
        return switch (who.toUpperCase(Locale.ROOT)) {
            case "ALL" -> new Member(Who.ALL, 0, membership);
            case "ALL_CAS" -> new Member(Who.ALL_CAS, 0, membership);
            case "ALL_SWITCHES" -> new Member(Who.ALL_SWITCHES, 0, membership);
            case "SELF" -> new Member(Who.SELF, 0, membership);
            default -> new Member(Who.GUID, number(who, where, "port GUID"), membership);
        };
    }

    /** A P_Key's base (bits 14-0): the membership bit of a key in the file says nothing, members say it. */
    private static int base(String text, String where) {
        long key = number(text, where, "P_Key");
        if (key < 0 || key > 0xFFFF) {
            throw new IllegalArgumentException(where + ": P_Key '" + text + "' is more than 16 bits");
        }
        return (int) key & Partitions.DEFAULT_BASE;
    }

    private static Membership membership(String text, String where) {
        return switch (text.toLowerCase(Locale.ROOT)) {
            case "full" -> Membership.FULL;
            case "limited" -> Membership.LIMITED;
            case "both" -> Membership.BOTH;
            default ->
                throw new IllegalArgumentException(where + ": membership '" + text + "' is not full, limited or both");
        };
    }

    private static long number(String text, String where, String what) {
        try {
            return text.startsWith("0x") || text.startsWith("0X")
                    ? Long.parseUnsignedLong(text.substring(2), 16)
                    : Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(where + ": " + what + " '" + text + "' is not a number", e);
        }
    }
}
