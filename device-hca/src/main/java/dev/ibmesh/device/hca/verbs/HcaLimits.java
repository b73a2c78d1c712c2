package dev.ibmesh.device.hca.verbs;

/** The device's limits, as {@code ibv_query_device} reports them. */
public record HcaLimits(
        int maxQp,
        int maxQpWr,
        int maxSge,
        int maxInlineData,
        int maxCq,
        int maxCqe,
        int maxMr,
        long maxMrSize,
        int maxPd,
        int maxQpRdAtom,
        int maxQpInitRdAtom) {
    public static final HcaLimits DEFAULT =
            new HcaLimits(1024, 4096, 16, 256, 1024, 65536, 4096, 1L << 26, 1024, 16, 16);
}
