package dev.ibmesh.tester.bench;

import dev.ibmesh.runtime.madport.MadPort;
import io.grpc.Channel;
import java.util.Optional;

/**
 * The test bench of one procedure run: the tester's port on a SimpleLink to the DUT, and what the tester can do
 * through it. MAD procedures use nothing but {@link #madPort()}, so they run on any backend; the Transport Tester
 * and the packet generator also need {@link #exerciser()} (raw frames, embedded only) and, for a CA DUT,
 * {@link #dutVerbs()}.
 */
public interface Bench extends AutoCloseable {
    /** One line for reports: where the DUT is and how the link is configured. */
    String description();

    /** The DUT's device name (topology name, or its NodeDescription). */
    String dutName();

    /** The management port the tester sends MADs from. */
    MadPort madPort();

    /** The link as the bench's setup found or configured it: LIDs, the DUT's NodeInfo and port. */
    SimpleLinkView link();

    /** Raw frames on the tester's port; empty through a MAD-only backend. */
    Optional<Exerciser> exerciser();

    /** The DUT's verbs service (ibmesh.verbs.v1.Verbs), when the DUT is a CA the tester can drive. */
    Optional<Channel> dutVerbs();

    /** The frames of this run. */
    Trace trace();

    /** Stops what the bench started (an embedded fabric); a bench on a running fabric only lets go of it. */
    @Override
    void close();
}
