package dev.ibmesh.runtime.topology;

import java.util.Map;
import java.util.Set;

/** The deviations (deliberate departures from the spec) each kind of device can be started with. */
public interface DeviationCatalog {
    /** Knows every name; {@link #names} is empty. For tests that do not care. */
    DeviationCatalog PERMISSIVE = new DeviationCatalog() {
        @Override
        public boolean knows(String kind, String name) {
            return true;
        }

        @Override
        public Set<String> names(String kind) {
            return Set.of();
        }
    };

    /** @param kind a {@link DeviceKind#label()} */
    boolean knows(String kind, String name);

    Set<String> names(String kind);

    /** A fixed catalog: kind label to deviation names. */
    static DeviationCatalog of(Map<String, Set<String>> namesByKind) {
        Map<String, Set<String>> copy = Map.copyOf(namesByKind);
        return new DeviationCatalog() {
            @Override
            public boolean knows(String kind, String name) {
                return names(kind).contains(name);
            }

            @Override
            public Set<String> names(String kind) {
                return copy.getOrDefault(kind, Set.of());
            }
        };
    }
}
