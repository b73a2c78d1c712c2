package dev.ibmesh.sm;

import dev.ibmesh.sm.activation.MKeyPolicy;
import dev.ibmesh.sm.partition.Partitions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * How the SM sweeps and what it assigns.
 *
 * @param window      SMPs on the wire at once (OpenSM {@code max_wire_smps}: 4)
 * @param timeout     how long an SMP waits for its answer (OpenSM {@code transaction_timeout}: 200 ms)
 * @param retries     resends of an unanswered SMP (OpenSM {@code transaction_retries}: 3)
 * @param lmc         LMC of CA ports, 0-7
 * @param routing     the routing engine's name
 * @param guidToLid   where the LIDs are kept between runs (OpenSM's guid2lid file, same format); empty: in memory
 * @param qos         whether to write SL-to-VL and VL arbitration tables and VLHighLimit (OpenSM {@code qos}: off)
 * @param smKey       SMInfo.SM_Key: the SMs of a subnet share it, and an SM ignores the SMInfo and controls of SMs
 *                    with another (IBA 14.4.1; OpenSM {@code sm_key}: 1)
 * @param mKey        the M_Key the SM sets on end ports and its SMPs carry ({@link MKeyPolicy#NONE}: none)
 * @param partitions  the partitions whose P_Keys the SM writes into end ports' P_Key tables (OpenSM's
 *                    {@code partitions.conf}); empty: it leaves the tables alone and every path is in the default
 *                    partition
 */
public record SmOptions(
        int window,
        Duration timeout,
        int retries,
        int lmc,
        String routing,
        Optional<Path> guidToLid,
        boolean qos,
        long smKey,
        MKeyPolicy mKey,
        Optional<Partitions> partitions) {
    /** OpenSM's default {@code sm_key}, so that ibmesh's SM and OpenSM elect each other out of the box. */
    public static final long DEFAULT_SM_KEY = 1;

    /** ibmesh's defaults: 32 SMPs on the wire (in one JVM the round trip is tens of microseconds). */
    public static SmOptions defaults() {
        return new SmOptions(
                32,
                Duration.ofMillis(200),
                3,
                0,
                "minhop",
                Optional.empty(),
                false,
                DEFAULT_SM_KEY,
                MKeyPolicy.NONE,
                Optional.empty());
    }

    public SmOptions withLmc(int value) {
        return new SmOptions(window, timeout, retries, value, routing, guidToLid, qos, smKey, mKey, partitions);
    }

    public SmOptions withRouting(String value) {
        return new SmOptions(window, timeout, retries, lmc, value, guidToLid, qos, smKey, mKey, partitions);
    }

    public SmOptions withGuidToLid(Path file) {
        return new SmOptions(window, timeout, retries, lmc, routing, Optional.of(file), qos, smKey, mKey, partitions);
    }

    public SmOptions withWindow(int value) {
        return new SmOptions(value, timeout, retries, lmc, routing, guidToLid, qos, smKey, mKey, partitions);
    }

    public SmOptions withSmKey(long value) {
        return new SmOptions(window, timeout, retries, lmc, routing, guidToLid, qos, value, mKey, partitions);
    }

    public SmOptions withMKey(MKeyPolicy value) {
        return new SmOptions(window, timeout, retries, lmc, routing, guidToLid, qos, smKey, value, partitions);
    }

    public SmOptions withPartitions(Partitions value) {
        return new SmOptions(window, timeout, retries, lmc, routing, guidToLid, qos, smKey, mKey, Optional.of(value));
    }

    public SmOptions withQos(boolean value) {
        return new SmOptions(window, timeout, retries, lmc, routing, guidToLid, value, smKey, mKey, partitions);
    }
}
