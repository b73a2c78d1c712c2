package dev.ibmesh.runtime.umad;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.PortUnreachableException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The client side of ibsim's UDP protocol, what {@code libumad2sim}'s {@code sim_client.c} does: a control socket
 * that sends {@link SimCtl} requests to the server's port and reads each reply, and a data socket whose port is
 * announced in CONNECT and which exchanges {@link SimRequest}s with the server's port {@code port + 1 + clientId}.
 * It works against ibsim itself and against an ibmesh umad endpoint ({@link UmadServer}).
 *
 * <p>UDP loses nothing on loopback but may elsewhere, so a control request is sent again when no reply came within
 * {@value #ATTEMPT_MILLIS} ms, {@value #ATTEMPTS} times in all (umad2sim waits forever; a tool should not). A data
 * datagram from another host, or one that is not a 288-byte data message, is dropped and counted.
 *
 * <p>Threading: {@link #control} is synchronized (one request on the control socket at a time, as the protocol has
 * no way to tell replies apart); {@link #send} may be called from any thread; {@link #receive} hands each arriving
 * message to its sink on the client's own reader thread.
 */
public final class SimClient implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SimClient.class);
    static final int ATTEMPT_MILLIS = 500;
    static final int ATTEMPTS = 4;

    private final SimServerAddress server;
    private final InetAddress serverHost;
    private final DatagramSocket control;
    private final DatagramSocket data;
    private final AtomicLong dropped = new AtomicLong();
    private int clientId;
    private String nodeName = "";
    private volatile boolean closed;

    private SimClient(SimServerAddress server, InetAddress serverHost, DatagramSocket control, DatagramSocket data) {
        this.server = server;
        this.serverHost = serverHost;
        this.control = control;
        this.data = data;
    }

    /**
     * Attaches at {@code server}'s node: CONNECT with the data socket's port and the node name.
     *
     * @param isSm take the SM role on the port at once (umad2sim's {@code SIM_SET_ISSM})
     * @throws SimClientException when the host is unknown, nothing answers, or the server refuses
     */
    public static SimClient connect(SimServerAddress server, boolean isSm) {
        InetAddress host;
        try {
            host = InetAddress.getByName(server.host());
        } catch (UnknownHostException e) {
            throw new SimClientException("cannot resolve the ibsim host '" + server.host() + "'", e);
        }
        DatagramSocket control = null;
        DatagramSocket data = null;
        try {
            control = new DatagramSocket();
            control.connect(new InetSocketAddress(host, server.port()));
            data = new DatagramSocket(new InetSocketAddress(control.getLocalAddress(), 0));
            SimClient client = new SimClient(server, host, control, data);
            SimClientInfo hello = new SimClientInfo(data.getLocalPort(), 0, isSm ? 1 : 0, server.node());
            SimClientInfo attached =
                    SimClientInfo.decode(client.control(SimCtlType.CONNECT, hello.encode(), SimClientInfo.SIZE));
            client.clientId = attached.id();
            client.nodeName = attached.nodeId();
            return client;
        } catch (IOException | RuntimeException e) {
            if (control != null) {
                control.close();
            }
            if (data != null) {
                data.close();
            }
            throw e instanceof SimClientException s
                    ? s
                    : new SimClientException("cannot open sockets to ibsim at " + server + ": " + e.getMessage(), e);
        }
    }

    /** The id the server gave this client: its TransactionIDs carry it in bits 63..48. */
    public int clientId() {
        return clientId;
    }

    /** The node the server attached this client at (its name, as the server knows it). */
    public String nodeName() {
        return nodeName;
    }

    /**
     * One control request and its reply's data.
     *
     * @param len the request's len field (the bytes of {@code data} the type uses)
     * @throws SimClientException when the server answers ERROR, or nothing came back
     */
    public synchronized byte[] control(int type, byte[] requestData, int len) {
        byte[] request = SimCtl.of(clientId, type, requestData, len).encode();
        byte[] buffer = new byte[SimCtl.SIZE + 1];
        try {
            for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
                control.send(new DatagramPacket(request, request.length));
                long deadline =
                        System.nanoTime() + Duration.ofMillis(ATTEMPT_MILLIS).toNanos();
                for (long left = ATTEMPT_MILLIS; left > 0; left = (deadline - System.nanoTime()) / 1_000_000) {
                    control.setSoTimeout((int) Math.max(1, left));
                    DatagramPacket in = new DatagramPacket(buffer, buffer.length);
                    try {
                        control.receive(in);
                    } catch (SocketTimeoutException e) {
                        break;
                    }
                    SimCtl reply = replyTo(type, Arrays.copyOf(buffer, in.getLength()));
                    if (reply != null) {
                        return reply.data();
                    }
                }
            }
        } catch (PortUnreachableException e) {
            throw new SimClientException(
                    "nothing listens at " + server.host() + ":" + server.port() + " (start ibsim there: ibsim -s -r -l "
                            + server.port() + " NETFILE)",
                    e);
        } catch (IOException e) {
            throw new SimClientException("talking to ibsim at " + server + " failed: " + e.getMessage(), e);
        }
        throw new SimClientException("ibsim at " + server.host() + ":" + server.port() + " did not answer "
                + SimCtlType.name(type) + " within " + ATTEMPTS * ATTEMPT_MILLIS + " ms");
    }

    /** The reply to a request of {@code type}, null for a stale or garbled datagram; ERROR throws. */
    private SimCtl replyTo(int type, byte[] datagram) {
        SimCtl reply;
        try {
            reply = SimCtl.decode(datagram);
        } catch (SimProtocolException e) {
            LOG.debug("ibsim at {}: control reply ignored: {}", server, e.getMessage());
            return null;
        }
        if (reply.type() == SimCtlType.ERROR) {
            throw new SimClientException("ibsim at " + server + " refused " + SimCtlType.name(type)
                    + (type == SimCtlType.CONNECT
                            ? " (no node of that name, every client slot taken, or an SM already attached there)"
                            : ""));
        }
        return reply.type() == type ? reply : null;
    }

    /** Sends one data message to the client's data port on the server. */
    public void send(SimRequest request) throws IOException {
        byte[] b = request.encode();
        data.send(new DatagramPacket(b, b.length, serverHost, server.port() + 1 + clientId));
    }

    /** Hands every data message that arrives to {@code sink}, on a daemon thread, until {@link #close}. */
    public void receive(Consumer<SimRequest> sink) {
        Thread reader = new Thread(() -> readData(sink), "ibsim-client-" + clientId + "@" + server);
        reader.setDaemon(true);
        reader.start();
    }

    private void readData(Consumer<SimRequest> sink) {
        byte[] buffer = new byte[SimRequest.SIZE + 1];
        while (!closed) {
            DatagramPacket in = new DatagramPacket(buffer, buffer.length);
            try {
                data.receive(in);
            } catch (IOException e) {
                if (!closed && !data.isClosed()) {
                    LOG.warn("ibsim client {}: reading its data socket failed: {}", clientId, e.toString());
                    continue;
                }
                return;
            }
            if (!in.getAddress().equals(serverHost)) {
                dropped.incrementAndGet();
                continue;
            }
            try {
                sink.accept(SimRequest.decode(Arrays.copyOf(buffer, in.getLength())));
            } catch (SimProtocolException e) {
                dropped.incrementAndGet();
                LOG.debug("ibsim client {}: data message dropped: {}", clientId, e.getMessage());
            }
        }
    }

    /** DISCONNECT (one try: the server may be gone already), then closes both sockets. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (dropped.get() > 0) {
            LOG.info("{}: {} data datagrams dropped (from another host, or not a data message)", this, dropped.get());
        }
        try {
            byte[] bye =
                    SimCtl.of(clientId, SimCtlType.DISCONNECT, new byte[0], 0).encode();
            control.send(new DatagramPacket(bye, bye.length));
        } catch (IOException e) {
            LOG.debug("ibsim client {}: DISCONNECT not sent: {}", clientId, e.toString());
        } finally {
            control.close();
            data.close();
        }
    }

    @Override
    public String toString() {
        return "ibsim client " + clientId + " at " + nodeName + " (" + server + ")";
    }
}
