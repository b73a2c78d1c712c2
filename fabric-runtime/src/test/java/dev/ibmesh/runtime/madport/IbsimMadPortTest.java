package dev.ibmesh.runtime.madport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.runtime.umad.IbsimProcess;
import dev.ibmesh.runtime.umad.SimClientException;
import dev.ibmesh.runtime.umad.SimServerAddress;
import java.net.DatagramSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The ibsim backend of {@link MadPort} against Debian's ibsim: a switch with two CAs, nobody else on the fabric. */
class IbsimMadPortTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(2);

    @TempDir
    static Path dir;

    static IbsimProcess ibsim;

    @BeforeAll
    static void startIbsim() throws Exception {
        ibsim = IbsimProcess.start(
                dir, Files.writeString(dir.resolve("fabric.net"), IbsimProcess.SWITCH_AND_TWO_HCAS), "h1");
    }

    @AfterAll
    static void stopIbsim() {
        ibsim.close();
    }

    @Test
    void attachesAtTheNamedNodeAndReachesItsNeighbourWithDirectedRouteSmps() {
        try (MadPort port = IbsimMadPort.open(ibsim.address("h2"), TIMEOUT)) {
            assertEquals("h2", port.identity().nodeName());
            assertEquals(1, port.identity().portNumber());
            HostMad request = PortSmps.get(port, NodeInfo.ATTRIBUTE_ID, 0, 1);
            HostMad answer = port.request(request, TIMEOUT).join();
            assertEquals(
                    request.mad().header().transactionId(),
                    answer.mad().header().transactionId());
            NodeInfo sw = NodeInfo.decode(DrSmp.decode(answer.mad()).data(), 0);
            assertEquals(NodeInfo.NODE_TYPE_SWITCH, sw.nodeType());
            assertEquals(2, sw.localPortNum(), "h2 is cabled to port 2 of the switch");
            assertEquals(0, port.lid().join(), "no SM ran: the port has no LID yet");
        }
    }

    @Test
    void aPathIntoNothingTimesOutAndTheSmRoleShowsInCapabilityMask() {
        try (MadPort port = IbsimMadPort.open(ibsim.address("h1"), TIMEOUT)) {
            CompletionException lost = assertThrows(
                    CompletionException.class,
                    () -> port.request(PortSmps.get(port, NodeInfo.ATTRIBUTE_ID, 0, 1, 5), TIMEOUT)
                            .join());
            assertInstanceOf(MadTimeoutException.class, lost.getCause(), "switch port 5 has no cable");

            port.announceSm(true).join();
            assertTrue(PortSmps.isSm(port, TIMEOUT), "SET_ISSM sets CapabilityMask.IsSM");
            port.announceSm(false).join();
            assertTrue(!PortSmps.isSm(port, TIMEOUT), "and clears it");
        }
    }

    @Test
    @Timeout(10)
    void aClosedPortFailsRequestsInsteadOfLeavingThemWaiting() {
        MadPort port = IbsimMadPort.open(ibsim.address("h1"), TIMEOUT);
        port.close();
        CompletionException closed = assertThrows(
                CompletionException.class,
                () -> port.request(PortSmps.get(port, NodeInfo.ATTRIBUTE_ID, 0), Duration.ofHours(5))
                        .join());
        assertInstanceOf(MadSendException.class, closed.getCause());
    }

    @Test
    void anUnknownNodeOrNoSimulatorIsAClearError() throws Exception {
        SimClientException unknown =
                assertThrows(SimClientException.class, () -> IbsimMadPort.open(ibsim.address("no-such-node"), TIMEOUT));
        assertTrue(unknown.getMessage().contains("refused CONNECT"), unknown.getMessage());

        int nobody;
        try (DatagramSocket s = new DatagramSocket(0)) {
            nobody = s.getLocalPort();
        }
        SimServerAddress silent = new SimServerAddress("127.0.0.1", nobody, "h1");
        SimClientException absent = assertThrows(SimClientException.class, () -> IbsimMadPort.open(silent, TIMEOUT));
        assertTrue(absent.getMessage().contains("nothing listens at 127.0.0.1:" + nobody), absent.getMessage());
    }
}
