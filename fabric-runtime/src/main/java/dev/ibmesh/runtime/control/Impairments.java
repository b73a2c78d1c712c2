package dev.ibmesh.runtime.control;

import dev.ibmesh.proto.fabric.v1.Impairment;
import dev.ibmesh.runtime.port.LinkImpairment;

/** A cable impairment as fabric.proto spells it ({@link Impairment}) and as a port takes it. Stateless. */
final class Impairments {
    private Impairments() {}

    /**
     * The settings {@code m} asks for, with {@code seed} when it names none; INVALID_ARGUMENT naming the field
     * ({@code impairment.drop}) when a value is impossible.
     */
    static LinkImpairment.Settings settings(Impairment m, long seed) {
        try {
            return new LinkImpairment.Settings(
                    m.getDrop(),
                    m.getCorrupt(),
                    m.getDuplicate(),
                    m.getDelayUs(),
                    m.getRateGbps(),
                    m.getSeed() != 0 ? m.getSeed() : seed);
        } catch (IllegalArgumentException e) {
            throw ControlErrors.invalid("impairment." + e.getMessage());
        }
    }

    static Impairment message(LinkImpairment.Settings s) {
        return Impairment.newBuilder()
                .setDrop(s.drop())
                .setCorrupt(s.corrupt())
                .setDuplicate(s.duplicate())
                .setDelayUs(s.delayMicros())
                .setRateGbps(s.rateGbps())
                .setSeed(s.seed())
                .build();
    }
}
