package dev.ibmesh.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine;

/** Where a command that writes a document puts it: stdout, or the file of its {@code -o} option. */
final class TextOutput {
    private TextOutput() {}

    /**
     * Prints {@code text}, or writes it to {@code output} when one is given.
     *
     * @return whether it was written; when not, the reason was printed to stderr after {@code command}
     */
    static boolean write(CommandLine cl, Path output, String text, String command) {
        if (output == null) {
            cl.getOut().print(text);
            cl.getOut().flush();
            return true;
        }
        try {
            Files.writeString(output, text, StandardCharsets.UTF_8);
            return true;
        } catch (IOException e) {
            cl.getErr().println("ibmesh " + command + ": cannot write " + output + ": " + e.getMessage());
            return false;
        }
    }
}
