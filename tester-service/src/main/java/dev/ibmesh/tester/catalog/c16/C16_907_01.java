package dev.ibmesh.tester.catalog.c16;

import dev.ibmesh.mad.MadStatus;
import dev.ibmesh.mad.Method;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.DutKind;
import dev.ibmesh.tester.engine.Role;

/**
 * The PMA answers a Get of an attribute it does not support with status 3, "method/attribute combination not
 * supported" (IBA 13.4.7 Table 110): an attribute ID the PMA class reserves (0x0002, below PortSamplesControl's 0x0010,
 * IBA 16.1), which no PMA supports; then PortRcvErrorDetails (0x0015) and PortXmitDiscardDetails (0x0016), optional
 * attributes: a DUT that supports one answers it with status 0, and the procedure notes it.
 *
 * <p>ibmesh's own ID: no public CTS page covers the PMA (chapter 16); the item and assertion numbers are ibmesh's.
 */
@Cts(
        id = "C16_907_01",
        title = "The PMA answers a Get of an unsupported attribute with status 3",
        coverage = {"IBA 13.4.7", "IBA 16.1"},
        assertions = {"v1c16-907#01", "v1c16-907#02"},
        tester = Role.MAD_TESTER,
        dut = DutKind.NODE,
        ownId = true,
        provenBy = {"pma-answer-unsupported-attributes"})
public final class C16_907_01 extends PortCountersProcedure {
    /** An attribute ID the PMA class reserves. */
    static final int RESERVED_ATTRIBUTE = 0x0002;
    /** PortRcvErrorDetails and PortXmitDiscardDetails, optional. */
    static final int[] OPTIONAL_ATTRIBUTES = {0x0015, 0x0016};

    private static final String RESERVED = "v1c16-907#01";
    private static final String OPTIONAL = "v1c16-907#02";

    @Override
    protected void execute() {
        String unsupported = statusOf(MadStatus.CODE_METHOD_ATTRIBUTE_UNSUPPORTED);
        step(1, String.format("SendMad (Get(attribute 0x%04x, reserved)); Verify status 3", RESERVED_ATTRIBUTE));
        check(RESERVED, "MADHeader:Status", unsupported, get(RESERVED, RESERVED_ATTRIBUTE));

        step(
                2,
                "SendMad (Get(PortRcvErrorDetails)), SendMad (Get(PortXmitDiscardDetails)); Verify status 3 unless"
                        + " supported");
        for (int attribute : OPTIONAL_ATTRIBUTES) {
            String answered = get(OPTIONAL, attribute);
            if (answered.equals(statusOf(MadStatus.CODE_OK))) {
                note(String.format("attribute 0x%04x is supported: status 0", attribute));
            } else {
                check(OPTIONAL, String.format("MADHeader:Status (attribute 0x%04x)", attribute), unsupported, answered);
            }
        }
    }

    /** The status of a Get of {@code attribute} for the DUT's port (PortSelect at data byte 1). */
    private String get(String assertions, int attribute) {
        byte[] data = new byte[8];
        data[1] = (byte) dutPort();
        return status(pma(assertions, Method.GET, attribute, data));
    }
}
