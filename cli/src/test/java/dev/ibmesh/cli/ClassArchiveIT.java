package dev.ibmesh.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The class-data-sharing archives the build writes next to the jar (scripts/class-archives), as the {@code ibmesh}
 * launcher uses them: each holds the classes its kind of command spends its start loading (checked by asking the JVM
 * what the archive holds), and the launcher hands each command its own archive, which the JVM opens and loads classes
 * from (a class logged as loaded from the "top" archive, where a stale or refused archive would have it read from the
 * jar). Runs after the package phase, which makes them; the jar and the launcher come from the system properties
 * {@value #JAR_PROPERTY} and {@value #LAUNCHER_PROPERTY}.
 */
class ClassArchiveIT {
    static final String JAR_PROPERTY = "ibmesh.jar";
    static final String LAUNCHER_PROPERTY = "ibmesh.launcher";
    private static final Path JAR =
            Path.of(System.getProperty(JAR_PROPERTY, "target/ibmesh.jar")).toAbsolutePath();
    private static final Path LAUNCHER = Path.of(System.getProperty(LAUNCHER_PROPERTY, "../ibmesh"))
            .toAbsolutePath()
            .normalize();
    private static final String FROM_ARCHIVE = "dev.ibmesh.cli.Ibmesh source: shared objects file (top)";

    @Test
    void theSmArchiveHoldsTheSubnetManagerAndItsIbsimPort() throws Exception {
        String held = archived("ibmesh.jsa");
        assertTrue(held.contains("dev.ibmesh.sm.SubnetManager app_loader"), "SubnetManager not archived");
        assertTrue(held.contains("dev.ibmesh.runtime.madport.IbsimMadPort app_loader"), "IbsimMadPort not archived");
    }

    @Test
    void theUpArchiveHoldsTheDevicesItsSmAndTheUmadEndpoint() throws Exception {
        String held = archived("ibmesh-up.jsa");
        assertTrue(held.contains("dev.ibmesh.device.sw.SwitchDevice app_loader"), "SwitchDevice not archived");
        assertTrue(held.contains("dev.ibmesh.sm.SubnetManager app_loader"), "SubnetManager not archived");
        assertTrue(held.contains("dev.ibmesh.runtime.umad.UmadServer app_loader"), "UmadServer not archived");
    }

    @Test
    void theLauncherHandsEachCommandItsArchive() throws Exception {
        // --help of up and of sm: each opens its own archive and loads the root command's class from it
        for (Map.Entry<String, String> command :
                Map.of("up", "ibmesh-up.jsa", "sm", "ibmesh.jsa").entrySet()) {
            CliRun run = CliRun.run(launcher(command.getKey(), "--help"));
            assertEquals(0, run.exit(), run.err());
            // the launcher names it by its own directory, which may be spelled apart from Maven's
            String opened = "/cli/target/" + command.getValue() + ".";
            assertTrue(
                    run.lines().stream().anyMatch(l -> l.contains("Opened archive /") && l.endsWith(opened)),
                    command.getKey() + ": no 'Opened archive ..." + opened + "' line");
            assertTrue(run.out().contains(FROM_ARCHIVE), command.getKey() + ": the root command's class not archived");
        }
    }

    /** What the JVM lists as held by the archive {@code name}, after checking it against the jar. */
    private static String archived(String name) throws IOException, InterruptedException {
        Path archive = JAR.resolveSibling(name);
        Path log = JAR.resolveSibling("class-archives.log");
        assertTrue(
                Files.isRegularFile(archive),
                archive + " was not written" + (Files.isRegularFile(log) ? ": " + Files.readString(log) : ""));
        CliRun run = CliRun.run(new ProcessBuilder(
                "java", "-XX:SharedArchiveFile=" + archive, "-XX:+PrintSharedArchiveAndExit", "-jar", JAR.toString()));
        assertEquals(0, run.exit(), "the JVM refused " + archive + ": " + run.out() + run.err());
        return run.out();
    }

    private static ProcessBuilder launcher(String... args) {
        ProcessBuilder pb = new ProcessBuilder(LAUNCHER.toString());
        pb.command().addAll(List.of(args));
        // after the launcher's own -Xlog options, so these win: which archive was opened, where classes came from
        pb.environment().put("IBMESH_JAVA_OPTS", "-Xlog:cds=info -Xlog:class+load=info");
        return pb;
    }
}
