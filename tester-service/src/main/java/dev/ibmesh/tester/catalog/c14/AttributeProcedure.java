package dev.ibmesh.tester.catalog.c14;

import dev.ibmesh.mad.Attribute;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.mad.smp.SwitchInfo;
import dev.ibmesh.tester.engine.TesterError;
import dev.ibmesh.tester.mad.MadExchange;
import dev.ibmesh.tester.mad.MadProcedure;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.function.BiFunction;

/**
 * What the SMA attribute procedures share (the CTS's "v1c14-024.1.1 subnet management attribute" tests): the CTS's
 * initialization (the link up, the DUT's M_Key 0 with M_KeyProtectBits 0), SubnGet and SubnSet of one attribute with
 * the checks every response gets, the "unsupported attribute" case (status 3), writing a value and reading it back,
 * and putting back in {@link #cleanup()} whatever a procedure changed.
 *
 * <p>Assertion IDs: {@code v1c14-024.1.1#NN.01} tags what a SubnGet of attribute NN must answer and {@code #NN.02}
 * what a SubnSet must do (the numbers after the '#' are ibmesh's where the CTS text of the procedure is not public);
 * {@code v1c13-024#07} tags status 7, "one or more fields contain an invalid value" (C13-24); {@code v1c14-031#01} the
 * status 3 of an attribute the DUT does not support, {@code v1c14-003#01} the status 3 of a SubnSet of a read-only
 * attribute ("method/attribute combination not supported", C14-3).
 */
abstract class AttributeProcedure extends MadProcedure {
    static final String STATUS_7 = "v1c13-024#07";
    static final String UNSUPPORTED = "v1c14-031#01";
    static final String READ_ONLY = "v1c14-003#01";
    static final int CODE_UNSUPPORTED = 3;
    static final int CODE_INVALID = 7;

    private NodeInfo nodeInfo;
    private int endPort;
    private final Deque<Runnable> restores = new ArrayDeque<>();

    @Override
    protected void initialize() {
        nodeInfo = NodeInfo.decode(mad().subnGet(NodeInfo.ATTRIBUTE_ID, 0).smpData(), 0);
        endPort = dutIsSwitch() ? 0 : nodeInfo.localPortNum();
        PortInfo end = endPortInfo();
        mad().responseTime(end.respTimeValue(), end.subnetTimeOut());
        note("1. PortInfo:PortState is Init, Armed or Active for the MAD Tester and the DUT (the bench brought the link"
                + " up)");
        note("2-3. DUT PortInfo:M_Key = 0 and M_KeyProtectBits = 0");
        if (end.mKey() != 0 || end.mKeyProtectBits() != 0) {
            throw new TesterError("initialization: the DUT's M_Key is 0x" + Long.toHexString(end.mKey())
                    + " with M_KeyProtectBits " + end.mKeyProtectBits() + "; the procedure needs 0 and 0");
        }
    }

    /** The DUT's NodeInfo as the initialization read it. */
    protected final NodeInfo nodeInfo() {
        return nodeInfo;
    }

    protected final boolean dutIsSwitch() {
        return ctx().bench().link().dutIsSwitch();
    }

    /** The DUT's end port: a switch's port 0, or the CA port on the link. */
    protected final int endPort() {
        return endPort;
    }

    /** Steps {@code send} and {@code send + 1}: SendMad (SubnGet(SwitchInfo)), ReceiveMad: the DUT's SwitchInfo. */
    protected final SwitchInfo switchInfo(int send) {
        MadExchange x = get(send, "v1c14-024.1.1#04.01", SwitchInfo.ATTRIBUTE_ID, "SwitchInfo", 0);
        status("v1c14-024.1.1#04.01", 0, x);
        return SwitchInfo.decode(x.smpData(), 0);
    }

    /** The end port's PortInfo now. */
    protected final PortInfo endPortInfo() {
        return PortInfo.decode(
                mad().subnGet(PortInfo.ATTRIBUTE_ID, endPort).requireOk().smpData(), 0);
    }

    /**
     * Steps {@code send} and {@code send + 1}: SendMad (SubnGet(attribute where AttributeModifier = modifier)) and
     * ReceiveMad, whose response must mirror the request ({@code assertions}).
     */
    protected final MadExchange get(int send, String assertions, int attributeId, String name, int modifier) {
        step(send, "SendMad (SubnGet(" + name + " where MADHeader:AttributeModifier = " + hex(modifier) + "))");
        MadExchange x = mad().subnGet(attributeId, modifier);
        step(send + 1, "ReceiveMad (SubnGetResp(" + name + "))");
        mad().verifyResponse(assertions, x);
        return x;
    }

    /** Steps {@code send} and {@code send + 1}: SendMad (SubnSet(attribute ...)) and ReceiveMad of its response. */
    protected final MadExchange set(
            int send, String assertions, int attributeId, String name, int modifier, byte[] data) {
        return set(send, assertions, attributeId, name, modifier, "", data);
    }

    /** {@link #set(int, String, int, String, int, byte[])} whose step text says what {@code data} changes. */
    protected final MadExchange set(
            int send, String assertions, int attributeId, String name, int modifier, String change, byte[] data) {
        step(
                send,
                "SendMad (SubnSet(" + name + " where MADHeader:AttributeModifier = " + hex(modifier)
                        + (change.isEmpty() ? "" : ", " + change) + "))");
        MadExchange x = mad().subnSet(attributeId, modifier, data);
        step(send + 1, "ReceiveMad (SubnGetResp(" + name + "))");
        mad().verifyResponse(assertions, x);
        return x;
    }

