package dev.ibmesh.runtime.umad;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The OpenFabrics simulator (Debian {@code ibsim-utils}) running a net file on a free UDP port of 127.0.0.1, in
 * remote mode, until closed. {@link #start} returns once it answers a client (it prints nothing when ready).
 */
public final class IbsimProcess implements AutoCloseable {
    /** The smallest fabric with a switch between two CAs, as an ibsim net file. */
    public static final String SWITCH_AND_TWO_HCAS = """
            Switch 8 "sw1"
            [1] "h1"[1]
            [2] "h2"[1]

            Hca 1 "h1"
            [1] "sw1"[1]

            Hca 1 "h2"
            [1] "sw1"[2]
            """;

    private static final long READY_NANOS = TimeUnit.SECONDS.toNanos(20);
    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(20);

    private final Process process;
    private final int port;
    private final Path log;

    private IbsimProcess(Process process, int port, Path log) {
        this.process = process;
        this.port = port;
        this.log = log;
    }

    /**
     * Starts {@code ibsim -s -r -l PORT -n NETFILE} in {@code dir} and waits until a client can attach at
     * {@code probeNode}.
     */
    public static IbsimProcess start(Path dir, Path netFile, String probeNode) throws IOException {
        OfedTools.require("ibsim", "ibsim-utils");
        int port = freePorts(11);
        Path log = dir.resolve("ibsim-" + port + ".log");
        Process p = new ProcessBuilder(
                        OfedTools.which("ibsim"), "-s", "-r", "-l", Integer.toString(port), "-n", netFile.toString())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        IbsimProcess ibsim = new IbsimProcess(p, port, log);
        ibsim.awaitReady(probeNode);
        return ibsim;
    }

    /** The control port (data ports follow it). */
    public int port() {
        return port;
    }

    /** Where clients attach at {@code node}. */
    public SimServerAddress address(String node) {
        return new SimServerAddress("127.0.0.1", port, node);
    }

    public String log() {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(unreadable: " + e.getMessage() + ")";
        }
    }

    private void awaitReady(String node) {
        long deadline = System.nanoTime() + READY_NANOS;
        while (true) {
            if (!process.isAlive()) {
                throw new AssertionError("ibsim exited with " + process.exitValue() + ":\n" + log());
            }
            try (SimClient probe = SimClient.connect(address(node), false)) {
                return;
            } catch (SimClientException e) {
                if (System.nanoTime() > deadline) {
                    close();
                    throw new AssertionError("ibsim did not answer on port " + port + " within 20 s: " + e, e);
                }
                LockSupport.parkNanos(POLL_NANOS); // refused at once while nothing listens yet: ask again soon
            }
        }
    }

    /** A port with the {@code count} ports from it free on 127.0.0.1 (ibsim binds the control port and one per client). */
    private static int freePorts(int count) throws SocketException {
        InetAddress loopback = InetAddress.getLoopbackAddress();
        while (true) {
            int base = ThreadLocalRandom.current().nextInt(20_000, 60_000);
            boolean free = true;
            for (int p = base; p < base + count && free; p++) {
                try (DatagramSocket s = new DatagramSocket(new InetSocketAddress(loopback, p))) {
                    free = s.isBound();
                } catch (SocketException e) {
                    free = false;
                }
            }
            if (free) {
                return base;
            }
        }
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
