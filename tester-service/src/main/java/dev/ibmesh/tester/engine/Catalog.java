package dev.ibmesh.tester.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Modifier;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Every procedure there is: the classes under a package (and its subpackages) that carry a {@link Cts}
 * descriptor, found on the class path (directories or jars, the shaded jar included), so adding a procedure is
 * adding a class. Ordered by ID.
 */
public final class Catalog {
    /** Where the procedures live. */
    public static final String PACKAGE = "dev.ibmesh.tester.catalog";

    private final Map<String, ProcedureDescriptor> byId;

    private Catalog(List<ProcedureDescriptor> procedures) {
        Map<String, ProcedureDescriptor> m = new LinkedHashMap<>();
        procedures.stream()
                .sorted(Comparator.comparing(ProcedureDescriptor::id))
                .forEach(p -> {
                    ProcedureDescriptor other = m.putIfAbsent(p.id(), p);
                    if (other != null) {
                        throw new IllegalStateException("two procedures with ID " + p.id() + ": "
                                + other.type().getName() + " and " + p.type().getName());
                    }
                });
        this.byId = Collections.unmodifiableMap(m);
    }

    /** The catalog of {@link #PACKAGE}. */
    public static Catalog load() {
        return scan(PACKAGE, Catalog.class.getClassLoader());
    }

    /** The procedures of the given classes (tests build small catalogs). */
    @SafeVarargs
    public static Catalog of(Class<? extends Procedure>... types) {
        return new Catalog(Stream.of(types).map(ProcedureDescriptor::of).toList());
    }

    /**
     * The procedures under {@code pkg}.
     *
     * @throws IllegalStateException when a descriptor is wrong (the message names the class)
     */
    public static Catalog scan(String pkg, ClassLoader loader) {
        List<ProcedureDescriptor> found = new ArrayList<>();
        for (String name : classNames(pkg, loader)) {
            Class<?> c;
            try {
                c = Class.forName(name, false, loader);
            } catch (ClassNotFoundException | LinkageError e) {
                throw new IllegalStateException("cannot load " + name + ": " + e, e);
            }
            if (c.isAnnotationPresent(Cts.class)
                    && Procedure.class.isAssignableFrom(c)
                    && !Modifier.isAbstract(c.getModifiers())) {
                try {
                    found.add(ProcedureDescriptor.of(c.asSubclass(Procedure.class)));
                } catch (IllegalArgumentException e) {
                    throw new IllegalStateException(e.getMessage(), e);
                }
            }
        }
        return new Catalog(found);
    }

    public List<ProcedureDescriptor> all() {
        return List.copyOf(byId.values());
    }

    public Optional<ProcedureDescriptor> byId(String id) {
        return Optional.ofNullable(byId.get(id));
    }

    /**
     * The procedures whose ID matches {@code glob} ({@code *} any run of characters, {@code ?} one), in ID order.
     */
    public List<ProcedureDescriptor> matching(String glob) {
        Pattern p = globPattern(glob);
        return byId.values().stream().filter(d -> p.matcher(d.id()).matches()).toList();
    }

    /** The procedures of a suite ({@code c14}, {@code mad}, {@code transport}, or one a descriptor names). */
    public List<ProcedureDescriptor> suite(String name) {
        return byId.values().stream().filter(d -> d.suites().contains(name)).toList();
    }

    /** Every suite name, sorted. */
    public List<String> suites() {
        return byId.values().stream()
                .flatMap(d -> d.suites().stream())
                .distinct()
                .sorted()
                .toList();
    }

    static Pattern globPattern(String glob) {
        StringBuilder re = new StringBuilder();
        for (char ch : glob.toCharArray()) {
            switch (ch) {
                case '*' -> re.append(".*");
                case '?' -> re.append('.');
                default -> re.append(Pattern.quote(String.valueOf(ch)));
            }
        }
        return Pattern.compile(re.toString(), Pattern.CASE_INSENSITIVE);
    }

    private static List<String> classNames(String pkg, ClassLoader loader) {
        String path = pkg.replace('.', '/');
        List<String> names = new ArrayList<>();
        try {
            Enumeration<URL> roots = loader.getResources(path);
            while (roots.hasMoreElements()) {
                URL root = roots.nextElement();
                switch (root.getProtocol()) {
                    case "file" -> fromDirectory(Path.of(root.toURI()), pkg, names);
                    case "jar" -> fromJar((JarURLConnection) root.openConnection(), path, names);
                    default -> throw new IllegalStateException("cannot list procedures in " + root);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("listing the procedures of " + pkg, e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException("listing the procedures of " + pkg + ": " + e, e);
        }
        return names;
    }

    private static void fromDirectory(Path dir, String pkg, List<String> names) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            files.filter(f -> f.toString().endsWith(".class")).forEach(f -> {
                String relative = dir.relativize(f).toString().replace(java.io.File.separatorChar, '.');
                names.add(pkg + "." + relative.substring(0, relative.length() - ".class".length()));
            });
        }
    }

    private static void fromJar(JarURLConnection connection, String path, List<String> names) throws IOException {
        connection.setUseCaches(false);
        try (JarFile jar = connection.getJarFile()) {
            Enumeration<JarEntry> entries = jar.entries();
            while (entries.hasMoreElements()) {
                String name = entries.nextElement().getName();
                if (name.startsWith(path + "/") && name.endsWith(".class")) {
                    names.add(
                            name.substring(0, name.length() - ".class".length()).replace('/', '.'));
                }
            }
        }
    }
}
