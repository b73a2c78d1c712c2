package dev.ibmesh.device.sw;

import dev.ibmesh.mad.smp.LinearForwardingTable;
import dev.ibmesh.mad.smp.MulticastForwardingTable;
import dev.ibmesh.wire.Lrh;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A switch's forwarding tables (IBA 18.2.4.3): the linear forwarding table (one egress port per unicast LID, 0xFF
 * = no route) up to LinearFDBTop, and the multicast forwarding table (a port mask per multicast LID from 0xC000).
 * Event loop only.
 */
final class ForwardingTables {
    /** opensm's OSM_NO_PATH: an LFT entry with no route. */
    static final int NO_ROUTE = 0xFF;

    private final byte[] lft;
    private final long[][] mft;
    private int linearFdbTop;
    private boolean ignoreTop;

    /**
     * @param linearFdbCap    SwitchInfo.LinearFDBCap (entries)
     * @param multicastFdbCap SwitchInfo.MulticastFDBCap (multicast LIDs)
     * @param numPorts        external ports; a mask has bits for ports 0..numPorts
     */
    ForwardingTables(int linearFdbCap, int multicastFdbCap, int numPorts) {
        this.lft = new byte[linearFdbCap];
        Arrays.fill(lft, (byte) NO_ROUTE);
        this.mft = new long[multicastFdbCap][(numPorts + 64) / 64];
    }

    int linearFdbTop() {
        return linearFdbTop;
    }

    void linearFdbTop(int top) {
        this.linearFdbTop = top;
    }

    int linearFdbCap() {
        return lft.length;
    }

    /** The egress port for a unicast DLID, or {@link #NO_ROUTE} (beyond LinearFDBTop or not programmed). */
    int route(int dlid) {
        return (dlid > linearFdbTop && !ignoreTop) || dlid >= lft.length ? NO_ROUTE : lft[dlid] & 0xFF;
    }

    /** Deviation forward-beyond-lft-top: LinearFDBTop no longer bounds {@link #route}. */
    void ignoreLinearFdbTop() {
        this.ignoreTop = true;
    }

    void setRoute(int lid, int port) {
        lft[lid] = (byte) port;
    }

    /**
     * LFT block {@code block}: the egress ports of LIDs block * 64 .. block * 64 + 63 (SubnGet(LinearForwardingTable)).
     * The last block may reach beyond LinearFDBCap: the LIDs the table does not have read as no route.
     */
    LinearForwardingTable lftBlock(int block) {
        List<Integer> ports = new ArrayList<>(LinearForwardingTable.LIDS_PER_BLOCK);
        for (int i = 0; i < LinearForwardingTable.LIDS_PER_BLOCK; i++) {
            int lid = block * LinearForwardingTable.LIDS_PER_BLOCK + i;
            ports.add(lid < lft.length ? lft[lid] & 0xFF : NO_ROUTE);
        }
        return new LinearForwardingTable(ports);
    }

    /** Stores the entries of the LIDs below LinearFDBCap; those beyond it, in the last block, are ignored. */
    void setLftBlock(int block, LinearForwardingTable table) {
        for (int i = 0; i < LinearForwardingTable.LIDS_PER_BLOCK; i++) {
            int lid = block * LinearForwardingTable.LIDS_PER_BLOCK + i;
            if (lid < lft.length) {
                lft[lid] = (byte) table.port(i);
            }
        }
    }

    /**
     * MFT block {@code block} at {@code position}: for 32 MLIDs, the masks of ports position * 16 .. + 15. The last
     * block may reach beyond MulticastFDBCap: the MLIDs the table does not have read as no ports.
     */
    MulticastForwardingTable mftBlock(int block, int position) {
        List<Integer> masks = new ArrayList<>(MulticastForwardingTable.MLIDS_PER_BLOCK);
        int first = position * MulticastForwardingTable.PORTS_PER_POSITION;
        for (int i = 0; i < MulticastForwardingTable.MLIDS_PER_BLOCK; i++) {
            int index = block * MulticastForwardingTable.MLIDS_PER_BLOCK + i;
            long[] ports = index < mft.length ? mft[index] : new long[0];
            masks.add(first >>> 6 < ports.length ? (int) (ports[first >>> 6] >>> (first & 63)) & 0xFFFF : 0);
        }
        return new MulticastForwardingTable(masks);
    }

    /** Stores the masks of the MLIDs below 0xC000 + MulticastFDBCap; those beyond it, in the last block, are ignored. */
    void setMftBlock(int block, int position, MulticastForwardingTable table) {
        for (int i = 0; i < MulticastForwardingTable.MLIDS_PER_BLOCK; i++) {
            if (block * MulticastForwardingTable.MLIDS_PER_BLOCK + i >= mft.length) {
                break;
            }
            int mlid = Lrh.MULTICAST_LID_FIRST + block * MulticastForwardingTable.MLIDS_PER_BLOCK + i;
            for (int j = 0; j < MulticastForwardingTable.PORTS_PER_POSITION; j++) {
                int port = position * MulticastForwardingTable.PORTS_PER_POSITION + j;
                if (port >>> 6 < mft[0].length) {
                    setMulticastMember(mlid, port, table.forwardsTo(i, j));
                }
            }
        }
    }

    int multicastFdbCap() {
        return mft.length;
    }

    /** Whether port {@code port} is in the mask of multicast LID {@code mlid}. */
    boolean inMulticastGroup(int mlid, int port) {
        int index = mlid - Lrh.MULTICAST_LID_FIRST;
        return index >= 0 && index < mft.length && (mft[index][port >>> 6] & (1L << (port & 63))) != 0;
    }

    void setMulticastMember(int mlid, int port, boolean member) {
        int index = mlid - Lrh.MULTICAST_LID_FIRST;
        if (member) {
            mft[index][port >>> 6] |= 1L << (port & 63);
        } else {
            mft[index][port >>> 6] &= ~(1L << (port & 63));
        }
    }
}
