package dev.ibmesh.gateway;

import com.google.protobuf.ByteString;
import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.Method;
import dev.ibmesh.runtime.agent.HostMad;

/** MADs between their form in ibmesh ({@link HostMad}) and on the gateway's stream; both ends use it. */
final class MadMessages {
    private MadMessages() {}

    static dev.ibmesh.proto.gateway.v1.Mad toProto(HostMad mad) {
        return dev.ibmesh.proto.gateway.v1.Mad.newBuilder()
                .setData(ByteString.copyFrom(mad.mad().toBytes()))
                .setRemoteLid(mad.remoteLid())
                .setSl(mad.sl())
                .setRemoteQp(mad.remoteQp())
                .setQKey(mad.qKey())
                .setPKeyIndex(mad.pKeyIndex())
                .build();
    }

    /**
     * The MAD a message carries.
     *
     * @throws IllegalArgumentException naming what is wrong: no MAD, not 256 bytes, a LID, SL, QP or P_Key index out
     *                                  of range
     */
    static HostMad fromProto(dev.ibmesh.proto.gateway.v1.Mad m) {
        if (m.getData().size() != Mad.SIZE) {
            throw new IllegalArgumentException(
                    "a MAD is " + Mad.SIZE + " bytes, this one " + m.getData().size());
        }
        return new HostMad(
                m.getRemoteLid(),
                m.getSl(),
                m.getRemoteQp(),
                m.getQKey(),
                m.getPKeyIndex(),
                Mad.copyOf(m.getData().toByteArray()));
    }

    /** "SubnMgtDR Set attribute 0x0015": what a refusal names. */
    static String describe(HostMad mad) {
        MadHeader h = mad.mad().header();
        return String.format("%s %s attribute 0x%04X", h.mgmtClass(), Method.name(h.method()), h.attributeId());
    }
}
