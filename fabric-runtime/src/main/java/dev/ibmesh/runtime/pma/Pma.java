package dev.ibmesh.runtime.pma;

import dev.ibmesh.mad.ClassPortInfo;
import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.MadStatus;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.mad.pma.PmaMad;
import dev.ibmesh.mad.pma.PortCounters;
import dev.ibmesh.mad.pma.PortCountersExtended;
import java.util.Objects;
import java.util.Optional;

/**
 * The Performance Management Agent of one node (IBA 16.1): answers the PerfMgt GMPs (class 0x04) that reached the
 * node's QP1 (a switch's port 0, a CA's port). Pure logic, called on the device's event loop.
 *
 * <p>In order (status codes of IBA 13.4.7; Linux qib {@code process_perf}, ibsim {@code sim_mad.c}):
 * <ol>
 *   <li>A response (Method R bit) or a Trap is not answered: the IBA defines no response to either (a Trap is
 *       answered by the SM's TrapRepress, if at all), and qib passes both on unanswered.</li>
 *   <li>BaseVersion or ClassVersion other than 1: status 1 (0x0004).</li>
 *   <li>A method other than Get and Set: status 2 (0x0008).</li>
 *   <li>An attribute other than ClassPortInfo, PortCounters and PortCountersExtended, or Set(ClassPortInfo):
 *       status 3 (0x000C).</li>
 *   <li>AttributeModifier other than 0 (all three attributes take none), or a PortSelect that names no port of
 *       this node: status 7 (0x001C).</li>
 * </ol>
 * Every answer is a GetResp with the request's TID, AttributeID, AttributeModifier and reserved bytes 24-63; the
 * attribute is at MAD byte 64 ({@link PmaMad}). An error answer echoes the request's data.
 */
public final class Pma {
    /** ClassPortInfo.RespTimeValue: 4.096 us * 2^18, about 1.07 s (the value qib and ibsim answer). */
    static final int RESP_TIME_VALUE = 18;

    /** AllPortSelect and PortCountersExtended; PortXmitWait (bit 12) is not counted, so it stays clear. */
    static final int CAPABILITY_MASK = ClassPortInfo.PMA_ALL_PORT_SELECT | ClassPortInfo.PMA_PORT_COUNTERS_EXTENDED;

    private final PmaNode node;
    private final PmaOptions options;

    public Pma(PmaNode node) {
        this(node, PmaOptions.SPEC);
    }

    /** A PMA that may deviate from the spec as {@code options} say. */
    public Pma(PmaNode node, PmaOptions options) {
        this.node = Objects.requireNonNull(node, "node");
        this.options = Objects.requireNonNull(options, "options");
    }

    /**
     * Answers a PerfMgt MAD that reached this node's PMA.
     *
     * @return the GetResp, or empty when no response is due
     * @throws IllegalArgumentException for a MAD of another class
     */
    public Optional<Mad> handle(Mad request) {
        MadHeader header = request.header();
        if (header.mgmtClass() != MgmtClass.PERF_MGT) {
            throw new IllegalArgumentException("not a PerfMgt MAD: " + request);
        }
        if (header.isResponse() || header.method() == Method.TRAP) {
            return Optional.empty();
        }
        PmaMad pma = PmaMad.decode(request);
        PmaReply reply = reply(header, pma.data());
        return Optional.of(new PmaMad(
                        header.withMethod(Method.GET_RESP).withStatus(reply.status()), pma.reserved24(), reply.data())
                .encode());
    }

    private int capabilityMask() {
        return options.departs(PmaDeparture.HIDE_EXTENDED_CAPABILITY)
                ? CAPABILITY_MASK & ~ClassPortInfo.PMA_PORT_COUNTERS_EXTENDED
                : CAPABILITY_MASK;
    }

    private PmaReply reply(MadHeader header, byte[] data) {
        if (header.baseVersion() != MadHeader.BASE_VERSION || header.classVersion() != PmaMad.CLASS_VERSION) {
            return PmaReply.error(MadStatus.CODE_BAD_VERSION, data);
        }
        int method = header.method();
        if (method != Method.GET && method != Method.SET) {
            return PmaReply.error(MadStatus.CODE_METHOD_UNSUPPORTED, data);
        }
        int attributeId = header.attributeId();
        boolean known = attributeId == PortCounters.ATTRIBUTE_ID
                || attributeId == PortCountersExtended.ATTRIBUTE_ID
                || (attributeId == ClassPortInfo.ATTRIBUTE_ID && method == Method.GET);
        if (!known) {
            return options.departs(PmaDeparture.ANSWER_UNSUPPORTED_ATTRIBUTES)
                    ? new PmaReply(MadStatus.CODE_OK, new byte[PmaMad.DATA_SIZE])
                    : PmaReply.error(MadStatus.CODE_METHOD_ATTRIBUTE_UNSUPPORTED, data);
        }
        if (header.attributeModifier() != 0) {
            return PmaReply.error(MadStatus.CODE_INVALID_FIELD, data);
        }
        return switch (attributeId) {
            case PortCounters.ATTRIBUTE_ID -> PortCountersHandler.handle(node, method, data, options);
            case PortCountersExtended.ATTRIBUTE_ID -> PortCountersExtendedHandler.handle(node, method, data, options);
            default ->
                PmaReply.ok(ClassPortInfo.of(
                        MadHeader.BASE_VERSION, PmaMad.CLASS_VERSION, capabilityMask(), 0, RESP_TIME_VALUE));
        };
    }
}
