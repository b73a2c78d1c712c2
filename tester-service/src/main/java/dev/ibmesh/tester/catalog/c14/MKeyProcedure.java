package dev.ibmesh.tester.catalog.c14;

import static dev.ibmesh.tester.mad.PortInfos.writeBack;

import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.tester.engine.TesterError;
import dev.ibmesh.tester.mad.MadExchange;
import dev.ibmesh.tester.mad.MadProcedure;
import java.time.Duration;
import java.util.Optional;

/**
 * What the M_Key procedures share (the CTS's {@code C14_016_Base} and {@code C14_017} bases): the DUT's management
 * port (a switch's port 0, or the CA port on the link), whose PortInfo holds the M_Key its SMA checks (IBA 14.2.4);
 * SMPs along the directed route carrying a chosen M_Key; the initial steps that give the DUT an M_Key; the
 * protection level and lease period; and the cleanup the CTS prescribes (M_Key = 0, M_KeyProtectBits = 0,
 * M_KeyViolations = 0, and M_KeyLeasePeriod back to 0).
 *
 * <p>The M_KeyLeasePeriod stays 0 (the lease never expires) unless a procedure sets one with {@link #protect}, so the
 * protection the procedure sets holds however long the DUT takes.
 */
abstract class MKeyProcedure extends MadProcedure {
    /**
     * How long the tester waits for the answer to a SubnGet that is polled while a lease runs: a discarded one costs
     * this much, so it is the resolution of the lease measurements.
     */
    static final Duration POLL = Duration.ofMillis(100);

    /** M_KEY_DUT: the M_Key the procedure gives the DUT. */
    static final long M_KEY_DUT = 0x1BAD_CAFE_0000_0016L;
    /** An M_Key that is not the DUT's. */
    static final long WRONG_M_KEY = ~M_KEY_DUT;

    private int port;
    private boolean keySet;

    @Override
    protected void initialize() {
        port = ctx().bench().link().dutIsSwitch() ? 0 : ctx().bench().link().dutPort();
        PortInfo p = PortInfo.decode(mad().subnGet(PortInfo.ATTRIBUTE_ID, port).smpData(), 0);
        mad().responseTime(p.respTimeValue(), p.subnetTimeOut());
        note("1. PortInfo:PortState is Init, Armed or Active for the MAD Tester and the DUT (the bench brought the link"
                + " up); the DUT's management port is port " + port);
        note("2. DUT PortInfo:M_Key = 0 and M_KeyProtectBits = 0");
        if (p.mKey() != 0 || p.mKeyProtectBits() != 0) {
            throw new TesterError("initialization: the DUT's M_Key is 0x" + Long.toHexString(p.mKey())
                    + " with M_KeyProtectBits " + p.mKeyProtectBits() + "; the procedure needs 0 and 0");
        }
    }

    /** The port whose PortInfo holds the DUT's M_Key: AttributeModifier of every PortInfo SMP. */
    protected final int managementPort() {
        return port;
    }

    /**
     * Steps 1-3 (the CTS's PerformInitialSteps): PORT_INFO_DATA = SubnGet(PortInfo); SubnSet(PortInfo) with M_Key =
     * M_KEY_DUT, M_KeyProtectBits = 0, M_KeyLeasePeriod = 0; the response shows the new M_Key.
     */
    protected final PortInfo performInitialSteps(String assertions) {
        step(1, "PORT_INFO_DATA = SubnGet(PortInfo where AttributeModifier = " + port + ")");
        PortInfo data = PortInfo.decode(get(assertions, 0).smpData(), 0);
        step(2, "SendMad (SubnSet(PortInfo where M_Key = M_KEY_DUT, M_KeyProtectBits = 0, M_KeyLeasePeriod = 0))");
        keySet = true;
        MadExchange set = set(
                assertions, writeBack(data).mKey(M_KEY_DUT).mKeyProtectBits(0).mKeyLeasePeriod(0), 0);
        step(3, "ReceiveMad (SubnGetResp(PortInfo)); verify the M_Key was set");
        check(assertions, "MADHeader:Status.Code", 0, set.statusCode());
        PortInfo now = PortInfo.decode(set.smpData(), 0);
        check(assertions, "SMPData.M_Key", hex(M_KEY_DUT), hex(now.mKey()));
        return now;
    }

    /** SubnSet(PortInfo: M_KeyProtectBits = {@code bits}) with the DUT's M_Key; it must be taken. */
    protected final PortInfo protectBits(String assertions, int bits) {
        PortInfo now = PortInfo.decode(get(assertions, M_KEY_DUT).smpData(), 0);
        return protect(assertions, bits, now.mKeyLeasePeriod());
    }

