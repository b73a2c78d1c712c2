package dev.ibmesh.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.device.hca.HcaDevice;
import dev.ibmesh.device.hca.HcaHostPort;
import dev.ibmesh.runtime.device.FabricTestKit;
import dev.ibmesh.runtime.madport.AgentMadPort;
import dev.ibmesh.runtime.umad.OfedTools;
import dev.ibmesh.sm.SmOptions;
import dev.ibmesh.sm.SmService;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * saquery (infiniband-diags) asks ibmesh's SA and OpenSM's SA the same questions on the same fabric, each SM on h1,
 * saquery on h2, and gets the same answers: NodeRecord, PortInfoRecord, PathRecord, the SM ports, the multicast
 * groups (the IPoIB broadcast group, before anyone joined), and the first
 * record of the NodeRecord table (libumad2sim reads one MAD of a multi-MAD answer). LIDs are named by their port
 * before comparing, so the two SMs may number the ports differently.
 */
class SaqueryParityTest {
    private static final Path TOPOLOGY = Path.of("..", "examples", "topologies", "two-switches-four-hcas.yaml");
    private static final Pattern LID_FIELD =
            Pattern.compile("((?:lid|Lid|LID|slid|dlid|base_lid|EndPortLid|SMLid)[.:]*\\s*)(\\d+)\\s*$");

    @Test
    void ibmeshsSaAnswersSaqueryAsOpenSmDoes() throws Exception {
        OfedTools.require("opensm", "opensm");
        OfedTools.require("saquery", "infiniband-diags");
        Map<String, String> ours;
        try (OfedFabric f = OfedFabric.start(TOPOLOGY);
                SmService sm = ibmeshSm(f)) {
            ours = answers(f);
        }
        Map<String, String> openSm;
        try (OfedFabric f = OfedFabric.start(TOPOLOGY)) {
            Path conf = Files.writeString(f.dir.resolve("opensm.conf"), "force_log_flush TRUE\n");
            OfedTools.Started osm = f.start(
                    "h1",
                    "opensm",
                    "-F",
                    conf.toString(),
                    "-f",
                    f.dir.resolve("opensm.log").toString());
            try {
                FabricTestKit.await("OpenSM master", 60_000, () -> {
                    try {
                        return f.run("h2", "sminfo").out().contains("SMINFO_MASTER");
                    } catch (Exception e) {
                        return false;
                    }
                });
                openSm = answers(f);
            } finally {
                osm.process().destroy();
                osm.process().waitFor(10, TimeUnit.SECONDS);
            }
        }
        for (String query : openSm.keySet()) {
            assertTrue(openSm.get(query).contains("dump"), () -> query + " from OpenSM: " + openSm.get(query));
            assertEquals(openSm.get(query), ours.get(query), "saquery " + query);
        }
    }

    /**
     * A table longer than one MAD (all PathRecords from h2) reaches saquery through libumad2sim cut to its first
     * records, but every record saquery prints is a real one: libumad2sim copies 224 bytes of a MAD, and a longer
     * length made saquery print a record of garbage (LIDs 0).
     */
    @Test
    void aTableCutByLibumad2simShowsOnlyWholeRecords() throws Exception {
        OfedTools.require("saquery", "infiniband-diags");
        try (OfedFabric f = OfedFabric.start(TOPOLOGY);
                SmService sm = ibmeshSm(f)) {
            OfedTools.Run run = f.run("h2", "saquery", "-p");
            assertEquals(0, run.exitCode(), run::toString);
            Matcher dlid = Pattern.compile("(?m)^\\s*dlid\\.+(\\d+)$").matcher(run.out());
            int records = 0;
            while (dlid.find()) {
                records++;
                assertTrue(Integer.parseInt(dlid.group(1)) > 0, () -> "a record of garbage:\n" + run.out());
            }
            assertTrue(records >= 1, run::toString);
        }
    }

    /** ibmesh's SM on h1, the subnet up. */
    private static SmService ibmeshSm(OfedFabric f) throws Exception {
        SmService sm = new SmService(
                AgentMadPort.open(new HcaHostPort((HcaDevice) f.device("h1"), 1))
                        .get(10, TimeUnit.SECONDS),
                SmOptions.defaults(),
                0,
                Duration.ofHours(1),
                s -> {});
        try {
            sm.start().get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            sm.close();
            throw e;
        }
        return sm;
    }

    /** What saquery prints for each query, from h2, with every LID replaced by its port's name. */
    private static Map<String, String> answers(OfedFabric f) throws Exception {
        Map<String, String> lids = new LinkedHashMap<>();
        for (String host : List.of("h1", "h2", "sw1", "sw2")) {
            String portInfo = f.run(host, "smpquery", "-D", "portinfo", "0").out();
            Matcher m = Pattern.compile("(?m)^Lid:\\.*(\\d+)").matcher(portInfo);
            assertTrue(m.find(), () -> host + " PortInfo: " + portInfo);
            lids.put(m.group(1), host);
        }
        String h1 = key(lids, "h1");
        String h2 = key(lids, "h2");
        Map<String, String> out = new LinkedHashMap<>();
        for (String query : List.of("NR h2", "PIR h2/1", "-p --slid h1 --dlid h2", "-s", "-g", "NR")) {
            List<String> command = new ArrayList<>(List.of("saquery"));
            for (String word : query.split(" ")) {
                command.add(word.replace("h1", h1).replace("h2", h2));
            }
            OfedTools.Run run = f.run("h2", command.toArray(String[]::new));
            out.put(query, named(run.out() + run.err(), lids));
        }
        return out;
    }

    private static String key(Map<String, String> lids, String host) {
        return lids.entrySet().stream()
                .filter(e -> e.getValue().equals(host))
                .findFirst()
                .orElseThrow()
                .getKey();
    }

    private static String named(String text, Map<String, String> lids) {
        StringBuilder b = new StringBuilder();
        for (String line : text.split("\n", -1)) {
            Matcher m = LID_FIELD.matcher(line);
            b.append(
                            m.find() && lids.containsKey(m.group(2))
                                    ? line.substring(0, m.start(2)) + "<" + lids.get(m.group(2)) + ">"
                                    : line)
                    .append('\n');
        }
        return b.toString();
    }
}
