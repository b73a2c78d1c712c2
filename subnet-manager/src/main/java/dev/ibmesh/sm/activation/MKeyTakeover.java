package dev.ibmesh.sm.activation;

import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.sm.discovery.SmPort;
import dev.ibmesh.sm.discovery.Subnet;
import dev.ibmesh.sm.smp.SmpBatch;
import dev.ibmesh.sm.smp.SmpDispatcher;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Takes over the end ports another SM left an M_Key on (IBA 14.2.4), before this SM configures anything: a port whose
 * PortInfo shows an M_Key that is neither 0 nor this SM's refuses every SubnSet that does not carry it. Such a key is
 * visible to a SubnGet only at M_KeyProtectBits 0 (level 1 reads it as 0, levels 2 and 3 refuse the Get), which is
 * where a port's protection falls when its lease runs out (C14-17, C14-18: a failed check starts the lease; at its end
 * the protect bits become 0) — so a port the other SM keyed with protection is taken over one lease period after this
 * SM's first refused Set, and one keyed without protection at once.
 *
 * <p>The takeover is one SubnSet(PortInfo) per such port, carrying the port's key and writing this SM's M_Key, protect
 * bits and lease period, every other component as read (PortState and PortPhysicalState: no change). The SMPs that
 * follow in the sweep carry this SM's key. A port whose key stays hidden (lease still running, or lease period 0:
 * never) keeps refusing the configuration's Sets, which the sweep reports; the SM tries again.
 */
public final class MKeyTakeover {
    private final SmpDispatcher smps;
    private final MKeyPolicy mKey;

    public MKeyTakeover(SmpDispatcher smps, MKeyPolicy mKey) {
        this.smps = smps;
        this.mKey = mKey;
    }

    /**
     * Takes over every end port of {@code subnet} that shows another M_Key; returns how many it tried. What failed goes
     * to {@code problems}, what it took over to {@code log}.
     */
    public int apply(Subnet subnet, Consumer<String> log, Consumer<String> problems) {
        SmpBatch batch = new SmpBatch();
        for (SmPort port : subnet.endPorts()) {
            PortInfo now = port.info();
            if (now == null || now.mKey() == 0 || now.mKey() == mKey.key()) {
                continue;
            }
            PortInfo ours = now.toBuilder()
                    .portState(0)
                    .portPhysicalState(PortInfo.PHYS_STATE_NO_CHANGE)
                    .mKey(mKey.key())
                    .mKeyProtectBits(mKey.protectBits())
                    .mKeyLeasePeriod(mKey.leasePeriod())
                    .build();
            String foreign = String.format("0x%016x", now.mKey());
            batch.add(
                    smps.set(PortInfo.ATTRIBUTE_ID, port.number(), ours.toBytes(), port.path(), now.mKey()),
                    () -> "PortInfo (M_Key takeover from " + foreign + ") of " + port,
                    a -> {
                        port.info(PortInfo.decode(a.data(), 0));
                        log.accept("took over " + port + " from another SM's M_Key " + foreign);
                    });
        }
        int tried = batch.size();
        batch.await(problems);
        return tried;
    }

    /**
     * Why Sets may have been refused: the end ports of {@code subnet} whose PortInfo reads M_Key 0 with protect bits
     * set, which is how a port hides another SM's key from this SM's Gets. Empty when there are none.
     */
    public Optional<String> hiddenKeys(Subnet subnet) {
        List<SmPort> hiding = subnet.endPorts().stream()
                .filter(p ->
                        p.info() != null && p.info().mKey() == 0 && p.info().mKeyProtectBits() > 0)
                .toList();
        if (hiding.isEmpty()) {
            return Optional.empty();
        }
        PortInfo first = hiding.get(0).info();
        return Optional.of(hiding.size() + " end port(s) hide their M_Key (first: " + hiding.get(0) + ", protect bits "
                + first.mKeyProtectBits() + ", lease " + first.mKeyLeasePeriod() + " s): if another SM keyed them,"
                + " they refuse this SM's Sets until the lease runs out"
                + (first.mKeyLeasePeriod() == 0 ? " (lease 0: never; give this SM that SM's key with --m-key)" : ""));
    }
}
