package dev.ibmesh.tester.generator.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.runtime.sma.SmpPackets;
import dev.ibmesh.runtime.topology.TopologyProblem;
import dev.ibmesh.tester.engine.Speed;
import dev.ibmesh.tester.engine.Width;
import dev.ibmesh.tester.generator.Fault;
import dev.ibmesh.tester.generator.LinkPacketSpec;
import dev.ibmesh.tester.generator.Sequence;
import dev.ibmesh.wire.Bth;
import dev.ibmesh.wire.FlowControlPacket;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.Mtu;
import dev.ibmesh.wire.PacketCheck;
import dev.ibmesh.wire.RejectReason;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScenarioParserTest {
    private static final Scenario.Addresses ADDRESSES = new Scenario.Addresses(1, 2, 8);

    private static Scenario parse(String text, Path dir) throws ScenarioException {
        return ScenarioParser.forEmbeddedDevices().parse("s.yaml", text, dir);
    }

    /** The problems of a scenario that must not parse, one line each. */
    private static List<String> problems(String text, Path dir) {
        ScenarioException e = assertThrows(ScenarioException.class, () -> parse(text, dir));
        return e.problems().stream().map(TopologyProblem::toString).toList();
    }

    private static List<String> problems(String text) {
        return problems(text, Path.of("."));
    }

    /** One problem at this line (any column) containing {@code text}. */
    private static void assertProblem(List<String> problems, int line, String text) {
        assertTrue(
                problems.stream().anyMatch(p -> p.matches("s\\.yaml:" + line + ":\\d+: .*") && p.contains(text)),
                "expected at line " + line + ": " + text + "\nwas:\n" + String.join("\n", problems));
    }

    @Test
    void theExampleScenarioDescribesFourSmpsThreeOfThemDamaged() throws Exception {
        Scenario s =
                ScenarioParser.forEmbeddedDevices().parse(Path.of("..", "examples", "scenarios", "smp-errors.yaml"));
        assertEquals(new Scenario.Embedded("switch", List.of()), s.dut());
        assertEquals(Width.X4, s.width());
        assertEquals(Speed.QDR, s.speed());
        assertEquals(
                List.of("good SMP", "bad VCRC", "bad ICRC", "LVer 1"),
                s.entries().stream().map(Scenario.Entry::name).toList());
        byte[] good = s.entries().get(0).sequence(ADDRESSES).packet().frame();
        assertTrue(SmpPackets.isSmp(good));
        assertEquals(2, Lrh.dlid(good, 0));
        assertEquals(1, Lrh.slid(good, 0));
        MadHeader h = SmpPackets.mad(good).header();
        assertEquals(MgmtClass.SUBN_LID_ROUTED, h.mgmtClass());
        assertEquals(Method.GET, h.method());
        assertEquals(NodeInfo.ATTRIBUTE_ID, h.attributeId());
        assertEquals(1, h.transactionId(), "the TID defaults to the entry's number");
        List<RejectReason> checks = s.entries().stream()
                .map(e -> e.sequence(ADDRESSES).packet().frame())
                .map(f -> PacketCheck.check(f, 0, f.length, Mtu.MTU_4096, true))
                .toList();
        assertEquals(
                List.of(RejectReason.NONE, RejectReason.BAD_VCRC, RejectReason.BAD_ICRC, RejectReason.BAD_LVER),
                checks);
    }

    @Test
    void everyFieldAndOptionIsRead() throws Exception {
        Scenario s = parse("""
                dut: {kind: hca, deviations: [no-rnr-nak]}
                link: {width: 1x, speed: EDR}
                linkPackets: true
                packets:
                  - name: rc send
                    count: 5
                    gap: 250us
                    credits: ignore
                    error: [{kind: pktlen, value: 3}, ebp]
                    lrh: {vl: 2, sl: 7, dlid: 0x10, slid: tester}
                    bth: {opCode: RC_SEND_ONLY, destQp: 0x12, psn: 0xABCDE, ackReq: true, pKey: 0x8001}
                    payloadSize: 13
                  - flowControl: {op: 1, fctbs: 4095, vl: 3, fccl: 100}
                    error: bad-lpcrc
                sink: 1.5ms
                output: out/x.pcap
                """, Path.of("."));
        assertEquals(new Scenario.Embedded("hca", List.of("no-rnr-nak")), s.dut());
        assertEquals(Width.X1, s.width());
        assertEquals(Speed.EDR, s.speed());
        assertTrue(s.linkPackets());
        assertEquals(Duration.ofNanos(1_500_000), s.sink());
        assertEquals(Path.of("out/x.pcap"), s.output().orElseThrow());
        Sequence rc = s.entries().get(0).sequence(ADDRESSES);
        assertEquals(5, rc.count());
        assertEquals(Duration.ofNanos(250_000), rc.gap());
        assertEquals(Sequence.Credits.IGNORE, rc.credits());
        assertEquals(
                List.of(Fault.of(Fault.Kind.PKTLEN, 3), Fault.of(Fault.Kind.EBP)),
                rc.packet().faults());
        byte[] frame = rc.packet().frame();
        assertEquals(2, Lrh.vl(frame, 0));
        assertEquals(7, Lrh.sl(frame, 0));
        assertEquals(0x10, Lrh.dlid(frame, 0));
        assertEquals(1, Lrh.slid(frame, 0));
        assertEquals(3, Lrh.pktLen(frame, 0));
        Bth bth = Bth.decode(frame, Lrh.SIZE);
        assertEquals("RC_SEND_ONLY", bth.opCode().name());
        assertEquals(0x12, bth.destQp());
        assertEquals(0xABCDE, bth.psn());
        assertTrue(bth.ackReq());
        assertEquals(0x8001, bth.pKey());
        assertEquals(Lrh.SIZE + Bth.SIZE + 16 + 4 + 2, frame.length, "13 bytes of payload and 3 of pad");
        LinkPacketSpec fc =
                (LinkPacketSpec) s.entries().get(1).sequence(ADDRESSES).packet();
        assertEquals(LinkPacketSpec.of(1, 4095, 3, 100).withFaults(Fault.of(Fault.Kind.BAD_LPCRC)), fc);
        assertFalse(FlowControlPacket.isLpcrcValid(fc.frame(), 0));
    }

    @Test
    void aVlErrorWithoutAValueIsTheFirstVlTheDutDoesNotOperate() throws Exception {
        Scenario s = parse("""
                dut: {kind: switch}
                packets:
                  - mad: {class: PerfMgt, method: Get, attribute: PortCounters}
                    error: vl
                """, Path.of("."));
        byte[] frame = s.entries()
                .get(0)
                .sequence(new Scenario.Addresses(1, 2, 4))
                .packet()
                .frame();
        assertEquals(4, Lrh.vl(frame, 0));
        assertEquals(1, Bth.destQp(frame, Lrh.SIZE), "a GMP goes to QP1");
        assertEquals(
                MgmtClass.PERF_MGT,
                Mad.copyOf(frame, Lrh.SIZE + Bth.SIZE + 8, Mad.SIZE).header().mgmtClass());
    }

    @Test
    void anEmptyFileOrBrokenYamlIsReportedWhereItIs() {
        assertEquals(List.of("s.yaml:1:1: the file is empty; expected 'dut:' and 'packets:'"), problems(""));
        assertProblem(problems("dut: {kind: switch\npackets: []\n"), 2, "YAML syntax");
    }

    @Test
    void everyProblemOfAFileIsReportedAtOnceWithItsPlaceAndWhatIsAllowed() {
        List<String> p = problems("""
                dut:
                  kind: router
                packets:
                  - mad: {class: SubnMgt, method: Got, attribute: NodeInfo}
                    error: bad-crc
                    count: 0
                    gap: 5 parsecs
                    credits: maybe
                  - flowControl: {op: 16, fccl: 1}
                    lrh: {vl: 1}
                  - bth: {destQp: 1}
                    payload: "xyz"
                  - lrh: {lnh: 0}
                    payload: "00 01 02 03"
                    error: bad-icrc
                  - bth: {opCode: UD_SEND_ONLY}
                  - bth: {opCode: RC_SEND_PRETTY}
                    error: {kind: padcnt, value: 9}
                  - mad: {class: SubnMgt, method: Get, attribute: NodeInfo}
                    payloadSize: 4
                    error: {kind: ebp, value: 1}
                sink: soon
                colour: blue
                """);
        assertProblem(p, 2, "kind 'router' is not one of switch, hca");
        assertProblem(p, 4, "'method' 'Got' is not known; use a number 0..255 or Get, Set");
        assertProblem(p, 5, "error 'bad-crc' is not one of bad-vcrc, bad-icrc, pktlen");
        assertProblem(p, 6, "'count' must be 1..1000000");
        assertProblem(p, 7, "'gap' must be a duration with a unit (ns, us, ms, s)");
        assertProblem(p, 8, "credits 'maybe' is not one of obey, ignore");
        assertProblem(p, 9, "'op' must be 0..15");
        assertProblem(p, 10, "a flowControl entry has no 'lrh'");
        assertProblem(p, 11, "missing key 'opCode' in 'bth'");
        assertProblem(p, 12, "'payload' must be hex bytes");
        assertProblem(p, 15, "error bad-icrc cannot be put into a raw packet");
        assertProblem(p, 16, "opCode UD_SEND_ONLY carries DETH, the entry gives no extended header");
        assertProblem(p, 17, "'opCode' 'RC_SEND_PRETTY' is not known");
        assertProblem(p, 18, "the value of padcnt must be 0..3");
        assertProblem(p, 19, "give one of 'payload', 'payloadSize' and 'mad', not payloadSize and mad");
        assertProblem(p, 21, "error ebp takes no value");
        assertProblem(p, 22, "'sink' must be a duration");
        assertProblem(p, 23, "unknown key 'colour' in the top level; allowed: dut, link, linkPackets, packets");
    }

    @Test
    void theDutIsAnEmbeddedDeviceOrADeviceOfATopologyWithItsTester(@TempDir Path dir) throws Exception {
        assertProblem(problems("packets: [{payloadSize: 0, bth: {opCode: 0x18}}]\n"), 1, "missing key 'dut'");
        assertProblem(
                problems("dut: {}\npackets: [{flowControl: {}}]\n"),
                1,
                "'dut' needs 'kind' (an embedded switch or hca) or 'topology' and 'device'");
        assertProblem(
                problems("dut: {kind: switch, deviations: [ignore-rnr-retry-count]}\npackets: [{flowControl: {}}]\n"),
                1,
                "unknown deviation 'ignore-rnr-retry-count' for a switch; known: ");
        assertProblem(
                problems("dut: {kind: switch, deviations: [ignore-rnr-retry-count]}\npackets: [{flowControl: {}}]\n"),
                1,
                ", accept-reserved-link-width-enabled, ");
        assertProblem(
                problems("dut: {topology: none.yaml, device: sw1}\npackets: [{flowControl: {}}]\n", dir),
                1,
                "topology file " + dir.resolve("none.yaml") + " not found");

        Files.writeString(dir.resolve("fabric.yaml"), """
                devices:
                  - {name: sw1, kind: switch, ports: 8}
                  - {name: t1, kind: tester, ports: 1}
                  - {name: h1, kind: hca, ports: 1}
                links:
                  - ends: [t1/1, sw1/3]
                  - ends: [h1/1, sw1/4]
                """);
        String packets = "packets: [{flowControl: {}}]\n";
        assertProblem(
                problems("dut: {topology: fabric.yaml, device: sw9}\n" + packets, dir),
                1,
                "the topology has no device 'sw9'; it has [sw1, t1, h1]");
        assertProblem(
                problems("dut: {topology: fabric.yaml, device: h1}\n" + packets, dir),
                1,
                "no tester is cabled to 'h1': add a device of kind tester");
        assertProblem(
                problems("dut: {topology: fabric.yaml, device: sw1}\nlink: {width: 1x}\n" + packets, dir),
                2,
                "'link' is for an embedded DUT");
        Scenario s = parse("dut: {topology: fabric.yaml, device: sw1}\n" + packets, dir);
        Scenario.InTopology t = assertInstanceOf(Scenario.InTopology.class, s.dut());
        assertEquals("sw1", t.device());
    }

    @Test
    void aTopologyThatIsNotValidIsReportedThroughTheScenario(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("bad.yaml"), "devices:\n  - {name: sw1, kind: rooter, ports: 8}\n");
        assertProblem(
                problems("dut: {topology: bad.yaml, device: sw1}\npackets: [{flowControl: {}}]\n", dir),
                1,
                "the topology is not valid: bad.yaml:2:");
    }
}
