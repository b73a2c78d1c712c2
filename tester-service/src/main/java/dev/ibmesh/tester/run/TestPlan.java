package dev.ibmesh.tester.run;

import dev.ibmesh.device.hca.transport.HcaDeviation;
import dev.ibmesh.device.sw.SwitchDeviation;
import dev.ibmesh.runtime.topology.Deviations;
import dev.ibmesh.tester.engine.Catalog;
import dev.ibmesh.tester.engine.Configuration;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.ProcedureDescriptor;
import dev.ibmesh.tester.engine.RunItem;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Turns a {@link TestRequest} into the runs to make against embedded DUTs: the procedures it selects, each in the
 * configurations it asks for, against each kind of DUT the procedure applies to; and the deviations to start each
 * kind of DUT with. Everything unknown is refused with the names that are known.
 */
public final class TestPlan {
    /** The kinds of embedded DUT, and the deviations each knows. */
    private static final Map<String, Set<String>> DEVIATIONS =
            Map.of("switch", Deviations.labels(SwitchDeviation.class), "hca", Deviations.labels(HcaDeviation.class));

    private final List<RunItem> items;
    private final Map<String, List<String>> deviationsByKind;

    private TestPlan(List<RunItem> items, Map<String, List<String>> deviationsByKind) {
        this.items = List.copyOf(items);
        this.deviationsByKind = Map.copyOf(deviationsByKind);
    }

    /**
     * The plan for {@code request} over {@code catalog}.
     *
     * @throws UsageException for a glob that matches nothing, an unknown suite or deviation
     */
    public static TestPlan embedded(Catalog catalog, TestRequest request) {
        Map<String, List<String>> deviations = deviationsByKind(request.deviations());
        List<RunItem> items = new ArrayList<>();
        for (ProcedureDescriptor d : select(catalog, request)) {
            List<Configuration> configurations = request.matrix() ? d.matrix() : d.plainRun();
            for (String kind : kinds(d.cts().dut())) {
                for (Configuration c : configurations) {
                    items.add(new RunItem(d, c, kind));
                }
            }
        }
        return new TestPlan(items, deviations);
    }

    public List<RunItem> items() {
        return items;
    }

    /**
     * The runs for one DUT, {@code name} of kind {@code kind} ("switch", "hca"): those of the selected procedures
     * that apply to its kind.
     *
     * @throws UsageException when none does
     */
    public List<RunItem> itemsFor(String name, String kind) {
        List<RunItem> mine =
                items.stream().filter(i -> i.dutKind().equals(kind)).toList();
        if (mine.isEmpty()) {
            SortedSet<String> applies = new TreeSet<>();
            items.forEach(i -> applies.add("DUT=" + i.procedure().cts().dut().label()));
            throw new UsageException("none of the selected procedures applies to " + name + ", a " + kind
                    + (applies.isEmpty() ? "" : ": they apply to " + String.join(", ", applies)));
        }
        return mine;
    }

    /** Deviation names by the kind of DUT they are for. */
    public Map<String, List<String>> deviationsByKind() {
        return deviationsByKind;
    }

    /** Every deviation an embedded DUT knows, by kind. */
    public static Map<String, Set<String>> knownDeviations() {
        return DEVIATIONS;
    }

    /** The procedures a request names, in catalog order, each once. */
    static List<ProcedureDescriptor> select(Catalog catalog, TestRequest request) {
        if (request.procedures().isEmpty() && request.suites().isEmpty()) {
            return catalog.all();
        }
        Set<ProcedureDescriptor> chosen = new LinkedHashSet<>();
        for (String glob : request.procedures()) {
            List<ProcedureDescriptor> matched = catalog.matching(glob);
            if (matched.isEmpty()) {
                throw new UsageException("no procedure matches '" + glob + "' (ibmesh test --list shows the "
                        + catalog.all().size() + " procedures)");
            }
            chosen.addAll(matched);
        }
        for (String suite : request.suites()) {
            List<ProcedureDescriptor> in = catalog.suite(suite);
            if (in.isEmpty()) {
                throw new UsageException(
                        "unknown suite '" + suite + "'; suites: " + String.join(", ", catalog.suites()));
            }
            chosen.addAll(in);
        }
        return catalog.all().stream().filter(chosen::contains).toList();
    }

    /** The kinds of DUT that know the deviation {@code name} (the rules of the common SMA are broken alike on both). */
    public static List<String> kindsOf(String name) {
        return DEVIATIONS.entrySet().stream()
                .filter(e -> e.getValue().contains(name))
                .map(Map.Entry::getKey)
                .toList();
    }

    /** Each name goes to every kind that knows it. */
    private static Map<String, List<String>> deviationsByKind(List<String> names) {
        Map<String, List<String>> byKind = new LinkedHashMap<>();
        for (String name : names) {
            List<String> kinds = kindsOf(name);
            if (kinds.isEmpty()) {
                throw new UsageException(unknownDeviation(name));
            }
            kinds.forEach(
                    kind -> byKind.computeIfAbsent(kind, k -> new ArrayList<>()).add(name));
        }
        return byKind;
    }

    private static String unknownDeviation(String name) {
        StringBuilder known = new StringBuilder();
        new TreeSet<>(DEVIATIONS.keySet()).forEach(kind -> {
            SortedSet<String> names = new TreeSet<>(DEVIATIONS.get(kind));
            known.append(known.length() == 0 ? "" : "; ")
                    .append(kind)
                    .append(": ")
                    .append(String.join(", ", names));
        });
        return "unknown deviation '" + name + "'; known deviations, by device kind: " + known;
    }

    private static List<String> kinds(DutKind dut) {
        return switch (dut) {
            case SWITCH -> List.of("switch");
            case CA -> List.of("hca");
            case NODE -> List.of("switch", "hca");
        };
    }
}
