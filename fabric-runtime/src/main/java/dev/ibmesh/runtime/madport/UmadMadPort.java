package dev.ibmesh.runtime.madport;

import com.sun.jna.Function;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.ptr.IntByReference;
import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.mad.sa.SaMad;
import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.wire.Bits;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link MadPort}s on a port of a local HCA through libibumad (rdma-core), what OpenSM and infiniband-diags use: the
 * tester and the SM on real hardware. Under {@code ibsim-run} libumad2sim redirects libibumad to a simulator, which is
 * how it is tested here.
 *
 * <ul>
 *   <li>Agents: one per management class, registered as a class is first sent (responses only) or subscribed to
 *       (requests too: Get, Set, Trap, Report, TrapRepress, GetTable, Delete), without kernel RMPP, since ibmesh
 *       segments and reassembles RMPP itself. A registration for requests that the kernel refuses (another agent owns
 *       them, as the HCA's own SMA owns SubnGet) falls back to responses only, with a warning.</li>
 *   <li>TransactionIDs: the kernel's MAD layer puts its agent's id into bits 63..32, so responses are matched on bits
 *       31..0, as libibmad does.</li>
 *   <li>A request is handed to the kernel with its timeout and no retries, so the kernel matches its response; one
 *       that times out there comes back with status ETIMEDOUT and fails at once.</li>
 *   <li>IsSM: held open {@code /dev/infiniband/issmN}, as OpenSM does (IBA 14.2.5.6 CapabilityMask.IsSM).</li>
 * </ul>
 */
public final class UmadMadPort {
    private static final Logger LOG = LoggerFactory.getLogger(UmadMadPort.class);
    private static final long LOW_32 = 0xFFFF_FFFFL;
    private static final int MAD_SIZE = 256;
    private static final int ETIMEDOUT = 110;
    private static final int POLL_MILLIS = 200;
    private static final int O_RDWR = 02;
    private static final int O_NONBLOCK = 04000;
    /** open and close as the process resolves them: libumad2sim's when it is preloaded, libc's otherwise. */
    private static final Function LIBC_OPEN = NativeLibrary.getProcess().getFunction("open");

    private static final Function LIBC_CLOSE = NativeLibrary.getProcess().getFunction("close");
    private static final boolean UNDER_UMAD2SIM =
            System.getenv().getOrDefault("LD_PRELOAD", "").contains("umad2sim");
    private static final int[] REQUEST_METHODS = {
        Method.GET, Method.SET, Method.TRAP, Method.REPORT, Method.TRAP_REPRESS, Method.GET_TABLE, Method.DELETE
    };

    private UmadMadPort() {}

    /**
     * Opens {@code port} of HCA {@code ca} (as {@code ibstat} names it) and asks the node which port it is.
     *
     * @throws MadSendException when libibumad cannot be loaded, the device or port does not exist, or the port's own
     *                          NodeInfo goes unanswered within {@code timeout}
     */
    public static MadPort open(String ca, int port, Duration timeout) {
        LibIbumad lib;
        try {
            lib = LibIbumad.load();
        } catch (UnsatisfiedLinkError e) {
            throw new MadSendException("libibumad is not installed (apt-get install libibumad3): " + e.getMessage());
        }
        if (lib.umad_init() < 0) {
            throw new MadSendException("umad_init failed: no InfiniBand MAD support on this host");
        }
        int fd = lib.umad_open_port(ca, port);
        if (fd < 0) {
            throw new MadSendException("umad_open_port(" + ca + ", " + port + ") failed (" + errno(fd)
                    + "): no such HCA or port, or no permission on /dev/infiniband/umad*");
        }
        UmadWire wire = new UmadWire(lib, fd, ca, port);
        WireMadPort madPort = new WireMadPort(wire);
        wire.startReading(madPort);
        return madPort.identify(ca, timeout);
    }

    private static String errno(int r) {
        return "errno " + -r;
    }

    private static final class UmadWire implements WireMadPort.Wire {
        private final LibIbumad lib;
        private final int fd;
        private final String ca;
        private final int port;
        private final int umadSize;
        private final Map<Integer, Agent> agents = new HashMap<>(); // by management class; guarded by this
        private volatile boolean closed;
        private Thread reader;
        private int issmFd = -1; // guarded by this

        UmadWire(LibIbumad lib, int fd, String ca, int port) {
            this.lib = lib;
            this.fd = fd;
            this.ca = ca;
            this.port = port;
            this.umadSize = lib.umad_size();
        }

        @Override
        public String name() {
            return "umad " + ca + ":" + port;
        }

        @Override
        public long firstTid() {
            return (ThreadLocalRandom.current().nextLong() & 0x7FFF_0000L) | 1;
        }

        @Override
        public long tidMatchMask() {
            return LOW_32;
        }

        /**
         * ib_user_mad carries the SL, Q_Key and P_Key index; but under libumad2sim (preloaded by ibsim-run) they go on
         * over ibsim's protocol, which drops them, so such a MAD is refused as the ibsim backend refuses it.
         */
        @Override
        public Optional<String> uncarried(HostMad mad) {
            return UNDER_UMAD2SIM ? IbsimMadPort.uncarried(mad) : Optional.empty();
        }

        @Override
        public void requests(Set<Integer> mgmtClasses) {
            for (int c : mgmtClasses) {
                agent(c, defaultVersion(c), true);
            }
        }

        @Override
        public void transmit(HostMad mad, Duration timeout) throws IOException {
            MadHeader h = mad.mad().header();
            int agent = agent(h.mgmtClass().code(), h.classVersion(), false);
            Memory umad = new Memory((long) umadSize + MAD_SIZE);
            umad.clear();
            lib.umad_set_addr(umad, mad.remoteLid(), mad.remoteQp(), mad.sl(), mad.qKey());
            lib.umad_set_pkey(umad, mad.pKeyIndex());
            umad.write(umadSize, mad.mad().toBytes(), 0, MAD_SIZE);
            int timeoutMs = (int) Math.min(Integer.MAX_VALUE, Math.max(timeout.toMillis(), timeout.isZero() ? 0 : 1));
            int r = lib.umad_send(fd, agent, umad, MAD_SIZE, timeoutMs, 0);
            if (r < 0) {
                throw new IOException("umad_send failed (" + errno(r) + ")");
            }
        }

        /**
         * IsSM: {@code /dev/infiniband/issmN} held open while an SM runs here, opened with the process's {@code open}
         * (so that libumad2sim, when preloaded, sees it; the JVM's own file I/O would bypass it) and non-blocking, so
         * that a device another SM holds is an error, not a hang.
         */
        @Override
        public synchronized CompletableFuture<Void> announceSm(boolean present) {
            if (present && issmFd < 0) {
                byte[] path = new byte[256];
                int r = lib.umad_get_issm_path(ca, port, path, path.length);
                String file = Native.toString(path, StandardCharsets.UTF_8.name());
                int fd = r < 0 ? r : LIBC_OPEN.invokeInt(new Object[] {file, O_RDWR | O_NONBLOCK});
                if (fd < 0) {
                    return CompletableFuture.failedFuture(new MadSendException(name() + ": cannot set IsSM: "
                            + (r < 0
                                    ? "umad_get_issm_path failed (" + errno(r) + ")"
                                    : "cannot open " + file + " (another SM holds it, or no permission)")));
                }
                issmFd = fd;
            } else if (!present && issmFd >= 0) {
                LIBC_CLOSE.invokeInt(new Object[] {issmFd});
                issmFd = -1;
            }
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public void close() {
            closed = true;
            try {
                if (reader != null) {
                    reader.join(POLL_MILLIS * 3L);
                }
                announceSm(false);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            lib.umad_close_port(fd);
        }

        /** The agent for {@code mgmtClass}, registered now if there is none (or none that takes requests). */
        private synchronized int agent(int mgmtClass, int version, boolean requests) {
            Agent had = agents.get(mgmtClass);
            if (had != null && (!requests || had.takesRequests())) {
                return had.id();
            }
            if (had != null) {
                lib.umad_unregister(fd, had.id());
            }
            int got = requests ? lib.umad_register(fd, mgmtClass, version, (byte) 0, requestMask()) : -1;
            boolean withRequests = got >= 0;
            if (requests && !withRequests) {
                LOG.warn(
                        "{}: requests of class 0x{} cannot be received here ({}): another agent takes them",
                        name(),
                        Integer.toHexString(mgmtClass),
                        errno(got));
            }
            if (got < 0) {
                got = lib.umad_register(fd, mgmtClass, version, (byte) 0, null);
            }
            if (got < 0) {
                throw new MadSendException(name() + ": cannot register an agent for class 0x"
                        + Integer.toHexString(mgmtClass) + " (" + errno(got) + ")");
            }
            agents.put(mgmtClass, new Agent(got, withRequests));
            return got;
        }

        /** A registered agent, and whether it receives requests of its class or only responses. */
        private record Agent(int id, boolean takesRequests) {}

        private static long[] requestMask() {
            long[] mask = new long[2];
            for (int m : REQUEST_METHODS) {
                mask[m / 64] |= 1L << (m % 64);
            }
            return mask;
        }

        /** SA is class version 2 (IBA 15.2.1); the others ibmesh sends are 1. */
        private static int defaultVersion(int mgmtClass) {
            return mgmtClass == MgmtClass.SUBN_ADM.code() ? SaMad.CLASS_VERSION : 1;
        }

        void startReading(WireMadPort madPort) {
            reader = new Thread(() -> read(madPort), "umad-reader-" + ca + ":" + port);
            reader.setDaemon(true);
            reader.start();
        }

        private void read(WireMadPort madPort) {
            Memory umad = new Memory((long) umadSize + MAD_SIZE);
            IntByReference length = new IntByReference();
            while (!closed) {
                length.setValue(MAD_SIZE);
                int r = lib.umad_recv(fd, umad, length, POLL_MILLIS);
                if (r == -ETIMEDOUT || closed) {
                    continue; // nothing came: look at closed again
                }
                if (r < 0) {
                    LOG.warn("{}: umad_recv failed ({}): no more MADs are read on this port", name(), errno(r));
                    return;
                }
                Mad mad = Mad.copyOf(umad.getByteArray(umadSize, MAD_SIZE));
                int status = lib.umad_status(umad);
                if (status != 0 && !mad.header().isResponse()) {
                    madPort.gaveBack(
                            mad.header().transactionId(),
                            "the kernel's MAD layer gave the request back with status " + status
                                    + (status == ETIMEDOUT ? " (ETIMEDOUT: no response)" : ""));
                    continue;
                }
                byte[] addr = lib.umad_get_mad_addr(umad).getByteArray(0, 11); // network order
                madPort.received(new HostMad(
                        Bits.u16(addr, 8),
                        addr[10] & 0x0F,
                        Bits.u32(addr, 0) & 0xFFFFFF,
                        Bits.u32(addr, 4),
                        Math.max(0, lib.umad_get_pkey(umad)),
                        mad));
            }
        }
    }
}
