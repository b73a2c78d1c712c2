package dev.ibmesh.runtime.topology;

import java.util.ArrayList;
import java.util.List;

/** Collects the problems of one file, so a parser can report all of them at once. */
public final class Problems {
    private final String file;
    private final List<TopologyProblem> found = new ArrayList<>();

    public Problems(String file) {
        this.file = file;
    }

    public void add(SourcePosition at, String message) {
        found.add(new TopologyProblem(file, at.line(), at.column(), message));
    }

    public int count() {
        return found.size();
    }

    /** Every problem so far, in the order found. */
    public List<TopologyProblem> all() {
        return List.copyOf(found);
    }

    void throwIfAny() throws TopologyException {
        if (!found.isEmpty()) {
            throw new TopologyException(found);
        }
    }
}
