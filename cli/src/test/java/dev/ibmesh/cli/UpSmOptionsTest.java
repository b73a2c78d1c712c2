package dev.ibmesh.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `ibmesh up` refuses SM options it cannot honour before it starts anything: exit 1 and a line that says why. */
class UpSmOptionsTest {
    private static final String TOPOLOGY = Path.of("..", "examples", "topologies", "two-switches-four-hcas.yaml")
            .toString();

    @Test
    void badSmOptionsAreRefusedByName(@TempDir Path dir) throws Exception {
        CliRun lmc = CliRun.of("up", TOPOLOGY, "--lmc", "9");
        assertEquals(1, lmc.exit());
        assertTrue(lmc.err().contains("ibmesh up: --lmc 9: the LMC is 0-7"), lmc::err);

        CliRun priority = CliRun.of("up", TOPOLOGY, "--sm-priority", "16");
        assertEquals(1, priority.exit());
        assertTrue(priority.err().contains("--sm-priority 16"), priority::err);

        CliRun routing = CliRun.of("up", TOPOLOGY, "--routing", "dor");
        assertEquals(1, routing.exit());
        assertTrue(
                routing.err().contains("--routing dor: no such engine (choose minhop, updown, ftree)"), routing::err);

        CliRun guid2lid = CliRun.of("up", TOPOLOGY, "--guid2lid", dir.toString());
        assertEquals(1, guid2lid.exit());
        assertTrue(guid2lid.err().contains("--guid2lid " + dir + ": is a directory; give a file"), guid2lid::err);

        CliRun key = CliRun.of("up", TOPOLOGY, "--sm-key", "0xg");
        assertEquals(1, key.exit());
        assertTrue(key.err().contains("--sm-key 0xg: the SM_Key is a 64-bit number"), key::err);

        CliRun protect = CliRun.of("up", TOPOLOGY, "--m-key", "0x1234", "--m-key-protect", "4");
        assertEquals(1, protect.exit());
        assertTrue(protect.err().contains("--m-key-protect 4: M_KeyProtectBits are 0-3"), protect::err);

        Path conf = dir.resolve("partitions.conf");
        CliRun missing = CliRun.of("up", TOPOLOGY, "--partitions", conf.toString());
        assertEquals(1, missing.exit());
        assertTrue(missing.err().contains("--partitions " + conf + ": cannot read it"), missing::err);

        Files.writeString(conf, "Default=0x7fff : ALL=full ;\nstorage=0x2 : ALL=most ;\n");
        CliRun bad = CliRun.of("up", TOPOLOGY, "--partitions", conf.toString());
        assertEquals(1, bad.exit());
        assertTrue(
                bad.err().contains("--partitions " + conf + ":2: membership 'most' is not full, limited or both"),
                bad::err);

        CliRun port = CliRun.of("up", TOPOLOGY, "--sm-port", "nosuch/1");
        assertEquals(1, port.exit());
        assertTrue(port.err().contains("nosuch"), port::err);
    }
}
