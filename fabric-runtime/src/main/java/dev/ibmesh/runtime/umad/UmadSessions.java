package dev.ibmesh.runtime.umad;

import dev.ibmesh.runtime.fault.FaultLog;
import io.vertx.core.net.SocketAddress;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The session table: client slots 0..max-1 (the client id is the slot, as in ibsim's {@code clients[]}), and per
 * port the bookkeeping that follows from it: the sink is attached while the port has a client, and
 * CapabilityMask.IsSM is set while one of its clients holds the SM role.
 *
 * <p>Threading: owned by the server's context; every method is called there. The {@link UmadPort} calls it makes
 * return futures the table does not wait for.
 */
final class UmadSessions {
    private static final Logger LOG = LoggerFactory.getLogger(UmadSessions.class);

    /** Per attached port: its clients and the IsSM value last pushed to it. */
    private static final class PortUse {
        int clients;
        boolean isSmPushed;
    }

    private final UmadSession[] slots;
    private final Map<UmadPort, PortUse> ports = new IdentityHashMap<>();
    private final UmadCounters counters;
    private final Function<UmadPort, UmadSink> sinks;

    /**
     * @param sinks makes the sink the server attaches to a port (called when a port gets its first client)
     */
    UmadSessions(int maxClients, UmadCounters counters, Function<UmadPort, UmadSink> sinks) {
        this.slots = new UmadSession[maxClients];
        this.counters = counters;
        this.sinks = sinks;
    }

    int capacity() {
        return slots.length;
    }

    int size() {
        int n = 0;
        for (UmadSession s : slots) {
            if (s != null) {
                n++;
            }
        }
        return n;
    }

    /** The session in slot {@code clientId} (unsigned), if any. */
    Optional<UmadSession> get(long clientId) {
        return clientId >= 0 && clientId < slots.length ? Optional.ofNullable(slots[(int) clientId]) : Optional.empty();
    }

    /** Every session, by slot. */
    List<UmadSession> all() {
        List<UmadSession> found = new ArrayList<>();
        for (UmadSession s : slots) {
            if (s != null) {
                found.add(s);
            }
        }
        return found;
    }

    /** The lowest free slot, or -1 (ibsim allocates the same way). */
    int freeSlot() {
        for (int i = 0; i < slots.length; i++) {
            if (slots[i] == null) {
                return i;
            }
        }
        return -1;
    }

    /** The session silent longest, if there is one. */
    Optional<UmadSession> longestSilent() {
        UmadSession oldest = null;
        for (UmadSession s : slots) {
            if (s != null && (oldest == null || s.lastHeardNanos - oldest.lastHeardNanos < 0)) {
                oldest = s;
            }
        }
        return Optional.ofNullable(oldest);
    }

    /** Sessions whose control or data address is one of these: their sockets were closed and the ports reused. */
    List<UmadSession> usingAddresses(SocketAddress control, String dataHost, int dataPort) {
        List<UmadSession> found = new ArrayList<>();
        for (UmadSession s : slots) {
            if (s != null && (s.isControlAddress(control) || (s.dataPort == dataPort && s.dataHost.equals(dataHost)))) {
                found.add(s);
            }
        }
        return found;
    }

    /** Sessions silent since before {@code cutoffNanos}. */
    List<UmadSession> silentSince(long cutoffNanos) {
        List<UmadSession> found = new ArrayList<>();
        for (UmadSession s : slots) {
            if (s != null && s.lastHeardNanos - cutoffNanos < 0) {
                found.add(s);
            }
        }
        return found;
    }

    /** True when a client other than {@code except} holds the SM role on {@code port}. */
    boolean smHeldByOther(UmadPort port, UmadSession except) {
        for (UmadSession s : slots) {
            if (s != null && s != except && s.port == port && s.isSm) {
                return true;
            }
        }
        return false;
    }

    /** The client holding the SM role on {@code port}, the one unsolicited requests go to. */
    Optional<UmadSession> smOn(UmadPort port) {
        for (UmadSession s : slots) {
            if (s != null && s.port == port && s.isSm) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }

    /** A client on {@code port} that declared QP {@code qp} at CONNECT (ibsim {@code find_client}, qp above 1). */
    Optional<UmadSession> withQp(UmadPort port, int qp) {
        for (UmadSession s : slots) {
            if (s != null && s.port == port && s.qp == qp) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }

    /** Puts a new session in its slot; attaches the port's sink if it is the port's first client. */
    void open(UmadSession s) {
        if (slots[s.clientId] != null) {
            throw new IllegalStateException("slot " + s.clientId + " is taken");
        }
        slots[s.clientId] = s;
        PortUse use = ports.computeIfAbsent(s.port, p -> new PortUse());
        if (use.clients++ == 0) {
            guard(() -> s.port.attach(sinks.apply(s.port)));
        }
        counters.increment(UmadCounter.SESSIONS_OPENED);
        counters.activeSessions(size());
        pushIsSm(s.port);
    }

    /** Changes a client's SM role and pushes the port's IsSM if it changed. */
    void setSm(UmadSession s, boolean isSm) {
        s.isSm = isSm;
        pushIsSm(s.port);
    }

    /** Empties the slot; clears IsSM and detaches the sink when the port has nobody left. */
    void close(UmadSession s, UmadCounter why) {
        if (slots[s.clientId] != s) {
            return;
        }
        slots[s.clientId] = null;
        s.isSm = false;
        pushIsSm(s.port);
        PortUse use = ports.get(s.port);
        if (use != null && --use.clients == 0) {
            ports.remove(s.port);
            guard(s.port::detach);
        }
        counters.increment(why);
        counters.activeSessions(size());
        LOG.info("umad {} detached: {}", s, reason(why));
    }

    private static String reason(UmadCounter why) {
        return switch (why) {
            case SESSIONS_DISCONNECTED -> "it disconnected";
            case SESSIONS_IDLE -> "silent for the idle timeout";
            case SESSIONS_REPLACED -> "a new client took its socket address";
            case SESSIONS_RECLAIMED -> "its slot was given to a new client";
            case SESSIONS_STOPPED -> "the endpoint stopped";
            default -> why.name();
        };
    }

    /** Closes every session. */
    void closeAll(UmadCounter why) {
        for (UmadSession s : slots) {
            if (s != null) {
                close(s, why);
            }
        }
    }

    /** A port that throws must not leave the table half changed: its exception is only logged. */
    private static void guard(Runnable call) {
        try {
            call.run();
        } catch (RuntimeException e) {
            FaultLog.shared().caught("UmadPort.session", e); // the table is already consistent
        }
    }

    private void pushIsSm(UmadPort port) {
        PortUse use = ports.get(port);
        if (use == null) {
            return;
        }
        boolean want = smOn(port).isPresent();
        if (want != use.isSmPushed) {
            use.isSmPushed = want;
            guard(() -> port.setIsSm(want));
        }
    }
}
