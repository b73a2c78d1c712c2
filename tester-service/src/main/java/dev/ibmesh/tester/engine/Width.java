package dev.ibmesh.tester.engine;

import dev.ibmesh.runtime.topology.LinkWidth;

/** A SimpleLink width of the configuration matrix. */
public enum Width {
    X1(LinkWidth.W1X),
    X2(LinkWidth.W2X),
    X4(LinkWidth.W4X),
    X8(LinkWidth.W8X),
    X12(LinkWidth.W12X);

    private final LinkWidth link;

    Width(LinkWidth link) {
        this.link = link;
    }

    public LinkWidth link() {
        return link;
    }

    public String label() {
        return link.label().toUpperCase(java.util.Locale.ROOT);
    }
}
