package dev.ibmesh.runtime.topology;

import java.nio.file.Path;
import java.util.Locale;

/**
 * Loads a topology file of either format: .yaml and .yml are YAML; so is a file of another name whose first line
 * that is not blank or a comment starts a YAML document or its 'devices:' or 'links:' key. Anything else is a net file.
 */
public final class TopologyLoader {
    private TopologyLoader() {}

    private static boolean looksLikeYaml(String text) {
        return text.lines()
                .map(String::strip)
                .filter(l -> !l.isEmpty() && !l.startsWith("#"))
                .findFirst()
                .filter(l -> l.startsWith("---") || l.startsWith("devices:") || l.startsWith("links:"))
                .isPresent();
    }

    /** One shard's slice, as {@code ibmesh k8s --shards} writes them: YAML whose remote devices share addresses. */
    public static Topology loadSlice(Path file, DeviationCatalog catalog) throws TopologyException {
        return new YamlTopologyParser(catalog, true).parse(String.valueOf(file.getFileName()), TopologyText.read(file));
    }

    public static Topology load(Path file, DeviationCatalog catalog) throws TopologyException {
        String name = String.valueOf(file.getFileName()).toLowerCase(Locale.ROOT);
        String text = TopologyText.read(file);
        String fileName = String.valueOf(file.getFileName());
        return name.endsWith(".yaml") || name.endsWith(".yml") || looksLikeYaml(text)
                ? new YamlTopologyParser(catalog).parse(fileName, text)
                : new NetTopologyParser().parse(fileName, text);
    }
}