    /**
     * SubnSet(PortInfo: M_KeyProtectBits = {@code bits}, M_KeyLeasePeriod = {@code leaseSeconds}) with the DUT's
     * M_Key; it must be taken.
     */
    protected final PortInfo protect(String assertions, int bits, int leaseSeconds) {
        PortInfo now = PortInfo.decode(get(assertions, M_KEY_DUT).smpData(), 0);
        MadExchange set =
                set(assertions, writeBack(now).mKeyProtectBits(bits).mKeyLeasePeriod(leaseSeconds), M_KEY_DUT);
        check(assertions, "MADHeader:Status.Code", 0, set.statusCode());
        PortInfo after = PortInfo.decode(set.smpData(), 0);
        check(assertions, "SMPData.M_KeyProtectBits", bits, after.mKeyProtectBits());
        check(assertions, "SMPData.M_KeyLeasePeriod", leaseSeconds, after.mKeyLeasePeriod());
        return after;
    }

    /**
     * SendMad (SubnGet(PortInfo where M_Key = wrong M_Key)) and waits {@code within} for its answer: empty when the
     * SMA discarded it, as it must while M_KeyProtectBits are 2 or 3.
     */
    protected final Optional<MadExchange> wrongKeyGet(Duration within) {
        return mad().sendExpectingNoResponse(getRequest(WRONG_M_KEY), within);
    }

    /**
     * Sends SubnGet(PortInfo) with the wrong M_Key, one after the other, until {@code deadline} ({@link
     * System#nanoTime()}): each must be discarded, or the step FAILs with {@code assertions}. The DUT's protection is
     * watched rather than waited out. Returns how many were sent.
     */
    protected final int discardedUntil(String assertions, long deadline) {
        int sent = 0;
        while (sent == 0 || deadline - System.nanoTime() > 0) {
            Optional<MadExchange> answer = wrongKeyGet(POLL);
            sent++;
            checkThat(
                    assertions,
                    "SubnGet(PortInfo) with the wrong M_Key, number " + sent + " of the watch",
                    answer.isEmpty(),
                    "discarded: no response within " + POLL.toMillis() + " ms",
                    answer.map(a -> "a response with M_KeyProtectBits "
                                    + PortInfo.decode(a.smpData(), 0).mKeyProtectBits())
                            .orElse("none"));
        }
        return sent;
    }

    /** SubnGet(PortInfo) carrying {@code mKey}: its response, which must come ({@code assertions} if it does not). */
    protected final MadExchange get(String assertions, long mKey) {
        return mad().send(assertions, getRequest(mKey));
    }

    /** SubnSet(PortInfo) carrying {@code mKey}: its response, which must come ({@code assertions} if it does not). */
    protected final MadExchange set(String assertions, PortInfo.Builder data, long mKey) {
        return mad().send(assertions, setRequest(data, mKey));
    }

    /** A SubnGet(PortInfo) along the route to the DUT carrying {@code mKey}, not yet sent. */
    protected final HostMad getRequest(long mKey) {
        return mad().directed(Method.GET, PortInfo.ATTRIBUTE_ID, port, mKey, new byte[0], mad().pathToDut());
    }

    /** A SubnSet(PortInfo) along the route to the DUT carrying {@code mKey}, not yet sent. */
    protected final HostMad setRequest(PortInfo.Builder data, long mKey) {
        return mad().directed(
                        Method.SET,
                        PortInfo.ATTRIBUTE_ID,
                        port,
                        mKey,
                        data.build().toBytes(),
                        mad().pathToDut());
    }

    protected static String hex(long key) {
        return String.format("0x%016x", key);
    }

    /** The CTS's cleanup: M_Key = 0, M_KeyProtectBits = 0, M_KeyViolations = 0, with the DUT's M_Key. */
    @Override
    protected void cleanup() {
        if (!keySet) {
            return;
        }
        PortInfo now = PortInfo.decode(mad().send(getRequest(M_KEY_DUT)).smpData(), 0);
        MadExchange reset = mad().send(setRequest(
                writeBack(now).mKey(0).mKeyProtectBits(0).mKeyLeasePeriod(0).mKeyViolations(0), M_KEY_DUT));
        note("cleanup: M_Key = 0, M_KeyProtectBits = 0, M_KeyLeasePeriod = 0, M_KeyViolations = 0: status "
                + reset.statusCode());
    }
}
