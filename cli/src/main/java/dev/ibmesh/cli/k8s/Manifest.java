package dev.ibmesh.cli.k8s;

import java.util.LinkedHashMap;
import java.util.Map;

/** The parts every manifest shares: apiVersion, kind, metadata with ibmesh's labels. */
final class Manifest {
    private Manifest() {}

    /** A manifest labelled as part of the fabric. */
    static Map<String, Object> of(String apiVersion, String kind, String name, Map<String, Object> spec) {
        return of(apiVersion, kind, metadata(name, Map.of()), "spec", spec);
    }

    static Map<String, Object> of(
            String apiVersion, String kind, Map<String, Object> metadata, String bodyKey, Object body) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("apiVersion", apiVersion);
        m.put("kind", kind);
        m.put("metadata", metadata);
        m.put(bodyKey, body);
        return m;
    }

    /** Metadata: the name, the fabric's labels and {@code more}. */
    static Map<String, Object> metadata(String name, Map<String, String> more) {
        Map<String, Object> md = new LinkedHashMap<>();
        md.put("name", name);
        md.put("labels", labels(more));
        return md;
    }

    static Map<String, String> labels(Map<String, String> more) {
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put("app.kubernetes.io/name", "ibmesh");
        labels.put(KustomizeBase.PART_OF, KustomizeBase.SERVICE);
        labels.putAll(more);
        return labels;
    }

    static Map<String, Object> port(String name, int port) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("name", name);
        p.put("port", port);
        return p;
    }
}
