package dev.ibmesh.tester.bench;

import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.runtime.madport.MadPort;
import dev.ibmesh.runtime.madport.MadTimeoutException;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CompletionException;

/**
 * Directed-route SMPs over a {@link MadPort}, one at a time, waiting for each answer: what the bench's setup (a
 * one-link subnet manager) and the MAD Tester send. No retries: a lost answer is an exception.
 *
 * <p>Threading: blocks its caller; never call it on a device's event loop.
 */
public final class SmpClient {
    private final MadPort port;
    private final Duration timeout;

    public SmpClient(MadPort port, Duration timeout) {
        this.port = port;
        this.timeout = timeout;
    }

    public MadPort port() {
        return port;
    }

    public Duration timeout() {
        return timeout;
    }

    /** A SubnGet along {@code path} (empty: the tester's own port): the whole answer, whatever its status. */
    public DrSmp get(int attributeId, int modifier, int... path) {
        return call(Method.GET, attributeId, modifier, new byte[0], path);
    }

    /** A SubnSet along {@code path}: the whole answer, whatever its status. */
    public DrSmp set(int attributeId, int modifier, byte[] data, int... path) {
        return call(Method.SET, attributeId, modifier, data, path);
    }

    /** A SubnGet that must succeed: the attribute data. */
    public byte[] getData(int attributeId, int modifier, int... path) {
        return ok(get(attributeId, modifier, path), attributeId, path);
    }

    /** The PortInfo of port {@code portNumber} (0: a switch's management port) of the node at the end of {@code path}. */
    public PortInfo portInfo(int portNumber, int... path) {
        return PortInfo.decode(getData(PortInfo.ATTRIBUTE_ID, portNumber, path), 0);
    }

    /** A SubnSet that must succeed: the attribute data of the answer. */
    public byte[] setData(int attributeId, int modifier, byte[] data, int... path) {
        return ok(set(attributeId, modifier, data, path), attributeId, path);
    }

    /** Sends {@code request} and waits for its answer. */
    public DrSmp call(DrSmp request) {
        try {
            HostMad answer = port.request(HostMad.smp(DrSmp.PERMISSIVE_LID, request.encode()), timeout)
                    .join();
            return DrSmp.decode(answer.mad());
        } catch (CompletionException e) {
            if (e.getCause() instanceof MadTimeoutException t) {
                throw t;
            }
            throw e.getCause() instanceof RuntimeException r ? r : e;
        }
    }

    private DrSmp call(int method, int attributeId, int modifier, byte[] data, int... path) {
        return call(DrSmp.outbound(method, port.newTransactionId(), attributeId, modifier, 0, data, path));
    }

    private static byte[] ok(DrSmp answer, int attributeId, int... path) {
        if (answer.status() != 0) {
            throw new IllegalStateException(String.format(
                    "SMP for attribute 0x%04x along %s answered status 0x%04x",
                    attributeId, Arrays.toString(path), answer.status()));
        }
        return answer.data();
    }
}
