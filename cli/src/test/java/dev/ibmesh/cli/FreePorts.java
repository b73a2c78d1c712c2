package dev.ibmesh.cli;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/** Ports free on this host now, for a child process to take (a small race with other processes remains). */
final class FreePorts {
    private FreePorts() {}

    static int tcp() throws IOException {
        return tcp(1)[0];
    }

    /** {@code count} different TCP ports: each is held until all are found, so the system cannot give one twice. */
    static int[] tcp(int count) throws IOException {
        List<ServerSocket> held = new ArrayList<>();
        try {
            int[] ports = new int[count];
            for (int i = 0; i < count; i++) {
                ServerSocket s = new ServerSocket(0);
                held.add(s);
                ports[i] = s.getLocalPort();
            }
            return ports;
        } finally {
            for (ServerSocket s : held) {
                s.close();
            }
        }
    }

    /** A base port whose {@code count} UDP ports from it are free on the loopback address (the umad endpoint's). */
    static int udpRange(int count) {
        InetAddress loopback = InetAddress.getLoopbackAddress();
        for (int attempt = 0; attempt < 50; attempt++) {
            int base = ThreadLocalRandom.current().nextInt(20_000, 60_000);
            List<DatagramSocket> held = new ArrayList<>();
            try {
                for (int i = 0; i < count; i++) {
                    held.add(new DatagramSocket(base + i, loopback));
                }
                return base;
            } catch (IOException taken) {
                // try another range
            } finally {
                held.forEach(DatagramSocket::close);
            }
        }
        throw new IllegalStateException("no " + count + " free UDP ports in a row");
    }
}
