package dev.ibmesh.cli;

import dev.ibmesh.mad.smp.PortPhysicalState;
import dev.ibmesh.mad.smp.PortState;
import dev.ibmesh.proto.fabric.v1.Action;
import dev.ibmesh.proto.fabric.v1.ClearImpairmentRequest;
import dev.ibmesh.proto.fabric.v1.Device;
import dev.ibmesh.proto.fabric.v1.FabricGrpc;
import dev.ibmesh.proto.fabric.v1.Impairment;
import dev.ibmesh.proto.fabric.v1.Link;
import dev.ibmesh.proto.fabric.v1.LinkEnd;
import dev.ibmesh.proto.fabric.v1.LinkState;
import dev.ibmesh.proto.fabric.v1.ListDevicesRequest;
import dev.ibmesh.proto.fabric.v1.ListLinksRequest;
import dev.ibmesh.proto.fabric.v1.Port;
import dev.ibmesh.proto.fabric.v1.SetImpairmentRequest;
import dev.ibmesh.proto.fabric.v1.SetLinkStateRequest;
import dev.ibmesh.proto.fabric.v1.StartCaptureRequest;
import dev.ibmesh.proto.fabric.v1.StartCaptureResponse;
import dev.ibmesh.proto.fabric.v1.StopCaptureRequest;
import dev.ibmesh.proto.fabric.v1.StopCaptureResponse;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * {@code ibmesh fabric ls|links|down|up|impair|capture}: a client of a running fabric's control API ({@code ibmesh.fabric.v1.Fabric},
 * served by {@code ibmesh up} and {@code ibmesh device} on their --grpc port), printing what it answers as tables.
 */
@Command(
        name = "fabric",
        mixinStandardHelpOptions = true,
        description = "Drive a running fabric (ibmesh up, ibmesh device) through its control API: list its devices"
                + " and links, pull a cable and put it back, make a link lossy or slow, capture a port.",
        subcommands = {
            FabricCommand.Ls.class,
            FabricCommand.Links.class,
            FabricCommand.Down.class,
            FabricCommand.Up.class,
            FabricCommand.Impair.class,
            FabricCommand.Capture.class
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:done",
            "1:the fabric refused the request (no such device, port or link) or cannot be reached; the message says"
                    + " why",
            "2:wrong usage"
        })
final class FabricCommand implements Callable<Integer> {
    /** How long one request may take before the command gives up. */
    private static final long DEADLINE_SECONDS = 30;

