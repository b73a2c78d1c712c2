package dev.ibmesh.device.hca;

import dev.ibmesh.device.hca.transport.QpEngine;
import dev.ibmesh.device.hca.transport.TransportContext;
import dev.ibmesh.device.hca.transport.rc.RcEngine;
import dev.ibmesh.device.hca.transport.uc.UcEngine;
import dev.ibmesh.device.hca.transport.ud.UdEngine;
import dev.ibmesh.device.hca.verbs.QueuePair;

/** The HCA's QP engines, one per transport service it offers: RC, UC and UD (IBA chapter 9). */
public final class QpEngines {
    private QpEngines() {}

    /** The engine for a new QP of any type; a {@link dev.ibmesh.device.hca.transport.QpEngineFactory}. */
    public static QpEngine create(QueuePair qp, TransportContext ctx) {
        return switch (qp.type()) {
            case RC -> new RcEngine(qp, ctx);
            case UC -> new UcEngine(qp, ctx);
            case UD -> new UdEngine(qp, ctx);
        };
    }
}
