package dev.ibmesh.tester.generator.scenario;

import dev.ibmesh.runtime.topology.TopologyProblem;
import java.util.List;
import java.util.stream.Collectors;

/** Everything wrong with a scenario file, sorted by line; each problem says file:line:col, the field and what is allowed. */
public final class ScenarioException extends Exception {
    private final List<TopologyProblem> problems;

    public ScenarioException(List<TopologyProblem> problems) {
        super(problems.stream().sorted().map(TopologyProblem::toString).collect(Collectors.joining("\n")));
        if (problems.isEmpty()) {
            throw new IllegalArgumentException("a ScenarioException needs a problem");
        }
        this.problems = problems.stream().sorted().toList();
    }

    /** The problems, each as {@code file:line:col: message}. */
    public List<TopologyProblem> problems() {
        return problems;
    }
}
