package dev.ibmesh.runtime.topology;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One {@code [port]} line of a net file, in any of the forms ibnetdiscover prints and ibsim reads:
 * <pre>
 * [1]	"H-0002c9030000fbd0"[1](2c9030000fbd1) 		# "node1 HCA-1" lid 4 4xQDR        (switch port to a CA)
 * [3]	"S-0002c90200400ad1"[3]		# "sw2" lid 2 4xQDR                          (switch port to a switch)
 * [1](2c9030000fbd1) 	"S-0002c90200400ad0"[1]		# lid 4 lmc 0 "sw1" lid 1 4xQDR  (CA port)
 * [2]	"Switch2"[5]	w=3 s=7 e=0                                          (ibsim, with its options)
 * </pre>
 * A missing remote port means port 1 (as in ibsim). {@code [ext N]} annotations of grouped output are skipped.
 */
record NetPortLine(
        int port, Optional<Long> portGuid, String remote, int remotePort, String options, Optional<String> rate) {

    private static final Pattern LINE =
            Pattern.compile("\\[(\\d{1,3})](?:\\(([0-9a-fA-F]{1,16})\\))?(?:\\[ext \\d+])?\\s*\"([^\"]*)\""
                    + "(?:\\[(\\d{1,3})])?(?:\\[ext \\d+])?\\s*(?:\\(([0-9a-fA-F]{1,16})\\))?([^#]*)(#.*)?");
    /** ibsim's rule: the rate follows the last "lid N" after the last quote of the comment. */
    private static final Pattern RATE = Pattern.compile("lid\\s+\\d+\\s+(\\S+)[^\"]*$");

    static NetPortLine parse(String line) {
        Matcher m = LINE.matcher(line);
        if (!m.matches()) {
            throw new IllegalArgumentException("a port line must look like [1] \"peer\"[2] or"
                    + " [1](portguid) \"peer\"[2], optionally followed by ibsim options and a # comment");
        }
        Optional<String> rate = Optional.ofNullable(m.group(7)).flatMap(comment -> {
            Matcher r = RATE.matcher(comment);
            return r.find() ? Optional.of(r.group(1)) : Optional.empty();
        });
        return new NetPortLine(
                Integer.parseInt(m.group(1)),
                Optional.ofNullable(m.group(2)).map(g -> Long.parseUnsignedLong(g, 16)),
                m.group(3),
                m.group(4) == null ? 1 : Integer.parseInt(m.group(4)),
                m.group(6).strip(),
                rate);
    }
}
