package dev.ibmesh.sm.sa;

import dev.ibmesh.mad.sa.SaMad;
import dev.ibmesh.mad.sa.ServiceRecord;
import dev.ibmesh.wire.Bits;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * ServiceRecords (IBA 15.2.5.14): the services ports register with SubnAdmSet, keyed by ServiceID, ServiceGID and
 * ServiceP_Key, kept for their ServiceLease (seconds; 0xFFFFFFFF for ever), removed with SubnAdmDelete. A Set must
 * name the ServiceID and the ServiceGID (else ERR_INSUFFICIENT_COMPONENTS), and the GID must be a port of this subnet
 * (else ERR_INVALID_GID). Queries match every component the mask names.
 *
 * <p>Not thread-safe: owned by the SA's thread. Expired records are dropped when the table is next used.
 */
final class ServiceRecords implements SaWritableTable {
    private static final Components COMPONENTS = components();

    private final Map<String, Registered> records = new LinkedHashMap<>();
    private final LongSupplier nanoTime;

    /** A record and when its lease ends; {@code forever} for the indefinite lease. */
    private record Registered(ServiceRecord record, boolean forever, long expiresNanos) {
        boolean expired(long now) {
            return !forever && expiresNanos - now <= 0;
        }
    }

    ServiceRecords(LongSupplier nanoTime) {
        this.nanoTime = nanoTime;
    }

    @Override
    public int attributeId() {
        return ServiceRecord.ATTRIBUTE_ID;
    }

    @Override
    public int recordSize() {
        return ServiceRecord.SIZE;
    }

    @Override
    public List<ServiceRecord> query(SaView view, SaMad request) {
        expire();
        byte[] template = request.data();
        List<ServiceRecord> found = new ArrayList<>();
        for (Registered r : records.values()) {
            if (COMPONENTS.match(r.record().toBytes(), template, request.componentMask(), 0)) {
                found.add(r.record());
            }
        }
        return found;
    }

    /** SubnAdmSet: registers (or renews) the record; returns it as kept. */
    @Override
    public ServiceRecord set(SaView view, SaMad request) throws SaStatusException {
        ServiceRecord r = keyed(request);
        long gidPrefix = Bits.u64(r.serviceGid(), 0);
        if (gidPrefix != view.gidPrefix() || view.portOfGuid(Bits.u64(r.serviceGid(), 8)) == null) {
            throw new SaStatusException(
                    SaMad.STATUS_INVALID_GID,
                    "no port has ServiceGID " + HexFormat.of().formatHex(r.serviceGid()));
        }
        if ((request.componentMask() & ServiceRecord.COMP_SERVICE_LEASE) == 0) {
            r = r.withLease(ServiceRecord.INDEFINITE_LEASE);
        }
        boolean forever = r.serviceLease() == ServiceRecord.INDEFINITE_LEASE;
        records.put(key(r), new Registered(r, forever, nanoTime.getAsLong() + r.serviceLease() * 1_000_000_000L));
        return r;
    }

    /** SubnAdmDelete: removes the record with the request's key; empty when there was none. */
    @Override
    public Optional<ServiceRecord> delete(SaView view, SaMad request) throws SaStatusException {
        expire();
        Registered gone = records.remove(key(keyed(request)));
        return Optional.ofNullable(gone).map(Registered::record);
    }

    private static ServiceRecord keyed(SaMad request) throws SaStatusException {
        long needed = ServiceRecord.COMP_SERVICE_ID | ServiceRecord.COMP_SERVICE_GID;
        if ((request.componentMask() & needed) != needed) {
            throw new SaStatusException(
                    SaMad.STATUS_INSUFFICIENT_COMPONENTS,
                    "a ServiceRecord Set or Delete names ServiceID and ServiceGID");
        }
        ServiceRecord r = ServiceRecord.decode(request.data(), 0);
        return (request.componentMask() & ServiceRecord.COMP_SERVICE_P_KEY) != 0 ? r : withPKey(r, 0);
    }

    private static ServiceRecord withPKey(ServiceRecord r, int pKey) {
        return new ServiceRecord(
                r.serviceId(),
                r.serviceGid(),
                pKey,
                r.reserved208(),
                r.serviceLease(),
                r.serviceKey(),
                r.serviceName(),
                r.serviceData());
    }

    private static String key(ServiceRecord r) {
        return Long.toHexString(r.serviceId()) + "/" + HexFormat.of().formatHex(r.serviceGid()) + "/" + r.servicePKey();
    }

    private void expire() {
        long now = nanoTime.getAsLong();
        records.values().removeIf(r -> r.expired(now));
    }

    /** Components 0-6, then one per ServiceData element: 16 of 8 bits, 8 of 16, 4 of 32, 2 of 64. */
    private static Components components() {
        List<Integer> ranges = new ArrayList<>(List.of(0, 64, 64, 128, 192, 16, 208, 16, 224, 32, 256, 128, 384, 512));
        int at = 896;
        for (int width : new int[] {8, 16, 32, 64}) {
            for (int i = 0; i < 128 / width; i++) {
                ranges.add(at);
                ranges.add(width);
                at += width;
            }
        }
        return new Components(ranges.stream().mapToInt(Integer::intValue).toArray());
    }
}
