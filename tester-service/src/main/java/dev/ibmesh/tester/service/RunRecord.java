package dev.ibmesh.tester.service;

import java.nio.file.Path;
import java.time.Instant;

/**
 * A run of the tester service: its id, the DUT it runs against, and its directory (the traces, then the reports).
 */
record RunRecord(String id, String dut, Path dir, Instant started) {
    /** Where the runner writes each procedure run's pcap, as the report directory lays them out. */
    Path traces() {
        return dir.resolve("traces");
    }
}
