package dev.ibmesh.device.hca.verbs;

import java.util.Set;

/** A registered region as reported to the caller: its handle, address range, keys and access flags. */
public record MrInfo(int handle, int pd, long va, int length, int lkey, int rkey, Set<Access> access) {}
