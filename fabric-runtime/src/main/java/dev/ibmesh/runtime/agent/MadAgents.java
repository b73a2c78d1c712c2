package dev.ibmesh.runtime.agent;

import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.rmpp.RmppHeader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The host software registered on the ports of one device (an SM, a tester, a diag tool through the umad endpoint;
 * on an HCA's ports, or on a switch's port 0),
 * and which of them gets each MAD that arrives for host software, in the manner of Linux {@code ib_mad}:
 * a response goes to the agent that sent the request with its TID; an unsolicited MAD (a request or a trap) goes to
 * every agent of its port that asked for unsolicited MADs of its class. Event loop only.
 */
public final class MadAgents {
    /** Requests whose TID is remembered for their responses; the oldest is forgotten beyond this. */
    static final int MAX_OUTSTANDING = 4096;

    /** One agent on one port. {@code unsolicitedClasses} holds class codes; empty = responses only. */
    public final class Agent {
        private final int port;
        private final List<Integer> unsolicitedClasses;
        private final Consumer<HostMad> sink;
        private boolean open = true;

        private Agent(int port, List<Integer> unsolicitedClasses, Consumer<HostMad> sink) {
            this.port = port;
            this.unsolicitedClasses = List.copyOf(unsolicitedClasses);
            this.sink = sink;
        }

        public int port() {
            return port;
        }

        /** Stops delivering to this agent and forgets its outstanding requests. */
        public void close() {
            open = false;
            agents.remove(this);
            outstanding.values().removeIf(a -> a == this);
        }

        boolean wants(int mgmtClass) {
            return open && unsolicitedClasses.contains(mgmtClass);
        }
    }

    private final List<Agent> agents = new ArrayList<>();
    private final Map<Long, Agent> outstanding = new LinkedHashMap<>(16, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, Agent> eldest) {
            return size() > MAX_OUTSTANDING;
        }
    };
    private long undelivered;

    /** Registers host software on {@code port} that receives the responses to what it sends, and the unsolicited
     * MADs of the given management classes. */
    public Agent register(int port, List<Integer> unsolicitedClasses, Consumer<HostMad> sink) {
        Agent agent = new Agent(port, unsolicitedClasses, sink);
        agents.add(agent);
        return agent;
    }

    /** {@code agent} sends {@code mad}: a request's response will come back to it. */
    public void sent(Agent agent, MadHeader request) {
        if (!request.isResponse() && request.method() != Method.TRAP_REPRESS) {
            outstanding.put(request.transactionId(), agent);
        }
    }

    /** Hands a MAD that arrived on {@code port} to its agent(s); false (and counted) when nobody takes it. */
    public boolean deliver(int port, HostMad mad) {
        MadHeader h = mad.mad().header();
        if (h.isResponse()) {
            // A multi-MAD (RMPP) response keeps its request's agent until its last segment (IBA 13.6).
            Agent asker = moreSegmentsFollow(mad)
                    ? outstanding.get(h.transactionId())
                    : outstanding.remove(h.transactionId());
            if (asker != null && asker.open && asker.port == port) {
                asker.sink.accept(mad);
                return true;
            }
            undelivered++;
            return false;
        }
        boolean any = false;
        for (Agent a : List.copyOf(agents)) {
            if (a.port == port && a.wants(h.mgmtClass().code())) {
                a.sink.accept(mad);
                any = true;
            }
        }
        if (!any) {
            undelivered++;
        }
        return any;
    }

    private static boolean moreSegmentsFollow(HostMad mad) {
        byte[] b = mad.mad().toBytes();
        return RmppHeader.isData(b) && (RmppHeader.flags(b) & RmppHeader.FLAG_LAST) == 0;
    }

    /** MADs for host software that no agent took. */
    public long undelivered() {
        return undelivered;
    }
}
