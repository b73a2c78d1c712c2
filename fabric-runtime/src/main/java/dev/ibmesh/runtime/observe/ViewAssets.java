package dev.ibmesh.runtime.observe;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

/**
 * The files of the live view, from the class path: the page and its scripts (this package's {@code view/} folder)
 * and cytoscape.js from its WebJar ({@code org.webjars.npm:cytoscape}), bundled at build time so the page needs no
 * network. {@code ibmesh graph --format html} inlines the same drawing script and library into one file.
 */
public final class ViewAssets {
    private static final String OWN = "dev/ibmesh/runtime/observe/view/";
    private static final String WEBJAR = "META-INF/maven/org.webjars.npm/cytoscape/pom.properties";

    private ViewAssets() {}

    /** cytoscape.js, minified. */
    public static String cytoscapeJs() {
        return text(cytoscapePath());
    }

    /** The drawing shared by the live page and the standalone file: {@code ibmeshDraw(container, fabric)}. */
    public static String graphJs() {
        return text(OWN + "fabric-graph.js");
    }

    /** The page's style sheet. */
    public static String css() {
        return text(OWN + "view.css");
    }

    /** A file of the view's own folder by name, or null when there is none. */
    static byte[] own(String name) {
        return bytesOrNull(OWN + name);
    }

    /** Where the WebJar keeps cytoscape.min.js: under the version its pom.properties gives. */
    private static String cytoscapePath() {
        byte[] props = bytesOrNull(WEBJAR);
        if (props == null) {
            throw new IllegalStateException("cytoscape's WebJar is not on the class path (" + WEBJAR + ")");
        }
        Properties p = new Properties();
        try {
            p.load(new ByteArrayInputStream(props));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return "META-INF/resources/webjars/cytoscape/" + p.getProperty("version") + "/dist/cytoscape.min.js";
    }

    /** cytoscape.min.js as served at /view/cytoscape.min.js (read per request: a page loads it once). */
    static byte[] cytoscapeBytes() {
        return bytes(cytoscapePath());
    }

    private static String text(String path) {
        return new String(bytes(path), StandardCharsets.UTF_8);
    }

    private static byte[] bytes(String path) {
        byte[] b = bytesOrNull(path);
        if (b == null) {
            throw new IllegalStateException("missing from the class path: " + path);
        }
        return b;
    }

    private static byte[] bytesOrNull(String path) {
        try (InputStream in = ViewAssets.class.getClassLoader().getResourceAsStream(path)) {
            return in == null ? null : in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
