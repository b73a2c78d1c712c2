package dev.ibmesh.runtime.sma;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.mad.Smp;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.mad.smp.Notice;
import dev.ibmesh.mad.smp.PortInfo;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The Notices of the SMA's traps: header fields per trap and the DataDetails each one carries. */
class TrapNoticesTest {
    private static final int LID = 0x42;
    private final TrapNotices switchNotices = new TrapNotices(NodeInfo.NODE_TYPE_SWITCH);

    @Test
    void linkStateChangeIsUrgentFromTheSwitch() {
        Notice n = switchNotices.linkStateChange(LID);
        assertEquals(1, n.isGeneric());
        assertEquals(Notice.TYPE_URGENT, n.type());
        assertEquals(Notice.PRODUCER_SWITCH, n.producerType());
        assertEquals(Notice.TRAP_LINK_STATE_CHANGE, n.trapNumber());
        assertEquals(LID, n.issuerLid());
        assertEquals(new Notice.LinkStateTrap(LID), n.details());
    }

    @Test
    void portErrorsNameThePort() {
        Notice n = switchNotices.portError(Notice.TRAP_BUFFER_OVERRUN_THRESHOLD, LID, 7);
        assertEquals(Notice.TYPE_URGENT, n.type());
        assertEquals(new Notice.PortTrap(LID, 7), n.details());
        assertThrows(IllegalArgumentException.class, () -> switchNotices.portError(Notice.TRAP_BAD_M_KEY, LID, 7));
    }

    @Test
    void localChangesCarryTheCapabilityMasksAndFlags() {
        PortInfo port = PortInfo.builder()
                .lid(LID)
                .capabilityMask(0x8040_0008)
                .capabilityMask2(1)
                .build();
        Notice n = new TrapNotices(NodeInfo.NODE_TYPE_CA)
                .localChanges(port, Notice.LocalChangesTrap.CHANGE_NODE_DESCRIPTION);
        assertEquals(Notice.TYPE_INFO, n.type());
        assertEquals(Notice.PRODUCER_CA, n.producerType());
        Notice.LocalChangesTrap d = (Notice.LocalChangesTrap) n.details();
        assertEquals(1, d.otherLocalChanges());
        assertEquals(0x8040_0008L, d.capabilityMask());
        assertEquals(1, d.capabilityMask2());
        assertEquals(Notice.LocalChangesTrap.CHANGE_NODE_DESCRIPTION, d.changeFlags());
        assertEquals(
                0,
                ((Notice.LocalChangesTrap) switchNotices.localChanges(port, 0).details()).otherLocalChanges(),
                "a CapabilityMask change alone is no other local change");
    }

    @Test
    void badMKeyOfALidRoutedSmp() {
        Smp refused = Smp.of(
                MadHeader.of(MgmtClass.SUBN_LID_ROUTED, 1, Method.SET, 9, PortInfo.ATTRIBUTE_ID, 3),
                0xBADL,
                new byte[64]);
        Notice n = switchNotices.badMKey(LID, refused.encode());
        assertEquals(Notice.TYPE_SECURITY, n.type());
        assertEquals(Notice.TRAP_BAD_M_KEY, n.trapNumber());
        Notice.BadMKeyTrap d = (Notice.BadMKeyTrap) n.details();
        assertEquals(LID, d.lidAddr());
        assertEquals(Method.SET, d.method());
        assertEquals(PortInfo.ATTRIBUTE_ID, d.attributeId());
        assertEquals(3, d.attributeModifier());
        assertEquals(0xBADL, d.mKey());
        assertEquals(0, d.drNotice());
    }

    @Test
    void badMKeyOfADirectedRouteSmpCarriesItsPath() {
        DrSmp out = DrSmp.outbound(Method.GET, 9, PortInfo.ATTRIBUTE_ID, 0, 0xBADL, new byte[0], 1, 2, 3);
        byte[] returnPath = new byte[64];
        returnPath[1] = 4;
        returnPath[2] = 5;
        returnPath[3] = 6;
        DrSmp delivered = new DrSmp(
                out.header(),
                out.mKey(),
                0x11,
                out.drDlid(),
                out.reserved28(),
                out.data(),
                out.initialPath(),
                returnPath);
        Notice.BadMKeyTrap d = (Notice.BadMKeyTrap)
                switchNotices.badMKey(LID, delivered.encode()).details();
        assertEquals(1, d.drNotice());
        assertEquals(0, d.drPathTruncated());
        assertEquals(3, d.drHopCount());
        assertEquals(0x11, d.drSlid());
        assertArrayEquals(
                Arrays.copyOf(new byte[] {0, 4, 5}, 30),
                d.drNoticeReturnPath(),
                "entries 0..HopCount-1 of the ReturnPath, as Linux qib/hfi1 copy them");
    }

    @Test
    void aDirectedRouteLongerThan30HopsIsTruncated() {
        int[] path = new int[40];
        Arrays.fill(path, 1);
        DrSmp out = DrSmp.outbound(Method.SET, 9, PortInfo.ATTRIBUTE_ID, 0, 0xBADL, new byte[0], path);
        Notice.BadMKeyTrap d =
                (Notice.BadMKeyTrap) switchNotices.badMKey(LID, out.encode()).details();
        assertEquals(1, d.drPathTruncated());
        assertEquals(30, d.drHopCount());
    }
}
