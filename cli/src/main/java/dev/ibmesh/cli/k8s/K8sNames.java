package dev.ibmesh.cli.k8s;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Kubernetes names for a topology's devices. A device may be called {@code Leaf_1:A}; a StatefulSet's name must be a
 * DNS-1123 label short enough that its pods ({@code NAME-0}) and the controller's revision label stay within 63
 * characters, so at most {@value #MAX} characters of lower-case letters, digits and '-'. Names that clash after that
 * get a numeric suffix; the first device keeps the plain one.
 */
final class K8sNames {
    static final int MAX = 50;

    private K8sNames() {}

    /** The name of each device, in the order given. */
    static Map<String, String> of(List<String> devices) {
        Map<String, String> names = new LinkedHashMap<>();
        Set<String> taken = new HashSet<>();
        for (String device : devices) {
            String base = label(device);
            String name = base;
            for (int n = 2; !taken.add(name); n++) {
                String suffix = "-" + n;
                name = base.substring(0, Math.min(base.length(), MAX - suffix.length())) + suffix;
            }
            names.put(device, name);
        }
        return names;
    }

    private static String label(String device) {
        String s = device.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9-]", "-");
        s = s.replaceAll("^-+", "").replaceAll("-+$", "");
        if (s.isEmpty()) {
            s = "device";
        }
        if (s.length() > MAX) {
            s = s.substring(0, MAX).replaceAll("-+$", "");
        }
        return s;
    }
}
