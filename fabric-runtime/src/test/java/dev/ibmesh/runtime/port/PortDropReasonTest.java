package dev.ibmesh.runtime.port;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import dev.ibmesh.proto.link.v1.Frame;
import dev.ibmesh.runtime.link.Blocks;
import dev.ibmesh.wire.Bth;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.OpCode;
import dev.ibmesh.wire.PacketBuilder;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every reason a port drops a frame, each provoked on its own: the frame is counted under that reason and no other,
 * and in the PMA counter the reason names, if any. A new {@link DropReason} fails here until it has its case.
 */
class PortDropReasonTest {
    /** Holds every packet it gets (never frees its buffer), or throws for each, as told. */
    private static final class Device implements PortEvents {
        final List<byte[]> held = new ArrayList<>();
        boolean fail;

        @Override
        public void onPacket(Port port, byte[] frame) {
            if (fail) {
                throw new IllegalStateException("device bug");
            }
            held.add(frame);
        }

        @Override
        public void onStateChange(Port port) {}
    }

    private static final int BIG = 4096;
    /** 4096-byte packets one VL's receive buffer (and so the peer's credit) holds. */
    private static final int FIT = PortConfig.DEFAULT_BUFFER_BLOCKS_PER_VL / Blocks.ofFrame(send(0, 0, BIG).length);

    private final Device device = new Device();
    private final PortHarness h = new PortHarness(device);

    @ParameterizedTest
    @EnumSource(value = DropReason.class, mode = EnumSource.Mode.EXCLUDE, names = "NONE")
    void eachReasonIsCountedAloneAndWhereTheSpecSays(DropReason reason) {
        int expected = provoke(reason);
        for (DropReason r : DropReason.values()) {
            assertEquals(r == reason ? expected : 0, h.port.drops(r), r.name());
        }
        if (reason.counter() != null) {
            assertEquals(
                    expected,
                    h.port.counters().value(reason.counter()),
                    reason.counter().specName());
        }
    }

    /** Makes the port drop frames for {@code reason}; how many. */
    private int provoke(DropReason reason) {
        switch (reason) {
            case LINK_NOT_UP -> {
                h.connect(); // training: no PhyState from the peer yet
                h.receive(send(0, 0, 8));
                h.receiveLink(new byte[6]);
                return 2;
            }
            case SYMBOL_ERROR -> {
                h.active().receive(Frame.Kind.KIND_UNSPECIFIED, new byte[30], false);
                h.receive(new byte[0]);
                return 2;
            }
            case REMOTE_PHYSICAL_ERROR -> h.active().receive(Frame.Kind.DATA, send(0, 0, 8), true);
            case BAD_VCRC -> h.active().receive(iba().badVcrc().build());
            case BAD_ICRC -> h.active().receive(iba().badIcrc().build());
            case BELOW_MINIMUM_LENGTH ->
                h.active()
                        .receive(PacketBuilder.raw(Lrh.of(0, 0, 0, PortHarness.LID, PortHarness.PEER_LID), new byte[4])
                                .build());
            case ABOVE_MAXIMUM_LENGTH -> h.active().receive(send(0, 0, 4300));
            case PKTLEN_MISMATCH -> h.active().receive(iba().pktLen(9).build());
            case BAD_LVER ->
                h.active()
                        .receive(PacketBuilder.iba(
                                        new Lrh(0, 1, 0, 0, 2, PortHarness.LID, 0, 0, PortHarness.PEER_LID),
                                        Bth.of(OpCode.RC_SEND_ONLY, 0xFFFF, 1, false, 0))
                                .build());
            case BAD_VL -> h.active().receive(send(9, 0, 8));
            case BAD_DLID -> h.active().receive(to(7, PortHarness.PEER_LID));
            case BAD_SLID -> h.active().receive(to(PortHarness.LID, 0));
            case PORT_NOT_ACTIVE -> h.linkUp().receive(send(0, 0, 8)); // Init: only SMPs pass
            case BUFFER_OVERRUN -> {
                h.active();
                for (int i = 0; i < FIT + 2; i++) {
                    h.receive(send(0, i, BIG)); // the device holds every buffer
                }
                return 2;
            }
            case VL15_BUFFER_FULL -> {
                h.linkUp();
                for (int i = 0; i < PortConfig.DEFAULT_VL15_BUFFER_PACKETS + 2; i++) {
                    h.receive(PortHarness.smp(i));
                }
                return 2;
            }
            case MALFORMED_LINK_PACKET -> h.active().receiveLink(new byte[5]);
            case INTERNAL_ERROR -> {
                device.fail = true;
                h.active().receive(send(0, 0, 8));
            }
            case TRANSMIT_REFUSED -> h.linkUp().port.transmit(toPeer(0)); // Init: data may not leave
            case UNMAPPED_SL -> h.active().port.discardUnmappedSl(); // the HCA's outbox found no VL for the SL
            case HEAD_OF_QUEUE_LIFETIME -> {
                h.active().port.hoqLife(0); // 4.096 us
                queueBeyondCredit(3);
                h.clock.advance(FlowControlKeepAlive.KEEP_ALIVE_NANOS); // the keep-alive finds the heads expired
                return 3;
            }
            case LINK_DOWN -> {
                h.active();
                queueBeyondCredit(3);
                h.port.close();
                return 3;
            }
            default -> fail("no case provokes " + reason + ": add one");
        }
        return 1;
    }

    /** Sends more than the peer's credit: {@code waiting} packets stay queued. */
    private void queueBeyondCredit(int waiting) {
        for (int i = 0; i < FIT + waiting; i++) {
            h.port.transmit(toPeer(i));
        }
        assertEquals(waiting, h.port.queued(0));
    }

    private static byte[] send(int vl, int psn, int payload) {
        return PortHarness.send(vl, psn, payload);
    }

    private static PacketBuilder iba() {
        return PacketBuilder.iba(
                Lrh.of(0, 0, Lrh.LNH_IBA_LOCAL, PortHarness.LID, PortHarness.PEER_LID),
                Bth.of(OpCode.RC_SEND_ONLY, 0xFFFF, 1, false, 0));
    }

    private static byte[] to(int dlid, int slid) {
        return PacketBuilder.iba(
                        Lrh.of(0, 0, Lrh.LNH_IBA_LOCAL, dlid, slid), Bth.of(OpCode.RC_SEND_ONLY, 0xFFFF, 1, false, 0))
                .payload(new byte[8])
                .build();
    }

    private static byte[] toPeer(int psn) {
        return PacketBuilder.iba(
                        Lrh.of(0, 0, Lrh.LNH_IBA_LOCAL, PortHarness.PEER_LID, PortHarness.LID),
                        Bth.of(OpCode.RC_SEND_ONLY, 0xFFFF, 0x11, false, psn))
                .payload(new byte[BIG])
                .build();
    }
}
