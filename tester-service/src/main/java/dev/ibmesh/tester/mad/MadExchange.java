package dev.ibmesh.tester.mad;

import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.mad.Smp;
import dev.ibmesh.runtime.agent.HostMad;

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

    /** The 64-byte SMP data of an SMP response. */
    public byte[] smpData() {
        return isDirectedRoute() ? dr().data() : Smp.decode(response.mad()).data();
    }
}
