package dev.ibmesh.runtime.umad;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.util.Arrays;

/**
 * A client of the ibsim protocol in plain Java, shaped like umad2sim's ({@code sim_client.c}): a control socket and a
 * data socket on 127.0.0.1, blocking with a timeout. For the server tests that need to misbehave.
 */
final class SimTestClient implements AutoCloseable {
    static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();

    final DatagramSocket control;
    final DatagramSocket data;
    final int serverPort;
    int clientId = -1;

    SimTestClient(int serverPort) {
        this.serverPort = serverPort;
        try {
            control = new DatagramSocket(new InetSocketAddress(LOOPBACK, 0));
            data = new DatagramSocket(new InetSocketAddress(LOOPBACK, 0));
            control.setSoTimeout(2000);
            data.setSoTimeout(2000);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    int dataPort() {
        return data.getLocalPort();
    }

    /** Sends raw bytes to the control port; the reply's bytes, or null when none came within {@code timeoutMs}. */
    byte[] rawControl(byte[] datagram, int timeoutMs) {
        try {
            control.send(new DatagramPacket(datagram, datagram.length, LOOPBACK, serverPort));
            control.setSoTimeout(timeoutMs);
            byte[] buf = new byte[512];
            DatagramPacket p = new DatagramPacket(buf, buf.length);
            control.receive(p);
            return Arrays.copyOf(buf, p.getLength());
        } catch (SocketTimeoutException e) {
            return null;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    byte[] rawControl(byte[] datagram) {
        return rawControl(datagram, 2000);
    }

    /** One request and its reply (null when none came). */
    SimCtl request(int type, byte[] payload, int len) {
        byte[] reply =
                rawControl(SimCtl.of(Math.max(clientId, 0), type, payload, len).encode());
        if (reply == null) {
            return null;
        }
        if (reply.length != SimCtl.SIZE) {
            throw new AssertionError("a reply is " + SimCtl.SIZE + " bytes, got " + reply.length);
        }
        try {
            return SimCtl.decodeLenient(reply); // an ERROR reply echoes whatever len the request had
        } catch (SimProtocolException e) {
            throw new AssertionError("the server sent a malformed reply: " + e.getMessage());
        }
    }

    SimCtl request(int type) {
        return request(type, new byte[0], 0);
    }

    /** CONNECT as umad2sim does: id = the data socket's port, qp 0. Keeps the client id it got. */
    SimCtl connect(String simHost, boolean isSm) {
        SimClientInfo info = new SimClientInfo(dataPort(), 0, isSm ? 1 : 0, simHost);
        SimCtl reply = request(SimCtlType.CONNECT, info.encode(), SimClientInfo.SIZE);
        if (reply != null && reply.type() == SimCtlType.CONNECT) {
            clientId = SimClientInfo.decode(reply.data()).id();
        }
        return reply;
    }

    void sendData(byte[] datagram) {
        sendData(datagram, serverPort + 1 + clientId);
    }

    void sendData(byte[] datagram, int toPort) {
        try {
            data.send(new DatagramPacket(datagram, datagram.length, LOOPBACK, toPort));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The next data message, or null when none came within {@code timeoutMs}. */
    byte[] receiveData(int timeoutMs) {
        try {
            data.setSoTimeout(timeoutMs);
            byte[] buf = new byte[1024];
            DatagramPacket p = new DatagramPacket(buf, buf.length);
            data.receive(p);
            if (p.getPort() != serverPort + 1 + clientId) {
                throw new AssertionError("data came from port " + p.getPort() + ", not the client's data port "
                        + (serverPort + 1 + clientId));
            }
            return Arrays.copyOf(buf, p.getLength());
        } catch (SocketTimeoutException e) {
            return null;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    SimRequest receiveMad(int timeoutMs) {
        byte[] b = receiveData(timeoutMs);
        try {
            return b == null ? null : SimRequest.decode(b);
        } catch (SimProtocolException e) {
            throw new AssertionError("the server sent a malformed data message: " + e.getMessage());
        }
    }

    @Override
    public void close() {
        control.close();
        data.close();
    }
}
