package dev.ibmesh.bench;

import java.io.IOException;
import java.net.ServerSocket;

/** A loopback address with a port free now, for a bench device to listen on over TCP. */
final class LoopbackAddress {
    private LoopbackAddress() {}

    static String free() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return "127.0.0.1:" + s.getLocalPort();
        }
    }
}
