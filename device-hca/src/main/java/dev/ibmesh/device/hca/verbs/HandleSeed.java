package dev.ibmesh.device.hca.verbs;

/**
 * Where an HCA's handles start: a fixed function of its node GUID and the kind of handle. Two HCAs hand out different
 * QP numbers, keys and handles, none predictable from a neighbour's, so an application that uses its own R_Key or
 * QPN where the peer's belongs fails as it would on hardware; the same GUID gives the same handles on every run, so
 * traces are reproducible.
 */
final class HandleSeed {
    private HandleSeed() {}

    /** 64 well-mixed bits for {@code kind} of the HCA with this node GUID. */
    static long of(long nodeGuid, String kind) {
        // Stafford's "variant 13" 64-bit mixer, as SplitMix64 uses it: every input bit affects every output bit.
        long z = nodeGuid + 0x9E3779B97F4A7C15L * (kind.hashCode() + 1L);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** A value in {@code [min, max]} for {@code kind} of the HCA with this node GUID. */
    static int in(long nodeGuid, String kind, int min, int max) {
        return min + (int) Long.remainderUnsigned(of(nodeGuid, kind), (long) max - min + 1);
    }
}
