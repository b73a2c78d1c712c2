package dev.ibmesh.runtime.madport;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;

/**
 * The part of libibumad (rdma-core's {@code libibumad/umad.h}) the umad backend calls, through JNA. Return values are
 * libibumad's: 0 or an id on success, a negative errno on failure.
 */
interface LibIbumad extends Library {
    int umad_init();

    int umad_open_port(String caName, int portnum);

    int umad_close_port(int portid);

    /** {@code methodMask}: 128 bits (two longs), bit N set to receive requests of method N; null for none. */
    int umad_register(int portid, int mgmtClass, int mgmtVersion, byte rmppVersion, long[] methodMask);

    int umad_unregister(int portid, int agentid);

    /** The size of {@code struct ib_user_mad} before its data: where the MAD starts in a umad buffer. */
    int umad_size();

    int umad_set_addr(Pointer umad, int dlid, int dqp, int sl, int qkey);

    int umad_set_pkey(Pointer umad, int pkeyIndex);

    int umad_get_pkey(Pointer umad);

    int umad_status(Pointer umad);

    /** {@code ib_mad_addr_t}: qpn (big-endian 32) at 0, qkey at 4, lid (big-endian 16) at 8, sl at 10. */
    Pointer umad_get_mad_addr(Pointer umad);

    int umad_send(int portid, int agentid, Pointer umad, int length, int timeoutMs, int retries);

    int umad_recv(int portid, Pointer umad, IntByReference length, int timeoutMs);

    int umad_get_issm_path(String caName, int portnum, byte[] path, int max);

    /** Loads libibumad.so.3 (Debian {@code libibumad3}). */
    static LibIbumad load() {
        return Native.load("ibumad", LibIbumad.class);
    }
}
