package dev.ibmesh.runtime.sma.dr;

import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.Smp;
import java.util.Arrays;

/** The response a node's SMA returns for a directed-route request that reached it. */
public final class DrResponse {
    private DrResponse() {}

    /**
     * The GetResp to {@code request} (which answers Get and Set alike): Method GetResp, Status = D | {@code status},
     * the request's TID, attribute, modifier, M_Key, DrSLID, DrDLID and both paths, and {@code data} zero-padded to
     * 64 bytes. HopPointer stays at HopCount + 1, where {@link DirectedRoute#send} starts the return journey
     * (IBA 14.2.2, C14-13:1).
     *
     * @param request an outbound SMP as {@link DirectedRoute#receive} delivered it (HopPointer = HopCount + 1)
     * @param status  the 15-bit status proper, without the D bit
     */
    public static DrSmp getResp(DrSmp request, int status, byte[] data) {
        if (request.direction()) {
            throw new IllegalArgumentException("the request is already returning (D = 1)");
        }
        if (request.hopPointer() != request.hopCount() + 1) {
            throw new IllegalArgumentException("the request has not reached its destination: HopPointer "
                    + request.hopPointer() + ", HopCount " + request.hopCount());
        }
        if (status < 0 || status > 0x7FFF) {
            throw new IllegalArgumentException(
                    String.format("status must be 15 bits (D is separate), was 0x%X", status));
        }
        if (data.length > Smp.DATA_SIZE) {
            throw new IllegalArgumentException("SMP data is at most 64 bytes, was " + data.length);
        }
        MadHeader h = request.header().withMethod(Method.GET_RESP).withStatus(DrSmp.D_BIT | status);
        return new DrSmp(
                h,
                request.mKey(),
                request.drSlid(),
                request.drDlid(),
                request.reserved28().clone(),
                Arrays.copyOf(data, Smp.DATA_SIZE),
                request.initialPath().clone(),
                request.returnPath().clone());
    }
}
