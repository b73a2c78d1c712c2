package dev.ibmesh.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The top-level command line: built with only the subcommand its arguments name, with all when they name none. */
class IbmeshCommandLineTest {
    private static final Set<String> ALL = Set.of(
            "test",
            "decode",
            "up",
            "device",
            "sm",
            "gateway",
            "k8s",
            "graph",
            "fabric",
            "generate",
            "tester",
            "topology",
            "help");

    @Test
    void aCommandLineThatNamesASubcommandBuildsOnlyThatOne() {
        assertEquals(Set.of("sm"), subcommands("sm", "--once"));
        assertEquals(Set.of("topology"), subcommands("--log-level", "debug", "topology", "fat-tree"));
    }

    @Test
    void everySubcommandIsKnownByTheNameItsCommandAnnotationGives() {
        Ibmesh.SUBCOMMANDS.forEach((name, command) -> assertEquals(
                name, command.getAnnotation(CommandLine.Command.class).name(), command.getName()));
    }

    @Test
    void helpAndAnUnknownCommandSeeEverySubcommand() {
        assertEquals(ALL, subcommands());
        assertEquals(ALL, subcommands("help", "sm"));
        assertEquals(ALL, subcommands("smm"));
        assertEquals(ALL, subcommands("--help", "sm"), "the root's help, asked before a subcommand, lists them all");
        assertEquals(ALL, subcommands("-V", "sm"));

        CliRun help = CliRun.of("--help");
        assertEquals(0, help.exit());
        for (String command : List.of("  sm ", "  fabric ", "  topology ")) {
            assertTrue(help.out().contains(command), help.out());
        }
        CliRun typo = CliRun.of("smm");
        assertEquals(2, typo.exit());
        assertTrue(typo.err().contains("Unmatched argument at index 0: 'smm'"), typo.err());
    }

    @Test
    void anInheritedLogLevelStillReachesTheNamedSubcommand() {
        CliRun run = CliRun.of("sm", "--log-level", "nonsense");
        assertEquals(2, run.exit());
        assertTrue(run.err().contains("Invalid value for option '--log-level'"), run.err());
    }

    private static Set<String> subcommands(String... args) {
        return Ibmesh.newCommandLine(args).getSubcommands().keySet();
    }
}
