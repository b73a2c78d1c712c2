package dev.ibmesh.mad.rmpp;

import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.Method;

/** The control MADs of an RMPP transfer (ACK, STOP, ABORT: IBA 13.6.2.1): a MAD header and an RMPP header. */
public final class RmppControl {
    private RmppControl() {}

    /** A control MAD of the transfer whose MAD header {@code header} starts with, in the same direction. */
    public static byte[] of(byte[] header, int type, int status, long data1, long data2) {
        byte[] mad = new byte[Mad.SIZE];
        System.arraycopy(header, 0, mad, 0, RmppHeader.END);
        RmppHeader.write(mad, type, RmppHeader.FLAG_ACTIVE, status, data1, data2);
        return mad;
    }

    /**
     * A control MAD answering {@code received}: its MAD header with the response bit turned over (the ACK of a
     * response travels as a request, as the Linux MAD layer sends it), an RMPP header, nothing else.
     */
    public static byte[] answering(byte[] received, int type, int status, long data1, long data2) {
        byte[] mad = of(received, type, status, data1, data2);
        mad[3] = (byte) (mad[3] ^ Method.RESPONSE_BIT);
        return mad;
    }

    /** The ACK of {@code segment}: segments up to {@code received} arrived, send up to {@code newWindowLast}. */
    public static byte[] ack(byte[] segment, long received, long newWindowLast) {
        return answering(segment, RmppHeader.TYPE_ACK, RmppHeader.STATUS_NORMAL, received, newWindowLast);
    }
}
