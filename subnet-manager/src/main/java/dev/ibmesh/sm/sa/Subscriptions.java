package dev.ibmesh.sm.sa;

import dev.ibmesh.mad.sa.InformInfo;
import dev.ibmesh.mad.smp.Notice;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Who asked to hear of which Notices: the InformInfo subscriptions of SubnAdmSet(InformInfo) (IBA 13.4.8.3, 15.2.5.12),
 * each with the LID it came from. A subscription matches a Notice when every field it gives matches (0xFFFF Type,
 * TrapNumber or LIDRangeBegin, and 0xFFFFFF ProducerType, match anything; LIDRangeEnd 0 means LIDRangeBegin alone).
 */
final class Subscriptions {
    /** A subscriber: the LID its SubnAdmSet came from, and what it subscribed to. */
    record Subscription(int subscriberLid, InformInfo info) {
        boolean matches(Notice n, int issuerLid) {
            return info.genericForm() == n.genericForm()
                    && any16(info.type(), n.type())
                    && any16(info.trapNumberDeviceId(), n.trapNumberDeviceId())
                    && (info.producerTypeVendorId() == InformInfo.ALL_24
                            || info.producerTypeVendorId() == n.producerTypeVendorId())
                    && inRange(issuerLid);
        }

        private boolean inRange(int lid) {
            int begin = info.lidRangeBegin();
            int end = info.lidRangeEnd() == 0 ? begin : info.lidRangeEnd();
            return begin == InformInfo.ALL_16 || (lid >= begin && lid <= end);
        }

        private static boolean any16(int wanted, int value) {
            return wanted == InformInfo.ALL_16 || wanted == value;
        }
    }

    private final List<Subscription> all = new CopyOnWriteArrayList<>();

    /** Subscribes, or with Subscribe 0 cancels the same subscription from the same LID; true when something changed. */
    boolean apply(int subscriberLid, InformInfo info) {
        Subscription wanted = new Subscription(subscriberLid, subscribing(info));
        if (info.subscribes()) {
            if (all.contains(wanted)) {
                return false;
            }
            all.add(wanted);
            return true;
        }
        return all.remove(wanted);
    }

    /** The subscriptions a Notice from {@code issuerLid} is reported to. */
    List<Subscription> matching(Notice n, int issuerLid) {
        List<Subscription> to = new ArrayList<>();
        for (Subscription s : all) {
            if (s.matches(n, issuerLid)) {
                to.add(s);
            }
        }
        return to;
    }

    int size() {
        return all.size();
    }

    /** Every subscription in force, in the order they were made. */
    List<Subscription> all() {
        return List.copyOf(all);
    }

    /** The same InformInfo with Subscribe 1, so a cancellation finds the subscription it cancels. */
    private static InformInfo subscribing(InformInfo i) {
        return new InformInfo(
                i.gid(),
                i.lidRangeBegin(),
                i.lidRangeEnd(),
                i.reserved160(),
                i.isGeneric(),
                1,
                i.type(),
                i.trapNumberDeviceId(),
                i.qpn(),
                i.reserved248(),
                i.respTimeValue(),
                i.reserved256(),
                i.producerTypeVendorId());
    }
}
