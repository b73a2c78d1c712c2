package dev.ibmesh.architecture;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.belongToAnyOf;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import dev.ibmesh.runtime.link.LinkFlowControl;
import dev.ibmesh.runtime.link.SlToVl;
import dev.ibmesh.runtime.link.VlArbiter;
import dev.ibmesh.runtime.transport.LinkTransport;

/**
 * The shape of the code base, checked on the main classes of every module on cli's test classpath (all but
 * benchmarks, whose classes nothing may use anyway). Each rule's message says how to repair a violation; the
 * layering itself is the table in {@link Modules}.
 */
@AnalyzeClasses(
        packages = "dev.ibmesh",
        importOptions = {ImportOption.DoNotIncludeTests.class, ArchitectureTest.DoNotIncludeTestJars.class})
class ArchitectureTest {
    // ArchUnit 1.5.0 reports a cycle whenever there is one, but with several it can leave some out (whole strongly
    // connected components): after each fix, run again; `jdeps -verbose:package` on the built classes shows them all.
    @ArchTest
    static final ArchRule no_package_cycles = slices().matching("dev.ibmesh.(**)")
            .should()
            .beFreeOfCycles()
            .because("packages in a cycle can only be understood, tested and changed together: break it by moving"
                    + " the class that closes the cycle to the package above both (as mad.decode.MadDecoder), or"
                    + " by an interface the lower package defines and the upper one implements (as"
                    + " observe.PortCaptures)");

    @ArchTest
    static final ArchRule modules_use_only_the_modules_below_them = Modules.layering()
            .because("each module may use only the modules its line in dev.ibmesh.architecture.Modules names"
                    + " (README, Modules): move the shared code down to a module both may use, or invert the"
                    + " dependency with an interface in the lower module; a new module adds its one line there");

    @ArchTest
    static final ArchRule ib_core_is_plain_java = noClasses()
            .that()
            .resideInAnyPackage(Modules.packagesOf("ib-core"))
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("io.vertx..", "io.grpc..", "io.netty..", "com.google.protobuf..")
            .because("ib-core is the InfiniBand model every device, tool and test shares, in plain Java: put code"
                    + " that needs Vert.x or gRPC in fabric-runtime, and protobuf contracts in proto");

    @ArchTest
    static final ArchRule devices_do_not_use_each_other = slices().matching("dev.ibmesh.device.(*)..")
            .should()
            .notDependOnEachOther()
            .because("a device reaches another only through its ports, in wire format: move what two devices"
                    + " share to fabric-runtime");

    @ArchTest
    static final ArchRule devices_reach_links_only_through_ports = noClasses()
            .that()
            .resideInAPackage("dev.ibmesh.device..")
            .should()
            .dependOnClassesThat(linkInternals())
            .because("a device sends and receives through its Ports; credits and the VirtualLink streams are the"
                    + " port's and the device verticle's to run: use Port's public methods, and add one there if"
                    + " a device needs more");

    @ArchTest
    static final ArchRule no_test_fixtures_in_main_code = noClasses()
            .should()
            .haveSimpleNameEndingWith("Test")
            .orShould()
            .haveSimpleNameEndingWith("Tests")
            .orShould()
            .haveSimpleNameContaining("TestKit")
            .orShould()
            .haveSimpleNameContaining("Fixture")
            .orShould()
            .dependOnClassesThat()
            .resideInAnyPackage("org.junit..", "org.opentest4j..", "org.assertj..", "org.mockito..")
            .because("test code and its fixtures belong in src/test (share them between modules with a test-jar);"
                    + " a conformance procedure of the tester is named for what it checks, not *Test");

    /**
     * What a device must not touch of the link: everything in runtime.link but the tables the SM programs through a
     * port (SL-to-VL, VL arbitration, OperationalVLs), and everything in runtime.transport but the LinkTransport a
     * device is built with.
     */
    private static DescribedPredicate<JavaClass> linkInternals() {
        DescribedPredicate<JavaClass> link = resideInAPackage("dev.ibmesh.runtime.link..")
                .and(not(elementsBelongToAnyOf(SlToVl.class, VlArbiter.class, LinkFlowControl.class)));
        DescribedPredicate<JavaClass> streams =
                resideInAPackage("dev.ibmesh.runtime.transport..").and(not(elementsBelongToAnyOf(LinkTransport.class)));
        return link.or(streams)
                .as("are link internals (runtime.link's credits, runtime.transport's streams, dialers and service)");
    }

    /** The class, or for an array (a field {@code SlToVl[][]}) its element class, is one of these. */
    private static DescribedPredicate<JavaClass> elementsBelongToAnyOf(Class<?>... classes) {
        return belongToAnyOf(classes).onResultOf(JavaClass::getBaseComponentType);
    }

    /** Leaves out the test-jars modules share fixtures in; ImportOption.DoNotIncludeTests knows only directories. */
    static final class DoNotIncludeTestJars implements ImportOption {
        @Override
        public boolean includes(Location location) {
            return !location.contains("-tests.jar");
        }
    }
}
