package dev.ibmesh.device.hca.transport;

import dev.ibmesh.device.hca.QpEngines;
import dev.ibmesh.device.hca.verbs.Access;
import dev.ibmesh.device.hca.verbs.AddressVector;
import dev.ibmesh.device.hca.verbs.HcaLimits;
import dev.ibmesh.device.hca.verbs.MrInfo;
import dev.ibmesh.device.hca.verbs.QpAttr;
import dev.ibmesh.device.hca.verbs.QpCaps;
import dev.ibmesh.device.hca.verbs.QpInitAttr;
import dev.ibmesh.device.hca.verbs.QpState;
import dev.ibmesh.device.hca.verbs.QpType;
import dev.ibmesh.device.hca.verbs.RecvWr;
import dev.ibmesh.device.hca.verbs.Sge;
import dev.ibmesh.device.hca.verbs.Verbs;
import dev.ibmesh.device.hca.verbs.WorkCompletion;
import dev.ibmesh.runtime.time.ManualScheduler;
import dev.ibmesh.wire.Gid;
import dev.ibmesh.wire.IbaPacket;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.Mtu;
import dev.ibmesh.wire.PacketCheck;
import dev.ibmesh.wire.PacketParser;
import dev.ibmesh.wire.Vcrc;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * Two HCAs (A with LID 1, B with LID 2, one port each) joined by an in-memory wire that can drop, duplicate or hold
 * (and later release, i.e. reorder) chosen packets, with one hand-driven clock. Frames travel only when the test runs
 * the wire, never inside a transmit call. A side's port can be made full, to hold its transport back.
 */
final class TwoHcas {
    enum Action {
        PASS,
        DROP,
        DUPLICATE,
        HOLD,
        /** The frame goes on, and a copy of it is held: a duplicate that arrives when released. */
        PASS_AND_HOLD_COPY
    }

    /** A frame put on the wire: by which HCA, when, and what it was. */
    record Sent(Side from, long nanos, IbaPacket packet) {
        int op() {
            return packet.bth().opCode().code();
        }

        int psn() {
            return packet.bth().psn();
        }
    }

    private record InFlight(Side to, byte[] frame) {}

    static final long MR_VA = 0x100000L;
    static final int MR_LEN = 1 << 20;
    static final int PKEY = 0xFFFF;
    /** The SL both sides' SL-to-VL tables map to no data VL. */
    static final int UNMAPPED_SL = 14;

    static final long GUID_A = 0x0002C9030000A001L;
    static final long GUID_B = 0x0002C9030000B001L;

    final ManualScheduler clock = new ManualScheduler();
    final Side a;
    final Side b;
    final List<Sent> log = new ArrayList<>();
    private final ArrayDeque<InFlight> inFlight = new ArrayDeque<>();
    private final List<InFlight> held = new ArrayList<>();
    private Function<Sent, Action> filter = s -> Action.PASS;

    TwoHcas() {
        this(Set.of(), Set.of());
    }

    TwoHcas(Set<HcaDeviation> deviationsA, Set<HcaDeviation> deviationsB) {
        a = new Side("A", 1, GUID_A, deviationsA);
        b = new Side("B", 2, GUID_B, deviationsB);
        a.peer = b;
        b.peer = a;
    }

    /** What happens to each frame put on the wire from now on. */
    void filter(Function<Sent, Action> f) {
        this.filter = f;
    }

    /** Delivers frames until none is in flight (held ones stay held). */
    void deliver() {
        while (!inFlight.isEmpty()) {
            InFlight f = inFlight.poll();
            f.to.transport.receive(1, f.frame);
        }
    }

    /**
     * Delivers the frames in flight now as one link message per receiving side: each side receives them all, then
     * hears that the message ended (its coalesced ACKs go then). What they cause is left in flight.
     */
    void deliverAsOneMessage() {
        List<InFlight> burst = new ArrayList<>(inFlight);
        inFlight.clear();
        for (InFlight f : burst) {
            f.to.transport.receiveInBurst(1, f.frame);
        }
        for (Side s : List.of(a, b)) {
            s.transport.framesDelivered();
        }
    }

    /** Puts the held frames back on the wire, in the order they were held. */
    void release() {
        release(held.size());
    }

