package dev.ibmesh.device.hca.transport;

/** 24-bit packet sequence number arithmetic (IBA 9.7.1: PSNs wrap modulo 2^24). */
public final class Psn {
    public static final int MASK = 0xFFFFFF;

    private Psn() {}

    public static int add(int psn, int n) {
        return (psn + n) & MASK;
    }

    /** {@code a - b} as a signed distance in -2^23 .. 2^23 - 1: negative when {@code a} is older than {@code b}. */
    public static int diff(int a, int b) {
        return ((a - b) << 8) >> 8;
    }
}