    @Option(
            names = "--target",
            paramLabel = "HOST:PORT",
            defaultValue = "localhost:9200",
            scope = ScopeType.INHERIT,
            description =
                    "Where the control API listens (the --grpc port `ibmesh up` prints). Default: ${DEFAULT-VALUE}.")
    String target;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine()
                .getErr()
                .println("ibmesh fabric: say what to do: ls, links, down DEV/PORT, up DEV/PORT, impair DEV/PORT or"
                        + " capture start|stop DEV/PORT");
        spec.commandLine().usage(spec.commandLine().getErr());
        return TestCommand.EXIT_USAGE;
    }

    /** Calls the fabric at {@code --target}; a refusal or an unreachable fabric is a message and exit 1. */
    private int request(String command, Function<FabricGrpc.FabricBlockingStub, Integer> call) {
        PrintWriter err = spec.commandLine().getErr();
        int colon = target.lastIndexOf(':');
        if (colon <= 0 || !target.substring(colon + 1).matches("\\d{1,5}")) {
            err.println("ibmesh fabric " + command + ": --target '" + target + "' is not HOST:PORT");
            return TestCommand.EXIT_USAGE;
        }
        ManagedChannel channel =
                ManagedChannelBuilder.forTarget(target).usePlaintext().build();
        try {
            return call.apply(
                    FabricGrpc.newBlockingStub(channel).withDeadlineAfter(DEADLINE_SECONDS, TimeUnit.SECONDS));
        } catch (StatusRuntimeException e) {
            Status s = e.getStatus();
            if (s.getCode() == Status.Code.UNAVAILABLE || s.getCode() == Status.Code.DEADLINE_EXCEEDED) {
                err.println("ibmesh fabric " + command + ": cannot reach the control API at " + target
                        + " (is `ibmesh up` running? its banner says where the API listens): " + e.getMessage());
            } else {
                err.println("ibmesh fabric " + command + ": " + s.getCode() + ": " + s.getDescription());
            }
            err.flush();
            return Ibmesh.EXIT_BAD_INPUT;
        } finally {
            channel.shutdownNow();
        }
    }

    private static String state(int physicalState, int portState) {
        return PortPhysicalState.valueOf(physicalState).name() + "/"
                + PortState.valueOf(portState).name();
    }

    private static String end(LinkEnd e) {
        return e.getDevice() + "/" + e.getPort();
    }

    private static String endState(LinkEnd e) {
        return e.getLocal() ? state(e.getPhysicalStateValue(), e.getPortStateValue()) : "(not run here)";
    }

    private static String linkState(Link l) {
        return l.getState() == LinkState.LINK_STATE_UP ? "up" : "down";
    }

    /** What each end's cable does to what it sends ("h1/1 drop=0.1 seed=7; sw1/1 delay-us=500 ..."), or "-". */
    private static String impaired(Link l) {
        List<String> ends = new ArrayList<>();
        for (LinkEnd e : List.of(l.getA(), l.getB())) {
            if (e.hasImpairment()) {
                ends.add(end(e) + " " + impairment(e.getImpairment()));
            }
        }
        return ends.isEmpty() ? "-" : String.join("; ", ends);
    }

    /** The impairment in the options `impair` takes: "drop=0.1 delay-us=500 seed=7". */
    private static String impairment(Impairment i) {
        List<String> terms = new ArrayList<>();
        if (i.getDrop() > 0) {
            terms.add("drop=" + i.getDrop());
        }
        if (i.getCorrupt() > 0) {
            terms.add("corrupt=" + i.getCorrupt());
        }
        if (i.getDuplicate() > 0) {
            terms.add("duplicate=" + i.getDuplicate());
        }
        if (i.getDelayUs() > 0) {
            terms.add("delay-us=" + i.getDelayUs());
        }
        if (i.getRateGbps() > 0) {
            terms.add("rate-gbps=" + i.getRateGbps());
        }
        terms.add("seed=" + Long.toUnsignedString(i.getSeed()));
        return String.join(" ", terms);
    }

    private static String orDash(String s) {
        return s.isEmpty() ? "-" : s;
    }

    @Command(name = "ls", mixinStandardHelpOptions = true, description = "List every device and its ports.")
    static final class Ls implements Callable<Integer> {
        @ParentCommand
        FabricCommand parent;

        @Override
        public Integer call() {
            return parent.request("ls", stub -> {
                TextTable t = new TextTable(
                        "DEVICE",
                        "KIND",
                        "NODE GUID",
                        "PORT",
                        "STATE",
                        "WIDTH",
                        "SPEED",
                        "CABLED TO",
                        "XMIT PKTS",
                        "RCV PKTS",
                        "RCV ERR");
                for (Device d : stub.listDevices(ListDevicesRequest.getDefaultInstance())
                        .getDevicesList()) {
                    for (Port p : d.getPortsList()) {
                        t.row(
                                d.getName(),
                                d.getKind(),
                                String.format(Locale.ROOT, "0x%016x", d.getNodeGuid()),
                                p.getNumber(),
                                state(p.getPhysicalStateValue(), p.getPortStateValue()),
                                orDash(p.getWidth()),
                                orDash(p.getSpeed()),
                                orDash(p.getCabledTo()),
                                p.getCounters().getXmitPkts(),
                                p.getCounters().getRcvPkts(),
                                p.getCounters().getRcvErrors());
                    }
                }
                t.print(parent.spec.commandLine().getOut());
                return 0;
            });
        }
    }

    @Command(
            name = "links",
            mixinStandardHelpOptions = true,
            description = "List every cabled link once, with the state of each end (physical state/PortState).")
    static final class Links implements Callable<Integer> {
        @ParentCommand
        FabricCommand parent;

        @Override
        public Integer call() {
            return parent.request("links", stub -> {
                TextTable t = new TextTable("A", "B", "LINK", "A STATE", "B STATE", "IMPAIRED");
                for (Link l :
                        stub.listLinks(ListLinksRequest.getDefaultInstance()).getLinksList()) {
                    t.row(
                            end(l.getA()),
                            end(l.getB()),
                            linkState(l),
                            endState(l.getA()),
                            endState(l.getB()),
                            impaired(l));
                }
                t.print(parent.spec.commandLine().getOut());
                return 0;
            });
        }
    }

    @Command(
            name = "down",
            mixinStandardHelpOptions = true,
            description = "Pull a link's cable: the named end is disabled, both ends go down and stay down.")
    static final class Down implements Callable<Integer> {
        @ParentCommand
        FabricCommand parent;

        @Parameters(paramLabel = "DEV/PORT", description = "Either end of the link, e.g. sw1/3.")
        String link;

        @Override
        public Integer call() {
            return parent.setLinkState("down", link, Action.ACTION_DOWN);
        }
    }

    @Command(
            name = "up",
            mixinStandardHelpOptions = true,
            description = "Put a pulled cable back: the named end is enabled and the link trains again (see"
                    + " `ibmesh fabric links`).")
    static final class Up implements Callable<Integer> {
        @ParentCommand
        FabricCommand parent;

        @Parameters(paramLabel = "DEV/PORT", description = "The end `ibmesh fabric down` was given, e.g. sw1/3.")
        String link;

        @Override
        public Integer call() {
            return parent.setLinkState("up", link, Action.ACTION_UP);
        }
    }

    @Command(
            name = "impair",
            mixinStandardHelpOptions = true,
            description = "Make what one end of a link sends lossy, corrupted, duplicated, late or slow, as a faulty"
                    + " cable would (--both: what either end sends), replacing what it had; or heal it with --clear."
                    + " Probabilities are per frame; corrupted frames are caught and counted by the receiver's CRC"
                    + " check (PortRcvErrors).")
    static final class Impair implements Callable<Integer> {
        @ParentCommand
        FabricCommand parent;

        @Parameters(paramLabel = "DEV/PORT", description = "The sending end, e.g. h1/1 (it names the direction).")
        String port;

        @Option(names = "--drop", paramLabel = "P", description = "Probability (0-1) that a frame is lost.")
        double drop;

        @Option(
                names = "--corrupt",
                paramLabel = "P",
                description = "Probability (0-1) that a frame arrives with one bit flipped.")
        double corrupt;

        @Option(
                names = "--duplicate",
                paramLabel = "P",
                description = "Probability (0-1) that a data packet arrives twice.")
        double duplicate;

        @Option(names = "--delay-us", paramLabel = "N", description = "Every frame arrives N microseconds later.")
        long delayUs;

        @Option(names = "--rate-gbps", paramLabel = "R", description = "Carry data packets at R Gb/s at most.")
        double rateGbps;

        @Option(
                names = "--seed",
                paramLabel = "S",
                description = "Seed of the random choices, to repeat a run (default: the fabric picks one and says"
                        + " which).")
        long seed;

        @Option(names = "--both", description = "Impair (or heal) the other end's direction the same way too.")
        boolean both;

        @Option(names = "--clear", description = "Heal the direction instead: frames arrive as sent.")
        boolean clear;

        @Override
        public Integer call() {
            return parent.request("impair", stub -> {
                Link l;
                if (clear) {
                    l = stub.clearImpairment(ClearImpairmentRequest.newBuilder()
                                    .setPort(port)
                                    .setBoth(both)
                                    .build())
                            .getLink();
                } else {
                    l = stub.setImpairment(SetImpairmentRequest.newBuilder()
                                    .setPort(port)
                                    .setBoth(both)
                                    .setImpairment(Impairment.newBuilder()
                                            .setDrop(drop)
                                            .setCorrupt(corrupt)
                                            .setDuplicate(duplicate)
                                            .setDelayUs(delayUs)
                                            .setRateGbps(rateGbps)
                                            .setSeed(seed))
                                    .build())
                            .getLink();
                }
                PrintWriter out = parent.spec.commandLine().getOut();
                out.printf(
                        "impair %s: link %s - %s impaired: %s%n",
                        port, end(l.getA()), end(l.getB()), impaired(l).equals("-") ? "no" : impaired(l));
                out.flush();
                return 0;
            });
        }
    }

    @Command(
            name = "capture",
            mixinStandardHelpOptions = true,
            description = "Capture what a port sends and receives to a pcap file in the fabric's capture directory"
                    + " (--capture-dir of ibmesh up); read it with `ibmesh decode` or Wireshark.",
            subcommands = {FabricCommand.CaptureStart.class, FabricCommand.CaptureStop.class})
    static final class Capture implements Callable<Integer> {
        @ParentCommand
        FabricCommand parent;

        @Override
        public Integer call() {
            parent.spec
                    .commandLine()
                    .getErr()
                    .println("ibmesh fabric capture: say start DEV/PORT FILE or stop DEV/PORT");
            return TestCommand.EXIT_USAGE;
        }
    }

    @Command(name = "start", mixinStandardHelpOptions = true, description = "Start capturing a port.")
    static final class CaptureStart implements Callable<Integer> {
        @ParentCommand
        Capture parent;

        @Parameters(index = "0", paramLabel = "DEV/PORT", description = "The port, e.g. h1/1.")
        String port;

        @Parameters(
                index = "1",
                paramLabel = "FILE",
                description = "A plain file name in the capture directory, e.g. h1-1.pcap.")
        String file;

        @Option(
                names = "--filter",
                paramLabel = "TERMS",
                description = "Which frames to write, as `ibmesh decode --filter` takes them: all, no-fc, qp=N, lid=N,"
                        + " opcode=NAME, comma-separated. Default: no-fc (all but link flow-control packets).")
        String filter = "";

        @Override
        public Integer call() {
            return parent.parent.request("capture start", stub -> {
                StartCaptureResponse r = stub.startCapture(StartCaptureRequest.newBuilder()
                        .setPort(port)
                        .setFile(file)
                        .setFilter(filter)
                        .build());
                PrintWriter out = parent.parent.spec.commandLine().getOut();
                out.printf("capture %s: writing %s (filter %s)%n", port, r.getPath(), r.getFilter());
                out.flush();
                return 0;
            });
        }
    }

    @Command(name = "stop", mixinStandardHelpOptions = true, description = "Stop capturing a port.")
    static final class CaptureStop implements Callable<Integer> {
        @ParentCommand
        Capture parent;

        @Parameters(paramLabel = "DEV/PORT", description = "The port being captured.")
        String port;

        @Override
        public Integer call() {
            return parent.parent.request("capture stop", stub -> {
                StopCaptureResponse r = stub.stopCapture(
                        StopCaptureRequest.newBuilder().setPort(port).build());
                PrintWriter out = parent.parent.spec.commandLine().getOut();
                out.printf(
                        "capture %s: %d of %d frames written to %s%n",
                        port, r.getFrames(), r.getFramesSeen(), r.getPath());
                out.flush();
                return 0;
            });
        }
    }

    private int setLinkState(String command, String link, Action action) {
        return request(command, stub -> {
            Link l = stub.setLinkState(SetLinkStateRequest.newBuilder()
                            .setLink(link)
                            .setAction(action)
                            .build())
                    .getLink();
            spec.commandLine()
                    .getOut()
                    .printf(
                            "%s %s: link %s - %s is %s now (%s %s, %s %s)%n",
                            command,
                            link,
                            end(l.getA()),
                            end(l.getB()),
                            linkState(l),
                            end(l.getA()),
                            endState(l.getA()),
                            end(l.getB()),
                            endState(l.getB()));
            spec.commandLine().getOut().flush();
            return 0;
        });
    }
}
