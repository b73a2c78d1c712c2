package dev.ibmesh.sm.sa;

import dev.ibmesh.mad.Attribute;
import dev.ibmesh.mad.sa.SaMad;
import java.util.Optional;

/** An SA table that clients also write: SubnAdmSet adds or updates a record, SubnAdmDelete removes one. */
interface SaWritableTable extends SaTable {
    /** SubnAdmSet: the record as kept, for the GetResp. */
    Attribute set(SaView view, SaMad request) throws SaStatusException;

    /** SubnAdmDelete: the record removed, for the DeleteResp; empty when there was none (ERR_NO_RECORDS). */
    Optional<? extends Attribute> delete(SaView view, SaMad request) throws SaStatusException;
}
