package dev.ibmesh.sm.partition;

import java.util.List;

/**
 * The partitions an SM gives the subnet, in the order its partitions file lists them, the default partition (P_Key
 * 0x7FFF) first. A port's P_Key table follows this order: the default partition's key is at index 0, where a QP
 * created without asking for another index (and QP1, IBA 10.9.1) finds it.
 */
public record Partitions(List<Partition> partitions) {
    /** The default partition's P_Key base (IBA 10.9.1.2). */
    public static final int DEFAULT_BASE = 0x7FFF;

    public Partitions {
        partitions = List.copyOf(partitions);
        if (partitions.isEmpty() || partitions.get(0).base() != DEFAULT_BASE) {
            throw new IllegalArgumentException("the default partition (0x7fff) must come first");
        }
    }

    /** One partition: a P_Key base (bits 14-0) and who belongs to it, and how. */
    public record Partition(String name, int base, List<Member> members) {
        public Partition {
            if (base < 1 || base > DEFAULT_BASE) {
                throw new IllegalArgumentException(
                        String.format("partition %s: P_Key 0x%04x is not 0x0001..0x7fff", name, base));
            }
            members = List.copyOf(members);
        }
    }

    /** Ports a partition names, and their membership. */
    public record Member(Who who, long guid, Membership membership) {}

    /** Which ports a member line names (OpenSM's keywords, or one port GUID). */
    public enum Who {
        ALL,
        ALL_CAS,
        ALL_SWITCHES,
        SELF,
        GUID
    }

    /**
     * Full members talk to every member; limited members only to full ones (IBA 10.9.1.1). Both puts two entries in
     * the port's table, the full one first.
     */
    public enum Membership {
        FULL,
        BOTH,
        LIMITED
    }
}
