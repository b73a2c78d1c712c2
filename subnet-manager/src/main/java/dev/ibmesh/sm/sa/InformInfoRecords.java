package dev.ibmesh.sm.sa;

import dev.ibmesh.mad.sa.InformInfoRecord;
import dev.ibmesh.mad.sa.SaMad;
import dev.ibmesh.sm.discovery.SmPort;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * InformInfoRecord (IBA 15.2.5.12): the subscriptions in force, each with its subscriber's GID (the port that owns
 * the LID its SubnAdmSet came from) and Enum, the subscription's number among that subscriber's (as saquery -I lists
 * them). Every component is compared.
 */
final class InformInfoRecords implements SaTable {
    private static final Components COMPONENTS = new Components(
            0, 128, 128, 16, 144, 48, 192, 128, 320, 16, 336, 16, 352, 16, 368, 8, 376, 8, 384, 16, 400, 16, 416, 24,
            440, 3, 443, 5, 448, 8, 456, 24);

    private final Subscriptions subscriptions;

    InformInfoRecords(Subscriptions subscriptions) {
        this.subscriptions = subscriptions;
    }

    @Override
    public int attributeId() {
        return InformInfoRecord.ATTRIBUTE_ID;
    }

    @Override
    public int recordSize() {
        return InformInfoRecord.SIZE;
    }

    @Override
    public List<InformInfoRecord> query(SaView view, SaMad request) {
        Map<Integer, Integer> enums = new HashMap<>();
        List<InformInfoRecord> records = new ArrayList<>();
        for (Subscriptions.Subscription s : subscriptions.all()) {
            int enumeration = enums.merge(s.subscriberLid(), 1, Integer::sum) - 1;
            SmPort port = view.portOfLid(s.subscriberLid());
            byte[] gid = port == null ? new byte[16] : view.gid(port.guid());
            InformInfoRecord r = new InformInfoRecord(gid, enumeration, 0, s.info());
            if (COMPONENTS.match(r.toBytes(), request.data(), request.componentMask(), 0)) {
                records.add(r);
            }
        }
        return records;
    }
}
