package dev.ibmesh.runtime.sma;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.mad.Smp;
import dev.ibmesh.mad.smp.NodeDescription;
import dev.ibmesh.mad.smp.Notice;
import dev.ibmesh.mad.smp.PortInfo;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** M_Key protection levels 0-3 and the lease (IBA 14.2.4), on a switch whose port 0 holds the M_Key. */
class MKeyTest {
    private static final long KEY = 0xCAFEF00DL;
    private static final long WRONG = 0xBADL;
    private final FakeSmaSwitch sw = new FakeSmaSwitch();
    private long now;
    private final Sma sma = new Sma(sw, () -> now);

    private void protect(int level, int leaseSeconds) {
        sw.ports.put(
                0,
                sw.portInfo(0).toBuilder()
                        .mKey(KEY)
                        .mKeyProtectBits(level)
                        .mKeyLeasePeriod(leaseSeconds)
                        .mKeyViolations(0)
                        .build());
    }

    private Optional<Mad> send(int method, int attributeId, long mKey, byte[] data) {
        MadHeader h = MadHeader.of(MgmtClass.SUBN_LID_ROUTED, 1, method, 7, attributeId, 0);
        return sma.handle(Smp.of(h, mKey, data).encode(), 1);
    }

    private Optional<Mad> getPortInfo(long mKey) {
        return send(Method.GET, PortInfo.ATTRIBUTE_ID, mKey, new byte[64]);
    }

    private Optional<Mad> setDescription(long mKey) {
        return send(
                Method.SET,
                NodeDescription.ATTRIBUTE_ID,
                mKey,
                NodeDescription.of("x").toBytes());
    }

    private int violations() {
        return sw.portInfo(0).mKeyViolations();
    }

    @ParameterizedTest(name = "level {0}")
    @ValueSource(ints = {0, 1, 2, 3})
    void theRightKeyIsAlwaysServed(int level) {
        protect(level, 0);
        PortInfo got =
                PortInfo.decode(Smp.decode(getPortInfo(KEY).orElseThrow()).data(), 0);
        assertEquals(KEY, got.mKey());
        assertEquals(0, violations());
    }

    @ParameterizedTest(name = "level {0}")
    @ValueSource(ints = {0, 1, 2, 3})
    void aSetWithTheWrongKeyIsDiscardedAndCounted(int level) {
        protect(level, 0);
        NodeDescription before = sw.nodeDescription();
        assertTrue(setDescription(WRONG).isEmpty(), "no answer");
        assertEquals(1, violations());
        assertEquals(before, sw.nodeDescription());
    }

    @ParameterizedTest(name = "level {0}")
    @ValueSource(ints = {0, 1, 2, 3})
    void everySetWithTheWrongKeyRaisesTrap256WithThatSmp(int level) {
        protect(level, 0);
        setDescription(WRONG);
        assertEquals(1, sw.mKeyViolations.size());
        Smp refused = Smp.decode(sw.mKeyViolations.get(0));
        assertEquals(Method.SET, refused.header().method());
        assertEquals(NodeDescription.ATTRIBUTE_ID, refused.header().attributeId());
        assertEquals(WRONG, refused.mKey());
    }

    @ParameterizedTest(name = "level {0}")
    @ValueSource(ints = {0, 1, 2, 3})
    void aGetWithTheWrongKeyRaisesTrap256OnlyWhereItIsRefused(int level) {
        protect(level, 0);
        getPortInfo(WRONG);
        assertEquals(level >= 2 ? 1 : 0, sw.mKeyViolations.size());
    }

    @ParameterizedTest(name = "level {0}")
    @ValueSource(ints = {0, 1, 2, 3})
    void theRightKeyOrNoKeyRaisesNoTrap(int level) {
        protect(level, 0);
        setDescription(KEY);
        getPortInfo(KEY);
        sw.ports.put(0, sw.portInfo(0).toBuilder().mKey(0).build());
        setDescription(WRONG);
        assertEquals(0, sw.mKeyViolations.size());
    }

    @Test
    void aTrapRepressWithTheWrongKeyIsAViolationToo() {
        protect(1, 0);
        assertTrue(send(Method.TRAP_REPRESS, Notice.ATTRIBUTE_ID, WRONG, new byte[64])
                .isEmpty());
        assertEquals(1, sw.mKeyViolations.size());
    }

    @Test
    void aSmaThatDoesNotCheckKeysRaisesNothing() {
        protect(3, 0);
        Sma unchecked =
                new Sma(sw, () -> now, new SmaOptions(false, PortInfoRules.SPEC, SwitchInfoRules.SPEC, Set.of()));
        MadHeader h = MadHeader.of(MgmtClass.SUBN_LID_ROUTED, 1, Method.SET, 7, NodeDescription.ATTRIBUTE_ID, 0);
        unchecked.handle(Smp.of(h, WRONG, NodeDescription.of("x").toBytes()).encode(), 1);
        assertEquals(0, sw.mKeyViolations.size());
    }

    @Test
    void levelZeroAnswersAGetWithTheWrongKeyShowingTheKey() {
        protect(0, 0);
        assertEquals(
                KEY,
                PortInfo.decode(Smp.decode(getPortInfo(WRONG).orElseThrow()).data(), 0)
                        .mKey());
        assertEquals(0, violations(), "a Get below level 2 is no violation");
    }

