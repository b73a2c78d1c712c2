package dev.ibmesh.device.hca.grpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.ByteString;
import dev.ibmesh.device.hca.verbs.AddressVector;
import dev.ibmesh.device.hca.verbs.GlobalRoute;
import dev.ibmesh.device.hca.verbs.VerbsException;
import dev.ibmesh.device.hca.verbs.WcOpcode;
import dev.ibmesh.device.hca.verbs.WcStatus;
import dev.ibmesh.device.hca.verbs.WorkCompletion;
import dev.ibmesh.device.hca.verbs.WrOpcode;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.proto.verbs.v1.AhAttr;
import dev.ibmesh.wire.Gid;
import org.junit.jupiter.api.Test;

/** The conversions the service tests do not reach over the wire: every enum value, GRHs, speeds. */
class VerbsMapperTest {
    @Test
    void everyCompletionStatusAndOpcodeKeepsItsLibibverbsName() {
        for (WcStatus s : WcStatus.values()) {
            WorkCompletion wc = WorkCompletion.send(1, s, WcOpcode.SEND, 2, 0);
            assertEquals(s.name(), VerbsMapper.workCompletion(wc).getStatus().name());
        }
        for (WcOpcode o : WcOpcode.values()) {
            WorkCompletion wc = WorkCompletion.send(1, WcStatus.SUCCESS, o, 2, 0);
            assertEquals(
                    "WC_" + o.name(), VerbsMapper.workCompletion(wc).getOpcode().name());
        }
    }

    @Test
    void everyFacadeWorkRequestOpcodeHasItsProtoNumber() {
        for (WrOpcode o : WrOpcode.values()) {
            assertEquals(o, VerbsMapper.wrOpcode("opcode", o.code()));
        }
    }

    @Test
    void invalidatedKeyAndImmediateArePresentOnlyWhenTheCompletionHasThem() {
        WorkCompletion inv = new WorkCompletion(
                3, WcStatus.SUCCESS, WcOpcode.RECV, 2, 64, false, 0, true, 0x1122, 5, 1, 0, 0, false);
        dev.ibmesh.proto.verbs.v1.WorkCompletion p = VerbsMapper.workCompletion(inv);
        assertTrue(p.hasInvalidatedRkey());
        assertEquals(0x1122, p.getInvalidatedRkey());
        assertFalse(p.hasImmData());
    }

    @Test
    void anAddressVectorWithAGrhSurvivesTheRoundTrip() {
        AddressVector av = new AddressVector(
                0x12, 3, 1, 1, new GlobalRoute(new Gid(Gid.DEFAULT_SUBNET_PREFIX, 0xABCDL), 0x12345, 0, 64, 7));
        AhAttr ah = VerbsMapper.ahAttr(av);
        assertEquals(16, ah.getGrh().getDgid().size());
        assertEquals(av, VerbsMapper.addressVector("ah_attr", ah));
    }

    @Test
    void aGrhFieldOutOfRangeIsInvalid() {
        AhAttr ah = AhAttr.newBuilder()
                .setDlid(1)
                .setPortNum(1)
                .setGrh(dev.ibmesh.proto.verbs.v1.GlobalRoute.newBuilder()
                        .setDgid(ByteString.copyFrom(new byte[16]))
                        .setHopLimit(256))
                .build();
        VerbsException e = assertThrows(VerbsException.class, () -> VerbsMapper.addressVector("ah_attr", ah));
        assertEquals(VerbsException.Kind.INVALID_ARGUMENT, e.kind());
        assertEquals("grh.hop_limit must be 0..255, was 256", e.getMessage());
    }

    @Test
    void extendedSpeedsBecomeTheLibibverbsSpeedBits() {
        assertEquals(
                4, VerbsMapper.activeSpeed(PortInfo.builder().linkSpeedActive(4).build()), "QDR");
        assertEquals(
                16,
                VerbsMapper.activeSpeed(PortInfo.builder()
                        .linkSpeedActive(4)
                        .linkSpeedExtActive(1)
                        .build()),
                "FDR");
        assertEquals(
                32,
                VerbsMapper.activeSpeed(PortInfo.builder()
                        .linkSpeedActive(4)
                        .linkSpeedExtActive(2)
                        .build()),
                "EDR");
    }
}
