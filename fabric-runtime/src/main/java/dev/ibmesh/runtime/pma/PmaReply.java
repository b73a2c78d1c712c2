package dev.ibmesh.runtime.pma;

import dev.ibmesh.mad.Attribute;
import dev.ibmesh.mad.MadStatus;
import dev.ibmesh.mad.pma.PmaMad;

/** The status word and the 192-byte PMA data area of a GetResp. */
record PmaReply(int status, byte[] data) {
    /** Status 0 with {@code attribute} at data byte 0 and the rest of the data area zero. */
    static PmaReply ok(Attribute attribute) {
        byte[] d = new byte[PmaMad.DATA_SIZE];
        attribute.encode(d, 0);
        return new PmaReply(MadStatus.CODE_OK, d);
    }

    /** The status word of {@code code}, echoing the request's data. */
    static PmaReply error(int code, byte[] requestData) {
        return new PmaReply(MadStatus.ofCode(code), requestData);
    }
}
