package dev.ibmesh.tester.mad;

import dev.ibmesh.tester.engine.Procedure;
import dev.ibmesh.tester.engine.ProcedureContext;

/** The base of procedures whose tester is the MAD Tester (the CTS's {@code MadProcedure}). */
public abstract class MadProcedure extends Procedure {
    private MadTester mad;

    @Override
    protected final void attached(ProcedureContext ctx) {
        mad = new MadTester(ctx);
    }

    /** The MAD Tester role. */
    protected final MadTester mad() {
        return mad;
    }
}
