package dev.ibmesh.trace;

import dev.ibmesh.wire.Bth;
import dev.ibmesh.wire.Grh;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.OpCode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Which frames of a trace to keep: what a capture writes and what {@code ibmesh decode --filter} prints. Written as
 * comma-separated terms, e.g. {@code no-fc,qp=5,lid=3,opcode=RC_SEND_ONLY}:
 *
 * <ul>
 *   <li>{@code all}: every frame (the same as no term);
 *   <li>{@code no-fc}: leave out link flow-control packets (an idle port's trace is nearly all of them);
 *   <li>{@code qp=N}: data packets whose BTH DestQP is N;
 *   <li>{@code lid=N}: data packets whose LRH DLID or SLID is N;
 *   <li>{@code opcode=NAME} or {@code opcode=N}: data packets with that BTH OpCode ({@code RC_SEND_ONLY},
 *       {@code UD_SEND_ONLY}, {@code 0x04}).
 * </ul>
 *
 * Numbers are decimal or 0x-hex. A frame is kept when it passes every kind of term given; several terms of one kind
 * ({@code qp=5,qp=6}) keep a frame that matches any of them. A {@code qp}, {@code lid} or {@code opcode} term keeps
 * no flow-control packet (they have none of these fields), nor a raw packet for {@code qp} and {@code opcode}.
 * Immutable; {@link #keep} allocates nothing.
 */
public final class FrameFilter {
    public static final FrameFilter ALL = new FrameFilter(false, new int[0], new int[0], new int[0], "all");
    public static final FrameFilter NO_FLOW_CONTROL =
            new FrameFilter(true, new int[0], new int[0], new int[0], "no-fc");

    private final boolean noFlowControl;
    private final int[] qps;
    private final int[] lids;
    private final int[] opcodes;
    private final String text;

    private FrameFilter(boolean noFlowControl, int[] qps, int[] lids, int[] opcodes, String text) {
        this.noFlowControl = noFlowControl;
        this.qps = qps;
        this.lids = lids;
        this.opcodes = opcodes;
        this.text = text;
    }

    /**
     * Parses the terms above; blank text is {@link #ALL}.
     *
     * @throws IllegalArgumentException naming the term that is not one, and what is allowed
     */
    public static FrameFilter parse(String text) {
        if (text == null || text.isBlank()) {
            return ALL;
        }
        boolean noFc = false;
        List<Integer> qps = new ArrayList<>();
        List<Integer> lids = new ArrayList<>();
        List<Integer> opcodes = new ArrayList<>();
        List<String> canonical = new ArrayList<>();
        for (String raw : text.split(",", -1)) {
            String term = raw.strip();
            int eq = term.indexOf('=');
            String key = (eq < 0 ? term : term.substring(0, eq)).toLowerCase(Locale.ROOT);
            String value = eq < 0 ? null : term.substring(eq + 1).strip();
            if (!List.of("all", "no-fc", "qp", "lid", "opcode").contains(key)) {
                throw new IllegalArgumentException("'" + term + "' is not a filter term; give all, no-fc, qp=N, lid=N"
                        + " or opcode=NAME, separated by commas");
            }
            boolean flag = key.equals("all") || key.equals("no-fc");
            if (flag && value != null) {
                throw new IllegalArgumentException("'" + term + "': " + key + " takes no value");
            }
            if (!flag && (value == null || value.isEmpty())) {
                throw new IllegalArgumentException("'" + term + "': " + key + " needs a value, e.g. " + key + "=3");
            }
            switch (key) {
                case "no-fc" -> noFc = true;
                case "qp" -> qps.add(number(term, value, 0xFFFFFF));
                case "lid" -> lids.add(number(term, value, 0xFFFF));
                case "opcode" -> opcodes.add(opcode(term, value));
                default -> {} // all
            }
            if (!key.equals("all")) {
                canonical.add(value == null ? key : key + "=" + value);
            }
        }
        if (canonical.isEmpty()) {
            return ALL;
        }
        return new FrameFilter(
                noFc,
                qps.stream().mapToInt(Integer::intValue).toArray(),
                lids.stream().mapToInt(Integer::intValue).toArray(),
                opcodes.stream().mapToInt(Integer::intValue).toArray(),
                String.join(",", canonical));
    }

    /** Whether to keep the frame {@code bytes} of trace record type {@code type}. */
    public boolean keep(ErfType type, byte[] bytes) {
        if (type.equals(ErfType.INFINIBAND_LINK)) {
            return !noFlowControl && qps.length == 0 && lids.length == 0 && opcodes.length == 0;
        }
        if (bytes.length < Lrh.SIZE) {
            return qps.length == 0 && lids.length == 0 && opcodes.length == 0;
        }
        if (lids.length > 0 && !contains(lids, Lrh.dlid(bytes, 0)) && !contains(lids, Lrh.slid(bytes, 0))) {
            return false;
        }
        if (qps.length == 0 && opcodes.length == 0) {
            return true;
        }
        int lnh = Lrh.lnh(bytes, 0);
        int bth = lnh == Lrh.LNH_IBA_GLOBAL ? Lrh.SIZE + Grh.SIZE : Lrh.SIZE;
        if (lnh < Lrh.LNH_IBA_LOCAL || bytes.length < bth + Bth.SIZE) {
            return false;
        }
        return (qps.length == 0 || contains(qps, Bth.destQp(bytes, bth)))
                && (opcodes.length == 0 || contains(opcodes, Bth.opCode(bytes, bth)));
    }

    /** The filter as terms ({@code no-fc,qp=5}), as {@link #parse} reads it back. */
    @Override
    public String toString() {
        return text;
    }

    private static boolean contains(int[] values, int v) {
        for (int x : values) {
            if (x == v) {
                return true;
            }
        }
        return false;
    }

    private static int number(String term, String value, int max) {
        int n;
        try {
            n = value.toLowerCase(Locale.ROOT).startsWith("0x")
                    ? Integer.parseInt(value.substring(2), 16)
                    : Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + term + "': '" + value + "' is not a number");
        }
        if (n < 0 || n > max) {
            throw new IllegalArgumentException("'" + term + "': " + value + " is out of range 0-" + max);
        }
        return n;
    }

    private static int opcode(String term, String value) {
        if (Character.isDigit(value.charAt(0))) {
            return number(term, value, 0xFF);
        }
        for (int code = 0; code < 256; code++) {
            OpCode op = OpCode.valueOf(code);
            if (op.isKnown() && op.name().equalsIgnoreCase(value)) {
                return code;
            }
        }
        throw new IllegalArgumentException("'" + term + "': no OpCode is named " + value
                + "; give a name such as RC_SEND_ONLY or UD_SEND_ONLY, or a number");
    }
}
