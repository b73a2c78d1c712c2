package dev.ibmesh.trace;

import java.io.IOException;

/**
 * A trace file that cannot be read: missing, not a classic pcap file, not LINKTYPE_ERF, or damaged. The message
 * names the file, the byte offset where the problem was found, and what was wrong.
 */
public final class TraceFormatException extends IOException {
    private static final long serialVersionUID = 1L;

    private final String source;
    private final long offset;

    public TraceFormatException(String source, long offset, String problem) {
        this(source, offset, problem, null);
    }

    public TraceFormatException(String source, long offset, String problem, Throwable cause) {
        super(source + ": at offset " + offset + ": " + problem, cause);
        this.source = source;
        this.offset = offset;
    }

    /** The file name (or stream description) given to the reader. */
    public String source() {
        return source;
    }

    /** Byte offset in the file of the header or record that is damaged. */
    public long offset() {
        return offset;
    }
}