    @Test
    void levelOneAnswersAGetWithTheWrongKeyHidingTheKey() {
        protect(1, 0);
        assertEquals(
                0,
                PortInfo.decode(Smp.decode(getPortInfo(WRONG).orElseThrow()).data(), 0)
                        .mKey());
        assertEquals(0, violations());
    }

    @Test
    void aSetThatPassedTheCheckAnswersWithTheKeyItWrote() {
        protect(1, 0);
        long next = 0x1234_5678L;
        byte[] rekey = sw.portInfo(0).toBuilder()
                .mKey(next)
                .portState(0)
                .portPhysicalState(PortInfo.PHYS_STATE_NO_CHANGE)
                .build()
                .toBytes();
        Mad answer = send(Method.SET, PortInfo.ATTRIBUTE_ID, KEY, rekey).orElseThrow();
        assertEquals(0, Smp.decode(answer).header().status());
        assertEquals(
                next,
                PortInfo.decode(Smp.decode(answer).data(), 0).mKey(),
                "only a Get whose check failed hides the key; the SM learns its new key took");
        assertEquals(next, sw.portInfo(0).mKey());
    }

    @ParameterizedTest(name = "level {0}")
    @ValueSource(ints = {2, 3})
    void levelsTwoAndThreeDiscardAGetWithTheWrongKey(int level) {
        protect(level, 0);
        assertTrue(getPortInfo(WRONG).isEmpty());
        assertEquals(1, violations());
    }

    @Test
    void noKeyMeansNoChecking() {
        protect(3, 0);
        sw.ports.put(0, sw.portInfo(0).toBuilder().mKey(0).build());
        assertTrue(setDescription(WRONG).isPresent());
        assertEquals(0, violations());
    }

    @Test
    void aLeaseThatRunsOutDropsTheProtection() {
        protect(2, 60);
        assertTrue(getPortInfo(WRONG).isEmpty(), "the violation starts the 60 s lease");
        now += 59_000_000_000L;
        assertTrue(getPortInfo(WRONG).isEmpty(), "still protected");
        now += 2_000_000_000L;
        Optional<Mad> answer = getPortInfo(WRONG);
        assertTrue(answer.isPresent(), "the SM never came back: protection is gone");
        assertEquals(0, PortInfo.decode(Smp.decode(answer.get()).data(), 0).mKeyProtectBits());
    }

    @Test
    void theRightKeyStopsTheLease() {
        protect(2, 60);
        assertTrue(getPortInfo(WRONG).isEmpty());
        assertTrue(getPortInfo(KEY).isPresent(), "the right key is answered");
        now += 120_000_000_000L;
        assertTrue(getPortInfo(WRONG).isEmpty(), "the SM showed its key in time: still protected");
    }

    @Test
    void aLeaseOfZeroNeverRunsOut() {
        protect(2, 0);
        assertTrue(getPortInfo(WRONG).isEmpty(), "a violation, but no countdown");
        now += 1_000_000_000_000L;
        assertTrue(getPortInfo(WRONG).isEmpty(), "C14-21: still protected");
        assertEquals(2, sw.portInfo(0).mKeyProtectBits());
    }

    private Sma departing(SmaDeparture departure) {
        return new Sma(
                sw, () -> now, new SmaOptions(true, PortInfoRules.SPEC, SwitchInfoRules.SPEC, Set.of(departure)));
    }

    private Optional<Mad> getPortInfo(Sma on, long mKey) {
        MadHeader h = MadHeader.of(MgmtClass.SUBN_LID_ROUTED, 1, Method.GET, 7, PortInfo.ATTRIBUTE_ID, 0);
        return on.handle(Smp.of(h, mKey, new byte[64]).encode(), 1);
    }

    @Test
    void departureCheckZeroMKeyRefusesAnotherKeyWhileTheKeyIs0() {
        protect(3, 0);
        sw.ports.put(0, sw.portInfo(0).toBuilder().mKey(0).build());
        assertTrue(getPortInfo(departing(SmaDeparture.CHECK_ZERO_M_KEY), WRONG).isEmpty());
        assertEquals(1, violations());
    }

    @Test
    void departureLeaseNeverExpiresKeepsTheProtection() {
        protect(2, 1);
        Sma deviant = departing(SmaDeparture.M_KEY_LEASE_NEVER_EXPIRES);
        assertTrue(getPortInfo(deviant, WRONG).isEmpty());
        now += 10_000_000_000L;
        assertTrue(getPortInfo(deviant, WRONG).isEmpty(), "the lease ran out, the protection stays");
    }

    @Test
    void departureLeaseNotStoppedLetsItRunOutDespiteTheRightKey() {
        protect(2, 60);
        Sma deviant = departing(SmaDeparture.M_KEY_LEASE_NOT_STOPPED);
        assertTrue(getPortInfo(deviant, WRONG).isEmpty());
        assertTrue(getPortInfo(deviant, KEY).isPresent());
        now += 61_000_000_000L;
        assertTrue(getPortInfo(deviant, WRONG).isPresent(), "the right key did not stop the countdown");
    }

    @Test
    void departureZeroLeaseExpiresDropsTheProtectionAtOnce() {
        protect(2, 0);
        Sma deviant = departing(SmaDeparture.ZERO_M_KEY_LEASE_EXPIRES);
        assertTrue(getPortInfo(deviant, WRONG).isEmpty());
        assertTrue(getPortInfo(deviant, WRONG).isPresent(), "a lease of 0 ran out at once");
    }
}
