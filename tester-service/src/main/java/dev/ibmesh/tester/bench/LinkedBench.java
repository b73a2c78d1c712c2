package dev.ibmesh.tester.bench;

import dev.ibmesh.runtime.madport.MadPort;

/** What every bench holds once its link is set up: where it is, the DUT's name, the tester's port, the link, the trace. */
abstract class LinkedBench implements Bench {
    private final String description;
    private final String dutName;
    private final MadPort madPort;
    private final SimpleLinkView link;
    private final Trace trace;

    LinkedBench(String description, String dutName, MadPort madPort, SimpleLinkView link, Trace trace) {
        this.description = description;
        this.dutName = dutName;
        this.madPort = madPort;
        this.link = link;
        this.trace = trace;
    }

    @Override
    public final String description() {
        return description;
    }

    @Override
    public final String dutName() {
        return dutName;
    }

    @Override
    public final MadPort madPort() {
        return madPort;
    }

    @Override
    public final SimpleLinkView link() {
        return link;
    }

    @Override
    public final Trace trace() {
        return trace;
    }
}
