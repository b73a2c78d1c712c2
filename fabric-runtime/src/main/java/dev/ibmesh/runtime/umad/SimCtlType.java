package dev.ibmesh.runtime.umad;

/**
 * The control message types, {@code enum SIM_CTL_TYPES} of ibsim's {@code include/ibsim.h} (unchanged since ibsim
 * 0.5; the values go on the wire as 32-bit host-order integers). Kept as int constants so that an unknown value
 * survives decoding and can be answered with {@link #ERROR}.
 *
 * <table>
 *   <caption>Types, what the request's data holds, what the reply's data holds</caption>
 *   <tr><th>value</th><th>name</th><th>request data</th><th>reply data</th><th>codec</th></tr>
 *   <tr><td>0</td><td>ERROR</td><td>-</td><td>the request echoed, only the type changed</td><td>{@link SimCtl#error()}</td></tr>
 *   <tr><td>1</td><td>CONNECT</td><td>sim_client_info: data port, qp, issm, SIM_HOST</td><td>sim_client_info: client id, node name</td><td>{@link SimClientInfo}</td></tr>
 *   <tr><td>2</td><td>DISCONNECT</td><td>-</td><td>-</td><td>-</td></tr>
 *   <tr><td>3</td><td>GET_PORT</td><td>-</td><td>sim_port: LID, PortState</td><td>{@link SimPort}</td></tr>
 *   <tr><td>4</td><td>GET_VENDOR</td><td>-</td><td>sim_vendor</td><td>{@link SimVendor}</td></tr>
 *   <tr><td>5</td><td>GET_GID</td><td>-</td><td>GID prefix + node GUID</td><td>{@link SimGid}</td></tr>
 *   <tr><td>6</td><td>GET_GUID</td><td>-</td><td>node GUID</td><td>{@link SimGuid}</td></tr>
 *   <tr><td>7</td><td>GET_NODEINFO</td><td>-</td><td>NodeInfo attribute</td><td>{@link SimAttributeData}</td></tr>
 *   <tr><td>8</td><td>GET_PORTINFO</td><td>port number (byte 0)</td><td>PortInfo attribute</td><td>{@link SimAttributeData}</td></tr>
 *   <tr><td>9</td><td>SET_ISSM</td><td>int issm</td><td>echoed</td><td>{@link SimIsSm}</td></tr>
 *   <tr><td>10</td><td>GET_PKEYS</td><td>-</td><td>P_Key table block 0</td><td>{@link SimAttributeData}</td></tr>
 * </table>
 */
public final class SimCtlType {
    public static final int ERROR = 0;
    public static final int CONNECT = 1;
    public static final int DISCONNECT = 2;
    public static final int GET_PORT = 3;
    public static final int GET_VENDOR = 4;
    public static final int GET_GID = 5;
    public static final int GET_GUID = 6;
    public static final int GET_NODEINFO = 7;
    public static final int GET_PORTINFO = 8;
    public static final int SET_ISSM = 9;
    public static final int GET_PKEYS = 10;
    /** {@code SIM_CTL_LAST}: types at or above it are unknown. */
    public static final int LAST = 11;

    private static final String[] NAMES = {
        "ERROR",
        "CONNECT",
        "DISCONNECT",
        "GET_PORT",
        "GET_VENDOR",
        "GET_GID",
        "GET_GUID",
        "GET_NODEINFO",
        "GET_PORTINFO",
        "SET_ISSM",
        "GET_PKEYS"
    };

    private SimCtlType() {}

    /** True for a type a client may send: CONNECT .. GET_PKEYS (ERROR is a reply only). */
    public static boolean isRequest(int type) {
        return type > ERROR && type < LAST;
    }

    public static String name(int type) {
        return type >= 0 && type < LAST ? NAMES[type] : "UNKNOWN(" + Integer.toUnsignedString(type) + ")";
    }
}
