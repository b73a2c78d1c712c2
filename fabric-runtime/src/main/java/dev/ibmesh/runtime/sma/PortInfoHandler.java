package dev.ibmesh.runtime.sma;

import dev.ibmesh.mad.smp.PortInfo;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * PortInfo (IBA 14.2.5.6). AttributeModifier = port: see {@link SmpRequest#modifierPort()}. The GetResp reports
 * LocalPortNum = the port the SMP arrived on, whichever port it describes (IBA 14.2.5.6 "the link port which received
 * this SMP"; qib {@code subn_get_portinfo}, ibsim {@code do_portinfo}; ibnetdiscover relies on it at switches).
 *
 * <p>SubnSet goes through {@link PortInfoSet} (C14-24): an invalid component answers status 7 with the port
 * unchanged. On a CA or router a Set may only address the port it arrived on (ibsim {@code do_portinfo}: status 7;
 * qib ignores such a Set). A successful Set answers with the PortInfo the device reports afterwards, with
 * ClientReregister echoed when the SM wrote 1 (IBA o14-12.2.1, qib {@code subn_set_portinfo}).
 */
final class PortInfoHandler implements SmpAttributeHandler {
    /**
     * AttributeModifier bit 31 of PortInfo is SMSupportExtendedSpeeds (IBA 1.2.1+ 14.2.5.6), not part of the port
     * number: opensm sets it on every Set to a port whose CapabilityMask has IsExtendedSpeedsSupported
     * ({@code osm_link_mgr.c}), and ibsim {@code do_portinfo} masks it off.
     */
    private static final int SM_SUPPORTS_EXTENDED_SPEEDS = 1 << 31;

    private final PortInfoRules rules;

    PortInfoHandler(PortInfoRules rules) {
        this.rules = rules;
    }

    @Override
    public Optional<SmpReply> get(SmpRequest request) {
        OptionalInt port = selectedPort(request);
        if (port.isEmpty()) {
            return SmpReply.invalid(request);
        }
        return SmpReply.ok(
                seenFrom(request, request.node().portInfo(port.getAsInt())).toBytes());
    }

    @Override
    public Optional<SmpReply> set(SmpRequest request) {
        OptionalInt selected = selectedPort(request);
        if (selected.isEmpty() || (!request.isSwitch() && selected.getAsInt() != request.ingressPort())) {
            return SmpReply.invalid(request);
        }
        int port = selected.getAsInt();
        SmaNode node = request.node();
        PortInfo current = node.portInfo(port);
        SetResult<PortInfo> result = rules.apply(current, PortInfo.decode(request.data(), 0), context(request, port));
        if (!result.isValid()) {
            return SmpReply.rejected(result, seenFrom(request, current).toBytes());
        }
        node.applyPortInfo(port, result.attribute(), result.actions());
        PortInfo.Builder now = seenFrom(request, node.portInfo(port));
        if (result.actions().contains(new SmaAction.ClientReregister())) {
            now.clientReregister(true);
        }
        return SmpReply.ok(now.toBytes());
    }

    private static OptionalInt selectedPort(SmpRequest request) {
        return new SmpRequest(
                        request.node(),
                        request.attributeModifier() & ~SM_SUPPORTS_EXTENDED_SPEEDS,
                        request.data(),
                        request.ingressPort())
                .modifierPort();
    }

    /** An answer's PortInfo, LocalPortNum the port the SMP came in on; its bytes are the answer's data area. */
    private static PortInfo.Builder seenFrom(SmpRequest request, PortInfo portInfo) {
        return portInfo.toBuilder().localPortNum(request.ingressPort());
    }

    private static PortContext context(SmpRequest request, int port) {
        if (!(request.node() instanceof SmaSwitch sw)) {
            return PortContext.caPort(port);
        }
        return port == 0
                ? PortContext.switchPort0(sw.switchInfo().enhancedPort0())
                : PortContext.switchExternalPort(port);
    }
}
