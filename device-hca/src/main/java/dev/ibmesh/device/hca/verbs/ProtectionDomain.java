package dev.ibmesh.device.hca.verbs;

/** A protection domain: regions and QPs of one PD may be used together, across PDs never (IBA 10.2.3). */
public final class ProtectionDomain {
    private final int handle;
    int users;

    ProtectionDomain(int handle) {
        this.handle = handle;
    }

    public int handle() {
        return handle;
    }
}
