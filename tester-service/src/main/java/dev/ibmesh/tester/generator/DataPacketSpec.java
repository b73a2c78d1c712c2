package dev.ibmesh.tester.generator;

import dev.ibmesh.wire.Bth;
import dev.ibmesh.wire.ExtHeader;
import dev.ibmesh.wire.Grh;
import dev.ibmesh.wire.IbaPacket;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.Packet;
import dev.ibmesh.wire.PacketBuilder;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A data packet described by every field of its headers and its payload: LRH, an optional GRH, the BTH and the
 * extended transport headers (any of them, in the order given, whether or not they match the opcode), then the
 * payload; or a raw packet (LRH.LNH 0 or 1, no BTH) whose body is the payload. {@link PacketBuilder} computes what
 * depends on the rest: LNH (IBA packets), PktLen, PadCnt and the pad bytes, GRH.PayLen, the ICRC and the VCRC. Every
 * other field, reserved bits included, is sent as given.
 *
 * <p>A {@link Fault} makes one of them wrong on purpose: a computed field through the builder's overrides (so the CRCs
 * still cover what is sent and only that field is wrong), an LRH field by replacing it, a CRC by damaging it, the
 * length by cutting or appending bytes.
 */
public record DataPacketSpec(
        Lrh lrh, Optional<Grh> grh, Optional<Bth> bth, List<ExtHeader> headers, byte[] payload, List<Fault> faults)
        implements PacketSpec {
    public DataPacketSpec {
        Objects.requireNonNull(lrh, "lrh");
        Objects.requireNonNull(grh, "grh");
        Objects.requireNonNull(bth, "bth");
        headers = List.copyOf(headers);
        payload = payload.clone();
        faults = List.copyOf(faults);
        if (bth.isEmpty() && (grh.isPresent() || !headers.isEmpty())) {
            throw new IllegalArgumentException("a raw packet (no BTH) has no GRH and no extended headers");
        }
        if (bth.isEmpty() && lrh.lnh() >= Lrh.LNH_IBA_LOCAL) {
            throw new IllegalArgumentException("a raw packet needs LRH.LNH 0 or 1, was " + lrh.lnh());
        }
        if (bth.isEmpty() && payload.length % 4 != 0) {
            throw new IllegalArgumentException(
                    "a raw packet's body must be a multiple of 4 bytes (PktLen counts words), was " + payload.length);
        }
        Faults.check(faults, false, bth.isPresent(), grh.isPresent());
        if (faults.stream().anyMatch(f -> f.kind() == Fault.Kind.VL && f.value().isEmpty())) {
            throw new IllegalArgumentException("error vl needs the VL to put the packet on");
        }
    }

    /** An IBA transport packet: LRH, BTH, the extended headers and the payload; local until {@link #withGrh}. */
    public static DataPacketSpec iba(Lrh lrh, Bth bth, List<ExtHeader> headers, byte[] payload) {
        return new DataPacketSpec(lrh, Optional.empty(), Optional.of(bth), headers, payload, List.of());
    }

    /** A raw packet: LRH (LNH 0 or 1) and its body (the raw header and what follows, whole words). */
    public static DataPacketSpec raw(Lrh lrh, byte[] body) {
        return new DataPacketSpec(lrh, Optional.empty(), Optional.empty(), List.of(), body, List.of());
    }

    /** The same packet, global. */
    public DataPacketSpec withGrh(Grh newGrh) {
        return new DataPacketSpec(lrh, Optional.of(newGrh), bth, headers, payload, faults);
    }

    /** The same packet with these faults instead. */
    public DataPacketSpec withFaults(Fault... newFaults) {
        return new DataPacketSpec(lrh, grh, bth, headers, payload, List.of(newFaults));
    }

    @Override
    public byte[] payload() {
        return payload.clone();
    }

    @Override
    public byte[] frame() {
        PacketBuilder b = builder(faultyLrh());
        Packet right = b.packet();
        for (Fault f : faults) {
            switch (f.kind()) {
                case BAD_VCRC -> b.badVcrc();
                case BAD_ICRC -> b.badIcrc();
                case PKTLEN -> b.pktLen(f.valueOr((right.lrh().pktLen() + 1) & 0x7FF));
                case PAYLEN -> b.payLen(f.valueOr((((IbaPacket) right).grh().payLen() + 4) & 0xFFFF));
                case PADCNT -> b.padCnt(f.valueOr((((IbaPacket) right).bth().padCnt() + 1) % 4));
                case TRUNCATE -> b.truncateBy(f.valueOr(Faults.DEFAULT_LENGTH_CHANGE));
                case EXCESS -> b.appendBytes(f.valueOr(Faults.DEFAULT_LENGTH_CHANGE));
                default -> {
                    // LRH fields are in faultyLrh(); EBP is how the frame ends, not what it holds.
                }
            }
        }
        return b.build();
    }

    /** The LRH with the fields the faults replace. */
    private Lrh faultyLrh() {
        return new Lrh(
                Faults.value(faults, Fault.Kind.VL, lrh.vl(), lrh.vl()),
                Faults.value(faults, Fault.Kind.LVER, lrh.lver(), 1),
                lrh.sl(),
                lrh.reserved1(),
                lrh.lnh(),
                Faults.value(faults, Fault.Kind.DLID, lrh.dlid(), 0),
                lrh.reserved2(),
                lrh.pktLen(),
                Faults.value(faults, Fault.Kind.SLID, lrh.slid(), 0));
    }

    private PacketBuilder builder(Lrh l) {
        if (bth.isEmpty()) {
            return PacketBuilder.raw(l, payload);
        }
        PacketBuilder b = PacketBuilder.iba(l, bth.get())
                .anyHeaders()
                .headers(headers.toArray(ExtHeader[]::new))
                .payload(payload);
        grh.ifPresent(b::grh);
        return b;
    }

    @Override
    public boolean link() {
        return false;
    }

    @Override
    public boolean direct() {
        return endBad() || Faults.has(faults, Fault.Kind.VL);
    }

    @Override
    public boolean endBad() {
        return Faults.has(faults, Fault.Kind.EBP);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DataPacketSpec d
                && lrh.equals(d.lrh)
                && grh.equals(d.grh)
                && bth.equals(d.bth)
                && headers.equals(d.headers)
                && Arrays.equals(payload, d.payload)
                && faults.equals(d.faults);
    }

    @Override
    public int hashCode() {
        return Objects.hash(lrh, grh, bth, headers, Arrays.hashCode(payload), faults);
    }

    @Override
    public String toString() {
        return "DataPacketSpec[" + lrh + ", " + grh + ", " + bth + ", " + headers + ", payload=" + payload.length
                + " bytes, faults=" + faults + "]";
    }
}
