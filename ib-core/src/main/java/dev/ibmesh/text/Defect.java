package dev.ibmesh.text;

/** Something wrong with a captured frame, as a trace decoder marks it. */
public enum Defect {
    BAD_VCRC("BAD-VCRC"),
    BAD_ICRC("BAD-ICRC"),
    BAD_PKTLEN("BAD-PKTLEN"),
    BAD_LVER("BAD-LVER"),
    BAD_LPCRC("BAD-LPCRC"),
    /** The frame could not be parsed at all (too short, truncated headers, pad larger than the payload). */
    MALFORMED("MALFORMED");

    private final String mark;

    Defect(String mark) {
        this.mark = mark;
    }

    /** The mark printed next to the frame. */
    public String mark() {
        return mark;
    }

    public boolean isCrcError() {
        return this == BAD_VCRC || this == BAD_ICRC || this == BAD_LPCRC;
    }
}
