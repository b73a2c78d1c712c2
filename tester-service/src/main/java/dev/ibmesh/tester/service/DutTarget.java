package dev.ibmesh.tester.service;

import dev.ibmesh.tester.target.TopologyTarget;

/** A DUT the tester is cabled to, and the target its procedure runs go to. */
record DutTarget(TopologyTarget.Cabling cable, TopologyTarget target) {
    String name() {
        return cable.dut();
    }

    /** {@code sw1 (switch, on tester port 1)}. */
    String describe() {
        return cable.dut() + " (" + cable.dutKind() + ", on tester port " + cable.testerPort() + ")";
    }
}
