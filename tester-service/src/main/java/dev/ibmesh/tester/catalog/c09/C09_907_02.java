package dev.ibmesh.tester.catalog.c09;

import dev.ibmesh.proto.verbs.v1.WcOpcode;
import dev.ibmesh.proto.verbs.v1.WcStatus;
import dev.ibmesh.proto.verbs.v1.WorkCompletion;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;
import dev.ibmesh.tester.engine.Speed;
import dev.ibmesh.tester.engine.Width;
import dev.ibmesh.tester.transport.TransportProcedure;
import dev.ibmesh.tester.transport.TransportTester;
import dev.ibmesh.tester.transport.UdChannel;
import dev.ibmesh.wire.Gid;
import dev.ibmesh.wire.Grh;
import dev.ibmesh.wire.Lrh;
import java.util.Arrays;

/**
 * UD receive with a GRH: a UD receive buffer begins with 40 bytes for the GRH; when the datagram came with one, the
 * HCA places it there, as it arrived, and the payload after it, and the completion says a GRH is present (IBA 11.4.1.2
 * [unverified]; libibverbs IBV_WC_GRH): what software needs to answer a datagram across subnets. The ID is ibmesh's
 * own.
 */
@Cts(
        id = "C09_907_02",
        section = "11.4.1.2",
        title = "UD receive: a datagram's GRH lands in the first 40 bytes of the receive buffer",
        coverage = {"IBA 11.4.1.2 (post receive: UD buffers hold the GRH)"},
        assertions = {"ibmesh-c09-907#02"},
        tester = Role.TRANSPORT_TESTER,
        dut = DutKind.CA,
        ownId = true,
        widths = {Width.X1, Width.X4, Width.X12},
        speeds = {Speed.SDR, Speed.DDR, Speed.QDR, Speed.FDR, Speed.EDR, Speed.HDR},
        provenBy = {"drop-ud-grh"})
public final class C09_907_02 extends TransportProcedure {
    private static final String A = "ibmesh-c09-907#02";
    private static final int SIZE = 64;
    /** The tester's GID: the default prefix and a port GUID of its own (the DUT does not check the SGID). */
    private static final Gid TESTER_GID = new Gid(Gid.DEFAULT_SUBNET_PREFIX, 0x0002_C903_00AB_CDEFL);

    private UdChannel ud;

    @Override
    protected void initialize() {
        note("1. The DUT opens a UD QP and posts 1 receive WQE of 40 + " + SIZE + " bytes");
        ud = tt().openUdChannel();
        ud.registerMemory(Grh.SIZE + SIZE, Payloads.filled(Grh.SIZE + SIZE, 0xEE));
        ud.postReceives(1, Grh.SIZE + SIZE);
    }

    @Override
    protected void execute() {
        step(
                1,
                "Transmit UD SEND ONLY with a GRH (SGID " + TESTER_GID + ", DGID the DUT's " + ud.dutGid()
                        + ", FlowLabel 0x12345, HopLmt 64), " + SIZE + " bytes");
        byte[] frame = ud.sendWithGrh(
                UdChannel.DUT_START_PSN,
                UdChannel.Q_KEY,
                Payloads.filled(SIZE, 3),
                Grh.of(0, 0x12345, 64, TESTER_GID, ud.dutGid()));
        byte[] grh = Arrays.copyOfRange(frame, Lrh.SIZE, Lrh.SIZE + Grh.SIZE);
        tt().send(frame);
        step(2, "Poll the DUT's receive completion; Verify success, GRH present, byte_len 40 + " + SIZE);
        WorkCompletion wc = ud.awaitCompletion(A, TransportTester.PROMPT);
        check(A, "receive completion status", WcStatus.SUCCESS, wc.getStatus());
        check(A, "receive completion opcode", WcOpcode.WC_RECV, wc.getOpcode());
        check(A, "receive completion GRH flag", true, wc.getGrh());
        check(A, "receive completion byte_len", Grh.SIZE + SIZE, wc.getByteLen());
        step(3, "Verify the first 40 bytes of the receive buffer hold the GRH as sent, and the payload follows");
        byte[] buffer = ud.readDutMemory(UdChannel.MR_ADDRESS, Grh.SIZE + SIZE);
        check(A, "receive buffer bytes 0-39 (GRH)", Grh.decode(grh, 0), Grh.decode(buffer, 0));
        check(
                A,
                "receive buffer bytes 40-" + (Grh.SIZE + SIZE - 1) + " (payload)",
                Arrays.toString(Payloads.filled(SIZE, 3)),
                Arrays.toString(Arrays.copyOfRange(buffer, Grh.SIZE, Grh.SIZE + SIZE)));
    }

    @Override
    protected void cleanup() {
        if (ud != null) {
            ud.close();
        }
    }
}
