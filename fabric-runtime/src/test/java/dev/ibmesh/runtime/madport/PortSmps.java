package dev.ibmesh.runtime.madport;

import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.runtime.agent.HostMad;
import java.time.Duration;

/** Directed-route SMPs a test sends from a {@link MadPort}, and what it reads back with them. */
public final class PortSmps {
    private PortSmps() {}

    /** A SubnGet of {@code attributeId} along {@code path} (no hops: the port's own node). */
    public static HostMad get(MadPort port, int attributeId, int modifier, int... path) {
        return HostMad.smp(
                DrSmp.PERMISSIVE_LID,
                DrSmp.outbound(Method.GET, port.newTransactionId(), attributeId, modifier, 0, new byte[0], path)
                        .encode());
    }

    /** Whether the port's own PortInfo.CapabilityMask says an SM runs there (IsSM). */
    public static boolean isSm(MadPort port, Duration timeout) {
        HostMad answer =
                port.request(get(port, PortInfo.ATTRIBUTE_ID, 0), timeout).join();
        return (PortInfo.decode(DrSmp.decode(answer.mad()).data(), 0).capabilityMask() & PortInfo.CAP_IS_SM) != 0;
    }
}
