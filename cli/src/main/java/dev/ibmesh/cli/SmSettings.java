package dev.ibmesh.cli;

import dev.ibmesh.sm.SmOptions;
import dev.ibmesh.sm.SubnetManager;
import dev.ibmesh.sm.activation.MKeyPolicy;
import dev.ibmesh.sm.partition.PartitionsFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Locale;
import picocli.CommandLine.Option;

/** How ibmesh's SM runs, the options `ibmesh up` and `ibmesh sm` share. */
final class SmSettings {
    @Option(
            names = "--routing",
            paramLabel = "ENGINE",
            defaultValue = "minhop",
            description = "The SM's routing engine: ${COMPLETION-CANDIDATES}. Default: ${DEFAULT-VALUE}.",
            completionCandidates = RoutingEngines.class)
    String routing;

    @Option(
            names = "--sm-priority",
            paramLabel = "N",
            defaultValue = "0",
            description = "The SM's priority (0-15; OpenSM's default is 0): of several SMs the highest is master."
                    + " Default: ${DEFAULT-VALUE}.")
    int priority;

    @Option(
            names = "--lmc",
            paramLabel = "N",
            defaultValue = "0",
            description =
                    "LMC of the CA ports (0-7): each gets 2^N LIDs, so min-hop can spread paths. Default: ${DEFAULT-VALUE}.")
    int lmc;

    @Option(
            names = "--guid2lid",
            paramLabel = "FILE",
            description = "Where the SM keeps the LIDs it gave, so a restart gives every port the same LIDs again"
                    + " (OpenSM's guid2lid format: either SM can read the other's). Default: none, LIDs are kept"
                    + " in memory only.")
    Path guidToLid;

    @Option(
            names = "--partitions",
            paramLabel = "FILE",
            description = "Partitions in OpenSM's partitions.conf format (NAME=PKEY[,defmember=full|limited] :"
                    + " ALL|ALL_CAS|ALL_SWITCHES|SELF|PORT_GUID[=full|limited|both], ... ;). The SM writes each end"
                    + " port's P_Key table from it, the default partition first, and the SA's PathRecords carry the"
                    + " P_Key two ports share (none: no path). Default: the ports' tables are left as they are.")
    Path partitions;

    @Option(
            names = "--qos",
            description = "Write SL-to-VL mapping and VL arbitration tables and VLHighLimit as OpenSM does with"
                    + " 'qos TRUE' and its default policy (SL i to VL i, SL 15 to VL 7, within each port's VLs)."
                    + " Default: off, as in OpenSM; the ports keep the tables they have.")
    boolean qos;

    @Option(
            names = "--sm-key",
            paramLabel = "KEY",
            defaultValue = "0x1",
            description = "The SM_Key, 64 bits (0x hex or decimal): SMs cooperate (elect, hand over) only with SMs that"
                    + " show the same key, as OpenSM's sm_key. Default: ${DEFAULT-VALUE}, OpenSM's default.")
    String smKey;

    @Option(
            names = "--m-key",
            paramLabel = "KEY",
            defaultValue = "0",
            description = "The M_Key the SM puts on every end port (64 bits, 0x hex or decimal); its SMPs carry it, and"
                    + " other SMPs are refused as --m-key-protect says. Default: ${DEFAULT-VALUE}, none (OpenSM's"
                    + " m_key default).")
    String mKey;

    @Option(
            names = "--m-key-protect",
            paramLabel = "N",
            defaultValue = "0",
            description = "M_KeyProtectBits (0-3): 1 hides the M_Key from a SubnGet with another key, 2 and 3 also"
                    + " refuse such Gets; a SubnSet with another key is always refused. Default: ${DEFAULT-VALUE}.")
    int mKeyProtect;

    @Option(
            names = "--m-key-lease",
            paramLabel = "SECONDS",
            defaultValue = "0",
            description = "M_KeyLeasePeriod (0-65535 s; 0: the protection never lapses). Default: ${DEFAULT-VALUE}.")
    int mKeyLease;

    /** The SM's options; an option it cannot honour is named in the exception's message. */
    SmOptions options() {
        if (lmc < 0 || lmc > 7) {
            throw new IllegalArgumentException("--lmc " + lmc + ": the LMC is 0-7");
        }
        if (priority < 0 || priority > 15) {
            throw new IllegalArgumentException("--sm-priority " + priority + ": the priority is 0-15");
        }
        if (!SubnetManager.ENGINES.contains(routing)) {
            throw new IllegalArgumentException("--routing " + routing + ": no such engine (choose "
                    + String.join(", ", SubnetManager.ENGINES) + ")");
        }
        if (guidToLid != null && Files.isDirectory(guidToLid)) {
            throw new IllegalArgumentException("--guid2lid " + guidToLid + ": is a directory; give a file");
        }
        SmOptions options = SmOptions.defaults()
                .withLmc(lmc)
                .withRouting(routing)
                .withQos(qos)
                .withSmKey(parseKey("--sm-key", smKey, "the SM_Key"))
                .withMKey(mKeyPolicy());
        if (partitions != null) {
            try {
                options = options.withPartitions(
                        PartitionsFile.read(partitions, note -> System.err.println("ibmesh: " + note)));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--partitions " + e.getMessage(), e);
            }
        }
        return guidToLid == null ? options : options.withGuidToLid(guidToLid);
    }

    private MKeyPolicy mKeyPolicy() {
        if (mKeyProtect < 0 || mKeyProtect > 3) {
            throw new IllegalArgumentException("--m-key-protect " + mKeyProtect + ": M_KeyProtectBits are 0-3");
        }
        if (mKeyLease < 0 || mKeyLease > 0xFFFF) {
            throw new IllegalArgumentException("--m-key-lease " + mKeyLease + ": M_KeyLeasePeriod is 0-65535 s");
        }
        return new MKeyPolicy(parseKey("--m-key", mKey, "the M_Key"), mKeyProtect, mKeyLease);
    }

    private static long parseKey(String option, String text, String what) {
        try {
            String t = text.strip().toLowerCase(Locale.ROOT);
            return t.startsWith("0x") ? Long.parseUnsignedLong(t.substring(2), 16) : Long.parseUnsignedLong(t);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    option + " " + text + ": " + what + " is a 64-bit number, 0x hex or decimal");
        }
    }

    /** The routing engines, for --help. */
    static final class RoutingEngines implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return SubnetManager.ENGINES.iterator();
        }
    }
}
