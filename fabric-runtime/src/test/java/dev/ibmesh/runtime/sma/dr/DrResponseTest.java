package dev.ibmesh.runtime.sma.dr;

import static dev.ibmesh.runtime.sma.dr.DirectedRouteTest.dr;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.MadStatus;
import dev.ibmesh.mad.Method;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class DrResponseTest {
    private static final int[] PATH = {2, 5, 1};
    private static final int[] RETURN = {1, 3, 7};

    private static DrSmp delivered() {
        DrSmp smp = dr(false, 4, 3, 9, 0xFFFF, PATH, RETURN);
        MadHeader h = smp.header();
        return new DrSmp(
                new MadHeader(
                        h.baseVersion(),
                        h.mgmtClass(),
                        h.classVersion(),
                        Method.SET,
                        0,
                        h.classSpecific(),
                        0x1122334455667788L,
                        0x0015,
                        0,
                        3),
                0xABCDL,
                smp.drSlid(),
                smp.drDlid(),
                smp.reserved28(),
                smp.data(),
                smp.initialPath(),
                smp.returnPath());
    }

    @Test
    void keepsTheRequestFieldsAndTurnsItAround() {
        DrSmp request = delivered();
        byte[] data = {1, 2, 3};

        DrSmp resp = DrResponse.getResp(request, MadStatus.ofCode(MadStatus.CODE_INVALID_FIELD), data);

        assertEquals(Method.GET_RESP, resp.header().method());
        assertTrue(resp.direction());
        assertEquals(0x001C, resp.status());
        assertEquals(0x801C, resp.header().status());
        assertEquals(0x1122334455667788L, resp.header().transactionId());
        assertEquals(0x0015, resp.header().attributeId());
        assertEquals(3, resp.header().attributeModifier());
        assertEquals(0xABCDL, resp.mKey());
        assertEquals(9, resp.drSlid());
        assertEquals(0xFFFF, resp.drDlid());
        assertEquals(4, resp.hopPointer(), "the return journey starts at HopCount + 1");
        assertEquals(3, resp.hopCount());
        assertArrayEquals(request.initialPath(), resp.initialPath());
        assertArrayEquals(request.returnPath(), resp.returnPath());
        assertArrayEquals(Arrays.copyOf(data, 64), resp.data());
    }

    @Test
    void doesNotShareArraysWithTheRequest() {
        DrSmp request = delivered();
        DrSmp resp = DrResponse.getResp(request, 0, new byte[0]);
        resp.returnPath()[1] = 42;
        assertEquals(1, request.returnPath(1));
    }

    @Test
    void rejectsAStatusThatCarriesTheDirectionBit() {
        assertThrows(IllegalArgumentException.class, () -> DrResponse.getResp(delivered(), DrSmp.D_BIT, new byte[0]));
    }

    @Test
    void rejectsARequestThatIsNotAtItsDestination() {
        assertThrows(
                IllegalArgumentException.class,
                () -> DrResponse.getResp(dr(false, 3, 3, PATH, RETURN), 0, new byte[0]));
        assertThrows(
                IllegalArgumentException.class, () -> DrResponse.getResp(dr(true, 4, 3, PATH, RETURN), 0, new byte[0]));
    }

    @Test
    void rejectsDataLongerThan64Bytes() {
        assertThrows(IllegalArgumentException.class, () -> DrResponse.getResp(delivered(), 0, new byte[65]));
    }
}
