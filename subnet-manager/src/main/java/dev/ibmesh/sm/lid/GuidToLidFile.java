package dev.ibmesh.sm.lid;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The LIDs of a subnet kept on disk between runs, in OpenSM's {@code guid2lid} format, so either SM can take over the
 * other's file: one entry per end port, {@code 0x<port GUID> 0x<min LID> 0x<max LID>}, entries separated by a blank
 * line. Reading forgives what a hand or a crash did to the file: a line that is not an entry is reported and skipped;
 * the LIDs themselves are checked by {@link LidManager}, which reassigns any that are zero, taken twice or not
 * aligned to the LMC.
 */
public final class GuidToLidFile {
    private GuidToLidFile() {}

    /** Port GUID to base LID, from {@code file}; empty when it does not exist. */
    public static Map<Long, Integer> read(Path file, Consumer<String> problems) {
        Map<Long, Integer> lids = new LinkedHashMap<>();
        if (!Files.exists(file)) {
            return lids;
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            problems.accept("cannot read " + file + ": " + e.getMessage());
            return lids;
        }
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] words = line.split("\\s+");
            try {
                if (words.length < 2) {
                    throw new NumberFormatException("expected a GUID and a LID");
                }
                lids.put(Long.parseUnsignedLong(hex(words[0]), 16), Integer.decode(words[1]));
            } catch (NumberFormatException e) {
                problems.accept(file + " line " + (i + 1) + " skipped: '" + line + "' (" + e.getMessage() + ")");
            }
        }
        return lids;
    }

    /** Writes every end port's LID range to {@code file}, replacing it whole (a crash leaves the old file). */
    public static void write(Path file, LidAssignment lids) {
        StringBuilder text = new StringBuilder();
        lids.bases()
                .forEach((port, base) -> text.append(
                        String.format("0x%016x 0x%04x 0x%04x%n%n", port.guid(), base, base + lids.span(port) - 1)));
        try {
            Path dir = file.toAbsolutePath().getParent();
            Files.createDirectories(dir);
            Path tmp = Files.createTempFile(dir, file.getFileName().toString(), ".tmp");
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    private static String hex(String word) {
        if (!word.startsWith("0x") && !word.startsWith("0X")) {
            throw new NumberFormatException("a GUID starts with 0x");
        }
        return word.substring(2);
    }
}
