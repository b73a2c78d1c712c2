package dev.ibmesh.runtime.topology;

import java.util.HexFormat;
import java.util.Optional;

/**
 * Writes a topology as a net file in the layout {@code ibnetdiscover} prints (infiniband-diags ibnetdiscover.c:
 * out_ids, out_switch, out_ca, out_switch_port, out_ca_port), which {@code ibsim} reads (ibsim/sim_net.c). Each port
 * line also carries ibsim's {@code w= s= e=} options with the port's enabled masks, so ibsim starts each end as the
 * topology says (newer ibsim re-derives enabled values from the "4xQDR" comment, which only the active rate
 * survives) and {@link NetTopologyParser} reads them back exactly.
 *
 * <p>What the format cannot say, and is lost: Supported sets (read back as Enabled), VLCap and MTUCap, LinearFDBCap
 * and MulticastFDBCap, listen, http, deviations, port GUIDs of CA ports without a
 * link (read back as node GUID + port; ibsim always uses node GUID + port), and double quotes in descriptions
 * (written as single quotes). LIDs are written as 0: the subnet manager assigns them. A tester is written as a Ca
 * after the comment line {@value NetTopologyParser#TESTER_MARK}, which only {@link NetTopologyParser} understands.
 */
public final class NetTopologyWriter {
    private static final HexFormat HEX = HexFormat.of();

    public String write(Topology topology) {
        StringBuilder out = new StringBuilder("#\n# Topology file: written by ibmesh\n#\n");
        for (DeviceSpec d : topology.devices()) {
            out.append("\nvendid=0x")
                    .append(Integer.toHexString(d.vendorId()))
                    .append("\nsysimgguid=")
                    .append(Guids.format(d.systemImageGuid()))
                    .append('\n');
            if (d.kind() == DeviceKind.SWITCH) {
                out.append("switchguid=")
                        .append(Guids.format(d.nodeGuid()))
                        .append('(')
                        .append(hex(d.portGuid(0)))
                        .append(")\n");
                boolean enhanced = d.switchOptions().orElseThrow().enhancedPort0();
                out.append("Switch\t")
                        .append(d.numPorts())
                        .append(" \"")
                        .append(d.name())
                        .append("\"\t\t# \"")
                        .append(description(d))
                        .append("\" ")
                        .append(enhanced ? "enhanced" : "base")
                        .append(" port 0 lid 0 lmc 0\n");
            } else {
                out.append("caguid=").append(Guids.format(d.nodeGuid())).append('\n');
                if (d.kind() == DeviceKind.TESTER) {
                    out.append(NetTopologyParser.TESTER_MARK).append('\n');
                }
                out.append("Ca\t")
                        .append(d.numPorts())
                        .append(" \"")
                        .append(d.name())
                        .append("\"\t\t# \"")
                        .append(description(d))
                        .append("\"\n");
            }
            for (int port = 1; port <= d.numPorts(); port++) {
                PortRef here = new PortRef(d.name(), port);
                topology.linkAt(here).ifPresent(link -> portLine(out, topology, d, here, link));
            }
        }
        return out.toString();
    }

    private static void portLine(StringBuilder out, Topology topology, DeviceSpec d, PortRef here, LinkSpec link) {
        LinkEnd own = link.end(here);
        PortRef peer = link.otherEnd(here).port();
        DeviceSpec remote = topology.device(peer.device()).orElseThrow();
        boolean ca = d.kind() != DeviceKind.SWITCH;
        out.append('[').append(here.port()).append(']');
        if (ca) {
            out.append('(').append(hex(d.portGuid(here.port()))).append(") ");
        }
        out.append("\t\"")
                .append(peer.device())
                .append("\"[")
                .append(peer.port())
                .append(']');
        if (remote.kind() != DeviceKind.SWITCH) {
            out.append(ca ? " (" : "(")
                    .append(hex(remote.portGuid(peer.port())))
                    .append(") ");
        }
        PortParams p = own.params();
        out.append("\tw=")
                .append(Choices.mask(p.linkWidthEnabled()))
                .append(" s=")
                .append(Choices.mask(p.linkSpeedEnabled()))
                .append(" e=")
                .append(Choices.mask(p.linkSpeedExtEnabled()))
                .append("\t\t# ");
        if (ca) {
            out.append("lid 0 lmc 0 ");
        }
        out.append('"').append(description(remote)).append('"');
        Optional<String> rate = NetRate.of(link);
        rate.ifPresent(r -> out.append(" lid 0 ").append(r));
        out.append('\n');
    }

    /** GUIDs in parentheses are bare hex in ibnetdiscover's output. */
    private static String hex(long guid) {
        return HEX.toHexDigits(guid);
    }

    private static String description(DeviceSpec d) {
        return d.nodeDescription().replace('"', '\'').replace('\n', ' ').replace('\r', ' ');
    }
}