    /** Verify MADHeader:Status.Code == {@code code}. */
    protected final void status(String assertions, int code, MadExchange x) {
        check(assertions, "MADHeader:Status.Code", code, x.statusCode());
    }

    /**
     * Steps {@code first} to {@code first + 3}: the DUT does not support the attribute, so a SubnGet and a SubnSet of
     * it are answered with status 3 (C14-3; IBA 13.4.7 Table 110).
     */
    protected final void unsupported(int first, int attributeId, String name, int modifier) {
        status(UNSUPPORTED, CODE_UNSUPPORTED, get(first, UNSUPPORTED, attributeId, name, modifier));
        status(UNSUPPORTED, CODE_UNSUPPORTED, set(first + 2, UNSUPPORTED, attributeId, name, modifier, new byte[0]));
    }

    /**
     * Steps {@code first} to {@code first + 3}: SubnSet of {@code written} must be taken (status 0, the response
     * carries it) and a SubnGet must read it back ({@code assertions}). What the attribute held before goes back in
     * {@link #cleanup()}: {@code original}.
     */
    protected final <T extends Attribute> void writeAndReadBack(
            int first,
            String assertions,
            String name,
            int modifier,
            T original,
            T written,
            BiFunction<byte[], Integer, T> decode) {
        restoreLater(written.attributeId(), modifier, original.toBytes());
        MadExchange set = set(first, assertions, written.attributeId(), name, modifier, written.toBytes());
        status(assertions, 0, set);
        check(assertions, "SMPData (" + name + " as it now is)", written, decode.apply(set.smpData(), 0));
        MadExchange get = get(first + 2, assertions, written.attributeId(), name, modifier);
        status(assertions, 0, get);
        check(assertions, "SMPData (" + name + " read back)", written, decode.apply(get.smpData(), 0));
    }

    /**
     * Steps {@code first} to {@code first + 4 * components.size() - 1}, four per component: SubnSet of {@code
     * writable} with one read-only component changed must be answered with status {@code code} (3 when the whole
     * attribute is read-only, C14-3; 0 when the Set is taken for the read-write components it carries) and leave the
     * component as {@code read} holds it, in the response to a Set taken and in a SubnGet after it ({@code
     * assertions}).
     */
    protected final void readOnlyComponents(
            int first,
            String assertions,
            int attributeId,
            String name,
            int modifier,
            byte[] read,
            byte[] writable,
            int code,
            List<Component> components) {
        if (code == 0) {
            restoreLater(attributeId, modifier, writable);
        }
        int step = first;
        for (Component c : components) {
            MadExchange set = set(
                    step,
                    assertions,
                    attributeId,
                    name,
                    modifier,
                    "read-only " + c.name() + " = " + c.value(c.changed(writable)),
                    c.changed(writable));
            status(code == 0 ? assertions : READ_ONLY, code, set);
            if (code == 0) {
                check(assertions, "SMPData." + c.name() + " in the response", c.value(read), c.value(set.smpData()));
            }
            MadExchange get = get(step + 2, assertions, attributeId, name, modifier);
            status(assertions, 0, get);
            check(assertions, "SMPData." + c.name() + " read back", c.value(read), c.value(get.smpData()));
            step += 4;
        }
    }

    /**
     * Steps {@code first} to {@code first + 3}: SubnSet of {@code data} with {@code component} = {@code value} must be
     * answered with status {@code code}: 0 for a legal value, which the response and a SubnGet then show, 7 for an
     * illegal one, which leaves the attribute as {@code data} holds it (C13-24). Returns the attribute as the SubnGet
     * read it.
     */
    protected final byte[] writeComponent(
            int first,
            String assertions,
            int attributeId,
            String name,
            int modifier,
            byte[] data,
            Component component,
            long value,
            int code) {
        String change = component.name() + " = " + value + (code == 0 ? " (legal)" : " (illegal)");
        MadExchange set = set(first, assertions, attributeId, name, modifier, change, component.with(data, value));
        status(code == CODE_INVALID ? STATUS_7 : assertions, code, set);
        long expected = code == 0 ? value : component.value(data);
        if (code == 0) {
            check(
                    assertions,
                    "SMPData." + component.name() + " in the response",
                    expected,
                    component.value(set.smpData()));
        }
        MadExchange get = get(first + 2, assertions, attributeId, name, modifier);
        status(assertions, 0, get);
        check(assertions, "SMPData." + component.name() + " read back", expected, component.value(get.smpData()));
        return get.smpData();
    }

    /** {@link #cleanup()} writes {@code data} back into the attribute; the last registered goes back first. */
    protected final void restoreLater(int attributeId, int modifier, byte[] data) {
        restores.push(() -> {
            MadExchange x = mad().subnSet(attributeId, modifier, data);
            note("cleanup: attribute " + hex(attributeId) + " modifier " + hex(modifier) + " written back: status "
                    + x.statusCode());
        });
    }

    /** Puts back what the procedure changed, newest first. */
    @Override
    protected void cleanup() {
        while (!restores.isEmpty()) {
            restores.pop().run();
        }
    }

    static String hex(int value) {
        return "0x" + Integer.toHexString(value).toUpperCase(Locale.ROOT);
    }
}
