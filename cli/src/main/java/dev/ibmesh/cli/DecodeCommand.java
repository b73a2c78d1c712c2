package dev.ibmesh.cli;

import dev.ibmesh.text.Defect;
import dev.ibmesh.text.FrameDescriber;
import dev.ibmesh.text.FrameDescription;
import dev.ibmesh.trace.ErfTraceReader;
import dev.ibmesh.trace.ErfType;
import dev.ibmesh.trace.FrameFilter;
import dev.ibmesh.trace.TraceFormatException;
import dev.ibmesh.trace.TraceRecord;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code ibmesh decode [--filter TERMS] FILE}: one line per captured frame (that the filter keeps), marks on every frame whose VCRC, ICRC, LPCRC, PktLen or
 * LVer is wrong, and a summary line. Reads the pcap/ERF files ibmesh and Mellanox ibdump write.
 */
@Command(
        name = "decode",
        mixinStandardHelpOptions = true,
        description = "Decode an InfiniBand trace (pcap with ERF records, as ibdump and ibmesh write them).",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:the file was read (CRC errors in packets do not change this)",
            "1:the file is missing, truncated or not an ERF trace",
            "2:wrong usage"
        })
final class DecodeCommand implements Callable<Integer> {
    @Parameters(paramLabel = "FILE", description = "The trace to decode.")
    Path file;

    @Option(
            names = {"-v", "--verbose"},
            description = "Print every field of every header, MAD and attribute.")
    boolean verbose;

    @Option(
            names = "--filter",
            paramLabel = "TERMS",
            converter = FilterConverter.class,
            description = "Print only the frames these comma-separated terms keep, numbered as in the file: no-fc"
                    + " (leave out link flow-control packets), qp=N (BTH DestQP), lid=N (LRH DLID or SLID),"
                    + " opcode=NAME|N (RC_SEND_ONLY, 0x64). A frame must pass every kind of term, any one of several"
                    + " of a kind. Captures over the control API take the same terms.")
    FrameFilter filter = FrameFilter.ALL;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (!Files.isRegularFile(file)) {
            err.println("ibmesh decode: " + file + ": no such file");
            return Ibmesh.EXIT_BAD_INPUT;
        }
        Tally tally = new Tally();
        try (ErfTraceReader reader = ErfTraceReader.open(file)) {
            long first = -1;
            for (TraceRecord r = reader.next(); r != null; r = reader.next()) {
                first = first < 0 ? r.timestampNanos() : first;
                tally.packets++;
                if (filter.keep(r.type(), r.packet())) {
                    tally.shown++;
                    print(out, tally.packets, r, r.timestampNanos() - first, tally);
                }
            }
        } catch (TraceFormatException e) {
            out.println(tally.summary());
            out.flush();
            err.println("ibmesh decode: " + e.getMessage());
            return Ibmesh.EXIT_BAD_INPUT;
        }
        out.println(tally.summary());
        return 0;
    }

    /** Reads {@code --filter}; a term that is not one is wrong usage (exit 2), with the reason. */
    static final class FilterConverter implements ITypeConverter<FrameFilter> {
        @Override
        public FrameFilter convert(String value) {
            try {
                return FrameFilter.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    private void print(PrintWriter out, int number, TraceRecord r, long relativeNanos, Tally tally) {
        FrameDescription d = r.type().equals(ErfType.INFINIBAND_LINK)
                ? FrameDescriber.linkPacket(r.packet())
                : FrameDescriber.dataPacket(r.packet());
        tally.count(d);
        out.println(FrameLine.of(number, relativeNanos, r.port().display(), r.direction(), r.length(), d));
        if (verbose) {
            out.println(String.format(
                    "        time=%d.%09d erf-type=%s",
                    r.timestampNanos() / 1_000_000_000L, r.timestampNanos() % 1_000_000_000L, r.type()));
            for (String detail : d.details()) {
                out.println("        " + detail);
            }
        }
    }

    /** Counts for the summary line. */
    private final class Tally {
        int packets;
        int shown;
        int crcErrors;
        int otherDefects;

        void count(FrameDescription d) {
            if (d.defects().stream().anyMatch(Defect::isCrcError)) {
                crcErrors++;
            }
            if (d.defects().stream().anyMatch(x -> !x.isCrcError())) {
                otherDefects++;
            }
        }

        String summary() {
            String read = filter.equals(FrameFilter.ALL)
                    ? packets + " packets read"
                    : packets + " packets read, " + shown + " kept by filter " + filter;
            return String.format(
                    "summary: %s, %d with CRC errors, %d with other defects", read, crcErrors, otherDefects);
        }
    }
}
