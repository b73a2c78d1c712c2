package dev.ibmesh.runtime.topology;

import java.util.ArrayList;
import java.util.List;

/** Collects the problems of one file, so a parser can report all of them at once. */
final class Problems {
    private final String file;
    private final List<TopologyProblem> found = new ArrayList<>();

    Problems(String file) {
        this.file = file;
    }

    void add(SourcePosition at, String message) {
        found.add(new TopologyProblem(file, at.line(), at.column(), message));
    }

    int count() {
        return found.size();
    }

    void throwIfAny() throws TopologyException {
        if (!found.isEmpty()) {
            throw new TopologyException(found);
        }
    }
}
