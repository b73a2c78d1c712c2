package dev.ibmesh.runtime.rmpp;

import dev.ibmesh.runtime.agent.HostMad;

/** The RMPP transfer a MAD belongs to: the other side's LID and the TransactionID. */
record TransferKey(int remoteLid, long transactionId) {
    static TransferKey of(HostMad mad) {
        return new TransferKey(mad.remoteLid(), mad.mad().header().transactionId());
    }
}
