package dev.ibmesh.sm.activation;

/**
 * The M_Key the SM puts on every end port it configures, and how the port guards it (IBA 14.2.4, PortInfo.M_Key,
 * M_KeyProtectBits, M_KeyLeasePeriod): the SM's SMPs carry the key from then on, and an SMP with another key is
 * refused as the protect bits say. OpenSM's {@code m_key}, {@code m_key_protection_level} and
 * {@code m_key_lease_period}.
 *
 * @param key          the M_Key; 0 leaves the ports unprotected (OpenSM's default), whatever the protect bits say
 * @param protectBits  0-3: 0 lets any SubnGet read the key, 1 hides it from a Get with another key, 2 and 3 also
 *                     refuse such Gets (IBA Table "Protection Levels")
 * @param leasePeriod  seconds a port keeps the protection after the SM stops answering its traps (0: forever), 0-65535
 */
public record MKeyPolicy(long key, int protectBits, int leasePeriod) {
    /** No M_Key: what a port has until an SM sets one. */
    public static final MKeyPolicy NONE = new MKeyPolicy(0, 0, 0);

    public MKeyPolicy {
        if (protectBits < 0 || protectBits > 3) {
            throw new IllegalArgumentException("M_KeyProtectBits are 0-3, was " + protectBits);
        }
        if (leasePeriod < 0 || leasePeriod > 0xFFFF) {
            throw new IllegalArgumentException("M_KeyLeasePeriod is 0-65535 s, was " + leasePeriod);
        }
    }
}
