package dev.ibmesh.tester.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.tester.ProcedureProof;
import dev.ibmesh.tester.engine.Catalog;
import dev.ibmesh.tester.engine.Configuration;
import dev.ibmesh.tester.engine.ProcedureResult;
import dev.ibmesh.tester.engine.Verdict;
import dev.ibmesh.tshark.Tshark;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The evidence of C09_130_01, read by a tool nobody here wrote: Wireshark's dissector, through tshark, decodes the
 * run's trace, and the DUT's retry must come at least 491.52 ms (RNR timer code 31) after the tester's RNR NAK.
 */
class C09_130_01TraceTest {
    /** IBA table 45, code 31. */
    private static final BigDecimal TIMER_31 = new BigDecimal("0.49152");

    private static final int RC_SEND_ONLY = 0x04;
    private static final int RC_ACKNOWLEDGE = 0x11;
    /** AETH syndrome of an RNR NAK with timer code 31: type 01 in bits 6-5, the code in bits 4-0. */
    private static final int RNR_NAK_31 = 0x3F;

    @TempDir
    Path traces;

    @Test
    void wiresharkSeesTheRetryNoEarlierThanTheRnrTimerAfterTheNak() throws Exception {
        ProcedureResult r;
        try (ProcedureProof proof = new ProcedureProof()) {
            Configuration config =
                    Catalog.load().byId("C09_130_01").orElseThrow().defaultConfiguration();
            r = proof.runWithTrace(
                    "C09_130_01",
                    "hca",
                    new Configuration(config.width(), config.speed(), Map.of("rnrTimer", "31")),
                    traces);
        }
        assertEquals(Verdict.Kind.PASS, r.verdict().kind(), r.verdict().describe());
        Path trace = r.traceFile().orElseThrow();

        List<String[]> frames = Tshark.read(
                        trace,
                        "-T",
                        "fields",
                        "-E",
                        "separator=,",
                        "-e",
                        "frame.time_epoch",
                        "-e",
                        "infiniband.bth.opcode",
                        "-e",
                        "infiniband.aeth.syndrome",
                        "-e",
                        "infiniband.lrh.slid")
                .lines()
                .stream()
                .map(l -> l.split(",", -1))
                .toList();
        BigDecimal nak = null;
        BigDecimal retry = null;
        for (String[] f : frames) {
            if (f[1].isEmpty()) {
                continue;
            }
            int opcode = Integer.decode(f[1]);
            if (nak == null && opcode == RC_ACKNOWLEDGE && Integer.decode(f[2]) == RNR_NAK_31) {
                nak = new BigDecimal(f[0]);
            } else if (nak != null && retry == null && opcode == RC_SEND_ONLY) {
                retry = new BigDecimal(f[0]);
            }
        }
        assertTrue(
                nak != null && retry != null,
                "tshark shows no RNR NAK followed by a retry: " + frames.size() + " frames");
        BigDecimal gap = retry.subtract(nak);
        assertTrue(gap.compareTo(TIMER_31) >= 0, "the retry came " + gap + " s after the RNR NAK");
    }
}
