package dev.ibmesh.cli;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/** The ibmesh command line. Each service and tool is a subcommand. */
@Command(
        name = "ibmesh",
        mixinStandardHelpOptions = true,
        versionProvider = Ibmesh.Version.class,
        description = "InfiniBand fabric emulator and conformance tester.")
public final class Ibmesh {
    /**
     * The subcommands, by the names their {@code @Command} gives, in the order help lists them. Picocli builds the
     * model of every registered command up front (options, their types, the classes those name): for all of them that
     * is a third of `ibmesh sm --once`'s start-up, and so is reading every command's annotation for its name. A command
     * line that names one gets only that one.
     */
    static final Map<String, Class<?>> SUBCOMMANDS = subcommands(
            Map.entry("test", TestCommand.class),
            Map.entry("decode", DecodeCommand.class),
            Map.entry("up", UpCommand.class),
            Map.entry("device", DeviceCommand.class),
            Map.entry("sm", SmCommand.class),
            Map.entry("gateway", GatewayCommand.class),
            Map.entry("k8s", K8sCommand.class),
            Map.entry("graph", GraphCommand.class),
            Map.entry("fabric", FabricCommand.class),
            Map.entry("generate", GenerateCommand.class),
            Map.entry("tester", TesterCommand.class),
            Map.entry("topology", TopologyCommand.class),
            Map.entry("help", CommandLine.HelpCommand.class));

    private static final String LOG_LEVEL = "--log-level";
    /** Options of the root command that answer on their own, before any subcommand. */
    private static final Set<String> ROOT_ONLY = Set.of("-h", "--help", "-V", "--version");

    /** Exit code for a file that could not be read (missing, truncated, not ERF). */
    public static final int EXIT_BAD_INPUT = 1;

    @Option(
            names = LOG_LEVEL,
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
        CommandLine cl = newCommandLine(args);
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

    /**
     * The configured command line for these arguments (tests run it in-process, without touching the JVM's logging):
     * with only the subcommand they name, or with all of them when they name none (help, a usage error).
     */
    public static CommandLine newCommandLine(String... args) {
        CommandLine cl = new CommandLine(new Ibmesh());
        Class<?> named = SUBCOMMANDS.get(subcommandWord(args));
        if (named != null && named != CommandLine.HelpCommand.class) {
            cl.addSubcommand(named);
        } else {
            SUBCOMMANDS.values().forEach(cl::addSubcommand);
        }
        return cl.setCaseInsensitiveEnumValuesAllowed(true);
    }

    /**
     * The first argument that is neither an option nor the value of {@code --log-level}, or "" when there is none or
     * the root's own help or version comes first (its help lists every subcommand).
     */
    private static String subcommandWord(String[] args) {
        for (int i = 0; i < args.length; i++) {
            if (ROOT_ONLY.contains(args[i])) {
                return "";
            } else if (args[i].equals(LOG_LEVEL)) {
                i++;
            } else if (!args[i].startsWith("-")) {
                return args[i];
            }
        }
        return "";
    }

    @SafeVarargs
    private static Map<String, Class<?>> subcommands(Map.Entry<String, Class<?>>... commands) {
        Map<String, Class<?>> byName = new LinkedHashMap<>();
        for (Map.Entry<String, Class<?>> command : commands) {
            byName.put(command.getKey(), command.getValue());
        }
        return Collections.unmodifiableMap(byName);
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Ibmesh.class.getPackage().getImplementationVersion();
            return new String[] {"ibmesh " + (v != null ? v : "(development build)")};
        }
    }
}
