package dev.ibmesh.runtime.sma;

import dev.ibmesh.mad.smp.GuidInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * GUIDInfo (IBA 14.2.5.5) of an end port: switch port 0, or the CA port the SMP arrived on (qib
 * {@code subn_get_guidinfo}). AttributeModifier = block of 8 GUIDs; a block that starts at or above the port's
 * PortInfo.GUIDCap is status 7 (qib). A Set writes the entries below GUIDCap except GUID index 0, the port GUID,
 * which is read-only (qib {@code subn_set_guidinfo}), and answers with the block as it now is.
 */
final class GuidInfoHandler implements SmpAttributeHandler {
    @Override
    public Optional<SmpReply> get(SmpRequest request) {
        if (!exists(request)) {
            return SmpReply.invalid(request);
        }
        return SmpReply.ok(request.node().guidInfo(request.endPort(), request.attributeModifier()));
    }

    @Override
    public Optional<SmpReply> set(SmpRequest request) {
        if (!exists(request)) {
            return SmpReply.invalid(request);
        }
        int block = request.attributeModifier();
        int port = request.endPort();
        GuidInfo current = request.node().guidInfo(port, block);
        GuidInfo requested = GuidInfo.decode(request.data(), 0);
        int guidCap = request.endPortInfo().guidCap();
        List<Long> next = new ArrayList<>(current.guids());
        for (int i = 0; i < GuidInfo.GUIDS_PER_BLOCK; i++) {
            int index = block * GuidInfo.GUIDS_PER_BLOCK + i;
            if (index != 0 && index < guidCap) {
                next.set(i, requested.guid(i));
            }
        }
        request.node().setGuidInfo(port, block, new GuidInfo(next));
        return SmpReply.ok(request.node().guidInfo(port, block));
    }

    private static boolean exists(SmpRequest request) {
        long firstIndex = Integer.toUnsignedLong(request.attributeModifier()) * GuidInfo.GUIDS_PER_BLOCK;
        return firstIndex < request.endPortInfo().guidCap();
    }
}
