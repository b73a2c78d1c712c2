package dev.ibmesh.runtime.sma;

import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.Smp;
import dev.ibmesh.mad.smp.PortInfo;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * M_Key protection of an SMA (IBA 14.2.4), as the management port's PortInfo sets it: M_Key, M_KeyProtectBits and
 * M_KeyLeasePeriod. The check passes when the port's M_Key is 0 or the SMP carries it. When it fails:
 * <ul>
 *   <li>SubnGet is still answered at protection levels 0 and 1 (level 1 reads the M_Key as 0, see
 *       {@link #hidesMKey}); at levels 2 and 3 it fails like a SubnSet;</li>
 *   <li>a failing SubnSet, TrapRepress or protected SubnGet is discarded without an answer, M_KeyViolations counts
 *       it (saturating at 0xFFFF), and the lease period starts; when it runs out with no valid key seen, the
 *       protection bits drop to 0 (the SM lost control and another may take over);</li>
 *   <li>and every such discard is handed to {@link SmaNode#onMKeyViolation}, which raises trap 256 (bad M_Key,
 *       IBA 14.3.9 as qib and hfi1 cite it; qib {@code check_mkey} sends it on each one).</li>
 * </ul>
 * The checks follow the IBA as Linux qib's check_mkey implements it. Event loop only.
 */
final class MKeyGuard {
    private final SmaNode node;
    private final LongSupplier nanoTime;
    private final SmaOptions options;
    /** When the lease runs out, or -1 when no lease is running. */
    private long leaseEndsAt = -1;

    MKeyGuard(SmaNode node, LongSupplier nanoTime, SmaOptions options) {
        this.node = node;
        this.nanoTime = nanoTime;
        this.options = options;
    }

    /** The port whose PortInfo holds the SMA's M_Key: port 0 of a switch, the arrival port of a CA. */
    int managementPort(int ingressPort) {
        return node instanceof SmaSwitch ? 0 : ingressPort;
    }

    /** True when the SMP may be processed; false when it must be discarded (the violation is already counted). */
    boolean admit(Mad request, int ingressPort) {
        MadHeader header = request.header();
        long mKey = Smp.decode(request).mKey(); // bytes 24-31 in both the LID-routed and the directed-route form
        int port = managementPort(ingressPort);
        PortInfo info = expireLease(port);
        // C14-15: no checking while the port's M_Key is 0
        boolean unchecked = info.mKey() == 0 && !options.departs(SmaDeparture.CHECK_ZERO_M_KEY);
        boolean valid = unchecked || info.mKey() == mKey;
        int method = header.method();
        if (valid) {
            if ((method == Method.GET || method == Method.SET || method == Method.TRAP_REPRESS)
                    && !options.departs(SmaDeparture.M_KEY_LEASE_NOT_STOPPED)) {
                // C14-19: a request with the right key stops the lease countdown.
                leaseEndsAt = -1;
            }
            return true;
        }
        // C14-16: what a wrong key costs depends on M_KeyProtectBits.
        boolean violation = method == Method.SET
                || method == Method.TRAP_REPRESS
                || (method == Method.GET && info.mKeyProtectBits() >= 2);
        if (!violation) {
            return true;
        }
        node.applyPortInfo(
                port,
                info.toBuilder()
                        .mKeyViolations(Math.min(0xFFFF, info.mKeyViolations() + 1))
                        .build(),
                List.of());
        // C14-17: a failed check starts the lease countdown; C14-21: a lease period of 0 never runs out.
        if (leaseEndsAt < 0 && info.mKeyLeasePeriod() != 0) {
            leaseEndsAt = nanoTime.getAsLong() + info.mKeyLeasePeriod() * 1_000_000_000L;
        } else if (leaseEndsAt < 0 && options.departs(SmaDeparture.ZERO_M_KEY_LEASE_EXPIRES)) {
            leaseEndsAt = nanoTime.getAsLong();
        }
        node.onMKeyViolation(request, port);
        return false;
    }

    /** Level 1: a SubnGet with a wrong key is answered, but PortInfo shows M_Key 0. */
    boolean hidesMKey(long mKey, int ingressPort) {
        PortInfo info = node.portInfo(managementPort(ingressPort));
        return info.mKey() != 0 && info.mKey() != mKey && info.mKeyProtectBits() == 1;
    }

    private PortInfo expireLease(int port) {
        PortInfo info = node.portInfo(port);
        boolean runsOut = !options.departs(SmaDeparture.M_KEY_LEASE_NEVER_EXPIRES);
        if (runsOut && leaseEndsAt >= 0 && nanoTime.getAsLong() - leaseEndsAt >= 0) { // C14-20: the lease ran out
            leaseEndsAt = -1;
            info = info.toBuilder().mKeyProtectBits(0).build();
            node.applyPortInfo(port, info, List.of());
        }
        return info;
    }
}
