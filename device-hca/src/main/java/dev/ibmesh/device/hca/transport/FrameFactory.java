package dev.ibmesh.device.hca.transport;

import dev.ibmesh.device.hca.verbs.AddressVector;
import dev.ibmesh.device.hca.verbs.GlobalRoute;
import dev.ibmesh.wire.Bth;
import dev.ibmesh.wire.ExtHeader;
import dev.ibmesh.wire.FrameWriter;
import dev.ibmesh.wire.Grh;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.OpCode;

/**
 * Builds the frames a QP sends: LRH from the address vector and the port (SLID = base LID + source path bits within
 * the LMC, VL by the port's SL-to-VL table), a GRH when the address vector has one, the BTH, the extended headers and
 * the payload, written once into the frame by {@link FrameWriter} (which fills in the lengths and CRCs).
 */
public final class FrameFactory {
    private final HcaPorts ports;

    FrameFactory(HcaPorts ports) {
        this.ports = ports;
    }

    /** A frame to {@code av} from {@code port}. */
    public byte[] build(
            int port,
            AddressVector av,
            int pkey,
            int destQp,
            OpCode op,
            boolean solicited,
            boolean ackReq,
            int psn,
            FrameWriter.Payload payload,
            ExtHeader... headers) {
        int pathBits = av.srcPathBits() & ((1 << ports.lmc(port)) - 1);
        Lrh lrh = Lrh.of(ports.vl(port, av.sl()), av.sl(), Lrh.LNH_IBA_LOCAL, av.dlid(), ports.lid(port) | pathBits);
        Bth bth = new Bth(op, solicited, false, 0, 0, pkey, 0, destQp, ackReq, 0, psn);
        GlobalRoute g = av.grh();
        Grh grh = g == null
                ? null
                : Grh.of(g.trafficClass(), g.flowLabel(), g.hopLimit(), ports.gid(port, g.sgidIndex()), g.dgid());
        return FrameWriter.write(lrh, grh, bth, headers, payload);
    }
}
