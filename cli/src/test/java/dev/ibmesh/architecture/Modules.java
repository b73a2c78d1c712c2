package dev.ibmesh.architecture;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;

import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import java.util.List;

/**
 * ibmesh's Maven modules as layers: the packages each owns and the modules it may use. A library names the modules
 * it uses; an application (cli, benchmarks) may use every library and is used by nothing. A new module adds its one
 * line to {@link #ALL}.
 */
final class Modules {
    /**
     * One module.
     *
     * @param uses     the modules it may use (an application: none named, it may use every library)
     * @param packages the packages it owns, as ArchUnit package identifiers
     */
    record Module(String name, boolean application, List<String> uses, List<String> packages) {}

    static final List<Module> ALL = List.of(
            library("proto", uses(), "dev.ibmesh.proto.."),
            library(
                    "ib-core",
                    uses(),
                    "dev.ibmesh.wire..",
                    "dev.ibmesh.mad..",
                    "dev.ibmesh.trace..",
                    "dev.ibmesh.text.."),
            library("fabric-runtime", uses("ib-core", "proto"), "dev.ibmesh.runtime.."),
            library("device-switch", uses("fabric-runtime", "ib-core", "proto"), "dev.ibmesh.device.sw.."),
            library("device-hca", uses("fabric-runtime", "ib-core", "proto"), "dev.ibmesh.device.hca.."),
            library("subnet-manager", uses("fabric-runtime", "ib-core", "proto"), "dev.ibmesh.sm.."),
            library("gateway", uses("fabric-runtime", "ib-core", "proto"), "dev.ibmesh.gateway.."),
            library(
                    "tester-service",
                    uses("device-switch", "device-hca", "fabric-runtime", "gateway", "ib-core", "proto"),
                    "dev.ibmesh.tester.."),
            application("cli", "dev.ibmesh.cli.."),
            application("benchmarks", "dev.ibmesh.bench.."));

    private Modules() {}

    /** The packages of the module with this name. */
    static String[] packagesOf(String name) {
        return ALL.stream()
                .filter(m -> m.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no module " + name))
                .packages()
                .toArray(String[]::new);
    }

    /**
     * Each module uses only what its line allows, applications are used by nothing, and every class of ibmesh
     * belongs to a module. Modules not on the test's classpath (benchmarks) are empty layers, which is allowed:
     * a class of theirs that something uses is still recognised by its package.
     */
    static ArchRule layering() {
        LayeredArchitecture layers =
                layeredArchitecture().consideringOnlyDependenciesInLayers().withOptionalLayers(true);
        for (Module m : ALL) {
            layers = layers.layer(m.name()).definedBy(m.packages().toArray(String[]::new));
        }
        String[] libraries =
                ALL.stream().filter(m -> !m.application()).map(Module::name).toArray(String[]::new);
        for (Module m : ALL) {
            String[] allowed = m.application() ? libraries : m.uses().toArray(String[]::new);
            layers = allowed.length == 0
                    ? layers.whereLayer(m.name()).mayNotAccessAnyLayer()
                    : layers.whereLayer(m.name()).mayOnlyAccessLayers(allowed);
            if (m.application()) {
                layers = layers.whereLayer(m.name()).mayNotBeAccessedByAnyLayer();
            }
        }
        return layers.ensureAllClassesAreContainedInArchitecture();
    }

    private static Module library(String name, List<String> uses, String... packages) {
        return new Module(name, false, uses, List.of(packages));
    }

    private static Module application(String name, String... packages) {
        return new Module(name, true, List.of(), List.of(packages));
    }

    private static List<String> uses(String... modules) {
        return List.of(modules);
    }
}
