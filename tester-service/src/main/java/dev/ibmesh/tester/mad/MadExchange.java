package dev.ibmesh.tester.mad;

import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.mad.Smp;
import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.tester.engine.TesterError;

/** A request the MAD Tester sent and the response that carried its TransactionID. */
public record MadExchange(HostMad request, HostMad response) {
    public MadHeader requestHeader() {
        return request.mad().header();
    }

    public MadHeader header() {
        return response.mad().header();
    }

    public boolean isDirectedRoute() {
        return response.mad().mgmtClass() == MgmtClass.SUBN_DIRECTED_ROUTE;
    }

    /** The response as a directed-route SMP. */
    public DrSmp dr() {
        return DrSmp.decode(response.mad());
    }

    /** The status word without a directed-route SMP's D bit. */
    public int status() {
        return isDirectedRoute() ? dr().status() : header().status();
    }

    /** MADHeader:Status.Code (bits 4-2). */
    public int statusCode() {
        return (status() >>> 2) & 0x7;
    }

    /**
     * This exchange, when the DUT took the request (status 0). A procedure's setup step that the DUT refuses leaves
     * the procedure nothing to check: a problem of the setup (ERROR), not of the rule the procedure checks.
     */
    public MadExchange requireOk() {
        if (status() != 0) {
            throw new TesterError(String.format(
                    "the DUT refused %s with status 0x%04x: the procedure cannot go on", request.mad(), status()));
        }
        return this;
    }

    /** The 64-byte SMP data of an SMP response. */
    public byte[] smpData() {
        return isDirectedRoute() ? dr().data() : Smp.decode(response.mad()).data();
    }
}
