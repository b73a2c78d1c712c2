package dev.ibmesh.mad;

/**
 * MAD method codes (common MAD header byte 3). Bit 7 is the R (response) bit. An open set: any byte is a valid
 * method value on the wire; {@link #name(int)} names the ones the IBA defines.
 *
 * <p>There is no TrapResp: an SM answers a Trap with TrapRepress (0x07). Wireshark labels 0x07 "SubnTrapResp".
 */
public final class Method {
    public static final int GET = 0x01;
    public static final int SET = 0x02;
    public static final int SEND = 0x03;
    public static final int TRAP = 0x05;
    public static final int REPORT = 0x06;
    public static final int TRAP_REPRESS = 0x07;
    public static final int GET_TABLE = 0x12;
    public static final int GET_TRACE_TABLE = 0x13;
    public static final int GET_MULTI = 0x14;
    public static final int DELETE = 0x15;
    public static final int RESPONSE_BIT = 0x80;
    public static final int GET_RESP = GET | RESPONSE_BIT;
    public static final int REPORT_RESP = REPORT | RESPONSE_BIT;
    public static final int GET_TABLE_RESP = GET_TABLE | RESPONSE_BIT;
    public static final int GET_TRACE_TABLE_RESP = GET_TRACE_TABLE | RESPONSE_BIT;
    public static final int GET_MULTI_RESP = GET_MULTI | RESPONSE_BIT;
    public static final int DELETE_RESP = DELETE | RESPONSE_BIT;

    private Method() {}

    public static boolean isResponse(int method) {
        return (method & RESPONSE_BIT) != 0;
    }

    /** The IBA name of a method code, or {@code Method(0xNN)} for an undefined one. */
    public static String name(int method) {
        return switch (method & 0xFF) {
            case GET -> "Get";
            case SET -> "Set";
            case SEND -> "Send";
            case TRAP -> "Trap";
            case REPORT -> "Report";
            case TRAP_REPRESS -> "TrapRepress";
            case GET_TABLE -> "GetTable";
            case GET_TRACE_TABLE -> "GetTraceTable";
            case GET_MULTI -> "GetMulti";
            case DELETE -> "Delete";
            case GET_RESP -> "GetResp";
            case REPORT_RESP -> "ReportResp";
            case GET_TABLE_RESP -> "GetTableResp";
            case GET_TRACE_TABLE_RESP -> "GetTraceTableResp";
            case GET_MULTI_RESP -> "GetMultiResp";
            case DELETE_RESP -> "DeleteResp";
            default -> String.format("Method(0x%02X)", method & 0xFF);
        };
    }
}
