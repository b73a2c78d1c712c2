package dev.ibmesh.runtime.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.mad.rmpp.RmppSegments;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class MadAgentsTest {
    private static final long TID = 0x1234;

    private static HostMad mad(byte[] b) {
        return new HostMad(1, 0, 1, 0x80010000, 0, Mad.copyOf(b));
    }

    private static byte[] header(int method) {
        byte[] b = new byte[Mad.SIZE];
        MadHeader.of(MgmtClass.SUBN_ADM, 2, method, TID, 0x0011, 0).encode(b, 0);
        return b;
    }

    /** Every segment of a multi-MAD response reaches the agent that asked (IBA 13.6), then the TID is forgotten. */
    @Test
    void aMultiSegmentResponseReachesItsAgentToTheLastSegment() {
        MadAgents agents = new MadAgents();
        List<HostMad> got = new ArrayList<>();
        MadAgents.Agent asker = agents.register(1, List.of(), got::add);
        agents.sent(asker, MadHeader.decode(header(Method.GET_TABLE), 0));
        List<byte[]> segments = RmppSegments.split(header(Method.GET_TABLE_RESP), 56, new byte[500]);
        assertEquals(3, segments.size());
        for (byte[] s : segments) {
            assertTrue(agents.deliver(1, mad(s)));
        }
        assertEquals(3, got.size());
        assertFalse(agents.deliver(1, mad(segments.get(2))), "after the last segment the TID is forgotten");
        assertEquals(1, agents.undelivered());
    }

    @Test
    void aSingleResponseEndsTheRequest() {
        MadAgents agents = new MadAgents();
        List<HostMad> got = new ArrayList<>();
        MadAgents.Agent asker = agents.register(1, List.of(), got::add);
        agents.sent(asker, MadHeader.decode(header(Method.GET), 0));
        assertTrue(agents.deliver(1, mad(header(Method.GET_RESP))));
        assertFalse(agents.deliver(1, mad(header(Method.GET_RESP))), "a second response has nobody waiting");
        assertEquals(1, got.size());
    }
}
