package dev.ibmesh.sm.sa;

import dev.ibmesh.mad.Attribute;
import dev.ibmesh.mad.sa.SaMad;
import java.util.List;

/** One SA attribute the SA answers queries for: the records of the subnet that match a request. */
interface SaTable {
    int attributeId();

    /** The record's size in bytes (a GetTableResp places records AttributeOffset * 8 bytes apart). */
    int recordSize();

    /**
     * The records matching the request's template in the components its ComponentMask names, in a stable order.
     *
     * @throws SaStatusException when the request cannot be answered with records (an invalid GID, too few components)
     */
    List<? extends Attribute> query(SaView view, SaMad request) throws SaStatusException;
}
