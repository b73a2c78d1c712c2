package dev.ibmesh.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

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
            TesterCommand.class,
            CommandLine.HelpCommand.class
        })
public final class Ibmesh {
    /** Exit code for a file that could not be read (missing, truncated, not ERF). */
    public static final int EXIT_BAD_INPUT = 1;

    public static void main(String[] args) {
        System.exit(newCommandLine().execute(args));
    }

    /** The configured command line (tests run it in-process). */
    public static CommandLine newCommandLine() {
        return new CommandLine(new Ibmesh());
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Ibmesh.class.getPackage().getImplementationVersion();
            return new String[] {"ibmesh " + (v != null ? v : "(development build)")};
        }
    }
}
