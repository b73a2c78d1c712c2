package dev.ibmesh.runtime.topology;

/** A place in a topology file; line and column start at 1, column 0 means the whole line. */
public record SourcePosition(int line, int column) {
    static SourcePosition line(int line) {
        return new SourcePosition(line, 0);
    }
}
