package dev.ibmesh.tester.engine;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A procedure class with its {@link Cts} descriptor, checked: the ID follows the CTS scheme and names the class,
 * every list it needs is there. What the catalog lists and the engine runs.
 */
public record ProcedureDescriptor(Class<? extends Procedure> type, Cts cts, List<Param> params) {
    /** {@code C14_024_06_SW_06}, {@code C09_130_01}, {@code C14_016_Get}: chapter, item, then parts. */
    public static final Pattern ID = Pattern.compile("C\\d{2}_\\d{3}(_[A-Za-z0-9]+)*");

    public ProcedureDescriptor {
        params = List.copyOf(params);
    }

    /**
     * Reads and checks the descriptor of a procedure class.
     *
     * @throws IllegalArgumentException naming the class and what is wrong with it
     */
    public static ProcedureDescriptor of(Class<? extends Procedure> type) {
        Cts cts = type.getAnnotation(Cts.class);
        if (cts == null) {
            throw new IllegalArgumentException(type.getName() + " has no @Cts descriptor");
        }
        List<String> problems = new ArrayList<>();
        if (!ID.matcher(cts.id()).matches()) {
            problems.add("ID '" + cts.id() + "' does not follow the CTS scheme CNN_MMM_XX[_SW|_CA][_NN]");
        }
        if (!type.getSimpleName().equals(cts.id())) {
            problems.add("the class is named " + type.getSimpleName() + ", its ID is " + cts.id());
        }
        if (cts.coverage().length == 0) {
            problems.add("no coverage (compliance statements)");
        }
        if (cts.assertions().length == 0) {
            problems.add("no assertion IDs");
        }
        if (cts.widths().length == 0 || cts.speeds().length == 0) {
            problems.add("an empty configuration matrix");
        }
        Matrix matrix = type.getAnnotation(Matrix.class);
        List<Param> params = matrix == null ? List.of() : List.of(matrix.value());
        for (Param p : params) {
            if (p.values().length == 0) {
                problems.add("parameter " + p.name() + " has no values");
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(type.getName() + ": " + String.join("; ", problems));
        }
        return new ProcedureDescriptor(type, cts, params);
    }

    public String id() {
        return cts.id();
    }

    /** {@code c14}, {@code c9}: the chapter suite every procedure is in, then the ones its descriptor names. */
    public Set<String> suites() {
        Set<String> suites = new LinkedHashSet<>();
        suites.add("c" + Integer.parseInt(id().substring(1, 3)));
        suites.add(cts.tester() == Role.MAD_TESTER ? "mad" : "transport");
        for (String s : cts.suites()) {
            suites.add(s.toLowerCase(Locale.ROOT));
        }
        return suites;
    }

    /** "SimpleLink: Tester=MAD Tester; DUT=Switch", as the CTS writes it. */
    public String topology() {
        return "SimpleLink: Tester=" + cts.tester().label() + "; DUT="
                + cts.dut().label();
    }

    /** The default link (4X QDR when listed, else the first listed) with each param's first value. */
    public Configuration defaultConfiguration() {
        Width width = cts.widths()[0];
        for (Width w : cts.widths()) {
            if (w == Width.X4) {
                width = w;
            }
        }
        Speed speed = cts.speeds()[0];
        for (Speed s : cts.speeds()) {
            if (s == Speed.QDR) {
                speed = s;
            }
        }
        Map<String, String> values = new LinkedHashMap<>();
        params.forEach(p -> values.put(p.name(), p.values()[0]));
        return new Configuration(width, speed, values);
    }

    /** Every configuration of the matrix: width x speed x each param's values. */
    public List<Configuration> matrix() {
        List<Map<String, String>> points = new ArrayList<>();
        points.add(Map.of());
        for (Param p : params) {
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> point : points) {
                for (String v : p.values()) {
                    Map<String, String> m = new LinkedHashMap<>(point);
                    m.put(p.name(), v);
                    next.add(m);
                }
            }
            points = next;
        }
        List<Configuration> all = new ArrayList<>();
        for (Width w : cts.widths()) {
            for (Speed s : cts.speeds()) {
                for (Map<String, String> point : points) {
                    all.add(new Configuration(w, s, point));
                }
            }
        }
        return all;
    }

    /**
     * What a plain run (no {@code --matrix}) runs: every value of the procedure's own parameters, on the default
     * link. The link matrix is for {@link #matrix()}.
     */
    public List<Configuration> plainRun() {
        Configuration base = defaultConfiguration();
        return matrix().stream()
                .filter(c -> c.width() == base.width() && c.speed() == base.speed())
                .toList();
    }
}
