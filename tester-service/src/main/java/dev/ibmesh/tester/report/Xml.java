package dev.ibmesh.tester.report;

/**
 * Escaping for XML and XHTML text and attribute values. Procedure texts and decoded packets can hold anything, so
 * besides the five markup characters, characters XML 1.0 does not allow at all (most controls, lone surrogates)
 * become U+FFFD: the file stays well-formed whatever a DUT sent.
 */
final class Xml {
    private Xml() {}

    /** {@code s} safe inside element text and inside a single- or double-quoted attribute value. */
    static String escape(String s) {
        StringBuilder out = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> {
                    if (Character.isHighSurrogate(c)
                            && i + 1 < s.length()
                            && Character.isLowSurrogate(s.charAt(i + 1))) {
                        out.append(c).append(s.charAt(++i));
                    } else if (allowed(c)) {
                        out.append(c);
                    } else {
                        out.append('\uFFFD');
                    }
                }
            }
        }
        return out.toString();
    }

    /** XML 1.0 section 2.2 Char, for one UTF-16 unit that is not part of a surrogate pair. */
    private static boolean allowed(char c) {
        return c == '\t' || c == '\n' || c == '\r' || (c >= 0x20 && c <= 0xD7FF) || (c >= 0xE000 && c <= 0xFFFD);
    }
}
