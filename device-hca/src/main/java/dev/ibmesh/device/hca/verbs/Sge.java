package dev.ibmesh.device.hca.verbs;

/** A scatter/gather element: {@code length} bytes at virtual address {@code addr} of the region with {@code lkey}. */
public record Sge(long addr, int length, int lkey) {}
