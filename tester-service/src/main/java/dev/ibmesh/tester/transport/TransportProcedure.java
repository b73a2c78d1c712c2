package dev.ibmesh.tester.transport;

import dev.ibmesh.tester.engine.Procedure;
import dev.ibmesh.tester.engine.ProcedureContext;

/** The base of procedures whose tester is the Transport Tester (the CTS's {@code TransportProcedure}). */
public abstract class TransportProcedure extends Procedure {
    private ProcedureContext context;
    private TransportTester tt;

    @Override
    protected final void attached(ProcedureContext ctx) {
        this.context = ctx;
    }

    /** The Transport Tester role, made when first used (it takes the tester port's data packets from then on). */
    protected final TransportTester tt() {
        if (tt == null) {
            tt = new TransportTester(context);
        }
        return tt;
    }
}
