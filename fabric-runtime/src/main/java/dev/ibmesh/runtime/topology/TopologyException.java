package dev.ibmesh.runtime.topology;

import java.util.List;
import java.util.stream.Collectors;

/** Everything wrong with a topology file, sorted by line; the message has one problem a line. */
public class TopologyException extends Exception {
    private final List<TopologyProblem> problems;

    public TopologyException(List<TopologyProblem> problems) {
        super(problems.stream().sorted().map(TopologyProblem::toString).collect(Collectors.joining("\n")));
        if (problems.isEmpty()) {
            throw new IllegalArgumentException("a TopologyException needs a problem");
        }
        this.problems = problems.stream().sorted().toList();
    }

    public List<TopologyProblem> problems() {
        return problems;
    }
}
