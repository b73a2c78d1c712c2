package dev.ibmesh.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/** The ibmesh command line. Each service and tool is a subcommand. */
@Command(
        name = "ibmesh",
        mixinStandardHelpOptions = true,
        versionProvider = Ibmesh.Version.class,
        description = "InfiniBand fabric emulator and conformance tester.",
        subcommands = {
            TestCommand.class,
            DecodeCommand.class,
            UpCommand.class,
            DeviceCommand.class,
            SmCommand.class,
            GatewayCommand.class,
            K8sCommand.class,
            GraphCommand.class,
            FabricCommand.class,
            GenerateCommand.class,
            TesterCommand.class,
            TopologyCommand.class,
            CommandLine.HelpCommand.class
        })
public final class Ibmesh {
    /** Exit code for a file that could not be read (missing, truncated, not ERF). */
    public static final int EXIT_BAD_INPUT = 1;

    @Option(
            names = "--log-level",
            paramLabel = "LEVEL",
            scope = ScopeType.INHERIT,
            defaultValue = "${env:IBMESH_LOG_LEVEL}",
            description = "What ibmesh logs on stderr: error, warn, info (links up and down, ports Active, umad "
                    + "clients, traps, refused verbs), debug (also every umad MAD, QP states) or trace. "
                    + "Default: the environment variable IBMESH_LOG_LEVEL, else warn for 'test' (its devices' "
                    + "frames are in the report) and info for the others.")
    ConsoleLogging.Level logLevel;

    /** The process: logging set up from the parsed command line, then the command. */
    public static void main(String[] args) {
        CommandLine cl = newCommandLine();
        cl.setExecutionStrategy(parsed -> {
            ConsoleLogging.configure(logLevel(parsed));
            return new CommandLine.RunLast().execute(parsed);
        });
        System.exit(cl.execute(args));
    }

    private static ConsoleLogging.Level logLevel(CommandLine.ParseResult parsed) {
        ConsoleLogging.Level asked = ((Ibmesh) parsed.commandSpec().userObject()).logLevel;
        if (asked != null) {
            return asked;
        }
        boolean test =
                parsed.hasSubcommand() && parsed.subcommand().commandSpec().userObject() instanceof TestCommand;
        return test ? ConsoleLogging.Level.WARN : ConsoleLogging.Level.INFO;
    }

    /** The configured command line (tests run it in-process, without touching the JVM's logging). */
    public static CommandLine newCommandLine() {
        return new CommandLine(new Ibmesh()).setCaseInsensitiveEnumValuesAllowed(true);
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Ibmesh.class.getPackage().getImplementationVersion();
            return new String[] {"ibmesh " + (v != null ? v : "(development build)")};
        }
    }
}
