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
 * what the archive holds), and the launcher hands each command its archive, which the JVM accepts (a class logged as
 * loaded from the "top" archive, where a stale or refused archive would have it loaded from the jar). Runs after the
 * package phase, which makes them.
 */
class ClassArchiveIT {
    private static final Path TARGET = Path.of("target").toAbsolutePath();
    private static final Path JAR = TARGET.resolve("ibmesh.jar");
    private static final Path LAUNCHER = TARGET.getParent().getParent().resolve("ibmesh");
    private static final String FROM_ARCHIVE = "dev.ibmesh.cli.Ibmesh source: shared objects file (top)";

    @Test
    void theSmArchiveHoldsTheSubnetManagerAndItsIbsimPort() throws Exception {
        String held = archived("ibmesh.jsa");
        assertTrue(held.contains("dev.ibmesh.sm.SubnetManager app_loader"), "SubnetManager not archived");
        assertTrue(held.contains("dev.ibmesh.runtime.madport.IbsimMadPort app_loader"), "IbsimMadPort not archived");
    }

    @Test
    void theUpArchiveHoldsTheDevicesAndTheUmadEndpoint() throws Exception {
        String held = archived("ibmesh-up.jsa");
        assertTrue(held.contains("dev.ibmesh.device.sw.SwitchDevice app_loader"), "SwitchDevice not archived");
        assertTrue(held.contains("dev.ibmesh.runtime.umad.UmadServer app_loader"), "UmadServer not archived");
    }

    @Test
    void theLauncherHandsEachCommandItsArchive() throws Exception {
        // --help of up and of sm: each loads the root command's class, from the archive the launcher chose
        for (String command : List.of("up", "sm")) {
            CliRun run = CliRun.run(launcher(command, "--help"));
            assertEquals(0, run.exit(), run.err());
            assertTrue(run.out().contains(FROM_ARCHIVE), command + ": the root command's class not from an archive");
        }
    }

    /** What the JVM lists as held by the archive {@code name}, after checking it against the jar. */
    private static String archived(String name) throws IOException, InterruptedException {
        Path archive = TARGET.resolve(name);
        assertTrue(Files.isRegularFile(archive), archive + " was not written");
        CliRun run = CliRun.run(new ProcessBuilder(
                "java", "-XX:SharedArchiveFile=" + archive, "-XX:+PrintSharedArchiveAndExit", "-jar", JAR.toString()));
        assertEquals(0, run.exit(), "the JVM refused " + archive + ": " + run.out() + run.err());
        return run.out();
    }

    private static ProcessBuilder launcher(String... args) {
        ProcessBuilder pb = new ProcessBuilder(LAUNCHER.toString());
        pb.command().addAll(List.of(args));
        pb.environment().putAll(Map.of("IBMESH_JAVA_OPTS", "-Xlog:class+load=info"));
        return pb;
    }
}