    /** Puts the first {@code n} held frames back on the wire and delivers them. */
    void release(int n) {
        List<InFlight> go = new ArrayList<>(held.subList(0, n));
        held.subList(0, n).clear();
        inFlight.addAll(go);
        deliver();
    }

    int heldCount() {
        return held.size();
    }

    /** Runs the wire and the clock for {@code nanos}: every frame and timer due in that time. */
    void run(long nanos) {
        long end = clock.nanoTime() + nanos;
        deliver();
        while (clock.nextDue() <= end) {
            clock.advance(clock.nextDue() - clock.nanoTime());
            deliver();
        }
        clock.advance(end - clock.nanoTime());
    }

    void settle() {
        run(0);
    }

    List<Sent> sentBy(Side s) {
        return log.stream().filter(x -> x.from == s).toList();
    }

    /** A QP's attributes for the RC/UC path to the other side. */
    static final class Path {
        Mtu mtu = Mtu.MTU_256;
        int timeout = 14;
        int retryCnt = 7;
        int rnrRetry = 7;
        int minRnrTimer = 1;
        int maxRdAtomic = 4;
        int maxDestRdAtomic = 4;
        int sqPsn = 100;
        Set<Access> access = EnumSet.of(Access.REMOTE_WRITE, Access.REMOTE_READ, Access.REMOTE_ATOMIC);
    }

    /** A connected pair of QPs, one on each side. */
    record Conn(int qpA, int qpB) {}

    /** Creates a QP of {@code type} on both sides and brings both to RTS, connected to each other. */
    Conn connect(QpType type, Path path) {
        int qa = a.createQp(type);
        int qb = b.createQp(type);
        a.toRts(qa, type, qb, b.lid, path);
        b.toRts(qb, type, qa, a.lid, path);
        return new Conn(qa, qb);
    }

    Conn connectRc() {
        return connect(QpType.RC, new Path());
    }

    final class Side implements HcaPorts {
        final String name;
        final int lid;
        final HcaTransport transport;
        final Verbs verbs;
        final int pd;
        final int sendCq;
        final int recvCq;
        final MrInfo mr;
        Side peer;
        boolean full;
        /** The port is not Active (its link is down): it discards what it is given. */
        boolean down;

        int discarded;
        int pKeyViolations;
        int unmappedSlDiscards;
        int qKeyViolations;
        Mtu portMtu = Mtu.MTU_4096;

        Side(String name, int lid, long nodeGuid, Set<HcaDeviation> deviations) {
            this.name = name;
            this.lid = lid;
            this.transport =
                    new HcaTransport(name, this, nodeGuid, clock, deviations, HcaLimits.DEFAULT, QpEngines::create);
            this.verbs = transport.verbs();
            this.pd = verbs.allocPd();
            this.sendCq = verbs.createCq(256);
            this.recvCq = verbs.createCq(256);
            this.mr = verbs.regMr(pd, MR_VA, MR_LEN, EnumSet.allOf(Access.class));
        }

        int createQp(QpType type) {
            return verbs.createQp(new QpInitAttr(type, pd, sendCq, recvCq, new QpCaps(64, 64, 4, 4, 64), false));
        }

        /** The port has room again: frames the transport queued go, and a requester held back resumes. */
        void roomAgain() {
            full = false;
            transport.onTransmitSpace(1);
        }

        void toRts(int qpn, QpType type, int destQpn, int dlid, Path p) {
            QpAttr init = new QpAttr().state(QpState.INIT).pkeyIndex(0).port(1);
            verbs.modifyQp(qpn, type == QpType.UD ? init.qkey(0x1234) : init.accessFlags(p.access));
            QpAttr rtr = new QpAttr().state(QpState.RTR);
            if (type != QpType.UD) {
                rtr.av(AddressVector.local(dlid, 0, 1))
                        .pathMtu(p.mtu)
                        .destQpn(destQpn)
                        .rqPsn(p.sqPsn);
            }
            if (type == QpType.RC) {
                rtr.maxDestRdAtomic(p.maxDestRdAtomic).minRnrTimer(p.minRnrTimer);
            }
            verbs.modifyQp(qpn, rtr);
            QpAttr rts = new QpAttr().state(QpState.RTS).sqPsn(p.sqPsn);
            if (type == QpType.RC) {
                rts.timeout(p.timeout).retryCnt(p.retryCnt).rnrRetry(p.rnrRetry).maxRdAtomic(p.maxRdAtomic);
            }
            verbs.modifyQp(qpn, rts);
        }

