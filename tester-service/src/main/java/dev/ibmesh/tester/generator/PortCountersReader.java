package dev.ibmesh.tester.generator;

import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.MadStatus;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.mad.pma.PmaMad;
import dev.ibmesh.mad.pma.PortCounters;
import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.runtime.madport.MadPort;
import dev.ibmesh.tester.bench.Bench;
import dev.ibmesh.wire.Deth;
import java.time.Duration;
import java.util.concurrent.CompletionException;

/**
 * Reads the PMA PortCounters (IBA 16.1.3.5) of the DUT's port on the SimpleLink, as perfquery does: a Get of
 * PortCounters with PortSelect = that port, sent to QP1 of the DUT's LID with the GSI Q_Key and the default P_Key.
 * Only through the bench's {@link MadPort}, so it reads a DUT on any backend.
 *
 * <p>Threading: blocks its caller while it waits for the answer; never call it on a device's event loop.
 */
public final class PortCountersReader {
    private final MadPort port;
    private final int dutLid;
    private final int dutPort;
    private final Duration timeout;

    public PortCountersReader(MadPort port, int dutLid, int dutPort, Duration timeout) {
        this.port = port;
        this.dutLid = dutLid;
        this.dutPort = dutPort;
        this.timeout = timeout;
    }

    /** The counters of the DUT's port facing the tester. */
    public static PortCountersReader of(Bench bench, Duration timeout) {
        return new PortCountersReader(
                bench.madPort(), bench.link().dutLid(), bench.link().dutPort(), timeout);
    }

    /** The DUT port's number: PortSelect. */
    public int dutPort() {
        return dutPort;
    }

    /**
     * The counters now.
     *
     * @throws GeneratorException when no answer came within the timeout, or it carried a status other than 0
     */
    public PortCounters read() {
        MadHeader h = MadHeader.of(
                MgmtClass.PERF_MGT,
                PmaMad.CLASS_VERSION,
                Method.GET,
                port.newTransactionId(),
                PortCounters.ATTRIBUTE_ID,
                0);
        HostMad request = new HostMad(
                dutLid,
                0,
                1,
                Deth.GSI_Q_KEY,
                0,
                PmaMad.of(h, PortCounters.zero(dutPort).toBytes()).encode());
        HostMad answer;
        try {
            answer = port.request(request, timeout).join();
        } catch (CompletionException e) {
            throw new GeneratorException(
                    "reading PortCounters of port " + dutPort + " at LID " + dutLid + ": "
                            + e.getCause().getMessage(),
                    e.getCause());
        }
        int status = answer.mad().header().status();
        if (status != 0) {
            throw new GeneratorException(
                    String.format(
                            "PortCounters of port %d at LID %d answered status 0x%04x (%s)",
                            dutPort, dutLid, status, MadStatus.describe(status)),
                    null);
        }
        return PmaMad.decode(answer.mad()).attribute(PortCounters::decode);
    }
}
