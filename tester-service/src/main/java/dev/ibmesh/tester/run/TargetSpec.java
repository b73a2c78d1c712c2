package dev.ibmesh.tester.run;

import dev.ibmesh.gateway.GatewayMadPort;
import dev.ibmesh.gateway.GatewayToken;
import dev.ibmesh.runtime.madport.IbsimMadPort;
import dev.ibmesh.runtime.madport.MadPort;
import dev.ibmesh.runtime.madport.UmadMadPort;
import dev.ibmesh.runtime.umad.SimServerAddress;
import java.time.Duration;

/**
 * What {@code --target} names: DUTs the tester starts in this JVM, or a port on a fabric ibmesh did not build.
 */
public sealed interface TargetSpec {
    String USAGE = "embedded, ibsim:HOST:PORT,NODE (attached at NODE of an ibsim on HOST:PORT), umad:DEVICE:PORT"
            + " (a local HCA port through libibumad, as ibstat names it) or gateway:HOST:PORT (the port an ibmesh"
            + " gateway serves; its token from " + GatewayToken.VARIABLE + " or " + GatewayToken.FILE_VARIABLE + ")";

    /** DUTs started here (the default). */
    record Embedded() implements TargetSpec {}

    /** A port on a foreign fabric, reached through a MAD-only backend. */
    sealed interface Foreign extends TargetSpec {
        /**
         * Opens the port, waiting at most {@code timeout} for its own NodeInfo.
         *
         * @throws RuntimeException with a message naming what could not be reached
         */
        MadPort open(Duration timeout);
    }

    /** Attached at a node of a running ibsim (or an ibmesh umad endpoint). */
    record Ibsim(SimServerAddress server) implements Foreign {
        @Override
        public MadPort open(Duration timeout) {
            return IbsimMadPort.open(server, timeout);
        }

        @Override
        public String toString() {
            return "ibsim " + server;
        }
    }

    /** A port of a local HCA through libibumad (or of a simulator, under ibsim-run). */
    record Umad(String device, int port) implements Foreign {
        @Override
        public MadPort open(Duration timeout) {
            return UmadMadPort.open(device, port, timeout);
        }

        @Override
        public String toString() {
            return "umad " + device + ":" + port;
        }
    }

    /** The port an {@code ibmesh gateway} serves, its token taken from the environment ({@link GatewayToken}). */
    record Gateway(String host, int port) implements Foreign {
        @Override
        public MadPort open(Duration timeout) {
            return GatewayMadPort.open(host, port, GatewayToken.fromEnvironment(System.getenv()), timeout);
        }

        @Override
        public String toString() {
            return "gateway " + host + ":" + port;
        }
    }

    /**
     * Parses {@code embedded}, {@code ibsim:HOST:PORT[,NODE]}, {@code umad:DEVICE:PORT} or {@code gateway:HOST:PORT}.
     *
     * @throws UsageException naming what is wrong
     */
    static TargetSpec parse(String text) {
        if (text.equals("embedded")) {
            return new Embedded();
        }
        if (text.startsWith("ibsim:")) {
            try {
                return new Ibsim(SimServerAddress.parse(text.substring("ibsim:".length())));
            } catch (IllegalArgumentException e) {
                throw new UsageException("--target " + text + ": " + e.getMessage());
            }
        }
        if (text.startsWith("umad:")) {
            String[] parts = text.substring("umad:".length()).split(":", -1);
            if (parts.length != 2 || parts[0].isEmpty() || !parts[1].matches("\\d{1,3}")) {
                throw new UsageException("--target " + text + " is not umad:DEVICE:PORT (for instance umad:mlx5_0:1)");
            }
            return new Umad(parts[0], Integer.parseInt(parts[1]));
        }
        if (text.startsWith("gateway:")) {
            String where = text.substring("gateway:".length());
            int colon = where.lastIndexOf(':');
            String port = colon < 0 ? "" : where.substring(colon + 1);
            if (colon < 1
                    || !port.matches("\\d{1,5}")
                    || Integer.parseInt(port) == 0
                    || Integer.parseInt(port) > 0xFFFF) {
                throw new UsageException(
                        "--target " + text + " is not gateway:HOST:PORT (for instance gateway:lab-host:7400)");
            }
            return new Gateway(where.substring(0, colon), Integer.parseInt(port));
        }
        throw new UsageException("--target must be " + USAGE + "; was '" + text + "'");
    }
}
