package dev.ibmesh.device.hca.transport;

import dev.ibmesh.device.hca.verbs.Access;
import dev.ibmesh.device.hca.verbs.MemoryRegion;
import dev.ibmesh.device.hca.verbs.MemoryTable;
import dev.ibmesh.device.hca.verbs.QueuePair;
import dev.ibmesh.device.hca.verbs.SendWr;
import dev.ibmesh.device.hca.verbs.Sge;
import dev.ibmesh.device.hca.verbs.WcStatus;
import java.util.List;

/**
 * The key checks of memory access (IBA 10.6): a local access needs an L_Key of the QP's PD covering the range (and
 * local write to be written); a remote access needs a valid R_Key of the QP's PD whose region allows the operation
 * and covers the range.
 */
public final class LocalMemory {
    private final MemoryTable table;
    /** False under {@link HcaDeviation#IGNORE_R_KEY}: a remote request finds its region by address. */
    private final boolean rkeyChecked;

    LocalMemory(MemoryTable table, boolean rkeyChecked) {
        this.table = table;
        this.rkeyChecked = rkeyChecked;
    }

    /**
     * Whether every SGE of a send request passes the local key checks (an inline request has none); when it does not,
     * the request fails with LOC_PROT_ERR before any of it is sent.
     */
    public boolean readable(QueuePair qp, SendWr wr) {
        for (Sge s : wr.isInline() ? List.<Sge>of() : wr.sgList()) {
            if (local(qp, s.lkey(), s.addr(), s.length(), false) == null) {
                return false;
            }
        }
        return true;
    }

    /**
     * Copies {@code len} bytes of a send request's message from {@code msgOffset} to {@code dst} at {@code dstOff} (the
     * frame being written), read from memory now (a retransmission reads it again, as an HCA's DMA does); the request
     * passed {@link #readable}.
     */
    public void gather(SendWr wr, long msgOffset, byte[] dst, int dstOff, int len) {
        if (wr.isInline()) {
            System.arraycopy(wr.inlineData(), (int) msgOffset, dst, dstOff, len);
            return;
        }
        long skip = msgOffset;
        int done = 0;
        for (Sge s : wr.sgList()) {
            if (done == len) {
                break;
            }
            if (skip >= s.length()) {
                skip -= s.length();
                continue;
            }
            int n = (int) Math.min(len - done, s.length() - skip);
            table.byLkey(s.lkey()).read(s.addr() + skip, dst, dstOff + done, n);
            done += n;
            skip = 0;
        }
    }

    /**
     * Writes {@code len} bytes of {@code src} at {@code msgOffset} of the message the SGEs describe: LOC_LEN_ERR
     * when they are too short, LOC_PROT_ERR when a key or range fails.
     */
    public WcStatus scatter(QueuePair qp, List<Sge> sges, long msgOffset, byte[] src, int srcOff, int len) {
        long skip = msgOffset;
        int done = 0;
        for (Sge s : sges) {
            if (done == len) {
                break;
            }
            if (skip >= s.length()) {
                skip -= s.length();
                continue;
            }
            int n = (int) Math.min(len - done, s.length() - skip);
            MemoryRegion mr = local(qp, s.lkey(), s.addr() + skip, n, true);
            if (mr == null) {
                return WcStatus.LOC_PROT_ERR;
            }
            mr.write(s.addr() + skip, src, srcOff + done, n);
            done += n;
            skip = 0;
        }
        return done == len ? WcStatus.SUCCESS : WcStatus.LOC_LEN_ERR;
    }

    private MemoryRegion local(QueuePair qp, int lkey, long addr, long len, boolean write) {
        MemoryRegion mr = table.byLkey(lkey);
        boolean ok =
                mr != null && mr.pd() == qp.pd() && mr.contains(addr, len) && (!write || mr.allows(Access.LOCAL_WRITE));
        return ok ? mr : null;
    }

    /** The region a remote request may use, or null for a remote access error. */
    public MemoryRegion remote(QueuePair qp, int rkey, long va, long len, Access needed) {
        MemoryRegion mr = rkeyChecked
                ? table.byRkey(rkey)
                : table.regions().stream()
                        .filter(r -> r.pd() == qp.pd() && r.contains(va, len))
                        .findFirst()
                        .orElse(null);
        boolean ok = mr != null && mr.pd() == qp.pd() && mr.rkeyValid() && mr.allows(needed) && mr.contains(va, len);
        return ok ? mr : null;
    }

    /** The region a SEND with Invalidate names, or null when there is none in the QP's PD. */
    public MemoryRegion byRkey(QueuePair qp, int rkey) {
        MemoryRegion mr = table.byRkey(rkey);
        return mr != null && mr.pd() == qp.pd() ? mr : null;
    }
}
