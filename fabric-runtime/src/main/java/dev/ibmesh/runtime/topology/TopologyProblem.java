package dev.ibmesh.runtime.topology;

import java.util.Comparator;

/** One thing wrong with a topology file. Line and column start at 1; 0 means unknown. */
public record TopologyProblem(String file, int line, int column, String message)
        implements Comparable<TopologyProblem> {
    private static final Comparator<TopologyProblem> ORDER = Comparator.comparingInt(TopologyProblem::line)
            .thenComparingInt(TopologyProblem::column)
            .thenComparing(TopologyProblem::message);

    @Override
    public int compareTo(TopologyProblem o) {
        return ORDER.compare(this, o);
    }

    /** "fabric.yaml:12:7: message", "fabric.net:3: message" or "fabric.net: message". */
    @Override
    public String toString() {
        return file + (line > 0 ? ":" + line : "") + (line > 0 && column > 0 ? ":" + column : "") + ": " + message;
    }
}