        /** Posts a receive of {@code len} bytes at {@code offset} of this side's region. */
        void postRecv(int qpn, long wrId, long offset, int len) {
            verbs.postRecv(qpn, List.of(new RecvWr(wrId, List.of(sge(offset, len)))));
        }

        Sge sge(long offset, int len) {
            return new Sge(MR_VA + offset, len, mr.lkey());
        }

        void write(long offset, byte[] data) {
            verbs.writeMemory(mr.handle(), MR_VA + offset, data);
        }

        byte[] read(long offset, int len) {
            return verbs.readMemory(mr.handle(), MR_VA + offset, len);
        }

        long readLong(long offset) {
            byte[] b = read(offset, 8);
            long v = 0;
            for (int i = 7; i >= 0; i--) {
                v = (v << 8) | (b[i] & 0xFF);
            }
            return v;
        }

        void writeLong(long offset, long v) {
            byte[] b = new byte[8];
            for (int i = 0; i < 8; i++) {
                b[i] = (byte) (v >>> (8 * i));
            }
            write(offset, b);
        }

        List<WorkCompletion> pollSend() {
            return verbs.pollCq(sendCq, 100);
        }

        List<WorkCompletion> pollRecv() {
            return verbs.pollCq(recvCq, 100);
        }

        QpCountersView counters(int qpn) {
            return transport.counters(qpn);
        }

        @Override
        public int portCount() {
            return 1;
        }

        @Override
        public int lid(int port) {
            return lid;
        }

        @Override
        public int lmc(int port) {
            return 0;
        }

        @Override
        public boolean isActive(int port) {
            return !down;
        }

        @Override
        public Mtu mtu(int port) {
            return portMtu;
        }

        @Override
        public int pkeyTableSize(int port) {
            return 2;
        }

        @Override
        public int pkey(int port, int index) {
            return index == 0 ? PKEY : 0x8002;
        }

        @Override
        public int vl(int port, int sl) {
            return sl == UNMAPPED_SL ? Lrh.VL15 : 0;
        }

        @Override
        public void unmappedSl(int port) {
            unmappedSlDiscards++;
        }

        @Override
        public Gid gid(int port, int index) {
            return new Gid(Gid.DEFAULT_SUBNET_PREFIX, 0xA000 + lid);
        }

        @Override
        public boolean transmit(int port, byte[] frame) {
            if (down) {
                discarded++;
                return false;
            }
            if (full) {
                return false;
            }
            // An HCA's device seals what its transport sends (Port.transmitSealed): a receiver in the same JVM takes
            // the VCRC as right without computing it, so every frame of every transport test is checked here.
            if (!Vcrc.isValid(frame, 0, frame.length) || !PacketCheck.isIcrcValid(frame, 0, frame.length)) {
                throw new AssertionError(name + " sent a frame with a wrong VCRC or ICRC");
            }
            Sent s = new Sent(this, clock.nanoTime(), (IbaPacket)
                    PacketParser.parse(frame).packetOrThrow());
            log.add(s);
            switch (filter.apply(s)) {
                case PASS -> inFlight.add(new InFlight(peer, frame));
                case DUPLICATE -> {
                    inFlight.add(new InFlight(peer, frame));
                    inFlight.add(new InFlight(peer, frame.clone()));
                }
                case HOLD -> held.add(new InFlight(peer, frame));
                case PASS_AND_HOLD_COPY -> {
                    inFlight.add(new InFlight(peer, frame));
                    held.add(new InFlight(peer, frame.clone()));
                }
                case DROP -> {
                    // lost on the wire
                }
            }
            return true;
        }

        @Override
        public void pKeyViolation(int port, byte[] frame) {
            pKeyViolations++;
        }

        @Override
        public void qKeyViolation(int port, byte[] frame) {
            qKeyViolations++;
        }

        @Override
        public String toString() {
            return name;
        }
    }
}
