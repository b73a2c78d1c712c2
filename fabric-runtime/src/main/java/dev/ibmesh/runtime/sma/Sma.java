package dev.ibmesh.runtime.sma;

import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.MadStatus;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.mad.Smp;
import dev.ibmesh.mad.smp.GuidInfo;
import dev.ibmesh.mad.smp.LedInfo;
import dev.ibmesh.mad.smp.LinearForwardingTable;
import dev.ibmesh.mad.smp.MulticastForwardingTable;
import dev.ibmesh.mad.smp.NodeDescription;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.mad.smp.PKeyTable;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.mad.smp.SlToVlMappingTable;
import dev.ibmesh.mad.smp.SmInfo;
import dev.ibmesh.mad.smp.SwitchInfo;
import dev.ibmesh.mad.smp.VlArbitrationTable;
import dev.ibmesh.runtime.sma.dr.DrResponse;
import dev.ibmesh.wire.Bits;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * The Subnet Management Agent of one node (IBA 14.2.5): answers the SubnGet and SubnSet SMPs that reached it, LID
 * routed (class 0x01) or directed route (class 0x81, as {@link dev.ibmesh.runtime.sma.dr.DirectedRoute#receive}
 * delivered it). Pure logic, called on the device's event loop.
 *
 * <p>In order (status codes of IBA 13.4.7, Table 110, C13-24; method/attribute combinations, C14-3; Linux qib/mlx4
 * {@code process_subn}, ibsim {@code sim_mad.c}):
 * <ol>
 *   <li>A response (Method R bit, or the D bit of a DR SMP) is never answered: it is for the SM that asked.</li>
 *   <li>SubnTrapRepress is not answered (IBA o14-3.a4, as quoted by qib {@code subn_trap_repress}). Stopping the
 *       repetition of a trap is the trap sender's business.</li>
 *   <li>BaseVersion or ClassVersion other than 1: status 1 (0x0004).</li>
 *   <li>A method other than SubnGet and SubnSet (Send, Trap, ...): status 2 (0x0008).</li>
 *   <li>An attribute the SMA does not implement, or that this node does not support, or SubnSet of a read-only one:
 *       status 3 (0x000C).</li>
 *   <li>An invalid AttributeModifier, or a SubnSet whose attribute fails its rules: status 7 (0x001C).</li>
 * </ol>
 * Every answer is a GetResp with the request's TID, AttributeID, AttributeModifier and M_Key; a successful SubnSet
 * answers with the attribute as it now is. An error answer before the attribute was read echoes the request's data.
 * Before any of this, {@link MKeyGuard} checks the M_Key (IBA 14.2.4): an SMP it refuses gets no answer.
 */
public final class Sma {
    /** The SMP class version (IBA 14.2.1); MADs carry BaseVersion {@link MadHeader#BASE_VERSION}. */
    static final int CLASS_VERSION = 1;

    private static Map<Integer, SmpAttributeHandler> handlers(SmaOptions options) {
        return Map.ofEntries(
                Map.entry(NodeDescription.ATTRIBUTE_ID, new NodeDescriptionHandler()),
                Map.entry(NodeInfo.ATTRIBUTE_ID, new NodeInfoHandler()),
                Map.entry(SwitchInfo.ATTRIBUTE_ID, new SwitchInfoHandler(options.switchInfoRules())),
                Map.entry(GuidInfo.ATTRIBUTE_ID, new GuidInfoHandler()),
                Map.entry(PortInfo.ATTRIBUTE_ID, new PortInfoHandler(options.portInfoRules())),
                Map.entry(PKeyTable.ATTRIBUTE_ID, new PKeyTableHandler()),
                Map.entry(SlToVlMappingTable.ATTRIBUTE_ID, new SlToVlMappingTableHandler()),
                Map.entry(VlArbitrationTable.ATTRIBUTE_ID, new VlArbitrationTableHandler()),
                Map.entry(
                        LinearForwardingTable.ATTRIBUTE_ID,
                        new LinearForwardingTableHandler(
                                options.departs(SmaDeparture.ACCEPT_FDB_BLOCKS_BEYOND_CAP),
                                options.departs(SmaDeparture.ACCEPT_INVALID_LFT_PORTS))),
                Map.entry(
                        MulticastForwardingTable.ATTRIBUTE_ID,
                        new MulticastForwardingTableHandler(
                                options.departs(SmaDeparture.ACCEPT_FDB_BLOCKS_BEYOND_CAP))),
                Map.entry(SmInfo.ATTRIBUTE_ID, new SmInfoHandler()),
                Map.entry(LedInfo.ATTRIBUTE_ID, new LedInfoHandler()));
    }

    private final SmaNode node;
    private final MKeyGuard mKeys;
    private final Map<Integer, SmpAttributeHandler> handlers;
    private final Departures departures;

    /** An SMA on real time (the M_Key lease runs on {@link System#nanoTime()}). */
    public Sma(SmaNode node) {
        this(node, System::nanoTime);
    }

    /** An SMA whose M_Key lease runs on the given clock (a device's scheduler). */
    public Sma(SmaNode node, LongSupplier nanoTime) {
        this(node, nanoTime, SmaOptions.SPEC);
    }

    /** An SMA that may deviate from the spec as {@code options} say. */
    public Sma(SmaNode node, LongSupplier nanoTime, SmaOptions options) {
        this.node = Objects.requireNonNull(node, "node");
        this.mKeys = options.checkMKey() ? new MKeyGuard(node, nanoTime, options) : null;
        this.handlers = handlers(options);
        this.departures = new Departures(options);
    }

    /**
     * Answers an SMP that reached this node's SMA.
     *
     * @param request     a class 0x01 or 0x81 MAD; a DR request has HopPointer = HopCount + 1
     * @param ingressPort the physical port (1..NumPorts) it arrived on; on a switch also 0, for an SMP from port 0
     *                    itself (host software on the management port), which NodeInfo and PortInfo then report as
     *                    LocalPortNum 0 (IBA 14.2.5.3: the port that received the SMP; ibsim {@code do_nodeinfo})
     * @return the GetResp of the same class, or empty when no response is due
     * @throws IllegalArgumentException for another class or a port the node does not have
     */
    public Optional<Mad> handle(Mad request, int ingressPort) {
        MadHeader header = request.header();
        if (!header.mgmtClass().isSubnetManagement()) {
            throw new IllegalArgumentException("not an SMP: " + request);
        }
        int lowest = node instanceof SmaSwitch ? 0 : 1;
        if (ingressPort < lowest || ingressPort > node.numPorts()) {
            throw new IllegalArgumentException(
                    "ingress port must be " + lowest + ".." + node.numPorts() + ", was " + ingressPort);
        }
        boolean directed = header.mgmtClass() == MgmtClass.SUBN_DIRECTED_ROUTE;
        if (directed) {
            DrSmp smp = DrSmp.decode(request);
            if (smp.direction() || !admitted(request, ingressPort)) {
                return Optional.empty();
            }
            return reply(header, smp.data(), ingressPort)
                    .map(r -> hideMKey(header, smp.mKey(), ingressPort, r))
                    .map(r -> withResponseMethod(header, DrResponse.getResp(smp, r.status(), r.data()))
                            .encode());
        }
        Smp smp = Smp.decode(request);
        if (!admitted(request, ingressPort)) {
            return Optional.empty();
        }
        return reply(header, smp.data(), ingressPort)
                .map(r -> hideMKey(header, smp.mKey(), ingressPort, r))
                .map(r -> new Smp(
                                header.withMethod(departures.responseMethod(header.method()))
                                        .withStatus(r.status()),
                                smp.mKey(),
                                smp.reserved32(),
                                r.data(),
                                smp.reserved128())
                        .encode());
    }

    /** A DR response carries {@link Departures#responseMethod} (GetResp for a compliant SMA). */
    private DrSmp withResponseMethod(MadHeader request, DrSmp response) {
        int method = departures.responseMethod(request.method());
        if (method == Method.GET_RESP) {
            return response;
        }
        return new DrSmp(
                response.header().withMethod(method),
                response.mKey(),
                response.drSlid(),
                response.drDlid(),
                response.reserved28(),
                response.data(),
                response.initialPath(),
                response.returnPath());
    }

    private boolean admitted(Mad request, int ingressPort) {
        return mKeys == null || mKeys.admit(request, ingressPort);
    }

    /**
     * At protection level 1 a PortInfo read with a wrong M_Key shows M_Key 0 (IBA 14.2.4.1). Only a SubnGet whose check
     * failed: a SubnSet that passed it (the port's key was 0, or the SMP carried it) answers with what it wrote, a new
     * M_Key included, so the SM learns its key took. OpenSM takes the key of its next SMPs to a port from that answer.
     */
    private SmpReply hideMKey(MadHeader header, long mKey, int ingressPort, SmpReply r) {
        if (mKeys == null
                || header.method() != Method.GET
                || header.attributeId() != PortInfo.ATTRIBUTE_ID
                || !mKeys.hidesMKey(mKey, ingressPort)) {
            return r;
        }
        byte[] data = r.data().clone();
        Bits.put64(data, 0, 0);
        return new SmpReply(r.status(), data);
    }

    private Optional<SmpReply> reply(MadHeader header, byte[] data, int ingressPort) {
        if (header.isResponse() || header.method() == Method.TRAP_REPRESS) {
            return Optional.empty();
        }
        SmpRequest request = new SmpRequest(node, header.attributeModifier(), data, ingressPort);
        boolean classVersionOk = header.classVersion() == CLASS_VERSION || departures.answersAnyClassVersion();
        if (header.baseVersion() != MadHeader.BASE_VERSION || !classVersionOk) {
            return SmpReply.error(MadStatus.CODE_BAD_VERSION, request);
        }
        SmpAttributeHandler handler = handlers.get(header.attributeId());
        return switch (header.method()) {
            case Method.GET -> departures.get(header.attributeId(), handler, request);
            case Method.SET -> departures.set(header.attributeId(), handler, request);
            default ->
                departures.answersAnyMethod()
                        ? departures.get(header.attributeId(), handler, request)
                        : SmpReply.error(MadStatus.CODE_METHOD_UNSUPPORTED, request);
        };
    }
}
