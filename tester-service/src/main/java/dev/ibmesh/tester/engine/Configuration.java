package dev.ibmesh.tester.engine;

import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * One point of a procedure's configuration matrix: the SimpleLink's width and speed, and the values of the
 * procedure's own {@link Param}s.
 */
public record Configuration(Width width, Speed speed, Map<String, String> params) {
    public Configuration {
        Objects.requireNonNull(width, "width");
        Objects.requireNonNull(speed, "speed");
        params = Map.copyOf(params);
    }

    /** {@code 4X-QDR} or {@code 4X-QDR rnrTimer=14}: how reports and trace files name it. */
    public String label() {
        String link = width.label() + "-" + speed.name();
        if (params.isEmpty()) {
            return link;
        }
        return link + " "
                + new TreeMap<>(params)
                        .entrySet().stream()
                                .map(e -> e.getKey() + "=" + e.getValue())
                                .collect(Collectors.joining(" "));
    }

    /** The label as a file-name part: {@code 4X-QDR_rnrTimer-14}. */
    public String fileLabel() {
        return label().replace(' ', '_').replace('=', '-');
    }
}
